"""The browser table's transport: plain HTTP for the page's files and the protocol over a
WebSocket at /ws, one msgpack map per binary message, behind the same connection rules as TCP
(game/host/protocol.py). The WebSocket's own framing is the `websockets` library's sans-I/O
ServerProtocol, driven here from an asyncio.Protocol as the TCP adapter drives its frames."""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import re
import time
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, cast

from babel.messages.pofile import read_po
from websockets.datastructures import Headers
from websockets.frames import Frame, Opcode
from websockets.http11 import Request, Response
from websockets.protocol import State
from websockets.server import ServerProtocol

from game.host.server import Client
from game.rules import GAMES
from net.schema import ERRORS

if TYPE_CHECKING:
    from game.host.server import Server

log = logging.getLogger("cardtable.web")
_ws_log = logging.getLogger("cardtable.web.websocket")
_ws_log.setLevel(logging.WARNING)  # not a line for every file a browser fetches

PACKAGE = "game.browser_table"
"""The package whose files are the page (the repository's browser_table/ folder)."""
WS_PATH = "/ws"
HANDSHAKE_TIMEOUT = 10.0
"""Seconds a connection may take to send its HTTP request; then it is closed."""
LANGUAGES = ("en", "it", "de", "fr")
"""The catalogues served as /locale/<lang>.json (English, the sources' own text, has only the
error texts)."""
CATALOGUE_SOURCES = ("browser_table/", "net/", "game/rules/")
"""The files whose messages the page shows: its own, the protocol's errors, the engines'
refusals and option names."""
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
}
"""What is served, by file name ending; any other file of the package is not."""
BUILD_FILES = ("package.json", "package-lock.json")
"""Shipped to rebuild the bundled dependency (vendor/), not part of the page."""
SEGMENT = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*")
"""A path segment that may name a served file: no hidden files, no "..", no separators."""
SECURITY_HEADERS = (
    ("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)


def static_file(path: str) -> tuple[bytes, str] | None:
    """The body and content type of the page's file at URL `path` ("/" is index.html), or
    None where the package has no such file to serve (a folder, a hidden or unknown kind of
    file, anything outside the package)."""
    path = path.split("?", 1)[0].split("#", 1)[0]
    if path == "/":
        path = "/index.html"
    segments = path.split("/")[1:]
    if not segments or not all(SEGMENT.fullmatch(s) for s in segments):
        return None
    kind = next((t for end, t in TYPES.items() if segments[-1].endswith(end)), None)
    if kind is None or segments[0] == "node_modules" or segments[-1] in BUILD_FILES:
        return None
    resource = files(PACKAGE)
    for segment in segments:
        resource = resource.joinpath(segment)
    if not resource.is_file():
        return None
    return resource.read_bytes(), kind


@cache
def catalogue_json(language: str) -> bytes:
    """The `.po` catalogue of `language` (one of LANGUAGES) as the page reads it: {"plural":
    the C expression choosing a plural form, "nplurals", "messages": {msgid: translation, or
    for a plural message its list of forms, keyed by the singular; a message with a context
    keyed "context\u0004msgid" as gettext does}, "errors": {code: the
    protocol error's text (net.schema.ERRORS) in this language}} – the messages of
    CATALOGUE_SOURCES that are translated and not fuzzy; English has no messages."""
    messages: dict[str, str | list[str]] = {}
    if language == "en":
        return json.dumps(
            {"plural": "(n != 1)", "nplurals": 2, "messages": messages, "errors": ERRORS},
            separators=(",", ":"),
        ).encode()
    resource = files("game.assets").joinpath("locale", language, "LC_MESSAGES", "cardtable.po")
    with resource.open("rb") as po:
        catalog = read_po(po, locale=language)
    for message in catalog:
        if not message.id or message.fuzzy or not message.string:
            continue
        if not any(place.startswith(CATALOGUE_SOURCES) for place, _ in message.locations):
            continue
        # gettext's key for a message with a context: the context, U+0004, the message.
        prefix = f"{message.context}\u0004" if message.context else ""
        if isinstance(message.id, tuple):
            forms = [str(form) for form in message.string]
            if all(forms):
                messages[prefix + str(message.id[0])] = forms
        elif isinstance(message.string, str):
            messages[prefix + str(message.id)] = message.string
    errors = {code: str(messages.get(text, text)) for code, text in ERRORS.items()}
    return json.dumps(
        {
            "plural": catalog.plural_expr,
            "nplurals": catalog.num_plurals,
            "messages": messages,
            "errors": errors,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()


@cache
def games_json() -> bytes:
    """The games as the page's "New game" form offers them, from the engines: {id: {"title",
    "min_players", "max_players", "options": [{"name", "label" (English: the catalogue's
    key), "default", "choices"}]}} – the options a menu offers, in the engine's order."""
    return json.dumps(
        {
            game: {
                "title": engine.title,
                "min_players": engine.min_players,
                "max_players": engine.max_players,
                "options": [
                    {
                        "name": name,
                        "label": option.label,
                        "default": option.default,
                        "choices": list(option.choices),
                    }
                    for name, option in engine.OPTIONS.items()
                    if option.choices
                ],
            }
            for game, engine in GAMES.items()
        },
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode()


def http_response(request: Request) -> Response:
    """The answer to a plain HTTP request: a file of the page, a catalogue or the games'
    forms (`games_json`) for a GET, else 404."""
    path = request.path.split("?", 1)[0]
    found: tuple[bytes, str] | None = None
    if request.method != "GET":
        found = None
    elif (match := re.fullmatch(r"/locale/([a-z]{2})\.json", path)) and match.group(1) in LANGUAGES:
        found = catalogue_json(match.group(1)), "application/json; charset=utf-8"
    elif path == "/games.json":
        found = games_json(), "application/json; charset=utf-8"
    else:
        found = static_file(path)
    status, phrase = (200, "OK") if found else (404, "Not Found")
    body, kind = found or (b"not found\n", "text/plain; charset=utf-8")
    headers = Headers(
        [
            ("Date", email.utils.formatdate(usegmt=True)),
            ("Connection", "close"),
            ("Content-Length", str(len(body))),
            ("Content-Type", kind),
            ("Cache-Control", "no-cache"),
            *SECURITY_HEADERS,
        ]
    )
    return Response(status, phrase, headers, body)


class WebClient(Client):
    """One browser: a plain HTTP request (answered, then closed) or a WebSocket upgraded at
    WS_PATH and from then on a client like any other – admitted against the same limits when
    it opens, its messages fed to the same connection rules. What the server sends goes out
    as binary messages, one per message, and whatever the server closes the connection
    for, a close frame follows what was queued."""

    def __init__(self, server: Server) -> None:
        super().__init__(server)
        self.ws = ServerProtocol(max_size=server.limits.max_frame, logger=_ws_log)
        self._parts: list[bytes] = []
        self._close_code = 1000
        self._handshake: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        peer = transport.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        self._handshake = asyncio.get_running_loop().call_later(
            HANDSHAKE_TIMEOUT, self._handshake_timeout
        )

    def _handshake_timeout(self) -> None:
        if self.ws.state is State.CONNECTING and self.transport is not None:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        now = time.monotonic()
        for event in self.ws.events_received():
            if isinstance(event, Request):
                self._request(event)
            elif isinstance(event, Frame):
                self._frame(event, now)
        rules = self.rules
        self.server.handle_all(self, rules.requests() if self in self.server.connections else ())
        answered = self.ws.state is not State.OPEN and self.ws.eof_sent  # a plain HTTP answer
        if answered or rules.closing or self.ws.state is State.CLOSED or self.ws.close_expected():
            self.close()

    def eof_received(self) -> bool:
        self.ws.receive_eof()
        self.rules.receive_eof()
        self.close()
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        if self._handshake is not None:
            self._handshake.cancel()
        super().connection_lost(exc)

    def _request(self, request: Request) -> None:
        """The HTTP request: the WebSocket's opening at WS_PATH, or a file of the page."""
        if self._handshake is not None:
            self._handshake.cancel()
        if request.path.split("?", 1)[0] != WS_PATH:
            self.ws.send_response(http_response(request))
            return
        origin, host = request.headers.get("Origin"), request.headers.get("Host")
        if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
            # Another site's page in a player's browser: it may not play in their name.
            self.ws.send_response(self.ws.reject(403, "the browser table's own page only\n"))
            return
        response = self.ws.accept(request)
        self.ws.send_response(response)
        if response.status_code == 101:
            self.server.admit(self)  # only now a client: counted, or refused if one too many

    def _frame(self, frame: Frame, now: float) -> None:
        """One WebSocket frame: binary messages (maybe in fragments) go to the rules; a text
        message is refused and closes the connection, as a broken frame does on TCP."""
        if frame.opcode is Opcode.TEXT:
            self._close_code = 1003  # unsupported data
            self.rules.refuse("bad_frame", "a message is one binary WebSocket message, not text")
            self.rules.close()
        elif frame.opcode in (Opcode.BINARY, Opcode.CONT):
            self._parts.append(bytes(frame.data))
            if frame.fin:
                body, self._parts = b"".join(self._parts), []
                self.rules.receive_message(body, now)

    def flush(self) -> None:
        """Send what is queued for this client as binary messages, in one write."""
        self._scheduled = False
        if self.ws.state is State.OPEN:
            for body in self.rules.messages_to_send():
                self.ws.send_binary(body)
        self._write()

    def _write(self) -> None:
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        data = self.ws.data_to_send()
        chunks = [chunk for chunk in data if chunk]
        if chunks:
            transport.write(b"".join(chunks))
        if len(chunks) < len(data) and transport.can_write_eof():
            transport.write_eof()  # websockets asks for the end of the stream: an empty chunk
        if transport.get_write_buffer_size() > self.server.limits.max_buffer:
            log.info("%s reads too slowly; closing", self.address)
            self.rules.abort()
            transport.abort()

    def close(self) -> None:
        """Close after what was queued: the messages, a close frame, then the stream."""
        self.rules.close()
        self.flush()
        if self.ws.state is State.OPEN:
            self.ws.send_close(self._close_code)
            self._write()
        if self.transport is not None:
            self.transport.close()


async def start_web(server: Server, host: str, port: int) -> int:
    """Serve the browser table for `server` on `host`:`port` (0: a free port); returns the
    port. The listener closes with the server."""
    return await server.listen(lambda: WebClient(server), host, port)


def page_url(host: str, port: int) -> str:
    """The page's address as a person types it: the host's address and the port."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"
