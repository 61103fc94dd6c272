"""The database's state is always said, never guessed (data/database.py, data/exporter.py, the CLI): a
library written by a newer fupan, a read-only one, a damaged SQLite file, a SQLite file deleted or
replaced while it is open, and export file names that do not depend on the database's row ids. Each on
SQLite and PostgreSQL where the state exists on both (the ``db_url`` fixture, tests/storage_dbs.py).
The bad libraries are made by tests/bad_dbs.py."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from argon2 import PasswordHasher
from argon2.profiles import CHEAPEST
from bad_dbs import (
    FUTURE,
    as_reader,
    damage,
    engine_count,
    fill,
    folder_state,
    in_rollback_mode,
    make_newer,
    marked,
    pg_read_only,
    pg_reader,
    read_only_file,
    shared_folder,
    snapshot,
    sqlite_path,
    writer_left_open,
)
from storage_dbs import HEAD, temp_db_url

import cli
from data import accounts, queries
from data.accounts import record_decision, verify_user
from data.database import (
    DamagedDatabase,
    DatabaseStateError,
    LibraryReplaced,
    NewerDatabase,
    ReadOnlyDatabase,
    library_state,
    make_engine,
    migrate,
    open_db,
    shown_url,
)
from data.exporter import Unreadable, export_deals
from data.importer import content_hash, import_log
from replay.core.plural import count
from replay.formats.decisions import Decision
from replay.formats.log import Log, read_log
from replay.simulate import simulate_deal

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

PASSWORD = "a long enough password"


@pytest.fixture(autouse=True)
def _hashers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Accounts are added with cheap argon2 parameters and signed in with others (so a sign-in would
    replace the hash)."""
    monkeypatch.setattr(accounts, "HASHER", PasswordHasher.from_parameters(CHEAPEST))
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    keep = accounts.add_user

    def add_then_stronger(*args: Any, **kw: Any) -> Any:
        user = keep(*args, **kw)
        monkeypatch.setattr(accounts, "HASHER", stronger)
        return user

    monkeypatch.setattr(accounts, "add_user", add_then_stronger)


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str, *words: str) -> None:
    assert err.startswith("fupan: ") and err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err and "internal error" not in err
    for w in words:
        assert w in err, (w, err)


# -- 1. a newer fupan's library ------------------------------------------------------------------------


