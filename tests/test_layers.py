"""The dashboard's layers, read from the source (ast, nothing is run): no import circle anywhere in views/,
pages above games above parts (a part imports parts only, a game imports parts only, nothing imports a
page but app.py), and no Streamlit below the views (replay/, coach/, data/).

Every import counts, the ones inside a function too: an import put off until a page is drawn is still a
circle between the two modules."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VIEWS = ROOT / "views"
BELOW = ("replay", "coach", "data")  # the layers that know nothing of Streamlit


def module_name(path: Path) -> str:
    """``views/parts/table.py`` -> ``views.parts.table``; a package's ``__init__.py`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(top: Path) -> dict[str, Path]:
    """Every module under ``top``, by dotted name."""
    return {module_name(p): p for p in sorted(top.rglob("*.py")) if ".venv" not in p.parts}


def imported(path: Path, name: str, known: set[str]) -> Iterator[str]:
    """The modules ``path`` (module ``name``) imports, anywhere in it; ``from a import b`` is ``a.b`` when
    that is a module of ``known``, else ``a``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                yield full if full in known else source


def graph() -> dict[str, set[str]]:
    """Module -> the modules of views/ it imports."""
    found = modules(VIEWS)
    known = set(found)
    return {name: {m for m in imported(path, name, known) if m in known} for name, path in found.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``edges``: one path round each strongly connected group of two or more
    modules (or a module that imports itself)."""
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
            group = []
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


def layer(name: str) -> str | None:
    """``pages``, ``parts`` or ``games`` for a module under one of them."""
    bits = name.split(".")
    return bits[1] if len(bits) > 2 and bits[1] in ("pages", "parts", "games") else None


def game_of(name: str) -> str:
    """The game a module of views.games draws: ``shengji`` for ``shengji`` and ``shengji_charts``."""
    return name.rpartition(".")[2].split("_")[0]


def test_the_cycle_finder_finds_circles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"a"}}) == [["a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_reader_sees_imports_inside_functions(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text("def f():\n    from views.pages import replay\n    import views.parts.table\n", encoding="utf-8")
    found = set(imported(src, "views.parts.m", {"views.pages.replay", "views.parts.table"}))
    assert found == {"views.pages.replay", "views.parts.table"}


def test_every_module_of_views_is_in_a_layer() -> None:
    loose = [n for n in modules(VIEWS) if layer(n) is None and n not in ("views", *(f"views.{k}" for k in LAYERS))]
    assert loose == []


LAYERS = {"pages": {"pages", "parts", "games"}, "games": {"parts"}, "parts": {"parts"}}


def test_no_import_circles_in_views() -> None:
    edges = graph()
    assert len(edges) > 15  # the reader found the modules
    assert cycles(edges) == []


def test_layers_point_one_way() -> None:
    """A page imports parts and games, a game imports parts (and its own game's other modules), a part
    imports parts only; a page is imported by app.py alone (a page links to another through
    views.parts.links, by its url path). ``views.games`` itself is the games' registry."""
    wrong = []
    for name, targets in graph().items():
        here = layer(name)
        for target in targets:
            there = layer(target)
            same_game = here == there == "games" and game_of(name) == game_of(target)
            if here is not None and there is not None and there not in LAYERS[here] and not same_game:
                wrong.append(f"{name} -> {target}")
            if here == "pages" and there == "pages" and name != target:
                wrong.append(f"{name} -> {target}")
    assert wrong == []


def test_no_streamlit_below_the_views() -> None:
    wrong = []
    for top in BELOW:
        found = modules(ROOT / top)
        for name, path in found.items():
            if any(m == "streamlit" or m.startswith("streamlit.") for m in imported(path, name, set(found))):
                wrong.append(name)
    assert wrong == []
