"""Blanco for bots: which unseen card can be where, determinizations, grid values, a heuristic
player and the search model."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, cast

from game.bots.ismcts import shares
from game.rules import Action, Key, State, View
from game.rules.blanco import (
    CARD,
    CARDS,
    HAND,
    HIDDEN,
    ID,
    UP,
    Blanco,
    Determinizer,
    complete_lines,
    remove_line,
    settle,
    view_cells,
)


class Inconsistent(ValueError):
    """The history does not lead to the view."""


def _hands_from_history(view: View, history: list[View]) -> list[list[str | None]]:
    """Every hand as `view["seat"]` knows it: its own from the view; another player's card is
    known while it is a card that player took from the discard (everyone saw it there: the
    discard pile is followed through the events, its starting card excepted, which no event
    names). Inconsistent if the events do not lead to the view."""
    me = view["seat"]
    hands: list[list[str | None]] = [[None] * HAND for _ in range(view["players"])]
    pile: list[str | None] = [None]
    for ev in history:
        kind = ev["type"]
        if kind == "take":
            hands[ev["seat"]].append(pile.pop() if ev["source"] == "discard" else None)
        elif kind == "discard":
            del hands[ev["seat"]][ev["index"]]
            pile.append(ev["card"])
        elif kind == "place":
            del hands[ev["seat"]][ev["index"]]
            pile.append(ev["replaced"])
        elif kind == "reshuffle":
            pile = list(ev["discard"])
    shown = view["discard"]
    if (
        [len(h) for h in hands] != [len(h) for h in view["hands"]]
        or len(pile) != len(shown)
        or any(c is not None and c != v for c, v in zip(pile, shown))
    ):
        raise Inconsistent("the hands or the discard differ from the view")
    hands[me] = list(view["hands"][me])
    return hands


DRAWS_REACHED = 24
"""Draw-pile cards a search may reach (a stage change deals 12, and a few turns draw one
each); the deeper cards are shuffled once per decision rather than once per sample."""


class Sampler:
    """Determinizations for one seat: its own hand, its peeked cards and everything face up
    as they are; every other card (face-down grid cards, the others' hands except cards they
    took from the discard, the draw pile) dealt at random from the cards the seat has not
    seen."""

    def __init__(self, view: View, history: list[View]) -> None:
        self.view = view
        try:
            hands = _hands_from_history(view, history)
            self._count(hands)
        except (Inconsistent, KeyError, IndexError, TypeError, ValueError):
            hands = [list(h) for h in view["hands"]]
            self._count(hands)
        self.hands = hands
        self.grids = [view_cells(g) for g in view["grids"]]
        self.determinizer = Determinizer(view, history)

    def _count(self, hands: list[list[str | None]]) -> None:
        """Find the unseen cards; Inconsistent unless they exactly fill the unknown places."""
        view = self.view
        seen = [c for g in view["grids"] for row in g["cards"] for c in row if c is not None]
        seen += [c for hand in hands for c in hand if c is not None]
        seen += view["discard"] + view["box"]
        if len(set(seen)) != len(seen):
            raise Inconsistent("a card twice")
        seen_set = {ID[code] for code in seen}
        self.unseen = [card for card in CARDS if card not in seen_set]
        holes = sum(c is None for g in view["grids"] for row in g["cards"] for c in row)
        holes += sum(c is None for hand in hands for c in hand)
        if len(self.unseen) != holes + view["draw"]["count"]:
            raise Inconsistent("the unseen cards do not fill the unknown places")
        self.reach = holes + DRAWS_REACHED
        self.shuffled = False

    def sample(self, rng: random.Random) -> State:
        """A fresh determinization with a random PRNG state."""
        # A partial Fisher–Yates shuffle of a list kept from sample to sample: the places a
        # search reaches (the unknown cards and the top of the draw pile) get cards drawn
        # uniformly; the rest of the pile keeps the random order an earlier sample left.
        cards = self.unseen
        if not self.shuffled:
            rng.shuffle(cards)
            self.shuffled = True
        for i in range(min(self.reach, len(cards) - 1)):
            j = i + int(rng.random() * (len(cards) - i))
            cards[i], cards[j] = cards[j], cards[i]
        k = 0
        grids = []
        for g in self.grids:
            filled = []
            for c in g:
                if c == HIDDEN:
                    c = cards[k]
                    k += 1
                filled.append(c & CARD)
            grids.append(filled)
        hands = []
        for hand in self.hands:
            filled = []
            for code in hand:
                if code is None:
                    filled.append(cards[k])
                    k += 1
                else:
                    filled.append(ID[code])
            hands.append(filled)
        return self.determinizer.deal(grids, hands, cards[k:], rng.getrandbits(64))


# -- grid values -------------------------------------------------------------------------------
#
# A grid for judging is a flat row-major list of cells as its owner knows it: a card id, with
# UP if it is face up, or HIDDEN (game.rules.blanco's cells).

NEED_DECAY = 1.1
"""How fast a line's worth falls with every card it still needs."""
LINE_WEIGHT = 0.5
"""A line's worth, per card, when it is complete (removing it gains the rest)."""
FACE_DOWN_COST = 0.25
"""A matching card still face down needs turning up."""
IN_HAND = 0.6
"""How much of a missing card a matching hand card makes up."""


