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
    assert problem and "could not be saved" in problem


def test_a_seat_that_cannot_be_kept_is_told_to_the_player(make_app, private_folders):
    """Quick play where the seats' folder cannot be made (a file is in its way): the table
    tells the player, in red, that a crash may cost them the seat."""
    import pygame

    from game.client import config, palette
    from game.client.autoplay import table_scene
    from tests.client.test_play import run

    config.seats_dir().parent.mkdir(parents=True)
    config.seats_dir().write_text("")
    app = make_app()
    app.frame(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert run(app, lambda: table_scene(app) is not None, 30), "quick play did not deal"
    problem = app.session.keep_problem
    assert problem and "could not be saved" in problem
    toasts = table_scene(app).table.toasts.items
    assert [t[:2] for t in toasts if t[0] == problem] == [[problem, palette.DANGER]]
