"""A bot's seat is sent as data – its plain name, kind and level – never as English words:
the client words the level in its player's language."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.host.room import BOT_NAMES, Room
from net.schema import validate_server


@dataclass(eq=False)
class FakePeer:
    """A connection that keeps what the room sends it (a real room needs nothing more)."""

    name: str = "Ann"
    sent: list[dict] = field(default_factory=list)

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def close(self) -> None:
        pass


def test_a_bot_seat_carries_its_plain_name_and_its_level():
    room = Room("r1", "quando", 3, {})
    ann = FakePeer()
    room.join(ann, 0, None)
    room.add_bot(ann, 1, "hard")
    room.add_bot(ann, 2, "random")
    seats = ann.sent[-1]["room"]["seats"]
    validate_server(ann.sent[-1])
    assert [(s["name"], s["kind"], s["level"]) for s in seats] == [
        ("Ann", "human", None),
        (BOT_NAMES[1], "bot", "hard"),
        (BOT_NAMES[2], "bot", "random"),
    ]
    assert all("bot" not in s["name"] for s in seats)
