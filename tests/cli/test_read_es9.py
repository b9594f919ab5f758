"""What the Spanish reader B found on the command line at stop 48 (notes/s48/read_es_B9.md): a refused choice and
the choices offered are quoted alike."""

from __future__ import annotations

import pytest

from .test_read_es46 import said

REFUSED = [["demo", "--lang", "es", "--mode", "foo"], ["--lang", "es", "demo", "--ruleset", "x"]]


@pytest.mark.parametrize("argv", REFUSED)
def test_a_refused_choice_and_the_choices_are_quoted_alike(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """B9: «opción no válida: «foo» (elige entre 'one_device', 'round_table', 'own_devices')»."""
    code, text = said(argv, capsys)
    assert code == 2 and "opción no válida: «" in text and "'" not in text, text
