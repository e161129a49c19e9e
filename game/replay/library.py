"""A folder of replays as the replay viewer lists it: who played what, when, how long, and
whether it finished – read from the files alone, without re-running any game – and what
verifying each found when it was last opened (remembered in the user's cache folder,
game/replay/cache.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from game.replay.cache import Cache
from game.replay.log import SUFFIX, Replay, ReplayError, read_replay, replay_hash
from game.replay.playback import seat_info, seat_kind, seat_name
from game.replay.verify import Verdict
from game.rules import Options, Result

VERDICT_FORMAT = "cardtable-verdict"
"""The `format` field of the file that remembers a replay's verdict."""
VERDICTS = Cache("verdicts", ".verdict", 1024 * 1024)
"""Where verdicts are remembered, by the replay's hash: a few thousand (each ~150 bytes)."""


class Remembered(NamedTuple):
    """What verifying a replay found, as remembered for the list: `status` as Verdict's
    ("ok", "unverified", "failed") and the step it failed at, if one did."""

    status: str
    failed_at: int | None


@dataclass
class ReplayInfo:
    """One replay file in a listing. For a file that cannot be read, `error` says why and
    the other fields are empty (`created` is then the file's modification time)."""

    path: Path
    created: datetime
    """When the game started (UTC)."""
    game: str = ""
    names: list[str] = field(default_factory=list)
    """The players' names, by seat."""
    kinds: list[str] = field(default_factory=list)
    """"human" or "bot", by seat."""
    levels: list[str | None] = field(default_factory=list)
    """A bot seat's level (None for the others), by seat."""
    options: Options = field(default_factory=dict)
    steps: int = 0
    finished: bool = False
    """The log has an end record (the seed is revealed)."""
    reason: str | None = None
    """"over" or "abandoned" once finished."""
    result: Result | None = None
    winners: list[str] = field(default_factory=list)
    """The winners' names, once over."""
    winner_seats: list[int] = field(default_factory=list)
    """The winners' seats, once over."""
    torn: bool = False
    """The log ends in a torn record (the server stopped mid-write)."""
    engine: str = ""
    room: str | None = None
    """The room the game was played in, as its server logged it."""
    error: str | None = None


def replay_info(replay: Replay) -> ReplayInfo:
    """The listing entry of a replay that was read (its path must be set)."""
    header = replay.header
    players = range(header["players"])
    end: Mapping[str, Any] = replay.end or {}
    result = end.get("result") if type(end.get("result")) is dict else None
    winners = result.get("winners") if result else None
    winner_seats = [s for s in winners if type(s) is int] if type(winners) is list else []
    return ReplayInfo(
        path=replay.path or Path(),
        created=datetime.fromtimestamp(header["created"], UTC),
        game=header["game"],
        names=[seat_name(header, s) for s in players],
        kinds=[seat_kind(header, s) for s in players],
        levels=[seat_info(header, s)["level"] for s in players],
        options=header["options"],
        steps=len(replay.steps),
        finished=replay.finished,
        reason=end.get("reason"),
        result=result,
        torn=replay.torn,
        engine=header["engine"],
        room=header["room"] if type(header.get("room")) is str else None,
        winners=[seat_name(header, s) for s in winner_seats],
        winner_seats=winner_seats,
    )


def list_replays(folder: Path | str) -> list[ReplayInfo]:
    """Every replay file (`*.ctr`) in `folder`, newest first. Damaged or foreign files are
    listed too, with `error` set, so the viewer can say why they do not open. Raises
    ReplayError when `folder` cannot be listed."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ReplayError(f"{folder}: {'not a folder' if folder.exists() else 'no such folder'}")
    try:
        paths = sorted(folder.glob("*" + SUFFIX))
    except OSError as err:
        raise ReplayError(f"{folder}: cannot list it ({err.strerror})") from None
    out = []
    for path in paths:
        try:
            out.append(replay_info(read_replay(path)))
        except ReplayError as err:
            try:
                mtime = path.stat().st_mtime
            except OSError:
                mtime = 0.0
            out.append(ReplayInfo(path, datetime.fromtimestamp(mtime, UTC), error=str(err)))
    out.sort(key=lambda info: info.created, reverse=True)
    return out


def verdict_path(digest: str) -> Path:
    """Where the verdict of the replay whose hash (`replay_hash`) is `digest` is kept."""
    return VERDICTS.path(digest)


def remember_verdict(replay_path: Path | str, verdict: Verdict) -> bool:
    """Remember what verifying the replay at `replay_path` found, keyed by the replay's hash
    as the file is now (so a file changed later is not taken for verified); nothing is
    written beside the replay. Returns False when the replay cannot be read or the cache
    not written (then nothing is remembered)."""
    try:
        digest = replay_hash(Path(replay_path).read_bytes())
    except OSError:
        return False
    failed_at = verdict.mismatch.step if verdict.mismatch is not None else None
    record = {
        "format": VERDICT_FORMAT,
        "hash": digest,
        "status": verdict.status,
        "failed_at": failed_at,
    }
    return VERDICTS.write(digest, json.dumps(record))


def remembered_verdict(replay_path: Path | str) -> Remembered | None:
    """The verdict remembered for the replay at `replay_path`, or None when there is none,
    the replay changed since (its hash differs) or either file cannot be read. Never raises
    for the files' content."""
    try:
        digest = replay_hash(Path(replay_path).read_bytes())
        text = VERDICTS.read(digest)
        if text is None:
            return None
        record = json.loads(text)
        if record["format"] != VERDICT_FORMAT or record["hash"] != digest:
            return None
        status, failed_at = record["status"], record["failed_at"]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if status not in ("ok", "unverified", "failed"):
        return None
    return Remembered(status, failed_at if type(failed_at) is int else None)
