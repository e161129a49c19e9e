"""Card faces and backs for the client's sprites, drawn by the program at any size
(no image files): each game's look is one `CardArt` (QUANDO, BLANCO, DECKTET).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import pygame

from game.client import i18n, palette
from game.client.i18n import _
from game.client.palette import RGB, mix
from game.client.steps import ace_title
from game.rules import blanco, decktet, quando

# --- Card tables ------------------------------------------------------------------------
# The cards themselves are the engines' (game/rules); what is added here is how a card is
# labelled on its face.

QUANDO_NUMBERS: tuple[int, ...] = tuple(
    sorted({int(code.split("/")[0]) for code in quando.CODE.values()})
)
"""Quando card sides: a hand or pile shows one side, coded as the number's string."""

RANK_LABELS: dict[int | None, str] = {
    decktet.ACE: "A",
    decktet.CROWN: "C",
    decktet.PAWN: "P",
    decktet.COURT: "Ct",
    None: "",
}
"""How a Decktet rank is printed on a card face (the numbers 2–9 as themselves)."""

DECKTET_CARDS: dict[str, tuple[str, tuple[str, ...]]] = {
    card.code: (RANK_LABELS.get(card.rank, str(card.rank)), card.suits)
    for card in decktet.FIRST_COPIES
}
"""Quäsenbö (Decktet) code -> (rank label, suits), in RULES.md's canonical order.

Rank labels: "A", "2".."9", "C" for Crown (drawn as a crown), "P" Pawn, "Ct" Court, and ""
for the Excuse, which has no rank and no suit. A "#2" suffix (second copy in a double deck)
is accepted by `render_card` and drawn like the first copy.
"""

HIGHLIGHTS: tuple[str, ...] = ("legal", "selected", "hover", "known")

# Why these limits: below 24 px nothing on a card is legible; above 1024 one surface
# costs megabytes and the cache could hold hundreds.
MIN_WIDTH = 24
MAX_WIDTH = 1024
ASPECT = 1.4

# Blanco's colour-blind symbols: one shape per colour, told apart by outline alone.
# Mnemonic where one exists (red heart, sky drop, navy night moon, green clover).
BLANCO_SYMBOLS: dict[str, str] = {
    "red": "heart",
    "orange": "circle",
    "yellow": "star",
    "lime": "triangle",
    "green": "clover",
    "sky": "drop",
    "navy": "moon",
    "purple": "diamond",
    "pink": "cross",
    "brown": "square",
}


# --- Public API -------------------------------------------------------------------------


def card_size(width: int) -> tuple[int, int]:
    """Return the (width, height) in pixels of a card rendered at `width`: height is
    round(width * 1.4).

    The surface includes a thin transparent margin (about 5% of the width) that holds the
    shadow and the highlight glow, so cards laid edge to edge still show a small gap.
    """
    return width, round(width * ASPECT)


@dataclass(frozen=True, eq=False)
class CardArt:
    """How one game's cards look: every card code in canonical order (`codes`, "#2" copies
    not included), `canonical` (a code with a double deck's "#2" removed; ValueError, naming
    the game, if it has no such card), the face's paper colour and drawing (`face`), the back
    (`back`), and the chip a known card's back shows (`label`, drawn in a box `label_width`
    card units wide: clear of the eye mark). For the contact sheets: a `sample` card, the
    `columns`, `extras` (more pictures by width) and whether a grey copy checks that the
    symbols work without colour (`grey`). `web` is the browser table's furniture for these
    cards (browser_table/cards.json, made by game.client.webcards). Compared by identity: it
    keys the picture cache."""

    codes: tuple[str, ...]
    canonical: Callable[[str], str]
    paper: RGB
    face: Callable[[_Canvas, str], None]
    back: Callable[[_Canvas], None]
    label: Callable[[_Canvas, str, float, float, float, float], None]
    label_width: float
    sample: str
    columns: int
    web: Callable[[], dict[str, Any]]
    extras: Callable[[int], list[tuple[str, pygame.Surface]]] = lambda width: []
    grey: bool = False


def render_card(
    code: str | None,
    width: int,
    *,
    art: CardArt,
    face_up: bool = True,
    highlight: str | None = None,
) -> pygame.Surface:
    """Return the picture of one card as an SRCALPHA surface of `card_size(width)`.

    `art` is the game's look (QUANDO, BLANCO, DECKTET). `code` is the card as the client shows it:
    Quando "0".."10" (the one side on view), Blanco "color:number", Quäsenbö a Decktet code
    from `DECKTET_CARDS`, optionally with the "#2" suffix. `code=None` or `face_up=False`
    draws the game's back. `highlight` is None, "legal" (gold glow), "selected" (blue
    outline, lifted shadow), "hover" (light outline) or "known" (an eye mark; with
    `face_up=False` the back also shows a small label of the card `code`, for a face-down
    card the viewer has peeked at; it therefore needs a code).

    The result is cached (LRU, keyed on the arguments and the language, which the words on a
    Quäsenbö face are in): repeated calls return the *same* surface, so callers must not draw
    on it (copy it first). It is not converted to a
    display format because no display may exist; needs only `pygame.font`, which is
    initialised on first use. Raises ValueError for an unknown code or highlight, or a width
    outside MIN_WIDTH..MAX_WIDTH.
    """
    _check_width(width)
    if highlight is not None and highlight not in HIGHLIGHTS:
        raise ValueError(f"unknown highlight {highlight!r}; expected None or one of {HIGHLIGHTS}")
    if code is not None:
        code = _canonical(art, code)
    elif highlight == "known":
        raise ValueError("highlight 'known' needs the code of the known card")
    if code is None or not face_up:
        # Every plain back looks the same, whatever card lies under it: share one drawing.
        label = code if highlight == "known" else None
        return _draw_cached(art, label, width, False, highlight, i18n.language())
    return _draw_cached(art, code, width, True, highlight, i18n.language())


@lru_cache(maxsize=512, typed=True)
def render_quando_pair(up: int, down: int | None, width: int) -> pygame.Surface:
    """Return a Quando card showing side `up` big and, unless `down` is None, side `down` small.

    For the open replay view, where both sides of a card are known. The other side sits in
    the lower-left corner as a small card of its own colour. With `down=None` this is the
    same surface as `render_card(str(up), width, art=QUANDO)`. Cached like `render_card`.
    Raises ValueError if a number is outside 0..10, if up == down, or for a bad width.
    """
    for side in (up, down):
        if side is not None and (
            isinstance(side, bool) or not isinstance(side, int) or side not in QUANDO_NUMBERS
        ):
            raise ValueError(f"Quando sides are ints 0..10, got {side!r}")
    if up == down:
        raise ValueError(f"a Quando card has two different numbers, got {up} on both sides")
    if down is None:
        return render_card(str(up), width, art=QUANDO)
    _check_width(width)
    cv = _Canvas(width)
    _card_body(cv, palette.CARD_FACE, raised=False)
    _quando_face(cv, up)
    _quando_other_side(cv, down)
    return cv.finish()


