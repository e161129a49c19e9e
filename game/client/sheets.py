"""Every game's contact sheets, a visual check: `python -m game.client.sheets --out DIR`."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from game.client.cards import write_sheets
from game.client.games import CLIENT_GAMES


def main(argv: Sequence[str] | None = None) -> None:
    """Write each game's contact sheets (game.client.cards.contact_sheet) into --out."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True, help="directory for the PNG contact sheets")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    for name, entry in CLIENT_GAMES.items():
        for path in write_sheets(name, entry.art, args.out):
            print(path)


if __name__ == "__main__":
    main()
