"""The client side of a connection: an asyncio client that reconnects by itself and resumes
its seats, and a threaded wrapper a pygame loop can poll without ever blocking."""

from __future__ import annotations

import asyncio
import errno
import os
import queue
import random
import threading
from collections.abc import Callable, Mapping
from typing import Any, Literal, cast

from net.framing import FrameError
from net.link import PING_EVERY, SILENCE, Link
from net.messages import Error, Hello, Leave, Resume, Seated, ServerMessage, Watch, Welcome
from net.schema import PROTOCOL_VERSION

RETRY_FOR = 150.0
"""Seconds a client keeps trying to get back to a lost server before it gives up: more than
the two minutes a host may take to start its program again."""

STATUS = "status"
"""The type of the messages a client makes up itself (never sent on the wire):
{"t": "status", "status": a Status, "reason": a code of REASONS, "params": what fills its
template, "message": the English}."""

Status = Literal["connecting", "connected", "reconnecting", "closed"]
"""How a client's connection stands."""

Received = dict[str, Any]
"""What a client hands out: a server message as it arrived – validated, so it is the
net.messages type its `t` names – or a status message (STATUS). The pygame client reads
them as plain maps."""

Reason = Literal[
    "connected",
    "reconnecting",
    "gave_up",
    "no_answer",
    "closed_in_hello",
    "refused",
    "greeting_failed",
    "server_closed",
    "lost",
    "said",
    "closed",
    "failed",
    "died",
]
"""Why a connection's status changed (a key of REASONS)."""

REASONS: dict[str, str] = {
    "connected": "connected to {address}",
    "reconnecting": "reconnecting to {address}",
    "gave_up": "gave up reconnecting after {seconds} s",
    "no_answer": "the server at {address} did not answer ({cause})",
    "closed_in_hello": "the server closed the connection during hello",
    "refused": "the server refused us: {text}",
    "greeting_failed": "the greeting with the server at {address} failed ({cause})",
    "server_closed": "the server closed the connection",
    "lost": "the connection was lost ({cause})",
    "said": "{text}",
    "closed": "the connection is closed",
    "failed": "the connection failed: {text}",
    "died": "the connection failed",
}
"""Why a connection's status changed, by code: English templates with named params. A
player's client words them in its own language by code (the catalogues translate these
texts): `cause` is a code of CAUSES or the system's own words; `code` with `text` a protocol
error code (net.schema.ERRORS) and the server's words for it; `text` alone, words as they are."""
CAUSES: dict[str, str] = {
    "timeout": "no answer in time",
    "refused": "connection refused",
    "reset": "connection reset",
    "unreachable": "no route to the server",
}
"""What broke a connection or an attempt, by code (the `cause` param of REASONS)."""
_ERRNO_CAUSES = {
    errno.ECONNREFUSED: "refused",
    errno.ECONNRESET: "reset",
    errno.ECONNABORTED: "reset",
    errno.EPIPE: "reset",
    errno.EHOSTUNREACH: "unreachable",
    errno.ENETUNREACH: "unreachable",
    errno.ETIMEDOUT: "timeout",
}


def reason(err: OSError) -> str:
    """Why a connection attempt or a connection failed: a code of CAUSES, else a few plain
    words of the system's, without Python's "[Errno 111]" or the socket call's wording."""
    if isinstance(err, TimeoutError):
        return "timeout"
    if err.errno in _ERRNO_CAUSES:
        return _ERRNO_CAUSES[err.errno]
    if err.errno:
        words = os.strerror(err.errno)
        return words[:1].lower() + words[1:]
    return str(err) or type(err).__name__


def english(why: Reason, params: Mapping[str, Any]) -> str:
    """The English words of reason `why` (a code of REASONS) filled with `params`, a cause
    code worded. Raises KeyError for a code or a param REASONS does not have."""
    filled = dict(params)
    if "cause" in filled:
        filled["cause"] = CAUSES.get(filled["cause"], filled["cause"])
    return REASONS[why].format(**filled)


def status_message(status: Status, why: Reason, **params: Any) -> Received:
    """A status message (see STATUS) saying `status` for reason `why` with its `params`.
    Raises KeyError for a code or a param REASONS does not have."""
    return {
        "t": STATUS,
        "status": status,
        "reason": why,
        "params": params,
        "message": english(why, params),
    }


