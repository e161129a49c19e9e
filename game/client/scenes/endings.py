"""The table's overlays drawn: the round summary, the game-over screen and the notice that the
connection was lost for good."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client import layout, palette, widgets
from game.client.cards import QUANDO, render_card
from game.client.games import CLIENT_GAMES
from game.client.i18n import N_, _, ngettext, number
from game.client.tables import Table

Color = tuple[int, int, int]


def heading(
    surface: pygame.Surface, box: pygame.Rect, title: str, s: float, color: Color = palette.ACCENT
) -> int:
    """An overlay's title at the top of `box`; returns the y below it."""
    rect = pygame.Rect(box.left + 20, box.top + layout.px(14, s), box.width - 40, layout.px(46, s))
    widgets.blit_text(surface, title, layout.px(40, s), color, rect)
    return rect.bottom + layout.px(8, s)


def draw_closed(
    surface: pygame.Surface, box: pygame.Rect, s: float, message: str, reconnects: bool
) -> None:
    """The connection is gone: why (`message`), and whether reconnecting can take the seat
    back (`reconnects`)."""
    y = heading(surface, box, _("Connection lost"), s, palette.DANGER)
    size = layout.px(22, s, 12)
    lines = [message or _("The server closed the connection.")]
    if reconnects:
        lines.append(_("Reconnect to take your seat back, or go back to the menu."))
    else:
        lines.append(_("The game cannot go on from here."))
    for text in lines:
        for line in widgets.wrap(text, size, box.width - 60):
            widgets.blit_text(
                surface, line, size, palette.TEXT, pygame.Rect(box.left, y, box.width, size + 4)
            )
            y += size + 6


def seat_label(table: Table, seat: int) -> str:
    """A seat's name in the summaries, "(you)" added to the player's own."""
    name = table.seats.name(seat)
    return _("{name} (you)").format(name=name) if seat == table.seat else name


def draw_round(
    surface: pygame.Surface,
    box: pygame.Rect,
    s: float,
    table: Table,
    event: dict[str, Any],
    left: float | None,
) -> None:
    """Quando's round summary: each hand, its sum, the round's score (the knock penalty
    shown) and the running total; `left`: the seconds before the next round starts by itself
    (None: it waits for the player)."""
    y: float = heading(surface, box, _("Round {n} is over").format(n=event["round"] + 1), s)
    reason = (
        _("The round ended because everybody had a last turn after the knock.")
        if event["reason"] == "knock"
        else _("The round ended because a player held nothing but zeros.")
    )
    size = layout.px(20, s, 11)
    widgets.blit_text(
        surface,
        reason,
        size,
        palette.TEXT_DIM,
        pygame.Rect(box.left, y, box.width, size + 4),
    )
    y += size + layout.px(14, s)
    cols = [box.left + round(box.width * f) for f in (0.04, 0.26, 0.65, 0.73, 0.9)]
    head = [
        (_("Player"), cols[0]),
        (_("Hand (fronts)"), cols[1]),
        (_("Sum"), cols[2]),
        (_("Round"), cols[3]),
        (_("Total"), cols[4]),
    ]
    for (label, x), right in zip(head, [*cols[1:], box.right - 8]):
        width = right - x - 6
        widgets.blit_text(
            surface, label, size, palette.TEXT_DIM, pygame.Rect(x, y, width, size + 4), "left"
        )
    y += size + layout.px(6, s)
    card_w = max(24, layout.px(30, s))
    row_h = max(card_w * 1.4 + 6, size * 1.6)
    for seat in range(len(event["sums"])):
        _draw_round_row(surface, table, event, seat, cols, y, row_h, size, card_w)
        y += row_h
    if left is not None:
        widgets.blit_text(
            surface,
            _("The next round starts in {n} s").format(n=number(left, 0)),
            size,
            palette.TEXT_DIM,
            pygame.Rect(box.left, box.bottom - layout.px(90, s), box.width, size + 4),
        )


def _draw_round_row(
    surface: pygame.Surface,
    table: Table,
    event: dict[str, Any],
    seat: int,
    cols: list[int],
    y: float,
    row_h: float,
    size: int,
    card_w: int,
) -> None:
    """One seat's line of the round summary at `y`."""
    score = event["scores"][seat]
    color = palette.ACCENT if score == 0 else palette.TEXT
    widgets.blit_text(
        surface,
        seat_label(table, seat),
        size,
        color,
        pygame.Rect(cols[0], y, cols[1] - cols[0] - 8, row_h),
        "left",
    )
    x = cols[1]
    for value in event["hands"][seat]:
        card = render_card(str(value), card_w, art=QUANDO)
        surface.blit(card, (x, y + 2))
        x += card_w + 2
    widgets.blit_text(
        surface,
        str(event["sums"][seat]),
        size,
        palette.TEXT,
        pygame.Rect(cols[2], y, 80, row_h),
        "left",
    )
    word = (
        _("0 – lowest!") if score == 0 and event["sums"][seat] == min(event["sums"]) else str(score)
    )
    if seat == event["knocker"]:
        word = (
            _("{score} (knock +5)") if event["knock_penalty"] else _("{score} – knocked")
        ).format(score=score)
    widgets.blit_wrapped(  # "0 – die niedrigste!" takes two lines of a narrow column
        surface,
        word,
        size,
        palette.DANGER if seat == event["knocker"] and event["knock_penalty"] else color,
        pygame.Rect(cols[3], y, cols[4] - cols[3] - size, row_h),  # an em before the total
        "left",
    )
    widgets.blit_text(
        surface,
        str(event["totals"][seat]),
        size,
        palette.TEXT,
        pygame.Rect(cols[4], y, 80, row_h),
        "left",
    )


