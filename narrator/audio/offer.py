"""The first game in a language without a natural voice: offer to download one.

English ships its Piper voice; German and Spanish tables would hear espeak-ng, which a speech
recogniser told the game's words gets wrong every second word. So the first time such a language is
played on a machine that is online, the table is offered its narrator's Piper model (its size, a
progress bar, cancel), and once it is here the voice's pack is rendered in the background by
`wolfcall voices render`. Offline, one line says why espeak-ng speaks. The answer is kept in the data
folder, so a table that said no is not asked again.

The terminal (narrator/cli/voiceactions.py) and the page (narrator/ui/web/voicedownload.py) put the same
offer in their own way; the words are here, in the table's language.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from narrator.audio.engines import EngineError
from narrator.audio.packs import PACKS
from narrator.audio.table import DEFAULTS, natural_ready
from narrator.audio.voices import Offline, Progress, Voice, all_voices, download, probe

ANSWERS = "voice-offers.json"  # in the data folder: {"de": "no"}

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "offer": "A natural English narrator is available: {persona}, {size}\u00a0MB. Download it now? Without it "
                 "espeak-ng speaks, a robotic voice that is hard to follow.",
        "prompt": "[Y/n]",
        "yes": "Download", "no": "No, thanks", "cancel": "Cancel", "ok": "OK",
        "progress": "Downloading {persona}: {done} of {size}\u00a0MB",
        "ready": "{persona} is ready and narrates from now on; the game's lines are prepared in the background.",
        "offline": "no internet: the English voice cannot be downloaded now; espeak-ng speaks instead",
        "failed": "the English voice could not be downloaded ({reason}); espeak-ng speaks instead",
        "cancelled": "download cancelled; espeak-ng speaks. To get the voice later: wolfcall voices download {model}",
        "refused": "espeak-ng speaks; you will not be asked again. To get the voice later: "
                   "wolfcall voices download {model}",
    },
    "de": {
        "offer": "Für deutsche Runden gibt es eine natürliche Erzählstimme: {persona}, {size}\u00a0MB. Jetzt "
                 "herunterladen? Ohne sie spricht espeak-ng, eine schwer verständliche Computerstimme.",
        "prompt": "[J/n]",
        "yes": "Herunterladen", "no": "Nein, danke", "cancel": "Abbrechen", "ok": "OK",
        "progress": "{persona} wird heruntergeladen: {done} von {size}\u00a0MB",
        "ready": "{persona} ist bereit und erzählt ab jetzt. Die Sätze des Spiels werden im Hintergrund "
                 "vorbereitet.",
        "offline": "Kein Internet: Die deutsche Stimme kann jetzt nicht heruntergeladen werden; stattdessen "
                   "spricht espeak-ng.",
        "failed": "Die deutsche Stimme konnte nicht heruntergeladen werden ({reason}); stattdessen spricht "
                  "espeak-ng.",
        "cancelled": "Herunterladen abgebrochen; es spricht espeak-ng. Später geht es mit: "
                     "wolfcall voices download {model}",
        "refused": "Gut, es spricht espeak-ng; diese Frage kommt nicht wieder. Später geht es mit: "
                   "wolfcall voices download {model}",
    },
    "es": {
        "offer": "Hay una voz natural para narrar en español: {persona}, {size}\u00a0MB. ¿La descargamos ahora? "
                 "Sin ella habla espeak-ng, una voz robótica difícil de entender.",
        "prompt": "[S/n]",
        "yes": "Descargar", "no": "No, gracias", "cancel": "Cancelar", "ok": "Entendido",
        "progress": "Descargando la voz de {persona}: {done} de {size}\u00a0MB",
        "ready": "La voz de {persona} está lista y narra desde ahora. Las frases de la partida se preparan en "
                 "segundo plano.",
        "offline": "Sin internet: ahora no se puede descargar la voz en español; en su lugar habla espeak-ng.",
        "failed": "No se ha podido descargar la voz en español ({reason}); en su lugar habla espeak-ng.",
        "cancelled": "Descarga cancelada; habla espeak-ng. Para descargarla más tarde: "
                     "wolfcall voices download {model}",
        "refused": "De acuerdo, habla espeak-ng; no volveremos a preguntar. Para descargarla más tarde: "
                   "wolfcall voices download {model}",
    },
}
YES = {"en": ("", "y", "yes"), "de": ("", "j", "ja", "y", "yes"), "es": ("", "s", "si", "sí", "y", "yes")}


def says_yes(answer: str, lang: str) -> bool:
    """The prompt's answer: Enter or yes in the table's language (or English) downloads; anything else is no."""
    return answer.strip().lower() in YES.get(lang, YES["en"])


def megabytes(size: int) -> str:
    return str(max(1, round(size / 1e6))) if size > 0 else "?"


# -- the answer, kept in the data folder ---------------------------------------------------------
def answered(data: Path, lang: str) -> str | None:
    """What the table said before to the offer for `lang`: "yes", "no", or None (never asked)."""
    try:
        kept = json.loads((data / ANSWERS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    answer = kept.get(lang) if isinstance(kept, dict) else None
    return answer if answer in ("yes", "no") else None


def remember(data: Path, lang: str, answer: str) -> None:
    path = data / ANSWERS
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        kept = {}
    kept = kept if isinstance(kept, dict) else {}
    kept[lang] = answer
    try:
        data.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass  # a read-only data folder: the table is asked again next time, nothing worse


# -- what to offer ---------------------------------------------------------------------------------
def offered_voice(lang: str, preferred: str | None) -> Voice | None:
    """The Piper voice to download for `lang`: the chosen narrator when it is one, else the language's first."""
    voices = all_voices()
    if preferred in voices and voices[preferred].language == lang and voices[preferred].settings.engine == "piper":
        return voices[preferred]
    for name in [*DEFAULTS.get(lang, []), *voices]:
        voice = voices.get(name)
        if voice is not None and voice.language == lang and voice.settings.engine == "piper":
            return voice
    return None


