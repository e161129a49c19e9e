"""Client frame times: update + render of the busiest scene of each game, headless.

    python bench/client.py [--size 1280x720] [--frames 600] [--speed 1] [--idle 10]
                           [--clock wall|cpu] [--scenes quando,blanco,quasenbo]

Scenes: 6-player Quando while the cards are dealt (every deal replayed from the start);
5-player Blanco mid-game; 8-player Quäsenbö with a long played row. The table is fed the
updates a server would send (built from the real engine with `view`, `for_seat` and
`view_digest`, one step every few frames so animations never stop), without a network: the
figures are the client's own cost, the table's check of every digest included. Each frame runs
the fixed-step updates for 1/60 s and draws the whole scene; the display flip (a no-op headless)
is not counted. The move log shows beside the table whenever the window is wide (1280×720 is),
as it does for a player.

Idle: a Blanco table with nothing queued, moving or counting down, run by the real loop
(`App.frame` at 60 frames a second, the clock's sleeps included) for `--idle` seconds: the
process's CPU time over the wall time, and how many of those frames were drawn.

Last, the process's resident memory, now and at its peak (from /proc): with `--scenes blanco`,
a Blanco table's.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.client.app import STEP, App  # noqa: E402
from game.client.config import Settings  # noqa: E402
from game.client.scenes.table import TableScene  # noqa: E402
from game.rules import new_game, view_digest  # noqa: E402

try:
    from game.client.tables.movelog import WIDE
except ImportError:  # measured side by side with a tree from before the move log
    WIDE = float("inf")

ROOM = "bench"
CLOCK = time.perf_counter
"""What a frame's time is read from: the wall clock, or with `--clock cpu` this thread's CPU
time (on a busy shared machine, the time other processes took the core away does not count)."""


def update_for(state, seat: int | None, events: list, *, full: bool = False) -> dict:
    """The update the server's Room.update_for would send `seat`."""
    view = state.view(seat)
    update = {
        "t": "update",
        "room": ROOM,
        "step": state.step,
        "events": [e.for_seat(seat) for e in events],
        "digest": view_digest(view),
        "to_move": state.to_move,
        "clock": None,
    }
    if full:
        update["view"] = view
    if seat is not None and seat == state.to_move:
        update["legal"] = state.legal_actions()
    return update


def room_for(game: str, players: int) -> dict:
    names = ["You"] + [f"Bot {k}" for k in range(1, players)]
    return {
        "id": ROOM,
        "game": game,
        "players": players,
        "options": {},
        "seats": [
            {
                "seat": k,
                "kind": "human" if k == 0 else "bot",
                "name": n,
                "level": "normal",
                "ready": True,
                "connected": True,
                "away": False,
            }
            for k, n in enumerate(names)
        ],
    }


class Scenario:
    """A table fed from a local engine: `advance()` plays one random step and feeds it."""

    def __init__(
        self,
        app: App,
        game: str,
        players: int,
        options: dict,
        seed: int,
        warmup: int = 0,
        until=None,
    ) -> None:
        self.app, self.game, self.players, self.options = app, game, players, options
        self.rng = random.Random(seed)
        self.state = new_game(game, players, seed, options)
        steps = 0
        while not self.state.is_over and (
            steps < warmup or (until is not None and not until(self.state))
        ):
            self.state.apply(self.rng.choice(self.state.legal_actions()))
            steps += 1
        self.warmed = steps
        app.session = SimpleNamespace(
            room=room_for(game, players),
            seat=0,
            close=lambda: None,
            poll=lambda: [],
            act=lambda action: None,
            leave=lambda: None,
            server=None,
            token=None,
            keep_problem=None,
            connected=True,
        )
        self.scene = TableScene(app, update_for(self.state, 0, [], full=True))
        app.reset(self.scene)

    def advance(self) -> None:
        if self.state.is_over:
            return
        events = self.state.apply(self.rng.choice(self.state.legal_actions()))
        self.scene.table.feed(update_for(self.state, 0, events))
        if self.scene.table.hold is not None:
            self.scene.table.release()


