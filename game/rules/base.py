"""The engine contract every game implements: the State class, events, errors, PRNG, digests."""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, TypedDict

import msgpack

Action = list[Any]
"""An action as players send it and the contract hands it out: a verb string followed by
ints, strings or lists of ints (docs/rules.md). Each engine names its forms (`BlancoKey`…)."""
Key = tuple[Any, ...]
"""An action frozen (`freeze`): hashable, its lists as tuples – how engines and search hold
actions. Each engine's alias (`BlancoKey`…) spells out its forms."""
View = dict[str, Any]
"""Some game's view, event or snapshot as plain data, where the contract does not know which
game: each engine's TypedDicts (`BlancoView`, `BlancoEvent`…) list the keys of its own."""
Options = dict[str, Any]
"""A game's options by name (each engine's OPTIONS say which and of what kind)."""


class Result(TypedDict):
    """A finished game's result: every seat's score, and the winning seats."""

    scores: list[int]
    winners: list[int]


class Refusal(Exception):
    """The rules refuse something, saying why in a player's words: `template` with {named}
    placeholders that `params` fill in (ints and strings: they travel on the wire, so the
    client can show the template in its player's language); `reason`, like `str(exc)`, is
    the English text filled in."""

    def __init__(self, template: str, **params: int | str) -> None:
        self.template = template
        self.params = params
        self.reason = template.format(**params)
        super().__init__(self.reason)


class IllegalAction(Refusal):
    """The rules do not allow this action now (see Refusal for what it carries)."""


class BadOptions(Refusal, ValueError):
    """A game cannot be set up so: its players, seed or options break the rules (see
    Refusal for what it carries; a ValueError too, as a bad argument)."""


class Problem(NamedTuple):
    """What an option check found wrong: a template whose {game}, {option} and {value}
    `check_options` fills in, and the check's own `params`."""

    template: str
    params: dict[str, int | str]


_MASK64 = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
"""SplitMix64's increment and its two multipliers."""


class Rng:
    """SplitMix64. Its whole state is one int, so a game state copies and serializes it for free,
    and it gives the same numbers on every machine and Python version (unlike `random`)."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + _GAMMA) & _MASK64
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n), n >= 1, without modulo bias."""
        # next64 written out (as in `shuffle`): searches' rollouts deal and reshuffle with
        # this by the million, and the call is most of its cost.
        limit = _SPAN - _SPAN % n
        s = self.state
        while True:
            s = (s + _GAMMA) & _MASK64
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            z ^= z >> 31
            if z < limit:
                self.state = s
                return z % n

    def coins(self, count: int) -> list[int]:
        """`count` times `below(2)`, in one call (a deal turns every card so)."""
        s = self.state
        out = []
        for _ in range(count):
            s = (s + _GAMMA) & _MASK64
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            out.append((z ^ (z >> 31)) & 1)
        self.state = s
        return out

    def shuffle(self, items: list[int]) -> None:
        """Fisher–Yates, in place: item i swapped with `below(i + 1)`, i from the last down."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                s = (s + _GAMMA) & _MASK64
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK64
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s


class Event:
    """One thing that happened in a step, and who may see which of its details.

    `public` goes to everyone; `private[seat]` only to that seat; `others` to every seat not
    in `private` and to spectators (e.g. the back of a Quando card its drawer cannot see).
    """

    __slots__ = ("type", "public", "private", "others")

    def __init__(
        self,
        type: str,
        public: View | None = None,
        private: dict[int, View] | None = None,
        others: View | None = None,
    ) -> None:
        self.type = type
        self.public = public or {}
        self.private = private or {}
        self.others = others or {}

    def for_seat(self, seat: int | None) -> View:
        """The event as `seat` may see it (None: a spectator), as plain data."""
        out: View = {"type": self.type}
        out.update(self.public)
        out.update(self.private[seat] if seat in self.private else self.others)
        return out

    def __repr__(self) -> str:
        return (
            f"Event({self.type!r}, {self.public!r}, private={self.private!r}, "
            f"others={self.others!r})"
        )


_SCALARS = frozenset((int, str, bool, float, bytes, type(None)))


_KEY_ORDER: dict[tuple[Any, ...], list[Any]] = {}
"""Sorted keys by a map's keys as built: views are built the same few ways every time."""


