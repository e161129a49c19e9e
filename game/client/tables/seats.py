"""Who sits where, in a player's words: the seat names a table shows and speaks of."""

from __future__ import annotations

from typing import Any

from game.client import i18n
from game.client.i18n import _
from game.client.players import plain_name, seat_name


class Seats:
    """The room's seats as one table speaks of them. `seat` is the seat whose view the table
    shows (None: a spectator's); `you` the seat addressed as "you" (None in a replay, where
    nobody watching plays, and for a spectator)."""

    def __init__(self, room: dict[str, Any], seat: int | None, *, replay: bool = False) -> None:
        self.room = room
        self.seat = seat
        self.replay = replay
        self.you: int | None = None if replay else seat
        self._named: tuple[object, list[str], list[str]] | None = None
        """The inputs of the names last made (the language, each seat's name, kind and
        level), with the names and the short names: a table asks for every seat's name
        several times a frame, and making one compares it with every other seat's."""

    def _names(self) -> tuple[list[str], list[str]]:
        """Every seat's name and short name, made again only when the room's seats or the
        language change."""
        seats = self.room.get("seats", [])
        key = (
            i18n.language(),
            [(info.get("name"), info.get("kind"), info.get("level")) for info in seats],
        )
        if self._named is None or self._named[0] != key:
            names = [seat_name(info) for info in seats]
            shorts = [plain_name(info) for info in seats]
            self._named = (key, names, shorts)
        return self._named[1], self._named[2]

    def name(self, seat: int) -> str:
        """The seat's player as the room names it (a bot with its level: see
        players.seat_name); two seats of one name are told apart by their seat number."""
        names = self._names()[0]
        name = names[seat] if seat < len(names) else ""
        if name:
            if names.count(name) > 1:
                return f"{name} {seat + 1}"
            return name
        return _("Seat {n}").format(n=seat + 1)

    def short_name(self, seat: int) -> str:
        """The seat's name without a bot's level ("Dario"), for a name plate too narrow for
        "Dario (normal bot)"; a bot of an old replay, named by its level alone ("Random bot
        2"), is its seat ("Seat 2")."""
        shorts = self._names()[1]
        short = shorts[seat] if seat < len(shorts) else ""
        if not short:
            return _("Seat {n}").format(n=seat + 1)
        if shorts.count(short) > 1:
            return f"{short} {seat + 1}"
        return short

    def who(self, seat: int | None) -> str:
        """A seat in a sentence: "You" for the viewer's own seat."""
        if seat is None:
            return _("Nobody")
        return _("You") if seat == self.you else self.name(seat)

    def status(self, seat: int) -> str:
        """What the room says of the seat's player, if anything unusual: away, offline."""
        seats = self.room.get("seats", [])
        if seat < len(seats):
            info = seats[seat]
            if info.get("away"):
                return _("away – a bot is playing for {name}").format(name=self.name(seat))
            if info.get("kind") == "human" and not info.get("connected", True):
                return _("offline")
        return ""

    def tag(self, seat: int) -> str:
        """What a seat's name plate adds to the name: "(you)" for the player's own seat,
        "(eyes)" for the seat whose view a replay shows."""
        if seat == self.you:
            return _(" (you)")
        if self.replay and seat == self.seat:
            return _(" (eyes)")
        return ""
