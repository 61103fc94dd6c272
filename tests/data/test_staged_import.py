"""SQLite's batches of the bulk import stage their deals and insert them together (``data.deal_rows.Staged``): what
they store is what one deal a transaction stores, row for row and id for id; a deal found bad while staged, or a
flush the database refuses, leaves nothing of the bad deal and the others of the batch go in. And the import's other
shortcuts: a column of plain values told to fit at once, a worker's collector run every so many files."""

from __future__ import annotations

import datetime
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import insert, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DataError
from storage_dbs import BACKENDS, temp_db_url

import data.deal_rows as deal_rows
from data.database import open_db
from data.deal_rows import DEAL, MATCH, PLAYER, Known, Staged, bound, insert_many
from data.importer import import_log, import_paths
from replay.formats.decisions import Decision, in_order
from replay.formats.log import Log, read_log
from replay.simulate import simulate_deal

GAMES = ("gouji", "baohuang", "shengji-35")
TABLES = ("match", "player", "deal", "deal_seat", "event", "finding", "decision")


def _sim(k: int) -> Log:
    return simulate_deal(k, GAMES[k % 3], deal_number=k % 4 + 1).log


def _decided(log: Log, event: int) -> Log:
    d = Decision(event=event, decision="upheld", text="裁定", referee="老王", at="2026-12-01T20:00:00Z")
    return replace(log, decisions=in_order([d]))


def _folder(tmp_path: Path) -> list[Path]:
    """Files of every kind a batch meets: new deals (players and matches new and known), the same deal twice, a
    new deal with a decision, a stored deal again with one, a file that is not a log."""
    logs = [_sim(k) for k in range(7)]
    logs.insert(3, logs[1])  # the same deal again, in the same batch: a duplicate
    logs.insert(5, _decided(_sim(20), 2))  # a new deal with a decision: written at once, after those staged
    logs.append(_decided(logs[0], 4))  # a deal of the batch again, bringing a decision
    folder = tmp_path / "in"
    folder.mkdir()
    paths = []
    for k, log in enumerate(logs):
        path = folder / f"f{k:02d}.json"
        path.write_text(log.dumps(), encoding="utf-8")
        paths.append(path)
    bad = folder / "f99.json"
    bad.write_text('{"format": "fupan/1", "events": [', encoding="utf-8")
    return [*paths, bad]


