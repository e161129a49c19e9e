"""A connection's rules with bytes and numbers alone – no socket, no event loop, no clock:
the hello and its version, the rate, the idle limit, the frame limits, broken streams."""

from __future__ import annotations

import struct

import msgpack
import pytest

from game.host.limits import Limits
from game.host.protocol import Connection
from net.framing import CLIENT_MAX_FRAME, FrameDecoder, encode
from net.schema import PROTOCOL_VERSION, validate_server

HELLO = {"t": "hello", "version": PROTOCOL_VERSION, "name": "Ann"}


def replies(rules: Connection) -> list[dict]:
    """What the rules would write now, decoded and checked as a client checks it."""
    return [validate_server(m) for m in FrameDecoder(CLIENT_MAX_FRAME).feed(rules.data_to_send())]


def feed(rules: Connection, data: bytes, now: float = 0.0) -> list:
    """The requests `data` hands the server."""
    rules.receive_data(data, now)
    return list(rules.requests())


def greeted(now: float = 0.0, **limits) -> Connection:
    rules = Connection(Limits(**limits), "cardtable test", now)
    assert feed(rules, encode(HELLO), now) == []
    assert [m["t"] for m in replies(rules)] == ["welcome"]
    return rules


def codes(rules: Connection) -> list[str]:
    return [m["code"] for m in replies(rules)]


def test_a_hello_is_welcomed_with_the_version_and_the_limits():
    rules = Connection(Limits(max_name=9), "cardtable 1.2", 0.0)
    assert feed(rules, encode({**HELLO, "name": "  Ann  "})) == []
    (welcome,) = replies(rules)
    assert welcome["version"] == PROTOCOL_VERSION and welcome["server"] == "cardtable 1.2"
    assert welcome["limits"]["max_name"] == 9
    assert rules.greeted and rules.name == "Ann" and not rules.closing
    assert feed(rules, encode({"t": "list", "id": 4}), 1.0) == [{"t": "list", "id": 4}]


def test_a_wrong_version_is_refused_and_closes():
    rules = Connection(Limits(), "x", 0.0)
    feed(rules, encode({**HELLO, "version": PROTOCOL_VERSION + 1}) + encode({"t": "list"}))
    (refusal,) = replies(rules)
    assert refusal["code"] == "version_mismatch" and str(PROTOCOL_VERSION) in refusal["message"]
    assert rules.closing and not rules.greeted
    assert feed(rules, encode(HELLO), 1.0) == [] and replies(rules) == []  # nothing after


def test_requests_before_the_hello_are_refused_with_their_id():
    rules = Connection(Limits(), "x", 0.0)
    assert feed(rules, encode({"t": "list", "id": 7}) + encode(["garbage"])) == []
    first, second = replies(rules)
    assert (first["code"], first["re"]) == ("hello_first", 7)
    assert second["code"] == "hello_first" and "re" not in second
    assert not rules.closing


@pytest.mark.parametrize(
    "name, code",
    [("Annabel-Lee", "name_too_long"), ("   ", "bad_message"), ("a\x07b", "bad_message")],
)
def test_a_bad_name_is_refused_and_a_better_hello_still_greets(name, code):
    rules = Connection(Limits(max_name=8), "x", 0.0)
    feed(rules, encode({**HELLO, "name": name, "id": 1}))
    assert [(m["code"], m["re"]) for m in replies(rules)] == [(code, 1)]
    assert not rules.greeted and not rules.closing
    feed(rules, encode(HELLO))
    assert [m["t"] for m in replies(rules)] == ["welcome"]


def test_a_malformed_hello_is_refused_by_the_schema():
    rules = Connection(Limits(), "x", 0.0)
    feed(rules, encode({"t": "hello", "version": "one", "name": "Ann"}))
    assert codes(rules) == ["bad_message"] and not rules.greeted


def test_a_flood_beyond_the_burst_is_dropped_with_one_refusal_a_second():
    rules = greeted(rate=10, burst=5)  # the hello took one token
    flood = b"".join(encode({"t": "ping", "n": n}) for n in range(50))
    assert [m["n"] for m in feed(rules, flood, 0.0)] == [0, 1, 2, 3]
    assert codes(rules) == ["rate_limited"]
    # Half a second refills the bucket (to the burst); the refusal is not repeated so soon.
    assert [m["n"] for m in feed(rules, flood, 0.5)] == [0, 1, 2, 3, 4]
    assert codes(rules) == []
    assert [m["n"] for m in feed(rules, flood, 2.0)] == [0, 1, 2, 3, 4]
    assert codes(rules) == ["rate_limited"]


def test_the_rate_refills_with_time():
    rules = greeted(rate=2, burst=1, now=0.0)  # the bucket is empty after the hello
    assert feed(rules, encode({"t": "ping"}), 0.2) == []
    assert feed(rules, encode({"t": "ping"}), 0.8) == [{"t": "ping"}]  # 0.6 s at 2 a second


def test_idle_expiry_follows_the_last_bytes_received():
    rules = greeted(idle=30.0, now=100.0)
    assert not rules.check_idle(129.0)
    rules.receive_data(b"\x00\x00", 129.0)  # half a frame header: still something heard
    assert not rules.check_idle(158.0)
    assert replies(rules) == []
    assert rules.check_idle(159.5)
    assert codes(rules) == ["idle_timeout"] and rules.closing
    assert not rules.check_idle(500.0) and replies(rules) == []  # refused once


