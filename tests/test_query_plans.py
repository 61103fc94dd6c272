"""The library's filters find their deals by an index, not by reading a whole table (issue 17, item 5): SQLite's
``EXPLAIN QUERY PLAN`` of the deal filter each page uses (``data.queries._deal_conditions``: the Library's
filters, the Players and Scoring pages' game) and of the per-deal reads of the Replay page."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.engine import Engine

from data.database import open_db
from data.importer import import_paths
from data.make_samples import SAMPLES_DIR
from data.models import DealSeat, EventRow, FindingRow, table_of
from data.queries import DEAL, _deal_conditions


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    eng = open_db(f"sqlite:///{tmp_path_factory.mktemp('plans') / 'lib.db'}")
    files = [sorted((SAMPLES_DIR / g).glob("*.json"))[0] for g in ("gouji", "baohuang", "shengji")]
    assert [r.status for r in import_paths(eng, files)] == ["added"] * 3
    return eng


def plan(engine: Engine, stmt: Any) -> str:
    """SQLite's query plan of ``stmt``, its lines joined."""
    sql = str(stmt.compile(engine, compile_kwargs={"literal_binds": True}))
    with engine.connect() as conn:
        return "\n".join(str(row[-1]) for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}"))


@pytest.mark.parametrize(
    ("filters", "index"),
    [
        ({"game": "gouji"}, "ix_deal_game"),
        ({"profile": "gouji"}, "ix_deal_profile"),
        ({"date_from": "2026-09-01"}, "ix_deal_date"),
        ({"player": "阿强"}, "ix_deal_seat_player_id"),
        ({"decided": True}, "ix_decision_deal_idx"),
    ],
)
def test_each_filter_of_the_deal_list_searches_an_index(engine: Engine, filters: dict[str, Any], index: str) -> None:
    found = plan(engine, select(DEAL.c.id).where(*_deal_conditions(**filters)))
    assert index in found, found


@pytest.mark.parametrize("model", [EventRow, FindingRow, DealSeat])
def test_a_deals_rows_are_read_by_its_id(engine: Engine, model: Any) -> None:
    """The Replay and Coach pages read one deal's events, findings and seats: by the deal's index."""
    table = table_of(model)
    found = plan(engine, select(table).where(table.c.deal_id == 1))
    assert f"ix_{table.name}_deal_id" in found and "SCAN" not in found, found


def test_the_plans_are_read_from_a_real_library(engine: Engine) -> None:
    """The test looks at SQLite's own plans: a filter on a column with no index scans the table."""
    found = plan(engine, select(DEAL.c.id).where(DEAL.c.venue == "x"))
    assert "SCAN" in found