def _tables(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the deal library's tables with its id, by id (the import time and a decision's time left out:
    they differ from one import to another)."""
    out = {}
    with engine.connect() as conn:
        for table in TABLES:
            rows = conn.execute(text(f'SELECT * FROM "{table}" ORDER BY id')).mappings().all()
            out[table] = [tuple(v for k, v in r.items() if k not in ("imported_at", "created_at")) for r in rows]
    return out


@pytest.mark.parametrize("backend", BACKENDS)
def test_staged_batches_store_what_one_deal_a_transaction_stores_id_for_id(
    tmp_path: Path, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import data.importer as importer

    paths = _folder(tmp_path)
    real = importer._store_batch
    stored_again: list[int] = []

    def spy(engine: Engine, batch: list[Any], stage: bool = True) -> list[Any]:
        if not stage:
            stored_again.append(len(batch))
        return real(engine, batch, stage)

    monkeypatch.setattr(importer, "_store_batch", spy)
    with temp_db_url(backend, tmp_path, "fupan_one") as one_url, temp_db_url(backend, tmp_path, "fupan_st") as url:
        _compare(paths, open_db(one_url), open_db(url))
    assert stored_again == []  # the batch went in staged, not deal by deal after a refused flush


def _compare(paths: list[Path], one: Engine, staged: Engine) -> None:
    """SQLite: the same rows id for id. PostgreSQL, whose ids come from sequences (a batch takes its deals' ids at
    once, and leaves some unused): the same rows, their ids in the same order."""
    same = _tables if one.dialect.name == "sqlite" else _ranked
    try:
        first = [import_log(one, read_log(p), str(p)) for p in paths[:-1]]  # each deal in its own transaction
        many = import_paths(staged, paths, jobs=1, batch=50)
        assert [(r.status, r.decisions_added) for r in many[:-1]] == [(r.status, r.decisions_added) for r in first]
        ids = [r.deal_id for r in many[:-1]]
        if one.dialect.name == "sqlite":
            assert ids == [r.deal_id for r in first]
        firsts = list(dict.fromkeys(ids))  # each deal's id as first met: the deals numbered in the files' order
        assert firsts == sorted(firsts)
        assert [r.status for r in many] == ["added"] * 3 + ["duplicate"] + ["added"] * 5 + ["duplicate", "error"]
        assert many[-2].decisions_added == 1
        assert same(one) == same(staged)
        assert len(_tables(staged)["player"]) > 4 and _tables(staged)["match"]
        again = import_paths(staged, paths, jobs=1, batch=4)  # all stored: nothing staged, nothing added
        assert [r.status for r in again] == ["duplicate"] * (len(paths) - 1) + ["error"]
        assert sum(r.decisions_added for r in again) == 0
        assert same(one) == same(staged)
    finally:
        one.dispose()
        staged.dispose()


#: the columns that hold an id of another table's row (``_ranked`` turns them into ranks too)
_REFERS = {"match_id": "match", "deal_id": "deal", "player_id": "player"}


def _ranked(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """``_tables`` with every id, and every reference to one, turned into its rank among its table's ids."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    with engine.connect() as conn:
        ranks = {
            t: {i: k for k, (i,) in enumerate(conn.execute(text(f'SELECT id FROM "{t}" ORDER BY id')))} for t in TABLES
        }
        for table in TABLES:
            rows = conn.execute(text(f'SELECT * FROM "{table}" ORDER BY id')).mappings().all()
            out[table] = [
                tuple(
                    ranks[table][v] if k == "id" else ranks[_REFERS[k]].get(v) if k in _REFERS else v
                    for k, v in r.items()
                    if k not in ("imported_at", "created_at")
                )
                for r in rows
            ]
    return out


def test_a_deal_refused_when_the_staged_deals_are_inserted_leaves_nothing_and_the_others_go_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = _folder(tmp_path)[:5]
    bad = read_log(paths[2])
    real = deal_rows.add_rows
    tried: list[int] = []

    def refuse(conn: Any, table: Any, rows: list[tuple[Any, ...]]) -> None:
        """The database refuses the events of one deal (by its first event's cards), once they are inserted."""
        tried.append(len(rows))
        real(conn, table, rows)
        if table.name == "event" and any(r[3] == "BAD" for r in rows):
            raise DataError("INSERT INTO event …", {}, Exception("value refused"))

    real_rows = deal_rows.rows_of

    def marked(log: Log, *more: Any) -> deal_rows.Rows:
        rows = real_rows(log, *more)
        if log == bad:
            rows.events[0] = (*rows.events[0][:3], "BAD", *rows.events[0][4:])
        return rows

    monkeypatch.setattr(deal_rows, "add_rows", refuse)
    monkeypatch.setattr(deal_rows, "rows_of", marked)
    engine = open_db(f"sqlite:///{tmp_path / 'lib.db'}")
    try:
        results = import_paths(engine, paths, jobs=1, batch=5)
        assert [r.status for r in results] == ["added", "added", "error", "duplicate", "added"]
        assert "value refused" in results[2].reason
        assert max(tried) > 3 * 100  # the events of the batch's deals together first, then deal by deal
        with engine.connect() as conn:
            sources = [Path(s).name for (s,) in conn.execute(text("SELECT source FROM deal ORDER BY id"))]
            orphans = conn.execute(text("SELECT count(*) FROM event WHERE deal_id NOT IN (SELECT id FROM deal)"))
            assert orphans.scalar() == 0
            events = conn.execute(text("SELECT count(*) FROM event")).scalar()
        assert sources == ["f00.json", "f01.json", "f04.json"]
        assert events == sum(len(read_log(paths[k]).events) for k in (0, 1, 4))
    finally:
        engine.dispose()


