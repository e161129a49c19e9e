"""The Blanco table: every player's grid (face down, face up, and the cards you peeked marked
for you), your hand, the deck and the discard, eliminations and chain reactions, the reward
peek and the move to the 3 × 4 grid."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, cast

import pygame

from game.client import layout, palette, widgets
from game.client.cards import card_size
from game.client.i18n import N_, _, ngettext
from game.client.sprites import CardSprite
from game.client.steps import blanco_card
from game.client.tables import blanco_words as words
from game.client.tables.base import Table
from game.client.tables.buttons import ButtonSpec
from game.client.tables.chooser import Action, Token
from game.client.tables.hud import outline
from game.client.tables.stage import FLIP, MOVE, Slot
from game.client.tween import Tween
from game.rules.blanco import (
    BlancoView,
    DiscardEvent,
    EliminateEvent,
    PeekEvent,
    PlaceEvent,
    ReshuffleEvent,
    RevealEvent,
    SeatEvent,
    StageEvent,
    SwapEvent,
    TakeEvent,
)

PILE_LAYER, DISCARD_LAYER, GRID_LAYER, HAND_LAYER = 10, 20, 100, 200
SHOWN_DISCARD = 4
"""Discard cards kept as sprites: the top few; the rest lie unseen beneath them."""


def _where(pos: list[int]) -> str:
    return _("row {row}, column {column}").format(row=pos[0] + 1, column=pos[1] + 1)


class BlancoTable(Table):
    """Blanco as one seat sees it."""

    game = "blanco"
    BUTTONS = [
        (("pile", "deck"), N_("Deck"), "deck"),
        (("pile", "discard"), N_("Discard pile"), "discard"),
        (("btn", "skip"), N_("Skip"), "skip"),
        (("btn", "reveal"), N_("Turn it up"), "reveal"),
        (("btn", "keep"), N_("Keep it hidden"), "keep"),
    ]
    ALWAYS = frozenset({("pile", "deck"), ("pile", "discard")})
    VERBS = {
        "take": N_("take a card (deck or discard pile)"),
        "swap": N_("swap two neighbouring grid cards"),
        "discard": N_("discard a card"),
        "place": N_("place a card in your grid"),
        "reveal": N_("turn a face-down card face up"),
        "peek": N_("look at a face-down card"),
        "eliminate": N_("choose the line to remove"),
        "skip": N_("skip"),
        "keep": N_("keep the card hidden"),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.grids: list[list[list[CardSprite]]] = []
        self.hands: list[list[CardSprite]] = []
        self.pile: CardSprite | None = None
        self.discard: list[CardSprite] = []
        super().__init__(*args, **kwargs)

    @property
    def view(self) -> BlancoView | None:
        """The model as Blanco's view (None before the first)."""
        return cast("BlancoView | None", self.keeper.model or None)

    # -- sprites from the model ----------------------------------------------------------------

    def _look(self, seat: int, r: int, c: int) -> tuple[str | None, bool, bool]:
        """(code, face up, known to the viewer) of one grid card."""
        grid = self.model["grids"][seat]
        code, up = grid["cards"][r][c], grid["up"][r][c]
        if up:
            return code, True, False
        if code is not None:
            # The view holds a face-down card's code only where its seat knows the card:
            # its own peeked cards (or every card, in a replay's open view).
            return code, False, True
        return None, False, False

    def _width(self, seat: int) -> int:
        return self.geo.hand_w if seat == self.viewer else self.geo.small_w

    def build(self) -> None:
        geo = self.geo
        pile = geo.places["draw"].center
        self.grids = []
        for seat in range(self.players):
            g = self.model["grids"][seat]
            self.grids.append(
                [[self._grid_card(seat, r, c) for c in range(g["cols"])] for r in range(g["rows"])]
            )
        self.hands = [
            [self.from_pile(code, face_up=code is not None) for code in self.model["hands"][s]]
            for s in range(self.players)
        ]
        self.pile = (
            self.stage.new_card(None, geo.pile_w, pile, face_up=False)
            if self.model["draw"]["count"]
            else None
        )
        self.discard = []
        self._fill_discard()

    def _grid_card(self, seat: int, r: int, c: int) -> CardSprite:
        code, up, known = self._look(seat, r, c)
        return self.from_pile(code, face_up=up, known=known)

    def _fill_discard(self) -> None:
        """Keep sprites for the top few discard cards: add those missing underneath, drop
        those buried deeper."""
        codes = self.model["discard"]
        want = min(SHOWN_DISCARD, len(codes))
        where = self.geo.places["discard"].center
        while len(self.discard) < want:
            code = codes[-len(self.discard) - 1]
            self.discard.insert(
                0, self.stage.new_card(code, self.geo.pile_w, where, layer=DISCARD_LAYER)
            )
        while len(self.discard) > want:
            self.discard.pop(0).kill()

    def deal_in(self, after: float = 0.0) -> float:
        delays: dict[CardSprite, float] = {}
        k = 0
        for r in range(3):
            for c in range(3):
                for seat in range(self.players):
                    rows = self.grids[seat]
                    if r < len(rows) and c < len(rows[r]):
                        self.to_pile(rows[r][c])
                        delays[rows[r][c]] = after + k * 0.035
                        k += 1
        for i in range(3):
            for seat in range(self.players):
                if i < len(self.hands[seat]):
                    self.to_pile(self.hands[seat][i])
                    delays[self.hands[seat][i]] = after + k * 0.035
                    k += 1
        self.place(MOVE, delays)
        self.app.sound.play("slide")
        return after + k * 0.035 + MOVE

    def layout_slots(self) -> Iterable[tuple[CardSprite, Slot]]:
        geo = self.geo
        s = geo.s
        for area in geo.seats:
            seat = area.seat
            if seat >= len(self.grids):
                continue
            rows = self.grids[seat]
            mine = seat == self.viewer
            width = self._width(seat)
            w, h = card_size(width)
            gap = max(2, round(width * 0.08))
            n_rows = len(rows)
            n_cols = len(rows[0]) if rows else 0
            hand = self.hands[seat]
            center: layout.Point
            if mine:
                center = area.cards.center
                hand_area = geo.places["hand"]
                hand_pos = layout.fan(hand_area, len(hand), width, width * 1.08)
            else:
                center, hand_pos = _beside_grid(area.cards, (w, h), gap, len(hand))
            positions = layout.grid(center, n_rows, n_cols, width, gap) if rows else []
            token: Token | None
            for r, row in enumerate(rows):
                for c, sprite in enumerate(row):
                    token = ("cell", r, c) if mine and self.seat is not None else None
                    yield sprite, Slot(positions[r][c], width, GRID_LAYER + r * 10 + c, token)
            for i, (sprite, pos) in enumerate(zip(hand, hand_pos)):
                token = ("hand", i) if mine and self.seat is not None else None
                yield sprite, Slot(pos, width, HAND_LAYER + i, token)
        if self.pile is not None:
            yield (
                self.pile,
                Slot(geo.places["draw"].center, geo.pile_w, PILE_LAYER, ("pile", "deck")),
            )
        where = geo.places["discard"].center
        for i, sprite in enumerate(self.discard):
            top = i == len(self.discard) - 1
            yield (
                sprite,
                Slot(
                    (where[0], where[1] - i * max(1, round(2 * s))),
                    geo.pile_w,
                    DISCARD_LAYER + i,
                    ("pile", "discard") if top else None,
                ),
            )

    # -- events --------------------------------------------------------------------------------

    def on_reveal(self, event: RevealEvent) -> float:
        seat = event["seat"]
        r, c = event["pos"]
        self.grids[seat][r][c].flip_to(event["card"], True, FLIP, known=False)
        self.mark([self.grids[seat][r][c]], seat)
        self.app.sound.play("flip")
        return FLIP + 0.15

    def on_peek(self, event: PeekEvent) -> float:
        seat = event["seat"]
        r, c = event["pos"]
        sprite = self.grids[seat][r][c]
        self.mark([sprite], seat)
        if "card" in event:
            sprite.flip_to(event["card"], False, FLIP, known=True)
            self.toasts.show(
                _("You look at the card at {where}: it is marked for you.").format(
                    where=_where(event["pos"])
                )
            )
        else:
            sprite.flip_to(None, False, FLIP)
            self.toasts.show(
                _("{name} looks at a face-down card.").format(name=self.seats.name(seat))
            )
        return FLIP + 0.3

    def on_take(self, event: TakeEvent) -> float:
        seat = event["seat"]
        sprite = self._from_deck(event) if event["source"] == "deck" else self._from_discard(seat)
        self.hands[seat].append(sprite)
        self.mark([sprite], seat)
        self.app.sound.play("slide")
        return MOVE

    def _from_deck(self, event: TakeEvent) -> CardSprite:
        """The deck's top card on its way to the taker (its face to the taker only)."""
        sprite, self.pile = self.take_from_pile(
            self.pile, PILE_LAYER, event.get("card"), bool(event["draw"]["count"])
        )
        return sprite

    def _from_discard(self, seat: int) -> CardSprite:
        """The discard pile's top card on its way to `seat`, said."""
        top = self.model["discard"][-1] if self.model["discard"] else None
        sprite = (
            self.discard.pop()
            if self.discard
            else self.stage.new_card(top, self.geo.pile_w, self.geo.places["discard"].center)
        )
        if seat != self.seat:
            sprite.flip_to(None, False, FLIP, 0.1)
        if top is not None:
            words = (
                _("You take {card} from the discard pile.")
                if seat == self.you
                else _("{name} takes {card} from the discard pile.")
            )
            self.toasts.show(words.format(name=self.seats.name(seat), card=blanco_card(top)))
        return sprite

    def on_discard(self, event: DiscardEvent) -> float:
        seat = event["seat"]
        sprite = self.hands[seat].pop(event["index"])
        if not sprite.face_up or sprite.code != event["card"]:
            sprite.flip_to(event["card"], True, FLIP)
        self.discard.append(sprite)
        self.mark([sprite], seat)
        self.app.sound.play("slide")
        return MOVE

    def on_place(self, event: PlaceEvent) -> float:
        seat = event["seat"]
        r, c = event["pos"]
        sprite = self.hands[seat].pop(event["index"])
        old = self.grids[seat][r][c]
        if not sprite.face_up or sprite.code != event["card"]:
            sprite.flip_to(event["card"], True, FLIP)
        self.grids[seat][r][c] = sprite
        if not old.face_up or old.code != event["replaced"]:
            old.flip_to(event["replaced"], True, FLIP, 0.1, known=False)
        self.discard.append(old)
        self.mark([sprite, old], seat)
        self.app.sound.play("slide")
        return MOVE + 0.1

    def on_swap(self, event: SwapEvent) -> float:
        seat = event["seat"]
        (r1, c1), (r2, c2) = event["pos"], event["other"]
        g = self.grids[seat]
        g[r1][c1], g[r2][c2] = g[r2][c2], g[r1][c1]
        self.mark([g[r1][c1], g[r2][c2]], seat)
        self.app.sound.play("slide")
        return MOVE

    def on_eliminate(self, event: EliminateEvent) -> float:
        seat = event["seat"]
        g = self.grids[seat]
        index = event["index"]
        if event["line"] == "row":
            gone = g.pop(index)
        else:
            gone = [row.pop(index) for row in g]
        if not g or not g[0]:
            gone += [sp for row in g for sp in row]
            self.grids[seat] = []
        box = self.geo.places["box"].center
        for k, sprite in enumerate(gone):
            sprite.tweens.add(_pulse(sprite))
            self.stage.discard(sprite, box, MOVE * 1.4, 0.35 + k * 0.05)
        center = self.geo.seat_area(seat).cards.center
        if event["chain"]:
            self.flourish(_("CHAIN REACTION!"), center, (255, 120, 60), "chain")
        else:
            line = _("ROW!") if event["line"] == "row" else _("COLUMN!")
            self.flourish(line, center, palette.ACCENT, "chain")
        return 0.35 + MOVE * 1.4

    def on_reshuffle(self, event: ReshuffleEvent) -> float:
        geo = self.geo
        pile = geo.places["draw"].center
        keep = self.discard[-1:] if self.discard else []
        for k, sprite in enumerate(self.discard[:-1]):
            sprite.flip_to(None, False, FLIP)
            self.stage.discard(sprite, pile, MOVE, k * 0.04, fade=False)
        self.discard = keep
        if self.pile is None:
            self.pile = self.stage.new_card(None, geo.pile_w, pile, face_up=False, layer=PILE_LAYER)
        self.toasts.show(_("The discard pile and the box are shuffled into a new deck."))
        return MOVE + 0.3

    def on_stage(self, event: StageEvent) -> float:
        seat = event["seat"]
        self.grids[seat] = []
        self.flourish(_("STAGE 2!"), self.geo.seat_area(seat).cards.center, palette.ACCENT, "win")
        return 0.0

    def on_skip_or_keep(self, event: SeatEvent) -> float:
        seat, kind = event["seat"], event["type"]
        if seat == self.you:
            words = (
                _("You don't look at a card.") if kind == "skip" else _("You keep the card hidden.")
            )
        else:
            words = (
                _("{name} does not look at a card.")
                if kind == "skip"
                else _("{name} keeps the card hidden.")
            ).format(name=self.seats.name(seat))
        self.toasts.show(words)
        return 0.3

    EVENTS = {
        "reveal": on_reveal,
        "peek": on_peek,
        "take": on_take,
        "discard": on_discard,
        "place": on_place,
        "swap": on_swap,
        "eliminate": on_eliminate,
        "reshuffle": on_reshuffle,
        "stage": on_stage,
        "skip": on_skip_or_keep,
        "keep": on_skip_or_keep,
        "game_over": Table.on_game_over,
        "next": Table.on_next,
    }

    def after_event(self, event: dict[str, Any]) -> float | None:
        kind = event["type"]
        if kind in ("take", "discard", "place", "reshuffle"):
            self._fill_discard()
            if kind == "reshuffle" and not self.model["draw"]["count"] and self.pile is not None:
                self.pile.kill()
                self.pile = None
        if kind == "stage":
            seat = event["seat"]
            self.grids[seat] = [
                [self._grid_card(seat, r, c) for c in range(event["cols"])]
                for r in range(event["rows"])
            ]
            if not self.model["draw"]["count"] and self.pile is not None:
                self.pile.kill()
                self.pile = None
            delays = {
                sp: 0.4 + k * 0.05
                for k, sp in enumerate(sp for row in self.grids[seat] for sp in row)
            }
            self.place(MOVE, delays)
            return 0.4 + len(delays) * 0.05 + MOVE
        return None

    # -- choosing ------------------------------------------------------------------------------

    def sequences(self, action: Action) -> list[tuple[Token, ...]]:
        return _clicks(action)

    def button_specs(self) -> list[ButtonSpec]:
        if self.seat is None:
            return []
        specs = super().button_specs()
        for action in self.chooser.legal or []:
            if action[0] == "eliminate" and not self.chooser.waiting:
                label = _("Remove row {n}") if action[1] == "row" else _("Remove column {n}")
                specs.append(
                    (("line", action[1], action[2]), label.format(n=action[2] + 1), "", None)
                )
        return specs

    def explain(self, token: Token) -> str | None:
        return words.explain(self.view, self.chooser.prefix, token)

    # -- words and drawing ---------------------------------------------------------------------

    def title(self) -> str:
        return words.title(self.view)

    def seat_detail(self, seat: int) -> str:
        return words.seat_detail(self.view, seat)

    def prompt(self) -> str:
        return words.prompt(self.view, self.you, self.chooser.prefix, self.seats.name)

    def paint_background(self, surface: pygame.Surface) -> None:
        geo = self.geo
        outline(surface, geo.places["draw"].inflate(-4, -4), _("Deck"), self.geo.s)
        outline(surface, geo.places["discard"].inflate(-4, -4), _("Discard"), self.geo.s)

    def draw_under(self, surface: pygame.Surface) -> None:
        m = self.model
        if not m:
            return
        _draw_counts(surface, self.geo, m)
        peeked = _peeked(m, self.grids)
        if peeked is not None:
            rect = peeked.rect.inflate(10, 10)
            pygame.draw.rect(surface, (255, 120, 60), rect, 3, border_radius=8)

    def under_key(self) -> Hashable:
        peeked = _peeked(self.model, self.grids)
        return None if peeked is None else tuple(peeked.rect)


