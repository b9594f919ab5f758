"""The narrators, and the natural voice offered the first time a language is played.

No internet here: the network is faked at urllib's urlopen, the one call the download code makes,
so the real download code runs (size, progress, cancel, clean-up). Nothing waits on the clock: the
page's background work is run at once.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import ClassVar

import pytest

from narrator.audio import voices
from narrator.audio.engines import EngineError, PiperEngine, VoiceSettings
from narrator.audio.floors import floor_engine
from narrator.audio.offer import ANSWERS, answered, consider, render_command, say
from narrator.audio.table import choose_voice, natural_ready
from narrator.audio.voices import DownloadCancelled, all_voices, download, find_voice, probe
from narrator.cli.voiceactions import offer_at_the_terminal

from ..huggingface import MODEL, Server, offline, own_data
from ..sounds import PACKSCRIPT

# The German and Spanish Piper voices as the Piper project lists them (rhasspy/piper VOICES.md).
PUBLISHED = {"de_DE-eva_k-x_low", "de_DE-karlsson-low", "de_DE-kerstin-low", "de_DE-mls-medium", "de_DE-pavoque-low",
             "de_DE-ramona-low", "de_DE-thorsten-low", "de_DE-thorsten-medium", "de_DE-thorsten-high",
             "de_DE-thorsten_emotional-medium", "es_ES-carlfm-x_low", "es_ES-davefx-medium", "es_ES-mls_10246-low",
             "es_ES-mls_9972-low", "es_ES-sharvard-medium"}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return own_data(tmp_path, monkeypatch)


# -- the narrators ------------------------------------------------------------------------------
def test_the_five_german_narrators_are_published_piper_voices_with_an_espeak_floor() -> None:
    shipped = all_voices()
    german = {v.persona: v for v in shipped.values() if v.language == "de"}
    assert set(german) == {"Jutta", "Leopold", "Konrad", "Mechthild", "Hedda"}
    assert len({v.settings.model for v in german.values()}) == 5, "five different voices, not one voice five times"
    for voice in german.values():
        assert voice.settings.engine == "piper" and voice.settings.model in PUBLISHED, voice.name
        assert voice.floor is not None and voice.floor.engine == "espeak" and voice.floor.model.startswith("de")
    assert len({v.floor.model for v in german.values() if v.floor}) == 5


def test_two_distinct_narrators_in_english_and_three_in_spanish() -> None:
    shipped = all_voices()
    spanish = [v for v in shipped.values() if v.language == "es"]
    assert {v.persona for v in spanish} == {"Álvaro", "Lucía", "Mateo"}
    assert all(v.settings.engine == "piper" and v.settings.model in PUBLISHED for v in spanish)
    assert len({(v.settings.model, v.settings.speaker) for v in spanish}) == 3
    english = [v for v in shipped.values() if v.language == "en"]
    assert len({v.persona for v in english}) >= 2 and shipped["joe"].settings.engine == "piper"


@pytest.mark.parametrize("name", ["jutta", "leopold", "konrad", "mechthild", "hedda", "alvaro", "lucia", "mateo"])
def test_every_floor_speaks_offline(name: str) -> None:
    voice = find_voice(name)
    clip = floor_engine(voice).synthesize("Hallo" if voice.language == "de" else "Hola")
    assert clip.seconds > 0.2


def test_lucia_is_the_female_speaker_of_sharvard() -> None:
    lucia = find_voice("lucia")
    engine = PiperEngine(lucia.settings)

    class Config:
        speaker_id_map: ClassVar[dict[str, int]] = {"M": 0, "F": 1}
        num_speakers = 2

    class Model:
        config = Config()

    assert engine.speaker_id(Model()) == 1 and "/F/" in engine.identity()
    wrong = PiperEngine(VoiceSettings("piper", lucia.settings.model, "es", speaker="X"))
    with pytest.raises(EngineError, match="no speaker 'X'"):
        wrong.speaker_id(Model())
    assert PiperEngine(find_voice("alvaro").settings).speaker_id(Model()) is None


def test_without_its_model_a_german_narrator_speaks_with_its_own_espeak_variant(data: Path) -> None:
    warned: list[str] = []
    jutta = choose_voice("jutta", "de", warned.append)
    assert jutta.name == "jutta" and floor_engine(jutta).settings.model == "mb-de7"  # MBROLA is installed here
    assert len(warned) == 1 and "espeak-ng speaks instead" in warned[0]
    assert choose_voice("jutta", "de", warned.append, told=True) and len(warned) == 1  # the offer already said it


# -- the real download code, behind a fake network ------------------------------------------------
def test_the_size_is_known_before_the_download(monkeypatch: pytest.MonkeyPatch) -> None:
    server = Server()
    monkeypatch.setattr(voices.urllib.request, "urlopen", server)
    assert probe("de_DE-thorsten-medium") == len(MODEL)
    assert server.requests == [("HEAD", voices.PIPER_URL.format(
        family="de", code="de_DE", name="thorsten", quality="medium", ext=".onnx"))]


def test_progress_is_reported_block_by_block(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(voices.urllib.request, "urlopen", Server())
    seen: list[tuple[int, int]] = []
    path = download("de_DE-kerstin-low", tmp_path, progress=lambda done, total: seen.append((done, total)))
    assert path.read_bytes() == MODEL and json.loads((tmp_path / "de_DE-kerstin-low.onnx.json").read_text())
    assert seen[0] == (0, len(MODEL)) and seen[-1] == (len(MODEL), len(MODEL)) and len(seen) > 10
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["de_DE-kerstin-low.onnx", "de_DE-kerstin-low.onnx.json"]


def test_a_cancelled_download_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(voices.urllib.request, "urlopen", Server())
    blocks: list[int] = []
    with pytest.raises(DownloadCancelled):
        download("de_DE-kerstin-low", tmp_path, progress=lambda d, t: blocks.append(d),
                 cancelled=lambda: len(blocks) > 3)
    assert not list(tmp_path.iterdir()), "the partial model and the config are removed"

    def ctrl_c(done: int, total: int) -> None:
        if done > 200_000:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        download("de_DE-kerstin-low", tmp_path, progress=ctrl_c)
    assert not list(tmp_path.iterdir())


def test_a_connection_lost_midway_is_offline_and_leaves_nothing(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    def drop(reads: int) -> None:
        if reads == 5:
            raise ConnectionResetError("Connection reset by peer")

    monkeypatch.setattr(voices.urllib.request, "urlopen", Server(on_read=drop))
    with pytest.raises(voices.Offline, match="offline"):
        download("es_ES-davefx-medium", tmp_path)
    assert not list(tmp_path.iterdir())


# -- the terminal ---------------------------------------------------------------------------------
def no_prompt(text: str) -> str:
    raise AssertionError(f"asked: {text}")


def test_offline_the_terminal_says_one_line_and_asks_nothing(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(voices.urllib.request, "urlopen", offline)
    out = io.StringIO()
    assert offer_at_the_terminal("de", None, data, None, ask=no_prompt, out=out)
    assert out.getvalue() == ("wolfcall: Kein Internet: Die deutsche Stimme kann jetzt nicht heruntergeladen werden; "
                              "stattdessen spricht espeak-ng.\n")
    assert say("en", "offline") == "no internet: the English voice cannot be downloaded now; espeak-ng speaks instead"
    assert answered(data, "de") is None, "offline is not an answer: online, the table is asked"


def test_yes_downloads_with_a_progress_bar_then_renders_the_pack(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(voices.urllib.request, "urlopen", Server())
    prompts: list[str] = []
    rendered: list[tuple[str, Path | None]] = []
    out = io.StringIO()
    assert not natural_ready("es", data / "packs")
    told = offer_at_the_terminal("es", "lucia", data, PACKSCRIPT, ask=lambda p: prompts.append(p) or "s", out=out,
                                 typed_no=lambda: False, start_render=lambda v, s, d: rendered.append((v.name, s)))
    assert told and len(prompts) == 1
    assert "Lucía, 3\u00a0MB" in prompts[0] and prompts[0].endswith("[S/n] ")
    assert "3.07M/3.07M" in out.getvalue()  # the progress bar, to the end
    assert "La voz de Lucía está lista" in out.getvalue()
    assert (data / "piper" / "es_ES-sharvard-medium.onnx").read_bytes() == MODEL
    assert rendered == [("lucia", PACKSCRIPT)] and natural_ready("es", data / "packs")
    assert consider("es", "lucia", data) is None  # a natural voice is here now: nothing more to offer


def test_no_is_remembered_and_not_asked_again(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = Server()
    monkeypatch.setattr(voices.urllib.request, "urlopen", server)
    out = io.StringIO()
    assert offer_at_the_terminal("de", "konrad", data, None, ask=lambda p: "n", out=out)
    assert "diese Frage kommt nicht wieder" in out.getvalue() and "wolfcall voices download de_DE-pavoque-low" in \
        out.getvalue()
    assert json.loads((data / ANSWERS).read_text()) == {"de": "no"}
    asked = len(server.requests)
    assert not offer_at_the_terminal("de", "konrad", data, None, ask=no_prompt, out=io.StringIO())
    assert len(server.requests) == asked, "not even the size is asked again"
    assert not (data / "piper").exists() or not list((data / "piper").iterdir())


def test_ctrl_c_at_the_prompt_is_no(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(voices.urllib.request, "urlopen", Server())

    def ctrl_c(prompt: str) -> str:
        raise KeyboardInterrupt

    assert offer_at_the_terminal("de", None, data, None, ask=ctrl_c, out=io.StringIO())
    assert answered(data, "de") == "no"


@pytest.mark.parametrize("how", ["n", "ctrl-c"])
def test_cancel_during_the_download(data: Path, monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    monkeypatch.setattr(voices.urllib.request, "urlopen", Server())
    polls: list[int] = []

    def typed_no() -> bool:
        polls.append(1)
        if len(polls) == 5 and how == "ctrl-c":
            raise KeyboardInterrupt
        return len(polls) == 5

    out = io.StringIO()
    rendered: list[object] = []
    assert offer_at_the_terminal("de", None, data, None, ask=lambda p: "", out=out, typed_no=typed_no,
                                 start_render=lambda *a: rendered.append(a))
    assert "Herunterladen abgebrochen" in out.getvalue() and "wolfcall voices download de_DE-thorsten-medium" in \
        out.getvalue()
    assert not list((data / "piper").iterdir()), "the partial model is removed"
    assert not rendered and answered(data, "de") == "no"


def test_the_background_render_is_wolfcall_voices_render() -> None:
    command = render_command(find_voice("leopold"), Path("/x/scripts"))
    assert command[1:] == ["-m", "narrator", "voices", "render", "--voice", "leopold", "--background",
                           "--scripts", "/x/scripts"]
