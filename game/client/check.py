"""The client's check of its model against the server: one seat's view kept from the events
of every update and checked against the update's view digest, desync reports, recorded
sessions, and `python -m game.client.check SESSION` to find a session's first divergence.

    python -m game.client.check SESSION_FILE

prints "ok: N updates …" or the first update whose events did not lead to the server's view
digest: the room, the step, the step's events and the fields in which the model differed
from the server's next full view. Exit status: 0 ok, 1 a divergence, 2 a file that cannot
be read or a bad command line.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import msgpack

from game.replay.log import engine_version
from game.replay.text import event_text, side_by_side
from game.replay.verify import FieldDiff, snapshot_diff
from game.rules import View, update_view, view_digest

UpdateData = Mapping[str, Any]
"""An update (net.messages.Update) as plain data: as a table hands it on, or read back from a
recorded session."""

RECENT = 20
"""Updates whose events a desync report keeps from before the step that drifted."""
SESSION_FORMAT = 1
"""The recorded-session format: a msgpack stream, a header map then one update per record."""
MAX_SESSION = 256 * 1024 * 1024
"""Larger session files are refused rather than read into memory."""


class SessionError(Exception):
    """A file that is not a readable recorded session; the message says why."""


@dataclass
class Drift:
    """The first update after which the model's digest differed from the server's, and –
    once the full view asked for arrives – where the two differed.

    `model` is the model right after the step's events (None when no model was kept, or the
    events could not even be applied: `error` says why). The drifted model is carried on
    over the updates that follow, so that `fields` compares it with the server's view at the
    same step: `server_step`, `server_view`, and `model_then` (the drifted model there)."""

    room: str
    step: int
    game: str | None
    seat: int | str | None
    model: View | None
    expected: bytes
    got: bytes | None
    error: str | None
    events: list[View]
    recent: list[View]
    """[{"step", "events"}] of up to RECENT updates before this one, oldest first."""
    server_step: int | None = None
    server_view: View | None = None
    model_then: View | None = None
    fields: list[FieldDiff] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """The server's full view has arrived and the fields are known."""
        return self.server_view is not None

    def report(self) -> dict[str, Any]:
        """The desync report as plain data (JSON with bytes as hex; see `write_report`)."""
        return {
            "client": engine_version(),
            "written": time.time(),
            "room": self.room,
            "step": self.step,
            "game": self.game,
            "seat": self.seat,
            "digest": {
                "server": self.expected.hex(),
                "model": self.got.hex() if self.got else None,
            },
            "error": self.error,
            "events": self.events,
            "model": self.model,
            "server_step": self.server_step,
            "server_view": self.server_view,
            "model_at_server_step": self.model_then,
            "fields": [{"field": f.field, "model": f.left, "server": f.right} for f in self.fields],
            "recent": self.recent,
        }


