"""The keys of the tables' action buttons, each a letter of its label in the player's language.

A key is a catalogue entry of its own (German "Verdeckt ziehen" is V, not the English D): the
button shows it, pressing it uses the button, and the prompts and the keys help name it."""

from __future__ import annotations

import pygame

from game.client.i18n import NC_, pgettext

LETTERS: dict[str, tuple[str, str]] = {
    # TRANSLATORS: the key of an action button at the table (this and the nine after it): one
    # letter A–Z of the button's label as your catalogue words it, shown on the button and
    # pressed to use it. Two buttons of one game must not share a letter, none may be H, L or
    # O (hint, move log, sorting), nor S at Quando (its score sheet). tests/client/test_words.py
    # checks.
    "up": NC_("key of the button “Draw visible”", "V"),
    "down": NC_("key of the button “Draw hidden”", "D"),
    "knock": NC_("key of the button “Knock”", "K"),
    "pass": NC_("key of the button “Pass”", "P"),
    "draw": NC_("key of the button “Draw”", "D"),
    "deck": NC_("key of the button “Deck”", "D"),
    "discard": NC_("key of the button “Discard pile”", "P"),
    "skip": NC_("key of the button “Skip”", "S"),
    "reveal": NC_("key of the button “Turn it up”", "T"),
    "keep": NC_("key of the button “Keep it hidden”", "K"),
}
"""Each lettered button's key, by the name the tables give it (Quando's and Quäsenbö's
"pass" are one button: the same label, the same key)."""
ENTER = "enter"
"""The one button key that is no letter: Quando's Play, on Enter in every language."""


def letter(name: str) -> str:
    """The key of the button `name` as the player's language writes it, a capital A–Z (the
    English one when a catalogue's entry is not a single letter A–Z, which no key could
    press)."""
    context, source = LETTERS[name]
    word = pgettext(context, source).strip().upper()
    return word if len(word) == 1 and "A" <= word <= "Z" else source


def letters() -> dict[str, str]:
    """Every button's key by its name, in the player's language: for the prompts and the
    keys help that name them ("the hidden side ({down})")."""
    return {name: letter(name) for name in LETTERS}


def shortcut(name: str) -> tuple[str, int]:
    """The hint a button shows and the key that presses it: its letter and that letter's key
    code, or Enter for ENTER."""
    if name == ENTER:
        return "Enter", pygame.K_RETURN
    key = letter(name)
    return key, ord(key.lower())  # SDL's code of a letter key is its lower-case character
