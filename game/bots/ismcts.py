"""Information-set Monte Carlo tree search over the engine contract, for any game with a model.

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG, 2012),
single-observer variant (SO-ISMCTS): one tree for the deciding seat's information set. Every
iteration takes a determinization (a full state the seat cannot tell from the real one, from
the game's sampler), walks it down the tree considering only the actions legal in that
determinization, selects children by UCB1 with availability counts (a child's exploration
term counts the iterations in which it could have been chosen, not its parent's visits),
expands one child, rolls out with the game's policy until the game's horizon, and backs up
the game's evaluation of the final state. Departures from the paper, each measured in the
arena (BENCHMARKS.md):

- the other seats' decisions are made by the model's policy, not searched (`opponent_nodes`
  restores the paper's version), see `search`;
- the tree may stop after a few of the seat's own decisions (`Model.tree_depth`) where a
  later decision depends on a card the seat will only then have seen;
- a heuristic's choice can be the favourite (`prior`), kept unless clearly beaten;
- a determinization may serve a few iterations (`Model.reuse`), a clone each time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from game.rules import Action, Key, Result, State
from game.rules.base import freeze


class Model(Protocol):
    """What the search needs of one game, for one decision of one seat.

    `sample` must only return states whose view for the deciding seat equals the real view
    (and whose legal actions equal the real ones); the rest is the game's judgement.
    `tree_depth`: how many of the deciding seat's decisions in a row the tree holds (None:
    no limit); deeper ones are left to the policy – right when a decision depends on what
    the seat will have learnt by then (a card just drawn), which the tree's keys ignore.
    `reuse`: iterations per determinization (a clone each time), where sampling costs as
    much as the rest of an iteration.

    A model may also have `rollout(state, rng) -> Sequence[float]`: the rollout from `state`
    (which it may consume) and its evaluation in one call, `evaluate`'s values – e.g. through
    an engine's quick playout (`Quasenbo.playout`), much cheaper than stepping the engine;
    the search then uses it instead of `policy`, `done` and `evaluate` past the tree. And it
    may have `as_sample(state) -> State`: a copy of a known state prepared as `sample`
    prepares its states (Quando's leave the round after theirs undealt), for a search whose
    only determinization is that state (the analysis's all-seeing estimates).
    """

    tree_depth: int | None
    reuse: int

    def sample(self, rng: random.Random) -> State:
        """A fresh determinization: a full state consistent with all the seat knows, with
        its own PRNG state (future shuffles must not be the real ones)."""

    def policy(self, state: State, rng: random.Random) -> Key:
        """An action for `state.to_move`: one of the state's legal actions, frozen (tuples
        for lists, as `game.rules.base.freeze` makes them)."""

    def done(self, state: State, depth: int) -> bool:
        """True when a rollout `depth` steps past the tree should stop and be evaluated."""

    def evaluate(self, state: State) -> Sequence[float]:
        """Per seat, a value in [0, 1]: 1 is a sure win (a game over gives the exact result)."""


def shuffle(items: list[Any], rng: random.Random) -> None:
    """`rng.shuffle(items)`, draw for draw: Python's own algorithm (from the last place down,
    a place j ≤ i drawn from `getrandbits` by rejection), without its two calls a place –
    a sampler shuffles a few dozen cards for every determinization."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def shares(result: Result, players: int) -> list[float]:
    """A finished game's value per seat for `Model.evaluate`: the winners share 1."""
    winners = result["winners"]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]


@dataclass(frozen=True)
class Budget:
    """How long one decision may search: at most `iterations`, at most `ms` milliseconds;
    None means no limit of that kind (at least one must be set; ValueError otherwise)."""

    iterations: int | None = None
    ms: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.ms is None:
            raise ValueError("a search budget needs iterations, milliseconds or both")


@dataclass
class SearchStats:
    """What one search did: iterations, seconds spent, the chosen action's visit share, and
    per root action what the search learnt of it."""

    iterations: int = 0
    seconds: float = 0.0
    confidence: float = 0.0
    actions: list[tuple[Action, int, float, float]] = field(default_factory=list)
    """Per legal action, in `legal`'s order: (action, visits, the deciding seat's mean reward,
    the standard error of that mean); the error is the worst case for rewards in [0, 1],
    0.5/sqrt(visits), where fewer than two visits leave the spread unknown (an action never
    tried: 0 visits, mean 0, error 0.5). Empty when a single legal action was not searched."""
    tree: Node | None = None
    """The search's tree (its root), for a later search to go on from one of its nodes (see
    `search`'s `tree`); None when a single legal action was not searched."""


