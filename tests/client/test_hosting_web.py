"""The desktop host's choice of the browser table: on by default in the host form, on the
port after the game's (or any free one when that is taken); off, no page is served."""

from __future__ import annotations

import socket

from game.client.hosting import start_host
from tests.client.test_play import run


def test_the_host_form_offers_the_browser_table_on_by_default(make_app):
    app = make_app()
    app.goto("setup", "host")
    form = app.top
    assert form.values["web"] is True
    assert "web" in [key for key, _label, _choices in form._rows()]


def test_hosting_without_the_browser_table_serves_no_page(make_app):
    app = make_app()
    start_host(app, "127.0.0.1", 0, "quando", 2, "random", {}, None, None, web=False)
    assert run(app, lambda: app.session.room is not None, 10)
    assert app.hosted.web_port is None and app.top.pages == []


def test_the_page_takes_the_next_port_or_a_free_one(make_app):
    app = make_app()
    for _attempt in range(5):  # a port found free may be taken by another program before we bind
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        with socket.socket() as taken:  # the port after it is taken: the page gets a free one
            try:
                taken.bind(("127.0.0.1", port + 1))
            except OSError:
                taken.bind(("127.0.0.1", 0))
            taken.listen()
            start_host(app, "127.0.0.1", port, "quando", 2, "random", {}, None, None)
            if app.session is None:  # "Cannot host": the port went meanwhile
                app.reset(app.scene("title"))
                continue
            assert run(app, lambda: app.session.room is not None, 10)
            server = app.hosted
            assert server.port == port
            assert server.web_port not in (None, port, taken.getsockname()[1])
            assert app.top.pages == [f"http://127.0.0.1:{server.web_port}/"]
            return
    raise AssertionError("no free port could be hosted on in five tries")
