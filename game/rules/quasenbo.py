"""Quäsenbö: shed your hand onto the played row by suit or rank, never three of a suit in a row."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Final, Literal, NotRequired, TypedDict, cast

from game.rules import decktet
from game.rules.base import (
    Action,
    BadOptions,
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
    is_bool,
    is_deck_or_none,
    pack,
)
from game.rules.decktet import ALL, SUITS, Suit, deck

_PACKED_HANDS: dict[tuple[int, ...], bytes] = {}
"""Hands as their holders' views show them, packed, by their cards."""

# A card is its index in decktet.ALL (first copies, then the `#2` copies). Matching and the run
# are bit operations on a suit mask (bit k = SUITS[k]) and an int rank per card; the Excuse has
# mask 0 and rank 0, and every other card has at least one suit and a rank of at least 1.
CODE: list[str] = [card.code for card in ALL]
ID: dict[str, int] = {code: i for i, code in enumerate(CODE)}
SUIT_BIT: dict[str, int] = {suit: 1 << k for k, suit in enumerate(SUITS)}
MASK: list[int] = [sum(SUIT_BIT[s] for s in card.suits) for card in ALL]
RANK: list[int] = [card.rank or 0 for card in ALL]
EVERY_SUIT = (1 << len(SUITS)) - 1

Phase = Literal["turn", "over"]
"""The phases: a player's turn (play, draw or pass), and the game over."""
TURN: Final = "turn"
OVER: Final = "over"

# The actions, frozen (docs/rules.md, Quäsenbö): hand cards by index, counted from 0.
Play = tuple[Literal["play"], int] | tuple[Literal["play"], int, Suit]
"""Hand card i; for the Excuse, the suit it stands for."""
QuasenboKey = Play | tuple[Literal["draw"]] | tuple[Literal["pass"]]


class Pile(TypedDict):
    """The draw pile as views show it; `cards` (codes, top first) only in the open view."""

    count: int
    cards: NotRequired[list[str]]


class QuasenboView(TypedDict):
    """What a seat sees (`Quasenbo.view`); "seat" is "open" in the open view, which shows
    every hand."""

    double_quasenbo: bool
    draw: Pile
    game: str
    hand_sizes: list[int]
    hands: list[list[str] | None]
    named: list[Suit | None]
    passes: int
    phase: Phase
    players: int
    result: Result | None
    row: list[str]
    run: int
    seat: int | str | None
    to_move: int | None


# The events as a seat receives them (docs/protocol.md, "Events"); `draw` is the pile's new
# size here, not a map.
class PlayEvent(TypedDict):
    type: Literal["play"]
    seat: int
    index: int
    card: str
    suit: Suit | None
    """The suit named for an Excuse, else None."""
    run: int


class PenaltyEvent(TypedDict):
    type: Literal["penalty"]
    seat: int
    run: int
    count: int


class DrawEvent(TypedDict):
    type: Literal["draw"]
    seat: int
    penalty: bool
    draw: int
    card: NotRequired[str]
    """To the drawer only."""


class DrawSkippedEvent(TypedDict):
    type: Literal["draw_skipped"]
    seat: int
    count: int


class ReshuffleEvent(TypedDict):
    type: Literal["reshuffle"]
    kept: int
    """Row cards left on the table (at least 1)."""
    draw: int
    run: int


class PassEvent(TypedDict):
    type: Literal["pass"]
    seat: int
    passes: int


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    result: Result
    reason: Literal["emptied", "blocked"]


class NextEvent(TypedDict):
    type: Literal["next"]
    to_move: int | None
    phase: Phase


QuasenboEvent = (
    PlayEvent
    | PenaltyEvent
    | DrawEvent
    | DrawSkippedEvent
    | ReshuffleEvent
    | PassEvent
    | GameOverEvent
    | NextEvent
)

