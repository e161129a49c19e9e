"""What the Quäsenbö table says of the state it shows: the title, each seat's line and the
prompt – functions of the typed view, no sprites."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.client.i18n import _, ngettext
from game.client.shortcuts import letters
from game.client.tables.chooser import Action, Token
from game.rules.quasenbo import QuasenboView


def title(m: QuasenboView | None) -> str:
    """The top bar: the game, the cards left to draw and those played."""
    if not m:
        return "Quäsenbö"
    count = m["draw"]["count"]
    played = len(m["row"])
    return "Quäsenbö  ·  " + _("{draw} to draw  ·  {played}").format(
        draw=ngettext("{n} card", "{n} cards", count).format(n=count),
        # TRANSLATORS: the cards played in the row so far.
        played=ngettext("{n} played", "{n} played", played).format(n=played),
    )


def seat_detail(m: QuasenboView | None, seat: int) -> str:
    """A seat's cards in hand."""
    if not m:
        return ""
    n = m["hand_sizes"][seat]
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def prompt(
    m: QuasenboView | None,
    you: int | None,
    name: Callable[[int], str],
    legal: list[Action] | None,
    prefix: Sequence[Token],
) -> str:
    """What the viewer should do now (`legal`: its actions, `prefix`: the clicks so far), or
    who is playing."""
    if not m or m.get("result") or m["to_move"] is None:
        return ""
    seat = m["to_move"]
    if seat != you:
        return _("{name} is playing…").format(name=name(seat))
    if prefix:
        return _("The Excuse: choose the suit it stands for")
    verbs = {a[0] for a in legal or []}
    if "play" in verbs:
        return _("Your turn: play a card that shares a suit or the rank with the last card")
    if "draw" in verbs:
        return _("No card of yours matches: draw ({draw}) until one does").format(**letters())
    if "pass" in verbs:
        return _("Nothing matches and nothing is left to draw: pass ({pass})").format(**letters())
    return _("Your turn")
