"""The narrator's folders show its architecture, and imports run one way:
cli -> online -> ui -> game -> speech / audio -> engine (audio may use speech; the shared helpers at the
package's root may be used by all and use only speech and engine). No import closes a loop, and the narrator's
modules and functions stay small enough to read at one sitting."""

from __future__ import annotations

import ast
import re
from collections import deque
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NARRATOR = ROOT / "narrator"
PACKAGES = ("engine", "narrator", "bench")  # the project's own code; tests may import anything
LAYERS = {"__main__": 5, "cli": 4, "online": 3.5, "ui": 3, "game": 2, "audio": 1.5, "speech": 1, "balance": 0.75}
SHARED = 0.5  # config, yamlfile, names, paths: used by every layer
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60

Graph = dict[str, dict[str, str]]  # module -> {module it imports: where ("narrator/x.py:12")}


def layer(module: str) -> float:
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != "narrator":
        return -1
    return LAYERS.get(parts[1], SHARED)


def imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names]
    return [m for m in out if m.startswith("narrator.")]


def test_imports_run_one_way() -> None:
    wrong = []
    for path in NARRATOR.rglob("*.py"):
        module = "narrator." + ".".join(path.relative_to(NARRATOR).with_suffix("").parts)
        own = layer(module)
        for target in imports(path):
            other = layer(target)
            if other > own and not (own == SHARED and other <= LAYERS["speech"]):
                wrong.append(f"{module} imports {target}")
    assert not wrong, wrong


def test_no_module_named_twice() -> None:
    names = [p.name for p in NARRATOR.rglob("*.py") if p.name not in ("__init__.py", "__main__.py")]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


# -- import cycles ----------------------------------------------------------------------------------------


def modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Each module of `packages` under `root` by its dotted name (a package by its folder's)."""
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def absolute(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The dotted name a `from ... import` names, relative imports (`from .x import y`) resolved."""
    if not node.level:
        return node.module or ""
    here = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = here[: len(here) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def edges(module: str, path: Path, known: dict[str, Path], root: Path) -> dict[str, str]:
    """The project's modules `module` imports, each with the line that imports it.

    Every import statement counts, wherever it stands: an import inside a function runs when the function is
    called, and if it closes a loop the loop is there all the same, only hidden. Imports under
    `if TYPE_CHECKING:` count too, though they never run: a type-only import back into the module that
    imports you still ties the two together (neither can be read, tested or moved without the other), and
    what a lower module needs of a higher one is said by a Protocol it owns instead."""
    out: dict[str, str] = {}
    rel = path.relative_to(root)
    for node in ast.walk(ast.parse(path.read_text())):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = absolute(module, path, node)
            # `from pkg import sub` needs pkg.sub; `from pkg import name` needs pkg's __init__
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for target in targets:
            if target in known and target != module:
                out.setdefault(target, f"{rel}:{node.lineno}")
    return out


def import_graph(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> Graph:
    known = modules(root, packages)
    return {module: edges(module, path, known, root) for module, path in known.items()}


def loop_through(graph: Graph, start: str, within: set[str]) -> list[str]:
    """The shortest loop from `start` back to itself inside `within` (a strongly connected group)."""
    came: dict[str, str] = {}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in sorted(graph[here]):
            if there == start:
                path = [here]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return [*reversed(path), start]
            if there in within and there not in came:
                came[there] = here
                queue.append(there)
    return []


def groups(graph: Graph) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, rest = work[-1]
            child = next(rest, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while node not in group:
                        group.add(stack.pop())
                    if len(group) > 1:
                        found.append(group)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in stack:
                low[node] = min(low[node], index[child])
    return found


def cycles(graph: Graph) -> list[str]:
    """Each loop of imports, said as the chain that closes it with the line of each import (and the other
    modules caught in the same tangle, each of which lies on some loop through it)."""
    said = []
    for group in groups(graph):
        loop = loop_through(graph, min(group), group)
        where = ", ".join(graph[a][b] for a, b in pairwise(loop))
        others = sorted(group - set(loop))
        said.append(" -> ".join(loop) + f"  ({where})" + (f"; tangled with {', '.join(others)}" if others else ""))
    return sorted(said)


def test_no_import_cycle() -> None:
    found = cycles(import_graph())
    assert not found, "imports that go round in a loop:\n" + "\n".join(found)


def test_a_cycle_is_found_through_a_function_and_a_type_check(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .a import A\n")
    (pkg / "a.py").write_text("A = 1\n\ndef later():\n    from pkg.sub import b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..a import A\n")
    (pkg / "c.py").write_text("from pkg import a\n")  # imports a, which imports nothing back: no loop
    found = cycles(import_graph(tmp_path, ("pkg",)))
    assert found == ["pkg.a -> pkg.sub.b -> pkg.a  (pkg/a.py:4, pkg/sub/b.py:3)"], found


# -- sizes ------------------------------------------------------------------------------------------------


def test_no_module_over_500_lines() -> None:
    long = {f"{p.relative_to(ROOT)}: {n} lines" for p in NARRATOR.rglob("*.py")
            if (n := len(p.read_text().splitlines())) > MAX_MODULE_LINES}
    assert not long, sorted(long)


def long_functions(path: Path) -> list[str]:
    """The functions in `path` longer than MAX_FUNCTION_LINES, from `def` to their last line (a nested
    function counts on its own and inside the one that holds it)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > MAX_FUNCTION_LINES:
                out.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}: {lines} lines")
    return out


def test_no_function_over_60_lines() -> None:
    long = [said for path in sorted(NARRATOR.rglob("*.py")) for said in long_functions(path)]
    assert not long, long


def misplaced_tests(root: Path = ROOT) -> list[str]:
    """Test files named for a module (tests/…/test_<module>.py) that are not in that module's mirror folder
    (narrator/ui/web/x.py → tests/ui/web/test_x.py, engine/x.py → tests/engine/test_x.py, the package
    narrator/ui/web/ways/ → tests/ui/web/ways/test_ways.py)."""
    homes: dict[str, set[Path]] = {}
    for package in ("narrator", "engine"):
        for path in (root / package).rglob("*.py"):
            folder = path.parent.relative_to(root)
            mirror = Path(*folder.parts[1:]) if package == "narrator" else folder
            if path.stem == "__init__":  # a package's tests live in its own mirror folder (ways/ → tests/…/ways/)
                homes.setdefault(folder.name, set()).add(root / "tests" / mirror)
            else:
                homes.setdefault(path.stem, set()).add(root / "tests" / mirror)
    return [f"{test.relative_to(root)} (the module's tests live in {' or '.join(sorted(map(str, homes[name])))})"
            for test in sorted((root / "tests").rglob("test_*.py"))
            if (name := test.stem.removeprefix("test_")) in homes and test.parent not in homes[name]]


def test_tests_mirror_the_modules() -> None:
    assert misplaced_tests() == []


def test_a_test_away_from_its_module_is_found(tmp_path: Path) -> None:
    (tmp_path / "narrator" / "ui" / "web").mkdir(parents=True)
    (tmp_path / "engine").mkdir()
    (tmp_path / "narrator" / "ui" / "web" / "frames.py").write_text("")
    (tmp_path / "tests" / "ui").mkdir(parents=True)
    (tmp_path / "tests" / "ui" / "test_frames.py").write_text("")
    (tmp_path / "narrator" / "ui" / "web" / "ways").mkdir()
    (tmp_path / "narrator" / "ui" / "web" / "ways" / "__init__.py").write_text("")
    (tmp_path / "tests" / "ui" / "web").mkdir()
    (tmp_path / "tests" / "ui" / "web" / "test_ways.py").write_text("")
    assert misplaced_tests(tmp_path) == [
        f"tests/ui/test_frames.py (the module's tests live in {tmp_path / 'tests' / 'ui' / 'web'})",
        f"tests/ui/web/test_ways.py (the module's tests live in {tmp_path / 'tests' / 'ui' / 'web' / 'ways'})"]



# The modules that must each have a test file of their own name, in their mirror folder (issue 36): the page's
# server and the game, whose parts are tested on their own, not only through the hub or a whole game.
OWN_TESTS = (NARRATOR / "ui" / "web", NARRATOR / "game")
UNTESTED: dict[str, str] = {}  # module (narrator/…) -> why it has no test file of its own; none today


def has_code(path: Path) -> bool:
    """A module with more than its docstring (an `__init__.py` that only names its package has nothing to test)."""
    body = ast.parse(path.read_text()).body
    return any(not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)) for s in body)


def untested(root: Path = ROOT, folders: tuple[Path, ...] = OWN_TESTS) -> list[str]:
    """The modules under `folders` with no tests/…/test_<module>.py in their mirror folder (a package's tests:
    test_<package>.py in the package's own mirror folder)."""
    missing = []
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            mirror = root / "tests" / path.parent.relative_to(root / "narrator")
            name = path.parent.name if path.stem == "__init__" else path.stem
            if has_code(path) and not (mirror / f"test_{name}.py").is_file():
                missing.append(str(path.relative_to(root)))
    return missing