class ModelKeeper:
    """The model of one seat's view of one room, kept from the updates the server sends, one
    event at a time, and checked against each update's view digest. A table keeps its one
    copy of the view here, advancing it as its animations play; `check_session` replays a
    recorded session through one.

    - `full(update)` takes an update's full view: "ok", or "resync" when it ends a drift
      (`drift` is then complete);
    - `apply(event)` advances the model by one event in place;
    - `check(update)` once an update's events are applied: "ok" when the model matches the
      update's digest, "drift" when it does not (or the events could not be applied: `drift`
      describes it, and a full view should be asked for), "drifting" while that full view is
      awaited (the drifted model goes on, to be compared with it);
    - `advance(update)` does all of it for one whole update.
    Never raises for what an update holds: a broken event is a drift, not a crash."""

    def __init__(self, recent: int = RECENT) -> None:
        self.model: View | None = None
        """The view as the events built it (None before a full view, or once events could
        not be applied to it)."""
        self.game: str | None = None
        self.drift: Drift | None = None
        """The last drift; incomplete while a full view is awaited."""
        self._error: str | None = None
        self._recent: deque[View] = deque(maxlen=recent)

    @property
    def drifting(self) -> bool:
        """A drift was found and its full view has not arrived yet."""
        return self.drift is not None and not self.drift.complete

    def show(self, view: View) -> None:
        """Take `view` as the model, unchecked (a replay's view after a jump)."""
        self.model = copy.deepcopy(view)
        self.game = view.get("game")
        self._error = None

    def full(self, update: UpdateData) -> str:
        """Replace the model with the update's full view."""
        outcome = "ok"
        if self.drifting:
            self._resolve(update)
            outcome = "resync"
        self.show(update["view"])
        self._recent.append({"step": update.get("step"), "events": update.get("events") or []})
        return outcome

    def apply(self, event: View) -> None:
        """Advance the model by `event` in place (the drifted model, during a drift). An
        event that cannot be applied leaves no model; the update's `check` says why."""
        if self.model is None:
            if self._error is None and not self.drifting:
                self._error = "no model to advance: no full view has arrived yet"
            return
        if self.game is None:
            self._error, self.model = "the model names no game", None
            return
        try:
            update_view(self.game, self.model, event)
        except Exception as err:  # a wrong event may break the model in any way
            self.model = None
            if not self.drifting:
                self._error = (
                    f"the events cannot be applied to the model ({type(err).__name__}: {err})"
                )

    def check(self, update: UpdateData) -> str:
        """Compare the model, with the update's events applied, with the update's digest."""
        if self.drifting:
            outcome = "drifting"
        else:
            got = view_digest(self.model) if self.model is not None else None
            if got is not None and got == update["digest"]:
                outcome = "ok"
            else:
                self._start_drift(update, got)
                outcome = "drift"
        self._recent.append({"step": update.get("step"), "events": update.get("events") or []})
        return outcome

    def advance(self, update: UpdateData) -> str:
        """`full` for a full view, else `apply` each event and `check`."""
        if "view" in update:
            return self.full(update)
        for event in update.get("events") or []:
            self.apply(event)
        return self.check(update)

    def _start_drift(self, update: UpdateData, got: bytes | None) -> None:
        self.drift = Drift(
            room=str(update.get("room")),
            step=update["step"],
            game=self.game,
            seat=self.model.get("seat") if self.model else None,
            model=copy.deepcopy(self.model),
            expected=update["digest"],
            got=got,
            error=self._error,
            events=copy.deepcopy(update.get("events") or []),
            recent=list(self._recent),
        )
        self._error = None

    def _resolve(self, update: UpdateData) -> None:
        drift = self.drift
        assert drift is not None
        drift.server_step = update["step"]
        drift.server_view = copy.deepcopy(update["view"])
        drift.model_then = self.model
        # The same step on both sides when the drifted model could be carried there;
        # else the model at the step that drifted (later steps then differ too).
        mine = self.model if self.model is not None else drift.model
        if mine is not None:
            drift.fields = snapshot_diff(mine, drift.server_view)


# -- desync reports ---------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.hex()
    return str(value)


def report_name(drift: Drift, now: float | None = None) -> str:
    """`<UTC stamp>-<room>-step<N>.json`, with anything but letters, digits, - and _ taken
    out of the room id (it comes from the network)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))
    room = re.sub(r"[^A-Za-z0-9_-]", "", drift.room)[:40] or "room"
    return f"{stamp}-{room}-step{drift.step}.json"


def write_report(drift: Drift, folder: Path) -> Path:
    """Write `drift`'s report as JSON into `folder` (created if needed); returns its path.
    Raises OSError when it cannot be written."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / report_name(drift)
    text = json.dumps(drift.report(), indent=1, ensure_ascii=False, default=_plain)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path


# -- recorded sessions ------------------------------------------------------------------------


