"""`wolfcall voices`: list, check, render, download, install and export narrator voices and packs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .audio.engines import EngineError
from .audio.packs import PACKS, PackError, check, export, install, open_pack, pack_for, render
from .audio.table import print_voice
from .audio.voices import all_voices, download, find_voice
from .script import SHIPPED, load_checked


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    sub.add_parser("list", help="the narrator voices, and which can speak here")
    c = sub.add_parser("check", help="check voice packs: stale, incomplete or damaged clips")
    c.add_argument("--voice", help="one voice (default: every pack)")
    c.add_argument("--deep", action="store_true", help="also decode every clip")
    r = sub.add_parser("render", help="render every line of a voice into its pack")
    r.add_argument("--voice", required=True)
    r.add_argument("--lang", choices=("en", "de", "es"), help="must be the voice's language")
    r.add_argument("--scripts", type=Path, help="your own scenes, laid over the shipped ones")
    r.add_argument("--jobs", type=int, help="how many cores to use (default: all)")
    d = sub.add_parser("download", help="fetch a published Piper voice (needs the internet)")
    d.add_argument("model", help="a Piper voice name like de_DE-thorsten-medium")
    i = sub.add_parser("install", help="install a pack: a folder or a .tar.gz from `voices export`")
    i.add_argument("source", type=Path)
    e = sub.add_parser("export", help="pack a voice pack into one .tar.gz to copy to another machine")
    e.add_argument("--voice", required=True)
    e.add_argument("-o", "--output", type=Path)


def run(args: argparse.Namespace) -> int:
    try:
        return _ACTIONS[args.action](args)
    except (EngineError, PackError) as exc:
        print(f"wolfcall voices: {exc}", file=sys.stderr)
        return 2


def _list(args: argparse.Namespace) -> int:
    for voice in all_voices().values():
        print(print_voice(voice))
    return 0


def _check(args: argparse.Namespace) -> int:
    script = load_checked(None)
    folders = [PACKS / args.voice] if args.voice else sorted(p for p in PACKS.glob("*") if p.is_dir())
    if not folders:
        print(f"no voice packs in {PACKS}; render one with: wolfcall voices render --voice joe")
        return 0
    bad = 0
    for folder in folders:
        try:
            problems = check(open_pack(folder), script, deep=args.deep)
        except PackError as exc:
            problems = [str(exc)]
        for problem in problems:
            print(problem)
        if not problems:
            pack = open_pack(folder)
            print(f"{folder.name}: ok, {len(pack.clips)} clips, {pack.seconds() / 60:.1f} minutes of speech, "
                  f"{pack.size() / 1e6:.1f} MB")
        bad += bool(problems)
    return 1 if bad else 0


def _render(args: argparse.Namespace) -> int:
    voice = find_voice(args.voice)
    if args.lang and args.lang != voice.language:
        print(f"wolfcall voices: {voice.name} speaks {voice.language}, not {args.lang}", file=sys.stderr)
        return 2
    script = load_checked(args.scripts) if args.scripts else load_checked(None)
    result = render(voice, script, workers=args.jobs)
    print(f"{voice.name}: {result.rendered} clips rendered, {result.kept} kept, "
          f"{result.audio_seconds:.0f} s of speech in {result.wall_seconds:.1f} s; pack in {result.pack.path}")
    return 0


def _download(args: argparse.Namespace) -> int:
    path = download(args.model)
    print(f"installed {path}")
    return 0


def _install(args: argparse.Namespace) -> int:
    pack = install(args.source)
    problems = check(pack, load_checked(None))
    print(f"installed the pack {pack.path.name} ({len(pack.clips)} clips) in {pack.path}")
    for problem in problems:
        print(problem)
    return 0


def _export(args: argparse.Namespace) -> int:
    voice = find_voice(args.voice)
    pack = pack_for(voice)
    if pack is None:
        print(f"wolfcall voices: there is no pack for {voice.name}; render it first", file=sys.stderr)
        return 2
    out = export(pack, args.output or Path(f"{voice.name}-pack.tar.gz"))
    print(f"wrote {out}; on the other machine: wolfcall voices install {out.name}")
    return 0


_ACTIONS = {"list": _list, "check": _check, "render": _render, "download": _download, "install": _install,
            "export": _export}
__all__ = ["SHIPPED", "add_arguments", "run"]
