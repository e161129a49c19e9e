"""The browser table in a real headless Chromium at a phone's size: a whole game of each of
the three games through the page against bots, one against another client (the pygame
client's connection, net.client) at the same table, and a reload mid-game that resumes the
seat. Skipped, with the reason, where Debian's chromium or the playwright package is
missing."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.browser_table import fill_with_bots
from game.host.embedded import EmbeddedServer, start_embedded
from game.host.room import BOT_NAMES
from game.host.web import catalogue_json
from net.client import Client

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
SHORT = {"quando": {"target": 1}, "blanco": {"max_turns": 3}, "quasenbo": {"hand_size": 3}}
"""Options that make each game short: the browser plays every step of it."""

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is not installed (pip install playwright)"
)
if not Path(CHROMIUM).exists():
    pytest.skip(
        "no Chromium at /usr/bin/chromium (apt-get install chromium)", allow_module_level=True
    )


@pytest.fixture(scope="module")
def chromium() -> Iterator:
    """One Chromium for the module (playwright gives it a fresh profile folder)."""
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def browser(chromium) -> Iterator:
    """A phone: its own storage, a 390 × 844 portrait screen, touch, English."""
    context = chromium.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2, locale="en-GB"
    )
    yield context
    context.close()


@pytest.fixture
def server(tmp_path) -> Iterator[EmbeddedServer]:
    embedded = start_embedded(log_dir=tmp_path / "logs", web=0)
    yield embedded
    embedded.stop()


class Host:
    """Another client at the table: net.client on TCP, on its own thread and event loop,
    answering each of its decisions with a random legal action."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client: Client | None = None
        self.room: str | None = None
        self.done = threading.Event()

    def call(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(20)

    def create(self, game: str, players: int, sit: bool, **fields) -> str:
        async def create() -> str:
            self.client = Client("127.0.0.1", self.port, "Tess")
            await self.client.connect()
            request = await self.client.send(
                {"t": "create", "game": game, "players": players, "options": SHORT[game], **fields}
            )
            while (m := await self.client.recv(10)).get("re") != request:
                pass
            self.room = m["room"]["id"]
            if sit:
                await self.client.send({"t": "join", "room": self.room, "seat": players - 1})
                await self.client.send({"t": "ready", "room": self.room, "ready": True})
                self.loop.create_task(self.play())
            return self.room

        return self.call(create())

    async def play(self) -> None:
        pick = random.Random(3)
        assert self.client is not None
        while True:
            m = await self.client.recv(60)
            if m["t"] == "update" and m.get("legal"):
                await asyncio.sleep(0.02)
                await self.client.send(
                    {
                        "t": "act",
                        "room": self.room,
                        "step": m["step"],
                        "action": pick.choice(m["legal"]),
                    }
                )
            if m["t"] == "update" and "seed" in m:
                self.done.set()
                return

    def close(self) -> None:
        if self.client is not None:
            self.call(self.client.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def open_page(browser, server: EmbeddedServer, name: str):
    """A page of the browser table, named `name`, in the lobby; every error it raises, and
    every request it makes that leaves the host (none: it works without the internet), is
    collected in the list returned with it."""
    page = browser.new_page()
    errors: list[str] = []
    origin = f"http://127.0.0.1:{server.web_port}/"
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on(
        "request",
        lambda request: (
            None
            if request.url.startswith((origin, f"ws://127.0.0.1:{server.web_port}/"))
            else errors.append(request.url)
        ),
    )
    page.goto(origin)
    page.fill("#name", name)
    page.click("#enter")
    page.wait_for_selector("#create")
    return page, errors


def take_seat(page, room: str, bots: bool) -> None:
    """From the lobby: join `room`, fill its open seats with random bots, get ready, start."""
    page.click("#refresh")
    page.click(f"li[data-room='{room}'] button.join")
    page.wait_for_selector("#ready")
    if bots:
        fill_with_bots(page, "random")
    page.click("#ready")
    deadline = time.monotonic() + 20
    while not page.locator(".table").count():
        assert time.monotonic() < deadline, "the game did not start"
        if page.locator("#start").count():
            page.click("#start")
        page.wait_for_timeout(200)


def tap(page, selector: str) -> bool:
    """Tap the first element `selector` finds, if it is still there (the table redraws as
    others move: a card that just went is looked for again on the next step)."""
    try:
        page.locator(selector).first.click(timeout=2000)
    except sync_api.Error:
        return False
    return True


def step(page) -> bool:
    """One look at the page as a player: close a round summary, else press an action button,
    else tap a gold (legal) card. Returns whether a move was made."""
    if page.locator("#close-summary").count():
        tap(page, "#close-summary")
    elif page.locator("button.action").count():
        return tap(page, "button.action")
    elif page.locator("button.card.legal:not(.selected)").count():
        tap(page, "button.card.legal:not(.selected)")
    return False


def play_to_the_end(page, reload_at: int | None = None) -> int:
    """Play through the page until the game-over panel shows; reload the page once after
    `reload_at` moves. Returns the moves made."""
    moves = 0
    deadline = time.monotonic() + 150
    while not page.locator("#game-over").count():
        assert time.monotonic() < deadline, "the game did not end"
        if step(page):
            moves += 1
            if moves == reload_at:
                page.reload()
                page.wait_for_selector(".table", timeout=15000)
        else:
            page.wait_for_timeout(30)
    return moves


def checks(page) -> dict:
    return page.evaluate(
        "({checks: window.cardtable.checks, drifts: window.cardtable.drifts,"
        " resumed: window.cardtable.resumed})"
    )


@pytest.mark.parametrize("game", ["quando", "blanco", "quasenbo"])
def test_a_whole_game_through_the_page_against_bots(browser, server, game):
    host = Host(server.port)
    try:
        room = host.create(game, 3 if game == "quando" else 2, sit=False)
        page, errors = open_page(browser, server, "Ann")
        take_seat(page, room, bots=True)
        assert play_to_the_end(page) > 0
        seen = checks(page)
        assert seen["checks"] > 3 and seen["drifts"] == 0, seen
        assert page.locator("#game-over table.scores tr").count() >= 3
        # As the desktop's game-over: what the scores count, the rows in order, the winner
        # first, and why a game stopped short of its normal end.
        over = page.inner_text("#game-over")
        assert {"quando": "lowest wins", "blanco": "fewest wins", "quasenbo": "fewest wins"}[
            game
        ] in over
        scores = page.evaluate(
            "[...document.querySelector('#game-over table.scores').rows].slice(1)"
            ".map((row) => Number(row.cells[row.cells.length - 1].innerText))"
        )
        assert scores == sorted(scores)
        assert ("The turn limit was reached." in over) == (game == "blanco"), over
        if game == "blanco":  # no turn past the limit (max_turns 3)
            assert "turn 3 of at most 3" in page.inner_text(".table")
        if game == "quando":
            # The last round's table says how each score came about, as the pygame client's
            # summary does: the hand's fronts, their sum, the round's score, the total.
            head, *rows = page.evaluate(
                "[...[...document.querySelectorAll('#game-over table.scores')].at(-1).rows]"
                ".map((row) => [...row.cells].map((cell) => cell.innerText))"
            )
            assert head == ["Hand (fronts)", "Sum", "Round", "Total"]
            assert len(rows) == 3
            for name_and_hand, total, _, _ in rows:
                hand = name_and_hand.splitlines()[-1]
                assert int(total) == sum(int(front) for front in hand.split())
        assert not errors
        page.close()
    finally:
        host.close()


def test_a_browser_and_another_client_at_one_table_and_a_reload_resumes_the_seat(
    chromium, browser, server
):
    host = Host(server.port)
    try:
        room = host.create("quasenbo", 2, sit=True, timer=60)
        page, errors = open_page(browser, server, "Ann")
        take_seat(page, room, bots=False)
        assert "Tess" in page.inner_text(".others")
        page.wait_for_selector(".clock")  # the turn timer of whoever decides, counting down
        watcher = chromium.new_context(viewport=PHONE).new_page()
        watcher.goto(f"http://127.0.0.1:{server.web_port}/")
        watcher.fill("#name", "Bea")
        watcher.click("#enter")
        watcher.wait_for_selector(f"li[data-room='{room}'] button.watch")
        watcher.click(f"li[data-room='{room}'] button.watch")
        watcher.wait_for_selector(".table")
        assert watcher.locator(".seat.mine").count() == 0  # a spectator: every hand hidden
        assert "Ann" in watcher.inner_text(".others") and "Tess" in watcher.inner_text(".others")
        play_to_the_end(page, reload_at=2)
        seen = checks(page)
        assert seen["resumed"] == 1 and seen["drifts"] == 0, seen
        assert host.done.wait(10), "the other client did not see the end"
        assert page.locator(".log li").count() > 2  # the move log came back with the seat
        watcher.wait_for_selector("#game-over")
        assert watcher.evaluate("window.cardtable.drifts") == 0
        assert not errors
        page.close()
    finally:
        host.close()


def test_the_page_speaks_the_browsers_language_and_switches(chromium, server):
    context = chromium.new_context(viewport=PHONE, locale="de-DE")
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.web_port}/")
        assert page.inner_text("label[for=name]") == "Dein Name"
        page.fill("#name", "Zoë")
        page.click("#enter")
        page.wait_for_selector("#create")
        assert page.inner_text("#create") == "Hosten"
        page.select_option("#language", "fr")
        page.wait_for_selector("#create:has-text('Héberger')")
        page.select_option("#language", "it")
        page.wait_for_selector("h2:has-text('Stanze')")
    finally:
        context.close()


def test_a_refused_move_is_shown_with_the_servers_reason_in_the_players_language(chromium, server):
    host = Host(server.port)
    context = chromium.new_context(viewport=PHONE, locale="de-DE")
    try:
        room = host.create("quasenbo", 2, sit=False)
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.web_port}/")
        page.fill("#name", "Ann")
        page.click("#enter")
        page.wait_for_selector("#create")
        take_seat(page, room, bots=True)
        page.wait_for_selector("button.action, button.card.legal")
        # A move the server never offered (the page only sends what `legal` lists): as if
        # the page had a bug, or another client sent it.
        page.evaluate(
            "window.cardtable.state.legal = [['play', 40]];"
            "window.cardtable.state.selected = ['h:40']; window.cardtable.render()"
        )
        page.click("button.action")
        page.wait_for_selector(".refusal")
        refusal = page.evaluate("window.cardtable.lastError")
        assert refusal["code"] == "illegal_action"
        german = json.loads(catalogue_json("de"))["messages"][refusal["template"]]
        assert page.inner_text(".refusal") == german.format(**refusal["params"])
        assert page.inner_text(".refusal") != refusal["message"]  # not the English words
        assert checks(page)["drifts"] == 0
    finally:
        context.close()
        host.close()


