"""What the Blanco table says of the state it shows: the title, each seat's line, the prompt
and why a click leads nowhere – functions of the typed view, no sprites."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.client.i18n import _, number
from game.client.shortcuts import letters
from game.client.tables.chooser import Token
from game.rules.blanco import BlancoView


def title(m: BlancoView | None) -> str:
    """The top bar: the game and its turn."""
    if not m:
        return "Blanco"
    # The turn under way; once the last is over (the limit reached), the last.
    return "Blanco  ·  " + _("turn {n} of at most {total}").format(
        n=number(min(m["turns"] + 1, m["max_turns"])), total=number(m["max_turns"])
    )


def seat_detail(m: BlancoView | None, seat: int) -> str:
    """A seat's stage and cards."""
    if not m:
        return ""
    g = m["grids"][seat]
    left = g["rows"] * g["cols"]
    return _("stage {stage}  ·  {grid} in grid  ·  {hand} in hand").format(
        stage=g["stage"], grid=left, hand=len(m["hands"][seat])
    )


def prompt(
    m: BlancoView | None, you: int | None, prefix: Sequence[Token], name: Callable[[int], str]
) -> str:
    """What the viewer should do now (`prefix`: the clicks so far), or what another seat
    (named by `name`) is doing."""
    if not m or m.get("result") or m["to_move"] is None:
        return ""
    seat, phase = m["to_move"], m["phase"]
    if seat != you:
        return {
            "reveal": _("{name} turns a card face up…"),
            "peek": _("{name} looks at a card…"),
            "play": _("{name} places or discards a card…"),
            "eliminate": _("{name} chooses a line to remove…"),
            "reward": _("{name} may look at a card…"),
            "chain": _("{name} decides on the card after a chain reaction…"),
        }.get(phase, _("{name} is playing…")).format(name=name(seat))
    setup = m["turns"] == 0 and all(len(h) == 2 for h in m["hands"]) and phase in ("reveal", "peek")
    if phase == "reveal":
        if setup:
            return _("Setup: click one of your face-down cards to turn it face up")
        return _("Click one of your face-down cards to turn it face up")
    if phase == "peek":
        if setup:
            return _("Setup: click a face-down card to look at it in secret")
        return _("New grid: click a face-down card to look at it in secret")
    return _own_turn(phase, prefix)


def _own_turn(phase: str, prefix: Sequence[Token]) -> str:
    """The prompt on the viewer's own turn, past the setup's."""
    if phase == "turn":
        if len(prefix) == 2:
            # The card chosen turns up where the other was: the swap is made first.
            return _(
                "Both are face down: click the card to turn face up – it lands in the other's place"
            )
        if prefix:
            return _("Swap: click a neighbouring card (Esc to start over)")
        return _(
            "Your turn: take a card from the Deck ({deck}) or the Discard pile ({discard})"
            " – or click two neighbours to swap"
        ).format(**letters())
    if phase == "play":
        if len(prefix) == 2:
            return _("Now click a face-down card of your grid to turn it face up")
        if prefix:
            return _("Click a grid place to put it there – or the discard pile to discard it")
        return _("You hold three cards: click the one to place or discard")
    if phase == "eliminate":
        return _("Several lines are complete: choose which to remove first")
    if phase == "reward":
        return _("Reward: click a face-down card to look at it – or Skip ({skip})").format(
            **letters()
        )
    if phase == "chain":
        return _(
            "Chain reaction! Turn the card you looked at face up ({reveal}) – or keep "
            "it hidden ({keep})"
        ).format(**letters())
    return ""


def explain(m: BlancoView | None, prefix: Sequence[Token], token: Token) -> str | None:
    """Why a click on `token` leads to no action (None: the table's general words)."""
    phase = m.get("phase") if m else None
    if token[0] == "pile":
        if phase == "play":
            return _("You have taken a card: place it in your grid or discard it.")
        if phase in ("reveal", "peek"):
            return _("First turn up or look at a face-down card of your grid.")
        if phase in ("eliminate", "reward", "chain"):
            return _("First finish the removed line: its reward comes before a new card.")
        if token[1] == "discard" and not (m and m.get("discard")):
            return _("The discard pile is empty: take from the deck.")
    if token[0] == "cell" and phase in ("reveal", "peek", "reward"):
        return _("Choose one of your face-down cards.")
    if token[0] == "cell" and prefix and prefix[0][0] == "cell":
        return _("Only two neighbouring cards can swap (Esc to start over).")
    if token[0] == "cell" and phase == "play" and not prefix:
        return _("First click the hand card to place or discard.")
    return None
