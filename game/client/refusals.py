"""Errors from the server in the player's language: an engine's refusal from its template
and parameters, any other error from its code (net.schema.ERRORS, whose texts the catalogues
translate), the server's own English words when neither is known."""

from __future__ import annotations

from game.client.i18n import SOURCE, _, language
from net.schema import ERRORS


def error_text(message: dict) -> str:
    """The words to show for an `error` message (already validated). In English the server's
    message itself, which may be more specific than its code's; otherwise the translated
    template filled with its params, or the translated text of the code – falling back to
    the server's message for a template that does not fill or a code this client lacks."""
    if language() == SOURCE:
        return message["message"]
    template = message.get("template")
    if template is not None:
        try:
            return _(template).format(**message.get("params", {}))
        except (KeyError, IndexError, ValueError):  # a template from another server version
            return message["message"]
    code = message["code"]
    return _(ERRORS[code]) if code in ERRORS else message["message"]
