"""The Library's order and search (issue 18, item 6; data/queries.py, migration 0009), on SQLite and (when
FUPAN_TEST_PG_URL names a server) on PostgreSQL.

The library holds simulated deals whose meta is set here: two matches on one date imported with their deal
numbers out of order and under file names that sort the other way, a deal of another date without a match, an
undated one and one without a deal number; players, venues and notes hold the letters a search must find (in
another case) and the characters LIKE reads as wildcards (``%``, ``_``), which must match only themselves.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine
from storage_dbs import BACKENDS, HEAD, import_into_old_schema, temp_db_url

from data import queries
from data.database import alembic_config, current_revision, make_engine, migrate, open_db
from data.importer import import_log
from replay.formats.log import Log, Seat
from replay.simulate import simulate_deal

# name -> (seed, meta, the player on seat 0, the file name it is imported as), in import order
DEALS: dict[str, tuple[int, dict[str, Any], str]] = {
    "night-2": (1, {"date": "2026-11-20", "venue": "Tea House", "match": "night", "deal": 2}, "Ann"),
    "night-1": (2, {"date": "2026-11-20", "venue": "Tea House", "match": "night", "deal": 1}, "Bo"),
    "night-3": (3, {"date": "2026-11-20", "venue": "Tea House", "match": "night", "deal": 3}, "Cai"),
    "late-1": (4, {"date": "2026-11-20", "venue": "Park", "match": "late", "deal": 1, "notes": "won 50% of it"}, "Dee"),
    "older": (5, {"date": "2026-11-02 19:30", "venue": "Club_A", "notes": "500 points"}, "Eve"),
    "undated": (6, {"venue": "ClubXA", "notes": "Practice at 张家"}, "ann_b"),
    "late-x": (7, {"date": "2026-11-20", "venue": "Park", "match": "late"}, "annXb"),
}
# the Library's order, newest first: the later date; on it the match stored last ("late") before "night", each
# by its own deal number down (none last); the undated deal last
NEWEST = ["late-1", "late-x", "night-3", "night-2", "night-1", "older", "undated"]


def _log(seed: int, meta: dict[str, Any], first: str) -> Log:
    log = simulate_deal(seed, "gouji").log
    return dataclasses.replace(log, meta=meta, seats=(Seat(0, first), *log.seats[1:]))


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with temp_db_url(request.param, tmp_path, "fupan_search") as url:
        yield url


@pytest.fixture
def library(db_url: str) -> Iterator[tuple[Engine, dict[str, int]]]:
    eng = open_db(db_url)
    ids = {}
    for n, (name, (seed, meta, first)) in enumerate(DEALS.items()):
        result = import_log(eng, _log(seed, meta, first), f"{9 - n:02d}-{name}.json")  # names sort the other way
        assert result.status == "added" and result.deal_id is not None
        ids[name] = result.deal_id
    try:
        yield eng, ids
    finally:
        eng.dispose()


def _names(ids: dict[str, int], found: Any) -> list[str]:
    by_id = {v: k for k, v in ids.items()}
    return [by_id[int(i)] for i in found]


def test_the_library_lists_newest_first_by_the_logs_date_match_and_deal_number(library: Any) -> None:
    eng, ids = library
    assert _names(ids, queries.deal_page(eng, limit=50)["id"]) == NEWEST
    assert _names(ids, queries.deals(eng, newest_first=True)["id"]) == NEWEST  # the CSV's order
    pages = [queries.deal_page(eng, offset=k, limit=3)["id"] for k in range(0, len(NEWEST), 3)]
    assert _names(ids, [i for p in pages for i in p]) == NEWEST
    shown = queries.deal_page(eng, limit=50)
    assert [None if pd.isna(d) else int(d) for d in shown["deal"]][:5] == [1, None, 3, 2, 1]  # meta.deal, shown


@pytest.mark.parametrize(
    ("term", "expected"),
    [
        ("ann", {"night-2", "undated", "late-x"}),  # a player's name in another case, a substring of others
        ("ANN_B", {"undated"}),  # "_" is itself, not any one character ("annXb" does not match)
        ("tea house", {"night-1", "night-2", "night-3"}),  # the venue
        ("club_a", {"older"}),  # not "ClubXA"
        ("50%", {"late-1"}),  # "%" is itself: not "500 points"
        ("500", {"older"}),  # the notes
        ("张家", {"undated"}),  # Chinese in the notes
        ("  park ", {"late-1", "late-x"}),  # the term's spaces around it are not searched
        ("nobody", set()),
    ],
)
def test_the_search_finds_names_venues_and_notes(library: Any, term: str, expected: set[str]) -> None:
    eng, ids = library
    assert set(_names(ids, queries.deals(eng, search=term)["id"])) == expected
    assert queries.deal_count(eng, search=term) == len(expected)
    page = _names(ids, queries.deal_page(eng, limit=50, search=term)["id"])
    assert page == [n for n in NEWEST if n in expected]


def test_the_search_joins_the_other_filters(library: Any) -> None:
    eng, ids = library
    assert set(_names(ids, queries.deals(eng, search="ann", date_from="2026-11-01")["id"])) == {"night-2", "late-x"}
    assert queries.deal_count(eng, search="", game="gouji") == len(DEALS)  # an empty search is no filter


def test_an_alias_is_searched_too(library: Any) -> None:
    from sqlmodel import Session, select

    from data.models import Player, PlayerAlias

    eng, ids = library
    with Session(eng) as db:
        eve = db.exec(select(Player).where(Player.name == "Eve")).one()
        db.add(PlayerAlias(alias="Evelyn Q", player_id=eve.id))
        db.commit()
    assert _names(ids, queries.deals(eng, search="evelyn")["id"]) == ["older"]


def test_migration_0009_fills_the_notes_of_stored_deals(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A library of revision 0008 (no notes column) upgraded: each stored deal's notes read from its log, the
    search finds them; and back down."""
    eng = make_engine(db_url)
    try:
        migrate(eng, "0008")
        with monkeypatch.context() as m:
            import_into_old_schema(m, eng)
            for name in ("older", "night-1"):
                seed, meta, first = DEALS[name]
                assert import_log(eng, _log(seed, meta, first), name).status == "added"
    finally:
        eng.dispose()
    eng = open_db(db_url)
    try:
        assert current_revision(eng) == HEAD
        with eng.connect() as conn:
            assert sorted(conn.execute(text("SELECT notes FROM deal")).scalars()) == ["", "500 points"]
        assert len(queries.deals(eng, search="500 POINTS")) == 1
    finally:
        eng.dispose()
    from alembic import command

    eng = make_engine(db_url)
    try:
        command.downgrade(alembic_config(eng), "0008")
        assert current_revision(eng) == "0008"
        with eng.connect() as conn:
            assert conn.execute(text("SELECT COUNT(*) FROM deal")).scalar_one() == 2
    finally:
        eng.dispose()
