"""The engine's imports: all at the top of a module, and no module that leads back to itself."""

from __future__ import annotations

import ast
from pathlib import Path

import engine

ROOT = Path(engine.__file__).parent


def module_name(path: Path) -> str:
    parts = ("engine", *path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}


def imported(name: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The engine modules an import statement of module `name` loads."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in MODULES}
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    base = f"{package}.{node.module}" if node.level and node.module else (node.module or package)
    subs = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES}
    return subs | ({base} if base in MODULES and len(subs) < len(node.names) else set())


def graph() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        nodes = [n for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Import | ast.ImportFrom)]
        out[name] = set().union(*(imported(name, n) for n in nodes)) - {name}
    return out


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import cycle as the modules along it, or [] when there is none."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str]:
        if name in path:
            return [*path[path.index(name):], name]
        if name in done:
            return []
        path.append(name)
        for other in sorted(edges[name]):
            found = visit(other)
            if found:
                return found
        path.pop()
        done.add(name)
        return []

    for name in sorted(edges):
        found = visit(name)
        if found:
            return found
    return []


def test_every_import_is_at_the_top_of_its_module() -> None:
    inner = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner += [f"{name}:{n.lineno}" for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
    assert inner == []


def test_no_engine_module_imports_itself_back() -> None:
    edges = graph()
    assert edges["engine.vote"] >= {"engine.count", "engine.deaths", "engine.roles"}, "the graph sees the imports"
    assert cycle(edges) == []


def test_a_cycle_is_seen() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