def test_a_phone_away_past_the_grace_gets_a_stand_in_and_takes_its_seat_back(browser, server):
    """The phone sleeps (its page is gone): after the room's grace period a bot plays its
    seat for it; the page opened again takes the seat back and shows what was missed."""
    host = Host(server.port)
    try:
        room = host.create("quasenbo", 2, sit=True, grace=0.5)
        page, errors = open_page(browser, server, "Ann")
        take_seat(page, room, bots=False)
        page.close()
        stand_in = server.server.rooms[room]
        deadline = time.monotonic() + 20
        while not stand_in.seats[0].away:
            assert time.monotonic() < deadline, "no bot stood in for the absent phone"
            time.sleep(0.05)
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{server.web_port}/")
        page.wait_for_selector(".table")
        assert checks(page)["resumed"] == 1
        deadline = time.monotonic() + 10
        while stand_in.seats[0].away:
            assert time.monotonic() < deadline, "the seat was not taken back"
            time.sleep(0.05)
        play_to_the_end(page)
        assert checks(page)["drifts"] == 0 and not errors
    finally:
        host.close()


def test_a_player_gone_from_the_table_is_shown_offline_before_a_bot_stands_in(browser, server):
    """The other player's connection drops: the page's plate says they are offline during
    the grace period already, as the window's does – not only once a bot plays for them."""
    host = Host(server.port)
    try:
        room = host.create("quasenbo", 2, sit=True, grace=60)
        page, errors = open_page(browser, server, "Ann")
        take_seat(page, room, bots=False)
        plate = ".seat[data-seat='1'] .name"
        assert "offline" not in page.inner_text(plate)
        host.call(host.client.close())
        deadline = time.monotonic() + 10
        while "offline" not in page.inner_text(plate):
            assert time.monotonic() < deadline, page.inner_text(plate)
            page.wait_for_timeout(50)
        assert not server.server.rooms[room].seats[1].away, "no bot stands in yet"
        assert not errors
    finally:
        host.close()


