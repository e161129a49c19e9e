"""Build the one-folder bundle for people without Python (Linux x86-64 here; the same steps
on Windows and macOS, see bundle/README.md): `cardtable/` with the programs `cardtable` and
`cardtable-server`, the font, the catalogues, a desktop entry and the icon.

    python bundle/build.py [--out DIR] [--smoke]

It builds the wheel from a copy of the checkout, installs it with PyInstaller into a virtual
environment of its own (the bundle holds what a player's install holds, never the source
tree), freezes both programs, and with --smoke starts them headless once and prints the
bundle's size and start time next to `python -m game`'s."""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ENTRY = """\
import multiprocessing
import sys

from {module} import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the bots' worker processes start this program again
    sys.exit(main())
"""
PROGRAMS = {"cardtable": "game.__main__", "cardtable-server": "game.host.cli"}
BIN = "Scripts" if sys.platform == "win32" else "bin"
EXE = ".exe" if sys.platform == "win32" else ""


def step(
    *command: str | Path,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float | None = None,
) -> None:
    """Run `command`, echoed first; a failure ends the build. Outside the checkout (`cwd`):
    a Python started in it would import the source tree instead of the installed wheel."""
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], check=True, cwd=cwd, env=env, timeout=timeout)


def checkout_files() -> list[str]:
    """The files git tracks in the checkout (what a release is built from)."""
    listed = (
        subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True)
        .stdout.decode()
        .split("\0")
    )
    return [name for name in listed if name and (ROOT / name).is_file()]


def build(out: Path, work: Path) -> Path:
    """Freeze both programs into `out`/cardtable; returns that folder."""
    source = work / "source"
    for name in checkout_files():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    step(sys.executable, "-m", "build", "--wheel", "--outdir", work / "dist", source)
    (wheel,) = (work / "dist").glob("cardtable-*.whl")
    env_dir = work / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / BIN / f"python{EXE}"
    step(python, "-m", "pip", "install", "--quiet", wheel, "pyinstaller>=6.0")
    entries = work / "entries"
    entries.mkdir()
    for name, module in PROGRAMS.items():
        (entries / f"{name}.py").write_text(ENTRY.format(module=module))
    step(
        python,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        out,
        "--workpath",
        work / "pyinstaller",
        HERE / "cardtable.spec",
        cwd=work,
        env={**os.environ, "CARDTABLE_ENTRIES": str(entries)},
    )
    folder = out / "cardtable"
    desktop_entry(folder, python, work)
    return folder


def desktop_entry(folder: Path, python: Path, work: Path) -> None:
    """share/applications/cardtable.desktop, named in every language the program speaks
    (from the shipped catalogues), the scalable icon beside it, and install-menu-entry.sh."""
    share = folder / "share"
    (share / "applications").mkdir(parents=True, exist_ok=True)
    icons = share / "icons" / "hicolor" / "scalable" / "apps"
    icons.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "assets" / "icons" / "cardtable.svg", icons / "cardtable.svg")
    words = subprocess.run(
        [python, "-c", WORDS], check=True, capture_output=True, text=True, cwd=work
    ).stdout.splitlines()
    names = "\n".join(line for line in words if line.startswith("Name"))
    comments = "\n".join(line for line in words if line.startswith("Comment"))
    text = (HERE / "cardtable.desktop.in").read_text()
    text = text.replace("Name=@NAME@", names).replace("Comment=@COMMENT@", comments)
    (share / "applications" / "cardtable.desktop").write_text(text.replace("@EXEC@", "cardtable"))
    shutil.copy2(HERE / "install-menu-entry.sh", folder / "install-menu-entry.sh")


WORDS = """\
from game.client import i18n
from game.client.app import SUMMARY
for code in i18n.LANGUAGES:
    i18n.set_language(code)
    key = "" if code == i18n.SOURCE else f"[{code}]"
    print(f"Name{key}={i18n._('Card Table')}")
    print(f"Comment{key}={i18n._(SUMMARY)}")
"""


def started(command: list[str], cwd: Path, env: dict[str, str], runs: int = 5) -> float:
    """The median seconds `command` takes, over `runs` runs."""
    times = []
    for _ in range(runs):
        begin = time.perf_counter()
        subprocess.run(command, check=True, cwd=cwd, env=env, capture_output=True, timeout=120)
        times.append(time.perf_counter() - begin)
    return statistics.median(times)


def smoke(folder: Path, work: Path) -> None:
    """Start both programs from the bundle once, headless, and time the client's start."""
    home = work / "home"
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CACHE_HOME": str(home / "cache"),
    }
    client = str(folder / f"cardtable{EXE}")
    server = str(folder / f"cardtable-server{EXE}")
    home.mkdir()
    step(client, "--version", cwd=home, env=env)
    step(server, "--version", cwd=home, env=env)
    step(
        client,
        "--headless",
        "--lang",
        "de",
        "--autoplay",
        "--game",
        "quasenbo",
        "--players",
        "2",
        "--level",
        "normal",
        cwd=home,
        env=env,
        timeout=300,
    )
    proc = subprocess.Popen(
        [server, "--host", "127.0.0.1", "--port", "0", "--log-dir", str(work / "logs")],
        cwd=home,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line.startswith("listening on 127.0.0.1:"):
            raise SystemExit(f"the bundled server did not listen: {line!r}")
        print(line.strip())
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    size = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    first_frame = ["--headless", "--frames", "1"]
    bundled = started([client, *first_frame], home, env)
    from_source = started([sys.executable, "-m", "game", *first_frame], ROOT, env)
    print(f"bundle: {size / 2**20:.0f} MiB in {folder}")
    print(
        f"start to first frame, median of 5: bundle {bundled:.2f} s, "
        f"python -m game {from_source:.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "dist" / "bundle",
        help="where the bundle's folder goes (default: dist/bundle)",
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="start both programs from the bundle once and time the client",
    )
    args = parser.parse_args()
    begin = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="cardtable-bundle-") as scratch:
        work = Path(scratch)
        folder = build(args.out.resolve(), work)
        print(f"built {folder} in {time.perf_counter() - begin:.0f} s")
        if args.smoke:
            smoke(folder, work)


if __name__ == "__main__":
    main()
