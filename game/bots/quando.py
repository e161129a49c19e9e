"""Quando for bots: what one seat knows of every card, determinizations, a heuristic player
and the search model (rollout policy, horizon, evaluation)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from game.bots.ismcts import shares, shuffle
from game.rules import Action, Key, State, View
from game.rules.quando import (
    DRAW,
    TURN,
    Determinizer,
    Quando,
    game_result,
    hand_size,
    round_scores,
)

# A card as a seat knows it: [first, second] with None for an unknown side. In a hand the
# first side is the front and the second the back; on a pile the up and the down side.
Card = list[Any]

_ALL_PAIRS = frozenset(a * 11 + b for a in range(11) for b in range(a + 1, 11))


def _pair(a: int, b: int) -> int:
    """The identity of the card with sides a and b, whichever way up."""
    return a * 11 + b if a < b else b * 11 + a


_PAIRS = [[_pair(a, b) for b in range(11)] for a in range(11)]
_OTHERS = [[b for b in range(11) if b != a] for a in range(11)]
_TURNED = [(card % 11) * 11 + card // 11 for card in range(121)]
"""A card `front * 11 + back` the other way round."""

LEAN = (0.0, -0.9, -1.5, -2.0, -2.35, -2.5)
"""How much lower than a fair guess an opponent's unknown front is, on average, after the
opponent has played k times this round (k = 0..5, and 5 for more): players shed their high
fronts and keep their low ones. Measured over 300 games between heuristic players."""


def _tilt(shift: float) -> list[float]:
    """Weights exp(-λw) for w = 0..10 whose mean is 5 + shift (λ by bisection)."""
    low, high = 0.0, 3.0
    for _ in range(50):
        lam = (low + high) / 2
        weights = [math.exp(-lam * w) for w in range(11)]
        mean = sum(w * x for w, x in enumerate(weights)) / sum(weights)
        low, high = (lam, high) if mean > 5 + shift else (low, lam)
    return [math.exp(-low * w) for w in range(11)]


_TILTS = [_tilt(shift) for shift in LEAN]


def lean(plays: int) -> int:
    """The row of LEAN (and of the sampler's weights) for a holder who played `plays` times."""
    return min(plays, len(LEAN) - 1)


class Inconsistent(ValueError):
    """What a seat was told cannot all be true (a history that does not fit the view)."""


class Knowledge:
    """Every card of the current round as one seat knows it.

    hands[s][i], discard[k] (bottom first) and draw[k] (top first) are Cards. From the view
    alone a seat knows its own fronts, the others' backs, the discard's up sides and the draw
    pile's top; the history adds more: a card drawn with its visible side up shows the
    drawer's front to everyone, a flipped zero shows the new front (its old back), a played
    card shows its back on the discard, and a discard pile turned over becomes a draw pile
    whose hidden sides everyone saw face up.
    """

    __slots__ = ("hands", "discard", "draw", "plays")

    def __init__(
        self, hands: list[list[Card]], discard: list[Card], draw: list[Card], plays: list[int]
    ) -> None:
        self.hands = hands
        self.discard = discard
        self.draw = draw
        self.plays = plays

    def cards(self) -> list[Card]:
        """Every card of the round, hands first, then the discard, then the draw pile."""
        return [c for hand in self.hands for c in hand] + self.discard + self.draw


def from_view(view: View) -> Knowledge:
    """What the view alone says."""
    me = view["seat"]
    hands = [
        [[f, None] for f in h["fronts"]] if s == me else [[None, b] for b in h["backs"]]
        for s, h in enumerate(view["hands"])
    ]
    count, top = view["draw"]["count"], view["draw"]["top"]
    draw = [[None, None] for _ in range(count)]
    if count:
        draw[0][0] = top
    return Knowledge(hands, [[u, None] for u in view["discard"]], draw, list(view["plays"]))


def _replay(view: View, history: list[View]) -> Knowledge:
    """Follow the current round's events; Inconsistent if they do not lead to the view."""
    hands, draw, events = _round_start(view, history)
    discard, draw = _follow_round(events, hands, draw)
    known = Knowledge(hands, discard, draw, list(view["plays"]))
    _merge(known, from_view(view))
    return known


def _round_start(
    view: View, history: list[View]
) -> tuple[list[list[Card]], list[Card], list[View]]:
    """The hands and the draw pile as the current round's deal shows them (round 0, dealt
    before the first step, blind), and the round's events after it."""
    n = view["players"]
    deals = [k for k, ev in enumerate(history) if ev["type"] == "deal"]
    start = deals[-1] if deals else None
    if start is None:
        # Round 0 was dealt before the first step, so no event shows its cards: start blind.
        if view["round"] != 0:
            raise Inconsistent("the history lacks this round's deal")
        size = hand_size(n)
        hands: list[list[Card]] = [[[None, None] for _ in range(size)] for _ in range(n)]
        draw: list[Card] = [[None, None] for _ in range(55 - n * size)]
        events = history
    else:
        deal = history[start]
        hands = [
            [[f, None] for f in h["fronts"]] if "fronts" in h else [[None, b] for b in h["backs"]]
            for h in deal["hands"]
        ]
        draw = [[None, None] for _ in range(deal["draw"]["count"])]
        if draw:
            draw[0][0] = deal["draw"]["top"]
        events = history[start + 1 :]
    return hands, draw, events


def _follow_round(
    events: list[View], hands: list[list[Card]], draw: list[Card]
) -> tuple[list[Card], list[Card]]:
    """Follow `events` from the deal: `hands` in place; returns the discard pile and the
    draw pile they lead to."""
    discard: list[Card] = []
    for ev in events:
        kind = ev["type"]
        if kind == "play":
            hand = hands[ev["seat"]]
            played = [hand[i] for i in ev["indices"]]
            for i in sorted(ev["indices"], reverse=True):
                del hand[i]
            for card, front in zip(played, ev["fronts"]):
                card[0] = front
                discard.append(card)
        elif kind == "draw":
            if not draw:
                raise Inconsistent("a draw from an empty pile")
            up, down = draw.pop(0)
            card = [up, down] if ev["side"] == "up" else [down, up]
            if "front" in ev:
                card[0] = ev["front"]
            if "back" in ev:
                card[1] = ev["back"]
            hands[ev["seat"]].append(card)
            if draw:
                draw[0][0] = ev["draw"]["top"]
            if len(draw) != ev["draw"]["count"]:
                raise Inconsistent("the draw pile's size")
        elif kind == "turn_over":
            # The bottom card becomes the top and every card shows its other side.
            draw = [[down, up] for up, down in discard]
            discard = []
            if len(draw) != ev["draw"]["count"]:
                raise Inconsistent("the turned-over pile's size")
            if draw:
                draw[0][0] = ev["draw"]["top"]
        elif kind == "flip":
            card = hands[ev["seat"]][ev["index"]]
            card[0], card[1] = card[1], card[0]
            if "front" in ev:
                card[0] = ev["front"]
            if "back" in ev:
                card[1] = ev["back"]
    return discard, draw


def _merge(known: Knowledge, seen: Knowledge) -> None:
    """Check `known` against the view's `seen` and take every side the view shows."""
    pairs = [
        (a, b)
        for ha, hb in zip(known.hands, seen.hands, strict=True)
        for a, b in zip(ha, hb, strict=True)
    ]
    pairs += list(zip(known.discard, seen.discard, strict=True))
    pairs += list(zip(known.draw, seen.draw, strict=True))
    for card, shown in pairs:
        for side in (0, 1):
            if shown[side] is not None:
                if card[side] is not None and card[side] != shown[side]:
                    raise Inconsistent("a side differs from the view")
                card[side] = shown[side]


def knowledge(view: View, history: list[View]) -> Knowledge:
    """All `view["seat"]` knows of the round's cards: the view, refined by the history when
    the history leads to the view (else the view alone)."""
    try:
        known = _replay(view, history)
        _check_pairs(known)
        return known
    except (Inconsistent, ValueError, KeyError, IndexError, TypeError):
        return from_view(view)


def _check_pairs(known: Knowledge) -> None:
    seen = set()
    for a, b in known.cards():
        if a is not None and b is not None:
            if a == b or _pair(a, b) in seen:
                raise Inconsistent("a card twice")
            seen.add(_pair(a, b))


class _Unknowns:
    """What stays the same in every determinization of one seat's `Knowledge`, worked out
    once: the cards known whole, those with one known side (`half`: position, known value,
    known side, lean) and those with none (`blind`), the pairs left for them, and how
    constrained each half-known card's value is. `fill` draws the rest."""

    def __init__(self, known: Knowledge) -> None:
        cards = known.cards()
        # An unknown front in a hand leans low the more its holder has played (LEAN).
        leans = [lean(known.plays[s]) for s, hand in enumerate(known.hands) for _ in hand]
        leans += [0] * (len(cards) - len(leans))
        self.whole: list[int | None] = [None] * len(cards)
        pool = set(_ALL_PAIRS)
        self.half: list[tuple[int, int, int, int]] = []
        self.blind: list[int] = []
        for k, (a, b) in enumerate(cards):
            if a is not None and b is not None:
                pool.discard(_pair(a, b))
                self.whole[k] = a * 11 + b
            elif a is not None:
                self.half.append((k, a, 0, 0))
            elif b is not None:
                self.half.append((k, b, 1, leans[k]))
            else:
                self.blind.append(k)
        self.pool = pool
        self.sorted_pool = sorted(pool)
        # Per value v, the w whose pair {v, w} is left (ascending, as `_OTHERS`).
        self.partners = [[w for w in _OTHERS[v] if _PAIRS[v][w] in pool] for v in range(11)]
        demand = [0] * 11
        for _, v, _, _ in self.half:
            demand[v] += 1
        supply = [0] * 11
        for p in pool:
            supply[p // 11] += 1
            supply[p % 11] += 1
        self.demand, self.supply = demand, supply
        # The greedy's order: least spare supply first (see `_partners`).
        self.spare = [supply[v] - demand[v] for _, v, _, _ in self.half]
        # What the greedy looks up for each half-known card, looked up once.
        self.slots = [
            (v, _PAIRS[v], self.partners[v], _TILTS[tilt] if tilt else None)
            for _, v, _, tilt in self.half
        ]

    def fill(self, rng: random.Random) -> list[int]:
        """Every card (in `Knowledge.cards()`'s order, as `front * 11 + back`) with both
        sides, each of the 55 pairs once, the unknown sides chosen at random. Raises
        Inconsistent if no such deal exists."""
        out = list(self.whole)
        taken = set()
        for (k, v, side, _), w in zip(self.half, _partners(self, rng)):
            out[k] = v * 11 + w if side == 0 else w * 11 + v
            taken.add(_PAIRS[v][w])
        rest = [p for p in self.sorted_pool if p not in taken]
        shuffle(rest, rng)
        draw = rng.random
        for k, p in zip(self.blind, rest):
            out[k] = p if draw() < 0.5 else _TURNED[p]
        return out  # type: ignore[return-value]


def _partners(unknowns: _Unknowns, rng: random.Random) -> list[int]:
    """For each card with one known side v, a partner w so that the pairs {v, w} are distinct
    and left in the pool: a randomized greedy assignment, most constrained values first, that
    leaves every value enough pairs for the cards still waiting for it, each w weighted by
    the card's lean; Kuhn's augmenting paths if the greedy runs into a dead end."""
    half, pool, slots = unknowns.half, unknowns.pool, unknowns.slots
    draw = rng.random
    for _attempt in range(8):
        free = set(pool)
        avail = list(unknowns.supply)
        need = list(unknowns.demand)
        order = list(range(len(half)))
        shuffle(order, rng)
        order.sort(key=unknowns.spare.__getitem__)
        chosen = [0] * len(half)
        for i in order:
            v, row, partners, weights = slots[i]
            need[v] -= 1
            cands = [w for w in partners if row[w] in free]
            if not cands:
                break
            good = [w for w in cands if avail[w] > need[w]] or cands
            if weights is not None:
                whole = 0.0
                for w in good:
                    whole += weights[w]
                x = draw() * whole
                for w in good:
                    x -= weights[w]
                    if x <= 0:
                        break
            else:
                w = good[int(draw() * len(good))]
            free.discard(row[w])
            avail[v] -= 1
            avail[w] -= 1
            chosen[i] = w
        else:
            return chosen
    return _kuhn(half, pool, rng)


def _kuhn(half: list[tuple[int, int, int, int]], pool: set[int], rng: random.Random) -> list[int]:
    owner: dict[int, int] = {}

    def assign(i: int, seen: set[int]) -> bool:
        v = half[i][1]
        others = [w for w in range(11) if w != v]
        rng.shuffle(others)
        for w in others:
            p = _pair(v, w)
            if p in pool and p not in seen:
                seen.add(p)
                if p not in owner or assign(owner[p], seen):
                    owner[p] = i
                    return True
        return False

    for i in range(len(half)):
        if not assign(i, set()):
            raise Inconsistent("no deal shows what this seat sees")
    chosen = [0] * len(half)
    for p, i in owner.items():
        a, b = divmod(p, 11)
        chosen[i] = b if a == half[i][1] else a
    return chosen


class Sampler:
    """Determinizations for one seat: full Quando states whose view for that seat is the real
    one, every unknown side drawn at random among the deals the seat cannot rule out."""

    def __init__(self, view: View, history: list[View]) -> None:
        self.known = knowledge(view, history)
        self.unknowns = _Unknowns(self.known)
        self.sizes = [len(h) for h in self.known.hands]
        self.discards = len(self.known.discard)
        self.determinizer = Determinizer(view, history)

    def sample(self, rng: random.Random) -> Quando:
        """A fresh determinization with a random PRNG state."""
        cards = self.unknowns.fill(rng)
        hands = []
        k = 0
        for size in self.sizes:
            hands.append(cards[k : k + size])
            k += size
        discards = self.discards
        return self.determinizer.deal(
            hands, cards[k : k + discards], cards[k + discards :], rng.getrandbits(64)
        )


# -- judging cards from one seat's knowledge -------------------------------------------------


class Odds:
    """Expected hidden sides, as the sampler draws them: for a card showing v, the mean of
    the w with {v, w} not yet known to be elsewhere, leaning low for an opponent's front."""

    def __init__(self, known: Knowledge) -> None:
        pool = set(_ALL_PAIRS)
        for a, b in known.cards():
            if a is not None and b is not None:
                pool.discard(_pair(a, b))
        self.means = []
        for weights in _TILTS:
            means = []
            for v in range(11):
                ws = [w for w in _OTHERS[v] if _PAIRS[v][w] in pool]
                whole = sum(weights[w] for w in ws)
                means.append(sum(w * weights[w] for w in ws) / whole if ws else 5.0)
            self.means.append(means)

    def other(self, card: Card, side: int, plays: int = 0) -> float:
        """The expected value of `card`'s `side` (known or not); `plays`: how often the
        card's holder has played this round, for an unknown front."""
        if card[side] is not None:
            return float(card[side])
        shown = card[1 - side]
        if shown is None:
            return 5.0
        return self.means[lean(plays) if side == 0 else 0][shown]


@lru_cache(maxsize=1 << 16)
def _best_shed(counts: tuple[int, ...]) -> int:
    """The most points one play could shed from a hand with counts[v] cards of front v
    (a set, or a run of three)."""
    best = max(v * counts[v] for v in range(11))
    for v in range(9):
        if counts[v] and counts[v + 1] and counts[v + 2]:
            best = max(best, 3 * v + 3)
    return best


_KNOCK, _PASS = ("knock",), ("pass",)
_UP, _DOWN = ("draw", "up"), ("draw", "down")

MEAN_OTHER = [(55 - v) / 10 for v in range(11)]
"""The mean of the other side of a card showing v, knowing nothing else (0..10 without v)."""


@dataclass(frozen=True)
class Style:
    """The heuristic's knobs; the defaults won the arena against their variants."""

    size_bonus: float = 0.5
    """Points a play is worth per card beyond the first (a smaller hand sheds faster)."""
    lookahead: float = 0.3
    """Weight of the best play the remaining cards would still allow."""
    triplet_bonus: float = 2.5
    """Points a triplet is worth per other player (a flipped zero or a drawn card each)."""
    up_margin: float = 0.25
    """Draw the visible side when it is at least this much below the hidden side's mean."""
    knock_always: int = 2
    """Knock at this sum or less, whatever the others hold."""
    knock_max: int = 6
    """Never knock above this sum ..."""
    knock_margin: float = 4.0
    """... nor unless this far below the lowest expected sum of the others after their turn."""
    last_turn_gain: float = 3.0
    """How much a player's sum drops in their last turn, on average."""
    pass_margin: float = 0.5
    """In the last round, pass unless the best play sheds this much more than the draw brings."""


STYLE = Style()


def turn_choice(
    acts: Sequence[Sequence[Any]],
    fronts: list[int],
    others: list[float],
    draw_value: float,
    top_up: int | None,
    style: Style = STYLE,
) -> Sequence[Any]:
    """The heuristic's turn: one of `acts` (legal turn actions, as lists or frozen tuples),
    given the player's fronts, the others' expected sums, the front the coming draw is
    expected to bring and the draw pile's visible top."""
    best = None
    best_value = -math.inf
    best_shed = 0
    best_triplet = False
    knock = done = None
    counts = [0] * 11
    for f in fronts:
        counts[f] += 1
    for a in acts:
        verb = a[0]
        if verb == "knock":
            knock = a
            continue
        if verb == "pass":
            done = a
            continue
        idx = a[1]
        shed = 0
        for i in idx:
            shed += fronts[i]
        value = shed + style.size_bonus * (len(idx) - 1)
        triplet = len(idx) == 3 and fronts[idx[0]] == fronts[idx[1]] == fronts[idx[2]]
        if triplet:
            value += style.triplet_bonus * len(others)
        if style.lookahead:
            rest = list(counts)
            for i in idx:
                rest[fronts[i]] -= 1
            value += style.lookahead * _best_shed(tuple(rest))
            if top_up == 0 and len(fronts) - len(idx) == rest[0]:
                value += 10.0  # only zeros after drawing the visible 0: the round ends, I score 0
        if value > best_value:
            best, best_value, best_shed, best_triplet = a, value, shed, triplet
    total = sum(fronts)
    if knock is not None:
        low = min(others) - style.last_turn_gain
        if total <= style.knock_always or (
            total <= style.knock_max and total <= low - style.knock_margin
        ):
            return knock
    if done is not None and (
        best is None or (best_shed <= draw_value + style.pass_margin and not best_triplet)
    ):
        return done
    return best if best is not None else acts[-1]


def heuristic(
    view: View, legal: list[Action], history: list[View], rng: random.Random, style: Style = STYLE
) -> Action:
    """A good player's rules of thumb: shed the most points (several cards beat one, a
    triplet hurts everyone else), draw the hidden side when the visible one is high, knock
    when the own sum is low and likely the lowest, pass in the last round unless a play
    gains. Expectations of hidden sides come from all the seat knows (`Odds`)."""
    verb = legal[0][0]
    if len(legal) == 1:
        return legal[0]
    me = view["seat"]
    known = knowledge(view, history)
    odds = Odds(known)
    if verb == "draw":
        up, down = _next_sides(known, odds)
        return ["draw", "up"] if up <= down - style.up_margin else ["draw", "down"]
    if verb == "flip":
        # Each flip turns a zero into its back: the lowest expected back.
        hand = known.hands[me]
        return min(legal, key=lambda a: odds.other(hand[a[1]], 1))
    others = [
        sum(odds.other(c, 0, view["plays"][s]) for c in known.hands[s])
        for s in range(view["players"])
        if s != me
    ]
    up, down = _next_sides(known, odds)
    top = known.draw[0][0] if known.draw else None
    return list(turn_choice(legal, view["hands"][me]["fronts"], others, min(up, down), top, style))


def _next_sides(known: Knowledge, odds: Odds) -> tuple[float, float]:
    """The expected up and down side of the card the next draw takes."""
    if known.draw:
        top = known.draw[0]
        return (float(top[0]) if top[0] is not None else 5.0), odds.other(top, 1)
    if known.discard:
        # The discard pile turns over first: its bottom card will be the top, other side up.
        bottom = known.discard[0]
        return odds.other(bottom, 1), float(bottom[0])
    return 5.0, 5.0


# -- the search model --------------------------------------------------------------------------


def keeps(action: Action) -> bool:
    """A play: its player draws next and has learnt nothing meanwhile (the discard shows the
    fronts it chose), so a search's statistics under the play hold for the draw."""
    return action[:1] == ["play"]


class Model:
    """ISMCTS model for one decision: determinizations from `Sampler` (each serves two
    iterations: sampling costs as much as a rollout); rollouts in which every player follows
    the heuristic's rules, judging the others by their backs and LEAN alone, to the end of the
    round (at most `depth` steps); an evaluation that scores the round and turns the totals
    into win chances (`win_chances`)."""

    tree_depth: int | None = None
    reuse: int = 2

    def __init__(
        self, view: View, history: list[View], depth: int = 80, style: Style = STYLE
    ) -> None:
        self.sampler = Sampler(view, history)
        self.round = view["round"]
        self.target = view["target"]
        self.depth = depth
        self.style = style
        # `_best_play` by hand: the same hands come back in rollout after rollout.
        self._plays: dict[tuple[int, ...], tuple[Key, int, bool, int]] = {}

    def sample(self, rng: random.Random) -> State:
        # Searches stop at the round's end (`done`): what follows need not be dealt.
        return self.sampler.sample(rng).round_only()

    def as_sample(self, state: State) -> State:
        """A copy of `state` that searches as `sample`'s determinizations do."""
        return cast(Quando, state).clone().round_only()

    def done(self, state: State, depth: int) -> bool:
        state = cast(Quando, state)
        return state.round != self.round or depth >= self.depth or _last_draw(state)

    def policy(self, state: State, rng: random.Random) -> Key:
        state = cast(Quando, state)
        top = _next_up(state)
        if state.phase == TURN:
            # Found from the hand: listing every legal play would cost more than the choice.
            return self._turn(state, min(top, MEAN_OTHER[top]))
        up = top <= MEAN_OTHER[top] - self.style.up_margin
        if state.phase == DRAW:
            # The draw after a play: its two sides, without listing them.
            return _UP if up else _DOWN
        acts = state.legal_keys()
        if len(acts) == 1:
            return acts[0]
        if acts[0][0] == "flip":
            return acts[rng.randrange(len(acts))]
        return acts[0] if up else acts[1]

    def rollout(self, state: State, rng: random.Random) -> Sequence[float]:
        """The policy's moves from `state` (consumed) until `done`, and their evaluation;
        `policy` and `done` inlined phase by phase, as a rollout's steps are most of an
        analysis's time."""
        quando = cast(Quando, state)
        advance, turn, policy = quando.advance, self._turn, self.policy
        up_margin, current = self.style.up_margin, self.round
        action: Key
        for _ in range(self.depth):
            if quando.result is not None or quando.round != current:
                break
            phase = quando.phase
            if phase == DRAW:
                draw = quando.draw
                if not draw:
                    top = _next_up(quando)
                    advance(_UP if top <= MEAN_OTHER[top] - up_margin else _DOWN)
                    continue
                if not quando.triplet and quando.last_turn():
                    break  # `_last_draw`: `evaluate` scores the round's last draw itself
                card = draw[-1]
                top = card // 11
                if top <= MEAN_OTHER[top] - up_margin:
                    action, front = _UP, top
                else:
                    action, front = _DOWN, card % 11
                if front == 0 and all(c < 11 for c in quando.hands[quando.active]):
                    # This draw leaves the hand all zeros and ends the round: its sum is 0
                    # with the drawn zero or without it, as `_round_over` scores it.
                    return self._round_over(quando)
            elif phase == TURN:
                top = _next_up(quando)
                action = turn(quando, min(top, MEAN_OTHER[top]))
                if action is _PASS and quando.last_turn():
                    # This step ends the round: scored here, sparing the engine the next deal.
                    return self._round_over(quando)
            else:
                action = policy(quando, rng)
            advance(action)
        return self.evaluate(quando)

    def _round_over(self, state: Quando) -> Sequence[float]:
        """`evaluate`'s values once the round ends with the hands as they are: the round
        scored, and the game over when a total reaches the target, as the engine ends it."""
        sums = [sum(c // 11 for c in hand) for hand in state.hands]
        scores, _ = round_scores(sums, state.knocker)
        totals = [t + score for t, score in zip(state.totals, scores)]
        result = game_result(totals, self.target)
        if result is not None:
            return shares(result, len(totals))
        return win_chances(totals, self.target)

    def _turn(self, state: Quando, draw_value: float) -> Key:
        """`turn_choice`'s rules without the lookahead, over the plays that matter (all cards
        of one front, a triplet, a run), found from the hand rather than the legal list."""
        style = self.style
        seat = state.active  # to move: it is the active player's turn
        own = state.hands[seat]
        key = tuple(own)
        found = self._plays.get(key)
        if found is None:
            if len(self._plays) >= 8192:
                self._plays.clear()
            found = self._plays[key] = self._best_play(own, state.players)
        best, best_shed, best_triplet, total = found
        if state.knocker is None:
            if state.plays[seat] >= 2 and total <= style.knock_max:
                plays = state.plays
                low = min(
                    sum(MEAN_OTHER[c % 11] for c in hand) + len(hand) * LEAN[lean(plays[s])]
                    for s, hand in enumerate(state.hands)
                    if s != seat
                )
                if (
                    total <= style.knock_always
                    or total <= low - style.last_turn_gain - style.knock_margin
                ):
                    return _KNOCK
        elif best_shed <= draw_value + style.pass_margin and not best_triplet:
            return _PASS
        return best

    def _best_play(self, hand: list[int], players: int) -> tuple[Key, int, bool, int]:
        """The best play of `hand` by `_turn`'s rules, the fronts it sheds, whether it is a
        triplet, and the hand's sum."""
        style = self.style
        # The hand's indices by front, only the fronts it holds (in ascending order below).
        by_front: dict[int, list[int]] = {}
        total = 0
        for i, c in enumerate(hand):
            v = c // 11
            total += v
            same = by_front.get(v)
            if same is None:
                by_front[v] = [i]
            else:
                same.append(i)
        bonus = style.size_bonus
        triplet = style.triplet_bonus * (players - 1)
        best: Key = ()
        best_value = -1.0
        best_shed = 0
        best_triplet = False
        for v in sorted(by_front):
            idx = by_front[v]
            k = len(idx)
            value = v * k + bonus * (k - 1) + (triplet if k == 3 else 0.0)
            if value > best_value:
                best, best_value = ("play", tuple(idx)), value
                best_shed, best_triplet = v * k, k == 3
            if k > 3 and 3 * v + 2 * bonus + triplet > best_value:
                best, best_value = ("play", tuple(idx[:3])), 3 * v + 2 * bonus + triplet
                best_shed, best_triplet = 3 * v, True
            if v + 1 in by_front and v + 2 in by_front:
                value = 3 * v + 3 + 2 * bonus
                if value > best_value:
                    run = sorted((idx[0], by_front[v + 1][0], by_front[v + 2][0]))
                    best, best_value = ("play", tuple(run)), value
                    best_shed, best_triplet = 3 * v + 3, False
        return best, best_shed, best_triplet, total

    def evaluate(self, state: State) -> Sequence[float]:
        state = cast(Quando, state)
        n = state.players
        if state.result is not None:
            return shares(state.result, n)
        totals = list(state.totals)
        if state.round == self.round:
            # Score the round as if it ended now: hand sums against the lowest.
            sums = [sum(c // 11 for c in hand) for hand in state.hands]
            if _last_draw(state):
                # The round's last draw, as the policy would make it: its front is certain.
                top = state.draw[-1]
                up = top // 11
                visible = up <= MEAN_OTHER[up] - self.style.up_margin
                sums[state.active] += up if visible else top % 11
            scores, _ = round_scores(sums, state.knocker)
            totals = [t + score for t, score in zip(totals, scores)]
        return win_chances(totals, self.target)


def _next_up(state: Quando) -> int:
    """The up side of the card the next draw takes: the draw pile's top, or once it is empty
    the discard's bottom card turned over (its other side up); 5 with neither."""
    if state.draw:
        return state.draw[-1] // 11
    if state.discard:
        return state.discard[0] % 11
    return 5


def _last_draw(state: Quando) -> bool:
    """Whether the next step is the draw that ends the round after a knock (no triplet
    penalty to follow, a card on the draw pile): a rollout stops there and scores the round
    itself, sparing the engine the next round's shuffle."""
    return state.phase == DRAW and not state.triplet and bool(state.draw) and state.last_turn()


def win_chances(totals: list[int], target: int) -> list[float]:
    """Rough chances to win from the totals: the lowest total is likely to win, the more so
    the nearer the game is to its end (the target)."""
    gap = max(0, target - max(totals))
    tau = 3.0 + 0.3 * gap
    low = min(totals)
    weights = [math.exp(-(t - low) / tau) for t in totals]
    whole = sum(weights)
    return [w / whole for w in weights]
