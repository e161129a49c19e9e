"""The program as a player installs it: a wheel built from the checkout (by way of its sdist)
and installed into a fresh virtual environment outside the source tree must run – the
checkout hides missing package data. Marked `install` (`-m "not install"` skips it by hand);
it needs the package index for the build backend and the dependencies."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
LANGUAGES = ("en", "it", "de", "fr")
SHIPPED = [
    "game/assets/fonts/DejaVuSansCondensed-Bold.ttf",
    "game/assets/fonts/DejaVu-LICENSE.txt",
    "game/assets/icons/cardtable.svg",
    "game/assets/locale/cardtable.pot",
    *(f"game/assets/locale/{code}/LC_MESSAGES/cardtable.po" for code in LANGUAGES[1:]),
    "game/browser_table/index.html",
    "game/browser_table/app.js",
    "game/browser_table/vendor/msgpack.js",
]

pytestmark = pytest.mark.install


def checkout_copy(target: Path) -> Path:
    """The files git tracks (or, outside git, the tree without what a run leaves behind),
    copied to `target`: a build writes build/ and *.egg-info beside its sources, and this one
    must not write into the source tree."""
    try:
        listed = (
            subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True)
            .stdout.decode()
            .split("\0")
        )
        names = [name for name in listed if name and (ROOT / name).is_file()]
    except (OSError, subprocess.CalledProcessError):
        skipped = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache"}
        names = [
            str(path.relative_to(ROOT))
            for path in ROOT.rglob("*")
            if path.is_file() and not skipped & set(path.relative_to(ROOT).parts)
        ]
    for name in names:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)
    return target


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path, str]:
    """(sdist, wheel, what the build printed) built from a copy of the checkout, the wheel
    from the sdist (so the sdist is proved to hold everything the wheel needs); the copy is
    gone afterwards."""
    work = tmp_path_factory.mktemp("build")
    source = checkout_copy(work / "source")
    dist = work / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(dist), str(source)],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
    )
    shutil.rmtree(source)
    (sdist,) = dist.glob("cardtable-*.tar.gz")
    (wheel,) = dist.glob("cardtable-*.whl")
    return sdist, wheel, build.stdout + build.stderr


def test_the_build_warns_of_nothing(built):
    # setuptools warns of data folders it takes for packages it would leave out, and of
    # MANIFEST.in lines that find nothing, among others (PYTHONDONTWRITEBYTECODE, set where
    # the tests run, only makes it say that it compiles nothing)
    warnings = [
        line
        for line in built[2].splitlines()
        if "warning" in line.lower() and "byte-compiling is disabled" not in line
    ]
    assert not warnings, warnings


@pytest.fixture(scope="module")
def venv(built, tmp_path_factory) -> Path:
    """A fresh virtual environment, outside the source tree, with the wheel installed."""
    folder = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True, timeout=300)
    subprocess.run(
        [str(folder / "bin" / "python"), "-m", "pip", "install", "--quiet", str(built[1])],
        check=True,
        capture_output=True,
        timeout=900,
    )
    return folder


def run(
    venv: Path, home: Path, *command: str, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """`command` from the venv's bin/, started in a folder of its own with no path to the
    checkout and private settings and data folders."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CACHE_HOME=str(home / "cache"),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    home.mkdir(exist_ok=True)
    return subprocess.run(
        [str(venv / "bin" / command[0]), *command[1:]],
        cwd=home,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_the_wheel_holds_the_assets_and_only_names_of_its_own(built):
    with zipfile.ZipFile(built[1]) as wheel:
        names = set(wheel.namelist())
    assert set(SHIPPED) <= names
    tops = {name.split("/")[0] for name in names}
    dist_info = {top for top in tops if top.endswith(".dist-info")}
    assert tops - dist_info == {"game", "net"}, "no top-level server, assets or tests"
    assert not any(
        name.startswith("game/assets/") and name.endswith((".pyc", "~")) for name in names
    )


def test_the_sdist_holds_the_assets_and_the_sources(built):
    with tarfile.open(built[0]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for shipped in SHIPPED:
        assert shipped.removeprefix("game/") in names
    assert {"pyproject.toml", "README.md", "server.py", "game/__main__.py"} <= names
    # what a packager rebuilding the one-folder bundle from the sdist needs
    assert {"bundle/build.py", "bundle/cardtable.spec", "bundle/README.md"} <= names


def test_the_installed_packages_come_from_the_venv(venv, tmp_path):
    done = run(
        venv,
        tmp_path,
        "python",
        "-c",
        "import game, net, game.assets as a; print(game.__file__, net.__file__, a.__file__)",
    )
    assert done.returncode == 0, done.stderr
    for path in done.stdout.split():
        assert Path(path).is_relative_to(venv), path


def test_both_commands_say_their_version(venv, tmp_path):
    for command in ("cardtable", "cardtable-server"):
        done = run(venv, tmp_path, command, "--version")
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == [command, VERSION]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_client_plays_a_game_headless_in_each_language(venv, tmp_path, code):
    """A whole game against bots with the shipped font and catalogue; `--help` speaks the
    language (its words come from the shipped catalogue)."""
    shots = tmp_path / "shots"
    done = run(
        venv,
        tmp_path,
        "cardtable",
        "--headless",
        "--lang",
        code,
        "--autoplay",
        "--game",
        "quasenbo",
        "--players",
        "2",
        "--level",
        "random",
        "--screenshots",
        str(shots),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == in_language(code, "The game is over.")
    assert (shots / "autoplay-over.png").stat().st_size > 10_000
    helped = run(venv, tmp_path, "cardtable", "--lang", code, "--help")
    assert helped.returncode == 0, helped.stderr
    assert help_line(code) in " ".join(helped.stdout.split())


def help_line(code: str) -> str:
    """What `--help` says of itself in language `code`, from the checkout's catalogue."""
    return in_language(code, "show this help and leave")


def in_language(code: str, english: str) -> str:
    """`english` in language `code`, from the checkout's catalogue."""
    if code == "en":
        return english
    with (ROOT / "assets" / "locale" / code / "LC_MESSAGES" / "cardtable.po").open("rb") as po:
        return read_po(po).get(english).string


def test_the_server_listens_and_serves_the_browser_table(venv, tmp_path):
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    proc = subprocess.Popen(
        [
            str(venv / "bin" / "cardtable-server"),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--web",
            "0",
            "--log-dir",
            str(tmp_path / "logs"),
        ],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("listening on 127.0.0.1:"), proc.stderr.read() if not line else line
        page = proc.stdout.readline().strip()
        assert page.startswith("browser table on http://127.0.0.1:"), page
        with urllib.request.urlopen(page.split(" on ", 1)[1], timeout=30) as response:
            assert b"<html" in response.read().lower()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert proc.returncode == 0
