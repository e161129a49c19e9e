"""The table's banners: the lost connection's while the client reconnects, and the absent
player's with its button that lets a bot play for them."""

from __future__ import annotations

import math
import time
from typing import Any

import pygame

from game.client import layout, palette, widgets
from game.client.i18n import _
from game.client.players import seat_name
from game.client.refusals import status_text
from game.client.scenes import Host
from game.client.session import Session
from game.client.tables import Table


def lost_box(table: Table, s: float) -> pygame.Rect:
    """Where the lost connection's banner stands: the top of the toasts' band (the table
    keeps it clear of every seat, pile, button and the prompt), two lines high – the toasts
    of the meantime ("your move waits") stack under it."""
    band = table.geo.toasts
    height = min(band.height * 2 // 3, 2 * widgets.line_height(layout.px(22, s, 12)))
    return pygame.Rect(band.left, band.top, band.width, height + layout.px(8, s))


def draw_lost(surface: pygame.Surface, box: pygame.Rect, s: float, why: str, left: float) -> None:
    """The lost connection's banner in `box`: why, and the seconds `left` before the client
    gives up."""
    pygame.draw.rect(surface, (120, 40, 40), box, border_radius=layout.px(8, s))
    words = _("Connection lost – reconnecting…  {why}  ·  giving up in {seconds}\u00a0s")
    widgets.blit_wrapped(
        surface,
        words.format(why=why, seconds=max(0, math.ceil(left))),
        layout.px(22, s, 12),
        palette.TEXT,
        box.inflate(-layout.px(12, s), -layout.px(4, s)),
    )


class Connection:
    """The connection as `table`'s player sees it: lost and retried, given up, or back; its
    banner while it is retried, and a new connection to take the seat back."""

    def __init__(self, app: Host, table: Table) -> None:
        self.app = app
        self.table = table
        self.state: str | None = None
        """"reconnecting" while net.client retries, "closed" once it gave up."""
        self.message = ""
        """Why it was lost, in words."""
        self.lost_at: float | None = None
        """When (time.monotonic()) the connection was lost, while reconnecting."""

    def on_status(self, message: dict[str, Any]) -> None:
        """net.client's status message: lost (retrying), back, or given up."""
        status = message["status"]
        if status == "reconnecting":
            if self.state != "reconnecting":
                self.lost_at = time.monotonic()
            self.state, self.message = "reconnecting", status_text(message)
        elif status == "connected":
            if self.state:
                self.table.toasts.show(_("Reconnected."))
            self.state = None
        elif status == "closed":
            self.state, self.message = "closed", status_text(message)
        self.table.refresh()  # moves are offered only while connected

    def reconnect(self) -> None:
        """A new connection to the same server that takes the seat back with its token."""
        old = self.app.session
        if old is None:
            return
        session = Session(
            old.host, old.port, old.name, retry_for=self.app.retry_for, kept_as=old.kept_as
        )
        session.room_id, session.seat, session.token, session.room = (
            old.room_id,
            old.seat,
            old.token,
            old.room,
        )
        if old.room_id is not None and old.token is not None:
            session.net.client.tokens[old.room_id] = old.token
        old.server = None
        self.app.open_session(session)
        self.state, self.message = "reconnecting", _("Reconnecting…")

    def draw(self, surface: pygame.Surface, s: float) -> None:
        """The lost connection's banner, while reconnecting."""
        if self.state != "reconnecting":
            return
        left = self.app.retry_for - (time.monotonic() - (self.lost_at or time.monotonic()))
        draw_lost(surface, lost_box(self.table, s), s, self.message, left)


class Absence:
    """Finds the first other player of room `room_id` who is offline while the game runs and
    no bot plays for yet, counts their grace period down and offers to let a bot play now."""

    def __init__(self, app: Host, room_id: str) -> None:
        self.app = app
        self.room_id = room_id
        self.seat: int | None = None
        """The absent player's seat that this player may hand to a bot now."""
        self.offline_since: dict[int, float] = {}
        """When (time.monotonic()) this client saw each absent player go offline: the
        banner counts the grace period down from it."""
        self.button = widgets.Button(pygame.Rect(0, 0, 0, 0), "", self.hand_to_bot)

    def resize(self, s: float, height: int) -> None:
        self.button = widgets.Button(
            pygame.Rect(0, 0, layout.px(300, s), height), "", self.hand_to_bot, style="primary"
        )

    def hand_to_bot(self) -> None:
        """Let the stand-in bot play the absent player's seat now, not after the grace
        period."""
        if self.app.session is not None and self.seat is not None:
            self.app.session.hand_to_bot(self.seat)

    def find(self, seated: bool, connected: bool) -> None:
        """Look for the absent player (seated players only, while this client is
        `connected`): the banner names them and offers to let a bot play."""
        session = self.app.session
        room = session.room if session is not None else None
        self.seat = None
        if room is None or not seated or not connected:
            return
        if room.get("id") != self.room_id or not room.get("started") or room.get("over"):
            return
        offline = [
            seat
            for seat in room["seats"]
            if seat["kind"] == "human" and not seat["connected"] and not seat["away"]
        ]
        now = time.monotonic()
        self.offline_since = {
            seat["seat"]: self.offline_since.get(seat["seat"], now) for seat in offline
        }
        if offline:
            self.seat = offline[0]["seat"]
            self.button.label = _("Let a bot play for {name}").format(name=seat_name(offline[0]))

    def words(self, short: bool = False) -> str:
        """What the banner says of the absent player: who is offline and what the table
        does meanwhile – the seconds left before a bot takes over, counted down; `short`:
        in fewer words, for a narrow banner."""
        room = self.app.session.room if self.app.session is not None else None
        if room is None or self.seat is None:
            return ""
        seat = room["seats"][self.seat]
        grace = room.get("grace")
        gone = time.monotonic() - self.offline_since.get(self.seat, time.monotonic())
        if short:
            words = (
                _("{name} offline – a bot in {seconds} s")
                if grace is not None
                else _("{name} offline")
            )
        elif grace is not None:
            words = _("{name} is offline – a bot takes over in {seconds} s unless they return")
        else:
            words = _("{name} is offline – the table waits for them")
        return words.format(name=seat_name(seat), seconds=max(0, math.ceil((grace or 0) - gone)))

    def draw(self, surface: pygame.Surface, bar: pygame.Rect, s: float) -> None:
        """The banner in `bar`: `words` and the button that lets a bot play for the absent
        player at once."""
        words = self.words()
        if not words:
            return
        pygame.draw.rect(surface, (92, 72, 26), bar)
        size = layout.px(20, s, 11)
        button = self.button
        # As wide as its label needs (at the button's own font size), at most half the bar.
        label = widgets.text_width(button.label, max(12, int(button.rect.height * 0.46)))
        button.rect.width = min(label + layout.px(28, s), bar.width // 2)
        button.rect.midright = (bar.right - layout.px(6, s), bar.centery)
        # Inset from the window's edge; in fewer words where the sentence would not fit on
        # one line (a narrow window, the move log open), on two only where even those do not.
        pad = layout.px(10, s)
        text = pygame.Rect(
            bar.left + pad, bar.top, button.rect.left - bar.left - 2 * pad, bar.height
        )
        if widgets.text_width(words, widgets.MIN_SIZE) > text.width:
            words = self.words(short=True)
        if widgets.text_width(words, widgets.MIN_SIZE) > text.width:
            widgets.blit_wrapped(surface, words, size, palette.TEXT, text)
        else:
            widgets.blit_text(surface, words, size, palette.TEXT, text)
        button.draw(surface)
