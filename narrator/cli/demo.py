"""`wolfcall demo`: a whole classic game played at random but legally, narrated in captions."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from gettext import gettext as _
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import HouseRules, Mode, State
from engine.house import RULES_OF, defaults
from narrator.config import (
    AUDIO,
    CONFIG_HELP,
    Config,
    OptionError,
    check_output,
    player_count,
    seed_number,
    speed_factor,
)
from narrator.yamlfile import cut_path

if TYPE_CHECKING:  # the game's modules are loaded when a demo runs, not for `wolfcall --help`
    from narrator.game.inputs import Answer
    from narrator.game.journal import Journal
    from narrator.game.session import Table

# the demo's players by the table's language, as a table there would be called: a woman, a man, in turn
NAMES = {
    "en": ["Alice", "Ben", "Claire", "Dan", "Emma", "Frank", "Grace", "Harry", "Isla", "Jack", "Kate", "Leo"],
    "de": ["Anna", "Bernd", "Clara", "David", "Elke", "Felix", "Greta", "Hannes", "Ida", "Jonas", "Katrin", "Lukas"],
    "es": ["Ana", "Bruno", "Carla", "Darío", "Elena", "Fede", "Gala", "Hugo", "Inés", "Juan", "Lucía", "Luis"],
}
GENDERS = ["f", "m", "f", "m", "f", "m", "f", "m", "f", "m", "f", "m"]  # how the demo's players are spoken of
MAX_GAMES = 20


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=("en", "de", "es"), help=_("the narrator's language (default: config.yaml)"))
    p.add_argument("--players", type=int, help=_("how many play: 6 to 12 in the classic rules, 3 to 40 with all "
                                                 "28 roles (default: config.yaml)"))
    p.add_argument("--ruleset", choices=("classic", "extended"), help=_("the rules (default: config.yaml)"))
    p.add_argument("--mode", choices=tuple(m.value for m in Mode), default=Mode.ONE_DEVICE,
                   help=_("how the table plays: one device, passed round the table, or each on their own phone "
                           "(with either ruleset; default: one device)"))
    p.add_argument("--seed", type=seed_number, help=_("deal and play the same game again"))
    p.add_argument("--timeline", type=Path,
                   help=_("write the game's captions and night steps to this file in time order, one JSON object "
                          "a line"))
    p.add_argument("--fast", action="store_true", help=_("run on a virtual clock: the whole game in a moment"))
    p.add_argument("--speed", type=speed_factor, default=1.0,
                   help=_("run the real clock this many times faster (0.1 to 10000)"))
    p.add_argument("--journal", type=Path, help=_("record every answer in this file (for --resume)"))
    p.add_argument("--resume", type=Path, metavar=_("JOURNAL"), help=_("go on with the game recorded in JOURNAL"))
    p.add_argument("--scripts", type=Path, help=_("a folder of your own scenes laid over the shipped ones"))
    p.add_argument("--quiet", action="store_true", help=_("do not print the captions"))
    p.add_argument("--voice", help=_("a narrator voice from voices/ (default: config.yaml, or the language's best)"))
    p.add_argument("--audio", choices=AUDIO,
                   help=_("how sound is played (default: config.yaml; with --fast, only --out)"))
    p.add_argument("--out", type=Path, help=_("write the whole narrated game to this WAV file (and its timeline)"))
    p.add_argument("--config", type=Path, help=_(CONFIG_HELP))
    p.add_argument("--names", help=_("the players in seat order, separated by commas, each with :f or :m to be "
                                     "spoken of as a woman or a man (\"Ana:f,Ben:m,Carla\"); default: twelve named "
                                     "players, then unnamed seats"))
    p.add_argument("--games", type=int, default=1,
                   help=_("play this many games in a row at the same table, as an evening (1 to %(most)s); each "
                          "game hears fresh lines first") % {"most": MAX_GAMES})


def check_options(args: argparse.Namespace, ruleset: str, players: int) -> None:
    """Refuse a player count the rules do not allow and an output file that could not be written,
    before the scripts are loaded and the game is played (OptionError)."""
    if not 1 <= args.games <= MAX_GAMES:
        raise OptionError(f"--games {args.games}: from 1 to {MAX_GAMES}", "option.games", n=args.games,
                          most=MAX_GAMES)
    if args.games > 1 and (args.resume or args.journal):
        raise OptionError("--games: one game at a time with --journal or --resume", "option.games_journal")
    if not args.resume:  # the count comes from --names when only names were given: that option is refused
        player_count(players, ruleset, "--names" if args.names is not None and args.players is None else "--players",
                     ruleset_hint=args.ruleset is None or args.ruleset == "classic")
    elif args.resume.is_dir():
        raise OptionError(f"--resume {cut_path(args.resume)}: is a folder; give a journal file", "option.folder",
                          option="--resume", path=cut_path(args.resume))
    outputs = [("--journal", args.journal), ("--timeline", args.timeline), ("--out", args.out)]
    if args.out is not None and args.timeline is None:
        outputs.append(("--out", args.out.with_suffix(".timeline.jsonl")))  # the timeline written beside it
    for option, path in outputs:
        if path is not None and not (option == "--journal" and args.resume):
            check_output(path, option, make_folders=option == "--journal")  # the journal makes its folders


def house_for(rules: str, house: HouseRules, configured: str) -> HouseRules:
    """config.yaml's house rules (parsed for its own ruleset, `configured`) carried over to `rules`:
    the rules both rulesets share are kept."""
    shared = {k: getattr(house, k) for k in RULES_OF[rules] if k in RULES_OF[configured]}
    return replace(defaults(rules), **shared)


def names(players: int, lang: str = "en") -> list[str]:
    """The demo's players: the names it knows in the table's language, then unnamed seats (said "player 13",
    "Spieler 13"...)."""
    return (NAMES.get(lang, NAMES["en"]) + [""] * players)[:players]


def seats(args: argparse.Namespace, rules: str, players: int, lang: str) -> tuple[list[str], list[str]]:
    """The demo's seats and how each is spoken of: --names, or the names it knows in the table's language (women
    and men) and unnamed seats."""
    from narrator.cli.play import named_seats

    if args.names is not None:
        return named_seats(args.names, args.players, rules)
    return names(players, lang), (GENDERS + [""] * players)[:players]


def run(args: argparse.Namespace) -> int:
    from narrator.audio.mixer import Levels
    from narrator.audio.speaker import AudioSpeaker
    from narrator.audio.table import build_speaker
    from narrator.config import load_config
    from narrator.game.clock import Clock, RealClock, VirtualClock
    from narrator.game.inputs import RandomInput
    from narrator.game.session import Session
    from narrator.game.timeline import StepTiming, write_timeline
    from narrator.speech.captions import CaptionSpeaker
    from narrator.speech.lines import Lines
    from narrator.speech.lint import load_checked
    from narrator.speech.picker import Picker
    from narrator.ui.web.strings import strings

    cfg = load_config(args.config)
    rules = args.ruleset or cfg.ruleset
    players = args.players if args.players is not None else (cfg.players if rules == cfg.ruleset else 12)
    if args.names is not None and args.players is None:
        players = len(args.names.split(","))
    check_options(args, rules, players)
    script = load_checked(args.scripts or cfg.scripts)
    clock: Clock = VirtualClock() if args.fast else RealClock(args.speed)
    captions = CaptionSpeaker(None if args.quiet else sys.stdout)
    table, answers, journal = game_to_play(args, cfg, rules, players)
    audio = "none" if args.fast else (args.audio or cfg.audio)
    lines = Lines(script, table.lang, Picker(table.seed), table.players, table.genders)
    speaker = build_speaker(table.lang, args.voice or cfg.voice, audio, args.out, captions, lines,
                            device=cfg.audio_device, volume=cfg.volume, words=strings(table.lang),
                            levels=Levels.of(cfg.layers))
    steps: list[StepTiming] = []
    heard: dict[str, Any] = {}
    try:
        for game in range(args.games):
            if game:  # the next game of the evening: a new deal, the lines heard so far remembered
                table = next_game(table, heard)
            session = Session(table, script, speaker, clock, RandomInput(table.seed, spare_kin=True), journal, answers,
                              resumed=bool(args.resume))
            narrator = session.run()
            heard = narrator.lines.picker.snapshot()
            steps += narrator.steps
            report(table, narrator.state)
        if isinstance(speaker, AudioSpeaker) and captions.captions:
            speaker.pad_to(captions.captions[-1].end)  # the file lasts exactly as long as its timeline
    finally:
        if journal is not None:
            journal.close()
        if isinstance(speaker, AudioSpeaker):
            speaker.close()
    timeline = args.timeline or (args.out.with_suffix(".timeline.jsonl") if args.out else None)
    if timeline:
        write_timeline(timeline, captions.captions, steps)
    if isinstance(speaker, AudioSpeaker):
        report_sources(speaker.sources)
    return 0


def next_game(table: Table, heard: dict[str, Any]) -> Table:
    """The evening's next game: the same players and rules, a new deal, what was heard remembered."""
    from narrator.game.session import Table

    return Table.deal(table.players, table.house, table.seed + 1, table.lang, table.kind, ruleset=table.ruleset,
                      mode=table.mode, genders=table.genders, heard=heard)