_PLAY = [("play", i) for i in range(len(ALL))]
_PLAY_EXCUSE = [[("play", i, suit) for suit in SUITS] for i in range(len(ALL))]
_DRAW, _PASS = ("draw",), ("pass",)


def _suit_named(card: int, mask: int) -> Suit | None:
    """The suit an Excuse in the played row named (None for any other card, and for a
    starting Excuse, which names none)."""
    return SUITS[mask.bit_length() - 1] if mask and not MASK[card] else None


def _name(card: int) -> str:
    """A card's name in words, e.g. "the Chance Meeting", "the Ace of Moons"."""
    return decktet.name(CODE[card])


def follows(card: int, want: int, rank: int) -> bool:
    """Whether `card` may be played on a last card of suits `want` (every suit after a
    starting Excuse) and rank `rank`: it shares a suit or the rank, or it is the Excuse."""
    mask = MASK[card]
    return not mask or bool(mask & want) or RANK[card] == rank


def kept(run: int, double: bool) -> int:
    """How many row cards stay on the table when the row is shuffled into a draw pile, the
    last `run` sharing a suit (`double`: the double-Quäsenbö option)."""
    return max(2, run) if double else 2


def penalty(run: int, double: bool) -> int:
    """How many cards a play that ends a run of `run` same-suit cards draws: one for a run of
    three or more, or one per card past the second with `double` (double Quäsenbö)."""
    if run < 3:
        return 0
    return run - 2 if double else 1


def row_mask(card: int, named: str | None) -> int:
    """The suits a played-row card counts as: its own, or the suit an Excuse named."""
    return SUIT_BIT[named] if named is not None else MASK[card]


def run_length(masks: list[int]) -> int:
    """The largest k such that the last k row cards (their suit masks, an Excuse's the suit
    it named) share a suit."""
    common = EVERY_SUIT
    k = 0
    for mask in reversed(masks):
        common &= mask
        if not common:
            break
        k += 1
    return k


Choose = Callable[[int, list[int], list[int]], tuple[int, int]]
"""A player's choice in `Quasenbo.playout`: given the seat, its hand and the hand indices
of the cards that match, the index of the card it plays and the suits that card counts as
(its MASK; for the Excuse, the SUIT_BIT of the suit it names)."""


