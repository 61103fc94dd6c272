"""Count the coach's findings on each deal, and index findings by maxim (for the statistics).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("deal") as batch:
        batch.add_column(sa.Column("n_findings", sa.Integer, nullable=False, server_default="0"))
    op.execute("UPDATE deal SET n_findings = (SELECT COUNT(*) FROM finding WHERE finding.deal_id = deal.id)")
    op.create_index("ix_finding_maxim", "finding", ["maxim"])


def downgrade() -> None:
    op.drop_index("ix_finding_maxim", "finding")
    with op.batch_alter_table("deal") as batch:
        batch.drop_column("n_findings")
