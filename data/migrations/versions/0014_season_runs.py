"""A season's evaluation runs (issue 39, item 4): the table ``season_run``, a row per run of ``fupan evaluate`` (from
the command line or the dashboard) with its settings, where it runs, its counts and a heartbeat, so that every
dashboard of the library shows a run going on, whoever started it (``data.models.SeasonRun``, ``data.season_runs``).
Down drops the table and what it held.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "season_run",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("settings_key", sa.String(200), nullable=False),
        sa.Column("state", sa.String(20), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("stored", sa.Integer, nullable=False),
        sa.Column("failed", sa.Integer, nullable=False),
        sa.Column("gone", sa.Integer, nullable=False),
        sa.Column("host", sa.String(200), nullable=False),
        sa.Column("pid", sa.Integer, nullable=False),
        sa.Column("cluster", sa.String(200), nullable=False),
        sa.Column("workers", sa.Integer, nullable=False),
        sa.Column("reason", sa.Text, nullable=True),
        sa.CheckConstraint("state IN ('running', 'done', 'stopped', 'failed')", name="season_run_state"),
    )


def downgrade() -> None:
    op.drop_table("season_run")
