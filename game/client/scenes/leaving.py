"""The in-game menu and leaving the table: what leaving or quitting does to the player's
seat, in words, and the questions asked before."""

from __future__ import annotations

from collections.abc import Callable

from game.client.i18n import _
from game.client.scenes import Confirm, Dialog, Host
from game.client.tables import Table


class Leaving:
    """Leaving `table`'s game (`local`: a single player's game on this computer); `closed`
    says whether the connection is gone for good, `open_rules` opens the rules."""

    def __init__(
        self,
        app: Host,
        table: Table,
        local: bool,
        closed: Callable[[], bool],
        open_rules: Callable[[], object],
    ) -> None:
        self.app = app
        self.table = table
        self.local = local
        self.closed = closed
        self.open_rules = open_rules
        self.asking: Confirm | None = None
        """The question before leaving the running game, while it is up."""

    @property
    def running(self) -> bool:
        """Whether leaving now abandons a seat in a game still going on."""
        return (
            self.table.seat is not None and not self.table.model.get("result") and not self.closed()
        )

    def leave_words(self) -> str:
        """What leaving does to the player's seat, in words."""
        if self.local:
            return _("Leave this game and go back to the title screen?")
        if self.table.seat is not None and self.app.hosting:
            others = self.app.hosted_players()
            if not others:  # only bots: `leave` keeps the seat, and the game waits for it
                return _(
                    "Leave the table? The game waits on this computer until you come "
                    "back: the title screen takes you back to your seat."
                )
            return _(
                "Leave the table? A bot plays your seat and the game goes on for "
                "{names}, served by this computer. The title screen takes you back to "
                "your seat."
            ).format(names=_(" and ").join(others))
        if self.table.seat is not None:
            return _("Leave the table? A bot plays your seat until you come back.")
        return _("Stop watching and leave the table?")

    def quit_words(self) -> str:
        """What quitting the program does to the player's seat, in words."""
        if self.local:
            return _(
                "Quit the program? Your game is kept: Quick play or Single player "
                "continues it next time."
            )
        if self.app.hosting:
            return _(
                "Quit the program? The game is kept: host again from this computer "
                "(same port) to take your seat back."
            )
        return _("Quit the program? A bot plays your seat until you come back.")

    def menu_words(self) -> str:
        """The in-game menu's text: what leaving does – unless leaving asks again (a seat in
        a running LAN game), whose question then says it, not both."""
        if self.running and not self.local:
            return _("The game goes on while this menu is open.")
        return self.leave_words()

    def open_menu(self) -> None:
        """The in-game menu: keep playing (Esc, Enter), the rules, the settings (the game goes
        on meanwhile, as under the rules), or leave – after a confirmation while the game
        runs."""
        self.app.push(
            Dialog(
                self.app,
                _("Menu"),
                self.menu_words(),
                [
                    (_("Keep playing"), None),
                    (_("Rules"), self.open_rules),
                    (_("Settings"), lambda: self.app.goto("settings")),
                    (_("Leave"), self.ask_leave),
                ],
                cancel=0,
            )
        )

    def ask_leave(self) -> None:
        """Leaving: at once if no game is running for the player; a local game asks whether
        to keep it to continue later (its seat stays on disk and its log in the data folder,
        and quick play offers to continue it) or to end it; any other game asks first."""
        if not self.running:
            self.leave()
            return
        if self.local:
            self.app.push(
                Dialog(
                    self.app,
                    _("Leave this game?"),
                    _("Keep it to continue later from Quick play or Single player, or end it now."),
                    [
                        (_("Keep it for later"), self.app.to_title),
                        (_("End the game"), self.end_game),
                        (_("Cancel"), None),
                    ],
                    width=700,
                )
            )
            return
        self.ask(_("Leave the game?"), _("Leave"), self.leave)

    def end_game(self) -> None:
        """End a local game for good: nobody will continue it."""
        if self.app.session is not None:
            self.app.session.forget_seat()
        self.leave()

    def ask(
        self, title: str, yes: str, on_yes: Callable[[], object], question: str | None = None
    ) -> None:
        """Put the leave question up (once); `question` is its text (default: what leaving
        does, `leave_words`)."""
        if self.asking is not None:
            return

        def answered(then: Callable[[], object] | None) -> Callable[[], None]:
            def run() -> None:
                self.asking = None
                if then is not None:
                    then()

            return run

        self.asking = Confirm(
            self.app,
            title,
            question or self.leave_words(),
            yes,
            answered(on_yes),
            on_no=answered(None),
        )
        self.app.push(self.asking)

    def closing(self) -> bool:
        """Closing the window during a running game asks first; closing it again while
        asked (or once the game is over) ends the program."""
        if not self.running or self.asking is not None:
            return False
        self.ask(_("Quit the game?"), _("Quit"), self.quit, self.quit_words())
        return True

    def quit(self) -> None:
        """End the program. A local game is kept as "Keep it for later" keeps it: the
        connection just closes (leaving would tell its server that nobody plays on, and the
        server would end the game as abandoned); a seat in any other game is left first."""
        if not self.local:
            self.leave()
        self.app.running = False

    def leave(self) -> None:
        """Leave the room and go back to the title screen. A host playing only with bots
        goes without saying so: the server would end a game with nobody left to play it,
        and this one waits on this computer for its host (the title offers it back)."""
        session = self.app.session
        if session is not None and not (self.app.hosting and not self.app.hosted_players()):
            session.leave()
        self.app.to_title()