class SessionRecorder:
    """Appends every update a client receives to a session file (one msgpack record each,
    after a header), for `python -m game.client.check`. Several connections of one run
    append to the same file. Recording is best effort: a write that fails stops it, and
    `problem` says why; the game goes on."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.problem: str | None = None
        self._file: IO[bytes] | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # Open for the whole run: one write per update, appended after any earlier run's.
            self._file = open(self.path, "ab")
            if self._file.tell() == 0:
                self._write(
                    {
                        "t": "session",
                        "format": SESSION_FORMAT,
                        "client": engine_version(),
                        "created": time.time(),
                    }
                )
        except OSError as err:
            self._fail(err)

    def record(self, message: UpdateData) -> None:
        """Append `message` (an update as it arrived, before the client marks it)."""
        if self._file is not None:
            self._write(message)

    def _write(self, message: Mapping[str, Any]) -> None:
        assert self._file is not None
        try:
            self._file.write(msgpack.packb(message, use_bin_type=True))
            self._file.flush()
        except (OSError, TypeError, ValueError) as err:
            self._fail(err)

    def _fail(self, err: Exception) -> None:
        self.problem = f"cannot record the session in {self.path} ({err})"
        self.close()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def read_session(path: Path | str) -> list[UpdateData]:
    """The updates of a recorded session, in the order they arrived. Raises SessionError
    for a file that is missing, too large, not a session, or damaged (a torn last record,
    from a client that stopped mid-write, is left out)."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SESSION:
            raise SessionError(f"{path}: larger than any session ({MAX_SESSION} bytes)")
        data = path.read_bytes()
    except OSError as err:
        raise SessionError(f"{path}: cannot read it ({err.strerror})") from None
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_buffer_size=len(data) + 1)
    unpacker.feed(data)
    records: list[Any] = []
    try:
        for record in unpacker:
            records.append(record)
    except Exception as err:  # msgpack raises several kinds for damaged data
        raise SessionError(f"{path}: damaged record {len(records) + 1} ({err})") from None
    if not records or type(records[0]) is not dict or records[0].get("t") != "session":
        raise SessionError(f"{path}: not a recorded session (no session header)")
    if records[0].get("format") != SESSION_FORMAT:
        raise SessionError(f"{path}: session format {records[0].get('format')!r} is not supported")
    updates = records[1:]
    for number, update in enumerate(updates, 1):
        if (
            type(update) is not dict
            or update.get("t") != "update"
            or type(update.get("step")) is not int
            or type(update.get("digest")) is not bytes
            or not (type(update.get("events")) is list or type(update.get("view")) is dict)
        ):
            raise SessionError(f"{path}: record {number + 1} is not an update")
    return updates


@dataclass
class Divergence:
    """The first update of a session whose model did not match: its number (from 1) and
    the drift, completed by a later full view of the room when the session holds one."""

    update: int
    drift: Drift


def check_session(updates: list[UpdateData]) -> Divergence | None:
    """Re-run the model over `updates` (one keeper per room, as the client keeps them);
    the first divergence, or None when every digest matched."""
    keepers: dict[Any, ModelKeeper] = {}
    found: Divergence | None = None
    for number, update in enumerate(updates, 1):
        keeper = keepers.setdefault(update.get("room"), ModelKeeper())
        outcome = keeper.advance(update)
        if found is None and outcome == "drift":
            assert keeper.drift is not None
            found = Divergence(number, keeper.drift)
        if found is not None and found.drift.complete:
            break
    return found


def divergence_lines(divergence: Divergence) -> list[str]:
    """The divergence in words: where, why, the step's events and the fields that differ."""
    drift = divergence.drift
    lines = [
        f"FAILED at update {divergence.update}: room {drift.room} step {drift.step}: "
        + (drift.error or "the model differs from the server's view digest")
    ]
    lines.append("  the step's events:")
    lines.extend(f"    {event_text(event)}" for event in drift.events)
    if not drift.complete:
        lines.append("  the session holds no later full view of the room to compare with")
    elif drift.fields:
        where = (
            f"at step {drift.server_step}"
            if drift.model_then is not None
            else f"model at step {drift.step}, server at step {drift.server_step}"
        )
        lines.append(f"  fields that differ ({where}):")
        lines.extend(side_by_side(drift.fields, "model", "server"))
    else:
        lines.append("  the model and the server's later full view agree")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Check one recorded session; returns the exit status (see the module docstring)."""
    parser = argparse.ArgumentParser(
        prog="python -m game.client.check",
        description="Re-run the client's model over a recorded session (python -m game "
        "--record-session FILE) and name the first update whose digest did not match.",
    )
    parser.add_argument("session", type=Path, metavar="SESSION_FILE")
    args = parser.parse_args(argv)
    try:
        updates = read_session(args.session)
    except SessionError as err:
        print(f"{parser.prog}: error: {err}", file=sys.stderr)
        return 2
    divergence = check_session(updates)
    if divergence is None:
        rooms = len({u.get("room") for u in updates})
        print(
            f"ok: {len(updates)} updates ({rooms} room{'s' if rooms != 1 else ''}), "
            "every view digest matched"
        )
        return 0
    print("\n".join(divergence_lines(divergence)))
    return 1


if __name__ == "__main__":
    sys.exit(main())
