"""The floor plan, read from the source with ``ast`` (nothing is run; the imports through tests/import_graph.py):
no import circle anywhere in the product code (function-level and ``TYPE_CHECKING`` imports count), no module
over 600 lines, a game asked for by name (``"gouji" == ...``, ``in``, ``startswith``, a dict keyed by game names,
``case``) or by its state type (``isinstance(st, GoujiState)``) only inside that game's folders, and a game's module
(a file or a folder named after the game) only inside them.

A game's folders: ``replay/games/<game>/``, ``coach/games/<game>``, ``views/games/<game>`` and
``cli/games/<game>`` (a package or one module). Each check is also run on a small tree planted in ``tmp_path``
with one violation of its kind, so that a check that stopped seeing would fail here."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from import_graph import ROOT, cycles, graph, module_name, product_files

GAMES = ("gouji", "baohuang", "shengji")
MAX_LINES = 600
LAYERS_WITH_GAMES = ("replay", "coach", "views", "cli")

#: the words that are a game's name and also something else, where they mean the other thing: (file, word) -> what
ALSO_MEANS: dict[tuple[str, str], str] = {
    ("replay/view.py", "gouji"): "the table's 够级 flag (a 够级 set, 够级牌, on the table): a key of `replay --json`",
}


def product_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the product modules it imports (with the packages each import runs first)."""
    return graph(product_files(root))


def long_modules(root: Path) -> list[str]:
    """The product modules longer than MAX_LINES lines, with their length."""
    out = []
    for path in product_files(root).values():
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES:
            out.append(f"{path.relative_to(root)} ({n})")
    return sorted(out)


def game_of_path(rel: Path) -> str | None:
    """The game whose folder ``rel`` (relative to the root) lies in, or None for shared code."""
    parts = rel.parts
    if len(parts) >= 3 and parts[0] in LAYERS_WITH_GAMES and parts[1] == "games":
        stem = parts[2].removesuffix(".py")
        if stem in GAMES:
            return stem
    return None


def state_types(root: Path) -> dict[str, str]:
    """A game's state type -> its game: each class named ``...State`` defined under ``replay/games/<game>/``."""
    out: dict[str, str] = {}
    for game in GAMES:
        for path in sorted((root / "replay" / "games" / game).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef) and node.name.endswith("State"):
                    out[node.name] = game
    return out


def _game_names(node: ast.expr) -> Iterator[str]:
    """The game names ``node`` spells: a string constant, or a tuple/list/set of them."""
    if isinstance(node, ast.Constant) and node.value in GAMES:
        yield str(node.value)
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for elt in node.elts:
            yield from _game_names(elt)


def _type_names(node: ast.expr) -> Iterator[str]:
    """The class names in isinstance's second argument: ``A``, ``mod.A``, ``(A, B)``, ``A | B``."""
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr
    elif isinstance(node, ast.Tuple):
        for elt in node.elts:
            yield from _type_names(elt)
    elif isinstance(node, ast.BinOp):
        yield from _type_names(node.left)
        yield from _type_names(node.right)


def game_questions(path: Path, states: dict[str, str]) -> Iterator[tuple[int, str]]:
    """Where the module at ``path`` asks which game it is: (line, game) for each comparison with a game's name,
    each dict keyed by game names, each ``case "gouji":`` and each isinstance with a game's state type."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Compare):
            for op, right in zip(node.ops, node.comparators, strict=True):
                if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
                    for side in (node.left, right):
                        for game in _game_names(side):
                            yield node.lineno, game
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if key is not None:
                    for game in _game_names(key):
                        yield node.lineno, game
        elif isinstance(node, ast.MatchValue):
            for game in _game_names(node.value):
                yield node.lineno, game
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("startswith", "endswith")
            and node.args
        ):
            for game in _game_names(node.args[0]):
                yield node.lineno, game
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "isinstance"
            and len(node.args) == 2
        ):
            for type_name in _type_names(node.args[1]):
                if type_name in states:
                    yield node.lineno, states[type_name]


def game_knowledge_outside(root: Path) -> list[str]:
    """Each place that asks for a game by name or state type outside that game's folders, as ``path:line game``."""
    states = state_types(root)
    out = []
    for path in product_files(root).values():
        rel = path.relative_to(root)
        home = game_of_path(rel)
        for line, game in game_questions(path, states):
            if game != home and (rel.as_posix(), game) not in ALSO_MEANS:
                out.append(f"{rel.as_posix()}:{line} {game}")
    return sorted(set(out))


def game_modules_outside(root: Path) -> list[str]:
    """The product files named after a game, or in a folder named after it (``gouji_cycle.py``, ``shengji.py``,
    ``views/shengji/table.py``), outside that game's folders."""
    out = []
    for path in product_files(root).values():
        rel = path.relative_to(root)
        for game in GAMES:
            if any(part.startswith(game) for part in rel.parts) and game_of_path(rel) != game:
                out.append(rel.as_posix())
    return sorted(out)


def plant(root: Path, files: dict[str, str]) -> Path:
    """A small product tree under ``root`` with the given files (path -> source)."""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


CLEAN = {
    "replay/__init__.py": "",
    "replay/games/__init__.py": "",
    "replay/games/gouji/__init__.py": "",
    "replay/games/gouji/state.py": "class GoujiState:\n    pass\n",
    "replay/games/gouji/engine.py": (
        "from replay.games.gouji.state import GoujiState\n\n"
        "def f(st, game):\n    return isinstance(st, GoujiState) and game == 'gouji'\n"
    ),
    "coach/__init__.py": "",
    "coach/games/__init__.py": "",
    "coach/games/gouji.py": "def g(game):\n    return game in ('gouji',)\n",
    "replay/shared.py": "from replay.games.gouji import engine\n",
}


