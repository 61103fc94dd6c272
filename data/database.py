"""The database: an engine made from a URL, the schema brought up to date by migrations, and the
library's state said, never guessed.

The default is a SQLite file in the user's data folder (``fupan.db``); ``FUPAN_DB`` or ``--db`` names
another, e.g. ``postgresql://user@127.0.0.1:5432/fupan`` for a club server (through psycopg 3).
``DATABASE_URL`` is not read (``ignored_env`` says so). The schema is versioned with Alembic
(``data/migrations``): ``open_db`` upgrades an older database.

``open_db`` looks at the library before it writes anything, and raises a ``DatabaseStateError`` (a
ValueError whose message names the library, what is wrong and what to do) for a library it cannot use:
one written by a newer fupan (``NewerDatabase``), one it cannot reach (``DatabaseUnreachable``), a
read-only one that needs a migration (``ReadOnlyDatabase``), a SQLite file too damaged to read
(``DamagedDatabase``). A library it can read but not write is opened for reading: a read-only one
(file or folder permissions; on PostgreSQL a read-only transaction or a user who may not add rows), or
a SQLite file ``PRAGMA quick_check`` finds damaged. Every write transaction (``WRITE``) is checked
first, so a refused write stores nothing: ``ReadOnlyDatabase``, ``DamagedDatabase``, and
``LibraryReplaced`` when the SQLite file was deleted or replaced since it was opened (its device and
inode are kept: a connection still open on the old file would write into a file nobody sees again); the
engine then closes its connections and opens none to the new file. Errors of the driver that mean the
same (a read-only or a malformed file) are raised as these too.

A refused library is left byte for byte as it was: the look only reads, and a SQLite file is switched to
WAL only once ``open_db`` will use it. Before SQLite opens a library file, a ``-wal`` and ``-shm`` beside
it that another file left (a backup restored by rename while fupan had the old file open) are set aside,
never applied (``data.stale_wal``; ``library_state(engine).set_aside`` says so).
"""

from __future__ import annotations

import os
import random
import sqlite3
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from platformdirs import user_data_dir
from sqlalchemy import Table, event, insert, make_url, text
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import URL, Connection, Engine, ExceptionContext
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, OperationalError
from sqlmodel import create_engine

from data.stale_wal import set_aside_stale_wal
from data.states import (
    DamagedDatabase,
    DatabaseStateError,
    DatabaseUnreachable,
    LibraryReplaced,
    NewerDatabase,
    ReadOnlyDatabase,
)
from replay.core.said import said

# what a damaged library's message says was (not) done, in Chinese
_DOING_ZH = {
    "nothing was stored": "没有存入任何东西",
    "what it holds cannot all be read": "它存的东西不能全部读出",
    "nothing can be stored in it": "什么也存不进去",
}

MIGRATIONS = Path(__file__).parent / "migrations"
ENV = "FUPAN_DB"  # the one environment variable that names the library
OLD_ENV = "DATABASE_URL"  # read by older versions; no longer
__all__ = [
    "DamagedDatabase",
    "DatabaseStateError",
    "DatabaseUnreachable",
    "LibraryReplaced",
    "NewerDatabase",
    "ReadOnlyDatabase",
]


def default_url() -> str:
    """``FUPAN_DB`` if set, else a SQLite file in the user's data folder."""
    url = os.environ.get(ENV)
    if url:
        return url
    folder = Path(user_data_dir("fupan", appauthor=False))
    return f"sqlite:///{folder / 'fupan.db'}"


def ignored_env() -> str | None:
    """A sentence when ``DATABASE_URL`` is set and ``FUPAN_DB`` is not (it is ignored), else None."""
    if os.environ.get(OLD_ENV) and not os.environ.get(ENV):
        return f"{OLD_ENV} is set but no longer read: {ENV} names the library"
    return None


