"""Every game the client shows, one entry each: the per-game parts of the client in one place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from game.bots import KITS
from game.client import cards, layout, rules_text, steps
from game.client.cards import CardArt
from game.client.i18n import N_
from game.client.layout import Layout
from game.client.rules_text import Section
from game.client.steps import ActionWords, Completion, EventWords, Names, Recall
from game.client.tables import BlancoTable, QuandoTable, QuasenboTable, Table
from game.client.tables.host import Host
from game.rules import GAMES, Action, State, View


@dataclass(frozen=True)
class ClientGame:
    """One game as the client shows it, the way python-chess keeps a variant in one class:
    its table (`table`, in the geometry `layout`, its cards drawn as `art` draws them), its
    events and actions in words (`events`, `actions`: the move log, the replay's step list,
    hints and analysis marks), its rules help (`help`, then `keys`, N_-marked), and what the
    game-over table's numbers count (`scores`, N_-marked), and what a view before an event
    shows of it beyond what a seat was sent (`seen`, for the move log and the step list; it
    reads only what every seat sees) – or the events before it (`recalled`, for a seat taken
    back, sent the game so far without views). Its name is its table's `game`, the
    engine's (game.rules.GAMES); the title is the engine's. The options form is made from
    the engine's OPTIONS (scenes/setup.py's `menu_options`)."""

    table: type[Table]
    layout: Layout
    art: CardArt
    events: EventWords
    actions: ActionWords
    help: tuple[Section, ...]
    keys: str
    scores: str
    seen: Completion = steps.as_sent
    recalled: Recall = steps.as_told

    @property
    def name(self) -> str:
        """The game's name in code and on the wire, the engine's ("quasenbo")."""
        return self.table.game

    @property
    def engine(self) -> type[State]:
        """The game's engine class."""
        return GAMES[self.name]

    @property
    def title(self) -> str:
        """The game's name as players read it ("Quäsenbö"), the engine's."""
        return self.engine.title

    def open(
        self, app: Host, room: dict[str, Any], seat: int | None, *, replay: bool = False
    ) -> Table:
        """A new table of this game for `room`, seen from `seat` (see tables.base.Table)."""
        return self.table(app, room, seat, parts=self, replay=replay)

    def event_words(self, event: View, name: Names, before: View | None = None) -> str | None:
        """One event as a short phrase (see steps.event_words), with what the seat's view
        `before` it showed of it (`seen`) where given."""
        if before:
            event = self.seen(event, before)
        return steps.event_words(self.events, event, name)

    def events_line(self, events: Sequence[View], name: Names, before: View | None = None) -> str:
        """A step's events as one line (see steps.events_line), with what a view `before`
        the step showed of them (`seen`) where given."""
        if before:
            events = [self.seen(event, before) for event in events]
        return steps.events_line(self.events, events, name)

    def action_words(self, action: Action, view: View) -> str:
        """What `action` does, worded from the acting seat's `view` (see steps.action_words)."""
        return steps.action_words(self.actions, action, view)

    def advice_words(self, action: Action, view: View) -> str:
        """`action` as a suggestion to the player of `view` (see steps.advice_words)."""
        return steps.advice_words(self.actions, action, view)


CLIENT_GAMES: dict[str, ClientGame] = {
    game.name: game
    for game in (
        ClientGame(
            QuandoTable,
            layout.quando,
            cards.QUANDO,
            steps.quando_events,
            steps.quando_actions,
            rules_text.QUANDO,
            rules_text.QUANDO_KEYS,
            N_("Scores: points (lowest wins)"),
        ),
        ClientGame(
            BlancoTable,
            layout.blanco,
            cards.BLANCO,
            steps.blanco_events,
            steps.blanco_actions,
            rules_text.BLANCO,
            rules_text.BLANCO_KEYS,
            N_("Scores: cards left (fewest wins)"),
            steps.blanco_seen,
            steps.blanco_recalled,
        ),
        ClientGame(
            QuasenboTable,
            layout.quasenbo,
            cards.DECKTET,
            steps.quasenbo_events,
            steps.quasenbo_actions,
            rules_text.QUASENBO,
            rules_text.QUASENBO_KEYS,
            N_("Scores: cards in hand (fewest wins)"),
        ),
    )
}
"""Every game the client shows, by the engine's name, in the order the menus list them."""


def missing_parts(name: str) -> list[str]:
    """What game `name` still lacks in each layer, one line per part, naming where it goes:
    an engine in game.rules.GAMES, a bot kit in game.bots.KITS, an entry here (see
    docs/adding-a-game.md), and in that entry every part, of its own: table, cards and
    help. Empty when the game is complete."""
    missing = []
    if name not in GAMES:
        missing.append(f"game.rules.GAMES[{name!r}]: the engine (a State subclass)")
    elif not getattr(GAMES[name], "title", ""):
        missing.append(f"game.rules.GAMES[{name!r}].title: the name players read")
    if name not in KITS:
        missing.append(f"game.bots.KITS[{name!r}]: the bots' kit (heuristic and search model)")
    entry = CLIENT_GAMES.get(name)
    if entry is None:
        missing.append(f"game.client.games.CLIENT_GAMES[{name!r}]: the client's entry")
        return missing
    where = f"game.client.games.CLIENT_GAMES[{name!r}]"
    for part in fields(entry):
        if not getattr(entry, part.name):
            missing.append(f"{where}.{part.name}: empty")
    if getattr(entry.table, "game", None) != name:
        missing.append(f"{where}.table: a table of its own (its `game` is {name!r})")
    others = [other for key, other in CLIENT_GAMES.items() if key != name]
    if any(other.art is entry.art for other in others):
        missing.append(f"{where}.art: its own cards' look (this one is another game's)")
    foreign = [s.rule for s in entry.help if not s.rule.startswith(f"{name}.")]
    if foreign:
        missing.append(f"{where}.help: rules of its own (not {', '.join(foreign)})")
    return missing
