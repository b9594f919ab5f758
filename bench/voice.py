"""Voice figures: onset per engine, gaps, pack rendering speed and size, memory of a narrated game."""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import miniaudio

from narrator.audio.ambience import OFF, moment
from narrator.audio.engines import Engine, fallback_engine
from narrator.audio.packs import Pack, open_pack, render
from narrator.audio.sinks import MiniaudioSink
from narrator.audio.speaker import AudioSpeaker
from narrator.audio.voices import engine_for, find_voice
from narrator.speech.captions import CaptionSpeaker
from narrator.speech.lines import Line, Lines, Part, RoleName, Seat, Seats
from narrator.speech.picker import Picker
from narrator.speech.script import SHIPPED, Script, load

from ._measure import metric, p95

NAMES = ["Ana", "Benedikt", "Carla", "Dario", "Eva", "Federico", "Gala", "Hugo", "Inés", "Juan", "Kira", "Luis"]
UTTERANCES = 200


def utterances(script: Script, count: int = UTTERANCES, seed: int = 1) -> list[Line]:
    """Lines as a game says them, about half of them with players' names."""
    rng = random.Random(seed)
    lines = Lines(script, "en", Picker(seed), NAMES)
    plain = ["night.start", "night.werewolves.wake", "night.seer.sleep", "dawn.start", "dawn.quiet", "day.debate",
             "day.vote.start", "night.reminder", "hunter.no_shot", "day.vote.nobody"]
    out = []
    for i in range(count):
        kind = i % 4
        if kind == 0:
            out.append(lines.say("dawn.death", player=Seat(rng.randint(1, 12))))
        elif kind == 1:
            out.append(lines.say("day.vote.out", player=Seat(rng.randint(1, 12))))
        elif kind == 2:
            seats = tuple(sorted(rng.sample(range(1, 13), 3)))
            out.append(lines.say(rng.choice(["dawn.deaths"]), players=Seats(seats)) if i % 8 == 2 else
                       lines.say("end.reveal", player=Seat(rng.randint(1, 12)), role=RoleName("seer")))
        else:
            scene = rng.choice(plain)
            out.append(lines.say(scene, night=1) if scene == "night.start" else lines.say(scene))
    return out


def onsets(lines: list[Line], pack: Pack | None, engine: Engine | None, prefetch: bool) -> list[float]:
    """Milliseconds from "speak this line" to its first sample reaching the sink (miniaudio, null device).

    With prefetch, line k+1 is prepared when line k starts, and said when line k would have ended
    or as soon as it is ready, whichever comes first; that is when the narrator would say it.
    """
    sink = MiniaudioSink(backends=[miniaudio.Backend.NULL], buffer_ms=10)
    speaker = AudioSpeaker("en", [sink], CaptionSpeaker(None), pack=pack, engine=engine,
                           fallback=fallback_engine("en"), warn=lambda m: None)
    out = []
    try:
        for name in NAMES:  # names are synthesized once at setup, as a game does
            speaker.name(Part("name", name))
        previous_seconds = 0.0
        for i, line in enumerate(lines):
            if prefetch and i == 0:
                speaker.prepare([line])
            if prefetch:
                deadline = time.perf_counter() + previous_seconds
                prepared = speaker.ready.get(line.text)
                future = prepared[1] if prepared else None
                while future is not None and not future.done() and time.perf_counter() < deadline:
                    time.sleep(0.002)
            start = time.perf_counter()
            if prefetch and i + 1 < len(lines):
                speaker.prepare([lines[i + 1]])
            previous_seconds = speaker.say(line, 0.0)
            out.append((sink.handoffs[-1] - start) * 1000)
            sink.stop()
    finally:
        speaker.close()
    return out


def render_figures(script: Script, root: Path) -> tuple[float, float, float, Pack]:
    voice = find_voice("joe")
    result = render(voice, script, root=root, workers=os.cpu_count() or 2, progress=False)
    x_realtime = result.audio_seconds / result.wall_seconds
    pack = open_pack(root / "joe")
    mb_per_hour = pack.size() / 1e6 / (pack.seconds() / 3600)
    with tempfile.TemporaryDirectory() as tmp:
        edited = Path(tmp) / "scripts"
        shutil.copytree(SHIPPED, edited)
        night = edited / "en" / "night.yaml"
        night.write_text(night.read_text().replace("The owls are calling.", "The owls are calling again."))
        t0 = time.perf_counter()
        again = render(voice, load(edited), root=root, workers=os.cpu_count() or 2, progress=False)
        rerender = time.perf_counter() - t0
        assert again.rendered == 1, again.rendered
    render(voice, script, root=root, progress=False)  # back to the shipped lines
    return x_realtime, rerender, mb_per_hour, pack


