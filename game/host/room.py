"""One room of the server: its seats and tokens, the authoritative engine, bots standing in,
the turn timer's deadline, and its files (game/host/records.py). No sockets: connections are
anything with `send(message)`, so the room is driven the same way by the server and by tests."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.host.history import History
from game.host.records import GameLog, Secrets, reload
from game.host.spare import SpareFiles
from game.levels import Level
from game.replay.log import make_header, seed_hash
from game.replay.origin import Origin, start_from
from game.rules import Event, IllegalAction, State, new_game
from game.rules.base import pack
from net.messages import (
    Action,
    Clock,
    ErrorCode,
    EventMap,
    Options,
    Params,
    PastStep,
    RoomInfo,
    SeatInfo,
    SeatKind,
    ServerMessage,
    Update,
    ViewMap,
)
from net.schema import DEFAULT_GRACE, bye, room_message, seated

_MAP_HEADER = [bytes([0x80 | n]) for n in range(16)]
"""msgpack's header of a map of n < 16 keys (an update has at most 11)."""
_DIGEST = pack("digest")


def _array_header(n: int) -> bytes:
    """msgpack's header of an array of n < 65,536 items."""
    return bytes([0x90 | n]) if n < 16 else b"\xdc" + n.to_bytes(2, "big")


PACK_SHARED_FROM = 4
"""The members of a room from which a step's updates are packed from the parts they share
(`Room._step_bodies`): with fewer, packing each update whole costs less (BENCHMARKS.md,
"Issue 33", fifth round)."""

BOT_NAMES = ("Ada", "Basil", "Cleo", "Dario", "Elke", "Finn", "Greta", "Hugo")
"""A bot's name by its seat, so that players can tell the bots at a table apart."""


class Refused(Exception):
    """A request the room refuses, and so leaves everything as it was: `code` (one of the
    protocol's error codes, net.schema.ERRORS), the reason for people (None: the code's own),
    and for an engine's refusal its `template` and `params` (IllegalAction's). The server
    answers it with the wire's error."""

    def __init__(
        self,
        code: ErrorCode,
        message: str | None = None,
        *,
        template: str | None = None,
        params: Params | None = None,
    ) -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message
        self.template = template
        self.params = params


class Peer(Protocol):
    """A connection as a room sees it. One may also have `send_packed(body)`, taking a
    message already packed as msgpack (net/framing.py's `pack`): a step's updates then go out
    packed from the parts every seat shares, packed once (`Room._step_bodies`), in a room of
    PACK_SHARED_FROM members or more."""

    @property
    def name(self) -> str:
        """The player's name."""

    def send(self, message: ServerMessage) -> None:
        """Queue `message` for the peer; never blocks."""

    def close(self) -> None:
        """Close the connection after what was queued for it."""


def token_hash(token: str) -> bytes:
    """What a room keeps of a seat token: its hash, so a log directory leaks no tokens."""
    return hashlib.sha256(token.encode()).digest()


@dataclass
class Seat:
    """One seat: open, a human player (who may be away, a bot standing in) or a bot."""

    kind: SeatKind = "open"
    name: str = ""
    level: Level | None = None  # a bot seat's difficulty
    token_hash: bytes | None = None
    peer: Peer | None = None
    ready: bool = False
    away_since: int | None = None  # the step from which a bot stands in for the player
    gone_at: int | None = None  # the step at which the player's connection went, or they left

    @property
    def away(self) -> bool:
        """True while a bot plays for this seat's human player."""
        return self.away_since is not None

    def info(self, index: int, stand_in: Level) -> SeatInfo:
        """The seat as room maps show it; `stand_in` is the level of the room's stand-in."""
        return {
            "seat": index,
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "ready": self.ready,
            "connected": self.peer is not None,
            "away": self.away,
            "stand_in": stand_in if self.away else None,
        }


