"""`wolfcall balance`: a deal or a scenario's deal, each side's chance on the terminal; bad input in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from narrator.cli.main import main


def test_a_classic_deal_from_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "classic:9", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["source"] == "table" and out["games"] >= 1000
    assert [s["side"] for s in out["sides"]] == ["village", "wolves"]
    for side in out["sides"]:
        assert side["low"] <= side["chance"] <= side["high"]


def test_a_scenarios_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("players: 8\nsteps: []\n")
    assert main(["balance", str(path), "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "Village: " in text and "Werewolves: " in text and "Estimated from 1,000 simulated games" in text


@pytest.mark.parametrize(("lang", "said"), [
    ("de", ["Dorf: 48\xa0% (mit 95 % Sicherheit zwischen 45\xa0% und 52\xa0%)", "Werwölfe: 52\xa0%",
            "Geschätzt aus 1.000 simulierten Partien",
            "Mit einer einzigen anderen Karte wird es nicht ausgeglichener."]),
    ("es", ["Aldea: 64\xa0% (con un 95 % de confianza, entre 61\xa0% y 67\xa0%)", "Lobos: 36\xa0%",
            "Más equilibrado: un hombre lobo en lugar de un aldeano (aldea 50\xa0%, lobos 50\xa0%)."]),
])
def test_the_odds_are_printed_in_the_tables_language(lang: str, said: list[str],
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A German table read "village 48.5% … no deal one card away is closer to even" in English; and "48%" beside
    "95 %": a share is written as the language writes it (CLDR, a no-break space before the sign)."""
    assert main(["balance", "classic:9" if lang == "de" else "classic:8", "--lang", lang]) == 0
    text = capsys.readouterr().out
    assert all(line in text for line in said), text


def test_cards_the_table_lacks_are_estimated_live(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "classic:werewolf*2,seer,villager*3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["source"] == "live" and out["games"] >= 1


@pytest.mark.parametrize(("deal", "code", "said"), [
    ("classic:werewolf*3,villager*3", 3, "fewer than half"),
    ("chess:9", 2, "neither a scenario file"),
    ("classic:werewolf*x", 2, "role or role*count"),
    ("classic:werewolf,goblin*5", 2, "unknown role"),
])
def test_bad_deals_say_why_in_one_line(deal: str, code: int, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", deal]) == code
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
