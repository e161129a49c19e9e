"""The translations: every source string has a finished entry in each language's catalogue
(the template regenerated from the sources, as `python -m game.client.i18n extract` makes
it), placeholders and plural forms agree, and the language machinery – switching, the
system's language, plurals, numbers, refusals from the server – does what it says."""

from __future__ import annotations

import ast
import re
import time
from datetime import datetime

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from game.__main__ import parse_args
from game.client import i18n
from game.client.hosting import start_host
from game.client.i18n import LANGUAGES, SOURCE, _, ngettext
from game.client.refusals import error_text, status_text
from game.client.scenes.lobby import LobbyScene
from game.rules import IllegalAction, new_game
from net.client import status_message
from net.schema import error
from tests.client.conftest import ROOT
from tests.client.test_play import run

OTHERS = [code for code in LANGUAGES if code != SOURCE]
LANGUAGES_ORDER = list(LANGUAGES)
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}|%\((\w+)\)[sd]")


def placeholders(text: str) -> set[str]:
    """The named placeholders of `text`: str.format's {name} and printf's %(name)s."""
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def catalogue(code: str) -> Catalog:
    with i18n.catalogue(code).open("rb") as po:
        return read_po(po, locale=code, domain=i18n.DOMAIN)


def problems(template: Catalog, catalog: Catalog) -> list[str]:
    """What keeps `catalog` from translating every message of `template`: a missing, fuzzy
    or empty entry, a placeholder the translation drops or invents, a plural entry without
    every form its language needs."""
    found = []
    forms = catalog.num_plurals
    for message in template:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        entry = catalog.get(key, context=message.context)
        if message.context:
            key = f"{message.context}|{key}"
        if entry is None:
            found.append(f"missing: {key!r}")
            continue
        if entry.fuzzy:
            found.append(f"fuzzy: {key!r}")
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if isinstance(message.id, tuple) and len(strings) != forms:
            found.append(f"{len(strings)} plural forms, {forms} needed: {key!r}")
        if not all(strings):
            found.append(f"empty: {key!r}")
            continue
        wanted = set().union(*(placeholders(s) for s in sources))
        for string in strings:
            if placeholders(string) - wanted or (
                not isinstance(message.id, tuple) and placeholders(string) != wanted
            ):
                found.append(f"placeholders {placeholders(string)} for {wanted}: {key!r}")
    return found


@pytest.fixture(scope="module")
def template() -> Catalog:
    return i18n.extract(ROOT)


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    i18n.set_language(SOURCE)


# --- the catalogues ---------------------------------------------------------------------------


@pytest.mark.parametrize("code", OTHERS)
def test_every_source_string_has_a_finished_entry(template, code):
    assert problems(template, catalogue(code)) == []


def test_the_committed_template_is_the_sources_template(template, tmp_path):
    fresh = tmp_path / "cardtable.pot"
    i18n.write_template(template, fresh)
    with fresh.open("rb") as new, i18n.template_path(ROOT).open("rb") as old:
        assert {(m.context, m.id) for m in read_po(new)} == {
            (m.context, m.id) for m in read_po(old)
        }, "run `python -m game.client.i18n update` and translate what is new"


def test_a_new_source_string_without_an_entry_is_found(template):
    grown = Catalog()
    for message in template:
        if message.id:
            grown.add(message.id, context=message.context)
    grown.add("A sentence nobody has translated yet")
    assert problems(grown, catalogue("de")) == ["missing: 'A sentence nobody has translated yet'"]


def test_a_dropped_placeholder_and_a_fuzzy_entry_are_found(template):
    broken = catalogue("it")
    broken.get("Connected to {address}.").string = "Connesso."
    broken.get("Reconnected.").flags.add("fuzzy")
    assert sorted(problems(template, broken)) == [
        "fuzzy: 'Reconnected.'",
        "placeholders set() for {'address'}: 'Connected to {address}.'",
    ]


def test_the_extractor_finds_engine_refusals_and_option_labels(template):
    assert template.get("your hand has cards 0 to {last}") is not None
    assert template.get("Game ends at (points)") is not None
    assert template.get("the rules do not allow that action now") is not None  # net.schema


@pytest.mark.parametrize("code", OTHERS)
def test_each_catalogue_states_its_plural_rule(code):
    assert (
        catalogue(code).plural_expr == {"it": "(n != 1)", "de": "(n != 1)", "fr": "(n > 1)"}[code]
    )


# --- the language at run time -----------------------------------------------------------------


