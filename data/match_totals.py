"""A match's running totals by each team's recorded points: what the engine's score records for each team of each deal
under that deal's own rule profile (the profile its log names, with the log's overrides), summed deal by deal.

A team's recorded points are the profile's team rule, not the sum of its players' place points: under 够级's
``score_mode = "positive_only"`` (GJ-SCORE, 只记正分，不记负分) a losing team records 0, never its negative sum;
under ``"net"`` both teams record their sums, a negative one included. ``queries.match_standings`` gives each
player's own points instead (保皇's, whose sides change from deal to deal).
"""

from __future__ import annotations

import pandas as pd
from sqlalchemy import select
from sqlalchemy.engine import Engine

from data.models import Deal, Match, table_of
from replay.formats.log import LogError, parse_json_log
from replay.replay import Replay
from replay.rules.profile import ProfileError

DEAL = table_of(Deal)
MATCH = table_of(Match)

TEAM_COLUMNS = ["deal_id", "deal", "seats", "points", "total", "score_mode"]
"""One row per deal and team, in deal order: ``seats`` the team's seats (a tuple), ``points`` what it recorded in
the deal (a deal without a score, unfinished, void, or unreadable here, adds no row), ``total`` its running
total over the match so far, ``score_mode`` the deal's profile's ``score_mode`` ("" for a game without one)."""


def team_standings(engine: Engine, match_key: str, game: str | None = None) -> pd.DataFrame:
    """The running totals of each team's recorded points over a match (see the module), deal by deal: by deal
    number (deals without one last), then import order. Each deal is replayed from its stored log."""
    stmt = (
        select(DEAL.c.id, DEAL.c.deal_number, DEAL.c.log_json)
        .join(MATCH, MATCH.c.id == DEAL.c.match_id)
        .where(MATCH.c.key == match_key, *([MATCH.c.game == game] if game else []))
    )
    with engine.connect() as conn:
        found = sorted(conn.execute(stmt).all(), key=lambda r: (r[1] is None, r[1] or 0, r[0]))
    rows: list[list[object]] = []
    for deal_id, number, text in found:
        try:
            rep = Replay(parse_json_log(text, f"deal {deal_id}"))
            score = rep.score()
        except (LogError, ProfileError):
            continue  # a deal stored under a profile this server no longer has: it adds nothing
        mode = str(getattr(rep.profile, "score_mode", "") or "")
        if score is None or score.void:
            continue
        for team in score.teams:
            rows.append([int(deal_id), number, tuple(team.seats), float(team.points), 0.0, mode])
    out = pd.DataFrame(rows, columns=TEAM_COLUMNS)
    out["deal"] = out["deal"].astype("Int64")
    if not out.empty:
        out["total"] = out.groupby("seats", sort=False)["points"].cumsum().astype(float)
    return out
