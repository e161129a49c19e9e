"""The client's translation entry point: every string a player sees passes through `_` (to be
backed by gettext)."""

from __future__ import annotations


def _(text: str) -> str:
    """`text` in the player's language; for now the English source itself."""
    return text


def N_(text: str) -> str:
    """Mark `text` for translation without translating it: for module-level constants, which
    are translated with `_` when shown. Returns `text` unchanged."""
    return text


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for `n` things in the player's language ("1 card", "2 cards");
    for now English's: `singular` for exactly one, else `plural`. Format `n` in afterwards."""
    return singular if n == 1 else plural
