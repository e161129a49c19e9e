"""The browser table's transport on a real server on 127.0.0.1: the protocol over a WebSocket
(a game played to its end, a seat resumed, a TCP player at the same table), the same refusals
and limits as over TCP, bad input of every kind (fuzzed), and the page's files over HTTP."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.host.web import LANGUAGES, catalogue_json, start_web
from game.rules import view_digest
from net.schema import validate_server
from tests.fuzzing import messages
from tests.server.helpers import Player, running_server


def run(coro):
    asyncio.run(coro)


@contextlib.asynccontextmanager
async def web_server(tmp_path, **limits) -> AsyncIterator[tuple]:
    """A server with the browser table on free ports of 127.0.0.1: (server, web port)."""
    async with running_server(tmp_path, **limits) as server:
        yield server, await start_web(server, "127.0.0.1", 0)


class Browser:
    """A WebSocket client speaking the protocol as the page does: one msgpack map per binary
    message."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.last: dict | None = None

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, port: int, name: str | None = "Web") -> AsyncIterator[Browser]:
        async with connect(f"ws://127.0.0.1:{port}/ws", max_size=1 << 24) as ws:
            browser = cls(ws)
            if name is not None:
                await browser.send(t="hello", version=1, name=name)
                assert (await browser.expect("welcome"))["version"] == 1
            yield browser

    async def send(self, **message) -> None:
        await self.ws.send(msgpack.packb(message))

    async def recv(self, timeout: float = 10.0) -> dict:
        data = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(data, bytes), "the server sends binary messages only"
        message = msgpack.unpackb(data)
        if message["t"] == "update":
            self.last = message
        return message

    async def expect(self, kind: str, timeout: float = 10.0) -> dict:
        while (message := await self.recv(timeout))["t"] != kind:
            pass
        return message

    async def closed(self, timeout: float = 5.0) -> int | None:
        """The close code, once the server has closed the connection."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.recv(timeout)
        return self.ws.close_code


async def play_to_end(browser: Browser, room: str, pick: random.Random) -> dict:
    """Answer every decision with a random legal action until the seed is revealed,
    checking each update's digest against the view the server sent before (full updates)."""
    update = browser.last
    while True:
        assert update is not None
        if "view" in update:
            assert view_digest(update["view"]) == update["digest"]
        if "seed" in update:
            return update
        if update.get("legal"):
            await asyncio.sleep(0.025)  # within the rate limit, as any client must be
            await browser.send(
                t="act", room=room, step=update["step"], action=pick.choice(update["legal"])
            )
        update = await browser.expect("update", 20)


@pytest.mark.parametrize("game", ["quando", "blanco", "quasenbo"])
def test_a_browser_plays_a_whole_game_against_a_bot(tmp_path, game):
    async def main():
        async with web_server(tmp_path) as (server, port), Browser.open(port) as web:
            await web.send(t="create", game=game, players=2, id=7)
            room = (await web.expect("room"))["room"]["id"]
            await web.send(t="join", room=room, seat=0)
            seated = await web.expect("seated")
            assert len(seated["token"]) == 32
            await web.send(t="bot", room=room, seat=1, level="random")
            await web.send(t="ready", room=room, ready=True)
            await web.send(t="start", room=room)
            await web.expect("update")
            final = await play_to_end(web, room, random.Random(1))
            assert final["to_move"] is None
            assert server.rooms[room].state.is_over

    run(main())


def test_a_browser_and_a_tcp_client_at_one_table_and_the_browser_resumes(tmp_path):
    async def main():
        async with web_server(tmp_path) as (server, port), Player(server.port, "Tess") as tcp:
            async with Browser.open(port, "Phone") as web:
                await web.send(t="create", game="quando", players=2)
                room = (await web.expect("room"))["room"]["id"]
                await web.send(t="join", room=room, seat=0)
                token = (await web.expect("seated"))["token"]
                await tcp.send(t="join", room=room, seat=1)
                await tcp.expect("seated")
                await tcp.send(t="ready", room=room, ready=True)
                await web.send(t="ready", room=room, ready=True)
                while not (await web.expect("room"))["room"]["seats"][1]["ready"]:
                    pass
                await web.send(t="start", room=room)
                first = await web.expect("update")
                names = [s["name"] for s in server.rooms[room].info()["seats"]]
                assert names == ["Phone", "Tess"]
                assert first["view"]["seat"] == 0
            # The phone went away (a reload); a new connection takes the seat back.
            async with Browser.open(port, "Phone") as again:
                await again.send(t="resume", token=token)
                assert (await again.expect("seated"))["resumed"] is True
                update = await again.expect("update")
                assert update["view"]["seat"] == 0 and "past" in update
                assert view_digest(update["view"]) == update["digest"]

    run(main())


