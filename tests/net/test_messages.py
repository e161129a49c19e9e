"""The message types of net/messages.py, the schema that validates into them and the contract,
docs/protocol.md, say the same: the same messages, each with the same fields, the same ones
required, and the same error codes."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from net.client import REASONS, Reason
from net.messages import (
    CLIENT_TYPES,
    ERROR_CODES,
    SERVER_TYPES,
    ClientType,
    RoomInfo,
    SeatInfo,
    ServerType,
    Update,
)
from net.schema import CLIENT_MESSAGES, ERRORS, SERVER_MESSAGES, validate_client, validate_server

PROTOCOL = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text("utf-8")

SIDES = [
    pytest.param(CLIENT_TYPES, CLIENT_MESSAGES, "id", id="client"),
    pytest.param(SERVER_TYPES, SERVER_MESSAGES, "re", id="server"),
]


@pytest.mark.parametrize("types, schema, echo", SIDES)
def test_each_message_type_has_the_schemas_fields(types, schema, echo):
    assert set(types) == set(schema)
    for kind, fields in schema.items():
        message = types[kind]
        assert typing.get_type_hints(message)["t"] == typing.Literal[kind], kind
        assert message.__required_keys__ == {"t"} | {
            name for name, field in fields.items() if not field.optional
        }, kind
        assert message.__optional_keys__ - {echo} == {
            name for name, field in fields.items() if field.optional
        }, kind


def test_the_type_literals_name_every_message_and_every_error_code():
    assert set(typing.get_args(ClientType)) == set(CLIENT_TYPES)
    assert set(typing.get_args(ServerType)) == set(SERVER_TYPES)
    assert set(ERROR_CODES) == set(ERRORS)
    assert set(typing.get_args(Reason)) == set(REASONS)


def test_validation_hands_on_the_message_it_checked():
    hello = {"t": "hello", "version": 1, "name": "Ann", "id": 3}
    assert validate_client(hello) is hello
    pong = {"t": "pong", "n": 2}
    assert validate_server(pong) is pong


def table(heading: str) -> dict[str, str]:
    """The rows of the first table after `heading` in docs/protocol.md: the first cell's
    backticked names, each with the rest of its row."""
    rows: dict[str, str] = {}
    lines = PROTOCOL.split(heading, 1)[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        first, rest = line.split("|")[1], "|".join(line.split("|")[2:])
        for name in re.findall(r"`(\w+)`", first):
            rows[name] = rest
    return rows


@pytest.mark.parametrize(
    "heading, schema",
    [("## Client → server", CLIENT_MESSAGES), ("## Server → client", SERVER_MESSAGES)],
    ids=["client", "server"],
)
def test_the_contract_lists_every_message_with_its_fields(heading, schema):
    rows = table(heading)
    assert set(rows) == set(schema)
    for kind, fields in schema.items():
        if kind != "update":  # its fields have their own table
            named = set(re.findall(r"`(\w+)`", rows[kind]))
            assert set(fields) <= named, f"{kind}: {set(fields) - named} not in the contract"


def test_the_contract_lists_every_error_code():
    assert set(table("## Errors")) == set(ERRORS)


def test_the_contract_lists_the_fields_of_an_update_and_of_a_room_map():
    assert set(table("### update")) == set(Update.__annotations__) - {"t"}
    room_map = PROTOCOL.split("A **room map**:", 1)[1].split("\n\n", 1)[0]
    assert set(RoomInfo.__annotations__) <= set(re.findall(r"`(\w+)`", room_map))
    seat_map = re.search(r"`\{(seat, kind[^}]*)\}`", room_map)
    assert seat_map is not None
    named = {part.split(":")[0].strip() for part in seat_map.group(1).split(",")}
    assert named == set(SeatInfo.__annotations__)
