"""Alembic environment: runs the migrations on the engine ``data.database`` hands in."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

from data import models  # noqa: F401  (the tables' metadata)

config = context.config
engine = config.attributes["engine"]
with engine.begin() as connection:
    context.configure(connection=connection, target_metadata=SQLModel.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
