"""A deal's variations (issue 36, item 2): the table ``variation``, a line of a deal kept with it (its first ``at``
recorded events, then its own, as JSON), numbered from 1 per deal, named, made by the engine (``ruled``) or a person
(``variation``); deleted with its deal (``data.models.VariationRow``, ``data.variations``). Down drops the table and
what it held.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "variation",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deal_id", sa.Integer, sa.ForeignKey("deal.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("at", sa.Integer, nullable=False),
        sa.Column("events_json", sa.Text, nullable=False),
        sa.Column("made_by", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("engine_version", sa.Integer, nullable=False),
        sa.UniqueConstraint("deal_id", "number", name="uq_variation_deal_number"),
        sa.CheckConstraint("kind IN ('ruled', 'variation')", name="ck_variation_kind"),
        sa.CheckConstraint("number >= 1 AND at >= 0", name="ck_variation_counts"),
    )


def downgrade() -> None:
    op.drop_table("variation")
