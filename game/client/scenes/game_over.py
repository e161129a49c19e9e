"""What the game-over screen offers: a rematch, the replay, the analysis of the player's
choices, the deal played again, and the lines under the scores."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.client import palette
from game.client.hosting import DealAgain
from game.client.i18n import _
from game.client.scenes import Dialog, Host, endings
from game.client.scenes.advice import Advice
from game.client.scenes.deal_again import start_deal_again
from game.client.scenes.replays import room_replay
from game.client.scenes.review import Review
from game.client.tables import Table


class GameOver:
    """The end of `table`'s game in room `room_id` (`local`: a single player's game on this
    computer, `quick`: started by quick play; `again`: the finished game whose deal this one
    played again)."""

    def __init__(
        self,
        app: Host,
        table: Table,
        room_id: str,
        *,
        local: bool,
        quick: bool,
        again: DealAgain | None,
        advice: Advice,
    ) -> None:
        self.app = app
        self.table = table
        self.room_id = room_id
        self.local = local
        self.quick = quick
        self.again = again
        self.advice = advice
        self.review = Review(room_id)
        """The finished game's analysis, started when the screen's buttons are."""

    def buttons(self) -> list[tuple[str, Callable[[], Any]]]:
        """The screen's buttons (labels and actions), the first the default."""
        specs: list[tuple[str, Callable[[], Any]]] = []
        if self.table.seat is not None:
            specs.append((_("Rematch"), self.rematch))
        specs.append((_("Watch the replay"), self.watch_replay))
        if self.table.seat is not None and self.review.start():
            specs.append((_("Analysis"), self.open_analysis))
            if self.local:
                specs.append((_("Deal again"), self.ask_deal_again))
        specs.append((_("Menu"), self.leave_finished))
        return specs

    def draw(
        self, surface: pygame.Surface, box: pygame.Rect, s: float, event: dict[str, Any]
    ) -> None:
        """The screen's words in `box`, for the game's end `event`."""
        before = self.before_words if self.again is not None else None
        endings.draw_over(surface, box, s, self.table, event, before, self.summary_line())

    def rematch(self) -> None:
        if self.app.session is not None:
            self.app.session.rematch()
            self.table.toasts.show(_("Asking for a rematch…"))

    def before_words(self, seat: int) -> str:
        """Beside `seat`'s score in a deal played again: what that seat (the same hand)
        scored the first time, and whether the player sat there then."""
        again = self.again
        assert again is not None
        old = again.result["scores"][seat]
        if seat == again.old_seat:
            return _("before: {score} (you)").format(score=old)
        return _("before: {score}").format(score=old)

    def summary_line(self) -> str:
        """The game-over screen's line under the scores: the analysis (`analysis_words`)
        and, where hints were allowed, how many this player asked for."""
        words = self.review.status()
        if self.table.seat is None or not self.advice.allowed:
            return words
        hints = _("Hints used: {count}").format(count=self.advice.used)
        return f"{words}{endings.SUMMARY_SEP}{hints}" if words else hints

    def open_analysis(self) -> None:
        """The replay viewer at the player's costliest choice, with the analysis (this screen's
        own, if still running, stops: the viewer runs it with its progress bar)."""
        path = room_replay(self.room_id)
        if path is None:
            return
        self.review.cancel()
        step = self.review.costliest.step if self.review.costliest is not None else 0
        self.app.goto(
            "viewer", path, analyse=True, position=step, from_list=False, mark=self.review.costliest
        )

    def ask_deal_again(self) -> None:
        """Offer to play this game's deal again, in the same seats or rotated one on."""
        self.app.push(
            Dialog(
                self.app,
                _("Play this deal again"),
                _(
                    "The same cards in the same order. Rotated, you take the next seat and "
                    "its hand, the duplicate way; at the end both results are side by side."
                ),
                [
                    (_("Same seats"), lambda: self.deal_again(False)),
                    (_("Seats rotated"), lambda: self.deal_again(True)),
                    (_("Cancel"), None),
                ],
            )
        )

    def deal_again(self, rotated: bool) -> None:
        """A new local game with this game's seed, options and bots, each at its level (see
        DealAgain, deal_again.py)."""
        path = room_replay(self.room_id)
        seat = self.table.seat
        if path is None or seat is None:
            return
        problem = start_deal_again(self.app, path, seat, rotated, self.quick)
        if problem is not None:
            self.table.toasts.show(problem, palette.DANGER, 4.0)

    def watch_replay(self) -> None:
        self.app.goto("replays", room=self.room_id)

    def leave_finished(self) -> None:
        self.app.to_title()
