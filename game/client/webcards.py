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

from game.client import palette
from game.client.cards import BLANCO_SYMBOLS, DECKTET_CARDS, symbol_svg
from game.client.palette import RGB, mix
from game.rules import blanco, decktet

SHIPPED = Path("browser_table") / "cards.json"
"""Where the page's copy lives, from the checkout's root."""


def _hex(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def furniture() -> dict:
    """Everything the page needs to draw a card or the table as the pygame client does."""
    return {
        "table": {
            name.lower(): _hex(getattr(palette, name))
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
            "face": _hex(palette.CARD_FACE),
            "edge": _hex(palette.CARD_EDGE),
            "ink": _hex(palette.CARD_INK),
            "parchment": _hex(palette.PARCHMENT),
        },
        "quando": {
            "numbers": [_hex(c) for c in palette.QUANDO_NUMBER_COLORS],
            "back": _hex(palette.QUANDO_BACK),
            "back_line": _hex(palette.QUANDO_BACK_LINE),
        },
        "blanco": {
            "colours": {
                c: {
                    "rgb": _hex(palette.BLANCO_RGB[c]),
                    "dark": _hex(mix(palette.BLANCO_RGB[c], (0, 0, 0), 0.45)),
                    "symbol": symbol_svg("blanco", c),
                    "shape": BLANCO_SYMBOLS[c],
                }
                for c in blanco.COLOURS
            },
            "back": _hex(palette.BLANCO_BACK),
            "back_edge": _hex(palette.BLANCO_BACK_EDGE),
        },
        "quasenbo": {
            "suits": {
                s: {
                    "rgb": _hex(palette.DECKTET_SUIT_RGB[s]),
                    "detail": _hex(mix(palette.DECKTET_SUIT_RGB[s], (255, 255, 255), 0.6)),
                    "symbol": symbol_svg("quasenbo", s),
                }
                for s in decktet.SUITS
            },
            "cards": {code: [rank, list(suits)] for code, (rank, suits) in DECKTET_CARDS.items()},
            "back": _hex(palette.DECKTET_BACK),
            "back_line": _hex(palette.DECKTET_BACK_LINE),
            "excuse_face": _hex(palette.EXCUSE_FACE),
            "excuse_gold": _hex(palette.EXCUSE_GOLD),
            "crown": symbol_svg("quasenbo", "crown"),
            "star": symbol_svg("quasenbo", "star"),
        },
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