def test_the_same_refusals_as_over_tcp(tmp_path):
    async def main():
        async with web_server(tmp_path) as (_, port):
            async with Browser.open(port, None) as web:
                await web.send(t="list")
                assert (await web.expect("error"))["code"] == "hello_first"
                await web.send(t="hello", version=1, name="x" * 30)
                assert (await web.expect("error"))["code"] == "name_too_long"
                await web.send(t="hello", version=1, name="Ann")
                await web.expect("welcome")
                await web.send(t="fly")
                assert (await web.expect("error"))["code"] == "unknown_type"
                await web.send(t="join", room="nope", id=3)
                refusal = await web.expect("error")
                assert (refusal["code"], refusal["re"]) == ("no_such_room", 3)
                await web.send(t="ping", n=5)
                assert (await web.expect("pong"))["n"] == 5
            async with Browser.open(port, None) as web:
                await web.send(t="hello", version=2, name="Ann")
                assert (await web.expect("error"))["code"] == "version_mismatch"
                assert await web.closed() == 1000

    run(main())


@pytest.mark.parametrize(
    "send, code, close",
    [
        ("text", "bad_frame", 1003),
        ("garbage", "bad_frame", 1000),
        ("empty", "bad_frame", 1000),
        ("two objects", "bad_frame", 1000),
        ("int keys", "bad_frame", 1000),
    ],
)
def test_a_broken_message_is_refused_and_closes_the_connection(tmp_path, send, code, close):
    payloads = {
        "text": '{"t": "list"}',
        "garbage": b"\xc1\xc1",
        "empty": b"",
        "two objects": msgpack.packb({"t": "list"}) * 2,
        "int keys": msgpack.packb({1: 2}),
    }

    async def main():
        async with web_server(tmp_path) as (server, port), Browser.open(port) as web:
            await web.ws.send(payloads[send])
            assert (await web.expect("error"))["code"] == code
            assert await web.closed() == close
            async with Browser.open(port) as other:  # the server serves on
                await other.send(t="list")
                await other.expect("rooms")

    run(main())


def test_an_oversized_message_closes_the_connection_as_too_big(tmp_path):
    async def main():
        async with web_server(tmp_path, max_frame=1000) as (_, port), Browser.open(port) as web:
            await web.send(t="ping", n=1)
            await web.expect("pong")
            await web.ws.send(msgpack.packb({"t": "hello", "version": 1, "name": "x" * 2000}))
            assert await web.closed() == 1009  # the WebSocket's "message too big"

    run(main())


def test_a_fragmented_message_is_one_message(tmp_path):
    async def main():
        async with web_server(tmp_path) as (_, port), Browser.open(port) as web:
            body = msgpack.packb({"t": "ping", "n": 9})
            await web.ws.send([body[:2], body[2:]])
            assert (await web.expect("pong"))["n"] == 9

    run(main())


def test_a_flood_is_rate_limited_and_the_connection_stays(tmp_path):
    async def main():
        async with web_server(tmp_path, rate=5, burst=10) as (_, port), Browser.open(port) as web:
            for n in range(60):
                await web.send(t="ping", n=n)
            codes = []
            while len(codes) < 10 or "rate_limited" not in codes:
                message = await web.recv()
                codes.append(message.get("code", message["t"]))
            assert codes.count("rate_limited") == 1
            assert codes.count("pong") <= 11
            await asyncio.sleep(1.0)
            await web.send(t="ping", n=99)
            assert (await web.expect("pong"))["n"] == 99

    run(main())


def test_connections_per_address_count_websockets_too(tmp_path):
    async def main():
        async with (
            web_server(tmp_path, max_conns_per_ip=2) as (server, port),
            Player(server.port, "Tess"),
            Browser.open(port),
        ):
            async with Browser.open(port, None) as third:
                assert (await third.expect("error"))["code"] == "too_many_connections"
                assert await third.closed() is not None

    run(main())


def test_a_websocket_from_another_sites_page_is_refused(tmp_path):
    async def main():
        async with web_server(tmp_path) as (_, port):
            with pytest.raises(InvalidStatus) as refused:
                async with connect(f"ws://127.0.0.1:{port}/ws", origin="http://evil.example"):
                    pass
            assert refused.value.response.status_code == 403
            async with connect(
                f"ws://127.0.0.1:{port}/ws", origin=f"http://127.0.0.1:{port}"
            ) as ws:
                await ws.send(msgpack.packb({"t": "hello", "version": 1, "name": "Ann"}))
                assert msgpack.unpackb(await ws.recv())["t"] == "welcome"

    run(main())