def canonical(obj: Any) -> Any:
    """`obj` with every dict's keys sorted and tuples as lists: equal data, equal bytes.
    Scalars and lists of plain scalars are passed through as they are (the common case, and
    the hot one: every update's view digest goes through here)."""
    kind = type(obj)
    if kind is dict:
        keys = tuple(obj)
        order = _KEY_ORDER.get(keys)
        if order is None:
            order = sorted(keys)
            if len(_KEY_ORDER) < 4096:  # a bound, should some caller build keys from data
                _KEY_ORDER[keys] = order
        out: dict[Any, Any] = {}
        for k in order:
            v = obj[k]
            out[k] = v if type(v) in _SCALARS else canonical(v)
        return out
    if kind is list or kind is tuple:
        for item in obj:
            if type(item) not in _SCALARS:
                return [x if type(x) in _SCALARS else canonical(x) for x in obj]
        return obj
    return obj


def data_digest(obj: Any, size: int = 16) -> bytes:
    """A hash of plain data that is the same on every machine (never Python's `hash()`)."""
    return ordered_digest(canonical(obj), size)


def ordered_digest(obj: Any, size: int) -> bytes:
    """`data_digest` of data whose maps are already in their fixed key order, as built."""
    return hashlib.blake2b(_pack(obj), digest_size=size).digest()


_packer = msgpack.Packer()
_pack: Callable[[Any], bytes] = _packer.pack
"""One Packer for the hot paths (a new one per call cost more than small packings). Plain
data packs without running Python code, so no other thread can interleave."""


def pack(obj: Any) -> bytes:
    """`msgpack.packb(obj)` for plain data, with a Packer that is made once."""
    return _pack(obj)


_CODES: dict[tuple[Any, ...], list[str]] = {}
"""Card lists as codes, by their code table, order and cards (see `codes_of`)."""


def codes_of(
    cards: list[int], code: Sequence[str] | Mapping[int, str], reverse: bool = False
) -> list[str]:
    """`cards` (ids) as `code` names them, in reverse order with `reverse`, for state digests
    alone: from the lists made before when it is one of them – for long piles that seldom
    change (a draw pile), where looking the list up costs less than naming each card.
    Shared: read it, never change it."""
    key = (id(code), reverse, *cards)
    codes = _CODES.get(key)
    if codes is None:
        if len(_CODES) >= 16384:
            _CODES.clear()
        codes = _CODES[key] = [code[c] for c in (reversed(cards) if reverse else cards)]
    return codes


def _pairs(run: View) -> bytes:
    """The packed key-value pairs of `run`, as they follow a map's header."""
    packed = _pack(run)
    return packed[1:] if len(run) < 16 else packed[3:]  # fixmap or map 16 header


_ARRAY_HEADER = [bytes([0x90 | n]) for n in range(16)]
"""msgpack's header of an array of n < 16 items (a list per seat: 2 to 8 of them)."""
_SEAT: dict[int | None, bytes] = {
    None: msgpack.packb(None),
    **{n: msgpack.packb(n) for n in range(16)},
}
"""A view's "seat", packed."""


def view_digest(view: View) -> bytes:
    """The 8-byte digest of a seat's view that the server sends with every update (see
    `packed_view_digest`)."""
    return packed_view_digest(msgpack.packb(canonical(view)))


def packed_view_digest(packed: bytes) -> bytes:
    """The view digest of a view packed in canonical form (every map's keys sorted): the
    first 8 bytes of its SHA-256 – a hash every client's platform has built in, where an
    8-byte BLAKE2b is not (docs/protocol.md, "The view digest")."""
    return hashlib.sha256(packed).digest()[:8]


