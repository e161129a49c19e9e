"""Choosing a game before it starts: single player (bots, their level, every option) and
hosting a LAN game (players, interface, port, timer, options)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from game.client import layout, palette, widgets
from game.client.hosting import HOST_INTERFACE, HOST_PORT, refusal, start_host, start_local
from game.client.i18n import _, number
from game.client.players import level_name
from game.client.scenes import Host, Scene, menu_page
from game.client.session import lan_addresses
from game.levels import LEVELS
from game.rules import GAMES, new_game
from game.rules.base import Option, State
from net.schema import DEFAULT_GRACE

Row = tuple[str, str, list[tuple[Any, str]] | None]
"""A form row: its key, its label and its choices (None: a text field)."""


def choice_text(value: Any) -> str:
    """A value a menu offers, in a player's words: "On"/"Off" for a switch, a number as
    the player's language writes it ("1,000", "1.000"), else the value."""
    if type(value) is bool:
        return _("On") if value else _("Off")
    if type(value) is int:
        return number(value)
    return str(value)


def menu_options(game: str) -> list[tuple[str, Option]]:
    """The options of `game` a player sets in a menu (those with choices): the numbers
    first, then the switches, each in the engine's order."""
    offered = [(name, option) for name, option in GAMES[game].OPTIONS.items() if option.choices]
    return sorted(offered, key=lambda item: type(item[1].default) is bool)


