"""Alembic environment: runs the migrations on the engine ``data.database`` hands in.

The migrations run in one transaction that first takes a lock, so processes that open the same
fresh (or older) database at once upgrade it one after the other: the first brings it up to date,
the others then find nothing to do. PostgreSQL: a transaction-level advisory lock; SQLite: the
transaction begins with ``BEGIN IMMEDIATE`` (``data.database.WRITE``).
"""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

from data import models  # noqa: F401  (the tables' metadata)
from data.database import WRITE

MIGRATION_LOCK = 0x66757061  # "fupa": the advisory lock key of the migrations

config = context.config
engine = config.attributes["engine"]
with engine.execution_options(**WRITE).begin() as connection:
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
    context.configure(connection=connection, target_metadata=SQLModel.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
