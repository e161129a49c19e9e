"""Blanco: empty a face-down grid by completing columns of one colour and rows of one number."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, Literal, NotRequired, TypedDict, TypeVar, cast

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

COLOURS: tuple[str, ...] = (
    "red",
    "orange",
    "yellow",
    "lime",
    "green",
    "sky",
    "navy",
    "purple",
    "pink",
    "brown",
)
# A card is an int `colour * 12 + number - 1`, so the canonical order is 0..119.
CARDS: list[int] = list(range(120))
CODE: list[str] = [f"{colour}:{number}" for colour in COLOURS for number in range(1, 13)]
ID: dict[str, int] = {code: card for card, code in enumerate(CODE)}

# A grid cell is one int: the card plus flag bits, so a grid is a flat list of ints (row-major)
# that clone() copies in one call. KNOWN is only ever set on a face-down card.
CARD, UP, KNOWN = 127, 128, 256
"""A grid cell's bits: the card (`cell & CARD`), face up, looked at by its owner."""
HIDDEN = CARD
"""A face-down cell whose card its judge does not know (a grid as one seat knows it): no
card has this id, and a face-down cell completes no line."""
# The key a cell brings to a row (its number) or a column (its colour); -1 while face down, so
# that a line is complete exactly when every cell has the same key and it is not -1.
ROW_KEY: list[int] = [(v & CARD) % 12 if v & UP else -1 for v in range(512)]
COL_KEY: list[int] = [(v & CARD) // 12 if v & UP else -1 for v in range(512)]

Phase = Literal["reveal", "peek", "turn", "play", "eliminate", "reward", "chain", "over"]
"""The kinds of decision: a setup (or stage-2) reveal and peek; the turn's choice of take or
swap; after a take, discard or place; which complete line goes first; the reward peek; after a
chain reaction, whether the peeked card turns face up. "over": nobody decides any more."""
REVEAL: Final = "reveal"
PEEK: Final = "peek"
TURN: Final = "turn"
PLAY: Final = "play"
ELIMINATE: Final = "eliminate"
REWARD: Final = "reward"
CHAIN: Final = "chain"
OVER: Final = "over"
PHASES: tuple[Phase, ...] = (REVEAL, PEEK, TURN, PLAY, ELIMINATE, REWARD, CHAIN, OVER)

LineKind = Literal["row", "col"]

# The actions, frozen (docs/rules.md, Blanco): hand cards by index, grid places by row and
# column, counted from 0.
Take = tuple[Literal["take"], Literal["deck", "discard"]]
Discard = tuple[Literal["discard"], int] | tuple[Literal["discard"], int, int, int]
"""Hand card i to the discard, turning up the face-down card at (row, col) if there is one."""
Place = tuple[Literal["place"], int, int, int]
"""Hand card i face up to (row, col)."""
Swap = tuple[Literal["swap"], int, int, int, int] | tuple[Literal["swap"], int, int, int, int, int]
"""(r1, c1) and its right or lower neighbour (r2, c2); when both were face down, which one
turns up: 0 the first, 1 the second."""
Eliminate = tuple[Literal["eliminate"], LineKind, int]
Reveal = tuple[Literal["reveal"], int, int] | tuple[Literal["reveal"]]
"""A setup or stage-2 reveal at (row, col); bare: the peeked card after a chain reaction."""
Peek = tuple[Literal["peek"], int, int]
BlancoKey = (
    Take
    | Discard
    | Place
    | Swap
    | Eliminate
    | Reveal
    | Peek
    | tuple[Literal["skip"]]
    | tuple[Literal["keep"]]
)


class Draw(TypedDict):
    """The draw pile as views show it; `cards` (top first) only in the open view."""

    count: int
    cards: NotRequired[list[str]]


class GridView(TypedDict):
    """A grid as a seat sees it: rows x cols lists of the card code (None: face down and not
    known to the seat), whether face up, whether its owner looked at it."""

    cards: list[list[str | None]]
    cols: int
    known: list[list[bool]]
    rows: int
    stage: int
    up: list[list[bool]]


class BlancoView(TypedDict):
    """What a seat sees (`Blanco.view`); "seat" is "open" in the open view."""

    box: list[str]
    chain: bool
    discard: list[str]
    draw: Draw
    game: str
    grids: list[GridView]
    hands: list[list[str | None]]
    max_turns: int
    peeked: list[int] | None
    phase: Phase
    players: int
    result: Result | None
    seat: int | str | None
    to_move: int | None
    turns: int


# The events as a seat receives them (docs/protocol.md, "Events"); `pos` and `other` are
# [row, col].
class RevealEvent(TypedDict):
    type: Literal["reveal"]
    seat: int
    pos: list[int]
    card: str


class PeekEvent(TypedDict):
    type: Literal["peek"]
    seat: int
    pos: list[int]
    card: NotRequired[str]
    """To the looker only."""


class TakeEvent(TypedDict):
    type: Literal["take"]
    seat: int
    source: Literal["deck", "discard"]
    draw: Draw
    card: NotRequired[str]
    """To the taker only."""


class DiscardEvent(TypedDict):
    type: Literal["discard"]
    seat: int
    index: int
    card: str


class PlaceEvent(TypedDict):
    type: Literal["place"]
    seat: int
    index: int
    pos: list[int]
    card: str
    replaced: str


class SwapEvent(TypedDict):
    type: Literal["swap"]
    seat: int
    pos: list[int]
    other: list[int]


class EliminateEvent(TypedDict):
    type: Literal["eliminate"]
    seat: int
    line: LineKind
    index: int
    cards: list[str]
    chain: bool


class ReshuffleEvent(TypedDict):
    type: Literal["reshuffle"]
    draw: Draw
    discard: list[str]
    box: list[str]


class StageEvent(TypedDict):
    type: Literal["stage"]
    seat: int
    stage: int
    rows: int
    cols: int
    draw: Draw


class SeatEvent(TypedDict):
    type: Literal["skip", "keep"]
    seat: int


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    reason: Literal["emptied", "max_turns"]
    result: Result


class NextEvent(TypedDict):
    type: Literal["next"]
    to_move: int | None
    phase: Phase
    turns: int
    chain: bool
    peeked: list[int] | None


BlancoEvent = (
    RevealEvent
    | PeekEvent
    | TakeEvent
    | DiscardEvent
    | PlaceEvent
    | SwapEvent
    | EliminateEvent
    | ReshuffleEvent
    | StageEvent
    | SeatEvent
    | GameOverEvent
    | NextEvent
)

_PACKED_GRIDS: dict[tuple[Any, ...], bytes] = {}
"""Grids as seats see them, packed, by whether the seat owns the grid, its stage, shape and
cells (`Blanco._packed_grid`); emptied when it holds `_PACKED_GRIDS_KEPT`."""
_PACKED_GRIDS_KEPT = 8192
_SNAPSHOT_GRIDS: dict[tuple[int, ...], View] = {}
"""Grids as snapshots hold them, by stage, shape and cells (`Blanco._snapshot_grid`)."""
_PACKED_NONES = [pack([None] * n) for n in range(16)]
"""Another seat's hand of n cards in a view, packed."""

STAGE_ONE, STAGE_TWO = (3, 3), (3, 4)
HAND = 2
"""Hand cards each player holds between turns (one more after taking a card)."""

TAKE_DECK: Take = ("take", "deck")
TAKE_DISCARD: Take = ("take", "discard")
SKIP: BlancoKey = ("skip",)
REVEAL_PEEKED: Reveal = ("reveal",)
KEEP: BlancoKey = ("keep",)


Line = tuple[LineKind, int, tuple[int, ...]]
"""A line of a grid: "row" or "col", its index, and its cells (flat row-major indices)."""


class _Shape:
    """Everything about a grid of `rows` x `cols` that does not depend on its cards, built once:
    positions, lines and the action tuples, so that listing legal actions allocates little."""

    __slots__ = ("rows", "cols", "pos", "lines", "swaps", "discard", "place", "reveal", "peek")

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        cells = range(rows * cols)
        self.pos: list[tuple[int, int]] = [divmod(i, cols) for i in cells]
        # Only lines of at least two cards count (docs/rules.md); rows first, then columns. Each
        # with the key its cells must share.
        self.lines: list[tuple[Line, list[int]]] = []
        if cols >= 2:
            self.lines += [
                (("row", r, tuple(range(r * cols, r * cols + cols))), ROW_KEY) for r in range(rows)
            ]
        if rows >= 2:
            self.lines += [
                (("col", c, tuple(range(c, rows * cols, cols))), COL_KEY) for c in range(cols)
            ]
        self.swaps: list[tuple[int, int, Key, tuple[Key, Key]]] = []
        for i in cells:
            r, c = self.pos[i]
            for j in ((i + 1,) if c + 1 < cols else ()) + ((i + cols,) if r + 1 < rows else ()):
                plain = ("swap", r, c) + self.pos[j]
                self.swaps.append((i, j, plain, (plain + (0,), plain + (1,))))
        self.discard = [[("discard", h) + self.pos[i] for i in cells] for h in range(HAND + 1)]
        self.place = [("place", h) + self.pos[i] for h in range(HAND + 1) for i in cells]
        self.reveal = [("reveal",) + p for p in self.pos]
        self.peek = [("peek",) + p for p in self.pos]


SHAPES: dict[tuple[int, int], _Shape] = {(r, c): _Shape(r, c) for r in range(4) for c in range(5)}


def complete_lines(cells: Sequence[int], rows: int, cols: int) -> list[Line]:
    """The complete lines of a grid of `rows` x `cols` cells (flat, row-major), rows first,
    then columns: lines of at least two cards, all face up, that show one number (a row) or
    one colour (a column). Raises KeyError for a shape no grid has (more than 3 x 4)."""
    out = []
    for line, keys in SHAPES[rows, cols].lines:
        idx = line[2]
        key = keys[cells[idx[0]]]
        if key >= 0 and all(keys[cells[i]] == key for i in idx[1:]):
            out.append(line)
    return out


def remove_line(
    cells: list[int], rows: int, cols: int, kind: str, index: int
) -> tuple[list[int], int, int]:
    """The grid (cells, rows, cols) once its row or column (`kind` "row" or "col") `index`
    is taken out and the gap closed; a grid left without rows or columns is empty (0 x 0).
    `cells` is not changed."""
    if kind == "row":
        cells = cells[: index * cols] + cells[index * cols + cols :]
        rows -= 1
    else:
        cells = [v for i, v in enumerate(cells) if i % cols != index]
        cols -= 1
    if rows == 0 or cols == 0:
        return [], 0, 0
    return cells, rows, cols


def choice_ends_removals(rows: int, cols: int) -> bool:
    """The 2 x 2 exception: whether, when several lines of a grid this size are complete,
    only the one its owner chooses goes and eliminations stop."""
    return rows == 2 and cols == 2


def settle(cells: list[int], rows: int, cols: int) -> tuple[list[int], int, int]:
    """The grid after the eliminations its complete lines set off, the first complete line
    (`complete_lines`' order) going first wherever its owner could choose: a quick look
    ahead for players; the game itself asks the owner. `cells` is not changed."""
    while True:
        lines = complete_lines(cells, rows, cols)
        if not lines:
            return cells, rows, cols
        last = len(lines) > 1 and choice_ends_removals(rows, cols)
        cells, rows, cols = remove_line(cells, rows, cols, lines[0][0], lines[0][1])
        if last:
            return cells, rows, cols


def _where(pos: tuple[int, int] | list[int]) -> str:
    return f"row {pos[0] + 1}, column {pos[1] + 1}"


class Blanco(State):
    """A game of Blanco: the first to empty a stage-2 grid wins (docs/rules.md, Blanco).

    Besides the contract's, these attributes are public, for players that search (read them,
    never change them): `grids[s]` seat s's cells (flat, row-major: card ids with the UP and
    KNOWN bits), `rows[s]`, `cols[s]`, `stage[s]` (1 or 2); `hands[s]` card ids; `discard`
    (top last); `active` (the seat whose turn it is); `phase` (one of REVEAL, PEEK, TURN,
    PLAY, ELIMINATE, REWARD, CHAIN, OVER); `turns` (turns ended).
    """

    game: ClassVar[str] = "blanco"
    title: ClassVar[str] = "Blanco"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    OPTIONS: ClassVar[dict[str, Option]] = {
        "max_turns": Option(
            1000, int_in(1, 1_000_000), "Turn limit", (30, 60, 100, 200, 500, 1000)
        ),
        "deck": Option(None, is_deck_or_none, "Stacked deck"),
    }
    WORDS: ClassVar[tuple[str, ...]] = (
        "take",
        "discard",
        "place",
        "swap",
        "reveal",
        "peek",
        "eliminate",
        "skip",
        "keep",
        "deck",
        "row",
        "col",
    )
    OWNED: ClassVar[tuple[str, ...]] = ("grids", "hands")

    def __init__(self, players: int, seed: int, options: Options | None = None) -> None:
        """Deal a new game. Raises ValueError for a player count outside 2..5, a bad seed, an
        unknown option, an option value of the wrong kind, or a `deck` that is not exactly the
        120 cards."""
        self.players = check_players(self.game, players, self.min_players, self.max_players)
        self.seed = check_seed(seed)
        self.options = check_options(self.game, self.OPTIONS, options)
        self.rng = Rng(self.seed)
        if self.options["deck"] is not None:
            deck = check_stacked_deck(self.game, self.options["deck"], ID, CARDS)
        else:
            deck = list(CARDS)
            self.rng.shuffle(deck)
        n = players
        dealt = STAGE_ONE[0] * STAGE_ONE[1] * n
        self.grids: list[list[int]] = [[] for _ in range(n)]
        for k in range(dealt):
            # Round robin from the first player (seat 0); each grid fills row by row.
            self.grids[k % n].append(deck[k])
        self.rows = [STAGE_ONE[0]] * n
        self.cols = [STAGE_ONE[1]] * n
        self.stage = [1] * n
        self.discard: list[int] = [deck[dealt]]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        for k in range(HAND * n):
            self.hands[k % n].append(deck[dealt + 1 + k])
        self.draw: list[int] = deck[dealt + 1 + HAND * n :][::-1]  # top card last
        self.box: list[int] = []
        self.step = 0
        self.turns = 0
        self.setup = True
        self.active = 0
        self.to_move: int | None = 0
        self.phase: Phase = REVEAL
        self._new_turn()
        self.result: Result | None = None
        self._legal_cache = None

    def _new_turn(self) -> None:
        """Forget what the last turn did: lines removed, chain reaction, reward."""
        self.removed = 0
        self.chain = False
        self.rewarded = False
        self.peeked: int | None = None
        # The complete lines (their cards) just before the turn's first removal.
        self.before: list[list[int]] = []

    # -- grid helpers ------------------------------------------------------------------------

    def _shape(self, seat: int) -> _Shape:
        return SHAPES[self.rows[seat], self.cols[seat]]

    def _complete(self, seat: int) -> list[Line]:
        """The complete lines of `seat`'s grid, rows first, then columns."""
        return complete_lines(self.grids[seat], self.rows[seat], self.cols[seat])

    def _pos(self, seat: int, index: int) -> list[int]:
        return list(self._shape(seat).pos[index])

    def _index(self, seat: int, r: int, c: int) -> int:
        return r * self.cols[seat] + c

    def _pop_card(self, events: list[Event] | None) -> int:
        """The draw pile's top card, after turning the discard (all but its top card) and the box
        into a new, shuffled draw pile if the pile is empty."""
        if not self.draw:
            # Discard bottom to top without its top card, then the box in removal order; after
            # the shuffle the first card is the top. This order makes reshuffles portable.
            pile = self.discard[:-1] + self.box
            self.rng.shuffle(pile)
            # Grids (at most 5 x 12), hands (5 x 2) and the discard's top hold at most 71 of
            # the 120 cards, so the new pile is never empty.
            self.draw = pile[::-1]
            self.discard = self.discard[-1:]
            self.box = []
            if events is not None:
                events.append(
                    Event(
                        "reshuffle",
                        {
                            "draw": self._draw_public(),
                            "discard": [CODE[c] for c in self.discard],
                            "box": [],
                        },
                    )
                )
        return self.draw.pop()

    def _draw_public(self) -> Draw:
        return {"count": len(self.draw)}

    def _turn_up(self, seat: int, index: int, events: list[Event] | None) -> None:
        grid = self.grids[seat]
        card = grid[index] & CARD
        grid[index] = card | UP
        if events is not None:
            events.append(
                Event("reveal", {"seat": seat, "pos": self._pos(seat, index), "card": CODE[card]})
            )

    # -- the turn ----------------------------------------------------------------------------

    def _eliminate(self, events: list[Event] | None) -> None:
        """Remove complete lines of the active grid until none is left or the owner must
        choose; then go on with the turn."""
        seat = self.active
        while True:
            lines = self._complete(seat)
            if not lines:
                break
            if len(lines) > 1:
                self.phase = ELIMINATE
                return
            self._remove(lines[0][0], lines[0][1], events)
        self._settled(events)

    def _remove(self, kind: str, index: int, events: list[Event] | None) -> None:
        """Take a complete line out of the active grid into the box and close the gap."""
        seat = self.active
        grid = self.grids[seat]
        rows, cols = self.rows[seat], self.cols[seat]
        if self.removed == 0:
            self.before = [[grid[i] & CARD for i in line[2]] for line in self._complete(seat)]
        if kind == "row":
            cells = range(index * cols, index * cols + cols)
        else:
            cells = range(index, rows * cols, cols)
        cards = [grid[i] & CARD for i in cells]
        # A chain reaction: the line was not complete, not even inside a longer complete line,
        # before the turn's first removal. After the reward a further one earns nothing, so
        # it is not announced as one.
        chain = not self.rewarded and not any(all(c in line for c in cards) for line in self.before)
        self.chain = self.chain or chain
        self.removed += 1
        self.grids[seat], self.rows[seat], self.cols[seat] = remove_line(
            grid, rows, cols, kind, index
        )
        self.box.extend(cards)
        if events is not None:
            events.append(
                Event(
                    "eliminate",
                    {
                        "seat": seat,
                        "line": kind,
                        "index": index,
                        "cards": [CODE[c] for c in cards],
                        "chain": chain,
                    },
                )
            )

    def _settled(self, events: list[Event] | None) -> None:
        """Eliminations have stopped: a stage change, a win, the reward, or the turn's end."""
        seat = self.active
        grid = self.grids[seat]
        if not grid:
            if self.stage[seat] == 1:
                self._stage_change(events)
            else:
                self._finish("emptied", events)
        elif self.removed and not self.rewarded and any(not v & UP for v in grid):
            self.rewarded = True
            self.phase = REWARD
        else:
            self._end_turn(events)

    def _stage_change(self, events: list[Event] | None) -> None:
        """Deal the active player a stage-2 grid; its reveal and peek finish the turn."""
        seat = self.active
        self.stage[seat] = 2
        self.grids[seat] = [self._pop_card(events) for _ in range(STAGE_TWO[0] * STAGE_TWO[1])]
        self.rows[seat], self.cols[seat] = STAGE_TWO
        if events is not None:
            events.append(
                Event(
                    "stage",
                    {
                        "seat": seat,
                        "stage": 2,
                        "rows": STAGE_TWO[0],
                        "cols": STAGE_TWO[1],
                        "draw": self._draw_public(),
                    },
                )
            )
        self.phase = REVEAL

    def _end_turn(self, events: list[Event] | None) -> None:
        self.turns += 1
        self._new_turn()
        if self.turns >= self.options["max_turns"]:
            self._finish("max_turns", events)
        else:
            self.active = self.to_move = (self.active + 1) % self.players
            self.phase = TURN

    def _finish(self, reason: str, events: list[Event] | None) -> None:
        """Game over: every player's cards left; the fewest win (one winner after a win)."""
        scores = [
            len(grid) + (12 if stage == 1 else 0) for grid, stage in zip(self.grids, self.stage)
        ]
        best = min(scores)
        self.result = {"scores": scores, "winners": [s for s, x in enumerate(scores) if x == best]}
        self.to_move = None
        self.phase = OVER
        if events is not None:
            events.append(
                Event("game_over", {"reason": reason, "result": copy_result(self.result)})
            )

    # -- actions -----------------------------------------------------------------------------

    def _legal(self) -> list[Key]:
        """Legal actions in a stable order: take deck, take discard, then swaps by their first
        cell (row-major), right neighbour before lower one, k=0 before k=1; after a take, every
        discard (by hand index, then face-down cell row-major), then every place (likewise);
        reveals, peeks and eliminations by cell or line (rows first), then skip or keep."""
        phase = self.phase
        if phase == OVER:
            return []
        seat = self.active
        grid = self.grids[seat]
        shape = self._shape(seat)
        acts: list[Key]
        if phase == TURN:
            acts = [TAKE_DECK, TAKE_DISCARD] if self.discard else [TAKE_DECK]
            for i, j, plain, both in shape.swaps:
                if grid[i] & UP or grid[j] & UP:
                    acts.append(plain)
                else:
                    acts.extend(both)
            return acts
        if phase == PLAY:
            down = [i for i, v in enumerate(grid) if not v & UP]
            hand = range(HAND + 1)  # the hand always holds HAND + 1 cards after a take
            if down:
                acts = [shape.discard[h][i] for h in hand for i in down]
            else:
                acts = [("discard", h) for h in hand]
            acts.extend(shape.place)
            return acts
        if phase == ELIMINATE:
            return [("eliminate", kind, index) for kind, index, _ in self._complete(seat)]
        if phase == CHAIN:
            return [REVEAL_PEEKED, KEEP]
        table = shape.reveal if phase == REVEAL else shape.peek
        acts = [table[i] for i, v in enumerate(grid) if not v & UP]
        if phase == REWARD:
            acts.append(SKIP)
        return acts

    # -- refusals ----------------------------------------------------------------------------

    def _why_illegal(self, action: Key) -> IllegalAction:
        return _WHY_ILLEGAL[self.phase](self, action)

    def _bad_cell(self, verb: str, args: Key) -> IllegalAction | None:
        """What is wrong with `args` as one position [r, c] of the active grid, or None."""
        rows, cols = self.rows[self.active], self.cols[self.active]
        if len(args) != 2 or any(type(x) is not int for x in args):
            return IllegalAction("{verb} names a grid position: row, column", verb=verb)
        if not (0 <= args[0] < rows and 0 <= args[1] < cols):
            return IllegalAction(
                "your grid has rows 0 to {row} and columns 0 to {column}",
                row=rows - 1,
                column=cols - 1,
            )
        return None

    def _face_up(self, verb: str, args: Key, template: str) -> IllegalAction:
        """The refusal of naming the card at `args`, which is face up (`template`, with {row}
        and {column} counted from 1), or what is wrong with `args` as a position."""
        return self._bad_cell(verb, args) or IllegalAction(
            template, row=args[0] + 1, column=args[1] + 1
        )

    def _why_not_reveal(self, action: Key) -> IllegalAction:
        if action[0] == "reveal":
            return self._face_up(
                "reveal",
                action[1:],
                "turn up one of your face-down cards: the card at "
                "row {row}, column {column} is already face up",
            )
        return IllegalAction(
            "before play starts, turn one of your face-down cards face up (reveal r c)"
        )

    def _why_not_peek(self, action: Key) -> IllegalAction:
        if action[0] == "peek":
            return self._face_up(
                "peek",
                action[1:],
                "look at one of your face-down cards: the card at "
                "row {row}, column {column} is already face up",
            )
        return IllegalAction("look at one of your face-down cards in secret first (peek r c)")

    def _why_not_turn(self, action: Key) -> IllegalAction:
        verb = action[0]
        if verb == "take":
            if action[1:] == ("discard",):
                return IllegalAction("the discard pile is empty")
            return IllegalAction('take from the "deck" or from the "discard"')
        if verb == "swap":
            return self._why_not_swap(action)
        return IllegalAction(
            "it is your turn: take a card (deck or discard) or swap two neighbouring cards"
        )

    def _why_not_play(self, action: Key) -> IllegalAction:
        verb = action[0]
        hand = len(self.hands[self.active])
        if verb not in ("discard", "place"):
            return IllegalAction("you hold three cards: discard one or place one in your grid")
        if len(action) < 2 or type(action[1]) is not int or not 0 <= action[1] < hand:
            return IllegalAction(
                "{verb} names a hand card first: 0 to {last}", verb=verb, last=hand - 1
            )
        if verb == "place":
            return self._bad_cell(verb, action[2:]) or IllegalAction(
                "place names a hand card and a grid position"
            )
        if len(action) == 2:
            return IllegalAction("also name a face-down card of your grid to turn face up")
        if all(v & UP for v in self.grids[self.active]):
            return IllegalAction(
                "your grid has no face-down card: discard without naming a position"
            )
        return self._face_up(
            verb,
            action[2:],
            "discarding turns up a face-down card: the card at "
            "row {row}, column {column} is already face up",
        )

    def _why_not_eliminate(self, action: Key) -> IllegalAction:
        lines = ", ".join(f"{k} {i}" for k, i, _ in self._complete(self.active))
        return IllegalAction(
            "several lines are complete: choose which to remove first ({lines})", lines=lines
        )

    def _why_not_reward(self, action: Key) -> IllegalAction:
        if action[0] == "peek":
            return self._face_up(
                "peek",
                action[1:],
                "as a reward, look at a face-down card: the card at "
                "row {row}, column {column} is already face up",
            )
        return IllegalAction("you removed a line: look at one face-down card (peek r c) or skip")

    def _why_not_chain(self, action: Key) -> IllegalAction:
        return IllegalAction(
            "chain reaction: turn the card you looked at face up (reveal) "
            "or leave it face down (keep)"
        )

    def _why_not_swap(self, action: Key) -> IllegalAction:
        seat = self.active
        rows, cols = self.rows[seat], self.cols[seat]
        args = action[1:]
        if len(args) not in (4, 5) or any(type(x) is not int for x in args):
            return IllegalAction(
                "swap names two grid positions: r1, c1, r2, c2 (and 0 or 1 if both are face down)"
            )
        r1, c1, r2, c2 = args[:4]
        if not all(0 <= r < rows for r in (r1, r2)) or not all(0 <= c < cols for c in (c1, c2)):
            return IllegalAction(
                "your grid has rows 0 to {row} and columns 0 to {column}",
                row=rows - 1,
                column=cols - 1,
            )
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            return IllegalAction("only two orthogonally neighbouring cards can swap")
        if (r1, c1) > (r2, c2):
            return IllegalAction(
                "name the upper or left card first: swap {r2}, {c2}, {r1}, {c1}",
                r1=r1,
                c1=c1,
                r2=r2,
                c2=c2,
            )
        grid = self.grids[seat]
        both_down = not (
            grid[self._index(seat, r1, c1)] & UP or grid[self._index(seat, r2, c2)] & UP
        )
        if both_down and len(args) == 4:
            return IllegalAction(
                "both cards are face down: add 0 or 1 to say which one turns face up"
            )
        if not both_down and len(args) == 5:
            return IllegalAction("choose which card turns face up only when both are face down")
        return IllegalAction("the last number is 0 (the first card turns up) or 1 (the second)")

    # -- applying an action ------------------------------------------------------------------

    def _do(self, action: Key, events: list[Event] | None) -> None:
        _DO[action[0]](self, action, events)
        if events is not None:
            events.append(Event("next", self._next_public()))

    def _do_take(self, action: Take, events: list[Event] | None) -> None:
        # Only the taker is told the card, even from the discard where all saw it: a hand
        # card is its holder's alone (docs/rules.md), and the others' views know which card
        # left the discard anyway.
        _, source = action
        seat = self.active
        card = self._pop_card(events) if source == "deck" else self.discard.pop()
        self.hands[seat].append(card)
        if events is not None:
            events.append(
                Event(
                    "take",
                    {"seat": seat, "source": source, "draw": self._draw_public()},
                    {seat: {"card": CODE[card]}},
                )
            )
        self.phase = PLAY

    def _do_discard(self, action: Discard, events: list[Event] | None) -> None:
        _, hand_index, *turned = action  # turned: the face-down card's row and column, if any
        seat = self.active
        card = self.hands[seat].pop(hand_index)
        self.discard.append(card)
        if events is not None:
            events.append(Event("discard", {"seat": seat, "index": hand_index, "card": CODE[card]}))
        if turned:
            r, c = turned
            self._turn_up(seat, self._index(seat, r, c), events)
            self._eliminate(events)
        else:
            self._end_turn(events)

    def _do_place(self, action: Place, events: list[Event] | None) -> None:
        _, hand_index, r, c = action
        seat = self.active
        grid = self.grids[seat]
        card = self.hands[seat].pop(hand_index)
        i = self._index(seat, r, c)
        old = grid[i] & CARD
        grid[i] = card | UP
        self.discard.append(old)
        if events is not None:
            events.append(
                Event(
                    "place",
                    {
                        "seat": seat,
                        "index": hand_index,
                        "pos": [r, c],
                        "card": CODE[card],
                        "replaced": CODE[old],
                    },
                )
            )
        self._eliminate(events)

    def _do_swap(self, action: Swap, events: list[Event] | None) -> None:
        _, r1, c1, r2, c2, *chosen = action  # chosen: which card turns up, when both were down
        seat = self.active
        grid = self.grids[seat]
        i, j = self._index(seat, r1, c1), self._index(seat, r2, c2)
        a, b = grid[i], grid[j]
        grid[i], grid[j] = b, a
        if events is not None:
            events.append(Event("swap", {"seat": seat, "pos": [r1, c1], "other": [r2, c2]}))
        if chosen:
            # 0 or 1 names the card by where it was before the exchange.
            self._turn_up(seat, j if chosen[0] == 0 else i, events)
        elif not a & UP:
            self._turn_up(seat, j, events)
        elif not b & UP:
            self._turn_up(seat, i, events)
        self._eliminate(events)

    def _do_eliminate(self, action: Eliminate, events: list[Event] | None) -> None:
        _, kind, index = action
        seat = self.active
        last = choice_ends_removals(self.rows[seat], self.cols[seat])
        self._remove(kind, index, events)
        if last:
            self._settled(events)
        else:
            self._eliminate(events)

    def _do_reveal(self, action: Reveal, events: list[Event] | None) -> None:
        seat = self.active
        if self.peeked is not None:  # set exactly while phase == CHAIN
            self._turn_up(seat, self.peeked, events)
            self.peeked = None
            self._eliminate(events)
        else:
            # A single face-up card completes no line, so a setup reveal never eliminates.
            _, r, c = cast(tuple[str, int, int], action)
            self._turn_up(seat, self._index(seat, r, c), events)
            self.phase = PEEK

    def _do_peek(self, action: Peek, events: list[Event] | None) -> None:
        _, r, c = action
        seat, phase = self.active, self.phase
        grid = self.grids[seat]
        i = self._index(seat, r, c)
        grid[i] |= KNOWN
        if events is not None:
            events.append(
                Event("peek", {"seat": seat, "pos": [r, c]}, {seat: {"card": CODE[grid[i] & CARD]}})
            )
        if phase == REWARD and self.chain:
            self.peeked = i
            self.phase = CHAIN
        elif phase == REWARD or not self.setup:
            self._end_turn(events)
        elif seat + 1 < self.players:
            self.active = self.to_move = seat + 1
            self.phase = REVEAL
        else:
            self.setup = False
            self.active = self.to_move = 0
            self.phase = TURN

    def _do_skip_or_keep(self, action: Key, events: list[Event] | None) -> None:
        self.peeked = None
        if events is not None:
            events.append(Event(action[0], {"seat": self.active}))
        self._end_turn(events)

    def _next_public(self) -> View:
        return {
            "to_move": self.to_move,
            "phase": self.phase,
            "turns": self.turns,
            "chain": self.chain,
            "peeked": self._peeked_pos(),
        }

    def _peeked_pos(self) -> list[int] | None:
        return None if self.peeked is None else self._pos(self.active, self.peeked)

    def describe(self, action: Action) -> str:
        """`action` in words, judged before it is applied; names only cards that everyone sees
        or that the action itself turns face up (a discarded or placed hand card)."""
        verb = action[0]
        seat = self.active
        try:
            if verb == "take":
                if action[1] == "discard" and self.discard:
                    return f"takes {CODE[self.discard[-1]]} from the discard pile"
                return "takes the top card of the draw pile"
            if verb == "discard":
                card = CODE[self.hands[seat][action[1]]]
                if len(action) == 4:
                    return f"discards {card} and turns up the card at {_where(action[2:])}"
                return f"discards {card}"
            if verb == "place":
                return f"places {CODE[self.hands[seat][action[1]]]} at {_where(action[2:])}"
            if verb == "swap":
                text = f"swaps the cards at {_where(action[1:3])} and {_where(action[3:5])}"
                if len(action) == 6:
                    which = action[1:3] if action[5] == 0 else action[3:5]
                    text += f", turning up the one from {_where(which)}"
                return text
            if verb == "eliminate":
                return f"removes {'row' if action[1] == 'row' else 'column'} {action[2] + 1}"
            if verb == "reveal":
                if len(action) == 1:
                    return "turns the card they looked at face up"
                return f"turns up the card at {_where(action[1:3])}"
            if verb == "peek":
                return f"looks at the card at {_where(action[1:3])}"
        except (IndexError, TypeError, KeyError):
            return str(action)
        return {"skip": "does not look at a card", "keep": "leaves the card face down"}.get(
            verb, str(action)
        )

    # -- what each seat sees -----------------------------------------------------------------

    def _grid_seen(self, owner: int, seat: int | None, everything: bool = False) -> GridView:
        grid = self.grids[owner]
        rows, cols = self.rows[owner], self.cols[owner]
        mine = owner == seat
        cards, up, known = [], [], []
        for r in range(rows):
            row = grid[r * cols : r * cols + cols]
            cards.append(
                [
                    CODE[v & CARD] if v & UP or everything or (mine and v & KNOWN) else None
                    for v in row
                ]
            )
            up.append([bool(v & UP) for v in row])
            known.append([bool(v & KNOWN) for v in row])
        return {
            "cards": cards,
            "cols": cols,
            "known": known,
            "rows": rows,
            "stage": self.stage[owner],
            "up": up,
        }

    def view(self, seat: int | None) -> View:
        """What `seat` (None: a spectator) sees, as fresh plain data:

        grids[s]: {"stage", "rows", "cols", "cards", "up", "known"}, each a rows x cols list of
        lists: the card code, or None for a face-down card the seat does not know; whether it is
        face up; whether its owner has looked at it (public: everyone saw the peek).
        hands[s]: the holder's card codes; None for each card of another hand.
        draw: {"count"}; discard: codes, top last; box: removed cards in removal order.
        phase, to_move, turns (turns ended), max_turns, chain (this turn had a chain reaction),
        peeked (the position awaiting reveal or keep), result."""
        return self._view(seat, [self._grid_seen(s, seat) for s in range(self.players)])

    def _view(self, seat: int | None, grids: list[Any]) -> View:
        """The view with these `grids` (as `_grid_seen` gives them; packed, for digests)."""
        # Keys in sorted order, so the view is its own canonical form (see State.view_and_digest).
        view: BlancoView = {
            "box": [CODE[c] for c in self.box],
            "chain": self.chain,
            "discard": [CODE[c] for c in self.discard],
            "draw": self._draw_public(),
            "game": self.game,
            "grids": grids,
            "hands": [
                self._own_hand(s) if s == seat else [None] * len(hand)
                for s, hand in enumerate(self.hands)
            ],
            "max_turns": self.options["max_turns"],
            "peeked": self._peeked_pos(),
            "phase": self.phase,
            "players": self.players,
            "result": copy_result(self.result),
            "seat": seat,
            "to_move": self.to_move,
            "turns": self.turns,
        }
        return cast(View, view)

    def owner_cells(self, seat: int) -> list[int]:
        """`seat`'s grid as its owner knows it: face-up cards with UP, cards it looked at
        without, HIDDEN for the rest (flat, row-major)."""
        return [v & (CARD | UP) if v & (UP | KNOWN) else HIDDEN for v in self.grids[seat]]

    def _own_hand(self, seat: int) -> list[str | None]:
        return [CODE[c] for c in self.hands[seat]]

    def _own_items(self, seat: int) -> dict[str, Any]:
        return {"grids": self._grid_seen(seat, seat), "hands": self._own_hand(seat)}

    def _packed_grid(self, owner: int, seat: int | None) -> bytes:
        """`_grid_seen(owner, seat)` packed, from the grids packed before when it is one of
        them (most grids do not change in a step)."""
        key = (
            owner == seat,
            self.stage[owner],
            self.rows[owner],
            self.cols[owner],
            *self.grids[owner],
        )
        packed = _PACKED_GRIDS.get(key)
        if packed is None:
            if len(_PACKED_GRIDS) >= _PACKED_GRIDS_KEPT:
                _PACKED_GRIDS.clear()
            packed = _PACKED_GRIDS[key] = pack(self._grid_seen(owner, seat))
        return packed

    def _digest_parts(self) -> tuple[View, dict[str, list[bytes]]]:
        grids = [self._packed_grid(s, None) for s in range(self.players)]
        return self._view(None, grids), {
            "grids": grids,
            "hands": [_PACKED_NONES[len(hand)] for hand in self.hands],
        }

    def _packed_own(self, seat: int) -> dict[str, bytes]:
        return {"grids": self._packed_grid(seat, seat), "hands": pack(self._own_hand(seat))}

    def open_view(self) -> View:
        """The view with every card shown (grids, hands, and the draw pile top first in
        draw["cards"]), with "seat": "open"."""
        view = self.view(None)
        view["seat"] = "open"
        view["grids"] = [self._grid_seen(s, None, True) for s in range(self.players)]
        view["hands"] = [[CODE[c] for c in hand] for hand in self.hands]
        view["draw"]["cards"] = [CODE[c] for c in reversed(self.draw)]
        return view

    @staticmethod
    def update_view(view: View, event: View) -> None:
        """Advance a seat's view by one event as that seat received it (see State)."""
        handler = _ON_EVENT.get(event["type"])
        if handler is not None:
            handler(view, event)

    # -- copies and snapshots ----------------------------------------------------------------

    def clone(self) -> Blanco:
        """An independent copy, cheap enough for search: only mutable containers are copied."""
        other = Blanco.__new__(Blanco)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(self.rng.state)
        other.grids = [list(g) for g in self.grids]
        other.rows = list(self.rows)
        other.cols = list(self.cols)
        other.stage = list(self.stage)
        other.hands = [list(h) for h in self.hands]
        other.draw = list(self.draw)
        other.discard = list(self.discard)
        other.box = list(self.box)
        # `before` and `result` are only ever replaced, never changed in place.
        return other

    def _shuffle_unseen(self, rng: Rng) -> None:
        # The draw pile and the face-down cells their owners never looked at; the cells keep
        # their bits, only their cards change.
        cells = [
            (s, i)
            for s, grid in enumerate(self.grids)
            for i, v in enumerate(grid)
            if not v & (UP | KNOWN)
        ]
        pool = self.draw + [self.grids[s][i] & CARD for s, i in cells]
        rng.shuffle(pool)
        self.draw = pool[: len(self.draw)]
        for (s, i), card in zip(cells, pool[len(self.draw) :]):
            self.grids[s][i] = (self.grids[s][i] & ~CARD) | card

    def to_snapshot(self) -> View:
        """The whole state as plain data (lists, not tuples, so msgpack round-trips it).
        grids[s]: {"stage", "rows", "cols", "cards" (codes, row-major), "up", "known"};
        draw: top first; discard: top last; before: the cards of the lines that were complete
        before the turn's first removal; peeked: a flat cell index or None."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": {k: list(v) if isinstance(v, list) else v for k, v in self.options.items()},
            "rng": self.rng.state,
            "step": self.step,
            "turns": self.turns,
            "grids": [
                {
                    "stage": self.stage[s],
                    "rows": self.rows[s],
                    "cols": self.cols[s],
                    "cards": [CODE[v & CARD] for v in grid],
                    "up": [bool(v & UP) for v in grid],
                    "known": [bool(v & KNOWN) for v in grid],
                }
                for s, grid in enumerate(self.grids)
            ],
            "hands": [[CODE[c] for c in hand] for hand in self.hands],
            "draw": [CODE[c] for c in reversed(self.draw)],
            "discard": [CODE[c] for c in self.discard],
            "box": [CODE[c] for c in self.box],
            "setup": self.setup,
            "active": self.active,
            "to_move": self.to_move,
            "phase": self.phase,
            "removed": self.removed,
            "chain": self.chain,
            "rewarded": self.rewarded,
            "peeked": self.peeked,
            "before": [[CODE[c] for c in line] for line in self.before],
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
            "turns": self.turns,
            "grids": [self._snapshot_grid(s) for s in range(self.players)],
            "hands": [[CODE[c] for c in hand] for hand in self.hands],
            "draw": codes_of(self.draw, CODE, True),
            "discard": [CODE[c] for c in self.discard],
            "box": codes_of(self.box, CODE),
            "setup": self.setup,
            "active": self.active,
            "to_move": self.to_move,
            "phase": self.phase,
            "removed": self.removed,
            "chain": self.chain,
            "rewarded": self.rewarded,
            "peeked": self.peeked,
            "before": [[CODE[c] for c in line] for line in self.before],
            "result": copy_result(self.result),
        }

    def _snapshot_grid(self, s: int) -> View:
        """Grid `s` as `to_snapshot` has it, for digests alone: from the grids made before
        when it is one of them (shared: read it, never change it)."""
        grid = self.grids[s]
        key = (self.stage[s], self.rows[s], self.cols[s], *grid)
        found = _SNAPSHOT_GRIDS.get(key)
        if found is None:
            if len(_SNAPSHOT_GRIDS) >= _PACKED_GRIDS_KEPT:
                _SNAPSHOT_GRIDS.clear()
            found = _SNAPSHOT_GRIDS[key] = {
                "stage": self.stage[s],
                "rows": self.rows[s],
                "cols": self.cols[s],
                "cards": [CODE[v & CARD] for v in grid],
                "up": [bool(v & UP) for v in grid],
                "known": [bool(v & KNOWN) for v in grid],
            }
        return found

    @classmethod
    def from_snapshot(cls, snapshot: View) -> Blanco:
        """The state a `to_snapshot()` described. Raises ValueError for a malformed snapshot
        (missing fields, unknown cards, cards missing or twice, bad shapes or phase)."""
        try:
            state = cls.__new__(cls)
            state.players = check_players(
                cls.game, snapshot["players"], cls.min_players, cls.max_players
            )
            state.seed = check_seed(snapshot["seed"])
            state.options = check_options(cls.game, cls.OPTIONS, snapshot["options"])
            state.rng = Rng(int(snapshot["rng"]))
            state.step = int(snapshot["step"])
            state.turns = int(snapshot["turns"])
            state._grids_from_snapshot(snapshot["grids"])
            state.hands = [[ID[c] for c in hand] for hand in snapshot["hands"]]
            state.draw = [ID[c] for c in reversed(snapshot["draw"])]
            state.discard = [ID[c] for c in snapshot["discard"]]
            state.box = [ID[c] for c in snapshot["box"]]
            state.setup = bool(snapshot["setup"])
            state.active = int(snapshot["active"])
            state.to_move = None if snapshot["to_move"] is None else int(snapshot["to_move"])
            state.phase = snapshot["phase"]
            state.removed = int(snapshot["removed"])
            state.chain = bool(snapshot["chain"])
            state.rewarded = bool(snapshot["rewarded"])
            state.peeked = None if snapshot["peeked"] is None else int(snapshot["peeked"])
            state.before = [[ID[c] for c in line] for line in snapshot["before"]]
            state.result = copy_result(snapshot["result"])
            state._legal_cache = None
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise ValueError(f"not a Blanco snapshot: {err!r}") from None
        if not state._consistent():
            raise ValueError("not a Blanco snapshot: its cards, seats or phase are inconsistent")
        return state

    def _grids_from_snapshot(self, grids: list[View]) -> None:
        """Set the grids, their shapes and stages from a snapshot's "grids". Raises
        ValueError for a grid whose shape does not match its cards."""
        self.grids, self.rows, self.cols, self.stage = [], [], [], []
        for g in grids:
            rows, cols = int(g["rows"]), int(g["cols"])
            cells = [
                ID[code] | (UP if up else 0) | (KNOWN if known and not up else 0)
                for code, up, known in zip(g["cards"], g["up"], g["known"], strict=True)
            ]
            if (rows, cols) not in SHAPES or len(cells) != rows * cols or g["stage"] not in (1, 2):
                raise ValueError("a grid's shape does not match its cards")
            self.grids.append(cells)
            self.rows.append(rows)
            self.cols.append(cols)
            self.stage.append(int(g["stage"]))

    def _consistent(self) -> bool:
        """Whether a state read from a snapshot holds every card once, a grid and a hand per
        seat, and a phase that fits its result and peeked card."""
        cards = sorted(
            self.draw
            + self.discard
            + self.box
            + [c for h in self.hands for c in h]
            + [v & CARD for g in self.grids for v in g]
        )
        return (
            cards == CARDS
            and len(self.grids) == self.players
            and len(self.hands) == self.players
            and 0 <= self.active < self.players
            and self.phase in PHASES
            and (self.phase == OVER) == (self.result is not None)
            and (self.phase == CHAIN) == (self.peeked is not None)
        )


# -- a seat's view, advanced by one event (docs/protocol.md, "Events") -------------------------

T = TypeVar("T")


def _set_face_up(grid: GridView, pos: list[int], card: str) -> None:
    r, c = pos
    grid["cards"][r][c] = card
    grid["up"][r][c] = True
    grid["known"][r][c] = False


def _on_reveal(view: BlancoView, event: RevealEvent) -> None:
    _set_face_up(view["grids"][event["seat"]], event["pos"], event["card"])


def _on_peek(view: BlancoView, event: PeekEvent) -> None:
    grid = view["grids"][event["seat"]]
    r, c = event["pos"]
    grid["known"][r][c] = True
    if "card" in event:
        grid["cards"][r][c] = event["card"]


def _on_take(view: BlancoView, event: TakeEvent) -> None:
    if event["source"] == "discard":
        view["discard"].pop()
    view["hands"][event["seat"]].append(event.get("card"))
    view["draw"] = event["draw"].copy()


def _on_discard(view: BlancoView, event: DiscardEvent) -> None:
    del view["hands"][event["seat"]][event["index"]]
    view["discard"].append(event["card"])


def _on_place(view: BlancoView, event: PlaceEvent) -> None:
    del view["hands"][event["seat"]][event["index"]]
    _set_face_up(view["grids"][event["seat"]], event["pos"], event["card"])
    view["discard"].append(event["replaced"])


def _swap_cells(m: list[list[T]], a: list[int], b: list[int]) -> None:
    (r1, c1), (r2, c2) = a, b
    m[r1][c1], m[r2][c2] = m[r2][c2], m[r1][c1]


def _on_swap(view: BlancoView, event: SwapEvent) -> None:
    grid = view["grids"][event["seat"]]
    _swap_cells(grid["cards"], event["pos"], event["other"])
    _swap_cells(grid["up"], event["pos"], event["other"])
    _swap_cells(grid["known"], event["pos"], event["other"])


def _on_eliminate(view: BlancoView, event: EliminateEvent) -> None:
    grid = view["grids"][event["seat"]]
    index = event["index"]
    if event["line"] == "row":
        for m in (grid["cards"], grid["up"], grid["known"]):
            del m[index]
        grid["rows"] -= 1
    else:
        for m in (grid["cards"], grid["up"], grid["known"]):
            for row in m:
                del row[index]
        grid["cols"] -= 1
    if grid["rows"] == 0 or grid["cols"] == 0:
        grid.update({"rows": 0, "cols": 0, "cards": [], "up": [], "known": []})
    view["box"].extend(event["cards"])


def _on_reshuffle(view: BlancoView, event: ReshuffleEvent) -> None:
    view["draw"] = event["draw"].copy()
    view["discard"] = list(event["discard"])
    view["box"] = list(event["box"])


def _on_stage(view: BlancoView, event: StageEvent) -> None:
    rows, cols = event["rows"], event["cols"]
    view["grids"][event["seat"]] = {
        "stage": event["stage"],
        "rows": rows,
        "cols": cols,
        "cards": [[None] * cols for _ in range(rows)],
        "up": [[False] * cols for _ in range(rows)],
        "known": [[False] * cols for _ in range(rows)],
    }
    view["draw"] = event["draw"].copy()


def _on_game_over(view: BlancoView, event: GameOverEvent) -> None:
    view["result"] = copy_result(event["result"])


def _on_next(view: BlancoView, event: NextEvent) -> None:
    view.update(
        {
            "to_move": event["to_move"],
            "phase": event["phase"],
            "turns": event["turns"],
            "chain": event["chain"],
            "peeked": None if event["peeked"] is None else list(event["peeked"]),
        }
    )


_ON_EVENT: dict[str, Callable[[Any, Any], None]] = {
    "reveal": _on_reveal,
    "peek": _on_peek,
    "take": _on_take,
    "discard": _on_discard,
    "place": _on_place,
    "swap": _on_swap,
    "eliminate": _on_eliminate,
    "reshuffle": _on_reshuffle,
    "stage": _on_stage,
    "game_over": _on_game_over,
    "next": _on_next,
}
"""How each event changes a seat's view (each handler takes a BlancoView and the event's
TypedDict); the others ("skip", "keep") change nothing."""

_DO: dict[str, Callable[[Blanco, Any, list[Event] | None], None]] = {
    "take": Blanco._do_take,
    "discard": Blanco._do_discard,
    "place": Blanco._do_place,
    "swap": Blanco._do_swap,
    "eliminate": Blanco._do_eliminate,
    "reveal": Blanco._do_reveal,
    "peek": Blanco._do_peek,
    "skip": Blanco._do_skip_or_keep,
    "keep": Blanco._do_skip_or_keep,
}
"""`Blanco._do` by the action's verb."""

