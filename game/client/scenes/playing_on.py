"""Playing on from a replay's step: the offer in words (where the game goes on and who
decides first), the dialog that asks for the seat and the bots, and the new local game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from game.client.games import CLIENT_GAMES
from game.client.hosting import PlayOn, continue_local, start_local
from game.client.i18n import _, number
from game.client.kept import KeptSeat
from game.client.scenes import Dialog, Host
from game.client.scenes.playon import PlayOnDialog, bot_levels
from game.replay.log import replay_hash
from game.replay.playback import Playback

if TYPE_CHECKING:  # the analysis is loaded when first asked for (memory at start)
    from game.replay.analysis import Analysis, Mark


class OfferSource(Protocol):
    """What the offer reads of the viewer."""

    playback: Playback | None
    mark: Mark | None
    """The marked mistake the viewer was opened at, before its own analysis came."""

    @property
    def analysis(self) -> Analysis | None: ...

    def shown_name(self, seat: int) -> str: ...

    def pause(self) -> None: ...


class PlayOnOffer:
    """Play on from the step `source` shows of the replay at `path`."""

    def __init__(self, app: Host, path: Path, source: OfferSource) -> None:
        self.app = app
        self.path = path
        self.source = source
        self.play_from = 0
        """The position the play-on dialog offers to go on from."""
        self.kept: KeptSeat | None = None
        """The player's kept seat in this game, when it is an unfinished game of their own
        (quick play, single player): the play-on button continues it instead."""

    def ask(self) -> None:
        """Offer to play on from the step shown: which seat to take, the other seats' bots,
        and whether with the same cards still to come or with the unseen cards shuffled
        anew (PlayOnDialog). The player's own unfinished game is continued instead, where it
        was left."""
        if self.kept is not None:
            kept = self.kept
            self.app.to_title()  # the viewer is done with
            continue_local(self.app, kept)
            return
        playback = self.source.playback
        if playback is None or not playback.playable or not playback.verdict.complete:
            return
        self.source.pause()
        position = playback.position
        mark = self.mark_shown()
        # A player who stops on a mistake wants to try the better move: the game goes on
        # from the decision, not after it.
        self.play_from = playback.position if mark is None else mark.step - 1
        if mark is None and playback.state().is_over:
            self.app.push(
                Dialog(
                    self.app,
                    _("Play on from here"),
                    _("The game is over at this step: go back to an earlier one."),
                    [(_("OK"), None)],
                )
            )
            return
        header = playback.header
        names = [self.source.shown_name(s) for s in range(header["players"])]
        playback.seek(self.play_from)
        mover = playback.state().to_move
        playback.seek(position)
        assert mover is not None  # not over: a step was decided there, or is to be
        first = names[mover]
        if mark is not None:
            entry = playback.entries[mark.step - 1]
            start = _(
                "From step {step}, before {name}'s choice ({action}): {first} decides first."
            ).format(
                step=number(mark.step),
                name=names[mark.seat],
                action=CLIENT_GAMES[header["game"]].action_words(mark.action, entry.before),
                first=first,
            )
        else:
            start = _("The game goes on with step {step}: {first} decides first.").format(
                step=number(position + 1), first=first
            )
        seat = mark.seat if mark is not None else 0
        self.app.push(PlayOnDialog(self.app, start, names, bot_levels(header), self.play_on, seat))

    def mark_shown(self) -> Mark | None:
        """The analysis's mark of the step the cursor stands on (right after it), if any."""
        if self.source.playback is None:
            return None
        position = self.source.playback.position
        marks = (
            self.source.analysis.marks
            if self.source.analysis is not None
            else [self.source.mark]
            if self.source.mark is not None
            else []
        )
        return next((m for m in marks if m.step == position), None)

    def play_on(self, seat: int, mode: str, levels: tuple[str, ...]) -> None:
        """A new local game from the step shown, the player at `seat` and bots of `levels`
        (per seat) at the other seats, the cards as they were or reshuffled (mode, see
        game/replay/origin.py)."""
        playback = self.source.playback
        if playback is None:
            return
        try:
            digest = replay_hash(self.path.read_bytes())
        except OSError as err:
            self.app.push(Dialog(self.app, _("Cannot start a game"), str(err), [(_("OK"), None)]))
            return
        playback.seek(self.play_from)
        state = playback.state()
        origin = {
            "replay": digest,
            "step": state.step,
            "mode": mode,
            "snapshot": state.to_snapshot(),
        }
        header = playback.header
        self.app.to_title()  # the viewer is done with (exit cancels its analysis)
        start_local(
            self.app,
            header["game"],
            header["players"],
            "normal",
            {},
            play_on=PlayOn(origin, seat, levels),
        )