@lru_cache(maxsize=256, typed=True)
def render_outline(width: int, highlight: str) -> pygame.Surface:
    """Return only the `highlight` glow or outline of a card of `width`, on a transparent
    surface of `card_size(width)`: to lay over a picture that already uses its highlight slot
    (a peeked Blanco card that is also a legal choice). Cached like `render_card`. Raises
    ValueError for a highlight other than "legal", "selected" or "hover", or a bad width."""
    _check_width(width)
    if highlight not in ("legal", "selected", "hover"):
        raise ValueError(f"render_outline draws 'legal', 'selected' or 'hover', not {highlight!r}")
    cv = _Canvas(width)
    _highlight(cv, highlight)
    return cv.finish()


@lru_cache(maxsize=256, typed=True)
def render_symbol(name: str, size: int) -> pygame.Surface:
    """Return one symbol alone on a transparent `size` x `size` surface: a Decktet suit
    ("moons" …) or a Blanco colour's colour-blind symbol (name = the colour; no colour is a
    suit's name). For buttons and labels outside the cards. Cached. Raises ValueError for an
    unknown name, or a size outside MIN_WIDTH..MAX_WIDTH."""
    _check_width(size)
    draw: Callable[[_Canvas, str, float, float, float], None]
    if name in decktet.SUITS:
        draw = _suit_symbol
    elif name in blanco.COLOURS:
        draw = _blanco_symbol
    else:
        raise ValueError(f"no symbol {name!r}: expected a Decktet suit or a Blanco colour")
    cv = _Canvas(size)
    # The canvas is a card; the symbol fills the square at its centre, then that square is cut out.
    draw(cv, name, 0.5, cv.aspect / 2, 0.95)
    card = cv.finish()
    top = (card.get_height() - size) // 2
    return card.subsurface(pygame.Rect(0, top, size, size)).copy()


def _svg(parts: Sequence[_Part]) -> str:
    """One symbol's shapes as SVG elements in a box from -0.5 to 0.5, for the browser table
    to draw the same shapes (a Decktet suit's detail in `class="detail"`). Colours are the
    page's to fill."""
    out = []
    for part in parts:
        cls = ' class="detail"' if part.detail else ""
        pts = " ".join(f"{x:.3f},{y:.3f}" for x, y in part.pts)
        if part.kind == "circle":
            (x, y), r = part.pts[0], part.radii[0]
            out.append(f'<circle{cls} cx="{x:.3f}" cy="{y:.3f}" r="{r:.3f}"/>')
        elif part.kind == "stroke":
            # A stroke's width tapers in pygame; one mean width is close at a card's size.
            width = 2 * sum(part.radii) / len(part.radii)
            tag = "polygon" if part.closed else "polyline"
            out.append(
                f'<{tag}{cls} points="{pts}" fill="none" stroke-width="{width:.3f}" '
                f'stroke-linecap="round" stroke-linejoin="round"/>'
            )
        else:
            out.append(f'<polygon{cls} points="{pts}"/>')
    return "".join(out)


# --- Validation -------------------------------------------------------------------------


def _check_width(width: int) -> None:
    if isinstance(width, bool) or not isinstance(width, int) or not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"card width must be an int in {MIN_WIDTH}..{MAX_WIDTH}, got {width!r}")


def _canonical(art: CardArt, code: str) -> str:
    """The code with a double deck's "#2" removed; ValueError if `art`'s game has no such
    card."""
    if not isinstance(code, str):
        raise ValueError(f"a card code is a str, got {code!r}")
    return art.canonical(code)


# --- The canvas: shapes supersampled, text at final size ------------------------------------


