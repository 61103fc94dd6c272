"""Partners and opponents (issue 38, item 3): how a player fares with each partner and against each opponent, over
one game's deals.

A **partner** is a player who sat on the player's side in a deal (``DealResult.teams()``): in 够级 the two others
of the player's team of three, in 升级 the one other of its team of two, in 保皇 whoever shared the side that deal
(the 皇帝 and the 保皇派 are partners; as a rebel, the other three rebels; the 皇帝 alone in 独保 has none; where
the roles are not known every seat is a side of its own, so no partner). An **opponent** is a player on another
side. The **对头** is the opponent at the seat opposite: seat ``(s + n/2) % n`` of ``n`` seats (够级: seat s and
s + 3). A table of an odd number of seats (保皇's five) has no seat opposite, so no 对头; where the seat opposite
is on the player's own side (升级's partner, 对家) it is no 对头 either: ``opposite`` reads the seat count from
each deal (``len(deal.seats)``) and the sides from its ``teams()``.

Each table has one row per other player (``PAIR_COLUMNS``):

- ``player``: the other player;
- ``deals``: the deals the two sat in together (as partners, or opponents, or 对头);
- ``mean``: the mean of the player's **own** points in those deals (``SeatResult.points``; a seat without points is
  left out of the mean and its interval, not of ``deals``);
- ``low``, ``high``: that mean's 95 % confidence interval, Student's t with n - 1 degrees of freedom
  (``mean ± t · s / √n``, s the sample standard deviation of the n points); NaN for fewer than 2 points;
- ``won``: the share of those deals the player's side won: 1 a deal its side came first alone, ½ first level with
  another side, 0 otherwise, the sides ranked as the ratings rank them (``season.ratings.ranks``: by
  ``team_points()``, most first; where every side is one seat with a place, by place);
- ``side_mean``: the mean of the player's side's ranking figure (``DealResult.team_points()``): the team's summed
  points in 够级 and 保皇, and in 升级 the levels the side went up (``standing``), since there a seat's points are
  its team's card points, which do not rank the sides; a page shows ``mean`` or ``side_mean``;
- ``too_few``: fewer than ``MIN_DEALS`` (10) deals: too few to read anything from (a page shows them as such);
- ``deal_ids``: the deals' ids in the order they were played (``season.results.ordered``), for drilling down.

Rows are sorted by ``deals`` (most first), then ``mean`` (highest first; NaN last), then the name. A player in none
of the deals gets an empty table with the same columns. The deals must be of one game, a player at most at one
seat of each: anything else is a ValueError.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from statistics import NormalDist

import pandas as pd

from season.ratings import ranks
from season.results import DealResult, SeatResult, ordered

#: fewer deals than this together are too few to read (``too_few``)
MIN_DEALS = 10
#: the tables' columns (see the module docstring)
PAIR_COLUMNS = ["player", "deals", "mean", "low", "high", "won", "side_mean", "too_few", "deal_ids"]
CONFIDENCE = 0.95
_EXACT_DF = 100  # up to this many degrees of freedom t's quantile is solved exactly, beyond by its expansion

#: who of a deal counts against the player's seat: the deal and the seat -> the other seats
Others = Callable[[DealResult, SeatResult], list[SeatResult]]


def t_within(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` (a whole number, >= 1) degrees of freedom: Abramowitz and Stegun
    26.7.3's finite series in ``theta = atan(t / sqrt(df))``, exact."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:
        total = term = math.cos(theta) if df > 1 else 0.0
        for k in range(3, df - 1, 2):
            term *= c2 * (k - 1) / k
            total += term
        return 2 / math.pi * (theta + math.sin(theta) * total)
    total = term = 1.0
    for k in range(2, df - 1, 2):
        term *= c2 * (k - 1) / k
        total += term
    return math.sin(theta) * total


@lru_cache(maxsize=512)
def t_quantile(df: int, confidence: float = CONFIDENCE) -> float:
    """The t with ``P(|T| <= t) = confidence`` for Student's t of ``df`` degrees of freedom (12.706 for 1, 2.262
    for 9, 1.984 for 100 at 95 %): solved by bisection on ``t_within`` up to ``_EXACT_DF``, beyond by the
    Cornish-Fisher expansion about the normal quantile (Abramowitz and Stegun 26.7.5; off by less than 1e-8
    there)."""
    if df < 1:
        raise ValueError(f"t needs at least 1 degree of freedom, not {df}")
    if df > _EXACT_DF:
        x = NormalDist().inv_cdf((1 + confidence) / 2)
        g1 = (x**3 + x) / 4
        g2 = (5 * x**5 + 16 * x**3 + 3 * x) / 96
        g3 = (3 * x**7 + 19 * x**5 + 17 * x**3 - 15 * x) / 384
        g4 = (79 * x**9 + 776 * x**7 + 1482 * x**5 - 1920 * x**3 - 945 * x) / 92160
        return x + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
    lo, hi = 0.0, 1.0
    while t_within(hi, df) < confidence:
        hi *= 2
    for _ in range(80):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if t_within(mid, df) < confidence else (lo, mid)
    return (lo + hi) / 2


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` (NaN left out) and its 95 % t interval (low, high): NaN for no value, the interval NaN
    for fewer than 2."""
    known = [v for v in values if not math.isnan(v)]
    n = len(known)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(known) / n
    if n < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((v - mean) ** 2 for v in known) / (n - 1))
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def one_game(results: Sequence[DealResult]) -> None:
    """A ValueError when ``results`` are of more than one game."""
    games = sorted({r.game for r in results})
    if len(games) > 1:
        raise ValueError(f"deals of {', '.join(games)}: give one game's deals")


