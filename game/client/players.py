"""How the client names the players: the bots' levels in the player's words, and each seat's
name as tables, lists and summaries show it ("Dario (normal bot)", composed here only)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.client.i18n import NC_, _, pgettext

LEVEL_NAMES: dict[str, tuple[str, str]] = {
    "random": NC_("bot level", "Random"),
    "easy": NC_("bot level", "Easy"),
    "normal": NC_("bot level", "Normal"),
    "hard": NC_("bot level", "Hard"),
}
"""Each of the bots' LEVELS (game.bots) as a menu shows it (translated when shown). In their
own context: "Normal" is also an animation speed, which other languages inflect apart."""


def level_name(level: str) -> str:
    """A bot level in the player's words; an unknown one (from a newer server) as it is."""
    return pgettext(*LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def plain_name(info: Mapping[str, Any]) -> str:
    """A seat's player's own name ("Dario"), from a seat as a room or a replay header
    describes it ({"name", "kind", "level"}); empty when it has none. Replays logged before
    the server sent plain names call a bot "Dario (normal bot)", older ones "Normal bot":
    such English words for the level are cut."""
    name = info.get("name")
    if type(name) is not str:
        return ""
    level = info.get("level")
    if info.get("kind") == "bot" and type(level) is str:
        if name.lower() == f"{level} bot":
            return ""
        return name.removesuffix(f" ({level} bot)")
    return name


def seat_name(info: Mapping[str, Any]) -> str:
    """A seat's name as the player reads it: a person's name as it is, a bot's with its
    level in the player's language ("Dario (normal bot)", "Dario (Bot, normal)"; a bot of an
    old replay with no name of its own "Normal bot"); empty when the seat names nobody."""
    name = plain_name(info)
    level = info.get("level")
    if info.get("kind") != "bot" or type(level) is not str:
        return name
    word = level_name(level).lower()
    if not name:
        # TRANSLATORS: a bot without a name of its own; {level} is the level's menu word
        # (Easy, Hard…) in lower case; the first letter is made a capital.
        text = _("{level} bot").format(level=word)
        return text[:1].upper() + text[1:]
    # TRANSLATORS: a bot's seat name; {level} is the level's menu word (Easy, Hard…) in
    # lower case.
    return _("{name} ({level} bot)").format(name=name, level=word)