def normalize_url(url: str) -> str:
    """A URL SQLAlchemy can open: PostgreSQL goes through psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def shown_url(url: str | URL | None = None) -> str:
    """The library's URL as it is printed: its password masked (default: ``default_url()``)."""
    if isinstance(url, URL):
        return url.render_as_string(hide_password=True)
    try:
        return make_url(normalize_url(url or default_url())).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return "(a URL that cannot be read)"


def public_url(url: str | URL | None = None) -> str:
    """The library as the dashboard shows it to every visitor: a SQLite file's path, or a server's
    backend and database name, never its user, host or port (``shown_url`` gives those, to the CLI)."""
    try:
        parsed = url if isinstance(url, URL) else make_url(normalize_url(url or default_url()))
    except (ArgumentError, ValueError):
        return "(a URL that cannot be read)"
    if parsed.get_backend_name() == "sqlite":
        return parsed.render_as_string(hide_password=True)
    return f"{parsed.get_backend_name()}: {parsed.database or '(default database)'}"


def missing_library_file(url: str | None = None) -> Path | None:
    """The SQLite file the URL names when it does not exist (a command that only reads has nothing to read
    there, and opening it would make an empty library); None for a file that exists, an in-memory database, a
    server or a URL that cannot be read (``open_db`` reports that one)."""
    try:
        parsed = make_url(normalize_url(url or default_url()))
    except (ArgumentError, ValueError):
        return None
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    if parsed.query.get("mode") == "memory":
        return None
    path = Path(parsed.database).expanduser()
    return None if path.exists() else path


WRITE = {"fupan_write": True}
"""Execution options of a connection that is about to write (``engine.execution_options(**WRITE)``):
on SQLite its transactions start with ``BEGIN IMMEDIATE``, so concurrent writers wait their turn
(up to the busy timeout) instead of failing when a read transaction cannot be upgraded. The library's
state is checked before (``LibraryState.check_write``)."""

BULK_WRITE = {**WRITE, "fupan_bulk": True}
"""Execution options of a connection that writes a batch of many deals (``data.importer.import_paths``): as
``WRITE``, and on a SQLite file in WAL mode its transactions commit with ``PRAGMA synchronous=NORMAL`` (a commit is
then not synced to disk at once: still whole or not at all when a process is killed, but the last commits may be
lost if the machine loses power); other transactions keep the file's own setting."""


def ignoring_insert(conn: Connection, table: Table, unique: tuple[str, ...]) -> Any:
    """INSERT into ``table`` that does nothing when a row with the same ``unique`` values exists (also one another
    transaction has just added: PostgreSQL waits for it to commit). Another backend: a plain INSERT (a clash
    raises IntegrityError, and the caller tries again)."""
    if conn.dialect.name == "postgresql":
        return pg_insert(table).on_conflict_do_nothing(index_elements=list(unique))
    if conn.dialect.name == "sqlite":
        return sqlite_insert(table).on_conflict_do_nothing(index_elements=list(unique))
    return insert(table)


def insert_ignore(conn: Connection, table: Table, values: dict[str, Any], unique: tuple[str, ...]) -> Any:
    """``ignoring_insert`` of ``values``; returns the new id or None (a row with those ``unique`` values exists)."""
    return conn.execute(ignoring_insert(conn, table, unique).values(values).returning(table.c.id)).scalar()


def transient(exc: DBAPIError) -> bool:
    """A failure that trying the same transaction again may cure: a clash with a concurrent writer
    (IntegrityError), a deadlock or serialization failure (PostgreSQL), a busy database (SQLite)."""
    if isinstance(exc, IntegrityError):
        return True
    if getattr(exc.orig, "sqlstate", None) in ("40001", "40P01"):
        return True
    text = str(exc.orig).lower()
    return isinstance(exc, OperationalError) and ("database is locked" in text or "database is busy" in text)


