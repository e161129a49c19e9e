"""The Settings screen offers what fits and shows what is, its selectors stop at their ends,
and a language tried out but not saved is undone on leaving."""

from __future__ import annotations

import pygame

from game.client import i18n, widgets
from game.client.config import PACES, load_settings


def test_window_sizes_fit_the_screen_and_the_current_size_is_shown(make_app):
    app = make_app(size=(1000, 600))
    scene = app.goto("settings")
    screen = max(pygame.display.get_desktop_sizes())
    sizes = [value for value, _ in scene.size_choice.options]
    assert all(w <= screen[0] and h <= screen[1] for w, h in sizes if (w, h) != app.size)
    assert scene.size_choice.value == (1000, 600)
    assert [value for value, _ in scene.pace_choice.options] == list(PACES)
    assert scene.pace_choice.value == app.settings.pace


def test_a_selector_stops_at_its_ends_but_a_switch_flips():
    changes = []
    counts = widgets.Choice(
        pygame.Rect(0, 0, 200, 40), [(n, str(n)) for n in range(1, 6)], 1, on_change=changes.append
    )
    counts.step(-1)
    assert counts.value == 1 and changes == []
    for _ in range(7):
        counts.step(1)
    assert counts.value == 5 and changes == [2, 3, 4, 5]
    switch = widgets.Choice(pygame.Rect(0, 0, 200, 40), [(True, "On"), (False, "Off")], True)
    switch.step(-1)
    assert switch.value is False


def test_a_run_only_name_stays_out_of_the_file_and_only_an_answering_address_goes_in(
    make_app, tmp_path
):
    from game.client import config

    path = tmp_path / "settings.json"
    config.save_settings(config.Settings(name="Ann", address="127.0.0.1:7777"), path)
    app = make_app()
    app.settings_file = path
    app.settings.name = "Bob"  # as `--name Bob` sets it, for this run
    join = app.goto("join")
    join.address.value = "127.0.0.1:1"  # nothing listens there
    join.connect()
    assert config.load_settings(path)[0].address == "127.0.0.1:7777"
    app.remember(address="127.0.0.1:9999")
    saved = config.load_settings(path)[0]
    assert saved.address == "127.0.0.1:9999" and saved.name == "Ann"
    assert app.settings.address == "127.0.0.1:9999" and app.settings.name == "Bob"


def test_back_without_saving_restores_the_saved_language(make_app):
    app = make_app()
    scene = app.goto("settings")
    scene.language_choice.step(2)
    assert i18n.language() == scene.language_choice.value != "en"  # tried out live
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.frame(1 / 60)
    assert app.top is not scene
    assert i18n.language() == app.settings.language == "en"
    scene = app.goto("settings")
    scene.language_choice.step(1)
    chosen = scene.language_choice.value
    scene.save()
    scene.leave()
    assert i18n.language() == app.settings.language == chosen
    assert load_settings(app.settings_file)[0].language == chosen


def test_a_name_too_long_is_cut_with_a_word_and_the_field_counts(make_app):
    """Typed past its 24 characters, the name field keeps 24 and says so – the scene's
    message and the field's own count – instead of dropping the rest in silence."""
    app = make_app()
    scene = app.goto("settings")
    field = scene.name_field
    assert scene.form.widgets[scene.form.focus_index] is field
    for _ in range(len(field.value)):
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")
        )
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Annabelle-Marie de la Tour"))
    for _ in range(3):
        app.frame(1 / 60)
    assert field.value == "Annabelle-Marie de la To"
    assert field.count_words() == "24/24"
    assert scene.message == "A name has at most 24 characters."
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    app.frame(1 / 60)
    assert field.count_words() == "23/24" and scene.message == ""


def test_what_the_last_save_said_goes_when_another_language_is_tried(make_app):
    """The last save's words ("Enregistré.") stayed on a page relabelled in German."""
    app = make_app()
    scene = app.goto("settings")
    scene.language_choice.step(1)
    scene.save()
    assert scene.message
    scene.language_choice.step(1)
    assert scene.message == "" and i18n.language() == scene.language_choice.value
