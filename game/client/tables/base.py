"""What the three tables share: the display model fed by updates, card sprites in zones, the
queue of animation steps, the chooser that turns clicks into legal actions, and the HUD."""

from __future__ import annotations

import copy
import time
from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, ClassVar, Protocol

import pygame

from game.client import layout, palette, widgets
from game.client.cards import card_codes, render_card
from game.client.sprites import CardSprite, Effects, Flourish
from game.client.tween import HOLD, Director, Tween
from game.rules import update_view

if TYPE_CHECKING:
    from game.client.config import Settings
    from game.client.session import Session
    from game.client.sound import Sound


class Host(Protocol):
    """What a table uses of the application: the size it lays itself out in, the settings,
    the sound, and the session its actions go to (None: nothing is sent, as in a replay).
    The App is one; the replay viewer gives its table part of the window."""

    settings: Settings
    sound: Sound
    session: Session | None

    @property
    def size(self) -> tuple[int, int]: ...


Token = tuple
"""What a click on something means to a table: ("hand", 2), ("cell", 0, 1), ("btn", "knock")…"""

MOVE = 0.42
"""Seconds a card takes to slide to its new place at speed 1."""
FLIP = 0.3
PREWARM_BUDGET = 0.0015
"""Seconds a frame may spend drawing card pictures ahead of need (see Table.prewarm)."""
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


