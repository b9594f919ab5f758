"""Narrator voices: `voices/*.yaml`, each an engine, a model, speed, pitch, language and a persona."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from ..scenes import LANGUAGES
from ..session import data_dir
from ..yamlfile import MarkedDict, YamlError
from ..yamlfile import load as load_yaml
from .engines import Engine, EngineError, VoiceSettings, make_engine

VOICES = Path(__file__).resolve().parent.parent.parent / "voices"
ENGINES = ("piper", "espeak", "pyttsx3", "gtts")
PIPER_URL = ("https://huggingface.co/rhasspy/piper-voices/resolve/main/{family}/{code}/{name}/{quality}/"
             "{code}-{name}-{quality}{ext}?download=true")
_PIPER_NAME = re.compile(r"^(?P<family>[a-z]+)_(?P<region>[A-Z]+)-(?P<name>[\w]+)-(?P<quality>x_low|low|medium|high)$")


@dataclass(frozen=True)
class Voice:
    name: str
    persona: str
    description: str
    settings: VoiceSettings

    @property
    def language(self) -> str:
        return self.settings.language


def piper_dir() -> Path:
    """Where downloaded Piper voices are kept."""
    return data_dir() / "piper"


def load_voice(path: Path) -> Voice:
    doc = load_yaml(path)
    where = str(path)
    if not isinstance(doc, MarkedDict):
        raise YamlError(where, 1, "a voice is a mapping: persona, description, engine, model, language")
    known = {"persona", "description", "engine", "model", "language", "speed", "pitch"}
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
    settings = VoiceSettings(str(doc["engine"]), str(doc["model"]), str(doc["language"]), float(speed), pitch)
    return Voice(path.stem, str(doc["persona"]), str(doc.get("description", "")), settings)


def all_voices(folder: Path = VOICES) -> dict[str, Voice]:
    return {p.stem: load_voice(p) for p in sorted(folder.glob("*.yaml"))}


def find_voice(name: str, folder: Path = VOICES) -> Voice:
    path = folder / f"{name}.yaml"
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in folder.glob("*.yaml")))
        raise EngineError(f"there is no voice '{name}' (voices: {known})")
    return load_voice(path)


def engine_for(voice: Voice, threads: int = 0) -> Engine:
    return make_engine(voice.settings, [piper_dir(), VOICES / "piper"], threads)


def download(model: str, folder: Path | None = None, timeout: float = 20.0) -> Path:
    """Fetch a published Piper voice (model and config) into the Piper folder."""
    match = _PIPER_NAME.match(model)
    if not match:
        raise EngineError(f"'{model}' is not a Piper voice name like de_DE-thorsten-medium")
    folder = folder or piper_dir()
    folder.mkdir(parents=True, exist_ok=True)
    code = f"{match['family']}_{match['region']}"
    parts = {"family": match["family"], "code": code, "name": match["name"], "quality": match["quality"]}
    target = folder / f"{model}.onnx"
    for ext in (".onnx.json", ".onnx"):
        url = PIPER_URL.format(ext=ext, **parts)
        dest = folder / f"{model}{ext}"
        partial = dest.with_suffix(dest.suffix + ".part")
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response, partial.open("wb") as out:
                while block := response.read(1 << 16):
                    out.write(block)
        except (urllib.error.URLError, OSError, TimeoutError) as exc:
            partial.unlink(missing_ok=True)
            reason = getattr(exc, "reason", exc)
            raise EngineError(
                f"cannot download the Piper voice {model} ({reason}). This machine seems to be offline. "
                f"To install it by hand, fetch {model}.onnx and {model}.onnx.json from the Piper voices "
                f"collection (rhasspy/piper-voices) on a machine with internet and copy both into {folder}; "
                f"or install a voice pack rendered elsewhere with: wolfcall voices install PACK") from None
        partial.replace(dest)
    json.loads((folder / f"{model}.onnx.json").read_text())  # a config we can read, or a clear error
    return target
