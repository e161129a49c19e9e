"""Replays in words for the command line: verdicts, step lists, divergences, and two states
side by side."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator
from typing import Any

from game.replay.diff import Divergence, Side
from game.replay.library import replay_info
from game.replay.log import Header
from game.replay.playback import Playback, seat_name
from game.replay.verify import SECRET_SUFFIX, FieldDiff, Mismatch, Verdict
from game.rules import Action, View

WIDTH = 110
"""The width the side-by-side tables wrap to."""


def value(data: Any) -> str:
    """Plain data in one line: strings bare at the top, everything else as JSON."""
    if type(data) is str:
        return data
    return json.dumps(
        data, ensure_ascii=False, default=lambda x: x.hex() if isinstance(x, bytes) else str(x)
    )


def action_text(action: Action) -> str:
    """An action as it is written in RULES.md, e.g. ["play", [1, 4]]."""
    return json.dumps(action)


def event_text(event: View) -> str:
    """One event as one line: its type, then its fields as name=value."""
    fields = " ".join(f"{k}={value(v)}" for k, v in event.items() if k != "type")
    return f"{event['type']} {fields}".rstrip()


def side_by_side(rows: list[FieldDiff], left: str, right: str, width: int = WIDTH) -> list[str]:
    """A three-column table – field, left value, right value – wrapped to `width`."""
    name_width = min(max([len(r.field) for r in rows] + [5]), 24)
    column = max(20, (width - name_width - 6) // 2)
    lines = [f"  {'field':<{name_width}}  {left:<{column}}  {right}"]
    for row in rows:
        a = textwrap.wrap(value(row.left), column) or [""]
        b = textwrap.wrap(value(row.right), column) or [""]
        names = textwrap.wrap(row.field, name_width) or [""]
        for i in range(max(len(a), len(b), len(names))):
            cells = [part[i] if i < len(part) else "" for part in (names, a, b)]
            lines.append(f"  {cells[0]:<{name_width}}  {cells[1]:<{column}}  {cells[2]}".rstrip())
    return lines


# -- verify -----------------------------------------------------------------------------------


def verdict_lines(verdict: Verdict, header: Header) -> list[str]:
    """The verdict as `python -m game.replay verify` prints it: the outcome on the first
    line ("ok: …", "unfinished: …" or "FAILED …"), then details and notes."""
    lines: list[str] = []
    if verdict.status == "unverified":
        lines.append(
            f"unfinished: {verdict.steps} steps, cannot be verified until the seed is revealed"
        )
    elif verdict.status == "ok":
        lines.append(
            f"ok: {verdict.steps} steps verified, {_seed_words(verdict)}, {_ending_words(verdict)}"
        )
    else:
        if verdict.mismatch is not None:
            lines.extend(mismatch_lines(verdict.mismatch, header))
        lines.extend(f"FAILED: {problem}" for problem in verdict.problems)
        context = f"{verdict.verified} of {verdict.steps} steps verified"
        if verdict.seed_ok is not None:
            context += ", " + _seed_words(verdict)
        lines.append(context + ", " + _ending_words(verdict))
    lines.extend(f"note: {note}" for note in verdict.notes)
    if verdict.torn_at is not None:
        lines.append(
            f"note: the last record is torn at byte {verdict.torn_at} (the server "
            f"stopped mid-write); only the {verdict.steps} whole steps before it count"
        )
    return lines


def _seed_words(verdict: Verdict) -> str:
    where = (
        "the seed"
        if verdict.seed_source != "secret"
        else f"the seed (from the {SECRET_SUFFIX} file)"
    )
    return f"{where} {'matches' if verdict.seed_ok else 'does not match'} its hash"


def _ending_words(verdict: Verdict) -> str:
    if verdict.complete:
        return "complete (game over)"
    if verdict.reason == "abandoned":
        return f"abandoned after {verdict.steps} steps"
    if verdict.finished:
        return "the log says the game is over"
    return "unfinished (no end record)"


def mismatch_lines(mismatch: Mismatch, header: Header) -> list[str]:
    """The first failing step: what failed, what the file says, what fits the digest, and
    the two states side by side (the fields that differ)."""
    where = f" (byte {mismatch.offset})" if mismatch.offset is not None else ""
    lines = [f"FAILED at step {mismatch.step}{where}: {mismatch.message}"]
    if mismatch.seat is None or mismatch.action is None:  # the deal: no step to show
        return lines
    lines.append(
        f"  logged: seat {mismatch.seat} ({seat_name(header, mismatch.seat)}) "
        f"{action_text(mismatch.action)}" + _words(mismatch.words)
    )
    if mismatch.match is None:
        lines.append(
            "  no action of the seat that had to decide leads to the logged digest: the "
            "logged state is unknown (only its digest is in the file)"
        )
    elif mismatch.match == mismatch.action:
        lines.append(
            "  the logged action fits the logged digest when the seat that had to decide "
            "plays it: the step's seat or its bot mark was altered"
        )
    else:
        lines.append(
            f"  the action {action_text(mismatch.match)}{_words(mismatch.match_words)} "
            f"fits the logged digest: the file's action was altered"
        )
    if mismatch.right is not None:
        if mismatch.fields:
            lines.append("  fields that differ:")
            lines.extend(side_by_side(mismatch.fields, mismatch.left_title, mismatch.right_title))
        else:
            lines.append(
                f"  the states {mismatch.left_title} and {mismatch.right_title} are the same"
            )
    elif mismatch.left is not None:
        lines.append(f"  the state {mismatch.left_title}:")
        lines.extend(f"    {name}: {value(data)}" for name, data in mismatch.left.items())
    return lines


def _words(words: str | None) -> str:
    return f" ({words})" if words else ""


# -- show -------------------------------------------------------------------------------------


def header_lines(playback: Playback) -> list[str]:
    """Who played what, when and with which engine, and the verdict."""
    header = playback.header
    info = replay_info(playback.replay)
    options = ", ".join(f"{k}={_option(v)}" for k, v in header["options"].items())
    seats = []
    for seat, (name, kind) in enumerate(zip(info.names, info.kinds)):
        entry = header["seats"][seat]
        level = entry.get("level") if type(entry) is dict else None
        seats.append(f"{seat} {name} ({kind}{', ' + level if kind == 'bot' and level else ''})")
    return [
        f"{header['game']}, {header['players']} players"
        + (f"; options: {options}" if options else ""),
        "seats: " + "; ".join(seats),
        f"started {info.created:%Y-%m-%d %H:%M:%S} UTC by {header['engine']}; seed hash "
        f"{header['seed_hash'].hex()[:16]}…",
        *verdict_lines(playback.verdict, header),
    ]


def _option(data: Any) -> str:
    if type(data) is list and len(data) > 8:
        return f"[{len(data)} items]"
    return value(data)


def show_lines(playback: Playback, seat: int | None = None) -> Iterator[str]:
    """`python -m game.replay show`: the header, then every step – number, seat, player or
    bot, the action in words and its events as `seat` received them (None: a spectator) –
    and the end. Steps the engine cannot re-run are listed as logged, without words."""
    header = playback.header
    yield from header_lines(playback)
    yield f"events as {'a spectator' if seat is None else f'seat {seat}'} received them"
    for entry in playback.entries:
        starts = playback.round_starts
        if len(starts) > 1 and starts[entry.round] == entry.number - 1:
            yield f"-- round {entry.round + 1} --"
        by = "bot for the player" if entry.stand_in else entry.by
        hinted = ", after a hint" if entry.hinted else ""
        yield f"{entry.number:>5}  seat {entry.seat} {entry.name} ({by}{hinted}): {entry.words}"
        for event in playback.events(seat, entry.number):
            yield f"         {event_text(event)}"
    rest = playback.replay.steps[playback.length :]
    if rest:
        why = (
            "the seed is still secret"
            if playback.verdict.seed_source == "none"
            else "the re-run stops here (see the verdict above)"
        )
        yield f"-- {len(rest)} more steps as logged, without words or events: {why} --"
    for number, step in enumerate(rest, playback.length + 1):
        by = "bot for the player" if step.by_bot else "logged"
        yield (
            f"{number:>5}  seat {step.seat} {seat_name(header, step.seat)} ({by}): "
            f"{action_text(step.action)}"
        )
    end = playback.replay.end
    if end is None:
        yield "end: none yet (unfinished)"
    else:
        info = replay_info(playback.replay)
        yield (
            f"end: {info.reason}; seed {end['seed']}"
            + (f"; scores {value(info.result.get('scores'))}" if info.result else "")
            + (f"; winners: {', '.join(info.winners)}" if info.winners else "")
        )


# -- diff -------------------------------------------------------------------------------------


def divergence_lines(divergence: Divergence, a_header: Header, b_header: Header) -> list[str]:
    """`python -m game.replay diff`: where the two replays part, each side's step there,
    and their states after it side by side."""
    if divergence.step is None:
        return [("same: " if divergence.same else "differ: ") + divergence.message]
    lines = [f"diverge at step {divergence.step}: {divergence.message}"]
    for name, side, header in (("A", divergence.a, a_header), ("B", divergence.b, b_header)):
        lines.append(f"  {name}: {_side_words(side, header, divergence.step)}")
        if side.note:
            lines.append(f"     ({side.note})")
    if divergence.fields:
        when = "after the deal" if divergence.step == 0 else f"after step {divergence.step}"
        lines.append(f"  the states {when}, fields that differ:")
        lines.extend(side_by_side(divergence.fields, "A", "B"))
    elif divergence.a.state is not None and divergence.a.state == divergence.b.state:
        lines.append("  re-run here, both lead to the same state")
    return lines


def _side_words(side: Side, header: Header, number: int) -> str:
    if number == 0:
        return (
            f"{header['game']}, {header['players']} players, seed hash "
            f"{header['seed_hash'].hex()[:16]}…"
        )
    if side.step is None:
        return "no such step"
    by = ", a bot for the player" if side.step.by_bot else ""
    return (
        f"seat {side.step.seat} ({seat_name(header, side.step.seat)}{by}) "
        f"{action_text(side.step.action)}{_words(side.words)}"
    )
