"""The library's side of a season's evaluation run (``fupan evaluate``, ``cluster.season``; issue 39): which deals
still lack an evaluation, storing each result as it arrives, and the failures.

- ``pending(engine, settings, ...)``: the stored deals of a priced game that lack an evaluation of these settings made
  by the current engine and coach (``replay.version``, ``coach.version``), oldest first, each as what a worker needs:
  its id, game and canonical log text (no database handle crosses to a worker). ``every`` takes them all;
  ``deal_ids``, ``game`` and ``since`` (the log's date, ``YYYY-MM-DD``, from that day on) narrow them.
  ``count_pending``: how many, without reading a log.
- ``store_result(engine, deal_id, text)``: one transaction: the evaluation (its JSON text, ``Evaluation.to_json`` at
  full precision, as ``data.evaluations`` stores it) replaces one of the same deal and settings, and a failure
  recorded for them is cleared. Stored twice, it is one row (the upsert of ``save_evaluation``). False when the deal
  was deleted meanwhile (nothing stored). The text says which fupan made it (``made_by()``: the engine and coach
  versions, the digest of its code, the host); one made by other versions or other code than this process's is refused
  (``OtherVersion``): the library stamps a stored evaluation with the current versions, so a worker running another
  fupan must not be believed.
- ``record_failure(engine, deal_id, settings_key, reason)``: the deal's evaluation failed (one row per deal and
  settings, the latest reason); ``failures(engine, settings_key=None)``: those recorded, newest first.

A run interrupted at any moment loses only the deals in flight: each stored result is committed on its own, and a
rerun's ``pending`` no longer lists them.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import socket
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import and_, delete, exists, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from coach.games import priced_games
from coach.prices import Evaluation, Settings
from coach.version import COACH_VERSION
from data.database import WRITE, insert_ignore
from data.decisions import utc
from data.evaluations import save_evaluation, settings_key
from data.models import Deal, EvaluationFailure, EvaluationRow, table_of
from replay.core.errors import FupanError
from replay.version import ENGINE_VERSION

DEAL = table_of(Deal)
EVALUATION = table_of(EvaluationRow)
FAILURE = table_of(EvaluationFailure)
MAX_REASON = 2000  # the longest reason kept


class OtherVersion(FupanError, ValueError):
    """A result made by another engine or coach version than this process's (a worker with another fupan installed)."""


CODE_PACKAGES = ("replay", "coach", "cluster")  # the code a result is made with (``code_digest``)
CODE_SUFFIXES = (".py", ".toml", ".json")  # its sources, rule profiles and the tables it reads


@functools.cache
def code_digest() -> str:
    """A digest of the code this process prices with: every source, profile and table of ``CODE_PACKAGES`` (path and
    content; compiled modules come from the same sources). Two checkouts of the same commit agree; a worker whose code
    differs (another commit, a local edit) does not, even where the version numbers are the same."""
    digest = hashlib.sha256()
    for name in CODE_PACKAGES:
        root = Path(importlib.import_module(name).__file__ or "").parent
        files = sorted(p for p in root.rglob("*") if p.suffix in CODE_SUFFIXES and "__pycache__" not in p.parts)
        for path in files:
            digest.update(f"{name}/{path.relative_to(root).as_posix()}\0".encode())
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()[:16]


def made_by() -> dict[str, Any]:
    """Which fupan makes a result here: the engine and coach versions (read when called), the code's digest
    (``code_digest``) and the host."""
    from coach import version as coach_version
    from replay import version as engine_version

    return {"engine": engine_version.ENGINE_VERSION, "coach": coach_version.COACH_VERSION, "code": code_digest(),
            "host": socket.gethostname()}  # fmt: skip


def same_fupan(made: dict[str, Any], ours: dict[str, Any]) -> bool:
    """Whether two ``made_by`` say the same engine and coach versions and the same code (the host aside)."""
    return (made["engine"], made["coach"], made.get("code")) == (ours["engine"], ours["coach"], ours.get("code"))


def fupan_said(made: dict[str, Any]) -> str:
    """A ``made_by``'s fupan in words: its versions and its code's digest."""
    return f"engine {made['engine']}, coach {made['coach']}, code {made.get('code') or '(not said)'}"


def _verify_made_by(doc: dict[str, Any]) -> None:
    """Raise ``OtherVersion`` unless the result says it was made by this process's engine and coach versions and
    code."""
    made = doc.get("made_by")
    ours = made_by()
    if not isinstance(made, dict) or "engine" not in made or "coach" not in made:
        raise OtherVersion("the result does not say which fupan made it (an older worker?): not stored")
    if not same_fupan(made, ours):
        raise OtherVersion(
            f"made on {made.get('host', '?')} by {fupan_said(made)}; this library's fupan is {fupan_said(ours)}:"
            " install the same fupan on every worker. Not stored"
        )


