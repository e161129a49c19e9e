"""Players that choose an action from what one seat may see: its view, the legal actions and
the events it has been shown – never the engine's state.

Kinds: `RandomBot` (uniform), `HeuristicBot` (each game's rules of thumb) and `SearchBot`
(information-set MCTS over determinizations, game/bots/ismcts.py; in Quando and Blanco with
the heuristic's choice as its favourite). One module per game (quando.py, blanco.py,
quasenbo.py) holds what a seat can know of the hidden cards, its determinization sampler,
its heuristic and its search model; arena.py plays bots against each other. Difficulty
levels, as the client's menus offer them:

    random  RandomBot
    easy    HeuristicBot that plays a random legal action one decision in ten
    normal  SearchBot, 300 iterations (Quäsenbö: 2,000), at most 180 ms a decision
    hard    SearchBot, 2,000 iterations (Quäsenbö: 10,000), at most 1 s a decision

(A normal decision takes a median 14–36 ms at Quando and Blanco on the development machine,
Quäsenbö's 2,000 iterations 74–96 ms: `bench/bots.py`; the cap keeps a slower or busier
machine under 200 ms.) A bot is made per seat; `decide` makes a fresh one per decision,
which is how the server calls bots in its worker processes: a bot keeps no memory between
decisions, everything it knows comes from the view and the history it is given, as plain
data.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

from game.bots import blanco, quando, quasenbo
from game.bots.ismcts import Budget, Model, SearchStats, search
from game.levels import LEVELS
from game.rules import Action, View

log = logging.getLogger(__name__)


class Bot(Protocol):
    """A player. `choose` gets plain data only (what the seat's player would be sent), so a
    bot cannot reach hidden cards; it returns one of `legal`."""

    def choose(self, view: View, legal: list[Action], history: list[View]) -> Action:
        """One of `legal`, given the seat's `view` and every event it saw so far."""


def _always(view: View) -> bool:
    return True


def _never(action: Action) -> bool:
    return False


@dataclass(frozen=True)
class Kit:
    """What the bots know of one game: its heuristic player, its search model, which
    decisions the search makes (the heuristic makes the others), whether the search
    takes the heuristic's choice as its favourite (see `ismcts.search`'s `prior`), the
    iterations of a search level where the game's differ from BUDGETS' (its time cap
    stays), and after which actions the seat decides again knowing no more than before
    (`keeps`: a search's subtree under such an action holds for that next decision – the
    analysis goes on from it, game/replay/analysis.py)."""

    heuristic: Callable[[View, list[Action], list[View], random.Random], Action]
    model: Callable[[View, list[View]], Model]
    searched: Callable[[View], bool] = _always
    favourite: bool = True
    iterations: dict[str, int] = field(default_factory=dict)
    keeps: Callable[[Action], bool] = _never


KITS: dict[str, Kit] = {
    "quando": Kit(quando.heuristic, quando.Model, keeps=quando.keeps),
    "blanco": Kit(blanco.heuristic, blanco.Model, blanco.searched),
    # Kept to the heuristic's choice unless clearly beaten, the search played like the
    # heuristic (51.5% against it, 400 games). Its iterations are cheap (a root-only tree,
    # short rollouts): the normal level affords 2,000 within its time cap, hard 10,000.
    "quasenbo": Kit(
        quasenbo.heuristic,
        quasenbo.Model,
        favourite=False,
        iterations={"normal": 2000, "hard": 10000},
    ),
}
"""Every game the bots play, by the engine's name."""


def _kit(game: str) -> Kit:
    if game not in KITS:
        raise ValueError(f"no bots for game {game!r} (known: {', '.join(KITS)})")
    return KITS[game]


class RandomBot:
    """Uniform over the legal actions: the baseline."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action], history: list[View]) -> Action:
        return self.rng.choice(legal)


class HeuristicBot:
    """The game's rules of thumb; with `noise` > 0 a uniformly random legal action instead,
    that often (a softer opponent)."""

    def __init__(self, game: str, seed: int, noise: float = 0.0) -> None:
        self.kit = _kit(game)
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, view: View, legal: list[Action], history: list[View]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(legal)
        return self.kit.heuristic(view, legal, history, self.rng)


class SearchBot:
    """SO-ISMCTS (game/bots/ismcts.py) within `budget` per decision. `last` holds what the
    latest search did (iterations, seconds), for the arena's figures."""

    def __init__(self, game: str, seed: int, budget: Budget) -> None:
        self.kit = _kit(game)
        self.rng = random.Random(seed)
        self.budget = budget
        self.last = SearchStats()

    def choose(self, view: View, legal: list[Action], history: list[View]) -> Action:
        if len(legal) == 1 or not self.kit.searched(view):
            self.last = SearchStats(confidence=1.0)
            if len(legal) == 1:
                return legal[0]
            return self.kit.heuristic(view, legal, history, self.rng)
        # The heuristic's choice is the search's favourite: kept unless clearly beaten.
        favourite = (
            self.kit.heuristic(view, legal, history, self.rng) if self.kit.favourite else None
        )
        model = self.kit.model(view, history)
        action, self.last = search(
            model, view["seat"], legal, self.budget, self.rng, prior=favourite
        )
        return action


BUDGETS: dict[str, Budget] = {
    "normal": Budget(iterations=300, ms=180),
    "hard": Budget(iterations=2000, ms=1000),
}
"""The search budget of each search level (iterations, and a time cap for slow machines)."""


def level_budget(level: str, game: str) -> Budget:
    """The search budget of `level` ("normal" or "hard") for `game`: BUDGETS', with the
    game's own iterations where its kit has them (the time cap stays). KeyError for a level
    without search; ValueError for a game without bots."""
    default = BUDGETS[level]
    iterations = _kit(game).iterations.get(level)
    return default if iterations is None else replace(default, iterations=iterations)


EASY_NOISE = 0.1
"""How often the easy level plays a random legal action instead of the heuristic's."""


def make_bot(level: str, game: str, seat: int, seed: int) -> Bot:
    """A bot of difficulty `level` (one of LEVELS) for `seat` of `game`, its randomness from
    `seed`. Raises ValueError for an unknown level or a game without bots."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    if level == "random":
        _kit(game)
        return RandomBot(seed)
    if level == "easy":
        return HeuristicBot(game, seed, EASY_NOISE)
    return SearchBot(game, seed, level_budget(level, game))


HINT_LEVEL = "normal"
"""The level whose suggestion a hint is: the normal bot's."""


def suggest(
    game: str, seed: int, view: View, legal: list[Action], history: list[View]
) -> tuple[Action, float | None]:
    """A hint for the seat whose `view`, `legal` actions and seen events (`history`) are
    given: the normal bot's choice and its estimated win chance (the search's mean for that
    action), None when the choice was not searched (forced, or the heuristic's to make).
    Raises ValueError for a game without bots; a failing search propagates."""
    bot = SearchBot(game, seed, level_budget(HINT_LEVEL, game))
    action = bot.choose(view, legal, history)
    chance = next((mean for a, _, mean, _ in bot.last.actions if a == action), None)
    return action, chance


def decide(
    level: str,
    game: str,
    seat: int,
    seed: int,
    view: View,
    legal: list[Action],
    history: list[View],
) -> Action:
    """One decision by a fresh bot: what a server runs, in a worker process for the slow
    levels. Returns one of `legal`; raises ValueError for an unknown level or game, and
    never otherwise: a bot that fails is logged and replaced by a uniform choice, so that a
    bot bug cannot stall a game."""
    bot = make_bot(level, game, seat, seed)
    try:
        action = bot.choose(view, legal, history)
    except Exception:  # a game must go on; the log keeps the bug visible
        log.exception("bot %s for %s seat %d failed; choosing at random", level, game, seat)
        return random.Random(seed).choice(legal)
    return action
