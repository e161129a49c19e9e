"""Quando: shed cards with runs and sets, draw the visible or the hidden side, knock when low."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any, ClassVar, Final, Literal, NotRequired, TypedDict, cast

from game.rules.base import (
    Action,
    Event,
    IllegalAction,
    Key,
    Option,
    Options,
    Result,
    Rng,
    State,
    View,
    check_options,
    check_players,
    check_seed,
    check_stacked_deck,
    codes_of,
    copy_result,
    int_in,
    is_deck_or_none,
    pack,
)

# A card is an int `a*11 + b` for the pair {a, b}, a != b. In a pile `a` is the up side and `b`
# the down side; in a hand `a` is the front (its holder sees it) and `b` the back (the others
# see it). Playing a card puts its front up, so a hand card and the discard card it becomes
# are the same int; dealing and flipping swap the two sides.
CARDS: list[int] = [a * 11 + b for a in range(11) for b in range(a + 1, 11)]
CODE: dict[int, str] = {}
ID: dict[str, int] = {}
for _a in range(11):
    for _b in range(11):
        if _a != _b:
            CODE[_a * 11 + _b] = f"{_a}/{_b}"
            ID[f"{_a}/{_b}"] = _a * 11 + _b
FLIP: dict[int, int] = {c: (c % 11) * 11 + c // 11 for c in CODE}

Phase = Literal["turn", "draw", "penalty", "over"]
"""The kinds of decision: the active player's turn, the draw after playing, a triplet penalty;
or none ("over"), once the game is over."""
TURN: Final = "turn"
DRAW: Final = "draw"
PENALTY: Final = "penalty"
OVER: Final = "over"
PHASES: tuple[Phase, ...] = (TURN, DRAW, PENALTY, OVER)

Side = Literal["up", "down"]
"""Which side of the draw pile's top card a drawer takes as its front."""

# The actions, frozen (docs/rules.md, Quando): hand cards by index, counted from 0.
Play = tuple[Literal["play"], tuple[int, ...]]
"""The hand indices of the cards played, ascending."""
DrawSide = tuple[Literal["draw"], Side]
Flip = tuple[Literal["flip"], int]
"""The hand index of a zero to flip (a triplet penalty)."""
QuandoKey = Play | DrawSide | Flip | tuple[Literal["knock"]] | tuple[Literal["pass"]]


class Pile(TypedDict):
    """The draw pile as views show it: its size and its top card's visible side (None when
    empty); `cards` (codes, top first) only in the open view."""

    count: int
    top: int | None
    cards: NotRequired[list[str]]


class Hand(TypedDict, total=False):
    """A hand in a view: its holder sees the fronts, everyone else the backs (the open view
    shows both)."""

    fronts: list[int]
    backs: list[int]


class RoundSummary(TypedDict):
    """How a round ended (`last_round` of a view, the `round_end` event): every hand's
    fronts, their sums, the round's scores, and whether the knocker paid the penalty."""

    round: int
    reason: Literal["zeros", "knock"]
    hands: list[list[int]]
    sums: list[int]
    scores: list[int]
    knocker: int | None
    knock_penalty: bool
    totals: list[int]


class QuandoView(TypedDict):
    """What a seat sees (`Quando.view`); "seat" is "open" in the open view."""

    active: int
    dealer: int
    discard: list[int]
    draw: Pile
    game: str
    hands: list[Hand]
    knocker: int | None
    last_round: RoundSummary | None
    penalty: list[int]
    phase: Phase
    players: int
    plays: list[int]
    result: Result | None
    round: int
    seat: int | str | None
    target: int
    to_move: int | None
    totals: list[int]


# The events as a seat receives them (docs/protocol.md, "Events"); cards are ints, the side
# the recipient sees.
class DealEvent(TypedDict):
    type: Literal["deal"]
    round: int
    dealer: int
    first: int
    hands: list[Hand]
    draw: Pile


class PlayEvent(TypedDict):
    type: Literal["play"]
    seat: int
    indices: list[int]
    fronts: list[int]
    triplet: bool


class DrawEvent(TypedDict):
    type: Literal["draw"]
    seat: int
    side: Side
    draw: Pile
    front: NotRequired[int]
    """To the drawer; everyone else gets `back`."""
    back: NotRequired[int]


