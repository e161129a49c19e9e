"""Each game step in a player's words, the one source of what the replay viewer's step list,
the analysis marks, the hints and the table's move log say: each event as a short phrase with
the players' names and the cards' names ("Ann draws 6", "Bob plays the Ace of Knots", "Cleo
removes row 2: …"), each action as what its seat does ("plays 3, 3", "knocks") or, for a
hint, as a suggestion to its player ("play 3, 3", "knock")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from game.client.i18n import N_, _, ngettext
from game.replay.text import action_text, event_text
from game.rules import Action, View, decktet

Names = Callable[[int], str]
"""A seat's name, as the table shows it."""


SUIT_NAMES: dict[str, str] = {
    "moons": N_("moons"),
    "suns": N_("suns"),
    "waves": N_("waves"),
    "leaves": N_("leaves"),
    "wyrms": N_("wyrms"),
    "knots": N_("knots"),
}
"""The Decktet's suits (game.rules.decktet.SUITS) in the player's words."""
BLANCO_CARDS: dict[str, str] = {
    # TRANSLATORS: a Blanco card's name, its colour and number (this and the nine after it):
    # order the words and inflect the colour as your players name a card ("il 12 verde",
    # "grüne 12", "12 vert").
    "red": N_("red {number}"),
    "orange": N_("orange {number}"),
    "yellow": N_("yellow {number}"),
    "lime": N_("lime {number}"),
    "green": N_("green {number}"),
    "sky": N_("sky {number}"),
    "navy": N_("navy {number}"),
    "purple": N_("purple {number}"),
    "pink": N_("pink {number}"),
    "brown": N_("brown {number}"),
}
"""Each of Blanco's colours (game.rules.blanco.COLOURS) as the template of its cards' names:
a whole name per colour, so each language orders the words and agrees the colour its own
way."""
ACES: dict[str, str] = {
    # TRANSLATORS: a Decktet ace as the object of a verb ("plays the Ace of Moons"; this and
    # the five after it); a suit inside a card's name is capitalised, as a common noun it is not.
    "moons": N_("the Ace of Moons"),
    "suns": N_("the Ace of Suns"),
    "waves": N_("the Ace of Waves"),
    "leaves": N_("the Ace of Leaves"),
    "wyrms": N_("the Ace of Wyrms"),
    "knots": N_("the Ace of Knots"),
}
"""Each Decktet ace's name in a sentence, whole: the case and article the suit takes after
"Ace of" is each language's own."""
ACE_TITLES: dict[str, str] = {
    # TRANSLATORS: the title printed on a Decktet ace's face, as a name (and the five after).
    "moons": N_("Ace of Moons"),
    "suns": N_("Ace of Suns"),
    "waves": N_("Ace of Waves"),
    "leaves": N_("Ace of Leaves"),
    "wyrms": N_("Ace of Wyrms"),
    "knots": N_("Ace of Knots"),
}
"""Each Decktet ace's title as its face shows it."""


def suit_name(suit: str) -> str:
    """A Decktet suit in the player's words; an unknown word as it is."""
    return _(SUIT_NAMES[suit]) if suit in SUIT_NAMES else suit


def ace_title(suit: str) -> str:
    """The title printed on the ace of `suit` ("Ace of Knots"); an unknown suit as it is."""
    return _(ACE_TITLES[suit]) if suit in ACE_TITLES else suit


def decktet_card(code: object) -> str:
    """A Decktet card (Quäsenbö's) in words, by the Decktet's names ("the Ace of Knots", "the
    Betrayal" – aces, suits and the Excuse translated, the personal names kept in English,
    as the game's players know them)."""
    base = str(code).removesuffix(decktet.SECOND)
    if base.startswith("ace-") and base[4:] in ACES:
        return _(ACES[base[4:]])
    if base == "excuse":
        # TRANSLATORS: a card as the object of a verb ("plays {card}").
        return _("the Excuse")
    # TRANSLATORS: {name} is a Decktet card's own name, kept in English ("Sailor",
    # "Chance Meeting"): no translation of these names is established.
    return _("the {name}").format(name=decktet.name(base).removeprefix("the "))


