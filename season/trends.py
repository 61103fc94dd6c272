"""Trends (issue 38, item 4): a player's deals over time, one row per deal in the order played, with rolling means
and the rating after each deal: a chart's data. The charts themselves, the date range's widgets and the drill-down
are the page's; this module gives the table (``trend``), narrows it to a date range (``between``), gathers it by day
(``by_day``) and names the deals of one day (``deals_at``).

``trend``'s columns (``TREND_COLUMNS``, then two per figure of ``extra``):

- ``n``: the deal's number among the player's deals (1 first), an axis where the deals have no date;
- ``deal_id``, ``date`` ("YYYY-MM-DD", "" where the deal has none);
- ``points``: the player's own points (``SeatResult.points``; NaN where the seat has none);
- ``side``: the player's side's ranking figure (``DealResult.team_points()``: the team's points in 够级 and 保皇,
  the levels it went up in 升级, where a seat's points are card points);
- ``won``: 1 the player's side came first alone, ½ first level with another side, 0 otherwise (as
  ``season.pairs`` counts it);
- ``points_mean``, ``side_mean``, ``won_mean``: the rolling means of the last ``window`` deals (10 by default), the
  deal's own included; the first deals' over the deals so far (``min_periods=1``), and a NaN is skipped (the mean
  of the window's figures that are known; NaN where none is);
- ``mu``, ``ordinal``: the player's rating after the deal (``season.ratings``; NaN for a deal the ratings given did
  not rate);
- for each figure of ``extra`` (e.g. ``accuracy``, ``mistakes``: the stored evaluations' per-deal figures), the
  figure (NaN for a deal ``extra`` has no row for) and its rolling mean ``<figure>_mean`` (the same window, NaN
  skipped).

**The ratings**: ``trend`` takes a ``Ratings`` (``season.ratings.rate_deals`` over the game's deals) where the
caller has one, as the season's leaderboard page does, so that the season is rated once for all its players; without
one it rates ``results`` itself. Either way the ratings must come from the whole season, every player's deals, not
only this player's or a date range's: a rating is what all the deals before it say.

**A date range** is applied to the trend, not to its deals (``between``): the rolling means and the ratings at the
range's first deals still count the deals before it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date as Date

import pandas as pd

from season.pairs import one_game, outcome, points_of, seat_of
from season.ratings import Ratings, rate_deals
from season.results import DealResult, ordered

#: the deals a rolling mean spans by default
WINDOW = 10
#: ``trend``'s columns before ``extra``'s figures (see the module docstring)
TREND_COLUMNS = [
    "n",
    "deal_id",
    "date",
    "points",
    "side",
    "won",
    "points_mean",
    "side_mean",
    "won_mean",
    "mu",
    "ordinal",
]
#: ``extra``'s key columns
KEYS = ["deal_id", "player"]


def rolling(values: pd.Series, window: int) -> pd.Series:
    """The mean of the last ``window`` values, the current one included (fewer at the start), NaN skipped."""
    return values.astype(float).rolling(window, min_periods=1).mean()


def figures(extra: pd.DataFrame, player: str) -> pd.DataFrame:
    """``extra``'s rows of the player, indexed by deal id, its key columns dropped: ``extra`` keyed by (deal_id,
    player), as columns or as its index's levels; a (deal, player) twice, or a figure named as a trend's column, is
    a ValueError."""
    frame = extra.reset_index() if set(KEYS) <= set(extra.index.names) else extra
    missing = [k for k in KEYS if k not in frame.columns]
    if missing:
        raise ValueError(f"extra needs the columns {', '.join(KEYS)} (missing: {', '.join(missing)})")
    names = [c for c in frame.columns if c not in KEYS]
    clash = [c for c in names if c in TREND_COLUMNS or f"{c}_mean" in TREND_COLUMNS]
    if clash:
        raise ValueError(f"extra's figures {', '.join(map(str, clash))} are named as the trend's own columns")
    mine = frame[frame["player"] == player]
    if mine["deal_id"].duplicated().any():
        raise ValueError(f"extra has two rows of one deal of {player}")
    return mine.set_index("deal_id")[names]


def trend(
    results: Sequence[DealResult],
    player: str,
    extra: pd.DataFrame | None = None,
    window: int = WINDOW,
    ratings: Ratings | None = None,
) -> pd.DataFrame:
    """The player's deals among one game's ``results``, one row each in the order played (``ordered``: date, the
    undated last, then id): ``TREND_COLUMNS`` and, for each figure of ``extra`` (a DataFrame keyed by deal_id and
    player), the figure and its rolling mean (see the module docstring). ``ratings``: the season's (rated from
    ``results`` when None). A player in none of the deals gets a table of no row."""
    if window < 1:
        raise ValueError(f"a rolling window spans at least one deal, not {window}")
    one_game(results)
    rows: list[tuple[int, int, str, float, float, float]] = []
    for deal in ordered(results):
        seat = seat_of(deal, player)
        if seat is None:
            continue
        won, side = outcome(deal, seat)
        rows.append((len(rows) + 1, deal.deal_id, deal.date, points_of(seat), side, won))
    frame = pd.DataFrame(rows, columns=TREND_COLUMNS[:6]).astype(
        {"n": "int64", "deal_id": "int64", "date": object, "points": float, "side": float, "won": float}
    )
    for name in ("points", "side", "won"):
        frame[f"{name}_mean"] = rolling(frame[name], window)
    history = pd.DataFrame(columns=["deal_id", "mu", "ordinal"])
    if rows:
        rated = ratings if ratings is not None else rate_deals(results)
        history = rated.history[rated.history["player"] == player]
    after = history.drop_duplicates("deal_id", keep="last").set_index("deal_id")
    for name in ("mu", "ordinal"):
        frame[name] = frame["deal_id"].map(after[name]).astype(float)
    if extra is not None:
        found = figures(extra, player)
        for name in found.columns:
            frame[name] = frame["deal_id"].map(found[name]).astype(float)
            frame[f"{name}_mean"] = rolling(frame[name], window)
    return frame


def day(value: str | None) -> str | None:
    """A range's end as "YYYY-MM-DD" (None or "": open); anything but an ISO date is a ValueError."""
    if not value:
        return None
    return Date.fromisoformat(value).isoformat()


