"""The mistakes per player over the stored deals, counted by each move's one judgement (``coach.judgement.judge``,
docs/coach.md "One judgement per move"), as the Coach page judges them.

A finding counts as a mistake when its move's judgement says so (``Judgement.is_mistake``): a rule violation, or a
loss the price grades a mistake or a blunder. A saying the price overrules or cannot tell apart, a hint, a finding
on trial and a finding no evaluation priced are not mistakes, whatever severity the unpriced coach gave them.

- A deal with no stored evaluation: every move is unpriced, so its mistakes are its violation findings (``judge``
  with no price says "violation" for a move with a violation finding; an illegal event has no other finding, the
  coach reads no maxim on it). Counted in SQL, over the findings' index.
- A deal with a stored evaluation (its latest, as the Coach page prices it): its stored findings are judged with
  the evaluation's decisions, event by event, and a decision graded a mistake or a blunder that no finding speaks
  to counts too (the Coach page shows it as a finding of the kind "evaluation", ``coach.coach.weak_choice``).
  Evaluations are few (rollouts are slow): their decisions are read once per process and evaluation
  (``_DECISIONS``).

``player_mistakes(engine, game)``: per player, ``deals`` sat in, ``mistakes`` and ``per_deal``.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pandas as pd
from sqlalchemy import func, select
from sqlalchemy.engine import Engine

from coach.findings import Evidence, Finding
from coach.judgement import judge
from coach.prices import Decision, Evaluation
from data.evaluations import latest_ids
from data.models import Deal, DealSeat, EvaluationRow, FindingRow, Player, table_of

DEAL = table_of(Deal)
DEAL_SEAT = table_of(DealSeat)
EVALUATION = table_of(EvaluationRow)
FINDING = table_of(FindingRow)
PLAYER = table_of(Player)
MISTAKE_COLUMNS = ["player", "deals", "mistakes", "per_deal"]
MEMO_SIZE = 1024  # evaluations whose decisions a process keeps

_DECISIONS: dict[tuple[int, str], dict[int, Decision] | None] = {}


def _seats_named(stmt: Any, base: Any, game: str | None) -> Any:
    """``stmt`` over the rows of ``base`` (``deal_seat``, or ``finding`` joined to its seat) on a named player's
    seat, limited to the deals of ``game``."""
    stmt = stmt.select_from(base)
    if base is not DEAL_SEAT:
        stmt = stmt.join(DEAL_SEAT, (DEAL_SEAT.c.deal_id == base.c.deal_id) & (DEAL_SEAT.c.seat == base.c.seat))
    stmt = stmt.join(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
    return stmt.join(DEAL, DEAL.c.id == base.c.deal_id).where(DEAL.c.game == game) if game else stmt


def _finding(row: Any) -> Finding:
    """A stored finding, as ``judge`` reads it (its kind, severity, maxim, messages and evidence)."""
    try:
        doc = json.loads(row.evidence_json or "{}")
    except ValueError:
        doc = {}
    doc = doc if isinstance(doc, dict) else {}
    facts = doc.get("facts") if isinstance(doc.get("facts"), dict) else {}
    instead = tuple(str(c) for c in doc.get("instead") or () if isinstance(c, str))
    return Finding(
        index=row.idx,
        seat=row.seat,
        kind=row.kind,
        severity=row.severity,
        message_zh=row.message_zh,
        message_en=row.message_en,
        rule=row.rule,
        maxim=row.maxim,
        evidence=Evidence(instead=instead, facts=dict(facts or {})),
    )


def _decisions(evaluation_id: int, stamp: str, text: str) -> dict[int, Decision] | None:
    """The decisions of a stored evaluation by event (None: it cannot be read; its deal counts unpriced)."""
    key = (evaluation_id, stamp)
    if key not in _DECISIONS:
        try:
            _DECISIONS[key] = {d.index: d for d in Evaluation.from_json(json.loads(text)).decisions}
        except Exception:  # a KeyError, TypeError, ValueError or the log reader's error, as load_evaluation's
            _DECISIONS[key] = None
        while len(_DECISIONS) > MEMO_SIZE:
            del _DECISIONS[next(iter(_DECISIONS))]
    return _DECISIONS[key]


def judged_mistakes(findings: list[Finding], decisions: dict[int, Decision]) -> Counter[int]:
    """The mistakes of one priced deal per seat: its findings judged move by move (``judge`` of the findings at an
    event with its decision; a finding of the whole deal alone, with no price), and each decision graded a mistake
    or a blunder that no finding speaks to."""
    at: dict[int, list[Finding]] = {}
    out: Counter[int] = Counter()
    for f in findings:
        if f.index is None:
            out[f.seat if f.seat is not None else -1] += judge([f], None).is_mistake
        else:
            at.setdefault(f.index, []).append(f)
    for i, fs in at.items():
        j = judge(fs, decisions.get(i))
        for f in fs:
            out[f.seat if f.seat is not None else -1] += j.is_mistake
    for i, d in decisions.items():
        if i not in at:
            out[d.seat] += judge((), d).is_mistake
    return out


def _priced(engine: Engine, game: str | None) -> dict[int, dict[int, Decision]]:
    """The decisions of each deal's latest evaluation (of ``game``) that can be read, by deal id (the evaluation's
    text read only for one not yet kept)."""
    stmt = select(EVALUATION.c.id, EVALUATION.c.deal_id, EVALUATION.c.created_at).where(
        EVALUATION.c.id.in_(latest_ids())
    )
    if game:
        stmt = stmt.join(DEAL, DEAL.c.id == EVALUATION.c.deal_id).where(DEAL.c.game == game)
    with engine.connect() as conn:
        latest = [(int(i), int(d), str(at)) for i, d, at in conn.execute(stmt).all()]
        todo = [i for i, _d, at in latest if (i, at) not in _DECISIONS]
        texts = (
            dict(
                conn.execute(
                    select(EVALUATION.c.id, EVALUATION.c.evaluation_json).where(EVALUATION.c.id.in_(todo))
                ).all()
            )
            if todo
            else {}
        )
    out = {}
    for i, deal_id, at in latest:
        found = _decisions(i, at, texts.get(i, ""))
        if found is not None:
            out[deal_id] = found
    return out


def player_mistakes(engine: Engine, game: str | None = None) -> pd.DataFrame:
    """Per player (by name; seats without one left out), over the stored deals (of ``game``): ``deals`` sat in,
    ``mistakes`` (findings whose move's one judgement is a rule violation, a mistake or a blunder) and ``per_deal``."""
    priced = _priced(engine, game)
    sat = _seats_named(select(PLAYER.c.name, func.count(DEAL_SEAT.c.id)), DEAL_SEAT, game)
    plain = _seats_named(select(PLAYER.c.name, func.count(FINDING.c.id)), FINDING, game)
    plain = plain.where(FINDING.c.kind == "violation")  # a deal no evaluation priced: its violations
    if priced:
        plain = plain.where(FINDING.c.deal_id.not_in(list(priced)))
    with engine.connect() as conn:
        deals = {str(p): int(n) for p, n in conn.execute(sat.group_by(PLAYER.c.name)).all()}
        mistakes = Counter({str(p): int(n) for p, n in conn.execute(plain.group_by(PLAYER.c.name)).all()})
        if priced:
            found = conn.execute(select(FINDING).where(FINDING.c.deal_id.in_(list(priced)))).all()
            names = conn.execute(
                select(DEAL_SEAT.c.deal_id, DEAL_SEAT.c.seat, PLAYER.c.name)
                .join(PLAYER, PLAYER.c.id == DEAL_SEAT.c.player_id)
                .where(DEAL_SEAT.c.deal_id.in_(list(priced)))
            ).all()
    if priced:
        player = {(int(d), int(s)): str(n) for d, s, n in names}
        by_deal: dict[int, list[Finding]] = {d: [] for d in priced}
        for row in found:
            by_deal[int(row.deal_id)].append(_finding(row))
        for deal_id, findings in by_deal.items():
            for seat, n in judged_mistakes(findings, priced[deal_id]).items():
                if (deal_id, seat) in player:
                    mistakes[player[(deal_id, seat)]] += n
    out = pd.DataFrame(
        [(p, n, mistakes.get(p, 0)) for p, n in sorted(deals.items())], columns=["player", "deals", "mistakes"]
    )
    out = out.astype({"deals": int, "mistakes": int})
    out["per_deal"] = (out["mistakes"] / out["deals"].where(out["deals"] > 0)).astype(float)
    return out[MISTAKE_COLUMNS]
