"""A short fuzz run (bench/fuzz.py runs the long one): no crash, no unhandled exception, and
no refused input that changes any room."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import (
    ServerTarget,
    Tally,
    frame_inputs,
    fuzz_connection,
    fuzz_frames,
    fuzz_validator,
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


def test_server_with_real_rooms():
    tally = Tally()

    def steps(target: ServerTarget) -> None:
        @SHORT
        @given(st.data())
        def case(data):
            if data.draw(st.integers(0, 4)) == 0:
                target.play_legal(tally, data.draw(st.integers(0, 1000)))
            else:
                target.feed(tally, data.draw(st.integers(0, 6)), data.draw(messages(rooms=True)))
        case()

    run_server_target(steps)
    assert tally.inputs >= 300
    assert tally.clean, (tally.crashes + tally.unhandled + tally.changed_by_refusal)[:5]
    assert sum(v for k, v in tally.outcomes.items() if k.startswith("accepted")) > 20
