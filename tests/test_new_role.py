"""A new role touches only its own files: a throw-away role in a temporary folder plays.

The owl below lives in `tmp_path` (its module, its lines in en/de/es, its page words) and is found
through WOLFCALL_ROLES alone: `wolfcall simulate` calls it in the night, `wolfcall scripts lint` checks
its lines, and the deal, the pictures, the scene catalogue and the property tests' role list take it
from the registry. Each check runs in a fresh process, because the registry reads the variable once.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

WOLFCALL = str(Path(sys.executable).parent / "wolfcall")
ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "de", "es")

OWL = '''"""The owl: each night hoots at one living player; at dawn the whole table hears whom."""

from __future__ import annotations

from dataclasses import dataclass

from ..choice import Choice
from ..events import Event, Told
from ..state import LogEntry, Pending, State
from ._base import NightCall, Role, SeatStep, Spoken


@dataclass(frozen=True, slots=True)
class Hooted(Event):
    seat: int
    target: int

    def apply(self, state: State) -> State:
        return state.but(log=state.logged(LogEntry(state.night, "night", "hoot", "owl", self.target, self.seat)))


class HootStep(SeatStep):
    id = role = "owl"
    verb = "hoot at"

    def effects(self, state: State, pending: Pending, choice: Choice) -> list[Event]:
        assert pending.seat is not None  # a SeatStep is asked of its holder
        return [Hooted(pending.seat, choice.target)] if choice.target is not None else []


class Owl(Role):
    id = "owl"
    picture = "owl"
    scenes = (Spoken("owl.hooted", "player"),)
    steps = (HootStep(),)
    night = (NightCall("owl", 95),)

    def dawn_news(self, state: State) -> list[Event]:
        hoots = [e.target for e in state.log if e.kind == "hoot" and e.night == state.night]
        return [Told("owl.hooted", hoots[-1])] if hoots and hoots[-1] in state.alive else []


ROLE = Owl()
'''

NAMES = {"en": ("the owl", "an owl", "owls", "Owl"), "de": ("die Eule", "eine Eule", "Eulen", "Eule"),
         "es": ("el búho", "un búho", "búhos", "Búho")}
WAKE = {"en": "Owl, open your eyes", "de": "Eule, öffne die Augen", "es": "Búho, abre los ojos"}
SLEEP = {"en": "Owl, close your eyes", "de": "Eule, schließ die Augen", "es": "Búho, cierra los ojos"}
HOOT = {"en": "The owl hooted at {player}", "de": "Die Eule rief nach {player}", "es": "El búho ululó a {player}"}
HELP = {"en": "Each night you hoot at one player.", "de": "Jede Nacht rufst du nach einem Spieler.",
        "es": "Cada noche ululas a un jugador."}


def _variants(text: str) -> str:
    return "".join(f'    - "{text}, {n}."\n' for n in range(1, 21))  # 20: heard every night


def _script(lang: str) -> str:
    the, a, plural, _ = NAMES[lang]
    forms = {"en": f"{{a: {a}, the: {the}, plural: {plural}}}",
             "de": f"{{a: {a}, the: {the}, acc: {a}, the_acc: {the}, dat: einer Eule, the_dat: der Eule, "
                   f"plural: {plural}, gender: f}}",
             "es": f"{{a: {a}, the: {the}, plural: {plural}, gender: m}}"}[lang]
    return (f"roles.owl: {forms}\n"
            f"night.owl.wake:\n  variants:\n{_variants(WAKE[lang])}"
            f"night.owl.sleep:\n  variants:\n{_variants(SLEEP[lang])}"
            f"owl.hooted:\n  variants:\n{_variants(HOOT[lang])}")


def _words(lang: str) -> str:
    name = NAMES[lang][3]
    return f'role.owl: {name}\nstep.owl: {name}\nhelp.owl: "{HELP[lang]}"\n'


@pytest.fixture
def owl_folder(tmp_path: Path) -> Path:
    """The owl's own files, and nothing else: its module, its lines and its page words."""
    folder = tmp_path / "roles"
    (folder / "ui").mkdir(parents=True)
    (folder / "owl.py").write_text(OWL, encoding="utf-8")
    for lang in LANGS:
        (folder / "scripts" / lang).mkdir(parents=True)
        (folder / "scripts" / lang / "owl.yaml").write_text(_script(lang), encoding="utf-8")
        (folder / "ui" / f"{lang}.yaml").write_text(_words(lang), encoding="utf-8")
    return folder


def run(folder: Path | None, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "WOLFCALL_ROLES"}
    if folder is not None:
        env["WOLFCALL_ROLES"] = str(folder)
    return subprocess.run(args, capture_output=True, text=True, check=False, env=env, cwd=ROOT, timeout=300)