class ConnectionClosed(Exception):
    """The connection is closed for good (closed by us, refused, or retries ran out): `why`
    is a code of REASONS, `params` what fills it; str() is its English."""

    def __init__(self, why: Reason, **params: Any) -> None:
        super().__init__(english(why, params))
        self.why = why
        self.params = params


class Client:
    """One connection to a server, in asyncio.

    Every server message is validated before it is handed out. If the connection drops, or
    the server says nothing for `silence` seconds although pinged every `ping_every`
    (net/link.py), the client retries with exponential backoff (`retry_for` seconds at
    most), says hello again, resumes every seat it holds a token for and watches again what
    it watched; meanwhile
    `recv()` yields status messages so the player sees "reconnecting…". Once it gave up,
    `try_again()` tries again.
    """

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        reconnect: bool = True,
        retry_for: float = RETRY_FOR,
        ping_every: float = PING_EVERY,
        silence: float = SILENCE,
    ) -> None:
        self.host, self.port, self.name = host, port, name
        self.address = f"{host}:{port}"
        self.reconnect = reconnect
        self.retry_for = retry_for
        self.ping_every = ping_every
        self.silence = silence
        self._link = Link(0.0, ping_every, silence)  # each connection gets its own
        self.tokens: dict[str, str] = {}  # room -> seat token
        self.watching: set[str] = set()
        self.status: Status = "connecting"
        self.welcome: Welcome | None = None
        self._inbox: asyncio.Queue[Received] = asyncio.Queue()
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._next_id = 0
        self._resuming: dict[int, str] = {}  # request id -> room of a resume sent on reconnect
        # What the client keeps track of itself, by the type of the message received or sent.
        self._noting: dict[str, Callable[[Any], None]] = {
            "seated": self._note_seat,
            "error": self._note_refusal,
        }
        self._asking: dict[str, Callable[[Any], None]] = {
            "watch": self._ask_watch,
            "leave": self._ask_leave,
        }

    async def connect(self) -> Welcome:
        """Connect and say hello; returns the server's welcome. Raises ConnectionClosed if
        the server cannot be reached or refuses us."""
        try:
            reader, welcome = await self._open()
        except ConnectionClosed:
            self.status = "closed"  # `try_again()` may try once more
            raise
        self._task = asyncio.get_running_loop().create_task(self._run(reader))
        return welcome

    async def try_again(self) -> None:
        """After the client gave up reconnecting: try again for another `retry_for` seconds,
        as after a lost connection (the outcome arrives as status messages). Nothing while
        connected or retrying, or once closed by `close()`."""
        if self.status != "closed" or self._closing:
            return
        self._set_status("reconnecting", "reconnecting", address=self.address)
        self._task = asyncio.get_running_loop().create_task(self._retry_then_run())

    async def _retry_then_run(self) -> None:
        reader = await self._retry()
        if reader is None:
            self._set_status("closed", "gave_up", seconds=round(self.retry_for))
            return
        await self._run(reader)

    async def _open(self) -> tuple[asyncio.StreamReader, Welcome]:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port), timeout=5
            )
        except (TimeoutError, OSError) as err:
            raise ConnectionClosed("no_answer", address=self.address, cause=reason(err)) from None
        self._writer = writer
        self._link = Link(asyncio.get_running_loop().time(), self.ping_every, self.silence)
        try:
            hello: Hello = {"t": "hello", "version": PROTOCOL_VERSION, "name": self.name}
            self._send_now(hello)
            while True:
                message = await asyncio.wait_for(self._read_one(reader), timeout=10)
                if message is None:
                    raise ConnectionClosed("closed_in_hello")
                if message["t"] == "welcome":
                    break
                if message["t"] == "error":
                    raise ConnectionClosed("refused", code=message["code"], text=message["message"])
        except ConnectionClosed:
            writer.close()
            raise
        except (OSError, FrameError, TimeoutError) as err:
            writer.close()
            words = err.message if isinstance(err, FrameError) else reason(err)
            raise ConnectionClosed("greeting_failed", address=self.address, cause=words) from None
        self.welcome = message
        self._set_status("connected", "connected", address=self.address)
        self._take_up_again()
        return reader, message

    def _take_up_again(self) -> None:
        """After a (re)connection: resume every seat the client holds a token for, and
        watch again what it watched."""
        for room, token in list(self.tokens.items()):
            self._next_id += 1
            self._resuming[self._next_id] = room
            resume: Resume = {"t": "resume", "token": token, "id": self._next_id}
            self._send_now(resume)
        for room in self.watching:
            watch: Watch = {"t": "watch", "room": room}
            self._send_now(watch)

    async def _read_one(self, reader: asyncio.StreamReader) -> ServerMessage | None:
        """The next valid message, or None at the end of the stream (or once the link is
        dead: see `_watch`)."""
        link = self._link
        while (message := link.next_message()) is None:
            data = await reader.read(65536)
            if not data:
                return None
            link.receive_data(data, asyncio.get_running_loop().time())
        return message

    async def _run(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                why, params = await self._pump(reader)
                if self._closing or not self.reconnect:
                    self._set_status("closed", why, **params)
                    return
                self._set_status("reconnecting", why, **params)
                found = await self._retry()
                if found is None:
                    self._set_status("closed", "gave_up", seconds=round(self.retry_for))
                    return
                reader = found
        except Exception as err:  # a bug must show as a closed connection, never a silent one
            self._set_status("closed", "failed", text=repr(err))

    async def _pump(self, reader: asyncio.StreamReader) -> tuple[Reason, dict[str, Any]]:
        """Hand out messages until the connection is lost; returns why it was (a code of
        REASONS and its params)."""
        link = self._link
        watch = asyncio.get_running_loop().create_task(self._watch(link))
        try:
            while True:
                message = await self._read_one(reader)
                if message is None:
                    if link.dead:
                        return "lost", {"cause": "timeout"}
                    return "server_closed", {}
                note = self._noting.get(message["t"])
                if note is not None:
                    note(message)
                await self._inbox.put(cast(Received, message))
                if message["t"] == "bye":
                    if message["code"] != "shutting_down":
                        self._closing = True  # e.g. our seat was resumed elsewhere
                    return "said", {"code": message["code"], "text": message["message"]}
        except FrameError as err:
            return "said", {"code": err.code, "text": err.message}
        except (ConnectionError, OSError) as err:
            return "lost", {"cause": reason(err)}
        finally:
            watch.cancel()
            if self._writer is not None:
                self._writer.close()

    async def _watch(self, link: Link) -> None:
        """The link's clock: its pings go out when due (they keep the server's idle timer at
        bay), and a link gone dead is cut off, which ends the read that waits on it."""
        loop = asyncio.get_running_loop()
        writer = self._writer
        while writer is not None:
            await asyncio.sleep(link.wait(loop.time()))
            link.tick(loop.time())
            if link.dead:
                writer.transport.abort()
                return
            self._flush(writer)

    async def _retry(self) -> asyncio.StreamReader | None:
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.retry_for
        delay = 0.1
        while loop.time() < give_up and not self._closing:
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(delay * 2, 5.0)
            try:
                reader, _ = await self._open()
                return reader
            except ConnectionClosed:
                continue
        return None

    def _note_seat(self, message: Seated) -> None:
        self.tokens[message["room"]] = message["token"]

    def _note_refusal(self, message: Error) -> None:
        re = message.get("re")
        if re is not None and re in self._resuming:
            # The server no longer knows that seat (its game ended meanwhile): forget it.
            self.tokens.pop(self._resuming.pop(re), None)

    def _ask_watch(self, message: Watch) -> None:
        self.watching.add(message["room"])

    def _ask_leave(self, message: Leave) -> None:
        self.tokens.pop(message["room"], None)
        self.watching.discard(message["room"])

    def _set_status(self, status: Status, why: Reason, **params: Any) -> None:
        self.status = status
        self._inbox.put_nowait(status_message(status, why, **params))

    def _send_now(self, message: Mapping[str, Any]) -> None:
        self._link.send(message)
        if self._writer is not None:
            self._flush(self._writer)

    def _flush(self, writer: asyncio.StreamWriter) -> None:
        data = self._link.data_to_send()
        if data and not writer.is_closing():
            writer.write(data)

    async def send(self, message: Mapping[str, Any]) -> int:
        """Send a request (a net.messages.ClientMessage without its "id"); returns the id
        given to it (echoed as "re" in an error reply). Raises ConnectionClosed once the
        client is closed. While reconnecting the request is dropped (the server will send a
        full view on resume)."""
        if self.status == "closed":
            raise ConnectionClosed("closed")
        ask = self._asking.get(message.get("t", ""))
        if ask is not None:
            ask(message)
        self._next_id += 1
        self._send_now({**message, "id": self._next_id})
        if self._writer is not None:
            try:
                await self._writer.drain()
            except (ConnectionError, OSError):
                pass
        return self._next_id

    async def recv(self, timeout: float | None = None) -> Received:
        """The next server message or status message. Raises asyncio.TimeoutError after
        `timeout` seconds, ConnectionClosed once closed and everything was read."""
        if self.status == "closed" and self._inbox.empty():
            raise ConnectionClosed("closed")
        return await asyncio.wait_for(self._inbox.get(), timeout)

    async def close(self) -> None:
        """Close for good (no reconnecting)."""
        self._closing = True
        if self._writer is not None:
            self._writer.close()
        if self._task is not None:
            try:
                await asyncio.wait_for(self._task, 2)
            except (TimeoutError, asyncio.CancelledError):
                self._task.cancel()
        self.status = "closed"


class ThreadedClient:
    """A Client on a background thread, for a pygame loop: `send()` and `poll()` return at
    once; connection trouble arrives as status messages in `poll()`."""

    def __init__(self, host: str, port: int, name: str, **client_args: Any) -> None:
        self.client = Client(host, port, name, **client_args)
        self._loop = asyncio.new_event_loop()
        self._inbox: queue.Queue[Received] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="cardtable-net", daemon=True)
        self._started = threading.Event()

    def start(self) -> None:
        """Begin connecting (the outcome arrives as a status message or a welcome)."""
        self._thread.start()
        self._started.wait(5)

    @property
    def died(self) -> bool:
        """True once the network thread has started and ended – after `close()`, or on its
        own after an error it did not expect: nothing more will arrive."""
        return self._started.is_set() and not self._thread.is_alive()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._done = asyncio.Event()
        self._started.set()
        self._loop.run_until_complete(self._main())
        self._loop.close()

    async def _main(self) -> None:
        """Hand messages over until `close()`; the loop lives until then, so that closing
        can finish its work on it."""
        self._pump = asyncio.get_running_loop().create_task(self._connect())
        await self._done.wait()
        self._pump.cancel()
        try:
            await self._pump
        except asyncio.CancelledError:
            pass

    async def _connect(self) -> None:
        try:
            self._inbox.put(cast(Received, await self.client.connect()))
        except ConnectionClosed as err:
            self._inbox.put(status_message("closed", err.why, **err.params))
            return
        except Exception as err:  # a bug: the player must hear that there is no connection
            self._inbox.put(status_message("closed", "failed", text=repr(err)))
            return
        await self._forward()

    async def _forward(self) -> None:
        """Hand over what the client receives until it is closed."""
        while True:
            try:
                self._inbox.put(await self.client.recv())
            except ConnectionClosed:
                return

    async def _try_again(self) -> None:
        await self.client.try_again()
        if self._pump.done():
            self._pump = asyncio.get_running_loop().create_task(self._forward())

    async def _shutdown(self) -> None:
        try:
            await self.client.close()
        finally:
            self._done.set()

    def send(self, message: Mapping[str, Any]) -> None:
        """Queue a request for the server (dropped once the connection is closed)."""
        if self._loop.is_closed():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._send(message), self._loop)
        except RuntimeError:  # the loop stopped between the check and the call
            pass

    async def _send(self, message: Mapping[str, Any]) -> None:
        try:
            await self.client.send(message)
        except ConnectionClosed:
            pass

    def try_again(self) -> None:
        """After the client gave up reconnecting (a "closed" status): try again, as after a
        lost connection; the outcome arrives as status messages."""
        if self._loop.is_closed():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._try_again(), self._loop)
        except RuntimeError:  # the loop stopped between the check and the call
            pass

    def poll(self) -> list[Received]:
        """Every message received since the last poll."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        """Close the connection and stop the thread (waits a few seconds at most)."""
        if not self._thread.is_alive():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
        except RuntimeError:  # the loop already stopped
            return
        self._thread.join(5)
