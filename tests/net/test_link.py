"""The client's connection rules with bytes and numbers alone (net/link.py): pings when due,
dead after the deadline of silence, any message keeps the connection alive, frames and
messages checked."""

from __future__ import annotations

import pytest

from net.framing import FrameDecoder, FrameError, encode
from net.link import PING_EVERY, SILENCE, Link


def sent(link: Link) -> list:
    return FrameDecoder().feed(link.data_to_send())


def test_pings_when_due_and_dead_after_the_deadline_of_silence():
    link = Link(100.0)
    assert (PING_EVERY, SILENCE) == (10.0, 30.0)
    assert link.wait(100.0) == PING_EVERY
    link.tick(109.9)
    assert sent(link) == [] and not link.dead
    link.tick(110.0)
    assert sent(link) == [{"t": "ping"}]
    assert link.wait(110.0) == PING_EVERY
    link.tick(120.0)
    link.tick(129.0)
    assert sent(link) == [{"t": "ping"}] and not link.dead
    assert link.wait(129.0) == pytest.approx(1.0)  # the deadline comes before the ping
    link.tick(130.0)
    assert link.dead and link.wait(130.0) == 0.0


def test_any_message_keeps_it_alive():
    link = Link(0.0, ping_every=1.0, silence=3.0)
    for now in range(1, 20):
        link.tick(float(now))
        link.receive_data(encode({"t": "pong"}), now + 0.5)
        assert link.next_message() == {"t": "pong"} and link.next_message() is None
    assert not link.dead
    link.tick(22.4)
    assert not link.dead
    link.tick(22.5)
    assert link.dead


def test_a_message_split_across_reads_arrives_once_whole():
    link = Link(0.0)
    data = encode({"t": "pong", "n": 7})
    link.receive_data(data[:3], 1.0)
    assert link.next_message() is None
    link.receive_data(data[3:], 2.0)
    assert link.next_message() == {"t": "pong", "n": 7}


def test_a_broken_stream_or_an_invalid_message_is_a_frame_error():
    link = Link(0.0)
    link.receive_data(encode({"t": "no such message"}), 1.0)
    with pytest.raises(FrameError) as err:
        link.next_message()
    assert err.value.code == "bad_message"
    with pytest.raises(FrameError):
        Link(0.0).receive_data(b"\x00\x00\x00\x00", 1.0)


def test_pings_must_come_within_the_deadline():
    with pytest.raises(ValueError):
        Link(0.0, ping_every=30.0, silence=30.0)