class Quasenbo(State):
    """A game of Quäsenbö with the Decktet (docs/rules.md, Quäsenbö).

    Hand cards are named by hand index, the order they entered the hand. The played row's
    last card decides what matches; the run (the longest tail of the row sharing a suit)
    decides the penalty of a play.

    Besides the contract's, these attributes are public, for players that search (read them,
    never change them): `hands[s]` (card ids, hand order), `row` (the played row's card
    ids), `row_masks` (the suits each row card counts as, see `row_mask`), `draw` (top
    last), `run` (`run_length` of the row), `passes` (passes in a row since the last play).
    """

    game: ClassVar[str] = "quasenbo"
    title: ClassVar[str] = "Quäsenbö"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    OPTIONS: ClassVar[dict[str, Option]] = {
        "excuse": Option(False, is_bool, "The Excuse", (False, True)),
        "pawns": Option(False, is_bool, "Pawns", (False, True)),
        "courts": Option(False, is_bool, "Courts", (False, True)),
        "double": Option(False, is_bool, "Double deck", (False, True)),
        "hand_size": Option(7, int_in(1, 20), "Cards in hand", tuple(range(3, 11))),
        "double_quasenbo": Option(False, is_bool, "Double Quäsenbö", (False, True)),
        "deck": Option(None, is_deck_or_none, "Stacked deck"),
    }
    WORDS: ClassVar[tuple[str, ...]] = ("play", "draw", "pass") + SUITS
    OWNED: ClassVar[tuple[str, ...]] = ("hands",)

    def __init__(self, players: int, seed: int, options: Options | None = None) -> None:
        """Deal a new game. Raises ValueError for a player count outside 2–8, a bad seed, an
        unknown option or a value of the wrong kind, a stacked deck that is not exactly the
        cards the options give, or a deal the deck cannot cover (players × hand_size + 1
        cards)."""
        self.players = check_players(self.game, players, self.min_players, self.max_players)
        self.seed = check_seed(seed)
        self.options = check_options(self.game, self.OPTIONS, options)
        full = full_deck(self.options)
        size = self.options["hand_size"]
        if players * size + 1 > len(full):
            raise BadOptions(
                "{game}: {players} hands of {size} cards and a starting card need "
                "{need} cards; this deck has {cards}",
                game=self.game,
                players=players,
                size=size,
                need=players * size + 1,
                cards=len(full),
            )
        self.rng = Rng(self.seed)
        if self.options["deck"] is None:
            cards = list(full)
            self.rng.shuffle(cards)
        else:
            cards = check_stacked_deck(self.game, self.options["deck"], ID, full)
        self.step = 0
        self.result = None
        self._legal_cache = None
        dealt = players * size
        self.hands: list[list[int]] = [cards[seat:dealt:players] for seat in range(players)]
        self.row: list[int] = [cards[dealt]]
        # The suits each row card counts as: its own, the one an Excuse named, or none for a
        # starting Excuse (which therefore breaks every run).
        self.row_masks: list[int] = [MASK[cards[dealt]]]
        self.draw: list[int] = cards[dealt + 1 :][::-1]  # top card last
        self.run = self._run_length()
        self.passes = 0
        self.to_move: int | None = 0
        self.phase: Phase = TURN

    # -- rules helpers -----------------------------------------------------------------------

    def _run_length(self) -> int:
        return run_length(self.row_masks)

    def _keep(self) -> int:
        return kept(self.run, self.options["double_quasenbo"])

    def _can_draw(self) -> bool:
        return bool(self.draw) or len(self.row) > self._keep()

    def _refill(self, shuffle: Callable[[list[int]], None]) -> int:
        """Shuffle the played row, but for the cards the rules keep on the table, into a new
        draw pile (`shuffle` puts it in order, top last); the count of cards kept, or 0 if
        there were too few to leave any for the pile."""
        keep = self._keep()
        if len(self.row) <= keep:
            return 0
        cards = self.row[:-keep]
        del self.row[:-keep]
        # An Excuse going back into the pile forgets its suit: only row_masks remembered it.
        del self.row_masks[:-keep]
        shuffle(cards)
        self.draw = cards
        self.run = self._run_length()
        return keep

    def _shuffle_top_first(self, cards: list[int]) -> None:
        """The game's own shuffle: the shuffled list is read top first, like a freshly
        shuffled deck."""
        self.rng.shuffle(cards)
        cards.reverse()

    def _take(self, seat: int, penalty: bool, events: list[Event] | None) -> bool:
        """Draw one card into `seat`'s hand, first shuffling the row into a new draw pile if
        the pile is empty; False if no card can be drawn."""
        if not self.draw:
            keep = self._refill(self._shuffle_top_first)
            if not keep:
                return False
            if events is not None:
                events.append(
                    Event("reshuffle", {"kept": keep, "draw": len(self.draw), "run": self.run})
                )
        card = self.draw.pop()
        self.hands[seat].append(card)
        if events is not None:
            events.append(
                Event(
                    "draw",
                    {"seat": seat, "penalty": penalty, "draw": len(self.draw)},
                    {seat: {"card": CODE[card]}},
                )
            )
        return True

    def _end(self, winners: list[int]) -> None:
        """The game is over: the scores are the cards in hand."""
        self.result = {"scores": [len(hand) for hand in self.hands], "winners": winners}
        self.to_move = None
        self.phase = OVER

    def _lowest_hands(self) -> list[int]:
        """The seats holding the fewest cards: the winners of a blocked game."""
        sizes = [len(hand) for hand in self.hands]
        low = min(sizes)
        return [s for s, n in enumerate(sizes) if n == low]

    def _game_over(self, winners: list[int], reason: str, events: list[Event] | None) -> None:
        self._end(winners)
        if events is not None:
            events.append(
                Event("game_over", {"result": copy_result(self.result), "reason": reason})
            )

    # -- actions -----------------------------------------------------------------------------

    def _legal(self) -> list[Key]:
        """The plays of the matching cards in hand order (the Excuse once per suit, in SUITS
        order); if none matches, ("draw",) if a card can be drawn, else ("pass",)."""
        if self.result is not None:
            return []
        want = self.row_masks[-1] or EVERY_SUIT  # only a starting Excuse has no suit
        rank = RANK[self.row[-1]]
        acts: list[Key] = []
        for i, card in enumerate(self.hands[self._mover()]):
            if not follows(card, want, rank):
                continue
            if MASK[card]:
                acts.append(_PLAY[i])
            else:
                acts.extend(_PLAY_EXCUSE[i])
        if acts:
            return acts
        return [_DRAW] if self._can_draw() else [_PASS]

    def _why_illegal(self, action: Key) -> IllegalAction:
        verb = action[0]
        if verb not in ("play", "draw", "pass"):
            return IllegalAction("{verb} is not an action of Quäsenbö", verb=repr(verb))
        must = self.legal_keys()[0][0]
        if must == "play" and verb != "play":
            return IllegalAction(
                "you hold a card that matches the last played card, so you must play one"
            )
        if must == "draw" and verb != "draw":
            return IllegalAction("none of your cards matches the last played card: draw a card")
        if must == "pass" and verb != "pass":
            return IllegalAction("none of your cards matches and no card can be drawn: pass")
        if verb != "play":
            return IllegalAction(
                "{verb} takes nothing more: [{quoted}]", verb=verb, quoted=repr(verb)
            )
        hand = self.hands[self._mover()]
        if len(action) not in (2, 3) or type(action[1]) is not int:
            return IllegalAction("play names a hand index, and for the Excuse a suit too")
        i = action[1]
        if not 0 <= i < len(hand):
            return IllegalAction("your hand has cards 0 to {last}", last=len(hand) - 1)
        card = hand[i]
        if not MASK[card]:
            return IllegalAction(
                "name the suit the Excuse stands for: one of {suits}", suits=", ".join(SUITS)
            )
        if len(action) == 3:
            return IllegalAction("only the Excuse names a suit")
        last, mask = self.row[-1], self.row_masks[-1]
        if not MASK[last]:
            suit = str(_suit_named(last, mask))
            return IllegalAction(
                "the Excuse stands for {suit}: play a card of {suit} (or an Excuse)", suit=suit
            )
        return IllegalAction(
            "{card} shares neither a suit nor the rank of {last}",
            card=_name(card),
            last=_name(last),
        )

    def _do(self, action: Key, events: list[Event] | None) -> None:
        _DO[action[0]](self, action, events)
        if events is not None:
            events.append(Event("next", {"to_move": self.to_move, "phase": self.phase}))

    def _do_draw(self, action: Key, events: list[Event] | None) -> None:
        self._take(self._mover(), False, events)

    def _do_pass(self, action: Key, events: list[Event] | None) -> None:
        seat = self._mover()
        self.passes += 1
        if events is not None:
            events.append(Event("pass", {"seat": seat, "passes": self.passes}))
        if self.passes == self.players:
            # Every player passed in turn with no play between: nothing can change any more.
            self._game_over(self._lowest_hands(), "blocked", events)
        else:
            self.to_move = (seat + 1) % self.players

    def _do_play(self, action: Play, events: list[Event] | None) -> None:
        """Play a hand card (an Excuse standing for the suit named), draw the Quäsenbö
        penalty, and end the turn."""
        _, index, *named = action  # named: the suit an Excuse stands for
        seat, suit = self._mover(), named[0] if named else None
        hand = self.hands[seat]
        card = hand.pop(index)
        self.row.append(card)
        self.row_masks.append(SUIT_BIT[suit] if suit else MASK[card])
        self.run = run = self._run_length()
        self.passes = 0
        if events is not None:
            events.append(
                Event(
                    "play",
                    {"seat": seat, "index": index, "card": CODE[card], "suit": suit, "run": run},
                )
            )
        due = penalty(run, self.options["double_quasenbo"])
        if due:
            if events is not None:
                events.append(Event("penalty", {"seat": seat, "run": run, "count": due}))
            for k in range(due):
                if not self._take(seat, True, events):
                    if events is not None:
                        events.append(Event("draw_skipped", {"seat": seat, "count": due - k}))
                    break
        if not hand:
            self._game_over([seat], "emptied", events)
        else:
            self.to_move = (seat + 1) % self.players

    def playout(self, turns: int, choose: Choose, shuffle: Callable[[list[int]], None]) -> None:
        """Play `turns` turns, or to the game's end, the quick way for a search's rollouts:
        by these rules, without events or lists of legal actions. A turn is the player's
        draws until a drawn card matches (a pass if no card can be drawn), then its play of
        the card `choose` picks among those that match, with the play's penalty draws.
        Reshuffles are put in order by `shuffle` (top last), not by the game's PRNG. The
        state stays a state of this game, its `step` counting every draw, play and pass."""
        n = self.players
        hands, row, masks = self.hands, self.row, self.row_masks
        double = self.options["double_quasenbo"]
        seat = self.to_move
        passes, step = self.passes, self.step
        for _turn in range(turns):
            if seat is None:
                break
            hand = hands[seat]
            want = masks[-1] or EVERY_SUIT
            rank = RANK[row[-1]]
            choices = [i for i, card in enumerate(hand) if follows(card, want, rank)]
            while not choices:
                if not self.draw and not self._refill(shuffle):
                    break
                card = self.draw.pop()
                hand.append(card)
                step += 1
                if follows(card, want, rank):
                    choices.append(len(hand) - 1)
            if not choices:
                passes += 1
                step += 1
                if passes == n:
                    self._end(self._lowest_hands())
                    seat = None
                else:
                    seat = (seat + 1) % n
                continue
            i, mask = choose(seat, hand, choices)
            row.append(hand.pop(i))
            masks.append(mask)
            self.run = run = run_length(masks)
            passes = 0
            step += 1
            for _ in range(penalty(run, double)):
                if not self.draw and not self._refill(shuffle):
                    break
                hand.append(self.draw.pop())
            if hand:
                seat = (seat + 1) % n
            else:
                self._end([seat])
                seat = None
        self.to_move, self.passes, self.step = seat, passes, step
        self._legal_cache = None

    def describe(self, action: Action) -> str:
        """`action` in words, e.g. "plays the Sea", "plays the Excuse as moons", "draws a card".
        Raises nothing: an action that names no card here is described by its shape."""
        verb = action[0] if isinstance(action, list) and action else ""
        if verb == "play" and self.to_move is not None:
            hand = self.hands[self.to_move]
            if len(action) >= 2 and type(action[1]) is int and 0 <= action[1] < len(hand):
                words = "plays " + _name(hand[action[1]])
                return words + f" as {action[2]}" if len(action) == 3 else words
            return f"plays card {action[1:]}"
        return {"draw": "draws a card", "pass": "passes"}.get(verb, str(action))

    # -- what each seat sees -----------------------------------------------------------------

    def view(self, seat: int | None) -> View:
        """What `seat` sees (None: a spectator): the played row ("row" codes, "named" the suit
        each Excuse stands for or None), "run", "passes" (consecutive passes since the last
        play), "hand_sizes", "hands" (the seat's own codes in hand order, None for everyone
        else), "draw" {"count"}, and whether "double_quasenbo" applies."""
        # Keys in sorted order, so the view is its own canonical form (see State.view_and_digest).
        view: QuasenboView = {
            "double_quasenbo": self.options["double_quasenbo"],
            "draw": {"count": len(self.draw)},
            "game": self.game,
            "hand_sizes": [len(hand) for hand in self.hands],
            "hands": [self._own_hand(s) if s == seat else None for s in range(self.players)],
            "named": [_suit_named(c, m) for c, m in zip(self.row, self.row_masks)],
            "passes": self.passes,
            "phase": self.phase,
            "players": self.players,
            "result": copy_result(self.result),
            "row": [CODE[c] for c in self.row],
            "run": self.run,
            "seat": seat,
            "to_move": self.to_move,
        }
        return cast(View, view)

    def _own_hand(self, seat: int) -> list[str]:
        return [CODE[c] for c in self.hands[seat]]

    def _own_items(self, seat: int) -> dict[str, Any]:
        return {"hands": self._own_hand(seat)}

    def _packed_own(self, seat: int) -> dict[str, bytes]:
        # Most hands do not change in a step: packed once per hand (see `_PACKED_HANDS`).
        hand = tuple(self.hands[seat])
        packed = _PACKED_HANDS.get(hand)
        if packed is None:
            if len(_PACKED_HANDS) >= 8192:
                _PACKED_HANDS.clear()
            packed = _PACKED_HANDS[hand] = pack(self._own_hand(seat))
        return {"hands": packed}

    def open_view(self) -> View:
        """The spectator view with every hand shown and the draw pile's cards, top first."""
        view = self.view(None)
        view["seat"] = "open"
        view["hands"] = [[CODE[c] for c in hand] for hand in self.hands]
        view["draw"]["cards"] = [CODE[c] for c in reversed(self.draw)]
        return view

    @staticmethod
    def update_view(view: View, event: View) -> None:
        """Advance a seat's view by one event as that seat received it. The events:
        play {seat, index, card, suit (the Excuse's, else None), run}; penalty {seat, run,
        count}; reshuffle {kept (row cards left on the table), draw (new pile size), run};
        draw {seat, penalty, draw (pile size), card (to the drawer only)}; draw_skipped
        {seat, count}; pass {seat, passes}; game_over {result, reason: "emptied" | "blocked"};
        next {to_move, phase}, the last event of every step."""
        handler = _ON_EVENT.get(event["type"])
        if handler is not None:
            handler(view, event)

    # -- copies and snapshots ----------------------------------------------------------------

    def clone(self) -> Quasenbo:
        """An independent copy, sharing only data that is never mutated."""
        other = Quasenbo.__new__(Quasenbo)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(self.rng.state)
        other.hands = [list(h) for h in self.hands]
        other.row = list(self.row)
        other.row_masks = list(self.row_masks)
        other.draw = list(self.draw)
        # options, result and the legal-action cache are never mutated, only replaced.
        return other

    def _shuffle_unseen(self, rng: Rng) -> None:
        rng.shuffle(self.draw)  # hands are seen by their holders, the row by everyone

    def to_snapshot(self) -> View:
        """The whole state as plain data with RULES.md card codes (the draw pile top first)."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": {k: list(v) if isinstance(v, list) else v for k, v in self.options.items()},
            "rng": self.rng.state,
            "step": self.step,
            "hands": [[CODE[c] for c in hand] for hand in self.hands],
            "row": [CODE[c] for c in self.row],
            "named": [_suit_named(c, m) for c, m in zip(self.row, self.row_masks)],
            "draw": [CODE[c] for c in reversed(self.draw)],
            "passes": self.passes,
            "to_move": self.to_move,
            "phase": self.phase,
            "result": copy_result(self.result),
        }

    def _digest_snapshot(self) -> View:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "rng": self.rng.state,
            "step": self.step,
            "hands": [[CODE[c] for c in hand] for hand in self.hands],
            "row": [CODE[c] for c in self.row],
            "named": [_suit_named(c, m) for c, m in zip(self.row, self.row_masks)],
            "draw": codes_of(self.draw, CODE, True),
            "passes": self.passes,
            "to_move": self.to_move,
            "phase": self.phase,
            "result": copy_result(self.result),
        }

    @classmethod
    def from_snapshot(cls, snapshot: View) -> Quasenbo:
        """The state `to_snapshot()` described. Raises ValueError for a malformed snapshot:
        missing fields, unknown cards, cards that are not exactly the deck's, an Excuse naming
        no suit anywhere but as the row's first card, or seats and phase that disagree."""
        try:
            state = cls.__new__(cls)
            state.players = check_players(
                cls.game, snapshot["players"], cls.min_players, cls.max_players
            )
            state.seed = check_seed(snapshot["seed"])
            state.options = check_options(cls.game, cls.OPTIONS, snapshot["options"])
            state.rng = Rng(snapshot["rng"])
            state.step = int(snapshot["step"])
            state.hands = [[ID[c] for c in hand] for hand in snapshot["hands"]]
            state.row = [ID[c] for c in snapshot["row"]]
            named = list(snapshot["named"])
            state.row_masks = [row_mask(c, s) for c, s in zip(state.row, named)]
            state.draw = [ID[c] for c in reversed(snapshot["draw"])]
            state.passes = int(snapshot["passes"])
            state.to_move = snapshot["to_move"]
            state.phase = snapshot["phase"]
            state.result = copy_result(snapshot["result"])
            state._legal_cache = None
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ValueError(f"not a Quäsenbö snapshot: {err!r}") from None
        cards = sorted(state.draw + state.row + [c for hand in state.hands for c in hand])
        excuse_named_wrong = any(
            (s is not None and MASK[c]) or (s is None and not MASK[c] and k > 0)
            for k, (c, s) in enumerate(zip(state.row, named))
        )
        over = state.result is not None
        if (
            cards != sorted(full_deck(state.options))
            or len(state.hands) != state.players
            or not state.row
            or len(named) != len(state.row)
            or excuse_named_wrong
            or not 0 <= state.passes <= (state.players if over else state.players - 1)
            or (state.phase, state.to_move is None) != ((OVER, True) if over else (TURN, False))
            or not (over or type(state.to_move) is int and 0 <= state.to_move < state.players)
        ):
            raise ValueError(
                "not a Quäsenbö snapshot: its cards, row, seats or phase are inconsistent"
            )
        state.run = state._run_length()
        return state


