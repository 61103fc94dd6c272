"""Two indexes every import paid for and no read needs (issue 17, item 4): an event's ``deal_id`` index beside the
unique (deal_id, idx) constraint's index, and a finding's beside ``ix_finding_stats`` (deal_id first, migration
0007). Each led with the same column as the other, so a deal's events and findings are read by the one left;
each event stored (some 300 a deal) wrote one index less.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

#: the index dropped -> its table (each on ``deal_id`` alone)
DROPPED = {"ix_event_deal_id": "event", "ix_finding_deal_id": "finding"}


def upgrade() -> None:
    for name, table in DROPPED.items():
        op.drop_index(name, table_name=table)


def downgrade() -> None:
    for name, table in DROPPED.items():
        op.create_index(name, table, ["deal_id"])
