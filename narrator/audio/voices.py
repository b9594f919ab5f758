"""Narrator voices: `voices/*.yaml`, each an engine, a model, speed, pitch, language and a persona."""

from __future__ import annotations

import http.client
import json
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from narrator.audio.engines import (
    Engine,
    EngineError,
    VoiceSettings,
    make_engine,
    piper_model_path,
)
from narrator.paths import data_dir
from narrator.resources import VOICES
from narrator.speech.scenes import LANGUAGES
from narrator.yamlfile import MarkedDict, YamlError
from narrator.yamlfile import load as load_yaml

ENGINES = ("piper", "espeak", "pyttsx3", "gtts")
PIPER_URL = ("https://huggingface.co/rhasspy/piper-voices/resolve/main/{family}/{code}/{name}/{quality}/"
             "{code}-{name}-{quality}{ext}?download=true")
_ESPEAK_NAME = re.compile(r"^[a-z]{2,3}(-[a-z]{2,3})?(\+[a-z0-9_]+)?$")
_MBROLA_NAME = re.compile(r"^[a-z]{2}[0-9]$")
_PIPER_NAME = re.compile(r"^(?P<family>[a-z]+)_(?P<region>[A-Z]+)-(?P<name>[\w]+)-(?P<quality>x_low|low|medium|high)$")


@dataclass(frozen=True)
class Voice:
    name: str
    persona: str
    description: str
    settings: VoiceSettings
    floor: VoiceSettings | None = None  # the espeak-ng voice that speaks when this one cannot (model missing)
    mbrola: VoiceSettings | None = None  # the better floor, espeak-ng through MBROLA (mb-de6), where installed

    @property
    def language(self) -> str:
        return self.settings.language

    @property
    def natural(self) -> bool:
        """A neural (or system) voice, as opposed to espeak-ng's formant voices."""
        return self.settings.engine != "espeak"


def piper_dir() -> Path:
    """Where downloaded Piper voices are kept."""
    return data_dir() / "piper"


def load_voice(path: Path) -> Voice:
    doc = load_yaml(path)
    where = str(path)
    if not isinstance(doc, MarkedDict):
        raise YamlError(where, 1, "a voice is a mapping: persona, description, engine, model, language")
    known = {"persona", "description", "engine", "model", "language", "speed", "pitch", "fallback", "mbrola",
             "floor_speed", "floor_gap", "speaker"}
    for key in doc:
        if key not in known:
            raise YamlError(where, doc.line_of(key), f"{key}: unknown key (known: {', '.join(sorted(known))})")
    for key in ("persona", "engine", "model", "language"):
        if not doc.get(key):
            raise YamlError(where, doc.line, f"{key}: missing")
    if doc["engine"] not in ENGINES:
        raise YamlError(where, doc.line_of("engine"), f"engine: '{doc['engine']}' is not one of {', '.join(ENGINES)}")
    if doc["language"] not in LANGUAGES:
        raise YamlError(where, doc.line_of("language"), f"language: '{doc['language']}' is not en, de or es")
    speed = doc.get("speed", 1.0)
    if not isinstance(speed, int | float) or not 0.5 <= speed <= 2.0:
        raise YamlError(where, doc.line_of("speed"), "speed: a number from 0.5 to 2.0")
    pitch = doc.get("pitch", 50)
    if not isinstance(pitch, int) or not 0 <= pitch <= 99:
        raise YamlError(where, doc.line_of("pitch"), "pitch: a whole number from 0 to 99")
    speaker = doc.get("speaker", "")
    if speaker and doc["engine"] != "piper":
        raise YamlError(where, doc.line_of("speaker"), "speaker: only for a Piper voice of several speakers")
    settings = VoiceSettings(str(doc["engine"]), str(doc["model"]), str(doc["language"]), float(speed), pitch,
                             str(speaker or ""))
    tuned = _floor_tuning(doc, where, settings)
    floor = None
    if "fallback" in doc:
        fallback = doc["fallback"]
        if not isinstance(fallback, str) or not _ESPEAK_NAME.match(fallback) or \
                not fallback.startswith(str(doc["language"])):
            raise YamlError(where, doc.line_of("fallback"),
                            f"fallback: an espeak-ng voice of the same language, like {doc['language']}+m3")
        floor = replace(tuned, model=fallback)
    return Voice(path.stem, str(doc["persona"]), str(doc.get("description", "")), settings, floor,
                 _mbrola(doc, where, tuned))


