"""Stacked decks for scenario tests: name the top cards, the rest follows in canonical order."""

from __future__ import annotations

from collections import Counter


def stack(top: list[str], canonical: list[str], same=lambda code: code) -> list[str]:
    """A full deck (top first) that starts with `top` and continues with the cards of
    `canonical` not in `top`, in canonical order. `same` maps a code to the card's identity
    (a Quando card either way up)."""
    used = Counter(same(code) for code in top)
    rest = []
    for code in canonical:
        if used[same(code)]:
            used[same(code)] -= 1
        else:
            rest.append(code)
    if +used:
        raise ValueError(f"not cards of this game, or named twice: {sorted(+used)}")
    return list(top) + rest
