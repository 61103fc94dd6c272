"""A match is a session of one game: the same ``meta.match`` key in a 够级 and a 保皇 log names two matches.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # indexes only: no table is copied, so SQLite keeps the deals' references to their matches
    op.drop_index("ix_match_key", table_name="match")
    op.create_index("ix_match_key", "match", ["key"], unique=False)
    op.create_index("uq_match_key_game", "match", ["key", "game"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_match_key_game", table_name="match")
    op.drop_index("ix_match_key", table_name="match")
    op.create_index("ix_match_key", "match", ["key"], unique=True)
