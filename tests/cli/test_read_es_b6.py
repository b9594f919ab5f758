"""What the Spanish reader B found on the command line at stop 46 (notes/s46/read_es_B6.md 22-29): with `--lang es`
(and de) every option's help and placeholder is in the table's words, numbers and quotes as the language writes
them, and a refusal blames the option that was given and points to the command's own help."""

from __future__ import annotations

import re

import pytest

from narrator.cli.main import main

ENGLISH = re.compile(r"\b(the|and|when|where|default|also|with|for|how|this|only|play a|serve|which|one)\b")
COMMANDS = [["play"], ["serve"], ["doctor"], ["demo"], ["history"], ["balance"], ["simulate"], ["service"],
            ["service", "install"], ["voices"], ["voices", "check"], ["voices", "render"], ["voices", "download"],
            ["voices", "install"], ["voices", "export"], ["scripts", "lint"], []]


def said(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, " ".join((out.out + out.err).split())


def options_text(text: str) -> str:
    """The help without what is typed as it is: option names, choices in braces, file names, URLs, commands."""
    text = re.sub(r"\{[^}]*\}|--?[\w-]+|\S+\.(yaml|sqlite|tar\.gz|org)\S*|`[^`]*`|\w+://\S+|\S+/\S*", " ", text)
    return re.sub(r"\b(test|play|nginx|Caddy|PEM|TLS|HTTPS?|STUN|TURN|coturn|Piper|jutta|de_DE-\S+|PostgreSQL|"
                  r"systemd|cage|chromium|apt install|static-auth-secret|JSON|WAV|wolfcall|Host|"
                  r"simulate|demo|voices|serve|service|history|doctor|balance|scripts|lint)\b", " ", text)


@pytest.mark.parametrize("lang", ["es", "de"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "_".join(c) or "wolfcall")
def test_every_help_text_is_in_the_tables_language(command: list[str], lang: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """B6 22: `play --help --lang es` was English («the page on a phone or tablet (default)…»), as were serve and
    doctor; B6 23: «COMMAND», «ACTION», «--last LAST», «--speed SPEED» were left as argparse makes them."""
    code, text = said([*command, "--help", "--lang", lang], capsys)
    assert code == 0
    assert ENGLISH.findall(options_text(text.replace(" ".join(["wolfcall", *command]), " "))) == [], text
    placeholders = set(re.findall(r"\b[A-Z][A-Z_]{2,}\b", text)) - {"URL", "PEM", "TLS", "HTTP", "HTTPS", "STUN",
                                                                     "TURN", "JSON", "WAV", "PORT", "N", "CLI"}
    english = {"COMMAND", "ACTION", "LAST", "SPEED", "PLAYERS", "NAMES", "SEED", "JOURNAL", "DATA", "SCRIPTS",
               "CONFIG", "VOICE", "OUT", "OUTPUT", "HOST", "CERT", "KEY", "JOBS", "GAMES", "TIMELINE", "LETTER",
               "SECONDS", "TURN_SECRET_FILE"}
    assert placeholders & english == set(), text


@pytest.mark.parametrize(("lang", "words"), [("es", "(un número de 0,1 a 10000)"),
                                             ("de", "(eine Zahl von 0,1 bis 10000)"),
                                             ("en", "(a number from 0.1 to 10000)")])
def test_the_speeds_range_has_the_languages_decimal_mark(lang: str, words: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """B6 24: «0 no es una velocidad (un número de 0.1 a 10000)», where the help says «de 0,1 a 10000»."""
    code, text = said(["demo", "--speed", "0", "--lang", lang], capsys)
    assert code == 2 and words in text, text


@pytest.mark.parametrize(("argv", "words"), [
    # B6 25: «wolfcall balance: Estas reglas son para…»: the deal and its rules, lower case after the colon
    (["balance", "classic:4", "--lang", "es"],
     "wolfcall balance: classic:4: las reglas clásicas son para partidas de 6 a 12 jugadores, no de 4."),
    # B6 26: straight quotes
    (["balance", "foo", "--lang", "es"], "«foo» no es un archivo de escenario"),
    (["balance", "foo", "--lang", "de"], "„foo“ ist weder eine Szenario-Datei"),
    # B6 27: only --names was given
    (["demo", "--lang", "es", "--ruleset", "extended", "--names", "Ana,Ben"],
     "--names: las reglas con los 28 roles son para partidas de 3 a 40 jugadores, no de 2."),
    # B6 28: the classic rules refuse 5, the extended take them
    (["demo", "--players", "5", "--lang", "es"],
     "no de 5; con --ruleset extended se juega de 3 a 40."),
    # B6 29: the command's own help, not the top-level one
    (["history", "show", "--lang", "es", "--player", "Ana"],
     "argumentos desconocidos: --player Ana (consulta wolfcall history --help)"),
])
def test_a_refusal_says_it_as_a_spanish_table_reads_it(argv: list[str], words: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, text = said(argv, capsys)
    assert code in (2, 3) and words in text, text


def test_the_ruleset_hint_is_not_given_where_there_is_no_ruleset_to_choose(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = said(["demo", "--players", "2", "--lang", "es"], capsys)
    assert code == 2 and "no de 2." in text and "--ruleset" not in text, text