def _floor_tuning(doc: MarkedDict, where: str, settings: VoiceSettings) -> VoiceSettings:
    """The espeak-ng floors' own rate and pause between words (`floor_speed`, `floor_gap`: tuned by what an
    offline listener hears, `make bench` voice.asr_wer.*); by default the voice's speed and no pause."""
    speed = doc.get("floor_speed", settings.speed)
    if not isinstance(speed, int | float) or isinstance(speed, bool) or not 0.5 <= speed <= 2.0:
        raise YamlError(where, doc.line_of("floor_speed"), "floor_speed: a number from 0.5 to 2.0")
    gap = doc.get("floor_gap", 0)
    if not isinstance(gap, int) or isinstance(gap, bool) or not 0 <= gap <= 20:
        raise YamlError(where, doc.line_of("floor_gap"), "floor_gap: a whole number from 0 to 20 (10 ms each)")
    return VoiceSettings("espeak", settings.model, settings.language, float(speed), settings.pitch, gap=gap)


def _mbrola(doc: MarkedDict, where: str, settings: VoiceSettings) -> VoiceSettings | None:
    """`mbrola: de6`: MBROLA's voice of the same language that espeak-ng speaks through where it is installed."""
    if "mbrola" not in doc:
        return None
    name = doc["mbrola"]
    if not isinstance(name, str) or not _MBROLA_NAME.match(name) or not name.startswith(settings.language):
        raise YamlError(where, doc.line_of("mbrola"),
                        f"mbrola: one of MBROLA's voices of the same language, like {settings.language}6")
    return replace(settings, model=f"mb-{name}")


def all_voices(folder: Path = VOICES) -> dict[str, Voice]:
    return {p.stem: load_voice(p) for p in sorted(folder.glob("*.yaml"))}


def find_voice(name: str, folder: Path = VOICES) -> Voice:
    path = folder / f"{name}.yaml"
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in folder.glob("*.yaml")))
        raise EngineError(f"there is no voice '{name}' (voices: {known})")
    return load_voice(path)


def piper_model(name: str, folder: Path = VOICES) -> str:
    """The Piper model `wolfcall voices download` fetches for `name`: a Piper voice name as it is, or a
    narrator's own (jutta: voices/jutta.yaml's de_DE-kerstin-low); EngineError for anything else."""
    if _PIPER_NAME.match(name):
        return name
    voices = all_voices(folder)
    voice = voices.get(name.lower())
    if voice is None:
        piper = ", ".join(n for n, v in voices.items() if v.settings.engine == "piper")
        raise EngineError(f"'{name}' is neither a narrator with a Piper voice ({piper}) nor a Piper voice name "
                          f"like de_DE-thorsten-medium")
    if voice.settings.engine != "piper":
        raise EngineError(f"{voice.persona} speaks with espeak-ng, which needs no download")
    return voice.settings.model


def installed(voice: Voice) -> bool:
    """Whether the voice speaks as itself here: espeak-ng's own voices, or a Piper model that is on this
    machine (else its espeak-ng floor speaks until the model is downloaded)."""
    if voice.settings.engine != "piper":
        return True
    try:
        piper_model_path(voice.settings.model, [piper_dir(), VOICES / "piper"])
    except EngineError:
        return False
    return True


def engine_for(voice: Voice, threads: int = 0) -> Engine:
    return make_engine(voice.settings, [piper_dir(), VOICES / "piper"], threads)


class Offline(EngineError):
    """No network at all: the name does not resolve, nothing answers."""


class DownloadCancelled(EngineError):
    """The table said stop while a voice was coming in; nothing of it is left."""