def test_switching_language_changes_every_following_lookup_at_once():
    assert _("Settings") == "Settings"
    i18n.set_language("de")
    assert _("Settings") == "Einstellungen"
    i18n.set_language("fr")
    assert _("Settings") == "Réglages"
    i18n.set_language("en")
    assert _("Settings") == "Settings"


def test_an_unknown_language_is_refused_and_the_current_one_kept():
    i18n.set_language("it")
    with pytest.raises(KeyError):
        i18n.set_language("xx")
    assert i18n.language() == "it" and _("Settings") == "Impostazioni"


def test_plural_forms_follow_each_languages_rule():
    words = {code: [] for code in LANGUAGES}
    for code in LANGUAGES:
        i18n.set_language(code)
        for n in (0, 1, 2):
            words[code].append(ngettext("{n} card", "{n} cards", n).format(n=n))
    assert words["en"] == ["0 cards", "1 card", "2 cards"]
    assert words["it"] == ["0 carte", "1 carta", "2 carte"]
    assert words["de"] == ["0 Karten", "1 Karte", "2 Karten"]
    assert words["fr"] == ["0 carte", "1 carte", "2 cartes"]  # French: 0 is singular


def test_numbers_and_dates_are_written_the_players_way():
    moment = datetime(2026, 3, 9, 14, 5)
    shown = {}
    for code in LANGUAGES:
        i18n.set_language(code)
        shown[code] = (i18n.number(1234.5, 1), i18n.date_time(moment))
    assert shown["en"][0] == "1,234.5" and shown["de"][0] == "1.234,5"
    assert shown["it"][0] == "1.234,5" and shown["fr"][0] == "1\u202f234,5"
    assert shown["de"][1].startswith("09.03.26") and shown["en"][1].startswith("3/9/26")


def test_whole_numbers_are_written_as_babel_writes_them():
    # number() writes whole numbers itself (Babel's locale data costs memory): the same text.
    values = [0, 7, -7, 999, -999, 1000, -1000, 12345, 999999, 1234567, -98765432, 10**12]
    for code in LANGUAGES:
        i18n.set_language(code)
        for value in values:
            assert i18n.number(value) == format_decimal(value, locale=code), (code, value)
            expected = format_decimal(value, format="#,##0", locale=code)
            assert i18n.number(value, 0) == expected, (code, value)


