"""The versions of the engine and the coach that made each deal's derived rows, each finding and each
evaluation (0 for the rows stored before: stale until ``fupan recoach``), and a deal's levels and declaring
side (升级), filled here for the stored deals of games whose deals hold levels, from their logs replayed.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

VERSIONED = ("deal", "finding", "evaluation")


def upgrade() -> None:
    for table in VERSIONED:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("engine_version", sa.Integer, nullable=False, server_default="0"))
            batch.add_column(sa.Column("coach_version", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("deal") as batch:
        batch.add_column(sa.Column("levels_json", sa.Text, nullable=True))
        batch.add_column(sa.Column("declarers", sa.Integer, nullable=True))
    _fill_levels(op.get_bind())


def _leveled_games() -> list[str]:
    """The games whose deals hold levels (the registry's ``deal_keys``)."""
    from replay import games

    return [g for g in games.names() if "levels" in games.get(g).deal_keys]


def _fill_levels(conn: sa.engine.Connection) -> None:
    """Each stored deal's levels and declaring side, from its log replayed (a log that no longer reads
    keeps None: ``fupan recoach`` reports it)."""
    from replay.formats.log import LogError, parse_log
    from replay.replay import Replay
    from replay.rules.profile import ProfileError
    from replay.scoring import stored_extras

    leveled = _leveled_games()
    if not leveled:
        return
    deal = sa.table("deal", sa.column("id"), sa.column("game"), sa.column("log_json"), sa.column("levels_json"),
                    sa.column("declarers"))  # fmt: skip
    stored = conn.execute(sa.select(deal.c.id, deal.c.log_json).where(deal.c.game.in_(leveled))).all()
    for deal_id, text in stored:
        try:
            rep = Replay(parse_log(text))
            extras = stored_extras(rep.log, rep.final, rep.score())  # the levels' keys and "declarers"
        except (LogError, ProfileError, ValueError):
            continue
        if extras is None:
            continue
        declarers = extras.pop("declarers", None)
        values = {"levels_json": json.dumps(extras, ensure_ascii=False, sort_keys=True), "declarers": declarers}
        conn.execute(sa.update(deal).where(deal.c.id == deal_id).values(values))


def downgrade() -> None:
    # the columns only, each by ALTER TABLE … DROP COLUMN (SQLite 3.35 and later): no table is copied, so
    # SQLite keeps the references of the events, seats and decisions to their deals
    op.drop_column("deal", "declarers")
    op.drop_column("deal", "levels_json")
    for table in VERSIONED:
        op.drop_column(table, "coach_version")
        op.drop_column(table, "engine_version")
