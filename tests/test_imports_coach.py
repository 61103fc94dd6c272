"""No import circles in coach/ and data/: the imports of every module there, read with ``ast`` (module level,
inside functions and under ``TYPE_CHECKING`` alike), make a graph without a cycle.

An import of ``a.b.c`` also runs the packages ``a`` and ``a.b`` first, so it counts as an edge to each of them,
except to the packages the importing module is itself inside (those are already running)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("coach", "data")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of coach/ and data/ by its dotted name."""
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` (at ``path``) imports, with the packages that implies."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if is_package(path) else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets.add(source)
            # ``from pkg import sub`` imports the module pkg.sub when there is one
            targets.update(f"{source}.{alias.name}" for alias in node.names if f"{source}.{alias.name}" in known)
    out: set[str] = set()
    for target in targets:
        parts = target.split(".")
        for k in range(1, len(parts) + 1):
            step = ".".join(parts[:k])
            inside = name == step or name.startswith(step + ".")
            if step in known and step != name and not (inside and k < len(parts)):
                out.add(step)
    return out


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imported(name, path, known) for name, path in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected group of more than one module (Tarjan), and self-imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges[v]:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_the_modules_and_their_imports() -> None:
    edges = graph()
    assert "coach.maxims" in edges
    assert "coach.maxims.dan_pai" in edges["coach.maxims"]
    assert "coach.maxim" in edges["coach.maxims.dan_pai"]
    assert "coach.coach" in edges["data.importer"]


def test_a_cycle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_coach_and_data() -> None:
    assert cycles(graph()) == []
