"""Rules help: how each game is played, one page per game, each rule a short section, with
small pictures drawn from the table's own cards where a picture explains faster than words."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame

from game.client import layout, palette, widgets
from game.client.cards import MIN_WIDTH, card_size, render_card
from game.client.games import CLIENT_GAMES
from game.client.i18n import N_, _, number
from game.client.rules_text import SHEET_KEYS, TABLE_KEYS, Section
from game.client.scenes import Host, Scene, background
from game.client.shortcuts import letters

Cell = tuple[int, int]


@dataclass(frozen=True)
class Panel:
    """One group of cards in a picture, with its caption under it.

    `rows` are the cards row by row: a card code as `render_card` takes it, or None for a card
    face down. `chosen` cells are drawn selected (lifted, blue), as in a hand about to be
    played. `rings` are blocks of cells, (first row, first column, last row, last column),
    circled to show a line or a run; `alarm` draws them in the danger colour (a penalty)
    instead of gold (a complete line).
    """

    rows: tuple[tuple[str | None, ...], ...]
    caption: str
    chosen: tuple[Cell, ...] = ()
    rings: tuple[tuple[int, int, int, int], ...] = ()
    alarm: bool = False


ARROW = "->"
"""Between two panels: what the first leads to (drawn as an arrow, not written)."""
OR = N_("or")

PICTURES: dict[str, tuple[Panel | str, ...]] = {
    "quando.play": (
        Panel(
            (("5", "9", "3", "4", "8"),),
            N_("A run: 3, 4, 5, in any order in your hand"),
            chosen=((0, 0), (0, 2), (0, 3)),
        ),
        OR,
        Panel((("8", "2", "8"),), N_("Equal fronts: as many as you like"), chosen=((0, 0), (0, 2))),
    ),
    "quando.triplet": (
        Panel((("7", "7", "7"),), N_("A triplet: three equal fronts")),
        ARROW,
        Panel((("0",),), N_("Holding a 0: flip it")),
        OR,
        Panel(((None,),), N_("No 0: draw a card")),
    ),
    "blanco.lines": (
        Panel(
            (
                (None, None, "orange:3", None),
                ("red:7", "sky:7", "green:7", "pink:7"),
                (None, "lime:10", None, None),
            ),
            N_("A row of one number"),
            rings=((1, 0, 1, 3),),
        ),
        Panel(
            (("navy:2", None, "yellow:5"), ("navy:9", "brown:1", None), ("navy:11", None, None)),
            N_("A column of one colour"),
            rings=((0, 0, 2, 0),),
        ),
    ),
    "blanco.two_by_two": (
        Panel(
            (("red:5", "sky:5"), ("navy:9", "pink:9")),
            N_("2 × 2, two lines complete: you remove one"),
            rings=((0, 0, 0, 1), (1, 0, 1, 1)),
        ),
        ARROW,
        Panel(
            (("navy:9", "pink:9"),),
            N_("The other waits for your next change"),
            rings=((0, 0, 0, 1),),
        ),
    ),
    "quasenbo.penalty": (
        Panel(
            (("sailor", "journey", "forest", "ace-moons"),),
            N_("Three cards share moons: draw a penalty card"),
            rings=((0, 1, 0, 3),),
            alarm=True,
        ),
        ARROW,
        Panel(
            (("journey", "forest", "ace-moons", "huntress"),),
            N_("The next moon makes four: another penalty card"),
            rings=((0, 0, 0, 3),),
            alarm=True,
        ),
    ),
}
"""The picture shown under a rule's section, by rule id: panels left to right, with an ARROW
or a word ("or") between them."""


def _panel_surface(game: str, panel: Panel, width: int, s: float) -> pygame.Surface:
    """`panel` drawn with cards `width` pixels wide, its caption wrapped under the cards."""
    cw, ch = card_size(width)
    gap = max(4, width // 7)
    cols = max(len(row) for row in panel.rows)
    grid = pygame.Rect(gap, gap, cols * cw + (cols - 1) * gap, len(panel.rows) * (ch + gap) - gap)
    size = layout.px(16, s, 12)
    panel_w = max(grid.width + 2 * gap, layout.px(140, s))
    lines = widgets.wrap(_(panel.caption), size, panel_w)
    panel_w = max(panel_w, *(widgets.text(line, size).get_width() for line in lines))
    grid.x = (panel_w - grid.width) // 2
    line_h = widgets.text("Ag", size).get_height()
    surf = pygame.Surface((panel_w, grid.bottom + gap + len(lines) * line_h), pygame.SRCALPHA)

    def cell(r: int, c: int) -> pygame.Rect:
        return pygame.Rect(grid.x + c * (cw + gap), grid.y + r * (ch + gap), cw, ch)

    for r, row in enumerate(panel.rows):
        for c, code in enumerate(row):
            highlight = "selected" if (r, c) in panel.chosen else None
            card = render_card(code, width, art=CLIENT_GAMES[game].art, highlight=highlight)
            surf.blit(card, cell(r, c))
    color = palette.DANGER if panel.alarm else palette.ACCENT
    for r0, c0, r1, c1 in panel.rings:
        # Narrower than the gap, so that rings round neighbouring lines stay apart.
        ring = cell(r0, c0).union(cell(r1, c1)).inflate(gap - 3, gap - 3)
        pygame.draw.rect(surf, color, ring, max(2, gap // 3), border_radius=gap)
    y = grid.bottom + gap
    for line in lines:
        words = widgets.text(line, size, palette.TEXT)
        surf.blit(words, words.get_rect(midtop=(panel_w // 2, y)))
        y += line_h
    return surf


def _arrow(s: float) -> pygame.Surface:
    """A short arrow pointing right, in the accent colour."""
    w, h = layout.px(30, s, 16), layout.px(18, s, 10)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    shaft = max(2, h // 5)
    pygame.draw.rect(surf, palette.ACCENT, (0, (h - shaft) // 2, w - h // 2, shaft))
    head = w - h * 0.7
    pygame.draw.polygon(surf, palette.ACCENT, [(head, 0), (w - 1, h / 2), (head, h - 1)])
    return surf


def _connector(word: str, s: float) -> pygame.Surface:
    """What stands between two panels: an arrow for ARROW, else the word, translated."""
    if word == ARROW:
        return _arrow(s)
    return widgets.text(_(word), layout.px(26, s, 14), palette.ACCENT)


def picture(rule: str, max_width: int, s: float) -> pygame.Surface | None:
    """The picture for `rule` at scale `s`, at most `max_width` pixels wide (the cards shrink
    to fit, down to the smallest card drawn), or None if the rule has none."""
    parts = PICTURES.get(rule)
    if parts is None:
        return None
    game = rule.split(".", 1)[0]
    # Grids take three rows of cards: smaller cards keep them from filling the page.
    tall = any(isinstance(part, Panel) and len(part.rows) > 1 for part in parts)
    width = layout.card_width(38 if tall else 48, s)
    while True:
        surfaces = [
            _panel_surface(game, part, width, s) if isinstance(part, Panel) else _connector(part, s)
            for part in parts
        ]
        gap = layout.px(14, s)
        total = sum(surf.get_width() for surf in surfaces) + gap * (len(surfaces) - 1)
        if total <= max_width or width <= MIN_WIDTH:
            break
        width = max(MIN_WIDTH, width - 4)
    cards_h = card_size(width)[1]
    out = pygame.Surface((total, max(surf.get_height() for surf in surfaces)), pygame.SRCALPHA)
    x = 0
    for surf, part in zip(surfaces, parts):
        # Words between panels sit level with the cards' middle, not the captions'.
        y = 0 if isinstance(part, Panel) else max(0, cards_h // 2 - surf.get_height() // 2)
        out.blit(surf, (x, y))
        x += surf.get_width() + gap
    return out


@dataclass(frozen=True)
class Placed:
    """One piece of a help page: what to draw and where, in page coordinates (y from the top
    of the page's content, before scrolling); `kind` is "title", "text" or "picture"."""

    rect: pygame.Rect
    surface: pygame.Surface
    kind: str


def section_text(game: str, section: Section) -> str:
    """A rule's text in the player's language, with the defaults of the options it explains
    where it names them ({max_turns}): the engine's, written the player's way ("1.000")."""
    options = CLIENT_GAMES[game].engine.OPTIONS
    numbers = {
        name: number(options[name].default)
        for name in section.options
        if isinstance(options[name].default, int) and not isinstance(options[name].default, bool)
    }
    return _(section.text).format(**numbers)


def page(game: str, width: int, s: float) -> tuple[list[Placed], int]:
    """`game`'s help laid out `width` pixels wide at scale `s`: each rule's title, its text
    wrapped, its picture centred under it; then the table's keys. Returns the pieces and the
    content's height."""
    title_size, text_size = layout.px(24, s, 14), layout.px(20, s, 12)
    line_h = widgets.text("Ag", text_size).get_height() + layout.px(2, s)
    placed: list[Placed] = []
    y = 0

    def lines(value: str, color: palette.RGB) -> None:
        nonlocal y
        for line in widgets.wrap(value, text_size, width):
            surf = widgets.text(line, text_size, color)
            placed.append(Placed(surf.get_rect(topleft=(0, y)), surf, "text"))
            y += line_h

    def heading(value: str) -> None:
        nonlocal y
        surf = widgets.fit_text(value, title_size, palette.ACCENT, width)
        placed.append(Placed(surf.get_rect(topleft=(0, y)), surf, "title"))
        y += surf.get_height() + layout.px(4, s)

    for section in CLIENT_GAMES[game].help:
        heading(_(section.title))
        lines(section_text(game, section), palette.TEXT)
        drawing = picture(section.rule, width, s)
        if drawing is not None:
            y += layout.px(8, s)
            placed.append(Placed(drawing.get_rect(midtop=(width // 2, y)), drawing, "picture"))
            y += drawing.get_height()
        y += layout.px(16, s)
    heading(_("Keys"))
    client = CLIENT_GAMES[game]
    lines(_(client.keys).format(**letters()), palette.TEXT_DIM)
    y += layout.px(6, s)
    if client.table.SHEET:
        lines(_(SHEET_KEYS), palette.TEXT_DIM)
    lines(_(TABLE_KEYS), palette.TEXT_DIM)
    return placed, y


class RulesScene(Scene):
    """The rules of the three games, one tab each: the mouse wheel, the arrow keys, Page Up /
    Page Down and Home / End scroll; Left / Right change the game; Esc or F1 closes."""

    listens = False

    def __init__(self, app: Host, game: str = "quando") -> None:
        super().__init__(app)
        self.game = game if game in CLIENT_GAMES else "quando"
        self.scroll = 0
        self.resize()

    def resize(self) -> None:
        s = self.s
        body = layout.text_page(self.size)
        tabs = pygame.Rect(body.left, body.top, body.width, layout.px(40, s))
        self.page = pygame.Rect(
            body.left,
            tabs.bottom + layout.px(10, s),
            body.width,
            body.height - tabs.height - layout.px(10, s),
        )
        self.pad = layout.px(16, s)
        self.view = self.page.inflate(-2 * self.pad, -2 * layout.px(10, s))
        self.form = widgets.Form()
        width = (tabs.width - 2 * layout.px(10, s)) // len(CLIENT_GAMES)
        for k, game in enumerate(CLIENT_GAMES):
            rect = pygame.Rect(
                tabs.left + k * (width + layout.px(10, s)), tabs.top, width, tabs.height
            )
            self.form.add(
                widgets.Button(
                    rect,
                    CLIENT_GAMES[game].title,
                    partial(self.show, game),
                    style="primary" if game == self.game else "normal",
                )
            )
        self.form.add(
            widgets.Button(
                layout.bottom_buttons(self.size, 1)[0], _("Back"), lambda: self.app.pop(self)
            )
        )
        # Room at the right for the scroll bar, so it never covers a word.
        self.pieces, self.height = page(self.game, self.view.width - layout.px(12, s), s)
        self._scroll(0)

    def show(self, game: str) -> None:
        """Turn to `game`'s page, at its top."""
        self.game, self.scroll = game, 0
        self.resize()

    def handle(self, event: pygame.event.Event) -> None:
        line = layout.px(26, self.s)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.app.pop(self)
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y * line * 3)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            games = list(CLIENT_GAMES)
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.show(games[(games.index(self.game) + step) % len(games)])
            return
        moves = {
            pygame.K_DOWN: line,
            pygame.K_UP: -line,
            pygame.K_PAGEDOWN: self.view.height - line,
            pygame.K_PAGEUP: line - self.view.height,
            pygame.K_HOME: -self.height,
            pygame.K_END: self.height,
        }
        if event.type == pygame.KEYDOWN and event.key in moves:
            self._scroll(moves[event.key])
            return
        self.form.handle(event)

    def _scroll(self, amount: int) -> None:
        bottom = max(0, self.height - self.view.height)
        self.scroll = max(0, min(bottom, self.scroll + amount))

    def draw(self, surface: pygame.Surface) -> None:
        background(surface)
        s = self.s
        widgets.blit_text(
            surface,
            _("How to play {game}").format(game=CLIENT_GAMES[self.game].title),
            layout.px(44, s),
            palette.ACCENT,
            layout.heading(self.size),
        )
        widgets.panel(surface, self.page, palette.PANEL, 225)
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for piece in self.pieces:
            where = piece.rect.move(self.view.left, self.view.top - self.scroll)
            if where.colliderect(self.view):
                surface.blit(piece.surface, where)
        surface.set_clip(clip)
        if self.height > self.view.height:
            track = pygame.Rect(
                self.view.right - layout.px(6, s), self.view.top, layout.px(6, s), self.view.height
            )
            knob_h = max(layout.px(24, s), track.height * self.view.height // self.height)
            travel = track.height - knob_h
            knob_y = track.top + travel * self.scroll // max(1, self.height - self.view.height)
            pygame.draw.rect(surface, palette.PANEL_EDGE, track, border_radius=3)
            pygame.draw.rect(
                surface,
                palette.TEXT_DIM,
                pygame.Rect(track.left, knob_y, track.width, knob_h),
                border_radius=3,
            )
        self.form.draw(surface)
