"""The page's pictures, written from the game-icons package: each picture the page names, in the page's colour,
with the credits; a package that cannot be read leaves the page without pictures and the build going on."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

from narrator.ui.web import icons


def package(path: Path, names: dict[str, dict[str, object]] | None = None) -> Path:
    """A tarball shaped as npm packs @iconify-json/game-icons: package/icons.json."""
    icons_json = {"width": 512, "height": 512, "icons": names if names is not None else
                  {name: {"body": f"<path d='{name}'/>"} for name in icons.PICTURES.values()}}
    body = json.dumps(icons_json).encode()
    with tarfile.open(path, "w:gz") as tar:
        member = tarfile.TarInfo("package/icons.json")
        member.size = len(body)
        tar.addfile(member, io.BytesIO(body))
    return path


@pytest.fixture
def out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The pictures written to a folder of the test's own, from a cache of its own."""
    monkeypatch.setattr(icons, "OUT", tmp_path / "icons")
    monkeypatch.setattr(icons, "CACHE", tmp_path / "npm")
    return tmp_path / "icons"


def test_every_picture_the_page_names_is_written_in_the_pages_colour(out: Path, tmp_path: Path) -> None:
    assert sorted(icons.missing()) == sorted(icons.PICTURES)
    written = icons.write(package(tmp_path / "p.tgz", {"night-sky": {"body": "<g/>", "width": 24},
                                                       "hearts": {"body": "<h/>"}}))
    assert written == 2
    assert (out / "night.svg").read_text() == (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 512" '
                                               f'color="{icons.COLOUR}" aria-hidden="true"><g/></svg>\n')
    assert "CC BY 3.0" in (out / "CREDITS.txt").read_text()
    assert "night" not in icons.missing() and "mark-lovers" not in icons.missing() and "day" in icons.missing()


def test_the_build_takes_the_cached_package_and_then_has_nothing_missing(out: Path, tmp_path: Path) -> None:
    (tmp_path / "npm").mkdir()
    package(tmp_path / "npm" / "iconify-json-game-icons-1.2.4.tgz")
    assert icons.main() == 0 and icons.missing() == []


def test_a_package_that_cannot_be_read_is_said_in_one_line_and_the_build_goes_on(
        out: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "npm").mkdir()
    (tmp_path / "npm" / "iconify-json-game-icons-1.2.4.tgz").write_bytes(b"not a tarball")
    assert icons.main() == 0
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("icons: could not read") and not out.exists()