@dataclass
class LibraryState:
    """What is known of an engine's library: its URL as printed, its SQLite file (and that file's
    device and inode once opened), why it cannot be written (None: it can), what ``PRAGMA quick_check``
    found wrong (None: nothing, or not looked), whether its connections may switch a SQLite file to WAL
    (not before ``open_db`` has looked at it and will use it: a refused library is left as it was), what was
    set aside beside it at open."""

    shown: str
    path: Path | None = None
    identity: tuple[int, int] | None = None
    read_only: str | None = None
    damaged: str | None = None
    wal: bool = True
    set_aside: str | None = None  # what was set aside at open (a -wal and -shm another file left: data.stale_wal)
    engine: weakref.ref[Engine] | None = field(default=None, repr=False)

    def remember_file(self) -> None:
        """Keep the SQLite file's device and inode (checked before each write)."""
        if self.path is not None:
            st = os.stat(self.path)
            self.identity = (st.st_dev, st.st_ino)

    def check_file(self) -> None:
        """LibraryReplaced when the SQLite file opened is no longer the one at its path."""
        if self.path is None or self.identity is None:
            return
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            how, how_zh = "deleted", "删除"
        else:
            if (st.st_dev, st.st_ino) == self.identity:
                return
            how, how_zh = "replaced by another file", "换成了另一个文件"
        engine = self.engine() if self.engine is not None else None
        if engine is not None:
            engine.dispose()  # its connections to the old file closed: none is reused, none keeps its log open
        raise LibraryReplaced(
            said(
                f"牌局库文件 {self.path} 在 fupan 打开期间被{how_zh}：没有存入任何东西。重新启动 fupan（仪表盘）以打开"
                "这个路径上现在的牌局库。",
                f"the library file {self.path} was {how} while fupan had it open: nothing was stored. "
                "Restart fupan (the dashboard) to open the library now at that path.",
            )
        )

    def damaged_error(self, why: str, doing: str = "nothing was stored") -> DamagedDatabase:
        doing_zh = _DOING_ZH.get(doing, doing)
        return DamagedDatabase(
            said(
                f"牌局库 {self.shown} 已损坏（{why}）：{doing_zh}。`fupan export` 能导出还读得出的牌局；把它们导入"
                "一个新的牌局库，或者从备份恢复这个文件。",
                f"the library {self.shown} is damaged ({why}): {doing}. `fupan export` saves the deals that "
                "can still be read; import them into a new library, or restore the file from a backup.",
            )
        )

    def read_only_error(self, why: str) -> ReadOnlyDatabase:
        return ReadOnlyDatabase(
            said(
                f"牌局库 {self.shown} 是只读的（{why}）：可以读和导出，没有存入任何东西。",
                f"the library {self.shown} is read-only ({why}): it can be read and exported, nothing was stored.",
            )
        )

    def check_write(self) -> None:
        """Raise the reason a write must not start (a damaged, read-only, deleted or replaced library)."""
        if self.damaged is not None:
            raise self.damaged_error(self.damaged)
        if self.read_only is not None:
            raise self.read_only_error(self.read_only)
        self.check_file()

    def translate(self, exc: BaseException, statement: str | None) -> DatabaseStateError | None:
        """The state error a driver's error means (a read-only or damaged library), else None."""
        name = str(getattr(exc, "sqlite_errorname", ""))
        if name.startswith("SQLITE_READONLY"):
            return self.read_only_error(str(exc))
        if name.startswith("SQLITE_CORRUPT") or name == "SQLITE_NOTADB":
            return self.damaged_error(str(exc), "what it holds cannot all be read")
        state = getattr(exc, "sqlstate", None)
        writing = (statement or "").lstrip().split(" ", 1)[0].upper() in ("INSERT", "UPDATE", "DELETE", "CREATE")
        if state == "25006" or (state == "42501" and writing):
            return self.read_only_error((str(exc).splitlines() or [""])[0])
        return None


_STATES: weakref.WeakKeyDictionary[Engine, LibraryState] = weakref.WeakKeyDictionary()


