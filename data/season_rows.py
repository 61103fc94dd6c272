"""The stored deals as the season reads them (``season.results.DealResult``): one game's scored deals, each by the
line that counts (``data.counted``: the record as played, or the line as ruled where a referee upheld that its
illegal events do not stand), with each seat's player, side, place and points, and the per-deal figures the
trends chart beside the points (``seat_figures``: the accuracy and the errors of the latest evaluation).

A deal counts when it is scored (finished, not void) and every seat has a named player: a season is about its
players, and a seat without a name is no one to rate (such deals are counted in ``unnamed``, which the Season page
says). Score sheets without moves count as any deal (``Log.result_only``: ``DealResult.result_only``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pandas as pd
from sqlalchemy import select
from sqlalchemy.engine import Engine

from data.counted import recounted
from data.decisions import decisions_of
from data.models import Deal, DealSeat, EvaluationRow, EvaluationSeatRow, Match, Player, table_of
from season.report import RulingRow
from season.results import DealResult, SeatResult

DEAL, SEAT, PLAYER, MATCH = table_of(Deal), table_of(DealSeat), table_of(Player), table_of(Match)
EVAL, EVAL_SEAT = table_of(EvaluationRow), table_of(EvaluationSeatRow)


@dataclass(frozen=True)
class Season:
    """One game's deals as the season reads them, in the order they were played, and how many scored deals were
    left out for a seat without a player's name."""

    results: tuple[DealResult, ...]
    unnamed: int


def season_of(engine: Engine, game: str) -> Season:
    """The scored deals of ``game`` (``Season``), by the line that counts."""
    stmt = (
        select(
            DEAL.c.id,
            DEAL.c.date,
            DEAL.c.n_events,
            DEAL.c.extras_json,
            MATCH.c.key,
            SEAT.c.seat,
            SEAT.c.side,
            SEAT.c.place,
            SEAT.c.points,
            PLAYER.c.name,
        )
        .select_from(DEAL)
        .join(SEAT, SEAT.c.deal_id == DEAL.c.id)
        .outerjoin(PLAYER, PLAYER.c.id == SEAT.c.player_id)
        .outerjoin(MATCH, MATCH.c.id == DEAL.c.match_id)
        .where(DEAL.c.game == game)
        .order_by(DEAL.c.id, SEAT.c.seat)
    )
    with engine.connect() as conn:
        rows = conn.execute(stmt).all()
    ruled = recounted(engine, DEAL.c.game == game)
    deals: dict[int, list[tuple[int, str, int | None, float | None, str | None]]] = {}
    meta: dict[int, tuple[str, int, str | None, str]] = {}
    for deal_id, date, n_events, extras, match, seat, side, place, points, name in rows:
        deals.setdefault(int(deal_id), []).append((int(seat), side or "", place, points, name))
        meta[int(deal_id)] = (str(date or ""), int(n_events), extras, str(match or ""))
    out: list[DealResult] = []
    unnamed = 0
    for deal_id, seats in deals.items():
        date, n_events, extras, match = meta[deal_id]
        counted = ruled.get(deal_id)
        if counted is not None:
            ruled_seats = counted.seats
            seats = [
                (s, ruled_seats[s].side, ruled_seats[s].place, ruled_seats[s].points, name)
                for s, _, _, _, name in seats
                if s in ruled_seats
            ]
            extras = counted.extras_json
        if any(points is None for _, _, _, points, _ in seats):
            continue  # not scored (unfinished, void), on the line that counts
        if any(not name for *_, name in seats):
            unnamed += 1
            continue
        result = DealResult(
            deal_id,
            game,
            date,
            tuple(
                SeatResult(s, str(name), side, place, float(points))
                for s, side, place, points, name in seats
                if points is not None
            ),
            n_events == 0,
            _standing(extras),
            match,
        )
        out.append(result)
    out.sort(key=lambda r: (r.date == "", r.date, r.deal_id))
    return Season(tuple(out), unnamed)


def _standing(extras: str | None) -> tuple[tuple[str, float], ...]:
    """What ranks the sides where the points do not, from the deal's stored extras: the levels each side went up
    (``up``, ``steps``: 升级's); none for a game that stores no such figure."""
    if not extras:
        return ()
    doc = json.loads(extras)
    if not isinstance(doc, dict) or doc.get("up") is None or "steps" not in doc:
        return ()
    up, steps = int(doc["up"]), float(doc["steps"])
    return tuple((str(side), steps if side == up else 0.0) for side in (0, 1))


def seat_figures(engine: Engine, game: str) -> pd.DataFrame:
    """Each evaluated deal's figures per player, from its latest evaluation: ``deal_id``, ``player``, ``accuracy``
    (NaN where the seat had no priced decision) and ``mistakes`` (mistakes and blunders graded)."""
    latest = (
        select(EVAL.c.deal_id, EVAL.c.id)
        .join(DEAL, DEAL.c.id == EVAL.c.deal_id)
        .where(DEAL.c.game == game)
        .order_by(EVAL.c.deal_id, EVAL.c.created_at, EVAL.c.id)
    )
    with engine.connect() as conn:
        newest = {int(d): int(e) for d, e in conn.execute(latest).all()}  # the last of each deal wins
        if not newest:
            return pd.DataFrame(columns=["deal_id", "player", "accuracy", "mistakes"])
        stmt = select(
            EVAL_SEAT.c.evaluation_id,
            EVAL_SEAT.c.seat,
            EVAL_SEAT.c.decisions,
            EVAL_SEAT.c.accuracy,
            EVAL_SEAT.c.mistake,
            EVAL_SEAT.c.blunder,
        ).where(EVAL_SEAT.c.evaluation_id.in_(list(newest.values())))  # fmt: skip
        seats = conn.execute(stmt).all()
        names = conn.execute(
            select(SEAT.c.deal_id, SEAT.c.seat, PLAYER.c.name)
            .join(PLAYER, PLAYER.c.id == SEAT.c.player_id)
            .where(SEAT.c.deal_id.in_(list(newest)))
        ).all()
    deal_of = {e: d for d, e in newest.items()}
    named = {(int(d), int(s)): str(n) for d, s, n in names}
    rows = []
    for evaluation, seat, decisions, accuracy, mistake, blunder in seats:
        deal_id = deal_of[int(evaluation)]
        name = named.get((deal_id, int(seat)))
        if name is None:
            continue
        acc = float(accuracy) if accuracy is not None and decisions else float("nan")
        rows.append({"deal_id": deal_id, "player": name, "accuracy": acc, "mistakes": int(mistake) + int(blunder)})
    return pd.DataFrame(rows, columns=["deal_id", "player", "accuracy", "mistakes"])


def season_rulings(engine: Engine, results: tuple[DealResult, ...]) -> list[RulingRow]:
    """The referee's decisions on the deals of ``results``, in the deals' order, each deal's oldest first (the
    report's rulings: ``season.report``)."""
    ids = [r.deal_id for r in results]
    if not ids:
        return []
    decided = decisions_of(engine, ids)
    with engine.connect() as conn:
        numbers = dict(conn.execute(select(DEAL.c.id, DEAL.c.deal_number).where(DEAL.c.id.in_(ids))).all())
    return [
        RulingRow(r.deal_id, numbers.get(r.deal_id), d.event + 1, d.decision, d.referee, d.rule or "", d.text)
        for r in results
        for d in decided.get(r.deal_id, ())
    ]