def test_a_phone_held_sideways_plays_a_whole_game(chromium, server):
    host = Host(server.port)
    context = chromium.new_context(
        viewport={"width": 844, "height": 390}, is_mobile=True, has_touch=True
    )
    try:
        room = host.create("blanco", 2, sit=False)
        page, errors = open_page(context, server, "Ann")
        take_seat(page, room, bots=True)
        # The player's own turn, grid and hand and Blanco's piles beside the others, in
        # sight without scrolling.
        boxes = {
            part: page.locator(selector).bounding_box()
            for part, selector in (
                ("others", ".others"),
                ("mine", ".seat.mine"),
                ("turn", ".turn"),
                ("piles", ".centre"),
            )
        }
        right_of_others = boxes["others"]["x"] + boxes["others"]["width"]
        for part in ("mine", "turn", "piles"):
            box = boxes[part]
            assert box["x"] >= right_of_others and box["y"] + box["height"] <= 390 + 1, part
        assert play_to_the_end(page) > 0
        assert checks(page)["drifts"] == 0 and not errors
    finally:
        context.close()
        host.close()


def open_own_table(page, game: str, until: str) -> None:
    """From the lobby: a new room of `game` for two opened from the page, a random bot in
    the other seat, started; returns once `until` (a selector) shows."""
    page.select_option("#new-game", game)
    page.select_option("#new-players", "2")
    page.click("#create")
    page.wait_for_selector(".add-bot")
    page.select_option("#bot-level", "random")
    page.click(".add-bot")
    page.click("#ready")
    deadline = time.monotonic() + 20
    while not page.locator(until).count():
        assert time.monotonic() < deadline, f"{until} did not show"
        if page.locator("#start").count():
            tap(page, "#start")
        page.wait_for_timeout(100)


