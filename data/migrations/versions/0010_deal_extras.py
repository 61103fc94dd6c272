"""A game's stored extras in one JSON column (issue 34): ``deal.extras_json`` holds what a deal's game stores
beside the shared rows (``replay.scoring.stored_extras``); the 升级-only columns ``levels_json`` and
``declarers`` are moved into it (升级's record: the levels' keys and ``declarers``) and dropped, with their
covering index ``ix_deal_game_levels``, which ``ix_deal_game_extras`` replaces. A deal whose levels were
never filled keeps None here: ``fupan recoach`` fills it from its log.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

OLD_INDEX = ("ix_deal_game_levels", ["game", "levels_json", "declarers", "deal_number"])
NEW_INDEX = ("ix_deal_game_extras", ["game", "extras_json", "deal_number"])


def _deal(*columns: str) -> sa.TableClause:
    return sa.table("deal", sa.column("id"), *(sa.column(c) for c in columns))


def upgrade() -> None:
    with op.batch_alter_table("deal") as batch:
        batch.add_column(sa.Column("extras_json", sa.Text, nullable=True))
    conn = op.get_bind()
    deal = _deal("levels_json", "declarers", "extras_json")
    stored = conn.execute(sa.select(deal.c.id).where(deal.c.levels_json.is_not(None)).order_by(deal.c.id)).scalars()
    for deal_id in list(stored):  # a deal at a time
        levels, declarers = conn.execute(
            sa.select(deal.c.levels_json, deal.c.declarers).where(deal.c.id == deal_id)
        ).one()
        extras = {**json.loads(levels), "declarers": declarers}
        text = json.dumps(extras, ensure_ascii=False, sort_keys=True)
        conn.execute(sa.update(deal).where(deal.c.id == deal_id).values(extras_json=text))
    op.drop_index(OLD_INDEX[0], table_name="deal")
    op.create_index(NEW_INDEX[0], "deal", NEW_INDEX[1])
    # each column by ALTER TABLE … DROP COLUMN (SQLite 3.35 and later): no table is copied, so SQLite keeps the
    # references of the events, seats and decisions to their deals
    op.drop_column("deal", "declarers")
    op.drop_column("deal", "levels_json")


def downgrade() -> None:
    with op.batch_alter_table("deal") as batch:
        batch.add_column(sa.Column("levels_json", sa.Text, nullable=True))
        batch.add_column(sa.Column("declarers", sa.Integer, nullable=True))
    conn = op.get_bind()
    deal = _deal("levels_json", "declarers", "extras_json")
    stored = conn.execute(sa.select(deal.c.id).where(deal.c.extras_json.is_not(None)).order_by(deal.c.id)).scalars()
    for deal_id in list(stored):
        extras = json.loads(conn.execute(sa.select(deal.c.extras_json).where(deal.c.id == deal_id)).scalar_one())
        if "before" not in extras:  # not levels: the old columns held nothing else
            continue
        declarers = extras.pop("declarers", None)
        text = json.dumps(extras, ensure_ascii=False, sort_keys=True)
        conn.execute(sa.update(deal).where(deal.c.id == deal_id).values(levels_json=text, declarers=declarers))
    op.drop_index(NEW_INDEX[0], table_name="deal")
    op.create_index(OLD_INDEX[0], "deal", OLD_INDEX[1])
    op.drop_column("deal", "extras_json")
