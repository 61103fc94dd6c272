"""A season's evaluations that failed (issue 39, item 3): the table ``evaluation_failure``, a row per deal and settings
whose evaluation raised in ``fupan evaluate``, with the reason, the time and the versions (``data.models.
EvaluationFailure``, ``data.evaluation_runs``); deleted with its deal. Down drops the table and what it held.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "evaluation_failure",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deal_id", sa.Integer, sa.ForeignKey("deal.id", ondelete="CASCADE"), nullable=False),
        sa.Column("settings_key", sa.String(200), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("failed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("engine_version", sa.Integer, nullable=False),
        sa.Column("coach_version", sa.Integer, nullable=False),
        sa.UniqueConstraint("deal_id", "settings_key"),
    )


def downgrade() -> None:
    op.drop_table("evaluation_failure")