Progress = Callable[[int, int], None]  # bytes so far, bytes in all (0 when the server does not say)


def _urls(model: str) -> dict[str, str]:
    match = _PIPER_NAME.match(model)
    if not match:
        raise EngineError(f"'{model}' is not a Piper voice name like de_DE-thorsten-medium")
    code = f"{match['family']}_{match['region']}"
    parts = {"family": match["family"], "code": code, "name": match["name"], "quality": match["quality"]}
    return {ext: PIPER_URL.format(ext=ext, **parts) for ext in (".onnx.json", ".onnx")}


_NETWORK = (urllib.error.URLError, OSError, TimeoutError, http.client.HTTPException)


def _unreachable(model: str, exc: BaseException, folder: Path) -> EngineError:
    reason = getattr(exc, "reason", exc)
    if isinstance(exc, urllib.error.HTTPError):
        return EngineError(f"cannot download the Piper voice {model}: the server answered {exc.code} ({reason})")
    if not isinstance(exc, urllib.error.URLError | TimeoutError | ConnectionError | http.client.HTTPException):
        return EngineError(f"cannot save the Piper voice {model} in {folder} ({exc})")
    return Offline(
        f"cannot download the Piper voice {model} ({reason}). This machine seems to be offline. "
        f"To install it by hand, fetch {model}.onnx and {model}.onnx.json from the Piper voices "
        f"collection (rhasspy/piper-voices) on a machine with internet and copy both into {folder}; "
        f"or install a voice pack rendered elsewhere with: wolfcall voices install PACK")


def _length(response: Any) -> int:
    try:
        return max(0, int(getattr(response, "headers", {}).get("Content-Length") or 0))
    except (TypeError, ValueError):
        return 0


def probe(model: str, timeout: float = 8.0) -> int:
    """The size in bytes of a published Piper voice's model, asked of the server without fetching it
    (0 when the server does not say). Offline when there is no network; EngineError when the server refuses."""
    url = _urls(model)[".onnx"]
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=timeout) as response:
            return _length(response)
    except _NETWORK as exc:
        raise _unreachable(model, exc, piper_dir()) from None


def download(model: str, folder: Path | None = None, timeout: float = 20.0, progress: Progress | None = None,
             cancelled: Callable[[], bool] | None = None) -> Path:
    """Fetch a published Piper voice (model and config) into the Piper folder.

    `progress(done, total)` hears of every block of the model; when `cancelled()` says yes, or on
    Ctrl-C, the download stops and nothing of it is left (DownloadCancelled)."""
    urls = _urls(model)
    folder = folder or piper_dir()
    folder.mkdir(parents=True, exist_ok=True)
    parts = {ext: folder / f"{model}{ext}.part" for ext in urls}
    try:
        for ext, url in urls.items():
            try:
                with urllib.request.urlopen(url, timeout=timeout) as response, parts[ext].open("wb") as out:
                    total, done = _length(response), 0
                    report = progress if ext == ".onnx" else None  # the config is a few kilobytes
                    if report is not None:
                        report(0, total)
                    while block := response.read(1 << 16):
                        if cancelled is not None and cancelled():
                            raise DownloadCancelled(f"the download of {model} was cancelled; nothing of it is kept")
                        out.write(block)
                        done += len(block)
                        if report is not None:
                            report(done, total)
            except _NETWORK as exc:
                raise _unreachable(model, exc, folder) from None
        try:
            json.loads(parts[".onnx.json"].read_text(encoding="utf-8"))
        except ValueError:
            raise EngineError(f"the Piper voice {model} arrived damaged (its config is not JSON); "
                              f"try again: wolfcall voices download {model}") from None
        for ext, part in parts.items():  # the model last: a voice counts as installed once its .onnx is there
            part.replace(folder / f"{model}{ext}")
    finally:  # offline, cancelled, Ctrl-C: no half voice stays behind
        for part in parts.values():
            part.unlink(missing_ok=True)
    return folder / f"{model}.onnx"
