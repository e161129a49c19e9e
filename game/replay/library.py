"""A folder of replays as the replay viewer lists it: who played what, when, how long, and
whether it finished – read from the files alone, without re-running any game."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from game.replay.log import SUFFIX, Replay, ReplayError, read_replay
from game.replay.playback import seat_info, seat_kind, seat_name


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
    options: dict = field(default_factory=dict)
    steps: int = 0
    finished: bool = False
    """The log has an end record (the seed is revealed)."""
    reason: str | None = None
    """"over" or "abandoned" once finished."""
    result: dict | None = None
    winners: list[str] = field(default_factory=list)
    """The winners' names, once over."""
    winner_seats: list[int] = field(default_factory=list)
    """The winners' seats, once over."""
    torn: bool = False
    """The log ends in a torn record (the server stopped mid-write)."""
    engine: str = ""
    error: str | None = None


def replay_info(replay: Replay) -> ReplayInfo:
    """The listing entry of a replay that was read (its path must be set)."""
    header = replay.header
    players = range(header["players"])
    end = replay.end or {}
    result = end.get("result") if type(end.get("result")) is dict else None
    winners = result.get("winners") if result else None
    winner_seats = [s for s in winners if type(s) is int] if type(winners) is list else []
    return ReplayInfo(
        path=replay.path or Path(), created=datetime.fromtimestamp(header["created"], UTC),
        game=header["game"], names=[seat_name(header, s) for s in players],
        kinds=[seat_kind(header, s) for s in players],
        levels=[seat_info(header, s)["level"] for s in players], options=header["options"],
        steps=len(replay.steps), finished=replay.finished, reason=end.get("reason"),
        result=result, torn=replay.torn, engine=header["engine"],
        winners=[seat_name(header, s) for s in winner_seats], winner_seats=winner_seats)


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
            out.append(ReplayInfo(path, datetime.fromtimestamp(mtime, UTC),
                                  error=str(err)))
    out.sort(key=lambda info: info.created, reverse=True)
    return out
