"""The browser table's card furniture is the pygame table's: the shipped cards.json is what
game.client.webcards makes from the palette and the card symbols today."""

from __future__ import annotations

from importlib.resources import files

from game.client import webcards


def test_the_shipped_cards_json_is_up_to_date():
    shipped = files("game.browser_table").joinpath("cards.json").read_text(encoding="utf-8")
    assert shipped == webcards.text(), "run: python -m game.client.webcards"
