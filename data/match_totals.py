"""A match's running totals by the team rule: what the engine's score records for each team of each deal under that
deal's own rule profile (the profile its log names, with the log's overrides), summed deal by deal; each deal by the
line that counts (``replay.lines.counting``): the record as played, or the line as ruled where a referee upheld that
the deal's illegal events do not stand (the library's decisions, else the log's).

A team's recorded points are the profile's team rule, not the sum of its players' place points: under 够级's
``score_mode = "positive_only"`` (GJ-SCORE, 只记正分，不记负分) a losing team records 0, never its negative sum;
under ``"net"`` both teams record their sums, a negative one included. ``queries.match_standings`` gives each
player's own points instead (保皇's, whose sides change from deal to deal).

Whose totals they are is said with them (``running``): each team's, by its one name and its players, when the same
players made up the same teams in every deal; else each player's, the running total of what the player's team
recorded (players who change seats change teams).
"""

from __future__ import annotations

import pandas as pd
from sqlalchemy import select
from sqlalchemy.engine import Engine

from data.decisions import decisions_of
from data.models import Deal, Match, table_of
from replay.core.said import team_words
from replay.formats.log import LogError, parse_json_log
from replay.lines import counting
from replay.replay import Replay
from replay.rules.profile import ProfileError

DEAL = table_of(Deal)
MATCH = table_of(Match)

TEAM_COLUMNS = ["deal_id", "deal", "seat", "player", "seats", "points", "score_mode"]
"""One row per deal and seat, in deal order, then seat order: ``player`` the seat's player (its seat's name when the
log names none), ``seats`` the seat's team (a tuple of seats), ``points`` what that team recorded in the deal, and
``score_mode`` the deal's profile's ``score_mode`` ("" for a game without one). A deal without a score (unfinished,
void, or a log this server cannot replay) adds no row."""


def team_points(engine: Engine, match_key: str, game: str | None = None) -> pd.DataFrame:
    """What each seat's team recorded in each deal of a match (``TEAM_COLUMNS``), by deal number (deals without one
    last), then import order. Each deal is replayed from its stored log and scored under its own profile."""
    stmt = (
        select(DEAL.c.id, DEAL.c.deal_number, DEAL.c.log_json)
        .join(MATCH, MATCH.c.id == DEAL.c.match_id)
        .where(MATCH.c.key == match_key, *([MATCH.c.game == game] if game else []))
    )
    with engine.connect() as conn:
        found = sorted(conn.execute(stmt).all(), key=lambda r: (r[1] is None, r[1] or 0, r[0]))
    decided = decisions_of(engine, [int(r[0]) for r in found]) if found else {}
    rows: list[list[object]] = []
    for deal_id, number, text in found:
        try:
            rep = Replay(parse_json_log(text, f"deal {deal_id}"))
            # the line that counts: as ruled where the referee upheld that its illegal events do not stand
            score = counting(rep, decided.get(int(deal_id))).score if rep.illegal else rep.score()
        except (LogError, ProfileError):
            continue  # a deal stored under a profile this server does not have: it adds nothing
        if score is None or score.void:
            continue
        mode = str(getattr(rep.profile, "score_mode", "") or "")
        for team in score.teams:
            for s in team.seats:
                rows.append([int(deal_id), number, s, rep.log.player(s), tuple(team.seats), float(team.points), mode])
    out = pd.DataFrame(rows, columns=TEAM_COLUMNS)
    out["deal"] = out["deal"].astype("Int64")
    return out.sort_values(["deal", "deal_id", "seat"], na_position="last", kind="stable").reset_index(drop=True)


def running(points: pd.DataFrame, lang: str) -> tuple[str, pd.DataFrame]:
    """The running totals of ``team_points`` and whose they are: ("team", one row per deal and team, ``who`` the
    team's one name and its players, or its players alone when it changed seats) when every deal has the same players
    in the same teams, else ("player", one row per deal and player, ``who`` the player). Columns: ``deal_id``, ``deal``, ``who``, ``points``, ``total``."""
    columns = ["deal_id", "deal", "who", "points", "total"]
    if points.empty:
        return "team", pd.DataFrame(columns=columns)
    k = 0 if lang == "zh" else 1
    n = int(points["seat"].max()) + 1
    teams_of = {
        deal_id: frozenset(frozenset(g["player"]) for _, g in rows.groupby("seats", sort=False))
        for deal_id, rows in points.groupby("deal_id", sort=False)
    }
    if len(set(teams_of.values())) == 1:  # the same teams throughout: each team's totals, by its first deal's seats
        per_team = points.groupby(["deal_id", "seats"], sort=False).agg(
            deal=("deal", "first"), points=("points", "first"), players=("player", tuple)
        )
        per_team = per_team.reset_index()
        sep = "、" if k == 0 else ", "
        seats_of: dict[frozenset[str], set[tuple[int, ...]]] = {}
        for seats, players in zip(per_team["seats"], per_team["players"], strict=True):
            seats_of.setdefault(frozenset(players), set()).add(seats)
        names: dict[frozenset[str], str] = {}
        for seats, players in zip(per_team["seats"], per_team["players"], strict=True):
            same = len(seats_of[frozenset(players)]) == 1  # the team kept its seats: named by them too
            names.setdefault(frozenset(players), (f"{team_words(seats, n)[k]} · " if same else "") + sep.join(players))
        per_team["who"] = [names[frozenset(players)] for players in per_team["players"]]
        out, by = per_team, "team"
    else:
        out, by = points.assign(who=points["player"]), "player"
    out = out[["deal_id", "deal", "who", "points"]].copy()
    out["total"] = out.groupby("who", sort=False)["points"].cumsum().astype(float)
    return by, out[columns].reset_index(drop=True)
