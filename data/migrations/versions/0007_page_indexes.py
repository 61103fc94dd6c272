"""Indexes for the dashboard's pages at a club's scale (issue 17, item 5): the day of a deal's date (the end of
the Library's date range compares ``substr(date, 1, 10)``: a date may carry a time), the coach's findings count
(the Library's findings filter), and covering indexes that let the Players page read a game's versions and
its stored levels without reading the deals' rows, and its findings' counts without reading their messages and
evidence. On SQLite a deal's row holds its whole log before the columns
later migrations added, so reading one of those columns walks the log's overflow pages; an index holding them
is read instead.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

# name -> the table and the indexed columns (or the expression), as data.models declares them
INDEXES: dict[str, tuple[str, list[str | sa.TextClause]]] = {
    "ix_deal_day": ("deal", [sa.text("substr(date, 1, 10)")]),
    "ix_deal_n_findings": ("deal", ["n_findings"]),
    "ix_deal_game_versions": ("deal", ["game", "engine_version", "coach_version", "n_findings"]),
    "ix_deal_game_levels": ("deal", ["game", "levels_json", "declarers", "deal_number"]),
    "ix_finding_stats": ("finding", ["deal_id", "seat", "kind", "severity", "rule", "maxim"]),
}


def upgrade() -> None:
    for name, (table, columns) in INDEXES.items():
        op.create_index(name, table, columns)


def downgrade() -> None:
    for name, (table, _) in reversed(INDEXES.items()):
        op.drop_index(name, table_name=table)