class TurnOverEvent(TypedDict):
    type: Literal["turn_over"]
    draw: Pile


class FlipEvent(TypedDict):
    type: Literal["flip"]
    seat: int
    index: int
    front: NotRequired[int]
    """To the card's owner; everyone else gets `back` (0)."""
    back: NotRequired[int]


class SeatEvent(TypedDict):
    type: Literal["knock", "pass", "draw_skipped"]
    seat: int


class RoundEndEvent(RoundSummary):
    type: Literal["round_end"]


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    result: Result


class NextEvent(TypedDict):
    type: Literal["next"]
    to_move: int | None
    phase: Phase
    active: int
    penalty: list[int]


QuandoEvent = (
    DealEvent
    | PlayEvent
    | DrawEvent
    | TurnOverEvent
    | FlipEvent
    | SeatEvent
    | RoundEndEvent
    | GameOverEvent
    | NextEvent
)


def hand_size(players: int) -> int:
    """Cards dealt to each player: 8 with 2 or 3 players, else 7."""
    return 8 if players <= 3 else 7


KNOCK_PENALTY = 5
"""Points a knocker adds who does not end the round with the lowest sum alone."""


def round_scores(sums: list[int], knocker: int | None) -> tuple[list[int], bool]:
    """Each seat's points for a round that ended with these hand sums, and whether the
    knocker (None: nobody knocked) pays the knock penalty: the lowest sums score 0, the
    others their sum; a knocker without the lowest sum alone scores its sum plus
    KNOCK_PENALTY."""
    low = min(sums)
    penalized = knocker is not None and not (sums[knocker] == low and sums.count(low) == 1)
    scores = [
        s + KNOCK_PENALTY if seat == knocker and penalized else 0 if s == low else s
        for seat, s in enumerate(sums)
    ]
    return scores, penalized


def game_result(totals: list[int], target: int) -> Result | None:
    """The game's result once a total reaches `target` – the lowest total wins, a tie shares
    the win – or None while the game goes on."""
    if max(totals) < target:
        return None
    best = min(totals)
    return {"scores": list(totals), "winners": [s for s, t in enumerate(totals) if t == best]}


def not_a_play(fronts: list[int]) -> IllegalAction:
    """Why cards with these front numbers make no play (they are not all equal and not a run
    of three), in the rules' words; the table says the same of such a chosen set before
    anything is sent."""
    numbers = ", ".join(map(str, fronts))
    if len(fronts) == 3:
        return IllegalAction(
            "{fronts} are neither three consecutive numbers nor all equal", fronts=numbers
        )
    return IllegalAction(
        "{fronts} are not all equal (a run has exactly three cards)", fronts=numbers
    )


