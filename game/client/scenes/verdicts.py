"""What verifying a replay found, in words: a word or two for the replay list, a sentence
for the viewer."""

from __future__ import annotations

from typing import NamedTuple

from game.client import palette
from game.client.i18n import _
from game.replay.library import Remembered
from game.replay.verify import Verdict

OK_GREEN = (120, 210, 130)


class Outcome(NamedTuple):
    """What verifying a replay on open found, for people."""

    short: str
    """A word or two for the replay list ("verified", "failed at step 20")."""
    sentence: str
    """The outcome in a sentence, for the viewer."""
    color: tuple[int, int, int]


def verdict_label(remembered: Remembered) -> tuple[str, tuple[int, int, int]]:
    """A verdict in a word or two for the replay list ("verified", "failed at step 20"),
    with its colour."""
    if remembered.status == "unverified":
        return _("seed secret"), palette.ACCENT
    if remembered.status == "ok":
        return _("verified"), OK_GREEN
    if remembered.failed_at is not None:
        return _("failed at step {n}").format(n=remembered.failed_at), palette.DANGER
    return _("FAILED"), palette.DANGER


def verdict_words(verdict: Verdict, length: int) -> Outcome:
    """The outcome of `verdict` in words; `length` is how many steps can be watched."""
    mismatch = verdict.mismatch
    short, color = verdict_label(
        Remembered(verdict.status, mismatch.step if mismatch is not None else None)
    )
    if verdict.status == "unverified":
        words = _(
            "Not verified: the game is not over, and it can be checked and watched only "
            "once its seed is revealed at the end."
        )
    elif verdict.status == "ok":
        if verdict.complete:
            words = _("Verified: every step and the seed check out; the game ran to its end.")
        elif verdict.reason == "abandoned":
            words = _("Verified: every step and the seed check out; the game was abandoned.")
        else:
            words = _("Verified: every step and the seed check out; the game is not finished.")
    elif mismatch is not None:
        words = _("FAILED at step {n}: {why}.").format(n=mismatch.step, why=mismatch.message)
        if length:
            words += " " + _("Steps 1–{n} can be watched.").format(n=length)
    else:
        words = _("FAILED: {why}.").format(why="; ".join(verdict.problems))
    return Outcome(short, words, color)
