"""`wolfcall demo`: a whole classic game played at random but legally, narrated in captions."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAMES = ["Ana", "Ben", "Carla", "Dario", "Eva", "Fede", "Gala", "Hugo", "Inés", "Juan", "Kira", "Luis"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=("en", "de", "es"), help="the narrator's language (default: config.yaml)")
    p.add_argument("--players", type=int, help="6 to 12 (default: config.yaml)")
    p.add_argument("--seed", type=int, help="deal and play the same game again")
    p.add_argument("--timeline", type=Path, help="write captions and night steps as JSON lines (Contract 3)")
    p.add_argument("--fast", action="store_true", help="run on a virtual clock: the whole game in a moment")
    p.add_argument("--speed", type=float, default=1.0, help="run the real clock this many times faster")
    p.add_argument("--journal", type=Path, help="record every answer in this file (for --resume)")
    p.add_argument("--resume", type=Path, metavar="JOURNAL", help="go on with the game recorded in JOURNAL")
    p.add_argument("--scripts", type=Path, help="a folder of your own scenes laid over the shipped ones")
    p.add_argument("--quiet", action="store_true", help="do not print the captions")
    p.add_argument("--voice", help="a narrator voice from voices/ (default: config.yaml, or the language's best)")
    p.add_argument("--audio", choices=("auto", "miniaudio", "simpleaudio", "aplay", "pw-play", "none"),
                   help="how sound is played (default: config.yaml; with --fast, only --out)")
    p.add_argument("--out", type=Path, help="write the whole narrated game to this WAV file (and its timeline)")
    p.add_argument("--config", type=Path, help="the config file (default: ./config.yaml)")


def run(args: argparse.Namespace) -> int:
    from .audio.speaker import AudioSpeaker
    from .audio.table import build_speaker
    from .clock import Clock, RealClock, VirtualClock
    from .config import load_config
    from .inputs import RandomInput
    from .journal import Journal
    from .lines import Lines
    from .picker import Picker
    from .script import load_checked
    from .session import Session, Table, open_journal, random_seed
    from .speaker import CaptionSpeaker
    from .timeline import write_timeline

    cfg = load_config(args.config)
    script = load_checked(args.scripts or cfg.scripts)
    clock: Clock = VirtualClock() if args.fast else RealClock(args.speed)
    captions = CaptionSpeaker(None if args.quiet else sys.stdout)
    journal: Journal | None
    if args.resume:
        resumed = open_journal(args.resume)
        if resumed.note:
            print(f"wolfcall: {resumed.note}", file=sys.stderr)
        table, answers = resumed.table, resumed.answers
        journal = Journal(args.resume)
    else:
        players = args.players or cfg.players
        seed = args.seed if args.seed is not None else random_seed()
        table = Table.deal(NAMES[:players], cfg.house, seed, args.lang or cfg.language, kind="demo")
        answers = []
        journal = Journal.create(args.journal, table.to_json(), "a demo game") if args.journal else None
    audio = "none" if args.fast else (args.audio or cfg.audio)
    lines = Lines(script, table.lang, Picker(table.seed), table.players)
    speaker = build_speaker(table.lang, args.voice or cfg.voice, audio, args.out, captions, lines)
    session = Session(table, script, speaker, clock, RandomInput(table.seed), journal, answers,
                      resumed=bool(args.resume))
    try:
        narrator = session.run()
        if isinstance(speaker, AudioSpeaker) and captions.captions:
            speaker.pad_to(captions.captions[-1].end)  # the file lasts exactly as long as its timeline
    finally:
        if journal is not None:
            journal.close()
        if isinstance(speaker, AudioSpeaker):
            speaker.close()
    timeline = args.timeline or (args.out.with_suffix(".timeline.jsonl") if args.out else None)
    if timeline:
        write_timeline(timeline, captions.captions, narrator.steps)
    state = narrator.state
    print(f"wolfcall demo: seed {table.seed}, {state.winner} won ({state.reason}) after {state.night} nights",
          file=sys.stderr)
    if isinstance(speaker, AudioSpeaker):
        counts = {k: speaker.sources.count(k) for k in ("pack", "live", "fallback", "captions")}
        print("wolfcall demo: lines spoken from " + ", ".join(f"{k}: {v}" for k, v in counts.items()),
              file=sys.stderr)
    return 0
