"""The layout adapts to the window: at every size and player count nothing leaves the window
and no two places (or two zones' cards) overlap."""

import itertools
import random

import pytest

from game.client import i18n, layout, widgets
from game.client.games import CLIENT_GAMES
from game.client.scenes.table import TableScene
from game.rules import GAMES, new_game, view_digest

SIZES = [(800, 480), (960, 540), (1280, 720), (1920, 1080), (1280, 1024), (2560, 1080)]


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("size", SIZES)
def test_places_stay_inside_and_apart(game, size):
    cls = GAMES[game]
    for players in range(cls.min_players, cls.max_players + 1):
        geo = CLIENT_GAMES[game].layout(size, players, 0)
        regions = geo.regions()
        for name, rect in regions:
            assert (
                rect.left >= 0
                and rect.top >= 0
                and rect.right <= size[0]
                and rect.bottom <= size[1]
            ), (game, size, players, name, rect)
        for (a, ra), (b, rb) in itertools.combinations(regions, 2):
            assert not ra.colliderect(rb), (game, size, players, a, ra, b, rb)


def zones(table) -> dict:
    """Each sprite's zone: the seat's hand or grid, a pile, the row."""
    out = {}
    for seat, hand in enumerate(getattr(table, "hands", [])):
        for sprite in hand:
            out[sprite] = f"hand{seat}"
    for seat, grid in enumerate(getattr(table, "grids", [])):
        for row in grid:
            for sprite in row:
                out[sprite] = f"grid{seat}"
    for name in ("discard", "row"):
        for sprite in getattr(table, name, []):
            out[sprite] = name
    if getattr(table, "pile", None) is not None:
        out[table.pile] = "pile"
    return out


def busy_state(game: str, players: int, seed: int):
    """A game some random steps in, with hands as big as random play makes them."""
    rng = random.Random(seed)
    options = {
        "quasenbo": {"double": True, "pawns": True, "courts": True, "excuse": True, "hand_size": 5}
    }.get(game, {})
    state = new_game(game, players, seed, options)
    for _ in range(60):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "game,players",
    [("quando", 6), ("quando", 2), ("blanco", 5), ("blanco", 2), ("quasenbo", 8), ("quasenbo", 3)],
)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_cards_of_different_zones_do_not_overlap(make_app, game, players, size):
    app = make_app(size=size)
    state = busy_state(game, players, 3)
    view = state.view(0)
    app.session = None
    room = {"players": players, "seats": []}
    from types import SimpleNamespace

    app.session = SimpleNamespace(
        room=room, seat=0, close=lambda: None, poll=lambda: [], keep_problem=None, connected=True
    )
    update = {
        "t": "update",
        "room": "r",
        "step": state.step,
        "events": [],
        "digest": view_digest(view),
        "to_move": state.to_move,
        "clock": None,
        "view": view,
    }
    scene = TableScene(app, update)
    app.reset(scene)
    for _ in range(30):
        scene.update(1 / 60)
    table = scene.table
    owner = zones(table)
    sprites = [s for s in table.stage.sprites if s in owner]
    for sprite in sprites:
        r = sprite.rect
        assert r.left >= 0 and r.top >= 0 and r.right <= size[0] and r.bottom <= size[1], (
            owner[sprite],
            r,
        )
    # A card's picture has a transparent margin of about 5% for its shadow: allow that much.
    for a, b in itertools.combinations(sprites, 2):
        if owner[a] != owner[b] and {owner[a], owner[b]} != {"discard"}:
            ra = a.rect.inflate(-a.rect.width // 8, -a.rect.height // 8)
            rb = b.rect.inflate(-b.rect.width // 8, -b.rect.height // 8)
            assert not ra.colliderect(rb), (owner[a], a.rect, owner[b], b.rect)


@pytest.mark.parametrize("code", ["en", "it", "de", "fr"])
def test_the_viewers_estimates_chooser_says_both_choices_whole_in_the_smallest_window(
    make_app, code
):
    """The analysis graph's switch between each seat's own estimates and every card seen
    keeps its words whole at 960×540 in every language ("Eigene Si…" was cut)."""
    make_app()
    i18n.set_language(code)
    geo = layout.viewer((960, 540))
    labels = [("fair", i18n._("Own view")), ("seeing", i18n._("All cards"))]
    for value, label in labels:
        choice = widgets.Choice(geo.estimates, labels, value)
        picture = widgets.Picture((960, 540))
        choice.draw(picture)
        [(said, _box, where)] = picture.texts
        assert said == label
        assert where.width + 2 >= widgets.text_width(label, widgets.MIN_SIZE), f"{label!r} cut"
