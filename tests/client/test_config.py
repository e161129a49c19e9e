"""Settings kept between runs: defaults, saving, and a damaged file that never crashes."""

import json

from game.client import config
from game.client.config import Settings, load_settings, save_settings


def test_folders_follow_xdg(private_folders):
    assert config.config_dir() == private_folders / "config" / "cardtable"
    assert config.log_dir() == private_folders / "data" / "cardtable" / "logs"


def test_no_file_gives_defaults_without_a_message():
    settings, problem = load_settings()
    assert problem is None
    assert settings == Settings(name=settings.name)
    assert 1 <= len(settings.name) <= config.MAX_NAME


def test_saved_settings_come_back():
    settings = Settings(name="Ann", width=1600, height=900, speed=2.0, sound=False)
    assert save_settings(settings) is None
    again, problem = load_settings()
    assert problem is None and again == settings


def test_a_corrupt_file_falls_back_to_defaults_with_a_message():
    path = config.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    settings, problem = load_settings()
    assert problem and "defaults" in problem
    assert settings.width == 1280
    assert path.read_text(encoding="utf-8") == "{not json"  # left for the player to look at


def test_wrong_kinds_and_ranges_are_mended():
    path = config.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps(
            {"name": "   ", "width": 5, "height": 99999, "speed": 3.3, "sound": 0, "unknown": 1}
        ),
        encoding="utf-8",
    )
    settings, problem = load_settings()
    assert problem is None
    assert (settings.width, settings.height) == (config.MIN_SIZE[0], 4320)
    assert settings.speed == 1.0 and settings.sound is False and settings.name
    path.write_text(json.dumps({"width": "wide"}), encoding="utf-8")
    settings, problem = load_settings()
    assert problem and settings == Settings(name=settings.name)
    path.write_text("[1, 2]", encoding="utf-8")
    assert load_settings()[1]