def library_state(engine: Engine) -> LibraryState:
    """The state ``make_engine`` and ``open_db`` keep of an engine's library."""
    found = _STATES.get(engine)
    if found is None:
        found = _STATES[engine] = LibraryState(shown_url(engine.url))
    return found


def _url_error(why: object) -> ArgumentError:
    # the URL itself is not repeated: it may hold a password
    return ArgumentError(f"cannot use the database URL: {why}")


def _writable(path: Path) -> bool:
    return os.access(path, os.W_OK, effective_ids=os.access in os.supports_effective_ids)


def _in_wal_mode(path: Path) -> bool:
    """Whether the SQLite file's header says WAL mode (its read and write versions are 2)."""
    try:
        with path.open("rb") as f:
            header = f.read(20)
    except OSError:
        return False
    return header[:16] == b"SQLite format 3\x00" and header[18:20] == b"\x02\x02"


def _stale_wal(state: LibraryState) -> None:
    """Set aside a -wal and -shm beside the library file that are another file's (``data.stale_wal``), unless an
    engine of this process has connections open to this very file (its log is current, and its locks are kept)."""
    assert state.path is not None
    try:
        st = os.stat(state.path)
    except OSError:
        return  # gone meanwhile: SQLite makes a new file, or says why it cannot
    for other in list(_STATES.values()):
        engine = other.engine() if other.engine is not None else None
        if other.path == state.path and other.identity == (st.st_dev, st.st_ino) and engine is not None:
            pool: Any = engine.pool
            if pool.checkedin() + pool.checkedout():
                return
    state.set_aside = set_aside_stale_wal(state.path)


def _sqlite_file(parsed: URL, state: LibraryState) -> URL:
    """The URL to open a SQLite library file with: read-only (``mode=ro``; ``immutable`` when its folder
    cannot be written or the file is in WAL mode, and no write-ahead log is there to read) when the file or its folder cannot be
    written; creates the folder of a file that does not exist yet."""
    path = Path(parsed.database or "").expanduser()
    state.path = path.absolute()
    parsed = parsed.set(database=str(path))
    if not path.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _url_error(f"cannot create the folder of the SQLite file ({exc.strerror or exc})") from None
        if not _writable(path.parent):
            raise ReadOnlyDatabase(
                f"the library file {path} does not exist and its folder is read-only: it cannot be made there"
            )
        return parsed
    folder_ok = _writable(path.parent)
    if folder_ok:
        _stale_wal(state)
    if _writable(path) and folder_ok:
        return parsed
    state.read_only = "the file cannot be written" if folder_ok else "its folder cannot be written"
    wal = Path(f"{path}-wal")
    # immutable: no -wal/-shm made beside it (a reader cannot take them away again, nor may the file's owner
    # write a -shm made by another user); a rollback journal's file read mode=ro makes none and sees writes
    no_wal = not (wal.exists() and wal.stat().st_size)
    mode = "immutable" if no_wal and (not folder_ok or _in_wal_mode(path)) else "mode"
    query = {"uri": "true", **({"immutable": "1"} if mode == "immutable" else {"mode": "ro"})}
    return parsed.set(database=f"file:{path}", query=query)


def _guard(engine: Engine, state: LibraryState) -> None:
    """Check the library's state before every write transaction; raise the driver's errors that mean a
    read-only or damaged library as such."""

    @event.listens_for(engine, "begin")
    def _before_write(conn: Connection) -> None:
        if conn.get_execution_options().get("fupan_write"):
            state.check_write()

    @event.listens_for(engine, "handle_error")
    def _translate(ctx: ExceptionContext) -> BaseException | None:
        return state.translate(ctx.original_exception, ctx.statement)