class SetupScene(Scene):
    """A form for a new game. `mode` is "single" (against bots on this computer) or "host"."""

    def __init__(self, app: Host, mode: str) -> None:
        super().__init__(app)
        self.mode = mode
        self.values: dict[str, Any] = {
            "game": "quando",
            "bots": 3,
            "players": 4,
            "level": "normal",
            "timer": None,
            "grace": DEFAULT_GRACE,
            "interface": HOST_INTERFACE,
            "port": str(HOST_PORT),
            "code": "",
            "hints": False,
            "web": True,
        }
        self.options: dict[str, dict[str, Any]] = {
            g: {name: option.default for name, option in menu_options(g)} for g in GAMES
        }
        self.restore(app.settings.single if mode == "single" else app.settings.host)
        self.error = ""
        self.resize()

    def restore(self, last: dict[str, Any]) -> None:
        """Take up the choices saved by `remembered` (Settings.single or Settings.host): each
        value only where this screen still offers it, so an old or hand-edited file leaves
        the defaults in place of anything it no longer fits."""
        if last.get("game") in GAMES:
            self.values["game"] = last["game"]
        rows = {key: choices for key, _label, choices in self._rows()}
        for key, choices in rows.items():
            if key == "game" or key.startswith("opt:") or key not in last:
                continue
            value = last[key]
            if choices is None:
                if isinstance(value, str):
                    self.values[key] = value[:24]
            # JSON gives back 1 for True alike: a value counts only with its own type
            elif any(type(value) is type(c) and value == c for c, _words in choices):
                self.values[key] = value
        saved = last.get("options")
        for game, chosen in saved.items() if isinstance(saved, dict) else ():
            if game not in GAMES or not isinstance(chosen, dict):
                continue
            for name, option in menu_options(game):
                value = chosen.get(name)
                # JSON gives back 1 for True alike: a value counts only with its own type
                if any(type(value) is type(c) and value == c for c in option.choices):
                    self.options[game][name] = value

    def remembered(self) -> dict[str, Any]:
        """The choices as they stand (those this mode's screen shows), for Settings.single
        or Settings.host."""
        shown = {key for key, _label, _choices in self._rows() if not key.startswith("opt:")}
        return {key: value for key, value in self.values.items() if key in shown} | {
            "options": {game: dict(chosen) for game, chosen in self.options.items()},
        }

    def _rows(self) -> list[Row]:
        """(key, label, choices) per row; choices None: a text field."""
        game = self.values["game"]
        engine = GAMES[game]
        rows: list[Row] = [("game", _("Game"), [(g, cls.title) for g, cls in GAMES.items()])]
        if self.mode == "single":
            bots = range(engine.min_players - 1, engine.max_players)
            rows.append(("bots", _("Bots"), [(n, str(n)) for n in bots]))
            rows.append(("level", _("Bot difficulty"), [(lv, level_name(lv)) for lv in LEVELS]))
        else:
            rows += self._host_rows(engine)
        for name, option in menu_options(game):
            rows.append(
                (f"opt:{name}", _(option.label), [(v, choice_text(v)) for v in option.choices])
            )
        return rows

    def _host_rows(self, engine: type[State]) -> list[Row]:
        """The rows of a hosted game: players, the stand-in bot, the timer, hints, what
        happens when a player drops out, and how others reach the server."""
        rows: list[Row] = [
            (
                "players",
                _("Players"),
                [(n, str(n)) for n in range(engine.min_players, engine.max_players + 1)],
            )
        ]
        rows.append(("level", _("Stand-in bot"), [(lv, level_name(lv)) for lv in LEVELS]))
        rows.append(
            (
                "timer",
                _("Turn timer"),
                [
                    (None, _("None")),
                    (15.0, _("{n} s").format(n=15)),
                    (30.0, _("{n} s").format(n=30)),
                    (60.0, _("{n} s").format(n=60)),
                    (120.0, _("{n} min").format(n=2)),
                ],
            )
        )
        rows.append(("hints", _("Hints"), [(False, _("Not allowed")), (True, _("Allowed"))]))
        rows.append(
            (
                "grace",
                _("A player drops out"),
                [
                    (
                        DEFAULT_GRACE,
                        _("Bot after {seconds:.0f} s").format(seconds=DEFAULT_GRACE),
                    ),
                    (60.0, _("Bot after 1 min")),
                    (None, _("Wait for them")),
                ],
            )
        )
        rows.append(
            (
                "interface",
                _("Listen on"),
                [("0.0.0.0", _("All interfaces"))]
                + [(a, a) for a in lan_addresses()]
                + [("127.0.0.1", _("This computer only"))],
            )
        )
        rows.append(("port", _("Port"), None))
        rows.append(("web", _("Browser table"), [(True, _("On")), (False, _("Off"))]))
        rows.append(("code", _("Private code (optional)"), None))
        return rows

    def resize(self) -> None:
        rows = self._rows()
        # Laid out for the game with the most options whichever is chosen: choosing another
        # game must not move the rows above its options from under the pointer.
        most = max(len(menu_options(game)) for game in GAMES)
        count = len(rows) - len(menu_options(self.values["game"])) + most
        labels, controls = layout.form_rows(self.size, count)
        self.labels = [(label, rect) for (_key, label, _choices), rect in zip(rows, labels)]
        self.form = widgets.Form()
        self.fields: dict[str, widgets.Widget] = {}
        self.texts: dict[str, widgets.TextField] = {}
        """The text rows (port, code) by key."""
        game = self.values["game"]
        for (key, _label, choices), rect in zip(rows, controls):
            widget: widgets.Widget
            if choices is None:
                widget = self.texts[key] = widgets.TextField(
                    rect, str(self.values[key]), max_len=24, on_enter=self.start
                )
            else:
                value = self.options[game][key[4:]] if key.startswith("opt:") else self.values[key]
                widget = widgets.Choice(rect, choices, value, on_change=partial(self.changed, key))
            self.fields[key] = self.form.add(widget)
        back, go = layout.bottom_buttons(self.size, 2)
        self.form.add(widgets.Button(back, _("Back"), lambda: self.app.pop(self)))
        start = self.form.add(
            widgets.Button(
                go, _("Start") if self.mode == "single" else _("Host"), self.start, style="primary"
            )
        )
        self.form.focus(start)

    def changed(self, key: str, value: Any) -> None:
        if key.startswith("opt:"):
            self.options[self.values["game"]][key[4:]] = value
            return
        self.values[key] = value
        if key == "game":
            cls = GAMES[value]
            self.values["bots"] = min(
                max(self.values["bots"], cls.min_players - 1), cls.max_players - 1
            )
            self.values["players"] = min(
                max(self.values["players"], cls.min_players), cls.max_players
            )
            self.resize()
            self.form.focus(self.fields["game"])

    def start(self) -> None:
        """Check the choices with the engine (a clear message if it refuses them) and go."""
        game = self.values["game"]
        options = dict(self.options[game])
        players = self.values["bots"] + 1 if self.mode == "single" else self.values["players"]
        try:
            new_game(game, players, 0, options)
        except ValueError as err:
            self.error = refusal(game, str(err))
            return
        self.error = ""
        if self.mode == "single":
            # a file that cannot be written costs only the next setup's defaults, not this game
            self.app.remember(single=self.remembered())
            start_local(self.app, game, players, self.values["level"], options)
            return
        try:
            port = int(self.texts["port"].value)
            if not 1 <= port <= 65535:
                raise ValueError
        except ValueError:
            self.error = _("The port is a number from 1 to 65535 (7777 is the usual one).")
            return
        code = self.texts["code"].value.strip() or None
        self.values.update(port=str(port), code=code or "")
        self.app.remember(host=self.remembered())
        start_host(
            self.app,
            self.values["interface"],
            port,
            game,
            players,
            self.values["level"],
            options,
            self.values["timer"],
            code,
            self.values["grace"],
            hints=self.values["hints"],
            web=self.values["web"],
        )

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.s
        title = _("Single player") if self.mode == "single" else _("Host a LAN game")
        menu_page(surface, title, s)
        for label, rect in self.labels:
            widgets.blit_text(
                surface, label, max(12, int(rect.height * 0.5)), palette.TEXT, rect, "right"
            )
        self.form.draw(surface)
        if self.error:
            buttons = layout.bottom_buttons(self.size, 2)
            widgets.blit_text(
                surface,
                self.error,
                layout.px(20, s, 11),
                palette.DANGER,
                pygame.Rect(0, buttons[0].top - layout.px(34, s), self.size[0], layout.px(26, s)),
            )
