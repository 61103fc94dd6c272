"""Stored evaluations of deals (coach.evaluate): one per deal and settings, with each seat's accuracy.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "evaluation",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deal_id", sa.Integer, sa.ForeignKey("deal.id"), nullable=False, index=True),
        sa.Column("settings_key", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("n_decisions", sa.Integer, nullable=False, server_default="0"),
        sa.Column("seconds", sa.Float, nullable=False, server_default="0"),
        sa.Column("evaluation_json", sa.Text, nullable=False),
        sa.UniqueConstraint("deal_id", "settings_key"),
    )
    op.create_table(
        "evaluation_seat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("evaluation_id", sa.Integer, sa.ForeignKey("evaluation.id"), nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False, server_default="0"),
        sa.Column("accuracy", sa.Float, nullable=True),
        sa.Column("inaccuracy", sa.Integer, nullable=False, server_default="0"),
        sa.Column("mistake", sa.Integer, nullable=False, server_default="0"),
        sa.Column("blunder", sa.Integer, nullable=False, server_default="0"),
        sa.Column("lost", sa.Float, nullable=False, server_default="0"),
        sa.UniqueConstraint("evaluation_id", "seat"),
    )


def downgrade() -> None:
    op.drop_table("evaluation_seat")
    op.drop_table("evaluation")
