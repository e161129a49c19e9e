"""The single-player setup offers again the choices the last game was started with."""

from __future__ import annotations

import json

from game.client import config
from game.client.autoplay import run_frames, table_scene


def test_the_last_single_player_choices_come_back(make_app):
    app = make_app()
    setup = app.goto("setup", "single")
    assert setup.values["game"] == "quando", "the defaults when nothing was saved"
    setup.fields["game"].step(1)
    setup.changed("game", setup.fields["game"].value)
    game = setup.values["game"]
    assert game != "quando"
    setup.fields["bots"].step(-1)
    setup.changed("bots", setup.fields["bots"].value)
    setup.fields["level"].step(1)
    setup.changed("level", setup.fields["level"].value)
    option = next(key for key in setup.fields if key.startswith("opt:"))
    before = setup.fields[option].value
    setup.fields[option].step(-1)
    assert setup.fields[option].value != before
    setup.changed(option, setup.fields[option].value)
    chosen = {key: field.value for key, field in setup.fields.items()}
    setup.start()
    assert not setup.error
    assert run_frames(app, lambda: table_scene(app) is not None, 20)
    app.to_title()

    saved = config.load_settings()[0].single
    assert saved["game"] == game and saved["bots"] == chosen["bots"]
    again = app.goto("setup", "single")
    assert {key: field.value for key, field in again.fields.items()} == chosen


def test_saved_choices_that_no_longer_fit_leave_the_defaults(make_app):
    app = make_app()
    app.settings.single = json.loads(
        '{"game": "quando", "bots": 9, "level": "godlike", "options": {"quando": 3, "x": {}}}'
    )
    setup = app.goto("setup", "single")
    assert (setup.values["game"], setup.values["bots"], setup.values["level"]) == (
        "quando", 3, "normal"
    )
    app.settings.single = {"options": {"quasenbo": {"double": 1, "hand_size": True,
                                                    "pawns": True}}}
    chosen = app.goto("setup", "single").options["quasenbo"]
    assert chosen["double"] is False and chosen["hand_size"] == 7 and chosen["pawns"] is True


def test_options_the_engine_refuses_are_explained_with_the_games_title(make_app):
    app = make_app()
    setup = app.goto("setup", "single")
    setup.changed("game", "quasenbo")
    setup.changed("bots", 3)
    setup.changed("opt:hand_size", 9)
    setup.start()
    assert setup.error == (
        "Quäsenbö cannot start with these choices: 4 hands of 9 cards and a starting card "
        "need 37 cards; this deck has 36."
    )
    assert app.scenes[-1] is setup, "no game started"


def test_a_server_that_does_not_answer_is_said_in_words(make_app):
    app = make_app(retry_for=0.0)
    join = app.goto("join")
    join.address.value = "127.0.0.1:1"  # nothing listens there
    join.connect()
    assert run_frames(app, lambda: not join.message.startswith("Connecting"), 10)
    assert join.message == (
        "No connection: the server at 127.0.0.1:1 did not answer (connection refused)"
    )
