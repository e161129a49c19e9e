"""bench/server.py's command line: its in-process part runs real rooms (all seats players, and
one player against a random bot); a bad part or seat count is refused."""

from __future__ import annotations

import re

import pytest

from bench.server import main, room_steps


def test_the_in_process_part_steps_every_game(capsys):
    main(["--parts", "room", "--seconds", "0.6"])
    out = capsys.readouterr().out
    rates = re.findall(r"in-process room, (\w+), (\d) seats: ([\d,]+) steps/s", out)
    assert [(game, seats) for game, seats, _ in rates] == [
        (game, seats) for seats in "24" for game in ("quando", "blanco", "quasenbo")
    ]
    assert all(int(rate.replace(",", "")) > 0 for *_, rate in rates)
    duels = re.findall(
        r"in-process room, (\w+), one seat against a random bot: ([\d,]+) round "
        r"trips/s",
        out,
    )
    assert [game for game, _ in duels] == ["quando", "blanco", "quasenbo"]
    assert all(int(rate.replace(",", "")) > 0 for _, rate in duels)


@pytest.mark.parametrize("seats", ["1", "2,5", "four", ""])
def test_a_bad_seat_count_is_refused(capsys, seats):
    with pytest.raises(SystemExit) as exit:
        main(["--parts", "room", "--seats", seats])
    assert exit.value.code == 2
    assert "--seats takes numbers from 2 to 4" in capsys.readouterr().err


def test_an_unknown_part_is_refused_with_the_list(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["--parts", "room,warp"])
    assert exit.value.code == 2
    assert "unknown part(s) warp; the parts are echo, room, flat, crowd" in capsys.readouterr().err


def test_in_process_rooms_of_two_calls_share_a_log_directory(tmp_path):
    for _ in range(2):  # within one second: the log names must still differ
        assert room_steps("quasenbo", 0.05, tmp_path) > 0
    logs = list(tmp_path.glob("*.ctr"))
    assert len(logs) >= 2 and len({log.name for log in logs}) == len(logs)
