"""`wolfcall balance SCENARIO.yaml | DEAL`: each side's chance to win a deal, on the terminal.

A DEAL is `classic:9` (the recommended deal for 9), `extended:12`, or the cards:
`classic:werewolf*2,seer,witch,villager*3`."""

from __future__ import annotations

import argparse
import json
import sys
from gettext import gettext as _
from pathlib import Path

from babel.numbers import format_decimal, format_percent

from engine import HouseRules, Refused, Setup, Unknown, ruleset
from engine.house import defaults
from engine.setup import setup_from_roles
from narrator.balance.odds import Estimate, estimate
from narrator.cli.language import refusal_said, said
from narrator.config import OptionError, load_config
from narrator.ui.web.strings import strings
from narrator.yamlfile import cut


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("deal", metavar=_("deal"),
                   help=_("a scenario file, or classic:9, extended:12, classic:werewolf*2,seer,villager*3"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object instead of the table"))
    p.add_argument("--lang", choices=("en", "de", "es"),
                   help=_("the language of what is printed (default: config.yaml)"))


def parse_deal(text: str) -> tuple[Setup, HouseRules]:
    """A scenario file's deal and house rules, or a deal written on the command line."""
    if Path(text).suffix in (".yaml", ".yml") or Path(text).is_file():
        from narrator.cli.scenario import parse

        sc = parse(text)
        rules = ruleset(sc.ruleset)
        if sc.roles is not None:
            return setup_from_roles(rules, sc.roles, sc.extra, sc.mode), sc.house
        return Setup.recommended(rules, len(sc.players), sc.mode), sc.house
    rules_id, _colon, cards = text.partition(":")
    if rules_id not in ("classic", "extended") or not cards:
        raise Unknown(_("'%(deal)s' is neither a scenario file nor a deal like classic:9 or "
                        "classic:werewolf*2,seer,...") % {"deal": text})
    rules = ruleset(rules_id)
    if cards.isdigit():
        return Setup.recommended(rules, int(cards)), defaults(rules_id)
    counts: dict[str, int] = {}
    for item in cards.split(","):
        role, _star, n = item.partition("*")
        if not n.isdigit() and n:
            raise Unknown(_("'%(item)s': a card is role or role*count") % {"item": item})
        counts[role] = counts.get(role, 0) + int(n or 1)
    players = sum(counts.values()) - (2 if counts.get("thief") else 0)
    setup = Setup(rules, players, counts)
    setup.validate()
    return setup, defaults(rules_id)


def lines(found: Estimate, lang: str) -> list[str]:
    """The odds in the table's words, as the setup screen says them (the page's strings)."""
    words = strings(lang)

    def pct(x: float) -> str:
        return format_percent(x, locale=lang)  # as the page writes it, CLDR's way (Babel): "48%", "48 %"

    def side(s: str) -> str:
        return words[f"balance.side.{s}"]

    odds = found.odds
    out = [words["balance.side"].format(side=side(s), chance=pct(odds.chance(s)), low=pct(odds.interval(s)[0]),
                                        high=pct(odds.interval(s)[1])) for s in odds.sides]
    out.append(words["balance.games"].format(n=format_decimal(odds.games, locale=lang)))  # "1.000", "1,000"
    if found.suggestion is None:
        out.append(words["balance.no_suggestion"])
    else:
        old, new, near = found.suggestion
        # a card by its label ("Seherin statt Werwolf") or as a sentence names it ("una vidente"): each language's
        # line says which
        out.append(words["balance.suggest"].format(**{"out": words[f"role.{old}"], "in": words[f"role.{new}"]},
                                                   out_card=words[f"role_said.{old}"],
                                                   in_card=words[f"role_said.{new}"],
                                                   village=pct(near.chance("village")),
                                                   wolves=pct(near.chance("wolves"))))
    return out


def refused_deal(exc: Refused, deal: str, lang: str) -> str:
    """Why the rules refuse `deal`; a player count as --players is refused, naming the deal and its rules ("classic:4:
    las reglas clásicas son para…"), not "these rules" after the command's name."""
    if exc.rule != "setup.players" or "rules" not in exc.params:
        return refusal_said(exc, lang)
    p = exc.params
    return said(OptionError(str(exc), "option.players", option=cut(deal, 40), rules=f"cli.rules.{p['rules']}",
                            low=p["low"], high=p["high"], n=p["players"]), lang)


def run(args: argparse.Namespace) -> int:
    from narrator.cli.scenario import Malformed
    from narrator.yamlfile import YamlError

    try:
        lang = args.lang or load_config().language
        setup, house = parse_deal(args.deal)
    except (Malformed, YamlError, Unknown) as exc:
        print(f"wolfcall balance: {exc}", file=sys.stderr)
        return 2
    except Refused as exc:  # the rules' reason, in the table's language
        print(f"wolfcall balance: {refused_deal(exc, args.deal, lang)}", file=sys.stderr)
        return 3
    found = estimate(setup, house)
    if args.json:
        sys.stdout.write(json.dumps(found.to_json()) + "\n")
    else:
        print("\n".join(lines(found, lang)))
    return 0
