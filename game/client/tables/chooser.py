"""Clicks to actions with no rules of their own: a table says which click sequences (and which
sets of clicks) mean each legal action, and the chooser follows the player's clicks along
them until exactly one action is meant."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from game.client.i18n import _

Token = tuple[Any, ...]
"""What a click on something means to a table: ("hand", 2), ("cell", 0, 1), ("btn", "knock")…"""
Action = list[Any]
"""A legal action as the server lists it: its verb, then its arguments."""


class Pick(NamedTuple):
    """An action chosen as a set of clicks in any order (e.g. Quando's cards of one play),
    then confirmed by one more click."""

    tokens: frozenset[Token]
    confirm: Token


Sequences = Callable[[Action], list[tuple[Token, ...]]]
Picks = Callable[[Action], Pick | None]


class Chooser:
    """The player's clicks towards one of the legal actions.

    `sequences(action)` gives the ordered click sequences that mean `action`; `picks(action)`
    the set of clicks (any order, then a confirming click) that means it, or None. A click
    either continues a sequence (`prefix`) or adds to a set (`chosen`), never both at once.
    """

    def __init__(self, sequences: Sequences, picks: Picks) -> None:
        self.sequences = sequences
        self.picks = picks
        self.legal: list[Action] | None = None
        """The seat's legal actions now (None: it has no decision)."""
        self.prefix: list[Token] = []
        self.chosen: set[Token] = set()
        self.waiting = False
        """An action was sent and the server's answer has not come yet."""

    @property
    def pending(self) -> bool:
        """Part of an action is chosen (Esc or a right click clears it)."""
        return bool(self.prefix or self.chosen)

    def offer(self, legal: list[Action] | None) -> None:
        """A new decision (or none): what was chosen towards the last one is forgotten."""
        self.legal = legal
        self.waiting = False
        self.clear()

    def clear(self) -> bool:
        """Forget the clicks so far; returns whether there were any."""
        had = self.pending
        self.prefix, self.chosen = [], set()
        return had

    def sent(self) -> None:
        """An action went to the server: wait for its answer."""
        self.waiting = True
        self.clear()

    def refused(self) -> None:
        """The server refused the action sent: choose again."""
        self.waiting = False
        self.clear()

    def _picks(self) -> list[tuple[Pick, Action]]:
        out = []
        for action in self.legal or []:
            pick = self.picks(action)
            if pick is not None:
                out.append((pick, action))
        return out

    def candidates(self) -> dict[Token, list[Action]]:
        """Each token that continues the clicks so far towards a legal action, with the
        actions it leads to."""
        out: dict[Token, list[Action]] = {}
        if not self.chosen:
            n = len(self.prefix)
            prefix = tuple(self.prefix)
            for action in self.legal or []:
                for seq in self.sequences(action):
                    if len(seq) > n and seq[:n] == prefix:
                        out.setdefault(seq[n], []).append(action)
        if not self.prefix:
            for pick, action in self._picks():
                if self.chosen <= pick.tokens:
                    for token in pick.tokens - self.chosen:
                        out.setdefault(token, []).append(action)
                    if self.chosen == pick.tokens:
                        out[pick.confirm] = [action]
        return out

    def selected(self) -> set[Token]:
        """The tokens clicked so far."""
        return set(self.prefix) | self.chosen

    def choose(self, token: Token) -> tuple[str, Action | None]:
        """Follow one click. Returns ("send", action) when it completes exactly one action,
        ("more", None) for a step towards one, ("back", None) for a step undone (the last
        click clicked again), ("refused", None) for a click added to a set that then makes no
        action, and ("nowhere", None) for a click that leads to no action."""
        if token in self.chosen:
            self.chosen.discard(token)
            return "back", None
        if not self.prefix:
            picks = self._picks()
            for pick, action in picks:
                if self.chosen and self.chosen == pick.tokens and token == pick.confirm:
                    return "send", action
            if any(self.chosen | {token} <= pick.tokens for pick, _ in picks):
                self.chosen.add(token)
                return "more", None
            if self.chosen and any(token in pick.tokens for pick, _ in picks):
                # Chosen all the same, and the whole set refused when it is confirmed: a
                # slip among quick clicks must not leave a smaller set to confirm unawares.
                self.chosen.add(token)
                return "refused", None
        if not self.chosen:
            # A click that continues a sequence wins over undoing the last one: in a swap of
            # two face-down cards, the second may also be the one to turn up.
            prefix = tuple(self.prefix) + (token,)
            n = len(prefix)
            done: list[Action] = []
            longer = False
            for action in self.legal or []:
                for seq in self.sequences(action):
                    if seq == prefix:
                        done.append(action)
                    elif len(seq) > n and seq[:n] == prefix:
                        longer = True
            if done and not longer:
                return "send", done[0]
            if done or longer:
                self.prefix.append(token)
                return "more", None
        if self.prefix and token == self.prefix[-1]:
            self.prefix.pop()
            return "back", None
        return "nowhere", None

    def options_text(self, verbs: dict[str, str]) -> str:
        """What the legal actions allow, in the words `verbs` gives each verb: "play cards,
        knock or pass"; "only wait" when there is nothing to do."""
        words: list[str] = []
        for action in self.legal or []:
            verb: str = action[0]
            word = verbs.get(verb, verb)
            if word not in words:
                words.append(word)
        if len(words) <= 1:
            return "".join(words) or _("only wait")
        return _("{some} or {last}").format(some=", ".join(words[:-1]), last=words[-1])
