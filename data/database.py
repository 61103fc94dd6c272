"""The database: an engine made from a URL, and the schema brought up to date by migrations.

The default is a SQLite file in the user's data folder (``fupan.db``); ``DATABASE_URL`` or ``--db``
names another, e.g. ``postgresql://user@127.0.0.1:5432/fupan`` for a club server (through psycopg 3).
The schema is versioned with Alembic (``data/migrations``): ``open_db`` upgrades an older database.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from platformdirs import user_data_dir
from sqlalchemy import Table, event, insert, make_url
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import ArgumentError
from sqlmodel import Session, create_engine

MIGRATIONS = Path(__file__).parent / "migrations"


def default_url() -> str:
    """``DATABASE_URL`` if set, else a SQLite file in the user's data folder."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    folder = Path(user_data_dir("fupan", appauthor=False))
    return f"sqlite:///{folder / 'fupan.db'}"


def normalize_url(url: str) -> str:
    """A URL SQLAlchemy can open: PostgreSQL goes through psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


WRITE = {"fupan_write": True}
"""Execution options of a connection that is about to write (``engine.execution_options(**WRITE)``):
on SQLite its transactions start with ``BEGIN IMMEDIATE``, so concurrent writers wait their turn
(up to the busy timeout) instead of failing when a read transaction cannot be upgraded."""


def insert_ignore(conn: Connection, table: Table, values: dict[str, Any], unique: tuple[str, ...]) -> Any:
    """INSERT that does nothing when a row with the same ``unique`` values exists (also one another
    transaction has just added: PostgreSQL waits for it to commit); returns the new id or None."""
    if conn.dialect.name == "postgresql":
        stmt: Any = pg_insert(table).values(values).on_conflict_do_nothing(index_elements=list(unique))
    elif conn.dialect.name == "sqlite":
        stmt = sqlite_insert(table).values(values).on_conflict_do_nothing(index_elements=list(unique))
    else:  # another backend: a clash raises IntegrityError, and the caller tries again
        stmt = insert(table).values(values)
    return conn.execute(stmt.returning(table.c.id)).scalar()


def _url_error(why: object) -> ArgumentError:
    # the URL itself is not repeated: it may hold a password
    return ArgumentError(f"cannot use the database URL: {why}")


def make_engine(url: str | None = None) -> Engine:
    """An engine for ``url`` (default: ``default_url()``); creates a SQLite file's folder.

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
    if parsed.get_backend_name() == "sqlite":
        db = parsed.database or ""
        if db and db != ":memory:" and not db.startswith("file:"):
            path = Path(db).expanduser()
            parsed = parsed.set(database=str(path))
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise _url_error(f"cannot create the folder of the SQLite file ({exc.strerror or exc})") from None
        try:
            engine = create_engine(parsed, connect_args={"check_same_thread": False, "timeout": 30})
        except ImportError as exc:
            raise _url_error(f"its driver is not installed ({exc})") from None
        except ArgumentError as exc:
            raise _url_error(exc) from None

        @event.listens_for(engine, "connect")
        def _sqlite_connect(conn, _record) -> None:
            conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (below): transactional DDL, savepoints
            cur = conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("fupan_write") else "BEGIN")

        return engine
    try:
        return create_engine(parsed, pool_pre_ping=True)
    except ImportError as exc:
        raise _url_error(f"its driver is not installed ({exc})") from None
    except ArgumentError as exc:
        raise _url_error(exc) from None


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


def open_db(url: str | None = None) -> Engine:
    """An engine whose schema is up to date."""
    engine = make_engine(url)
    migrate(engine)
    return engine


def session(engine: Engine) -> Session:
    """A session on the engine."""
    return Session(engine)
