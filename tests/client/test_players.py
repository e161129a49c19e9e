"""Seat names as the player reads them: a bot's level worded in the player's language from
the seat's data, an old replay's English "(normal bot)" not shown twice, people's names as
they are, and the tables using those names."""

from __future__ import annotations

import pytest

from game.client import i18n
from game.client.i18n import SOURCE
from game.client.players import plain_name, seat_name
from game.client.tables.seats import Seats


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language(SOURCE)


BOT = {"name": "Dario", "kind": "bot", "level": "normal"}
OLD_BOT = {"name": "Dario (normal bot)", "kind": "bot", "level": "normal"}


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", "Dario (normal bot)"),
        ("it", "Dario (bot normale)"),
        ("de", "Dario (Bot, normal)"),
        ("fr", "Dario (bot normal)"),
    ],
)
def test_a_bots_name_gets_its_level_in_the_players_language(code, expected):
    i18n.set_language(code)
    assert seat_name(BOT) == expected
    assert seat_name(OLD_BOT) == expected  # an old replay's header: not "(normal bot)" twice


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", "Random bot"),
        ("it", "Bot casuale"),
        ("de", "Zufälliger Bot"),
        ("fr", "Bot au hasard"),
    ],
)
def test_an_old_replays_nameless_bot_is_named_by_its_level(code, expected):
    i18n.set_language(code)
    assert seat_name({"name": "Random bot", "kind": "bot", "level": "random"}) == expected


def test_people_and_open_seats_keep_their_names():
    i18n.set_language("de")
    assert seat_name({"name": "Ann (bot)", "kind": "human", "level": None}) == "Ann (bot)"
    assert seat_name({"name": "", "kind": "open", "level": None}) == ""
    assert plain_name(OLD_BOT) == plain_name(BOT) == "Dario"
    assert seat_name({"name": "Ada", "kind": "bot", "level": "cunning"}) == "Ada (Bot, cunning)"


def test_a_table_names_bots_through_the_same_words():
    i18n.set_language("fr")
    room = {
        "seats": [
            {"name": "Ann", "kind": "human", "level": None},
            BOT,
            {"name": "Ann", "kind": "human", "level": None},
        ]
    }
    seats = Seats(room, 0)
    assert seats.name(1) == "Dario (bot normal)"
    assert (seats.name(0), seats.name(2)) == ("Ann 1", "Ann 3")
    assert seats.who(0) == i18n._("You")


def test_a_tables_names_follow_the_room_and_the_language():
    i18n.set_language("fr")
    room = {"seats": [{"name": "Ann", "kind": "human", "level": None}, dict(BOT)]}
    seats = Seats(room, 0)
    assert (seats.name(1), seats.short_name(1)) == ("Dario (bot normal)", "Dario")
    i18n.set_language(SOURCE)
    assert seats.name(1) == "Dario (normal bot)"
    room["seats"][1]["level"] = "hard"  # a seat changed in place
    assert seats.name(1) == "Dario (hard bot)"
    room["seats"][1]["name"] = "Ann"
    assert (seats.name(0), seats.short_name(0), seats.short_name(1)) == ("Ann", "Ann 1", "Ann 2")
    seats.room = {"seats": [{"name": "Bea", "kind": "human", "level": None}]}
    assert (seats.name(0), seats.short_name(0)) == ("Bea", "Bea")