def test_a_table_opened_from_the_page_with_its_own_bots(browser, server):
    page, errors = open_page(browser, server, "Ann")
    open_own_table(page, "quasenbo", ".table")
    assert play_to_the_end(page) > 0
    assert checks(page)["drifts"] == 0 and not errors


def test_a_phone_upright_shows_what_the_bots_did_the_card_to_follow_and_the_last_position(
    browser, server
):
    """Upright, the move log is closed and bots move in a blink: the turn says what they did
    since the player's own move; Quäsenbö's row frames the card a play follows (its last);
    the game-over panel can be put aside to look at the last position, and brought back."""
    page, errors = open_page(browser, server, "Ann")
    open_own_table(page, "quasenbo", ".table")
    assert page.locator("details.log[open]").count() == 0
    moved, deadline = False, time.monotonic() + 30
    while not (moved and page.locator(".turn ul.since li").count()):
        assert time.monotonic() < deadline, "no step of the bot's was told"
        moved = step(page) or moved
        page.wait_for_timeout(30)
    said = page.inner_text(".turn ul.since")
    assert BOT_NAMES[1] in said and "Ann" not in said, said
    cards = page.locator(".row-cards .card")
    assert page.locator(".row-cards .card.current").count() == 1
    assert "current" in (cards.nth(cards.count() - 1).get_attribute("class") or "")
    play_to_the_end(page)
    page.click("#see-table")
    assert page.locator("#game-over").count() == 0 and page.locator(".row-cards .card").count()
    page.click("#show-result")
    page.wait_for_selector("#game-over")
    assert checks(page)["drifts"] == 0 and not errors


def test_the_room_says_all_are_ready_forgets_an_outlived_refusal_and_opens_the_table_at_its_top(
    chromium, server
):
    """Start pressed too early is refused; once a bot fills the seat the refusal goes, and
    once the player is ready the room says Start. Sideways the room scrolls: the table it
    starts opens at its top, its title and Leave button in sight."""
    context = chromium.new_context(
        viewport={"width": 844, "height": 390}, is_mobile=True, has_touch=True
    )
    try:
        page, errors = open_page(context, server, "Ann")
        page.select_option("#new-game", "quando")
        page.select_option("#new-players", "6")
        page.click("#create")
        page.wait_for_selector(".add-bot")
        page.click("#start")
        page.wait_for_selector(".refusal")
        fill_with_bots(page, "random")
        assert page.locator(".refusal").count() == 0
        assert page.locator("#all-ready").count() == 0  # Ann is not ready yet
        assert page.get_attribute("#ready", "aria-pressed") == "false"
        page.click("#ready")
        page.wait_for_selector("#all-ready")
        # A switch pressed, still labelled "Ready": not "Not ready", read as a state.
        assert page.get_attribute("#ready", "aria-pressed") == "true"
        assert page.inner_text("#ready").endswith("Ready")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate("window.scrollY") > 0
        page.click("#start")
        page.wait_for_selector(".table")
        assert page.evaluate("window.scrollY") == 0
        assert not errors
    finally:
        context.close()


