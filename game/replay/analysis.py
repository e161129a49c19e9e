"""Win-chance analysis of a finished game's replay: every seat's chance at every step as it
could judge it and as the game really stood, the mover's options, and the marked mistakes.

For each step, at the position before it (the mover deciding):

- **fair** – a seat's chance as it could judge it: the bots' search model built from that
  seat's view and the events it was shown (`game.bots.KITS[game].model`), never the hidden
  cards. The seat to move runs one search (game/bots/ismcts.py) over its legal actions: its
  estimate is the mean of the action the search prefers (the most visited), and every
  action's mean is kept (`options`) to compare the chosen one with the best alternative.
  Every other seat's estimate is plain Monte Carlo: the model's rollouts from its own
  determinizations (a search would only rank moves that seat is not making).
- **seeing** – how the game really stood: the same, with the true state as the only
  determinization (possible once the game is over and its seed revealed). The mover searches
  with a quarter of the iterations (its tree only sorts its own options on one known state);
  the other seats' estimates come from rollouts of the true state.

The costs, measured (bench/analysis.py, BENCHMARKS.md): the mover's search is most of the
time, and a search among few options gets fewer iterations (`OPTIONS_FOR_ALL`); rollouts
for the others cost little, a search for each of them would multiply the time by the seats.

After the last step the game is over and both estimates are its result (`Analysis.result`).

Every (step, seat) estimate is seeded from the step, the seat and the kind of estimate, never
from the game's seed: a seat's fair estimates depend only on what it saw. Steps are
analysed in worker processes (`jobs`), reported through `progress`, stoppable through
`cancel` (`Background` runs it all in a thread, for a window); the finished analysis is
cached in the user's cache folder (game/replay/cache.py, `cache_path`; format in
docs/replay-format.md), keyed by the replay's hash, the level and `VERSION`.

A mistake (`Mark`) is a step where a marked seat (a human's own decision, not a stand-in
bot's) chose an action whose fair estimate is at least `threshold` below the action its
search preferred, by more than `CLEAR` standard errors of the difference.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import signal
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.bots import BUDGETS, KITS, level_budget
from game.bots.ismcts import Budget, Model, Node, search, shares
from game.replay.cache import Cache
from game.replay.log import Replay, ReplayError, read_replay, replay_hash
from game.replay.origin import check_origin, lead_up
from game.replay.playback import Playback, seat_kind
from game.rules import Action, State, View
from game.rules.base import freeze

VERSION = 2
"""The analysis's format and method: a cache of another version is recomputed. (2: a game
played on from another's step is judged with what each seat saw before that step.)"""

FORMAT = "cardtable-analysis"
"""The cache file's `format` field."""

CACHE = Cache("analyses", ".analysis", 256 * 1024 * 1024)
"""Where analyses are cached, by the replay's hash; at most 256 MiB of them (an analysis of
a long game at the hard level is a few hundred kB)."""

LEVELS = tuple(BUDGETS)
"""The analysis levels: the bot levels that search, whose search budgets they use."""

ROLLOUTS = {"normal": 24, "hard": 200}
"""Plain Monte Carlo rollouts per fair estimate of a seat not to move, and from the true
state for the seeing estimates of the seats not to move."""

SEEING_SHARE = 4
"""The mover's all-seeing search gets 1/SEEING_SHARE of its fair search's iterations."""

OPTIONS_FOR_ALL = 6
"""A search over fewer legal actions than this gets that share of its iterations (two
options: a third): an estimate's error depends on the visits each action gets, so a choice
between drawing a card's up or down side needs fewer than a choice among ten plays."""

THRESHOLD = 0.10
"""The default least cost of a marked mistake, in win chance (0.10: ten points)."""

CLEAR = 2.0
"""A mistake's cost must exceed this many standard errors of the difference."""

JOBS = 2
"""Worker processes by default."""

FAIR, SEEING = 0, 1


class AnalysisError(Exception):
    """A replay that cannot be analysed (unfinished, not verified); the message says why."""


class Cancelled(Exception):
    """The analysis was cancelled before it finished."""


