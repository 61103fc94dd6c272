"""The first schema: players, aliases, matches, deals, seats, events, findings.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True, index=True),
    )
    op.create_table(
        "player_alias",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("alias", sa.String(200), nullable=False, unique=True, index=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("player.id"), nullable=False, index=True),
    )
    op.create_table(
        "match",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("key", sa.String(200), nullable=False, unique=True, index=True),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("venue", sa.String(500), nullable=False, server_default=""),
        sa.Column("date", sa.String(40), nullable=False, server_default=""),
    )
    op.create_table(
        "deal",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("content_hash", sa.String(64), nullable=False, unique=True, index=True),
        sa.Column("game", sa.String(20), nullable=False, index=True),
        sa.Column("profile", sa.String(500), nullable=False, index=True),
        sa.Column("date", sa.String(40), nullable=False, server_default="", index=True),
        sa.Column("venue", sa.String(500), nullable=False, server_default=""),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("match.id"), nullable=True, index=True),
        sa.Column("deal_number", sa.Integer, nullable=True),
        sa.Column("source", sa.String(1000), nullable=False, server_default=""),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("n_events", sa.Integer, nullable=False, server_default="0"),
        sa.Column("legal", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("finished", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("log_json", sa.Text, nullable=False),
    )
    op.create_table(
        "deal_seat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deal_id", sa.Integer, sa.ForeignKey("deal.id"), nullable=False, index=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("player.id"), nullable=True, index=True),
        sa.Column("side", sa.String(20), nullable=False, server_default=""),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("points", sa.Float, nullable=True),
        sa.UniqueConstraint("deal_id", "seat"),
    )
    op.create_table(
        "event",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deal_id", sa.Integer, sa.ForeignKey("deal.id"), nullable=False, index=True),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(20), nullable=False),
        sa.Column("cards", sa.String(2000), nullable=False, server_default=""),
        sa.Column("legal", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("rule", sa.String(40), nullable=True),
        sa.UniqueConstraint("deal_id", "idx"),
    )
    op.create_table(
        "finding",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("deal_id", sa.Integer, sa.ForeignKey("deal.id"), nullable=False, index=True),
        sa.Column("idx", sa.Integer, nullable=True),
        sa.Column("seat", sa.Integer, nullable=True, index=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("severity", sa.String(20), nullable=False),
        sa.Column("rule", sa.String(40), nullable=True),
        sa.Column("maxim", sa.String(60), nullable=True),
        sa.Column("message_zh", sa.Text, nullable=False, server_default=""),
        sa.Column("message_en", sa.Text, nullable=False, server_default=""),
        sa.Column("evidence_json", sa.Text, nullable=False, server_default="{}"),
    )


def downgrade() -> None:
    for table in ("finding", "event", "deal_seat", "deal", "match", "player_alias", "player"):
        op.drop_table(table)