def seat_of(deal: DealResult, player: str) -> SeatResult | None:
    """The player's seat in ``deal`` (None: not at the table); a player at two seats is a ValueError."""
    found = [s for s in deal.seats if s.player == player]
    if len(found) > 1:
        raise ValueError(f"deal {deal.deal_id}: {player} sits at two seats")
    return found[0] if found else None


def side_of(deal: DealResult, seat: SeatResult) -> int:
    """The index of the seat's side among ``deal.teams()``."""
    return next(k for k, team in enumerate(deal.teams()) if any(s.seat == seat.seat for s in team))


def outcome(deal: DealResult, seat: SeatResult) -> tuple[float, float]:
    """The seat's side's result: (won: 1 first alone, ½ first level with another side, 0 otherwise; the side's
    ``team_points()`` figure)."""
    k = side_of(deal, seat)
    rank = ranks(deal)
    best = min(rank)
    won = 0.0 if rank[k] != best else (0.5 if rank.count(best) > 1 else 1.0)
    return won, deal.team_points()[k]


def points_of(seat: SeatResult) -> float:
    """The seat's own points (NaN where it has none)."""
    return math.nan if seat.points is None else float(seat.points)


def partner_seats(deal: DealResult, seat: SeatResult) -> list[SeatResult]:
    """The other seats of the seat's side."""
    return [s for s in deal.teams()[side_of(deal, seat)] if s.seat != seat.seat]


def opponent_seats(deal: DealResult, seat: SeatResult) -> list[SeatResult]:
    """The seats of the other sides."""
    k = side_of(deal, seat)
    return [s for j, team in enumerate(deal.teams()) if j != k for s in team]


def opposite_seats(deal: DealResult, seat: SeatResult) -> list[SeatResult]:
    """The seat's 对头, as a list of none or one: the seat opposite (``(s + n/2) % n`` of ``n = len(deal.seats)``)
    when ``n`` is even and that seat is on another side."""
    n = len(deal.seats)
    if n % 2:
        return []
    across = (seat.seat + n // 2) % n
    return [s for s in opponent_seats(deal, seat) if s.seat == across]


def empty() -> pd.DataFrame:
    """A table of no row, with ``PAIR_COLUMNS`` and their types."""
    return typed(pd.DataFrame({c: [] for c in PAIR_COLUMNS}))


def typed(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its columns' types: counts int, figures float, the flag bool, the names str, ids tuples."""
    types = {"player": "object", "deals": "int64", "too_few": "bool", "deal_ids": "object"}
    return frame.astype(types | {c: "float64" for c in ("mean", "low", "high", "won", "side_mean")})


def table(results: Sequence[DealResult], player: str, others: Others) -> pd.DataFrame:
    """One row per player that ``others`` gives against the player's seat in at least one deal (the module
    docstring's columns)."""
    one_game(results)
    tally: dict[str, list[tuple[int, float, float, float]]] = {}
    for deal in ordered(results):
        seat = seat_of(deal, player)
        if seat is None:
            continue
        won, side = outcome(deal, seat)
        for other in others(deal, seat):
            tally.setdefault(other.player, []).append((deal.deal_id, points_of(seat), won, side))
    if not tally:
        return empty()
    rows = []
    for name, got in tally.items():
        n = len(got)
        mean, low, high = interval([g[1] for g in got])
        won = sum(g[2] for g in got) / n
        side_mean = sum(g[3] for g in got) / n
        rows.append((name, n, mean, low, high, won, side_mean, n < MIN_DEALS, tuple(g[0] for g in got)))
    frame = typed(pd.DataFrame(rows, columns=PAIR_COLUMNS))
    return frame.sort_values(
        ["deals", "mean", "player"], ascending=[False, False, True], na_position="last", ignore_index=True
    )


def partners(results: Sequence[DealResult], player: str) -> pd.DataFrame:
    """The player's results with each partner: one row per player who sat on its side in at least one of one game's
    ``results`` (``PAIR_COLUMNS``; see the module docstring)."""
    return table(results, player, partner_seats)


def opponents(results: Sequence[DealResult], player: str) -> pd.DataFrame:
    """The player's results against each opponent: one row per player who sat on another side in at least one of
    ``results`` (``PAIR_COLUMNS``)."""
    return table(results, player, opponent_seats)


def opposite(results: Sequence[DealResult], player: str) -> pd.DataFrame:
    """The player's results against each 对头, the opponent at the seat opposite (``PAIR_COLUMNS``): empty for a
    game of an odd number of seats (保皇's five: no seat is opposite) and where the seat opposite is a partner
    (升级's 对家)."""
    return table(results, player, opposite_seats)
