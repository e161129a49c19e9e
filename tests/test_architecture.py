"""The project's shape holds: no import cycle, each layer imports only what it may, every
module says what it is for, and mypy finds nothing."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(
    [*ROOT.joinpath("game").rglob("*.py"), *ROOT.joinpath("net").rglob("*.py"), ROOT / "server.py"]
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in SOURCES}


def imported(name: str, path: Path) -> set[str]:
    """Every project module that `name` imports, at the top or inside a function: an
    import hidden in a function to dodge a cycle is still a cycle."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            # `from package import module` imports the module; `from module import name`
            # imports the module that holds the name.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: imported(name, path) for name, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_anywhere():
    assert cycles(GRAPH) == []


def third_party(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names.add(node.module.split(".")[0])
    return names


def layer(name: str) -> str:
    parts = name.split(".")
    return ".".join(parts[:2]) if parts[0] == "game" and len(parts) > 1 else parts[0]


# Which layers each layer may import (itself always). The engines stand alone; the bots
# see the engines only; the wire knows the bots' level names (game.levels) and nothing else of
# the game; nothing imports the server's command.
ALLOWED = {
    "game.rules": set(),
    "game.bots": {"game.rules", "game.levels"},
    "game.replay": {"game.rules", "game.bots"},
    "game.host": {"game.rules", "game.bots", "game.replay", "game.levels", "net"},
    "game.client": {
        "game.rules",
        "game.bots",
        "game.replay",
        "game.host",
        "net",
        "game.resources",
        "game.levels",
    },
    "game.resources": set(),
    "game.__main__": {"game.client", "game.rules", "game.levels"},
    "game.levels": set(),
    "net": {"game.levels"},
    "server": {"game.host", "game.rules", "net"},
}
NO_IO = {"pygame", "asyncio", "socket", "selectors", "threading", "subprocess", "net"}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_imports_only_the_layers_it_may(name):
    own = layer(name)
    allowed = ALLOWED.get(own, {"game.rules"}) | {own}
    if own != "game.rules":
        allowed.add("game.cli")  # the argument types every command line shares
    outside = sorted(dep for dep in GRAPH[name] if layer(dep) not in allowed)
    assert outside == [], f"{name} ({own}) may not import {outside}"


def test_the_wire_loads_no_bot_and_no_engine():
    """A program that only speaks the protocol does not pay for the bots' search or the
    engines: importing net loads neither."""
    code = (
        "import sys, net.client, net.framing, net.link, net.schema; "
        "print(sorted(m for m in sys.modules if m.startswith(('game.bots', 'game.rules'))))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0 and run.stdout.strip() == "[]", run.stdout + run.stderr


@pytest.mark.parametrize("name", sorted(n for n in MODULES if layer(n) == "game.rules"))
def test_the_engines_do_no_io(name):
    assert third_party(MODULES[name]) & NO_IO == set()


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_opens_with_what_it_is_for(name):
    doc = ast.get_docstring(ast.parse(MODULES[name].read_text(encoding="utf-8")))
    assert doc and doc.strip(), f"{name} has no module docstring"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_finds_files_beside_itself(name):
    """Shipped files are read with importlib.resources (game/resources.py): a path built from
    `__file__` holds in a checkout only, not in a wheel, a zip or a bundle."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    assert not any(
        isinstance(node, ast.Name) and node.id == "__file__" for node in ast.walk(tree)
    ), f"{name} builds a path from __file__"


def test_every_package_is_installed():
    """pyproject.toml lists the packages by name (assets/ and browser_table/ are mapped in as
    game.assets and game.browser_table): a new package folder missing from the list would be
    missing from the wheel."""
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    folders = {module_name(path) for path in SOURCES if path.name == "__init__.py"}
    assert listed == folders | {"game.assets", "game.browser_table"}


def test_mypy_finds_nothing():
    run = subprocess.run(
        [sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_ruff_finds_nothing():
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_the_code_is_as_ruff_format_writes_it():
    """One formatter ends the question of layout: `ruff format .` before committing."""
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


# What a reader holds in mind at once (issue 30): a function fits on a screen, a class of
# the client does one job (the scenes and tables are composed of parts, like movelog.py) in
# about 400 lines. The engines keep one class per game, shaped like its rule sheet, and the
# server's Room and Server theirs; they are not held to it.
LONGEST_FUNCTION = 60
LARGEST_CLIENT_CLASS = 420


def definitions(kind: type[ast.AST]) -> list[tuple[int, str]]:
    """(lines, "module:name") of every definition of `kind` in the sources."""
    found = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, kind):
                assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                found.append((lines, f"{name}:{node.name}"))
    return sorted(found, reverse=True)


def test_no_function_is_longer_than_a_screen():
    long = [
        (lines, where)
        for lines, where in definitions(ast.FunctionDef | ast.AsyncFunctionDef)
        if lines > LONGEST_FUNCTION
    ]
    assert not long, "longer than a screen:\n" + "\n".join(f"{w}: {n} lines" for n, w in long)


def test_no_class_of_the_client_does_more_than_one_job():
    large = [
        (lines, where)
        for lines, where in definitions(ast.ClassDef)
        if lines > LARGEST_CLIENT_CLASS and where.startswith("game.client")
    ]
    assert not large, "more than one job:\n" + "\n".join(f"{w}: {n} lines" for n, w in large)
