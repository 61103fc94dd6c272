"""Read-only queries on the deal library for the dashboard and statistics: pandas DataFrames.

Every function takes an Engine (``data.database.open_db``) and optional filters, runs a few SQL
statements (grouping is done by the database) and returns a DataFrame whose columns are the same
whether or not any row matched. Players are counted by their name in the ``player`` table (an
alias in ``player_alias`` was already resolved at import); a seat without a player name shows as
``seat N`` in lists of players and is left out of per-player statistics.

- ``deals``: one row per deal, with filters (player, dates, game, profile, findings, referee's
  decisions, a search over the players' names, the venue and the notes) and the number of decisions stored on
  it; ``deal_page`` a page of them, newest first (``NEWEST``), and ``deal_count`` how many match (a library of
  30,000 deals is listed a page at a time).
- ``player_places``: per player, deals played and how often each place 1..6 was reached.
- ``player_points``: per player, deals, mean and total points (``player_summary``: both in one).
- ``player_findings``: per player, the coach's findings by kind, maxim, rule and severity.
- ``match_deals``: the ids of a match's deals in deal order.
- ``match_standings``: per deal of a match and per player, points and running totals (升级: and levels).

Places, points and standings take each deal's line that counts (``data.counted``, ``replay.lines.counting``): the
stored seats as played, but for a deal whose illegal events a referee upheld do not stand, its line as ruled.
- ``level_rows``: the deals played up a ladder of levels (升级), with their stored levels and declarers.
- ``player_names``, ``games``, ``profiles``: the names, games and profiles in the library, for filters.
- ``library_version``: a few counts and largest ids that change whenever the library does (a cache's key).

升级 (``shengji``) is a trick-taking game: it has no places, and its points are the card points a
seat's team took (0 to 200 and more with the kitty), not comparable with the climbing games' points of
places. So ``player_places`` and ``player_points`` leave 升级 deals out unless asked for
``game="shengji"`` (then every seat counts as a deal without a place, and its points are its team's
card points); ``match_standings`` of a 升级 match adds each seat's side's level before and after a deal,
as stored at import (the game's record in ``deal.extras_json``: no deal is replayed to read it).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

import pandas as pd
from sqlalchemy import ColumnElement, Float, and_, case, cast, func, literal_column, or_, select
from sqlalchemy.engine import Engine
from sqlalchemy.sql import CompoundSelect, Select

from data.counted import as_counted, recounted, summed
from data.models import (
    Deal,
    DealSeat,
    DecisionRow,
    EvaluationRow,
    FindingRow,
    Match,
    Player,
    PlayerAlias,
    table_of,
)
from replay import games as games_registry
from replay.core.seats import side
from replay.score import no_places

DEAL = table_of(Deal)
DEAL_SEAT = table_of(DealSeat)
DECISION = table_of(DecisionRow)
FINDING = table_of(FindingRow)
MATCH = table_of(Match)
PLAYER = table_of(Player)
PLAYER_ALIAS = table_of(PlayerAlias)


PLACES = range(1, 7)  # 够级 has 6 places, 保皇 5


def placeless() -> tuple[str, ...]:
    """The registered games without places (升级: the registry's ``places`` is ``replay.score.no_places``):
    left out of place and point statistics unless asked for."""
    return tuple(g for g in games_registry.names() if games_registry.get(g).places is no_places)


DEAL_COLUMNS = [
    "id", "game", "profile", "date", "venue", "match", "deal", "players",
    "legal", "finished", "n_events", "n_findings", "n_decisions",
]  # fmt: skip
PLACE_COLUMNS = ["player", "deals", "placed", *(f"place_{k}" for k in PLACES), "mean_place"]
POINT_COLUMNS = ["player", "deals", "scored", "mean_points", "total_points"]
SUMMARY_COLUMNS = PLACE_COLUMNS + POINT_COLUMNS[2:]
FINDING_COLUMNS = ["player", "kind", "maxim", "rule", "severity", "count", "deals", "per_deal"]
STANDING_COLUMNS = [
    "deal_id", "deal", "date", "seat", "player", "side", "place", "points", "total", "level_before", "level_after",
]  # fmt: skip


# the day of a deal's date (a date may carry a time after it): the expression of the index ix_deal_day, with its
# numbers written in the statement (a bound parameter would not match the index's expression)
deal_day: ColumnElement[str] = func.substr(DEAL.c.date, literal_column("1"), literal_column("10"))


def _frame(engine: Engine, stmt: Select[Any]) -> pd.DataFrame:
    with engine.connect() as conn:
        return pd.read_sql(stmt, conn)


def _day(value: str | dt.date | dt.datetime | None) -> str | None:
    """A date filter as the ``YYYY-MM-DD`` text the logs' ``meta.date`` holds."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def _player_ids(name: str) -> CompoundSelect[Any]:
    """The ids of the player called ``name``, by name or by alias."""
    return (
        select(PLAYER.c.id)
        .where(PLAYER.c.name == name)
        .union(select(PLAYER_ALIAS.c.player_id).where(PLAYER_ALIAS.c.alias == name))
    )


def _deal_conditions(
    player: str | None = None,
    date_from: str | dt.date | None = None,
    date_to: str | dt.date | None = None,
    game: str | None = None,
    profile: str | None = None,
    has_findings: bool | None = None,
    decided: bool | None = None,
    search: str | None = None,
) -> list[Any]:
    conds: list[Any] = []
    if game:
        conds.append(DEAL.c.game == game)
    if profile:
        conds.append(DEAL.c.profile == profile)
    lo, hi = _day(date_from), _day(date_to)
    if lo is not None:
        conds.append(and_(DEAL.c.date != "", DEAL.c.date >= lo))
    if hi is not None:
        # a date may carry a time after the day ("2026-11-29 19:30"): compare the day only
        conds.append(and_(DEAL.c.date != "", deal_day <= hi))
    if has_findings is not None:
        conds.append(DEAL.c.n_findings > 0 if has_findings else DEAL.c.n_findings == 0)
    if decided is not None:
        with_decisions = select(DECISION.c.deal_id)
        conds.append(DEAL.c.id.in_(with_decisions) if decided else DEAL.c.id.not_in(with_decisions))
    if player:
        seated = select(DEAL_SEAT.c.deal_id).where(DEAL_SEAT.c.player_id.in_(_player_ids(player)))
        conds.append(DEAL.c.id.in_(seated))
    if search and search.strip():
        conds.append(_searched(search.strip()))
    return conds


def _searched(term: str) -> ColumnElement[bool]:
    """The deals whose players' names (or aliases), venue or notes hold ``term``, in any case: ``LIKE`` on
    ``lower()`` of both sides, ``%`` and ``_`` in the term escaped (``icontains(autoescape=True)``), alike on
    SQLite and PostgreSQL. The venue and the notes are read from their index (``ix_deal_text``)."""
    named = (
        select(PLAYER.c.id)
        .where(PLAYER.c.name.icontains(term, autoescape=True))
        .union(select(PLAYER_ALIAS.c.player_id).where(PLAYER_ALIAS.c.alias.icontains(term, autoescape=True)))
    )
    seated = select(DEAL_SEAT.c.deal_id).where(DEAL_SEAT.c.player_id.in_(named))
    text = DEAL.alias("text")  # the deals' venue and notes, from their index, beside the outer query's order
    written = select(text.c.id).where(
        or_(text.c.venue.icontains(term, autoescape=True), text.c.notes.icontains(term, autoescape=True))
    )
    return or_(DEAL.c.id.in_(written), DEAL.c.id.in_(seated))


def _listed(conds: list[Any]) -> Select[Any]:
    """The deal list's columns but the players' names, of the deals meeting ``conds``."""
    counted = (
        select(DECISION.c.deal_id.label("deal_id"), func.count(DECISION.c.id).label("n"))
        .group_by(DECISION.c.deal_id)
        .subquery()
    )
    return (
        select(
            DEAL.c.id.label("id"),
            DEAL.c.game.label("game"),
            DEAL.c.profile.label("profile"),
            DEAL.c.date.label("date"),
            DEAL.c.venue.label("venue"),
            MATCH.c.key.label("match"),
            DEAL.c.deal_number.label("deal"),
            DEAL.c.legal.label("legal"),
            DEAL.c.finished.label("finished"),
            DEAL.c.n_events.label("n_events"),
            DEAL.c.n_findings.label("n_findings"),
            func.coalesce(counted.c.n, 0).label("n_decisions"),
        )
        .select_from(DEAL)
        .outerjoin(MATCH, MATCH.c.id == DEAL.c.match_id)
        .outerjoin(counted, counted.c.deal_id == DEAL.c.id)
        .where(*conds)
    )


def _named(engine: Engine, rows: pd.DataFrame, which: Any) -> pd.DataFrame:
    """``rows`` (of ``_listed``) with their players' names, read for the deals ``which`` (a condition on the
    seats' ``deal_id``), and the deal list's types; the columns in ``DEAL_COLUMNS`` order."""
    seats = _frame(
        engine,
        select(DEAL_SEAT.c.deal_id, DEAL_SEAT.c.seat, PLAYER.c.name)
        .select_from(DEAL_SEAT)
        .outerjoin(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
        .where(which),
    )
    if seats.empty:
        names = pd.Series(dtype=object, name="players")
    else:
        seats["name"] = seats["name"].where(seats["name"].notna(), "seat " + seats["seat"].astype(str))
        names = seats.sort_values(["deal_id", "seat"]).groupby("deal_id")["name"].agg(", ".join).rename("players")
    rows = rows.join(names, on="id")
    rows["players"] = rows["players"].fillna("")
    rows["legal"] = rows["legal"].astype(bool)
    rows["finished"] = rows["finished"].astype(bool)
    rows["deal"] = rows["deal"].astype("Int64")
    rows["n_decisions"] = rows["n_decisions"].astype(int)
    return rows


def deals(
    engine: Engine,
    player: str | None = None,
    date_from: str | dt.date | None = None,
    date_to: str | dt.date | None = None,
    game: str | None = None,
    profile: str | None = None,
    has_findings: bool | None = None,
    decided: bool | None = None,
    search: str | None = None,
    newest_first: bool = False,
) -> pd.DataFrame:
    """One row per deal, ordered by date (undated deals last), match and deal number, then import order
    (``newest_first``: the Library's order, ``NEWEST``: the reverse, undated deals still last).

    Columns: ``id``, ``game``, ``profile``, ``date``, ``venue``, ``match`` (the match key, None
    when the log names none), ``deal`` (the deal number in the match, or None), ``players`` (the
    names comma-joined in seat order), ``legal``, ``finished``, ``n_events``, ``n_findings``,
    ``n_decisions`` (the referee's decisions stored on it, the superseded ones included).
    Filters: ``player`` (a name or an alias: deals where the player sat), ``date_from`` and
    ``date_to`` (inclusive, ``YYYY-MM-DD`` or a date; deals without a date are then left out),
    ``game``, ``profile``, ``has_findings`` (True: deals the coach found something in; False:
    deals without findings), ``decided`` (True: deals with a stored referee's decision; False: deals
    without any), ``search`` (a text the players' names or aliases, the venue or the notes hold, in any case).
    """
    conds = _deal_conditions(player, date_from, date_to, game, profile, has_findings, decided, search)
    rows = _named(engine, _frame(engine, _listed(conds)), DEAL_SEAT.c.deal_id.in_(select(DEAL.c.id).where(*conds)))
    if newest_first:  # the database's order (the ids only, by ix_deal_newest), not a second one made here
        with engine.connect() as conn:
            order = [int(i) for i in conn.execute(select(DEAL.c.id).where(*conds).order_by(*NEWEST)).scalars()]
        rows = rows.set_index("id", drop=False).reindex(order)
        return rows[DEAL_COLUMNS].reset_index(drop=True)
    rows["undated"] = rows["date"].eq("")
    rows = rows.sort_values(["undated", "date", "match", "deal", "id"], na_position="last", kind="stable")
    return rows[DEAL_COLUMNS].reset_index(drop=True)


def deal_count(engine: Engine, **filters: Any) -> int:
    """How many deals meet the filters (those of ``deals``)."""
    stmt = select(func.count()).select_from(DEAL).where(*_deal_conditions(**filters))
    with engine.connect() as conn:
        return int(conn.execute(stmt).scalar_one())


# the Library's order, newest first: by the log's date (undated deals last), then the match (the one stored last
# first: a club night's deals together), then the log's own deal number (``meta.deal``; deals without one last),
# then the id; the index ``ix_deal_newest`` read backwards (NULLs are the smallest values on SQLite, so DESC puts
# them last there already; PostgreSQL is told)
NEWEST = (
    DEAL.c.date.desc(),
    DEAL.c.match_id.desc().nulls_last(),
    DEAL.c.deal_number.desc().nulls_last(),
    DEAL.c.id.desc(),
)


def deal_page(engine: Engine, offset: int = 0, limit: int = 50, **filters: Any) -> pd.DataFrame:
    """A page of the deal list (the columns of ``deals``, the same filters), newest first (``NEWEST``);
    ``limit`` deals from the ``offset``-th. The page's deals are found first by their ids (the filters' indexes
    and ``ix_deal_newest``), then only they are read, their players' names too."""
    ids = (
        select(DEAL.c.id)
        .where(*_deal_conditions(**filters))
        .order_by(*NEWEST)
        .offset(max(0, int(offset)))
        .limit(max(0, int(limit)))
    )
    with engine.connect() as conn:
        order = [int(i) for i in conn.execute(ids).scalars()]
    return _page_rows(engine, order)


def _page_rows(engine: Engine, order: list[int]) -> pd.DataFrame:
    """The deal list's rows of the deals ``order`` (ids), in that order."""
    rows = _frame(engine, _listed([DEAL.c.id.in_(order)]))
    rows = _named(engine, rows, DEAL_SEAT.c.deal_id.in_(order))
    rows = rows.set_index("id", drop=False).reindex(order)  # the page's order
    return rows[DEAL_COLUMNS].reset_index(drop=True)


def _of_game(game: str | None) -> ColumnElement[bool]:
    """The deals of ``game``; without a game, those of the games with places (no 升级)."""
    return DEAL.c.game == game if game else DEAL.c.game.not_in(placeless())


def _by_game(stmt: Select[Any], game: str | None, deal_id: Any) -> Select[Any]:
    """``stmt`` limited to the deals of ``game``; without a game, to the games with places (no 升级)."""
    return stmt.join(DEAL, DEAL.c.id == deal_id).where(_of_game(game))


def player_summary(engine: Engine, game: str | None = None) -> pd.DataFrame:
    """``player_places`` and ``player_points`` in one frame (one statement over the seats: the Players page
    shows both). Columns: those of both, ``player`` and ``deals`` once (``SUMMARY_COLUMNS``). Each deal by the
    line that counts (``data.counted``): a deal a referee's upheld decision counts as ruled is summed from that
    line, the others from the stored seats."""
    counts = [func.sum(case((DEAL_SEAT.c.place == k, 1), else_=0)).label(f"place_{k}") for k in PLACES]
    stmt = (
        select(
            PLAYER.c.name.label("player"),
            func.count(DEAL_SEAT.c.id).label("deals"),
            func.count(DEAL_SEAT.c.place).label("placed"),
            *counts,
            func.sum(DEAL_SEAT.c.place).label("sum_place"),
            func.count(DEAL_SEAT.c.points).label("scored"),
            func.coalesce(func.sum(cast(DEAL_SEAT.c.points, Float)), 0.0).label("total_points"),
        )
        .select_from(DEAL_SEAT)
        .join(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
    )
    stmt = _by_game(stmt, game, DEAL_SEAT.c.deal_id)
    ruled = recounted(engine, _of_game(game))
    if ruled:  # those deals' seats as their counting line scores them, in place of the stored ones
        stmt = stmt.where(DEAL_SEAT.c.deal_id.not_in(list(ruled)))
    out = _frame(engine, stmt.group_by(PLAYER.c.name))
    if ruled:
        sums = summed(engine, ruled, PLACES)
        out = pd.concat([out, sums]).fillna({"sum_place": 0}).groupby("player", as_index=False).sum()
    for col in (*PLACE_COLUMNS[1:-1], "scored"):
        out[col] = out[col].fillna(0).astype(int)
    out["total_points"] = out["total_points"].astype(float)
    out["mean_place"] = (out["sum_place"].astype(float) / out["placed"].where(out["placed"] > 0)).astype(float)
    out["mean_points"] = (out["total_points"] / out["scored"].where(out["scored"] > 0)).astype(float)
    return out.sort_values("player", kind="stable")[SUMMARY_COLUMNS].reset_index(drop=True)


def player_places(engine: Engine, game: str | None = None) -> pd.DataFrame:
    """Per player (by name): ``deals`` sat in, ``placed`` (deals with a place: finished and not
    void), ``place_1`` … ``place_6`` (how often each place was reached; 保皇 has no 6th) and
    ``mean_place`` (over the placed deals; NaN when none). 升级 has no places: its deals are left
    out unless ``game="shengji"``, which counts them as deals without a place."""
    return player_summary(engine, game)[PLACE_COLUMNS]


def player_points(engine: Engine, game: str | None = None) -> pd.DataFrame:
    """Per player (by name): ``deals`` sat in, ``scored`` (deals with points), ``mean_points`` (over
    the scored deals; NaN when none) and ``total_points``. Points are the seat's points as the
    replay scores them: 够级 the place's points (4, 2, 0, 0, -2, -4 under the classic profile), 保皇
    the seat's own share, 升级 the card points its team took. Pass ``game`` not to mix 够级 and 保皇;
    升级's card points are left out unless ``game="shengji"``."""
    return player_summary(engine, game)[POINT_COLUMNS]


def player_findings(engine: Engine, game: str | None = None) -> pd.DataFrame:
    """The coach's findings per player, as a long table: one row per player, ``kind``
    (violation, maxim, note), ``maxim`` (its key, "" for none), ``rule`` (the rule ID, "" for none)
    and ``severity``, with ``count`` (findings), ``deals`` (deals the player sat in) and
    ``per_deal`` (count / deals). Sum ``count`` over maxims or severities for either breakdown.
    Findings about the whole deal (no seat) are not counted for any player."""
    stmt = (
        select(
            PLAYER.c.name.label("player"),
            FINDING.c.kind.label("kind"),
            FINDING.c.maxim.label("maxim"),
            FINDING.c.rule.label("rule"),
            FINDING.c.severity.label("severity"),
            func.count(FINDING.c.id).label("count"),
        )
        .select_from(FINDING)
        .join(DEAL_SEAT, and_(DEAL_SEAT.c.deal_id == FINDING.c.deal_id, DEAL_SEAT.c.seat == FINDING.c.seat))
        .join(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
    )
    if game:
        stmt = stmt.join(DEAL, DEAL.c.id == FINDING.c.deal_id).where(DEAL.c.game == game)
    stmt = stmt.group_by(PLAYER.c.name, FINDING.c.kind, FINDING.c.maxim, FINDING.c.rule, FINDING.c.severity)
    found = _frame(engine, stmt)
    played = _frame(engine, _played(game))
    for col in ("maxim", "rule"):  # NULLs group together in SQL; shown as ""
        found[col] = found[col].fillna("").astype(str)
    out = found.merge(played, on="player", how="left")
    out["count"] = out["count"].astype(int)
    out["deals"] = out["deals"].fillna(0).astype(int)
    out["per_deal"] = (out["count"] / out["deals"].where(out["deals"] > 0)).astype(float)
    out = out.sort_values(["player", "kind", "maxim", "rule", "severity"], kind="stable")
    return out[FINDING_COLUMNS].reset_index(drop=True)


def _played(game: str | None) -> Select[Any]:
    """Deals sat in per player name (in deals of ``game``)."""
    stmt = (
        select(PLAYER.c.name.label("player"), func.count(DEAL_SEAT.c.id).label("deals"))
        .select_from(DEAL_SEAT)
        .join(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
    )
    if game:
        stmt = stmt.join(DEAL, DEAL.c.id == DEAL_SEAT.c.deal_id).where(DEAL.c.game == game)
    return stmt.group_by(PLAYER.c.name)


def match_standings(engine: Engine, match_key: str, game: str | None = None) -> pd.DataFrame:
    """The standings of a match, deal by deal: one row per deal and seat, in deal order (deal
    number, then import order) and seat order. Columns: ``deal_id``, ``deal`` (number), ``date``,
    ``seat``, ``player`` (``seat N`` when unnamed), ``side``, ``place``, ``points`` (NaN when the
    deal has no score) and ``total``, the player's running total of points over the match so far
    (a deal without points adds nothing), and for 升级 (whose points are the card points the seat's
    team took) ``level_before`` and ``level_after``, the level of the seat's side before and after
    the deal (``after`` None when the deal did not finish; both None for the other games). Pivot on
    ``player`` for a wide table. A match is a session of one game: give ``game`` when the same key
    names a 够级 and a 保皇 match. Each deal by the line that counts (``data.counted``: as ruled where a
    referee upheld that its illegal events do not stand, else as played)."""
    stmt = (
        select(
            DEAL.c.id.label("deal_id"),
            DEAL.c.deal_number.label("deal"),
            DEAL.c.date.label("date"),
            DEAL_SEAT.c.seat.label("seat"),
            PLAYER.c.name.label("player"),
            DEAL_SEAT.c.side.label("side"),
            DEAL_SEAT.c.place.label("place"),
            cast(DEAL_SEAT.c.points, Float).label("points"),
            DEAL.c.extras_json.label("extras_json"),
        )
        .select_from(DEAL)
        .join(MATCH, MATCH.c.id == DEAL.c.match_id)
        .join(DEAL_SEAT, DEAL_SEAT.c.deal_id == DEAL.c.id)
        .outerjoin(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
        .where(MATCH.c.key == match_key, *([MATCH.c.game == game] if game else []))
    )
    out = _frame(engine, stmt)
    out = as_counted(out, recounted(engine, DEAL.c.id.in_([int(i) for i in out["deal_id"].unique()])))
    out["player"] = out["player"].where(out["player"].notna(), "seat " + out["seat"].astype(str))
    out["deal"] = out["deal"].astype("Int64")
    out["place"] = out["place"].astype("Int64")
    out["points"] = out["points"].astype(float)
    out = out.sort_values(["deal", "deal_id", "seat"], na_position="last", kind="stable")
    out["total"] = out["points"].fillna(0.0).groupby(out["player"]).cumsum().astype(float)
    levels = {int(d): json.loads(text) for d, text in zip(out["deal_id"], out["extras_json"], strict=True) if text}
    sides = [side(int(s)) for s in out["seat"]]
    out["level_before"] = [_level(levels, d, s, "before") for d, s in zip(out["deal_id"], sides, strict=True)]
    out["level_after"] = [_level(levels, d, s, "after") for d, s in zip(out["deal_id"], sides, strict=True)]
    return out[STANDING_COLUMNS].reset_index(drop=True)


def match_deals(engine: Engine, match_key: str, game: str | None = None) -> list[int]:
    """The ids of a match's stored deals (of ``game``), in deal order: by deal number (deals without one
    last), then import order. Reads the match's deals only (``ix_deal_match_id``)."""
    stmt = (
        select(DEAL.c.id, DEAL.c.deal_number)
        .join(MATCH, MATCH.c.id == DEAL.c.match_id)
        .where(MATCH.c.key == match_key, *([MATCH.c.game == game] if game else []))
    )
    with engine.connect() as conn:
        found = conn.execute(stmt).all()
    return [int(i) for i, _ in sorted(found, key=lambda r: (r[1] is None, r[1] or 0, r[0]))]


def _level(levels: dict[int, dict[str, Any]], deal_id: int, side: int, key: str) -> str | None:
    found = levels.get(int(deal_id))
    return None if found is None or found.get(key) is None else str(found[key][side])


@dataclass(frozen=True)
class LevelRow:
    """A stored deal of a game played up a ladder of levels (升级), as stored at import (``data.derive``):
    each side's level before and after (``after`` None when the deal has no score), the declaring side,
    the side the score moves (``up``) and how far (``steps``), the side that passed the last level, and
    the players' names in seat order ("" for an unnamed seat)."""

    deal_id: int
    deal: int | None
    before: tuple[str, ...] | None
    after: tuple[str, ...] | None
    declarers: int | None
    up: int | None
    steps: int
    passed: int | None
    players: tuple[str, ...] = ()


def level_rows(engine: Engine, game: str | None = None) -> list[LevelRow]:
    """The stored deals with levels (of ``game``), in import order, read from their stored levels (no
    replay)."""
    leveled = [DEAL.c.extras_json.is_not(None), *([DEAL.c.game == game] if game else [])]
    stmt = select(DEAL.c.id, DEAL.c.deal_number, DEAL.c.extras_json).where(*leveled)
    seated = (  # from the deals (their index ix_deal_game_extras) to their seats
        select(DEAL_SEAT.c.deal_id, DEAL_SEAT.c.seat, PLAYER.c.name)
        .select_from(DEAL)
        .join(DEAL_SEAT, DEAL_SEAT.c.deal_id == DEAL.c.id)
        .outerjoin(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
        .where(*leveled)
        .order_by(DEAL_SEAT.c.deal_id, DEAL_SEAT.c.seat)
    )
    with engine.connect() as conn:
        # sorted here: ORDER BY id would read the deals' rows by ix_deal_game instead of the covering index
        deals = sorted(conn.execute(stmt).all())
        names: dict[int, list[str]] = {}
        for deal_id, _, name in conn.execute(seated):
            names.setdefault(int(deal_id), []).append(name or "")
    out = []
    for deal_id, number, text in deals:
        lv = json.loads(text)
        if "before" not in lv:  # a game whose stored extras are not levels
            continue
        out.append(
            LevelRow(
                int(deal_id),
                None if number is None else int(number),
                None if lv.get("before") is None else tuple(lv["before"]),
                None if lv.get("after") is None else tuple(lv["after"]),
                lv.get("declarers"),
                lv.get("up"),
                int(lv.get("steps", 0)),
                lv.get("passed"),
                tuple(names.get(int(deal_id), ())),
            )
        )
    return out


def player_names(engine: Engine) -> list[str]:
    """The names of the players who sat in at least one stored deal, sorted."""
    stmt = select(PLAYER.c.name).where(
        PLAYER.c.id.in_(select(DEAL_SEAT.c.player_id).where(DEAL_SEAT.c.player_id.is_not(None)))
    )
    with engine.connect() as conn:
        return sorted(conn.execute(stmt).scalars())


def profiles(engine: Engine, game: str | None = None) -> list[str]:
    """The profiles of the stored deals (of ``game``), sorted."""
    stmt = select(DEAL.c.profile).where(*([DEAL.c.game == game] if game else [])).distinct()
    with engine.connect() as conn:
        return sorted(conn.execute(stmt).scalars())


def deal_days(engine: Engine) -> list[str]:
    """The days (``YYYY-MM-DD``) the stored deals were played on, sorted: the Library's date filters choose among
    them (read from the index of the days, ``ix_deal_day``)."""
    stmt = select(deal_day).where(DEAL.c.date != "").distinct().order_by(deal_day)
    with engine.connect() as conn:
        return [str(d) for d in conn.execute(stmt).scalars()]


def has_deal(engine: Engine, deal_id: int) -> bool:
    """Whether the library holds the deal ``deal_id``."""
    with engine.connect() as conn:
        return conn.execute(select(DEAL.c.id).where(DEAL.c.id == int(deal_id))).first() is not None


def library_version(engine: Engine) -> tuple[int, ...]:
    """Figures that change whenever the library does, read in one small query: the count and largest id of the
    deals, findings, referee's decisions, evaluations, players and aliases, and the sums of the deals' engine
    and coach versions (``fupan recoach`` raises them). The key under which a page caches what it read."""
    parts: list[Any] = []
    for table in (DEAL, FINDING, DECISION, table_of(EvaluationRow), PLAYER, PLAYER_ALIAS):
        parts += [select(func.count()).select_from(table), select(func.coalesce(func.max(table.c.id), 0))]
    parts.append(select(func.coalesce(func.sum(DEAL.c.engine_version + DEAL.c.coach_version), 0)))
    stmt = select(*(p.scalar_subquery() for p in parts))
    with engine.connect() as conn:
        return tuple(int(x) for x in conn.execute(stmt).one())


def games(engine: Engine) -> list[str]:
    """The games of the stored deals (``gouji``, ``baohuang``, ``shengji``), sorted."""
    with engine.connect() as conn:
        return sorted(conn.execute(select(DEAL.c.game).distinct()).scalars())


__all__ = [
    "deal_count",
    "deal_page",
    "deals",
    "games",
    "has_deal",
    "level_rows",
    "library_version",
    "match_deals",
    "match_standings",
    "player_findings",
    "player_names",
    "player_places",
    "player_points",
    "player_summary",
    "profiles",
]