def _line_value(cells: list[int], idx: Sequence[int], by_number: bool, keys: set[int]) -> float:
    """The worth of one line: its length, discounted for every card it still needs (less if a
    hand card has the key it needs) and for matching cards still face down."""
    counts: dict[int, int] = {}
    best = 0
    best_key = -1
    for i in idx:
        v = cells[i]
        if v == HIDDEN:
            continue
        card = v & CARD
        key = card % 12 if by_number else card // 12
        count = counts.get(key, 0) + 1
        counts[key] = count
        if count > best:
            best, best_key = count, key
    n = len(idx)
    need: float = n - best
    if need and best_key in keys:
        need -= IN_HAND
    down = 0
    for i in idx:
        v = cells[i]
        if v != HIDDEN and not v & UP:
            card = v & CARD
            down += (card % 12 if by_number else card // 12) == best_key
    return n * math.exp(-NEED_DECAY * need) - FACE_DOWN_COST * down


def grid_value(cells: list[int], rows: int, cols: int, stage: int, hand: Sequence[int]) -> float:
    """A grid's worth to its owner: minus the cards left (12 more in stage 1), plus the
    worth of its lines; higher is better."""
    left = len(cells) + (12 if stage == 1 else 0)
    if not cells:
        return -float(left)
    numbers = {c % 12 for c in hand}
    colours = {c // 12 for c in hand}
    total = 0.0
    if cols >= 2:
        for r in range(rows):
            total += _line_value(cells, range(r * cols, r * cols + cols), True, numbers)
    if rows >= 2:
        for c in range(cols):
            total += _line_value(cells, range(c, rows * cols, cols), False, colours)
    return LINE_WEIGHT * total - left


def settled_value(cells: list[int], rows: int, cols: int, stage: int, hand: Sequence[int]) -> float:
    """grid_value after the eliminations a change would set off."""
    cells, rows, cols = settle(cells, rows, cols)
    return grid_value(cells, rows, cols, stage, hand)


# -- the heuristic player ----------------------------------------------------------------------

TAKE_MARGIN = 0.5
"""Take the discard's top card only if placing it gains this much over the grid now."""
REVEAL_WORTH = 0.3
"""What turning up an unknown card is worth (it may match; it shows what to replace)."""


def _best_place(
    cells: list[int], rows: int, cols: int, stage: int, card: int, hand: list[int]
) -> float:
    """The best worth of the grid after placing `card` somewhere (hand: the cards kept)."""
    best = -math.inf
    for i in range(len(cells)):
        trial = list(cells)
        trial[i] = card | UP
        best = max(best, settled_value(trial, rows, cols, stage, hand))
    return best


def play_choice(
    cells: list[int],
    rows: int,
    cols: int,
    stage: int,
    hand: list[int],
    acts: Sequence[Sequence[Any]],
) -> Sequence[Any]:
    """The best of the place and discard actions `acts` (lists or frozen tuples) for a grid as
    its owner knows it and the three hand cards: placements are valued after the lines they
    complete are removed; a discard that turns a card up, as the grid with that card still
    unknown plus REVEAL_WORTH."""
    best, best_value = acts[0], -math.inf
    cache: dict[Key, float] = {}
    for a in acts:
        h = a[1]
        kept = hand[:h] + hand[h + 1 :]
        if a[0] == "place":
            i = a[2] * cols + a[3]
            trial = list(cells)
            trial[i] = hand[h] | UP
            value = settled_value(trial, rows, cols, stage, kept)
        else:
            key = (h,)
            if key not in cache:
                cache[key] = grid_value(cells, rows, cols, stage, kept)
            value = cache[key] + (REVEAL_WORTH if len(a) == 4 else 0.0)
        if value > best_value:
            best, best_value = a, value
    return best


def _peek_choice(
    cells: list[int], cols: int, acts: Sequence[Sequence[Any]], rng: random.Random
) -> Sequence[Any]:
    """Look at an unknown card in the line with most known cards (else any unknown one)."""
    unknown = [a for a in acts if len(a) == 3 and cells[a[1] * cols + a[2]] == HIDDEN]
    if not unknown:
        return acts[0]

    def known_neighbours(a: Sequence[Any]) -> int:
        r, c = a[1], a[2]
        line = cells[r * cols : r * cols + cols] + cells[c::cols]
        return sum(v != HIDDEN for v in line)

    top = max(known_neighbours(a) for a in unknown)
    choices = [a for a in unknown if known_neighbours(a) == top]
    return choices[rng.randrange(len(choices))]


def heuristic(view: View, legal: list[Action], history: list[View], rng: random.Random) -> Action:
    """A good player's rules of thumb: build columns of one colour and rows of one number;
    take the discard only when it fits, else draw; place the card where the grid gains most
    (lines it completes are removed), or discard the worst card and turn up an unknown one;
    look at unknown cards next to known ones; remove first the line that leaves the better
    grid. A 2-card line is worth more than a 3-card line one card short, so the grid keeps
    one for the end."""
    if len(legal) == 1:
        return legal[0]
    me = view["seat"]
    grid = view["grids"][me]
    rows, cols, stage = grid["rows"], grid["cols"], grid["stage"]
    cells = view_cells(grid)
    hand = [ID[c] for c in view["hands"][me]]
    phase = view["phase"]
    if phase in ("reveal", "peek", "reward"):
        if ["skip"] in legal and HIDDEN not in cells:
            return ["skip"]
        return list(_peek_choice(cells, cols, [a for a in legal if a[0] != "skip"], rng))
    if phase == "chain":
        r, c = view["peeked"]
        trial = list(cells)
        trial[r * cols + c] |= UP
        keep = grid_value(cells, rows, cols, stage, hand)
        return ["reveal"] if settled_value(trial, rows, cols, stage, hand) >= keep else ["keep"]
    if phase == "eliminate":

        def after(a: Action) -> float:
            return settled_value(*remove_line(cells, rows, cols, a[1], a[2]), stage, hand)

        return max(legal, key=after)
    if phase == "play":
        return list(play_choice(cells, rows, cols, stage, hand, legal))
    # The turn: the discard's top card if it fits, a swap that completes a line, else a draw.
    now = grid_value(cells, rows, cols, stage, hand)
    if ["take", "discard"] in legal:
        top = ID[view["discard"][-1]]
        if _best_place(cells, rows, cols, stage, top, hand) >= now + TAKE_MARGIN:
            return ["take", "discard"]
    for a in legal:
        if a[0] == "swap":
            i, j = a[1] * cols + a[2], a[3] * cols + a[4]
            if cells[i] & UP and cells[j] & UP:
                trial = list(cells)
                trial[i], trial[j] = trial[j], trial[i]
                if complete_lines(trial, rows, cols):
                    return a
    return ["take", "deck"]


# -- the search model --------------------------------------------------------------------------

SEARCHED = ("turn", "play", "eliminate")
"""The decisions the search makes; which card to turn up or look at is the heuristic's (the
search's horizon, the end of the turn, is too near for what it learns to pay)."""


def searched(view: View) -> bool:
    """Whether the search makes this decision (see SEARCHED)."""
    return view["phase"] in SEARCHED


class Model:
    """ISMCTS model for one decision: determinizations from `Sampler`; the tree holds the
    deciding seat's next decision only (after a card is drawn, the choice depends on that
    card, which the tree's keys cannot tell apart), the rest of its turn is played by the
    heuristic's rules on each determinization; at the turn's end every grid is valued as its
    owner knows it (`grid_value`) and the values become win chances."""

    tree_depth: int | None = 1
    reuse: int = 1

    def __init__(self, view: View, history: list[View]) -> None:
        self.sampler = Sampler(view, history)
        self.seat: int = view["seat"]
        self.turns: int = view["turns"]

    def sample(self, rng: random.Random) -> State:
        return self.sampler.sample(rng)

    def done(self, state: State, depth: int) -> bool:
        state = cast(Blanco, state)
        # The turn's end; a stage-2 grid's reveal and peek are part of the turn.
        return state.turns != self.turns or state.active != self.seat

    def policy(self, state: State, rng: random.Random) -> Key:
        state = cast(Blanco, state)
        acts = state.legal_keys()
        if len(acts) == 1:
            return acts[0]
        seat = state.active
        phase = state.phase
        rows, cols, stage = state.rows[seat], state.cols[seat], state.stage[seat]
        cells = state.owner_cells(seat)
        hand = state.hands[seat]
        if phase == "play":
            return tuple(play_choice(cells, rows, cols, stage, hand, acts))
        if phase == "turn":
            if len(acts) > 1 and acts[1] == ("take", "discard"):
                top = state.discard[-1]
                now = grid_value(cells, rows, cols, stage, hand)
                if _best_place(cells, rows, cols, stage, top, hand) >= now + TAKE_MARGIN:
                    return acts[1]
            return acts[0]
        if phase == "eliminate":

            def after(a: Key) -> float:
                return settled_value(*remove_line(cells, rows, cols, a[1], a[2]), stage, hand)

            return max(acts, key=after)
        if phase == "chain":
            return acts[0]
        return tuple(_peek_choice(cells, cols, [a for a in acts if a[0] != "skip"], rng))

    def evaluate(self, state: State) -> Sequence[float]:
        state = cast(Blanco, state)
        n = state.players
        if state.result is not None:
            return shares(state.result, n)
        values = [
            grid_value(
                state.owner_cells(s), state.rows[s], state.cols[s], state.stage[s], state.hands[s]
            )
            for s in range(n)
        ]
        top = max(values)
        weights = [math.exp((v - top) / 2.5) for v in values]
        whole = sum(weights)
        return [w / whole for w in weights]
