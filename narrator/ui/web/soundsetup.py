"""The setup screen's Sound section (host only): the outputs to play through, the volume, a test line.

The choice is kept in config.yaml (`audio_device`, `volume`: only those two lines are rewritten; the file that
was read, else the user's own, narrator/config.py config_target) and
used by the game's speaker (narrator/ui/web/tablevoice.py). The outputs are asked of miniaudio when the
section is first drawn and again at each of its messages (a speaker plugged in shows up at the next
tap), not at every redraw of the setup screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from narrator.audio.mixer import CONFIG_KEYS
from narrator.audio.outputs import DEFAULT, Output, SoundCheck, outputs, playback_devices
from narrator.audio.sinks import Sink, SinkError, open_sink
from narrator.audio.table import spoken
from narrator.config import Config, ConfigError, config_target, save_layers, save_sound
from narrator.ui.web.guard import Refusal
from narrator.ui.web.ports import HubLike
from narrator.ui.web.strings import strings

CARD = ("auto", "miniaudio", "simpleaudio", "aplay", "pw-play")  # the `audio` kinds that play at the table


class SoundSetup:
    def __init__(self, cfg: Config, audio: str, keeps_config: bool = True) -> None:
        self.cfg, self.audio = cfg, audio
        self.keeps_config = keeps_config  # an online room's choice is its own: the site's config is every room's
        self.backends: list[Any] | None = None  # miniaudio's backends to use (tests: the NULL backend)
        self.listed: list[Output] | None = None
        self.check = SoundCheck(self._open)
        self.lang, self.voice = "en", ""  # the narrator the test line is said by (the draft's)

    # -- what the setup screen shows -----------------------------------------------------
    def devices(self) -> list[dict[str, Any]]:
        """The one question to miniaudio (replaced in tests by a list of its own)."""
        return playback_devices(self.backends)

    def outputs(self, fresh: bool = False) -> list[Output]:
        if self.listed is None or fresh:
            self.listed = outputs(self.devices)
        return self.listed

    def screen(self) -> dict[str, Any]:
        """`outputs` (id and name of each), the chosen `device` ("default" or an id) and the `volume`."""
        return {"outputs": [o.to_json() for o in self.outputs()], "device": self.cfg.audio_device,
                "volume": self.cfg.volume}

    # -- what the host sends ----------------------------------------------------------------
    def choose(self, hub: HubLike, device: object) -> None:
        """`sound_device`: play through `device` ("default" or one of the outputs listed)."""
        self._at_setup(hub)
        if device != DEFAULT and device not in [o.id for o in self.outputs(fresh=True)]:
            raise Refusal("sound.device", "that sound device is not here")
        assert isinstance(device, str)
        self._keep(device, self.cfg.volume)
        hub.show({"screen": "setup"})

    def set_volume(self, hub: HubLike, volume: object) -> None:
        """`sound_volume`: 0 to 100."""
        self._at_setup(hub)
        if not isinstance(volume, int) or isinstance(volume, bool) or not 0 <= volume <= 100:
            raise ValueError("a volume is a whole number from 0 to 100")
        self._keep(self.cfg.audio_device, volume)
        hub.show({"screen": "setup"})

    def test(self, hub: HubLike) -> None:
        """`sound_test`: a short line in the draft's language, by its narrator, through the chosen output."""
        self._at_setup(hub)
        self.outputs(fresh=True)
        self.lang, self.voice = hub.draft.lang, hub.draft.voice
        text = strings(self.lang)["sound.test_line"]
        try:
            self.check.play(lambda: spoken(text, self.lang, self.voice))
        except SinkError as exc:
            raise Refusal("sound.none", str(exc)) from None

    # -- helpers ------------------------------------------------------------------------------
    def _open(self) -> Sink:
        if self.audio not in CARD:
            raise SinkError(f"audio '{self.audio}' plays nothing at the table")
        return open_sink(self.audio, self.cfg.audio_device, self.cfg.volume, self.backends)

    def _at_setup(self, hub: HubLike) -> None:
        if hub.table is not None and hub.screen.get("screen") != "setup":
            raise Refusal("setup.running", "the game is running; start a new game to change the setup")

    def keep_levels(self, levels: dict[str, int]) -> None:
        """The setup's sound levels (voice, bed, cues), for the next run too: into config.yaml (_save)."""
        self.cfg.layers.update({CONFIG_KEYS[layer]: volume for layer, volume in levels.items()})
        self._save(lambda path: save_layers(path, self.cfg.layers))

    def _keep(self, device: str, volume: int) -> None:
        """The choice, for the next game and, at home, in config.yaml (_save)."""
        self.cfg.audio_device, self.cfg.volume = device, volume
        if self.keeps_config:
            self._save(lambda path: save_sound(path, device, volume))

    def _save(self, write: Callable[[Path], None]) -> None:
        """Into the config.yaml that was read, else into the user's own, which is read from then on."""
        target = config_target(self.cfg)
        try:
            write(target)
        except ConfigError as exc:
            raise Refusal("sound.save", str(exc)) from None
        self.cfg.path = target


__all__ = ["SoundSetup"]
