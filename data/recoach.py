"""Stale rows and ``fupan recoach``: the library's derived rows made again by today's engine and coach.

What the library derives from a stored log (``data.derive``: the events' verdicts, the seats' sides,
places and points, the deal's levels, the coach's findings) and its evaluations (``data.evaluations``)
carry the versions of the engine and the coach that made them (``replay.version.ENGINE_VERSION``,
``coach.version.COACH_VERSION``; 0 for rows stored before versions were recorded). A row is **stale** when
either version is older than today's: the Players page says so (with the versions), and ``recoach``
derives such a deal again from its stored log.

- ``staleness(engine, game)``: the deals and findings per pair of versions, and which are stale.
- ``recoach_deal(engine, deal_id)``: one deal, in one transaction (the deal's row locked, its versions read
  again there: a deal another process brought up to date meanwhile is left alone). The deal's columns,
  its seats and its events are updated in place (a referee's decision names its event row), its findings
  replaced. Nothing is half-written: an interrupted run leaves every deal either as it was or done.
- ``recoach(engine, every=False, progress=None)``: every stale deal (``every``: every deal), then every
  stale evaluation (``evaluations=True``), each evaluated again with its stored settings. Running it again
  finds nothing left to do (idempotent); run it after an interruption to finish.

Rows made by a *newer* version (a library shared with a newer fupan) are not stale and not redone.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pandas as pd
from sqlalchemy import and_, bindparam, delete, func, insert, or_, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError

from coach.version import COACH_VERSION
from data.database import WRITE, transient
from data.decisions import lock_deal
from data.derive import EVENT_FIELDS, Derived, derive
from data.models import Deal, DealSeat, EvaluationRow, EventRow, FindingRow, table_of
from replay.core.clip import clip
from replay.formats.log import LogError, parse_log
from replay.rules.profile import ProfileError
from replay.version import ENGINE_VERSION

DEAL, DEAL_SEAT, EVENT, FINDING, EVALUATION = (
    table_of(m) for m in (Deal, DealSeat, EventRow, FindingRow, EvaluationRow)
)
ATTEMPTS = 5
STALENESS_COLUMNS = ["engine_version", "coach_version", "deals", "findings", "stale"]

Progress = Callable[[int, int], None]


def stale_deal() -> Any:
    """True for a deal whose derived rows an older engine or coach made."""
    return or_(DEAL.c.engine_version < ENGINE_VERSION, DEAL.c.coach_version < COACH_VERSION)


def stale_deal_ids(engine: Engine, every: bool = False) -> list[int]:
    """The deals to recoach, in id order: the stale ones (``every``: all)."""
    stmt = select(DEAL.c.id).order_by(DEAL.c.id)
    if not every:
        stmt = stmt.where(stale_deal())
    with engine.connect() as conn:
        return [int(i) for i in conn.execute(stmt).scalars()]


def staleness(engine: Engine, game: str | None = None) -> pd.DataFrame:
    """Per pair of versions that made stored deals (of ``game``): ``engine_version``, ``coach_version``,
    ``deals``, ``findings`` and ``stale`` (an older engine or coach made them), newest first."""
    stmt = (
        select(
            DEAL.c.engine_version.label("engine_version"),
            DEAL.c.coach_version.label("coach_version"),
            func.count(DEAL.c.id).label("deals"),
            func.coalesce(func.sum(DEAL.c.n_findings), 0).label("findings"),
        )
        .where(*([DEAL.c.game == game] if game else []))
        .group_by(DEAL.c.engine_version, DEAL.c.coach_version)
    )
    with engine.connect() as conn:
        out = pd.read_sql(stmt, conn)
    for col in STALENESS_COLUMNS[:-1]:
        out[col] = out[col].astype(int)
    out["stale"] = (out["engine_version"] < ENGINE_VERSION) | (out["coach_version"] < COACH_VERSION)
    out = out.sort_values(["engine_version", "coach_version"], ascending=False, kind="stable")
    return out[STALENESS_COLUMNS].reset_index(drop=True)


@dataclass(frozen=True)
class Recoached:
    """What became of one deal or evaluation: ``done``, ``current`` (nothing to do: up to date already,
    another process may have done it) or ``error`` (with the reason; nothing of it changed)."""

    what: str  # "deal" or "evaluation"
    id: int
    status: str
    reason: str = ""


def _retrying(work: Callable[[Connection], str], engine: Engine) -> str:
    """Run ``work`` in a write transaction, again when it fails for a passing reason."""
    writer = engine.execution_options(**WRITE)
    for attempt in range(ATTEMPTS):
        try:
            with writer.begin() as conn:
                return work(conn)
        except DBAPIError as exc:
            if not transient(exc) or attempt == ATTEMPTS - 1:
                raise
        time.sleep(random.uniform(0.02, 0.1) * (attempt + 1))
    raise AssertionError("unreachable")  # pragma: no cover


def _write(conn: Connection, deal_id: int, made: Derived) -> None:
    """The deal's derived rows, in the connection's transaction (its row locked)."""
    conn.execute(update(DEAL).where(DEAL.c.id == deal_id).values(made.deal))
    seat_values = [{"b_seat": s["seat"], **{k: v for k, v in s.items() if k != "seat"}} for s in made.seats]
    if seat_values:
        conn.execute(
            update(DEAL_SEAT)
            .where(DEAL_SEAT.c.deal_id == deal_id, DEAL_SEAT.c.seat == bindparam("b_seat"))
            .values({k: bindparam(k) for k in ("side", "place", "points")}),
            seat_values,
        )
    held = set(conn.execute(select(EVENT.c.idx).where(EVENT.c.deal_id == deal_id)).scalars())
    events = [dict(zip(EVENT_FIELDS, e, strict=True)) for e in made.events]
    changed = [{"b_idx": e["idx"], **{k: v for k, v in e.items() if k != "idx"}} for e in events if e["idx"] in held]
    if changed:
        conn.execute(
            update(EVENT)
            .where(EVENT.c.deal_id == deal_id, EVENT.c.idx == bindparam("b_idx"))
            .values({k: bindparam(k) for k in ("seat", "action", "cards", "legal", "rule")}),
            changed,
        )
    new = [{**e, "deal_id": deal_id} for e in events if e["idx"] not in held]
    if new:
        conn.execute(insert(EVENT), new)
    conn.execute(delete(FINDING).where(FINDING.c.deal_id == deal_id))
    if made.findings:
        conn.execute(insert(FINDING), [{**f, "deal_id": deal_id} for f in made.findings])


def recoach_deal(engine: Engine, deal_id: int, every: bool = False) -> Recoached:
    """Derive deal ``deal_id`` again from its stored log and store the rows, in one transaction (see the
    module). Without ``every`` a deal that is not stale (any more) is left as it is (``current``)."""
    with engine.connect() as conn:
        text = conn.execute(select(DEAL.c.log_json).where(DEAL.c.id == deal_id)).scalar()
    if text is None:
        return Recoached("deal", deal_id, "error", "no such deal")
    try:
        made = derive(parse_log(text, f"deal {deal_id}"))
    except (LogError, ProfileError) as exc:
        return Recoached("deal", deal_id, "error", f"its stored log cannot be read: {clip(str(exc))}")
    except Exception as exc:  # a bug the log uncovers: this deal only
        return Recoached("deal", deal_id, "error", f"internal error ({clip(f'{type(exc).__name__}: {exc}')})")

    def work(conn: Connection) -> str:
        if not lock_deal(conn, deal_id):
            return "error"
        if not every and not conn.execute(select(stale_deal()).where(DEAL.c.id == deal_id)).scalar():
            return "current"
        _write(conn, deal_id, made)
        return "done"

    status = _retrying(work, engine)
    return Recoached("deal", deal_id, status, "the deal was removed meanwhile" if status == "error" else "")


def recoach_evaluation(engine: Engine, evaluation_id: int, jobs: int = 0) -> Recoached:
    """Evaluate the deal of a stale stored evaluation again with the same settings, and store it (it
    replaces the old one: ``data.evaluations.save_evaluation``)."""
    from coach.evaluate import evaluate_replay
    from data.evaluations import save_evaluation, settings_from_key, stale_evaluation
    from replay.replay import Replay

    with engine.connect() as conn:
        row = conn.execute(
            select(EVALUATION.c.deal_id, EVALUATION.c.settings_key, DEAL.c.log_json, stale_evaluation().label("stale"))
            .join(DEAL, DEAL.c.id == EVALUATION.c.deal_id)
            .where(EVALUATION.c.id == evaluation_id)
        ).first()
    if row is None:
        return Recoached("evaluation", evaluation_id, "error", "no such evaluation")
    if not row.stale:
        return Recoached("evaluation", evaluation_id, "current")
    try:
        rep = Replay(parse_log(row.log_json, f"deal {row.deal_id}"))
        evaluation = evaluate_replay(rep, settings_from_key(row.settings_key), jobs=jobs)
    except Exception as exc:  # the log, the settings or the evaluation fails: this evaluation only
        return Recoached("evaluation", evaluation_id, "error", clip(f"{type(exc).__name__}: {exc}"))
    save_evaluation(engine, int(row.deal_id), evaluation)
    return Recoached("evaluation", evaluation_id, "done")


def recoach(
    engine: Engine,
    every: bool = False,
    progress: Progress | None = None,
    evaluations: bool = True,
    jobs: int = 0,
) -> list[Recoached]:
    """Recoach the stale deals (``every``: all), then (``evaluations``) evaluate the stale evaluations
    again; one ``Recoached`` per deal and evaluation. ``progress(done, total)`` after each."""
    from data.evaluations import stale_evaluation_ids

    todo: list[tuple[str, int]] = [("deal", i) for i in stale_deal_ids(engine, every)]
    if evaluations:
        todo += [("evaluation", i) for i in stale_evaluation_ids(engine)]
    out: list[Recoached] = []
    for k, (what, item) in enumerate(todo):
        out.append(recoach_deal(engine, item, every) if what == "deal" else recoach_evaluation(engine, item, jobs))
        if progress is not None:
            progress(k + 1, len(todo))
    return out


def stale_findings(engine: Engine, game: str | None = None) -> int:
    """How many stored findings (of ``game``) an older engine or coach made."""
    old = or_(FINDING.c.engine_version < ENGINE_VERSION, FINDING.c.coach_version < COACH_VERSION)
    stmt = select(func.count(FINDING.c.id)).where(old)
    if game:
        stmt = stmt.join(DEAL, and_(DEAL.c.id == FINDING.c.deal_id)).where(DEAL.c.game == game)
    with engine.connect() as conn:
        return int(conn.execute(stmt).scalar_one())


__all__ = ["Recoached", "recoach", "recoach_deal", "recoach_evaluation", "stale_deal_ids", "staleness"]