def make_engine(url: str | None = None) -> Engine:
    """An engine for ``url`` (default: ``default_url()``); creates a SQLite file's folder, and opens a
    SQLite file that cannot be written read-only (``library_state(engine).read_only`` says why).

    A URL that cannot be used (unparsable, a bad port, a driver that is not installed, a SQLite
    folder that cannot be created) raises ``sqlalchemy.exc.ArgumentError`` with a one-line message.
    """
    url = normalize_url(url or default_url())
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError) as exc:
        raise _url_error(exc) from None
    try:
        _ = parsed.port  # a port that is not a number fails here, not at the first connection
    except ValueError:
        raise _url_error("the port is not a number") from None
    state = LibraryState(shown_url(parsed))
    if parsed.get_backend_name() == "sqlite":
        db = parsed.database or ""
        if db and db != ":memory:" and not db.startswith("file:"):
            parsed = _sqlite_file(parsed, state)
        try:
            engine = create_engine(parsed, connect_args={"check_same_thread": False, "timeout": 30})
        except ImportError as exc:
            raise _url_error(f"its driver is not installed ({exc})") from None
        except ArgumentError as exc:
            raise _url_error(exc) from None
        _guard(engine, state)  # before BEGIN IMMEDIATE, which a read-only file may refuse
        read_only = state.read_only is not None
        state.engine = weakref.ref(engine)

        @event.listens_for(engine, "do_connect")
        def _not_replaced(*_args: Any) -> None:
            state.check_file()  # a new connection to another file at the path would apply the old file's log

        @event.listens_for(engine, "connect")
        def _sqlite_connect(conn: Any, _record: Any) -> None:
            conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (below): transactional DDL, savepoints
            cur = conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            if not read_only and state.wal:  # a read-only file, and one not yet accepted, keep their journal mode
                try:
                    cur.execute("PRAGMA journal_mode=WAL")
                except sqlite3.OperationalError as exc:
                    # Another process holds the file (a fresh library being created by a concurrent
                    # import, say): the change needs the file alone and SQLite does not wait for it.
                    # The mode is the file's, set by whichever connection gets there first; this one
                    # works in the mode the file has.
                    if "locked" not in str(exc) and "busy" not in str(exc):
                        raise
            cur.execute("PRAGMA synchronous")
            _record.info["synchronous"] = _record.info["synchronous_default"] = cur.fetchone()[0]
            cur.execute("PRAGMA journal_mode")
            _record.info["wal"] = str(cur.fetchone()[0]).lower() == "wal"
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Connection) -> None:
            options = conn.get_execution_options()
            info = conn.connection.info
            default = info.get("synchronous_default")
            if default is not None and not read_only:  # the connection's setting: a batch lowers it, others restore it
                bulk = options.get("fupan_bulk") and info["wal"]  # NORMAL is safe against a crash only in WAL mode
                wanted = min(default, 1) if bulk else default  # 1: NORMAL
                if info["synchronous"] != wanted:
                    conn.exec_driver_sql(f"PRAGMA synchronous={int(wanted)}")
                    info["synchronous"] = wanted
            conn.exec_driver_sql("BEGIN IMMEDIATE" if options.get("fupan_write") else "BEGIN")

        _STATES[engine] = state
        return engine
    try:
        engine = create_engine(parsed, pool_pre_ping=True)
    except ImportError as exc:
        raise _url_error(f"its driver is not installed ({exc})") from None
    except ArgumentError as exc:
        raise _url_error(exc) from None
    _guard(engine, state)
    _STATES[engine] = state
    return engine


def alembic_config(engine: Engine) -> Config:
    """The Alembic configuration of the project's migrations, bound to ``engine``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["engine"] = engine
    return cfg


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (creating it in an empty database)."""
    command.upgrade(alembic_config(engine), revision)


def current_revision(engine: Engine) -> str | None:
    """The schema revision of the database (None when it has none)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def _quick_check(conn: Connection) -> str | None:
    """SQLite's ``PRAGMA quick_check``: None when it finds the file sound, else its first complaint."""
    found = conn.exec_driver_sql("PRAGMA quick_check(1)").scalar()
    return (
        None
        if found == "ok"
        else "PRAGMA quick_check: " + " ".join(str(found).replace("*** in database main ***", "").split())
    )