def test_every_module_of_the_page_server_and_the_game_has_its_own_tests() -> None:
    assert [m for m in untested() if m not in UNTESTED] == []
    assert [m for m in UNTESTED if m not in untested()] == [], "an exception that has tests now: take it off"


def test_a_module_without_its_own_tests_is_found(tmp_path: Path) -> None:
    web = tmp_path / "narrator" / "ui" / "web"
    (web / "ways").mkdir(parents=True)
    (web / "__init__.py").write_text('"""The page."""\n')
    (web / "stage.py").write_text("X = 1\n")
    (web / "seating.py").write_text("X = 1\n")
    (web / "ways" / "__init__.py").write_text("WAYS = {}\n")
    (tmp_path / "tests" / "ui" / "web").mkdir(parents=True)
    (tmp_path / "tests" / "ui" / "web" / "test_stage.py").write_text("")
    (tmp_path / "tests" / "ui" / "test_seating.py").write_text("")  # not in its mirror folder: no help
    assert untested(tmp_path, (web,)) == ["narrator/ui/web/seating.py", "narrator/ui/web/ways/__init__.py"]

# -- parts with one job each (issue 36) ------------------------------------------------------------------
MAX_METHODS = 25
MODE_WORDS = {"one_device", "round_table", "own_devices"}  # engine/modes.py Mode's values
WAYS_DIR = NARRATOR / "ui" / "web" / "ways"


def classes(root: Path) -> list[tuple[Path, ast.ClassDef]]:
    return [(path, node) for path in sorted(root.rglob("*.py")) for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.ClassDef)]


def base_names(node: ast.ClassDef) -> list[str]:
    return [b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else "" for b in node.bases]


def does_something(node: ast.ClassDef) -> bool:
    """A class with a method that has a body (a Protocol's `...` and an abstract stub have none)."""
    def empty(f: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        body = [s for s in f.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        return not body or all(isinstance(s, ast.Pass) for s in body)

    return "Protocol" not in base_names(node) and any(
        isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) and not empty(f) for f in node.body)


def mixed_classes(root: Path = NARRATOR, project: tuple[Path, ...] = (NARRATOR, ROOT / "engine")) -> list[str]:
    """Classes built of more than one project class that does something: one object split by inheritance."""
    working = {node.name for folder in project for _, node in classes(folder) if does_something(node)}
    return [f"{path.relative_to(root.parent)}:{node.lineno} {node.name}({', '.join(base_names(node))})"
            for path, node in classes(root) if sum(name in working for name in base_names(node)) > 1]


def test_no_class_is_one_object_split_by_inheritance() -> None:
    assert mixed_classes() == []


def test_a_class_split_by_inheritance_is_found(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text(
        "from typing import Protocol\n\nclass Seats:\n    def seat(self):\n        return 1\n\n"
        "class Loop:\n    def run(self):\n        return 2\n\nclass Port(Protocol):\n    def run(self): ...\n\n"
        "class Hub(Loop, Seats):\n    pass\n\nclass Fine(Loop, Port):\n    pass\n")
    assert mixed_classes(tmp_path / "pkg", (tmp_path / "pkg",)) == ["pkg/a.py:14 Hub(Loop, Seats)"]


def test_no_stub_is_left_for_a_sibling_to_fill() -> None:
    """A part never declares a method another part fills (`raise NotImplementedError`): an abstract method or a
    Protocol says what is needed instead."""
    stubs = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in sorted(NARRATOR.rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Raise) and node.exc is not None and "NotImplementedError" in ast.unparse(node.exc)]
    assert stubs == []


def test_no_class_over_25_methods() -> None:
    big = [f"{path.relative_to(ROOT)}:{node.lineno} {node.name}: {n} methods" for path, node in classes(NARRATOR)
           if (n := sum(isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) for f in node.body)) > MAX_METHODS]
    assert big == []


def names_a_mode(node: ast.AST) -> bool:
    """`Mode.OWN_DEVICES`, "own_devices", or a tuple or set of them."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Mode":
        return True
    if isinstance(node, ast.Constant) and node.value in MODE_WORDS:
        return True
    return isinstance(node, ast.Tuple | ast.List | ast.Set) and any(names_a_mode(e) for e in node.elts)


def mode_comparisons(root: Path = NARRATOR, allowed: Path = WAYS_DIR) -> list[str]:
    """Where a module outside the ways to play (ways/) compares something with a way of playing."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.is_relative_to(allowed):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare) and any(names_a_mode(o) for o in (node.left, *node.comparators)):
                found.append(f"{path.relative_to(root.parent)}:{node.lineno} {ast.unparse(node)}")
    return found


