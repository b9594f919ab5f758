"""`wolfcall voices`: list, check, render, download, install and export narrator voices and packs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


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
    r.add_argument("--background", action="store_true",
                   help="at low priority, leaving one core to the game, without a progress bar")
    d = sub.add_parser("download", help="fetch a published Piper voice (needs the internet)")
    d.add_argument("model", help="a narrator (jutta: its Piper voice) or a Piper voice name like de_DE-thorsten-medium")
    i = sub.add_parser("install", help="install a pack: a folder or a .tar.gz from `voices export`")
    i.add_argument("source", type=Path)
    e = sub.add_parser("export", help="pack a voice pack into one .tar.gz to copy to another machine")
    e.add_argument("--voice", required=True)
    e.add_argument("-o", "--output", type=Path)


def run(args: argparse.Namespace) -> int:
    from narrator.audio.engines import EngineError
    from narrator.audio.packs import PackError
    from narrator.cli.voiceactions import ACTIONS

    try:
        return ACTIONS[args.action](args)
    except (EngineError, PackError) as exc:
        print(f"wolfcall voices: {exc}", file=sys.stderr)
        return 2
