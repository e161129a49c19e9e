"""The player's mouse and keys at a table: which clicks become decisions, which wait for the
table to catch up with the moves before, which are refused and why."""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

import pygame

from game.client import palette, widgets
from game.client.i18n import N_, _
from game.client.tables.buttons import ActionButtons, ButtonSpec
from game.client.tables.chooser import Action, Chooser, Token
from game.client.tables.hooks import Sorts
from game.client.tables.host import Host
from game.client.tables.hud import PAUSED
from game.client.tables.movelog import MoveLog
from game.client.tables.seats import Seats
from game.client.tables.stage import Stage

OFFLINE = N_("Not connected – your move waits until the connection is back")
"""Said on the player's turn while the connection is lost (what is sent then is dropped)."""

CHOICE_WAITS = N_("One moment – the last moves are still being shown; your choice follows them.")
CARDS_WAIT = N_("One moment – the last moves are still being shown; pick your cards after them.")
"""What a click while the table catches up is told: a button waits for the table, a card
(named by its place, which the moves may change) is not taken. One replaces the other."""

QUEUED = 4
"""At most this many clicks and keys wait for the table to catch up (the latest kept)."""


class Controlled(Protocol):
    """What the controls read and set of a table (base.Table is one)."""

    SORTS: ClassVar[Sorts]
    app: Host
    seat: int | None
    replay: bool
    viewer: int
    players: int
    seats: Seats
    stage: Stage
    chooser: Chooser
    buttons: ActionButtons
    toasts: widgets.Toasts
    log: MoveLog
    hold: dict[str, Any] | None
    paused: bool
    to_move: int | None

    @property
    def model(self) -> dict[str, Any]: ...

    @property
    def active(self) -> bool: ...

    @property
    def online(self) -> bool: ...

    @property
    def watching(self) -> bool: ...

    @property
    def log_shown(self) -> bool: ...

    def toggle_log(self) -> None: ...

    def next_sort(self) -> None: ...

    def resize(self) -> None: ...

    def clear_selection(self) -> None: ...

    def click(self, token: Token | None) -> None: ...

    def button_specs(self) -> list[ButtonSpec]: ...

    def key_token(self, event: pygame.event.Event) -> Token | None: ...

    def send(self, action: Action) -> None: ...

    def explain(self, token: Token) -> str | None: ...

    def options_text(self) -> str: ...

    def refresh(self) -> None: ...


class Controls:
    """Turns clicks and keys on `table` into tokens for its chooser, and says why one cannot
    be used now."""

    def __init__(self, table: Controlled) -> None:
        self.table = table
        self.queued: list[Token] = []
        """The buttons (by click or key) the player chose while the table was still showing
        the moves before their decision: tried in order once it has caught up
        (`play_queued`)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse and keys on the table; returns True when used."""
        table = self.table
        if event.type != pygame.MOUSEMOTION:  # hovering changes only cards and buttons
            table.stage.changes += 1
        if table.buttons.handle(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        if event.type == pygame.MOUSEWHEEL and table.log_shown:
            table.log.scroll(event.y)
            return True
        if event.type == pygame.MOUSEMOTION:
            table.stage.hover(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sprite = table.stage.sprite_at(event.pos)
            if sprite is not None:
                table.click(sprite.token)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            table.clear_selection()
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """A key on the table: the log, the hand's order, the seat watched, or a choice."""
        table = self.table
        if event.key == pygame.K_l and not table.replay:
            table.toggle_log()
            return True
        if event.key == pygame.K_o and table.SORTS:
            table.next_sort()
            return True
        if event.key == pygame.K_TAB and table.watching:
            table.viewer = (table.viewer + 1) % table.players
            table.resize()
            return True
        if event.key == pygame.K_ESCAPE and table.chooser.pending:
            table.clear_selection()
            return True
        for token, _label, _hint, key in table.button_specs():
            if key is not None and event.key == key:
                table.click(token)
                return True
        keyed = table.key_token(event)
        if keyed is not None:
            table.click(keyed)
            return True
        return False

    def click(self, token: Token | None) -> None:
        """The viewer clicked something meaning `token` (None: nothing to act on)."""
        if token is None:
            return
        table = self.table
        if not table.active or table.paused:  # a move made while paused would go at once
            self.wait(token)
            return
        outcome, action = table.chooser.choose(token)
        if outcome == "send":
            assert action is not None
            table.send(action)
            return
        if outcome in ("nowhere", "refused"):
            words = table.explain(token) or self.general_explanation()
            table.toasts.show(words, palette.ACCENT)
            table.app.sound.play("error")
            if outcome == "nowhere":
                return
        elif outcome == "more":
            table.app.sound.play("tick")
        table.refresh()

    def wait(self, token: Token) -> None:
        """A click while the viewer cannot decide: a button is kept for when the table has
        caught up, anything else is explained."""
        toasts = self.table.toasts
        if self.catching_up and token[0] == "btn":
            toasts.drop(_(CARDS_WAIT))
            toasts.show(_(CHOICE_WAITS))
            self.queued = [*self.queued, token][-QUEUED:]
            return
        if self.catching_up:
            toasts.drop(_(CHOICE_WAITS))
            toasts.show(_(CARDS_WAIT))
            return
        self.explain_wait()

    @property
    def catching_up(self) -> bool:
        """The player's seat in a running game, and the table still animating what came
        before (the server may have answered already): a button chosen now waits for the
        table, rather than being refused."""
        table = self.table
        return (
            table.seat is not None
            and not table.replay
            and table.hold is None
            and not table.paused
            and not table.model.get("result")
            and not table.stage.director.idle
        )

    def play_queued(self) -> None:
        """Once the table has caught up: the waiting clicks and keys, in order, if the
        decision is the player's now; else they go, and the table says why."""
        table = self.table
        if not self.queued or (table.hold is None and not table.stage.director.idle):
            return
        tokens, self.queued = self.queued, []
        if not table.active:  # another's turn, or a summary to read first
            self.explain_wait()
            return
        for token in tokens:
            table.click(token)

    def explain_wait(self) -> None:
        """Why the viewer cannot decide now."""
        table = self.table
        show = table.toasts.show
        if table.seat is None:
            show(_("You are watching this game."))
        elif table.paused:
            show(_(PAUSED))
        elif table.chooser.legal is not None and not table.online:
            show(_(OFFLINE), palette.ACCENT)
        elif table.hold is not None:
            show(_("Press Continue first."))
        elif table.chooser.waiting:
            show(_("Waiting for the server…"))
        elif table.to_move is not None and table.to_move != table.seat:
            show(_("It's {name}'s turn.").format(name=table.seats.name(table.to_move)))
        elif table.model.get("result"):
            show(_("The game is over."))

    def general_explanation(self) -> str:
        """Why a click led nowhere, when the game has no words of its own for it."""
        if self.table.chooser.pending:
            return _("Choose one of the highlighted places – or Esc to start over.")
        return _("You can {choices}.").format(choices=self.table.options_text())