def test_a_newer_library_is_refused_before_anything_is_written(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fill(db_url, 2)
    make_newer(db_url)
    before = snapshot(db_url)
    file_bytes = sqlite_path(db_url).read_bytes() if db_url.startswith("sqlite") else None
    with pytest.raises(NewerDatabase) as caught:
        open_db(db_url)
    assert isinstance(caught.value, DatabaseStateError) and isinstance(caught.value, ValueError)
    said = str(caught.value)
    assert FUTURE in said and HEAD in said and "newer fupan" in said and shown_url(db_url) in said
    log = tmp_path / "one.json"
    log.write_text(marked(20).dumps(), encoding="utf-8")
    for args in (("import", log), ("export", "--out", tmp_path / "out"), ("user", "list"), ("samples",)):
        code, out, err = run(capsys, *args, "--db", db_url)
        assert (code, out) == (2, ""), (args, err)
        one_line(err, FUTURE, HEAD)
    assert not (tmp_path / "out").exists()
    assert snapshot(db_url) == before
    if file_bytes is not None:
        assert sqlite_path(db_url).read_bytes() == file_bytes


# -- 2. read-only --------------------------------------------------------------------------------------


def _with_a_referee(url: str) -> None:
    """Add the referee Li, whose password hash has older parameters than the ones fupan signs in with."""
    engine = open_db(url)
    try:
        accounts.add_user(engine, "Li", PASSWORD, "referee")
    finally:
        engine.dispose()


def _reads_but_does_not_write(url: str, out: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The library at ``url`` (two deals, the referee Li) reads, exports, signs Li in, and refuses an
    import and a referee's decision (the import also in one line of the command line)."""
    engine = open_db(url)
    try:
        assert library_state(engine).read_only is not None
        assert len(queries.deals(engine)) == 2
        assert len(export_deals(engine, out / "api")) == 2
        with pytest.raises(ReadOnlyDatabase, match="read-only"):
            import_log(engine, marked(21), "new")
        assert verify_user(engine, "Li", PASSWORD) is not None  # its hash would be replaced: not here
        decision = Decision(event=1, decision="upheld", text="ok", referee="Li", at="2026-12-01T20:00:00Z")
        with pytest.raises(ReadOnlyDatabase, match="nothing was stored"):
            record_decision(engine, 1, decision, "Li")
    finally:
        engine.dispose()
    log = out / "new.json"
    log.write_text(marked(22).dumps(), encoding="utf-8")
    code, output, err = run(capsys, "import", log, "--db", url)
    assert (code, output) == (2, "")
    one_line(err, "read-only", "nothing was stored")
    code, output, err = run(capsys, "export", "--db", url, "--out", out / "cli")
    assert (code, output, err) == (0, f"wrote 2 logs to {out / 'cli'}\n", f"library: {shown_url(url)}\n")


@pytest.mark.parametrize("folder_too", [False, True], ids=["file", "folder"])
def test_a_read_only_sqlite_file_reads_and_refuses_writes(folder_too: bool, capsys: pytest.CaptureFixture[str]) -> None:
    with shared_folder() as top:
        (top / "lib").mkdir()
        (top / "out").mkdir(mode=0o777)
        (top / "out").chmod(0o777)
        url = f"sqlite:///{top / 'lib' / 'fupan.db'}"
        fill(url, 2)
        _with_a_referee(url)
        before = snapshot(url)
        with read_only_file(url, folder_too), as_reader():
            _reads_but_does_not_write(url, top / "out", capsys)
        assert snapshot(url) == before


def test_a_read_only_sqlite_file_that_needs_a_migration_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    with shared_folder() as top:
        (top / "lib").mkdir()
        url = f"sqlite:///{top / 'lib' / 'fupan.db'}"
        old = make_engine(url)
        migrate(old, "0004")
        old.dispose()
        with read_only_file(url, folder_too=True), as_reader():
            with pytest.raises(ReadOnlyDatabase, match=f"must be upgraded to {HEAD}") as caught:
                open_db(url)
            assert "0004" in str(caught.value) and "write access" in str(caught.value)
            code, out, err = run(capsys, "export", "--db", url, "--out", top / "out")
            assert (code, out) == (2, "")
            one_line(err, "read-only", "0004")
        assert snapshot(url)["version"] == [("0004",)]


@pytest.mark.parametrize("how", ["read-only session", "select-only user"])
def test_a_read_only_postgresql_library_reads_and_refuses_writes(
    how: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``default_transaction_read_only`` on the database, or a user who may only SELECT."""
    with temp_db_url("postgresql", tmp_path, "fupan_ro") as url:
        fill(url, 2)
        _with_a_referee(url)
        before = snapshot(url)
        if how == "read-only session":
            pg_read_only(url)
            _reads_but_does_not_write(url, tmp_path, capsys)
        else:
            with pg_reader(url) as reader:
                engine = open_db(reader)
                assert "may not add rows to" in (library_state(engine).read_only or "")
                engine.dispose()
                _reads_but_does_not_write(reader, tmp_path, capsys)
        assert snapshot(url) == before


# -- 3. a damaged SQLite file --------------------------------------------------------------------------


def test_a_damaged_sqlite_file_refuses_writes_and_exports_what_it_can(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'fupan.db'}"
    logs = fill(url, 8)
    page = damage(tmp_path / "fupan.db")
    engine = open_db(url)  # reading still works: it opens
    try:
        assert f"Page {page}" in (library_state(engine).damaged or "")
        with pytest.raises(DamagedDatabase, match="damaged"):
            import_log(engine, marked(30), "new")
        skipped: list[Unreadable] = []
        written = export_deals(engine, tmp_path / "api", skipped)
    finally:
        engine.dispose()
    assert skipped and written and len(written) + len(skipped) == 8
    canonical = {log.dumps().encode("utf-8") for log in logs}
    assert {p.read_bytes() for p in written} <= canonical  # what is written is the deal as imported

    new = tmp_path / "new.json"
    new.write_text(marked(31).dumps(), encoding="utf-8")
    code, out, err = run(capsys, "import", new, "--db", url)
    assert (code, out) == (2, "")
    one_line(err, "damaged", "quick_check", "fupan export")

    code, out, err = run(capsys, "export", "--db", url, "--out", tmp_path / "cli")
    assert code == 2 and err == f"library: {shown_url(url)}\n"
    lines = out.splitlines()
    assert (
        lines[-1]
        == f"wrote {count(len(written), 'log')} to {tmp_path / 'cli'}; {count(len(skipped), 'deal')} cannot be read"
    )
    assert lines[:-1] == [f"deal {s.deal_id}: not written, it cannot be read: {s.reason}" for s in skipped]
    assert sorted(p.name for p in (tmp_path / "cli").iterdir()) == sorted(p.name for p in written)


def test_export_writes_every_deal_it_can_read_past_undecodable_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Three of ten deals hold text that is not UTF-8 (written as bytes by sqlite3): in the venue, in the log
    itself, in a referee's decision of the deal; the other seven are written, the three listed, exit 2."""
    path = tmp_path / "fupan.db"
    url = f"sqlite:///{path}"
    logs = fill(url, 10)
    decision = Decision(event=2, decision="upheld", text="ok", referee="Li", at="2026-12-01T20:00:00Z")
    engine = open_db(url)
    try:
        assert import_log(engine, dataclasses.replace(logs[8], decisions=(decision,)), "again").status == "duplicate"
    finally:
        engine.dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE deal SET venue = CAST(x'4dff41' AS TEXT) WHERE id = 2")
        conn.execute("UPDATE deal SET log_json = CAST(x'7bfe' AS TEXT) || log_json WHERE id = 5")
        conn.execute("UPDATE decision SET text = CAST(x'c3' AS TEXT) WHERE deal_id = 9")
    conn.close()
    code, out, err = run(capsys, "export", "--db", url, "--out", tmp_path / "out")
    assert code == 2 and err == f"library: {shown_url(url)}\n", err
    assert out.splitlines() == [
        "deal 2: not written, it cannot be read: its venue is not UTF-8 text (byte 0xff at 1)",
        "deal 5: not written, it cannot be read: its log_json is not UTF-8 text (byte 0xfe at 1)",
        "deal 9: not written, it cannot be read: Could not decode to UTF-8 column 'text'",
        f"wrote 7 logs to {tmp_path / 'out'}; 3 deals cannot be read",
    ]
    written = {p.read_bytes() for p in (tmp_path / "out").iterdir()}
    assert written == {log.dumps().encode("utf-8") for k, log in enumerate(logs) if k not in (1, 4, 8)}


def test_a_sqlite_file_that_is_not_a_database_is_said_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fupan.db"
    path.write_bytes(b"this is no database " * 400)
    code, out, err = run(capsys, "export", "--db", f"sqlite:///{path}", "--out", tmp_path / "out")
    assert (code, out) == (2, "")
    one_line(err, "damaged")
    assert path.read_bytes() == b"this is no database " * 400


# -- 5. a refused library is left as it was -----------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "journal"),
    [
        ("newer", "wal"),
        ("newer", "delete"),
        ("damaged", "wal"),
        ("damaged", "delete"),
        ("not a database", "none"),
        ("read-only and old", "wal"),
        ("read-only and old", "delete"),
    ],
)
def test_a_refused_library_is_left_byte_for_byte_as_it_was(
    kind: str, journal: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Newer, damaged, not a database, read-only and behind the schema; in WAL mode or with a rollback journal
    (a file another program made): ``open_db`` and a command that would write leave the file's bytes as they
    were, and make no file beside it (no -wal, no -shm, no journal). A damaged library opens for reading."""
    with shared_folder() as top:
        folder = top / "lib"
        folder.mkdir()
        path = folder / "fupan.db"
        url = f"sqlite:///{path}"
        if kind == "not a database":
            path.write_bytes(b"this is no database " * 400)
        elif kind == "read-only and old":
            old = make_engine(url)
            migrate(old, "0004")
            old.dispose()
        else:
            fill(url, 8)
            make_newer(url) if kind == "newer" else damage(path)
        if journal == "delete":
            in_rollback_mode(path)
        before = folder_state(folder)
        log = top / "one.json"
        log.write_text(marked(20).dumps(), encoding="utf-8")
        read_only = kind == "read-only and old"
        nothing = contextlib.nullcontext()
        with read_only_file(url, folder_too=False) if read_only else nothing, as_reader() if read_only else nothing:
            if kind == "damaged":
                open_db(url).dispose()
            else:
                with pytest.raises(DatabaseStateError, match=r"nothing was changed|damaged"):
                    open_db(url)
            assert folder_state(folder) == before
            code, out, err = run(capsys, "import", log, "--db", url)
            assert (code, out) == (2, ""), err
            one_line(err, "read-only" if read_only else "newer fupan" if kind == "newer" else "damaged")
        assert folder_state(folder) == before


# -- 4. the SQLite file deleted or replaced while open -------------------------------------------------


def test_a_deleted_sqlite_file_is_noticed_before_the_next_write(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fupan.db'}"
    engine = open_db(url)
    try:
        assert import_log(engine, marked(1), "a").status == "added"
        for f in tmp_path.glob("fupan.db*"):
            f.unlink()
        with pytest.raises(LibraryReplaced, match="was deleted") as caught:
            import_log(engine, marked(2), "b")
        assert "nothing was stored" in str(caught.value)
        assert not (tmp_path / "fupan.db").exists()
    finally:
        engine.dispose()


def test_a_replaced_sqlite_file_is_noticed_before_the_next_write(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fupan.db'}"
    other = f"sqlite:///{tmp_path / 'other.db'}"
    fill(other, 1)
    engine = open_db(url)
    try:
        assert import_log(engine, marked(1), "a").status == "added"
        for f in tmp_path.glob("fupan.db-*"):
            f.unlink()
        os.replace(tmp_path / "other.db", tmp_path / "fupan.db")
        before = snapshot(url)
        with pytest.raises(LibraryReplaced, match="replaced by another file"):
            import_log(engine, marked(2), "b")
        assert snapshot(url) == before
    finally:
        engine.dispose()


# -- 6. a restored backup beside the replaced file's write-ahead log ----------------------------------


@contextmanager
def _engine_left_open(url: str, first: int, last: int) -> Iterator[Engine]:
    """As ``writer_left_open``, in this process: an engine whose connections stay open."""
    engine = open_db(url)
    try:
        for k in range(first, last):
            assert import_log(engine, marked(k), f"w{k}").status == "added"
        yield engine
    finally:
        engine.dispose()


def _backup_then_more(path: Path) -> list[Log]:
    """A library of four deals, copied to ``backup.db``, then three more deals stored and checkpointed into the
    file: the backup is older than the file. Returns the backup's deals."""
    url = f"sqlite:///{path}"
    logs = fill(url, 4)
    shutil.copy(path, path.with_name("backup.db"))
    engine = open_db(url)
    try:
        for k in range(20, 23):
            assert import_log(engine, marked(k), f"more {k}").status == "added"
    finally:
        engine.dispose()
    return logs


@pytest.mark.parametrize("writer", ["another process", "gone", "this process"])
def test_a_restored_backup_is_read_without_the_replaced_files_log(
    writer: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A writer keeps the library open with deals in its write-ahead log (another process, a dashboard; one
    killed since; an engine of this process), and a backup is restored by rename: the command reads the backup
    as it was, says that the old file's -wal and -shm were set aside, and they are, byte for byte."""
    path = tmp_path / "fupan.db"
    url = f"sqlite:///{path}"
    logs = _backup_then_more(path)
    opened: Any = _engine_left_open if writer == "this process" else writer_left_open
    with opened(url, 30, 33) as holder:
        if writer == "gone":
            holder.kill()
            holder.wait()
        wal = (tmp_path / "fupan.db-wal").read_bytes()
        assert len(wal) > 32 * 1024  # the three deals, not in the file
        os.replace(tmp_path / "backup.db", path)  # mv backup.db fupan.db
        code, out, err = run(capsys, "export", "--db", url, "--out", tmp_path / "out")
        assert (code, out) == (0, f"wrote 4 logs to {tmp_path / 'out'}\n"), err
        first, library = err.splitlines()
        assert library == f"library: {shown_url(url)}"
        assert first.startswith(f"fupan: the write-ahead log beside the library {path} was another file's (")
        stale = sorted(p.name for p in tmp_path.glob("fupan.db-*.stale-*"))
        assert [name.split(".stale-")[0] for name in stale] == ["fupan.db-shm", "fupan.db-wal"], stale
        assert first.endswith(f": not applied, set aside as {stale[1]} and {stale[0]}")
        assert (tmp_path / stale[1]).read_bytes() == wal
        assert {p.read_bytes() for p in (tmp_path / "out").iterdir()} == {log.dumps().encode() for log in logs}
        new = tmp_path / "new.json"
        new.write_text(marked(40).dumps(), encoding="utf-8")
        code, out, err = run(capsys, "import", new, "--db", url)
        assert code == 0 and "set aside" not in err, err
        if writer == "this process":
            with pytest.raises(LibraryReplaced, match="replaced by another file"):
                import_log(holder, marked(41), "into the old file")
            with pytest.raises(LibraryReplaced):  # nor does it read the new file with the old one's log
                engine_count(holder)
    assert snapshot(url)["deal"] == 5


def test_a_log_of_another_page_size_is_set_aside(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A -wal beside the library written for a database of another page size (copied beside it, nothing holds it)
    is set aside, whatever the files' times."""
    path = tmp_path / "fupan.db"
    url = f"sqlite:///{path}"
    logs = fill(url, 2)
    other = sqlite3.connect(tmp_path / "other.db")
    try:
        other.execute("PRAGMA page_size=1024")
        other.execute("PRAGMA journal_mode=WAL")
        other.execute("CREATE TABLE t (x)")
        other.execute("INSERT INTO t VALUES (randomblob(5000))")
        other.commit()
        shutil.copy(tmp_path / "other.db-wal", tmp_path / "fupan.db-wal")
    finally:
        other.close()
    code, out, err = run(capsys, "export", "--db", url, "--out", tmp_path / "out")
    assert (code, out) == (0, f"wrote 2 logs to {tmp_path / 'out'}\n"), err
    assert "(its page size is not the database's (4096 bytes)): not applied, set aside as fupan.db-wal.stale-" in err
    assert len(list(tmp_path.glob("fupan.db-wal.stale-*"))) == 1 and len(logs) == 2


def test_the_log_a_killed_writer_left_is_the_files_own(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A writer killed with deals in its write-ahead log, the file's permissions changed afterwards (its ctime
    later than the log's mtime, as after a rename): the log is the file's own, kept and read."""
    path = tmp_path / "fupan.db"
    url = f"sqlite:///{path}"
    logs = fill(url, 4)
    with writer_left_open(url, 30, 33) as holder:
        holder.kill()
        holder.wait()
        for _ in range(200):  # the file's timestamps tick with the kernel's coarse clock: change it until one has
            path.chmod(0o600)
            if os.stat(path).st_ctime_ns > os.stat(f"{path}-wal").st_mtime_ns:
                break
            time.sleep(0.005)
        assert os.stat(path).st_ctime_ns > os.stat(f"{path}-wal").st_mtime_ns
        code, out, err = run(capsys, "export", "--db", url, "--out", tmp_path / "out")
    assert (code, out, err) == (0, f"wrote 7 logs to {tmp_path / 'out'}\n", f"library: {shown_url(url)}\n")
    assert not list(tmp_path.glob("*.stale-*"))
    assert len(logs) == 4 and snapshot(url)["deal"] == 7


# -- 7. export file names ------------------------------------------------------------------------------


def test_export_names_and_bytes_do_not_depend_on_the_backend_or_the_row_ids(tmp_path: Path) -> None:
    logs = [marked(k, "gouji" if k % 2 else "baohuang") for k in range(4)]
    decision = Decision(event=2, decision="upheld", text="ok", referee="Li", at="2026-12-01T20:00:00Z")
    logs[1] = dataclasses.replace(logs[1], decisions=(decision,))
    exported = []
    for backend, order in (("sqlite", logs), ("postgresql", logs[::-1])):
        with temp_db_url(backend, tmp_path, "fupan_names") as url:
            engine = open_db(url)
            try:
                import_log(engine, simulate_deal(77, "gouji").log, "an extra deal first: other ids")
                for k, log in enumerate(order):
                    assert import_log(engine, log, f"{k}").status == "added"
                paths = export_deals(engine, tmp_path / backend)
            finally:
                engine.dispose()
            exported.append({p.name: p.read_bytes() for p in paths})
    assert exported[0] == exported[1]

    def name(log: Log) -> str:
        parts = [log.game, str(log.meta["date"]), f"d{int(log.meta['deal']):02d}", content_hash(log)[:12]]
        return "-".join(parts) + ".json"

    assert set(exported[0]) == {name(log) for log in [*logs, simulate_deal(77, "gouji").log]}
    for name, body in exported[0].items():
        assert read_log(tmp_path / "sqlite" / name).dumps().encode("utf-8") == body