class Table:
    """One game's table as a seat (or a spectator) sees it.

    Updates are queued (`feed`); the director plays them one event at a time: the subclass
    moves sprites between its zones in `on_event`, the model advances with the engine's own
    `update_view`, and `place` slides every sprite to its slot. So the drawing always shows
    the display model, which catches up with the server as the animations finish.

    Input is accepted once the table has caught up with an update that gave this seat legal
    actions. Clicks become tokens; `sequences(action)` says which token sequences mean an
    action, so highlights and clicks come from the legal list alone – no rules here.
    """

    game: ClassVar[str]
    BUTTONS: ClassVar[list[tuple[Token, str, str, int | None]]] = []
    """The game's fixed action buttons: (token, label, key hint, key)."""
    ALWAYS: ClassVar[frozenset] = frozenset()
    """Buttons shown (greyed) even when they cannot be used now; the others appear only when
    they can be."""
    VERBS: ClassVar[dict[str, str]] = {}
    """Each verb in a player's words, for "You can: …"."""

    def __init__(self, app: Host, room: dict, seat: int | None, *, replay: bool = False) -> None:
        """`seat` is the seat whose view the table shows (None: a spectator's). In a game it
        is also the seat the player decides for; a `replay` shows the seat's view but
        speaks of every seat by name, since nobody watching a replay plays."""
        self.app = app
        self.room = room
        self.seat = seat
        self.replay = replay
        self.you: int | None = None if replay else seat
        """The seat addressed as "you" (the player's own), if any."""
        self.viewer = seat if seat is not None else 0
        self.players: int = room["players"]
        self.model: dict = {}
        self.sprites: pygame.sprite.LayeredUpdates = pygame.sprite.LayeredUpdates()
        self.slots: dict[CardSprite, Slot] = {}
        self.director = Director(app.settings.speed)
        self.effects = Effects()
        self.toasts = widgets.Toasts()
        self.legal: list[list] | None = None
        self.step = 0
        self.to_move: int | None = None
        self.clock: dict | None = None
        self.prefix: list[Token] = []
        self.waiting = False
        self.hold: dict | None = None
        """The event the queue waits on (a round summary, the game over) until released."""
        self.started = False
        self.buttons: list[widgets.Button] = []
        self._button_key: tuple = ()
        self.hovered: CardSprite | None = None
        self.geo: layout.Table = layout.table(self.game, app.size, self.players, self.viewer)
        self.background = self._background()
        self._prewarm = self.prewarm()

    # -- names and seats -----------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The seat's player as the room names it; bots of one level are told apart by
        their seat number ("Normal bot 3")."""
        seats = self.room.get("seats", [])
        if seat < len(seats) and seats[seat].get("name"):
            name = seats[seat]["name"]
            if sum(1 for other in seats if other.get("name") == name) > 1:
                return f"{name} {seat + 1}"
            return name
        return f"Seat {seat + 1}"

    def who(self, seat: int | None) -> str:
        """A seat in a sentence: "You" for the viewer's own seat."""
        if seat is None:
            return "Nobody"
        return "You" if seat == self.you else self.name(seat)

    def seat_status(self, seat: int) -> str:
        seats = self.room.get("seats", [])
        if seat < len(seats):
            info = seats[seat]
            if info.get("away"):
                return "away – a bot plays"
            if info.get("kind") == "human" and not info.get("connected", True):
                return "offline"
        return ""

    # -- feeding -------------------------------------------------------------------------------

    def feed(self, update: dict) -> None:
        """Queue one update from the session (full or with events)."""
        update["_at"] = time.monotonic()  # the turn clock runs in real time, like the server's
        if "view" in update:
            self.director.add(partial(self._full, update))
        else:
            for event in update["events"]:
                self.director.add(partial(self._event, event))
        self.director.add(partial(self._meta, update))

    def rebuild(self, view: dict) -> None:
        """Show `view` at once: every sprite anew and in its place, nothing moving (a full
        update; a replay's jump, or its open view after each step)."""
        for sprite in list(self.sprites):
            sprite.tweens.finish_all()
        self.sprites.empty()
        self.slots.clear()
        self.model = copy.deepcopy(view)
        self.build()
        self.place(0)

    def _full(self, update: dict) -> float:
        """Start over from a full view: every sprite anew. At the very start, deal them."""
        deal = not self.started and update["step"] == 0
        self.started = True
        self.rebuild(update["view"])
        if deal:
            return self.deal_in()
        result = self.model.get("result")
        if result is not None and self.hold is None and not self.replay:
            # A finished game seen from a full view (watched late, or resynced at its last
            # step): its end shows as if the last step had been animated.
            self.hold = {"type": "game_over", "result": result}
            return HOLD
        return 0.0

    def _event(self, event: dict) -> float:
        wait = self.on_event(event)
        update_view(self.game, self.model, event)
        own = self.after_event(event)
        if own is None:
            self.place(MOVE)
            return wait
        return max(wait, own)

    def _meta(self, update: dict) -> float:
        self.step = update["step"]
        self.to_move = update["to_move"]
        self.clock = update.get("clock")
        if self.clock is not None:
            self.clock = {**self.clock, "_at": update["_at"]}
        self.legal = update.get("legal") if self.seat is not None else None
        self.waiting = False
        self.prefix = []
        self.refresh()
        return 0.0

    def set_room(self, room: dict) -> None:
        self.room = room

    def release(self) -> None:
        """The player dismissed the summary the queue waited on: go on."""
        self.hold = None
        self.director.release()

    def refused(self, message: str) -> None:
        """The server refused our action: say why and let the player choose again."""
        self.waiting = False
        self.prefix = []
        self.toasts.show(message, palette.DANGER, 4.0)
        self.app.sound.play("error")
        self.refresh()

    # -- for subclasses ------------------------------------------------------------------------

    def build(self) -> None:
        """Create the sprites of `self.model` in their zones (no animation)."""
        raise NotImplementedError

    def layout_slots(self) -> Iterable[tuple[CardSprite, Slot]]:
        """Every sprite with the slot it belongs in now."""
        raise NotImplementedError

    def on_event(self, event: dict) -> float:
        """Move sprites between zones for `event` (the model is still the one before it);
        returns how long the queue waits before the next step."""
        return 0.0

    def after_event(self, event: dict) -> float | None:
        """Called once the model includes `event`. A subclass that places the sprites itself
        (e.g. a new deal) returns how long that takes; None lets the table place them."""
        return None

    def deal_in(self) -> float:
        """Deal the sprites of a new game from the draw pile; returns the time it takes."""
        self.place(0)
        return 0.0

    def sequences(self, action: list) -> list[tuple[Token, ...]]:
        """The click sequences that mean `action`."""
        return []

    def button_specs(self) -> list[tuple[Token, str, str, int | None]]:
        """The action buttons now: the fixed ones plus any the state needs."""
        return list(self.BUTTONS)

    def prompt(self) -> str:
        """What the viewer should do now, or what is going on."""
        return ""

    def seat_detail(self, seat: int) -> str:
        return ""

    def seat_badge(self, seat: int) -> str:
        return ""

    def title(self) -> str:
        return self.game.capitalize()

    def draw_under(self, surface: pygame.Surface) -> None:
        """Game things under the cards (pile labels, run markers)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Game things over the cards (counts, scroll hints)."""

    def key_token(self, event: pygame.event.Event) -> Token | None:
        """A game's own keyboard shortcut (e.g. digits for hand cards), as a token."""
        return None

    def hand_token_key(self, event: pygame.event.Event, count: int) -> Token | None:
        """Keys 1–9 and 0 (the tenth) name the viewer's hand cards."""
        if pygame.K_1 <= event.key <= pygame.K_9:
            index = event.key - pygame.K_1
        elif event.key == pygame.K_0:
            index = 9
        else:
            return None
        return ("hand", index) if index < count else None

    # -- sprites -------------------------------------------------------------------------------

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
        sprite = CardSprite(self.game, code, width, pos, face_up=face_up, known=known)
        self.sprites.add(sprite, layer=layer)
        return sprite

    def place(self, duration: float, delays: dict[CardSprite, float] | None = None) -> None:
        """Slide every sprite to its slot (those already there stay still); a card changing
        size grows or shrinks on the way."""
        self.slots = {}
        for sprite, slot in self.layout_slots():
            self.slots[sprite] = slot
            sprite.token = slot.token
            delay = delays.get(sprite, 0.0) if delays else 0.0
            moving = duration > 0 and (
                sprite.target != slot.pos or (sprite.x, sprite.y) != slot.pos
            )
            if slot.width != sprite.width:
                if moving:
                    sprite.zoom_from(slot.width, duration, delay)
                else:
                    sprite.width = slot.width
            if moving:
                sprite.move_to(slot.pos, duration, delay)
            else:
                sprite.move_to(slot.pos, 0)
            layer = slot.layer + (FLYING if moving else 0)
            if self.sprites.get_layer_of_sprite(sprite) != layer:
                self.sprites.change_layer(sprite, layer)
        self.refresh()

    def discard_sprite(
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

    def flourish(
        self,
        message: str,
        where: tuple[int, int] | None = None,
        color: tuple[int, int, int] = palette.ACCENT,
        sound: str | None = None,
    ) -> None:
        if where is None:
            where = (self.app.size[0] // 2, self.app.size[1] // 2 - layout.px(40, self.geo.s))
        self.effects.add(Flourish(message, where, layout.px(64, self.geo.s, 24), color))
        if sound:
            self.app.sound.play(sound)

    def game_over_flourish(self, event: dict) -> None:
        """The last word of a game: a cheer for the viewer's win, else who won."""
        winners = event["result"]["winners"]
        if self.you in winners:
            self.flourish(
                "YOU WIN!" if len(winners) == 1 else "SHARED WIN!", None, palette.ACCENT, "win"
            )
        else:
            self.flourish("GAME OVER", None, palette.TEXT, "win")

    # -- choosing ------------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        """The viewer may decide now: caught up, its turn, nothing sent yet."""
        return (
            self.legal is not None and not self.waiting and self.hold is None and self.director.idle
        )

    def candidates(self) -> dict[Token, list[list]]:
        """Each token that continues the current selection towards a legal action."""
        if not self.active:
            return {}
        n = len(self.prefix)
        prefix = tuple(self.prefix)
        out: dict[Token, list[list]] = {}
        for action in self.legal or []:
            for seq in self.sequences(action):
                if len(seq) > n and seq[:n] == prefix:
                    out.setdefault(seq[n], []).append(action)
        return out

    def selected(self) -> set[Token]:
        return set(self.prefix)

    def click(self, token: Token | None) -> None:
        """The viewer clicked something meaning `token` (None: nothing to act on)."""
        if token is None:
            return
        if not self.active:
            self.explain_wait()
            return
        candidates = self.candidates()
        if token in candidates:
            self.prefix.append(token)
            prefix = tuple(self.prefix)
            done = [a for a in self.legal or [] for seq in self.sequences(a) if seq == prefix]
            longer = any(
                len(seq) > len(prefix) and seq[: len(prefix)] == prefix
                for a in self.legal or []
                for seq in self.sequences(a)
            )
            if done and not longer:
                self.send(done[0])
            else:
                self.app.sound.play("tick")
            self.refresh()
        elif self.prefix and token == self.prefix[-1]:
            self.prefix.pop()
            self.refresh()
        else:
            self.explain(token)

    def clear_selection(self) -> None:
        if self.prefix:
            self.prefix = []
            self.refresh()

    def send(self, action: list) -> None:
        """Send `action` (one of the legal ones, or the viewer's own choice for the server to
        judge) and wait for the server's answer."""
        session = self.app.session
        if session is None:
            return
        session.act(action)
        self.waiting = True
        self.prefix = []
        self.app.sound.play("play")
        self.refresh()

    def explain_wait(self) -> None:
        if self.seat is None:
            self.toasts.show("You are watching this game.")
        elif self.hold is not None:
            self.toasts.show("Press Continue first.")
        elif self.waiting:
            self.toasts.show("Waiting for the server…")
        elif self.to_move is not None and self.to_move != self.seat:
            self.toasts.show(f"It's {self.name(self.to_move)}'s turn.")
        elif self.model.get("result"):
            self.toasts.show("The game is over.")

    def explain(self, token: Token) -> None:
        """Why a click does nothing, in general terms drawn from the legal actions."""
        if self.prefix:
            self.toasts.show(
                "Choose one of the highlighted places – or Esc to start over.", palette.ACCENT
            )
        else:
            self.toasts.show("You can " + self.options_text() + ".", palette.ACCENT)
        self.app.sound.play("error")

    def options_text(self) -> str:
        verbs: list[str] = []
        for action in self.legal or []:
            words = self.VERBS.get(action[0], action[0])
            if words not in verbs:
                verbs.append(words)
        if len(verbs) <= 1:
            return "".join(verbs) or "only wait"
        return ", ".join(verbs[:-1]) + " or " + verbs[-1]

    # -- highlights and buttons ----------------------------------------------------------------

    def refresh(self) -> None:
        """Bring highlights and buttons in line with the selection and the legal actions."""
        candidates = self.candidates()
        selected = self.selected()
        for sprite in self.sprites:
            token = sprite.token
            # A card that is both chosen and a choice again (which of two swapped face-down
            # cards turns up) shows as a choice: that is what the player must do next.
            if token is not None and token in candidates:
                sprite.highlight = "legal"
            elif token is not None and token in selected:
                sprite.highlight = "selected"
            else:
                sprite.highlight = None
            sprite.refresh()
        self._sync_buttons(candidates)

    def _sync_buttons(self, candidates: dict[Token, list[list]]) -> None:
        specs = [
            spec
            for spec in ([] if self.replay else self.button_specs())
            if spec[0] in self.ALWAYS or spec[0] in candidates
        ]
        key = tuple((t, label) for t, label, _, _ in specs) + (self.app.size,)
        if key != self._button_key:
            self._button_key = key
            rects = layout.action_buttons(self.geo.buttons, len(specs), self.geo.s)
            self.buttons = []
            for (token, label, hint, shortcut), rect in zip(specs, rects):
                button = widgets.Button(
                    rect,
                    label,
                    partial(self.click, token),
                    hint=hint,
                    key=shortcut,
                    style="action",
                )
                button.token = token  # type: ignore[attr-defined]
                self.buttons.append(button)
        for button in self.buttons:
            button.enabled = self.button_enabled(button.token, candidates)  # type: ignore[attr-defined]
            button.flash = button.enabled and self.button_flash(button.token)  # type: ignore[attr-defined]

    def button_enabled(self, token: Token, candidates: dict[Token, list[list]]) -> bool:
        return token in candidates

    def button_flash(self, token: Token) -> bool:
        return False

    def clickables(self) -> list[tuple[Token, pygame.Rect]]:
        """What the viewer may click now that leads towards a legal action: highlighted cards
        and enabled buttons, with where they are on screen (the autoplayer and the tests
        click these, exactly like a player would)."""
        out: list[tuple[Token, pygame.Rect]] = []
        for sprite in self.sprites.sprites():
            if sprite.highlight == "legal" and sprite.token is not None:
                out.append((sprite.token, self.visible_part(sprite)))
        for button in self.buttons:
            if button.visible and button.enabled:
                out.append((button.token, button.rect))  # type: ignore[attr-defined]
        return out

    def visible_part(self, sprite: CardSprite) -> pygame.Rect:
        """The part of `sprite` not covered by cards drawn over it from the right (its left
        strip in a fan)."""
        order = self.sprites.sprites()
        rect = sprite.rect.copy()
        for other in order[order.index(sprite) + 1 :]:
            if other.rect.colliderect(rect) and other.rect.left > rect.left:
                rect.width = min(rect.width, max(4, other.rect.left - rect.left))
        return rect

    # -- input ---------------------------------------------------------------------------------

    def sprite_at(self, pos: tuple[int, int]) -> CardSprite | None:
        hits = self.sprites.get_sprites_at(pos)
        return hits[-1] if hits else None

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse and keys on the table; returns True when used."""
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEMOTION:
            sprite = self.sprite_at(event.pos)
            if sprite is not self.hovered:
                if self.hovered is not None:
                    self.hovered.hover = False
                    self.hovered.refresh()
                self.hovered = sprite if sprite is not None and sprite.token is not None else None
                if self.hovered is not None:
                    self.hovered.hover = True
                    self.hovered.refresh()
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sprite = self.sprite_at(event.pos)
            if sprite is not None:
                self.click(sprite.token)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.clear_selection()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.prefix:
                self.clear_selection()
                return True
            for token, _, _, key in self.button_specs():
                if key is not None and event.key == key:
                    self.click(token)
                    return True
            keyed = self.key_token(event)
            if keyed is not None:
                self.click(keyed)
                return True
        return False

    # -- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        scaled = self.director.update(dt)
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
        self.toasts.update(dt)
        if self._prewarm is not None and self.director.idle and not self.effects.busy:
            # Only while nothing moves (mostly: while a player thinks), so an animation
            # never waits for a picture it does not need yet.
            end = time.perf_counter() + PREWARM_BUDGET
            while time.perf_counter() < end:
                if next(self._prewarm, None) is None:
                    self._prewarm = None
                    break

    @property
    def busy(self) -> bool:
        return (
            not self.director.idle
            or self.effects.busy
            or self.toasts.busy
            or self.clock is not None
            or any(s.tweens.running or (s.lift and not s.hover) for s in self.sprites)
        )

    def clock_left(self) -> float | None:
        """Seconds left on the turn clock now, or None."""
        if not self.clock:
            return None
        return max(0.0, self.clock["left"] - (time.monotonic() - self.clock["_at"]))

    # -- drawing -------------------------------------------------------------------------------

    def resize(self) -> None:
        self.geo = layout.table(self.game, self.app.size, self.players, self.viewer)
        self.background = self._background()
        self._prewarm = self.prewarm()
        self._button_key = ()
        if self.model:
            self.place(0)

    def prewarm(self):
        """Draw every card picture this table may need, one per step: the faces at each card
        width it uses, and the viewer's cards highlighted as legal. `update` runs a few steps
        in frames where nothing moves, so a card seen for the first time mid-game rarely
        costs any drawing then."""
        geo = self.geo
        widths = (geo.hand_w, geo.pile_w, geo.small_w)
        codes = card_codes(self.game)
        for width in widths:
            yield render_card(None, width, game=self.game)
            for code in codes:
                yield render_card(code, width, game=self.game)
        yield render_card(None, geo.hand_w, game=self.game, highlight="legal")
        for code in codes:
            yield render_card(code, geo.hand_w, game=self.game, highlight="legal")

    def _background(self) -> pygame.Surface:
        surface = widgets.felt(self.app.size).copy()
        pygame.draw.rect(surface, palette.PANEL, self.geo.topbar)
        pygame.draw.line(
            surface, palette.PANEL_EDGE, self.geo.topbar.bottomleft, self.geo.topbar.bottomright
        )
        self.paint_background(surface)
        return surface

    def paint_background(self, surface: pygame.Surface) -> None:
        """Static marks on the felt (pile outlines), drawn once per window size."""

    def outline(self, surface: pygame.Surface, rect: pygame.Rect, label: str = "") -> None:
        """A faint rounded frame where a pile lies, with its name under it."""
        pygame.draw.rect(
            surface,
            palette.mix(palette.FELT, (255, 255, 255), 0.18),
            rect,
            2,
            border_radius=max(4, rect.width // 12),
        )
        if label:
            size = layout.px(18, self.geo.s, 11)
            widgets.blit_text(
                surface,
                label,
                size,
                palette.mix(palette.FELT, (255, 255, 255), 0.55),
                pygame.Rect(rect.left - 20, rect.bottom + 2, rect.width + 40, size + 2),
            )

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        s = self.geo.s
        widgets.blit_text(
            surface,
            self.title(),
            layout.px(22, s, 12),
            palette.TEXT,
            self.geo.topbar.inflate(-layout.px(24, s), 0),
            "left",
        )
        self.draw_plates(surface)
        self.draw_under(surface)
        self.sprites.draw(surface)
        self.draw_over(surface)
        self.draw_prompt(surface)
        for button in self.buttons:
            button.draw(surface)
        self.effects.draw(surface)
        anchor, width = self.toast_place()
        self.toasts.draw(surface, anchor, layout.px(22, s, 12), width)

    def toast_place(self) -> tuple[tuple[int, int], int]:
        """Where short messages appear: (bottom centre, widest line)."""
        return (
            self.app.size[0] // 2,
            self.geo.prompt.top - layout.px(6, self.geo.s),
        ), self.geo.prompt.width

    def current_seat(self) -> int | None:
        """The seat whose decision the table shows now (the display model's)."""
        return self.model.get("to_move") if self.model else None

    def draw_plates(self, surface: pygame.Surface) -> None:
        current = self.current_seat()
        left = self.clock_left()
        for area in self.geo.seats:
            seat = area.seat
            clock = None
            if (
                self.clock
                and self.clock.get("seat") == seat
                and left is not None
                and self.clock.get("total")
            ):
                clock = left / self.clock["total"]
            status = self.seat_badge(seat) or self.seat_status(seat)
            widgets.seat_plate(
                surface,
                area.badge,
                self.name(seat),
                self.seat_detail(seat),
                current=seat == current,
                tag=self.plate_tag(seat),
                status=status,
                clock=clock,
            )

    def plate_tag(self, seat: int) -> str:
        """What a seat's name plate adds to the name: "(you)" for the player's own seat,
        "(eyes)" for the seat whose view a replay shows."""
        if seat == self.you:
            return " (you)"
        if self.replay and seat == self.seat:
            return " (eyes)"
        return ""

    def draw_prompt(self, surface: pygame.Surface) -> None:
        message = self.prompt()
        if not message:
            return
        rect = self.geo.prompt
        mine = self.active
        color = (255, 230, 150) if mine else palette.TEXT
        size = layout.px(24, self.geo.s, 12)
        surf = widgets.fit_text(message, size, color, rect.width - 20)
        box = surf.get_rect(center=rect.center).inflate(size, 8)
        widgets.panel(
            surface,
            box,
            (60, 48, 14) if mine else palette.PANEL,
            215,
            palette.ACCENT if mine else None,
            radius=box.height // 2,
        )
        surface.blit(surf, surf.get_rect(center=box.center))
        left = self.clock_left()
        if left is not None and self.clock and self.clock.get("seat") == self.seat:
            tag = widgets.text(
                f"{left:4.0f} s", size, palette.DANGER if left < 5 else palette.ACCENT
            )
            surface.blit(tag, tag.get_rect(midleft=(box.right + 10, box.centery)))