class Node:
    """A tree node: the action that led here, taken by `seat`; rewards are that seat's
    (their sum and sum of squares, for the mean and its standard error)."""

    __slots__ = ("seat", "visits", "avail", "total", "squares", "kids")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.squares = 0.0
        # Children by the seat to move, then by action: who moves next can depend on hidden
        # cards (a Quando round that ends on a draw of zeros), so the seat is part of the key.
        self.kids: dict[int, dict[Key, Node]] = {}


def search(
    model: Model,
    seat: int,
    legal: list[Action],
    budget: Budget,
    rng: random.Random,
    exploration: float = 0.7,
    opponent_nodes: bool = False,
    prior: Action | None = None,
    bias: float = 0.1,
    override: float = 1.0,
    tree: Node | None = None,
) -> tuple[Action, SearchStats]:
    """Choose one of `legal` (the real legal actions of `seat`, which must be to move in every
    determinization) within `budget`. Returns the action (an item of `legal`) and what the
    search did. A single legal action is returned without searching. Raises nothing of its
    own; a model's errors pass through.

    With `opponent_nodes` False (the default) the other seats' decisions on the way down the
    tree are made by the model's policy, as if by chance, and only `seat`'s decisions are
    nodes: in a determinization an opponent's action names cards the searching seat cannot
    see (Quando's hand indices name other cards in every deal), so statistics gathered under
    such keys rank noise, and maximizing over them biases every long line against `seat`.
    With True, every seat's decisions are nodes, as in the paper.

    `prior`, one of `legal` (a heuristic's choice), gets a progressive bias of
    `bias`/(visits + 1) at the root, and is kept unless the most visited action's mean beats
    it by more than `override` standard errors of the difference: a few hundred noisy
    iterations should overturn a good rule of thumb only on evidence.

    `tree` goes on from a node of an earlier search of the same seat's: the child of that
    search's root (`SearchStats.tree`) for the action the seat took, when its statistics
    still hold – the seat has learnt nothing since – and its next decision is this one.
    The iterations that reached its children count towards `budget`'s."""
    stats = SearchStats()
    if len(legal) == 1:
        stats.confidence = 1.0
        return legal[0], stats
    start = time.perf_counter()
    deadline = None if budget.ms is None else start + budget.ms / 1000.0
    limit = budget.iterations
    root = Node(seat) if tree is None else tree
    inherited = sum(kid.visits for kid in root.kids.get(seat, {}).values())
    favourite = freeze(prior) if prior is not None else None
    walk = _Walk(model, seat, root, rng, exploration, opponent_nodes, favourite, bias)
    reuse = model.reuse
    clock = time.perf_counter
    iterations = 0
    while (limit is None or inherited + iterations < limit) and (
        deadline is None or clock() < deadline
    ):
        if iterations % reuse == 0:
            sample = model.sample(rng)
        walk.iterate(sample.clone())
        iterations += 1
    stats.iterations = iterations
    stats.seconds = time.perf_counter() - start
    stats.tree = root
    return _choice(root, seat, legal, favourite, override, stats)


