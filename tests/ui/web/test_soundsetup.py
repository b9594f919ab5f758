"""The setup screen's Sound section through the hub: outputs listed, a test line played, the choice kept
(narrator/ui/web/soundsetup.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import miniaudio
import pytest

from narrator.audio.sinks import MiniaudioSink
from narrator.config import Config, load_config
from narrator.speech.script import SHIPPED, load
from narrator.ui.web.hub import Hub
from narrator.ui.web.ports import Hooks

SCRIPT = load(SHIPPED)
GUARD_S = 120  # a guard against a hang only


def sound_hub(tmp_path: Path, cfg: Config | None = None,
              devices: list[dict[str, Any]] | None = None) -> tuple[Hub, int, list[dict[str, Any]]]:
    h = Hub(cfg or Config(), SCRIPT, tmp_path, fast=True)
    h.outputs.backends = [miniaudio.Backend.NULL]  # this machine has no sound card: miniaudio's NULL device
    if devices is not None:
        h.outputs.devices = lambda: devices  # type: ignore[method-assign]
    inbox: list[dict[str, Any]] = []
    return h, h.connect(inbox.append, host=True), inbox


def test_the_setup_screen_lists_the_outputs(tmp_path: Path) -> None:
    devices = [{"name": "Discard all samples (playback)", "id": None}, {"name": "USB Speaker", "id": None},
               {"name": "HDMI", "id": None}]
    _, _, inbox = sound_hub(tmp_path, devices=devices)
    setup = [m for m in inbox if m.get("screen") == "setup"][-1]
    assert setup["outputs"] == [{"id": "USB Speaker", "name": "USB Speaker"}, {"id": "HDMI", "name": "HDMI"}]
    assert (setup["device"], setup["volume"]) == ("default", 100)
    _, _, inbox = sound_hub(tmp_path / "bare", devices=[])
    assert [m for m in inbox if m.get("screen") == "setup"][-1]["outputs"] == []


def test_the_host_hears_a_test_line_and_a_watcher_may_not_ask(tmp_path: Path) -> None:
    h, host, inbox = sound_hub(tmp_path)
    closing: list[tuple[float, Callable[[], None]]] = []
    h.outputs.check.close_after = lambda seconds, then: closing.append((seconds, then))  # no timer: closed below
    h.handle(host, {"t": "lang", "lang": "de"})
    h.handle(host, {"t": "sound_test"})
    assert h.outputs.check.thread is not None
    h.outputs.check.thread.join(GUARD_S)
    sink = h.outputs.check.sink
    assert isinstance(sink, MiniaudioSink) and len(sink.handoffs) == 1, "the line went to the sound card"
    assert h.outputs.check.sources[-1] in ("live", "fallback")
    assert not [m for m in inbox if m["t"] == "refused"]
    assert len(closing) == 1 and closing[0][0] > 0.5
    closing[0][1]()  # the line has played: the device is let go for the game
    assert h.outputs.check.sink is None
    watcher: list[dict[str, Any]] = []
    other = h.connect(watcher.append)
    h.handle(other, {"t": "sound_test"})
    h.handle(other, {"t": "sound_volume", "volume": 10})
    assert [m["rule"] for m in watcher if m["t"] == "refused"] == ["message.not_yours"] * 2
    assert h.cfg.volume == 100


def test_no_sound_card_is_said_on_the_page(tmp_path: Path) -> None:
    h, host, inbox = sound_hub(tmp_path)
    h.outputs.audio = "none"
    h.handle(host, {"t": "sound_test"})
    assert inbox[-1]["t"] == "refused" and inbox[-1]["rule"] == "sound.none"
    assert h.outputs.check.sink is None


def test_the_choice_is_kept_in_config_yaml(tmp_path: Path) -> None:
    path = tmp_path / "config.yaml"
    path.write_text("language: en   # ours\naudio_device: default  # speaker\nvolume: 100\nweb_port: 9000\n")
    devices = [{"name": "USB Speaker", "id": None}]
    h, host, inbox = sound_hub(tmp_path, load_config(path), devices)
    h.handle(host, {"t": "sound_device", "device": "USB Speaker"})
    h.handle(host, {"t": "sound_volume", "volume": 60})
    assert path.read_text() == "language: en   # ours\naudio_device: USB Speaker # speaker\nvolume: 60\n" \
                               "web_port: 9000\n"
    setup = [m for m in inbox if m.get("screen") == "setup"][-1]
    assert (setup["device"], setup["volume"]) == ("USB Speaker", 60)
    h.handle(host, {"t": "sound_device", "device": "Bluetooth box"})
    h.handle(host, {"t": "sound_volume", "volume": 101})
    h.handle(host, {"t": "sound_volume", "volume": True})
    assert [m["rule"] for m in inbox if m["t"] == "refused"] == ["sound.device", "message.form", "message.form"]
    assert (load_config(path).audio_device, load_config(path).volume) == ("USB Speaker", 60)


def test_without_a_config_yaml_the_choice_starts_the_users_own(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """No config.yaml where `wolfcall play` runs (a pipx install): the choice is kept in the user's config folder,
    and read from there the next time."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    h, host, _ = sound_hub(tmp_path, load_config(), [{"name": "USB Speaker", "id": None}])
    h.handle(host, {"t": "sound_device", "device": "USB Speaker"})
    h.handle(host, {"t": "sound_volume", "volume": 60})
    h.outputs.keep_levels({"bed": 30})
    mine = tmp_path / "xdg" / "wolfcall" / "config.yaml"
    again = load_config()
    assert (again.path, again.audio_device, again.volume, again.layers["bed_volume"]) == (mine, "USB Speaker", 60, 30)


def test_an_online_rooms_choice_is_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's config is every room's: a room's host changes the room's sound, not the server's file (nor,
    without one, the user's config folder)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))

    class Room(Hooks):  # as narrator/online/room.py's RoomHooks says
        keeps_config = False

    site = tmp_path / "config.yaml"
    site.write_text("volume: 100\n")
    for cfg in (Config(), load_config(site)):  # none read, or the site's
        h = Hub(cfg, SCRIPT, tmp_path, fast=True, hooks=Room())
        h.handle(h.connect(lambda m: None, host=True), {"t": "sound_volume", "volume": 60})
        assert h.cfg.volume == 60 and site.read_text() == "volume: 100\n"
        assert not (tmp_path / "xdg" / "wolfcall").exists()