class _Canvas:
    """One card being drawn, in *card units*: 1.0 is the width of the card body.

    Shapes go onto a supersampled layer that is smoothscaled down at the end, which gives
    pygame's aliased primitives clean edges; text is queued and blitted at the final size
    afterwards, because the font's own antialiasing is crisper than a scaled-down render.
    So text always lies above shapes; no card needs it the other way round.
    Inside `rotated()` every position is turned 180° about the card's centre, which draws
    the lower-right corner index from the same code as the upper-left one.
    """

    def __init__(self, width: int) -> None:
        w, h = card_size(width)
        self.size = (w, h)
        self.margin = max(2, round(width * 0.05))
        self.unit = w - 2 * self.margin
        self.aspect = (h - 2 * self.margin) / self.unit  # body height in card units
        # Small cards get more supersampling: their shapes are a few pixels across. Only
        # powers of two: smoothscale by 3 turns an opaque 255 into 253 and shifts colours.
        self.ss = 4 if width < 100 else 2
        self.layer = pygame.Surface((w * self.ss, h * self.ss), pygame.SRCALPHA)
        self._texts: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._rot = False

    # coordinates
    def pt(self, x: float, y: float) -> tuple[float, float]:
        """A card-unit point on the supersampled layer."""
        if self._rot:
            x, y = 1.0 - x, self.aspect - y
        return (self.margin + x * self.unit) * self.ss, (self.margin + y * self.unit) * self.ss

    def px(self, length: float) -> float:
        """A card-unit length on the supersampled layer."""
        return length * self.unit * self.ss

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A card-unit box on the supersampled layer, edges rounded to whole pixels."""
        if self._rot:
            x, y = 1.0 - x - w, self.aspect - y - h
        k = self.ss
        left = round((self.margin + x * self.unit) * k)
        top = round((self.margin + y * self.unit) * k)
        right = round((self.margin + (x + w) * self.unit) * k)
        bottom = round((self.margin + (y + h) * self.unit) * k)
        return pygame.Rect(left, top, right - left, bottom - top)

    @contextmanager
    def rotated(self) -> Iterator[None]:
        self._rot = True
        try:
            yield
        finally:
            self._rot = False

    @contextmanager
    def overlay(self) -> Iterator[None]:
        """Draw on a fresh layer and alpha-blend it on top (pygame.draw itself never blends)."""
        base = self.layer
        self.layer = pygame.Surface(base.get_size(), pygame.SRCALPHA)
        try:
            yield
        finally:
            base.blit(self.layer, (0, 0))
            self.layer = base

    @contextmanager
    def clipped(self, x: float, y: float, w: float, h: float) -> Iterator[None]:
        previous = self.layer.get_clip()
        self.layer.set_clip(self.rect(x, y, w, h))
        try:
            yield
        finally:
            self.layer.set_clip(previous)

    # shapes
    def rrect(
        self,
        color: Sequence[int],
        x: float,
        y: float,
        w: float,
        h: float,
        radius: float,
        width: float = 0,
    ) -> None:
        line = 0 if width == 0 else max(1, round(self.px(width)))
        pygame.draw.rect(
            self.layer,
            color,
            self.rect(x, y, w, h),
            line,
            border_radius=max(0, round(self.px(radius))),
        )

    def poly(self, color: Sequence[int], pts: Sequence[tuple[float, float]]) -> None:
        pygame.draw.polygon(self.layer, color, [self.pt(x, y) for x, y in pts])

    def circle(self, color: Sequence[int], x: float, y: float, r: float, width: float = 0) -> None:
        line = 0 if width == 0 else max(1, round(self.px(width)))
        pygame.draw.circle(self.layer, color, self.pt(x, y), max(1.0, self.px(r)), line)

    def stroke(
        self,
        color: Sequence[int],
        pts: Sequence[tuple[float, float]],
        radii: float | Sequence[float],
        closed: bool = False,
    ) -> None:
        """A thick line with round joins and caps (pygame's wide lines leave gaps at joins)."""
        rs = [radii] * len(pts) if isinstance(radii, (int, float)) else list(radii)
        mapped = [self.pt(x, y) for x, y in pts]
        if min(rs) == max(rs):  # one call for the whole path: the common case, and cheaper
            pygame.draw.lines(self.layer, color, closed, mapped, max(1, round(self.px(2 * rs[0]))))
        else:
            for (a, b), ra, rb in zip(
                zip(mapped, mapped[1:] + mapped[:1] if closed else mapped[1:]),
                rs,
                rs[1:] + rs[:1] if closed else rs[1:],
            ):
                pygame.draw.line(self.layer, color, a, b, max(1, round(self.px(ra + rb))))
        for p, r in zip(mapped, rs):
            pygame.draw.circle(self.layer, color, p, max(0.5, self.px(r)))

    # text
    def text(
        self,
        text: str,
        color: RGB,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        align: str = "center",
    ) -> None:
        """Queue `text` (numerals, capitals) cropped to its ink and as large as fits the box."""
        box_w, box_h = max(1, round(w * self.unit)), max(1, round(h * self.unit))
        self._place(_ink_surface(text, color, box_w, box_h), x, y, w, h, align)

    def words(
        self, text: str, color: RGB, x: float, y: float, w: float, h: float, cap: float
    ) -> None:
        """Queue a name centred in the box, its capitals `cap` high where the box allows.

        Sizing by capital height, not by the box, sets all names alike: a long name wraps
        onto a second line rather than shrink much. `cap` never goes below 5 px, the
        smallest at which the bundled font stays legible.
        """
        box_w, box_h = max(1, round(w * self.unit)), max(1, round(h * self.unit))
        cap_px = max(5, round(cap * self.unit))
        self._place(_words_surface(text, color, box_w, box_h, cap_px), x, y, w, h, "center")

    def _place(
        self, surf: pygame.Surface, x: float, y: float, w: float, h: float, align: str
    ) -> None:
        box_w, box_h = max(1, round(w * self.unit)), max(1, round(h * self.unit))
        if self._rot:
            surf = pygame.transform.flip(surf, True, True)
            x, y = 1.0 - x - w, self.aspect - y - h
        left = self.margin + x * self.unit
        top = self.margin + y * self.unit
        sw, sh = surf.get_size()
        if align == "left":
            pos_x = left if not self._rot else left + box_w - sw
        else:
            pos_x = left + (box_w - sw) / 2
        self._texts.append((surf, (round(pos_x), round(top + (box_h - sh) / 2))))

    def finish(self) -> pygame.Surface:
        out = pygame.transform.smoothscale(self.layer, self.size)
        for surf, pos in self._texts:
            out.blit(surf, pos)
        return out


# --- Text ---------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _cap_ratio() -> float:
    """Ink height of a capital per unit of font size, measured once for the bundled font."""
    probe = palette.sized(200).render("H", True, (0, 0, 0))
    return probe.get_bounding_rect().height / 200


@lru_cache(maxsize=4096)
def _ink_surface(text: str, color: RGB, max_w: int, max_h: int) -> pygame.Surface:
    """`text` cropped to its ink, as large as fits `max_w` × `max_h`.

    A lone 6 or 9 gets a bar beneath, as on playing cards: corner indices are drawn
    upside down too, and the bar keeps the two apart.
    """
    if text in ("6", "9"):
        # 0.84 of the box for the digit leaves 0.16 for the gap and bar (0.07 + 0.09).
        return _underlined(_fit_ink(text, color, max_w, round(max_h * 0.84)), color)
    return _fit_ink(text, color, max_w, max_h)


def _fit_ink(text: str, color: RGB, max_w: int, max_h: int) -> pygame.Surface:
    size = max(2, int(max_h / _cap_ratio()))
    while True:
        ink = _crop(palette.sized(size).render(text, True, color))
        over = max(ink.get_width() / max_w, ink.get_height() / max_h)
        if over <= 1.0 or size <= 2:
            return ink
        size = max(2, min(size - 1, int(size / over)))


def _underlined(ink: pygame.Surface, color: RGB) -> pygame.Surface:
    w, h = ink.get_size()
    bar, gap = max(1, round(h * 0.09)), max(1, round(h * 0.07))
    out = pygame.Surface((w, h + gap + bar), pygame.SRCALPHA)
    out.blit(ink, (0, 0))
    inset = round(w * 0.12)
    out.fill((*color, 255), pygame.Rect(inset, h + gap, w - 2 * inset, bar))
    return out


def _crop(surf: pygame.Surface) -> pygame.Surface:
    box = surf.get_bounding_rect()
    if box.width == 0:
        return surf
    return surf.subsurface(box).copy()


@lru_cache(maxsize=1024)
def _words_surface(text: str, color: RGB, max_w: int, max_h: int, cap_px: int) -> pygame.Surface:
    """`text` with capitals `cap_px` high, on two lines if one would be much too wide for
    `max_w`; smaller only as far as needed to fit the box."""
    size = max(2, round(cap_px / _cap_ratio()))
    lines = [text]
    cuts = [i for i, ch in enumerate(text) if ch in " -"]
    # A line a little too wide shrinks (the loop below); a much wider one wraps, at the
    # space or hyphen nearest the middle, keeping a hyphen on the first line.
    if palette.sized(size).size(text)[0] > max_w * 1.15 and cuts:
        i = min(cuts, key=lambda j: abs(j - len(text) / 2))
        lines = [text[: i + 1].rstrip(), text[i + 1 :].lstrip()]

    def step(f: pygame.font.Font) -> int:
        # The bundled font's line box is roomy.
        return f.get_linesize() - max(1, f.get_height() // 6)

    while size > 2:
        f = palette.sized(size)
        over = max(
            max(f.size(line)[0] for line in lines) / max_w,
            (step(f) * (len(lines) - 1) + f.get_height()) / max_h,
        )
        if over <= 1.0:
            break
        size = max(2, min(size - 1, int(size / over)))
    f = palette.sized(size)
    rendered = [f.render(line, True, color) for line in lines]
    out = pygame.Surface(
        (
            max(r.get_width() for r in rendered),
            step(f) * (len(rendered) - 1) + rendered[-1].get_height(),
        ),
        pygame.SRCALPHA,
    )
    for i, r in enumerate(rendered):
        out.blit(r, ((out.get_width() - r.get_width()) // 2, i * step(f)))
    return out


# --- Shapes in a unit box (centre 0,0; extent about ±0.5) -------------------------------

Pt = tuple[float, float]


class _Part(NamedTuple):
    """One piece of a symbol: a filled polygon, a filled circle or a round stroke."""

    kind: str  # "poly", "circle" or "stroke"
    pts: tuple[Pt, ...]  # polygon or path; a circle's centre
    radii: tuple[float, ...] = ()  # a circle's radius; a stroke's half-width per point
    detail: bool = False  # drawn last, in the symbol's lighter detail colour
    closed: bool = False  # a stroke that returns to its start


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int) -> list[Pt]:
    return [
        (cx + r * math.cos(a0 + (a1 - a0) * i / n), cy + r * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    ]


def _regular(n: int, r: float, start: float = -math.pi / 2) -> tuple[Pt, ...]:
    return tuple(
        (r * math.cos(start + 2 * math.pi * i / n), r * math.sin(start + 2 * math.pi * i / n))
        for i in range(n)
    )


def _star(n: int, r_out: float, r_in: float) -> tuple[Pt, ...]:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + math.pi * i / n
        pts.append((r * math.cos(a), r * math.sin(a)))
    return tuple(pts)


def _crescent(R: float, r: float, dx: float, dy: float, n: int = 24) -> tuple[Pt, ...]:
    """The part of the circle (0,0,R) outside the circle (dx,dy,r): a crescent moon."""
    d = math.hypot(dx, dy)
    a = (R * R - r * r + d * d) / (2 * d)  # distance from the outer centre to the chord
    away = math.atan2(-dy, -dx)  # the crescent's back faces away from the bite
    outer = math.pi - math.acos(a / R)  # half-angle of the back, seen from the outer centre
    inner = math.acos((d - a) / r)  # half-angle of the bite's edge, seen from its centre
    pts = _arc(0.0, 0.0, R, away - outer, away + outer, n)
    pts += _arc(dx, dy, r, away + inner, away - inner, n)[1:-1]
    return tuple(pts)


def _rotate(pts: Sequence[Pt], angle: float) -> tuple[Pt, ...]:
    c, s = math.cos(angle), math.sin(angle)
    return tuple((x * c - y * s, x * s + y * c) for x, y in pts)


def _normalised(parts: Sequence[_Part], extent: float = 0.5) -> tuple[_Part, ...]:
    """Scale and centre `parts` so their bounding box fits ±extent, aspect kept."""
    xs: list[float] = []
    ys: list[float] = []
    for p in parts:
        pad = max(p.radii) if p.radii else 0.0
        for x, y in p.pts:
            xs += [x - pad, x + pad]
            ys += [y - pad, y + pad]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    k = 2 * extent / max(max(xs) - min(xs), max(ys) - min(ys))
    return tuple(
        p._replace(
            pts=tuple(((x - cx) * k, (y - cy) * k) for x, y in p.pts),
            radii=tuple(r * k for r in p.radii),
        )
        for p in parts
    )


def _heart() -> tuple[Pt, ...]:
    pts = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return tuple(pts)


def _drop() -> tuple[Pt, ...]:
    pts = []
    for i in range(40):
        t = 2 * math.pi * i / 40
        pts.append((0.62 * math.sin(t) * math.sin(t / 2) ** 1.3, -math.cos(t)))
    return tuple(pts)


def _blanco_symbols() -> dict[str, tuple[_Part, ...]]:
    s = {
        "circle": (_Part("circle", ((0.0, 0.0),), (0.5,)),),
        "triangle": (_Part("poly", _regular(3, 0.5)),),
        "square": (_Part("poly", ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5))),),
        "diamond": (_Part("poly", ((0.0, -0.5), (0.36, 0.0), (0.0, 0.5), (-0.36, 0.0))),),
        "star": (_Part("poly", _star(5, 0.5, 0.21)),),
        "cross": (
            _Part(
                "poly",
                (
                    (-0.17, -0.5),
                    (0.17, -0.5),
                    (0.17, -0.17),
                    (0.5, -0.17),
                    (0.5, 0.17),
                    (0.17, 0.17),
                    (0.17, 0.5),
                    (-0.17, 0.5),
                    (-0.17, 0.17),
                    (-0.5, 0.17),
                    (-0.5, -0.17),
                    (-0.17, -0.17),
                ),
            ),
        ),
        "heart": (_Part("poly", _heart()),),
        "moon": (_Part("poly", _crescent(0.5, 0.42, 0.24, -0.14)),),
        "drop": (_Part("poly", _drop()),),
        "clover": (
            _Part("poly", ((0.0, 0.1), (-0.1, 0.55), (0.1, 0.55))),
            _Part("circle", ((0.0, -0.24),), (0.22,)),
            _Part("circle", ((-0.23, 0.08),), (0.22,)),
            _Part("circle", ((0.23, 0.08),), (0.22,)),
        ),
    }
    # Optical sizes: a square looks bigger than a triangle of the same box.
    extent = {"square": 0.4, "circle": 0.44, "diamond": 0.5, "cross": 0.45, "triangle": 0.5}
    return {name: _normalised(parts, extent.get(name, 0.48)) for name, parts in s.items()}


def _wave_path(y0: float) -> tuple[Pt, ...]:
    return tuple(
        (-0.45 + 0.9 * i / 24, y0 + 0.08 * math.sin(4 * math.pi * i / 24)) for i in range(25)
    )


def _leaf() -> tuple[_Part, ...]:
    half = []
    for i in range(17):
        x = -0.5 + i / 16
        half.append((x, 0.2 * (1 - (2 * x) ** 2) ** 0.9))
    outline = tuple(half) + tuple((x, -y) for x, y in reversed(half[1:-1]))
    angle = -math.pi / 4
    return (
        _Part("stroke", _rotate(((-0.5, 0.0), (-0.64, 0.0)), angle), (0.035, 0.035)),
        _Part("poly", _rotate(outline, angle)),
        _Part("stroke", _rotate(((-0.4, 0.0), (0.36, 0.0)), angle), (0.022, 0.012), detail=True),
    )


def _wyrm() -> tuple[_Part, ...]:
    # A fat S, tail thin at the lower left, a round head at the upper right: about as wide
    # as it is tall, so it stays a serpent at 10 px instead of a squiggle.
    lower = [
        (0.3 * math.cos(a), 0.2 + 0.2 * math.sin(a))
        for a in (math.radians(d) for d in range(160, -91, -10))
    ]
    upper = [
        (0.3 * math.cos(a), -0.2 + 0.2 * math.sin(a))
        for a in (math.radians(d) for d in range(90, 339, 10))
    ]
    path = tuple(lower + upper[1:])
    n = len(path)
    radii = tuple(0.03 + 0.07 * i / (n - 1) for i in range(n))
    hx, hy = path[-1]
    return (
        _Part("stroke", path, radii),
        _Part("circle", ((hx + 0.02, hy - 0.02),), (0.13,)),
        _Part("circle", ((hx + 0.06, hy - 0.06),), (0.035,), detail=True),
    )


def _knot() -> tuple[_Part, ...]:
    # A trefoil: the simplest true knot, read as "a knot" even without over/under breaks.
    path = tuple(
        (math.sin(t) + 2 * math.sin(2 * t), math.cos(t) - 2 * math.cos(2 * t))
        for t in (2 * math.pi * i / 48 for i in range(48))
    )
    return (
        _Part("stroke", path, (0.42,) * 48, closed=True),
        _Part("stroke", path, (0.12,) * 48, detail=True, closed=True),
    )


def _decktet_symbols() -> dict[str, tuple[_Part, ...]]:
    rays = []
    for i in range(8):
        a = 2 * math.pi * i / 8
        rays.append(
            _Part(
                "poly",
                (
                    (0.3 * math.cos(a - 0.2), 0.3 * math.sin(a - 0.2)),
                    (0.5 * math.cos(a), 0.5 * math.sin(a)),
                    (0.3 * math.cos(a + 0.2), 0.3 * math.sin(a + 0.2)),
                ),
            )
        )
    s = {
        "moons": (_Part("poly", _crescent(0.5, 0.41, -0.22, -0.12)),),
        "suns": (_Part("circle", ((0.0, 0.0),), (0.23,)), *rays),
        "waves": tuple(_Part("stroke", _wave_path(y), (0.06,) * 25) for y in (-0.28, 0.0, 0.28)),
        "leaves": _leaf(),
        "wyrms": _wyrm(),
        "knots": _knot(),
    }
    return {name: _normalised(parts, 0.48) for name, parts in s.items()}


def _crown() -> tuple[_Part, ...]:
    body = (
        (-0.46, 0.28),
        (-0.5, -0.18),
        (-0.22, 0.04),
        (0.0, -0.3),
        (0.22, 0.04),
        (0.5, -0.18),
        (0.46, 0.28),
    )
    return _normalised(
        (
            _Part("poly", body),
            _Part("circle", ((-0.5, -0.2),), (0.08,)),
            _Part("circle", ((0.0, -0.32),), (0.08,)),
            _Part("circle", ((0.5, -0.2),), (0.08,)),
            _Part("poly", ((-0.46, 0.33), (0.46, 0.33), (0.46, 0.44), (-0.46, 0.44))),
        ),
        0.5,
    )


_BLANCO_SHAPES = _blanco_symbols()
_SUIT_SHAPES = _decktet_symbols()
_CROWN = _crown()
_EXCUSE_STAR = (_Part("poly", _star(8, 0.5, 0.22)),)
# An almond between two arcs: the white of the eye mark.
_EYE = _normalised(
    (
        _Part(
            "poly",
            tuple(
                _arc(0, 0.32, 0.55, -math.pi / 2 - 0.9, -math.pi / 2 + 0.9, 12)
                + _arc(0, -0.32, 0.55, math.pi / 2 - 0.9, math.pi / 2 + 0.9, 12)[1:-1]
            ),
        ),
    ),
    0.5,
)
_BOLT = ((0.56, 0.0), (0.12, 0.56), (0.44, 0.56), (0.26, 1.0), (0.88, 0.4), (0.55, 0.4), (0.8, 0.0))


def _draw_parts(
    cv: _Canvas,
    parts: Sequence[_Part],
    cx: float,
    cy: float,
    size: float,
    fill: RGB,
    detail: RGB | None = None,
    outline: RGB | None = None,
    outline_w: float = 0.0,
) -> None:
    """Draw a symbol centred at (cx, cy) in card units, `size` across.

    With `outline`, every part is first drawn fattened by `outline_w` in that colour, then
    filled: the outline hugs the union of the parts (the clover's three leaves read as one).
    """

    def place(p: Pt) -> Pt:
        return cx + p[0] * size, cy + p[1] * size

    passes: list[tuple[RGB, float, bool]] = []
    if outline is not None:
        passes.append((outline, outline_w, False))
    passes.append((fill, 0.0, False))
    if detail is not None:
        passes.append((detail, 0.0, True))
    for color, grow, want_detail in passes:
        for part in parts:
            if part.detail != want_detail:
                continue
            pts = [place(p) for p in part.pts]
            if part.kind == "circle":
                cv.circle(color, *pts[0], part.radii[0] * size + grow)
            elif part.kind == "stroke":
                cv.stroke(color, pts, [r * size + grow for r in part.radii], closed=part.closed)
            else:
                cv.poly(color, pts)
                if grow:
                    cv.stroke(color, pts, grow, closed=True)


# --- Card furniture: body, shadow, highlights --------------------------------------------

RADIUS = 0.075  # corner radius of the card body, in card units


def _card_body(cv: _Canvas, face: RGB, raised: bool, edge: RGB = palette.CARD_EDGE) -> None:
    """Shadow, face colour and a thin edge; a raised card casts a longer, softer shadow."""
    m = cv.margin / cv.unit
    # Offset plus spread stays within the margin, or the shadow's edge would be cut straight.
    off_x, off_y, spread = (
        (0.3 * m, 0.72 * m, 0.26 * m) if raised else (0.15 * m, 0.45 * m, 0.12 * m)
    )
    a = cv.aspect
    cv.rrect(
        (*palette.CARD_SHADOW, 34),
        off_x - spread,
        off_y - spread,
        1 + 2 * spread,
        a + 2 * spread,
        RADIUS + spread,
    )
    cv.rrect((*palette.CARD_SHADOW, 70), off_x, off_y, 1, a, RADIUS)
    cv.rrect(face, 0, 0, 1, a, RADIUS)
    cv.rrect(edge, 0, 0, 1, a, RADIUS, width=0.012)


def _highlight(cv: _Canvas, kind: str | None) -> None:
    if kind is None or kind == "known":
        return
    m = cv.margin / cv.unit
    a = cv.aspect
    with cv.overlay():
        if kind == "legal":
            # A glow fading outwards into the margin, and a firm gold edge.
            steps = 4
            for i in range(1, steps + 1):
                e = m * i / steps
                cv.rrect(
                    (*palette.HIGHLIGHT_LEGAL, 150 - 30 * i),
                    -e,
                    -e,
                    1 + 2 * e,
                    a + 2 * e,
                    RADIUS + e,
                    width=m / steps,
                )
            cv.rrect((*palette.HIGHLIGHT_LEGAL, 255), 0, 0, 1, a, RADIUS, width=0.03)
            cv.rrect(
                (*palette.HIGHLIGHT_LEGAL, 90),
                0.03,
                0.03,
                0.94,
                a - 0.06,
                RADIUS - 0.02,
                width=0.025,
            )
        elif kind == "selected":
            e = 0.6 * m
            cv.rrect(
                (*palette.HIGHLIGHT_SELECTED, 90), -e, -e, 1 + 2 * e, a + 2 * e, RADIUS + e, width=e
            )
            cv.rrect((*palette.HIGHLIGHT_SELECTED, 255), 0, 0, 1, a, RADIUS, width=0.04)
        else:  # hover
            cv.rrect((*palette.HIGHLIGHT_HOVER, 40), 0, 0, 1, a, RADIUS)
            cv.rrect((*palette.HIGHLIGHT_HOVER, 235), 0, 0, 1, a, RADIUS, width=0.03)


def _eye_mark(cv: _Canvas) -> None:
    """A small eye in the top-right corner: "you know this card"."""
    cx, cy, r = 0.83, 0.16, 0.13
    with cv.overlay():
        cv.circle((20, 24, 32, 200), cx, cy, r)
    _draw_parts(cv, _EYE, cx, cy, 1.6 * r, (250, 250, 250))
    cv.circle((60, 130, 220), cx, cy, 0.3 * r)
    cv.circle((10, 10, 14), cx, cy, 0.14 * r)


# --- Quando -------------------------------------------------------------------------------


def _quando_face(cv: _Canvas, n: int) -> None:
    col = palette.QUANDO_NUMBER_COLORS[n]
    a = cv.aspect
    cv.rrect(
        mix(palette.CARD_FACE, col, 0.5), 0.045, 0.045, 0.91, a - 0.09, RADIUS - 0.03, width=0.014
    )
    cv.circle(mix(palette.CARD_FACE, col, 0.13), 0.5, a / 2, 0.38)
    cv.text(str(n), col, 0.16, a / 2 - 0.27, 0.68, 0.54)
    _quando_index(cv, n)
    with cv.rotated():
        _quando_index(cv, n)


def _quando_index(cv: _Canvas, n: int) -> None:
    cv.text(str(n), palette.QUANDO_NUMBER_COLORS[n], 0.08, 0.08, 0.26, 0.19, align="left")


def _quando_other_side(cv: _Canvas, n: int) -> None:
    """The hidden side as a small card of its own colour in the lower-left corner."""
    col = palette.QUANDO_NUMBER_COLORS[n]
    x, y, w, h = 0.08, cv.aspect - 0.38, 0.24, 0.3
    cv.rrect(mix(col, (0, 0, 0), 0.35), x, y, w, h, 0.05)
    cv.rrect(col, x + 0.012, y + 0.012, w - 0.024, h - 0.024, 0.04)
    cv.text(str(n), (255, 255, 255), x + 0.03, y + 0.06, w - 0.06, h - 0.12)


def _quando_back(cv: _Canvas) -> None:
    a = cv.aspect
    _card_body(cv, palette.QUANDO_BACK, raised=False, edge=mix(palette.QUANDO_BACK, (0, 0, 0), 0.4))
    with cv.clipped(0.06, 0.06, 0.88, a - 0.12):
        step = 0.14
        for i in range(-12, 14):
            x0 = i * step
            cv.stroke(palette.QUANDO_BACK_LINE, [(x0, 0.0), (x0 + a, a)], 0.008)
            cv.stroke(palette.QUANDO_BACK_LINE, [(x0 + a, 0.0), (x0, a)], 0.008)
    cv.rrect(
        mix(palette.QUANDO_BACK, (255, 255, 255), 0.55),
        0.06,
        0.06,
        0.88,
        a - 0.12,
        0.04,
        width=0.012,
    )
    # The eleven number colours run 0..10 over the top and back under the banner: the
    # game's palette on its back, with no dot hidden by the word.
    cx, cy = 0.5, a / 2
    cv.circle(palette.QUANDO_BACK, cx, cy, 0.44)
    cv.circle(mix(palette.QUANDO_BACK, (255, 255, 255), 0.3), cx, cy, 0.44, width=0.008)
    for n, col in enumerate(palette.QUANDO_NUMBER_COLORS):
        step = math.pi / 12
        for ang in (math.pi + step * (n + 1), math.pi - step * (n + 1)):
            cv.circle(
                mix(col, (255, 255, 255), 0.15),
                cx + 0.36 * math.cos(ang),
                cy + 0.36 * math.sin(ang),
                0.04,
            )
    _banner(
        cv,
        "QUANDO",
        mix(palette.QUANDO_BACK, (0, 0, 0), 0.35),
        mix(palette.QUANDO_BACK, (255, 255, 255), 0.55),
        (246, 242, 230),
    )


def _banner(cv: _Canvas, word: str, fill: RGB, edge: RGB, ink: RGB) -> None:
    """The game's name across the middle of a back, as large as the card allows."""
    a = cv.aspect
    cv.rrect(edge, 0.04, a / 2 - 0.105, 0.92, 0.21, 0.03)
    cv.rrect(fill, 0.055, a / 2 - 0.09, 0.89, 0.18, 0.02)
    cv.text(word, ink, 0.1, a / 2 - 0.06, 0.8, 0.12)


# --- Blanco -------------------------------------------------------------------------------


def _blanco_face(cv: _Canvas, color: str, number: int) -> None:
    rgb = palette.BLANCO_RGB[color]
    a = cv.aspect
    bx, by, bw, bh = 0.08, 0.07, 0.84, a - 0.14
    bolt = [(bx + x * bw, by + y * bh) for x, y in _BOLT]
    dark = mix(rgb, (0, 0, 0), 0.45)
    cv.poly(dark, bolt)
    cv.stroke(dark, bolt, 0.014, closed=True)
    cv.poly(rgb, bolt)
    # The number sits in a white medallion on the bolt: large and black for the grid, where
    # rows are read by number. The bolt is wider than the medallion, so its zigzag still
    # shows on both sides.
    cv.circle(dark, 0.5, a / 2 + 0.01, 0.225)
    cv.circle(rgb, 0.5, a / 2 + 0.01, 0.21)
    cv.circle(palette.CARD_FACE, 0.5, a / 2 + 0.01, 0.175)
    cv.text(str(number), palette.CARD_INK, 0.35, a / 2 - 0.1, 0.3, 0.22)
    _blanco_index(cv, color, number)
    with cv.rotated():
        _blanco_index(cv, color, number)


def _blanco_index(cv: _Canvas, color: str, number: int) -> None:
    cv.text(str(number), palette.CARD_INK, 0.06, 0.06, 0.26, 0.19)
    _blanco_symbol(cv, color, 0.19, 0.39, 0.19)


def _blanco_symbol(cv: _Canvas, color: str, cx: float, cy: float, size: float) -> None:
    rgb = palette.BLANCO_RGB[color]
    _draw_parts(
        cv,
        _BLANCO_SHAPES[BLANCO_SYMBOLS[color]],
        cx,
        cy,
        size,
        rgb,
        outline=palette.CARD_INK,
        outline_w=max(0.012, size * 0.08),
    )


def _blanco_back(cv: _Canvas) -> None:
    a = cv.aspect
    _card_body(cv, palette.BLANCO_BACK, raised=False, edge=palette.BLANCO_BACK_EDGE)
    with cv.clipped(0.06, 0.06, 0.88, a - 0.12):
        # Little bolts in all ten colours, offset row by row like bricks.
        rows, cols = 7, 4
        k = 0
        for r in range(rows):
            for c in range(cols + 1):
                x = 0.06 + (c + (0.5 if r % 2 else 0.0)) * 0.88 / cols - 0.11
                y = 0.06 + r * (a - 0.12) / (rows - 1) - 0.1
                rgb = palette.BLANCO_RGB[blanco.COLOURS[k % len(blanco.COLOURS)]]
                k += 3  # a step coprime with 10 spreads the colours evenly
                cv.poly(rgb, [(x + px * 0.12, y + py * 0.2) for px, py in _BOLT])
    cv.rrect(palette.BLANCO_BACK_EDGE, 0.06, 0.06, 0.88, a - 0.12, 0.04, width=0.018)
    _banner(cv, "BLANCO", palette.BLANCO_BACK_EDGE, palette.BLANCO_BACK, palette.BLANCO_BACK)


# --- Quäsenbö / Decktet ---------------------------------------------------------------------


def _suit_detail(suit: str) -> RGB:
    return mix(palette.DECKTET_SUIT_RGB[suit], (255, 255, 255), 0.6)


def _suit_symbol(cv: _Canvas, suit: str, cx: float, cy: float, size: float) -> None:
    _draw_parts(
        cv, _SUIT_SHAPES[suit], cx, cy, size, palette.DECKTET_SUIT_RGB[suit], _suit_detail(suit)
    )


def _rank_mark(cv: _Canvas, rank: str, x: float, y: float, w: float, h: float) -> None:
    if rank == "C":
        _draw_parts(
            cv,
            _CROWN,
            x + w / 2,
            y + h / 2,
            min(w, h * 1.2),
            palette.EXCUSE_GOLD,
            outline=palette.CARD_INK,
            outline_w=0.012,
        )
    else:
        cv.text(rank, palette.CARD_INK, x, y, w, h)


def _decktet_face(cv: _Canvas, code: str) -> None:
    rank, suits = DECKTET_CARDS[code]
    if code == "excuse":
        _excuse_face(cv)
        return
    a = cv.aspect
    # Left strip, as on real Decktet cards: rank, then the suits stacked below it. It is the
    # part that stays visible when a hand is fanned.
    _rank_mark(cv, rank, 0.05, 0.07, 0.25, 0.19)
    for i, suit in enumerate(suits):
        _suit_symbol(cv, suit, 0.175, 0.42 + i * 0.26, 0.23)
    # The art panel: the suits again, large.
    px, py, pw, ph = 0.35, 0.06, 0.59, a - 0.36
    tint = mix(palette.PARCHMENT, palette.DECKTET_SUIT_RGB[suits[0]], 0.12)
    cv.rrect(tint, px, py, pw, ph, 0.05)
    cv.rrect(mix(palette.PARCHMENT, palette.CARD_EDGE, 0.6), px, py, pw, ph, 0.05, width=0.01)
    cx = px + pw / 2
    if len(suits) == 1:
        if rank == "C":
            _draw_parts(
                cv,
                _CROWN,
                cx,
                py + 0.17,
                0.3,
                palette.EXCUSE_GOLD,
                outline=palette.CARD_INK,
                outline_w=0.012,
            )
            _suit_symbol(cv, suits[0], cx, py + ph / 2 + 0.1, 0.46)
        else:
            _suit_symbol(cv, suits[0], cx, py + ph / 2, 0.5)
    else:
        size = 0.4 if len(suits) == 2 else 0.3
        gap = (ph - 0.06) / len(suits)
        for i, suit in enumerate(suits):
            _suit_symbol(cv, suit, cx, py + 0.03 + gap * (i + 0.5), size)
    cv.words(_decktet_name(code), palette.CARD_INK, 0.04, a - 0.29, 0.92, 0.26, cap=0.095)


def _decktet_name(code: str) -> str:
    """The name printed on a Decktet face: an ace's in the player's words, the personal names
    in English (as game.client.steps.card words them)."""
    if code.startswith("ace-"):
        return ace_title(code[4:])
    return code.replace("-", " ").title()


def _excuse_face(cv: _Canvas) -> None:
    a = cv.aspect
    gold = palette.EXCUSE_GOLD
    cv.rrect(palette.EXCUSE_FACE, 0, 0, 1, a, RADIUS)
    cv.rrect(gold, 0.05, 0.05, 0.9, a - 0.1, RADIUS - 0.03, width=0.014)
    _draw_parts(cv, _EXCUSE_STAR, 0.17, 0.17, 0.18, gold)
    with cv.rotated():
        _draw_parts(cv, _EXCUSE_STAR, 0.17, 0.17, 0.18, gold)
    cy = a / 2 - 0.1
    cv.circle(mix(palette.EXCUSE_FACE, gold, 0.25), 0.5, cy, 0.3)
    _draw_parts(cv, _EXCUSE_STAR, 0.5, cy, 0.5, gold)
    cv.circle(palette.EXCUSE_FACE, 0.5, cy, 0.07)
    # TRANSLATORS: the title printed on the Excuse's face.
    cv.words(_("Excuse"), gold, 0.12, a - 0.44, 0.76, 0.22, cap=0.11)


def _decktet_back(cv: _Canvas) -> None:
    a = cv.aspect
    line = palette.DECKTET_BACK_LINE
    _card_body(
        cv, palette.DECKTET_BACK, raised=False, edge=mix(palette.DECKTET_BACK, (0, 0, 0), 0.5)
    )
    with cv.clipped(0.06, 0.06, 0.88, a - 0.12):
        faint = mix(palette.DECKTET_BACK, line, 0.3)
        for i in range(-3, 4):  # just the diamonds that reach the clipped area
            for j in range(12):
                x, y = 0.5 + i * 0.16 + (0.08 if j % 2 else 0.0), j * 0.13
                cv.poly(faint, [(x, y - 0.05), (x + 0.035, y), (x, y + 0.05), (x - 0.035, y)])
    cv.rrect(line, 0.06, 0.06, 0.88, a - 0.12, 0.04, width=0.014)
    cx, cy = 0.5, a / 2
    cv.circle(palette.DECKTET_BACK, cx, cy, 0.43)
    cv.circle(line, cx, cy, 0.43, width=0.01)
    for i, suit in enumerate(decktet.SUITS):
        # Six suits round a ring, none on the horizontal where the banner lies.
        ang = -math.pi / 2 + 2 * math.pi * i / 6
        _suit_symbol(cv, suit, cx + 0.31 * math.cos(ang), cy + 0.31 * math.sin(ang), 0.17)
    _banner(cv, "DECKTET", palette.DECKTET_BACK, line, line)


# --- Each game's look -----------------------------------------------------------------------


def _quando_code(code: str) -> str:
    if code in _QUANDO_CODES:
        return code
    hint = " (for both sides of a card use render_quando_pair)" if "/" in code else ""
    raise ValueError(f"unknown quando card code {code!r}: expected a number '0'..'10'{hint}")


def _blanco_code(code: str) -> str:
    if code in blanco.CODE:
        return code
    raise ValueError(
        f"unknown blanco card code {code!r}: expected 'color:number' with a "
        f"colour from {blanco.COLOURS} and a number 1..12, e.g. 'navy:12'"
    )


def _decktet_code(code: str) -> str:
    base = code[:-2] if code.endswith("#2") else code
    if base in DECKTET_CARDS:
        return base
    raise ValueError(
        f"unknown quasenbo card code {code!r}: expected a Decktet code such as "
        "'ace-moons', 'author' or 'excuse', optionally with '#2'"
    )


def _quando_card(cv: _Canvas, code: str) -> None:
    _quando_face(cv, int(code))


def _blanco_card(cv: _Canvas, code: str) -> None:
    color, number = code.split(":")
    _blanco_face(cv, color, int(number))


def _quando_label(cv: _Canvas, code: str, x: float, y: float, w: float, h: float) -> None:
    cv.text(code, palette.QUANDO_NUMBER_COLORS[int(code)], x + 0.04, y + 0.04, w - 0.08, h - 0.08)


def _blanco_label(cv: _Canvas, code: str, x: float, y: float, w: float, h: float) -> None:
    color, number = code.split(":")
    cv.text(number, palette.CARD_INK, x + 0.03, y + 0.04, w * 0.55 - 0.03, h - 0.08)
    _blanco_symbol(cv, color, x + w * 0.75, y + h / 2, h * 0.62)


def _decktet_label(cv: _Canvas, code: str, x: float, y: float, w: float, h: float) -> None:
    rank, suits = DECKTET_CARDS[code]
    if not suits:
        _draw_parts(cv, _EXCUSE_STAR, x + w / 2, y + h / 2, h * 0.7, palette.EXCUSE_FACE)
        return
    _rank_mark(cv, rank, x + 0.02, y + 0.04, 0.16, h - 0.08)
    for i, suit in enumerate(suits):
        _suit_symbol(cv, suit, x + 0.25 + i * 0.14, y + h / 2, 0.13)


def hex_colour(rgb: RGB) -> str:
    """A colour as the browser writes it ("#1e5a3c")."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _quando_web() -> dict[str, Any]:
    return {
        "numbers": [hex_colour(c) for c in palette.QUANDO_NUMBER_COLORS],
        "back": hex_colour(palette.QUANDO_BACK),
        "back_line": hex_colour(palette.QUANDO_BACK_LINE),
    }


def _blanco_web() -> dict[str, Any]:
    return {
        "colours": {
            c: {
                "rgb": hex_colour(palette.BLANCO_RGB[c]),
                "dark": hex_colour(mix(palette.BLANCO_RGB[c], (0, 0, 0), 0.45)),
                "symbol": _svg(_BLANCO_SHAPES[BLANCO_SYMBOLS[c]]),
                "shape": BLANCO_SYMBOLS[c],
            }
            for c in blanco.COLOURS
        },
        "back": hex_colour(palette.BLANCO_BACK),
        "back_edge": hex_colour(palette.BLANCO_BACK_EDGE),
    }


def _decktet_web() -> dict[str, Any]:
    return {
        "suits": {
            s: {
                "rgb": hex_colour(palette.DECKTET_SUIT_RGB[s]),
                "detail": hex_colour(mix(palette.DECKTET_SUIT_RGB[s], (255, 255, 255), 0.6)),
                "symbol": _svg(_SUIT_SHAPES[s]),
            }
            for s in decktet.SUITS
        },
        "cards": {code: [rank, list(suits)] for code, (rank, suits) in DECKTET_CARDS.items()},
        "back": hex_colour(palette.DECKTET_BACK),
        "back_line": hex_colour(palette.DECKTET_BACK_LINE),
        "excuse_face": hex_colour(palette.EXCUSE_FACE),
        "excuse_gold": hex_colour(palette.EXCUSE_GOLD),
        "crown": _svg(_CROWN),
        "star": _svg(_EXCUSE_STAR),
    }


def _quando_pairs(width: int) -> list[tuple[str, pygame.Surface]]:
    """Both sides of a card at once, as the open replay view shows them."""
    pairs = ((3, 7), (0, 10), (10, 0), (6, 9))
    return [(f"{up}/{down} pair", render_quando_pair(up, down, width)) for up, down in pairs]


_QUANDO_CODES = frozenset(str(n) for n in QUANDO_NUMBERS)

QUANDO = CardArt(
    tuple(str(n) for n in QUANDO_NUMBERS),
    _quando_code,
    palette.CARD_FACE,
    _quando_card,
    _quando_back,
    _quando_label,
    0.42,
    "7",
    11,
    _quando_web,
    extras=_quando_pairs,
)
"""Quando's cards: one side on view, coded as its number."""
BLANCO = CardArt(
    tuple(blanco.CODE),
    _blanco_code,
    palette.CARD_FACE,
    _blanco_card,
    _blanco_back,
    _blanco_label,
    0.56,
    "navy:12",
    12,
    _blanco_web,
    grey=True,
)
"""Blanco's cards, "colour:number", each colour with its colour-blind symbol."""
DECKTET = CardArt(
    tuple(DECKTET_CARDS),
    _decktet_code,
    palette.PARCHMENT,
    _decktet_face,
    _decktet_back,
    _decktet_label,
    0.62,
    "light-keeper",
    9,
    _decktet_web,
)
"""The Decktet's cards, as Quäsenbö plays them."""


# --- Putting a card together ---------------------------------------------------------------


# typed=True: a width of 90.0 must be refused, not served the cached picture for 90.
@lru_cache(maxsize=2048, typed=True)
def _draw_cached(
    art: CardArt, code: str | None, width: int, face_up: bool, highlight: str | None, language: str
) -> pygame.Surface:
    """Draw one validated card: a face if `face_up`, else the back (labelled if `code`);
    `language` is the one the face's words are drawn in (it keys the cache)."""
    cv = _Canvas(width)
    if face_up:
        assert code is not None
        _card_body(cv, art.paper, raised=highlight == "selected")
        art.face(cv, code)
    else:
        art.back(cv)
        if code is not None:
            _known_label(cv, art, code)
    _highlight(cv, highlight)
    if highlight == "known":
        _eye_mark(cv)
    return cv.finish()


def _known_label(cv: _Canvas, art: CardArt, code: str) -> None:
    """A small light chip in the top-left corner of a back naming the card beneath."""
    w = art.label_width
    x, y, h = 0.05, 0.05, 0.24
    cv.rrect(palette.CARD_INK, x - 0.012, y - 0.012, w + 0.024, h + 0.024, 0.06)
    cv.rrect(palette.CARD_FACE, x, y, w, h, 0.05)
    art.label(cv, code, x, y, w, h)


# --- Contact sheets -------------------------------------------------------------------------


def contact_sheet(art: CardArt, width: int) -> pygame.Surface:
    """Every card of `art` at `width`, then its back, highlights and special looks, labelled.

    A visual check for people, not used by the game (game/client/sheets.py writes them).
    """
    items: list[tuple[str, pygame.Surface]] = [
        (c, render_card(c, width, art=art)) for c in art.codes
    ]
    sample = art.sample
    items.append(("back", render_card(None, width, art=art)))
    for hl in ("legal", "selected", "hover", "known"):
        items.append((f"{sample} {hl}", render_card(sample, width, art=art, highlight=hl)))
    items.append(
        (
            f"{sample} known, down",
            render_card(sample, width, art=art, face_up=False, highlight="known"),
        )
    )
    items.append(("back legal", render_card(None, width, art=art, highlight="legal")))
    items.extend(art.extras(width))
    cols = art.columns
    w, h = card_size(width)
    label_h = max(12, width // 7)
    gap = max(6, width // 10)
    rows = -(-len(items) // cols)
    sheet = pygame.Surface((gap + cols * (w + gap), gap + rows * (h + label_h + gap)))
    sheet.fill(palette.FELT)
    label_font = palette.font(max(12, width // 6))
    for i, (name, surf) in enumerate(items):
        x = gap + (i % cols) * (w + gap)
        y = gap + (i // cols) * (h + label_h + gap)
        sheet.blit(surf, (x, y))
        text = label_font.render(name, True, palette.TEXT)
        if text.get_width() > w + gap:
            text = pygame.transform.smoothscale(text, (w + gap, text.get_height()))
        sheet.blit(text, (x + (w - text.get_width()) // 2, y + h + 2))
    return sheet


def write_sheets(name: str, art: CardArt, out: str) -> list[str]:
    """Game `name`'s contact sheets (its cards drawn as `art`) at two widths in folder `out`
    (and, where `art.grey`, the wide one in grey: its symbols must work without colour);
    returns the files written."""
    written = []
    for width in (96, 48):
        sheet = contact_sheet(art, width)
        path = os.path.join(out, f"{name}-{width}.png")
        pygame.image.save(sheet, path)
        written.append(path)
        if art.grey and width == 96:
            grey = os.path.join(out, f"{name}-{width}-grey.png")
            pygame.image.save(pygame.transform.grayscale(sheet), grey)
            written.append(grey)
    return written
