"""The single-player and the host setups offer again the choices the last game was started
with."""

from __future__ import annotations

import json
import socket

import pytest

from game.client import config, i18n, widgets
from game.client.autoplay import run_frames, table_scene
from game.client.scenes import options_text
from game.rules import GAMES


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


def test_the_last_hosting_choices_come_back(make_app):
    app = make_app()
    setup = app.goto("setup", "host")
    assert setup.values["players"] == 4, "the defaults when nothing was saved"
    for key, steps in (
        ("players", -2),
        ("timer", 2),
        ("hints", 1),
        ("grace", 1),
        ("interface", 10),
    ):
        setup.fields[key].step(steps)
        setup.changed(key, setup.fields[key].value)
    option = next(key for key in setup.fields if key.startswith("opt:"))
    setup.fields[option].step(1)
    setup.changed(option, setup.fields[option].value)
    with socket.socket() as probe:  # a port free now, for the server to listen on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    setup.texts["port"].value = str(port)
    setup.texts["code"].value = "owl"
    chosen = {key: field.value for key, field in setup.fields.items()}
    assert chosen["players"] == 2 and chosen["hints"] is True
    assert chosen["interface"] == "127.0.0.1"
    setup.start()
    assert not setup.error and app.hosted is not None
    app.to_title()

    saved = config.load_settings()[0].host
    assert saved["players"] == 2 and saved["port"] == str(port)
    again = app.goto("setup", "host")
    assert {key: field.value for key, field in again.fields.items()} == chosen


@pytest.mark.parametrize("mode", ["single", "host"])
def test_choosing_another_game_moves_no_row_above_its_options(make_app, mode):
    """A click after choosing the game lands where the player saw the row: the rows do not
    spread or close up with the chosen game's number of options; and in the smallest window
    every row, the most options' too, stays clear of the Back and Start buttons."""
    setup = make_app(size=(960, 540)).goto("setup", mode)
    buttons = [w.rect for w in setup.form.widgets if isinstance(w, widgets.Button)]
    before = {k: f.rect.copy() for k, f in setup.fields.items() if not k.startswith("opt:")}
    first_option = None
    for _ in GAMES:
        setup.fields["game"].step(1)
        setup.changed("game", setup.fields["game"].value)
        now = {k: f.rect for k, f in setup.fields.items() if not k.startswith("opt:")}
        assert now == before, setup.values["game"]
        option = next(f.rect for k, f in setup.fields.items() if k.startswith("opt:"))
        assert first_option in (None, option), "the first option's row moved"
        first_option = option
        rows = [f.rect for f in setup.fields.values()] + [rect for _, rect in setup.labels]
        assert not [r for r in rows if r.collidelist(buttons) >= 0], setup.values["game"]


def test_saved_choices_that_no_longer_fit_leave_the_defaults(make_app):
    app = make_app()
    app.settings.single = json.loads(
        '{"game": "quando", "bots": 9, "level": "godlike", "options": {"quando": 3, "x": {}}}'
    )
    setup = app.goto("setup", "single")
    assert (setup.values["game"], setup.values["bots"], setup.values["level"]) == (
        "quando",
        3,
        "normal",
    )
    app.settings.single = {"options": {"quasenbo": {"double": 1, "hand_size": True, "pawns": True}}}
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


@pytest.mark.parametrize(("language", "thousand"), [("en", "1,000"), ("de", "1.000")])
def test_numbers_are_written_the_players_way_in_the_setup_and_the_lobby(
    make_app, language, thousand
):
    app = make_app()
    i18n.set_language(language)
    try:
        setup = app.goto("setup", "single")
        while setup.values["game"] != "blanco":
            setup.fields["game"].step(1)
            setup.changed("game", setup.fields["game"].value)
        labels = [label for _value, label in setup.fields["opt:max_turns"].options]
        assert thousand in labels, labels
        assert options_text("blanco", {"max_turns": 1000}).endswith(thousand)
    finally:
        i18n.set_language(i18n.SOURCE)
