"""`wolfcall voices`: list, check, render, download, install and export narrator voices and packs."""

from __future__ import annotations

import argparse
import sys
from gettext import gettext as _
from pathlib import Path


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", required=True, metavar=_("ACTION"))
    sub.add_parser("list", help=_("the narrator voices, and which can speak here"))
    c = sub.add_parser("check", help=_("check voice packs: stale, incomplete or damaged clips"))
    c.add_argument("--voice", help=_("one voice (default: every pack)"))
    c.add_argument("--deep", action="store_true", help=_("also decode every clip"))
    r = sub.add_parser("render", help=_("render every line of a voice into its pack"))
    r.add_argument("--voice", required=True, help=_("the voice to render"))
    r.add_argument("--lang", choices=("en", "de", "es"), help=_("must be the voice's language"))
    r.add_argument("--scripts", type=Path, help=_("your own scenes, laid over the shipped ones"))
    r.add_argument("--jobs", type=int, help=_("how many cores to use (default: all)"))
    r.add_argument("--background", action="store_true",
                   help=_("at low priority, leaving one core to the game, without a progress bar"))
    d = sub.add_parser("download", help=_("fetch a published Piper voice (needs the internet)"))
    d.add_argument("model",
                   help=_("a narrator (jutta: its Piper voice) or a Piper voice name like de_DE-thorsten-medium"))
    i = sub.add_parser("install", help=_("install a pack: a folder or a .tar.gz from `voices export`"))
    i.add_argument("source", type=Path, help=_("the pack: a folder or a .tar.gz file"))
    e = sub.add_parser("export", help=_("pack a voice pack into one .tar.gz to copy to another machine"))
    e.add_argument("--voice", required=True, help=_("the voice to pack"))
    e.add_argument("-o", "--output", type=Path, help=_("the .tar.gz file to write (default: VOICE-pack.tar.gz here)"))


def run(args: argparse.Namespace) -> int:
    from narrator.audio.engines import EngineError
    from narrator.audio.packs import PackError
    from narrator.cli.voiceactions import ACTIONS

    try:
        return ACTIONS[args.action](args)
    except (EngineError, PackError) as exc:
        print(f"wolfcall voices: {exc}", file=sys.stderr)
        return 2
