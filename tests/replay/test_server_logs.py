"""Logs written by a real server (127.0.0.1) verify: all three games, a player a bot stood in
for, and unfinished games with and without the server's .secret file."""

from __future__ import annotations

import shutil

from game.replay.log import read_replay
from game.replay.playback import Playback
from game.replay.verify import SECRET_SUFFIX, verify_replay
from game.rules import new_game
from tests.replay.helpers import host

GAMES = [
    ("quando", 3, {"target": 20}),
    ("blanco", 2, {"max_turns": 40}),
    ("quasenbo", 4, {"hand_size": 4}),
]


def test_server_games_of_all_three_games_verify(tmp_path):
    replays = host(tmp_path, GAMES)
    for (game, players, options), replay in zip(GAMES, replays):
        verdict = verify_replay(replay)
        assert verdict.status == "ok", (game, verdict)
        assert verdict.complete and verdict.seed_source == "end"
        assert verdict.verified == len(replay.steps) > 0
        assert replay.header["game"] == game and replay.header["players"] == players
        assert [s["kind"] for s in replay.header["seats"]] == ["human"] + ["bot"] * (players - 1)
        # the log's seed replays the game the server's engine had: same options, same end
        state = new_game(game, players, replay.end["seed"], options)
        for step in replay.steps:
            state.apply(step.action)
        assert state.result == replay.end["result"]


def test_a_bot_standing_in_is_logged_and_verifies(tmp_path):
    (replay,) = host(tmp_path, [("quando", 2, {"target": 30})], leave_after=2)
    playback = Playback(replay)
    assert playback.verdict.status == "ok" and playback.verdict.complete
    ann = [e for e in playback.entries if e.seat == 0]
    assert [e.stand_in for e in ann[:2]] == [False, False]
    assert any(e.stand_in and e.by == "bot" for e in ann[2:])
    assert all(not e.stand_in and e.by == "bot" for e in playback.entries if e.seat == 1)


def test_unfinished_server_game_verifies_with_the_secret_file_only(tmp_path):
    logs = tmp_path / "logs"
    (replay,) = host(logs, [("quando", 3, {"target": 1000})], stop_after=6)
    assert not replay.finished and replay.path.with_suffix(SECRET_SUFFIX).exists()
    verdict = verify_replay(replay)
    assert verdict.status == "ok" and verdict.seed_source == "secret"
    assert not verdict.complete and verdict.verified == len(replay.steps) >= 6

    copy = tmp_path / replay.path.name  # the log alone, away from the server's folder
    shutil.copy(replay.path, copy)
    alone = Playback(read_replay(copy))
    assert alone.verdict.status == "unverified" and alone.verdict.seed_ok is None
    assert alone.verdict.steps == len(replay.steps) and not alone.playable
