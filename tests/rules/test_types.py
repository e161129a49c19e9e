"""The engines' TypedDicts hold what they send: every view, open view and event of random
games, as each seat and a spectator get them, checked value by value against its type."""

from __future__ import annotations

import random
import types
import typing
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest

from game.rules import GAMES, new_game
from game.rules.blanco import BlancoEvent, BlancoView
from game.rules.quando import QuandoEvent, QuandoView
from game.rules.quasenbo import QuasenboEvent, QuasenboView

TYPES = {
    "quando": (QuandoView, QuandoEvent, {"target": 30}),
    "blanco": (BlancoView, BlancoEvent, {"max_turns": 80}),
    "quasenbo": (QuasenboView, QuasenboEvent, {"excuse": True, "double_quasenbo": True}),
}


def problems(value: Any, hint: Any, where: str) -> list[str]:
    """Where `value` is not of the type `hint` (a TypedDict, list, tuple, union, Literal or
    plain class), as "path: what"; [] when it is."""
    origin = get_origin(hint)
    if hint is Any:
        return []
    if typing.is_typeddict(hint):
        if type(value) is not dict:
            return [f"{where}: {value!r} is not a map"]
        # Read from the hints: with postponed annotations, a TypedDict cannot tell its
        # NotRequired keys by itself (its __required_keys__ holds them all).
        fields = get_type_hints(hint, include_extras=True)
        required = {k for k, t in fields.items() if get_origin(t) is not NotRequired}
        missing = (required if hint.__total__ else set()) - set(value)
        extra = set(value) - set(fields)
        found = [f"{where}: missing {sorted(missing)}"] if missing else []
        found += [f"{where}: not in {hint.__name__}: {sorted(extra)}"] if extra else []
        for key in set(value) & set(fields):
            found += problems(value[key], fields[key], f"{where}.{key}")
        return found
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} not in {hint}"]
    if origin in (Union, types.UnionType):
        options = [problems(value, option, where) for option in get_args(hint)]
        return [] if [] in options else min(options, key=len)
    if origin is NotRequired:
        return problems(value, get_args(hint)[0], where)
    if origin is list:
        if type(value) is not list:
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(hint)
        return [p for k, x in enumerate(value) for p in problems(x, item, f"{where}[{k}]")]
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if hint is int and type(value) is bool:
        return [f"{where}: {value!r} is a bool, not an int"]
    return [] if isinstance(value, hint) else [f"{where}: {value!r} is not {hint.__name__}"]


def event_types(union: Any) -> dict[str, Any]:
    """Each event TypedDict of `union` by the "type" values it stands for."""
    return {
        kind: member
        for member in get_args(union)
        for kind in get_args(get_type_hints(member)["type"])
    }


def test_every_game_has_its_types():
    assert set(TYPES) == set(GAMES)


@pytest.mark.parametrize("game", sorted(TYPES))
@pytest.mark.parametrize("seed", range(4))
def test_views_and_events_are_what_their_typeddicts_say(game, seed):
    view_type, event_union, options = TYPES[game]
    by_kind = event_types(event_union)
    players = 2 + seed % 3
    state = new_game(game, players, seed, options)
    pick = random.Random(seed)
    seats: list[int | None] = [*range(players), None]
    seen_kinds = set()
    while True:
        for seat in seats:
            assert problems(state.view(seat), view_type, f"view({seat})") == []
        assert problems(state.open_view(), view_type, "open_view") == []
        if state.is_over or state.step >= 1500:
            break
        for event in state.apply(pick.choice(state.legal_actions())):
            seen_kinds.add(event.type)
            assert event.type in by_kind, f"no TypedDict for {event.type!r}"
            for seat in seats:
                sent = event.for_seat(seat)
                assert problems(sent, by_kind[event.type], f"{event.type}({seat})") == []
    assert "next" in seen_kinds


def test_a_wrong_value_is_found():
    """The checker itself: a view with a phase its game does not have, or a key too many,
    does not pass."""
    view = new_game("blanco", 2, 1).view(0)
    assert problems(view, BlancoView, "view") == []
    assert problems({**view, "phase": "bidding"}, BlancoView, "view") != []
    assert problems({**view, "extra": 1}, BlancoView, "view") != []
    del view["box"]
    assert problems(view, BlancoView, "view") != []