def test_blanco_on_a_phone_says_what_a_tap_does(browser, server):
    """Blanco's taps are not all told by buttons: the setup says to turn a card face up (or
    look at one), and a grid card tapped on a turn says the next tap swaps it."""
    page, errors = open_page(browser, server, "Ann")
    open_own_table(page, "blanco", ".turn p.yours")
    hint = page.locator(".turn .actions .dim")
    assert hint.inner_text() == "Tap one of your face-down cards to turn it face up"
    phase = "window.cardtable.state.view.phase"
    deadline = time.monotonic() + 30
    while not (page.evaluate(phase) == "turn" and page.locator(".turn p.yours").count()):
        assert time.monotonic() < deadline, "no turn of the player's came"
        if page.evaluate(phase) == "peek" and page.locator(".turn p.yours").count():
            assert hint.inner_text() == "Tap a face-down card to look at it in secret"
        step(page)
        page.wait_for_timeout(30)
    page.locator(".seat.mine .grid button.card.legal").first.click()
    assert hint.inner_text() == "Swap: tap a neighbouring card (the same card again to start over)"
    assert not errors


def test_a_drifted_model_is_noticed_at_the_next_digest_and_resynced(browser, server):
    """The page's model spoiled behind its back (as a bug in applying an event would): the
    next update's digest disagrees, the page asks for a full view once, and plays on with
    every later digest agreeing."""
    host = Host(server.port)
    try:
        room = host.create("quando", 2, sit=False)
        page, errors = open_page(browser, server, "Ann")
        take_seat(page, room, bots=True)
        page.wait_for_selector("button.action, button.card.legal")
        page.evaluate("window.cardtable.state.view.plays[1] += 5")
        play_to_the_end(page)
        seen = checks(page)
        assert seen["drifts"] == 1 and seen["checks"] > 3, seen
        assert not errors
    finally:
        host.close()


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_the_page_names_each_card_as_the_desktop_does(chromium, server, language):
    from game.client import i18n
    from game.client.steps import ace_title, blanco_card, decktet_card

    blanco = [
        f"{colour}:{number}" for colour in ("red", "lime", "navy", "sky") for number in (3, 12)
    ]
    decktet = ["ace-knots", "ace-moons", "excuse", "painter"]
    context = chromium.new_context(viewport=PHONE, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.web_port}/")
        page.fill("#name", "Zoë")
        page.click("#enter")
        page.wait_for_selector("#create")
        english = page.inner_text("#create")
        page.select_option("#language", language)
        page.wait_for_function(
            "english => document.querySelector('#create').innerText !== english", arg=english
        )
        said = page.evaluate(
            """async ([blanco, decktet]) => {
                const words = await import("/words.js");
                return [blanco.map((code) => words.card("blanco", code)),
                        decktet.map((code) => words.card("quasenbo", code)),
                        ["knots", "moons"].map(words.aceTitle)];
            }""",
            [blanco, decktet],
        )
    finally:
        context.close()
    i18n.set_language(language)
    try:
        assert said == [
            [blanco_card(code) for code in blanco],
            [decktet_card(code) for code in decktet],
            [ace_title("knots"), ace_title("moons")],
        ]
    finally:
        i18n.set_language(i18n.SOURCE)


def test_a_phone_that_loses_the_host_says_so_where_it_decides_and_offers_no_move(browser, server):
    page, errors = open_page(browser, server, "Ann")
    open_own_table(page, "quasenbo", ".turn p.yours")  # our turn
    assert page.locator("button.card.legal").count() or page.locator("button.action").count()
    server.stop()
    # The turn line, beside the cards (the header's notice may be scrolled away), says the
    # move waits; nothing can be tapped that would go nowhere.
    page.wait_for_selector(".turn p:has-text('your move waits until the connection is back')")
    assert not page.locator(".turn p.yours").count()
    assert not page.locator("button.action").count()
    assert not page.locator("button.card.legal").count()
    assert not errors


