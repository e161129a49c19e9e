"""Runs one bench script against two trees in turn – the code before a change and after –
and prints each figure's median per tree and their ratio: on a shared machine, only
figures measured side by side in one sitting compare.

    python bench/sidebyside.py --base /path/to/old/tree --runs 5 -- bench/server.py --parts room

The script is this tree's (so both trees are measured by the same code) and runs with the
other tree's `game`, `net` and `server.py` in place of this one's. Each output line with a
figure that `--metric` finds (a regular expression whose first group is the number) counts,
by its text before the first colon (or, with no colon, up to the figure; or the
expression's group named "label"; the figure is then its group named "value"). The load
average
is printed before every run."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
SHARED = ("game", "net", "server.py", "assets")
"""What a bench script imports or reads from its tree."""


def shim(tree: Path, into: Path) -> Path:
    """A folder holding this tree's bench scripts and `tree`'s code (symlinked)."""
    into.mkdir()
    for name in SHARED:
        (into / name).symlink_to(tree / name)
    shutil.copytree(HERE / "bench", into / "bench", ignore=shutil.ignore_patterns("__pycache__"))
    return into


def figures(output: str, metric: re.Pattern) -> dict[str, float]:
    out = {}
    for line in output.splitlines():
        found = metric.search(line)
        if found:
            label = line.split(":", 1)[0] if ":" in line[: found.start()] else line[: found.start()]
            if "label" in metric.groupindex:
                label = found.group("label")
            value = found.group("value" if "value" in metric.groupindex else 1)
            out[label.strip()] = float(value.replace(",", ""))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="the tree of the code before")
    parser.add_argument("--runs", type=int, default=5, help="runs per tree, alternating")
    parser.add_argument(
        "--metric",
        default=r"([\d.,]+) µs of CPU",
        help="a regular expression whose first group is the figure",
    )
    parser.add_argument(
        "command",
        nargs=argparse.REMAINDER,
        help="-- then the bench script (a path in this tree) and its options",
    )
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("name the bench script after --")
    metric = re.compile(args.metric)
    results: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"before": shim(args.base.resolve(), Path(tmp) / "before"), "after": HERE}
        for run in range(args.runs):
            for name, tree in trees.items():
                load = Path("/proc/loadavg").read_text().split()[0]
                done = subprocess.run(
                    [sys.executable, *command],
                    cwd=tree,
                    text=True,
                    capture_output=True,
                    env={**os.environ, "PYTHONPATH": ""},
                )
                if done.returncode:
                    sys.exit(f"{name} failed:\n{done.stderr}")
                found = figures(done.stdout, metric)
                print(
                    f"run {run + 1} {name} (load {load}): "
                    + "; ".join(f"{k} {v:g}" for k, v in found.items()),
                    flush=True,
                )
                for label, value in found.items():
                    results[name].setdefault(label, []).append(value)
    print(f"\n| figure | before (median of {args.runs}) | after | after / before |")
    print("|---|---|---|---|")
    for label, values in results["before"].items():
        after = results["after"].get(label)
        if after:
            old, new = statistics.median(values), statistics.median(after)
            print(f"| {label} | {old:,.1f} | {new:,.1f} | {new / old:.2f}× |")


if __name__ == "__main__":
    main()
