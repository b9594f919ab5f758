"""`wolfcall play`: a real game at the table, recorded in a journal so it survives a crash."""

from __future__ import annotations

import argparse
import sys
from gettext import gettext as _
from pathlib import Path
from typing import TYPE_CHECKING

from narrator.config import (
    CONFIG_HELP,
    Config,
    OptionError,
    check_output,
    player_count,
    port_number,
    seed_number,
    speed_factor,
)
from narrator.names import MAX_PLAYERS, NameProblem, clean_names, split_gender
from narrator.yamlfile import cut_path

if TYPE_CHECKING:  # the game's modules are loaded when a game is played, not for `wolfcall --help`
    from narrator.game.inputs import Answer
    from narrator.game.journal import Journal
    from narrator.game.session import Table
    from narrator.speech.script import Script


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ui", choices=("web", "terminal"), default="web",
                   help=_("the page on a phone or tablet (default), or numbered choices in this terminal"))
    p.add_argument("--lan", action="store_true", help=_("also listen on the network, for a phone on the same Wi-Fi"))
    p.add_argument("--port", type=port_number, help=_("the page's port, 1 to 65535 (default: config.yaml)"))
    p.add_argument("--fast", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--players", type=int, help=_("how many play: 6 to 12 in the classic rules (default: config.yaml)"))
    p.add_argument("--names", help=_("player names in seat order, separated by commas, each with :f or :m to be "
                   "spoken of as a woman or a man (\"Ana:f,Ben:m,Carla\"; with --players: the first seats' names, the "
                   "rest play unnamed)"))
    p.add_argument("--lang", choices=("en", "de", "es"), help=_("the narrator's language (default: config.yaml)"))
    p.add_argument("--seed", type=seed_number, help=_("a fixed deal (for testing)"))
    p.add_argument("--resume", nargs="?", const="latest", metavar=_("JOURNAL"),
                   help=_("continue the last unfinished game (or the one in JOURNAL)"))
    p.add_argument("--speed", type=speed_factor, default=1.0, help=argparse.SUPPRESS)
    p.add_argument("--data", type=Path, help=_("where journals are kept (default: the user's data folder)"))
    p.add_argument("--scripts", type=Path, help=_("a folder of your own scenes laid over the shipped ones"))
    p.add_argument("--config", type=Path, help=_(CONFIG_HELP))
    p.add_argument("--voice", help=_("a narrator voice from voices/ (default: config.yaml)"))
    p.add_argument("--audio", choices=("auto", "miniaudio", "simpleaudio", "aplay", "pw-play", "file", "none"),
                   help=_("how sound is played (default: config.yaml)"))
    p.add_argument("--out", type=Path, help=_("also write the narration to this WAV file"))


def seat_names(args: argparse.Namespace, ruleset: str, default_players: int) -> tuple[list[str], list[str]]:
    """The seats of a new game from --names (checked by narrator.names) or --players, refused (OptionError)
    unless the rules allow that many players; "" is an unnamed seat. Fewer names than --players name the
    first seats, the rest play unnamed; more names than --players are refused. With each seat, how its player is
    spoken of: `Ana:f`, `Ben:m`, or not said."""
    if args.names is None:
        count = args.players if args.players is not None else default_players
        return [""] * player_count(count, ruleset), []
    return named_seats(args.names, args.players, ruleset)


def named_seats(text: str, players: int | None, ruleset: str) -> tuple[list[str], list[str]]:
    """`--names "Ana:f,Ben:m,Carla"`: the names and how each player is spoken of, filled up to `players`."""
    raw = text.split(",")
    if len(raw) > MAX_PLAYERS:
        raise OptionError(f"--names: {len(raw)} names (at most {MAX_PLAYERS})", "option.names_many", n=len(raw),
                          most=MAX_PLAYERS)
    parts = [split_gender(r) for r in raw]
    if any(":" in name for name, _ in parts):  # "Ana:w", "Ana:": a colon only ever says :f or :m
        raise OptionError("--names: after a name, :f (she) or :m (he), or nothing", "option.name_gender")
    try:
        names = clean_names([name for name, _ in parts], blank_ok=True)
    except NameProblem as exc:
        raise OptionError(f"--names: {exc}", f"option.name_{exc.kind}", **exc.params) from None
    genders = [g for _, g in parts]
    if players is None:
        player_count(len(names), ruleset, "--names")
        return names, genders
    if len(names) > players:
        raise OptionError(f"--names: {len(names)} names for --players {players}; give at most "
                          f"{players} names, or more players", "option.names_players", n=len(names), players=players)
    more = player_count(players, ruleset) - len(names)
    return names + [""] * more, genders + [""] * more


def offer_voice(args: argparse.Namespace, cfg: Config, lang: str) -> bool:
    """At a terminal, before a game in a language with no natural voice here: offer to download one
    (narrator/audio/offer.py). Only when someone can answer and the game will be heard."""
    if not sys.stdin.isatty() or ((args.audio or cfg.audio) == "none" and args.out is None):
        return False
    from narrator.cli.voiceactions import offer_at_the_terminal
    from narrator.paths import data_dir

    return offer_at_the_terminal(lang, args.voice or cfg.voice, args.data or data_dir(), args.scripts or cfg.scripts)


def run(args: argparse.Namespace) -> int:
    from narrator.config import load_config
    from narrator.paths import data_dir
    from narrator.speech.lint import load_checked

    cfg = load_config(args.config)
    names, genders = (None, None) if args.resume else seat_names(args, cfg.ruleset, cfg.players)
    if args.out is not None:
        check_output(args.out, "--out")
    if args.data is not None and args.data.exists() and not args.data.is_dir():
        raise OptionError(f"--data {cut_path(args.data)}: is not a folder", "option.data", path=cut_path(args.data))
    script = load_checked(args.scripts or cfg.scripts)
    if (args.audio or cfg.audio) != "none" or args.out is not None:
        from narrator.cli.doctor import play_notice

        notice = play_notice()
        if notice:
            print(notice, file=sys.stderr)
    data = args.data or data_dir()
    if args.ui == "web":
        from narrator.ui.web.server import serve

        return serve(cfg, script, data, port=args.port or cfg.web_port, lan=args.lan,
                     fast=args.fast, audio=args.audio or cfg.audio, speed=args.speed, resume=bool(args.resume),
                     lang=args.lang, names=names if args.names is not None or args.players is not None else None,
                     genders=genders, voice=args.voice)
    return at_the_terminal(args, cfg, script, data, names, genders)


def at_the_terminal(args: argparse.Namespace, cfg: Config, script: Script, data: Path, names: list[str] | None,
                    genders: list[str] | None = None) -> int:
    """`--ui terminal`: the game narrated here, its choices typed as numbers, recorded as it goes."""
    from narrator.audio.mixer import Levels
    from narrator.audio.speaker import AudioSpeaker
    from narrator.audio.table import build_speaker
    from narrator.game.clock import RealClock
    from narrator.game.session import Session
    from narrator.speech.captions import CaptionSpeaker
    from narrator.speech.lines import Lines
    from narrator.speech.picker import Picker
    from narrator.ui.terminal import TerminalInput
    from narrator.ui.web.strings import strings

    table, answers, path, journal = journaled_game(args, cfg, data / "games", names, genders)
    words = Lines(script, table.lang, Picker(0), table.players, table.genders)
    told = offer_voice(args, cfg, table.lang)
    speaker = build_speaker(table.lang, args.voice or cfg.voice, args.audio or cfg.audio, args.out,
                            CaptionSpeaker(sys.stdout), words, no_card_out=data / "last-game.wav",
                            told=told, device=cfg.audio_device, volume=cfg.volume, words=strings(table.lang),
                            levels=Levels.of(cfg.layers))
    keyboard = TerminalInput(words)
    from narrator.game.historystore import open_history

    history = open_history(data)
    session = Session(table, script, speaker, RealClock(args.speed), keyboard, journal, answers,
                      resumed=bool(args.resume), history=history)
    try:
        narrator = session.run()
    except EOFError:
        print(f"\nwolfcall: {strings(table.lang)['cli.input_ended'].format(path=path)}", file=sys.stderr)
        return 0
    except KeyboardInterrupt:  # Ctrl-C: said in the table's language, as the end of input is
        print(f"\nwolfcall: {strings(table.lang)['cli.stopped'].format(path=path)}", file=sys.stderr)
        return 130
    finally:
        journal.close()
        history.close()
        if isinstance(speaker, AudioSpeaker):
            speaker.close()
    keyboard.show_end(narrator.state)
    keyboard.show_winner(narrator.state)  # in the table's language
    return 0


def journaled_game(args: argparse.Namespace, cfg: Config, folder: Path, names: list[str] | None,
                   genders: list[str] | None = None) -> tuple[Table, list[Answer], Path, Journal]:
    """The game to play and the journal it is recorded in: the last unfinished one in `folder` (or the one
    --resume names), to go on with; else a new deal in a new journal."""
    from narrator.game.journal import Journal, JournalError
    from narrator.game.session import Table, latest_unfinished, new_journal_path, open_journal, random_seed

    if args.resume:
        path = latest_unfinished(folder) if args.resume == "latest" else Path(args.resume)
        if path is None:
            raise JournalError(f"there is no unfinished game in {folder}")
        resumed = open_journal(path)
        if resumed.note:
            print(f"wolfcall: {resumed.note}", file=sys.stderr)
        print(f"wolfcall: resuming {path} ({len(resumed.answers)} answers)", file=sys.stderr)
        return resumed.table, resumed.answers, path, Journal(path)
    assert names is not None
    seed = args.seed if args.seed is not None else random_seed()
    table = Table.deal(names, cfg.house, seed, args.lang or cfg.language, ruleset=cfg.ruleset, genders=genders or ())
    path = new_journal_path(folder, table)
    return table, [], path, Journal.create(path, table.to_json(), f"a game for {len(names)} players")