def between(frame: pd.DataFrame, start: str | None = None, end: str | None = None) -> pd.DataFrame:
    """``frame``'s rows dated from ``start`` to ``end``, both included (ISO dates "YYYY-MM-DD"; None or "" leaves
    that end open). The undated deals are left out as soon as one end is given (they belong to no range); with
    neither, every row stays. The rows keep their figures (``n``, the rolling means, the ratings, computed over the
    whole season); the index is renumbered."""
    first, last = day(start), day(end)
    if first is None and last is None:
        return frame.reset_index(drop=True)
    dates = frame["date"].astype(str).str[:10]
    keep = dates != ""
    if first is not None:
        keep &= dates >= first
    if last is not None:
        keep &= dates <= last
    return frame[keep].reset_index(drop=True)


def deals_at(frame: pd.DataFrame, date: str) -> list[int]:
    """The ids of ``frame``'s deals of one day (``date`` "YYYY-MM-DD"; "" the undated ones), in the order played:
    a chart point's deals, for drilling down."""
    return [int(d) for d in frame.loc[frame["date"].astype(str).str[:10] == date, "deal_id"]]


def by_day(frame: pd.DataFrame) -> pd.DataFrame:
    """``trend``'s table gathered by day, one row per date (the undated deals left out), in date order: ``date``,
    ``deals`` (how many), ``deal_ids`` (in the order played), each per-deal figure (``points``, ``side``, ``won``,
    ``extra``'s) as the day's mean (NaN skipped), and each running figure (the rolling means, ``mu``,
    ``ordinal``) as it stood after the day's last deal."""
    running = [c for c in frame.columns if c.endswith("_mean") or c in ("mu", "ordinal")]
    per_deal = [c for c in frame.columns if c not in running and c not in ("n", "deal_id", "date")]
    dated = frame[frame["date"].astype(str) != ""]
    rows = []
    for when, group in dated.groupby("date", sort=True):
        row: dict[str, object] = {
            "date": when,
            "deals": len(group),
            "deal_ids": tuple(int(d) for d in group["deal_id"]),
        }
        for c in per_deal:
            known = [float(v) for v in group[c] if not math.isnan(float(v))]
            row[c] = sum(known) / len(known) if known else math.nan
        for c in running:
            row[c] = float(group[c].iloc[-1])
        rows.append(row)
    return pd.DataFrame(rows, columns=["date", "deals", "deal_ids", *per_deal, *running])
