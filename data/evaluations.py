"""Stored evaluations (``coach.evaluate``): one per deal and settings, with each seat's accuracy.

- ``save_evaluation(db, deal_id, evaluation)`` stores an evaluation in one transaction; an older one of
  the same deal and settings is replaced (its row is updated in place: INSERT … ON CONFLICT DO UPDATE,
  so two processes saving the same deal and settings at once leave one row, the later one's).
- ``load_evaluation(db, deal_id, settings=None)`` reads it back (the latest of any settings when
  ``settings`` is None), None when there is none.
- ``stored_evaluations(db, deal_id)``: what is stored for a deal (settings, time), latest first.
- ``seat_accuracies(engine, …)`` and ``player_accuracy(engine, …)``: DataFrames of accuracy per deal and
  seat, and per player, from the latest evaluation of each deal.

``db`` is an Engine (the work runs in its own transaction, committed) or a Session (it runs in a
savepoint of the session's transaction: all or nothing; the caller commits).

The stored text is ``Evaluation.to_json()`` with its means, losses and standard errors at full
precision (``to_json`` rounds them to 3 decimals, and a grade or accuracy derived again from a rounded
loss can differ at a threshold): ``Evaluation.from_json`` gives back the same decisions, grades and
accuracies. The settings key is the canonical JSON of the ``settings`` object of that text (a key
stored before the rollout noise was kept reads as the default noise).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pandas as pd
from sqlalchemy import Float, case, cast, delete, func, insert, or_, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from coach.prices import Evaluation, Settings
from coach.version import COACH_VERSION
from data.database import WRITE
from data.decisions import lock_deal
from data.derive import versions
from data.models import Deal, DealSeat, EvaluationRow, EvaluationSeatRow, Player, table_of
from replay.core.errors import FupanError
from replay.version import ENGINE_VERSION

DEAL = table_of(Deal)
DEAL_SEAT = table_of(DealSeat)
EVALUATION = table_of(EvaluationRow)
EVALUATION_SEAT = table_of(EvaluationSeatRow)
PLAYER = table_of(Player)


SEAT_COLUMNS = [
    "deal_id", "game", "date", "seat", "player", "decisions", "accuracy",
    "inaccuracy", "mistake", "blunder", "lost", "settings", "evaluated_at", "engine_version", "coach_version",
    "stale",
]  # fmt: skip
PLAYER_COLUMNS = ["player", "deals", "decisions", "accuracy", "inaccuracy", "mistake", "blunder", "lost", "stale"]


class StoredEvaluationError(FupanError):
    """A stored evaluation that cannot be read back (written by an incompatible version, or damaged)."""


# -- JSON ---------------------------------------------------------------------------------------


def settings_json(settings: Settings) -> dict[str, Any]:
    """The ``settings`` object of ``Evaluation.to_json`` for these settings."""
    doc: dict[str, Any] = Evaluation((), settings, 0, 0, 0.0).to_json()["settings"]
    return doc


def settings_key(settings: Settings) -> str:
    """The canonical JSON of the settings (sorted keys, no spaces): the key of a stored evaluation."""
    return json.dumps(settings_json(settings), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def settings_from_key(key: str) -> Settings:
    """The settings of a key ``settings_key`` wrote."""
    return Settings.from_json(json.loads(key))


def evaluation_json(evaluation: Evaluation) -> dict[str, Any]:
    """``evaluation.to_json()`` with the means, losses, standard errors and seconds unrounded."""
    doc = evaluation.to_json()
    doc["seconds"] = evaluation.seconds
    for d, dj in zip(evaluation.decisions, doc["decisions"], strict=True):
        for view, loss in d.losses.items():
            dj["losses"][view].update(loss=loss.loss, se=loss.se)
        for c, cj in zip(d.candidates, dj["candidates"], strict=True):
            for view, v in c.values.items():
                cj["values"][view].update(mean=v.mean, se=v.se)
    return doc


# -- writing ------------------------------------------------------------------------------------


@contextmanager
def _writing(db: Engine | Session) -> Iterator[Connection]:
    if isinstance(db, Session):
        with db.begin_nested():
            yield db.connection()
        return
    with db.execution_options(**WRITE).begin() as conn:
        yield conn


@contextmanager
def _reading(db: Engine | Session) -> Iterator[Connection]:
    if isinstance(db, Session):
        yield db.connection()
        return
    with db.connect() as conn:
        yield conn


def _upsert(conn: Connection, values: dict[str, Any]) -> int:
    """Add the evaluation row, or update the one of the same deal and settings; its id."""
    table = EVALUATION
    unique = ["deal_id", "settings_key"]
    if conn.dialect.name in ("postgresql", "sqlite"):
        ins: Any = (pg_insert if conn.dialect.name == "postgresql" else sqlite_insert)(table).values(values)
        stmt = ins.on_conflict_do_update(
            index_elements=unique, set_={k: ins.excluded[k] for k in values if k not in unique}
        )
        return int(conn.execute(stmt.returning(table.c.id)).scalar_one())
    conn.execute(delete(table).where(*(table.c[k] == values[k] for k in unique)))  # pragma: no cover
    return int(conn.execute(insert(table).values(values).returning(table.c.id)).scalar_one())  # pragma: no cover


def save_evaluation(db: Engine | Session, deal_id: int, evaluation: Evaluation) -> int:
    """Store ``evaluation`` of deal ``deal_id`` (replacing one of the same settings); the row's id.
    Raises ``LookupError`` when there is no such deal (nothing is stored)."""
    doc = evaluation_json(evaluation)
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    row = {
        "deal_id": int(deal_id),
        "settings_key": settings_key(evaluation.settings),
        "created_at": datetime.now(UTC),
        "n_decisions": len(evaluation.decisions),
        "seconds": float(evaluation.seconds),
        "evaluation_json": text,
        **versions(),
    }
    seats = [
        {k: s[k] for k in ("seat", "decisions", "accuracy", "inaccuracy", "mistake", "blunder", "lost")}
        for s in doc["seats"]
    ]
    seat_table = EVALUATION_SEAT
    with _writing(db) as conn:
        if not lock_deal(conn, int(deal_id)):  # locked (PostgreSQL): not deleted before this transaction ends
            raise LookupError(f"no deal {deal_id} in the library")
        eval_id = _upsert(conn, row)
        conn.execute(delete(seat_table).where(seat_table.c.evaluation_id == eval_id))
        if seats:
            conn.execute(insert(seat_table), [{**s, "evaluation_id": eval_id} for s in seats])
    return eval_id


# -- reading ------------------------------------------------------------------------------------


def _latest_first(stmt: Any) -> Any:
    return stmt.order_by(EVALUATION.c.created_at.desc(), EVALUATION.c.id.desc())


def load_evaluation(db: Engine | Session, deal_id: int, settings: Settings | None = None) -> Evaluation | None:
    """The stored evaluation of a deal with these settings (None: the latest of any), or None.
    Raises ``StoredEvaluationError`` when the stored text cannot be read back."""
    table = EVALUATION
    stmt = select(table.c.evaluation_json).where(table.c.deal_id == int(deal_id))
    if settings is not None:
        stmt = stmt.where(table.c.settings_key == settings_key(settings))
    with _reading(db) as conn:
        text = conn.execute(_latest_first(stmt).limit(1)).scalar()
    if text is None:
        return None
    try:
        return Evaluation.from_json(json.loads(text))
    except Exception as exc:  # a KeyError, TypeError, ValueError or the log reader's error on a bad event
        raise StoredEvaluationError(f"the stored evaluation of deal {deal_id} cannot be read: {exc!r}") from None


@dataclass(frozen=True)
class StoredEvaluation:
    """What is stored of one evaluation besides its JSON: for lists and cache keys."""

    id: int
    deal_id: int
    settings: Settings
    settings_key: str
    created_at: datetime
    n_decisions: int
    seconds: float
    engine_version: int = 0  # the versions that made it (``stale``: an older engine or coach)
    coach_version: int = 0

    @property
    def stale(self) -> bool:
        """Whether an older engine or coach made it (``fupan recoach`` redoes it)."""
        return self.engine_version < ENGINE_VERSION or self.coach_version < COACH_VERSION


def stored_evaluations(db: Engine | Session, deal_id: int) -> list[StoredEvaluation]:
    """The evaluations stored for deal ``deal_id`` (one per settings), latest first."""
    t = EVALUATION
    cols = (t.c.id, t.c.deal_id, t.c.settings_key, t.c.created_at, t.c.n_decisions, t.c.seconds, t.c.engine_version,
            t.c.coach_version)  # fmt: skip
    stmt = _latest_first(select(*cols).where(t.c.deal_id == int(deal_id)))
    with _reading(db) as conn:
        rows = conn.execute(stmt).all()
    return [
        StoredEvaluation(r.id, r.deal_id, settings_from_key(r.settings_key), r.settings_key, r.created_at,
                         r.n_decisions, float(r.seconds), int(r.engine_version), int(r.coach_version))
        for r in rows
    ]  # fmt: skip


def latest_ids() -> Any:
    """The id of each deal's latest evaluation."""
    rank = (
        func.row_number()
        .over(
            partition_by=EVALUATION.c.deal_id,
            order_by=(EVALUATION.c.created_at.desc(), EVALUATION.c.id.desc()),
        )
        .label("rank")
    )
    ranked = select(EVALUATION.c.id.label("id"), rank).subquery()
    return select(ranked.c.id).where(ranked.c.rank == 1)