def _pg_read_only(conn: Connection) -> str | None:
    """Why this PostgreSQL session cannot write the library (None: it can)."""
    if conn.exec_driver_sql("SHOW transaction_read_only").scalar() == "on":
        return "its transactions are read-only (default_transaction_read_only, or a standby server)"
    denied = conn.execute(
        text(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "AND NOT has_table_privilege(format('%I.%I', schemaname, tablename), 'INSERT') ORDER BY tablename"
        )
    ).scalars()
    names = list(denied)
    if names:
        user = conn.exec_driver_sql("SELECT current_user").scalar()
        return f"the user {user} may not add rows to {', '.join(names)}"
    return None


LOCKED_WAIT = 60.0  # seconds open_db waits for a SQLite library another process holds locked


def _look(engine: Engine, state: LibraryState) -> set[str]:
    """The library's schema heads; also what quick_check finds (SQLite) and whether the session may
    write (PostgreSQL). Reads only."""
    deadline = time.monotonic() + LOCKED_WAIT
    while True:
        try:
            with engine.connect() as conn:
                heads = set(MigrationContext.configure(conn).get_current_heads())
                if conn.dialect.name == "sqlite":
                    state.damaged = _quick_check(conn)
                elif conn.dialect.name == "postgresql":
                    state.read_only = state.read_only or _pg_read_only(conn)
            return heads
        except DBAPIError as exc:
            first = (str(exc.orig).splitlines() or [""])[0]
            if engine.dialect.name == "sqlite" and "locked" in first and time.monotonic() < deadline:
                time.sleep(random.uniform(0.02, 0.2))  # another process is creating or migrating it: wait
                continue
            raise DatabaseUnreachable(
                said(f"打不开牌局库 {state.shown}：{first}", f"cannot open the library {state.shown}: {first}")
            ) from None


def open_db(url: str | None = None) -> Engine:
    """An engine whose schema is up to date; the library looked at first (see the module's text): a
    library this fupan cannot use raises its ``DatabaseStateError`` before anything is written."""
    engine = make_engine(url)
    state = library_state(engine)
    state.wal = False  # the look only reads: a library refused (or read only) keeps its journal mode
    try:
        heads = _look(engine, state)
        script = ScriptDirectory.from_config(alembic_config(engine))
        newest = script.get_current_head()
        unknown = sorted(heads - {rev.revision for rev in script.walk_revisions()})
        if unknown:
            raise NewerDatabase(
                said(
                    f"牌局库 {state.shown} 是更新版本的 fupan 写的：它的结构版本是 {', '.join(unknown)}，这个 fupan "
                    f"只认识到 {newest}。升级 fupan 才能用它；什么也没有改动。",
                    f"the library {state.shown} was written by a newer fupan: its schema revision is "
                    f"{', '.join(unknown)}, the newest this fupan knows is {newest}. Upgrade fupan to use it; "
                    "nothing was changed.",
                )
            )
        if heads != set(script.get_heads()):
            was = ", ".join(sorted(heads)) or "none (an empty database)"
            why = state.damaged or state.read_only
            if why is not None:
                kind = DamagedDatabase if state.damaged else ReadOnlyDatabase
                raise kind(
                    f"the library {state.shown} is {'damaged' if state.damaged else 'read-only'} ({why}), and its "
                    f"schema (revision {was}) must be upgraded to {newest} before this fupan can use it: "
                    + ("restore it from a backup" if state.damaged else "open it once with write access")
                    + "; nothing was changed."
                )
        if state.damaged is None and not state.wal:
            state.wal = True
            if engine.dialect.name == "sqlite":
                engine.dispose()  # the connections that looked: the next ones switch the file to WAL
        if heads != set(script.get_heads()):
            migrate(engine)
        state.remember_file()
    except BaseException:
        engine.dispose()
        raise
    return engine
