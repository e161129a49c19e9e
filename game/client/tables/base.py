"""What the three tables share: a table composes its checked model of the view (check.py),
its cards and their animations (stage.py), the chooser that turns clicks into legal actions
(chooser.py), the HUD (hud.py), the toasts and the picture prewarmer (prewarm.py); it plays
each update through playback.py, takes clicks and keys through controls.py and is drawn by
painter.py; a game's table adds its zones and words through the hooks of hooks.py."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

import pygame

from game.client import layout, palette, widgets
from game.client.check import ModelKeeper
from game.client.i18n import _
from game.client.sprites import CardSprite, Flourish
from game.client.tables.buttons import ActionButtons
from game.client.tables.chooser import Action, Chooser, Token
from game.client.tables.controls import OFFLINE, Controls
from game.client.tables.hooks import GameHooks
from game.client.tables.host import Host, Parts
from game.client.tables.hud import Hud
from game.client.tables.marks import Marks
from game.client.tables.movelog import SHARE, WIDE, MoveLog
from game.client.tables.painter import Painter
from game.client.tables.playback import Playback
from game.client.tables.prewarm import BUDGET, Prewarmer
from game.client.tables.seats import Seats
from game.client.tables.stage import MOVE, PAUSE, Stage
from game.client.tween import HOLD


class Table(GameHooks):
    """One game's table as a seat (or a spectator) sees it.

    Updates are queued (`feed`); the stage's director plays them one event at a time: the
    subclass moves sprites between its zones in `on_event`, the model advances with the
    engine's own `update_view`, and `place` slides every sprite to its slot. So the drawing
    always shows the model, which catches up with the server as the animations finish; once
    an update's events are all shown, the model is checked against the update's digest (a
    drift asks the server for the full view, which ends it).

    Input is accepted once the table has caught up with an update that gave this seat legal
    actions. Clicks become tokens; `sequences(action)` and `picks(action)` say which clicks
    mean an action, so highlights and clicks come from the legal list alone – no rules here.
    """

    def __init__(
        self,
        app: Host,
        room: dict[str, Any],
        seat: int | None,
        *,
        parts: Parts,
        replay: bool = False,
    ) -> None:
        """`seat` is the seat whose view the table shows (None: a spectator's). In a game it
        is also the seat the player decides for; a `replay` shows the seat's view but
        speaks of every seat by name, since nobody watching a replay plays. `parts` is the
        game's entry in game.client.games."""
        self.app = app
        self.parts = parts
        self.seat = seat
        self.replay = replay
        self.seats = Seats(room, seat, replay=replay)
        self.viewer = seat if seat is not None else 0
        """The seat drawn at the bottom, nearest the player."""
        self.players: int = room["players"]
        self.keeper = ModelKeeper()
        self.stage = Stage(parts.art, app.settings.speed)
        self.chooser = Chooser(self.sequences, self.picks)
        self.hud = Hud()
        self.toasts = widgets.Toasts()
        self.step = 0
        self.to_move: int | None = None
        self.hold: dict[str, Any] | None = None
        """The event the queue waits on (a round summary, the game over) until released."""
        self.started = False
        self.log = MoveLog()
        self.log_choice: bool | None = None
        """Whether the player showed (True) or hid (False) the move log; None: shown on
        wide windows."""
        self.sort: str | None = None
        """The name of the order of SORTS the viewer's hand is shown in (None: as dealt and
        drawn)."""
        self.marks = Marks()
        """The cards each seat last played, drew, flipped or moved, marked until that seat's
        next step."""
        self.paused = False
        """The queue stands still (a single player's pause); nothing is sent meanwhile."""
        self.bar_end: int | None = None
        """Where the scene's buttons begin in the top bar: the title and the banner end
        before it (None: nothing is drawn over the bar)."""
        self.toasts_kept = 0
        """Pixels at the top of the toasts' band kept for the scene's own banner (the lost
        connection): the toasts stack in the rest."""
        self.playback = Playback(self)
        self.controls = Controls(self)
        self.painter = Painter(self)
        self.buttons = ActionButtons(self.click)
        self.geo: layout.Table = parts.layout(self.area, self.players, self.viewer)
        self.prewarmer = self._prewarmer()

    @property
    def model(self) -> dict[str, Any]:
        """The view as drawn now (empty before the first one)."""
        return self.keeper.model or {}

    @property
    def log_shown(self) -> bool:
        """Whether the move log takes the window's right side (never in a replay, whose
        viewer lists the steps itself)."""
        if self.replay:
            return False
        if self.log_choice is not None:
            return self.log_choice
        width, height = self.app.size
        return width >= WIDE * height

    @property
    def watching(self) -> bool:
        """A spectator at a game (not a replay): nothing here is theirs to decide."""
        return self.seat is None and not self.replay

    @property
    def area(self) -> tuple[int, int]:
        """The size the table is laid out in: the window, less the move log's strip."""
        width, height = self.app.size
        if self.log_shown:
            return width - round(width * SHARE), height
        return width, height

    def log_rect(self) -> pygame.Rect:
        """Where the move log is drawn (an empty rect when hidden)."""
        width, height = self.app.size
        left = self.area[0]
        return pygame.Rect(left, 0, width - left, height)

    def hand_order(self, hand: list[CardSprite]) -> list[int]:
        """The hand indices of the viewer's `hand` in the order they are shown."""
        if self.sort is None:
            return list(range(len(hand)))
        key = self.SORTS[self.sort][1]
        return sorted(range(len(hand)), key=lambda i: key(hand[i].code))

    def next_sort(self) -> None:
        """Show the viewer's hand in the next order of SORTS (after the last: as dealt)."""
        names = [None, *self.SORTS]
        self.sort = names[(names.index(self.sort) + 1) % len(names)]
        words = _("Your hand as the cards came (O to sort)")
        if self.sort is not None:
            words = _(self.SORTS[self.sort][0])
        self.toasts.show(words)
        if self.keeper.model is not None:
            self.place(MOVE)

    def toggle_log(self) -> None:
        """Show the move log if hidden, hide it if shown, and lay the table out again."""
        self.log_choice = not self.log_shown
        self.resize()

    @property
    def you(self) -> int | None:
        """The seat addressed as "you" (the player's own), if any."""
        return self.seats.you

    # -- feeding -------------------------------------------------------------------------------

    def feed(self, update: dict[str, Any]) -> None:
        """Queue one update (full or with events): see playback.Playback.feed."""
        self.playback.feed(update)

    def rebuild(self, view: dict[str, Any]) -> None:
        """Show `view` at once: every sprite anew and in its place, nothing moving (a replay's
        jump, or its open view after each step)."""
        self.keeper.show(view)
        self.rebuild_sprites()

    def show(self, view: dict[str, Any], step: int) -> None:
        """Show `view` at `step` at once, as a replay's jump does: nothing queued, moving,
        held or said."""
        self.stage.director.clear()
        self.stage.effects.items.clear()
        self.toasts.items.clear()
        self.hold = None
        self.started = True
        self.rebuild(view)
        self.step, self.to_move = step, view["to_move"]

    def mark(self, sprites: Iterable[CardSprite], seat: int) -> None:
        """Mark `sprites` as `seat`'s last move (for subclasses' `on_event`)."""
        self.marks.mark(sprites, seat)

    def rebuild_sprites(self) -> None:
        """Every sprite anew from the model and in its place at once, unmarked."""
        self.marks.clear()
        self.stage.clear()
        self.build()
        self.place(0)

    def set_room(self, room: dict[str, Any]) -> None:
        """The room changed (names, who is away, whether the server holds the game
        paused): the plates and the prompt show it."""
        self.seats.room = room
        self.paused = bool(room.get("paused"))
        self.hud.hold_clock(self.paused)

    def release(self) -> None:
        """The player dismissed the summary the queue waited on: go on."""
        self.hold = None
        self.stage.director.release()

    def refused(self, message: str) -> None:
        """The server refused our action: say why and let the player choose again."""
        self.chooser.refused()
        self.toasts.show(message, palette.DANGER, 4.0)
        self.app.sound.play("error")
        self.refresh()

    # -- for subclasses (besides hooks.py) -------------------------------------------------------

    def on_event(self, event: dict[str, Any]) -> float:
        """Move sprites between zones for `event` (the model is still the one before it):
        the handler EVENTS names for its kind (a kind without one waits for nothing);
        returns how long the queue waits before the next step."""
        handler = self.EVENTS.get(event["type"])
        return 0.0 if handler is None else handler(self, event)

    def deal_in(self) -> float:
        """Deal the sprites of a new game from the draw pile; returns the time it takes."""
        self.place(0)
        return 0.0

    def prompt_now(self) -> str:
        """The prompt the HUD shows: the game's, except on the viewer's turn while the
        connection is lost, when the move has to wait, and none once the viewer's move is
        sent (until its answer is shown, the model still holds the decision just made)."""
        if self.chooser.legal is not None and not self.online:
            return _(OFFLINE)
        if self.chooser.waiting:
            return ""
        return self.prompt()

    def key_token(self, event: pygame.event.Event) -> Token | None:
        """A key as a token: 1–9 and 0 (the tenth) name the viewer's hand cards."""
        if self.seat is None or not self.hands:
            return None
        if pygame.K_1 <= event.key <= pygame.K_9:
            shown = event.key - pygame.K_1
        elif event.key == pygame.K_0:
            shown = 9
        else:
            return None
        order = self.hand_order(self.hands[self.viewer])
        return ("hand", order[shown]) if shown < len(order) else None

    # -- helpers for subclasses ----------------------------------------------------------------

    def from_pile(
        self, code: str | None, *, face_up: bool = True, known: bool = False
    ) -> CardSprite:
        """A new card on the draw pile, waiting to be dealt (see `to_pile`)."""
        return self.stage.new_card(
            code, self.geo.pile_w, self.geo.places["draw"].center, face_up=face_up, known=known
        )

    def take_from_pile(
        self, pile: CardSprite | None, layer: int, card: str | None, more: bool
    ) -> tuple[CardSprite, CardSprite | None]:
        """`Stage.take_top` of the draw pile in its place: the top card taken (turned to its
        `card` if the taker may see it) and the pile's sprite (`pile`, at `layer`) now."""
        geo = self.geo
        return self.stage.take_top(pile, geo.pile_w, geo.places["draw"].center, layer, card, more)

    def to_pile(self, sprite: CardSprite) -> None:
        """Put `sprite` back on the draw pile at once to be dealt from there: at the pile's
        size, so that it passes for the pile's top card until it leaves and grows or shrinks
        to its place on the way (at its hand's size it was a miniature card drawn inside the
        pile)."""
        sprite.move_to(self.geo.places["draw"].center, 0)
        sprite.width, sprite.zoom = self.geo.pile_w, 1.0

    def place(self, duration: float, delays: dict[CardSprite, float] | None = None) -> None:
        """Slide every sprite to the slot `layout_slots` gives it."""
        self.stage.place(self.layout_slots(), duration, delays)
        self.refresh()

    def flourish(
        self,
        message: str,
        where: tuple[int, int] | None = None,
        color: tuple[int, int, int] = palette.ACCENT,
        sound: str | None = None,
    ) -> None:
        """A big word over the table (centred unless `where`), with a sound."""
        if where is None:
            where = (self.area[0] // 2, self.area[1] // 2 - layout.px(40, self.geo.s))
        self.stage.effects.add(Flourish(message, where, layout.px(64, self.geo.s, 24), color))
        if sound:
            self.app.sound.play(sound)

    def on_draw_skipped(self, event: dict[str, Any]) -> float:
        """A seat should draw when no card is left: said."""
        seat = event["seat"]
        if seat == self.you:
            self.toasts.show(_("No card is left for you to draw."))
        else:
            name = self.seats.name(seat)
            self.toasts.show(_("No card is left for {name} to draw.").format(name=name))
        return 0.3

    def on_game_over(self, event: dict[str, Any]) -> float:
        """The last word of a game, held until released: a cheer for the viewer's win, else
        who won."""
        self.hold = event
        winners = event["result"]["winners"]
        if self.you in winners:
            self.flourish(
                _("YOU WIN!") if len(winners) == 1 else _("SHARED WIN!"),
                None,
                palette.ACCENT,
                "win",
            )
        else:
            self.flourish(_("GAME OVER"), None, palette.TEXT, "win")
        return HOLD

    def on_next(self, event: dict[str, Any]) -> float:
        """The next decision: a breath before it."""
        return PAUSE

    # -- choosing ------------------------------------------------------------------------------

    @property
    def online(self) -> bool:
        """A move sent now reaches the server (a replay's table, with no session, sends
        nothing and needs none)."""
        session = self.app.session
        return session is None or session.connected

    @property
    def active(self) -> bool:
        """The viewer may decide now: caught up, its turn, nothing sent yet, connected."""
        return (
            self.chooser.legal is not None
            and not self.chooser.waiting
            and self.hold is None
            and self.stage.director.idle
            and self.online
        )

    def candidates(self) -> dict[Token, list[Action]]:
        """Each token that continues the current selection towards a legal action."""
        return self.chooser.candidates() if self.active else {}

    def click(self, token: Token | None) -> None:
        """The viewer clicked something meaning `token` (None: nothing to act on)."""
        self.controls.click(token)

    def clear_selection(self) -> None:
        """Forget the clicks towards an action so far (Esc, a right click)."""
        if self.chooser.clear():
            self.refresh()

    def send(self, action: Action) -> None:
        """Send `action` (one of the legal ones) and wait for the server's answer."""
        session = self.app.session
        if session is None:
            return
        session.act(action)
        self.chooser.sent()
        self.app.sound.play("play")
        self.refresh()

    def options_text(self) -> str:
        """What the legal actions allow, in the game's words."""
        return self.chooser.options_text({verb: _(words) for verb, words in self.VERBS.items()})

    # -- highlights and buttons ----------------------------------------------------------------

    def refresh(self) -> None:
        """Bring highlights and buttons in line with the selection and the legal actions."""
        candidates = self.candidates()
        self.stage.highlight(candidates, self.chooser.selected())
        specs = [
            spec
            for spec in ([] if self.replay else self.button_specs())
            if spec[0] in self.ALWAYS or spec[0] in candidates
        ]
        self.buttons.sync(specs, candidates, self.geo, self.button_flash, self.button_icon)

    def clickables(self) -> list[tuple[Token, pygame.Rect]]:
        """What the viewer may click now that leads towards a legal action: highlighted cards
        and enabled buttons, with where they are on screen (the autoplayer and the tests
        click these, exactly like a player would)."""
        return self.stage.legal_cards() + self.buttons.clickable()

    # -- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse and keys on the table; returns True when used."""
        return self.controls.handle(event)

    # -- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance the animations by `dt` real seconds (while paused only those already
        running, to their end); draw pictures ahead while nothing moves (mostly: while a
        player thinks), so no animation waits – in what is left of the frame's budget, none
        in a frame that played a move."""
        began = time.perf_counter()
        self.stage.update(dt, start=not self.paused)
        self.controls.play_queued()
        self.toasts.update(dt)
        if not self.prewarmer.done:
            spent = time.perf_counter() - began
            self.prewarmer.frame(0.0 if self.stage.busy else BUDGET - spent)

    @property
    def busy(self) -> bool:
        """Something moves or counts down, or the move log's new lines wait for the next
        frame: the screen must be redrawn."""
        return (
            (self.stage.moving if self.paused else self.stage.busy)
            or self.toasts.busy
            or (self.hud.clock is not None and not self.hud.held)
            or self.painter.log_late > 0
        )

    # -- drawing -------------------------------------------------------------------------------

    def resize(self) -> None:
        """The window changed size: lay the table out again."""
        self.geo = self.parts.layout(self.area, self.players, self.viewer)
        self.prewarmer = self._prewarmer()
        self.buttons.relayout()
        if self.keeper.model is not None:
            self.place(0)

    def _prewarmer(self) -> Prewarmer:
        geo = self.geo
        return Prewarmer(self.parts.art, (geo.hand_w, geo.pile_w, geo.small_w), geo.hand_w)

    def current_seat(self) -> int | None:
        """The seat whose decision the table shows now (the model's); nobody's once the game
        is over (the model still names the last mover)."""
        m = self.model
        return None if m.get("result") else m.get("to_move")

    def draw(self, surface: pygame.Surface, *, log_kept: bool = False) -> None:
        """The table as it stands (see painter.Painter.draw)."""
        self.painter.draw(surface, log_kept=log_kept)
