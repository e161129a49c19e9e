"""Errors from the server and news of the connection in the player's language: an engine's
refusal from its template and parameters, any other error from its code (net.schema.ERRORS,
whose texts the catalogues translate), a connection status from its reason code
(net.client.REASONS), the English words when none of these is known."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.client.i18n import SOURCE, _, language
from game.rules import GAMES
from net.client import CAUSES, REASONS
from net.schema import ERRORS


def _named(params: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's params with a game's id as its title and an option's id as its label in
    the player's words (a setup refused by the engine names them by id)."""
    named = dict(params)
    game, option = str(params.get("game")), str(params.get("option"))
    if game in GAMES:
        named["game"] = GAMES[game].title
        if option in GAMES[game].OPTIONS:
            named["option"] = _(GAMES[game].OPTIONS[option].label)
    return named


def refusal_text(template: str, params: Mapping[str, Any], english: str) -> str:
    """An engine's refusal (IllegalAction's or BadOptions' template and params) in the
    player's language: `english`, the refusal's own text, in English or where the
    translated template does not fill (a template from another version)."""
    if language() == SOURCE:
        return english
    try:
        return _(template).format(**_named(params))
    except (KeyError, IndexError, ValueError):
        return english


def error_text(message: Mapping[str, Any]) -> str:
    """The words to show for an `error` message (already validated). In English the server's
    message itself, which may be more specific than its code's; otherwise the translated
    template filled with its params (see refusal_text), or the translated text of the code –
    falling back to the server's message for a code this client lacks."""
    english: str = message["message"]
    if language() == SOURCE:
        return english
    template = message.get("template")
    if template is not None:
        return refusal_text(template, message.get("params", {}), english)
    code = message["code"]
    return _(ERRORS[code]) if code in ERRORS else english


def sentence(words: str) -> str:
    """An error's words as a sentence on their own line: a capital first letter (the
    server's words are written to follow "…: " in a log)."""
    return words[:1].upper() + words[1:]


def status_text(message: Mapping[str, Any]) -> str:
    """Why the connection's status changed (a status message of net.client), in the player's
    language: its reason's template translated and filled, a cause code and a protocol
    error code worded too (other causes, the system's own words, as they are). The English
    `message` for a reason this client lacks or a template that does not fill."""
    words: str = message.get("message", "")
    why = message.get("reason")
    if language() == SOURCE or why not in REASONS:
        return words
    params = dict(message.get("params", {}))
    cause, code = CAUSES.get(str(params.get("cause"))), ERRORS.get(str(params.get("code")))
    if cause is not None:
        params["cause"] = _(cause)
    if code is not None:
        params["text"] = _(code)
    try:
        return _(REASONS[why]).format(**params)
    except (KeyError, IndexError, ValueError):  # params that do not fit: say it in English
        return words
