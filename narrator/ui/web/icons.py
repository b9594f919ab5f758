"""The page's pictures: icons from game-icons.net (CC BY 3.0), fetched from npm by the build.

`make` runs this module (`python3 -m narrator.ui.web.icons`: stdlib and the engine only, before the venv
exists). When a picture is missing it packs `@iconify-json/game-icons` into the user's cache folder
(~/.cache/wolfcall/npm/, once) and writes the chosen icons to static/icons/ as <picture>.svg, where a wheel built
afterwards takes them from (pyproject.toml's package-data). Without npm or the network it says so in one line
and exits 0: the page then shows no pictures and works as before. The server looks for each file by its
name and offers only those that exist.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from engine.roles import ROLES
from narrator.paths import cache_dir
from narrator.resources import ICONS

PACKAGE = "@iconify-json/game-icons@1.2.4"
OUT = ICONS
CACHE = cache_dir() / "npm"
COLOUR = "#ffb347"  # the page's accent; `color` is a presentation attribute, so page CSS can still override it

# picture -> game-icons name: the end screen's marks and causes of death, and the day and night.
# Each card's picture (by role id) is declared in its role module (`Role.picture`).
MARKS = {
    "mark-lovers": "hearts",
    "mark-charmed": "musical-notes",
    "mark-infected": "bestial-fangs",
    "mark-won": "laurel-crown",
    "cause-wolves": "claw-slashes",
    "cause-poison": "poison-bottle",
    "cause-vote": "vote",
    "cause-shot": "bullets",
    "cause-grief": "broken-heart",
    "cause-sword": "rusty-sword",
    "night": "night-sky",
    "day": "sunrise",
    "thumb-up": "thumb-up",  # a side the seer or the fox learns: drawn, not an emoji a kiosk may lack the font of
    "thumb-down": "thumb-down",
}
PICTURES = {**{role.id: role.picture for role in ROLES.values() if role.picture}, **MARKS}


def missing() -> list[str]:
    return [p for p in PICTURES if not (OUT / f"{p}.svg").is_file()]


def fetch() -> Path | None:
    """The package's tarball in the cache, packed by npm when it is not there yet; None (said why) on failure."""
    found = sorted(CACHE.glob("iconify-json-game-icons-*.tgz"))
    if found:
        return found[-1]
    npm = shutil.which("npm")
    if npm is None:
        print("icons: npm is not installed, so the page shows no pictures (apt-get install npm)", file=sys.stderr)
        return None
    CACHE.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run([npm, "pack", PACKAGE, "--silent", "--fetch-retries=1", "--fetch-timeout=60000"],
                       cwd=CACHE, check=True, capture_output=True, timeout=300)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError):
        print(f"icons: npm could not fetch {PACKAGE} (offline?), so the page shows no pictures", file=sys.stderr)
        return None
    found = sorted(CACHE.glob("iconify-json-game-icons-*.tgz"))
    return found[-1] if found else None


def bodies(tarball: Path) -> tuple[dict[str, dict[str, object]], int, int]:
    with tarfile.open(tarball) as tar:
        member = tar.extractfile("package/icons.json")
        if member is None:
            raise KeyError("package/icons.json")
        data = json.load(member)
    return data["icons"], int(data.get("width", 512)), int(data.get("height", 512))


def write(tarball: Path) -> int:
    icons, width, height = bodies(tarball)
    OUT.mkdir(parents=True, exist_ok=True)
    written = 0
    for picture, name in PICTURES.items():
        icon = icons.get(name)
        if icon is None:
            print(f"icons: {PACKAGE} has no icon '{name}' (for {picture})", file=sys.stderr)
            continue
        w, h = icon.get("width", width), icon.get("height", height)
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" color="{COLOUR}" '
               f'aria-hidden="true">{icon["body"]}</svg>\n')
        (OUT / f"{picture}.svg").write_text(svg, encoding="utf-8")
        written += 1
    (OUT / "CREDITS.txt").write_text("Icons by the game-icons.net authors (Lorc, Delapouite and others), "
                                     "CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/), "
                                     f"from the npm package {PACKAGE}.\n", encoding="utf-8")
    return written


def main() -> int:
    if not missing():
        return 0
    tarball = fetch()
    if tarball is None:
        return 0  # the page works without pictures
    try:
        write(tarball)
    except (OSError, KeyError, ValueError, tarfile.TarError) as exc:
        why = " ".join(str(exc).split())  # tarfile's reason spans lines (one per method it tried): the build says one
        print(f"icons: could not read {tarball.name} ({why}), so the page shows no pictures", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