def test_a_clean_planted_tree_passes(tmp_path: Path) -> None:
    root = plant(tmp_path, CLEAN)
    assert cycles(product_graph(root)) == []
    assert len(product_graph(root)) == len(CLEAN)
    assert long_modules(root) == []
    assert game_knowledge_outside(root) == []
    assert game_modules_outside(root) == []


def test_a_planted_circle_is_caught(tmp_path: Path) -> None:
    """A circle closed by an import inside a function, and one closed under TYPE_CHECKING."""
    root = plant(
        tmp_path,
        {
            **CLEAN,
            "replay/a.py": "def f():\n    from replay.b import g\n",
            "replay/b.py": "import replay.a\n",
            "coach/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from coach.d import D\n",
            "coach/d.py": "from coach import c\n",
        },
    )
    assert cycles(product_graph(root)) == [["coach.c", "coach.d"], ["replay.a", "replay.b"]]


def test_a_planted_long_module_is_caught(tmp_path: Path) -> None:
    root = plant(tmp_path, {**CLEAN, "data/big.py": "x = 1\n" * (MAX_LINES + 1), "data/ok.py": "x = 1\n" * MAX_LINES})
    assert long_modules(root) == [f"data/big.py ({MAX_LINES + 1})"]


@pytest.mark.parametrize(
    ("source", "game"),
    [
        ("def f(game):\n    return game == 'shengji'\n", "shengji"),
        ("def f(game):\n    return 'baohuang' != game\n", "baohuang"),
        ("def f(game):\n    return game in ('gouji', 'shengji')\n", "gouji"),
        ("DRAW = {'gouji': print, 'other': repr}\n", "gouji"),
        ("def f(game):\n    match game:\n        case 'baohuang':\n            return 1\n", "baohuang"),
        ("def f(name):\n    return name.startswith('shengji')\n", "shengji"),
        (
            "from replay.games.gouji.state import GoujiState\n\ndef f(st):\n    return isinstance(st, GoujiState)\n",
            "gouji",
        ),
        (
            "import replay.games.gouji.state as s\n\ndef f(st):\n    return isinstance(st, (int, s.GoujiState))\n",
            "gouji",
        ),
    ],
)
def test_a_planted_game_question_is_caught(tmp_path: Path, source: str, game: str) -> None:
    """Asked in shared code (views/pages/) and in another game's folder (coach/games/baohuang.py) alike."""
    root = plant(tmp_path, {**CLEAN, "views/pages/deal.py": source, "coach/games/baohuang.py": source})
    found = game_knowledge_outside(root)
    assert {f.split(":")[0] for f in found} == {"views/pages/deal.py", "coach/games/baohuang.py"} - (
        {"coach/games/baohuang.py"} if game == "baohuang" else set()
    )
    assert {f.rpartition(" ")[2] for f in found} >= {game}


def test_a_game_name_as_plain_data_is_not_a_question(tmp_path: Path) -> None:
    """A game's name as a value (a default, an argument, a list of names) asks nothing."""
    source = "NAMES = ('gouji', 'baohuang')\n\ndef f(game='gouji'):\n    return g('shengji', {game: 1})\n"
    root = plant(tmp_path, {**CLEAN, "replay/lists.py": source})
    assert game_knowledge_outside(root) == []


def test_a_planted_game_module_is_caught(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            **CLEAN,
            "replay/gouji_cycle.py": "",
            "views/parts/shengji.py": "",
            "coach/games/shengji_notes.py": "",
            "data/baohuang/rows.py": "",
        },
    )
    assert game_modules_outside(root) == [
        "coach/games/shengji_notes.py",
        "data/baohuang/rows.py",
        "replay/gouji_cycle.py",
        "views/parts/shengji.py",
    ]


def test_no_import_circles() -> None:
    edges = product_graph(ROOT)
    assert len(edges) > 150  # the reader found the modules
    assert cycles(edges) == []


def test_no_module_over_600_lines() -> None:
    assert long_modules(ROOT) == []


def test_no_game_module_outside_its_folders() -> None:
    assert game_modules_outside(ROOT) == []


def test_no_game_asked_for_outside_its_folders() -> None:
    """Shared code asks the game (its registry entry), never which game it is."""
    assert game_knowledge_outside(ROOT) == []


def test_each_other_meaning_is_still_there() -> None:
    """An entry of ALSO_MEANS whose file no longer uses the word is dropped from the list."""
    used = {(rel, game) for rel, game in ALSO_MEANS if game in (ROOT / rel).read_text(encoding="utf-8")}
    assert sorted(set(ALSO_MEANS) - used) == []


def test_the_product_modules_are_named_as_the_import_graph_names_them() -> None:
    found = product_files(ROOT)
    assert all(module_name(path) == name for name, path in found.items())
    assert "replay.games.gouji" in found and "app" in found


def test_one_test_file_runs_alone_with_the_real_packages() -> None:
    """``pytest tests/replay/core/test_seats.py`` run alone (in one process: xdist's workers have the root on their path)
    imports the project's ``replay``, not the test folder ``tests/replay`` as a namespace package."""
    pytest_cmd = Path(sys.executable).with_name("pytest")
    done = subprocess.run(
        [str(pytest_cmd), "-q", "-p", "no:cacheprovider", "-n", "0", "tests/replay/core/test_seats.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