def _peeked(m: dict[str, Any], grids: list[list[list[CardSprite]]]) -> CardSprite | None:
    """The card the player to move peeked at, framed under it, if any."""
    if m.get("peeked") is None or m["to_move"] is None:
        return None
    seat = m["to_move"]
    r, c = m["peeked"]
    rows = grids[seat] if seat < len(grids) else []
    return rows[r][c] if r < len(rows) and c < len(rows[r]) else None


def _clicks(action: Action) -> list[tuple[Token, ...]]:
    """The click sequences that mean `action`."""
    verb = action[0]
    if verb == "take":
        return [(("pile", action[1]),)]
    if verb == "swap":
        a, b = ("cell", action[1], action[2]), ("cell", action[3], action[4])
        if len(action) == 6:
            which = a if action[5] == 0 else b
            return [(a, b, which), (b, a, which)]
        return [(a, b), (b, a)]
    if verb == "discard":
        if len(action) == 4:
            return [(("hand", action[1]), ("pile", "discard"), ("cell", action[2], action[3]))]
        return [(("hand", action[1]), ("pile", "discard"))]
    if verb == "place":
        return [(("hand", action[1]), ("cell", action[2], action[3]))]
    if verb in ("reveal", "peek"):
        if len(action) == 3:
            return [(("cell", action[1], action[2]),)]
        return [(("btn", "reveal"),)]
    if verb == "eliminate":
        return [(("line", action[1], action[2]),)]
    return [(("btn", verb),)]


