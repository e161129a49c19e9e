"""The arena: its statistics, its table, its chart and its command line."""

from __future__ import annotations

import pytest

from game.bots import arena


def test_wilson_interval_matches_known_values():
    low, high = arena.wilson(80, 100)
    assert round(low, 3) == 0.711 and round(high, 3) == 0.867
    assert arena.wilson(0, 10)[0] == 0.0 and arena.wilson(10, 10)[1] == pytest.approx(1.0)
    low, high = arena.wilson(50.5, 100)  # a shared win counts half
    assert low < 0.505 < high


def test_bot_names_are_checked():
    for spec in (
        "random",
        "heuristic",
        "ismcts",
        "easy",
        "normal",
        "hard",
        "ismcts@50",
        "ismcts@20ms",
    ):
        assert arena.parse_bot(spec) == spec
    for spec in ("alphazero", "ismcts@", "ismcts@0", "ismcts@x", "random@5"):
        with pytest.raises(ValueError, match="unknown bot"):
            arena.parse_bot(spec)


def test_a_small_run_rotates_seats_and_is_reproducible():
    records = arena.run("quasenbo", 2, ["heuristic", "random"], 6, seed=3, progress=False)
    again = arena.run("quasenbo", 2, ["heuristic", "random"], 6, seed=3, progress=False)
    assert [r.shares for r in records] == [r.shares for r in again]
    searched = [
        arena.run("quando", 2, ["ismcts@4", "random"], 2, seed=5, progress=False) for _ in range(2)
    ]
    assert [r.shares for r in searched[0]] == [r.shares for r in searched[1]]
    assert arena.fingerprint(records) == arena.fingerprint(again)
    assert arena.fingerprint(records) != arena.fingerprint(records[1:])
    assert all(sum(r.shares) == pytest.approx(1.0) for r in records)
    rows = arena.tabulate(["heuristic", "random"], records)
    assert [row.seats for row in rows] == [6, 6]
    assert sum(row.wins for row in rows) == pytest.approx(6)
    table = arena.format_table(rows, 6, 2)
    assert "95% CI" in table and "heuristic" in table


def test_the_command_line_prints_a_table_and_saves_a_chart(tmp_path, capsys):
    png = tmp_path / "chart.png"
    status = arena.main(
        [
            "--game",
            "quando",
            "--players",
            "3",
            "--bots",
            "ismcts@5,heuristic,random",
            "--games",
            "3",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--quiet",
            "--png",
            str(png),
        ]
    )
    assert status == 0
    out = capsys.readouterr().out
    assert "ismcts@5" in out and "win %" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


TWO_RANDOM = ["--game", "quando", "--players", "2", "--bots", "random,random"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--game", "chess", "--players", "2", "--bots", "random,random"], "invalid choice"),
        (["--game", "quando", "--players", "7", "--bots", "random,random"], "2 to 6 players"),
        (["--game", "quando", "--players", "2", "--bots", "random"], "names 1 bots for 2"),
        (["--game", "quando", "--players", "2", "--bots", "random,genius"], "unknown bot"),
        (["--games", "0"], "--games"),
        (["--jobs", "0"], "--jobs"),
        (["--options", "{"], "--options"),
        (["--options", '{"colour": 1}'], "unknown option"),
        (["--games", "many"], "invalid int value"),
    ],
)
def test_bad_flags_are_clear_errors(argv, message, capsys):
    if argv[0] != "--game":
        argv = TWO_RANDOM + argv
    with pytest.raises(SystemExit) as exit_:
        arena.main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err
