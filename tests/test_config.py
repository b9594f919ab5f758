"""config.yaml's settings (narrator/config.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrator.config import AUDIO, load_config


@pytest.mark.parametrize("audio", ["auto", "miniaudio", "simpleaudio", "aplay", "pw-play", "file", "none"])
def test_config_accepts_every_audio_the_speaker_builds(audio: str, tmp_path: Path) -> None:
    cfg = tmp_path / "config.yaml"
    cfg.write_text(f"audio: {audio}\n")
    assert load_config(cfg).audio == audio
    assert audio in AUDIO