def test_a_deal_that_fails_while_staged_is_taken_back_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal found bad after its rows were staged (here: refused after ``store_rows`` staged them) is taken back
    with the players and match it added, their ids given again to the next deal, as its savepoint would have."""
    paths = _folder(tmp_path)[:3]
    real = deal_rows.store_rows

    def refuse_second(conn: Any, rows: deal_rows.Rows, *more: Any) -> int:
        deal_id = real(conn, rows, *more)
        if rows.deal["source"].endswith("f01.json"):
            raise DataError("INSERT INTO deal …", {}, Exception("value refused"))
        return deal_id

    monkeypatch.setattr(deal_rows, "store_rows", refuse_second)
    staged = open_db(f"sqlite:///{tmp_path / 'staged.db'}")
    one = open_db(f"sqlite:///{tmp_path / 'one.db'}")
    try:
        assert [r.status for r in import_paths(staged, paths, jobs=1, batch=3)] == ["added", "error", "added"]
        for p in (paths[0], paths[2]):
            assert import_log(one, read_log(p), str(p)).status == "added"
        assert _tables(staged) == _tables(one)
    finally:
        staged.dispose()
        one.dispose()


def _engine(tmp_path: Path) -> Engine:
    return open_db(f"sqlite:///{tmp_path / 'lib.db'}")


def test_staging_marks_and_undoes_and_flushes_parents_first(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    a, b = (deal_rows.rows_of(log, f"{k}" * 64, f"{k}.json", log.dumps()) for k, log in enumerate((_sim(0), _sim(1))))
    try:
        with engine.begin() as conn:
            conn.execute(insert(PLAYER).values(id=40, name="someone"))
            known = Known.look(conn, [], [a, b])
            staged = Staged.start(conn)
            assert staged.next_ids == {"match": 1, "player": 41, "deal": 1}
            assert staged.stage(a, known) == 1
            known.keep()
            mark = staged.mark()
            assert staged.stage(b, known) == 2
            assert staged.next_ids["player"] > 41 + len(a.seats)
            staged.undo(mark)
            known.forget()
            assert staged.mark() == mark
            assert staged.stage(b, known) == 2
            staged.flush(conn)
            assert staged.mark()[1] == dict.fromkeys(("match", "player", "deal", "deal_seat", "event", "finding"), 0)
            ids = conn.execute(text("SELECT id, source FROM deal ORDER BY id")).all()
            assert [tuple(r) for r in ids] == [(1, "0.json"), (2, "1.json")]
            n = conn.execute(text("SELECT count(*) FROM event")).scalar()
            assert n == len(a.events) + len(b.events)
    finally:
        engine.dispose()


def test_bound_values_are_those_sqlalchemy_would_store(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    when = datetime.datetime(2026, 12, 2, 13, 5, 7, 123456, tzinfo=datetime.UTC)
    try:
        values = bound(engine.dialect, MATCH, {"key": "m", "game": "gouji"})
        assert values == {"key": "m", "game": "gouji", "venue": "", "date": ""}  # the fixed defaults filled in
        row = {**deal_rows.rows_of(_sim(0), "h" * 64, "x", "{}").deal, "imported_at": when, "match_id": None}
        mine = bound(engine.dialect, DEAL, row)
        assert mine["imported_at"] == "2026-12-02 13:05:07.123456" and mine["legal"] in (0, 1)
        with engine.begin() as conn:
            conn.execute(insert(DEAL).values(row))
            stored = conn.execute(text("SELECT imported_at, legal, finished FROM deal")).one()
        assert tuple(stored) == (mine["imported_at"], mine["legal"], mine["finished"])
    finally:
        engine.dispose()


@pytest.mark.parametrize("n", [0, 1, 141, 142, 143, 500])
def test_insert_many_inserts_every_row_in_order(tmp_path: Path, n: int) -> None:
    engine = _engine(tmp_path)
    try:
        with engine.begin() as conn:
            rows = [(k + 1, f"name {k}") for k in range(n)]
            insert_many(conn, "player", ("id", "name"), rows) if rows else None
            assert [tuple(r) for r in conn.execute(text("SELECT id, name FROM player ORDER BY id"))] == rows
    finally:
        engine.dispose()


class _Text(str):
    """A text of a class of its own (looked at value by value, as any odd value is)."""


@pytest.mark.parametrize(
    ("column", "length", "fits"),
    [
        ((1, 2, None, True, 1.5), 3, True),
        (("ab", None, "abc"), 3, True),
        (("ab", None, "abcd"), 3, False),
        (("ab", "a\x00"), None, False),
        ((), 3, True),
        ((1, "abcd"), 3, False),  # a text among numbers
        ((_Text("abcd"), None), 3, False),
        ((_Text("ab"), b"abcdef"), 3, True),  # bytes are no text
    ],
)
def test_a_column_fits_as_its_texts_fit(column: tuple[object, ...], length: int | None, fits: bool) -> None:
    texts = [v for v in column if isinstance(v, str)]
    assert deal_rows._column_fits(length, column) is deal_rows._fits(length, texts) is fits


def test_a_worker_collects_its_garbage_every_so_many_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pool worker runs with its cyclic collector paused and collects every ``COLLECT_EVERY`` files."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    import data.importer as importer
    from replay.formats.limits import LIMITS

    paths = _folder(tmp_path)[:3]
    monkeypatch.setattr(importer, "COLLECT_EVERY", 4)
    with ProcessPoolExecutor(1, mp_context=mp.get_context("fork"), initializer=importer._init_worker,
                             initargs=(LIMITS, frozenset())) as pool:  # fmt: skip
        seen = [pool.submit(_worker_state, paths).result() for _ in range(3)]
    assert [enabled for enabled, _, _, _ in seen] == [False] * 3
    assert [since for _, since, _, _ in seen] == [3, 0, 3]  # 3 files, 6: collected, 3
    collections = [n for _, _, n, _ in seen]
    assert collections[0] == collections[2] - 1 == collections[1] - 1  # one full collection, after the 6th file
    assert [errors for _, _, _, errors in seen] == [["", "", ""]] * 3


def _worker_state(paths: list[Path]) -> tuple[bool, int, int, list[str]]:
    """In a worker: whether its collector runs by itself, the files since its last collection, how many full
    collections it made, and the errors of ``paths`` prepared."""
    import gc

    import data.importer as importer
    from replay.formats.logfiles import LogFile

    done = importer._prepare_in_worker([LogFile(p) for p in paths])
    full = gc.get_stats()[2]["collections"]
    return gc.isenabled(), importer._WORKER["since"], full, [p.error or "" for p in done]


def test_where_in_finds_every_row_asked_for_also_past_the_parameters_a_query_takes(tmp_path: Path) -> None:
    engine = _engine(tmp_path)
    try:
        with engine.begin() as conn:
            n = 2 * deal_rows.MAX_PARAMETERS + 5
            insert_many(conn, "player", ("id", "name"), [(k + 1, f"p{k}") for k in range(n)])
            asked = [f"p{k}" for k in range(0, n, 2)] + ["nobody"]
            found = deal_rows._where_in(conn, PLAYER, ("name", "id"), "name", asked)
            assert sorted(found) == sorted((f"p{k}", k + 1) for k in range(0, n, 2))
            assert deal_rows._where_in(conn, PLAYER, ("name", "id"), "name", []) == []
    finally:
        engine.dispose()
