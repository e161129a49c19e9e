"""The rules help holds every rule of docs/rules.md and nothing else: each rule id the doc
tags has a help section and each help section a tagged rule, every paragraph of the doc's
rules carries a tag, every game option is explained, and each page fits its panel."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pygame
import pytest

from game.client import i18n, widgets
from game.client.games import CLIENT_GAMES
from game.client.i18n import LANGUAGES
from game.client.rules_text import Section
from game.client.scenes.rules import PICTURES, RulesScene, page, section_text
from game.rules import GAMES

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
TAG = re.compile(r"<!-- rule: (.*?) -->")
HELP = {name: game.help for name, game in CLIENT_GAMES.items()}
NONE = re.compile(r"none \(.+\)")
HEADING = re.compile(r"\*\*[^*]+\*\*")
"""A line that only heads the paragraphs under it ("**Rulings.**")."""
PLAYERS_END = "**What a seat sees**"
"""Where a game's part of the doc turns from the rules to what the engine shows a seat."""


def rule_blocks(doc: str) -> list[str]:
    """The doc's rules, one entry per paragraph or list item: every `##` section from the
    first on, each game's only up to "What a seat sees" (the maintainers' part)."""
    blocks: list[str] = []
    body = doc[doc.index("\n## ") :]
    for section in body.split("\n## ")[1:]:
        text = section.split(PLAYERS_END, 1)[0]
        current: list[str] = []
        for line in text.splitlines()[1:]:
            if not line.strip() or line.startswith("- "):
                if current:
                    blocks.append("\n".join(current))
                current = [line] if line.strip() else []
            else:
                current.append(line)
        if current:
            blocks.append("\n".join(current))
    return blocks


def untagged(doc: str) -> list[str]:
    """The doc's rule paragraphs that name no help section and do not say why not."""
    return [
        block
        for block in rule_blocks(doc)
        if not TAG.search(block) and not HEADING.fullmatch(block)
    ]


def tagged_rules(doc: str) -> set[str]:
    """Every rule id the doc's tags name (`none (why)` names none). Raises ValueError for a
    tag that is neither ids nor `none (why)`."""
    ids: set[str] = set()
    for block in rule_blocks(doc):
        for tag in TAG.findall(block):
            if NONE.fullmatch(tag):
                continue
            words = tag.split()
            bad = [w for w in words if not re.fullmatch(r"(quando|blanco|quasenbo)\.[a-z_]+", w)]
            if bad or not words:
                raise ValueError(f"not a rule tag: {tag!r}")
            ids.update(words)
    return ids


def help_rules(help: dict[str, tuple[Section, ...]]) -> set[str]:
    """Every rule id the help has a section for."""
    return {section.rule for sections in help.values() for section in sections}


def mismatches(doc: str, help: dict[str, tuple[Section, ...]]) -> tuple[set[str], set[str]]:
    """(rules of the doc with no help section, help sections for no rule of the doc)."""
    doc_ids, help_ids = tagged_rules(doc), help_rules(help)
    return doc_ids - help_ids, help_ids - doc_ids


# --- the checks themselves ---------------------------------------------------------------


def test_every_rule_of_the_doc_is_tagged():
    assert untagged(DOC.read_text(encoding="utf-8")) == []


def test_help_and_doc_name_the_same_rules():
    missing, extra = mismatches(DOC.read_text(encoding="utf-8"), HELP)
    assert not missing, f"rules of docs/rules.md with no help section: {sorted(missing)}"
    assert not extra, f"help sections for no rule of docs/rules.md: {sorted(extra)}"


def test_sections_belong_to_their_game_and_appear_once():
    assert set(HELP) == set(GAMES)
    for game, sections in HELP.items():
        ids = [section.rule for section in sections]
        assert len(ids) == len(set(ids)), game
        assert all(rule.startswith(f"{game}.") for rule in ids), game
        assert all(section.title and section.text for section in sections), game
    assert set(PICTURES) <= help_rules(HELP)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_option_is_explained_with_its_default(game):
    explained = [name for section in HELP[game] for name in section.options]
    assert sorted(explained) == sorted(set(GAMES[game].OPTIONS) - {"deck"})
    for section in HELP[game]:
        for name in section.options:
            default = GAMES[game].OPTIONS[name].default
            if isinstance(default, int) and not isinstance(default, bool):
                named = str(default) in section.text or f"{{{name}}}" in section.text
                assert named, (section.rule, name, default)


