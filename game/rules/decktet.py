"""The Decktet: every card's code, rank and suits, in the canonical order of RULES.md."""

from __future__ import annotations

from typing import Literal, NamedTuple

Suit = Literal["moons", "suns", "waves", "leaves", "wyrms", "knots"]
SUITS: tuple[Suit, ...] = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
"""The six suits, in docs/rules.md's order (the order the Excuse's suit choices are listed in)."""

ACE, CROWN, PAWN, COURT = 1, 10, 11, 12
"""Ranks are ints: Ace 1, the numbers 2–9, Crown 10; Pawn and Court are ranks of their own.
The Excuse's rank is None."""

SECOND = "#2"
"""Appended to a card's code for its second copy in a double deck."""


class Card(NamedTuple):
    """One Decktet card: its code, its rank (None for the Excuse) and its suits (in the
    order RULES.md's table names them; none for the Excuse)."""

    code: str
    rank: int | None
    suits: tuple[str, ...]


def _cards(rank: int, spec: str) -> list[Card]:
    """The cards of one table row: `spec` is "code:suit+suit code:suit ..."."""
    out = []
    for item in spec.split():
        code, suits = item.split(":")
        out.append(Card(code, rank, tuple(suits.split("+"))))
    return out


BASIC: tuple[Card, ...] = tuple(
    [Card(f"ace-{suit}", ACE, (suit,)) for suit in SUITS]
    + _cards(2, "author:moons+knots desert:suns+wyrms origin:waves+leaves")
    + _cards(3, "journey:moons+waves painter:suns+knots savage:leaves+wyrms")
    + _cards(4, "battle:wyrms+knots mountain:moons+suns sailor:waves+leaves")
    + _cards(5, "discovery:suns+waves forest:moons+leaves soldier:wyrms+knots")
    + _cards(6, "lunatic:moons+waves market:leaves+knots penitent:suns+wyrms")
    + _cards(7, "castle:suns+knots cave:waves+wyrms chance-meeting:moons+leaves")
    + _cards(8, "betrayal:wyrms+knots diplomat:moons+suns mill:waves+leaves")
    + _cards(9, "darkness:waves+wyrms merchant:leaves+knots pact:moons+suns")
    + _cards(CROWN, "huntress:moons bard:suns sea:waves end:leaves calamity:wyrms windfall:knots")
)
"""The 36 cards of the basic deck: the Aces, the numbers 2–9 and the Crowns."""

PAWNS: tuple[Card, ...] = tuple(
    _cards(
        PAWN,
        "watchman:moons+wyrms+knots "
        "light-keeper:suns+waves+knots "
        "borderland:waves+leaves+wyrms "
        "harvest:moons+suns+leaves",
    )
)
"""The four Pawns of the extended deck."""

COURTS: tuple[Card, ...] = tuple(
    _cards(
        COURT,
        "consul:moons+waves+knots "
        "rite:moons+leaves+wyrms "
        "island:suns+waves+wyrms "
        "window:suns+leaves+knots",
    )
)
"""The four Courts of the extended deck."""

EXCUSE = Card("excuse", None, ())
"""The Excuse: no rank, no suit."""

FIRST_COPIES: tuple[Card, ...] = BASIC + PAWNS + COURTS + (EXCUSE,)
"""One copy of every card, in the canonical order (RULES.md's table, top to bottom, left
to right)."""

ALL: tuple[Card, ...] = FIRST_COPIES + tuple(
    Card(card.code + SECOND, card.rank, card.suits) for card in FIRST_COPIES
)
"""Every card any deck can hold: the first copies, then the second copies in the same order."""


def name(code: str) -> str:
    """A card's name in words, e.g. "the Chance Meeting", "the Ace of Moons" (a second copy
    is named like the first). Raises nothing: any code gets a name."""
    code = code.removesuffix(SECOND)
    if code.startswith("ace-"):
        return f"the Ace of {code[4:].capitalize()}"
    return "the " + " ".join(word.capitalize() for word in code.split("-"))


def deck(
    excuse: bool = False, pawns: bool = False, courts: bool = False, double: bool = False
) -> list[Card]:
    """The cards of the deck these options give, in canonical order: the basic deck, then
    the Pawns, the Courts and the Excuse if chosen; with `double`, the same again with `#2`
    codes (the second deck after the first). Raises nothing."""
    first = list(BASIC)
    if pawns:
        first += PAWNS
    if courts:
        first += COURTS
    if excuse:
        first.append(EXCUSE)
    if double:
        first += [Card(card.code + SECOND, card.rank, card.suits) for card in first]
    return first


__all__ = [
    "ACE",
    "ALL",
    "BASIC",
    "COURT",
    "COURTS",
    "CROWN",
    "Card",
    "EXCUSE",
    "FIRST_COPIES",
    "PAWN",
    "PAWNS",
    "SECOND",
    "SUITS",
    "Suit",
    "deck",
    "name",
]
