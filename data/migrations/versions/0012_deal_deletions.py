"""Deleted deals (issue 38, item 5): the table ``deal_deletion``, a row per deal deleted, with the id it had (no
foreign key: the deal is gone), its label, content hash and reason, who deleted it and when, the archive (JSON) that
brings it back, and once an admin restored it, when, by whom and as which deal (``data.models.DealDeletion``,
``data.deletions``). Down drops the table and what it held (the deleted deals' archives with it).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deal_deletion",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deal_id", sa.Integer, nullable=False, index=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("label", sa.String(300), nullable=False),
        sa.Column("content_hash", sa.String(64), nullable=False),
        sa.Column("archive", sa.Text, nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_by", sa.String(200), nullable=False),
        sa.Column("deleted_by_id", sa.Integer, sa.ForeignKey("user_account.id"), nullable=True),
        sa.Column("restored_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("restored_by", sa.String(200), nullable=False),
        sa.Column("restored_as", sa.Integer, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("deal_deletion")
