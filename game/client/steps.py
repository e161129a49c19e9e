"""The replay viewer's step list in words: each step's events as short phrases with the
players' names ("Ann draws 6", "Bob removes row 2: …")."""

from __future__ import annotations

from collections.abc import Callable

from game.replay.text import event_text

Names = Callable[[int], str]
"""A seat's name, as the viewer shows it."""


def card(code: object) -> str:
    """A card code in words: "sky:7" → "sky 7", "chance-meeting" → "chance meeting"."""
    return str(code).replace(":", " ").replace("-", " ").replace("#2", " (2nd)")


def _cards(codes: list) -> str:
    return ", ".join(card(c) for c in codes)


def _where(pos: list[int]) -> str:
    return f"r{pos[0] + 1}c{pos[1] + 1}"


def _winners(event: dict, name: Names) -> str:
    winners = [name(seat) for seat in event["result"]["winners"]]
    return "game over: " + " and ".join(winners) + (" wins" if len(winners) == 1 else " win")


def _quando(event: dict, name: Names) -> str | None:
    kind = event["type"]
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "deal":
        return f"round {event['round'] + 1} dealt, {name(event['first'])} first"
    if kind == "play":
        return f"{who} plays {_cards(event['fronts'])}" + (
            " – triplet!" if event["triplet"] else ""
        )
    if kind == "draw":
        side = "visible" if event.get("side") == "up" else "hidden"
        if "front" in event:
            return f"{who} draws {event['front']} ({side} side)"
        return f"{who} draws a card, back {event['back']} ({side} side)"
    if kind == "turn_over":
        return "the discard is turned over into a new draw pile"
    if kind == "flip":
        return f"{who} flips a zero" + (f": {event['front']}" if "front" in event else "")
    if kind == "knock":
        return f"{who} knocks"
    if kind == "pass":
        return f"{who} passes"
    if kind == "round_end":
        scores = ", ".join(f"{name(s)} {v}" for s, v in enumerate(event["scores"]))
        return f"round {event['round'] + 1} over – {scores}"
    return None


def _blanco(event: dict, name: Names) -> str | None:
    kind = event["type"]
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "reveal":
        return f"{who} turns up {card(event['card'])} at {_where(event['pos'])}"
    if kind == "peek":
        seen = f": {card(event['card'])}" if "card" in event else ""
        return f"{who} looks at {_where(event['pos'])}{seen}"
    if kind == "take":
        what = card(event["card"]) if event.get("card") else "a card"
        source = "the deck" if event["source"] == "deck" else "the discard pile"
        return f"{who} takes {what} from {source}"
    if kind == "discard":
        return f"{who} discards {card(event['card'])}"
    if kind == "place":
        return (
            f"{who} places {card(event['card'])} at {_where(event['pos'])}, "
            f"{card(event['replaced'])} to the discard"
        )
    if kind == "swap":
        return f"{who} swaps {_where(event['pos'])} and {_where(event['other'])}"
    if kind == "eliminate":
        line = "row" if event["line"] == "row" else "column"
        chain = " – chain reaction!" if event["chain"] else ""
        return f"{who} removes {line} {event['index'] + 1}: {_cards(event['cards'])}{chain}"
    if kind == "reshuffle":
        return f"discard and box shuffled into a new deck of {event['draw']['count']}"
    if kind == "stage":
        return f"{who} reaches stage {event['stage']}: a {event['rows']} × {event['cols']} grid"
    if kind == "skip":
        return f"{who} does not look"
    if kind == "keep":
        return f"{who} keeps the card hidden"
    return None


def _quasenbo(event: dict, name: Names) -> str | None:
    kind = event["type"]
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "play":
        named = f" as {event['suit']}" if event.get("suit") else ""
        run = f", a run of {event['run']}" if event.get("run", 0) >= 2 else ""
        return f"{who} plays {card(event['card'])}{named}{run}"
    if kind == "penalty":
        cards = "a penalty card" if event["count"] == 1 else f"{event['count']} penalty cards"
        return f"Quäsenbö! {who} draws {cards}"
    if kind == "draw":
        what = card(event["card"]) if event.get("card") else "a card"
        return f"{who} draws {what}" + (" (penalty)" if event.get("penalty") else "")
    if kind == "reshuffle":
        return f"the row is shuffled into a new draw pile of {event['draw']}"
    if kind == "pass":
        return f"{who} passes"
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
        return "no card left to draw"
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