class Flag(Protocol):
    """A cancel flag: threading.Event, multiprocessing.Event or anything with is_set()."""

    def is_set(self) -> bool:
        """True once the analysis should stop."""


@dataclass(frozen=True)
class Estimate:
    """A win chance in [0, 1] with its uncertainty: the standard error of the mean of
    `samples` rollouts or visits (0 for a certain value)."""

    value: float
    stderr: float
    samples: int

    def to_list(self) -> list[float | int]:
        """[value, stderr, samples], the cache's and the JSON output's form."""
        return [self.value, self.stderr, self.samples]


@dataclass(frozen=True)
class Option:
    """One legal action of the mover with its fair estimate (the search's root statistics)."""

    action: Action
    estimate: Estimate


@dataclass(frozen=True)
class Mark:
    """A mistake: at `step`, `seat` chose `action` (its estimate `chosen`) where its search
    preferred `better` (estimate `best`)."""

    step: int
    seat: int
    action: Action
    chosen: Estimate
    better: Action
    best: Estimate

    @property
    def cost(self) -> float:
        """The win chance the choice cost, by the seat's own estimates."""
        return self.best.value - self.chosen.value


@dataclass
class StepAnalysis:
    """One step: the estimates at the position before it, where `seat` chose `action`."""

    step: int
    """The step's number, from 1 (the position before it is step - 1)."""
    seat: int
    action: Action
    fair: list[Estimate]
    """Per seat, its chance as it could judge it from its own view."""
    seeing: list[Estimate]
    """Per seat, its chance seeing every card."""
    options: list[Option]
    """The mover's legal actions with its fair estimates; empty for a forced step."""
    preferred: int | None
    """The index in `options` of the action the mover's search preferred (None if forced)."""
    mark: Mark | None = None


@dataclass
class Analysis:
    """A finished game's analysis: one StepAnalysis per step, and the result."""

    game: str
    players: int
    level: str
    replay_hash: str
    steps: list[StepAnalysis]
    result: list[float]
    """Per seat, the game's result as a win chance: the winners share 1."""
    threshold: float = THRESHOLD
    cached: bool = False
    """True when read from the cache rather than computed."""
    marks: list[Mark] = field(default_factory=list)
    """Every marked mistake, in step order."""

    def curve(self, kind: str = "fair") -> list[list[float]]:
        """Per position 0..len(steps), per seat, the "fair" or "seeing" win chance: the
        graph along a replay's scrub bar (the last position is the result). Raises
        ValueError for another kind."""
        if kind not in ("fair", "seeing"):
            raise ValueError(f"an estimate is fair or seeing, not {kind!r}")
        points = [[e.value for e in getattr(step, kind)] for step in self.steps]
        return points + [list(self.result)]

    def biggest_swing(self, seat: int) -> tuple[int, float] | None:
        """The step that changed `seat`'s own (fair) win chance the most, and by how much
        (negative: it fell), as (step, change); None for a game without steps."""
        curve = self.curve("fair")
        swings = [(curve[k][seat] - curve[k - 1][seat], k) for k in range(1, len(curve))]
        if not swings:
            return None
        change, step = max(swings, key=lambda item: abs(item[0]))
        return step, change

    def costliest_choice(self, seat: int) -> Mark | None:
        """`seat`'s marked mistake that cost it the most win chance by its own estimates;
        None when none of its choices was marked. A choice below its search's best by less
        than the threshold, or within the search's uncertainty, is not one: the viewer shows
        a better move, and plays on from before the choice, only where there is a mark."""
        mine = [mark for mark in self.marks if mark.seat == seat]
        return max(mine, key=lambda mark: mark.cost) if mine else None


def cache_path(digest: str) -> Path:
    """Where the analysis of the replay whose hash (`replay_hash`) is `digest` is cached."""
    return CACHE.path(digest)


# -- one position ----------------------------------------------------------------------------


def _rng(step: int, seat: int, kind: int) -> random.Random:
    """The randomness of one estimate: from the step, the seat and the kind alone."""
    return random.Random((step * 64 + seat) * 2 + kind)


