"""The offline floor (narrator/audio/floors.py): German through MBROLA where its voices are installed, else plain
espeak-ng; what `voices list` and `doctor` say about it. The real espeak-ng and MBROLA (make test installs both)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from narrator.audio import floors
from narrator.audio.floors import better_command, floor, floor_engine, mbrola_here, packages, report
from narrator.audio.voices import all_voices, load_voice
from narrator.system import MBROLA
from narrator.yamlfile import YamlError


def test_a_german_narrator_speaks_through_mbrola_here() -> None:
    voices = all_voices()
    assert mbrola_here("de6") and mbrola_here("de7")  # make test installed them
    engine = floor_engine(voices["leopold"])
    assert engine.settings.model == "mb-de6"
    clip = engine.synthesize("Die Nacht bricht herein.")
    assert clip.seconds > 0.5 and float(np.abs(clip.samples).max()) > 0.05
    assert "/mb-de6/" in engine.identity()  # a pack rendered by the plain floor is not taken for this one


def test_male_narrators_take_de6_and_female_ones_de7_spanish_none() -> None:
    voices = all_voices()
    chosen = {name: v.mbrola.model for name, v in voices.items() if v.mbrola is not None}
    assert chosen == {"leopold": "mb-de6", "konrad": "mb-de6", "jutta": "mb-de7", "mechthild": "mb-de7",
                      "hedda": "mb-de7"}
    assert all(floor(v).model == v.floor.model for v in voices.values() if v.language == "es" and v.floor)


def test_without_mbrola_the_plain_floor_speaks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert not mbrola_here("de6", root=tmp_path)  # the voice is not where espeak-ng looks
    assert not mbrola_here("de6", program="no-such-mbrola")
    monkeypatch.setattr(floors, "MBROLA_VOICES", tmp_path)
    voices = all_voices()
    assert floor_engine(voices["leopold"]).settings.model == "de+m3"
    assert floor_engine(voices["jutta"]).settings.model == "de+f3"
    assert floor_engine(voices["jutta"]).synthesize("Hallo").seconds > 0.2


def test_mbrola_found_the_ways_espeak_ng_looks(tmp_path: Path) -> None:
    for where in ("de6", "de6/de6", "voices/de6"):
        root = tmp_path / where.replace("/", "_")
        (root / where).parent.mkdir(parents=True, exist_ok=True)
        (root / where).write_bytes(b"diphones")
        assert mbrola_here("de6", root=root), where


def test_what_is_said_with_and_without_mbrola() -> None:
    voices = all_voices()
    said = report(voices, here=lambda name: True)
    assert said == ["English, when its natural voice is not here: plain espeak-ng speaks",
                    "German, when its natural voice is not here: espeak-ng with MBROLA (mb-de6, mb-de7) speaks",
                    "Spanish, when its natural voice is not here: plain espeak-ng speaks"]
    said = report(voices, here=lambda name: False)
    assert said[1].startswith("German, when its natural voice is not here: plain espeak-ng speaks; clearer")
    assert [line.split(":")[0].strip() for line in said[2:5]] == ["Debian", "Raspberry Pi OS", "macOS"]
    assert "contrib non-free" in said[2] and said[2].endswith("sudo apt-get install mbrola mbrola-de6 mbrola-de7")
    assert said[3].endswith("sudo apt install mbrola mbrola-de6 mbrola-de7")
    assert "Homebrew has no MBROLA" in said[4] and said[5].startswith("Spanish")


def test_the_picker_gets_this_systems_line_only_when_a_better_floor_is_missing() -> None:
    leopold, alvaro = all_voices()["leopold"], all_voices()["alvaro"]
    assert better_command(leopold, here=lambda n: False, system="raspberry") == \
        "sudo apt install mbrola mbrola-de6 mbrola-de7"
    assert better_command(leopold, here=lambda n: True, system="raspberry") == ""
    assert better_command(alvaro, here=lambda n: False, system="debian") == ""


def test_the_packages_make_test_installs_are_the_voices_own() -> None:
    assert packages(all_voices().values()) == MBROLA.apt.split()


def test_an_mbrola_voice_of_another_language_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("persona: X\nengine: piper\nmodel: de_DE-x-low\nlanguage: de\nfallback: de+m3\nmbrola: es1\n")
    with pytest.raises(YamlError) as caught:
        load_voice(path)
    assert "line 6" in str(caught.value) or ":6" in str(caught.value)
    assert "mbrola: one of MBROLA's voices of the same language" in str(caught.value)
