"""A referee's decisions on events (``decision``, rows only ever added) and the dashboard's accounts
(``user_account``: name, argon2 password hash, role, disabled).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "user_account",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True, index=True),
        sa.Column("password_hash", sa.String(500), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "decision",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deal_id", sa.Integer, sa.ForeignKey("deal.id"), nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("decision", sa.String(20), nullable=False),
        sa.Column("rule", sa.String(40), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("referee", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("user_account.id"), nullable=True, index=True),
        sa.UniqueConstraint("deal_id", "key_hash"),
        sa.ForeignKeyConstraint(["deal_id", "idx"], ["event.deal_id", "event.idx"], name="fk_decision_event"),
        sa.CheckConstraint("decision IN ('upheld', 'overruled')", name="ck_decision_outcome"),
    )
    op.create_index("ix_decision_deal_idx", "decision", ["deal_id", "idx"])


def downgrade() -> None:
    op.drop_index("ix_decision_deal_idx", "decision")
    op.drop_table("decision")
    op.drop_table("user_account")