def stale_evaluation() -> Any:
    """True for an evaluation an older engine or coach made (``replay.version``, ``coach.version``)."""
    return or_(EVALUATION.c.engine_version < ENGINE_VERSION, EVALUATION.c.coach_version < COACH_VERSION)


def stale_evaluation_ids(db: Engine | Session) -> list[int]:
    """The ids of the stored evaluations an older engine or coach made, oldest first."""
    with _reading(db) as conn:
        return [
            int(i)
            for i in conn.execute(select(EVALUATION.c.id).where(stale_evaluation()).order_by(EVALUATION.c.id)).scalars()
        ]


def seat_accuracies(
    engine: Engine, deal_id: int | None = None, player: str | None = None, game: str | None = None
) -> pd.DataFrame:
    """One row per deal and seat with priced decisions, from each deal's latest evaluation: ``deal_id``,
    ``game``, ``date``, ``seat``, ``player`` (``seat N`` when unnamed), ``decisions``, ``accuracy`` (%),
    ``inaccuracy``, ``mistake``, ``blunder``, ``lost`` (points lost in graded decisions), ``settings``
    (the settings key), ``evaluated_at``, the ``engine_version`` and ``coach_version`` that made it and
    ``stale`` (an older engine or coach made it: ``fupan recoach`` redoes it). Filters: a deal, a player's
    name, a game."""
    stmt = (
        select(
            EVALUATION.c.deal_id.label("deal_id"),
            DEAL.c.game.label("game"),
            DEAL.c.date.label("date"),
            EVALUATION_SEAT.c.seat.label("seat"),
            PLAYER.c.name.label("player"),
            EVALUATION_SEAT.c.decisions.label("decisions"),
            cast(EVALUATION_SEAT.c.accuracy, Float).label("accuracy"),
            EVALUATION_SEAT.c.inaccuracy.label("inaccuracy"),
            EVALUATION_SEAT.c.mistake.label("mistake"),
            EVALUATION_SEAT.c.blunder.label("blunder"),
            cast(EVALUATION_SEAT.c.lost, Float).label("lost"),
            EVALUATION.c.settings_key.label("settings"),
            EVALUATION.c.created_at.label("evaluated_at"),
            EVALUATION.c.engine_version.label("engine_version"),
            EVALUATION.c.coach_version.label("coach_version"),
            stale_evaluation().label("stale"),
        )
        .select_from(EVALUATION_SEAT)
        .join(EVALUATION, EVALUATION.c.id == EVALUATION_SEAT.c.evaluation_id)
        .join(DEAL, DEAL.c.id == EVALUATION.c.deal_id)
        .outerjoin(
            DEAL_SEAT, (DEAL_SEAT.c.deal_id == EVALUATION.c.deal_id) & (DEAL_SEAT.c.seat == EVALUATION_SEAT.c.seat)
        )
        .outerjoin(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
        .where(EVALUATION.c.id.in_(latest_ids()), EVALUATION_SEAT.c.decisions > 0)
    )
    if deal_id is not None:
        stmt = stmt.where(EVALUATION.c.deal_id == int(deal_id))
    if player:
        stmt = stmt.where(PLAYER.c.name == player)
    if game:
        stmt = stmt.where(DEAL.c.game == game)
    with engine.connect() as conn:
        out = pd.read_sql(stmt, conn)
    out["player"] = out["player"].where(out["player"].notna(), "seat " + out["seat"].astype(str))
    for col in ("deal_id", "seat", "decisions", "inaccuracy", "mistake", "blunder", "engine_version", "coach_version"):
        out[col] = out[col].astype(int)
    out["stale"] = out["stale"].astype(bool)
    for col in ("accuracy", "lost"):
        out[col] = out[col].astype(float)
    out = out.sort_values(["deal_id", "seat"], kind="stable")
    return out[SEAT_COLUMNS].reset_index(drop=True)


def player_accuracy(engine: Engine, game: str | None = None) -> pd.DataFrame:
    """Per player (by name), over the latest evaluation of each deal they sat in: ``deals`` evaluated,
    ``decisions`` priced, ``accuracy`` (the mean over those decisions, in %), the grades, ``lost`` and
    ``stale`` (of those deals, how many an older engine or coach evaluated). Seats without a player name are
    left out."""
    dec = EVALUATION_SEAT.c.decisions
    stmt = (
        select(
            PLAYER.c.name.label("player"),
            func.count(func.distinct(EVALUATION.c.deal_id)).label("deals"),
            func.sum(dec).label("decisions"),
            (func.sum(cast(EVALUATION_SEAT.c.accuracy, Float) * dec) / func.sum(dec)).label("accuracy"),
            func.sum(EVALUATION_SEAT.c.inaccuracy).label("inaccuracy"),
            func.sum(EVALUATION_SEAT.c.mistake).label("mistake"),
            func.sum(EVALUATION_SEAT.c.blunder).label("blunder"),
            func.sum(cast(EVALUATION_SEAT.c.lost, Float)).label("lost"),
            func.count(func.distinct(case((stale_evaluation(), EVALUATION.c.deal_id)))).label("stale"),
        )
        .select_from(EVALUATION_SEAT)
        .join(EVALUATION, EVALUATION.c.id == EVALUATION_SEAT.c.evaluation_id)
        .join(DEAL_SEAT, (DEAL_SEAT.c.deal_id == EVALUATION.c.deal_id) & (DEAL_SEAT.c.seat == EVALUATION_SEAT.c.seat))
        .join(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
        .where(EVALUATION.c.id.in_(latest_ids()), dec > 0)
    )
    if game:
        stmt = stmt.join(DEAL, DEAL.c.id == EVALUATION.c.deal_id).where(DEAL.c.game == game)
    with engine.connect() as conn:
        out = pd.read_sql(stmt.group_by(PLAYER.c.name), conn)
    for col in ("deals", "decisions", "inaccuracy", "mistake", "blunder", "stale"):
        out[col] = out[col].astype(int)
    for col in ("accuracy", "lost"):
        out[col] = out[col].astype(float)
    return out.sort_values("player", kind="stable")[PLAYER_COLUMNS].reset_index(drop=True)
