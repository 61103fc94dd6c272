"""No import circles in coach/ and data/: the imports of every module there, read with ``ast`` (module level,
inside functions and under ``TYPE_CHECKING`` alike), make a graph without a cycle.

How the imports are read and the graph made: tests/import_graph.py."""

from __future__ import annotations

from import_graph import ROOT, cycles, modules
from import_graph import graph as graph_of

PACKAGES = ("coach", "data")


def graph() -> dict[str, set[str]]:
    """The imports among the modules of coach/ and data/."""
    return graph_of(modules(*(ROOT / pkg for pkg in PACKAGES)))


def test_the_graph_sees_the_modules_and_their_imports() -> None:
    edges = graph()
    assert "coach.maxims" in edges
    assert "coach.maxims.dan_pai" in edges["coach.maxims"]
    assert "coach.maxim" in edges["coach.maxims.dan_pai"]
    assert "data.deal_rows" in edges["data.importer"] and "data.derive" in edges["data.deal_rows"]
    assert "coach.coach" in edges["data.derive"]


def test_a_cycle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_coach_and_data() -> None:
    assert cycles(graph()) == []
