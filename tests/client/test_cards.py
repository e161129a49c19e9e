"""Procedural card pictures: every code renders at its size, cards differ, caching, errors,
faces worded in the player's language."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import itertools
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.client import cards, i18n, palette, sheets
from game.client.cards import BLANCO, DECKTET, QUANDO, card_size, render_card, render_quando_pair
from game.client.games import CLIENT_GAMES
from game.client.sprites import CardSprite
from game.rules.blanco import COLOURS
from game.rules.decktet import SUITS

WIDTHS = (48, 90, 160)
ROOT = Path(__file__).resolve().parents[2]

ART = {name: entry.art for name, entry in CLIENT_GAMES.items()}
"""Each game's look, by the engine's name."""


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


# --- the tables match RULES.md ---------------------------------------------------------


def test_tables_hold_the_codes_of_rules_md():
    assert cards.QUANDO_NUMBERS == tuple(range(11))
    assert COLOURS == (
        "red",
        "orange",
        "yellow",
        "lime",
        "green",
        "sky",
        "navy",
        "purple",
        "pink",
        "brown",
    )
    assert len(BLANCO.codes) == 120
    assert BLANCO.codes[:2] == ("red:1", "red:2")
    assert BLANCO.codes[-1] == "brown:12"
    # 36 base cards, the Excuse, 4 Pawns, 4 Courts.
    assert len(cards.DECKTET_CARDS) == 45
    assert list(cards.DECKTET_CARDS)[:7] == [
        "ace-moons",
        "ace-suns",
        "ace-waves",
        "ace-leaves",
        "ace-wyrms",
        "ace-knots",
        "author",
    ]
    assert cards.DECKTET_CARDS["author"] == ("2", ("moons", "knots"))
    assert cards.DECKTET_CARDS["chance-meeting"] == ("7", ("moons", "leaves"))
    assert cards.DECKTET_CARDS["windfall"] == ("C", ("knots",))
    assert cards.DECKTET_CARDS["light-keeper"] == ("P", ("suns", "waves", "knots"))
    assert cards.DECKTET_CARDS["window"] == ("Ct", ("suns", "leaves", "knots"))
    assert cards.DECKTET_CARDS["excuse"] == ("", ())


def test_decktet_ranks_have_the_right_number_of_suits():
    expected = {"A": 1, "C": 1, "P": 3, "Ct": 3, "": 0}
    per_rank: dict[str, int] = {}
    for rank, suits in cards.DECKTET_CARDS.values():
        assert len(suits) == expected.get(rank, 2)
        assert set(suits) <= set(SUITS)
        per_rank[rank] = per_rank.get(rank, 0) + 1
    assert per_rank == {"A": 6, **{str(n): 3 for n in range(2, 10)}, "C": 6, "P": 4, "Ct": 4, "": 1}


# --- every card renders ---------------------------------------------------------------------


def test_card_size_is_width_by_rounded_one_point_four():
    assert card_size(100) == (100, 140)
    assert card_size(48) == (48, 67)
    assert card_size(90) == (90, 126)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("game", ART)
def test_every_code_renders_at_its_size(game, width):
    for code in ART[game].codes:
        surface = render_card(code, width, art=ART[game])
        assert surface.get_size() == card_size(width), code
        assert surface.get_flags() & pygame.SRCALPHA
    back = render_card(None, width, art=ART[game])
    assert back.get_size() == card_size(width)


@pytest.mark.parametrize("game", ART)
def test_corners_are_transparent_and_the_middle_is_opaque(game):
    for code in (ART[game].codes[0], None):
        surface = render_card(code, 90, art=ART[game])
        w, h = surface.get_size()
        assert surface.get_at((0, 0)).a == 0
        assert surface.get_at((w // 2, h // 2)).a == 255


@pytest.mark.parametrize("game", ART)
def test_different_cards_give_different_pixels(game):
    faces = [pixels(render_card(code, 64, art=ART[game])) for code in ART[game].codes]
    assert len(set(faces)) == len(faces)


@pytest.mark.parametrize("game", ART)
def test_the_back_differs_from_every_face(game):
    back = pixels(render_card(None, 64, art=ART[game]))
    assert all(pixels(render_card(code, 64, art=ART[game])) != back for code in ART[game].codes)


def test_the_three_games_have_different_backs():
    backs = {pixels(render_card(None, 64, art=ART[game])) for game in ART}
    assert len(backs) == 3


# --- caching and aliases ----------------------------------------------------------------------


def test_cache_returns_the_same_object():
    first = render_card("navy:12", 90, art=BLANCO, highlight="legal")
    assert render_card("navy:12", 90, art=BLANCO, highlight="legal") is first
    assert render_card("navy:12", 91, art=BLANCO, highlight="legal") is not first
    assert render_quando_pair(3, 7, 90) is render_quando_pair(3, 7, 90)


def test_second_copy_in_a_double_deck_looks_like_the_first():
    assert render_card("author#2", 90, art=DECKTET) is render_card("author", 90, art=DECKTET)
    assert render_card("excuse#2", 48, art=DECKTET) is render_card("excuse", 48, art=DECKTET)


def test_a_face_down_card_shows_the_plain_back_whatever_its_code():
    back = render_card(None, 90, art=BLANCO)
    assert render_card("red:3", 90, art=BLANCO, face_up=False) is back
    assert render_card(None, 90, art=BLANCO, face_up=True) is back


# --- highlights ---------------------------------------------------------------------------


@pytest.mark.parametrize("game", ART)
def test_each_highlight_has_its_own_look(game):
    code = ART[game].codes[3]
    looks = [
        pixels(render_card(code, 90, art=ART[game], highlight=h)) for h in (None, *cards.HIGHLIGHTS)
    ]
    assert len(set(looks)) == len(looks)


def test_a_known_face_down_card_is_labelled_on_its_back():
    plain = pixels(render_card(None, 90, art=BLANCO))
    red3 = render_card("red:3", 90, art=BLANCO, face_up=False, highlight="known")
    red4 = render_card("red:4", 90, art=BLANCO, face_up=False, highlight="known")
    assert pixels(red3) != plain
    assert pixels(red3) != pixels(red4)
    # The label sits on the back: the card's bottom half is the plain back's.
    w, h = card_size(90)
    lower = pygame.Rect(0, h // 2 + 10, w, h // 2 - 10)
    assert pixels(red3.subsurface(lower)) == pixels(
        render_card(None, 90, art=BLANCO).subsurface(lower)
    )


# --- Quando's two sides ---------------------------------------------------------------------


def test_quando_pair_shows_the_other_side_too():
    single = render_card("3", 90, art=QUANDO)
    pair = render_quando_pair(3, 7, 90)
    assert pair.get_size() == card_size(90)
    assert pixels(pair) != pixels(single)
    assert pixels(pair) != pixels(render_quando_pair(3, 8, 90))
    assert render_quando_pair(3, None, 90) is single


@pytest.mark.parametrize("up, down", [(3, 3), (11, 2), (-1, 2), (2, 11), ("3", 7), (True, 7)])
def test_quando_pair_refuses_impossible_cards(up, down):
    with pytest.raises(ValueError):
        render_quando_pair(up, down, 90)


# --- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, code",
    [
        ("quando", "11"),
        ("quando", "-1"),
        ("quando", "07"),
        ("quando", "red:3"),
        ("blanco", "navy:13"),
        ("blanco", "navy:0"),
        ("blanco", "teal:3"),
        ("blanco", "navy"),
        ("quasenbo", "ace-stars"),
        ("quasenbo", "author#3"),
        ("quasenbo", "Author"),
        ("quasenbo", "7"),
    ],
)
def test_an_unknown_code_raises_a_clear_value_error(game, code):
    with pytest.raises(ValueError, match=re.escape(f"unknown {game} card code {code!r}")):
        render_card(code, 90, art=ART[game])


def test_a_two_sided_quando_code_points_to_render_quando_pair():
    with pytest.raises(ValueError, match="render_quando_pair"):
        render_card("3/7", 90, art=QUANDO)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"code": "3", "width": 10, "art": QUANDO}, "width"),
        ({"code": "3", "width": 5000, "art": QUANDO}, "width"),
        ({"code": "3", "width": 90.0, "art": QUANDO}, "width"),
        ({"code": "3", "width": 90, "art": QUANDO, "highlight": "glow"}, "highlight"),
        (
            {"code": None, "width": 90, "art": BLANCO, "face_up": False, "highlight": "known"},
            "known",
        ),
    ],
)
def test_bad_arguments_raise_value_error(kwargs, message):
    code = kwargs.pop("code")
    width = kwargs.pop("width")
    with pytest.raises(ValueError, match=message):
        render_card(code, width, **kwargs)


# --- colours and symbols can be told apart -------------------------------------------------


def _delta_e(a, b):
    """CIE76 colour difference: above about 10 two colours are plainly different."""

    def lab(c):
        def lin(v):
            v /= 255
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

        r, g, b = map(lin, c)
        x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

        def f(t):
            return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

        return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))

    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


@pytest.mark.parametrize(
    "colours",
    [
        palette.QUANDO_NUMBER_COLORS,
        tuple(palette.BLANCO_RGB[c] for c in COLOURS),
        tuple(palette.DECKTET_SUIT_RGB[s] for s in SUITS),
    ],
    ids=["quando", "blanco", "suits"],
)
def test_game_colours_are_clearly_distinct(colours):
    worst = min(_delta_e(a, b) for a, b in itertools.combinations(colours, 2))
    assert worst > 25


def test_blanco_symbols_differ_in_outline_alone():
    """Greyscale check: each colour's symbol silhouette must differ from every other's."""
    assert sorted(cards.BLANCO_SYMBOLS) == sorted(COLOURS)
    assert len(set(cards.BLANCO_SYMBOLS.values())) == len(COLOURS)
    masks = {}
    for name, parts in cards._BLANCO_SHAPES.items():
        cv = cards._Canvas(48)
        cards._draw_parts(cv, parts, 0.5, 0.7, 0.9, (0, 0, 0))
        masks[name] = pygame.mask.from_surface(cv.finish(), 127)
    for a, b in itertools.combinations(masks, 2):
        union = masks[a].count() + masks[b].count() - masks[a].overlap_area(masks[b], (0, 0))
        differing = union - masks[a].overlap_area(masks[b], (0, 0))
        assert differing / union > 0.12, (a, b)  # circle v. square, the closest pair, is 0.17


# --- no display needed; the contact-sheet tool ----------------------------------------------


def test_renders_without_a_display_and_never_opens_one():
    script = (
        "import pygame\n"
        "from game.client.cards import DECKTET, render_card\n"
        "s = render_card('author', 90, art=DECKTET, highlight='legal')\n"
        "assert s.get_size() == (90, 126)\n"
        "assert not pygame.display.get_init()\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


def test_contact_sheet_tool_writes_a_png_per_game_and_width(tmp_path):
    sheets.main(["--out", str(tmp_path)])
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    assert names == sorted([f"{g}-{w}.png" for g in ART for w in (96, 48)] + ["blanco-96-grey.png"])
    sheet = pygame.image.load(str(tmp_path / "blanco-96.png"))
    assert sheet.get_width() > 12 * 96


def test_fonts_survive_a_restart_of_pygame_font():
    palette.font(21)
    pygame.font.quit()
    pygame.font.init()
    assert palette.font(21).render("7", True, (0, 0, 0)).get_width() > 0
    # A width no other test uses, so the card's text is rendered afresh.
    assert render_card("9", 123, art=QUANDO).get_size() == card_size(123)


def test_a_face_is_worded_in_the_players_language_and_redrawn_on_a_switch():
    pygame.font.init()

    def picture(code: str) -> bytes:
        return pygame.image.tobytes(render_card(code, 120, art=DECKTET), "RGBA")

    try:
        english = {code: picture(code) for code in ("ace-knots", "excuse", "author")}
        sprite = CardSprite(DECKTET, "ace-knots", 120, (0, 0))
        shown = pygame.image.tobytes(sprite.image, "RGBA")
        i18n.set_language("de")
        assert picture("ace-knots") != english["ace-knots"]  # "Ass der Knoten"
        assert picture("excuse") != english["excuse"]  # "Sküs"
        assert picture("author") == english["author"]  # a personal name stays English
        sprite.refresh()
        assert pygame.image.tobytes(sprite.image, "RGBA") != shown
    finally:
        i18n.set_language(i18n.SOURCE)
    assert picture("ace-knots") == english["ace-knots"]