def _draw_counts(surface: pygame.Surface, geo: layout.Table, m: dict[str, Any]) -> None:
    """The box with the count of cards removed, and the deck's count over the deck."""
    size = layout.px(17, geo.s, 10)
    box = geo.places["box"]
    widgets.panel(
        surface, box, palette.FELT_DARK, 200, palette.mix(palette.FELT, (255, 255, 255), 0.2), 6
    )
    # Two lines where one is too narrow ("Schachtel: 0 entfernt" in a small window).
    removed = len(m["box"])
    widgets.blit_wrapped(
        surface,
        ngettext("Box: {n} removed", "Box: {n} removed", removed).format(n=removed),
        size,
        palette.TEXT_DIM,
        box.inflate(-8, 0),
    )
    draw = geo.places["draw"]
    count = m["draw"]["count"]
    widgets.blit_text(
        surface,
        ngettext("{n} card", "{n} cards", count).format(n=count),
        size,
        palette.TEXT_DIM,
        pygame.Rect(draw.left - 10, draw.top - size - 4, draw.width + 20, size + 2),
    )


def _beside_grid(
    cards: pygame.Rect, size: tuple[int, int], gap: int, n: int
) -> tuple[layout.Point, list[layout.Point]]:
    """Another seat's grid and a column of its `n` hand cards (each of `size`), centred
    together in the seat's `cards` column: the grid's centre and each hand card's."""
    w, h = size
    grid_w = 4 * w + 3 * gap
    group = grid_w + gap * 3 + w
    left = cards.centerx - group / 2
    center = (left + grid_w / 2, cards.centery)
    hx = left + grid_w + gap * 3 + w / 2
    step = min(h * 0.42, (cards.height - h) / max(1, n - 1)) if n > 1 else 0
    top = cards.centery - (h + step * (n - 1)) / 2 + h / 2
    return center, [(hx, top + i * step) for i in range(n)]


def _pulse(sprite: CardSprite) -> Tween:
    """A quick flash before an eliminated line flies to the box."""

    def apply(t: float) -> None:
        sprite.lift = 12 * (1 - abs(2 * t - 1))

    return Tween(0.35, apply)
