"""What the conformance suite must know of each game – player counts, options to try, where
cards lie in a snapshot, what a seat sees – written from RULES.md, not read off the engines
(only the Decktet's card list is shared; test_quasenbo checks it against RULES.md)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import strategies as st

from game.rules import decktet


@dataclass(frozen=True)
class Spec:
    min_players: int
    max_players: int
    options: Callable[[int], st.SearchStrategy]
    all_cards: Callable[[dict], Counter]
    cards: Callable[[dict], list]
    hide: Callable[[dict, int | None, random.Random], dict]


# -- Quando ----------------------------------------------------------------------------------


def _pair(code: str) -> tuple[int, int]:
    a, b = map(int, code.split("/"))
    return min(a, b), max(a, b)


def quando_cards(snapshot: dict) -> list:
    places = snapshot["draw"] + snapshot["discard"] + [c for h in snapshot["hands"] for c in h]
    return [_pair(c) for c in places]


def quando_hide(snapshot: dict, seat: int | None, rng: random.Random) -> dict:
    """Shuffle every side `seat` cannot see. A card shows `seat` one side or none: cards with
    the same shown side swap their hidden sides (the set of pairs stays the same); cards with
    no side shown (the draw pile under its top) are shuffled and turned at will."""
    snap = {
        **snapshot,
        "hands": [list(h) for h in snapshot["hands"]],
        "draw": list(snapshot["draw"]),
        "discard": list(snapshot["discard"]),
    }
    slots = []  # (place, index, side shown to seat: 0 first / 1 second / None)
    for s, hand in enumerate(snap["hands"]):  # hand cards are "front/back"
        slots += [(("hands", s), i, 0 if s == seat else 1) for i in range(len(hand))]
    slots += [(("discard",), i, 0) for i in range(len(snap["discard"]))]
    draw = snap["draw"]  # top first; only the top card's up side shows
    slots += [(("draw",), i, 0 if i == 0 else None) for i in range(len(draw))]

    def place(key):
        return snap[key[0]][key[1]] if len(key) == 2 else snap[key[0]]

    by_shown: dict[int, list] = {}
    blind = []
    for key, i, side in slots:
        sides = place(key)[i].split("/")
        if side is None:
            blind.append((key, i))
        else:
            by_shown.setdefault(int(sides[side]), []).append((key, i, side))
    for group in by_shown.values():
        hidden = [place(k)[i].split("/")[1 - side] for k, i, side in group]
        rng.shuffle(hidden)
        for (k, i, side), h in zip(group, hidden):
            shown = place(k)[i].split("/")[side]
            place(k)[i] = f"{shown}/{h}" if side == 0 else f"{h}/{shown}"
    cards = [place(k)[i] for k, i in blind]
    rng.shuffle(cards)
    for (k, i), c in zip(blind, cards):
        a, b = c.split("/")
        place(k)[i] = f"{b}/{a}" if rng.random() < 0.5 else c
    return snap


# -- Blanco ---------------------------------------------------------------------------------

COLOURS = ("red", "orange", "yellow", "lime", "green", "sky", "navy", "purple", "pink", "brown")


def blanco_cards(snapshot: dict) -> list:
    return (
        snapshot["draw"]
        + snapshot["discard"]
        + snapshot["box"]
        + [c for h in snapshot["hands"] for c in h]
        + [c for g in snapshot["grids"] for c in g["cards"]]
    )


def blanco_hide(snapshot: dict, seat: int | None, rng: random.Random) -> dict:
    """Shuffle every card `seat` cannot see among their places: the draw pile, the other
    hands, and face-down grid cards (except those `seat` itself peeked at)."""
    snap = {
        **snapshot,
        "draw": list(snapshot["draw"]),
        "hands": [list(h) for h in snapshot["hands"]],
        "grids": [{**g, "cards": list(g["cards"])} for g in snapshot["grids"]],
    }
    slots = [(snap["draw"], i) for i in range(len(snap["draw"]))]
    for s, hand in enumerate(snap["hands"]):
        if s != seat:
            slots += [(hand, i) for i in range(len(hand))]
    for s, grid in enumerate(snap["grids"]):
        slots += [
            (grid["cards"], i)
            for i in range(len(grid["cards"]))
            if not grid["up"][i] and not (s == seat and grid["known"][i])
        ]
    cards = [place[i] for place, i in slots]
    rng.shuffle(cards)
    for (place, i), card in zip(slots, cards):
        place[i] = card
    return snap


# -- Quäsenbö -------------------------------------------------------------------------------

DECK_OPTIONS = ("excuse", "pawns", "courts", "double")


def quasenbo_deck(options: dict) -> list:
    return decktet.deck(*(options.get(k, False) for k in DECK_OPTIONS))


def quasenbo_options(players: int) -> st.SearchStrategy:
    flags = {k: st.booleans() for k in (*DECK_OPTIONS, "double_quasenbo")}
    return st.fixed_dictionaries({}, optional={**flags, "hand_size": st.integers(1, 20)}).filter(
        lambda o: players * o.get("hand_size", 7) + 1 <= len(quasenbo_deck(o))
    )


def quasenbo_hide(snapshot: dict, seat: int | None, rng: random.Random) -> dict:
    """Shuffle the draw pile and every other seat's hand among their places."""
    snap = {
        **snapshot,
        "hands": [list(h) for h in snapshot["hands"]],
        "draw": list(snapshot["draw"]),
    }
    pool = snap["draw"] + [c for i, h in enumerate(snap["hands"]) if i != seat for c in h]
    rng.shuffle(pool)
    cards = iter(pool)
    snap["draw"] = [next(cards) for _ in snap["draw"]]
    for i, hand in enumerate(snap["hands"]):
        if i != seat:
            snap["hands"][i] = [next(cards) for _ in hand]
    return snap


SPECS: dict[str, Spec] = {
    "quando": Spec(
        2,
        6,
        lambda players: st.fixed_dictionaries({}, optional={"target": st.integers(20, 80)}),
        lambda options: Counter((a, b) for a in range(11) for b in range(a + 1, 11)),
        quando_cards,
        quando_hide,
    ),
    "blanco": Spec(
        2,
        5,
        # Random play rarely empties a grid: short turn limits keep the games short.
        lambda players: st.fixed_dictionaries({"max_turns": st.integers(20, 250)}),
        lambda options: Counter(f"{c}:{n}" for c in COLOURS for n in range(1, 13)),
        blanco_cards,
        blanco_hide,
    ),
    "quasenbo": Spec(
        2,
        8,
        quasenbo_options,
        lambda options: Counter(card.code for card in quasenbo_deck(options)),
        lambda snap: snap["draw"] + snap["row"] + [c for h in snap["hands"] for c in h],
        quasenbo_hide,
    ),
}
