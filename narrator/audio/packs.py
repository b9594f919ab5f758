"""Voice packs: every line a voice says, rendered ahead of time, so a Pi speaks it without thinking.

A pack is a folder `packs/<voice>/` of the data folder (narrator/paths.py; $WOLFCALL_PACKS names another) with
`manifest.json` and `clips/<key>.mp3`. A clip holds one stretch of a script's words; its key is a hash of the
text and of the engine, its version, the voice and the settings, so an edited line, or another voice, is simply
another clip.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import string
import tarfile
import tempfile
import time
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.audio.ambience import SOUNDS, cached
from narrator.audio.clip import Clip, decode, encode_mp3, normalise, trim
from narrator.audio.engines import Engine
from narrator.audio.voices import Voice, engine_for
from narrator.paths import data_dir
from narrator.speech.script import Script
from narrator.workers import worker_pool

PACKS = Path(os.environ.get("WOLFCALL_PACKS") or data_dir() / "packs")  # written, so never inside the package
FORMAT = 1
AMBIENCE = "ambience:"  # the text a bed's or cue's clip is keyed by (narrator/audio/ambience.py's sounds)
_FORMATTER = string.Formatter()


def clip_key(identity: str, text: str) -> str:
    return hashlib.sha256(f"{identity}\n{text}".encode()).hexdigest()[:24]


def texts(script: Script, lang: str) -> dict[str, tuple[str, int]]:
    """Every stretch of words the lines of `lang` may say, with a scene and variant it comes from: the
    script's words and what filling in makes of them ("al jugador", every role form)."""
    from engine.roles import ROLES
    from narrator.speech.renderings import spoken_texts

    return spoken_texts(script, lang, sorted(ROLES))


@dataclass
class Pack:
    path: Path
    manifest: dict[str, Any] = field(default_factory=dict)

    @property
    def identity(self) -> str:
        return str(self.manifest.get("identity", ""))

    @property
    def language(self) -> str:
        return str(self.manifest.get("language", ""))

    @property
    def clips(self) -> dict[str, dict[str, Any]]:
        clips = self.manifest.get("clips", {})
        return clips if isinstance(clips, dict) else {}

    def clip_file(self, text: str) -> Path | None:
        entry = self.clips.get(clip_key(self.identity, text))
        return self.path / entry["file"] if entry else None

    def load_clip(self, text: str) -> Clip | None:
        """The clip for `text`, decoded; None when the pack lacks it or the file is damaged."""
        path = self.clip_file(text)
        if path is None:
            return None
        try:
            return decode(path.read_bytes())
        except (OSError, ValueError):
            return None

    def load_ambience(self, name: str) -> Clip | None:
        """A bed or cue of the pack (`bed.night`, `cue.dawn`...), kept as its clip `ambience:<name>`."""
        return self.load_clip(AMBIENCE + name)

    def _name_file(self, name: str) -> Path:
        return self.path / "names" / f"{clip_key(self.identity, 'name:' + name)}.mp3"

    def load_name(self, name: str) -> Clip | None:
        """A player's name said before with this voice, kept beside the pack."""
        try:
            return decode(self._name_file(name).read_bytes())
        except (OSError, ValueError):
            return None

    def store_name(self, name: str, clip: Clip) -> None:
        path = self._name_file(name)
        try:
            path.parent.mkdir(exist_ok=True)
            path.write_bytes(encode_mp3(clip))
        except OSError:
            pass  # a read-only pack: the name is kept for this game only

    def seconds(self) -> float:
        return sum(float(c.get("seconds", 0)) for c in self.clips.values())

    def size(self) -> int:
        return sum(int(c.get("bytes", 0)) for c in self.clips.values())


class PackError(Exception):
    """A pack that cannot be read at all."""


def open_pack(path: Path) -> Pack:
    manifest = path / "manifest.json"
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except OSError:
        raise PackError(f"{path} has no manifest.json; it is not a voice pack") from None
    except ValueError as exc:
        raise PackError(f"{manifest} is damaged ({exc}); render the pack again") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PackError(f"{manifest} is not a wolfcall voice pack of format {FORMAT}")
    return Pack(path, data)


