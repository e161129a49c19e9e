"""Frames without sockets: whatever way the bytes arrive, the same messages come out."""

from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.framing import FrameDecoder, FrameError, encode

values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**63), 2**64 - 1),
        st.text(max_size=20),
        st.binary(max_size=20),
        st.floats(allow_nan=False),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
maps = st.dictionaries(st.text(max_size=8), values, max_size=6)


@given(st.lists(maps, min_size=1, max_size=6), st.lists(st.integers(1, 64), min_size=1))
def test_messages_survive_any_split_of_the_stream(messages, sizes):
    stream = b"".join(encode(m) for m in messages)
    decoder, out, at = FrameDecoder(1 << 20), [], 0
    for size in sizes * (len(stream) // sum(sizes) + 1):
        out += decoder.feed(stream[at : at + size])
        at += size
        if at >= len(stream):
            break
    assert out == messages and decoder.pending == 0


def test_a_partial_frame_waits_and_counts_as_pending():
    data = encode({"t": "ping", "n": 1})
    decoder = FrameDecoder()
    assert decoder.feed(data[:-1]) == [] and decoder.pending == len(data) - 1
    assert decoder.feed(data[-1:]) == [{"t": "ping", "n": 1}] and decoder.pending == 0


def test_a_frame_over_the_limit_is_refused_before_its_body_arrives():
    decoder = FrameDecoder(max_frame=100)
    with pytest.raises(FrameError) as err:
        decoder.feed(struct.pack(">I", 101))
    assert err.value.code == "frame_too_big" and "100" in err.value.message


@pytest.mark.parametrize(
    "body", [b"\xc1", msgpack.packb({"t": 1}) + b"\x01", b"\x92\x01", b"\x81\x01\x02"]
)
def test_bytes_that_are_not_one_msgpack_object_are_refused(body):
    with pytest.raises(FrameError) as err:
        FrameDecoder().feed(struct.pack(">I", len(body)) + body)
    assert err.value.code == "bad_frame"


def test_an_empty_frame_is_refused():
    with pytest.raises(FrameError, match="empty"):
        FrameDecoder().feed(struct.pack(">I", 0))