def copy_result(result: Result | None) -> Result | None:
    """A copy of a game's result ({"scores", "winners"}), or None."""
    if result is None:
        return None
    return {"scores": list(result["scores"]), "winners": list(result["winners"])}


class Option:
    """One game option: its default, a check that returns a Problem or None, its name in
    a player's words (`label`), and the values a menu offers (`choices`; empty for an option
    no menu offers, such as a stacked `deck`)."""

    __slots__ = ("default", "check", "label", "choices")

    def __init__(
        self,
        default: Any,
        check: Callable[[Any], Problem | None],
        label: str,
        choices: tuple[Any, ...] = (),
    ) -> None:
        self.default = default
        self.check = check
        self.label = label
        self.choices = choices


def int_in(lo: int, hi: int) -> Callable[[Any], Problem | None]:
    """An option check: an int (not a bool) in [lo, hi]."""

    def check(value: Any) -> Problem | None:
        if type(value) is not int or not lo <= value <= hi:
            return Problem(
                "{game}: option {option} must be an integer from {lo} to {hi}, not {value}",
                {"lo": lo, "hi": hi},
            )
        return None

    return check


def is_bool(value: Any) -> Problem | None:
    """An option check: True or False."""
    if type(value) is bool:
        return None
    return Problem("{game}: option {option} must be true or false, not {value}", {})


def is_deck_or_none(value: Any) -> Problem | None:
    """An option check for `deck`: a list of card codes (checked against the cards later), or
    None."""
    if value is None or (isinstance(value, list) and all(isinstance(c, str) for c in value)):
        return None
    return Problem("{game}: option {option} must be a list of card codes, not {value}", {})


def check_options(game: str, spec: dict[str, Option], given: Any) -> Options:
    """The full option dict for a new game: defaults filled in, every given option checked.

    Raises BadOptions naming the option for an unknown option or a value of the wrong kind.
    """
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise BadOptions("{game}: options must be a mapping", game=game)
    unknown = sorted(str(k) for k in given if k not in spec)
    if unknown:
        raise BadOptions(
            "{game}: unknown option {names} (known: {known})",
            game=game,
            names=", ".join(unknown),
            known=", ".join(spec),
        )
    options: Options = {}
    for name, opt in spec.items():
        value = given.get(name, opt.default)
        problem = opt.check(value)
        if problem:
            raise BadOptions(
                problem.template, game=game, option=name, value=repr(value), **problem.params
            )
        options[name] = list(value) if isinstance(value, list) else value
    return options


def check_players(game: str, players: Any, lo: int, hi: int) -> int:
    """The player count, or BadOptions if the game does not allow it."""
    if type(players) is not int or not lo <= players <= hi:
        raise BadOptions(
            "{game} is for {lo} to {hi} players, not {players}",
            game=game,
            lo=lo,
            hi=hi,
            players=repr(players),
        )
    return players


def check_seed(seed: Any) -> int:
    """The seed, or BadOptions: an int in [0, 2**64)."""
    if type(seed) is not int or not 0 <= seed <= _MASK64:
        raise BadOptions("seed must be an integer from 0 to 2**64-1, not {seed}", seed=repr(seed))
    return seed


def check_stacked_deck(
    game: str,
    deck: list[str],
    ids: dict[str, int],
    full: list[int],
    same: Callable[[int], int] = lambda card: card,
) -> list[int]:
    """A stacked deck's card ids (top first), or BadOptions unless it holds exactly the cards
    of `full` (card ids), each as often as there; `same` maps a card to its identity (e.g.
    a Quando card either way up)."""
    try:
        cards = [ids[code] for code in deck]
    except KeyError as err:
        raise BadOptions(
            "{game}: option deck has an unknown card code {code}", game=game, code=repr(err.args[0])
        ) from None
    if sorted(same(c) for c in cards) != sorted(same(c) for c in full):
        raise BadOptions(
            "{game}: option deck must hold every card of this game exactly once "
            "({cards} cards), it has {count}",
            game=game,
            cards=len(full),
            count=len(cards),
        )
    return cards


