"""Databases for the storage tests: a new SQLite file, or a new database on the PostgreSQL test server
named by ``FUPAN_TEST_PG_URL`` (set by ``make test-pg`` and ``.ci/pg.sh``). Without that URL the
PostgreSQL half is skipped, except under ``CI=true``, where it fails."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import MetaData, Table, inspect
from sqlalchemy.engine import Engine, make_url

PG_ENV = "FUPAN_TEST_PG_URL"
HEAD = "0014"  # the newest schema revision (data/migrations/versions): the tests that name it read it here
BACKENDS = ("sqlite", "postgresql")


def pg_server() -> str:
    """The PostgreSQL test server's URL (skip or fail when there is none, fail when it cannot be reached)."""
    url = os.environ.get(PG_ENV, "")
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{PG_ENV} is not set: under CI=true the PostgreSQL storage tests must run (see .ci/pg.sh)")
        pytest.skip(f"{PG_ENV} is not set (`make test-pg` runs the tests beside a throwaway PostgreSQL)")
    try:
        with psycopg.connect(url, connect_timeout=10) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        pytest.fail(f"{PG_ENV} is set but the server cannot be reached: {exc}")
    return url


def pg_admin(url: str, sql: str) -> None:
    """Run one statement on the server outside a transaction (CREATE / DROP DATABASE)."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql)


@contextmanager
def temp_db_url(backend: str, folder: Path, prefix: str) -> Iterator[str]:
    """The URL of an empty database of ``backend``, removed afterwards (a PostgreSQL database is
    named ``prefix`` plus a random suffix; a SQLite file lies in ``folder``)."""
    name = f"{prefix}_{uuid.uuid4().hex[:16]}"
    if backend == "sqlite":
        yield f"sqlite:///{folder / f'{name}.db'}"
        return
    admin = pg_server()
    pg_admin(admin, f'CREATE DATABASE "{name}"')
    try:
        yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    finally:
        pg_admin(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def import_into_old_schema(monkeypatch: pytest.MonkeyPatch, engine: Engine) -> None:
    """Make ``data.importer`` (its rows: ``data.deal_rows``) store into the schema ``engine``'s library has (an older revision): its tables
    as reflected from the database, each row without the columns that schema lacks (no versions, no levels)."""
    import data.deal_rows as rows
    from data.derive import Derived, derive

    meta = MetaData()
    tables = {name: Table(name, meta, autoload_with=engine) for name in ("deal", "deal_seat", "event", "finding")}

    def only(row: dict[str, Any], table: str) -> dict[str, Any]:
        return {k: v for k, v in row.items() if k in tables[table].c}

    def old(log: Any) -> Derived:
        made = derive(log)
        return Derived(only(made.deal, "deal"), made.seats, made.events, [only(f, "finding") for f in made.findings])

    monkeypatch.setattr(rows, "derive", old)
    kept = {name: tuple(c for c in cols if c in tables[name].c) for name, cols in rows.INSERTED.items()}
    monkeypatch.setattr(rows, "INSERTED", kept)
    monkeypatch.setattr(rows, "FINDING_COLUMNS", tuple(c for c in rows.FINDING_COLUMNS if c in tables["finding"].c))
    if "deal_deletion" not in inspect(engine).get_table_names():  # a schema before deletions were recorded
        monkeypatch.setattr(rows, "DEAL_DELETION", None)
    for attr, name in (("DEAL", "deal"), ("DEAL_SEAT", "deal_seat"), ("EVENT", "event"), ("FINDING", "finding")):
        monkeypatch.setattr(rows, attr, tables[name])
