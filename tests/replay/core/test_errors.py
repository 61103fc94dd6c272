"""One error base (replay.core.errors.FupanError, a ValueError): every exception class of the product code derives
from it, found in the source with ``ast`` (a class whose bases are a builtin exception or another such class), and
an error carries its place (file, line, column, event, seat, token) where it is known, its message unchanged."""

from __future__ import annotations

import ast
import builtins
import importlib
from pathlib import Path

import pytest
from import_graph import ROOT, product_files

from replay.core.cards import CardError, parse_cards
from replay.core.errors import PLACE, FupanError
from replay.formats.log import LogError, parse_log


def _base_name(node: ast.expr) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def _is_builtin_exception(name: str) -> bool:
    value = getattr(builtins, name, None)
    return isinstance(value, type) and issubclass(value, BaseException)


def exception_classes(found: dict[str, Path]) -> list[tuple[str, str]]:
    """(module, class) of every exception class defined in ``found``'s modules: a class with a builtin exception
    among its bases, or a class of this list (by name), to a fixed point."""
    classes: list[tuple[str, str, list[str]]] = []
    for module, path in found.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                classes.append((module, node.name, [_base_name(b) for b in node.bases]))
    names: set[str] = set()
    while True:
        more = {n for _, n, bases in classes if any(_is_builtin_exception(b) or b in names for b in bases)}
        if more <= names:
            break
        names |= more
    return sorted((m, n) for m, n, _ in classes if n in names)


def test_the_finder_finds_exception_classes(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text(
        "import x\nclass A(ValueError): pass\nclass B(A): pass\nclass C(x.Thing): pass\nclass D(OSError, x.Mixin): pass\n",
        encoding="utf-8",
    )
    assert exception_classes({"m": src}) == [("m", "A"), ("m", "B"), ("m", "D")]


def test_every_exception_class_derives_from_the_base() -> None:
    found = exception_classes({name: path for name, path in product_files(ROOT).items() if name != "app"})
    assert len(found) >= 27  # the classes issue 34 counted
    wrong = []
    for module, name in found:
        cls = getattr(importlib.import_module(module), name)
        if not issubclass(cls, FupanError):
            wrong.append(f"{module}.{name}")
    assert wrong == []


def test_the_base_is_a_value_error() -> None:
    assert issubclass(FupanError, ValueError)
    with pytest.raises(ValueError, match="bad"):
        raise FupanError("bad")


def test_a_log_error_carries_its_file_line_and_column() -> None:
    with pytest.raises(LogError) as caught:
        parse_log('{\n  "format": "fupan/1",\n  "game": "gouji",\n  "events": [}\n', "deal.json")
    exc = caught.value
    assert isinstance(exc, FupanError)
    assert exc.file == "deal.json" and exc.line == 4 and exc.column == exc.col is not None
    assert exc.place == {"file": "deal.json", "line": 4, "column": exc.col}
    assert str(exc).startswith(f"deal.json:4:{exc.col}: ")  # the message as before


def test_a_card_error_carries_its_token() -> None:
    with pytest.raises(CardError) as caught:
        parse_cards("1X")
    assert caught.value.token == "1X"
    assert caught.value.place == {"token": "1X"}


def test_at_adds_to_the_place_and_keeps_the_message() -> None:
    exc = CardError("ZZ")
    before = str(exc)
    assert exc.at(event=7, seat=3, line=2) is exc
    assert exc.place == {"line": 2, "event": 7, "seat": 3, "token": "ZZ"}
    assert str(exc) == before
    assert list(exc.at(file="a.txt", column=5).place) == list(PLACE)


def test_an_error_without_a_place_says_so() -> None:
    assert FupanError("x").place == {}