def blanco_card(code: object) -> str:
    """A Blanco card in words, by its colour's template ("sky:7" → "sky 7", "7 celeste"); a
    code of another shape as it is."""
    text = str(code)
    colour, colon, number = text.partition(":")
    if colon and colour in BLANCO_CARDS:
        return _(BLANCO_CARDS[colour]).format(number=number)
    return text


def _cards(card: Callable[[object], str], codes: Iterable[object]) -> str:
    """Cards in words (a Quando card is its value: `str`), joined by commas."""
    return ", ".join(card(c) for c in codes)


def _where(pos: Sequence[int]) -> str:
    return _("row {row}, column {col}").format(row=pos[0] + 1, col=pos[1] + 1)


def _winners(event: View, name: Names) -> str:
    winners = [name(seat) for seat in event["result"]["winners"]]
    if len(winners) == 1:
        return _("Game over: {name} wins").format(name=winners[0])
    return _("Game over: {names} win").format(names=", ".join(winners))


def dealt_words(first: str, round_number: int | None = None) -> str:
    """A deal in words: who begins, and which round it deals (from 0) in a game played in
    rounds – the move log's first line, and each of Quando's later deals."""
    if round_number is None:
        return _("The cards are dealt, {name} begins").format(name=first)
    return _("Round {round} dealt, {name} begins").format(round=round_number + 1, name=first)


def quando_events(event: View, name: Names) -> str | None:
    """Quando's events in words."""
    kind = event["type"]
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "deal":
        return dealt_words(name(event["first"]), event["round"])
    if kind == "play":
        cards = _cards(str, sorted(event["fronts"]))  # a run reads 1, 2, 3 as picked
        if event["triplet"]:
            return _("{name} plays {cards} – a triplet!").format(name=who, cards=cards)
        return _("{name} plays {cards}").format(name=who, cards=cards)
    if kind == "draw":
        up = event.get("side") == "up"
        if "front" in event:
            if up:
                text = _("{name} draws {card} from the visible side")
            else:
                text = _("{name} draws {card} from the hidden side")
            return text.format(name=who, card=event["front"])
        if up:
            text = _("{name} draws from the visible side: a card with {back} on its back")
        else:
            text = _("{name} draws from the hidden side: a card with {back} on its back")
        return text.format(name=who, back=event["back"])
    if kind == "turn_over":
        return _("The discard pile is turned over into a new draw pile")
    if kind == "flip":
        if "front" in event:
            return _("{name} flips a zero: {card}").format(name=who, card=event["front"])
        return _("{name} flips a zero").format(name=who)
    if kind == "knock":
        return _("{name} knocks").format(name=who)
    if kind == "pass":
        return _("{name} passes").format(name=who)
    if kind == "round_end":
        scores = ", ".join(
            _("{name} {points}").format(name=name(s), points=v)
            for s, v in enumerate(event["scores"])
        )
        return _("Round {round} over: {scores}").format(round=event["round"] + 1, scores=scores)
    return None


def blanco_events(event: View, name: Names) -> str | None:
    """Blanco's events in words."""
    kind = event["type"]
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "reveal":
        return _("{name} turns up {card} at {where}").format(
            name=who, card=blanco_card(event["card"]), where=_where(event["pos"])
        )
    if kind == "peek":
        if "card" in event:
            return _("{name} looks at {where}: {card}").format(
                name=who, where=_where(event["pos"]), card=blanco_card(event["card"])
            )
        return _("{name} looks at {where}").format(name=who, where=_where(event["pos"]))
    if kind == "take":
        return _blanco_take(event, who)
    if kind == "discard":
        return _("{name} discards {card}").format(name=who, card=blanco_card(event["card"]))
    if kind == "place":
        return _("{name} places {card} at {where}, {old} goes to the discard pile").format(
            name=who,
            card=blanco_card(event["card"]),
            where=_where(event["pos"]),
            old=blanco_card(event["replaced"]),
        )
    if kind == "swap":
        return _("{name} swaps {where} and {other}").format(
            name=who, where=_where(event["pos"]), other=_where(event["other"])
        )
    if kind == "eliminate":
        return _blanco_eliminate(event, who)
    if kind == "reshuffle":
        count = event["draw"]["count"]
        return ngettext(
            "The discard pile and the box are shuffled into a new deck of {count} card",
            "The discard pile and the box are shuffled into a new deck of {count} cards",
            count,
        ).format(count=count)
    if kind == "stage":
        return _("{name} reaches stage {stage}: a {rows} × {cols} grid").format(
            name=who, stage=event["stage"], rows=event["rows"], cols=event["cols"]
        )
    if kind == "skip":
        return _("{name} does not look").format(name=who)
    if kind == "keep":
        return _("{name} keeps the card hidden").format(name=who)
    return None


