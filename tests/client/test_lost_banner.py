"""The lost connection's banner covers nothing a player needs: with the server gone on the
player's turn, at the usual and the smallest window, its words meet no seat's plate or
cards, no pile, button or the prompt."""

from __future__ import annotations

import os

import pygame

from game.client import widgets
from game.client.autoplay import table_scene
from tests.client.test_play import at_my_turn, run


def test_the_lost_connection_banner_covers_no_seat_pile_button_or_prompt(
    make_app, server_process, monkeypatch
):
    port, proc = server_process
    app = make_app(speed=4.0, retry_for=60.0)
    at_my_turn(app, port, 60.0)
    scene = table_scene(app)
    proc.kill()
    proc.wait(10)
    assert run(app, lambda: scene.connection == "reconnecting", 10)
    banner: list[pygame.Rect] = []
    blit = widgets.blit_text

    def plain(value: str) -> str:
        """`value` without its digits (the seconds count down) and with single spaces."""
        return " ".join("".join(c for c in value if not c.isdigit()).split())

    said = plain(f"Connection lost – reconnecting… {scene.connection_message} · giving up in s")

    def recorded(surface, value, size, color, rect, align="center"):
        where = blit(surface, value, size, color, rect, align)
        if len(plain(value)) > 3 and plain(value) in said:  # the banner's words, or a line of them
            banner.append(where)
        return where

    monkeypatch.setattr(widgets, "blit_text", recorded)
    problems = set()
    for size in ((1280, 720), (960, 540)):
        app.resize_window(size)
        banner.clear()
        app.draw(app.screen)
        assert banner, f"no banner drawn at {size}"
        if os.environ.get("CARDTABLE_SHOTS"):
            app.screenshot(os.path.join(os.environ["CARDTABLE_SHOTS"], f"lost-{size[0]}.png"))
        table = scene.table
        clear = [(f"seat {area.seat}", area.badge) for area in table.geo.seats]
        clear += [(f"cards of seat {area.seat}", area.cards) for area in table.geo.seats[1:]]
        clear += [(f"place {name}", rect) for name, rect in table.geo.places.items()]
        clear += [("the prompt", table.geo.prompt), ("the buttons", table.geo.buttons)]
        clear += [(f"button {token}", button.rect) for token, button in table.buttons.shown]
        clear += [
            ("a top-bar button", button.rect)
            for button in (scene.rules_button, scene.menu_button, scene.sheet_button)
            if button is not None
        ]
        for words in banner:
            for what, rect in clear:
                if words.colliderect(rect):
                    problems.add(f"{size}: the banner's words {words} cover {what} {rect}")
    assert not problems, "\n".join(sorted(problems))
    app.shutdown()
