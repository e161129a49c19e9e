"""What a sentence is made of lets each language word it: one English word of two meanings is
two entries, card names are whole templates, counts take plural forms, and the table's keys
are letters of the buttons' labels in the player's language – the keys press their buttons,
and no two buttons of a table share one."""

from __future__ import annotations

import random

import pygame
import pytest

from game.client import i18n, widgets
from game.client.autoplay import AutoPlayer, run_frames, table_scene
from game.client.games import CLIENT_GAMES
from game.client.hosting import start_local
from game.client.i18n import LANGUAGES
from game.client.players import level_name
from game.client.scenes.viewer import ViewerScene
from game.client.steps import blanco_card, blanco_seen, decktet_card
from game.client.tables.movelog import MoveLog
from game.rules import new_game
from tests.client.test_chooser import blanco_at_turn, table_for

GAMES = ("quando", "blanco", "quasenbo")


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language(i18n.SOURCE)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


# -- one English word, two meanings ------------------------------------------------------------


def test_the_bot_level_and_the_animation_speed_are_worded_apart(make_app):
    app = make_app()
    app.set_language("fr")
    speeds = dict(app.goto("settings").speed_choice.options)
    # Le niveau normal, la vitesse normale.
    assert level_name("normal") == "Normal"
    assert speeds[1.0] == "Normale"


def test_the_replays_play_button_is_not_the_play_of_cards(make_app, golden):
    app = make_app()
    app.set_language("it")
    viewer = app.push(ViewerScene(app, sorted(golden.glob("*.ctr"))[0]))
    state = new_game("quando", 2, 11)
    table = table_for(app, state)[0].table
    play = next(label for token, label, _, _ in table.button_specs() if token == ("btn", "play"))
    assert (viewer.play_button.label, play) == ("Riproduci", "Gioca")


# -- names from templates ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "names"),
    [
        ("en", ["red 7", "sky 12", "the Ace of Knots"]),
        ("it", ["7 rosso", "12 celeste", "l'Asso di Nodi"]),
        ("de", ["rote 7", "hellblaue 12", "das Ass der Knoten"]),
        ("fr", ["7 rouge", "12 bleu ciel", "l'As des Nœuds"]),
    ],
)
def test_a_card_is_named_as_its_language_names_it(code, names):
    i18n.set_language(code)
    assert [
        blanco_card("red:7"),
        blanco_card("sky:12"),
        decktet_card("ace-knots"),
    ] == names


def test_a_swap_that_turns_a_card_up_says_where_the_card_came_from():
    """The swap's words name the card to turn up by the place it leaves, as the player picks
    it, and say so: the step's detail then shows it turned up at the other place."""
    view = blanco_at_turn(3).view(0)
    words = CLIENT_GAMES["blanco"].action_words(["swap", 0, 1, 0, 2, 0], view)
    assert words == (
        "swaps row 1, column 2 and row 1, column 3, turning up the card from row 1, column 2"
    )


def test_the_move_log_names_a_blanco_card_in_italian_order():
    i18n.set_language("it")
    state = blanco_at_turn(3)
    number = state.view(0)["discard"][-1].split(":")[1]
    events = [event.for_seat(0) for event in state.apply(["take", "discard"])]
    line = CLIENT_GAMES["blanco"].events_line(events, lambda seat: f"P{seat}")
    assert line.startswith(f"P0 prende {number} ")


# -- counts ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "played"), [("en", "1 played"), ("fr", "1 jouée"), ("it", "1 giocata")]
)
def test_one_card_in_the_quasenbo_row_is_one_played(make_app, code, played):
    app = make_app()
    app.set_language(code)
    state = new_game("quasenbo", 2, 5)
    assert len(state.view(0)["row"]) == 1
    title = table_for(app, state)[0].table.title()
    assert title.endswith(played)


# -- keys --------------------------------------------------------------------------------------


def quando_at_draw(seed: int):
    """A two-player Quando game where seat 0 has played and must draw."""
    state = new_game("quando", 2, seed)
    state.apply(next(a for a in state.legal_actions() if a[0] == "play"))
    assert state.to_move == 0 and {a[0] for a in state.legal_actions()} == {"draw"}
    return state


def test_german_keys_are_letters_of_the_german_buttons(make_app):
    app = make_app()
    app.set_language("de")
    scene, sent = table_for(app, quando_at_draw(11))
    hints = {label: hint for _, label, hint, _ in scene.table.button_specs()}
    assert hints["Verdeckt ziehen"] == "V" and hints["Offen ziehen"] == "F"
    assert "(F)" in scene.table.prompt() and "(V)" in scene.table.prompt()
    scene.handle(key(pygame.K_u))
    scene.handle(key(pygame.K_d))
    assert sent == []
    scene.handle(key(pygame.K_v))
    assert sent == [["draw", "down"]]
    from game.client.shortcuts import letters

    assert "F / V" in i18n._(CLIENT_GAMES["quando"].keys).format(**letters())


def at_a_turn(game: str):
    if game == "blanco":
        return blanco_at_turn(2)
    state = new_game(game, 3, 7)
    rng = random.Random(7)
    while state.to_move != 0:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize("game", GAMES)
