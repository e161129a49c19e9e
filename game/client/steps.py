"""The replay viewer's step list in words: each step's events as short phrases with the
players' names ("Ann draws 6", "Bob removes row 2: …")."""

from __future__ import annotations

from collections.abc import Callable

from game.client.i18n import N_, _, ngettext
from game.replay.text import event_text
from game.rules.decktet import SECOND

Names = Callable[[int], str]
"""A seat's name, as the viewer shows it."""


SUIT_NAMES: dict[str, str] = {
    "moons": N_("moons"), "suns": N_("suns"), "waves": N_("waves"), "leaves": N_("leaves"),
    "wyrms": N_("wyrms"), "knots": N_("knots"),
}
"""The Decktet's suits (game.rules.decktet.SUITS) in the player's words."""
COLOUR_NAMES: dict[str, str] = {
    "red": N_("red"), "orange": N_("orange"), "yellow": N_("yellow"), "lime": N_("lime"),
    "green": N_("green"), "sky": N_("sky"), "navy": N_("navy"), "purple": N_("purple"),
    "pink": N_("pink"), "brown": N_("brown"),
}
"""Blanco's colours (game.rules.blanco.COLOURS) in the player's words."""


def suit_name(suit: str) -> str:
    """A Decktet suit in the player's words; an unknown word as it is."""
    return _(SUIT_NAMES[suit]) if suit in SUIT_NAMES else suit


def card(code: object) -> str:
    """A card code in words: "sky:7" → "sky 7", "ace-moons" → "ace of moons", "excuse" →
    "Excuse", "chance-meeting" → "chance meeting" – colours, suits, aces and the Excuse
    translated, the Decktet's personal names (the Sailor, the Journey…) kept in English, as
    the game's players know them."""
    text = str(code)
    base = text.removesuffix(SECOND)
    colour, colon, number = base.partition(":")
    if colon:
        words = f"{_(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour} {number}"
    elif base.startswith("ace-"):
        words = _("ace of {suit}").format(suit=suit_name(base[4:]))
    elif base == "excuse":
        words = _("Excuse")
    else:
        words = base.replace("-", " ")
    return words + _(" (2nd)") if text.endswith(SECOND) else words


def _cards(codes: list) -> str:
    return ", ".join(card(c) for c in codes)


def _where(pos: list[int]) -> str:
    return _("r{row}c{column}").format(row=pos[0] + 1, column=pos[1] + 1)


def _winners(event: dict, name: Names) -> str:
    winners = [name(seat) for seat in event["result"]["winners"]]
    return ngettext("game over: {names} wins", "game over: {names} win", len(winners)).format(
        names=_(" and ").join(winners))


def _quando(event: dict, name: Names) -> str | None:
    kind = event["type"]
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "deal":
        return _("round {n} dealt, {name} first").format(n=event["round"] + 1,
                                                         name=name(event["first"]))
    if kind == "play":
        words = _("{name} plays {cards} – triplet!") if event["triplet"] else _(
            "{name} plays {cards}")
        return words.format(name=who, cards=_cards(event["fronts"]))
    if kind == "draw":
        up = event.get("side") == "up"
        if "front" in event:
            words = _("{name} draws {n} (visible side)") if up else _(
                "{name} draws {n} (hidden side)")
            return words.format(name=who, n=event["front"])
        words = _("{name} draws a card, back {n} (visible side)") if up else _(
            "{name} draws a card, back {n} (hidden side)")
        return words.format(name=who, n=event["back"])
    if kind == "turn_over":
        return _("the discard is turned over into a new draw pile")
    if kind == "flip":
        if "front" in event:
            return _("{name} flips a zero: {n}").format(name=who, n=event["front"])
        return _("{name} flips a zero").format(name=who)
    if kind == "knock":
        return _("{name} knocks").format(name=who)
    if kind == "pass":
        return _("{name} passes").format(name=who)
    if kind == "round_end":
        scores = ", ".join(f"{name(s)} {v}" for s, v in enumerate(event["scores"]))
        return _("round {n} over – {scores}").format(n=event["round"] + 1, scores=scores)
    return None