# -- a seat's view, advanced by one event (docs/protocol.md, "Events") -------------------------


def _on_play(view: QuasenboView, event: PlayEvent) -> None:
    seat = event["seat"]
    view["hand_sizes"][seat] -= 1
    hand = view["hands"][seat]
    if hand is not None:
        del hand[event["index"]]
    view["row"].append(event["card"])
    view["named"].append(event["suit"])
    view["run"] = event["run"]
    view["passes"] = 0


def _on_draw(view: QuasenboView, event: DrawEvent) -> None:
    seat = event["seat"]
    view["hand_sizes"][seat] += 1
    if "card" in event:
        cast(list[str], view["hands"][seat]).append(event["card"])  # the drawer's own hand
    view["draw"] = {"count": event["draw"]}


def _on_reshuffle(view: QuasenboView, event: ReshuffleEvent) -> None:
    kept = event["kept"]
    view["row"] = view["row"][-kept:]
    view["named"] = view["named"][-kept:]
    view["draw"] = {"count": event["draw"]}
    view["run"] = event["run"]


def _on_pass(view: QuasenboView, event: PassEvent) -> None:
    view["passes"] = event["passes"]


def _on_game_over(view: QuasenboView, event: GameOverEvent) -> None:
    view["result"] = copy_result(event["result"])