class _Walk:
    """One search's iterations: down the tree, a rollout, the values backed up."""

    def __init__(
        self,
        model: Model,
        seat: int,
        root: Node,
        rng: random.Random,
        exploration: float,
        opponent_nodes: bool,
        favourite: Key | None,
        bias: float,
    ) -> None:
        self.model, self.seat, self.root, self.rng = model, seat, root, rng
        self.exploration, self.opponent_nodes = exploration, opponent_nodes
        self.favourite, self.bias = favourite, bias
        self.rollout = getattr(model, "rollout", None)
        self.root_acts: list[Key] | None = None

    def iterate(self, state: State) -> None:
        """One iteration on `state` (a determinization's clone, consumed)."""
        path = self.descend(state)
        if self.rollout is not None:
            values = self.rollout(state, self.rng)
        else:
            # Rollout from the new node, truncated by the model, then evaluation.
            model, rng = self.model, self.rng
            done, policy, advance = model.done, model.policy, state.advance
            depth = 0
            while state.result is None and not done(state, depth):
                advance(policy(state, rng))
                depth += 1
            values = model.evaluate(state)
        for child in path:
            value = values[child.seat]
            child.visits += 1
            child.total += value
            child.squares += value * value

    def descend(self, state: State) -> list[Node]:
        """Selection and expansion: down the tree while every legal action has a child (and,
        below the root, the model's horizon is not reached); the nodes passed. Actions are
        applied unchecked: the tree's come from `legal_keys()`, the policies' are tested to be
        legal (tests/bots/test_search.py)."""
        model, seat, rng = self.model, self.seat, self.rng
        done, policy, depth_limit = model.done, model.policy, model.tree_depth
        node = self.root
        path: list[Node] = []
        level = 0
        while state.result is None and (not path or not done(state, 0)):
            mover = cast(int, state.to_move)
            if mover != seat and not self.opponent_nodes:
                state.advance(policy(state, rng))
                continue
            if depth_limit is not None and level >= depth_limit:
                break
            level += 1
            if node is self.root:
                # Every determinization's legal actions at the root are the real ones
                # (`Model.sample`): listed once.
                if self.root_acts is None:
                    self.root_acts = state.legal_keys()
                acts = self.root_acts
            else:
                acts = state.legal_keys()
            kids = node.kids.get(mover)
            if kids is None:
                kids = node.kids[mover] = {}
            untried = [a for a in acts if a not in kids]
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = kids[action] = Node(mover)
                child.avail = 1
                for a in acts:
                    if a is not action and a in kids:
                        kids[a].avail += 1
                state.advance(action)
                path.append(child)
                break
            node, action = self.select(node, kids, acts)
            state.advance(action)
            path.append(node)
        return path

    def select(self, node: Node, kids: dict[Key, Node], acts: list[Key]) -> tuple[Node, Key]:
        """UCB1 with availability counts among `acts`, every one a child of `node`'s; the
        root's favourite gets its progressive bias."""
        log, sqrt, exploration = math.log, math.sqrt, self.exploration
        favourite = self.favourite if node is self.root else None
        best = node
        best_score = -1.0
        action: Key = ()
        for a in acts:
            child = kids[a]
            child.avail += 1
            visits = child.visits
            score = child.total / visits + exploration * sqrt(log(child.avail) / visits)
            if a == favourite:
                score += self.bias / (visits + 1)
            if score > best_score:
                best, best_score, action = child, score, a
        return best, action


def _choice(
    root: Node,
    seat: int,
    legal: list[Action],
    favourite: Key | None,
    override: float,
    stats: SearchStats,
) -> tuple[Action, SearchStats]:
    """The action to take after the search – the most visited, or the favourite unless
    clearly beaten – with `stats` completed from the root's children."""
    kids = root.kids.get(seat, {})
    keys = [freeze(a) for a in legal]
    visits = [kids[k].visits if k in kids else 0 for k in keys]
    means = [kids[k].total / kids[k].visits if visits[i] else 0.0 for i, k in enumerate(keys)]
    best_index = max(range(len(legal)), key=lambda i: (visits[i], means[i]))
    if favourite is not None and favourite in keys:
        kept = keys.index(favourite)
        if kept != best_index and not _clearly_better(
            kids.get(keys[best_index]), kids.get(favourite), override
        ):
            best_index = kept
    stats.confidence = visits[best_index] / max(1, sum(visits))
    stats.actions = [
        (legal[i], visits[i], means[i], _standard_error(kids.get(k))) for i, k in enumerate(keys)
    ]
    return legal[best_index], stats


def _mean_and_variance(node: Node) -> tuple[float, float]:
    """A node's mean reward and the variance of that mean (it needs two visits)."""
    mean = node.total / node.visits
    return mean, max(0.0, node.squares / node.visits - mean * mean) / (node.visits - 1)


def _standard_error(node: Node | None) -> float:
    """The standard error of a root child's mean (see SearchStats.actions)."""
    if node is None or node.visits < 2:
        return 0.5 / math.sqrt(max(1, node.visits if node else 0))
    return math.sqrt(_mean_and_variance(node)[1])


def _clearly_better(node: Node | None, than: Node | None, z: float) -> bool:
    """Whether `node`'s mean beats `than`'s by more than z standard errors of the difference.
    A rival tried fewer than twice has not won; then a favourite tried fewer than twice (the
    search stopped trying it) has lost."""
    if node is None or node.visits < 2:
        return False
    if than is None or than.visits < 2:
        return True
    mean, var = _mean_and_variance(node)
    other, other_var = _mean_and_variance(than)
    return mean - other > z * math.sqrt(var + other_var)
