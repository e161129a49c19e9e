"""A pygame client and a browser at one table: the desktop host serves the browser table by
default, its lobby shows the page's address and a QR code of it, and a phone's browser
(headless Chromium) takes the second seat and plays the game to its end with the host's
window."""

from __future__ import annotations

import pygame

from game.client.autoplay import AutoPlayer, click, table_scene
from game.client.hosting import start_host
from game.client.qr import qr_surface
from tests.client.test_play import game_over, run
from tests.server.test_browser_table import ARGS, CHROMIUM, PHONE, checks, step, sync_api


def test_the_hosts_lobby_shows_the_page_and_a_browser_plays_at_the_pygame_table(make_app):
    app = make_app(speed=4.0)
    start_host(app, "127.0.0.1", 0, "quasenbo", 2, "random", {"hand_size": 3}, None, None)
    lobby = app.top
    assert run(app, lambda: app.session.room is not None and app.session.seat == 0, 10)
    server = app.hosted
    assert server.web_port is not None
    url = f"http://127.0.0.1:{server.web_port}/"
    assert lobby.pages == [url]
    app.frame(1 / 60)
    shot = app.screen.subsurface(lobby.qr_rect.clip(app.screen.get_rect())).copy()
    code = qr_surface(url, lobby.qr_rect.width)
    assert shot.get_at((code.get_width() // 2, code.get_height() // 2)) in (
        pygame.Color(0, 0, 0),
        pygame.Color(255, 255, 255),
    )
    assert pygame.transform.average_color(shot)[:3] != (0, 0, 0)

    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        page.goto(url)
        page.fill("#name", "Phone")
        page.click("#enter")
        room = app.session.room_id
        page.wait_for_selector(f"li[data-room='{room}'] button.join")
        page.click(f"li[data-room='{room}'] button.join")
        page.wait_for_selector("#ready")
        page.click("#ready")
        assert run(app, lambda: app.session.room["seats"][1]["ready"], 10)
        assert app.session.room["seats"][1]["name"] == "Phone"
        click(lobby.ready_button.rect.center)
        assert run(app, lambda: lobby.start_button.enabled, 5)
        click(lobby.start_button.rect.center)
        assert run(app, lambda: table_scene(app) is not None, 10)
        player = AutoPlayer(app, seed=5)
        assert run(app, lambda: game_over(app), 120, player, also=lambda: step(page))
        page.wait_for_selector("#game-over", timeout=10000)
        seen = checks(page)
        assert seen["checks"] > 3 and seen["drifts"] == 0, seen
        assert "Phone" in page.inner_text("#game-over")
        chromium.close()
