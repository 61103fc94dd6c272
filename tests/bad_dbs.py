"""Libraries in bad states, for the tests of data/database.py's promises (tests/data/test_db_states.py) and of
the dashboard's pages (tests/views/test_app_db_states.py): filled with a few deals, then made newer than this
fupan, damaged (some bytes of a page in the middle overwritten), read-only, or made unreachable."""

from __future__ import annotations

import dataclasses
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from sqlalchemy import make_url, text
from sqlalchemy.engine import Engine

from data.database import open_db
from data.importer import import_log
from replay.formats.log import Log
from replay.simulate import simulate_deal

FUTURE = "0099_from_the_future"
UNREACHABLE = "postgresql://nobody@127.0.0.1:1/fupan"  # nothing listens on port 1
NOBODY = 65534  # the user a root test process reads as (seteuid): root may write every file


def marked(k: int, game: str = "gouji") -> Log:
    """A simulated deal whose venue is a marker that can be found in the library file's bytes."""
    log = simulate_deal(300 + k, game).log
    return dataclasses.replace(log, meta={**log.meta, "venue": f"MARK{k:03d}", "date": f"2026-11-0{k % 9 + 1}"})


def fill(url: str, n: int = 8) -> list[Log]:
    """Import ``n`` marked deals into the library at ``url`` (made up to date); returns their logs."""
    logs = [marked(k, "gouji" if k % 2 == 0 else "baohuang") for k in range(n)]
    engine = open_db(url)
    try:
        assert [import_log(engine, log, f"m{k}").status for k, log in enumerate(logs)] == ["added"] * n
    finally:
        engine.dispose()  # SQLite: the last connection closed checkpoints the write-ahead log into the file
    return logs


_WRITER = """
import sys
from bad_dbs import marked
from data.database import open_db
from data.importer import import_log
engine = open_db(sys.argv[1])
for k in range(int(sys.argv[2]), int(sys.argv[3])):
    assert import_log(engine, marked(k), f"w{k}").status == "added"
print("ready", flush=True)
sys.stdin.read()
"""


@contextmanager
def writer_left_open(url: str, first: int, last: int) -> Iterator[subprocess.Popen[str]]:
    """Another process (a dashboard, say) that stores the marked deals ``first`` to ``last - 1`` in the SQLite
    library and keeps it open, its write-ahead log not checkpointed into the file, until the block ends (killed:
    ``.kill()`` in the block ends it at once, as a crash)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen(
        [sys.executable, "-c", _WRITER, url, str(first), str(last)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        yield proc
    finally:
        proc.kill()
        proc.wait()


def sqlite_path(url: str) -> Path:
    return Path(make_url(url).database or "")


def snapshot(url: str) -> dict[str, object]:
    """What a library holds, to see that nothing was written: its schema revision and its rows per table
    (with SQLAlchemy's own engine, none of fupan's checks)."""
    from sqlalchemy import create_engine, inspect

    from data.database import normalize_url

    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as conn:
            seen: dict[str, object] = {"version": conn.execute(text("SELECT version_num FROM alembic_version")).all()}
            for table in sorted(inspect(conn).get_table_names()):
                seen[table] = conn.execute(text(f"SELECT count(*) FROM {table}")).scalar()
        return seen
    finally:
        engine.dispose()


def make_newer(url: str) -> None:
    """Make the library's schema revision one this fupan does not know (as a newer fupan would)."""
    engine = open_db(url)
    try:
        with engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": FUTURE})
    finally:
        engine.dispose()


def in_rollback_mode(path: Path) -> None:
    """Switch the SQLite file from WAL to a rollback journal (``journal_mode=DELETE``), as a file another
    program made: a fupan that opened it would switch it back."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA journal_mode=DELETE").fetchone() == ("delete",)
    finally:
        conn.close()


def folder_state(folder: Path) -> dict[str, bytes]:
    """Every file of the folder and its bytes (to see that nothing was changed, and nothing added)."""
    return {f.name: f.read_bytes() for f in sorted(folder.iterdir()) if f.is_file()}


def damage(path: Path, marker: str = "MARK003") -> int:
    """Overwrite the header of the page of the SQLite file that holds ``marker`` in a deal's row (the
    last page it is found in: the deal table's leaf), so that this page's rows cannot be read; returns
    the page's number."""
    data = path.read_bytes()
    size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    at = data.rfind(marker.encode())
    assert at > 0, marker
    page = at // size
    assert 1 < page < len(data) // size - 1, page  # a page in the middle, not the schema's
    with path.open("r+b") as f:
        f.seek(page * size)
        f.write(b"\xff" * 16)
    return page + 1


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A new folder under the system's temporary folder that another user may enter (0755), removed
    afterwards (pytest's own folders are private to the user that runs the tests)."""
    folder = Path(tempfile.mkdtemp(prefix="fupan-ro-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        for sub in (folder, *folder.rglob("*")):
            if sub.is_dir():
                sub.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def as_reader() -> Iterator[None]:
    """Run the block as a user the file permissions apply to: as root (who may write any file) with the
    effective user id of ``nobody``, given back afterwards; as any other user, as that user."""
    if os.geteuid() != 0:
        yield
        return
    import importlib

    import cli

    cli.build_parser()  # what the commands import when they run: nobody cannot read root's Python
    for name in ("data.exporter", "data.importer", "data.make_samples", "data.accounts", "data.queries"):
        importlib.import_module(name)
    os.seteuid(NOBODY)
    try:
        yield
    finally:
        os.seteuid(0)


@contextmanager
def read_only_file(url: str, folder_too: bool) -> Iterator[None]:
    """The library's SQLite file without write permission (0444), its folder writable by anyone or
    (``folder_too``) read-only (0555); the permissions put back afterwards."""
    path = sqlite_path(url)
    path.chmod(0o444)
    path.parent.chmod(0o555 if folder_too else 0o777)
    try:
        yield
    finally:
        path.parent.chmod(0o755)
        path.chmod(0o644)


def pg_admin_url(url: str) -> str:
    """The URL of the test server's admin user on the database of ``url``."""
    admin = make_url(os.environ["FUPAN_TEST_PG_URL"])
    return admin.set(database=make_url(url).database).render_as_string(hide_password=False)


def pg_read_only(url: str) -> None:
    """Make every new session of the PostgreSQL database read-only (``default_transaction_read_only``)."""
    name = make_url(url).database
    with psycopg.connect(pg_admin_url(url), autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')


@contextmanager
def pg_reader(url: str) -> Iterator[str]:
    """The URL of a new PostgreSQL user who may only SELECT from the library's tables (dropped afterwards)."""
    role = f"reader_{uuid.uuid4().hex[:12]}"
    name = make_url(url).database
    with psycopg.connect(pg_admin_url(url), autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN")
        conn.execute(f'GRANT CONNECT ON DATABASE "{name}" TO {role}')
        conn.execute(f"GRANT USAGE ON SCHEMA public TO {role}")
        conn.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
    try:
        yield make_url(url).set(username=role, password=None).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(pg_admin_url(url), autocommit=True) as conn:
            conn.execute(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '{role}'")
            conn.execute(f"DROP OWNED BY {role}")
            conn.execute(f"DROP ROLE {role}")


def engine_count(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT count(*) FROM deal")).scalar_one())
