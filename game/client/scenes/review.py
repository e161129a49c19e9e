"""The finished game's analysis behind the game-over screen: the background job and the
player's costliest choice in words."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.client.games import CLIENT_GAMES
from game.client.i18n import _, ngettext, number, percent
from game.client.scenes.replays import room_replay
from game.replay.log import ReplayError
from game.replay.playback import open_replay

if TYPE_CHECKING:  # the analysis is loaded when first asked for (memory at start)
    from game.replay.analysis import Background, Mark


def points_words(share: float) -> str:
    """A difference of win chances (0.1) in whole percentage points ("10 percentage
    points"): a fall from 45 % to 35 % is ten points, not ten per cent. (The difference of
    two chances rounded as they are shown, so that the line's numbers add up.)"""
    points = round(share * 100)
    return ngettext("{n} percentage point", "{n} percentage points", points).format(
        n=number(points)
    )


def choice_words(mark: Mark, path: Path) -> str:
    """A player's costliest choice in words: where (the round, in a game of rounds), what
    they chose and their chance then, what their search found better and its chance, and the
    difference in percentage points."""
    try:
        playback = open_replay(path)
        entry = playback.entries[mark.step - 1]
    except (ReplayError, OSError, IndexError):
        return ""
    game = playback.header["game"]
    steps = number(playback.length)
    where = _("step {step} of {steps}").format(step=number(mark.step), steps=steps)
    if len(playback.round_starts) > 1:
        where = _("round {round}, step {step} of {steps}").format(
            round=number(playback.round_of(mark.step - 1) + 1),
            step=number(mark.step),
            steps=steps,
        )
    return _(
        "Your costliest choice, {where}: “{chosen}” left you a {mine} chance to win, "
        "“{better}” {best} – {points} more."
    ).format(
        where=where,
        chosen=CLIENT_GAMES[game].advice_words(mark.action, entry.before),
        mine=percent(mark.chosen.value),
        better=CLIENT_GAMES[game].advice_words(mark.better, entry.before),
        best=percent(mark.best.value),
        points=points_words(round(mark.best.value, 2) - round(mark.chosen.value, 2)),
    )


class Review:
    """Analyses a finished game of room `room_id` in the background, if this computer hosted
    it (its replay is here), and finds `seat`'s costliest choice."""

    def __init__(self, room_id: str) -> None:
        self.room_id = room_id
        self.job: Background | None = None
        """The analysis while it runs."""
        self.costliest: Mark | None = None
        """The player's marked mistake that cost them the most win chance, once analysed."""
        self.words = ""
        """That choice in the player's words, or that there was no clear mistake (the
        game-over screen's line); empty until the analysis is in."""

    def start(self) -> bool:
        """Start the analysis (once); False when there is no replay here to analyse."""
        if self.job is not None or self.words:
            return True
        path = room_replay(self.room_id)
        if path is None:
            return False
        from game.replay.analysis import Background

        self.job = Background(path)
        return True

    def poll(self, seat: int | None) -> None:
        """Take the finished analysis in: `seat`'s costliest choice and its words."""
        job = self.job
        if job is None or not job.finished:
            return
        self.job = None
        if job.result is not None and seat is not None:
            self.costliest = job.result.costliest_choice(seat)
            path = room_replay(self.room_id)
            if self.costliest is None:
                self.words = _(
                    "No clear mistake: none of your choices cost you {points} or more of your "
                    "chance to win."
                ).format(points=points_words(job.result.threshold))
            elif path is not None:
                self.words = choice_words(self.costliest, path)

    def status(self) -> str:
        """The game-over screen's line about the analysis: its progress, or the player's
        costliest choice; empty when there is none."""
        job = self.job
        if job is not None and not job.total:  # still reading the replay: no count yet
            return _("Analysing the game…")
        if job is not None:
            return _("Analysing the game… {done}/{total}").format(done=job.done, total=job.total)
        return self.words

    def cancel(self) -> None:
        """Stop the analysis, if it runs."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
