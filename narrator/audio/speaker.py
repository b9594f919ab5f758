"""The voice at the table: a line's audio from the pack, else live Piper, else espeak-ng, else
captions only. The game never stops because a voice failed; each failure is said once."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from narrator.audio.ambience import moment
from narrator.audio.clip import Clip, join, normalise, trim
from narrator.audio.engines import Engine, EngineError, fallback_engine
from narrator.audio.packs import Pack
from narrator.audio.sinks import FileSink, Sink
from narrator.speech.captions import PAUSE, CaptionSpeaker, estimate_seconds
from narrator.speech.lines import Line, Part

PAUSES = {",": 0.15, ";": 0.2, ":": 0.2, ".": 0.3, "!": 0.3, "?": 0.3}


LONG = 60  # characters: a line longer than this is synthesized phrase by phrase (Piper's peak memory
# grows fast with the length said at once: measured +57 MB for 66 characters, +94 MB for 100, +180 MB for 150)
PHRASE_PAUSE = 0.15  # seconds between phrases, as a comma sounds


def phrases(text: str) -> list[str]:
    """`text` cut after commas, colons and sentence ends into pieces of at most about LONG characters."""
    if len(text) <= LONG:
        return [text]
    out: list[str] = []
    for piece in re.split(r"(?<=[,;:.!?])\s+", text):
        if out and len(out[-1]) + len(piece) < LONG:
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return [p for p in out if p.strip()]


def warn_once_to_stderr() -> Callable[[str], None]:
    said: set[str] = set()

    def warn(message: str) -> None:
        if message not in said:
            said.add(message)
            print(f"wolfcall: {message}", file=sys.stderr)

    return warn


def _seconds(clip: Clip, line: Line) -> float:
    """A line's length as said: its audio and the breath after it (from its words when it has no audio)."""
    return (clip.seconds if len(clip.samples) else estimate_seconds(line.text) - PAUSE) + PAUSE


