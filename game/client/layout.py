"""Every position on screen, computed from the window size: menus, forms and the three tables.

Nothing here draws or keeps state; scenes and tables ask for rectangles and card widths
whenever the window changes, so the layout adapts to any size (the tests check it at several
sizes for overlaps)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.client import widgets
from game.client.cards import MIN_WIDTH, card_size

Rect = pygame.Rect
Point = tuple[float, float]

BASE = (1280, 720)
"""The size the proportions below were designed at."""
SMALLEST = (960, 540)
"""The smallest window everything is laid out to fit (the tests check every scene's words
at it); below it a table's hand is cut off."""


def scale(size: tuple[int, int]) -> float:
    """How much bigger than BASE the window is (the smaller of the two ratios)."""
    return min(size[0] / BASE[0], size[1] / BASE[1])


def px(value: float, s: float, least: int = 1) -> int:
    """`value` design pixels at scale `s`, at least `least`."""
    return max(least, round(value * s))


def card_width(value: float, s: float) -> int:
    """A card width of `value` design pixels at scale `s`, within what cards.py renders."""
    return max(MIN_WIDTH, round(value * s))


# --- menus and forms --------------------------------------------------------------------------


def title_area(size: tuple[int, int]) -> Rect:
    """Where the game's name is written on the title screen."""
    w, h = size
    s = scale(size)
    return Rect(0, px(40, s), w, px(110, s))


def menu_buttons(size: tuple[int, int], count: int) -> list[Rect]:
    """`count` buttons in a centred column under the title."""
    w, h = size
    s = scale(size)
    bw, bh, gap = px(360, s), px(50, s), px(12, s)
    top = title_area(size).bottom + px(36, s)
    # Fewer rows than planned fit in a short window: shrink the gap and then the buttons.
    room = h - top - px(20, s)
    while count * bh + (count - 1) * gap > room and bh > 24:
        bh -= 2
        gap = max(4, gap - 1)
    left = (w - bw) // 2
    return [Rect(left, top + i * (bh + gap), bw, bh) for i in range(count)]


def form_rows(size: tuple[int, int], count: int) -> tuple[list[Rect], list[Rect]]:
    """Label and control rectangles for a form of `count` rows, centred under a heading and
    above the screen's bottom buttons (rows and gaps closer where they would not fit)."""
    w, _h = size
    s = scale(size)
    label_w, control_w, row_h, gap = px(260, s), px(360, s), px(40, s), px(10, s)
    top = heading(size).bottom + px(26, s)
    room = bottom_buttons(size, 1)[0].top - px(14, s) - top
    while count * row_h + (count - 1) * gap > room and (row_h > 22 or gap > 2):
        row_h = max(22, row_h - 2)
        gap = max(2, gap - 1)
    left = (w - label_w - control_w - px(20, s)) // 2
    labels, controls = [], []
    for i in range(count):
        y = top + i * (row_h + gap)
        labels.append(Rect(left, y, label_w, row_h))
        controls.append(Rect(left + label_w + px(20, s), y, control_w, row_h))
    return labels, controls


def heading(size: tuple[int, int]) -> Rect:
    """A screen's heading at the top."""
    s = scale(size)
    return Rect(0, px(24, s), size[0], px(60, s))


def bottom_buttons(size: tuple[int, int], count: int) -> list[Rect]:
    """A row of `count` buttons along the bottom of a menu screen (e.g. Back, Start)."""
    w, h = size
    s = scale(size)
    bw, bh, gap = px(220, s), px(48, s), px(20, s)
    total = count * bw + (count - 1) * gap
    left = (w - total) // 2
    top = h - bh - px(28, s)
    return [Rect(left + i * (bw + gap), top, bw, bh) for i in range(count)]


