"""The Quando table: fronts of your hand, the others' backs, the draw pile's visible side,
the discard, drawing up or down, knock and pass, the triplet penalty."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import pygame

from game.client import layout, palette, widgets
from game.client.cards import card_size
from game.client.i18n import N_, _
from game.client.refusals import refusal_text
from game.client.shortcuts import ENTER, letters
from game.client.sprites import CardSprite
from game.client.tables import quando_words as words
from game.client.tables.base import Table
from game.client.tables.buttons import ButtonSpec
from game.client.tables.chooser import Action, Pick, Token
from game.client.tables.hud import outline
from game.client.tables.scoresheet import ScoreSheet
from game.client.tables.stage import FLIP, MOVE, Slot
from game.client.tween import HOLD
from game.rules.quando import (
    DealEvent,
    DrawEvent,
    FlipEvent,
    PlayEvent,
    QuandoView,
    RoundEndEvent,
    SeatEvent,
    TurnOverEvent,
    not_a_play,
)

PILE_LAYER, DISCARD_LAYER, HAND_LAYER = 10, 20, 100


def _number(code: str | None) -> tuple[int]:
    """A hand card's place when sorted by number (an unknown card last)."""
    return (int(code) if code is not None and code.isdigit() else 99,)


class QuandoTable(Table):
    """Quando as one seat sees it. A hand card shows its front to its holder and its back to
    everyone else, so the viewer's hand shows fronts and every other hand shows backs."""

    game = "quando"
    BUTTONS = [
        (("btn", "play"), N_("Play"), ENTER),
        (("btn", "up"), N_("Draw visible"), "up"),
        (("btn", "down"), N_("Draw hidden"), "down"),
        (("btn", "knock"), N_("Knock"), "knock"),
        (("btn", "pass"), N_("Pass"), "pass"),
    ]
    ALWAYS = frozenset({("btn", "play"), ("btn", "up"), ("btn", "down"), ("btn", "knock")})
    SHEET = True
    ROUNDS = True
    SORTS = {"number": (N_("Your hand by number (O: as the cards came)"), _number)}
    VERBS = {
        "play": N_("play cards"),
        "draw": N_("draw a card (visible or hidden side)"),
        "flip": N_("flip one of your zeros"),
        "knock": N_("knock"),
        "pass": N_("pass"),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.hands: list[list[CardSprite]] = []
        self.pile: CardSprite | None = None
        self.discard: list[CardSprite] = []
        self.sheet = ScoreSheet()
        self.between_rounds = False
        """From a round's end until the next round's first turn: the model still names the
        last round's mover (and knocker), which no prompt may speak of."""
        super().__init__(*args, **kwargs)

    # -- sprites from the model ----------------------------------------------------------------

    @property
    def view(self) -> QuandoView | None:
        """The model as Quando's view (None before the first)."""
        return cast("QuandoView | None", self.keeper.model or None)

    def _side(self, seat: int) -> list[int]:
        return words.side(cast(QuandoView, self.model), seat)

    def build(self) -> None:
        geo = self.geo
        pile = geo.places["draw"].center
        self.hands = []
        for s in range(self.players):
            hand = [self.from_pile(str(v)) for v in self._side(s)]
            sides = self.model["hands"][s]
            if "fronts" in sides and "backs" in sides:  # a replay's open view: both sides
                for sprite, back in zip(hand, sides["backs"]):
                    sprite.other = back
            self.hands.append(hand)
        self.discard = [
            self.stage.new_card(str(v), geo.pile_w, geo.places["discard"].center)
            for v in self.model["discard"]
        ]
        top = self.model["draw"]["top"]
        self.pile = None if top is None else self.stage.new_card(str(top), geo.pile_w, pile)

    def deal_in(self, after: float = 0.0) -> float:
        """Deal round robin from the pile: one card at a time, first player first."""
        delays: dict[CardSprite, float] = {}
        first = self.model.get("active", 0)
        order = [(first + k) % self.players for k in range(self.players)]
        step = 0.07
        k = 0
        for i in range(max((len(h) for h in self.hands), default=0)):
            for seat in order:
                if i < len(self.hands[seat]):
                    sprite = self.hands[seat][i]
                    self.to_pile(sprite)
                    delays[sprite] = after + k * step
                    k += 1
        self.place(MOVE, delays)
        self.app.sound.play("slide")
        return after + k * step + MOVE

    def layout_slots(self) -> Iterable[tuple[CardSprite, Slot]]:
        geo = self.geo
        for area in geo.seats:
            seat = area.seat
            hand = self.hands[seat] if seat < len(self.hands) else []
            mine = seat == self.viewer
            width = geo.hand_w if mine else geo.small_w
            step = width * 1.06 if mine else width * 0.72
            order = self.hand_order(hand) if mine else range(len(hand))
            places = layout.fan(area.cards, len(hand), width, step)
            for k, (i, pos) in enumerate(zip(order, places)):
                token = ("hand", i) if mine and self.seat is not None else None
                yield hand[i], Slot(pos, width, HAND_LAYER + k, token)
        if self.pile is not None:
            yield self.pile, Slot(geo.places["draw"].center, geo.pile_w, PILE_LAYER, ("pile", "up"))
        place = geo.places["discard"]
        shown = 6
        offset = layout.px(14, geo.s)
        base_x = place.left + geo.pile_w / 2
        n = len(self.discard)
        for i, sprite in enumerate(self.discard):
            k = max(0, i - max(0, n - shown))
            yield sprite, Slot((base_x + k * offset, place.centery), geo.pile_w, DISCARD_LAYER + i)

    # -- events --------------------------------------------------------------------------------

    def on_play(self, event: PlayEvent) -> float:
        hand = self.hands[event["seat"]]
        moved = [hand[i] for i in event["indices"]]
        for i in reversed(event["indices"]):
            del hand[i]
        for sprite, front in zip(moved, event["fronts"]):
            if sprite.code != str(front):
                sprite.flip_to(str(front), True, FLIP)
            self.discard.append(sprite)
        self.mark(moved, event["seat"])
        self.app.sound.play("slide")
        if event["triplet"]:
            self.flourish(
                _("TRIPLET!"), self.geo.places["discard"].center, palette.DANGER, "penalty"
            )
            return MOVE + 0.9
        return MOVE + 0.05 * len(moved)

    def on_draw(self, event: DrawEvent) -> float:
        geo = self.geo
        value = event.get("front", event.get("back"))
        sprite = self.pile or self.stage.new_card(str(value), geo.pile_w, geo.places["draw"].center)
        self.pile = None
        if sprite.code != str(value):
            sprite.flip_to(str(value), True, FLIP, 0.08)
        self.hands[event["seat"]].append(sprite)
        self.mark([sprite], event["seat"])
        top = event["draw"]["top"]
        if top is not None:
            self.pile = self.stage.new_card(
                str(top), geo.pile_w, geo.places["draw"].center, layer=PILE_LAYER
            )
        self.app.sound.play("slide")
        return MOVE

    def on_turn_over(self, event: TurnOverEvent) -> float:
        geo = self.geo
        pile = geo.places["draw"].center
        for k, sprite in enumerate(reversed(self.discard)):
            self.stage.discard(sprite, pile, MOVE, k * 0.03, fade=False)
        self.discard = []
        top = event["draw"]["top"]
        self.pile = (
            None
            if top is None
            else self.stage.new_card(str(top), geo.pile_w, pile, layer=PILE_LAYER)
        )
        if self.pile is not None:
            self.pile.scale_x = 0.0
            self.pile.flip_to(str(top), True, FLIP, MOVE)
        self.toasts.show(_("The discard pile is turned over: it is the new draw pile."))
        return MOVE + FLIP

    def on_flip(self, event: FlipEvent) -> float:
        sprite = self.hands[event["seat"]][event["index"]]
        value = event.get("front", event.get("back"))
        sprite.flip_to(str(value), True, FLIP * 1.5)
        self.mark([sprite], event["seat"])
        self.toasts.show(
            _("You flip a zero.")
            if event["seat"] == self.you
            else _("{name} flips a zero.").format(name=self.seats.name(event["seat"]))
        )
        self.app.sound.play("flip")
        return FLIP * 1.5 + 0.2

    def on_knock(self, event: SeatEvent) -> float:
        self.flourish(
            _("KNOCK!"), self.geo.seat_area(event["seat"]).cards.center, palette.ACCENT, "knock"
        )
        return 1.1

    def on_pass(self, event: SeatEvent) -> float:
        self.toasts.show(
            _("You pass.")
            if event["seat"] == self.you
            else _("{name} passes.").format(name=self.seats.name(event["seat"]))
        )
        return 0.5

    def on_round_end(self, event: RoundEndEvent) -> float:
        self.between_rounds = True
        self.sheet.add(event["round"], event["scores"])
        self.hold = cast(dict[str, Any], event)  # the summary the scene shows, as sent
        self.app.sound.play("win")
        return HOLD

    def on_deal(self, event: DealEvent) -> float:
        """The old round's cards go back to the pile (the new deal is `after_event`'s)."""
        pile = self.geo.places["draw"].center
        old = (
            [s for hand in self.hands for s in hand]
            + self.discard
            + ([self.pile] if self.pile else [])
        )
        for k, sprite in enumerate(old):
            self.stage.discard(sprite, pile, MOVE, k * 0.01)
        self.hands, self.discard, self.pile = [], [], None
        return 0.0

    def on_next(self, event: dict[str, Any]) -> float:
        self.between_rounds = False
        return super().on_next(event)

    EVENTS = {
        "play": on_play,
        "draw": on_draw,
        "turn_over": on_turn_over,
        "flip": on_flip,
        "knock": on_knock,
        "pass": on_pass,
        "draw_skipped": Table.on_draw_skipped,
        "round_end": on_round_end,
        "game_over": Table.on_game_over,
        "deal": on_deal,
        "next": on_next,
    }

    def after_event(self, event: dict[str, Any]) -> float | None:
        if event["type"] != "deal":
            return None
        collect = MOVE + 0.2
        self.build()
        if self.pile is not None:
            self.pile.scale_x = 0.0
            self.pile.flip_to(self.pile.code, True, FLIP, collect)
        words = (
            _("Round {n}: you play first.")
            if event["first"] == self.you
            else _("Round {n}: {name} plays first.")
        )
        self.toasts.show(words.format(n=event["round"] + 1, name=self.seats.name(event["first"])))
        return self.deal_in(collect)

    # -- choosing ------------------------------------------------------------------------------

    def sequences(self, action: Action) -> list[tuple[Token, ...]]:
        verb = action[0]
        if verb == "draw":
            if action[1] == "up":
                return [(("btn", "up"),), (("pile", "up"),)]
            return [(("btn", "down"),)]
        if verb in ("knock", "pass"):
            return [(("btn", verb),)]
        if verb == "flip":
            return [(("hand", action[1]),)]
        return []  # plays are chosen as a set of cards, below

    def picks(self, action: Action) -> Pick | None:
        if action[0] != "play":
            return None
        return Pick(frozenset(("hand", i) for i in action[1]), ("btn", "play"))

    def _chosen(self) -> list[int]:
        """The hand cards chosen so far, by index."""
        return sorted(token[1] for token in self.chooser.chosen)

    def explain(self, token: Token) -> str | None:
        phase = self.model.get("phase")
        if token == ("btn", "knock"):
            return words.knock_rule(
                cast(QuandoView, self.model), self.you, self.viewer, self.players, self.seats.name
            )
        if token == ("btn", "pass"):
            return _("You may pass only in the last round, after someone has knocked.")
        if token in (("btn", "up"), ("btn", "down")) and phase == "turn":
            return _("Play cards first; you draw after your play.")
        if token == ("btn", "play") and phase == "turn" and self.chooser.chosen:
            # The chosen cards lead towards a run but are none yet: the rules' own refusal.
            refusal = not_a_play([self._side(self.viewer)[i] for i in self._chosen()])
            return refusal_text(refusal.template, refusal.params, refusal.reason)
        if token == ("btn", "play") and phase == "turn":
            return _("First choose the cards to play: click them, or press their numbers.")
        if phase == "draw":
            return _("Draw first: the visible side ({up}) or the hidden side ({down}).").format(
                **letters()
            )
        if phase == "penalty":
            return _("Triplet penalty: {choices}.").format(choices=self.options_text())
        others = [i for i in self._chosen() if i != token[1]] if token[0] == "hand" else []
        if others:  # the card clicked may be chosen already: it stays chosen, refused
            values = ", ".join(str(self._side(self.viewer)[i]) for i in others)
            value = self._side(self.viewer)[token[1]]
            return _(
                "{value} makes no play with {values}: play equal numbers, or exactly three "
                "in a row."
            ).format(value=value, values=values)
        if token[0] == "hand":
            return _("That card is in no play: play equal numbers, or exactly three in a row.")
        return None

    def recall(self, events: list[dict[str, Any]]) -> None:
        self.sheet = ScoreSheet()
        for event in events:
            if event["type"] == "round_end":
                self.sheet.add(event["round"], event["scores"])

    def draw_sheet(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        m = self.model
        names = [self.seats.name(seat) + self.seats.tag(seat) for seat in range(self.players)]
        totals = m.get("totals") or [0] * self.players
        self.sheet.draw(surface, box, names, totals, m.get("target"), self.geo.s)

    def button_flash(self, token: Token) -> bool:
        return token == ("btn", "play")

    def button_specs(self) -> list[ButtonSpec]:
        if self.seat is None:
            return []
        return super().button_specs()

    # -- words and drawing ---------------------------------------------------------------------

    def title(self) -> str:
        return words.title(self.view)

    def seat_detail(self, seat: int) -> str:
        return words.seat_detail(self.view, seat)

    def seat_badge(self, seat: int) -> str:
        m = self.model
        if m and m.get("knocker") == seat:
            return _("KNOCKED")
        return ""

    def current_seat(self) -> int | None:
        # From a round's end until its successor's first turn nobody is to move; the model
        # names the old round's last mover until the deal has been shown.
        return None if self.between_rounds else super().current_seat()

    def prompt(self) -> str:
        m = self.view
        if not m or m.get("result") or self.between_rounds:
            return ""
        legal = self.chooser.legal
        return words.prompt(m, self.you, self.seats.name, legal, self._chosen(), self.active)

    def paint_background(self, surface: pygame.Surface) -> None:
        geo = self.geo
        draw = pygame.Rect((0, 0), card_size(geo.pile_w))
        draw.center = geo.places["draw"].center
        outline(surface, draw.inflate(-4, -4), "", self.geo.s)
        discard = pygame.Rect((0, 0), card_size(geo.pile_w))
        discard.midleft = (geo.places["discard"].left, geo.places["discard"].centery)
        outline(surface, discard.inflate(-4, -4), _("Discard"), self.geo.s)

    def draw_under(self, surface: pygame.Surface) -> None:
        geo = self.geo
        m = self.model
        if not m:
            return
        count = m["draw"]["count"]
        rect = pygame.Rect((0, 0), card_size(geo.pile_w))
        rect.center = geo.places["draw"].center
        # The pile's thickness: a few offset edges under the top card.
        edges = min(5, max(0, count - 1))
        for k in range(edges, 0, -1):
            edge = rect.move(k * 2, k * 2).inflate(-6, -6)
            pygame.draw.rect(surface, (236, 230, 214), edge, border_radius=6)
            pygame.draw.rect(surface, (120, 112, 100), edge, 1, border_radius=6)
        size = layout.px(18, geo.s)
        label = _("Draw pile: {n}").format(n=count) if count else _("Draw pile: empty")
        # Under the pile's lowest edge (each 2 px lower, 3 px inset), not on it.
        below = rect.bottom + max(0, edges * 2 - 3) + 4
        widgets.blit_text(
            surface,
            label,
            size,
            palette.mix(palette.FELT, (255, 255, 255), 0.7),
            pygame.Rect(rect.left - 40, below, rect.width + 80, widgets.line_height(size)),
        )
