"""The message schema: every documented message passes, and each kind of mistake is named."""

from __future__ import annotations

import pytest

from net.schema import (
    CLIENT_MESSAGES,
    ERRORS,
    SERVER_MESSAGES,
    ProtocolError,
    error,
    hint,
    validate_client,
    validate_server,
)

GOOD = [
    {"t": "hello", "version": 1, "name": "Ann"},
    {"t": "list", "id": 3},
    {
        "t": "create",
        "game": "quando",
        "players": 4,
        "options": {"target": 40},
        "timer": 30,
        "level": "hard",
        "code": "pink elephant",
    },
    {"t": "create", "game": "blanco", "players": 2, "timer": None},
    {"t": "create", "game": "quasenbo", "players": 3, "grace": None, "local": True},
    {"t": "create", "game": "quasenbo", "players": 3, "grace": 0.5},
    {"t": "join", "room": "ab12cd34"},
    {"t": "join", "room": "ab12cd34", "seat": 2, "code": "x"},
    {"t": "watch", "room": "ab12cd34"},
    {"t": "bot", "room": "r", "seat": 1, "level": "easy"},
    {"t": "unbot", "room": "r", "seat": 1},
    {"t": "ready", "room": "r", "ready": False},
    {"t": "start", "room": "r"},
    {"t": "leave", "room": "r"},
    {"t": "sync", "room": "r"},
    {"t": "stand_in", "room": "r", "seat": 1},
    {"t": "act", "room": "r", "step": 12, "action": ["play", [0, 2, 5]]},
    {"t": "act", "room": "r", "step": 0, "action": ["swap", 0, 0, 0, 1, 1]},
    {"t": "act", "room": "r", "step": 0, "action": ["play", 3, "waves"]},
    {"t": "resume", "token": "x" * 32},
    {"t": "rematch", "room": "r"},
    {"t": "ping"},
    {"t": "hint", "room": "r", "step": 7},
    {"t": "pause", "room": "r", "paused": True},
    {
        "t": "create",
        "game": "quasenbo",
        "players": 3,
        "hints": True,
        "seed": 2**64 - 1,
        "again": "0f" * 32,
    },
    {
        "t": "create",
        "game": "quando",
        "players": 2,
        "from": {"replay": "0f" * 32, "step": 9, "mode": "reshuffled", "snapshot": {"round": 0}},
    },
]


@pytest.mark.parametrize("message", GOOD, ids=lambda m: m["t"])
def test_documented_messages_pass(message):
    assert validate_client(dict(message)) == message


def test_every_client_message_type_has_an_example():
    assert {m["t"] for m in GOOD} == set(CLIENT_MESSAGES)


@pytest.mark.parametrize(
    "message, code, words",
    [
        ("hello", "bad_message", "a map"),
        ({}, "bad_message", '"t"'),
        ({"t": "jump"}, "unknown_type", "jump"),
        ({"t": "hello", "version": 1}, "bad_message", "missing field 'name'"),
        ({"t": "hello", "version": "1", "name": "A"}, "bad_message", "'version'"),
        ({"t": "hello", "version": 1, "name": ""}, "bad_message", "'name'"),
        ({"t": "ping", "extra": 1}, "bad_message", "unknown field 'extra'"),
        ({"t": "ping", "id": -1}, "bad_message", '"id"'),
        ({"t": "bot", "room": "r", "seat": 1, "level": "godlike"}, "bad_message", "one of random"),
        ({"t": "ready", "room": "r", "ready": 1}, "bad_message", "true or false"),
        ({"t": "join", "room": "r", "seat": 99}, "bad_message", "'seat'"),
        ({"t": "act", "room": "r", "step": 1, "action": []}, "bad_message", "'action'"),
        ({"t": "act", "room": "r", "step": 1, "action": [1, 2]}, "bad_message", "verb"),
        (
            {"t": "act", "room": "r", "step": 1, "action": ["play", {"a": 1}]},
            "bad_message",
            "'action'",
        ),
        (
            {"t": "act", "room": "r", "step": 1, "action": ["play", [True]]},
            "bad_message",
            "'action'",
        ),
        (
            {"t": "act", "room": "r", "step": 1, "action": ["play"] + [1] * 20},
            "bad_message",
            "'action'",
        ),
        (
            {
                "t": "create",
                "game": "quando",
                "players": 2,
                "options": {"a": [[[[[[[[[[[[[1]]]]]]]]]]]]]},
            },
            "bad_message",
            "'options'",
        ),
        ({"t": "create", "game": "quando", "players": 2, "timer": 0}, "bad_message", "'timer'"),
        ({"t": "resume", "token": "short"}, "bad_message", "'token'"),
        # nil is not "absent": only the fields protocol.md marks "or null" take it
        ({"t": "join", "room": "r", "seat": None}, "bad_message", "'seat'"),
        ({"t": "create", "game": "quando", "players": 2, "local": None}, "bad_message", "'local'"),
        ({"t": "create", "game": "quando", "players": 9}, "bad_message", "'players'"),
    ],
)
def test_mistakes_are_named(message, code, words):
    with pytest.raises(ProtocolError) as err:
        validate_client(message)
    assert err.value.code == code and words in err.value.message


def test_server_messages_validate_too():
    assert validate_server({"t": "pong"})
    assert validate_server(error("stale_step", re=4))["re"] == 4
    with pytest.raises(ProtocolError):
        validate_server(
            {"t": "update", "room": "r", "step": 1, "events": [], "digest": b"short", "to_move": 0}
        )
    assert validate_server(hint("r", 3, ["knock"], "knocks", 0.25, re=9))["re"] == 9
    assert validate_server(hint("r", 3, ["draw", "up"], "draws the visible side", None))
    # a hint without its English words (which no client reads) is still a hint
    assert validate_server(
        {"t": "hint", "room": "r", "step": 3, "action": ["knock"], "chance": None}
    )
    assert {
        "welcome",
        "rooms",
        "room",
        "seated",
        "update",
        "error",
        "pong",
        "rematch",
        "hint",
        "bye",
    } == set(SERVER_MESSAGES)


def test_every_error_code_has_words():
    assert all(isinstance(text, str) and len(text) > 10 for text in ERRORS.values())
    assert ProtocolError("stale_step").message == ERRORS["stale_step"]