def text_page(size: tuple[int, int]) -> Rect:
    """The body of a page of text (rules help), between the heading and the bottom buttons."""
    w, h = size
    s = scale(size)
    top = heading(size).bottom + px(10, s)
    bottom = bottom_buttons(size, 1)[0].top - px(14, s)
    width = min(w - px(80, s), px(1000, s))
    return Rect((w - width) // 2, top, width, bottom - top)


def dialog(size: tuple[int, int], width: float = 620, height: float = 360) -> Rect:
    """A centred dialog box (`width` x `height` design pixels, clamped to the window)."""
    w, h = size
    s = scale(size)
    dw, dh = min(w - 20, px(width, s)), min(h - 20, px(height, s))
    return Rect((w - dw) // 2, (h - dh) // 2, dw, dh)


def dialog_buttons(box: Rect, count: int, s: float) -> list[Rect]:
    """`count` buttons along the bottom of dialog `box`."""
    bw, bh, gap = (
        min(px(200, s), (box.width - px(40, s)) // max(1, count) - px(10, s)),
        px(44, s),
        px(14, s),
    )
    total = count * bw + (count - 1) * gap
    left = box.centerx - total // 2
    top = box.bottom - bh - px(18, s)
    return [Rect(left + i * (bw + gap), top, bw, bh) for i in range(count)]


# --- card arrangements ---------------------------------------------------------------------------


def fan(
    area: Rect, count: int, width: int, max_step: float | None = None, align: str = "center"
) -> list[Point]:
    """Centres of `count` cards of `width` in a row inside `area`, overlapping only when
    they must; `max_step` caps the distance between neighbours (default: width + a gap).
    `align` is "center", "left" or "right"."""
    if count == 0:
        return []
    h = card_size(width)[1]
    step_cap = max_step if max_step is not None else width * 1.08
    step = step_cap if count == 1 else min(step_cap, (area.width - width) / (count - 1))
    step = max(step, 1.0)
    total = width + step * (count - 1)
    left: float
    if align == "left":
        left = area.left
    elif align == "right":
        left = area.right - total
    else:
        left = area.centerx - total / 2
    cy = area.centery if area.height >= h else area.top + h / 2
    return [(left + width / 2 + i * step, cy) for i in range(count)]


def grid(center: Point, rows: int, cols: int, width: int, gap: float) -> list[list[Point]]:
    """Centres of a rows x cols grid of cards of `width` around `center`."""
    w, h = card_size(width)
    total_w = cols * w + (cols - 1) * gap
    total_h = rows * h + (rows - 1) * gap
    x0 = center[0] - total_w / 2 + w / 2
    y0 = center[1] - total_h / 2 + h / 2
    return [[(x0 + c * (w + gap), y0 + r * (h + gap)) for c in range(cols)] for r in range(rows)]


def grid_width_fitting(area: Rect, rows: int, cols: int, gap_ratio: float = 0.08) -> int:
    """The largest card width whose rows x cols grid (gaps `gap_ratio` of a width) fits `area`."""
    by_w = area.width / (cols + (cols - 1) * gap_ratio)
    by_h = area.height / (rows * 1.4 + (rows - 1) * gap_ratio)
    return max(MIN_WIDTH, int(min(by_w, by_h)))


# --- tables --------------------------------------------------------------------------------


@dataclass
class SeatArea:
    """Where one seat is drawn: its name plate and the area for its cards."""

    seat: int
    badge: Rect
    cards: Rect


@dataclass
class Table:
    """The geometry of one table at one window size. `seats[0]` is the viewer's seat (at
    the bottom); the others follow clockwise, left to right along the top."""

    size: tuple[int, int]
    s: float
    seats: list[SeatArea]
    hand_w: int
    """Card width of the viewer's hand (and grid)."""
    small_w: int
    """Card width of the other seats' cards."""
    pile_w: int
    topbar: Rect
    prompt: Rect
    buttons: Rect
    """The column of action buttons, bottom right."""
    toasts: Rect
    """The band kept for short messages (toasts): clear of every pile and its label, the
    played cards, the prompt and the buttons."""
    places: dict[str, Rect] = field(default_factory=dict)
    """Game-specific places: "draw", "discard", "row", "box", …"""

    def seat_area(self, seat: int) -> SeatArea:
        for area in self.seats:
            if area.seat == seat:
                return area
        raise KeyError(seat)

    def regions(self) -> list[tuple[str, Rect]]:
        """Every named region, for the overlap checks of the tests."""
        out = [
            ("topbar", self.topbar),
            ("prompt", self.prompt),
            ("buttons", self.buttons),
            ("toasts", self.toasts),
        ]
        for area in self.seats:
            out += [(f"badge{area.seat}", area.badge), (f"cards{area.seat}", area.cards)]
        out += [(name, rect) for name, rect in self.places.items()]
        return out


TOAST_BAND = 90
"""Design pixels of the band above the prompt kept for toasts (Quando, Quäsenbö): three
one-line messages at the usual window, two at the smallest."""
UNDER_PILE = 30
"""Design pixels kept under a pile or the played row for its label (a pile's name and count;
the run's bar and words)."""


def _toast_band(s: float, prompt: Rect) -> Rect:
    """The toasts' band: as wide as the prompt, right above it."""
    height = px(TOAST_BAND, s)
    return Rect(prompt.left, prompt.top - px(6, s) - height, prompt.width, height)


def _order(players: int, viewer: int) -> list[int]:
    return [(viewer + k) % players for k in range(players)]


def _top_strip(
    size: tuple[int, int], s: float, seats: list[int], top: int, height: int, badge_h: int
) -> list[SeatArea]:
    """The other seats side by side in a strip along the top, left to right clockwise."""
    w = size[0]
    margin, gap = px(12, s), px(10, s)
    count = len(seats)
    col_w = (w - 2 * margin - (count - 1) * gap) / max(1, count)
    out = []
    for k, seat in enumerate(seats):
        left = round(margin + k * (col_w + gap))
        badge = Rect(left, top, round(col_w), badge_h)
        cards = Rect(left, top + badge_h + px(4, s), round(col_w), height - badge_h - px(4, s))
        out.append(SeatArea(seat, badge, cards))
    return out


def _bottom(
    size: tuple[int, int], s: float, top: int, buttons_top: int | None = None
) -> tuple[Rect, Rect, Rect]:
    """The viewer's name plate (bottom left), hand area (middle, from `top` down) and the
    action buttons (right, from `buttons_top` down)."""
    w, h = size
    side = px(200, s)
    margin = px(12, s)
    badge = Rect(margin, h - margin - px(96, s), side - margin, px(96, s))
    btop = top if buttons_top is None else buttons_top
    buttons = Rect(w - side, btop, side - margin, h - btop - margin)
    hand = Rect(side + px(8, s), top, w - 2 * side - px(16, s), h - top - margin)
    return badge, hand, buttons


def quando(size: tuple[int, int], players: int, viewer: int) -> Table:
    """Quando: the others along the top, draw pile and discard in the middle, the hand below."""
    s = scale(size)
    w, h = size
    topbar = Rect(0, 0, w, px(36, s))
    order = _order(players, viewer)
    strip_h = px(140, s)
    others = _top_strip(size, s, order[1:], topbar.bottom + px(6, s), strip_h, px(28, s))
    small_w = card_width(min(56, 230 / 8 / 0.5 if players <= 3 else 52), s)
    pile_w = card_width(84, s)
    pile_h = card_size(pile_w)[1]
    middle_top = topbar.bottom + px(6, s) + strip_h + px(14, s)
    hand_w = card_width(92, s)
    hand_h = card_size(hand_w)[1]
    prompt_h = px(30, s)
    hand_top = h - px(12, s) - hand_h - px(24, s)
    prompt = Rect(px(200, s), hand_top - prompt_h - px(6, s), w - 2 * px(200, s), prompt_h)
    toasts = _toast_band(s, prompt)
    mid_h = toasts.top - px(UNDER_PILE, s) - middle_top
    draw = Rect(0, 0, pile_w, pile_h)
    draw.center = (w // 2 - pile_w - px(40, s), middle_top + mid_h // 2)
    discard = Rect(0, 0, pile_w + px(60, s), pile_h)
    discard.midleft = (w // 2 + px(30, s), draw.centery)
    badge, hand, buttons = _bottom(size, s, prompt.bottom + px(2, s), middle_top)
    return Table(
        size,
        s,
        [SeatArea(viewer, badge, hand)] + others,
        hand_w,
        small_w,
        pile_w,
        topbar,
        prompt,
        buttons,
        toasts,
        {"draw": draw, "discard": discard},
    )


def blanco(size: tuple[int, int], players: int, viewer: int) -> Table:
    """Blanco: the others' grids (and hands) along the top; the viewer's grid large at the
    bottom with the hand on its right, and the piles in the left column above the name plate."""
    s = scale(size)
    w, h = size
    topbar = Rect(0, 0, w, px(36, s))
    order = _order(players, viewer)
    strip_h = px(262, s)
    others = _top_strip(size, s, order[1:], topbar.bottom + px(4, s), strip_h, px(26, s))
    # The others' grids must fit 3 x 4 cards beside a hand of small cards.
    cards = others[0].cards if others else Rect(0, 0, w, strip_h)
    small_w = min(
        grid_width_fitting(Rect(0, 0, int(cards.width * 0.74), cards.height), 3, 4),
        card_width(60, s),
    )
    prompt_h = px(30, s)
    prompt = Rect(
        px(200, s), topbar.bottom + px(4, s) + strip_h + px(6, s), w - 2 * px(200, s), prompt_h
    )
    bottom_top = prompt.bottom + px(6, s)
    side = px(200, s)
    mid = Rect(side + px(8, s), bottom_top, w - 2 * side - px(16, s), h - bottom_top - px(10, s))
    mine = Rect(mid.left, mid.top, round(mid.width * 0.58), mid.height)
    hand_w = min(grid_width_fitting(mine, 3, 4), card_width(110, s))
    # The hand's cards at the column's top, the toasts' band under them.
    column = Rect(mine.right + px(16, s), mid.top, mid.right - mine.right - px(16, s), mid.height)
    hand = Rect(column.topleft, (column.width, card_size(hand_w)[1] + px(20, s)))
    toasts = Rect(
        column.left, hand.bottom + px(6, s), column.width, column.bottom - hand.bottom - px(6, s)
    )
    pile_w = min(card_width(80, s), (side - px(34, s)) // 2)
    pile_h = card_size(pile_w)[1]
    draw = Rect(px(12, s), bottom_top + px(8, s), pile_w, pile_h)
    discard = Rect(draw.right + px(10, s), draw.top, pile_w, pile_h)
    box = Rect(px(12, s), draw.bottom + px(28, s), side - px(24, s), px(34, s))
    badge, _, buttons = _bottom(size, s, bottom_top)
    return Table(
        size,
        s,
        [SeatArea(viewer, badge, mine)] + others,
        hand_w,
        small_w,
        pile_w,
        topbar,
        prompt,
        buttons,
        toasts,
        {"draw": draw, "discard": discard, "box": box, "hand": hand},
    )


def quasenbo(size: tuple[int, int], players: int, viewer: int) -> Table:
    """Quäsenbö: the others along the top, the played row across the middle with the draw
    pile on its left, the hand below."""
    s = scale(size)
    w, h = size
    topbar = Rect(0, 0, w, px(36, s))
    order = _order(players, viewer)
    strip_h = px(118, s)
    others = _top_strip(size, s, order[1:], topbar.bottom + px(6, s), strip_h, px(28, s))
    small_w = card_width(46, s)
    hand_w = card_width(100, s)
    hand_h = card_size(hand_w)[1]
    prompt_h = px(30, s)
    hand_top = h - px(12, s) - hand_h - px(24, s)
    prompt = Rect(px(200, s), hand_top - prompt_h - px(6, s), w - 2 * px(200, s), prompt_h)
    row_top = topbar.bottom + px(6, s) + strip_h + px(16, s)
    pile_w = card_width(96, s)
    pile_h = card_size(pile_w)[1]
    toasts = _toast_band(s, prompt)
    mid = Rect(px(12, s), row_top, w - px(224, s), toasts.top - px(UNDER_PILE, s) - row_top)
    draw = Rect(0, 0, pile_w, pile_h)
    draw.midleft = (mid.left + px(20, s), mid.centery)
    row = Rect(draw.right + px(40, s), mid.top, mid.right - draw.right - px(40, s), mid.height)
    badge, hand, buttons = _bottom(size, s, prompt.bottom + px(2, s), row_top)
    return Table(
        size,
        s,
        [SeatArea(viewer, badge, hand)] + others,
        hand_w,
        small_w,
        pile_w,
        topbar,
        prompt,
        buttons,
        toasts,
        {"draw": draw, "row": row},
    )


Layout = Callable[[tuple[int, int], int, int], Table]
"""A game's table geometry (`quando` …): (window size, players, viewer seat) -> Table."""


def action_buttons(area: Rect, count: int, s: float) -> list[Rect]:
    """`count` action buttons stacked from the top of the button column `area`."""
    bh, gap = px(44, s), px(8, s)
    return [Rect(area.left, area.top + i * (bh + gap), area.width, bh) for i in range(count)]


def title_fans(size: tuple[int, int]) -> list[tuple[str, list[tuple[str, int]], Point, float]]:
    """The decorative card fans of the title screen: (game, [(code, width)], first centre,
    first angle), left and right of the menu."""
    w, h = size
    s = scale(size)
    width = card_width(96, s)
    menu = menu_buttons(size, 8)
    left_room = menu[0].left
    if left_room < width * 2.2:
        return []
    out = [
        (
            "quando",
            [(c, width) for c in ("3", "4", "5")],
            (left_room * 0.5 - width * 0.42, h * 0.42),
            14.0,
        ),
        (
            "quasenbo",
            [(c, width) for c in ("sea", "excuse", "chance-meeting")],
            (w - left_room * 0.5 - width * 0.42, h * 0.42),
            14.0,
        ),
        (
            "blanco",
            [(c, width) for c in ("red:7", "sky:7", "navy:7")],
            (left_room * 0.5 - width * 0.42, h * 0.78),
            12.0,
        ),
        (
            "blanco",
            [(c, width) for c in ("green:2", "green:9", "green:12")],
            (w - left_room * 0.5 - width * 0.42, h * 0.78),
            12.0,
        ),
    ]
    return out


# --- the replay viewer ---------------------------------------------------------------------------


@dataclass
class Viewer:
    """The replay viewer at one window size: the table (from the window's top left, so the
    table's own coordinates are the window's), the controls under it, and the side panel
    with the replay's facts, the eyes chooser, the step list and the Back button."""

    size: tuple[int, int]
    s: float
    table: Rect
    controls: Rect
    scrub: Rect
    """The scrub bar: the whole game, left to right."""
    position: Rect
    """Where "step 12 of 340" is written, right of the scrub bar."""
    buttons: list[Rect]
    """The transport buttons, left to right (see scenes/viewer.py for what each does)."""
    speed: Rect
    side: Rect
    header: Rect
    """The replay's facts and the verdict."""
    eyes_label: Rect
    eyes: Rect
    steps: Rect
    """The step list."""
    keys: Rect
    """A line of keyboard shortcuts."""
    back: Rect
    graph: Rect
    """The win-chance graph over the game, above the scrub bar and as wide."""
    legend: Rect
    """Above the graph and its chooser: whose line is which colour, and what the lines show."""
    estimates: Rect
    """Which estimates the graph shows (each seat's own, or seeing every card), right of it."""
    analyse: Rect
    """Start or cancel the analysis, under the estimates chooser."""
    play_on: Rect
    """Play on from the step shown, left of the back button."""

    def regions(self) -> list[tuple[str, Rect]]:
        """Every named region that must not overlap another, for the tests."""
        out = [
            ("table", self.table),
            ("graph", self.graph),
            ("legend", self.legend),
            ("estimates", self.estimates),
            ("analyse", self.analyse),
            ("scrub", self.scrub),
            ("position", self.position),
            ("speed", self.speed),
            ("header", self.header),
            ("eyes_label", self.eyes_label),
            ("eyes", self.eyes),
            ("steps", self.steps),
            ("keys", self.keys),
            ("back", self.back),
            ("play_on", self.play_on),
        ]
        return out + [(f"button{k}", rect) for k, rect in enumerate(self.buttons)]


def knob_radius(scrub_height: int) -> int:
    """The radius of the scrub bar's knob on a bar `scrub_height` pixels high."""
    return max(6, scrub_height // 2 - 2)


VIEWER_BUTTONS = 7
"""Transport buttons: round back, turn back, step back, play/pause, step on, turn on, round on."""


def viewer(size: tuple[int, int]) -> Viewer:
    """The replay viewer's regions at window `size`: the table, the controls below it, the
    side column on its right."""
    w, h = size
    s = scale(size)
    side_w = max(260, min(px(390, s), w // 3))
    graph_h = px(92, s)
    # The graph's legend and what its lines mean: two lines of the smallest legible text.
    legend_h = 2 * widgets.line_height(widgets.MIN_SIZE)
    controls_h = px(100, s) + graph_h + legend_h
    margin, gap = px(10, s), px(8, s)
    table = Rect(0, 0, w - side_w, h - controls_h)
    controls = Rect(0, table.bottom, table.width, controls_h)
    side = Rect(table.right, 0, side_w, h)
    legend, graph, estimates, analyse, scrub, position, buttons, speed = _viewer_controls(
        controls, graph_h, legend_h, margin, gap, s
    )
    header, eyes_label, eyes, steps, keys, back, play_on = _viewer_side(side, margin, gap, s)
    return Viewer(
        size,
        s,
        table,
        controls,
        scrub,
        position,
        buttons,
        speed,
        side,
        header,
        eyes_label,
        eyes,
        steps,
        keys,
        back,
        graph,
        legend,
        estimates,
        analyse,
        play_on,
    )


def _viewer_controls(
    controls: Rect, graph_h: int, legend_h: int, margin: int, gap: int, s: float
) -> tuple[Rect, Rect, Rect, Rect, Rect, Rect, list[Rect], Rect]:
    """The replay viewer's controls below its table: the legend, the graph, the estimates'
    and the analysis' choosers, the scrub bar, the position, the transport buttons and the
    speed."""
    row_h = px(40, s)
    # Wide enough for the estimates chooser's words between its arrows at 960×540 in every
    # language ("Toutes les cartes").
    position_w = px(190, s)
    scrub_h = px(26, s)
    # The knob at the first and the last step reaches past the bar's ends: the bar (and
    # the graph above it, on the same scale) leaves it room at both.
    left, right = margin + knob_radius(scrub_h), controls.width - margin - position_w
    legend = Rect(left, controls.top + px(6, s), controls.width - margin - left, legend_h)
    graph = Rect(left, legend.bottom + px(2, s), right - gap - knob_radius(scrub_h) - left, graph_h)
    chooser_h = (graph_h - gap) // 2
    estimates = Rect(right, graph.top, position_w, chooser_h)
    analyse = Rect(estimates.left, estimates.bottom + gap, position_w, chooser_h)
    scrub = Rect(left, graph.bottom + px(4, s), graph.width, scrub_h)
    position = Rect(right, scrub.top - px(4, s), position_w, scrub.height + px(8, s))
    speed_w = px(130, s)
    buttons_top = controls.bottom - row_h - px(10, s)
    room = controls.width - 2 * margin - speed_w - px(16, s)
    bw = (room - (VIEWER_BUTTONS - 1) * gap) // VIEWER_BUTTONS
    buttons = [Rect(margin + k * (bw + gap), buttons_top, bw, row_h) for k in range(VIEWER_BUTTONS)]
    speed = Rect(controls.right - margin - speed_w, buttons_top, speed_w, row_h)
    return legend, graph, estimates, analyse, scrub, position, buttons, speed


def _viewer_side(
    side: Rect, margin: int, gap: int, s: float
) -> tuple[Rect, Rect, Rect, Rect, Rect, Rect, Rect]:
    """The replay viewer's side column, top to bottom: the header, the eyes' label and
    chooser, the step list, the keys line, and the play-on and back buttons."""
    inner = side.inflate(-2 * margin, 0)
    header = Rect(inner.left, px(10, s), inner.width, px(126, s))
    eyes_h = px(36, s)
    eyes_label = Rect(inner.left, header.bottom + gap, px(70, s), eyes_h)
    eyes = Rect(
        eyes_label.right + gap, eyes_label.top, inner.right - eyes_label.right - gap, eyes_h
    )
    back_h = px(40, s)
    half = (inner.width - gap) // 2
    play_on = Rect(inner.left, side.bottom - margin - back_h, half, back_h)
    back = Rect(play_on.right + gap, play_on.top, inner.right - play_on.right - gap, back_h)
    # The keys line wraps to up to four lines of the smallest legible text on a small window.
    keys_h = max(px(40, s), 4 * widgets.line_height(widgets.MIN_SIZE))
    keys = Rect(inner.left, back.top - gap - keys_h, inner.width, keys_h)
    steps = Rect(inner.left, eyes.bottom + gap, inner.width, keys.top - gap - eyes.bottom - gap)
    return header, eyes_label, eyes, steps, keys, back, play_on


def replay_columns(row: Rect) -> list[Rect]:
    """The columns of one row of the replay list: date, game, players, steps, how it ended,
    the verdict once opened."""
    shares = (0.17, 0.11, 0.30, 0.07, 0.21, 0.14)
    out, x = [], row.left
    for share in shares:
        width = round(row.width * share)
        out.append(Rect(x, row.top, width - 6, row.height))
        x += width
    return out