def blanco_seen(event: View, before: View) -> View:
    """A Blanco event completed from the seat's view before it: the card taken from the
    discard pile, which everyone saw on top there and only the taker is sent."""
    if event["type"] == "take" and event["source"] == "discard" and not event.get("card"):
        if before.get("discard"):
            return {**event, "card": before["discard"][-1]}
    return event


def as_sent(event: View, before: View) -> View:
    """An event as it was sent: for a game whose events say all a seat saw of them."""
    return event


def blanco_recalled(events: list[View]) -> list[View]:
    """Blanco's events of a game so far as a seat taken back is sent them, with no view
    between them: each completed by `blanco_seen` from the discard pile's top as the events
    before it built it. Only a card that lay there since the deal stays unnamed."""
    pile: list[str] = []  # the pile's top as far as the events tell, newest last
    out = []
    for event in events:
        out.append(blanco_seen(event, {"discard": pile}))
        kind = event["type"]
        if kind == "take" and event["source"] == "discard" and pile:
            pile.pop()
        elif kind == "discard":
            pile.append(event["card"])
        elif kind == "place":
            pile.append(event["replaced"])
        elif kind == "reshuffle":
            pile = list(event["discard"])
    return out


def as_told(events: list[View]) -> list[View]:
    """Events of a game so far as they were sent: for a game whose events say all a seat
    saw of them."""
    return events


def _blanco_take(event: View, who: str) -> str:
    what = blanco_card(event["card"]) if event.get("card") else None
    if event["source"] == "deck":
        if what is None:
            return _("{name} takes a card from the deck").format(name=who)
        return _("{name} takes {card} from the deck").format(name=who, card=what)
    if what is None:
        return _("{name} takes a card from the discard pile").format(name=who)
    return _("{name} takes {card} from the discard pile").format(name=who, card=what)


def _blanco_eliminate(event: View, who: str) -> str:
    cards = _cards(blanco_card, event["cards"])
    number = event["index"] + 1
    if event["line"] == "row":
        text = _("{name} removes row {number}: {cards}")
    else:
        text = _("{name} removes column {number}: {cards}")
    if event["chain"]:
        text = (
            _("Chain reaction! {name} removes row {number}: {cards}")
            if event["line"] == "row"
            else _("Chain reaction! {name} removes column {number}: {cards}")
        )
    return text.format(name=who, number=number, cards=cards)