@pytest.mark.parametrize(
    ("code", "plain", "signed"),
    [
        ("en", "45%", "+12%"),
        ("it", "45%", "+12%"),
        ("de", "45\xa0%", "+12\xa0%"),
        ("fr", "45\xa0%", "+12\xa0%"),
    ],
)
def test_percentages_are_written_the_players_way(code, plain, signed):
    i18n.set_language(code)
    assert i18n.percent(0.449) == plain
    assert i18n.percent(0.12, signed=True) == signed
    assert i18n.percent(-0.12, signed=True) == "-" + signed[1:]


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "nl:fr:en", "LANG": "it_IT.UTF-8"}, "fr"),
        ({"LC_ALL": "it_IT", "LANG": "de_DE"}, "it"),
        ({"LC_MESSAGES": "fr_CA.UTF-8@euro"}, "fr"),
        ({"LANG": "ja_JP.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_the_systems_language_is_the_first_one_we_speak(environ, expected):
    assert i18n.system_language(environ) == expected


def test_a_language_switch_is_quick():
    """Compiling a catalogue happens once per language; switching back and forth is then a
    lookup (the figure measured is in the README)."""
    i18n.translations.cache_clear()
    start = time.perf_counter()
    i18n.set_language("de")
    first = time.perf_counter() - start
    start = time.perf_counter()
    for _round in range(100):
        i18n.set_language("fr")
        i18n.set_language("de")
    again = (time.perf_counter() - start) / 200
    assert first < 2.0 and again < 0.001, (first, again)


# --- refusals from the server -------------------------------------------------------------------


def test_an_engine_refusal_is_a_template_whose_english_is_its_reason():
    state = new_game("quando", 4, 1)
    with pytest.raises(IllegalAction) as refused:
        state.apply(["play", [0, 1, 2, 3, 4, 5, 6, 7, 8]])
    err = refused.value
    assert err.template == "your hand has cards 0 to {last}" and err.params == {"last": 6}
    assert str(err) == err.reason == "your hand has cards 0 to 6"


def test_a_refusal_is_shown_in_the_players_language():
    reply = error(
        "illegal_action",
        "your hand has cards 0 to 6",
        template="your hand has cards 0 to {last}",
        params={"last": 6},
    )
    assert error_text(reply) == "your hand has cards 0 to 6"
    i18n.set_language("it")
    assert error_text(reply) == "la tua mano ha le carte da 0 a 6"
    i18n.set_language("de")
    assert error_text(error("seat_taken", "seat 2 is not open")) == "dieser Platz ist nicht frei"


def test_a_template_from_another_version_falls_back_to_the_servers_words():
    i18n.set_language("fr")
    reply = error("illegal_action", "no such thing", template="no {such} thing", params={})
    assert error_text(reply) == "no such thing"
    assert error_text({"t": "error", "code": "new_code", "message": "as sent"}) == "as sent"


def test_connection_news_is_worded_in_the_players_language():
    refused = status_message("closed", "no_answer", address="127.0.0.1:5", cause="refused")
    gave_up = status_message("closed", "gave_up", seconds=150)
    bye = status_message("closed", "said", code="shutting_down", text="the server stops")
    strange = status_message("closed", "lost", cause="host is down")
    assert status_text(refused) == "the server at 127.0.0.1:5 did not answer (connection refused)"
    i18n.set_language("de")
    assert status_text(refused) == (
        "der Server unter 127.0.0.1:5 antwortet nicht (Verbindung abgelehnt)"
    )
    assert status_text(gave_up) == "Wiederverbinden nach 150 s aufgegeben"
    assert "server stops" not in status_text(bye)
    assert status_text(strange).endswith("(host is down)"), "the system's own words stay"
    assert status_text({**refused, "reason": "newer"}) == refused["message"]


# --- the open scene -----------------------------------------------------------------------------


def test_choosing_a_language_in_the_settings_relabels_every_open_scene_at_once(make_app):
    app = make_app()
    title = app.top
    settings = app.goto("settings")
    assert [w.label for w in settings.form.widgets[-2:]] == ["Back", "Save"]
    settings.language_choice.step(LANGUAGES_ORDER.index("de") - LANGUAGES_ORDER.index("en"))
    assert i18n.language() == "de" and app.settings.language == "de"
    assert [w.label for w in app.top.form.widgets[-2:]] == ["Zurück", "Speichern"]
    assert title.form.widgets[0].label == "Schnelles Spiel – Quando gegen 3 Bots"
    app.frame(1 / 60)
    settings.save()
    assert settings.message == "Gespeichert."


def test_the_lobby_ready_button_speaks_the_players_language(make_app):
    """The button's label follows the seat's readiness every frame, in the language chosen."""
    app = make_app()
    app.set_language("de")
    start_host(app, "127.0.0.1", 0, "quando", 2, "random", {}, None, None)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    assert run(app, lambda: app.session is not None and app.session.seat == 0, 10)
    assert run(app, lambda: lobby.ready_button.label == "Bereit", 2)
    app.session.ready(True)
    assert run(app, lambda: lobby.ready_button.label == "Nicht bereit", 5)


def test_the_command_line_speaks_the_chosen_language(capsys):
    i18n.set_language("fr")
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("utilisation\xa0: python -m game") and "afficher cette aide" in out
    with pytest.raises(SystemExit):
        parse_args(["--tour"])
    err = capsys.readouterr().err
    assert "python -m game\xa0: erreur\xa0: --tour demande --screenshots DOSSIER" in err


SHOWN_AS_IS = {"Ag", "Quando  ·  Blanco  ·  Quäsenbö"}
"""Literal words drawn untranslated on purpose: a line height's measure, the games' names."""


def test_no_words_are_drawn_without_the_catalogue():
    """A literal string handed straight to what draws words on the screen would show in
    English in every language (Quando's "TRIPLET!" flourish did)."""
    # What draws words, and where among its arguments the words stand.
    drawers = {"flourish": 0, "show": 0, "text": 0, "fit_text": 0, "blit_wrapped": 0, "elided": 0}
    drawers.update(blit_text=1, Button=1)
    found = []
    for path in sorted((ROOT / "game" / "client").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = getattr(func, "attr", None) or getattr(func, "id", None)
            at = drawers.get(name or "")
            if at is None or len(node.args) <= at:
                continue
            words = node.args[at]
            if (
                isinstance(words, ast.Constant)
                and isinstance(words.value, str)
                and re.search("[A-Za-z]", words.value)
                and words.value not in SHOWN_AS_IS
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {words.value!r}")
    assert found == []