def test_only_the_ways_compare_a_mode() -> None:
    """A behaviour that differs by way to play is a method of the way (narrator/ui/web/ways/), or, in the
    narrator, its telling taken from one table by mode (narrator/game/tellings.py); the engine's rules, which
    differ by mode, are not in narrator/."""
    assert mode_comparisons() == []


def test_a_mode_compared_outside_the_ways_is_found(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "ways").mkdir(parents=True)
    (tmp_path / "pkg" / "a.py").write_text(
        "if state.mode == Mode.OWN_DEVICES or m in ('round_table', 'x'):\n    pass\n")
    (tmp_path / "pkg" / "ways" / "own.py").write_text("if state.mode == 'own_devices':\n    pass\n")
    assert mode_comparisons(tmp_path / "pkg", tmp_path / "pkg" / "ways") == [
        "pkg/a.py:1 state.mode == Mode.OWN_DEVICES", "pkg/a.py:1 m in ('round_table', 'x')"]


def test_the_ways_of_playing_are_named_once() -> None:
    """The modes are one enum (engine/modes.py): no other module spells a mode's name."""
    from engine import Mode

    assert {m.value for m in Mode} == MODE_WORDS
    spelled = [f"{path.relative_to(ROOT)}:{node.lineno}" for folder in (NARRATOR, ROOT / "engine", ROOT / "bench")
               for path in sorted(folder.rglob("*.py")) if path.name != "modes.py"
               for node in ast.walk(ast.parse(path.read_text()))
               if isinstance(node, ast.Constant) and node.value in MODE_WORDS]
    assert spelled == []


def test_who_answers_is_asked_one_way() -> None:
    """`answerer(state)` and `legal_choices(state, seat)`: no second form of who answers now."""
    said = [f"{path.relative_to(ROOT)}" for folder in ("engine", "narrator", "bench", "tests")
            for path in sorted((ROOT / folder).rglob("*.py")) if path != Path(__file__)
            and re.search(r"\b(actor_of|table_answers|_table_question)\b", path.read_text())]
    assert said == []


def calls(path: Path, method: str) -> list[ast.Call]:
    return [node for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and node.func.attr == method]


def test_one_place_hands_the_narrator_an_answer() -> None:
    """Every answer a page gives reaches the narrator through the desk's `hand`, called in one place (the game
    in play's `hand`, narrator/ui/web/stage.py), and the desk alone puts it on the narrator's queue."""
    handed = [f"{p.relative_to(ROOT)}:{c.lineno}" for p in sorted(NARRATOR.rglob("*.py")) for c in calls(p, "hand")
              if "desk" in ast.unparse(c.func.value)]
    assert handed == ["narrator/ui/web/stage.py:" + handed[0].rsplit(":", 1)[1]] if handed else handed, handed
    put = [f"{p.relative_to(ROOT)}" for p in sorted(NARRATOR.rglob("*.py")) for _ in calls(p, "_put")]
    assert put == ["narrator/game/desk.py"]
    assert len(handed) == 1


def test_the_desk_decides_once() -> None:
    """The desk's check is the one `decided()` of a tap; the narrator records what it checked (Game.push)."""
    desk = (NARRATOR / "game" / "desk.py").read_text()
    narrator = (NARRATOR / "game" / "narrator.py").read_text()
    assert "decided(state, choice)" in desk and "self.game.push(" in narrator


def hub_writes(root: Path = NARRATOR / "online") -> list[str]:
    """Where an online room writes an attribute of its hub or of one of the hub's parts, or calls a private one."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
            for target in targets:
                for t in target.elts if isinstance(target, ast.Tuple) else [target]:
                    if isinstance(t, ast.Attribute) and "hub" in ast.unparse(t.value).split("."):
                        found.append(f"{path.relative_to(root.parent.parent)}:{node.lineno} {ast.unparse(t)} =")
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                    and "hub" in ast.unparse(node.value).split("."):
                found.append(f"{path.relative_to(root.parent.parent)}:{node.lineno} {ast.unparse(node)}")
    return found


def test_an_online_room_adds_to_its_hub_only_through_public_methods_and_hooks() -> None:
    assert hub_writes() == []


def test_a_room_writing_its_hub_is_found(tmp_path: Path) -> None:
    (tmp_path / "narrator" / "online").mkdir(parents=True)
    (tmp_path / "narrator" / "online" / "room.py").write_text(
        "self.hub.voice_download = None\nd = hub.draft\nhub.draft.mode, x = 1, 2\nself.hub._continue()\n")
    assert hub_writes(tmp_path / "narrator" / "online") == [
        "narrator/online/room.py:1 self.hub.voice_download =", "narrator/online/room.py:3 hub.draft.mode =",
        "narrator/online/room.py:4 self.hub._continue"]