def quasenbo_events(event: View, name: Names) -> str | None:
    """Quäsenbö's events in words."""
    kind = event["type"]
    who = name(event["seat"]) if "seat" in event else ""
    if kind == "play":
        what = decktet_card(event["card"])
        run = event.get("run", 0)
        if event.get("suit"):
            if run >= 2:
                return _("{name} plays {card} as {suit}, a run of {run}").format(
                    name=who, card=what, suit=suit_name(event["suit"]), run=run
                )
            return _("{name} plays {card} as {suit}").format(
                name=who, card=what, suit=suit_name(event["suit"])
            )
        if run >= 2:
            return _("{name} plays {card}, a run of {run}").format(name=who, card=what, run=run)
        return _("{name} plays {card}").format(name=who, card=what)
    if kind == "penalty":
        return ngettext(
            "Quäsenbö! {name} draws a penalty card",
            "Quäsenbö! {name} draws {count} penalty cards",
            event["count"],
        ).format(name=who, count=event["count"])
    if kind == "draw":
        drawn = decktet_card(event["card"]) if event.get("card") else None
        if event.get("penalty"):
            # The penalty line before it already says who draws how many: only the card
            # the seat itself sees is news.
            if drawn is None:
                return ""
            return _("{name} draws {card} as a penalty").format(name=who, card=drawn)
        if drawn is None:
            return _("{name} draws a card").format(name=who)
        return _("{name} draws {card}").format(name=who, card=drawn)
    if kind == "reshuffle":
        return ngettext(
            "The row is shuffled into a new draw pile of {count} card",
            "The row is shuffled into a new draw pile of {count} cards",
            event["draw"],
        ).format(count=event["draw"])
    if kind == "pass":
        return _("{name} passes").format(name=who)
    return None


EventWords = Callable[[View, Names], str | None]
"""A game's own events in words (`quando_events` …): None where it has no words for one."""
Completion = Callable[[View, View], View]
"""A game's events completed from the seat's view before them (`blanco_seen`, `as_sent`)."""
Recall = Callable[[list[View]], list[View]]
"""A game's events so far completed from the events alone (`blanco_recalled`, `as_told`)."""


def event_words(words: EventWords, event: View, name: Names) -> str | None:
    """One event as a short phrase (the game's own events worded by its `words`); None for
    `next` (every step ends with it, and the step list already shows who acts next), "" for
    an event a line before already told (a hidden penalty card). An event this module does
    not know is shown as `game.replay.text.event_text` writes it."""
    kind = event["type"]
    if kind == "next":
        return None
    if kind == "draw_skipped":
        count = event.get("count", 1)
        return ngettext(
            "No card left to draw", "No cards left to draw ({count} not drawn)", count
        ).format(count=count)
    if kind == "game_over":
        return _winners(event, name)
    try:
        said = words(event, name)
    except (KeyError, IndexError, TypeError):  # a field missing: show the event as it is
        said = None
    return said if said is not None else event_text(event)


def events_line(words: EventWords, events: Sequence[View], name: Names) -> str:
    """A step's events as one line, phrases joined by " · "."""
    phrases = (event_words(words, event, name) for event in events)
    return " · ".join(p for p in phrases if p)


# -- actions: what a seat does, worded before it is done ---------------------------------------

Say = Callable[[str, str], str]
"""Of an action's two phrases, what a seat does and the same said to its player (both
N_-marked), the one wanted, translated."""


def _does(does: str, do: str) -> str:
    return _(does)


def _do(does: str, do: str) -> str:
    return _(do)


def quando_actions(action: Action, view: View, say: Say) -> str | None:
    """Quando's actions in words."""
    verb = action[0]
    if verb == "play":
        fronts = sorted(view["hands"][view["seat"]]["fronts"][i] for i in action[1])
        cards = _cards(str, fronts)
        if len(fronts) == 3 and len(set(fronts)) == 1:
            return say(N_("plays {cards} – a triplet"), N_("play {cards} – a triplet")).format(
                cards=cards
            )
        return say(N_("plays {cards}"), N_("play {cards}")).format(cards=cards)
    if verb == "draw":
        if action[1] == "up":
            return say(N_("draws from the visible side"), N_("draw from the visible side"))
        return say(N_("draws from the hidden side"), N_("draw from the hidden side"))
    words = {
        "flip": (N_("flips a zero"), N_("flip a zero")),
        "knock": (N_("knocks"), N_("knock")),
        "pass": (N_("passes"), N_("pass")),
    }
    return say(*words[verb]) if verb in words else None


