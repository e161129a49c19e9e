"""The bots' measuring tools: bench/oracle.py plays the same deals once per way of seeing, and
bench/inference.py scores the Quäsenbö sampler's guesses of the hidden hand; bad flags are
refused with a clear error."""

from __future__ import annotations

import re

import pytest

from bench import inference, oracle
from game.rules import new_game


def test_the_oracle_plays_the_same_deals_for_each_way_of_seeing(capsys):
    assert (
        oracle.main(["--games", "2", "--iterations", "20", "--sees", "always,endgame,before,never"])
        == 0
    )
    out = capsys.readouterr().out
    lines = re.findall(r"sees the other hands (\w+).*: wins ([\d.]+)%", out)
    assert [mode for mode, _ in lines] == ["always", "endgame", "before", "never"]
    assert all(float(rate) in (0.0, 25.0, 50.0, 75.0, 100.0) for _, rate in lines)


@pytest.mark.parametrize(
    "flags, message",
    [
        (["--sees", "always,sometimes"], "unknown --sees sometimes; choose from always, endgame"),
        (["--players", "9"], "--players takes 2 to 8"),
        (["--games", "0"], "must be at least 1"),
    ],
)
def test_the_oracle_refuses_bad_flags(capsys, flags, message):
    with pytest.raises(SystemExit) as exit:
        oracle.main(flags)
    assert exit.value.code == 2
    assert message in capsys.readouterr().err


def test_the_endgame_is_when_another_hand_is_small():
    state = new_game("quasenbo", 3, 5)
    assert oracle.sees("before", state, 0, 2) and not oracle.sees("endgame", state, 0, 2)
    del state.hands[2][2:]  # seat 2 down to two cards
    assert oracle.sees("endgame", state, 0, 2) and not oracle.sees("before", state, 0, 2)
    assert oracle.sees("before", state, 2, 2)  # one's own small hand is not the endgame
    assert oracle.sees("always", state, 0, 2) and not oracle.sees("never", state, 0, 2)


def test_inference_scores_the_sampler_with_and_without_its_inferences(capsys):
    assert inference.main(["--games", "12", "--samples", "40"]) == 0
    out = capsys.readouterr().out
    cells = re.findall(r"(\d\.\d)–\d\.\d \| +([\d,]+) \| ([\d.]+) \| ([\d.]+)", out)
    assert cells and all(float(low) <= float(mean) <= float(low) + 0.1 for low, _, mean, _ in cells)
    scores = re.search(
        r"all cards \(([\d,]+)\): with inference ([\d.]+), without ([\d.]+), "
        r"always ([\d.]+) ([\d.]+)",
        out,
    )
    assert scores is not None
    # Every playable card falls in exactly one tenth, and the constant guess is their rate.
    counted = [int(n.replace(",", "")) for _, n, _, _ in cells]
    assert int(scores[1].replace(",", "")) == sum(counted)
    rate = sum(n * float(really) for n, (*_, really) in zip(counted, cells)) / sum(counted)
    assert float(scores[4]) == pytest.approx(rate, abs=1e-3)
    assert all(0.0 <= float(score) <= 1.0 for score in (scores[2], scores[3], scores[5]))


def test_inference_refuses_bad_flags(capsys):
    with pytest.raises(SystemExit) as exit:
        inference.main(["--samples", "0"])
    assert exit.value.code == 2
    assert "must be at least 1" in capsys.readouterr().err
