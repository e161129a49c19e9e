"""Where the client keeps its files, and the player's settings kept between runs."""

from __future__ import annotations

import getpass
import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.client.i18n import LANGUAGES, _
from game.replay.cache import APP as APP_DIR

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
"""The animation speeds the settings offer (1.0 = normal)."""
PACES: dict[str, float] = {"relaxed": 1.8, "normal": 1.1, "fast": 0.45, "instant": 0.0}
"""Each bot-speed setting: the real seconds at least that each step of another player stays
in view before the next one starts (the default lets a person read every bot move)."""
MIN_SIZE = (800, 480)
"""The smallest window the layout is made for; smaller requests are raised to it."""
MAX_NAME = 24
"""The server's default `max_name`: a longer name would be refused at hello."""


def config_dir() -> Path:
    """The platform's settings folder for the program (platformdirs: on Linux
    $XDG_CONFIG_HOME/cardtable, default ~/.config/cardtable); not created here."""
    return Path(platformdirs.user_config_dir(APP_DIR, appauthor=False))


def data_dir() -> Path:
    """The platform's data folder for the program (platformdirs: on Linux
    $XDG_DATA_HOME/cardtable, default ~/.local/share/cardtable); not created here."""
    return Path(platformdirs.user_data_dir(APP_DIR, appauthor=False))


def log_dir() -> Path:
    """Where embedded servers write their replay logs (so a game played is a replay later)."""
    return data_dir() / "logs"


def seats_dir() -> Path:
    """Where the client keeps the seat tokens of unfinished games (game/client/kept.py)."""
    return data_dir() / "seats"


def desync_dir() -> Path:
    """Where the client writes a report each time its model drifts from the server's view."""
    return data_dir() / "desync"


def default_name() -> str:
    """The login name, capitalised and cut to a name the server accepts; "Player" if none."""
    try:
        name = getpass.getuser().strip().capitalize()
    except (KeyError, OSError):  # no passwd entry (e.g. a container user)
        name = ""
    return clean_name(name) or "Player"


def clean_name(name: str) -> str:
    """`name` without surrounding blanks and unprintable characters, at most MAX_NAME long."""
    return "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]


@dataclass
class Settings:
    """What the player sets once and keeps: name, language, window size, animation speed,
    bot pace, sound."""

    name: str = field(default_factory=default_name)
    width: int = 1280
    height: int = 720
    speed: float = 1.0
    sound: bool = True
    language: str = ""
    """A key of i18n.LANGUAGES, or "" until the player chooses: then the system's locale."""
    address: str = "127.0.0.1:7777"
    """The last address joined, offered again next time."""
    pace: str = "normal"
    """How fast other players' moves follow one another on the table (a key of PACES)."""
    single: dict[str, Any] = field(default_factory=dict)
    """The last single-player choices ("game", "bots", "level", and "options" by game), offered
    again when that setup next opens; the setup screen checks each against what it offers."""
    host: dict[str, Any] = field(default_factory=dict)
    """The last choices made to host a LAN game (players, timer, port… and "options" by
    game), offered again like `single`."""

    def checked(self) -> Settings:
        """A copy with every field brought into range (a hand-edited file may hold anything)."""
        name = clean_name(self.name) if isinstance(self.name, str) else ""
        speed = self.speed if self.speed in SPEEDS else 1.0
        return Settings(
            name=name or default_name(),
            width=max(MIN_SIZE[0], min(7680, int(self.width))),
            height=max(MIN_SIZE[1], min(4320, int(self.height))),
            speed=speed,
            sound=bool(self.sound),
            language=self.language if self.language in LANGUAGES else "",
            address=self.address if isinstance(self.address, str) else "",
            pace=self.pace if isinstance(self.pace, str) and self.pace in PACES else "normal",
            single=dict(self.single) if isinstance(self.single, dict) else {},
            host=dict(self.host) if isinstance(self.host, dict) else {},
        )


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults. Returns (settings, problem): `problem` says in
    words why the file could not be used (it is then left as it is); None when all is well
    or no file exists yet. Never raises for a missing, unreadable or corrupt file."""
    path = path or settings_path()
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        return Settings(), _(
            "Your settings file could not be read ({why}); using the defaults."
        ).format(why=err)
    if not isinstance(raw, dict):
        return Settings(), _("Your settings file is not a settings object; using the defaults.")
    known = {f.name for f in fields(Settings)}
    try:
        settings = Settings(**{k: v for k, v in raw.items() if k in known}).checked()
    except (TypeError, ValueError) as err:
        return Settings(), _(
            "Your settings file has a bad value ({why}); using the defaults."
        ).format(why=err)
    return settings, None


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write `settings` atomically; returns a problem in words, or None when saved."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(settings), indent=2), encoding="utf-8")
        os.replace(tmp, path)
    except OSError as err:
        return _("Could not save your settings ({why}).").format(why=err.strerror or err)
    return None