async def http_get(port: int, request: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(request)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 5)
    writer.close()
    return answer


@pytest.mark.parametrize(
    "path",
    [
        "/nothing",
        "/../pyproject.toml",
        "/%2e%2e/server.py",
        "/__init__.py",
        "/vendor",
        "/vendor/",
        "/.hidden",
        "/locale/xx.json",
        "/locale/",
        "/locale/../cards.json",
        "//etc/passwd",
        "/node_modules/x.js",
        "/package-lock.json",
    ],
)
def test_anything_but_the_page_is_404_without_a_traceback(tmp_path, caplog, path):
    async def main():
        async with web_server(tmp_path) as (_, port):
            answer = await http_get(port, f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            assert answer.startswith(b"HTTP/1.1 404 "), answer[:80]
            assert b"Traceback" not in answer
            index = await http_get(port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            assert index.startswith(b"HTTP/1.1 200 ") and b"<!doctype html>" in index.lower()

    with caplog.at_level(logging.INFO):
        run(main())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


def test_the_catalogues_are_served_from_the_po_files(tmp_path):
    async def main():
        async with web_server(tmp_path) as (_, port):
            answer = await http_get(port, b"GET /locale/de.json HTTP/1.1\r\nHost: x\r\n\r\n")
            head, body = answer.split(b"\r\n\r\n", 1)
            assert head.startswith(b"HTTP/1.1 200 ")
            catalogue = json.loads(body)
            assert catalogue["nplurals"] == 2
            assert (
                catalogue["messages"]["the game refuses these settings"]
                == "das Spiel lehnt diese Einstellungen ab"
            )
            assert catalogue["errors"]["bad_options"] == "das Spiel lehnt diese Einstellungen ab"

    run(main())


def test_the_games_forms_are_the_engines_and_their_labels_are_in_the_catalogue(tmp_path):
    from game.rules import GAMES

    async def main():
        async with web_server(tmp_path) as (_, port):
            answer = await http_get(port, b"GET /games.json HTTP/1.1\r\nHost: x\r\n\r\n")
            forms = await http_get(port, b"GET /locale/it.json HTTP/1.1\r\nHost: x\r\n\r\n")
        return answer, forms

    answer, forms = asyncio.run(main())
    head, body = answer.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 200 ")
    games = json.loads(body)
    assert set(games) == set(GAMES)
    italian = json.loads(forms.split(b"\r\n\r\n", 1)[1])["messages"]
    for name, form in games.items():
        engine = GAMES[name]
        assert (form["min_players"], form["max_players"]) == (
            engine.min_players,
            engine.max_players,
        )
        offered = {n: o for n, o in engine.OPTIONS.items() if o.choices}
        assert [o["name"] for o in form["options"]] == list(offered)
        for option in form["options"]:
            assert option["default"] == offered[option["name"]].default
            assert option["choices"] == list(offered[option["name"]].choices)
            assert option["label"] in italian, option["label"]  # the page can word it


PAGE = Path(__file__).resolve().parents[2] / "browser_table"
STRING = r'"((?:[^"\\]|\\.)*)"'
CALLS = {
    "_": re.compile(rf"(?<![\w.])N?_\(\s*{STRING}\s*\)"),
    "ngettext": re.compile(rf"(?<![\w.])ngettext\(\s*{STRING}\s*,\s*{STRING}"),
    "pgettext": re.compile(rf"(?<![\w.])pgettext\(\s*{STRING}\s*,\s*{STRING}\s*\)"),
}
"""The page's gettext calls with literal strings, found without Babel's extractor – which
is what the test below checks: a call it skips is a string left in English."""


def page_messages() -> dict[str, list[str]]:
    """Each kind of call's catalogue keys, from every script of the page."""
    found: dict[str, list[str]] = {kind: [] for kind in CALLS}
    for script in sorted(PAGE.glob("*.js")):
        source = script.read_text(encoding="utf-8")
        for kind, call in CALLS.items():
            for match in call.finditer(source):
                text = json.loads(f'"{match.group(1)}"')
                if kind == "pgettext":
                    text = f"{text}\u0004{json.loads(chr(34) + match.group(2) + chr(34))}"
                found[kind].append(text)
    return found


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_string_the_page_shows_is_in_its_catalogue_in_the_right_form(language):
    """Every `_`, `N_`, `ngettext` and `pgettext` call of the page finds its translation in
    the catalogue the page downloads – a plural one for `ngettext`, a plain one otherwise
    (`_` of a plural message falls back to English)."""
    served = json.loads(catalogue_json(language))["messages"]
    found = page_messages()
    assert len(found["_"]) > 100 and found["ngettext"] and found["pgettext"]
    wrong = [
        f"{kind}: {text!r}"
        for kind, texts in found.items()
        for text in texts
        if not isinstance(served.get(text), list if kind == "ngettext" else str)
    ]
    assert wrong == []


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))


