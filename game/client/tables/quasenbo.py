"""The Quäsenbö table: the played row (fanned, scrolling when long), your hand, the others'
hands, the draw pile, the Excuse's suit choice and the Quäsenbö penalty called out."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, cast

import pygame

from game.client import layout, palette, widgets
from game.client.cards import DECKTET_CARDS, card_size, render_symbol
from game.client.i18n import N_, _, ngettext
from game.client.sprites import CardSprite
from game.client.steps import suit_name
from game.client.tables import quasenbo_words as words
from game.client.tables.base import Table
from game.client.tables.buttons import ButtonSpec
from game.client.tables.chooser import Action, Token
from game.client.tables.hud import outline
from game.client.tables.stage import FLIP, MOVE, Slot
from game.rules.decktet import ALL, SUITS
from game.rules.quasenbo import (
    DrawEvent,
    PassEvent,
    PenaltyEvent,
    PlayEvent,
    QuasenboView,
    ReshuffleEvent,
)

PILE_LAYER, ROW_LAYER, HAND_LAYER = 10, 20, 300


def suits_of(code: str, named: str | None) -> set[str]:
    """The suits a row card counts as: the Excuse counts as the suit it named."""
    if named:
        return {named}
    base = code[:-2] if code.endswith("#2") else code
    return set(DECKTET_CARDS[base][1])


_CARDS = {card.code: card for card in ALL}


def _by_suit(code: str | None) -> tuple[int, int]:
    """A hand card's place when sorted by suit (its first suit in SUITS order), then rank;
    the Excuse, then an unknown card, last."""
    card = _CARDS.get(code or "")
    if card is None:
        return (len(SUITS) + 1, 0)
    return (SUITS.index(card.suits[0]) if card.suits else len(SUITS), _rank(code))


def _by_rank(code: str | None) -> tuple[int, int]:
    """A hand card's place when sorted by rank, then suit; the Excuse, then an unknown card,
    last."""
    return (_rank(code), _by_suit(code)[0])


def _rank(code: str | None) -> int:
    card = _CARDS.get(code or "")
    if card is None:
        return 99
    return 98 if card.rank is None else card.rank


class QuasenboTable(Table):
    """Quäsenbö as one seat sees it."""

    game = "quasenbo"
    BUTTONS = [
        (("btn", "draw"), N_("Draw"), "draw"),
        (("btn", "pass"), N_("Pass"), "pass"),
    ]
    ALWAYS = frozenset({("btn", "draw")})
    SORTS = {
        "suit": (N_("Your hand by suit (O: by rank)"), _by_suit),
        "rank": (N_("Your hand by rank (O: as the cards came)"), _by_rank),
    }
    VERBS = {
        "play": N_("play a card that shares a suit or the rank with the last one"),
        "draw": N_("draw a card"),
        "pass": N_("pass"),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.hands: list[list[CardSprite]] = []
        self.row: list[CardSprite] = []
        self.pile: CardSprite | None = None
        self.offset: int | None = None
        """The first row card shown in full when scrolled back; None: follow the end."""
        super().__init__(*args, **kwargs)

    # -- sprites from the model ----------------------------------------------------------------

    def _badge(self, suit: str | None) -> pygame.Surface | None:
        if not suit:
            return None
        return render_symbol(suit, max(24, layout.px(26, self.geo.s)))

    def build(self) -> None:
        geo = self.geo
        pile = geo.places["draw"].center
        self.hands = []
        for seat in range(self.players):
            codes = self.model["hands"][seat]
            if codes is None:
                codes = [None] * self.model["hand_sizes"][seat]
            self.hands.append([self.from_pile(code, face_up=code is not None) for code in codes])
        self.row = []
        for code, named in zip(self.model["row"], self.model["named"]):
            sprite = self.stage.new_card(code, geo.pile_w, geo.places["row"].center)
            sprite.badge = self._badge(named)
            self.row.append(sprite)
        self.pile = (
            self.stage.new_card(None, geo.pile_w, pile, face_up=False)
            if self.model["draw"]["count"]
            else None
        )
        self.offset = None

    def deal_in(self, after: float = 0.0) -> float:
        delays: dict[CardSprite, float] = {}
        k = 0
        for i in range(max((len(h) for h in self.hands), default=0)):
            for seat in range(self.players):
                if i < len(self.hands[seat]):
                    self.to_pile(self.hands[seat][i])
                    delays[self.hands[seat][i]] = after + k * 0.04
                    k += 1
        for sprite in self.row:
            self.to_pile(sprite)
            delays[sprite] = after + k * 0.04
        self.place(MOVE, delays)
        self.app.sound.play("slide")
        return after + k * 0.04 + MOVE

    def _row_geometry(self) -> tuple[float, int]:
        """(step between row cards, how many fit in full)."""
        area = self.geo.places["row"]
        width = self.geo.pile_w
        step = width * 0.46
        return step, max(1, int((area.width - width) // step) + 1)

    def _first_shown(self) -> int:
        fit = self._row_geometry()[1]
        last_start = max(0, len(self.row) - fit)
        return last_start if self.offset is None else max(0, min(self.offset, last_start))

    def layout_slots(self) -> Iterable[tuple[CardSprite, Slot]]:
        geo = self.geo
        for area in geo.seats:
            seat = area.seat
            if seat >= len(self.hands):
                continue
            hand = self.hands[seat]
            mine = seat == self.viewer
            width = geo.hand_w if mine else geo.small_w
            step = width * 1.02 if mine else width * 0.5
            align = "center"
            order = self.hand_order(hand) if mine else range(len(hand))
            fan = layout.fan(area.cards, len(hand), width, step, align)
            for k, (i, pos) in enumerate(zip(order, fan)):
                token = ("hand", i) if mine and self.seat is not None else None
                yield hand[i], Slot(pos, width, HAND_LAYER + k, token)
        if self.pile is not None:
            yield (
                self.pile,
                Slot(geo.places["draw"].center, geo.pile_w, PILE_LAYER, ("pile", "deck")),
            )
        row = geo.places["row"]
        step, fit = self._row_geometry()
        first = self._first_shown()
        x0 = row.left + geo.pile_w / 2
        for i, sprite in enumerate(self.row):
            k = min(max(i - first, 0), fit - 1)
            # Cards scrolled out lie stacked under the first (or last) one shown.
            yield sprite, Slot((x0 + k * step, row.centery), geo.pile_w, ROW_LAYER + i)

    # -- events --------------------------------------------------------------------------------

    def on_play(self, event: PlayEvent) -> float:
        seat = event["seat"]
        sprite = self.hands[seat].pop(event["index"])
        if not sprite.face_up or sprite.code != event["card"]:
            sprite.flip_to(event["card"], True, FLIP)
        sprite.badge = self._badge(event["suit"])
        self.row.append(sprite)
        self.mark([sprite], seat)
        self.offset = None
        self.app.sound.play("slide")
        if event["suit"]:
            self.toasts.show(
                _("The Excuse stands for {suit}.").format(suit=suit_name(event["suit"]))
            )
        return MOVE + 0.05

    def on_penalty(self, event: PenaltyEvent) -> float:
        seat = event["seat"]
        self.flourish(_("QUÄSENBÖ!"), self.geo.places["row"].center, palette.DANGER, "penalty")
        words = (
            ngettext(
                "{run} of a suit in a row: you draw {n} penalty card!",
                "{run} of a suit in a row: you draw {n} penalty cards!",
                event["count"],
            )
            if seat == self.you
            else ngettext(
                "{run} of a suit in a row: {name} draws {n} penalty card!",
                "{run} of a suit in a row: {name} draws {n} penalty cards!",
                event["count"],
            )
        )
        self.toasts.show(
            words.format(run=event["run"], name=self.seats.name(seat), n=event["count"]),
            palette.DANGER,
            3.5,
        )
        return 1.0

    def on_reshuffle(self, event: ReshuffleEvent) -> float:
        geo = self.geo
        pile = geo.places["draw"].center
        kept = event["kept"]
        gone, self.row = self.row[:-kept], self.row[-kept:]
        for k, sprite in enumerate(gone):
            sprite.badge = None
            sprite.flip_to(None, False, FLIP, k * 0.02)
            self.stage.discard(sprite, pile, MOVE, k * 0.02, fade=False)
        if self.pile is None:
            self.pile = self.stage.new_card(None, geo.pile_w, pile, face_up=False, layer=PILE_LAYER)
        self.offset = None
        self.toasts.show(_("The played row is shuffled into a new draw pile."))
        return MOVE + 0.3

    def on_draw(self, event: DrawEvent) -> float:
        seat = event["seat"]
        sprite, self.pile = self.take_from_pile(
            self.pile, PILE_LAYER, event.get("card"), bool(event["draw"])
        )
        self.hands[seat].append(sprite)
        self.mark([sprite], seat)
        self.app.sound.play("slide")
        return MOVE * (0.8 if event["penalty"] else 0.6)

    def on_pass(self, event: PassEvent) -> float:
        seat = event["seat"]
        self.toasts.show(
            _("You cannot play and pass.")
            if seat == self.you
            else _("{name} cannot play and passes.").format(name=self.seats.name(seat))
        )
        return 0.5

    EVENTS = {
        "play": on_play,
        "penalty": on_penalty,
        "reshuffle": on_reshuffle,
        "draw": on_draw,
        "draw_skipped": Table.on_draw_skipped,
        "pass": on_pass,
        "game_over": Table.on_game_over,
        "next": Table.on_next,
    }

    # -- choosing ------------------------------------------------------------------------------

    def sequences(self, action: Action) -> list[tuple[Token, ...]]:
        verb = action[0]
        if verb == "play":
            if len(action) == 3:
                return [(("hand", action[1]), ("suit", action[2]))]
            return [(("hand", action[1]),)]
        if verb == "draw":
            return [(("pile", "deck"),), (("btn", "draw"),)]
        return [(("btn", verb),)]

    def button_specs(self) -> list[ButtonSpec]:
        if self.seat is None:
            return []
        specs = super().button_specs()
        if self.chooser.prefix:
            for suit in SUITS:
                specs.append(
                    (("suit", suit), _("As {suit}").format(suit=suit_name(suit)), "", None)
                )
        return specs

    def button_icon(self, token: Token, rect: pygame.Rect) -> pygame.Surface | None:
        if token[0] != "suit":
            return None
        return render_symbol(token[1], max(24, rect.height - 12))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.geo.places["row"].collidepoint(
            pygame.mouse.get_pos()
        ):
            self.scroll(-event.y if event.y else event.x)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.scroll(-3 if event.key == pygame.K_LEFT else 3)
            return True
        return super().handle(event)

    def scroll(self, delta: int) -> None:
        """Look back along a long played row (or forward again)."""
        fit = self._row_geometry()[1]
        last_start = max(0, len(self.row) - fit)
        first = self._first_shown() + delta
        self.offset = None if first >= last_start else max(0, first)
        self.place(0.2)

    def explain(self, token: Token) -> str | None:
        legal = self.chooser.legal or []
        if token == ("btn", "draw") and any(a[0] == "play" for a in legal):
            return _(
                "You may draw only when no card in your hand shares a suit or the rank with "
                "the last card – and one of yours does."
            )
        if token == ("btn", "draw"):
            return _("No card is left to draw: pass.")
        if token[0] == "hand" and any(a[0] == "play" for a in self.chooser.legal or []):
            return _("That card shares neither a suit nor the rank with the last card.")
        return None

    # -- words and drawing ---------------------------------------------------------------------

    @property
    def view(self) -> QuasenboView | None:
        """The model as Quäsenbö's view (None before the first)."""
        return cast("QuasenboView | None", self.keeper.model or None)

    def title(self) -> str:
        return words.title(self.view)

    def seat_detail(self, seat: int) -> str:
        return words.seat_detail(self.view, seat)

    def prompt(self) -> str:
        legal, prefix = self.chooser.legal, self.chooser.prefix
        return words.prompt(self.view, self.you, self.seats.name, legal, prefix)

    def paint_background(self, surface: pygame.Surface) -> None:
        draw = self.geo.places["draw"]
        outline(surface, draw.inflate(-4, -4), _("Draw pile"), self.geo.s)

    def draw_under(self, surface: pygame.Surface) -> None:
        m = self.view
        if not m or not self.row:
            return
        size = layout.px(18, self.geo.s, 10)
        run = min(m["run"], len(self.row))
        if run >= 2:
            suits = [suits_of(c, n) for c, n in zip(m["row"][-run:], m["named"][-run:])]
            self._draw_run(surface, self.row[-run:], set.intersection(*suits), size)
        self._draw_scroll_hints(surface, size)

    def under_key(self) -> Hashable:
        m = self.view
        run = min(m["run"], len(self.row)) if m and self.row else 0
        cards = self.row[-run:] if run >= 2 else []
        return self._first_shown(), tuple(tuple(sprite.rect) for sprite in cards)

    def _draw_run(
        self, surface: pygame.Surface, cards: list[CardSprite], common: set[str], size: int
    ) -> None:
        """The run: the last `cards` sharing a suit, underlined with the `common` suits."""
        geo = self.geo
        run = len(cards)
        left = min(s.rect.left for s in cards)
        right = max(s.rect.right for s in cards)
        # Under the row's place, not the sprites: a card flying in from a hand would
        # drag the words down into the toasts' band.
        bottom = geo.places["row"].centery + card_size(geo.pile_w)[1] // 2 + 4
        color = palette.DANGER if run >= 3 else palette.ACCENT
        bar = pygame.Rect(left, bottom, right - left, max(3, layout.px(5, geo.s)))
        pygame.draw.rect(surface, color, bar, border_radius=3)
        label = (
            _("run of {n} – Quäsenbö!") if run >= 3 else _("run of {n} – a third would cost a card")
        ).format(n=run)
        icon_size = max(24, size + 6)
        box = pygame.Rect(left, bar.bottom + 2, max(right - left, 260), size + 4)
        # On the felt with its suits' icons: a run at the row's right end pushed its
        # words under the move log.
        ends = left + min(box.width, widgets.text_width(label, size))
        box.x -= max(0, ends + 6 + len(common) * (icon_size + 2) - self.area[0])
        where = widgets.blit_text(surface, label, size, color, box, "left")
        x = where.right + 6
        for suit in sorted(common, key=SUITS.index):
            icon = render_symbol(suit, icon_size)
            surface.blit(icon, icon.get_rect(midleft=(x, where.centery)))
            x += icon.get_width() + 2

    def _draw_scroll_hints(self, surface: pygame.Surface, size: int) -> None:
        """How many row cards lie scrolled out before and after those shown."""
        first = self._first_shown()
        fit = self._row_geometry()[1]
        area = self.geo.places["row"]
        if first > 0:
            widgets.blit_text(
                surface,
                (
                    ngettext("< {n} earlier (mouse wheel)", "< {n} earlier (mouse wheel)", first)
                    if self.replay
                    else ngettext(
                        "< {n} earlier (mouse wheel or arrow keys)",
                        "< {n} earlier (mouse wheel or arrow keys)",
                        first,
                    )
                ).format(n=first),
                size,
                palette.TEXT_DIM,
                pygame.Rect(area.left, area.top - 2, 300, size + 2),
                "left",
            )
        later = len(self.row) - first - fit
        if later > 0:
            widgets.blit_text(
                surface,
                ngettext("{n} later >", "{n} later >", later).format(n=later),
                size,
                palette.TEXT_DIM,
                pygame.Rect(area.right - 300, area.top - 2, 300, size + 2),
                "right",
            )

    def draw_over(self, surface: pygame.Surface) -> None:
        m = self.model
        if not m:
            return
        geo = self.geo
        size = layout.px(18, geo.s, 10)
        rect = pygame.Rect((0, 0), card_size(geo.pile_w))
        rect.center = geo.places["draw"].center
        widgets.blit_text(
            surface,
            ngettext("{n} card", "{n} cards", m["draw"]["count"]).format(n=m["draw"]["count"]),
            size,
            palette.TEXT_DIM,
            pygame.Rect(rect.left - 20, rect.top - size - 6, rect.width + 40, size + 2),
        )