def pack_for(voice: Voice, root: Path = PACKS) -> Pack | None:
    path = root / voice.name
    try:
        return open_pack(path)
    except PackError:
        return None


# -- rendering ------------------------------------------------------------------------

_WORKER: dict[str, Engine] = {}


def _start_worker(voice: Voice) -> None:
    _WORKER["engine"] = engine_for(voice, threads=1)


def render_clip(engine: Engine, text: str, out: Path) -> dict[str, Any]:
    """Synthesize, trim, normalise and encode one clip; returns its manifest entry."""
    clip = normalise(trim(engine.synthesize(text)))
    data = encode_mp3(clip)
    tmp = out.with_suffix(".part")
    tmp.write_bytes(data)
    tmp.replace(out)
    return {"text": text, "file": f"clips/{out.name}", "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest(), "seconds": round(clip.seconds, 3)}


def _render_in_worker(job: tuple[str, str, str]) -> tuple[str, dict[str, Any]]:
    key, text, out = job
    return key, render_clip(_WORKER["engine"], text, Path(out))


@dataclass
class RenderResult:
    pack: Pack
    rendered: int
    kept: int
    audio_seconds: float
    wall_seconds: float


def render(voice: Voice, script: Script, root: Path = PACKS, workers: int | None = None,
           progress: bool = True) -> RenderResult:
    """Render every line of the voice's language into its pack; clips already there are kept."""
    engine = engine_for(voice)
    identity = engine.identity()
    folder = root / voice.name
    (folder / "clips").mkdir(parents=True, exist_ok=True)
    try:
        old = open_pack(folder)
        previous = old.clips if old.identity == identity else {}
    except PackError:
        previous = {}
    wanted = texts(script, voice.language)
    clips: dict[str, dict[str, Any]] = {}
    jobs = []
    for text in wanted:
        key = clip_key(identity, text)
        entry = previous.get(key)
        if entry and _intact(folder, entry):
            clips[key] = entry
        else:
            jobs.append((key, text, str(folder / "clips" / f"{key}.mp3")))
    kept = len(clips)
    made = _ambience(folder, identity, previous, clips)
    kept += len(SOUNDS) - made
    started = time.perf_counter()
    workers = workers or os.cpu_count() or 1
    bar = _bar(len(jobs), voice.name, progress)
    try:
        if voice.settings.engine in ("piper", "espeak") and workers > 1 and len(jobs) > 1:
            _render_in_workers(voice, jobs, workers, clips, bar)
        else:
            for key, text, out in jobs:
                clips[key] = render_clip(engine, text, Path(out))
                bar.update(1)
    finally:
        bar.close()
        manifest = {"format": FORMAT, "voice": voice.name, "persona": voice.persona,
                    "description": voice.description, "language": voice.language, "identity": identity,
                    "engine": voice.settings.engine, "model": voice.settings.model,
                    "created": time.strftime("%Y-%m-%dT%H:%M:%S"), "clips": dict(sorted(clips.items()))}
        _write_json(folder / "manifest.json", manifest)
    wall = time.perf_counter() - started
    rendered_seconds = sum(clips[k]["seconds"] for k, _, _ in jobs if k in clips)
    return RenderResult(Pack(folder, manifest), len(jobs) + made, kept, rendered_seconds, wall)


def _render_in_workers(voice: Voice, jobs: list[tuple[str, str, str]], workers: int,
                       clips: dict[str, dict[str, Any]], bar: Any) -> None:
    """The jobs rendered by `workers` processes, which end with this one however it ends (narrator/workers.py);
    stopped (Ctrl-C) or broken, the clips not yet begun are dropped at once, and those made are kept."""
    pool = worker_pool(workers, initializer=_start_worker, initargs=(voice,))
    try:
        for key, entry in pool.map(_render_in_worker, jobs, chunksize=4):
            clips[key] = entry
            bar.update(1)
    except BrokenExecutor:
        raise PackError(f"a process rendering {voice.name}'s pack stopped before its end ({len(clips)} clips "
                        "kept); render it again to make the others") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _ambience(folder: Path, identity: str, previous: dict[str, dict[str, Any]],
              clips: dict[str, dict[str, Any]]) -> int:
    """The project's beds and cues as clips of the pack, keyed as its lines are (`ambience:<name>`); how many
    were made now."""
    made = 0
    for name in SOUNDS:
        key = clip_key(identity, AMBIENCE + name)
        entry = previous.get(key)
        if entry and _intact(folder, entry):
            clips[key] = entry
            continue
        clip = cached(name)
        data = encode_mp3(clip)
        out = folder / "clips" / f"{key}.mp3"
        out.write_bytes(data)
        clips[key] = {"text": AMBIENCE + name, "file": f"clips/{out.name}", "bytes": len(data),
                      "sha256": hashlib.sha256(data).hexdigest(), "seconds": round(clip.seconds, 3)}
        made += 1
    return made


def _bar(total: int, name: str, show: bool) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=f"rendering {name}", unit="clip", disable=not show or total == 0)