def test_fuzzed_bytes_before_and_after_the_handshake_never_harm_the_server(tmp_path, caplog):
    """Random bytes as binary messages, as text, and raw on the socket in place of the HTTP
    request: each gets a refusal or a closed connection, and the server plays on."""

    async def main():
        async with web_server(tmp_path) as (server, port):
            loop = asyncio.get_running_loop()
            cases: list[tuple[str, bytes]] = []

            @FUZZ
            @given(st.sampled_from(["binary", "raw", "text"]), st.binary(max_size=300))
            def collect(kind, data):
                cases.append((kind, data))

            collect()
            for kind, data in cases:
                if kind == "raw":
                    with contextlib.suppress(OSError, asyncio.TimeoutError):
                        await http_get(port, data + b"\r\n\r\n")
                    continue
                async with Browser.open(port) as web:
                    if kind == "text":
                        await web.ws.send(data.decode("utf-8", "replace"))
                    else:
                        await web.ws.send(data)
                    with contextlib.suppress(ConnectionClosed, asyncio.TimeoutError):
                        await web.recv(0.5)
            assert loop.is_running()
            async with Browser.open(port) as web:
                await web.send(t="create", game="quasenbo", players=2)
                room = (await web.expect("room"))["room"]["id"]
                await web.send(t="join", room=room)
                await web.expect("seated")
            assert len(server.connections) <= 1

    with caplog.at_level(logging.INFO):
        run(main())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


def test_a_silent_websocket_is_closed_as_idle(tmp_path):
    async def main():
        async with web_server(tmp_path, idle=0.5) as (_, port), Browser.open(port) as web:
            assert (await web.expect("error", 5))["code"] == "idle_timeout"
            assert await web.closed() == 1000

    run(main())


def test_a_request_that_never_ends_is_closed(monkeypatch):
    """An HTTP request that never ends is dropped after HANDSHAKE_TIMEOUT (here shortened)."""
    monkeypatch.setattr("game.host.web.HANDSHAKE_TIMEOUT", 0.3)

    async def main():
        async with running_server(None) as server:
            port = await start_web(server, "127.0.0.1", 0)
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
            assert await asyncio.wait_for(reader.read(), 5) == b""
            writer.close()

    run(main())


def test_fuzzed_messages_over_a_websocket_get_valid_answers_and_change_no_room(tmp_path):
    """Protocol-shaped messages (tests/fuzzing.py: known and unknown types, fields right and
    wrong) on one WebSocket beside a game in progress: every answer is a valid server
    message, and the game is where it was."""
    cases: list[dict] = []

    @FUZZ
    @given(messages())
    def collect(message):
        cases.append(message)

    collect()

    async def main():
        async with (
            web_server(tmp_path, rate=1000, burst=1000) as (server, port),
            Browser.open(port, "Ann") as ann,
            Browser.open(port, "Eve") as eve,
        ):
            await ann.send(t="create", game="quando", players=2)
            room = (await ann.expect("room"))["room"]["id"]
            await ann.send(t="join", room=room, seat=0)
            await ann.send(t="bot", room=room, seat=1, level="random")
            await ann.send(t="ready", room=room, ready=True)
            await ann.send(t="start", room=room)
            await ann.expect("update")
            before = (server.rooms[room].state.step, len(server.rooms))
            sent = 0
            for message in cases:
                if message.get("t") in ("resume", "create", "rematch", "hello"):
                    continue  # each makes or takes something (or closes) by design
                try:
                    body = msgpack.packb(message)
                except (OverflowError, TypeError, ValueError):
                    continue  # not msgpack at all (an int beyond 64 bits): nothing to send
                await eve.ws.send(body)
                sent += 1
            await eve.send(t="ping", n=7777)
            answers = 0
            while validate_server(await eve.recv()).get("n") != 7777:
                answers += 1
            assert answers >= sent // 2  # most are refused, each with an error
            assert (server.rooms[room].state.step, len(server.rooms)) == before

    run(main())