def scenario(tmp_path: Path, steps: list[list[object]]) -> Path:
    path = tmp_path / "owl.yaml"
    path.write_text(json.dumps({"ruleset": "extended", "players": ["Ana", "Ben", "Carla", "Dario", "Eva"],
                                "roles": ["werewolf", "seer", "owl", "villager", "villager"], "steps": steps}))
    return path


def test_the_owl_is_called_in_the_night_and_its_hoot_is_in_the_log(owl_folder: Path, tmp_path: Path) -> None:
    night = scenario(tmp_path, [["werewolves", 4], ["seer", 1]])
    done = run(owl_folder, WOLFCALL, "simulate", str(night))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["next"] == "owl"  # after the seer (90), before dawn: its NightCall says 95
    hoot = scenario(tmp_path, [["werewolves", 4], ["seer", 1], ["owl", 5]])
    done = run(owl_folder, WOLFCALL, "simulate", str(hoot))
    assert done.returncode == 0, done.stderr
    log = json.loads(done.stdout)["log"]
    assert {"night": 1, "phase": "night", "kind": "hoot", "role": "owl", "target": 5, "by": 3} in log


def test_without_the_folder_there_is_no_owl(tmp_path: Path) -> None:
    done = run(None, WOLFCALL, "simulate", str(scenario(tmp_path, [["werewolves", 4]])))
    assert done.returncode != 0 and "owl" in done.stderr


def test_scripts_lint_checks_the_owls_lines(owl_folder: Path) -> None:
    done = run(owl_folder, WOLFCALL, "scripts", "lint")
    assert done.returncode == 0, done.stdout + done.stderr
    (owl_folder / "scripts" / "de" / "owl.yaml").unlink()  # a language without the owl's lines
    done = run(owl_folder, WOLFCALL, "scripts", "lint")
    assert done.returncode == 1
    for scene in ("night.owl.wake", "night.owl.sleep", "owl.hooted", "roles.owl"):
        assert f"{scene}: missing in de" in done.stdout


FACTS = """
import json
from engine import RULESETS, Game, recommended
from engine.roles import STEP_ROLE
from narrator.speech.scenes import catalogue
from narrator.ui.web.icons import PICTURES
from narrator.ui.web.strings import strings
from tests.strategies import EXTENDED_SPECIALS

spec = catalogue()["owl.hooted"]
game = Game.new(["A", "B", "C", "D", "E"], ruleset="extended", seed=1,
                roles=["werewolf", "seer", "owl", "villager", "villager"])
print(json.dumps({
    "step_role": STEP_ROLE.get("owl"), "picture": PICTURES.get("owl"), "specials": "owl" in EXTENDED_SPECIALS,
    "spec": [spec.minimum, sorted(spec.required)], "wake": "night.owl.wake" in catalogue(),
    "words": {lang: [strings(lang).get(k) for k in ("role.owl", "step.owl")] for lang in ("en", "de", "es")},
    "deal": any("owl" in recommended(RULESETS["extended"], n) for n in range(3, 41)),
    "card": "owl" in RULESETS["extended"].roles, "first": game.state.current.step,
}))
"""


def test_the_registry_gives_the_owl_its_picture_lines_words_and_place(owl_folder: Path) -> None:
    done = run(owl_folder, sys.executable, "-c", FACTS)
    assert done.returncode == 0, done.stderr
    facts = json.loads(done.stdout)
    assert facts["step_role"] == "owl" and facts["picture"] == "owl" and facts["specials"] is True
    assert facts["spec"] == [20, ["player"]] and facts["wake"] is True
    assert facts["words"] == {lang: [NAMES[lang][3]] * 2 for lang in LANGS}
    assert facts["deal"] is False and facts["card"] is True  # dealt when chosen: it declares no recommended rows
    assert facts["first"] == "werewolves"


SIX = str(ROOT / "tests" / "scenarios" / "deal_recommended_06.yaml")


def test_a_folder_cannot_replace_a_shipped_role(owl_folder: Path) -> None:
    shutil.copy(owl_folder / "owl.py", owl_folder / "seer.py")
    done = run(owl_folder, WOLFCALL, "simulate", SIX)
    assert done.returncode == 2
    assert done.stderr.strip() == f"wolfcall: WOLFCALL_ROLES: {owl_folder / 'seer.py'} is named like a role the game " \
                                  "has; rename the file"


def test_a_broken_role_module_is_one_line_naming_it(owl_folder: Path) -> None:
    (owl_folder / "owl.py").write_text(OWL.replace("class Owl(Role):", "class Owl(Role)"), encoding="utf-8")
    done = run(owl_folder, WOLFCALL, "simulate", SIX)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert f"{owl_folder / 'owl.py'} does not load (SyntaxError" in done.stderr