@dataclass(frozen=True)
class Offer:
    """A natural voice the table may download: its narrator and the size the server reports."""

    lang: str
    voice: Voice
    size: int  # bytes; 0 when the server does not say

    def text(self, key: str, **more: object) -> str:
        return say(self.lang, key, persona=self.voice.persona, size=megabytes(self.size),
                   model=self.voice.settings.model, **more)


def say(lang: str, key: str, **values: object) -> str:
    return TEXTS.get(lang, TEXTS["en"])[key].format(**values)


def consider(lang: str, preferred: str | None, data: Path, packs: Path | None = None,
             timeout: float = 8.0) -> Offer | str | None:
    """What to do before a game in `lang`: None when a natural voice is here or the table answered before;
    an Offer when the server says how big the voice is; else the one line that says why espeak-ng speaks."""
    if natural_ready(lang, packs or PACKS) or answered(data, lang) is not None:
        return None
    voice = offered_voice(lang, preferred)
    if voice is None:
        return None
    try:
        size = probe(voice.settings.model, timeout=timeout)
    except Offline:
        return say(lang, "offline")
    except EngineError as exc:
        return say(lang, "failed", reason=exc)
    return Offer(lang, voice, size)


def fetch(offer: Offer, progress: Progress | None = None, cancelled: Callable[[], bool] | None = None) -> Path:
    """Download the offered voice (the real download: voices.download). DownloadCancelled, Offline or EngineError."""
    return download(offer.voice.settings.model, progress=progress, cancelled=cancelled)


# -- the pack, rendered in the background ------------------------------------------------------------
def render_command(voice: Voice, scripts: Path | None = None) -> list[str]:
    """`wolfcall voices render` for the voice's language, at low priority, without a progress bar."""
    command = [sys.executable, "-m", "narrator", "voices", "render", "--voice", voice.name, "--background"]
    if scripts is not None:
        command += ["--scripts", str(scripts)]
    return command


def render_in_background(voice: Voice, scripts: Path | None, data: Path) -> subprocess.Popen[bytes] | None:
    """Start rendering the voice's pack in a process of its own, which outlives the game if it must;
    what it says goes to `data/logs/render-<voice>.log`. None when it cannot be started."""
    logs = data / "logs"
    try:
        logs.mkdir(parents=True, exist_ok=True)
        with (logs / f"render-{voice.name}.log").open("ab") as log:
            return subprocess.Popen(render_command(voice, scripts), stdin=subprocess.DEVNULL,
                                    stdout=log, stderr=log, start_new_session=os.name == "posix")
    except OSError:
        return None  # the voice speaks live instead; `wolfcall voices render` still works by hand
