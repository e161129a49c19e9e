"""A game is one entry in each layer's registry – the engines (game.rules.GAMES), the bots'
kits (game.bots.KITS), the client's entries (game.client.games.CLIENT_GAMES) – and a game
added in part is told exactly which part it still lacks (docs/adding-a-game.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.bots import KITS
from game.client.games import CLIENT_GAMES, missing_parts
from game.client.tables import QuandoTable
from game.rules import GAMES
from game.rules.quando import Quando

EVERY_NAME = sorted(set(GAMES) | set(KITS) | set(CLIENT_GAMES))


@pytest.mark.parametrize("name", EVERY_NAME)
def test_every_game_has_every_part(name):
    missing = missing_parts(name)
    assert not missing, f"game {name!r} lacks:\n  " + "\n  ".join(missing)


def test_the_client_names_no_game_the_engines_do_not_know():
    assert list(CLIENT_GAMES) == list(GAMES)
    assert all(entry.title == GAMES[name].title for name, entry in CLIENT_GAMES.items())


class Fourth(Quando):
    """An engine for a fourth game: Quando's rules under another name."""

    game = "fourth"
    title = "Fourth"


class FourthTable(QuandoTable):
    """A table for the fourth game: Quando's under another name."""

    game = "fourth"


def test_an_engine_alone_is_told_it_lacks_the_kit_and_the_client_entry(monkeypatch):
    monkeypatch.setitem(GAMES, "fourth", Fourth)
    assert missing_parts("fourth") == [
        "game.bots.KITS['fourth']: the bots' kit (heuristic and search model)",
        "game.client.games.CLIENT_GAMES['fourth']: the client's entry",
    ]


def test_an_entry_without_help_keys_table_or_cards_of_its_own_is_told_so(monkeypatch):
    monkeypatch.setitem(GAMES, "fourth", Fourth)
    monkeypatch.setitem(KITS, "fourth", KITS["quando"])
    half = replace(CLIENT_GAMES["quando"], help=(), keys="")
    monkeypatch.setitem(CLIENT_GAMES, "fourth", half)
    where = "game.client.games.CLIENT_GAMES['fourth']"
    assert missing_parts("fourth") == [
        f"{where}.help: empty",
        f"{where}.keys: empty",
        f"{where}.table: a table of its own (its `game` is 'fourth')",
        f"{where}.art: its own cards' look (this one is another game's)",
    ]


def test_borrowed_cards_and_help_and_an_entry_without_an_engine_are_found(monkeypatch):
    monkeypatch.setitem(KITS, "fourth", KITS["quando"])
    borrowed = replace(CLIENT_GAMES["quando"], table=FourthTable)
    monkeypatch.setitem(CLIENT_GAMES, "fourth", borrowed)
    where = "game.client.games.CLIENT_GAMES['fourth']"
    missing = missing_parts("fourth")
    assert missing[:2] == [
        "game.rules.GAMES['fourth']: the engine (a State subclass)",
        f"{where}.art: its own cards' look (this one is another game's)",
    ]
    assert missing[2].startswith(f"{where}.help: rules of its own (not quando.goal, ")
    assert len(missing) == 3