def _playout(model: Model, state: State, rng: random.Random) -> Sequence[float]:
    """One rollout of `state` (consumed) by the model's policy, and its evaluation."""
    rollout: Callable[[State, random.Random], Sequence[float]] | None = getattr(
        model, "rollout", None
    )
    if rollout is not None:
        return rollout(state, rng)
    depth = 0
    while state.result is None and not model.done(state, depth):
        state.advance(model.policy(state, rng))
        depth += 1
    return model.evaluate(state)


def _mean(values: list[float]) -> Estimate:
    """The mean of `values` with its standard error (see SearchStats.actions for fewer
    than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return Estimate(mean, 0.5, n)
    variance = max(0.0, sum(v * v for v in values) / n - mean * mean) / (n - 1)
    return Estimate(mean, math.sqrt(variance), n)


def _rollouts(model: Model, count: int, rng: random.Random) -> list[list[float]]:
    """`count` rollouts' values (per seat) from determinizations of `model`'s seat."""
    out = []
    for k in range(count):
        # as the search does: a determinization serves `reuse` rollouts, a clone each
        if k % model.reuse == 0:
            sample = model.sample(rng)
        out.append(list(_playout(model, sample.clone(), rng)))
    return out


class _Seeing:
    """A game's model that sees every card: its only determinization is the true state,
    copied as the model's searches take their states (`as_sample`, where it has one);
    policy, horizon and evaluation are the seat's model's."""

    def __init__(self, model: Model, truth: State) -> None:
        self.model = model
        as_sample: Callable[[State], State] | None = getattr(model, "as_sample", None)
        self.truth = truth.clone() if as_sample is None else as_sample(truth)

    def sample(self, rng: random.Random) -> State:
        return self.truth.clone()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)


@dataclass(frozen=True)
class Effort:
    """How hard each step is looked at: the mover's fair search's iterations, its
    all-seeing search's, and the rollouts of every other estimate."""

    search: int
    seeing: int
    rollouts: int