class AudioSpeaker:
    def __init__(self, lang: str, sinks: Sequence[Sink], captions: CaptionSpeaker, *, pack: Pack | None = None,
                 engine: Engine | None = None, fallback: Engine | None = None,
                 warn: Callable[[str], None] | None = None,
                 seat_words: Callable[[int], list[str]] | None = None) -> None:
        self.lang = lang
        self.seat_words = seat_words or (lambda seat: [str(seat)])
        self.sinks = list(sinks)
        self.captions = captions
        self.pack = pack
        self.engine: Engine | None = engine if engine is not None and engine.live else None
        self.fallback: Engine | None = fallback if fallback is not None else fallback_engine(lang)
        self.warn = warn or warn_once_to_stderr()
        self.names: dict[str, Clip] = {}
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="prefetch")
        self.ready: dict[str, tuple[str, Future[tuple[Clip, str]]]] = {}  # text -> (scene, audio being prepared)
        self.sources: list[str] = []  # where each spoken line's audio came from: pack, live, fallback, captions

    # -- the Speaker interface -----------------------------------------------------------
    def say(self, line: Line, at: float) -> float:
        prepared = self.ready.pop(line.text, None)
        clip, source = prepared[1].result() if prepared is not None else self.audio(line)
        self.sources.append(source)
        for text, (scene, future) in list(self.ready.items()):
            if scene == line.scene:  # the alternatives prepared for this moment (other verdicts) are not needed
                future.cancel()
                del self.ready[text]
        bed, cue = moment(line.scene)
        for sink in self.sinks:
            mixer = getattr(sink, "mixer", None)
            if mixer is not None:
                mixer.moment(bed, cue)  # the bed and cue this line brings, from its first sample
            sink.play(clip, at)
        seconds = _seconds(clip, line)
        self.captions.say(line, at, seconds)
        return seconds

    def length(self, line: Line) -> float:
        """How long `line` takes to say, without saying it (a line held unsaid keeps its time)."""
        prepared = self.ready.get(line.text)
        clip, _ = prepared[1].result() if prepared is not None else self.audio(line)
        return _seconds(clip, line)

    def prepare(self, lines: Sequence[Line]) -> None:
        """Make these lines' audio ready in the background, while the current line plays."""
        for line in lines:
            if line.text not in self.ready:
                self.ready[line.text] = (line.scene, self.pool.submit(self.audio, line))

    def prepare_names(self, parts: Sequence[Part]) -> None:
        """Say every player's name once, in the background, as soon as the table is known."""
        for part in parts:
            self.pool.submit(self.name, part)

    def stop(self) -> None:
        for sink in self.sinks:
            sink.stop()

    def pad_to(self, seconds: float) -> None:
        for sink in self.sinks:
            if isinstance(sink, FileSink):
                sink.pad_to(seconds)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        for sink in self.sinks:
            sink.close()

    # -- where the audio comes from -------------------------------------------------------
    def audio(self, line: Line) -> tuple[Clip, str]:
        """A line's audio and where it came from: pack, live, fallback or captions."""
        if self.pack is not None:
            clip = self.from_pack(line)
            if clip is not None:
                return clip, "pack"
            self.warn(f"the voice pack has no clip for some lines (\"{line.text}\"); those are spoken live")
        return self.live(line.text)

    def from_pack(self, line: Line) -> Clip | None:
        assert self.pack is not None
        pieces = []
        for part in line.parts:
            if part.kind == "pause":
                pieces.append(Clip.silence(PAUSES.get(part.text.strip()[:1], 0.1)))
            elif part.kind == "name":
                pieces.append(self.name(part))
            else:
                clip = self.pack.load_clip(part.text)
                if clip is None:
                    return None
                pieces.append(clip)
        return join(pieces)

    def name(self, part: Part) -> Clip:
        """A player's name: synthesized once with the game's voice, then kept (in the pack, for next time)."""
        if part.text not in self.names:
            clip = self.pack.load_name(part.text) if self.pack is not None else None
            if clip is None:
                synthesized = self._synth(part.text)
                clip = synthesized[0] if synthesized else None
                if clip is not None and self.pack is not None:
                    self.pack.store_name(part.text, clip)
            if clip is None or clip.seconds < 0.05:
                clip = self._seat_fallback(part)
            self.names[part.text] = clip
        return self.names[part.text]

    def _seat_fallback(self, part: Part) -> Clip:
        """A name no voice can say: the seat number, the last resort."""
        if part.seat and self.pack is not None:
            words = [self.pack.load_clip(w) for w in self.seat_words(part.seat)]
            if all(w is not None for w in words):
                return join([w for w in words if w is not None])
        text = " ".join(self.seat_words(part.seat)) if part.seat else ""
        synthesized = self._synth(text) if text else None
        return synthesized[0] if synthesized else Clip.silence(0.3)

    def live(self, text: str) -> tuple[Clip, str]:
        """A line synthesized now; a long one phrase by phrase (a neural voice's memory grows with the
        length of what it says at once: the cards in play are a long list)."""
        pieces = []
        for phrase in phrases(text):
            synthesized = self._synth(phrase)
            if synthesized is None:
                self.warn("no voice could speak; going on with captions only")
                return Clip.silence(0), "captions"
            pieces.append(synthesized)
        if len(pieces) == 1:
            return pieces[0]
        joined = []
        for i, (clip, _) in enumerate(pieces):
            joined += [clip] if i == 0 else [Clip.silence(PHRASE_PAUSE), clip]
        return join(joined), pieces[-1][1]

    def _synth(self, text: str) -> tuple[Clip, str] | None:
        for engine, label in ((self.engine, "live"), (self.fallback, "fallback")):
            if engine is None:
                continue
            try:
                clip = normalise(trim(engine.synthesize(text)))
            except EngineError as exc:
                self.warn(f"{exc}; falling back to the next voice")
                if label == "live":  # a voice that failed once is not tried again this game
                    self.engine = None
                else:
                    self.fallback = None
                continue
            if clip.seconds < 0.05:
                continue
            return clip, label
        return None
