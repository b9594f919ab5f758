"""wolfcall installed as Python programs are, and run from an empty folder: the sdist built from a copy of this
checkout, the wheel built from that sdist, installed into a fresh venv outside the repository. There it lints its
scripts, narrates a German and a Spanish demo, simulates a scenario, reads its odds table, serves its page with the
pictures and writes a boot unit that names the installed program.

Offline and quick: both builds use this environment's setuptools (no build isolation), and the fresh venv borrows
this environment's packages for wolfcall's dependencies (a .pth file, written after the install, so pip never sees
the editable wolfcall there), not its code."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from websockets.sync.client import connect

from narrator.ui.web.icons import missing

from .browser import free_port, wait_listening
from .conftest import lacking

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "tests" / "scenarios" / "deal_seed_reproducible.yaml"
# what a clone holds that no build reads: the tests, docs and tools, caches, this environment, rendered packs, builds
NOT_COPIED = shutil.ignore_patterns("tests", "docs", "bench", "tools", ".git", ".venv", "build", "dist", "*.egg-info",
                                    "__pycache__", ".*_cache", ".hypothesis", "artifacts", "packs")
# setuptools' PEP 517 hooks, each in a process of its own as a build frontend calls them (no build isolation: this
# environment's setuptools, so nothing is downloaded)
BUILD = "import sys, setuptools.build_meta as backend; backend.{hook}(sys.argv[1])"
GUARD_S = 120  # only against a hang: every wait is for the event itself


@dataclass(frozen=True)
class Installed:
    program: Path  # the venv's `wolfcall`
    folder: Path  # the empty folder every command runs in
    env: dict[str, str]  # its own home, data, config and cache folders

    def run(self, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([str(self.program), *args], cwd=self.folder, env=env or self.env, capture_output=True,
                              text=True, timeout=GUARD_S, check=False)
        assert done.returncode == 0, f"wolfcall {' '.join(args)}: exit {done.returncode}\n{done.stdout}{done.stderr}"
        return done


def step(*command: str | Path, cwd: Path | None = None) -> None:
    done = subprocess.run([str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=GUARD_S,
                          check=False)
    assert done.returncode == 0, f"{' '.join(map(str, command))}: exit {done.returncode}\n{done.stdout}{done.stderr}"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    if missing():
        lacking("the page's pictures are not fetched, so no wheel can carry them: python3 -m narrator.ui.web.icons")
    work = tmp_path_factory.mktemp("install")
    dist = work / "dist"
    shutil.copytree(ROOT, work / "clone", symlinks=True, ignore=NOT_COPIED)
    step(sys.executable, "-c", BUILD.format(hook="build_sdist"), dist, cwd=work / "clone")
    (sdist,) = dist.glob("wolfcall-*.tar.gz")
    with tarfile.open(sdist) as tar:  # the wheel is built from the sdist, as `python -m build` does
        tar.extractall(work, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    step(sys.executable, "-c", BUILD.format(hook="build_wheel"), dist, cwd=work / sdist.name.removesuffix(".tar.gz"))
    (wheel,) = dist.glob("wolfcall-*.whl")
    venv = work / "venv"
    step(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    step(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", wheel)
    site = Path(subprocess.check_output([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                        text=True).strip())
    borrowed = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    (site / "borrowed.pth").write_text("".join(f"{p}\n" for p in borrowed))
    folder = work / "empty"
    folder.mkdir()
    (work / "home").mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "WOLFCALL_"))}
    env |= {"HOME": str(work / "home"), "WOLFCALL_DATA": str(work / "data"), "XDG_CONFIG_HOME": str(work / "config"),
            "XDG_CACHE_HOME": str(work / "cache")}
    found = subprocess.check_output([python, "-c", "import narrator; print(narrator.__file__)"], cwd=folder, env=env,
                                    text=True)
    assert Path(found.strip()).is_relative_to(site), f"the venv's python imports wolfcall from {found}"
    return Installed(venv / "bin" / "wolfcall", folder, env)


def test_the_installed_scripts_lint_clean(installed: Installed) -> None:
    assert "scripts: no problems" in installed.run("scripts", "lint").stderr


@pytest.mark.parametrize(("lang", "end"), [("de", "Nächte"), ("es", "Noches")])
def test_a_demo_is_narrated_in_german_and_spanish(installed: Installed, lang: str, end: str) -> None:
    done = installed.run("demo", "--fast", "--audio", "none", "--lang", lang)
    assert end in done.stderr and done.stdout.strip(), done.stderr


def test_the_command_lines_words_are_shipped(installed: Installed) -> None:
    """The gettext catalogs (narrator/cli/locale) are in the wheel: argparse's words and ours in Spanish."""
    shown = installed.run("demo", "--help", "--lang", "es").stdout
    assert "uso: wolfcall demo" in shown and "muestra esta ayuda y sale" in shown, shown


def test_a_scenario_is_simulated(installed: Installed) -> None:
    shutil.copy(SCENARIO, installed.folder / "scenario.yaml")
    result = json.loads(installed.run("simulate", "scenario.yaml").stdout)
    assert len(result["roles"]) == 9 and result["status"]


def test_the_odds_come_from_the_shipped_table(installed: Installed) -> None:
    assert json.loads(installed.run("balance", "--json", "classic:9").stdout)["source"] == "table"


@pytest.fixture
def page(installed: Installed) -> Iterator[int]:
    """`wolfcall play` of the installed program, listening on the port this yields."""
    port = free_port()
    data = Path(installed.env["WOLFCALL_DATA"])
    data.mkdir(exist_ok=True)
    log = data / f"play-{port}.log"
    with log.open("ab") as err:
        proc = subprocess.Popen([installed.program, "play", "--audio", "none", "--port", str(port)],
                                cwd=installed.folder, env=installed.env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        wait_listening(proc, port, log)
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=GUARD_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def fetch(port: int, path: str) -> bytes:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=GUARD_S) as response:
        assert response.status == 200
        return bytes(response.read())


def test_play_serves_its_page_with_its_pictures(page: int) -> None:
    html = fetch(page, "/").decode()
    assert "/static/app.js" in html and fetch(page, "/static/app.js")
    with connect(f"ws://127.0.0.1:{page}/ws") as ws:  # the first page to say hello is the host: the setup screen
        pictures: list[str] = []
        while not pictures:
            message = json.loads(ws.recv(timeout=GUARD_S))
            if message.get("t") == "nonce":
                ws.send(json.dumps({"t": "hello"}))
            pictures = re.findall(r"/static/icons/[\w-]+\.svg", json.dumps(message))
    assert fetch(page, pictures[0]).startswith(b"<svg")


def test_service_install_names_the_installed_program(installed: Installed, tmp_path: Path) -> None:
    stand_ins = tmp_path / "bin"
    stand_ins.mkdir()
    for name in ("systemctl", "loginctl"):  # no systemd is asked: these say yes to everything
        (stand_ins / name).write_text("#!/bin/sh\nexit 0\n")
        (stand_ins / name).chmod(0o755)
    env = installed.env | {"PATH": f"{stand_ins}:/usr/bin:/bin"}
    said = installed.run("service", "install", env=env).stdout
    unit = (Path(env["XDG_CONFIG_HOME"]) / "systemd" / "user" / "wolfcall.service").read_text()
    assert f"ExecStart={installed.program} play --lan --port 8765\n" in unit, unit
    assert f"WorkingDirectory={env['HOME']}\n" in unit, unit
    assert "config: the defaults" in said, said
