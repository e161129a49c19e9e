"""The move log beside a table: every step in words (game/client/steps.py, the replay
viewer's wording), newest at the bottom, scrollable back to the first."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pygame

from game.client import i18n, layout, palette, widgets
from game.client.i18n import _, ngettext

KEEP = 400
"""Lines kept; a long game's oldest fall off (the replay keeps them all)."""
WIDE = 1.55
"""A window at least this much wider than tall shows the log unless the player hid it."""
SHARE = 0.23
"""The part of the window's width the log takes."""
BACKGROUND = (20, 24, 31)
"""The panel's colour."""

_PANEL = widgets.Layer()
"""The panel as last drawn, shared by every table's log (one table shows at a time): a table
left behind – the collector's permanent generation may keep one (app.settle_garbage) – holds
no picture of its own."""
_SERIALS = itertools.count()

Rows = dict[tuple[int, int, int, int | None], list[tuple[str, pygame.Surface]]]
Moved = tuple[pygame.Rect, int, list[pygame.Rect]]
"""How `_scroll` brought the panel up to date: the band its lines moved up in, by how many
pixels, and the strips it drew anew."""
"""Lines' rows of text (their words and their picture), by line number, text size, width and
the player's seat."""


class MoveLog:
    """The lines so far, each with the seat it is about (None: the table's own news), and
    how far the player scrolled back (0: the newest line at the bottom)."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, int | None]] = []
        self._tellers: list[Callable[[], str | None]] = []
        """What wrote each line: told again in another language when the player switches
        (the in-game menu's Settings)."""
        self._language = i18n.language()
        self.back = 0
        self._first = 0
        """How many lines fell off the front since the log was last cleared: a line's number
        (its index plus this) names it for good."""
        self._serial = next(_SERIALS)
        """Which log this is, and since it was last cleared: with `_first` and the lines'
        count, what it holds."""
        self._wrapped: Rows = {}
        """The rows of the lines the panel shows (their own lines are lit for the player)."""
        self._tops: list[tuple[int, int]] = []
        """The lines the panel shows, newest first: each line's number and its top."""

    def add(self, tell: Callable[[], str | None], seat: int | None) -> str | None:
        """Append the line `tell` words now, if any, and return it (and keep the view on the
        newest line unless scrolled back)."""
        text = tell()
        if not text:
            return text
        self.lines.append((text, seat))
        self._tellers.append(tell)
        if len(self.lines) > KEEP:
            gone = len(self.lines) - KEEP
            del self.lines[:gone]
            del self._tellers[:gone]
            self._first += gone
        elif self.back:
            self.back += 1
        return text

    def _retell(self) -> None:
        """Every line in the language now spoken, when it is not the one they were told in."""
        if self._language == i18n.language():
            return
        self._language = i18n.language()
        self.lines = [
            (tell() or text, seat) for tell, (text, seat) in zip(self._tellers, self.lines)
        ]
        self._serial = next(_SERIALS)
        self._wrapped.clear()

    @property
    def texts(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        """The texts the panel shows, in its own place (see widgets.Layer.texts)."""
        return _PANEL.texts

    def clear(self) -> None:
        """Forget every line (the log is about to be written again from the start)."""
        self.lines.clear()
        self._tellers.clear()
        self.back = 0
        self._first = 0
        self._serial = next(_SERIALS)
        self._wrapped.clear()

    def scroll(self, lines: int) -> None:
        """Move `lines` back in time (negative: towards the newest)."""
        self.back = max(0, min(len(self.lines) - 1, self.back + lines))

    def _rows(
        self, index: int, size: int, width: int, you: int | None, kept: Rows
    ) -> list[tuple[str, pygame.Surface]]:
        key = (self._first + index, size, width, you)
        rows = self._wrapped.get(key)
        if rows is None:
            text, seat = self.lines[index]
            color = palette.ACCENT if seat is not None and seat == you else palette.TEXT
            if seat is None:
                color = palette.TEXT_DIM
            rows = [
                (line, widgets.rendered_text(line, size, color))
                for line in widgets.wrap(text, size, width)
            ]
        kept[key] = rows
        return rows

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        s: float,
        you: int | None,
        *,
        kept: bool = False,
        later: bool = False,
    ) -> bool:
        """The panel in `rect`: a heading, then as many of the lines as fit, wrapped, the
        newest (or the one scrolled back to) at the bottom; the player's own lines lit.
        Drawn into a picture of its own when what it shows changed, else that is shown.
        `kept`: `surface` shows in `rect` the picture as it was last drawn there, so only
        what changed is drawn there (nothing, or the lines moved up and the new ones); with
        `later` too, what changed is not drawn now but left for the next frame. False when
        it was left so."""
        self._retell()
        heading = (
            _("Moves  ·  L hides, wheel scrolls")
            if not self.back
            else ngettext(
                "Moves  ·  {count} newer below", "Moves  ·  {count} newer below", self.back
            ).format(count=self.back)
        )
        shows = (self._serial, self._first, len(self.lines), self.back, heading, s, you)
        if _PANEL.shows == shows and _PANEL.surface.get_size() == rect.size:
            if not kept:
                _PANEL.show(surface, rect.topleft)
            return True
        if kept and later:
            return False
        moved = self._scroll(rect.size, shows, s, you)
        if moved is not None and kept:
            _mirror(surface, rect, *moved)
            return True
        if moved is None and _PANEL.redraw(rect.size, shows):
            self._paint(s, you, heading)
        _PANEL.show(surface, rect.topleft)
        return True

    def _geometry(self, s: float) -> tuple[int, int, int, int, int, int]:
        """Where the panel's lines go: the padding, the heading's text size, the lines'
        text size and width, the top of the first line's room, the gap between lines."""
        rect = _PANEL.surface.get_rect()
        pad = layout.px(10, s)
        head = layout.px(20, s, 12)
        size = layout.px(18, s, 11)
        return pad, head, size, rect.width - 2 * pad, rect.top + 2 * pad + head, max(2, size // 4)

    def _scroll(
        self, size: tuple[int, int], shows: tuple[object, ...], s: float, you: int | None
    ) -> Moved | None:
        """Bring the panel up to date by moving its lines up and drawing only the lines
        added since it was drawn, when nothing else changed (the newest line shown, the
        same panel): a new line had cost a whole panel's drawing, ~0.5 ms. What was done
        (None: nothing could be)."""
        last = _PANEL.shows
        if (
            self.back
            or not isinstance(last, tuple)
            or _PANEL.surface.get_size() != size
            or last[0] != self._serial
            or last[3:] != shows[3:]
        ):
            return None
        added = self._first + len(self.lines) - (last[1] + last[2])
        if added <= 0 or added > len(self.lines):
            return None
        panel = _PANEL
        rect = panel.surface.get_rect()
        pad, _head, text_size, width, top, gap = self._geometry(s)
        bottom = rect.bottom - pad
        kept: Rows = {}
        new = []
        for index in range(len(self.lines) - 1, len(self.lines) - 1 - added, -1):
            rows = self._rows(index, text_size, width, you, kept)
            new.append((self._first + index, rows))
        by = sum(row.get_height() for _number, rows in new for _words, row in rows) + added * gap
        if bottom - by < top or any(
            where.top < top < where.bottom for _w, _b, where in panel.texts
        ):
            # Too many new lines, or the heading reaches down among the lines (a tiny
            # window): drawn anew.
            return None
        tops = [(number, y - by) for number, y in self._tops if y - by >= top]
        oldest = tops[-1][1] if tops else bottom - by
        band = pygame.Rect(0, top, rect.width, bottom - top)
        panel.scroll_up(band, by, oldest, shows)
        panel.surface.fill(BACKGROUND, pygame.Rect(0, top, rect.width, oldest - top))
        panel.surface.fill(BACKGROUND, pygame.Rect(0, bottom - by, rect.width, by))
        pygame.draw.line(panel.surface, palette.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        for number, _y in tops:
            key = (number, text_size, width, you)
            kept[key] = self._wrapped[key]
        y = bottom
        drawn = []
        for number, rows in new:
            y -= sum(row.get_height() for _words, row in rows)
            drawn.append((number, y))
            self._blit_rows(rows, pad, y, width)
            y -= gap
        self._tops = drawn + tops
        self._wrapped = kept
        cleared = pygame.Rect(0, top, rect.width, oldest - top)
        return band, by, [cleared, pygame.Rect(0, bottom - by, rect.width, by)]

    def _blit_rows(
        self, rows: list[tuple[str, pygame.Surface]], left: int, y: int, width: int
    ) -> None:
        """One line's rows into the panel, the first at `y`."""
        for words, row in rows:
            box = pygame.Rect(left, y, width, row.get_height())
            _PANEL.blit_line(row, words, box.topleft, box)
            y += row.get_height()

    def _paint(self, s: float, you: int | None, heading: str) -> None:
        panel = _PANEL
        rect = panel.surface.get_rect()
        panel.surface.fill(BACKGROUND)
        pygame.draw.line(panel.surface, palette.PANEL_EDGE, rect.topleft, rect.bottomleft, 2)
        pad, head, size, width, top, gap = self._geometry(s)
        widgets.blit_text(
            panel.surface,
            heading,
            head,
            palette.TEXT_DIM,
            pygame.Rect(rect.left + pad, rect.top + pad, rect.width - 2 * pad, head + 4),
            "left",
        )
        y = rect.bottom - pad
        # Only the rows shown are kept: a long game's log would hold megabytes of them.
        kept: Rows = {}
        tops = []
        for index in range(len(self.lines) - 1 - self.back, -1, -1):
            rows = self._rows(index, size, width, you, kept)
            height = sum(row.get_height() for _words, row in rows)
            if y - height < top:
                break
            y -= height
            tops.append((self._first + index, y))
            self._blit_rows(rows, rect.left + pad, y, width)
            y -= gap
        self._wrapped = kept
        self._tops = tops


def _mirror(
    surface: pygame.Surface,
    rect: pygame.Rect,
    band: pygame.Rect,
    by: int,
    strips: list[pygame.Rect],
) -> None:
    """Bring `surface`, showing the panel in `rect` as it was before `_scroll` moved its
    lines, up to date as `_scroll` did the panel: the lines in `band` moved up `by`, then
    the `strips` it drew anew copied from it (cheaper than the whole panel shown anew)."""
    shown = surface.subsurface(rect)
    shown.set_clip(band)
    shown.scroll(0, -by)
    for strip in strips:
        surface.blit(_PANEL.surface, strip.move(rect.topleft), strip)
