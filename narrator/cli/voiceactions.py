"""What `wolfcall voices` does (kept apart so that `wolfcall simulate` starts without audio libraries)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from narrator.audio.engines import EngineError
from narrator.audio.floors import report
from narrator.audio.offer import Offer, consider, fetch, remember, render_in_background, says_yes
from narrator.audio.packs import PACKS, PackError, check, export, install, open_pack, pack_for, render
from narrator.audio.table import print_voice
from narrator.audio.voices import DownloadCancelled, Offline, Voice, all_voices, download, find_voice, piper_model
from narrator.speech.lint import load_checked


def _list(args: argparse.Namespace) -> int:
    for voice in all_voices().values():
        print(print_voice(voice))
    for line in report():  # which floor speaks each language offline, and how to get a better one
        print(line)
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
    workers = args.jobs
    if args.background:  # started by the first-play offer while a game may be running
        if hasattr(os, "nice"):
            os.nice(10)
        workers = workers or max(1, (os.cpu_count() or 1) - 1)
    result = render(voice, script, workers=workers, progress=not args.background)
    print(f"{voice.name}: {result.rendered} clips rendered, {result.kept} kept, "
          f"{result.audio_seconds:.0f} s of speech in {result.wall_seconds:.1f} s; pack in {result.pack.path}")
    return 0


def _download(args: argparse.Namespace) -> int:
    model = piper_model(args.model)
    bar = _Bar(model, sys.stderr)
    try:
        path = download(model, progress=bar.update)
    except EngineError as exc:  # a narrator's name typed: the error says whose voice it is
        if model == args.model:
            raise
        persona = all_voices()[args.model.lower()].persona
        raise type(exc)(f"{persona}'s voice: {exc}") from None
    finally:
        bar.close()
    print(f"installed {path}")
    return 0


class _Bar:
    """A download's progress bar (tqdm), made when the size is first known."""

    def __init__(self, label: str, out: TextIO) -> None:
        self.label, self.out = label, out
        self.bar: Any = None

    def update(self, done: int, total: int) -> None:
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=total or None, desc=self.label, unit="B", unit_scale=True, unit_divisor=1000,
                            file=self.out)
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


# -- the first-play offer at the terminal (`wolfcall play --ui terminal`) ----------------------------
def offer_at_the_terminal(lang: str, preferred: str | None, data: Path, scripts: Path | None, *,
                          ask: Callable[[str], str] = input, out: TextIO = sys.stderr,
                          typed_no: Callable[[], bool] | None = None,
                          start_render: Callable[[Voice, Path | None, Path], object] = render_in_background) -> bool:
    """Before a game in `lang` with no natural voice here: one prompt with the size, then a progress bar
    (Ctrl-C or 'n' and Enter cancel), then the voice's pack renders in the background. Offline: one line.
    True when the table has heard about the voice (so the speaker need not warn about it again)."""
    decision = consider(lang, preferred, data)
    if decision is None:
        return False
    if isinstance(decision, str):
        print(f"wolfcall: {decision}", file=out)
        return True
    offer = decision
    try:
        answer = ask(f"wolfcall: {offer.text('offer')} {offer.text('prompt')} ")
    except (EOFError, KeyboardInterrupt):
        answer = "n"
    if not says_yes(answer, lang):
        remember(data, lang, "no")
        print(f"wolfcall: {offer.text('refused')}", file=out)
        return True
    return _download_offered(offer, data, scripts, out, typed_no or _typed_no, start_render)


def _download_offered(offer: Offer, data: Path, scripts: Path | None, out: TextIO, typed_no: Callable[[], bool],
                      start_render: Callable[[Voice, Path | None, Path], object]) -> bool:
    bar = _Bar(offer.voice.persona, out)
    try:
        fetch(offer, progress=bar.update, cancelled=typed_no)
    except (DownloadCancelled, KeyboardInterrupt):
        bar.close()
        remember(data, offer.lang, "no")
        print(f"wolfcall: {offer.text('cancelled')}", file=out)
        return True
    except Offline:
        bar.close()
        print(f"wolfcall: {offer.text('offline')}", file=out)
        return True
    except EngineError as exc:
        bar.close()
        print(f"wolfcall: {offer.text('failed', reason=exc)}", file=out)
        return True
    bar.close()
    remember(data, offer.lang, "yes")
    start_render(offer.voice, scripts, data)
    print(f"wolfcall: {offer.text('ready')}", file=out)
    return True


def _typed_no() -> bool:
    """Has 'n' and Enter been typed while the voice downloads? Reads only a line already there, so the
    game's first answer is never taken (terminals where stdin cannot be polled: Ctrl-C only)."""
    try:
        import select

        ready, _, _ = select.select([sys.stdin], [], [], 0)
    except (OSError, ValueError, TypeError):
        return False
    if not ready:
        return False
    return sys.stdin.readline().strip().lower().startswith("n")


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
