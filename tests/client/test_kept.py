"""The seats kept on disk: per server and room, newest first, private, and robust to files
that cannot be read."""

from __future__ import annotations

import os
import stat

from game.client.kept import LOCAL, KeptSeat, SeatStore


def seat(server: str, room: str, saved: float) -> KeptSeat:
    return KeptSeat(server, room, "t" * 32, "quando", 1, saved)


def test_seats_are_kept_per_server_and_room_and_forgotten(tmp_path):
    store = SeatStore(tmp_path)
    assert store.keep(seat("192.168.1.20:7777", "ab12", 1.0)) is None
    store.keep(seat("192.168.1.20:7777", "cd34", 2.0))
    store.keep(seat("[::1]:7777", "ab12", 3.0))
    store.keep(seat(LOCAL, "ef56", 4.0))
    assert [s.room for s in store.seats("192.168.1.20:7777")] == ["cd34", "ab12"]
    assert [s.room for s in store.seats(LOCAL)] == ["ef56"]
    assert store.seats("10.0.0.1:7777") == []
    assert [s.room for s in store.seats()] == ["ef56", "ab12", "cd34", "ab12"]
    store.forget("192.168.1.20:7777", "cd34")
    store.forget("192.168.1.20:7777", "never-kept")
    assert store.seats("192.168.1.20:7777") == [seat("192.168.1.20:7777", "ab12", 1.0)]


def test_a_token_file_is_readable_by_the_player_alone(tmp_path):
    store = SeatStore(tmp_path)
    store.keep(seat("h:1", "ab12", 1.0))
    (path,) = (tmp_path).rglob("*.json")
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_damaged_files_are_not_offered(tmp_path):
    store = SeatStore(tmp_path)
    store.keep(seat("h:1", "ab12", 1.0))
    folder = next(tmp_path.iterdir())
    (folder / "broken.json").write_text("{not json")
    (folder / "other.json").write_text('{"server": "h:1", "room": "zz"}')
    assert [s.room for s in store.seats("h:1")] == ["ab12"]


def test_a_folder_that_cannot_be_written_is_a_problem_in_words(tmp_path):
    (tmp_path / "file").write_text("")
    problem = SeatStore(tmp_path / "file").keep(seat("h:1", "ab12", 1.0))
    assert problem and "could not be kept" in problem
