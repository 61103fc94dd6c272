"""Findings: what the coach says about one deal, each with its evidence, and their summary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from coach.grades import SERIOUS
from replay.climbing.state import State
from replay.core.numbering import event_number
from replay.core.verdicts import Verdict

KINDS = ("violation", "maxim", "note", "evaluation")  # evaluation: a weak choice priced by rollouts
SEVERITIES = ("violation", "mistake", "hint", "trial")  # trial: a maxim hint the study measured to cost points


#: the kinds of a move's one judgement (``coach.judgement.judge``, which says when each is given)
JUDGEMENT_KINDS = ("unpriced", "sound", "graded", "uncertain", "overruled", "violation")
UNPRICED_ZH, UNPRICED_EN = "未估价", "not priced"


@dataclass(frozen=True)
class Judgement:
    """A move's one judgement: its kind (``JUDGEMENT_KINDS``), the grade (None: none earned, or not priced), the saying
    that spoke (if any), the price difference in points (the option priced better minus the other; None where
    not priced) with its standard error, the one severity shown (None: nothing to flag) and the texts."""

    kind: str
    grade: str | None
    saying: str | None
    diff: float | None
    se: float | None
    severity: str | None
    zh: str
    en: str
    #: the graver serious grade the price leaves open (``coach.grades.undecided``): the rollouts ran out first
    undecided: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in JUDGEMENT_KINDS:
            raise ValueError(f"judgement kind {self.kind!r}: expected one of {JUDGEMENT_KINDS}")

    def text(self, lang: str) -> str:
        """The text in ``lang`` ("zh" or "en")."""
        return self.zh if lang == "zh" else self.en

    @property
    def is_mistake(self) -> bool:
        """Whether the move is a mistake by this judgement: a rule violation, or a loss the price grades a mistake or
        a blunder (never a saying the price overrules or cannot tell apart, nor an unpriced move)."""
        return self.kind == "violation" or (self.kind == "graded" and self.grade in SERIOUS)

    def to_json(self) -> dict[str, Any]:
        """The judgement in ``fupan coach --json`` (under a finding's ``judgement``)."""
        return {
            "kind": self.kind,
            "grade": self.grade,
            "saying": self.saying,
            "diff": None if self.diff is None else round(self.diff, 3),
            "se": None if self.se is None else round(self.se, 3),
            "severity": self.severity,
            "zh": self.zh,
            "en": self.en,
            "undecided": self.undecided,
        }


@dataclass(frozen=True)
class Evidence:
    """What the seat held, what was on the table (and whose), what it did and what it could have done."""

    held: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    table_seat: int | None = None
    did: str = ""
    did_cards: tuple[str, ...] = ()
    instead: tuple[str, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The evidence as JSON."""
        return {
            "held": list(self.held),
            "table": {"seat": self.table_seat, "cards": list(self.table)},
            "did": {"action": self.did, "cards": list(self.did_cards)},
            "instead": list(self.instead),
            **({"facts": dict(self.facts)} if self.facts else {}),
        }


@dataclass(frozen=True)
class Finding:
    """One finding: at event ``index`` (None for the whole deal), by ``seat`` (None for a team)."""

    index: int | None
    seat: int | None
    kind: str
    severity: str
    message_zh: str
    message_en: str
    rule: str | None = None
    maxim: str | None = None
    evidence: Evidence = field(default_factory=Evidence)
    seats: tuple[int, ...] = ()  # the team, for a team-level finding
    from_seeds: bool = True
    price: dict[str, Any] | None = None  # the decision's price by rollouts (coach.evaluate), when evaluated
    #: a maxim finding's worth in the study (``coach.effects.worth``: status, mean, 95% CI, sentence)
    worth: dict[str, Any] | None = None
    #: a maxim finding's status: "advice", or "on-trial" when the study measured the maxim to cost points
    status: str | None = None
    #: the study's question the finding asks, for a maxim asked in parts ("answer", "cards"; ``coach.learners``)
    question: str | None = None
    #: the move's one judgement, where an evaluation was given (``coach.judgement.judge``: the price decides)
    judgement: Judgement | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind {self.kind!r}: expected one of {KINDS}")
        if self.severity not in SEVERITIES:
            raise ValueError(f"severity {self.severity!r}: expected one of {SEVERITIES}")

    @property
    def told_judgement(self) -> Judgement | None:
        """The judgement a report shows beside this finding: its move's, none beside the evaluation's own finding
        (its message is the judgement)."""
        return None if self.kind == "evaluation" else self.judgement

    @property
    def unpriced(self) -> bool:
        """Whether a report says "not priced" beside this finding: a move's finding (not a violation, not the
        evaluation's own, not one on the whole deal) at an event no evaluation priced."""
        return self.judgement is None and self.index is not None and self.kind not in ("violation", "evaluation")

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan coach --json``."""
        return {
            "index": self.index,
            "event": None if self.index is None else event_number(self.index),
            "seat": self.seat,
            "kind": self.kind,
            "rule": self.rule,
            "maxim": self.maxim,
            "severity": self.severity,
            "message_zh": self.message_zh,
            "message_en": self.message_en,
            "evidence": self.evidence.to_json(),
            **({"seats": list(self.seats)} if self.seats else {}),
            "from_seeds": self.from_seeds,
            **({"price": dict(self.price)} if self.price is not None else {}),
            **({"worth": dict(self.worth)} if self.worth is not None else {}),
            **({"status": self.status} if self.status is not None else {}),
            **({"judgement": self.judgement.to_json()} if self.judgement is not None else {}),
        }


def violation_of(v: Verdict, evidence: Evidence, maxim: str | None = None) -> Finding:
    """The finding for a verdict that found a rule broken (an event's, or the deal's or its claimed result's)."""
    return Finding(
        index=v.index,
        seat=v.seat,
        kind="violation",
        severity="violation",
        message_zh=v.message_zh,
        message_en=v.message_en,
        rule=v.rule,
        maxim=maxim,
        evidence=evidence,
    )


def cap_severity(severity: str, sureness: str) -> str:
    """An unsure or disputed reading gives at most a hint."""
    if sureness in ("unsure", "disputed") and severity != "violation":
        return "hint"
    return severity


def summarize(findings: list[Finding], n_seats: int, teams: list[tuple[int, ...]]) -> dict[str, Any]:
    """Findings counted per seat and per team: by kind, by severity, by maxim."""

    def count(fs: list[Finding]) -> dict[str, Any]:
        return {
            "total": len(fs),
            "by_kind": dict(Counter(f.kind for f in fs)),
            "by_severity": dict(Counter(f.severity for f in fs)),
            "by_maxim": dict(Counter(f.maxim for f in fs if f.maxim)),
            "by_rule": dict(Counter(f.rule for f in fs if f.rule)),
        }

    seats = {str(s): count([f for f in findings if f.seat == s]) for s in range(n_seats)}
    team_rows = [
        {"seats": list(t), **count([f for f in findings if f.seat in t or (f.seats and set(f.seats) == set(t))])}
        for t in teams
    ]
    return {"seats": seats, "teams": team_rows, "all": count(findings)}


def climbing_table(st: State) -> tuple[tuple[str, ...], int | None]:
    """The set on a climbing game's table as a finding shows it: its cards, and the seat that played it (None on an
    empty table)."""
    return tuple(c.token for c in st.table_cards), st.owner if st.table is not None else None