@dataclass(frozen=True)
class Pending:
    """A deal to evaluate: its id, game and canonical log text."""

    deal_id: int
    game: str
    log_text: str


@dataclass(frozen=True)
class Failure:
    """A deal whose evaluation failed: the settings, why and when."""

    deal_id: int
    settings_key: str
    reason: str
    failed_at: datetime


def _current(key: str) -> Any:
    """True for a deal holding an evaluation of settings ``key`` made by the current engine and coach."""
    return exists().where(
        and_(
            EVALUATION.c.deal_id == DEAL.c.id,
            EVALUATION.c.settings_key == key,
            EVALUATION.c.engine_version >= ENGINE_VERSION,
            EVALUATION.c.coach_version >= COACH_VERSION,
        )
    )


def _pending_where(
    settings: Settings, every: bool, deal_ids: list[int] | None, game: str | None, since: str | None
) -> list[ColumnElement[bool]]:
    where: list[ColumnElement[bool]] = [DEAL.c.game.in_(priced_games())]
    if not every:
        where.append(~_current(settings_key(settings)))
    if deal_ids:
        where.append(DEAL.c.id.in_(sorted(set(deal_ids))))
    if game:
        where.append(DEAL.c.game == game)
    if since:
        where.append(DEAL.c.date >= since)
    return where


def pending(
    engine: Engine,
    settings: Settings,
    *,
    every: bool = False,
    deal_ids: list[int] | None = None,
    game: str | None = None,
    since: str | None = None,
) -> list[Pending]:
    """The deals to evaluate with ``settings`` (see the module's text), oldest first."""
    where = _pending_where(settings, every, deal_ids, game, since)
    stmt = select(DEAL.c.id, DEAL.c.game, DEAL.c.log_json).where(*where).order_by(DEAL.c.id)
    with engine.connect() as conn:
        return [Pending(int(i), str(g), str(text)) for i, g, text in conn.execute(stmt)]


def count_pending(engine: Engine, settings: Settings, *, game: str | None = None, since: str | None = None) -> int:
    """How many deals ``pending`` would give (one count; no log text read: the dashboard asks it every few seconds)."""
    stmt = select(func.count()).select_from(DEAL).where(*_pending_where(settings, False, None, game, since))
    with engine.connect() as conn:
        return int(conn.execute(stmt).scalar_one())


def store_result(engine: Engine, deal_id: int, text: str) -> bool:
    """Store an evaluation's JSON text for the deal and clear a failure of its settings, in one transaction; False
    when the deal is no longer in the library (nothing stored)."""
    doc = json.loads(text)
    _verify_made_by(doc)
    evaluation = Evaluation.from_json(doc)
    with Session(engine.execution_options(**WRITE)) as session:
        try:
            save_evaluation(session, deal_id, evaluation)
        except LookupError:
            session.rollback()
            return False
        key = settings_key(evaluation.settings)
        where = (FAILURE.c.deal_id == deal_id, FAILURE.c.settings_key == key)
        session.connection().execute(delete(FAILURE).where(*where))
        session.commit()
    return True


def record_failure(engine: Engine, deal_id: int, key: str, reason: str) -> None:
    """Record that the deal's evaluation with settings ``key`` failed (replacing an earlier failure's reason)."""
    values = {
        "deal_id": int(deal_id),
        "settings_key": key,
        "reason": reason[:MAX_REASON],
        "failed_at": datetime.now(UTC),
        "engine_version": ENGINE_VERSION,
        "coach_version": COACH_VERSION,
    }
    with engine.execution_options(**WRITE).begin() as conn:
        if conn.execute(select(DEAL.c.id).where(DEAL.c.id == deal_id)).scalar() is None:
            return  # deleted meanwhile: nothing to record it on
        conn.execute(delete(FAILURE).where(FAILURE.c.deal_id == deal_id, FAILURE.c.settings_key == key))
        insert_ignore(conn, FAILURE, values, ("deal_id", "settings_key"))


def failures(engine: Engine, key: str | None = None) -> list[Failure]:
    """The failures recorded (of settings ``key`` only, when given), newest first."""
    stmt = select(FAILURE.c.deal_id, FAILURE.c.settings_key, FAILURE.c.reason, FAILURE.c.failed_at)
    if key is not None:
        stmt = stmt.where(FAILURE.c.settings_key == key)
    with engine.connect() as conn:
        rows = conn.execute(stmt.order_by(FAILURE.c.failed_at.desc(), FAILURE.c.id.desc())).all()
    return [Failure(int(d), str(k), str(r), utc(at)) for d, k, r, at in rows]
