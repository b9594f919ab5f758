"""config.yaml's settings (narrator/config.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.config import AUDIO, Config, ConfigError, config_target, load_config, save_sound
from narrator.resources import CONFIG


@pytest.mark.parametrize("audio", ["auto", "miniaudio", "simpleaudio", "aplay", "pw-play", "file", "none"])
def test_config_accepts_every_audio_the_speaker_builds(audio: str, tmp_path: Path) -> None:
    cfg = tmp_path / "config.yaml"
    cfg.write_text(f"audio: {audio}\n")
    assert load_config(cfg).audio == audio
    assert audio in AUDIO


GROUP_CONFIG = """# our table's settings
language: de            # German evenings
audio: auto             # auto | miniaudio
audio_device: default   # the speaker, by name
volume: 100             # 0 to 100

house_rules:
  step_seconds: 4       # quick nights
"""


def test_the_sound_choice_is_written_back_on_its_own_lines(tmp_path: Path) -> None:
    cfg = tmp_path / "config.yaml"
    cfg.write_text(GROUP_CONFIG)
    save_sound(cfg, "USB Speaker", 35)
    before, after = GROUP_CONFIG.splitlines(), cfg.read_text().splitlines()
    assert [(b, a) for b, a in zip(before, after, strict=True) if b != a] == [
        ("audio_device: default   # the speaker, by name", "audio_device: USB Speaker # the speaker, by name"),
        ("volume: 100             # 0 to 100", "volume: 35              # 0 to 100")]
    read = load_config(cfg)
    assert (read.audio_device, read.volume, read.language, read.house.step_seconds) == ("USB Speaker", 35, "de", 4)
    for name in ("yes", "HDA Intel: #2", "'quoted'", "Ñandú 7.1"):  # a name YAML would read otherwise stays a name
        save_sound(cfg, name, 0)
        assert load_config(cfg).audio_device == name
    assert cfg.read_text().splitlines()[:3] == before[:3] and cfg.read_text().splitlines()[5:] == before[5:]


def test_a_config_without_the_sound_keys_gets_them_at_the_end(tmp_path: Path) -> None:
    cfg = tmp_path / "config.yaml"
    cfg.write_text("language: es  # la mesa\nplayers: 8")  # no newline at the end
    assert (load_config(cfg).audio_device, load_config(cfg).volume) == ("default", 100)
    save_sound(cfg, "HDMI", 80)
    assert cfg.read_text() == "language: es  # la mesa\nplayers: 8\naudio_device: HDMI\nvolume: 80\n"
    assert (load_config(cfg).audio_device, load_config(cfg).volume, load_config(cfg).players) == ("HDMI", 80, 8)


@pytest.mark.parametrize(("line", "key"), [("volume: 120", "volume"), ("volume: loud", "volume"),
                                           ("volume: yes", "volume"), ("audio_device: [1, 2]", "audio_device"),
                                           ("audio_device: 3", "audio_device"), ("audio_device: ''", "audio_device")])
def test_a_bad_sound_setting_names_the_file_the_line_and_the_key(tmp_path: Path, line: str, key: str) -> None:
    cfg = tmp_path / "config.yaml"
    cfg.write_text(f"# sound\nlanguage: en\n{line}\n")
    with pytest.raises(ConfigError) as caught:
        load_config(cfg)
    assert str(caught.value).startswith(f"{cfg}:3: {key}: ")
    with pytest.raises(ValueError):
        save_sound(cfg, "x", 101)
    assert cfg.read_text() == f"# sound\nlanguage: en\n{line}\n", "a refused value is not written"


def test_each_layer_of_the_mix_has_its_volume(tmp_path: Path) -> None:
    path = tmp_path / "config.yaml"
    path.write_text("language: en\nbed_volume: 0\ncue_volume: 35\n")
    assert load_config(path).layers == {"voice_volume": 100, "bed_volume": 0, "cue_volume": 35}
    path.write_text("language: en\nvoice_volume: 90\nbed_volume: loud\n")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert "config.yaml:3" in str(err.value) and "bed_volume" in str(err.value) and "volume" in str(err.value)


@pytest.fixture
def stood_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty folder to stand in, and an empty config folder of the user's own."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    return tmp_path


def test_config_yaml_is_looked_for_here_then_in_the_users_config_folder(stood_in: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_config() == Config()
    mine = stood_in / "xdg" / "wolfcall" / "config.yaml"
    mine.parent.mkdir(parents=True)
    mine.write_text("language: de\n")
    assert (load_config().language, load_config().path) == ("de", mine)
    (stood_in / "config.yaml").write_text("language: es\n")
    assert (load_config().language, load_config().path) == ("es", Path("config.yaml"))
    monkeypatch.chdir(stood_in / "xdg")
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(stood_in / "home"))
    assert load_config().path is None
    home = stood_in / "home" / ".config" / "wolfcall" / "config.yaml"  # without XDG_CONFIG_HOME: ~/.config
    home.parent.mkdir(parents=True)
    home.write_text("language: de\n")
    assert (load_config().language, load_config().path) == ("de", home)


def test_the_shipped_config_yaml_says_the_defaults() -> None:
    assert load_config(CONFIG) == Config(path=CONFIG)


def test_what_the_page_keeps_without_a_config_yaml_starts_the_users_own(stood_in: Path) -> None:
    target = config_target(load_config())
    assert target == stood_in / "xdg" / "wolfcall" / "config.yaml" and not target.exists()
    save_sound(target, "USB Speaker", 40)
    text = target.read_text()
    assert text.startswith(CONFIG.read_text().split("\n")[0]) and "volume: 40" in text  # every setting, commented
    cfg = load_config()
    assert (cfg.path, cfg.audio_device, cfg.volume) == (target, "USB Speaker", 40)
    assert config_target(cfg) == target
    (stood_in / "config.yaml").write_text("volume: 10\n")
    assert config_target(load_config()) == Path("config.yaml")  # the file that was read
