"""Write narrator/balance/odds.json: each side's wins for the classic 6-12 recommended deals and twenty
extended recommended deals (5-24 players), heuristic players, default house rules, and the nearest deal
(one card changed) closest to even. Run: .venv/bin/python tools/balance_table.py RULESET GAMES NEAR_GAMES NEAR_TRIED
(the deals of RULESET are replaced in the table, the others kept)."""

from __future__ import annotations

import json
import sys

from engine import Setup, ruleset
from engine.house import defaults
from narrator.balance.odds import TABLE, key, nearest, simulate

DEALS = [("classic", n) for n in range(6, 13)] + [("extended", n) for n in range(5, 25)]


def main(argv: list[str]) -> None:
    only, games, near_games, tried = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    out: dict[str, object] = json.loads(TABLE.read_text()) if TABLE.exists() else {}
    out[f"_about_{only}"] = (f"heuristic players; {games} games per deal, {near_games} per suggested deal "
                             f"(the first {tried} one-card changes tried)")
    for rules, players in DEALS:
        if rules != only:
            continue
        setup = Setup.recommended(ruleset(rules), players)
        house = defaults(rules)
        odds = simulate(setup, house, games)
        near = nearest(setup, house, odds, games=near_games, limit=tried)
        out[key(setup, house)] = {"games": odds.games, "wins": dict(sorted(odds.wins.items())),
                                  "suggestion": None if near is None else {
                                      "out": near[0], "in": near[1], "games": near[2].games,
                                      "wins": dict(sorted(near[2].wins.items()))}}
        print(rules, players, odds.wins, near and near[:2], file=sys.stderr, flush=True)
    fresh = json.loads(TABLE.read_text()) if TABLE.exists() else {}  # the other ruleset may have run meanwhile
    fresh.update({k: v for k, v in out.items() if k.startswith((only, f"_about_{only}"))})
    TABLE.write_text(json.dumps(fresh, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
