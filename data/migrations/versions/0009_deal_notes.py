"""The Library's search and order (issue 18, item 6): a deal's notes (the log's ``meta.notes``) in a column of
their own, filled here from the stored logs, so that the search over players' names, venues and notes reads no
log; an index holding the venue and the notes (the search reads it whole instead of the deals' rows, whose
columns added after the log sit behind its overflow pages on SQLite); and an index in the Library's order, newest
first (``data.queries.NEWEST``: the date, the match, the log's own deal number, then the id), which leads with the
date and so replaces the date's own index (``ix_deal_date``).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

NOTES_CHARS = 2000  # the length of the notes kept for the search (data.deal_rows cuts a longer note there)

# name -> the indexed columns of ``deal``, as data.models declares them
INDEXES: dict[str, list[str]] = {
    "ix_deal_text": ["venue", "notes"],
    "ix_deal_newest": ["date", "match_id", "deal_number", "id"],
}


def upgrade() -> None:
    with op.batch_alter_table("deal") as batch:
        batch.add_column(sa.Column("notes", sa.String(NOTES_CHARS), nullable=False, server_default=""))
    _fill_notes(op.get_bind())
    for name, columns in INDEXES.items():
        op.create_index(name, "deal", columns)
    op.drop_index("ix_deal_date", table_name="deal")


def notes_of(text: str) -> str:
    """The ``meta.notes`` of a stored log's text ("" when it has none or does not read as JSON)."""
    try:
        meta = json.loads(text).get("meta") or {}
    except (ValueError, AttributeError):
        return ""
    notes = meta.get("notes") if isinstance(meta, dict) else None
    return str(notes)[:NOTES_CHARS] if notes else ""


def _fill_notes(conn: sa.engine.Connection) -> None:
    """Each stored deal's notes, from its log (a deal at a time: a library's logs are never all in memory)."""
    deal = sa.table("deal", sa.column("id"), sa.column("log_json"), sa.column("notes"))
    ids = [int(i) for i in conn.execute(sa.select(deal.c.id).order_by(deal.c.id)).scalars()]
    for deal_id in ids:
        text = conn.execute(sa.select(deal.c.log_json).where(deal.c.id == deal_id)).scalar_one()
        notes = notes_of(text) if '"notes"' in text else ""
        if notes:
            conn.execute(sa.update(deal).where(deal.c.id == deal_id).values(notes=notes))


def downgrade() -> None:
    op.create_index("ix_deal_date", "deal", ["date"])
    for name in reversed(INDEXES):
        op.drop_index(name, table_name="deal")
    op.drop_column("deal", "notes")