def test_an_oversize_length_prefix_is_refused_before_its_body_arrives():
    rules = greeted(max_frame=1000)
    assert feed(rules, struct.pack(">I", 1001) + b"x" * 10) == []
    (refusal,) = replies(rules)
    assert refusal["code"] == "frame_too_big" and "1000" in refusal["message"]
    assert rules.closing
    assert feed(rules, encode({"t": "ping"})) == []


@pytest.mark.parametrize(
    "data",
    [
        struct.pack(">I", 0),  # an empty frame
        struct.pack(">I", 1) + b"\xc1",  # a byte msgpack never uses
        struct.pack(">I", 3) + msgpack.packb(1) + b"\x00\x00",  # two objects in one frame
        b"\xff\xff\x00\x00garbage",  # a length far beyond the limit
    ],
)
def test_garbage_bytes_are_refused_and_close(data):
    rules = greeted()
    # The stream is out of step: what arrived with the broken frame is dropped with it.
    assert feed(rules, encode({"t": "ping"}) + data) == []
    assert codes(rules) in (["bad_frame"], ["frame_too_big"])
    assert rules.closing


def test_a_frame_split_across_many_receives_arrives_whole_once():
    rules = greeted()
    data = encode(
        {"t": "act", "room": "r1", "step": 3, "action": ["play", [1, 2]], "id": 9}
    ) + encode({"t": "ping", "n": 1})
    got = []
    for i in range(len(data)):
        got += feed(rules, data[i : i + 1], i * 0.001)
        assert replies(rules) == []
    assert got == [
        {"t": "act", "room": "r1", "step": 3, "action": ["play", [1, 2]], "id": 9},
        {"t": "ping", "n": 1},
    ]


def test_the_end_of_the_stream_inside_a_frame_is_refused():
    rules = greeted()
    rules.receive_data(encode({"t": "ping"})[:-1], 1.0)
    rules.receive_eof()
    (refusal,) = replies(rules)
    assert refusal["code"] == "bad_frame" and "ended inside a frame" in refusal["message"]
    assert rules.closing


def test_a_clean_end_of_the_stream_just_closes():
    rules = greeted()
    rules.receive_eof()
    assert rules.closing and replies(rules) == []


def test_requests_are_handed_over_one_at_a_time():
    """What the server sends in answer to one request is queued before the next request is
    even looked at – replies keep the requests' order."""
    rules = greeted()
    rules.receive_data(
        encode({"t": "ping", "n": 1}) + encode({"t": "list"}) + encode({"t": "ping", "n": 2}), 1.0
    )
    for request in rules.requests():
        rules.send(
            {"t": "pong", "n": request["n"]}
            if request["t"] == "ping"
            else {"t": "rooms", "rooms": []}
        )
        assert len(replies(rules)) == 1


def test_a_closing_connection_sends_what_was_queued_and_nothing_after():
    rules = greeted()
    rules.send({"t": "pong"})
    rules.close()
    rules.send({"t": "pong", "n": 2})
    assert replies(rules) == [{"t": "pong"}]
    rules.send({"t": "pong"})
    rules.abort()
    assert replies(rules) == []


# -- the same rules for whole messages (a WebSocket: game/host/web.py) ------------------------


def web_replies(rules: Connection) -> list[dict]:
    return [validate_server(msgpack.unpackb(body)) for body in rules.messages_to_send()]


def test_a_whole_message_is_greeted_and_answered_as_a_frame_is():
    rules = Connection(Limits(), "cardtable test", 0.0)
    rules.receive_message(msgpack.packb(HELLO), 0.0)
    assert list(rules.requests()) == []
    rules.receive_message(msgpack.packb({"t": "list", "id": 4}), 0.1)
    assert list(rules.requests()) == [{"t": "list", "id": 4}]
    assert [m["t"] for m in web_replies(rules)] == ["welcome"]
    assert rules.messages_to_send() == [] and not rules.closing


@pytest.mark.parametrize(
    "body, code",
    [
        (b"", "bad_frame"),
        (b"\xc1", "bad_frame"),
        (msgpack.packb({"t": "list"}) * 2, "bad_frame"),
        (msgpack.packb({1: 2}), "bad_frame"),
        (msgpack.packb({"t": "hello", "version": 1, "name": "x" * 200}), "frame_too_big"),
    ],
)
def test_a_broken_or_oversized_message_is_refused_and_closes(body, code):
    rules = Connection(Limits(max_frame=100), "cardtable test", 0.0)
    rules.receive_message(body, 0.0)
    assert [m["code"] for m in web_replies(rules)] == [code]
    assert rules.closing and list(rules.requests()) == []


def test_whole_messages_share_the_rate_and_the_idle_clock():
    rules = Connection(Limits(rate=1, burst=2, idle=5), "cardtable test", 0.0)
    rules.receive_message(msgpack.packb(HELLO), 0.0)
    for _ in range(4):
        rules.receive_message(msgpack.packb({"t": "ping"}), 0.0)
    assert len(list(rules.requests())) == 1  # the hello took one of the two
    assert [m.get("code", m["t"]) for m in web_replies(rules)] == ["welcome", "rate_limited"]
    assert not rules.check_idle(5.0) and rules.check_idle(5.5)