def _blanco(event: dict, name: Names) -> str | None:
    kind = event["type"]
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "reveal":
        return _("{name} turns up {card} at {where}").format(
            name=who, card=card(event["card"]), where=_where(event["pos"]))
    if kind == "peek":
        if "card" in event:
            return _("{name} looks at {where}: {card}").format(
                name=who, where=_where(event["pos"]), card=card(event["card"]))
        return _("{name} looks at {where}").format(name=who, where=_where(event["pos"]))
    if kind == "take":
        deck = event["source"] == "deck"
        if event.get("card"):
            words = _("{name} takes {card} from the deck") if deck else _(
                "{name} takes {card} from the discard pile")
        else:
            words = _("{name} takes a card from the deck") if deck else _(
                "{name} takes a card from the discard pile")
        return words.format(name=who, card=card(event.get("card")))
    if kind == "discard":
        return _("{name} discards {card}").format(name=who, card=card(event["card"]))
    if kind == "place":
        return _("{name} places {card} at {where}, {old} to the discard").format(
            name=who, card=card(event["card"]), where=_where(event["pos"]),
            old=card(event["replaced"]))
    if kind == "swap":
        return _("{name} swaps {a} and {b}").format(
            name=who, a=_where(event["pos"]), b=_where(event["other"]))
    if kind == "eliminate":
        row = event["line"] == "row"
        if event["chain"]:
            words = _("{name} removes row {n}: {cards} – chain reaction!") if row else _(
                "{name} removes column {n}: {cards} – chain reaction!")
        else:
            words = _("{name} removes row {n}: {cards}") if row else _(
                "{name} removes column {n}: {cards}")
        return words.format(name=who, n=event["index"] + 1, cards=_cards(event["cards"]))
    if kind == "reshuffle":
        return _("discard and box shuffled into a new deck of {n}").format(
            n=event["draw"]["count"])
    if kind == "stage":
        return _("{name} reaches stage {stage}: a {rows} × {cols} grid").format(
            name=who, stage=event["stage"], rows=event["rows"], cols=event["cols"])
    if kind == "skip":
        return _("{name} does not look").format(name=who)
    if kind == "keep":
        return _("{name} keeps the card hidden").format(name=who)
    return None


def _quasenbo(event: dict, name: Names) -> str | None:
    kind = event["type"]
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "play":
        words = _("{name} plays {card}").format(name=who, card=card(event["card"]))
        if event.get("suit"):
            words += " " + _("as {suit}").format(suit=suit_name(event["suit"]))
        if event.get("run", 0) >= 2:
            words += ", " + _("a run of {n}").format(n=event["run"])
        return words
    if kind == "penalty":
        return ngettext("Quäsenbö! {name} draws {n} penalty card",
                        "Quäsenbö! {name} draws {n} penalty cards", event["count"]).format(
            name=who, n=event["count"])
    if kind == "draw":
        if event.get("card"):
            words = _("{name} draws {card}").format(name=who, card=card(event["card"]))
        else:
            words = _("{name} draws a card").format(name=who)
        return words + _(" (penalty)") if event.get("penalty") else words
    if kind == "reshuffle":
        return _("the row is shuffled into a new draw pile of {n}").format(n=event["draw"])
    if kind == "pass":
        return _("{name} passes").format(name=who)
    return None


WORDS = {"quando": _quando, "blanco": _blanco, "quasenbo": _quasenbo}


def event_words(game: str, event: dict, name: Names) -> str | None:
    """One event as a short phrase; None for `next` (every step ends with it, and the step
    list already shows who acts next). An event this module does not know is shown as
    `game.replay.text.event_text` writes it."""
    kind = event["type"]
    if kind == "next":
        return None
    if kind == "draw_skipped":
        return _("no card left to draw")
    if kind == "game_over":
        return _winners(event, name)
    try:
        words = WORDS[game](event, name)
    except (KeyError, IndexError, TypeError):  # a field missing: show the event as it is
        words = None
    return words if words is not None else event_text(event)


def events_line(game: str, events: list[dict], name: Names) -> str:
    """A step's events as one line, phrases joined by " · "."""
    phrases = (event_words(game, event, name) for event in events)
    return " · ".join(p for p in phrases if p)
