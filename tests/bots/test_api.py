"""The bots reach the engines through their public API only: every name they import from
game.rules is in its module's `__all__`, and they change no object but their own."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import game.bots
from game.rules import GAMES, State, new_game

HERE = Path(game.bots.__file__).parent
BOTS = sorted(HERE.glob("*.py"))
ENGINES = [
    "game.rules",
    "game.rules.base",
    "game.rules.blanco",
    "game.rules.decktet",
    "game.rules.quando",
    "game.rules.quasenbo",
]
STATE_ATTRIBUTES = frozenset(name for game in GAMES for name in vars(new_game(game, 2, 0)))
"""Every attribute an engine state has: a bot that writes one writes into an engine."""


def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def engine_imports(module: ast.Module) -> list[tuple[str, str]]:
    """(module, name) of every `from game.rules... import name`; a plain `import game.rules...`
    as (module, "*"), which reaches past `__all__`."""
    out = []
    for node in ast.walk(module):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and (node.module == "game.rules" or node.module.startswith("game.rules."))
        ):
            out += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            out += [
                (alias.name, "*")
                for alias in node.names
                if alias.name == "game.rules" or alias.name.startswith("game.rules.")
            ]
    return out


def root_and_attributes(node: ast.expr) -> tuple[ast.expr, list[ast.Attribute]]:
    """The innermost object of a target like `a.b[1].c` (`a`) and the attributes on the way."""
    attributes = []
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute):
            attributes.append(node)
        node = node.value
    return node, attributes


def foreign_writes(module: ast.Module) -> list[int]:
    """Lines that assign to (or delete) an engine state's attribute, or an item inside one,
    on anything but `self`: e.g. `state.hands[s] = ...`, `state.rng.state = ...`. (A bot's
    own objects – tree nodes, tallies – have attributes of other names.)"""
    lines = []
    for node in ast.walk(module):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        else:
            continue
        flat: list[ast.expr] = []
        for target in targets:
            flat += target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
        for target in flat:
            root, attributes = root_and_attributes(target)
            if not (isinstance(root, ast.Name) and root.id == "self") and any(
                a.attr in STATE_ATTRIBUTES for a in attributes
            ):
                lines.append(node.lineno)
    return lines


def documented(cls: type) -> set[str]:
    """What a bot may read of a state of class `cls`: its public methods and properties,
    and the attributes its docstring or its base classes' name in backquotes."""
    names = {name for name in dir(cls) if not name.startswith("_")}
    for klass in cls.__mro__:
        names.update(re.findall(r"`(\w+)", klass.__doc__ or ""))
    return names


def state_reads(module: ast.Module) -> set[str]:
    """The attributes read of any name `state` (what the bots call an engine state)."""
    return {
        node.attr
        for node in ast.walk(module)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "state"
    }


def foreign_private_reads(module: ast.Module) -> list[int]:
    """Lines that read an underscored attribute of anything but `self` or `cls`."""
    return [
        node.lineno
        for node in ast.walk(module)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
    ]


@pytest.mark.parametrize("path", BOTS, ids=lambda p: p.name)
def test_bots_import_only_what_the_engines_list_in_their_all(path):
    for module, name in engine_imports(tree(path)):
        assert name != "*", f"{path.name}: imports {module} as a whole"
        public = importlib.import_module(module).__all__
        assert name in public, f"{path.name}: {name} is not in {module}.__all__"


@pytest.mark.parametrize("path", BOTS, ids=lambda p: p.name)
def test_bots_change_no_object_but_their_own(path):
    assert foreign_writes(tree(path)) == [], f"{path.name} writes into another object"
    assert foreign_private_reads(tree(path)) == [], f"{path.name} reads a private attribute"


@pytest.mark.parametrize("game", GAMES)
def test_bots_read_only_what_the_engines_document(game):
    assert state_reads(tree(HERE / f"{game}.py")) - documented(GAMES[game]) == set()


def test_engine_state_reads_of_the_search_are_documented():
    assert state_reads(tree(HERE / "ismcts.py")) - documented(State) == set()


@pytest.mark.parametrize("module", ENGINES)
def test_every_engine_module_lists_only_names_it_has(module):
    loaded = importlib.import_module(module)
    assert loaded.__all__ == sorted(set(loaded.__all__), key=loaded.__all__.index)
    assert [name for name in loaded.__all__ if not hasattr(loaded, name)] == []


def test_the_checks_catch_what_they_look_for():
    bad = ast.parse(
        "from game.rules.blanco import _Shape\nimport game.rules.quando\n"
        "state.hands[1] = []\nstate.rng.state = 0\nself.seen, s.draw = 1, 2\n"
        "del state.draw[0]\nx = state._legal_cache\nstate.passes += 1\n"
    )
    assert engine_imports(bad) == [("game.rules.blanco", "_Shape"), ("game.rules.quando", "*")]
    assert foreign_writes(bad) == [3, 4, 5, 6, 8]
    assert foreign_private_reads(bad) == [7]
    fine = ast.parse(
        "self.seen = 1\nself.hands[0] = []\nhands[0] = []\nx = state.hands\nnode.visits += 1\n"
    )
    assert foreign_writes(fine) == [] and foreign_private_reads(fine) == []
