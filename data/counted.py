"""Each stored deal's places and points by the line that counts (``replay.lines.counting``): the record as played,
or the line as ruled where a referee upheld that the deal's illegal events do not stand.

The library stores each seat's place and points as played (``data.derive``: ``deal_seat.place``, ``.points``). A
deal's counting line differs from that record only when the deal breaks a rule (``deal.legal`` false) and a
referee's decision upholds a verdict on it (a ``decision`` row "upheld"); every other deal counts as played, so
nothing is replayed for it. ``recounted`` finds those few deals (driven by the decisions, which are few), replays
each and asks ``counting`` with the library's decisions on it (the one rule, as ``data.match_totals`` asks it), and
gives the seats of the deals whose counting line is the line as ruled: what the player statistics
(``queries.player_summary``) and a match's standings (``queries.match_standings``) take in place of the stored
row. A deal counted as played (overruled, pending, or an upheld event the line as ruled does not withdraw) is
not in the answer.

What a deal counts is kept per process (``_MEMO``, keyed by the log's content hash and its decisions): a page
drawn again after another deal was added replays nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd
from sqlalchemy import ColumnElement, select
from sqlalchemy.engine import Engine

from data.decisions import decisions_of, key_hash
from data.derive import seat_results
from data.models import Deal, DealSeat, DecisionRow, Player, table_of
from replay.formats.decisions import UPHELD, Decision
from replay.formats.log import LogError, parse_json_log
from replay.lines import RULED, counting, fold, ruled
from replay.replay import Replay
from replay.rules.profile import ProfileError
from replay.scoring import stored_extras

DEAL = table_of(Deal)
DECISION = table_of(DecisionRow)
DEAL_SEAT = table_of(DealSeat)
PLAYER = table_of(Player)
MEMO_SIZE = 4096  # deals whose counting line a process keeps


@dataclass(frozen=True)
class CountedSeat:
    """A seat of a deal as its counting line (the line as ruled) scores it: ``side`` as the engine says on that
    line, ``place`` and ``points`` (None: the line does not reach a score, as a deal that does not finish)."""

    side: str
    place: int | None
    points: float | None


@dataclass(frozen=True)
class Recounted:
    """A deal counted as ruled: each seat (``CountedSeat``, by seat) and its game's stored extras on that line
    (``deal.extras_json``'s text: 升级's levels; None for a game that stores nothing more)."""

    seats: dict[int, CountedSeat]
    extras_json: str | None


_MEMO: dict[tuple[str, tuple[str, ...]], Recounted | None] = {}


def count_deal(rep: Replay[Any], decisions: Sequence[Decision] | None) -> Recounted | None:
    """The deal's seats by its counting line (``replay.lines.counting`` with these decisions; None: the log's),
    or None when that line is the record as played (its stored rows stand)."""
    counted = counting(rep, decisions)
    if counted.kind != RULED:
        return None
    final = fold(rep, ruled(rep).line).final
    results = seat_results(counted.score)
    sides = rep.engine.sides(final)
    seats = {}
    for seat in range(final.n):
        place, points = results.get(seat, (None, None))
        seats[seat] = CountedSeat(sides.get(seat, ""), place, points)
    extras = stored_extras(rep.log, final, counted.score)
    return Recounted(seats, None if extras is None else json.dumps(extras, ensure_ascii=False, sort_keys=True))


def recounted(engine: Engine, *where: ColumnElement[bool]) -> dict[int, Recounted]:
    """The deals (of those ``where`` selects, a condition on ``deal``) whose counting line is the line as ruled,
    by deal id: only deals that break a rule and hold an upheld decision are replayed."""
    stmt = (
        select(DEAL.c.id, DEAL.c.content_hash, DEAL.c.log_json)
        .where(
            DEAL.c.legal.is_(False),
            DEAL.c.id.in_(select(DECISION.c.deal_id).where(DECISION.c.decision == UPHELD)),
            *where,
        )
        .order_by(DEAL.c.id)
    )
    with engine.connect() as conn:
        found = conn.execute(stmt).all()
    if not found:
        return {}
    decided = decisions_of(engine, [int(r[0]) for r in found])
    out: dict[int, Recounted] = {}
    for deal_id, content_hash, text in found:
        decisions = decided.get(int(deal_id), ())
        key = (str(content_hash), tuple(key_hash(d) for d in decisions))
        if key not in _MEMO:
            try:
                rep = Replay(parse_json_log(text, f"deal {deal_id}"))
                _MEMO[key] = count_deal(rep, decisions)
            except (LogError, ProfileError):
                _MEMO[key] = None  # a deal this server cannot replay keeps its stored rows
            while len(_MEMO) > MEMO_SIZE:
                del _MEMO[next(iter(_MEMO))]
        counted = _MEMO[key]
        if counted is not None:
            out[int(deal_id)] = counted
    return out


def seat_frame(engine: Engine, counted: dict[int, Recounted]) -> pd.DataFrame:
    """The named players' seats of the deals ``counted`` (``recounted``'s answer), scored as those deals count:
    columns ``player``, ``deal_id``, ``seat``, ``place`` and ``points`` (NaN where the line gives none)."""
    stmt = (
        select(PLAYER.c.name.label("player"), DEAL_SEAT.c.deal_id, DEAL_SEAT.c.seat)
        .join(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
        .where(DEAL_SEAT.c.deal_id.in_(list(counted)))
    )
    with engine.connect() as conn:
        rows = conn.execute(stmt).all()
    out = []
    for player, deal_id, seat in rows:
        found = counted[int(deal_id)].seats.get(int(seat))
        place, points = (None, None) if found is None else (found.place, found.points)
        out.append((str(player), int(deal_id), int(seat), place, points))
    frame = pd.DataFrame(out, columns=["player", "deal_id", "seat", "place", "points"])
    frame["place"] = frame["place"].astype(float)
    frame["points"] = frame["points"].astype(float)
    return frame


def summed(engine: Engine, counted: dict[int, Recounted], places: range) -> pd.DataFrame:
    """Per player, the sums ``queries.player_summary`` makes of the seats, over the deals ``counted`` as they
    count: ``deals``, ``placed``, ``place_K`` for each K of ``places``, ``sum_place``, ``scored``, ``total_points``."""
    seats = seat_frame(engine, counted)
    grouped = seats.groupby("player")
    sums = grouped.agg(deals=("seat", "size"), placed=("place", "count"), sum_place=("place", "sum"))
    sums = sums.assign(scored=grouped["points"].count(), total_points=grouped["points"].sum())
    for k in places:
        sums[f"place_{k}"] = (seats["place"] == k).groupby(seats["player"]).sum()
    return sums.reset_index()


def as_counted(frame: pd.DataFrame, counted: dict[int, Recounted]) -> pd.DataFrame:
    """``frame`` (rows of deal seats: ``deal_id``, ``seat``, ``side``, ``place``, ``points``, ``extras_json``) with
    the rows of the deals ``counted`` scored as those deals count (``recounted``'s answer)."""
    if not counted:
        return frame
    out = frame.copy()
    out["place"], out["points"] = out["place"].astype(float), out["points"].astype(float)
    out["extras_json"] = out["extras_json"].astype(object)
    for i, deal_id, seat in zip(out.index, out["deal_id"], out["seat"], strict=True):
        found = counted.get(int(deal_id))
        if found is None:
            continue
        one = found.seats.get(int(seat), CountedSeat("", None, None))
        place, points = (float("nan") if x is None else float(x) for x in (one.place, one.points))
        out.loc[i, ["side", "place", "points", "extras_json"]] = [one.side, place, points, found.extras_json]
    return out