def freeze(action: Any) -> Key:
    """`action` as a hashable tuple (lists become tuples), or IllegalAction if it is not shaped
    like an action at all: a list starting with a verb string whose other items are ints,
    strings or lists of ints."""
    if not isinstance(action, (list, tuple)) or not action or not isinstance(action[0], str):
        raise IllegalAction("an action is a list that starts with a verb")
    out: list[Any] = [action[0]]
    for item in action[1:]:
        kind = type(item)
        if kind is int or kind is str:
            out.append(item)
        elif (kind is list or kind is tuple) and all(type(x) is int for x in item):
            out.append(tuple(item))
        else:
            raise IllegalAction(
                "{verb}: {item} is not an index, a word or a list of indices",
                verb=action[0],
                item=repr(item),
            )
    return tuple(out)


def thaw(action: Key) -> Action:
    """The list form of a frozen action, as the contract hands actions out."""
    return [list(x) if type(x) is tuple else x for x in action]


class State(ABC):
    """One game in progress. The only interface the server, bots, replays and tests use.

    Subclasses are one module each under game/rules/. A state holds its own PRNG, so
    `clone()` and `to_snapshot()` carry the randomness with it. Legality has one source:
    a subclass lists its legal actions (`_legal`) and `apply` accepts exactly those.

    Public attributes (read them, never change them): `players`, `seed`, `options` (every
    option, defaults filled in), `step` (steps applied), `to_move`, `result`. A subclass's
    docstring lists its own.
    """

    game: ClassVar[str]
    title: ClassVar[str]
    """The game's name as players read it ("Quäsenbö"); `game` is the name in code and on the
    wire."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    OPTIONS: ClassVar[dict[str, Option]]
    WORDS: ClassVar[tuple[str, ...]]
    """Every string that can occur in this game's actions (verbs first), for compact logs."""
    OWNED: ClassVar[tuple[str, ...]]
    """The view's keys that list what each seat owns, seen one way by its owner and another
    by everyone else (hands; Blanco's grids): with "seat", all that differs between the
    views of one step (see `view_digests`)."""

    SPLICE_FROM: ClassVar[int] = 2
    """From how many distinct views on `view_digests` cuts them up instead of building
    each whole (one view costs less built whole; from two, the spliced views of every
    engine cost less: BENCHMARKS.md, "Issue 33")."""

    players: int
    seed: int
    options: Options
    step: int
    to_move: int | None
    result: Result | None
    _legal_cache: list[Key] | None
    rng: Rng

    @abstractmethod
    def __init__(self, players: int, seed: int, options: Options | None = None) -> None:
        """Deal a new game. Raises ValueError for a player count, seed, option or stacked
        deck the game does not allow."""

    @classmethod
    def fields_from_view(cls, view: View, history: list[View]) -> dict[str, Any]:
        """What a determinization from a seat's `view` and `history` (the events it saw)
        takes from them in every game: `players` (checked), `seed` 0 (the real one is
        secret), `step` (one "next" event ends every step), `to_move`, `phase`, `result`.
        Raises ValueError for a player count the game does not allow, KeyError for a
        view without these keys."""
        return {
            "players": check_players(cls.game, view["players"], cls.min_players, cls.max_players),
            "seed": 0,
            "step": sum(1 for ev in history if ev["type"] == "next"),
            "to_move": view["to_move"],
            "phase": view["phase"],
            "result": copy_result(view["result"]),
        }

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self.result is not None

    def legal_actions(self) -> list[Action]:
        """Every legal action for `to_move`, each once, in a stable order; [] once over."""
        return [thaw(a) for a in self.legal_keys()]

    def apply(self, action: Action) -> list[Event]:
        """Apply `to_move`'s action; return the step's events.

        Raises IllegalAction with a reason, leaving the state unchanged, for anything
        `legal_actions()` does not list (including any action once the game is over).
        """
        key = freeze(action)
        if self.result is not None:
            raise IllegalAction("the game is over")
        if key not in self.legal_keys():
            raise self._why_illegal(key)
        return self.apply_key(key)

    def legal_keys(self) -> list[Key]:
        """The legal actions frozen (as `freeze` makes them: hashable tuples), cached until
        the next step – for search, which compares and stores actions by the million. The
        list is the engine's own: read it, never change it."""
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        return self._legal_cache

    def apply_key(self, key: Key) -> list[Event]:
        """`apply` for a key known to be legal – an item of `legal_keys()` – without checking
        it again (checking costs more than a search's whole step). Anything else is
        undefined: players' actions go through `apply`."""
        events: list[Event] = []
        self._legal_cache = None
        self.step += 1
        self._do(key, events)
        return events

    def advance(self, key: Key) -> None:
        """`apply_key` without building the step's events: the same state afterwards, for
        search, whose rollouts never read them."""
        self._legal_cache = None
        self.step += 1
        self._do(key, None)

    def _mover(self) -> int:
        """`to_move` while the game goes on, as `_legal`, `_do` and `_why_illegal` see it
        (never None there: they are not called once the game is over)."""
        return self.to_move  # type: ignore[return-value]  # (cast() would cost a call a step)

    @abstractmethod
    def _legal(self) -> list[Key]:
        """The legal actions as frozen tuples, in the stable order of RULES.md."""

    @abstractmethod
    def _do(self, action: Key, events: list[Event] | None) -> None:
        """Apply a legal action (already checked), appending its events to `events`; None:
        the same step without building them (`advance`)."""

    @abstractmethod
    def _why_illegal(self, action: Key) -> IllegalAction:
        """The refusal of a well-shaped but illegal action: why, in a player's words."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy: nothing done to either one affects the other."""

    def reshuffled(self, seed: int) -> State:
        """A copy whose cards no seat has seen are shuffled anew with `seed`, and whose
        randomness from here on (later deals and reshuffles) comes from `seed` too. Every
        seat's view (and a spectator's) is unchanged. Raises ValueError for a bad seed."""
        rng = Rng(check_seed(seed))
        other = self.clone()
        other._shuffle_unseen(rng)
        other.rng = rng
        other._legal_cache = None
        return other

    @abstractmethod
    def _shuffle_unseen(self, rng: Rng) -> None:
        """Shuffle, in place with `rng`, the cards no seat has seen among their places."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """Exactly what `seat` sees, as fresh plain data; None: a spectator."""

    def view_and_digest(self, seat: int | None) -> tuple[View, bytes]:
        """`view(seat)` and its `view_digest`, the server's pair for every update. Each engine
        builds its views with every map's keys in sorted order (a property test holds it to
        that), so a view is its own canonical form and is hashed as it is built."""
        view = self.view(seat)
        return view, packed_view_digest(_pack(view))

    def view_digests(self, seats: list[int | None]) -> list[bytes]:
        """The `view_digest` of each of `seats`' views, as one step's updates carry them:
        each distinct view once, and (from `SPLICE_FROM` on) without building them – what
        every seat sees alike (the spectator's view) is packed once, and each seat adds only
        its own things (`_packed_own`, from parts packed before where they did not change)
        and its number.
        Building every seat's whole view was most of a step's cost (BENCHMARKS.md,
        "Server")."""
        distinct = list(dict.fromkeys(seats))
        if len(distinct) < self.SPLICE_FROM:
            found = {seat: packed_view_digest(_pack(self.view(seat))) for seat in distinct}
        else:
            found = self._spliced_digests(distinct)
        return [found[seat] for seat in seats]

    def _spliced_digests(self, seats: list[int | None]) -> dict[int | None, bytes]:
        public, others = self._digest_parts()
        # The spectator's packed view as chunks: runs of constant bytes (a run of pairs packs
        # as one map, less its header), "seat", and each item of each OWNED list on its own;
        # a seat's view is that list with its number and its own items put in their places.
        chunks: list[bytes] = []
        places: list[tuple[str, int]] = []  # (an OWNED key, where its item 0 is in chunks)
        at_seat = -1
        run: dict[str, Any] = {}
        lead = _packer.pack_map_header(len(public))
        owned = self.OWNED
        for key, value in public.items():
            if key == "seat" or key in owned:
                chunks.append(lead + _pairs(run) + _pack(key))
                run, lead = {}, b""
                if key == "seat":
                    at_seat = len(chunks)
                    chunks.append(_SEAT[None])
                else:
                    items = others[key]
                    chunks.append(_ARRAY_HEADER[len(items)])
                    places.append((key, len(chunks)))
                    chunks += items
            else:
                run[key] = value
        chunks.append(lead + _pairs(run))
        digests: dict[int | None, bytes] = {}
        for seat in seats:
            if seat is None:
                digests[seat] = packed_view_digest(b"".join(chunks))
                continue
            own = self._packed_own(seat)
            mine = chunks.copy()
            if at_seat >= 0:
                mine[at_seat] = _SEAT[seat]
            for key, first in places:
                mine[first + seat] = own[key]
            digests[seat] = packed_view_digest(b"".join(mine))
        return digests

    def _digest_parts(self) -> tuple[View, dict[str, list[bytes]]]:
        """For `view_digests` only: the spectator's view – whose values under OWNED keys
        are not read, only its keys' order – and each OWNED list of it, its items packed.
        An engine may give them from parts it packed before and kept."""
        public = self.view(None)
        return public, {key: [_pack(item) for item in public[key]] for key in self.OWNED}

    def _packed_own(self, seat: int) -> dict[str, bytes]:
        """For `view_digests` only: `_own_items(seat)`, each packed."""
        return {key: _pack(item) for key, item in self._own_items(seat).items()}

    @abstractmethod
    def _own_items(self, seat: int) -> dict[str, Any]:
        """What `seat` sees of its own things: for each key of OWNED, the item at `seat` of
        that list in `view(seat)`."""

    @abstractmethod
    def open_view(self) -> View:
        """The view with every card shown, laid out like `view`: for replays after the game."""

    @abstractmethod
    def to_snapshot(self) -> View:
        """The whole state as plain data; `restore(snapshot)` rebuilds it exactly."""

    @classmethod
    @abstractmethod
    def from_snapshot(cls, snapshot: View) -> State:
        """The state `to_snapshot()` described. Raises ValueError for a malformed snapshot."""

    @staticmethod
    @abstractmethod
    def update_view(view: View, event: View) -> None:
        """Advance a seat's `view` in place by one event as that seat received it, so that a
        view followed by a step's events equals the next view (the client's model)."""

    @abstractmethod
    def describe(self, action: Action) -> str:
        """`action` in words, judged in this state before it is applied, using only what
        every seat can see (e.g. "plays 7, 8, 9", "draws the hidden side")."""

    def digest(self) -> bytes:
        """A 16-byte hash of the whole state, identical on every machine. It hashes the
        snapshot as built, so `to_snapshot()` must build its maps in a fixed key order."""
        return ordered_digest(self._digest_snapshot(), 16)

    def _digest_snapshot(self) -> View:
        """`to_snapshot()` for `digest` alone, which packs it and drops it: an engine may
        give it without copying what the state holds, and from parts made before – the
        same data in the same order, so the same bytes (a property test holds it to that)."""
        return self.to_snapshot()


__all__ = [
    "Action",
    "BadOptions",
    "Event",
    "IllegalAction",
    "Key",
    "Option",
    "Options",
    "Problem",
    "Refusal",
    "Result",
    "Rng",
    "State",
    "canonical",
    "check_options",
    "check_players",
    "check_seed",
    "check_stacked_deck",
    "codes_of",
    "copy_result",
    "data_digest",
    "freeze",
    "int_in",
    "is_bool",
    "is_deck_or_none",
    "ordered_digest",
    "pack",
    "thaw",
    "View",
    "view_digest",
]