@pytest.mark.parametrize(
    "language, written", [("en", "1,000"), ("it", "1.000"), ("de", "1.000"), ("fr", "1\u202f000")]
)
def test_a_default_the_help_names_is_written_the_players_way(make_app, language, written):
    make_app()
    i18n.set_language(language)
    [limit] = [section for section in HELP["blanco"] if section.rule == "blanco.turn_limit"]
    assert written in section_text("blanco", limit)


# --- the checks can fail -------------------------------------------------------------------


def test_a_rule_without_a_section_is_found():
    doc = DOC.read_text(encoding="utf-8").replace(
        "<!-- rule: quando.triplet -->", "<!-- rule: quando.triplet quando.bonus -->"
    )
    missing, _ = mismatches(doc, HELP)
    assert "quando.bonus" in missing


def test_a_section_without_a_rule_is_found():
    doc = DOC.read_text(encoding="utf-8").replace("<!-- rule: blanco.turn_limit -->", "")
    _, extra = mismatches(doc, HELP)
    assert "blanco.turn_limit" in extra
    assert any("max_turns" in block for block in untagged(doc))


def test_a_section_left_out_of_the_help_is_found():
    cut = {
        g: tuple(s for s in sections if s.rule != "quasenbo.last_card")
        for g, sections in HELP.items()
    }
    missing, _ = mismatches(DOC.read_text(encoding="utf-8"), cut)
    assert "quasenbo.last_card" in missing


def test_a_new_ruling_without_a_tag_is_found():
    doc = DOC.read_text(encoding="utf-8").replace(
        "**Rulings.**\n", "**Rulings.**\n- **Ruling:** a new ruling nobody tagged.\n", 1
    )
    assert untagged(doc) == ["- **Ruling:** a new ruling nobody tagged."]


def test_a_malformed_tag_is_refused():
    doc = DOC.read_text(encoding="utf-8").replace(
        "<!-- rule: quando.pass -->", "<!-- rule: Quando pass -->"
    )
    with pytest.raises(ValueError, match="not a rule tag"):
        tagged_rules(doc)


# --- the page on screen -------------------------------------------------------------------


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", list(GAMES))
def test_each_page_fits_its_panel_without_overlaps(make_app, game, size, language):
    app = make_app(size=size)
    app.set_language(language)
    scene = RulesScene(app, game)
    app.push(scene)
    width = scene.view.width
    for piece in scene.pieces:
        assert 0 <= piece.rect.left and piece.rect.right <= width, (piece.rect, width)
    for a, b in itertools.combinations(scene.pieces, 2):
        assert not a.rect.colliderect(b.rect), (a.rect, b.rect)
    pictures = sum(piece.kind == "picture" for piece in scene.pieces)
    assert pictures == sum(rule.startswith(f"{game}.") for rule in PICTURES)
    assert scene.height > scene.view.height
    app.frame(0.02)


def test_the_page_scrolls_to_its_end_and_tabs_turn_pages(make_app):
    app = make_app()
    scene = app.push(RulesScene(app, "quando"))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0))
    assert scene.scroll == scene.height - scene.view.height
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert (scene.game, scene.scroll) == ("blanco", 0)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    assert scene.game == "quasenbo"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_keys_every_table_has_are_listed_after_each_games_own(make_app, monkeypatch, game):
    make_app()
    said: list[str] = []
    real = widgets.text
    monkeypatch.setattr(
        widgets, "text", lambda value, *args, **kw: said.append(value) or real(value, *args, **kw)
    )
    page(game, 900, 1.0)
    words = " ".join(said)
    assert "H asks for a hint" in words and "L shows or hides the moves" in words
    assert "F1 opens these rules" in words
    assert ("S opens and closes the score sheet" in words) == CLIENT_GAMES[game].table.SHEET