def peak_rss_mb(packs: Path, out: Path) -> tuple[float, str]:
    """Peak memory of `wolfcall demo` narrating a whole game into a file, in its own process, with the bed and
    cues on (a config of the table's default levels; `bed_on` checks the file)."""
    wolfcall = str(Path(sys.executable).parent / "wolfcall")
    code = ("import resource, subprocess, sys; "
            "done = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.returncode, "
            "done.stderr.strip().splitlines()[-1] if done.stderr.strip() else '', sep='|')")
    config = out.with_suffix(".yaml")
    config.write_text("voice_volume: 100\nbed_volume: 60\ncue_volume: 80\n")
    env = {**os.environ, "WOLFCALL_PACKS": str(packs)}
    done = subprocess.run([sys.executable, "-c", code, wolfcall, "demo", "--fast", "--voice", "joe", "--seed", "3",
                           "--quiet", "--config", str(config), "--out", str(out)], env=env, capture_output=True,
                          text=True, check=True)
    rss, status, last = done.stdout.strip().split("|", 2)
    assert status == "0", last
    return int(rss) / 1024, last


def bed_span(timeline: Path) -> tuple[float, float]:
    """From the line that first brings a bed (the first night) to the one that turns it off (the game's end), in
    seconds, as the game's timeline (`demo --out` writes it beside the WAV) says: the welcome, the deal and the
    cards revealed at the end have no bed (narrator/audio/ambience.py `moment`)."""
    lines = [json.loads(row) for row in timeline.read_text(encoding="utf-8").splitlines() if row.strip()]
    said = [(float(line["t"]), moment(str(line["scene"]))[0]) for line in lines if "scene" in line]
    start = next((t for t, bed in said if bed not in (None, OFF)), None)
    if start is None:
        raise RuntimeError(f"{timeline}: no line brings a bed")
    end = next((t for t, bed in said if t > start and bed == OFF), max(float(line["end"]) for line in lines))
    return start, end


def bed_on(wav: Path, timeline: Path) -> bool:
    """The bed is heard from the first night to the game's end (`bed_span`): no whole second of the file in that
    span is silent (under -60 dBFS); with the bed off, every night's pauses are."""
    import wave

    import numpy as np

    with wave.open(str(wav)) as w:
        samples = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32767
        rate = w.getframerate()
    seconds = np.sqrt(np.mean(samples[: len(samples) // rate * rate].reshape(-1, rate) ** 2, axis=1))
    start, end = bed_span(timeline)
    inside = seconds[math.ceil(start):math.floor(end)]
    return len(inside) > 0 and not bool(np.any(inside < 1e-3))


def pack_rss(root: Path, tmp: Path) -> Iterator[str]:
    """`play.rss_mb.pack`: a whole game from the pack, the bed on; then `play.rss_mb.piper`, no pack."""
    # The names the onsets kept beside the pack (`onsets`: another speaker's, of other players) are not this
    # game's: the figures start from the pack alone, whether or not the voice figures were measured before.
    shutil.rmtree(root / "joe" / "names", ignore_errors=True)
    peak_rss_mb(root, tmp / "warm.wav")  # the first game says the names once; the pack keeps them
    rss_pack, sources = peak_rss_mb(root, tmp / "pack.wav")
    if "live: 0" not in sources:
        raise RuntimeError(f"the game from the pack spoke lines live: {sources}")
    if not bed_on(tmp / "pack.wav", tmp / "pack.timeline.jsonl"):
        raise RuntimeError("the bed was not on: a silent second between the first night and the game's end")
    yield metric("play.rss_mb.pack", rss_pack, "MB", "lower")
    empty = tmp / "no-packs"
    empty.mkdir()
    yield metric("play.rss_mb.piper", peak_rss_mb(empty, tmp / "piper.wav")[0], "MB", "lower")


def run(only: Callable[[str], bool]) -> Iterator[str]:
    script = load(SHIPPED)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "packs"
        if not any(only(n) for n in ("voice.", "pack.")):  # the memory figures alone: the pack, then the games
            render(find_voice("joe"), script, root=root, workers=os.cpu_count() or 2, progress=False)
            yield from pack_rss(root, Path(tmp))
            return
        lines = utterances(script)
        x_realtime, rerender, mb_per_hour, pack = render_figures(script, root)
        piper = engine_for(find_voice("joe"))
        pack_ms = onsets(lines, pack, piper, prefetch=False)
        piper_ms = onsets(lines, None, piper, prefetch=True)
        espeak_ms = onsets(lines, None, fallback_engine("en"), prefetch=False)
        yield metric("voice.onset_ms_p95.pack", p95(pack_ms), "ms", "lower")
        yield metric("voice.onset_ms_p95.piper", p95(piper_ms), "ms", "lower")
        yield metric("voice.onset_ms_p95.espeak", p95(espeak_ms), "ms", "lower")
        cold = onsets(lines[:60], None, piper, prefetch=False)
        yield metric("voice.onset_ms_p95.piper_no_prefetch", p95(cold), "ms", "lower")
        yield metric("voice.gap_ms_p95", p95(piper_ms[1:]), "ms", "lower")
        yield metric("pack.render_x_realtime", x_realtime, "x", "higher")
        yield metric("pack.rerender_one_line_s", rerender, "s", "lower")
        yield metric("pack.mb_per_hour", mb_per_hour, "MB/h", "lower")
        if any(only(n) for n in ("play.rss_mb.pack", "play.rss_mb.piper")):
            yield from pack_rss(root, Path(tmp))


if __name__ == "__main__":
    for line in run(lambda name: True):
        print(line)
