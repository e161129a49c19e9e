"""The table's hints: whether this player may ask for one, how many they were given, the
asking and the answer said in a toast."""

from __future__ import annotations

from typing import Any

from game.client import palette
from game.client.games import CLIENT_GAMES
from game.client.i18n import N_, _, percent
from game.client.scenes import Host
from game.client.tables import Table

HINT_THINKING = N_("Thinking about a hint…")
HINT_PATIENCE = 20.0
"""Seconds the thinking message may stay: it goes as soon as the hint or a refusal comes."""


class Advice:
    """Asks the server for the normal bot's suggestion for `table`'s player and says it."""

    def __init__(self, app: Host, table: Table) -> None:
        self.app = app
        self.table = table
        self.given: tuple[int, str] | None = None
        """The step of the last hint given and its words, while they are shown."""

    def _room(self) -> dict[str, Any] | None:
        return self.app.session.room if self.app.session is not None else None

    @property
    def allowed(self) -> bool:
        """This player may ask for hints: seated, and the room allows them (always when
        playing alone with bots; else when its creator allowed them)."""
        room = self._room()
        return self.table.seat is not None and bool(room and room.get("hints_allowed"))

    @property
    def used(self) -> int:
        """Hints this player was given in this game, as the server counts them (its log keeps
        them, so the count outlasts a restart); the game-over screen shows it."""
        room = self._room()
        used = room.get("hints_used") if room else None
        seat = self.table.seat
        return used[seat] if seat is not None and used and seat < len(used) else 0

    def ask(self) -> None:
        """Ask the server for a hint, when it is this player's turn."""
        session = self.app.session
        if not self.allowed or session is None:
            return
        if session.last is None or not session.last.get("legal"):
            self.table.toasts.show(_("A hint is for your own turn."))
            return
        session.hint()
        self.table.toasts.show(_(HINT_THINKING), life=HINT_PATIENCE)

    def answered(self, message: dict[str, Any]) -> None:
        """The server's hint (the action and its chance to win), in a toast."""
        self.table.toasts.drop(_(HINT_THINKING))
        chance = message["chance"]
        action = CLIENT_GAMES[self.table.game].advice_words(message["action"], self.table.model)
        if chance is None:
            words = _("Hint: {action}").format(action=action)
        else:
            words = _("Hint: {action} – about {chance} to win").format(
                action=action, chance=percent(chance)
            )
        self.table.toasts.show(words, palette.ACCENT, 6.0)
        self.given = (message["step"], words)

    def moved_on(self, step: int) -> None:
        """The game reached `step`: a hint for a decision before it is followed or passed
        by, and goes."""
        if self.given is not None and step > self.given[0]:
            self.table.toasts.drop(self.given[1])
            self.given = None

    def refused(self) -> None:
        """A refusal came: a refused hint is not coming either."""
        self.table.toasts.drop(_(HINT_THINKING))
