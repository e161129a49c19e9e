"""A start that fails (its log cannot be written) changes nothing: the room stays in its lobby
and a later start deals. Every refusal of the room has a code the wire defines."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.host.room import Refused, Room
from net.schema import ERRORS


class Peer:
    """A connection that keeps what the room sends it."""

    name = "Ann"

    def __init__(self) -> None:
        self.sent: list[dict] = []

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def close(self) -> None:
        pass


def test_a_start_whose_log_cannot_be_written_leaves_the_room_in_its_lobby(tmp_path):
    logs = tmp_path / "logs"  # not made yet: the log cannot be written
    room = Room("r1", "quasenbo", 2, {}, log_dir=logs)
    ann = Peer()
    room.join(ann, 0, None)
    room.add_bot(ann, 1, "random")
    room.set_ready(ann, True)
    with pytest.raises(OSError):
        room.start(ann)
    assert not room.started and room.log is None and room.deadline is None
    assert not any(message["t"] == "update" for message in ann.sent)
    assert list(tmp_path.iterdir()) == []
    logs.mkdir()
    try:
        room.start(ann)
    except Refused as err:
        pytest.fail(f"the second start was refused: {err.code}")
    assert room.started and ann.sent[-1]["t"] == "update"
    assert len(list(logs.glob("*.ctr"))) == 1
    room.close()


def test_every_refusal_of_the_room_has_a_wire_code():
    """The server answers a Refused with its code as the wire's error: each code the room
    refuses with must be one the protocol defines."""
    source = (Path(__file__).resolve().parents[2] / "game" / "host" / "room.py").read_text(
        encoding="utf-8"
    )
    codes = [
        node.args[0].value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Refused"
        and isinstance(node.args[0], ast.Constant)
    ]
    assert len(codes) > 20 and set(codes) <= set(ERRORS), set(codes) - set(ERRORS)
