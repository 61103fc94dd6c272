"""Bulk import (issue 17, item 4): the files read, replayed and coached on worker processes and stored in batches
store exactly what the import one deal at a time in one process stores; a refused file in a batch leaves nothing
of itself and the others of its batch go in; ``fupan import --quiet`` prints only the refused files and the
counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine

import cli
from data.database import open_db
from data.importer import POOL_MIN, import_paths
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


def test_the_pooled_batched_import_stores_what_the_serial_one_does(tmp_path: Path) -> None:
    folder = _folder(tmp_path, POOL_MIN + 7)
    (folder / "zz-broken.json").write_text('{"format": "fupan-log", "events": [', encoding="utf-8")
    serial = open_db(f"sqlite:///{tmp_path / 'serial.db'}")
    pooled = open_db(f"sqlite:///{tmp_path / 'pooled.db'}")
    one = import_paths(serial, [folder], jobs=1, batch=1)
    many = import_paths(pooled, [folder], jobs=2, batch=4)
    assert [(r.source, r.status, r.reason) for r in one] == [(r.source, r.status, r.reason) for r in many]
    assert [r.status for r in many] == ["added"] * (POOL_MIN + 7) + ["error"]
    assert _stored(serial) == _stored(pooled)
    again = import_paths(pooled, [folder], jobs=2, batch=4)  # all known: duplicates, replayed by nobody
    assert [r.status for r in again] == ["duplicate"] * (POOL_MIN + 7) + ["error"]
    assert _stored(pooled) == _stored(serial)


def test_a_refused_deal_leaves_nothing_and_its_batch_goes_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy.exc import DataError

    import data.importer

    folder = _folder(tmp_path, 5)
    real = data.importer._store

    def refuse_third(conn: object, rows: data.importer._Rows) -> int:
        deal_id = real(conn, rows)  # type: ignore[arg-type]  # the test's stand-in passes on what it got
        if rows.deal["source"].endswith("d02.json"):
            raise DataError("INSERT INTO finding …", {}, Exception("value too long"))  # after its rows went in
        return deal_id

    monkeypatch.setattr(data.importer, "_store", refuse_third)
    engine = open_db(f"sqlite:///{tmp_path / 'lib.db'}")
    results = import_paths(engine, [folder], jobs=1, batch=5)
    assert [r.status for r in results] == ["added", "added", "error", "added", "added"]
    assert "value too long" in (results[2].reason or "")
    with engine.connect() as conn:
        sources = [s for (s,) in conn.execute(text("SELECT source FROM deal ORDER BY source"))]
        orphans = conn.execute(text("SELECT count(*) FROM event WHERE deal_id NOT IN (SELECT id FROM deal)")).scalar()
    assert [Path(s).name for s in sources] == ["d00.json", "d01.json", "d03.json", "d04.json"]
    assert orphans == 0


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