SUMMARY_SEP = "  ·  "
"""Between the parts of the summary line ("the analysis  ·  Hints used: 2")."""


def summary_lines(words: str, size: int, width: int) -> list[str]:
    """The summary line in lines no wider than `width`: on one if it fits, else each of its
    parts on lines of its own (never "Hints used:" at one line's end, its count at the next's
    start)."""
    lines = widgets.wrap(words, size, width)
    if len(lines) == 1:
        return lines
    return [line for part in words.split(SUMMARY_SEP) for line in widgets.wrap(part, size, width)]


def draw_summary(surface: pygame.Surface, box: pygame.Rect, s: float, words: str, top: int) -> None:
    """The summary line under the scores, wrapped to the box's width in as many lines as it
    needs, ending above the buttons and never above `top`."""
    width = box.width - layout.px(40, s)
    bottom = box.bottom - layout.px(96, s)
    size = layout.px(22, s, 12)
    lines = summary_lines(words, size, width)
    while size > widgets.MIN_SIZE and (
        bottom - len(lines) * widgets.line_height(size) < top
        or any(widgets.text_width(line, size) > width for line in lines)
    ):
        size -= 1
        lines = summary_lines(words, size, width)
    step = widgets.line_height(size)
    y = max(top, bottom - len(lines) * step)
    for line in lines:
        widgets.blit_text(
            surface, line, size, palette.ACCENT, pygame.Rect(box.left, y, box.width, step)
        )
        y += step


ENDINGS = {
    "max_turns": N_("The turn limit was reached."),
    "blocked": N_("Nobody could play or draw any more."),
}
"""The game-over screen's line on a game that ended without a normal finish, by its reason."""


def draw_over(
    surface: pygame.Surface,
    box: pygame.Rect,
    s: float,
    table: Table,
    event: dict[str, Any],
    before: Callable[[int], str] | None,
    summary: str,
) -> None:
    """The game-over screen: who won, the scores in order (`before`: beside each, what the
    seat scored when this deal was played before) and the `summary` line under them."""
    result = event["result"]
    winners = result["winners"]
    names = [table.seats.who(w) for w in winners]
    if table.seat in winners:
        title = _("You win!") if len(winners) == 1 else _("You share the win!")
    else:
        title = ngettext("{names} wins", "{names} win", len(names)).format(
            names=_(" and ").join(names)
        )
    y = heading(surface, box, title, s)
    size = layout.px(24, s, 12)
    widgets.blit_text(
        surface,
        _(CLIENT_GAMES[table.game].scores),
        size,
        palette.TEXT_DIM,
        pygame.Rect(box.left, y, box.width, size + 4),
    )
    y += size + layout.px(12, s)
    order = sorted(range(len(result["scores"])), key=lambda k: result["scores"][k])
    row_h = size + layout.px(12, s)
    for place, seat in enumerate(order):
        row = pygame.Rect(box.left + box.width // 5, y, box.width * 3 // 5, row_h)
        _draw_score_row(
            surface, table, row, place, seat, result["scores"][seat], seat in winners, size
        )
        if before is not None:
            widgets.blit_text(
                surface,
                before(seat),
                layout.px(20, s, 11),
                palette.TEXT_DIM,
                pygame.Rect(row.right + 12, row.top, box.right - row.right - 20, row_h),
                "left",
            )
        y += row_h + 4
    if summary:
        draw_summary(surface, box, s, summary, y)
    ending = ENDINGS.get(event.get("reason") or "")
    if ending is not None:
        widgets.blit_text(
            surface,
            _(ending),
            layout.px(20, s, 11),
            palette.TEXT_DIM,
            pygame.Rect(box.left, y + 6, box.width, 24),
        )


def _draw_score_row(
    surface: pygame.Surface,
    table: Table,
    row: pygame.Rect,
    place: int,
    seat: int,
    score: int,
    win: bool,
    size: int,
) -> None:
    """One line of the game-over screen's scores: the place, the seat and its score."""
    if win:
        pygame.draw.rect(surface, (70, 58, 20), row, border_radius=6)
    name = seat_label(table, seat)
    if win:
        name = _("{name} – winner").format(name=name)
    widgets.blit_text(
        surface,
        f"{place + 1}.  {name}",
        size,
        palette.ACCENT if win else palette.TEXT,
        row.inflate(-20, 0),
        "left",
    )
    widgets.blit_text(
        surface,
        str(score),
        size,
        palette.TEXT,
        row.inflate(-20, 0),
        "right",
    )