_WHY_ILLEGAL: dict[str, Callable[[Blanco, Key], IllegalAction]] = {
    REVEAL: Blanco._why_not_reveal,
    PEEK: Blanco._why_not_peek,
    TURN: Blanco._why_not_turn,
    PLAY: Blanco._why_not_play,
    ELIMINATE: Blanco._why_not_eliminate,
    REWARD: Blanco._why_not_reward,
    CHAIN: Blanco._why_not_chain,
}
"""`Blanco._why_illegal` by the phase."""


def view_cells(grid: GridView) -> list[int]:
    """A grid of a seat's view (`view["grids"][s]`) as cells, flat and row-major: a face-up
    card with UP, a face-down card the seat knows without it, HIDDEN for the others."""
    return [
        ID[c] | (UP if up else 0) if c is not None else HIDDEN
        for row_c, row_u in zip(grid["cards"], grid["up"])
        for c, up in zip(row_c, row_u)
    ]


def turn_events(history: list[View]) -> list[View]:
    """The events of a seat's `history` since the step that began the turn in progress."""
    for k in range(len(history) - 1, -1, -1):
        ev = history[k]
        if ev["type"] == "next" and ev["phase"] == TURN:
            return history[k + 1 :]
    return history


class Determinizer:
    """Full states that one seat cannot tell from the real one, for search: what the seat's
    view and the events it saw say is worked out once; `deal` adds the hidden cards.

    What the view leaves out is taken from the history: the step number, how many lines
    the turn removed and whether it earned the reward; the lines complete before the turn's
    first removal are taken to be those complete now (the view does not keep them).
    Raises KeyError, TypeError or ValueError for a view that is not a Blanco seat's view.
    """

    def __init__(self, seen: View, history: list[View]) -> None:
        view = cast(BlancoView, seen)
        active = view["to_move"] if view["to_move"] is not None else 0
        phase = view["phase"]
        turn = turn_events(history) if phase not in (TURN, PLAY) else []
        removed = sum(1 for ev in turn if ev["type"] == "eliminate")
        grid = view["grids"][active]
        before: list[list[int]] = []
        if phase == ELIMINATE and removed:
            cells = view_cells(grid)
            before = [
                [cells[i] & CARD for i in line[2]]
                for line in complete_lines(cells, grid["rows"], grid["cols"])
            ]
        peeked = view["peeked"]
        self.grids = view["grids"]
        self.flags = [
            [
                (UP if up else 0) | (KNOWN if known and not up else 0)
                for row_u, row_k in zip(g["up"], g["known"])
                for up, known in zip(row_u, row_k)
            ]
            for g in view["grids"]
        ]
        self.discard = [ID[c] for c in view["discard"]]
        self.box = [ID[c] for c in view["box"]]
        self.fields = Blanco.fields_from_view(seen, history)
        self.fields.update(
            options=check_options(
                Blanco.game, Blanco.OPTIONS, {"max_turns": view["max_turns"], "deck": None}
            ),
            turns=view["turns"],
            setup=phase in (REVEAL, PEEK) and view["turns"] == 0 and grid["stage"] == 1,
            active=active,
            removed=removed,
            chain=view["chain"],
            rewarded=any(ev["type"] == "next" and ev["phase"] == REWARD for ev in turn),
            peeked=None if peeked is None else peeked[0] * grid["cols"] + peeked[1],
            before=before,
        )

    def deal(
        self, grids: list[list[int]], hands: list[list[int]], draw: list[int], rng: int
    ) -> Blanco:
        """The state with these cards (ids): every cell of each grid (row-major; face up or
        face down as the view has it), every hand, and the draw pile top first – the cards
        the view shows where it shows them, the others exactly once (else the state is
        undefined) – and `rng` as its PRNG state."""
        state = Blanco.__new__(Blanco)
        state.__dict__.update(self.fields)
        state.rng = Rng(rng)
        state.grids = [
            [card | flag for card, flag in zip(cards, flags)]
            for cards, flags in zip(grids, self.flags)
        ]
        state.rows = [g["rows"] for g in self.grids]
        state.cols = [g["cols"] for g in self.grids]
        state.stage = [g["stage"] for g in self.grids]
        state.hands = [list(hand) for hand in hands]
        state.draw = draw[::-1]
        state.discard = list(self.discard)
        state.box = list(self.box)
        state._legal_cache = None
        return state


__all__ = [
    "Blanco",
    "BlancoEvent",
    "BlancoKey",
    "BlancoView",
    "CARD",
    "CARDS",
    "CHAIN",
    "CODE",
    "COLOURS",
    "Determinizer",
    "Discard",
    "Draw",
    "ELIMINATE",
    "Eliminate",
    "GridView",
    "HAND",
    "HIDDEN",
    "ID",
    "KNOWN",
    "Line",
    "LineKind",
    "OVER",
    "PEEK",
    "PHASES",
    "PLAY",
    "Peek",
    "Phase",
    "Place",
    "REVEAL",
    "REWARD",
    "Reveal",
    "STAGE_ONE",
    "STAGE_TWO",
    "Swap",
    "TURN",
    "Take",
    "UP",
    "choice_ends_removals",
    "complete_lines",
    "remove_line",
    "settle",
    "turn_events",
    "view_cells",
]
