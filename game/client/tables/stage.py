"""The cards on a table and how they move: card sprites in their slots, the queue of
animation steps (the director) and the effects over them."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.client.cards import CardArt
from game.client.sprites import CardSprite, Effects
from game.client.tables.chooser import Action, Token
from game.client.tween import Director, Tween

MOVE = 0.42
"""Seconds a card takes to slide to its new place at speed 1."""
FLIP = 0.3
"""Seconds a card takes to turn over at speed 1."""
PAUSE = 0.14
"""A breath between two players' steps, so a quick bot does not blur into the next."""
FLYING = 500
"""Added to a sprite's layer while it moves: moving cards pass over resting ones."""


class Slot:
    """Where one sprite belongs now: centre, card width, layer and click token."""

    __slots__ = ("pos", "width", "layer", "token")

    def __init__(
        self, pos: tuple[float, float], width: int, layer: int, token: Token | None = None
    ) -> None:
        self.pos, self.width, self.layer, self.token = pos, width, layer, token


class Stage:
    """The sprites of one game's table (a LayeredUpdates: layers stack them, picking takes
    the topmost), the slot each belongs in, the director that plays the queued animation
    steps one after another, and the effects (flourishes) drawn over the cards."""

    def __init__(self, art: CardArt, speed: float) -> None:
        self.art = art
        self.sprites: pygame.sprite.LayeredUpdates[CardSprite] = pygame.sprite.LayeredUpdates()
        self.slots: dict[CardSprite, Slot] = {}
        self.director = Director(speed)
        self.effects = Effects()
        self.hovered: CardSprite | None = None
        self.changes = 0
        """Counts what may have changed on the table besides the cards (the highlights'
        refresh, a click, a key): mending.py draws a whole frame after each."""

    def clear(self) -> None:
        """Take every sprite off at once (finishing what they were doing)."""
        for sprite in list(self.sprites):
            sprite.tweens.finish_all()
        self.sprites.empty()
        self.slots.clear()
        self.hovered = None

    def new_card(
        self,
        code: str | None,
        width: int,
        pos: tuple[float, float],
        *,
        face_up: bool = True,
        known: bool = False,
        layer: int = FLYING,
    ) -> CardSprite:
        """A new card sprite at `pos` (over the resting cards until it is placed)."""
        sprite = CardSprite(self.art, code, width, pos, face_up=face_up, known=known)
        self.sprites.add(sprite, layer=layer)
        return sprite

    def take_top(
        self,
        pile: CardSprite | None,
        width: int,
        pos: tuple[float, float],
        layer: int,
        card: str | None,
        more: bool,
    ) -> tuple[CardSprite, CardSprite | None]:
        """The top card of a face-down draw pile at `pos` taken (`pile`: the pile's sprite,
        if it shows one), turned to its `card` if the taker may see it, and the pile's
        sprite now (None: `more` is False, the pile is empty)."""
        sprite = pile or self.new_card(None, width, pos, face_up=False)
        if card is not None:
            sprite.flip_to(card, True, FLIP, 0.1)
        left = self.new_card(None, width, pos, face_up=False, layer=layer) if more else None
        return sprite, left

    def place(
        self,
        slots: Iterable[tuple[CardSprite, Slot]],
        duration: float,
        delays: dict[CardSprite, float] | None = None,
    ) -> None:
        """Slide every sprite to its slot (those already there stay still); a card changing
        size grows or shrinks on the way."""
        self.slots = {}
        for sprite, slot in slots:
            self.slots[sprite] = slot
            sprite.token = slot.token
            delay = delays.get(sprite, 0.0) if delays else 0.0
            moving = duration > 0 and (
                sprite.target != slot.pos or (sprite.x, sprite.y) != slot.pos
            )
            resized = slot.width != sprite.width
            if resized:
                if moving:
                    sprite.zoom_from(slot.width, duration, delay)
                else:
                    sprite.width = slot.width
            if moving:
                sprite.move_to(slot.pos, duration, delay)
            elif sprite.target != slot.pos or (sprite.x, sprite.y) != slot.pos or resized:
                sprite.move_to(slot.pos, 0)
            layer = slot.layer + (FLYING if moving else 0)
            if self.sprites.get_layer_of_sprite(sprite) != layer:
                self.sprites.change_layer(sprite, layer)

    def discard(
        self,
        sprite: CardSprite,
        to: tuple[float, float],
        duration: float,
        delay: float = 0.0,
        fade: bool = True,
    ) -> None:
        """Send a sprite that leaves the table (into the box, back into the deck) to `to` and
        remove it when it gets there."""
        self.sprites.change_layer(sprite, FLYING + 200)
        sprite.move_to(to, duration, delay)
        sprite.token = None
        if fade:
            sprite.fade_out(duration * 0.6, delay + duration * 0.4)
        sprite.tweens.add(Tween(0, lambda t: None, delay=delay + duration, done=sprite.kill))

    def highlight(self, candidates: dict[Token, list[Action]], selected: set[Token]) -> None:
        """Mark each card by what its token means now: a choice, part of the choice so far,
        or neither."""
        self.changes += 1
        for sprite in self.sprites:
            token = sprite.token
            # A card that is both chosen and a choice again (which of two swapped face-down
            # cards turns up) shows as a choice: that is what the player must do next.
            if token is not None and token in candidates:
                highlight: str | None = "legal"
            elif token is not None and token in selected:
                highlight = "selected"
            else:
                highlight = None
            if sprite.highlight != highlight:
                sprite.highlight = highlight
                sprite.refresh()

    def update(self, dt: float, *, start: bool = True) -> float:
        """Play the queue and move the sprites by `dt` real seconds; returns the seconds of
        animation that passed (dt times the speed). With `start` false no queued step
        starts, but what moves finishes its move (a pause never leaves a card half-flipped)."""
        scaled = self.director.update(dt) if start else dt * self.director.factor
        for sprite in self.sprites.sprites():
            if (
                sprite.tweens.running
                or sprite.lift
                or sprite.hover
                or sprite.highlight == "selected"
            ):
                was_moving = sprite.moving
                sprite.update(scaled)
                if was_moving and not sprite.moving and sprite in self.slots:
                    self.sprites.change_layer(sprite, self.slots[sprite].layer)
        self.effects.update(scaled)
        return scaled

    @property
    def still(self) -> bool:
        """Nothing queued and no effect playing (cards may still settle)."""
        return self.director.idle and not self.effects.busy

    @property
    def moving(self) -> bool:
        """A card or an effect is in motion (the queue aside)."""
        return self.effects.busy or any(
            s.tweens.running or (s.lift and not s.hover) for s in self.sprites
        )

    @property
    def busy(self) -> bool:
        """Something moves or waits in the queue, so the screen must be redrawn."""
        return not self.director.idle or self.moving

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """The topmost card at `pos`, if any."""
        hits = self.sprites.get_sprites_at(pos)
        return hits[-1] if hits else None

    def hover(self, pos: tuple[int, int]) -> None:
        """The mouse is at `pos`: lift the clickable card under it, lower the last one."""
        sprite = self.sprite_at(pos)
        if sprite is self.hovered:
            return
        if self.hovered is not None:
            self.hovered.hover = False
            self.hovered.refresh()
        self.hovered = sprite if sprite is not None and sprite.token is not None else None
        if self.hovered is not None:
            self.hovered.hover = True
            self.hovered.refresh()

    def legal_cards(self) -> list[tuple[Token, pygame.Rect]]:
        """Every card highlighted as a choice, with the part of it a click can reach."""
        return [
            (sprite.token, self.visible_part(sprite))
            for sprite in self.sprites.sprites()
            if sprite.highlight == "legal" and sprite.token is not None
        ]

    def visible_part(self, sprite: CardSprite) -> pygame.Rect:
        """The part of `sprite` not covered by cards drawn over it from the right (its left
        strip in a fan)."""
        order = self.sprites.sprites()
        rect = sprite.rect.copy()
        for other in order[order.index(sprite) + 1 :]:
            if other.rect.colliderect(rect) and other.rect.left > rect.left:
                rect.width = min(rect.width, max(4, other.rect.left - rect.left))
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        """The cards, bottom layer first (in one call: the group's own draw keeps each
        card's last rectangle for dirty-rectangle updates, which nothing here uses)."""
        surface.blits([(sprite.image, sprite.rect) for sprite in self.sprites], doreturn=False)
