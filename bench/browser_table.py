"""The browser table measured and pictured: the page's size, its first paint on 127.0.0.1 in
headless Chromium, a protocol round trip over the WebSocket beside one over TCP (the same
server, the same ping, alternated), and with --screenshots DIR the page at a phone's size
(390 × 844) in the lobby and in each game, and the desktop host's lobby with the page's QR code.

    python bench/browser_table.py [--round-trips 2000] [--screenshots docs/screenshots]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import threading
import time
from importlib.resources import files
from pathlib import Path

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.host.embedded import start_embedded  # noqa: E402
from net.framing import FrameDecoder, encode  # noqa: E402

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


def fill_with_bots(page, level: str) -> None:
    """In a room of the browser table: a bot of `level` on every open seat, one tap after
    another (each once the room shows the last one seated)."""
    page.select_option("#bot-level", level)
    while page.locator(".add-bot").count():
        before = page.locator(".add-bot").count()
        page.locator(".add-bot").first.click()
        while page.locator(".add-bot").count() == before:
            page.wait_for_timeout(20)


def page_size() -> dict[str, int]:
    """Bytes of each file the page loads (the catalogue: German, the largest)."""
    root = files("game.browser_table")
    names = [
        "index.html",
        "style.css",
        "app.js",
        "cards.js",
        "i18n.js",
        "model.js",
        "sha256.js",
        "words.js",
        "cards.json",
        "icon.svg",
        "vendor/msgpack.js",
    ]
    sizes = {name: len(root.joinpath(*name.split("/")).read_bytes()) for name in names}
    from game.host.web import catalogue_json

    sizes["locale/de.json"] = len(catalogue_json("de"))
    return sizes


async def round_trips(tcp_port: int, web_port: int, count: int) -> dict[str, list[float]]:
    """`count` pings each way, alternating TCP and WebSocket, one at a time."""
    from websockets.asyncio.client import connect

    reader, writer = await asyncio.open_connection("127.0.0.1", tcp_port)
    decoder = FrameDecoder(1 << 24)

    async def tcp(message: dict) -> dict:
        writer.write(encode(message))
        while True:
            got = decoder.feed(await reader.read(65536))
            if got:
                return got[-1]

    times: dict[str, list[float]] = {"tcp": [], "websocket": []}
    async with connect(f"ws://127.0.0.1:{web_port}/ws") as ws:

        async def web(message: dict) -> dict:
            await ws.send(msgpack.packb(message))
            return msgpack.unpackb(await ws.recv())

        await tcp({"t": "hello", "version": 1, "name": "bench"})
        await web({"t": "hello", "version": 1, "name": "bench"})
        for n in range(count):
            for kind, call in (("tcp", tcp), ("websocket", web)):
                start = time.perf_counter()
                await call({"t": "ping", "n": n})
                times[kind].append(time.perf_counter() - start)
            if n % 40 == 39:
                await asyncio.sleep(1.0)  # within the server's rate limit (50 a second)
    writer.close()
    return times


def first_paint(url: str, runs: int) -> list[float]:
    """Milliseconds from navigation to the first contentful paint, a fresh page each run."""
    from playwright.sync_api import sync_playwright

    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for _ in range(runs):
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector("#name")
            paint = page.evaluate(
                "performance.getEntriesByName('first-contentful-paint')[0].startTime"
            )
            out.append(paint)
            context.close()
        browser.close()
    return out


def screenshots(port: int, web_port: int, folder: Path) -> list[Path]:
    """The page on a phone: the lobby, a room, each game under way, Quando's round summary,
    a game over, and a table in German; landscape once."""
    from playwright.sync_api import sync_playwright

    from tests.server.test_browser_table import step

    folder.mkdir(parents=True, exist_ok=True)
    out: list[Path] = []
    url = f"http://127.0.0.1:{web_port}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)

        def phone(locale: str = "en-GB", viewport: dict = PHONE):
            context = browser.new_context(
                viewport=viewport,
                is_mobile=True,
                has_touch=True,
                device_scale_factor=1,
                locale=locale,
            )
            page = context.new_page()
            page.goto(url)
            page.fill("#name", "Ann")
            page.click("#enter")
            page.wait_for_selector("#create")
            return context, page

        def shot(page, name: str) -> None:
            out.append(folder / f"browser-{name}.png")
            page.screenshot(path=str(out[-1]))

        def table(page, game: str, players: int) -> None:
            page.select_option("#new-game", game)
            page.select_option("#new-players", str(players))
            page.click("#create")
            page.wait_for_selector(".add-bot")
            fill_with_bots(page, "easy")
            page.click("#ready")
            while not page.locator(".table").count():
                if page.locator("#start").count():
                    page.click("#start")
                page.wait_for_timeout(100)

        def play(page, moves: int) -> None:
            made = 0
            while made < moves and not page.locator("#game-over").count():
                made += step(page)
                page.wait_for_timeout(30)
            while (
                not page.locator("button.card.legal, button.action").count()
                or page.locator("#close-summary").count()
            ):
                if page.locator("#close-summary").count():
                    page.click("#close-summary")
                page.wait_for_timeout(50)

        context, page = phone()
        table(page, "blanco", 2)  # a table under way, for the lobby's list
        context.close()
        context, page = phone()
        shot(page, "lobby")
        context.close()
        for game, players, moves in (("quando", 4, 6), ("blanco", 3, 9), ("quasenbo", 4, 5)):
            context, page = phone()
            table(page, game, players)
            play(page, moves)
            if game == "blanco":  # a card taken: where it may go is marked
                step(page)
                page.wait_for_timeout(200)
            page.wait_for_timeout(300)
            shot(page, game)
            if game == "quando":
                page.locator("details.log summary").click()
                shot(page, "quando-log")
            context.close()
        context, page = phone("de-DE", {"width": 844, "height": 390})
        table(page, "quasenbo", 3)
        play(page, 3)
        shot(page, "quasenbo-landscape-de")
        while not page.locator("#game-over").count():
            step(page)
            page.wait_for_timeout(20)
        page.wait_for_timeout(300)
        context.close()
        context, page = phone()
        table(page, "quasenbo", 2)
        while not page.locator("#game-over").count():
            step(page)
            page.wait_for_timeout(20)
        page.wait_for_timeout(300)
        shot(page, "game-over")
        context.close()
        browser.close()
    return out


def host_lobby(folder: Path) -> Path:
    """The desktop host's lobby with the page's address and its QR code (960 × 540), hosting
    on 127.0.0.1 with its data in a scratch folder."""
    import os
    import tempfile

    scratch = tempfile.mkdtemp(prefix="cardtable-shot-")
    os.environ.update(
        XDG_DATA_HOME=scratch,
        XDG_CONFIG_HOME=scratch,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    from game.client.app import App
    from game.client.config import Settings
    from game.client.hosting import start_host

    app = App(Settings(name="Ann", sound=False), size=(960, 540))
    app.reset(app.scene("title"))
    try:
        start_host(app, "127.0.0.1", 0, "quando", 4, "normal", {}, None, None)
        deadline = time.monotonic() + 10
        while (
            app.session.room is None or app.session.seat is None
        ) and time.monotonic() < deadline:
            app.frame(1 / 60)
        for _ in range(20):
            app.frame(1 / 60)
        return app.screenshot(folder / "browser-host-lobby.png")
    finally:
        app.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--round-trips", type=int, default=2000)
    parser.add_argument("--paints", type=int, default=10)
    parser.add_argument("--screenshots", type=Path, default=None)
    args = parser.parse_args()
    server = start_embedded(web=0)
    try:
        if args.screenshots:
            for path in screenshots(server.port, server.web_port, args.screenshots):
                print("wrote", path)
            print("wrote", host_lobby(args.screenshots))
            return
        sizes = page_size()
        total = sum(sizes.values())
        print(
            f"page: {total / 1024:.1f} KiB in {len(sizes)} files (uncompressed): "
            + ", ".join(f"{k} {v / 1024:.1f}" for k, v in sizes.items())
        )
        paints = first_paint(f"http://127.0.0.1:{server.web_port}/", args.paints)
        print(
            f"first contentful paint: median {statistics.median(paints):.0f} ms "
            f"(min {min(paints):.0f}, max {max(paints):.0f}, {len(paints)} fresh pages)"
        )
        times = asyncio.run(round_trips(server.port, server.web_port, args.round_trips))
        for kind, values in times.items():
            us = sorted(v * 1e6 for v in values)
            print(
                f"round trip over {kind:9}: median {statistics.median(us):.0f} µs, "
                f"p90 {us[int(len(us) * 0.9)]:.0f} µs ({len(us)} pings)"
            )
    finally:
        server.stop()
        threading.Event().wait(0.1)


if __name__ == "__main__":
    main()