def test_the_page_names_the_discard_takes_as_the_desktop_does_live_and_taken_back(chromium, server):
    """Blanco's events of a real game as seat 0 was sent them, completed by the page's
    `seen` (from the view before each, live) and `recalled` (from the events alone, for a
    seat taken back), and by the desktop's steps.blanco_seen and ClientGame.recalled."""
    from game.client.games import CLIENT_GAMES
    from game.client.steps import blanco_seen
    from game.rules import new_game

    game, pick = new_game("blanco", 3, 5), random.Random(5)
    steps, views = [], []
    while not game.is_over and game.step < 400:
        views.append(game.view(0))
        keys = game.legal_keys()
        events = game.apply(list(keys[pick.randrange(len(keys))]))
        steps.append({"step": game.step, "seat": 0, "events": [e.for_seat(0) for e in events]})
    context = chromium.new_context(viewport=PHONE, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.web_port}/")
        live, taken_back = page.evaluate(
            """async ([steps, views]) => {
                const words = await import("/words.js");
                return [steps.map((s, k) => s.events.map((e) => words.seen("blanco", e, views[k]))),
                        words.recalled("blanco", steps).map((s) => s.events)];
            }""",
            [steps, views],
        )
    finally:
        context.close()
    # (The first event of a step is its take: the view before the step is the one before it.)
    assert live == [[blanco_seen(e, view) for e in s["events"]] for s, view in zip(steps, views)]
    flat = CLIENT_GAMES["blanco"].recalled([e for s in steps for e in s["events"]])
    assert [e for s in taken_back for e in s] == flat
    assert any(e["type"] == "take" and e["seat"] != 0 and e.get("card") for e in flat)


def test_the_new_game_form_offers_each_games_players_and_options_and_keeps_them(browser, server):
    """The page's form, from the host's /games.json: each game's own player counts and the
    options a menu offers (Quäsenbö for six needs the larger deck or smaller hands); a room
    list arriving meanwhile leaves the choices as they are."""
    page, errors = open_page(browser, server, "Ann")
    counts = {}
    for game in ("quando", "blanco", "quasenbo"):
        page.select_option("#new-game", game)
        counts[game] = page.eval_on_selector_all(
            "#new-players option", "options => options.map((o) => Number(o.value))"
        )
    assert counts == {
        "quando": [2, 3, 4, 5, 6],
        "blanco": [2, 3, 4, 5],
        "quasenbo": list(range(2, 9)),
    }
    page.select_option("#new-players", "6")
    page.select_option("#option-pawns", label="On")
    page.select_option("#option-courts", label="On")
    page.select_option("#option-hand_size", label="5")
    page.click("#refresh")  # a new list: the form keeps what was chosen
    page.wait_for_timeout(300)
    assert page.input_value("#new-game") == "quasenbo" and page.input_value("#new-players") == "6"
    page.click("#create")
    page.wait_for_selector(".add-bot")
    state = page.evaluate("window.cardtable.state")
    room = state["roomMaps"][state["roomId"]]
    assert room["players"] == 6
    # What was chosen (the engine's defaults for the rest: no Excuse).
    assert room["options"] == {"pawns": True, "courts": True, "hand_size": 5}
    assert not errors


def test_leaving_a_game_alone_with_bots_asks_first_and_offers_no_dead_seat_after(browser, server):
    page, errors = open_page(browser, server, "Ann")
    open_own_table(page, "quasenbo", ".turn p.yours")
    room = page.evaluate("window.cardtable.state.roomId")
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("#leave")
    assert asked and "the game ends" in asked[0]
    assert page.locator(".table").count(), "a dismissed question leaves the player at the table"
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#leave")
    page.wait_for_selector(f"li[data-room='{room}']")
    line = page.locator(f"li[data-room='{room}']")
    page.wait_for_function(
        "room => document.querySelector(`li[data-room='${room}']`).innerText.includes('over')",
        arg=room,
    )
    assert not line.locator("text=Resume your seat").count()
    assert not errors


def test_one_tap_on_rematch_takes_the_player_to_the_new_room(browser, server):
    page, errors = open_page(browser, server, "Ann")
    open_own_table(page, "quasenbo", ".table")
    old = page.evaluate("window.cardtable.state.roomId")
    assert play_to_the_end(page) > 0
    page.click("#rematch")
    page.wait_for_selector("#ready")
    assert page.evaluate("window.cardtable.state.roomId") != old
    assert not errors