@dataclass
class Room:
    """A room: lobby, then one game. Methods raise Refused for a refused request and
    change nothing in that case; otherwise they send every affected peer what it may see."""

    id: str
    game: str
    players: int
    options: Options
    log_dir: Path | None = None
    code_hash: bytes | None = None
    timer: float | None = None
    level: Level = "normal"
    hints: bool = False
    """The creator allows hints while other people play (alone with bots, one may always
    ask: `hints_allowed`)."""
    grace: float | None = DEFAULT_GRACE
    """Seconds before a bot stands in for a disconnected player; None: wait for them."""
    local: bool = False
    """A game on the player's own machine: only `owner` and the seats' holders see it."""
    owner: Peer | None = None
    fsync: bool = False
    files: SpareFiles | None = None
    chosen_seed: int | None = None
    """The seed to deal with instead of a fresh one: a deal played again (a local server
    only, see Server's `chosen_seeds`)."""
    again: str | None = None
    """The hash of the replay whose deal this game plays again (logged in the header)."""
    origin: Origin | None = None
    """The finished game's step this game plays on from (game/replay/origin.py, checked;
    logged in the header): a local server only, like `chosen_seed`."""
    seats: list[Seat] = field(default_factory=list)
    spectators: set[Peer] = field(default_factory=set)
    state: State | None = None
    seed: int = 0
    """The game's secret seed, drawn at the start."""
    history: History = field(default_factory=History)
    """Every step of the game; for a game played on from a step, the old game's steps up to
    it first, when the server found them (records.history_before)."""
    deadline: float | None = None
    gone: dict[int, float] = field(default_factory=dict)
    """Seats whose player's connection dropped during the game and no bot plays for yet,
    with when it dropped (time.monotonic())."""
    created_at: float = field(default_factory=time.monotonic)
    finished_at: float | None = None
    abandoned: bool = False
    log: GameLog | None = None
    hints_used: list[int] = field(default_factory=list)
    """Per seat, how many hints it asked for."""
    paused: bool = False
    """The one player among bots stopped the game (`pause`): no bot moves, the clock stands."""
    clock_left: float | None = None
    """While paused: the seconds the stopped turn clock had left (None: no clock ran)."""

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat() for _ in range(self.players)]
        if not self.hints_used:
            self.hints_used = [0] * self.players
        if self.origin is not None and not len(self.history):
            self.history = History(self.origin["step"])

    # -- lobby -------------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def private(self) -> bool:
        return self.code_hash is not None

    @property
    def stacked(self) -> bool:
        """The game is dealt from a stacked deck (the `deck` option): not a fair game."""
        return self.options.get("deck") is not None

    def visible_to(self, peer: Peer) -> bool:
        """Whether `peer` may know of the room: every room but a local one, which only its
        creator and its seated players see (others come back with their seat token)."""
        return not self.local or peer is self.owner or self.seat_of(peer) is not None

    def check_code(self, code: str | None) -> None:
        """Refused("bad_code") unless the room is public or `code` is its join code."""
        if self.code_hash is not None and (
            code is None or not hmac.compare_digest(token_hash(code), self.code_hash)
        ):
            raise Refused("bad_code")

    @property
    def hints_allowed(self) -> bool:
        """Hints may be asked for: the creator allowed them, or one human plays alone."""
        return self.hints or sum(s.kind == "human" for s in self.seats) <= 1

    def seat_of(self, peer: Peer) -> int | None:
        """The seat `peer` plays, if any."""
        for index, seat in enumerate(self.seats):
            if seat.peer is peer:
                return index
        return None

    def members(self) -> list[Peer]:
        """Every connected player and spectator."""
        return [s.peer for s in self.seats if s.peer is not None] + list(self.spectators)

    def join(self, peer: Peer, seat: int | None, code: str | None) -> None:
        """Seat `peer` as a human at `seat` (or the first open seat) before the game starts;
        it is sent its seat token."""
        self.check_code(code)
        if self.started:
            raise Refused("started", "the game has started: watch it, or resume your seat")
        if self.seat_of(peer) is not None:
            raise Refused("already_seated")
        if seat is None:
            seat = next((i for i, s in enumerate(self.seats) if s.kind == "open"), None)
            if seat is None:
                raise Refused("no_free_seat")
        elif seat >= self.players or self.seats[seat].kind != "open":
            raise Refused("seat_taken", f"seat {seat} is not free")
        token = secrets.token_urlsafe(24)
        self.spectators.discard(peer)
        self.seats[seat] = Seat("human", peer.name, token_hash=token_hash(token), peer=peer)
        peer.send(seated(self.id, seat, token, resumed=False))
        self.announce()

    def watch(self, peer: Peer, code: str | None) -> None:
        """Let `peer` watch: it sees what a spectator may see, from now on."""
        self.check_code(code)
        if self.seat_of(peer) is not None:
            raise Refused("already_seated")
        self.spectators.add(peer)
        self.announce()
        if self.state is not None:
            peer.send(self.update_for(None, [], full=True))

    def _lobby_seat(self, peer: Peer, seat: int) -> Seat:
        if self.started:
            raise Refused("started")
        if self.seat_of(peer) is None:
            raise Refused("not_seated", "only a seated player may change the seats")
        if seat >= self.players:
            raise Refused("bad_message", f"this room has seats 0 to {self.players - 1}")
        return self.seats[seat]

    def add_bot(self, peer: Peer, seat: int, level: Level) -> None:
        """Put a bot of `level` on open seat `seat`."""
        if self._lobby_seat(peer, seat).kind != "open":
            raise Refused("seat_taken", f"seat {seat} is not free")
        self.seats[seat] = Seat("bot", BOT_NAMES[seat], level=level, ready=True)
        self.announce()

    def remove_bot(self, peer: Peer, seat: int) -> None:
        """Free bot seat `seat`."""
        if self._lobby_seat(peer, seat).kind != "bot":
            raise Refused("bad_message", f"seat {seat} holds no bot")
        self.seats[seat] = Seat()
        self.announce()

    def set_ready(self, peer: Peer, ready: bool) -> None:
        if self.started:
            raise Refused("started")
        seat = self.seat_of(peer)
        if seat is None:
            raise Refused("not_seated")
        self.seats[seat].ready = ready
        self.announce()

    def leave(self, peer: Peer) -> None:
        """`peer` leaves. In the lobby its seat opens; during a game a bot plays the seat,
        and the player may come back with the seat token – unless only bots would be left
        and nobody watches: then the game is abandoned (a single-player game the player
        quit)."""
        seat = self.seat_of(peer)
        if seat is None and peer not in self.spectators:
            raise Refused("not_seated", "you neither sit in nor watch this room")
        self.spectators.discard(peer)
        if seat is not None:
            if not self.started:
                self.seats[seat] = Seat()
            elif not self.spectators and not any(
                s.kind == "human" for i, s in enumerate(self.seats) if i != seat
            ):
                self.seats[seat].peer = None
                self.abandon()
            else:
                self.seats[seat].peer = None
                self._went(seat)
                self._stand_in(seat)
        self.announce()

    def abandon(self) -> None:
        """End an unfinished game that nobody will play on: its log ends with the seed (so
        what was played can still be checked) and the reason "abandoned"."""
        if self.state is None or self.finished_at is not None:
            return
        if self.log is not None:
            self.log.finish(self.seed, None, reason="abandoned")
        self.abandoned = True
        self.finished_at = time.monotonic()
        self.deadline = None

    def disconnect(self, peer: Peer, now: float) -> None:
        """`peer`'s connection is gone (at `now`, a time.monotonic() time). In the lobby its
        seat opens; during a game a bot stands in once the grace period is over (see
        `stand_in_absent`), and the player may come back with the seat token."""
        self.spectators.discard(peer)
        seat = self.seat_of(peer)
        if seat is None:
            return
        if not self.started:
            self.seats[seat] = Seat()
        else:
            self.seats[seat].peer, self.gone[seat] = None, now
            self._went(seat)
            self.stand_in_absent(now)
        self.announce()

    def _went(self, seat: int) -> None:
        """Note the step at which `seat`'s player went: what they missed starts there."""
        if self.state is not None and self.seats[seat].gone_at is None:
            self.seats[seat].gone_at = self.state.step

    def stand_in_absent(self, now: float) -> bool:
        """Let a bot stand in for each player disconnected for longer than the grace period,
        as long as somebody is still at the table to wait for them (see `members`; the same
        rule lets stand-ins play, `bot_turn`): a game nobody is at waits (a local game kept
        to continue later). True if a bot stepped in (the room was announced)."""
        if not self.gone or self.grace is None or self.finished_at is not None:
            return False
        if not self.members():
            return False
        due = [seat for seat, since in self.gone.items() if now - since >= self.grace]
        for seat in due:
            self._stand_in(seat)
        if due:
            self.announce()
        return bool(due)

    def hand_to_bot(self, peer: Peer, seat: int) -> None:
        """A seated player hands absent player `seat`'s seat to the stand-in bot at once,
        without waiting for the grace period."""
        if self.seat_of(peer) is None:
            raise Refused("not_seated")
        self._running()
        if seat >= self.players or self.seats[seat].kind != "human":
            raise Refused("bad_message", f"seat {seat} holds no human player")
        if self.seats[seat].peer is not None:
            raise Refused("not_absent")
        self._stand_in(seat)
        self.announce()

    def _stand_in(self, seat: int) -> None:
        self.gone.pop(seat, None)
        if self.state is not None and not self.state.is_over and not self.seats[seat].away:
            self.seats[seat].away_since = self.state.step
            self._set_deadline()

    def start(self, peer: Peer) -> None:
        """Deal: every seat filled, every human ready. The seed is drawn here and only its
        hash is announced; the log's header and the room's secrets reach disk first. A log
        that cannot be written (OSError) leaves the room as it was, in its lobby."""
        if self.started:
            raise Refused("started")
        if self.seat_of(peer) is None:
            raise Refused("not_seated")
        if any(s.kind == "open" or not s.ready for s in self.seats):
            raise Refused("not_ready")
        seed = secrets.randbits(64) if self.chosen_seed is None else self.chosen_seed
        if self.origin is None:
            state = new_game(self.game, self.players, seed, self.options)
        else:
            state = start_from(self.origin, seed)
        if self.log_dir is not None:
            self.log = self._open_log(self.log_dir, state, seed)
        self.seed, self.state = seed, state
        self._set_deadline()
        self.announce()
        for peer_, seat in self._audience():
            peer_.send(self.update_for(seat, [], full=True))

    # -- the game ----------------------------------------------------------------------------

    def act(self, peer: Peer, step: int, action: Action) -> None:
        """`peer` plays `action` for its seat, answering the update of step `step`."""
        state, seat = self._deciding(peer, step)
        self._apply(state, seat, False, action)

    def _deciding(self, peer: Peer, step: int) -> tuple[State, int]:
        """The running game and `peer`'s seat, which must decide now at `step`."""
        state = self._running()
        seat = self.seat_of(peer)
        if seat is None:
            raise Refused("not_seated")
        if seat != state.to_move:
            raise Refused("not_your_turn", f"seat {state.to_move} must decide now")
        if self.seats[seat].away:
            raise Refused("not_your_turn", "a bot is playing your seat: resume it first")
        if step < state.step:
            raise Refused(
                "stale_step", f"this request answers step {step}; the game is at step {state.step}"
            )
        if step > state.step:
            raise Refused(
                "future_step",
                f"this request answers step {step}; the game is only at step {state.step}",
            )
        return state, seat

    def hint_request(
        self, peer: Peer, step: int
    ) -> tuple[int, ViewMap, list[Action], list[EventMap]]:
        """`peer` asks for a hint for its decision at `step`: logged, counted (every member
        is sent the room map with the new count), and what the hint may be computed from –
        the seat, its view, its legal actions and the events it was shown (never the hidden
        cards). Refused("no_hints") when the room does not allow hints, and act's
        errors when it is not that seat's decision."""
        state, seat = self._deciding(peer, step)
        if not self.hints_allowed:
            raise Refused("no_hints")
        if self.log is not None:  # logged before it is answered, like a step
            self.log.hint(seat, step)
        self.hints_used[seat] += 1
        self.announce()
        return seat, state.view(seat), state.legal_actions(), self.history_for(seat)

    def bot_act(self, seat: int, step: int, action: Action) -> None:
        """A bot's decision for `seat` (its own seat, or standing in) made at `step`.
        Ignored if the game moved on meanwhile (the player came back and acted) or was
        paused while the bot thought."""
        state = self.state
        if (
            state is None
            or state.is_over
            or self.abandoned
            or state.step != step
            or state.to_move != seat
            or self.paused
        ):
            return
        if self.seats[seat].kind == "human" and not self.seats[seat].away:
            return
        self._apply(state, seat, self.seats[seat].kind == "human", action)

    def pause(self, peer: Peer, paused: bool) -> None:
        """`peer`, the one player in a game with bots, stops the game (`paused`) or lets it
        go on: while it is paused no bot moves and the turn clock stands still, going on
        with the seconds it had left. Every member hears the room's new map. Refused:
        not_seated, not_started, game_over, or not_alone when another person plays here
        (a shared game never waits for one player)."""
        seat = self.seat_of(peer)
        if seat is None:
            raise Refused("not_seated")
        self._running()
        if any(other.kind == "human" for k, other in enumerate(self.seats) if k != seat):
            raise Refused("not_alone")
        now = time.monotonic()
        if paused and not self.paused:
            self.clock_left = None if self.deadline is None else max(0.0, self.deadline - now)
            self.deadline = None
        elif self.paused and not paused:
            self.deadline = None if self.clock_left is None else now + self.clock_left
            self.clock_left = None
        self.paused = paused
        self.announce()

    def time_out(self, now: float) -> None:
        """The turn timer ran out: a bot stands in for the seat that had to decide."""
        if self.deadline is None or now < self.deadline or self.state is None:
            return
        seat = self.state.to_move
        if seat is not None and self.seats[seat].kind == "human":
            self._stand_in(seat)
            self.announce()

    def playing(self) -> State:
        """The engine state of the game; Refused("not_started") before the start."""
        if self.state is None:
            raise Refused("not_started")
        return self.state

    def _running(self) -> State:
        state = self.playing()
        if state.is_over or self.abandoned:
            raise Refused(
                "game_over", "the game is over" if state.is_over else "the game was abandoned"
            )
        return state

    def _apply(self, state: State, seat: int, by_bot: bool, action: Action) -> None:
        try:
            events = state.apply(action)
        except IllegalAction as err:
            raise Refused(
                "illegal_action", err.reason, template=err.template, params=err.params
            ) from None
        if self.log is not None:
            # The step reaches the log before anyone hears of it: a crash now loses nothing
            # that a player saw.
            self.log.step(seat, by_bot, action, state.digest())
        self.history.append(seat, by_bot, events)
        if state.is_over:
            if self.log is not None:
                self.log.finish(self.seed, state.result)
            self.finished_at = time.monotonic()
        self._set_deadline()
        by_a_bot = by_bot or self.seats[seat].kind == "bot"
        # The one who acted hears first: updates go out in the order they are sent, and
        # theirs is the one a player sits waiting for.
        audience = self._audience()
        if len(audience) > 1:
            audience.sort(key=lambda member: member[1] != seat)
        digests = state.view_digests([viewer for _, viewer in audience])
        bodies = (
            self._step_bodies(state, events, seat, by_a_bot)
            if len(audience) >= PACK_SHARED_FROM
            else None
        )
        for (peer, viewer), digest in zip(audience, digests):
            send_packed = getattr(peer, "send_packed", None)
            if send_packed is None or bodies is None:
                peer.send(
                    self.update_for(viewer, events, actor=seat, by_bot=by_a_bot, digest=digest)
                )
            else:
                send_packed(bodies(viewer, digest))

    def _set_deadline(self) -> None:
        state = self.state
        seat = None if state is None or state.is_over else state.to_move
        if (
            self.timer is None
            or seat is None
            or self.seats[seat].kind != "human"
            or self.seats[seat].away
        ):
            self.deadline = self.clock_left = None
        elif self.paused:  # the player acted while paused: their next turn's clock waits
            self.deadline, self.clock_left = None, self.timer
        else:
            self.deadline = time.monotonic() + self.timer

    def bot_turn(self) -> tuple[int, Level] | None:
        """(seat, level) when a bot must decide now: a bot seat, or a player's seat that a
        bot stands in for while somebody is at the table (a game everyone left waits for
        its players, not played to its end in a blink by stand-ins); else None."""
        state = self.state
        if state is None or state.is_over or self.abandoned or state.to_move is None or self.paused:
            return None
        seat = self.seats[state.to_move]
        if seat.kind == "bot":
            return state.to_move, seat.level or "random"
        if seat.kind == "human" and seat.away and self.members():
            return state.to_move, self.level
        return None

    def history_for(self, seat: int | None, since: int = 0) -> list[EventMap]:
        """Every event of the steps after step `since` as `seat` received them."""
        return [e.for_seat(seat) for record in self.history.since(since) for e in record.events]

    def resume(self, peer: Peer, token: str) -> int:
        """Give `peer` the seat whose token it holds, as it was – under the name it was
        joined with, whatever name the new connection gives – with every step of the game
        as the seat saw it: before its player went – the connection lost, or they left, or a
        bot stood in – (`past`) and since (`missed`)."""
        digest = token_hash(token)
        index = next(
            (
                i
                for i, s in enumerate(self.seats)
                if s.kind == "human"
                and s.token_hash is not None
                and hmac.compare_digest(s.token_hash, digest)
            ),
            None,
        )
        if index is None:
            raise Refused("bad_token")
        if self.abandoned:  # nobody plays on: a seat there would wait for moves forever
            raise Refused("game_over", "the game was abandoned")
        seat = self.seats[index]
        old = seat.peer
        if old is not None and old is not peer:
            old.send(bye("bad_token", "your seat was resumed from another connection"))
            old.close()
        self.spectators.discard(peer)
        went = [step for step in (seat.gone_at, seat.away_since) if step is not None]
        missed_from = min(went, default=None)
        seat.peer, seat.away_since, seat.gone_at = peer, None, None
        self.gone.pop(index, None)
        peer.send(seated(self.id, index, token, resumed=True))
        self.announce()
        if self.state is not None:
            update = self.update_for(index, [], full=True)
            # The whole game as this seat saw it, for the player's move log: what happened
            # before they went away, then what they missed.
            first = self.history.first
            steps: list[PastStep] = [
                {
                    "step": first + k + 1,
                    "seat": r.seat,
                    "by": "bot" if r.by_bot else "player",
                    "events": [e.for_seat(index) for e in r.events],
                }
                for k, r in enumerate(self.history.since(first))
            ]
            split = len(steps) if missed_from is None else max(0, missed_from - first)
            update["past"] = steps[:split]
            if steps[split:]:
                update["missed"] = steps[split:]
            peer.send(update)
            self._set_deadline()
        return index

    def sync(self, peer: Peer) -> None:
        """Send `peer` a full update (its model drifted, or it asked)."""
        if self.state is None:
            raise Refused("not_started")
        seat = self.seat_of(peer)
        if seat is None and peer not in self.spectators:
            raise Refused("not_seated", "join or watch the room first")
        peer.send(self.update_for(seat, [], full=True))

    # -- messages ----------------------------------------------------------------------------

    def _audience(self) -> list[tuple[Peer, int | None]]:
        out = [(s.peer, i) for i, s in enumerate(self.seats) if s.peer is not None]
        return out + [(p, None) for p in self.spectators]

    def update_for(
        self,
        seat: int | None,
        events: list[Event],
        *,
        full: bool = False,
        actor: int | None = None,
        by_bot: bool = False,
        digest: bytes | None = None,
    ) -> Update:
        """The update `seat` (None: a spectator) gets for a step with `events`; `digest`, if
        known, is its view's (see `State.view_digests`)."""
        state = self.playing()
        if full or digest is None:
            view, digest = state.view_and_digest(seat)
        update: Update = {
            "t": "update",
            "room": self.id,
            "step": state.step,
            "events": [e.for_seat(seat) for e in events],
            "digest": digest,
            "to_move": state.to_move,
            "clock": self.clock(),
        }
        if events:
            update["actor"], update["by"] = actor, "bot" if by_bot else "player"
        if full:
            update["view"] = view
            update["seed_hash"] = seed_hash(self.seed)
        if seat is not None and seat == state.to_move and not self.seats[seat].away:
            # The frozen keys pack to the same bytes as `legal_actions()` without copying each
            # action into lists; updates are encoded as they are sent, never kept.
            update["legal"] = state.legal_keys()
        if state.is_over:
            update["seed"] = self.seed
        return update

    def _step_bodies(
        self, state: State, events: list[Event], actor: int, by_bot: bool
    ) -> Callable[[int | None, bytes], bytes]:
        """A function giving `viewer`'s update for a step with `events` packed, given its
        view's digest: the bytes `pack(update_for(viewer, events, ...))` makes, but what
        every viewer's update shares – the room, step, turn and clock, each event as all
        but its private seats see it, the legal actions – is packed once for all of them."""
        head = (
            pack({"t": "update", "room": self.id, "step": state.step})[1:]
            + pack("events")
            + _array_header(len(events))
        )
        rest: dict[str, Any] = {"to_move": state.to_move, "clock": self.clock()}
        if events:
            rest["actor"], rest["by"] = actor, "bot" if by_bot else "player"
        tail = pack(rest)[1:]
        mover = state.to_move
        deciding = mover is not None and not self.seats[mover].away
        seed = pack("seed") + pack(self.seed) if state.is_over else b""
        size = 5 + len(rest) + bool(seed)
        shared: dict[tuple[int, int | None], bytes] = {}

        def body_for(viewer: int | None, digest: bytes) -> bytes:
            mine = b""
            if deciding and viewer == mover:  # a bot's turn sends nobody its actions
                mine = pack("legal") + pack(state.legal_keys())
            parts = [_MAP_HEADER[size + bool(mine)], head]
            for k, event in enumerate(events):
                key = (k, viewer if viewer in event.private else None)
                packed = shared.get(key)
                if packed is None:
                    packed = shared[key] = pack(event.for_seat(viewer))
                parts.append(packed)
            parts += (_DIGEST, pack(digest), tail, mine, seed)
            return b"".join(parts)

        return body_for

    def clock(self) -> Clock | None:
        """The running turn clock: whose it is and the seconds left."""
        if self.deadline is None or self.state is None:
            return None
        return {
            "seat": self.state.to_move,
            "left": max(0.0, self.deadline - time.monotonic()),
            "total": self.timer,
        }

    def info(self) -> RoomInfo:
        """The room as the lobby and the room list show it."""
        # The deck order of a stacked deck would show everyone every hand: only the fact
        # that the deck is stacked is told.
        options = {k: v for k, v in self.options.items() if k != "deck"}
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "options": options,
            "stacked": self.stacked,
            "seats": [s.info(i, self.level) for i, s in enumerate(self.seats)],
            "started": self.started,
            "over": self.finished_at is not None,
            "step": self.state.step if self.state else 0,
            "private": self.private,
            "local": self.local,
            "timer": self.timer,
            "grace": self.grace,
            "level": self.level,
            "spectators": len(self.spectators),
            "hints": self.hints,
            "hints_allowed": self.hints_allowed,
            "hints_used": list(self.hints_used),
            "paused": self.paused,
        }

    def announce(self) -> None:
        """Tell every member how the room looks now."""
        message = room_message(self.info())
        for peer in self.members():
            peer.send(message)

    # -- the log, and restoring after a crash ------------------------------------------------

    @property
    def log_path(self) -> Path | None:
        """Where the game's replay log is, once the game has started in a log directory."""
        return self.log.path if self.log is not None else None

    def _open_log(self, log_dir: Path, state: State, seed: int) -> GameLog:
        """The files of the game dealt as `state` from `seed`, written in `log_dir`."""
        seats = [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats]
        # The options as the engine completed them: a later change of a default must not
        # change how an old log replays.
        header = make_header(
            self.game,
            self.players,
            state.options,
            seats,
            seed,
            type(state).WORDS,
            state.digest(),
            room=self.id,
            timer=self.timer,
            level=self.level,
            private=self.private,
            grace=self.grace,
            local=self.local,
            stacked=self.stacked,
            hints=self.hints,
            **({"again": self.again} if self.again else {}),
            **({"origin": self.origin} if self.origin else {}),
        )
        hidden = Secrets(self.id, seed, self.code_hash, [s.token_hash for s in self.seats])
        return GameLog.create(log_dir, header, hidden, self.fsync, self.files)

    def close(self) -> None:
        """Release the log file; an unfinished game stays on disk to be restored."""
        if self.log is not None:
            self.log.close()

    def forget(self) -> None:
        """The room is done with: close it, and drop a finished game's secrets file (its
        seed is in its log by now)."""
        if self.log is not None:
            if self.finished_at is not None:
                self.log.forget()
            else:
                self.log.close()

    @classmethod
    def restore(cls, log_path: Path, fsync: bool = False, files: SpareFiles | None = None) -> Room:
        """The room of a game in the log directory, rebuilt from its files (see
        `records.reload`, whose ValueError and ReplayError it raises). An unfinished game
        goes on from there; a finished one (its room was not forgotten yet) stays so that
        its players can still come back and see the end."""
        game = reload(log_path, fsync, files)
        header = game.header
        # Logs written before rooms had a grace period, local games or hints in the log
        # lack those keys.
        room = cls(
            header["room"],
            header["game"],
            header["players"],
            header["options"],
            log_dir=log_path.parent,
            code_hash=game.secrets.code_hash,
            timer=header["timer"],
            level=header["level"],
            grace=header.get("grace", DEFAULT_GRACE),
            local=header.get("local", False),
            hints=header.get("hints", False),
            origin=header.get("origin"),
            fsync=fsync,
            files=files,
            hints_used=game.hints_used,
        )
        for index, (seat, token) in enumerate(zip(header["seats"], game.secrets.tokens)):
            room.seats[index] = Seat(seat["kind"], seat["name"], seat["level"], token, ready=True)
        room.state, room.seed, room.history, room.log = (
            game.state,
            game.secrets.seed,
            game.history,
            game.log,
        )
        if game.finished:
            room.finished_at = time.monotonic()
            room.abandoned = game.abandoned
            return room
        # Every player is disconnected now: the grace period starts for all of them.
        now = time.monotonic()
        room.gone = {i: now for i, seat_ in enumerate(room.seats) if seat_.kind == "human"}
        room._set_deadline()
        return room