def level_effort(level: str, game: str) -> Effort:
    """The effort of analysis `level` (one of LEVELS) for `game`: the bot level's search
    iterations (no time cap: an analysis must not depend on the machine). Raises ValueError
    for an unknown level or a game without bots."""
    if level not in LEVELS:
        raise ValueError(f"unknown analysis level {level!r} (known: {', '.join(LEVELS)})")
    iterations = level_budget(level, game).iterations
    assert iterations is not None  # every search level has an iteration budget
    return Effort(iterations, max(1, iterations // SEEING_SHARE), ROLLOUTS[level])


def mover_estimate(
    game: str,
    view: View,
    history: list[View],
    legal: list[Action],
    step: int,
    effort: Effort,
    tree: Node | None = None,
) -> tuple[Estimate, list[Option], int | None, Node | None]:
    """The fair estimate of the seat to move at `step` (view["seat"]), from its view, the
    events it was shown and its legal actions only: (its estimate, every legal action's
    estimate, the index of the preferred one, the search's tree). A forced step has no
    options, no preference and no tree. The search goes on from `tree` (see `_Walker`). A
    model's errors pass through."""
    seat = view["seat"]
    model = KITS[game].model(view, history)
    rng = _rng(step, seat, FAIR)
    if len(legal) == 1:
        values = _rollouts(model, effort.rollouts, rng)
        return _mean([v[seat] for v in values]), [], None, None
    return _searched(model, seat, legal, effort.search, rng, tree)


def other_estimate(
    game: str, view: View, history: list[View], step: int, effort: Effort
) -> Estimate:
    """The fair estimate of a seat not to move at `step` (view["seat"]) from its view and
    the events it was shown only: rollouts from its own determinizations."""
    seat = view["seat"]
    model = KITS[game].model(view, history)
    values = _rollouts(model, effort.rollouts, _rng(step, seat, FAIR))
    return _mean([v[seat] for v in values])


def _searched(
    model: Model,
    seat: int,
    legal: list[Action],
    iterations: int,
    rng: random.Random,
    tree: Node | None,
) -> tuple[Estimate, list[Option], int, Node | None]:
    """A search over `legal` of at most `iterations` (see OPTIONS_FOR_ALL), going on from
    `tree`: the preferred action's estimate, every action's, the preferred one's index and
    the search's tree."""
    share = min(1.0, len(legal) / OPTIONS_FOR_ALL)
    budget = Budget(iterations=max(1, math.ceil(iterations * share)))
    action, stats = search(model, seat, legal, budget, rng, tree=tree)
    options = [
        Option(a, Estimate(mean, stderr, visits)) for a, visits, mean, stderr in stats.actions
    ]
    preferred = legal.index(action)
    return options[preferred].estimate, options, preferred, stats.tree


def seeing_estimates(
    game: str,
    truth: State,
    history: list[View],
    step: int,
    effort: Effort,
    tree: Node | None = None,
) -> tuple[list[Estimate], Node | None]:
    """Every seat's estimate at `step` seeing every card of `truth` (a state with a seat to
    move; `history` is the events that seat was shown): the mover's from a search with the
    true state as its only determinization (going on from `tree`), the others' from
    rollouts of it with the mover's model; and the search's tree (None when forced)."""
    seat = truth.to_move
    assert seat is not None  # positions before a step have a seat to move
    model = _Seeing(KITS[game].model(truth.view(seat), history), truth)
    values = _rollouts(model, effort.rollouts, _rng(step, seat, SEEING))
    out = [_mean([v[s] for v in values]) for s in range(truth.players)]
    legal = truth.legal_actions()
    if len(legal) == 1:
        return out, None
    out[seat], _, _, searched = _searched(
        model, seat, legal, effort.seeing, _rng(step, seat, SEEING), tree
    )
    return out, searched


def seen_before(replay: Replay) -> list[list[View]]:
    """Per seat, the events it was shown before the replay's first step: none after a deal;
    for a game played on from another's step, those of the old game (and of the games it
    was played on from) up to there, as far as their replays are in the replay's folder
    (origin.lead_up) – nothing of the old games when they are not, or do not lead there."""
    players = replay.header["players"]
    if "origin" not in replay.header or replay.path is None:
        return [[] for _ in range(players)]
    try:
        lead = lead_up(replay.path.parent, check_origin(replay.header["origin"]))
    except ValueError:
        return [[] for _ in range(players)]
    return [
        [event.for_seat(seat) for _, _, events in lead.steps for event in events]
        for seat in range(players)
    ]


def _goes_on(replay: Replay, position: int) -> bool:
    """Whether the searches of step position + 2 go on from those of step position + 1:
    its seat decides again after an action it learnt nothing from (`Kit.keeps`: a Quando
    draw after the play, whose search's subtree under the play already holds about a third
    of the draw's iterations)."""
    steps = replay.steps
    return (
        position + 1 < len(steps)
        and steps[position + 1].seat == steps[position].seat
        and KITS[replay.header["game"]].keeps(steps[position].action)
    )


def _runs(replay: Replay) -> list[list[int]]:
    """The positions in runs that one process analyses in order (see `_goes_on`)."""
    runs: list[list[int]] = []
    for position in range(len(replay.steps)):
        if runs and _goes_on(replay, position - 1):
            runs[-1].append(position)
        else:
            runs.append([position])
    return runs


_NO_TREES: list[Node | None] = [None, None]


class _Walker:
    """Walks a verified replay forward, keeping every seat's events so far (from the deal:
    see `seen_before`), and the mover's fair and seeing search trees under its action when
    the next step's searches go on from them (`_goes_on`)."""

    def __init__(self, replay: Replay, effort: Effort) -> None:
        self.playback = Playback(replay)
        self.effort = effort
        self.players = replay.header["players"]
        self.game = replay.header["game"]
        self.before = seen_before(replay)
        self._restart()

    def _restart(self) -> None:
        self.position = 0
        self.histories: list[list[View]] = [list(events) for events in self.before]
        self.kept: tuple[int, list[Node | None]] = (-1, _NO_TREES)

    def analyse(self, position: int) -> StepAnalysis:
        """The analysis of step position + 1."""
        if position < self.position:
            self._restart()
        for step in range(self.position + 1, position + 1):
            for seat, history in enumerate(self.histories):
                history.extend(self.playback.events(seat, step))
        self.position = position
        self.playback.seek(position)
        truth = self.playback.state()
        mover = truth.to_move
        assert mover is not None  # a position before a step
        step = position + 1
        trees = self.kept[1] if self.kept[0] == position else _NO_TREES
        fair: list[Estimate] = []
        for seat in range(self.players):
            view = truth.view(seat)
            if seat == mover:
                estimate, options, preferred, searched = mover_estimate(
                    self.game,
                    view,
                    self.histories[seat],
                    truth.legal_actions(),
                    step,
                    self.effort,
                    trees[FAIR],
                )
            else:
                estimate = other_estimate(self.game, view, self.histories[seat], step, self.effort)
            fair.append(estimate)
        seeing, seen = seeing_estimates(
            self.game, truth, self.histories[mover], step, self.effort, trees[SEEING]
        )
        action = self.playback.replay.steps[position].action
        self.kept = (-1, _NO_TREES)  # the trees are let go unless the next step goes on
        if _goes_on(self.playback.replay, position):
            key = freeze(action)
            self.kept = (
                position + 1,
                [None if t is None else t.kids[mover].get(key) for t in (searched, seen)],
            )
        return StepAnalysis(step, mover, action, fair, seeing, options, preferred)


_WORKER: _Walker | None = None


def _start_worker(replay: Replay, effort: Effort) -> None:
    global _WORKER
    # Ctrl-C reaches the whole process group: the parent stops the workers, which must not
    # each print a traceback of their own
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER = _Walker(replay, effort)


def _work(run: list[int]) -> list[StepAnalysis]:
    assert _WORKER is not None  # set by the pool's initializer
    return [_WORKER.analyse(position) for position in run]


# -- marks -------------------------------------------------------------------------------------


def find_mark(
    step: StepAnalysis, threshold: float = THRESHOLD, clear: float = CLEAR
) -> Mark | None:
    """The step's mistake, if its chosen action's fair estimate is at least `threshold`
    below the action the mover's search preferred and the difference exceeds `clear`
    standard errors of it; None otherwise (and for a forced step)."""
    if step.preferred is None:
        return None
    keys = [freeze(o.action) for o in step.options]
    chosen_key = freeze(step.action)
    if chosen_key not in keys:
        return None
    chosen = step.options[keys.index(chosen_key)]
    best = step.options[step.preferred]
    if chosen is best:
        return None
    cost = best.estimate.value - chosen.estimate.value
    spread = math.hypot(best.estimate.stderr, chosen.estimate.stderr)
    if cost < threshold or cost <= clear * spread:
        return None
    return Mark(step.step, step.seat, step.action, chosen.estimate, best.action, best.estimate)


def marked_seats(replay: Replay, every_seat: bool = False) -> list[bool]:
    """Per step, whether its decision may be marked: a human seat's own decision (not a
    bot standing in for it), or every step with `every_seat`."""
    header = replay.header
    return [
        every_seat or (seat_kind(header, s.seat) == "human" and not s.by_bot) for s in replay.steps
    ]


def _apply_marks(analysis: Analysis, replay: Replay, threshold: float, every_seat: bool) -> None:
    analysis.threshold = threshold
    analysis.marks = []
    for step, markable in zip(analysis.steps, marked_seats(replay, every_seat)):
        step.mark = find_mark(step, threshold) if markable else None
        if step.mark is not None:
            analysis.marks.append(step.mark)


# -- the cache ---------------------------------------------------------------------------------


def _cache_record(analysis: Analysis) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "replay": analysis.replay_hash,
        "level": analysis.level,
        "game": analysis.game,
        "players": analysis.players,
        "result": analysis.result,
        "steps": [
            {
                "seat": s.seat,
                "action": s.action,
                "fair": [e.to_list() for e in s.fair],
                "seeing": [e.to_list() for e in s.seeing],
                "options": [[o.action, *o.estimate.to_list()] for o in s.options],
                "preferred": s.preferred,
            }
            for s in analysis.steps
        ],
    }


def _estimate(item: Any) -> Estimate:
    value, stderr, samples = item
    if not all(type(x) in (int, float) for x in (value, stderr)) or type(samples) is not int:
        raise ValueError("an estimate is [value, stderr, samples]")
    return Estimate(float(value), float(stderr), samples)


def _from_record(record: Any, replay: Replay, digest: str, level: str) -> Analysis | None:
    """The cached analysis, or None when the record is not one of this replay at this level
    in this version."""
    if (
        type(record) is not dict
        or record.get("format") != FORMAT
        or record.get("version") != VERSION
        or record.get("replay") != digest
        or record.get("level") != level
    ):
        return None
    players = replay.header["players"]
    steps = []
    for number, (item, logged) in enumerate(zip(record["steps"], replay.steps, strict=True), 1):
        fair = [_estimate(e) for e in item["fair"]]
        seeing = [_estimate(e) for e in item["seeing"]]
        options = [Option(o[0], _estimate(o[1:])) for o in item["options"]]
        preferred = item["preferred"]
        if (
            len(fair) != players
            or len(seeing) != players
            or item["seat"] != logged.seat
            or (preferred is not None and not 0 <= preferred < len(options))
        ):
            raise ValueError("a cached step does not fit the replay")
        steps.append(
            StepAnalysis(number, logged.seat, logged.action, fair, seeing, options, preferred)
        )
    result = [float(v) for v in record["result"]]
    if len(result) != players:
        raise ValueError("the cached result does not fit the replay")
    return Analysis(replay.header["game"], players, level, digest, steps, result, cached=True)


def read_cache(replay: Replay, digest: str, level: str) -> Analysis | None:
    """The cached analysis of `replay`, whose hash is `digest`, or None when there is none,
    or it is stale (another replay, level or version) or damaged. Never raises for the
    cache's content."""
    text = CACHE.read(digest)
    if text is None:
        return None
    try:
        return _from_record(json.loads(text), replay, digest, level)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


def write_cache(analysis: Analysis) -> bool:
    """Cache `analysis` under its replay's hash (see game/replay/cache.py: whole or not at
    all, also when two programs write at once). Returns False when the cache folder cannot
    be written (the analysis stays uncached)."""
    return CACHE.write(
        analysis.replay_hash, json.dumps(_cache_record(analysis), separators=(",", ":"))
    )


# -- the whole game ----------------------------------------------------------------------------


def _check(replay: Replay) -> None:
    """Raise AnalysisError unless `replay` is a game that ran to its verified end."""
    verdict = Playback(replay).verdict
    if verdict.seed_source == "none" and not replay.finished:
        raise AnalysisError(
            "the game is not over: its seed is still secret, so nothing can be re-run"
        )
    if verdict.status == "failed":
        why = verdict.mismatch.message if verdict.mismatch else "; ".join(verdict.problems)
        raise AnalysisError(f"the replay does not verify: {why}")
    if not verdict.complete:
        raise AnalysisError(
            "the game did not run to its end (abandoned or unfinished): "
            "there is no result to analyse towards"
        )


def analyse(
    path: Path | str,
    level: str = "normal",
    *,
    jobs: int = JOBS,
    threshold: float = THRESHOLD,
    every_seat: bool = False,
    progress: Callable[[int, int], None] | None = None,
    cancel: Flag | None = None,
    use_cache: bool = True,
    effort: Effort | None = None,
) -> Analysis:
    """Analyse the finished game at `path` at `level` (see the module docstring), or read
    it from its cache. `jobs` worker processes (1: in this process); `progress(done,
    total)` is called after each step; `cancel` is checked between steps. Marks are made
    at `threshold` on human seats' own decisions, or on every step with `every_seat` (they
    are not cached: another threshold needs no new analysis). `effort` replaces the
    level's (then nothing is cached). A new analysis is cached unless `use_cache` is False.

    Raises ReplayError for a file that is not a readable replay, AnalysisError for a game
    that did not run to its verified end, ValueError for a bad level, `jobs` or
    `threshold`, and Cancelled when `cancel` was set."""
    if jobs < 1:
        raise ValueError("an analysis needs at least one job")
    if not 0 < threshold <= 1:
        raise ValueError("a mistake's threshold is a win chance above 0 and at most 1")
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise ReplayError(f"{path}: cannot read it ({err.strerror})") from None
    replay = read_replay(path)
    game = replay.header["game"]
    if game not in KITS:
        raise AnalysisError(f"no bots play {game!r}, so nothing can judge it")
    chosen = effort or level_effort(level, game)
    digest = replay_hash(data)
    caching = use_cache and effort is None
    analysis = read_cache(replay, digest, level) if caching else None
    if analysis is None:
        _check(replay)
        steps = _run(replay, chosen, jobs, progress, cancel)
        assert replay.end is not None  # _check found the game complete
        result = shares(replay.end["result"], replay.header["players"])
        analysis = Analysis(game, replay.header["players"], level, digest, steps, result)
        if caching:
            write_cache(analysis)
    elif progress is not None:
        progress(len(analysis.steps), len(analysis.steps))
    _apply_marks(analysis, replay, threshold, every_seat)
    return analysis


def _run(
    replay: Replay,
    effort: Effort,
    jobs: int,
    progress: Callable[[int, int], None] | None,
    cancel: Flag | None,
) -> list[StepAnalysis]:
    """Every step's analysis, in order (see `analyse`)."""
    total = len(replay.steps)
    steps: list[StepAnalysis] = []

    def done(step: StepAnalysis) -> None:
        steps.append(step)
        if progress is not None:
            progress(len(steps), total)
        if cancel is not None and cancel.is_set():
            raise Cancelled("the analysis was cancelled")

    if cancel is not None and cancel.is_set():
        raise Cancelled("the analysis was cancelled")
    if jobs == 1 or total < 2:
        walker = _Walker(replay, effort)
        for position in range(total):
            done(walker.analyse(position))
        return steps
    # spawn, not fork: the caller may be a window's thread, and a forked copy of a
    # threaded process can hang on a lock another thread held.
    context = multiprocessing.get_context("spawn")
    with context.Pool(min(jobs, total), _start_worker, (replay, effort)) as pool:
        # leaving the block terminates the workers, also when Cancelled is raised
        for run in pool.imap(_work, _runs(replay)):
            for step in run:
                done(step)
    return steps


class Background:
    """`analyse` in a thread, for a window that must keep drawing: poll `done` and `total`
    for a progress bar and `finished`, then read `result` or `error`; `cancel()` stops it
    at the next step (its workers terminated, nothing cached)."""

    def __init__(self, path: Path | str, level: str = "normal", **options: Any) -> None:
        """Start analysing `path` at `level`; `options` are `analyse`'s keywords (not
        `progress` or `cancel`, which this object provides)."""
        self.done = 0
        self.total = 0
        self.result: Analysis | None = None
        self.error: Exception | None = None
        """What stopped it: ReplayError, AnalysisError, ValueError or Cancelled."""
        self._cancel = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(Path(path), level, options), name="analysis", daemon=True
        )
        self._thread.start()

    def _run(self, path: Path, level: str, options: dict[str, Any]) -> None:
        try:
            self.result = analyse(
                path, level, progress=self._progress, cancel=self._cancel, **options
            )
        except (ReplayError, AnalysisError, ValueError, Cancelled) as err:
            self.error = err

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def cancel(self) -> None:
        """Ask the analysis to stop; `error` becomes Cancelled unless it had finished."""
        self._cancel.set()

    @property
    def finished(self) -> bool:
        """True once `result` or `error` is set."""
        return not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until finished or `timeout` seconds passed; returns `finished`."""
        self._thread.join(timeout)
        return self.finished