def _write_json(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)


def _intact(folder: Path, entry: dict[str, Any]) -> bool:
    path = folder / str(entry.get("file", ""))
    try:
        data = path.read_bytes()
    except OSError:
        return False
    return len(data) == entry.get("bytes") and hashlib.sha256(data).hexdigest() == entry.get("sha256")


# -- checking, listing, installing -----------------------------------------------------


def check(pack: Pack, script: Script, deep: bool = False) -> list[str]:
    """What is wrong with a pack: clips missing for lines the scripts have now, damaged files."""
    problems = []
    wanted = texts(script, pack.language)
    missing = [(src, t) for t, src in wanted.items() if clip_key(pack.identity, t) not in pack.clips]
    for (scene, variant), text in sorted(missing)[:10]:
        problems.append(f"{pack.path.name}: stale or incomplete: no clip for {scene} variant {variant + 1} "
                        f"(\"{text}\"); render the pack again")
    if len(missing) > 10:
        problems.append(f"{pack.path.name}: ... and {len(missing) - 10} more lines without a clip")
    for _key, entry in sorted(pack.clips.items()):
        if not _intact(pack.path, entry):
            problems.append(f"{pack.path.name}: damaged or missing clip {entry.get('file')} "
                            f"(\"{entry.get('text')}\"); render the pack again")
        elif deep:
            try:
                decode((pack.path / entry["file"]).read_bytes())
            except ValueError:
                problems.append(f"{pack.path.name}: clip {entry['file']} does not decode")
    return problems


def _extract(tar: tarfile.TarFile, into: Path) -> None:
    """Unpack an archive's plain files and folders only, inside `into`. Python 3.11.4 and later do it with the
    "data" filter; Debian 12's Python 3.11.2 has none, so the same checks are made here before extracting."""
    if hasattr(tarfile, "data_filter"):
        tar.extractall(into, filter="data")
        return
    members = tar.getmembers()
    for member in members:
        parts = Path(member.name).parts
        if not (member.isfile() or member.isdir()) or Path(member.name).is_absolute() or ".." in parts:
            raise tarfile.TarError(f"{member.name!r} is not a plain file inside the pack")
    tar.extractall(into, members=members)


def install(source: Path, root: Path = PACKS) -> Pack:
    """Copy a pack (a folder, or a .tar.gz made by `wolfcall voices export`) into the packs folder."""
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        if source.is_file():
            try:
                with tarfile.open(source) as tar:
                    _extract(tar, Path(tmp))
            except (tarfile.TarError, OSError) as exc:
                raise PackError(f"{source} is not a pack archive ({exc})") from None
            found = [p.parent for p in Path(tmp).rglob("manifest.json")]
            if len(found) != 1:
                raise PackError(f"{source} holds {len(found)} packs; expected one")
            source_dir = found[0]
        else:
            source_dir = source
        pack = open_pack(source_dir)
        name = str(pack.manifest.get("voice") or source_dir.name)
        target = root / name
        if target.resolve() == source_dir.resolve():
            return pack
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source_dir, target)
    return open_pack(target)


def export(pack: Pack, out: Path) -> Path:
    with tarfile.open(out, "w:gz") as tar:
        tar.add(pack.path, arcname=pack.path.name)
    return out
