"""The narrator's folders show its architecture, and imports run one way:
cli -> online -> ui -> game -> speech / audio -> engine (audio may use speech; the shared helpers at the
package's root may be used by all and use only speech and engine)."""

from __future__ import annotations

import ast
from pathlib import Path

NARRATOR = Path(__file__).resolve().parent.parent / "narrator"
LAYERS = {"__main__": 5, "cli": 4, "online": 3.5, "ui": 3, "game": 2, "audio": 1.5, "speech": 1}
SHARED = 0.5  # config, yamlfile, names, paths: used by every layer


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
