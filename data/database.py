"""The database: an engine made from a URL, and the schema brought up to date by migrations.

The default is a SQLite file in the user's data folder (``fupan.db``); ``DATABASE_URL`` or ``--db``
names another, e.g. ``postgresql://user@127.0.0.1:5432/fupan`` for a club server (through psycopg 3).
The schema is versioned with Alembic (``data/migrations``): ``open_db`` upgrades an older database.
"""

from __future__ import annotations

import os
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from platformdirs import user_data_dir
from sqlalchemy import event
from sqlalchemy.engine import Engine
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


def make_engine(url: str | None = None) -> Engine:
    """An engine for ``url`` (default: ``default_url()``); creates a SQLite file's folder."""
    url = normalize_url(url or default_url())
    if url.startswith("sqlite:///") and not url.startswith("sqlite:///:memory:"):
        Path(url[len("sqlite:///") :]).expanduser().parent.mkdir(parents=True, exist_ok=True)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(conn, _record) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


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
