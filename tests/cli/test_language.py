"""The command line speaks the table's language wherever a player reads it (narrator/cli/language.py): argparse's
own words through gettext's catalog, our help and our refusals, with `--lang` wherever it stands."""

from __future__ import annotations

import importlib.util
import io
import os
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from narrator.cli.main import main
from narrator.resources import LOCALE

TOOL = Path(__file__).resolve().parents[2] / "tools" / "cli_catalog.py"


def said(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # --help prints and leaves, as argparse does
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ["Aufruf: wolfcall demo", "Optionen:", "diese Hilfe zeigen und beenden",
            "die Sprache der Spielleitung (Standard: config.yaml)", "(1 bis 20)"]),
    ("es", ["uso: wolfcall demo", "opciones:", "muestra esta ayuda y sale",
            "el idioma del narrador (por defecto: config.yaml)", "(de 1 a 20)"]),
    ("en", ["usage: wolfcall demo", "options:", "show this help message and exit", "(1 to 20)"]),
])
def test_the_help_is_in_the_tables_language(lang: str, words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35: `wolfcall demo --help --lang de` was all English, argparse's "usage:" and "options:" too."""
    code, text = said(["demo", "--help", "--lang", lang], capsys)
    assert code == 0 and all(w in " ".join(text.split()) for w in words), text


@pytest.mark.parametrize(("argv", "words"), [
    (["demo", "--bogus", "--lang", "de"], "wolfcall demo: unbekannte Argumente: --bogus (siehe wolfcall demo --help)"),
    (["demo", "--lang", "es", "--players", "x"], "argumento --players: «x» no es un valor válido"),
    # German read B (O5): a whole sentence after the colon starts with a capital
    (["demo", "--players", "2", "--lang", "de"],
     "--players: Die klassischen Regeln sind für 6 bis 12 Spieler, nicht für 2"),
    # German read B (O3): the ways to play as they are typed, not as Python writes an enum («<Mode.ONE_DEVICE: …>»)
    (["demo", "--mode", "reihum", "--lang", "de"], "(möglich sind 'one_device', 'round_table', 'own_devices')"),
    (["demo", "--ruleset", "classic", "--players", "5", "--lang", "es"],
     "las reglas clásicas son para partidas de 6 a 12 jugadores, no de 5"),
    (["balance", "chess:9", "--lang", "es"], "«chess:9» no es un archivo de escenario ni un reparto como classic:9"),
    (["balance", "classic:werewolf*x", "--lang", "de"], "„werewolf*x“: eine Karte ist rolle oder rolle*anzahl"),
    (["history", "show", "--lang", "es", "--last", "x"], "argumento --last: «x» no es un valor válido"),
])
def test_every_refusal_is_in_the_tables_language(argv: list[str], words: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, text = said(argv, capsys)
    assert code == 2 and words in text and len(text.strip().splitlines()) == 1, text


@pytest.mark.parametrize(("argv", "words"), [
    (["balance", "classic:5", "--lang", "de"],
     "wolfcall balance: classic:5: Die klassischen Regeln sind für 6 bis 12 Spieler, nicht für 5"),
    (["balance", "classic:werewolf*4,seer,villager", "--lang", "de"],
     "wolfcall balance: Die Werwölfe müssen weniger als die Hälfte der Spieler"),
    # German read B (O3): `wolfcall --lang de balance` was refused («ungültige Wahl: 'de'»)
    (["--lang", "de", "balance", "classic:5"], "wolfcall balance: classic:5: Die klassischen Regeln sind für 6 bis 12"),
])
def test_a_deal_the_rules_refuse_is_refused_in_the_tables_language(argv: list[str], words: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """German read B (O2): `balance --lang de classic:5` said «The classic rules are for 6 to 12 players, not 5.»"""
    code, text = said(argv, capsys)
    assert code == 3 and text.startswith(words) and len(text.strip().splitlines()) == 1, text


def test_the_language_is_as_it_was_after_a_command(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")
    said(["demo", "--help", "--lang", "de"], capsys)
    assert os.environ["LANGUAGE"] == "fr"


def entries(catalog: Catalog) -> list[tuple[object, object]]:
    """A catalog's translations, its header aside (Babel writes the date and its own version into it)."""
    return sorted(((m.id if isinstance(m.id, str) else tuple(m.id),
                    m.string if isinstance(m.string, str) else tuple(m.string)) for m in catalog if m.id), key=repr)


def test_each_compiled_catalog_is_its_po_file() -> None:
    """The .mo gettext reads says what the .po a translator edits says (tools/cli_catalog.py compiles it)."""
    spec = importlib.util.spec_from_file_location("cli_catalog", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    pos = sorted(LOCALE.glob("*/LC_MESSAGES/wolfcall.po"))
    assert [p.parent.parent.name for p in pos] == ["de", "es"]
    for po in pos:
        with po.open("rb") as f:
            written = entries(read_po(f, locale=po.parent.parent.name))
        with po.with_suffix(".mo").open("rb") as f:
            assert entries(read_mo(f)) == written, f"run tools/cli_catalog.py for {po}"
        assert entries(read_mo(io.BytesIO(tool.compiled(po)))) == written


def test_the_spanish_help_names_the_positional_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    """read_es_B4 (command line): `history --help --lang es` headed its actions «argumentos:», where a Spanish help
    says «argumentos posicionales:», as it says «opciones:» for the others."""
    code, text = said(["history", "--help", "--lang", "es"], capsys)
    assert code == 0 and "argumentos posicionales:" in text, text
