"""A short fuzz run (bench/fuzz.py runs the long one): no crash, no unhandled exception, and
no refused input that changes any room – on a shared server and on a player's own, every
request type, the latest ones (stand_in, hint, pause, create with local, seed, again, from)
among them."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import (
    ServerTarget,
    Tally,
    frame_inputs,
    fuzz_connection,
    fuzz_frames,
    fuzz_validator,
    latest,
    messages,
    plain,
    run_server_target,
)

SHORT = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


@SHORT
@given(frame_inputs())
def test_frame_decoder(case):
    tally = Tally()
    fuzz_frames(tally, *case)
    assert tally.clean, tally.crashes


@SHORT
@given(frame_inputs())
def test_connection_rules(case):
    tally = Tally()
    fuzz_connection(tally, *case)
    assert tally.clean, tally.crashes


@SHORT
@given(st.one_of(messages(), plain))
def test_message_validator(message):
    tally = Tally()
    fuzz_validator(tally, message)
    assert tally.clean, tally.crashes


LATEST = ("stand_in", "hint", "pause", "create")


@pytest.mark.parametrize("chosen_seeds", [False, True], ids=["shared", "own"])
def test_server_with_real_rooms(chosen_seeds):
    tally = Tally()

    def steps(target: ServerTarget) -> None:
        @SHORT
        @given(st.data())
        def case(data):
            roll = data.draw(st.integers(0, 5))
            if roll == 0:
                target.play_legal(tally, data.draw(st.integers(0, 1000)))
            elif roll <= 2:
                target.feed(tally, *data.draw(latest()))
            else:
                target.feed(tally, data.draw(st.integers(0, 6)), data.draw(messages(rooms=True)))

        case()

    run_server_target(steps, chosen_seeds)
    assert tally.inputs >= 300
    assert tally.clean, (tally.crashes + tally.unhandled + tally.changed_by_refusal)[:5]
    assert sum(v for k, v in tally.outcomes.items() if k.startswith("accepted")) > 20
    assert all(tally.outcomes[f"sent {kind}"] >= 5 for kind in LATEST), tally.outcomes
    assert tally.outcomes["accepted pause"], tally.outcomes
    if chosen_seeds:  # a deal chosen by its seed, or played on from a real snapshot
        assert tally.outcomes["accepted create"], tally.outcomes