def blanco_actions(action: Action, view: View, say: Say) -> str | None:
    """Blanco's actions in words."""
    verb = action[0]
    hand = view["hands"][view["seat"]]
    if verb == "take":
        if action[1] == "discard" and view["discard"]:
            return say(
                N_("takes {card} from the discard pile"), N_("take {card} from the discard pile")
            ).format(card=blanco_card(view["discard"][-1]))
        return say(N_("takes a card from the deck"), N_("take a card from the deck"))
    if verb == "discard":
        what = blanco_card(hand[action[1]])
        if len(action) == 4:
            return say(
                N_("discards {card} and turns up {where}"), N_("discard {card} and turn up {where}")
            ).format(card=what, where=_where(action[2:]))
        return say(N_("discards {card}"), N_("discard {card}")).format(card=what)
    if verb == "place":
        return say(N_("places {card} at {where}"), N_("place {card} at {where}")).format(
            card=blanco_card(hand[action[1]]), where=_where(action[2:])
        )
    if verb == "swap":
        where, other = _where(action[1:3]), _where(action[3:5])
        if len(action) == 6:
            # The card is named by where it was, as the player picks it, and said to come from
            # there: once exchanged it is turned up at the other place.
            turned = _where(action[1:3] if action[5] == 0 else action[3:5])
            return say(
                N_("swaps {where} and {other}, turning up the card from {turned}"),
                N_("swap {where} and {other}, turning up the card from {turned}"),
            ).format(where=where, other=other, turned=turned)
        return say(N_("swaps {where} and {other}"), N_("swap {where} and {other}")).format(
            where=where, other=other
        )
    if verb == "eliminate":
        if action[1] == "row":
            text = say(N_("removes row {number}"), N_("remove row {number}"))
        else:
            text = say(N_("removes column {number}"), N_("remove column {number}"))
        return text.format(number=action[2] + 1)
    if verb == "reveal":
        if len(action) == 1:
            return say(
                N_("turns the card looked at face up"), N_("turn the card you looked at face up")
            )
        return say(N_("turns up {where}"), N_("turn up {where}")).format(where=_where(action[1:3]))
    if verb == "peek":
        return say(N_("looks at {where}"), N_("look at {where}")).format(where=_where(action[1:3]))
    words = {
        "skip": (N_("does not look"), N_("do not look")),
        "keep": (N_("keeps the card hidden"), N_("keep the card hidden")),
    }
    return say(*words[verb]) if verb in words else None


def quasenbo_actions(action: Action, view: View, say: Say) -> str | None:
    """Quäsenbö's actions in words."""
    verb = action[0]
    if verb == "play":
        what = decktet_card(view["hands"][view["seat"]][action[1]])
        if len(action) == 3:
            return say(N_("plays {card} as {suit}"), N_("play {card} as {suit}")).format(
                card=what, suit=suit_name(action[2])
            )
        return say(N_("plays {card}"), N_("play {card}")).format(card=what)
    words = {
        "draw": (N_("draws a card"), N_("draw a card")),
        "pass": (N_("passes"), N_("pass")),
    }
    return say(*words[verb]) if verb in words else None


ActionWords = Callable[[Action, View, Say], str | None]
"""A game's own actions in words (`quando_actions` …): None where it has no words for one."""


def _worded(actions: ActionWords, action: Action, view: View, say: Say) -> str:
    try:
        words = actions(action, view, say)
    except (KeyError, IndexError, TypeError):  # a shape or an index the view does not fit
        words = None
    return words if words is not None else action_text(action)


def action_words(actions: ActionWords, action: Action, view: View) -> str:
    """What `action` does, as a phrase without its subject ("plays 3, 3", "knocks", "plays
    the Excuse as moons"), worded from `view`: the acting seat's own view before the action
    (its cards named from it). An action this module cannot word – another shape, an index
    the view does not hold – is shown as RULES.md writes it (`action_text`)."""
    return _worded(actions, action, view, _does)


def advice_words(actions: ActionWords, action: Action, view: View) -> str:
    """`action` as a suggestion to the player whose view `view` is ("play 3, 3", "knock",
    "draw from the hidden side"): `action_words`' phrase said to them, with the same
    fallback."""
    return _worded(actions, action, view, _do)
