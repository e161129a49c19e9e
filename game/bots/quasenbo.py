"""Quäsenbö for bots: which unseen card can be where, determinizations, a heuristic player and
the search model (rollout policy, horizon, evaluation)."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from typing import cast

from game.bots.ismcts import shares, shuffle
from game.rules import Action, Key, State, View
from game.rules.quasenbo import (
    CODE,
    DECK_OPTIONS,
    ID,
    MASK,
    RANK,
    SUIT_BIT,
    Determinizer,
    Quasenbo,
    follows,
    full_deck,
    row_mask,
)

_DECKS: dict[tuple[bool, ...], tuple[frozenset[str], list[int]]] = {}
for _flags in itertools.product((False, True), repeat=len(DECK_OPTIONS)):
    _cards = full_deck(dict(zip(DECK_OPTIONS, _flags)))
    _DECKS[_flags] = (frozenset(CODE[c] for c in _cards), _cards)


def _row_mask(code: str, named: str | None) -> int:
    """The suits a played-row card (by its code) counts as."""
    return row_mask(ID[code], named)


def _popcount(x: int) -> int:
    return bin(x).count("1")


class Inconsistent(ValueError):
    """The history does not lead to the view."""


class Knowledge:
    """What one seat knows of the hidden cards.

    `decks`: the option sets (excuse, pawns, courts, double) the seat cannot rule out – the
    view does not name them, the card count and the cards seen narrow them down.
    `voids[s]`: per card of seat s's hand (hand order), the (suits, ranks) bit masks it cannot
    have: a player who draws or passes holds nothing that matches the last played card.
    `pile`: the cards the draw pile is drawn from since the last reshuffle (the played row
    that was shuffled into it, everyone saw it), or None if not known.
    """

    def __init__(self, view: View, history: list[View]) -> None:
        me = view["seat"]
        total = sum(view["hand_sizes"]) + len(view["row"]) + view["draw"]["count"]
        seen = set(view["hands"][me]) | set(view["row"])
        seen.update(ev["card"] for ev in history if ev["type"] == "play")
        seen.update(ev["card"] for ev in history if ev["type"] == "draw" and "card" in ev)
        self.decks = [
            flags
            for flags, (codes, cards) in _DECKS.items()
            if len(cards) == total and seen <= codes
        ]
        if not self.decks:
            raise Inconsistent("no deck holds the cards seen")
        mine = set(view["hands"][me]) | set(view["row"])
        self.unseen = {
            flags: [c for c in _DECKS[flags][1] if CODE[c] not in mine] for flags in self.decks
        }
        self.voids: list[list[tuple[int, int]]] = [[(0, 0)] * size for size in view["hand_sizes"]]
        self.pile: frozenset[int] | None = None
        try:
            self._replay(view, history)
        except (Inconsistent, KeyError, IndexError, TypeError, ValueError):
            self.voids = [[(0, 0)] * size for size in view["hand_sizes"]]
            self.pile = None

    def _replay(self, view: View, history: list[View]) -> None:
        n = view["players"]
        sizes = list(view["hand_sizes"])
        for ev in history:
            if ev["type"] == "play":
                sizes[ev["seat"]] += 1
            elif ev["type"] == "draw":
                sizes[ev["seat"]] -= 1
        # Row cards as indices into `played`; played[0] is the starting card, which no event
        # names: it is known only while it is still in the row.
        played: list[str | None] = [None]
        named: list[str | None] = [None]
        row = [0]
        hands: list[list[list[int]]] = [[[] for _ in range(size)] for size in sizes]
        reshuffled: list[int] | None = None
        for ev in history:
            kind = ev["type"]
            if kind == "play":
                del hands[ev["seat"]][ev["index"]]
                played.append(ev["card"])
                named.append(ev["suit"])
                row.append(len(played) - 1)
            elif kind == "draw":
                if not ev["penalty"]:
                    for card in hands[ev["seat"]]:
                        card.append(row[-1])
                hands[ev["seat"]].append([])
            elif kind == "pass":
                for card in hands[ev["seat"]]:
                    card.append(row[-1])
            elif kind == "reshuffle":
                kept = ev["kept"]
                reshuffled = row[:-kept]
                row = row[-kept:]
        if [len(h) for h in hands] != view["hand_sizes"] or len(row) != len(view["row"]):
            raise Inconsistent("the hands or the row differ from the view")
        for k, code in zip(row, view["row"]):
            if played[k] is None:
                played[k] = code
            elif played[k] != code:
                raise Inconsistent("the row differs from the view")
        for s in range(n):
            voids = []
            for card in hands[s]:
                suits = ranks = 0
                for k in card:
                    code = played[k]
                    if code is None:
                        continue  # the starting card, long gone: no telling what it ruled out
                    suits |= _row_mask(code, named[k])
                    ranks |= 1 << RANK[ID[code]] | 1  # bit 0: the Excuse matches anything
                voids.append((suits, ranks))
            self.voids[s] = voids
        codes = [played[k] for k in reshuffled or ()]
        if reshuffled is not None and None not in codes:
            self.pile = frozenset(ID[code] for code in codes if code is not None)


def allowed(card: int, void: tuple[int, int]) -> bool:
    """Whether a hand card with these (suits, ranks) voids can be `card`."""
    suits, ranks = void
    return not (MASK[card] & suits) and not (ranks >> RANK[card] & 1)


class Sampler:
    """Determinizations for one seat: its own hand and everything public as they are, the
    unseen cards dealt to the other hands and the draw pile at random, respecting what the
    seat could infer (voids, the reshuffled pile) whenever some deal allows it. With `infer`
    False the inferences are ignored: deals fit the view alone (bench/inference.py measures
    what the inferences are worth)."""

    def __init__(self, view: View, history: list[View], infer: bool = True) -> None:
        self.view = view
        self.known = Knowledge(view, history)
        # Loosen the inferences one by one if no deal satisfies them (a history that is not
        # the whole game, or an unlucky greedy): the view alone always has a deal.
        self.levels: tuple[tuple[bool, frozenset[int] | None], ...] = (
            ((True, self.known.pile), (True, None), (False, None)) if infer else ((False, None),)
        )
        self.others = [s for s in range(view["players"]) if s != view["seat"]]
        self.determinizer = Determinizer(view, history)
        self.constrained = any(void != (0, 0) for s in self.others for void in self.known.voids[s])

    def sample(self, rng: random.Random) -> State:
        """A fresh determinization with a random PRNG state."""
        known = self.known
        flags = known.decks[rng.randrange(len(known.decks))]
        hands, pile = self._deal(known.unseen[flags], rng)
        return self.determinizer.deal(flags, hands, pile, rng.getrandbits(64))

    def _deal(
        self, unseen: list[int], rng: random.Random
    ) -> tuple[dict[int, list[int]], list[int]]:
        for voids, pile in self.levels:
            for _attempt in range(6):
                dealt = self._try(unseen, voids, pile, rng)
                if dealt is not None:
                    return dealt
        raise Inconsistent("no deal fits the view")

    def _try(
        self, unseen: list[int], use_voids: bool, pile: frozenset[int] | None, rng: random.Random
    ) -> tuple[dict[int, list[int]], list[int]] | None:
        view = self.view
        sizes = view["hand_sizes"]
        if pile is None and not (use_voids and self.constrained):
            # Nothing to respect (most deals): a shuffled deck dealt in order is the same
            # distribution as the general placement below, at a fraction of its cost.
            cards = list(unseen)
            shuffle(cards, rng)
            dealt: dict[int, list[int]] = {}
            at = 0
            for s in self.others:
                dealt[s] = cards[at : at + sizes[s]]
                at += sizes[s]
            return (dealt, cards[at:]) if len(cards) - at == view["draw"]["count"] else None
        hands: dict[int, list[int | None]] = {s: [None] * sizes[s] for s in self.others}
        slots = [
            (s, i, self.known.voids[s][i] if use_voids else (0, 0))
            for s in self.others
            for i in range(view["hand_sizes"][s])
        ]
        cards = list(unseen)
        shuffle(cards, rng)
        # Cards that cannot be in the pile must be in a hand: place those first.
        must = [c for c in cards if pile is not None and c not in pile]
        rest = [c for c in cards if pile is None or c in pile]
        open_slots = slots
        shuffle(open_slots, rng)
        for card in must:
            for k, (s, i, void) in enumerate(open_slots):
                if allowed(card, void):
                    hands[s][i] = card
                    del open_slots[k]
                    break
            else:
                return None
        # The most constrained hand cards choose first; unconstrained ones take what is left.
        open_slots.sort(key=lambda slot: -(_popcount(slot[2][0]) + _popcount(slot[2][1])))
        for s, i, void in open_slots:
            if void == (0, 0):
                k = 0 if rest else -1
            else:
                k = next((k for k, c in enumerate(rest) if allowed(c, void)), -1)
            if k < 0:
                return None
            hands[s][i] = rest.pop(k)
        if len(rest) != view["draw"]["count"]:
            return None
        return hands, rest  # type: ignore[return-value]


# -- the heuristic player ----------------------------------------------------------------------


def _play_mask(card: int, action: Action) -> int:
    return SUIT_BIT[action[2]] if len(action) == 3 else MASK[card]


def heuristic(view: View, legal: list[Action], history: list[View], rng: random.Random) -> Action:
    """A good player's rules of thumb: never make a run of three if another card will do;
    continue a suit with a single-suit card (Ace or Crown) so the next player must break it
    or take a penalty; prefer cards the next player is unlikely to follow; keep the cards of
    several suits and the Excuse for later."""
    if len(legal) == 1 or legal[0][0] != "play":
        return legal[0]
    me = view["seat"]
    hand = [ID[code] for code in view["hands"][me]]
    row, named = view["row"], view["named"]
    last = _row_mask(row[-1], named[-1])
    before = _row_mask(row[-2], named[-2]) if len(row) >= 2 else 0
    try:
        known = Knowledge(view, history)
        unseen = known.unseen[known.decks[0]]
    except Inconsistent:
        unseen = []
    nxt = (me + 1) % view["players"]
    nxt_size = view["hand_sizes"][nxt]
    best, best_value = legal[0], -math.inf
    for action in legal:
        card = hand[action[1]]
        mask = _play_mask(card, action)
        rank = RANK[card]
        value = 0.0
        if mask & last & before:
            value -= 20.0  # a run of three: a penalty card
        # The next player's chance to follow without a penalty of their own.
        if unseen:
            safe = sum(1 for c in unseen if follows(c, mask, rank) and not MASK[c] & mask & last)
            p_safe = safe / len(unseen)
            value -= 6.0 * (1.0 - (1.0 - p_safe) ** nxt_size)
        if mask & last and not mask & ~last:
            value += 1.5  # the next player faces a run of two in every suit of this card
        if not MASK[card]:
            value -= 8.0 if any(MASK[hand[a[1]]] for a in legal) else 0.0
            value += sum(1 for c in hand if MASK[c] & mask) * 0.5  # a suit I can follow
        else:
            value -= 1.0 * (_popcount(MASK[card]) - 1)
        value += rng.random() * 0.01
        if value > best_value:
            best, best_value = action, value
    return best


# -- the search model --------------------------------------------------------------------------


class Model:
    """ISMCTS model for one decision: determinizations from `Sampler`; rollouts that play a
    random matching card, avoiding runs of three when they can, for `depth` turns (or to the
    end of the game); then the hand sizes give the win chances. The other players avoid runs
    of three only as often as their plays so far suggest (`careless`): played as careful,
    a random player looks stronger than it is, and the search spares it traps it would fall
    into (66.8% against random, 72.0% this way, 400 games).

    Only the root decision is a tree node (`tree_depth` 1), and rollouts are short: what a
    play does – a draw or a penalty for the next player, one for oneself a turn later – shows
    within a few turns, while the luck of a whole game's draws would drown it. Against
    regret measured with 3,000 full-game rollouts per action in 120 positions, 2,000
    iterations this way erred a third as much as the full tree with full rollouts at 300.
    """

    tree_depth: int | None = 1
    reuse: int = 1

    def __init__(self, view: View, history: list[View], depth: int = 10) -> None:
        self.sampler = Sampler(view, history)
        self.depth = depth
        self.me = view["seat"]
        self.careless = careless(view["seat"], history)

    def sample(self, rng: random.Random) -> State:
        return self.sampler.sample(rng)

    def done(self, state: State, depth: int) -> bool:
        state = cast(Quasenbo, state)
        return depth >= self.depth

    def policy(self, state: State, rng: random.Random) -> Key:
        state = cast(Quasenbo, state)
        acts = state.legal_keys()
        if len(acts) == 1 or acts[0][0] != "play":
            return acts[0]
        masks = state.row_masks
        both = masks[-1] & masks[-2] if len(masks) >= 2 else 0
        hand = state.hands[cast(int, state.to_move)]
        start = rng.randrange(len(acts))
        if state.to_move != self.me and rng.random() < self.careless:
            return acts[start]
        for k in range(len(acts)):
            a = acts[(start + k) % len(acts)]
            mask = SUIT_BIT[a[2]] if len(a) == 3 else MASK[hand[a[1]]]
            if not mask & both:
                return a
        return acts[start]

    def evaluate(self, state: State) -> Sequence[float]:
        state = cast(Quasenbo, state)
        if state.result is not None:
            return shares(state.result, state.players)
        return _chances([len(hand) for hand in state.hands])

    def rollout(self, state: State, rng: random.Random) -> Sequence[float]:
        """`policy` for `depth` turns, then `evaluate`, through the engine's quick
        `playout` (several times cheaper than its steps): a turn's draws count as part of it,
        and reshuffles use `rng`. Consumes `state`."""
        state = cast(Quasenbo, state)
        if state.result is None:
            masks = state.row_masks
            rand = rng.random
            me, careless = self.me, self.careless

            def choose(seat: int, hand: list[int], choices: list[int]) -> tuple[int, int]:
                both = masks[-1] & masks[-2] if len(masks) >= 2 else 0
                count = len(choices)
                start = int(rand() * count)
                i = choices[start]
                for k in range(count if seat == me or rand() >= careless else 0):
                    j = choices[(start + k) % count]
                    if not MASK[hand[j]] & both:
                        i = j
                        break
                return i, MASK[hand[i]] or _excuse_suit(both, rand)

            state.playout(self.depth, choose, rng.shuffle)
        return self.evaluate(state)


CARELESS_RUNS, CAREFUL_RUNS = 0.55, 0.34
"""How often a player makes a run of three when the last two played cards share a suit (a
play not forced by a draw): a random player, and the heuristic (arena, 600 games each)."""


def careless(seat: int, history: list[View]) -> float:
    """The chance that the other players choose at random among their matching cards rather
    than avoid runs of three: a posterior from even odds, from the plays `seat` saw them make
    when a run of three was possible (whether they made one)."""
    odds = 1.0
    run, drew = 0, False
    for ev in history:
        kind = ev["type"]
        if kind == "play":
            if ev["seat"] != seat and run >= 2 and not drew:
                odds *= (
                    CARELESS_RUNS / CAREFUL_RUNS
                    if ev["run"] >= 3
                    else (1 - CARELESS_RUNS) / (1 - CAREFUL_RUNS)
                )
            run, drew = ev["run"], False
        elif kind == "draw":
            drew = drew or not ev["penalty"]
        elif kind == "reshuffle":
            run = ev["run"]
    return odds / (1 + odds)


def _chances(sizes: list[int]) -> list[float]:
    """Each seat's win chance in an unfinished game, from the hand sizes."""
    low = min(sizes)
    weights = [math.exp(-(size - low) / 1.5) for size in sizes]
    whole = sum(weights)
    return [w / whole for w in weights]


def _excuse_suit(both: int, rand: Callable[[], float]) -> int:
    """A random suit for an Excuse, one that makes no run of three if there is one."""
    bits = [bit for bit in SUIT_BIT.values() if not bit & both]
    return bits[int(rand() * len(bits))]
