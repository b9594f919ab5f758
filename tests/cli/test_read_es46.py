"""What the Spanish reader B found on the command line at stop 45 (notes/s45/read_es_B5.md): with `--lang es`
(and de) every refusal of an option is in the table's words, `--lang` works after `scripts lint`, and the
extended rules have one name. Each case failed before (fix46)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from narrator.cli.main import main

ENGLISH = re.compile(r"\b(is not|cannot|the script|does not exist|No such|required|invalid|unrecognized"
                     r"|the extended)\b")


def said(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, " ".join((out.out + out.err).split())


@pytest.mark.parametrize(("argv", "es", "de"), [
    (["demo", "--seed", "x"], "x no es una semilla (un número entero", "x ist kein Seed (eine ganze Zahl"),
    (["demo", "--speed", "0"], "0 no es una velocidad", "0 ist keine Geschwindigkeit"),
    (["demo", "--resume", "{missing}"], "no se puede leer el archivo de la partida {missing}: no existe ese archivo",
     "die Spieldatei {missing} ist nicht lesbar: diese Datei oder diesen Ordner gibt es nicht"),
    (["demo", "--config", "{missing}.yaml"], "{missing}.yaml: no se puede leer: no existe ese archivo o carpeta",
     "{missing}.yaml: nicht lesbar: diese Datei oder diesen Ordner gibt es nicht"),
    (["demo", "--scripts", "{missing}"], "el guion tiene problemas: {missing}:1: -: la carpeta de guiones no existe",
     "das Skript hat Fehler: {missing}:1: -: den Skriptordner gibt es nicht"),
    (["history", "show", "--last", "x"], "argumento --last: «x» no es un valor válido", "--last: ungültiger Wert: „x“"),
    (["history", "rename"], "faltan estos argumentos: nombre_actual, nombre_nuevo",
     "diese Argumente fehlen: alter_Name, neuer_Name"),
])
@pytest.mark.parametrize("lang", ["es", "de"])
def test_an_options_refusal_is_in_the_tables_words(argv: list[str], es: str, de: str, lang: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nowhere")
    argv = [a.format(missing=missing) for a in argv]
    code, text = said([*argv, "--lang", lang], capsys)
    assert code == 2 and (es if lang == "es" else de).format(missing=missing) in text, text
    assert not ENGLISH.search(text.replace(missing, "")), text


@pytest.mark.parametrize(("argv", "words"), [
    (["scripts", "lint", "--lang", "es"], "guiones: ningún problema"),
    (["--lang", "de", "scripts", "lint"], "Skripte: keine Probleme"),
    (["scripts", "lint", "--lang", "de"], "Skripte: keine Probleme"),
])
def test_lang_works_after_scripts_lint(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`wolfcall --help` says --lang works for any command: «argumentos desconocidos: --lang» after `scripts lint`."""
    code, text = said(argv, capsys)
    assert code == 0 and words in text, text


@pytest.mark.parametrize(("lang", "name", "other"), [
    ("es", "con los 28 roles", r"ampliad"), ("de", "mit allen 28 Rollen", r"erweitert"),
    ("en", "with all 28 roles", r"extended (ones|rules)")])
def test_the_extended_rules_have_one_name(lang: str, name: str, other: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The screens say «Los 28 roles»; `demo --help` said «las ampliadas»."""
    code, text = said(["demo", "--help", "--lang", lang], capsys)
    # --players names the extended rules; --mode names no ruleset since read_de_B6 H1 (it is how the table plays)
    assert code == 0 and text.count(name) == 1 and not re.search(other, text), text


def test_the_top_help_names_the_game_as_the_product_does(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = said(["--help", "--lang", "es"], capsys)
    assert code == 0 and "para jugar al Hombre Lobo" in text and "Los Hombres Lobo" not in text