def _on_next(view: QuasenboView, event: NextEvent) -> None:
    view["to_move"] = event["to_move"]
    view["phase"] = event["phase"]


_ON_EVENT: dict[str, Callable[[Any, Any], None]] = {
    "play": _on_play,
    "draw": _on_draw,
    "reshuffle": _on_reshuffle,
    "pass": _on_pass,
    "game_over": _on_game_over,
    "next": _on_next,
}
"""How each event changes a seat's view (each handler takes a QuasenboView and the event's
TypedDict); the others ("penalty", "draw_skipped") change nothing."""

_DO: dict[str, Callable[[Quasenbo, Any, list[Event] | None], None]] = {
    "play": Quasenbo._do_play,
    "draw": Quasenbo._do_draw,
    "pass": Quasenbo._do_pass,
}
"""`Quasenbo._do` by the action's verb."""


DECK_OPTIONS = ("excuse", "pawns", "courts", "double")
"""The options that choose the deck's cards, in `decktet.deck`'s order."""


def full_deck(options: Options) -> list[int]:
    """The card ids of the deck the options give, in canonical order."""
    return [ID[card.code] for card in deck(*(options[name] for name in DECK_OPTIONS))]


class Determinizer:
    """Full states that one seat cannot tell from the real one, for search: what the seat's
    view and the events it saw say is worked out once (the step number comes from the
    events); `deal` adds the deck and the hidden cards. Raises KeyError, TypeError or
    ValueError for a view that is not a Quäsenbö seat's view."""

    def __init__(self, view: View, history: list[View]) -> None:
        self.me = view["seat"]
        self.own = [ID[code] for code in view["hands"][self.me]]
        self.row = [ID[code] for code in view["row"]]
        self.masks = [row_mask(c, named) for c, named in zip(self.row, view["named"])]
        self.double_quasenbo = bool(view["double_quasenbo"])
        self.fields = Quasenbo.fields_from_view(view, history)
        self.fields.update(passes=view["passes"], run=run_length(self.masks))
        self.options: dict[tuple[bool, ...], Options] = {}

    def deal(
        self,
        deck_options: tuple[bool, ...],
        hands: Mapping[int, list[int]],
        draw: list[int],
        rng: int,
    ) -> Quasenbo:
        """The state with these cards: `deck_options` the DECK_OPTIONS' values, `hands[s]` the hand
        of every seat but the viewer's, `draw` the draw pile top first – the deck's cards
        the view does not show, each once (else the state is undefined) – and `rng` as its
        PRNG state. Raises ValueError for deck options that are not booleans."""
        options = self.options.get(deck_options)
        if options is None:
            given: dict[str, object] = dict(zip(DECK_OPTIONS, deck_options))
            given["double_quasenbo"] = self.double_quasenbo
            options = check_options(Quasenbo.game, Quasenbo.OPTIONS, given)
            self.options[deck_options] = options
        state = Quasenbo.__new__(Quasenbo)
        state.__dict__.update(self.fields)
        state.options = options
        state.rng = Rng(rng)
        state.hands = [
            list(self.own) if s == self.me else list(hands[s]) for s in range(state.players)
        ]
        state.row = list(self.row)
        state.row_masks = list(self.masks)
        state.draw = draw[::-1]
        state._legal_cache = None
        return state


__all__ = [
    "CODE",
    "Choose",
    "DECK_OPTIONS",
    "Determinizer",
    "EVERY_SUIT",
    "ID",
    "MASK",
    "OVER",
    "Phase",
    "Pile",
    "Play",
    "Quasenbo",
    "QuasenboEvent",
    "QuasenboKey",
    "QuasenboView",
    "RANK",
    "SUIT_BIT",
    "TURN",
    "follows",
    "full_deck",
    "kept",
    "penalty",
    "row_mask",
    "run_length",
]