def test_every_button_key_is_a_letter_of_its_label_and_presses_only_that_button(
    make_app, game, code
):
    app = make_app()
    app.set_language(code)
    scene, _ = table_for(app, at_a_turn(game))
    app.session.room["hints_allowed"] = True  # H asks for a hint, not a button
    table = scene.table
    clicked: list = []
    click = table.click

    def record(token) -> None:
        clicked.append(token)
        click(token)

    table.click = record
    specs = table.button_specs()
    assert len(specs) == len(type(table).BUTTONS)
    for token, label, hint, code_ in specs:
        if hint != "Enter":
            assert len(hint) == 1 and hint.lower() in label.lower(), (label, hint)
        clicked.clear()
        scene.handle(key(code_))
        assert clicked == [token], (label, hint)
        assert not scene.sheet_open


def test_one_newer_move_below_the_log_is_singular(make_app, monkeypatch):
    make_app()
    i18n.set_language("fr")
    drawn: list[str] = []
    blit = widgets.blit_text

    def recorded(surface, value, *args, **kwargs):
        drawn.append(value)
        return blit(surface, value, *args, **kwargs)

    monkeypatch.setattr(widgets, "blit_text", recorded)
    log = MoveLog()
    for k in range(3):
        log.add(lambda k=k: f"P{k} frappe", k)
    log.scroll(1)
    log.draw(pygame.Surface((400, 600)), pygame.Rect(0, 0, 400, 600), 1.0, None)
    assert "Coups  ·  1 plus récent en bas" in drawn


@pytest.mark.parametrize("seed", range(6))
def test_a_seat_taken_back_hears_the_discard_takes_of_the_game_so_far_by_card(seed):
    """On `resume` a seat is sent the game so far without a view between its steps: each
    take from the discard pile is named from the cards the events before it put there, as
    the live move log names it from the view before it – all but a card lying there since
    the deal, which no event named."""
    game, pick = new_game("blanco", 3, seed), random.Random(seed)
    dealt = set(game.view(0)["discard"])
    sent, seen = [], []
    while not game.is_over and game.step < 600:
        before = game.view(0)
        keys = game.legal_keys()
        for event in game.apply(list(keys[pick.randrange(len(keys))])):
            sent.append(event.for_seat(0))
            seen.append(blanco_seen(sent[-1], before))
    takes = [k for k, e in enumerate(sent) if e["type"] == "take" and e["source"] == "discard"]
    assert [e for k, e in enumerate(sent) if k in takes and e["seat"] != 0 and e.get("card")] == []
    recalled = CLIENT_GAMES["blanco"].recalled(sent)
    named = [k for k in takes if recalled[k].get("card")]
    assert [recalled[k] for k in named] == [seen[k] for k in named]
    assert all(seen[k]["card"] in dealt for k in takes if k not in named)
    assert len(named) >= len(takes) - len(dealt) and len(named) > 0


def test_the_move_log_names_the_card_another_player_takes_from_the_discard(make_app):
    """Only the taker is sent the card a take from the discard pile takes, but everyone saw
    it on top of the pile: the log names it from the view before the take."""
    app = make_app(speed=4.0)
    start_local(app, "blanco", 3, "random", {})
    player = AutoPlayer(app, seed=4)

    def taken() -> list[str]:
        scene = table_scene(app)
        lines = scene.table.log.lines if scene is not None else []
        return [text for text, seat in lines if seat != 0 and "from the discard pile" in text]

    assert run_frames(app, lambda: len(taken()) >= 2, 90, player), "nobody took from the discard"
    assert not [line for line in taken() if "a card from the discard pile" in line], taken()
    said = CLIENT_GAMES["blanco"].event_words(
        {"type": "take", "seat": 1, "source": "discard", "draw": {"count": 40}},
        lambda seat: "Basil",
        {"discard": ["red:4", "green:3"]},
    )
    assert said == "Basil takes green 3 from the discard pile"


def test_the_triplet_penalty_prompt_follows_the_hand_not_the_actions_of_the_step_before():
    """The legal actions a table holds may still be those of the step before (a draw) when
    the penalty's view arrives: whether to flip a zero or draw is read from the hand."""
    from game.client.tables.quando_words import prompt

    found = {}
    for seed in range(60):
        game, pick = new_game("quando", 3, seed), random.Random(seed)
        while not game.is_over and len(found) < 2:
            if game.phase == "penalty":
                view = game.view(game.to_move)
                found.setdefault(0 in view["hands"][game.to_move]["fronts"], view)
            keys = game.legal_keys()
            game.apply(list(keys[pick.randrange(len(keys))]))
        if len(found) == 2:
            break
    stale = {True: [["draw", "up"], ["draw", "down"]], False: [["flip", 0]]}
    for zero, view in found.items():
        said = prompt(view, view["to_move"], str, stale[zero], [], True)
        assert ("click one of your zeros" in said) == zero, said
        assert said.startswith("Triplet penalty")


def test_the_game_over_line_breaks_between_its_parts_not_inside_the_hints_count():
    from game.client.scenes.endings import SUMMARY_SEP, summary_lines

    review = "No clear mistake: none of your choices cost you 10 points or more of winning chance."
    hints = "Hints used: 45"
    width = widgets.text_width(review, 22) + 10  # the review fits a line; with the count, not
    assert summary_lines(review + SUMMARY_SEP + hints, 22, width) == [review, hints]
    assert summary_lines("Analysing… 3/60" + SUMMARY_SEP + hints, 22, width) == [
        "Analysing… 3/60" + SUMMARY_SEP + hints
    ]


def test_blancos_title_counts_no_turn_past_the_limit():
    from game.client.tables.blanco_words import title

    assert title({"turns": 7, "max_turns": 60}) == "Blanco  ·  turn 8 of at most 60"
    assert title({"turns": 60, "max_turns": 60}) == "Blanco  ·  turn 60 of at most 60"
