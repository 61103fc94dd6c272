"""The library's filters find their deals by an index, not by reading a whole table (issue 17, item 5): SQLite's
``EXPLAIN QUERY PLAN`` of every statement the pages' reads run (``data.queries``: the Library's filters, count and
page, the Players page's reads of one game; ``data.recoach.staleness``; the version a page's cache is keyed by),
caught as they run with their bound parameters, and of the per-deal reads of the Replay page.

A deal's row holds its whole log, and on SQLite the columns that later migrations added (the findings count, the
versions, the levels) come after it: a statement that reads them for many deals must read an index that holds
them (a covering index), never the deals' rows."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event, select
from sqlalchemy.engine import Engine

from data import queries
from data.database import open_db
from data.evaluations import player_accuracy
from data.importer import import_paths
from data.make_samples import SAMPLES_DIR
from data.mistakes import player_mistakes
from data.models import DealSeat, EventRow, FindingRow, table_of
from data.queries import DEAL, _deal_conditions
from data.recoach import staleness


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    eng = open_db(f"sqlite:///{tmp_path_factory.mktemp('plans') / 'lib.db'}")
    files = [sorted((SAMPLES_DIR / g).glob("*.json"))[0] for g in ("gouji", "baohuang", "shengji")]
    assert [r.status for r in import_paths(eng, files)] == ["added"] * 3
    return eng


def explain(engine: Engine, sql: str, params: Any = ()) -> str:
    """SQLite's query plan of a statement as the driver runs it (its parameters bound), its lines joined."""
    with engine.connect() as conn:
        return "\n".join(str(row[-1]) for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", params))


def plan(engine: Engine, stmt: Any) -> str:
    """The query plan of a SQLAlchemy statement, compiled as it runs (bound parameters, not literals)."""
    compiled = stmt.compile(engine)
    return explain(engine, str(compiled), tuple(compiled.params[k] for k in compiled.positiontup))


@contextmanager
def statements(engine: Engine) -> Iterator[list[tuple[str, Any]]]:
    """The SELECT statements run on ``engine`` inside the block, with their parameters."""
    seen: list[tuple[str, Any]] = []

    def catch(conn: Any, cursor: Any, sql: str, params: Any, context: Any, many: bool) -> None:
        if sql.lstrip().upper().startswith("SELECT"):
            seen.append((sql, params))

    event.listen(engine, "before_cursor_execute", catch)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", catch)


def plans_of(engine: Engine, read: Callable[..., Any], **kwargs: Any) -> list[str]:
    """The query plans of every statement ``read(engine, **kwargs)`` runs."""
    with statements(engine) as seen:
        read(engine, **kwargs)
    assert seen, "the read ran no statement"
    return [explain(engine, sql, params) for sql, params in seen]


# a full read of the deals' rows: "SCAN deal" without an index (the table may carry an alias: "SCAN deal AS d")
DEAL_ROWS = re.compile(r"^SCAN deal(?: AS \w+)?$", re.MULTILINE)

FILTERS = [
    ({"game": "gouji"}, "ix_deal_game"),
    ({"profile": "gouji"}, "ix_deal_profile"),
    ({"date_from": "2026-09-01"}, "ix_deal_newest"),  # led by the date (migration 0009)
    ({"date_to": "2026-09-01"}, "ix_deal_day"),
    ({"player": "阿强"}, "ix_deal_seat_player_id"),
    ({"has_findings": True}, "ix_deal_n_findings"),
    ({"has_findings": False}, "ix_deal_n_findings"),
    ({"decided": True}, "ix_decision_deal_idx"),
    ({"search": "ab_c"}, "COVERING INDEX ix_deal_text"),  # the venue and the notes; the names by the seats' index
]


@pytest.mark.parametrize(("filters", "index"), FILTERS)
def test_each_filter_of_the_deal_list_searches_an_index(engine: Engine, filters: dict[str, Any], index: str) -> None:
    found = plan(engine, select(DEAL.c.id).where(*_deal_conditions(**filters)))
    assert index in found and not DEAL_ROWS.search(found), found


@pytest.mark.parametrize(("filters", "index"), FILTERS)
def test_the_librarys_count_and_page_use_an_index(engine: Engine, filters: dict[str, Any], index: str) -> None:
    """The Library page counts the filtered deals (by the filter's index) and reads one page of them (by that
    index or by the date's, read in the page's order): neither reads every deal's row."""
    counted = plans_of(engine, queries.deal_count, **filters)
    assert any(index in p for p in counted) and not any(DEAL_ROWS.search(p) for p in counted), counted
    paged = plans_of(engine, queries.deal_page, limit=50, **filters)
    assert any(index in p or "ix_deal_newest" in p for p in paged), paged
    assert not any(DEAL_ROWS.search(p) for p in paged), paged


def test_the_unfiltered_page_reads_the_date_index_in_order(engine: Engine) -> None:
    """Newest first, without sorting the whole library: the index in the Library's order (the date, the match, the
    deal number, the id: ``ix_deal_newest``) read backwards, a page's rows only."""
    first = plans_of(engine, queries.deal_page, limit=50)[0]
    assert "COVERING INDEX ix_deal_newest" in first and "TEMP B-TREE FOR ORDER BY" not in first, first
    assert not DEAL_ROWS.search(first), first


@pytest.mark.parametrize(
    ("read", "index"),
    [
        (staleness, "COVERING INDEX ix_deal_game_versions"),
        (queries.level_rows, "COVERING INDEX ix_deal_game_extras"),
        (queries.player_places, "ix_deal_seat_deal_id"),
        (queries.player_points, "ix_deal_seat_deal_id"),
        (queries.player_summary, "ix_deal_seat_deal_id"),
        (queries.player_findings, "ix_deal_game"),
        (queries.profiles, "ix_deal_game"),
        (player_accuracy, ""),  # from the evaluations: their deals by id
        (player_mistakes, "COVERING INDEX ix_finding_stats"),  # the violations of the deals no evaluation priced
    ],
)
@pytest.mark.parametrize("game", ["gouji", "shengji"])
def test_the_players_pages_reads_of_a_game_read_no_deal_rows(
    engine: Engine, read: Callable[..., Any], index: str, game: str
) -> None:
    """The Players page reads one game's statistics: by an index of the game, not every deal's row."""
    found = plans_of(engine, read, game=game)
    assert any(index in p for p in found), found
    assert not any(DEAL_ROWS.search(p) for p in found), found


def test_a_matchs_deals_are_read_by_its_index(engine: Engine) -> None:
    """The Scoring page of a 升级 deal reads its match's deals (the level ladder): by the match's index."""
    found = plans_of(engine, queries.match_deals, match_key="x", game="shengji")
    assert any("ix_deal_match_id" in p for p in found) and not any(DEAL_ROWS.search(p) for p in found), found


@pytest.mark.parametrize("read", [queries.library_version, queries.games, queries.player_names])
def test_the_reads_of_every_page_read_no_deal_rows(engine: Engine, read: Callable[..., Any]) -> None:
    """What every page reads whole (the version its cache is keyed by, the games, the players' names) reads
    indexes, not the deals' rows."""
    found = plans_of(engine, read)
    assert not any(DEAL_ROWS.search(p) for p in found), found


@pytest.mark.parametrize(
    ("model", "index"),
    [(EventRow, "sqlite_autoindex_event_"), (FindingRow, "ix_finding_stats"), (DealSeat, "ix_deal_seat_deal_id")],
)
def test_a_deals_rows_are_read_by_its_id(engine: Engine, model: Any, index: str) -> None:
    """The Replay and Coach pages read one deal's events, findings and seats: by an index that leads with the
    deal (an event's unique (deal_id, idx), a finding's statistics index: migration 0008)."""
    table = table_of(model)
    found = plan(engine, select(table).where(table.c.deal_id == 1))
    assert index in found and "SCAN" not in found, found


def test_the_plans_are_read_from_a_real_library(engine: Engine) -> None:
    """The test looks at SQLite's own plans: a filter on a column with no index reads every deal's row."""
    found = plan(engine, select(DEAL.c.id).where(DEAL.c.source == "x"))
    assert DEAL_ROWS.search(found), found
