"""The browser table's card furniture, made from the pygame table's own: its palette, the
symbols of cards.py as SVG and the Decktet's ranks and suits, written to
browser_table/cards.json so that the page draws cards in the same colours, shapes and names.

    python -m game.client.webcards [FILE]     # (re)write it; tests/client/test_webcards.py
                                              # fails when the shipped file is out of date
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from game.client import palette
from game.client.cards import hex_colour
from game.client.games import CLIENT_GAMES

SHIPPED = Path("browser_table") / "cards.json"
"""Where the page's copy lives, from the checkout's root."""


def furniture() -> dict[str, Any]:
    """Everything the page needs to draw a card or the table as the pygame client does: the
    table's and the cards' colours, then each game's own (its art's `web`)."""
    return {
        "table": {
            name.lower(): hex_colour(getattr(palette, name))
            for name in (
                "FELT",
                "FELT_DARK",
                "PANEL",
                "PANEL_EDGE",
                "TEXT",
                "TEXT_DIM",
                "TEXT_DARK",
                "ACCENT",
                "DANGER",
                "RECENT",
                "HIGHLIGHT_LEGAL",
                "HIGHLIGHT_SELECTED",
            )
        },
        "card": {
            "face": hex_colour(palette.CARD_FACE),
            "edge": hex_colour(palette.CARD_EDGE),
            "ink": hex_colour(palette.CARD_INK),
            "parchment": hex_colour(palette.PARCHMENT),
        },
        **{name: entry.art.web() for name, entry in CLIENT_GAMES.items()},
    }


def text() -> str:
    """cards.json as it must be shipped."""
    return json.dumps(furniture(), indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m game.client.webcards", description="Write the browser table's cards.json."
    )
    parser.add_argument("file", nargs="?", type=Path, default=SHIPPED)
    args = parser.parse_args(argv)
    args.file.write_text(text(), encoding="utf-8")
    print(f"wrote {args.file}")


if __name__ == "__main__":
    main()