def measure(make, frames: int, every: int) -> list[float]:
    """Milliseconds per frame (fixed-step updates for 1/60 s, then a full draw)."""
    times: list[float] = []
    scenario = make()
    steps_per_frame = round((1 / 60) / STEP)
    screen = scenario.app.screen
    for frame in range(frames):
        if scenario is None or scenario.state.is_over:
            scenario = make()
        if every and frame % every == 0:
            scenario.advance()
        start = CLOCK()
        for _ in range(steps_per_frame):
            scenario.scene.update(STEP)
        scenario.app.draw(screen)
        times.append((CLOCK() - start) * 1000)
        if (
            getattr(scenario, "redeal", False)
            and scenario.scene.table.stage.director.idle
            and not any(s.moving for s in scenario.scene.table.stage.sprites)
        ):
            scenario = make()
    return times


def idle_cpu(make, seconds: float) -> tuple[float, int, int]:
    """Run the real loop on a table that has come to rest, with no input, for `seconds`:
    (CPU percent of one core, frames run, frames drawn)."""
    scenario = make()
    app = scenario.app
    for _ in range(600):  # let the deal and everything queued finish
        app.frame(1 / 60)
        if not app.busy:
            break
    clock = pygame.time.Clock()
    frames, drawn = app.frames, app.drawn
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        app.frame(clock.tick(app.fps) / 1000.0)
    cpu_used = time.process_time() - cpu
    wall_used = time.perf_counter() - wall
    return 100 * cpu_used / wall_used, app.frames - frames, app.drawn - drawn


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--speed", type=float, default=1.0, help="animation speed setting")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of the idle run")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time frames by the wall clock or by this thread's CPU time",
    )
    parser.add_argument(
        "--scenes", default="quando,blanco,quasenbo", help="which scenes, comma-separated"
    )
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.thread_time if args.clock == "cpu" else time.perf_counter
    chosen = set(args.scenes.split(","))
    if not chosen <= {"quando", "blanco", "quasenbo"}:
        parser.error(f"unknown scenes: {', '.join(sorted(chosen))}")
    w, h = (int(x) for x in args.size.split("x"))
    app = App(Settings(speed=args.speed, sound=False), size=(w, h))

    def quando_deal() -> Scenario:
        s = Scenario(app, "quando", 6, {}, random.randrange(1 << 30))
        s.redeal = True  # type: ignore[attr-defined]
        return s

    def blanco_mid() -> Scenario:
        return Scenario(app, "blanco", 5, {}, 11, warmup=120)

    def quasenbo_long() -> Scenario:
        options = {"double": True, "pawns": True, "courts": True, "excuse": True, "hand_size": 5}
        return Scenario(
            app, "quasenbo", 8, options, 5, until=lambda st: len(st.view(None)["row"]) >= 40
        )

    rows = []
    for key, name, make, every in (
        ("quando", "Quando, 6 players, dealing", quando_deal, 0),
        ("blanco", "Blanco, 5 players, mid-game", blanco_mid, 20),
        ("quasenbo", "Quäsenbö, 8 players, long row", quasenbo_long, 20),
    ):
        if key not in chosen:
            continue
        measure(make, 60, every)  # warm the caches of card pictures and text
        times = measure(make, args.frames, every)
        rows.append(
            (
                name,
                statistics.mean(times),
                percentile(times, 50),
                percentile(times, 90),
                percentile(times, 99),
                max(times),
            )
        )
    print(
        f"client frame times, {w}x{h}, headless, {args.frames} frames each, "
        f"animation speed {args.speed:g} (ms per frame: update + render, {args.clock} clock); "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )
    print(f"{'scene':34} {'mean':>7} {'p50':>7} {'p90':>7} {'p99':>7} {'max':>7}")
    for name, mean, p50, p90, p99, worst in rows:
        print(f"{name:34} {mean:7.2f} {p50:7.2f} {p90:7.2f} {p99:7.2f} {worst:7.2f}")
    print(f"(the move log was {'shown' if w >= WIDE * h else 'hidden'} beside the table)")
    if args.idle > 0:
        percent, frames, drawn = idle_cpu(blanco_mid, args.idle)
        print(
            f"idle Blanco table, {args.idle:g} s of the real loop at {app.fps} fps: "
            f"{percent:.1f}% of one core, {drawn} of {frames} frames drawn"
        )
    print(f"{'process RSS MiB (now, peak)':34} {rss_mib('VmRSS'):7.1f} {rss_mib('VmHWM'):7.1f}")
    app.shutdown()


def rss_mib(field: str) -> float:
    """This process's resident memory (`VmRSS`) or its peak (`VmHWM`), from /proc."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


if __name__ == "__main__":
    main()