class Quando(State):
    """A game of Quando: rounds until someone's total reaches the target (docs/rules.md, Quando).

    Besides the contract's, these attributes are public, for players that search (read them,
    never change them): `hands[s]` (cards as ints `front * 11 + back`), `draw` (top last,
    `up * 11 + down`), `discard` (bottom first, likewise), `round`, `totals`, `plays[s]`
    (plays this round), `knocker` (None before a knock), `triplet` (a triplet penalty follows
    the active player's draw), `active`, `phase` (TURN, DRAW, PENALTY or OVER).
    """

    game: ClassVar[str] = "quando"
    title: ClassVar[str] = "Quando"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    OPTIONS: ClassVar[dict[str, Option]] = {
        "target": Option(
            50, int_in(1, 1000), "Game ends at (points)", (20, 30, 40, 50, 75, 100, 150)
        ),
        "deck": Option(None, is_deck_or_none, "Stacked deck"),
    }
    WORDS: ClassVar[tuple[str, ...]] = ("play", "draw", "flip", "knock", "pass", "up", "down")
    OWNED: ClassVar[tuple[str, ...]] = ("hands",)
    phase: Phase
    dealing: bool = True
    """Whether a round's end deals the next round: always in a game; not in a search's copy
    made with `round_only`."""

    def __init__(self, players: int, seed: int, options: Options | None = None) -> None:
        self.players = check_players(self.game, players, self.min_players, self.max_players)
        self.seed = check_seed(seed)
        self.options = check_options(self.game, self.OPTIONS, options)
        stacked = None
        if self.options["deck"] is not None:
            stacked = check_stacked_deck(
                self.game, self.options["deck"], ID, CARDS, same=lambda c: min(c, FLIP[c])
            )
        self.rng = Rng(self.seed)
        self.step = 0
        self.round = 0
        self.totals = [0] * players
        self.last_round: View | None = None
        """The last round's summary, keys as in RoundSummary (ROUND_KEYS' order)."""
        self.result = None
        self._legal_cache = None
        self._deal(stacked, None)

    # -- the round ---------------------------------------------------------------------------

    def _deal(self, stacked: list[int] | None, events: list[Event] | None) -> None:
        """Deal round `self.round` from a stacked deck or a fresh shuffled one."""
        n = self.players
        if stacked is None:
            deck = list(CARDS)
            self.rng.shuffle(deck)
            deck = [FLIP[c] if coin else c for c, coin in zip(deck, self.rng.coins(len(deck)))]
        else:
            deck = stacked
        first = self.round % n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        dealt = hand_size(n) * n
        for k in range(dealt):
            # The side that was up on the table becomes the back: the others see it.
            self.hands[(first + k) % n].append(FLIP[deck[k]])
        self.draw = deck[dealt:][::-1]  # top card last
        self.discard: list[int] = []
        self.plays = [0] * n
        self.knocker: int | None = None
        self.triplet = False
        self.penalty: list[int] = []
        self.active = first
        self.phase = TURN
        self.to_move: int | None = first
        if events is not None:
            events.append(
                Event(
                    "deal",
                    {
                        "round": self.round,
                        "dealer": (n - 1 + self.round) % n,
                        "first": first,
                        "draw": self._draw_public(),
                    },
                    {s: {"hands": self._hands_seen(s)} for s in range(n)},
                    {"hands": self._hands_seen(None)},
                )
            )

    def _draw_public(self) -> Pile:
        return {"count": len(self.draw), "top": self.draw[-1] // 11 if self.draw else None}

    def _hands_seen(self, seat: int | None) -> list[Hand]:
        return [
            self._own_hand(s) if s == seat else {"backs": [c % 11 for c in hand]}
            for s, hand in enumerate(self.hands)
        ]

    def _own_hand(self, seat: int) -> Hand:
        return {"fronts": [c // 11 for c in self.hands[seat]]}

    def _own_items(self, seat: int) -> dict[str, Any]:
        return {"hands": self._own_hand(seat)}

    def _card_available(self) -> bool:
        return bool(self.draw or self.discard)

    def _take(self, seat: int, side: str, events: list[Event] | None) -> None:
        """Draw the top card into `seat`'s hand with the chosen side as its front."""
        if not self.draw:
            self._turn_over(events)
        card = self.draw.pop()
        if side == "down":
            card = FLIP[card]
        self.hands[seat].append(card)
        if events is not None:
            events.append(
                Event(
                    "draw",
                    {"seat": seat, "side": side, "draw": self._draw_public()},
                    {seat: {"front": card // 11}},
                    {"back": card % 11},
                )
            )
        if not self.draw:
            self._turn_over(events)

    def _turn_over(self, events: list[Event] | None) -> None:
        """The discard pile, turned over unshuffled, becomes the draw pile: its bottom card is
        the new top and every card shows its other side."""
        if not self.discard:
            return
        self.draw = [FLIP[c] for c in reversed(self.discard)]
        self.discard = []
        if events is not None:
            events.append(Event("turn_over", {"draw": self._draw_public()}))

    def _after_active_draw(self, events: list[Event] | None) -> None:
        hand = self.hands[self.active]
        if hand and max(hand) < 11:  # only zeros (a zero's code is below 11)
            self._end_round("zeros", events)
        elif self.triplet:
            self.triplet = False
            n = self.players
            self.penalty = [(self.active + k) % n for k in range(1, n)]
            self._next_penalty(events)
        else:
            self._end_turn(events)

    def _next_penalty(self, events: list[Event] | None) -> None:
        """Hand the decision to the next player who must pay the triplet penalty."""
        while self.penalty:
            seat = self.penalty[0]
            if any(c < 11 for c in self.hands[seat]) or self._card_available():
                self.to_move, self.phase = seat, PENALTY
                return
            if events is not None:
                events.append(Event("draw_skipped", {"seat": seat}))
            self.penalty.pop(0)
        self._end_turn(events)

    def last_turn(self) -> bool:
        """Whether the active player's turn is the round's last: the next seat knocked."""
        return (self.active + 1) % self.players == self.knocker

    def _end_turn(self, events: list[Event] | None) -> None:
        if self.last_turn():
            self._end_round("knock", events)
        else:
            self.active = self.to_move = (self.active + 1) % self.players
            self.phase = TURN

    def _end_round(self, reason: str, events: list[Event] | None) -> None:
        sums = [sum(c // 11 for c in hand) for hand in self.hands]
        knocker = self.knocker
        scores, penalized = round_scores(sums, knocker)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.last_round = {
            "round": self.round,
            "reason": reason,
            "hands": [[c // 11 for c in hand] for hand in self.hands],
            "sums": sums,
            "scores": scores,
            "knocker": knocker,
            "knock_penalty": penalized,
            "totals": list(self.totals),
        }
        if events is not None:
            events.append(Event("round_end", _copy_round(self.last_round)))
        self.result = game_result(self.totals, self.options["target"])
        if self.result is not None:
            self.to_move, self.phase = None, OVER
            if events is not None:
                events.append(Event("game_over", {"result": self.result}))
        else:
            self.round += 1
            if self.dealing:
                self._deal(None, events)
            else:
                self.to_move = None

    # -- actions -----------------------------------------------------------------------------

    def _legal(self) -> list[Key]:
        if self.to_move is None:  # the game is over, or a `round_only` copy's round
            return []
        if self.phase == DRAW:
            return [("draw", "up"), ("draw", "down")]
        seat = self._mover()
        hand = self.hands[seat]
        if self.phase == PENALTY:
            zeros = [("flip", i) for i, c in enumerate(hand) if c < 11]
            return zeros or [("draw", "up"), ("draw", "down")]
        by_front: list[list[int]] = [[] for _ in range(11)]
        for i, c in enumerate(hand):
            by_front[c // 11].append(i)
        acts: list[Key] = []
        for idx in by_front:
            for size in range(1, len(idx) + 1):
                acts.extend(("play", combo) for combo in combinations(idx, size))
        for v in range(9):
            for i in by_front[v]:
                for j in by_front[v + 1]:
                    for k in by_front[v + 2]:
                        acts.append(("play", tuple(sorted((i, j, k)))))
        if self.knocker is None:
            if self.plays[seat] >= 2:
                acts.append(("knock",))
        else:
            acts.append(("pass",))
        return acts

    def _why_illegal(self, action: Key) -> IllegalAction:
        verb = action[0]
        hand = self.hands[self._mover()]
        if self.phase == DRAW:
            return IllegalAction(
                "draw a card first: take its visible side (up) or its hidden side (down)"
            )
        if self.phase == PENALTY:
            if any(c < 11 for c in hand):
                return IllegalAction("triplet penalty: flip one of your zeros")
            return IllegalAction(
                "triplet penalty: you have no zero, so you draw a card (up or down)"
            )
        if verb == "play":
            idx = action[1] if len(action) == 2 and type(action[1]) is tuple else None
            if not idx:
                return IllegalAction("play names a list of hand indices")
            if list(idx) != sorted(set(idx)):
                return IllegalAction("the hand indices must be strictly ascending")
            if idx[0] < 0 or idx[-1] >= len(hand):
                return IllegalAction("your hand has cards 0 to {last}", last=len(hand) - 1)
            return not_a_play([hand[i] // 11 for i in idx])
        if verb == "knock":
            if self.knocker is not None:
                return IllegalAction("someone has already knocked in this round")
            return IllegalAction(
                "you may knock only after playing cards at least twice in this round"
            )
        if verb == "pass":
            return IllegalAction("you may pass only in the last round, after a knock")
        if verb in ("draw", "flip"):
            return IllegalAction(
                "it is your turn: play cards (or knock, or pass in the last round)"
            )
        return IllegalAction("{verb} is not an action of Quando", verb=repr(verb))

    def advance(self, key: Key) -> None:
        # `_do` straight to the verb's method, without its events' bookkeeping: a search
        # steps millions of times
        self._legal_cache = None
        self.step += 1
        _DO[key[0]](self, key, None)

    def _do(self, action: Key, events: list[Event] | None) -> None:
        _DO[action[0]](self, action, events)
        if events is not None:
            events.append(
                Event(
                    "next",
                    {
                        "to_move": self.to_move,
                        "phase": self.phase,
                        "active": self.active,
                        "penalty": list(self.penalty),
                    },
                )
            )

    def _do_play(self, action: Play, events: list[Event] | None) -> None:
        _, indices = action
        seat = self._mover()
        hand = self.hands[seat]
        cards = [hand[i] for i in indices]
        for i in reversed(indices):
            del hand[i]
        self.discard.extend(cards)
        self.plays[seat] += 1
        fronts = [c // 11 for c in cards]
        self.triplet = len(cards) == 3 and fronts[0] == fronts[1] == fronts[2]
        if events is not None:
            events.append(
                Event(
                    "play",
                    {
                        "seat": seat,
                        "indices": list(indices),
                        "fronts": fronts,
                        "triplet": self.triplet,
                    },
                )
            )
        # A play always leaves cards on the discard, so the draw that follows can happen.
        self.phase = DRAW

    def _do_draw(self, action: DrawSide, events: list[Event] | None) -> None:
        _, side = action
        self._take(self._mover(), side, events)
        if self.phase == DRAW:
            self._after_active_draw(events)
        else:
            self.penalty.pop(0)
            self._next_penalty(events)

    def _do_flip(self, action: Flip, events: list[Event] | None) -> None:
        _, i = action
        seat = self._mover()
        hand = self.hands[seat]
        hand[i] = FLIP[hand[i]]
        if events is not None:
            events.append(
                Event(
                    "flip",
                    {"seat": seat, "index": i},
                    {seat: {"front": hand[i] // 11}},
                    {"back": 0},
                )
            )
        self.penalty.pop(0)
        self._next_penalty(events)

    def _do_knock(self, action: Key, events: list[Event] | None) -> None:
        self.knocker = seat = self._mover()
        if events is not None:
            events.append(Event("knock", {"seat": seat}))
        self._end_turn(events)

    def _do_pass(self, action: Key, events: list[Event] | None) -> None:
        if events is not None:
            events.append(Event("pass", {"seat": self._mover()}))
        self._end_turn(events)

    def describe(self, action: Action) -> str:
        verb = action[0]
        if verb == "play" and self.to_move is not None:
            hand = self.hands[self.to_move]
            try:
                fronts = [hand[i] // 11 for i in action[1]]
            except (IndexError, TypeError):
                return f"plays cards {action[1]}"
            kind = " (triplet)" if len(fronts) == 3 and len(set(fronts)) == 1 else ""
            return "plays " + ", ".join(map(str, fronts)) + kind
        if verb == "draw":
            return "draws the visible side" if action[1] == "up" else "draws the hidden side"
        return {"flip": "flips a zero", "knock": "knocks", "pass": "passes"}.get(verb, str(action))

    # -- what each seat sees -----------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        return self._view(
            seat, self._hands_seen(seat), _copy_round(self.last_round, SORTED_ROUND_KEYS)
        )

    def _view(self, seat: int | None, hands: list[Any], last_round: Any) -> View:
        """The view with these `hands` and `last_round` (as `_hands_seen` and `_copy_round`
        give them; for digests, the hands packed and the summary not copied)."""
        # Keys in sorted order, so the view is its own canonical form (see State.view_and_digest).
        view: QuandoView = {
            "active": self.active,
            "dealer": (self.players - 1 + self.round) % self.players,
            "discard": [c // 11 for c in self.discard],
            "draw": self._draw_public(),
            "game": self.game,
            "hands": hands,
            "knocker": self.knocker,
            "last_round": last_round,
            "penalty": list(self.penalty),
            "phase": self.phase,
            "players": self.players,
            "plays": list(self.plays),
            "result": copy_result(self.result),
            "round": self.round,
            "seat": seat,
            "target": self.options["target"],
            "to_move": self.to_move,
            "totals": list(self.totals),
        }
        return cast(View, view)

    def _digest_parts(self) -> tuple[View, dict[str, list[bytes]]]:
        hands = [_packed_hand(0, hand) for hand in self.hands]
        summary = self.last_round
        # Only packed: the summary's values are not copied.
        ordered = None if summary is None else {k: summary[k] for k in SORTED_ROUND_KEYS}
        return self._view(None, hands, ordered), {"hands": hands}

    def _packed_own(self, seat: int) -> dict[str, bytes]:
        return {"hands": _packed_hand(1, self.hands[seat])}

    def open_view(self) -> View:
        view = self.view(None)
        view["seat"] = "open"
        view["hands"] = [
            {"fronts": [c // 11 for c in hand], "backs": [c % 11 for c in hand]}
            for hand in self.hands
        ]
        view["draw"]["cards"] = [CODE[c] for c in reversed(self.draw)]
        return view

    @staticmethod
    def update_view(view: View, event: View) -> None:
        handler = _ON_EVENT.get(event["type"])
        if handler is not None:
            handler(view, event)

    # -- copies and snapshots ----------------------------------------------------------------

    def clone(self) -> Quando:
        other = Quando.__new__(Quando)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(self.rng.state)
        other.hands = [list(h) for h in self.hands]
        other.draw = list(self.draw)
        other.discard = list(self.discard)
        other.plays = list(self.plays)
        other.totals = list(self.totals)
        other.penalty = list(self.penalty)
        # last_round, result and the legal-action cache are never mutated, only replaced.
        return other

    def round_only(self) -> Quando:
        """This state, changed in place and returned, for a search that looks no further
        than the end of the round: that end is scored as ever (totals, `last_round`,
        `result`) and `round` counts on, but the next round is not dealt and nobody is to
        move. A deal shuffles and turns the whole deck, as costly as a search's rollout,
        and no search would look at it. Copies (`clone`) keep it so."""
        self.dealing = False
        return self

    def _shuffle_unseen(self, rng: Rng) -> None:
        # Only the draw pile's top shows a side (its up side); the rest and their sides are
        # unseen. A card's two sides stay together, its orientation drawn anew as in a deal.
        if len(self.draw) < 2:
            return
        rest = self.draw[:-1]
        rng.shuffle(rest)
        self.draw[:-1] = [FLIP[c] if rng.below(2) else c for c in rest]

    def to_snapshot(self) -> View:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": self.rng.state,
            "step": self.step,
            "round": self.round,
            "totals": list(self.totals),
            "hands": [[CODE[c] for c in hand] for hand in self.hands],
            "draw": [CODE[c] for c in reversed(self.draw)],
            "discard": [CODE[c] for c in self.discard],
            "phase": self.phase,
            "to_move": self.to_move,
            "active": self.active,
            "plays": list(self.plays),
            "knocker": self.knocker,
            "triplet": self.triplet,
            "penalty": list(self.penalty),
            "last_round": _copy_round(self.last_round),
            "result": copy_result(self.result),
        }

    def _digest_snapshot(self) -> View:
        summary = self.last_round
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "rng": self.rng.state,
            "step": self.step,
            "round": self.round,
            "totals": self.totals,
            "hands": [[CODE[c] for c in hand] for hand in self.hands],
            "draw": codes_of(self.draw, CODE, True),
            "discard": [CODE[c] for c in self.discard],
            "phase": self.phase,
            "to_move": self.to_move,
            "active": self.active,
            "plays": self.plays,
            "knocker": self.knocker,
            "triplet": self.triplet,
            "penalty": self.penalty,
            "last_round": None if summary is None else {k: summary[k] for k in ROUND_KEYS},
            "result": copy_result(self.result),
        }

    @classmethod
    def from_snapshot(cls, snapshot: View) -> Quando:
        try:
            state = cls.__new__(cls)
            state.players = check_players(cls.game, snapshot["players"], 2, 6)
            state.seed = check_seed(snapshot["seed"])
            state.options = check_options(cls.game, cls.OPTIONS, snapshot["options"])
            state.rng = Rng(snapshot["rng"])
            state.step = int(snapshot["step"])
            state.round = int(snapshot["round"])
            state.totals = [int(t) for t in snapshot["totals"]]
            state.hands = [[ID[c] for c in hand] for hand in snapshot["hands"]]
            state.draw = [ID[c] for c in reversed(snapshot["draw"])]
            state.discard = [ID[c] for c in snapshot["discard"]]
            state.phase = snapshot["phase"]
            state.to_move = snapshot["to_move"]
            state.active = snapshot["active"]
            state.plays = [int(p) for p in snapshot["plays"]]
            state.knocker = snapshot["knocker"]
            state.triplet = bool(snapshot["triplet"])
            state.penalty = [int(s) for s in snapshot["penalty"]]
            state.last_round = _copy_round(snapshot["last_round"])
            state.result = copy_result(snapshot["result"])
            state._legal_cache = None
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"not a Quando snapshot: {err!r}") from None
        cards = sorted(
            c if c // 11 < c % 11 else FLIP[c]
            for c in state.draw + state.discard + [c for h in state.hands for c in h]
        )
        seats = state.players
        if (
            cards != CARDS
            or len(state.hands) != seats
            or len(state.totals) != seats
            or state.phase not in (TURN, DRAW, PENALTY, OVER)
        ):
            raise ValueError("not a Quando snapshot: its cards, seats or phase are inconsistent")
        return state


# -- a seat's view, advanced by one event (docs/protocol.md, "Events") -------------------------


def _on_deal(view: QuandoView, event: DealEvent) -> None:
    view.update(
        {
            "round": event["round"],
            "dealer": event["dealer"],
            "active": event["first"],
            "hands": [_copy_hand(h) for h in event["hands"]],
            "draw": event["draw"].copy(),
            "discard": [],
            "plays": [0] * view["players"],
            "knocker": None,
        }
    )


def _copy_hand(hand: Hand) -> Hand:
    copy: Hand = {}
    if "fronts" in hand:
        copy["fronts"] = list(hand["fronts"])
    if "backs" in hand:
        copy["backs"] = list(hand["backs"])
    return copy


def _seen_side(hand: Hand) -> list[int]:
    """The side of `hand` a view shows: its fronts to its holder, else its backs."""
    return hand["fronts"] if "fronts" in hand else hand["backs"]


def _on_play(view: QuandoView, event: PlayEvent) -> None:
    side = _seen_side(view["hands"][event["seat"]])
    for i in reversed(event["indices"]):
        del side[i]
    view["discard"].extend(event["fronts"])
    view["plays"][event["seat"]] += 1


def _on_draw(view: QuandoView, event: DrawEvent) -> None:
    hand = view["hands"][event["seat"]]
    if "front" in event:
        hand["fronts"].append(event["front"])
    else:
        hand["backs"].append(event["back"])
    view["draw"] = event["draw"].copy()


def _on_turn_over(view: QuandoView, event: TurnOverEvent) -> None:
    view["draw"] = event["draw"].copy()
    view["discard"] = []


def _on_flip(view: QuandoView, event: FlipEvent) -> None:
    hand = view["hands"][event["seat"]]
    if "front" in event:
        hand["fronts"][event["index"]] = event["front"]
    else:
        hand["backs"][event["index"]] = event["back"]


def _on_knock(view: QuandoView, event: SeatEvent) -> None:
    view["knocker"] = event["seat"]


def _on_round_end(view: QuandoView, event: RoundEndEvent) -> None:
    view["totals"] = list(event["totals"])
    summary = _copy_round({k: v for k, v in event.items() if k != "type"})
    view["last_round"] = cast(RoundSummary, summary)


def _on_game_over(view: QuandoView, event: GameOverEvent) -> None:
    view["result"] = copy_result(event["result"])


def _on_next(view: QuandoView, event: NextEvent) -> None:
    view.update(
        {
            "to_move": event["to_move"],
            "phase": event["phase"],
            "active": event["active"],
            "penalty": list(event["penalty"]),
        }
    )


_ON_EVENT: dict[str, Callable[[Any, Any], None]] = {
    "deal": _on_deal,
    "play": _on_play,
    "draw": _on_draw,
    "turn_over": _on_turn_over,
    "flip": _on_flip,
    "knock": _on_knock,
    "round_end": _on_round_end,
    "game_over": _on_game_over,
    "next": _on_next,
}
"""How each event changes a seat's view (each handler takes a QuandoView and the event's
TypedDict); the others ("pass", "draw_skipped") change nothing."""

_DO: dict[str, Callable[[Quando, Any, list[Event] | None], None]] = {
    "play": Quando._do_play,
    "draw": Quando._do_draw,
    "flip": Quando._do_flip,
    "knock": Quando._do_knock,
    "pass": Quando._do_pass,
}
"""`Quando._do` by the action's verb."""


def pending_triplet(history: list[View]) -> bool:
    """Whether the round's last play in a seat's `history` (its events) was a triplet: in
    the DRAW phase, whether the triplet penalty follows the draw (the view does not say)."""
    for ev in reversed(history):
        if ev["type"] == "play":
            return bool(ev["triplet"])
        if ev["type"] == "deal":
            break
    return False


class Determinizer:
    """Full states that one seat cannot tell from the real one, for search: what the seat's
    view and the events it saw say is worked out once (the step number and a pending
    triplet penalty come from the events); `deal` adds the hidden sides. Raises KeyError,
    TypeError or ValueError for a view that is not a Quando seat's view."""

    def __init__(self, view: View, history: list[View]) -> None:
        self.fields = Quando.fields_from_view(view, history)
        self.fields.update(
            options=check_options(
                Quando.game, Quando.OPTIONS, {"target": view["target"], "deck": None}
            ),
            round=view["round"],
            active=view["active"],
            knocker=view["knocker"],
            triplet=view["phase"] == DRAW and pending_triplet(history),
            last_round=_copy_round(view["last_round"]),
        )
        self.totals = list(view["totals"])
        self.plays = list(view["plays"])
        self.penalty = list(view["penalty"])

    def deal(self, hands: list[list[int]], discard: list[int], draw: list[int], rng: int) -> Quando:
        """The state with these cards: every hand (`front * 11 + back`), the discard (bottom
        first) and the draw pile (top first, `up * 11 + down`) – the sides the view shows
        where it shows them, each of the 55 cards once (else the state is undefined) – and
        `rng` as its PRNG state."""
        state = Quando.__new__(Quando)
        state.__dict__.update(self.fields)
        state.rng = Rng(rng)
        state.hands = [list(hand) for hand in hands]
        state.discard = list(discard)
        state.draw = draw[::-1]
        state.totals = list(self.totals)
        state.plays = list(self.plays)
        state.penalty = list(self.penalty)
        state._legal_cache = None
        return state


_PACKED_HANDS: dict[tuple[int, ...], bytes] = {}
"""Hands as views show them, packed: by 0 (as the others see it) or 1 (as its holder does)
and the hand's cards (see `_packed_hand`)."""


def _packed_hand(own: int, hand: list[int]) -> bytes:
    """`hand` packed as its holder (`own` 1) or everyone else (0) sees it in a view, from the
    hands packed before when it is one of them (most hands do not change in a step)."""
    key = (own, *hand)
    packed = _PACKED_HANDS.get(key)
    if packed is None:
        if len(_PACKED_HANDS) >= 8192:
            _PACKED_HANDS.clear()
        packed = _PACKED_HANDS[key] = pack(
            {"fronts": [c // 11 for c in hand]} if own else {"backs": [c % 11 for c in hand]}
        )
    return packed


ROUND_KEYS = ("round", "reason", "hands", "sums", "scores", "knocker", "knock_penalty", "totals")
"""A round summary's keys in the order snapshots keep them (state digests hash that order)."""
SORTED_ROUND_KEYS = tuple(sorted(ROUND_KEYS))


def _copy_round(summary: View | None, keys: tuple[str, ...] = ROUND_KEYS) -> View | None:
    """A deep copy of a round summary, its keys always in the order `keys` gives."""
    if summary is None:
        return None
    copy = {k: summary[k] for k in keys}
    copy["hands"] = [list(hand) for hand in copy["hands"]]
    copy["sums"], copy["scores"] = list(copy["sums"]), list(copy["scores"])
    copy["totals"] = list(copy["totals"])
    return copy


__all__ = [
    "CARDS",
    "CODE",
    "DRAW",
    "Determinizer",
    "DrawSide",
    "FLIP",
    "Flip",
    "Hand",
    "ID",
    "KNOCK_PENALTY",
    "OVER",
    "PENALTY",
    "PHASES",
    "Phase",
    "Pile",
    "Play",
    "Quando",
    "QuandoEvent",
    "QuandoKey",
    "QuandoView",
    "RoundSummary",
    "Side",
    "TURN",
    "hand_size",
    "not_a_play",
    "pending_triplet",
    "game_result",
    "round_scores",
]
