"""The dashboard's layers, read from the source (ast, nothing is run): no import circle anywhere in views/,
pages above games above parts (a part imports parts only, a game imports parts only, nothing imports a
page but app.py), and no Streamlit below the views (replay/, coach/, data/).

Every import counts, the ones inside a function too: an import put off until a page is drawn is still a
circle between the two modules."""

from __future__ import annotations

from pathlib import Path

from import_graph import ROOT, cycles, imported, modules
from import_graph import graph as graph_of

VIEWS = ROOT / "views"
BELOW = ("replay", "coach", "data")  # the layers that know nothing of Streamlit


def graph() -> dict[str, set[str]]:
    """Module -> the modules of views/ it imports."""
    return graph_of(modules(VIEWS))


def layer(name: str) -> str | None:
    """``pages``, ``parts`` or ``games`` for a module under one of them."""
    bits = name.split(".")
    return bits[1] if len(bits) > 2 and bits[1] in ("pages", "parts", "games") else None


def game_of(name: str) -> str:
    """The game a module of views.games draws: ``shengji`` for ``views.games.shengji`` and ``views.games.shengji.charts``."""
    return name.split(".")[2]


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


def test_every_top_level_module_is_installed() -> None:
    """The installed ``fupan`` command imports the top-level modules by name: each one is in pyproject's
    ``py-modules`` (a module left out runs from the checkout and fails once installed)."""
    import tomllib

    root = ROOT
    listed = set(
        tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["py-modules"]
    )
    present = {p.stem for p in root.glob("*.py")}  # the packages (cli/ among them) are found by packages.find
    assert present == listed
