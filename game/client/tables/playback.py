"""How a table plays the updates it is fed: each event in turn through the game's handlers,
the model advanced after it, the move log told, and the digest checked at the end."""

from __future__ import annotations

import logging
import time
from functools import partial
from typing import Any, ClassVar, Protocol

from game.client import palette, widgets
from game.client.check import ModelKeeper
from game.client.config import PACES
from game.client.steps import dealt_words
from game.client.tables.chooser import Chooser
from game.client.tables.host import Host, Parts
from game.client.tables.hud import Hud
from game.client.tables.marks import Marks
from game.client.tables.movelog import MoveLog
from game.client.tables.seats import Seats
from game.client.tables.stage import MOVE, Stage
from game.client.tween import HOLD

log = logging.getLogger(__name__)


class Played(Protocol):
    """What playback reads and sets of a table (base.Table is one)."""

    game: ClassVar[str]
    ROUNDS: ClassVar[bool]
    app: Host
    parts: Parts
    seat: int | None
    replay: bool
    seats: Seats
    keeper: ModelKeeper
    stage: Stage
    chooser: Chooser
    hud: Hud
    toasts: widgets.Toasts
    log: MoveLog
    marks: Marks
    started: bool
    hold: dict[str, Any] | None
    step: int
    to_move: int | None

    @property
    def model(self) -> dict[str, Any]: ...

    def rebuild_sprites(self) -> None: ...

    def recall(self, events: list[dict[str, Any]]) -> None: ...

    def deal_in(self) -> float: ...

    def on_event(self, event: dict[str, Any]) -> float: ...

    def after_event(self, event: dict[str, Any]) -> float | None: ...

    def place(self, duration: float) -> None: ...

    def refresh(self) -> None: ...


class Playback:
    """Queues `table`'s updates on its stage's director, which plays them one step at a time:
    a full view rebuilds the table (or deals it, at the very start), an event moves sprites
    through the table's `on_event` before the model takes it, and the update's meta (step,
    turn, clock, legal actions) comes last, once every event is shown."""

    def __init__(self, table: Played) -> None:
        self.table = table

    def feed(self, update: dict[str, Any]) -> None:
        """Queue one update (full or with events). An update with a `digest` (a server's) is
        checked once its events are shown; a replay's has none."""
        table = self.table
        at = time.monotonic()  # the turn clock runs in real time, like the server's
        director = table.stage.director
        if "view" in update:
            director.add(partial(self.full, update))
        else:
            # Another player's step stays in view a while, event by event, so a person can
            # follow a bot (each Blanco chain step, each card a Quäsenbö bot draws).
            actor = update.get("actor")
            paced = not table.replay and actor is not None and actor != table.seat
            if actor is not None:
                director.add(partial(self.unmark, actor))
            for event in update["events"]:
                director.add(partial(self.event, event, paced))
        director.add(partial(self.meta, update, at))

    def unmark(self, seat: int) -> float:
        """The seat's turn has come again: its last move's marks go."""
        self.table.marks.unmark(seat)
        return 0.0

    def full(self, update: dict[str, Any]) -> float:
        """Start over from a full view: every sprite anew. At the very start, deal them."""
        table = self.table
        keeper = table.keeper
        deal = not table.started and update["step"] == 0
        table.started = True
        if keeper.full(update) == "resync":
            session = table.app.session
            assert keeper.drift is not None  # a resync completes a drift
            if session is not None:
                table.toasts.show(session.resynced(keeper.drift), palette.ACCENT, 3.5)
        if "past" in update:  # a seat taken back: the whole game so far, as the seat saw it
            table.log.clear()
            records = update["past"] + update.get("missed", [])
            if records and records[0]["step"] == 1:  # dealt in this game, not played on
                self.tell_deal(records[0]["seat"])
            events = table.parts.recalled([e for r in records for e in r["events"]])
            for event in events:
                self.tell(event)
            table.recall(events)
        table.rebuild_sprites()
        if deal:
            self.tell_deal(update["view"]["to_move"])
            return table.deal_in()
        result = table.model.get("result")
        if result is not None and table.hold is None and not table.replay:
            # A finished game seen from a full view (watched late, or resynced at its last
            # step): its end shows as if the last step had been animated.
            table.hold = {"type": "game_over", "result": result}
            return HOLD
        return 0.0

    def tell_deal(self, first: int) -> None:
        """Begin the move log with the game's deal and who begins (the first round's, in a
        game played in rounds): no event says it."""
        table = self.table
        name, first_round = table.seats.name(first), 0 if table.ROUNDS else None
        table.log.add(lambda: dealt_words(name, first_round), None)

    def tell(self, event: dict[str, Any], before: dict[str, Any] | None = None) -> str | None:
        """Add `event` to the move log in the game's words (if it has any), with what the
        seat's view `before` it showed of it where known; returns them."""
        table = self.table
        parts, name = table.parts, table.seats.name
        if before:  # completed now: the view changes with the events that follow
            event = parts.seen(event, before)
        return table.log.add(lambda: parts.event_words(event, name), event.get("seat"))

    def event(self, event: dict[str, Any], paced: bool = False) -> float:
        """Show one event; another player's (`paced`) stays long enough to be read."""
        words = self.tell(event, self.table.model)  # the model is still the one before it
        readable = 0.0
        if paced and words:
            # In real seconds whatever the animation speed and the catch-up.
            director = self.table.stage.director
            readable = PACES[self.table.app.settings.pace] * director.factor
        return max(readable, self.shown(event))

    def shown(self, event: dict[str, Any]) -> float:
        """Animate `event` and advance the model by it; returns how long the queue waits."""
        table = self.table
        keeper = table.keeper
        if keeper.drifting or keeper.model is None:
            # The model is not the server's: what follows is not animated, only carried on
            # to be compared with the full view asked for, which redraws everything.
            keeper.apply(event)
            return 0.0
        try:
            wait = table.on_event(event)
        except (KeyError, IndexError, TypeError, ValueError):
            # An event this view cannot hold (the server's fault, or a bug here): shown at
            # once instead of animated; the update's digest check then says which it was.
            log.exception("the %s table cannot animate %r", table.game, event)
            keeper.apply(event)
            if keeper.model is not None:
                table.rebuild_sprites()
            return 0.0
        keeper.apply(event)
        if keeper.model is None:
            return wait
        own = table.after_event(event)
        if own is None:
            table.place(MOVE)
            return wait
        return max(wait, own)

    def meta(self, update: dict[str, Any], at: float) -> float:
        """The update's step, turn and clock; its legal actions offered once the model is
        found to be the server's."""
        table = self.table
        table.step = update["step"]
        table.to_move = update["to_move"]
        table.hud.set_clock(update.get("clock"), at)
        legal = update.get("legal") if table.seat is not None else None
        if "digest" in update and "view" not in update:
            outcome = table.keeper.check(update)
            if outcome != "ok":
                legal = None  # nothing to decide on a model that is not the server's
            session = table.app.session
            if outcome == "drift" and session is not None:
                session.drifted(update["room"])
        table.chooser.offer(legal)
        table.refresh()
        return 0.0
