"""What `wolfcall voices` does (kept apart so that `wolfcall simulate` starts without audio libraries)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .audio.packs import PACKS, PackError, check, export, install, open_pack, pack_for, render
from .audio.table import print_voice
from .audio.voices import all_voices, download, find_voice
from .script import load_checked


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


ACTIONS = {"list": _list, "check": _check, "render": _render, "download": _download, "install": _install,
            "export": _export}
