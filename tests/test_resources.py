"""What wolfcall ships, found inside its package (narrator/resources.py): in a checkout, through narrator/_data's
links, the repository's own files at its top, where their authors edit them. (A wheel's: tests/test_install.py.)"""

from __future__ import annotations

from pathlib import Path

from narrator.resources import CONFIG, ICONS, ODDS, SCRIPTS, STATIC, UI, VOICES

ROOT = Path(__file__).resolve().parent.parent


def test_the_checkouts_own_files_are_read() -> None:
    assert (SCRIPTS, VOICES, CONFIG) == (ROOT / "scripts", ROOT / "voices", ROOT / "config.yaml")
    assert {p.name for p in SCRIPTS.iterdir()} >= {"en", "de", "es"} and (VOICES / "joe.yaml").is_file()
    assert (STATIC / "index.html").is_file() and (UI / "en.yaml").is_file() and ODDS.is_file()
    assert ICONS == STATIC / "icons"