def game_to_play(args: argparse.Namespace, cfg: Config, rules: str,
                 players: int) -> tuple[Table, list[Answer], Journal | None]:
    """The game to narrate: the one recorded in --resume's journal, to go on with, or a new deal (recorded
    in --journal when given)."""
    from narrator.game.journal import Journal
    from narrator.game.session import Table, open_journal, random_seed

    if args.resume:
        resumed = open_journal(args.resume)
        if resumed.note:
            print(f"wolfcall: {resumed.note}", file=sys.stderr)
        return resumed.table, resumed.answers, Journal(args.resume)
    seed = args.seed if args.seed is not None else random_seed()
    house = house_for(rules, cfg.house, cfg.ruleset)
    lang = args.lang or cfg.language
    named, genders = seats(args, rules, players, lang)
    table = Table.deal(named, house, seed, lang, kind="demo", ruleset=rules,
                       mode=args.mode, genders=genders)
    journal = Journal.create(args.journal, table.to_json(), "a demo game") if args.journal else None
    return table, [], journal


def report_sources(sources: list[str]) -> None:
    """Where the spoken lines came from (with sound), on stderr."""
    counts = {k: sources.count(k) for k in ("pack", "live", "fallback", "captions")}
    print("wolfcall demo: lines spoken from " + ", ".join(f"{k}: {v}" for k, v in counts.items()), file=sys.stderr)


def report(table: Table, state: State) -> None:
    """The last line on stderr: the seed that plays this game again, and who won."""
    from narrator.game.moments import pack
    from narrator.ui.web.strings import strings

    words = strings(table.lang)
    winner, reason = words.get(f"end.{state.winner or 'draw'}", ""), words.get(f"reason.{state.reason}", "")
    if state.winner == "wolves" and pack(state) == "one":  # one wolf dealt: the voice said "the werewolf wins"
        winner, reason = words["cli.wolf_wins"], words.get(f"cli.wolf_{state.reason}", reason)
    said = words["cli.demo_end"].format(seed=table.seed, winner=winner, reason=reason, nights=state.night)
    print(f"wolfcall demo: {said}", file=sys.stderr)  # in the table's words, as the page's end screen says it
