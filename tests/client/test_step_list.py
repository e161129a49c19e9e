"""The replay viewer's step list shows each step's whole text, wrapped to the list (a round's
end with five players' scores included), and the scrub knob keeps off its "step n of m"
label – in every language, at the smallest window."""

from __future__ import annotations

import pygame
import pytest

from game.client import i18n, layout, widgets
from game.client.scenes.replays import ReplaysScene
from game.client.scenes.viewer import ViewerScene
from tests.client.test_play import run

SIZE = (960, 540)


@pytest.fixture
def drawn(monkeypatch) -> dict[str, list]:
    """Every text picture rendered ("texts", kept: a row's picture is made once and kept)
    and, per frame, every label placed with `blit_text` and where it landed ("labels")."""
    seen: dict[str, list] = {"texts": [], "labels": []}
    text, blit = widgets.text, widgets.blit_text

    def recorded_text(value, size, color=(255, 255, 255)):
        seen["texts"].append(value)
        return text(value, size, color)

    def recorded_blit(surface, value, size, color, rect, align="center"):
        where = blit(surface, value, size, color, rect, align)
        seen["labels"].append((value, where))
        return where

    monkeypatch.setattr(widgets, "text", recorded_text)
    monkeypatch.setattr(widgets, "blit_text", recorded_blit)
    return seen


def words(value: str) -> list[str]:
    return value.split()


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_step_rows_show_their_whole_text_and_the_knob_keeps_off_its_label(
    make_app, drawn, language, golden
):
    app = make_app(size=SIZE)
    app.set_language(language)
    app.push(ReplaysScene(app, path=golden / "quando-5p.ctr"))
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
    viewer = app.top
    playback = viewer.playback
    ends = [*playback.round_starts[1:], playback.length]  # the steps that end a round
    assert len(ends) >= 3
    list_width = viewer.geo.steps.width
    long_rows = 0
    for position in [0, playback.length // 2, *ends]:
        viewer.jump(position)
        drawn["labels"].clear()
        app.draw(app.screen)
        shown = [p for p, _rect in viewer.shown_rows()]
        assert position in shown
        for row in shown:
            first, second = viewer.step_texts(row)
            lines = viewer.row_lines(row)
            assert words(" ".join(line for line, _size in lines)) == words(f"{first} {second}")
            for line, size in lines:
                assert widgets.text_width(line, size) <= list_width, (row, line)
                assert line in drawn["texts"], (row, line)  # drawn whole, not elided
            rect = viewer.row_rect(row)
            assert rect is not None and viewer.geo.steps.contains(rect)
            assert rect.height >= sum(widgets.text(line, size).get_height() for line, size in lines)
            long_rows += len(lines) > 2
        label = next(
            where
            for value, where in drawn["labels"]
            if value.startswith(i18n._("step {n} of {total}").split("{n}")[0])
            and viewer.geo.position.contains(where)
        )
        knob = viewer.knob_rect()
        assert not knob.colliderect(label), (position, knob, label)
        assert viewer.geo.controls.contains(knob)
    assert long_rows, "no row needed more than two lines: the check proved nothing"


def test_a_click_on_a_tall_row_jumps_to_its_step(make_app, golden):
    app = make_app(size=SIZE)
    app.push(ReplaysScene(app, path=golden / "quando-5p.ctr"))
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
    viewer = app.top
    end = viewer.playback.round_starts[1]  # the step that ends the first round
    viewer.jump(end + 2)
    rect = viewer.row_rect(end)
    assert rect is not None and len(viewer.row_lines(end)) > 2
    assert viewer.row_at((rect.centerx, rect.bottom - 2)) == end
    assert viewer.row_at((rect.centerx, rect.top + 1)) == end
    viewer.jump(0)
    assert viewer.row_at(pygame.Rect(viewer.row_rect(0)).center) == 0


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (800, 600)])
def test_the_knob_at_either_end_stays_inside_the_controls_and_off_the_label(size):
    geo = layout.viewer(size)
    bar = geo.scrub
    radius = layout.knob_radius(bar.height)
    for x in (bar.left, bar.right):
        knob = pygame.Rect(x - radius, bar.centery - radius, 2 * radius + 1, 2 * radius + 1)
        assert geo.controls.contains(knob) and not knob.colliderect(geo.position), (size, x)


def test_a_steps_who_and_what_follow_the_languages_colon(make_app, golden):
    """French puts a no-break space before ":" – in a step's "who: what" and in the view
    list's "1: name" too, which the code alone would write the English way."""
    app = make_app(size=SIZE)
    app.set_language("fr")
    app.push(ReplaysScene(app, path=golden / "quando-5p.ctr"))
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
    viewer = app.top
    name = viewer.table.seats.name(viewer.playback.entries[0].seat)
    first, _second = viewer.step_texts(1)
    assert f"{name}\u00a0: " in first, first
    assert f"{name}: " not in first
    labels = [label for _eyes, label in viewer.eyes_choice.options]
    assert labels[0] == f"1\u00a0: {viewer.shown_name(0)}", labels


def test_a_take_from_the_discard_is_named_through_every_pair_of_eyes(make_app, golden):
    """Only the taker is sent the card a take from Blanco's discard pile takes; the step list
    names it through the other seat's eyes too, from the view before the step."""
    app = make_app(size=SIZE)
    app.push(ReplaysScene(app, path=golden / "blanco-2p.ctr"))
    assert run(app, lambda: isinstance(app.top, ViewerScene) and app.top.ready, 30)
    viewer = app.top
    takes = [
        (position, entry.seat)
        for position, entry in enumerate(viewer.playback.entries, 1)
        if list(entry.action) == ["take", "discard"]
    ]
    assert takes, "the golden game has no take from the discard pile"
    for position, seat in takes:
        viewer.set_eyes(1 - seat)
        _first, second = viewer.step_texts(position)
        assert "from the discard pile" in second and "a card from" not in second, second
