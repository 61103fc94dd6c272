"""The project's imports read from the source with ``ast`` (nothing is run), for the layer and cycle tests
(tests/views/test_layers.py, tests/coach/test_imports_coach.py). Every import counts: at module level, inside a
function and under ``TYPE_CHECKING`` alike.

An import of ``a.b.c`` also runs the packages ``a`` and ``a.b`` first, so in the graph it is an edge to each
of them, except to the packages the importing module is itself inside (those are already running)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the product code's top folders and top modules (the tests, docs and benches are not product code)
PRODUCT = ("replay", "coach", "season", "data", "referee", "views", "cli")
TOP_MODULES = ("app.py",)


def module_name(path: Path) -> str:
    """``views/parts/table.py`` -> ``views.parts.table``; a package's ``__init__.py`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def product_files(root: Path) -> dict[str, Path]:
    """Every module of the product code under ``root`` (the project's, or a planted tree), by dotted name
    (``app`` for app.py)."""
    paths = [p for top in PRODUCT for p in sorted((root / top).rglob("*.py")) if ".venv" not in p.parts]
    paths += [root / name for name in TOP_MODULES if (root / name).is_file()]
    return {".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): p for p in paths}


def modules(*tops: Path) -> dict[str, Path]:
    """Every module under the folders ``tops``, by dotted name."""
    return {module_name(p): p for top in tops for p in sorted(top.rglob("*.py")) if ".venv" not in p.parts}


def imported(path: Path, name: str, known: set[str]) -> set[str]:
    """What module ``name`` (at ``path``) imports, anywhere in it; ``from a import b`` is ``a.b`` when that
    is a module of ``known``, else ``a``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                targets.add(full if full in known else source)
    return targets


def graph(found: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of ``found`` it imports, with the packages each import runs first."""
    known = set(found)
    edges: dict[str, set[str]] = {}
    for name, path in found.items():
        out: set[str] = set()
        for target in imported(path, name, known):
            parts = target.split(".")
            for k in range(1, len(parts) + 1):
                step = ".".join(parts[:k])
                inside = name == step or name.startswith(step + ".")
                if step in known and step != name and not (inside and k < len(parts)):
                    out.add(step)
        edges[name] = out
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``edges``: each strongly connected group of two or more modules (Tarjan), or a
    module that imports itself, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
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
            if len(group) > 1 or v in edges.get(v, ()):
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups
