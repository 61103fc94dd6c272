"""Bulk import (issue 17, item 4): the files read, replayed and coached on worker processes and stored in batches
store exactly what the import one deal at a time in one process stores; a refused file in a batch leaves nothing
of itself and the others of its batch go in; ``fupan import --quiet`` prints only the refused files and the
counts."""

from __future__ import annotations

import gc
import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from storage_dbs import BACKENDS, temp_db_url

import cli
import data.importer as importer
from data.database import BULK_WRITE, WRITE, open_db, shown_url
from data.importer import POOL_MIN, import_paths
from replay.formats.logfiles import LogFile
from replay.simulate import simulate_deal


def _folder(tmp_path: Path, n: int) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    games = ("gouji", "baohuang", "shengji-35")
    for k in range(n):
        (folder / f"d{k:02d}.json").write_text(simulate_deal(k, games[k % 3]).log.dumps(), encoding="utf-8")
    return folder


def _stored(engine: Engine) -> dict[str, list[tuple[object, ...]]]:
    """What the library holds, without row ids and import times (which differ from one import to another)."""
    with engine.connect() as conn:
        return {
            "deals": sorted(conn.execute(text("SELECT content_hash, game, log_json, source FROM deal")).all()),
            "events": sorted(
                conn.execute(
                    text(
                        "SELECT d.content_hash, e.idx, e.seat, e.action, e.cards, e.legal, e.rule FROM event e JOIN deal d ON d.id = e.deal_id"
                    )
                ).all()
            ),
            "seats": sorted(
                conn.execute(
                    text(
                        "SELECT d.content_hash, s.seat, s.side, s.place, s.points FROM deal_seat s JOIN deal d ON d.id = s.deal_id"
                    )
                ).all()
            ),
            "findings": sorted(
                conn.execute(
                    text(
                        "SELECT d.content_hash, f.idx, f.seat, f.kind, f.severity, f.rule, f.maxim, f.message_en, f.evidence_json "
                        "FROM finding f JOIN deal d ON d.id = f.deal_id"
                    )
                ).all()
            ),
        }


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_pooled_batched_import_stores_what_the_serial_one_does(tmp_path: Path, backend: str) -> None:
    folder = _folder(tmp_path, POOL_MIN + 7)
    (folder / "zz-broken.json").write_text('{"format": "fupan-log", "events": [', encoding="utf-8")
    # the same deal twice in one run: stored once, the second time a duplicate of the first
    (folder / "d00-again.json").write_bytes((folder / "d00.json").read_bytes())
    expected = ["added"] + ["duplicate"] + ["added"] * (POOL_MIN + 6) + ["error"]
    with temp_db_url(backend, tmp_path, "fupan_serial") as one_url, temp_db_url(backend, tmp_path, "fupan_pool") as url:
        serial, pooled = open_db(one_url), open_db(url)
        try:
            one = import_paths(serial, [folder], jobs=1, batch=1)
            many = import_paths(pooled, [folder], jobs=2, batch=4)
            assert [(r.source, r.status, r.reason) for r in one] == [(r.source, r.status, r.reason) for r in many]
            assert [r.status for r in many] == expected
            assert many[1].deal_id == many[0].deal_id
            assert _stored(serial) == _stored(pooled)
            again = import_paths(pooled, [folder], jobs=2, batch=4)  # all known: duplicates, replayed by nobody
            assert [r.status for r in again] == ["duplicate"] * (POOL_MIN + 8) + ["error"]
            assert _stored(pooled) == _stored(serial)
        finally:
            serial.dispose()
            pooled.dispose()


def test_the_pooled_import_gives_the_callers_collector_back_as_it_was(tmp_path: Path) -> None:
    """The pool's workers are forked from a frozen heap (``gc.freeze``: their collector never walks what they
    inherit); the importing process (a dashboard's server, say) gets its heap back unfrozen, also when the run
    stops early."""
    folder = _folder(tmp_path, POOL_MIN + 2)
    engine = open_db(f"sqlite:///{tmp_path / 'lib.db'}")
    try:
        assert gc.get_freeze_count() == 0
        assert [r.status for r in import_paths(engine, [folder], jobs=2, batch=3)] == ["added"] * (POOL_MIN + 2)
        assert gc.get_freeze_count() == 0

        def stop(done: int, total: int) -> None:
            if done:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            import_paths(open_db(f"sqlite:///{tmp_path / 'other.db'}"), [folder], jobs=2, batch=3, progress=stop)
        gc.collect()
        assert gc.get_freeze_count() == 0
    finally:
        engine.dispose()


def test_a_batch_commits_without_waiting_for_the_disk_and_other_writes_keep_the_files_setting(tmp_path: Path) -> None:
    """SQLite: a batch of the bulk import commits with synchronous=NORMAL (WAL: whole or nothing when killed, no
    sync per commit); a transaction of one deal, and any other write, keeps the file's own setting."""
    engine = open_db(f"sqlite:///{tmp_path / 'lib.db'}")
    with engine.connect() as conn:
        default = conn.exec_driver_sql("PRAGMA synchronous").scalar()
        mode = conn.exec_driver_sql("PRAGMA journal_mode").scalar()
    assert mode == "wal" and default is not None
    bulk = min(default, 1)  # NORMAL, unless this SQLite's own default is lower still
    said: list[str] = []

    @event.listens_for(engine, "before_cursor_execute")
    def _said(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        said.append(statement)

    results = import_paths(engine, [_folder(tmp_path, 3)], jobs=1, batch=2)
    assert [r.status for r in results] == ["added"] * 3
    begins = [k for k, s in enumerate(said) if s == "BEGIN IMMEDIATE"]
    assert len(begins) == 2  # two batches, each one transaction
    assert bulk == default or f"PRAGMA synchronous={bulk}" in said[: begins[0]]
    for options, wanted in ((BULK_WRITE, bulk), (WRITE, default), ({}, default), (BULK_WRITE, bulk), (WRITE, default)):
        with engine.execution_options(**options).begin() as conn:
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == wanted
    engine.dispose()


def test_a_refused_deal_leaves_nothing_and_its_batch_goes_in(
    tmp_path: Path, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy.exc import DataError

    import data.deal_rows

    folder = _folder(tmp_path, 5)
    real = data.deal_rows.store_rows

    def refuse_third(conn: object, rows: data.deal_rows.Rows, *more: object) -> int:
        deal_id = real(conn, rows, *more)  # type: ignore[arg-type]  # the test's stand-in passes on what it got
        if rows.deal["source"].endswith("d02.json"):
            raise DataError("INSERT INTO finding …", {}, Exception("value too long"))  # after its rows went in
        return deal_id

    monkeypatch.setattr(data.deal_rows, "store_rows", refuse_third)
    engine = open_db(db_url)
    results = import_paths(engine, [folder], jobs=1, batch=5)
    assert [r.status for r in results] == ["added", "added", "error", "added", "added"]
    assert "value too long" in (results[2].reason or "")
    with engine.connect() as conn:
        sources = [s for (s,) in conn.execute(text("SELECT source FROM deal ORDER BY source"))]
        orphans = conn.execute(text("SELECT count(*) FROM event WHERE deal_id NOT IN (SELECT id FROM deal)")).scalar()
    assert [Path(s).name for s in sources] == ["d00.json", "d01.json", "d03.json", "d04.json"]
    assert orphans == 0


def test_a_row_postgresql_refuses_in_its_copy_is_that_files_error_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL takes the events by COPY: a value it refuses there (here a text longer than its column, let past
    the importer's own check) refuses that file alone, nothing of it stored, and its batch goes on."""
    import data.deal_rows

    folder = _folder(tmp_path, 3)
    real = data.deal_rows.rows_of

    def too_long(*args: Any) -> data.deal_rows.Rows:
        rows = real(*args)
        if rows.deal["source"].endswith("d01.json"):
            first = rows.events[0]
            rows.events[0] = (*first[:3], "x" * 3000, *first[4:])  # event.cards holds 2000 characters at most
        return rows

    monkeypatch.setattr(data.deal_rows, "rows_of", too_long)
    monkeypatch.setattr(data.deal_rows, "unstorable_rows", lambda rows: None)
    with temp_db_url("postgresql", tmp_path, "fupan_copy") as url:
        engine = open_db(url)
        try:
            results = import_paths(engine, [folder], jobs=1, batch=3)
            assert [r.status for r in results] == ["added", "error", "added"]
            assert "the database refused it" in results[1].reason and "too long" in results[1].reason
            with engine.connect() as conn:
                sources = sorted(Path(s).name for (s,) in conn.execute(text("SELECT source FROM deal")))
                events = conn.execute(text("SELECT count(*) FROM event")).scalar()
            assert sources == ["d00.json", "d02.json"]
            assert events == sum(len(simulate_deal(k, g).log.events) for k, g in ((0, "gouji"), (2, "shengji-35")))
        finally:
            engine.dispose()


def test_quiet_import_prints_only_refused_files_and_the_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(tmp_path, 3)
    (folder / "bad.json").write_text("{", encoding="utf-8")
    code = cli.main(["import", str(folder), "--db", f"sqlite:///{tmp_path / 'lib.db'}", "--quiet"])
    out = capsys.readouterr().out.splitlines()
    assert code == 2
    assert len(out) == 2 and "bad.json: not imported" in out[0]
    assert out[1].startswith("3 added, 0 duplicate, 1 not imported")


class _Terminal(io.StringIO):
    """Standard error as a terminal (the progress bar is drawn only there)."""

    def isatty(self) -> bool:
        return True


def test_the_progress_bar_names_the_library_and_shows_deals_per_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _folder(tmp_path, 3)
    url = f"sqlite:///{tmp_path / 'lib.db'}"
    for quiet in (False, True):
        err = _Terminal()
        monkeypatch.setattr(sys, "stderr", err)
        code = cli.main(["import", str(folder), "--db", url, *(["--quiet"] if quiet else [])])
        monkeypatch.undo()
        out = capsys.readouterr().out
        assert code == 0
        if quiet:  # nothing but the counts (no refused file here), no bar
            assert err.getvalue() == "" and out.splitlines() == ["0 added, 3 duplicate, 0 not imported"]
        else:
            bar = err.getvalue()
            assert f"into {shown_url(url)}" in bar and "3/3" in bar and "deals/s" in bar
            assert out.splitlines()[-1] == "3 added, 0 duplicate, 0 not imported"


def _scripted_import(monkeypatch: pytest.MonkeyPatch, script: str, batch: int = 50) -> list[int]:
    """The sizes of the batches ``import_paths`` stores when its workers hand over files as ``script`` says: ``d`` a
    deal ready, ``.`` a wait (the workers busy, nothing ready), one file per ``d``."""
    files = [Path(f"f{k:03d}.json") for k in range(script.count("d"))]
    stored: list[int] = []

    def prepared(*_: Any) -> Iterator[importer._Prepared | None]:
        k = 0
        for c in script:
            if c == "d":
                yield importer._Prepared(str(files[k]), "scripted")
                k += 1
            else:
                yield None

    def store(_engine: Any, pending: list[importer._Prepared]) -> list[importer.ImportResult]:
        stored.append(len(pending))
        return [importer.ImportResult(p.source, "error", None, "scripted") for p in pending]

    monkeypatch.setattr(importer, "log_files", lambda _paths: [LogFile(f) for f in files])
    monkeypatch.setattr(importer, "_stored_hashes", lambda _engine: frozenset())
    monkeypatch.setattr(importer, "_prepared", prepared)
    monkeypatch.setattr(importer, "_store_batch", store)
    results = importer.import_paths(None, [], batch=batch)  # type: ignore[arg-type]  # the store is scripted
    assert [r.source for r in results] == [str(f) for f in files]  # every file once, in order
    return stored


def test_the_store_waits_for_a_full_batch_while_deals_keep_coming(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _scripted_import(monkeypatch, "d" * 120) == [50, 50, 20]


def test_the_store_uses_the_workers_busy_time_for_the_deals_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    few, enough = importer.IDLE_BATCH - 1, importer.IDLE_BATCH
    tail = importer.LAST_FILES + 1  # far enough from the end
    # fewer than IDLE_BATCH ready while the workers are busy: not worth a transaction; all go in at the end
    assert _scripted_import(monkeypatch, "d" * few + "." + "d" * tail) == [few + tail]
    # IDLE_BATCH ready while the workers are busy: stored in the wait
    assert _scripted_import(monkeypatch, "d" * enough + "." + "d" * tail) == [enough, tail]


def test_near_the_end_the_deals_ready_are_stored_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    last = importer.LAST_FILES
    assert importer.IDLE_BATCH > 2
    # two ready, then a wait with no more than LAST_FILES files still to come: the two are stored in the wait
    assert _scripted_import(monkeypatch, "dd." + "d" * last) == [2, last]
    # the same two with one file more to come: they wait for more
    assert _scripted_import(monkeypatch, "dd." + "d" * (last + 1)) == [2 + last + 1]
