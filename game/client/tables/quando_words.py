"""What the Quando table says of the state it shows: the title, each seat's line, the prompt
and why knocking is not possible now – functions of the typed view, no sprites."""

from __future__ import annotations

from collections.abc import Callable

from game.client.i18n import _, ngettext
from game.client.shortcuts import letters
from game.client.tables.chooser import Action
from game.rules.quando import QuandoView


def side(m: QuandoView, seat: int) -> list[int]:
    """The side of the seat's hand the view shows (its fronts to its holder, else backs)."""
    hand = m["hands"][seat]
    return hand["fronts"] if "fronts" in hand else hand["backs"]


def title(m: QuandoView | None) -> str:
    """The top bar: the game, its round and its target."""
    if not m:
        return "Quando"
    target = m["target"]
    words = _("round {n}  ·  the game ends when a total reaches {target}")
    return "Quando  ·  " + words.format(n=m["round"] + 1, target=target)


def seat_detail(m: QuandoView | None, seat: int) -> str:
    """A seat's points and cards."""
    if not m:
        return ""
    points, cards = m["totals"][seat], len(side(m, seat))
    return (
        ngettext("{n} point", "{n} points", points).format(n=points)
        + "  ·  "
        + ngettext("{n} card", "{n} cards", cards).format(n=cards)
    )


def knock_rule(
    m: QuandoView, you: int | None, viewer: int, players: int, name: Callable[[int], str]
) -> str:
    """Why knocking is not possible now, in the rule's words."""
    knocker = m.get("knocker")
    if knocker is not None:
        if knocker == you:
            return _("You have knocked: this is the last round, and you only wait.")
        return _("{name} has already knocked: only one knock per round.").format(name=name(knocker))
    if m.get("phase") != "turn":
        return _("You knock instead of playing, at the start of your turn.")
    played = m.get("plays", [0] * players)[viewer]
    return ngettext(
        "You may knock only after playing cards twice in this round; you have played once.",
        "You may knock only after playing cards twice in this round; you have played "
        "{count} times.",
        played,
    ).format(count=played)


def prompt(
    m: QuandoView,
    you: int | None,
    name: Callable[[int], str],
    legal: list[Action] | None,
    chosen: list[int],
    active: bool,
) -> str:
    """What the viewer should do now (`legal`: its actions, `chosen`: the hand cards chosen
    so far, `active`: it may decide now), or what another seat is doing."""
    seat, phase = m["to_move"], m["phase"]
    if seat is None:
        return ""
    knocker = m.get("knocker")
    last = ""
    if knocker is not None:
        # The turns left after a knock, not the game's last round.
        last = (
            _(" – you knocked: the last turns")
            if knocker == you
            else _(" – {name} knocked: the last turns").format(name=name(knocker))
        )
    if seat == you:
        return _own_turn(m, seat, legal, chosen, active, last)
    if phase == "draw":
        return _("{name} draws…").format(name=name(seat)) + last
    if phase == "penalty":
        return _("{name} pays the triplet penalty…").format(name=name(seat))
    return _("{name} is playing…").format(name=name(seat)) + last


def _own_turn(
    m: QuandoView, seat: int, legal: list[Action] | None, chosen: list[int], active: bool, last: str
) -> str:
    """The prompt on the viewer's own turn."""
    phase = m["phase"]
    if phase == "draw":
        return _("Draw a card: the visible side ({up}) or the hidden side ({down})").format(
            **letters()
        )
    if phase == "penalty":
        # From the hand, not the legal actions: those of the step before may still be held.
        if 0 in side(m, seat):
            return _("Triplet penalty: click one of your zeros to flip it")
        return _("Triplet penalty: draw a card – visible ({up}) or hidden ({down})").format(
            **letters()
        )
    picked = set(chosen)
    if picked and any(a[0] == "play" and set(a[1]) == picked for a in legal or []):
        values = ", ".join(str(v) for v in sorted(side(m, seat)[i] for i in picked))
        if any(a[0] == "play" and set(a[1]) > picked for a in legal or []):
            return _("Play {values}? Press Play (Enter) – or add cards").format(values=values)
        return _("Play {values}? Press Play (Enter)").format(values=values)
    extra = []
    # Only what can still be chosen: right after a knock is sent, not the knock again.
    choices = legal if active else []
    if any(a[0] == "knock" for a in choices or []):
        extra.append(_("knock ({knock})").format(**letters()))
    if any(a[0] == "pass" for a in choices or []):
        extra.append(_("pass ({pass})").format(**letters()))
    more = _(" – or {choices}").format(choices=_(" or ").join(extra)) if extra else ""
    return _("Your turn: choose cards to play") + more + last
