"""Every scene by name: scenes open one another through `App.scene(name, …)` and never import
each other, so no scene module depends on another one."""

from __future__ import annotations

from game.client.scenes import Scene
from game.client.scenes.join import JoinScene
from game.client.scenes.lobby import LobbyScene
from game.client.scenes.replays import ReplaysScene
from game.client.scenes.rules import RulesScene
from game.client.scenes.settings import SettingsScene
from game.client.scenes.setup import SetupScene
from game.client.scenes.table import TableScene
from game.client.scenes.title import TitleScene
from game.client.scenes.viewer import ViewerScene

SCENES: dict[str, type[Scene]] = {
    "title": TitleScene,
    "setup": SetupScene,
    "join": JoinScene,
    "lobby": LobbyScene,
    "table": TableScene,
    "replays": ReplaysScene,
    "viewer": ViewerScene,
    "settings": SettingsScene,
    "rules": RulesScene,
}
"""The scene classes by the names `App.scene` takes."""
