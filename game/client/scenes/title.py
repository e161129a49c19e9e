"""The title screen: quick play (the default: Enter or one click), and the way to every
other part of the program."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.client import layout, palette, widgets
from game.client.cards import render_card
from game.client.games import CLIENT_GAMES
from game.client.hosting import (
    SeatProbe,
    continue_local,
    go_back,
    kept_local,
    start_local,
    way_back,
)
from game.client.i18n import N_, _, ngettext
from game.client.kept import LOCAL, KeptSeat
from game.client.scenes import Dialog, Host, Scene, background, game_title

REPLAYS = N_("Replays")
"""The replays button's label, which the offer to continue names too."""
QUICK_GAME, QUICK_PLAYERS, QUICK_LEVEL = "quando", 4, "normal"
"""Quick play: Quando against three bots of normal strength, standard rules."""


class TitleScene(Scene):
    """The menu. Quick play is focused, so Enter starts it."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.back: KeptSeat | None = way_back(app)
        """The game the player can go back to (first button), if any."""
        self.probe: SeatProbe | None = SeatProbe(app) if self.back is None else None
        """Asking another computer whether the player's game there still runs."""
        self.items = [
            (N_("Quick play – Quando vs 3 bots"), self.quick, "primary"),
            (N_("Single player…"), self.single, "normal"),
            (N_("Host a LAN game…"), self.host, "normal"),
            (N_("Join a LAN game…"), self.join, "normal"),
            (REPLAYS, self.replays, "normal"),
            (N_("Settings"), self.settings, "normal"),
            (N_("Rules"), self.rules, "normal"),
            (N_("Quit"), self.quit, "normal"),
        ]
        self.resize()

    def resize(self) -> None:
        back = self.back
        rects = layout.menu_buttons(self.size, len(self.items) + (back is not None))
        self.form = widgets.Form()
        if back is not None:
            self.back_button: widgets.Button | None = self.form.add(
                widgets.Button(
                    rects.pop(0),
                    self.back_label(back),
                    self.go_back,
                    style="primary",
                )
            )
        else:
            self.back_button = None
        for (label, action, style), rect in zip(self.items, rects):
            self.form.add(
                widgets.Button(
                    rect, _(label), action, style="normal" if back is not None else style
                )
            )
        self.form.focus(self.form.widgets[0])
        self.fans = pygame.Surface(self.size, pygame.SRCALPHA)
        self._draw_cards(self.fans)

    @staticmethod
    def back_label(back: KeptSeat) -> str:
        """The first button's words: the game, and the room where there are several (a game
        of one's own has no room worth naming)."""
        if back.server == LOCAL:
            return _("Back to your game ({game})").format(game=game_title(back.game))
        return _("Back to your game ({game}, room {room})").format(
            game=game_title(back.game), room=back.room
        )

    def enter(self) -> None:
        # Back from another screen, Enter does what the footer says again (a click on a
        # button had moved the focus there).
        self.form.focus(self.form.widgets[0])
        if self.app.notice:
            notice, self.app.notice = self.app.notice, None
            self.app.after_frame.append(
                lambda: self.app.push(Dialog(self.app, _("Note"), notice, [(_("OK"), None)]))
            )

    # -- the menu ------------------------------------------------------------------------------

    def go_back(self) -> None:
        """Take back the seat the first button offers."""
        if self.back is not None:
            go_back(self.app, self.back)

    def quick(self) -> None:
        self._offer_continue(
            lambda: start_local(self.app, QUICK_GAME, QUICK_PLAYERS, QUICK_LEVEL, {}, quick=True)
        )

    def single(self) -> None:
        self._offer_continue(lambda: self.app.goto("setup", "single"))

    def _offer_continue(self, new_game: Callable[[], object]) -> None:
        """With an unfinished local game kept from an earlier run, ask whether to continue
        it; else (or for a new game) run `new_game`."""
        kept = kept_local()
        if not kept:
            new_game()
            return
        seat = kept[0]
        if seat.game:
            body = _(
                "Your game of {game} is not finished. Continue where you left it, or start "
                "a new game (the unfinished one stays to continue later)."
            ).format(game=game_title(seat.game))
        else:  # kept by a version that did not always note the game
            body = _(
                "Your last game is not finished. Continue where you left it, or start "
                "a new game (the unfinished one stays to continue later)."
            )
        if len(kept) > 1:
            body += " " + ngettext(
                "{n} older unfinished game waits in {replays}, to continue from there.",
                "{n} older unfinished games wait in {replays}, to continue from there.",
                len(kept) - 1,
            ).format(n=len(kept) - 1, replays=_(REPLAYS))
        self.app.push(
            Dialog(
                self.app,
                _("Continue your game?"),
                body,
                [
                    (_("Continue your game"), lambda: continue_local(self.app, seat)),
                    (_("New game"), new_game),
                    (_("Cancel"), None),
                ],
                width=720,
            )
        )

    def host(self) -> None:
        self.app.goto("setup", "host")

    def join(self) -> None:
        self.app.goto("join")

    def replays(self) -> None:
        self.app.goto("replays")

    def settings(self) -> None:
        self.app.goto("settings")

    def rules(self) -> None:
        self.app.goto("rules")

    def quit(self) -> None:
        """End the program – after a question while it hosts a game others play."""
        self.app.close_window()

    # -- the loop ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.probe is not None:
            seat = self.probe.poll()
            if seat is not None:
                self.back, self.probe = seat, None
                self.resize()

    @property
    def busy(self) -> bool:
        """Drawn each frame while asking, so the way back shows the moment it is known."""
        return self.probe is not None and self.probe.session is not None

    def exit(self) -> None:
        if self.probe is not None:
            self.probe.close()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        background(surface)
        s = self.s
        surface.blit(self.fans, (0, 0))
        area = layout.title_area(self.size)
        widgets.blit_text(
            surface,
            _("Card Table"),
            layout.px(84, s),
            palette.ACCENT,
            area.move(0, -layout.px(14, s)),
        )
        widgets.blit_text(
            surface,
            "Quando  ·  Blanco  ·  Quäsenbö",
            layout.px(28, s),
            palette.TEXT,
            pygame.Rect(0, area.bottom - layout.px(30, s), self.size[0], layout.px(32, s)),
        )
        self.form.draw(surface)
        widgets.blit_text(
            surface,
            (
                _("Playing as {name}  ·  Enter: back to your game")
                if self.back is not None
                else _("Playing as {name}  ·  Enter: quick play")
            ).format(name=self.app.settings.name),
            layout.px(20, s, 11),
            palette.TEXT_DIM,
            pygame.Rect(0, self.size[1] - layout.px(30, s), self.size[0], layout.px(24, s)),
        )

    def _draw_cards(self, surface: pygame.Surface) -> None:
        """A fan of each game's cards at the sides: what the program is about, at a glance."""
        for game, codes, center, angle0 in layout.title_fans(self.size):
            for k, (code, width) in enumerate(codes):
                card = render_card(code, width, art=CLIENT_GAMES[game].art)
                turned = pygame.transform.rotozoom(card, angle0 - k * 9, 1.0)
                cx = center[0] + k * width * 0.42
                cy = center[1] + abs(k - (len(codes) - 1) / 2) * width * 0.08
                surface.blit(turned, turned.get_rect(center=(cx, cy)))
