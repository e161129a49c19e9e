"""The replay viewer's fixed parts drawn: the replay's facts and verdict, the frame and
banner of the all-open eyes, the opening message, the scrub bar and the keys line."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _, date_time, ngettext, number
from game.client.scenes import game_title
from game.client.scenes.verdicts import Outcome
from game.replay.playback import Playback


def draw_open_banner(surface: pygame.Surface, geo: layout.Viewer, bar: pygame.Rect) -> None:
    """All cards open: a frame round the table and a banner over its top `bar`, so that
    nobody takes it for what a player saw."""
    s = geo.s
    pygame.draw.rect(surface, palette.ACCENT, geo.table, layout.px(4, s, 3))
    pygame.draw.rect(surface, palette.ACCENT, bar)
    widgets.blit_text(
        surface,
        _("ALL CARDS OPEN  –  every hand and face-down card is shown; no player saw this"),
        layout.px(22, s, 12),
        palette.TEXT_DARK,
        bar.inflate(-layout.px(16, s), 0),
    )


def draw_opening(surface: pygame.Surface, geo: layout.Viewer, problem: str | None) -> None:
    """The felt while the replay opens, or why it cannot be watched (`problem`)."""
    s = geo.s
    surface.blit(widgets.felt(geo.table.size), geo.table.topleft)
    words = problem or _("Opening the replay and verifying it…")
    size = layout.px(26, s, 13)
    y = geo.table.centery - size * 2
    for line in widgets.wrap(words, size, geo.table.width - layout.px(80, s)):
        widgets.blit_text(
            surface,
            line,
            size,
            palette.TEXT,
            pygame.Rect(geo.table.left, y, geo.table.width, size + 6),
        )
        y += size + 8


def draw_frame(surface: pygame.Surface, geo: layout.Viewer) -> None:
    """The panels under the table and beside it, with their edges."""
    pygame.draw.rect(surface, palette.PANEL, geo.controls)
    pygame.draw.rect(surface, palette.PANEL, geo.side)
    pygame.draw.line(surface, palette.PANEL_EDGE, geo.side.topleft, geo.side.bottomleft, 2)
    pygame.draw.line(
        surface,
        palette.PANEL_EDGE,
        geo.controls.topleft,
        (geo.controls.right, geo.controls.top),
        2,
    )


def draw_header(
    surface: pygame.Surface,
    geo: layout.Viewer,
    path: Path,
    playback: Playback | None,
    names: list[str],
    outcome: Outcome | None,
) -> None:
    """The replay's facts at the top of the side panel – the game, the players (`names`),
    when and how long – and what verifying it found (`outcome`); only the file's name while
    it opens."""
    s = geo.s
    rect = geo.header
    title = layout.px(26, s, 14)
    small = layout.px(16, s, 11)
    if playback is None:
        widgets.blit_text(
            surface,
            _("Replay"),
            title,
            palette.ACCENT,
            pygame.Rect(rect.left, rect.top, rect.width, title + 4),
            "left",
        )
        widgets.blit_text(
            surface,
            path.name,
            small,
            palette.TEXT_DIM,
            pygame.Rect(rect.left, rect.top + title + 8, rect.width, small + 4),
            "left",
        )
        return
    header = playback.header
    game = game_title(header["game"])
    when = date_time(datetime.fromtimestamp(header["created"]))
    steps = len(playback.replay.steps)
    lines = [
        (_("Replay · {game}").format(game=game), title, palette.ACCENT),
        (
            ", ".join(names),
            small,
            palette.TEXT,
        ),
        (
            f"{when}  ·  " + ngettext("{n} step", "{n} steps", steps).format(n=number(steps)),
            small,
            palette.TEXT_DIM,
        ),
    ]
    y = rect.top
    for words, size, color in lines:
        picture = widgets.elided(words, size, color, rect.width)
        surface.blit(picture, (rect.left, y))
        y += picture.get_height() + layout.px(3, s)
    if outcome is not None:
        _draw_outcome(surface, rect, y, outcome, small)


def _draw_outcome(
    surface: pygame.Surface, rect: pygame.Rect, y: int, outcome: Outcome, small: int
) -> None:
    """What verifying the replay found, at most three lines from `y`."""
    color = outcome.color
    for line in widgets.wrap(outcome.sentence, small, rect.width)[:3]:
        widgets.blit_text(
            surface,
            line,
            small,
            color,
            pygame.Rect(rect.left, y, rect.width, small + 2),
            "left",
        )
        y += small + 2


def draw_scrub(surface: pygame.Surface, geo: layout.Viewer, playback: Playback) -> None:
    """The scrub bar: the game so far, the rounds' starts, the knob at the position shown,
    and that position in words beside it."""
    s = geo.s
    bar = geo.scrub
    track = bar.inflate(0, -bar.height // 2)
    pygame.draw.rect(surface, (20, 24, 30), track, border_radius=track.height // 2)
    length = max(1, playback.length)
    done = track.copy()
    done.width = round(track.width * playback.position / length)
    if done.width > 0:
        pygame.draw.rect(surface, (150, 118, 40), done, border_radius=track.height // 2)
    starts = playback.round_starts
    if len(starts) > 1 and len(starts) < track.width // 4:
        for start in starts[1:]:
            x = track.left + round(track.width * start / length)
            pygame.draw.line(surface, palette.TEXT_DIM, (x, bar.top + 2), (x, bar.bottom - 2))
    knob = knob_rect(geo, playback)
    pygame.draw.circle(surface, palette.ACCENT, knob.center, knob.width // 2)
    pygame.draw.circle(surface, palette.TEXT_DARK, knob.center, knob.width // 2, 2)
    rounds = len(starts)
    where = _("step {n} of {total}").format(n=playback.position, total=playback.length)
    if rounds > 1:
        where += " · " + _("round {n}").format(n=playback.round_of() + 1)
    size = layout.px(18, s, widgets.MIN_SIZE)
    lines = widgets.wrap(where, size, geo.position.width, " · ")
    step = widgets.line_height(size)
    y = geo.position.centery - len(lines) * step // 2
    for line in lines:
        widgets.blit_text(
            surface,
            line,
            size,
            palette.TEXT,
            pygame.Rect(geo.position.left, y, geo.position.width, step),
            "left",
        )
        y += step


def knob_rect(geo: layout.Viewer, playback: Playback) -> pygame.Rect:
    """The scrub knob's box at the position shown."""
    bar = geo.scrub
    radius = layout.knob_radius(bar.height)
    x = bar.left + round(bar.width * playback.position / max(1, playback.length))
    return pygame.Rect(x - radius, bar.centery - radius, 2 * radius + 1, 2 * radius + 1)


def draw_keys(surface: pygame.Surface, rect: pygame.Rect, rounds: bool) -> None:
    """The keyboard's shortcuts in a line or two (the round keys where the game has rounds)."""
    size = widgets.MIN_SIZE
    moves = _("Space play · Left/Right step · [ ] turn · PgUp/PgDn round")
    if not rounds:
        moves = _("Space play · Left/Right step · [ ] turn")
    words = " · ".join(
        [
            moves,
            _("+/− speed · 1–9 a seat · S spectator · O all open · Tab next eyes · P play on"),
        ]
    )
    lines = widgets.wrap(words, size, rect.width, " · ")
    step = widgets.line_height(size)
    y = rect.top + max(0, (rect.height - len(lines) * step) // 2)
    for line in lines:
        widgets.blit_text(
            surface,
            line,
            size,
            palette.TEXT_DIM,
            pygame.Rect(rect.left, y, rect.width, step),
            "left",
        )
        y += step
