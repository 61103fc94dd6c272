"""The values of an evaluation: its settings, each candidate's expected points, the losses, the priced decisions
and the whole deal's evaluation, and a certain error (``Certain``, found by ``coach.certain``), with their JSON
(``fupan coach --evaluate --json``, the stored evaluations). ``coach.evaluate`` makes them by rollouts; everything
here is plain data."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from coach.grades import GRADES, accuracy, decision_accuracy, grade, undecided
from replay.core.errors import FupanError
from replay.core.events import Event
from replay.formats.event_json import event_from_json

DEFAULT_ROLLOUTS = 20
EXTENSION = 4  # a view may reach this many times ``rollouts`` while a serious threshold lies inside a loss's interval
DEFAULT_MAX_ROLLOUTS = EXTENSION * DEFAULT_ROLLOUTS
DEFAULT_CANDIDATES = 4
ROLLOUT_NOISE = 0.08  # the all view's: one world, the policy's random moves its only spread
SEAT_NOISE = 0.0  # the seat view's: the sampled worlds are the spread; random moves only added to it
SAMPLINGS = ("inference", "uniform")
DEFAULT_SAMPLING = "uniform"  # inference did not lower the seat view's regret in 够级 or 保皇 (docs/evaluation.md)
VARIANCE_FLOOR = 1.0  # point²: a loss's standard error is at least sqrt(1 / n), however alike the rollouts


class Wait(Event):
    """Not burning: a burner lets play go on. A candidate of a burn decision, never an event of a log (an event
    of its own class: equal, hashed and shown as the log's events are, ``replay.core.events``)."""

    __slots__ = ()
    action: ClassVar[str] = "wait"


class EvaluationUnsupported(FupanError):
    """The game of the log has no rollout policy (a game whose coach does not price, as a new climbing game)."""


class EvaluationError(FupanError, RuntimeError):
    """The rollout policy made a move the engine refused: a bug, never bad input."""


@dataclass(frozen=True)
class Settings:
    """How hard to look: rollouts per candidate and view (``rollouts`` at least, up to ``max_rollouts``, by default
    ``EXTENSION`` times as many, while a serious threshold lies inside the loss's interval: ``coach.evaluate``), candidates per decision, seed, the
    rollout policy's chance of a random move (``noise`` in the all view, ``seat_noise`` in the seat view), and how
    the seat view's worlds are drawn (``sampling``: "inference", weighted by the others' play, ``coach.inference``;
    or "uniform" over the deals that fit the public facts)."""

    rollouts: int = DEFAULT_ROLLOUTS
    max_candidates: int = DEFAULT_CANDIDATES
    seed: int = 0
    noise: float = ROLLOUT_NOISE
    views: tuple[str, ...] = ("seat", "all")
    sampling: str = DEFAULT_SAMPLING
    seat_noise: float = SEAT_NOISE
    max_rollouts: int = 0  # 0: ``EXTENSION`` times ``rollouts``

    def __post_init__(self) -> None:
        if self.rollouts < 2:
            raise ValueError(f"rollouts must be at least 2 (got {self.rollouts})")
        if self.max_candidates < 2:
            raise ValueError(f"max_candidates must be at least 2 (got {self.max_candidates})")
        bad = [v for v in self.views if v not in ("seat", "all")]
        if bad:
            raise ValueError(f"unknown view {bad[0]!r} (expected 'seat' or 'all')")
        if self.sampling not in SAMPLINGS:
            raise ValueError(f"unknown sampling {self.sampling!r} (expected {' or '.join(map(repr, SAMPLINGS))})")
        if self.max_rollouts < 0:
            raise ValueError(f"max_rollouts must be 0 (the default budget) or more (got {self.max_rollouts})")
        if self.max_rollouts == 0:
            object.__setattr__(self, "max_rollouts", EXTENSION * self.rollouts)  # frozen: resolved once, here
        for name, value in (("noise", self.noise), ("seat_noise", self.seat_noise)):
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be within 0 and 1 (got {value})")

    @property
    def budget(self) -> int:
        """The most rollouts a view runs: ``max_rollouts``, or ``rollouts`` where that is more."""
        return max(self.rollouts, self.max_rollouts)

    def noise_in(self, view: str) -> float:
        """The rollout policy's noise in ``view`` ("seat" or "all")."""
        return self.seat_noise if view == "seat" else self.noise

    def rng(self, *key: Any) -> random.Random:
        """The random source of one draw of a run: seeded by ``seed`` and the ``key`` (the event index, the view,
        the world or rollout number), so a draw does not depend on which process makes it."""
        return random.Random(":".join(map(str, (self.seed, *key))))

    def to_json(self) -> dict[str, Any]:
        """The ``settings`` object of ``Evaluation.to_json``."""
        return {
            "rollouts": self.rollouts,
            "max_candidates": self.max_candidates,
            "seed": self.seed,
            "noise": self.noise,
            "views": list(self.views),
            "sampling": self.sampling,
            "seat_noise": self.seat_noise,
            "max_rollouts": self.max_rollouts,
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Settings:
        """The settings ``to_json`` wrote, as they were made: without ``noise`` (written before it was kept) 0.08,
        without ``sampling`` (written before inference) "uniform", without ``seat_noise`` (written before the views
        had their own) ``noise``, without ``max_rollouts`` (written before rollouts were added) ``rollouts``."""
        rollouts = int(doc["rollouts"])
        noise = float(doc.get("noise", ROLLOUT_NOISE))
        return cls(
            rollouts=rollouts,
            max_candidates=int(doc["max_candidates"]),
            seed=int(doc["seed"]),
            noise=noise,
            views=tuple(str(v) for v in doc["views"]),
            sampling=str(doc.get("sampling", "uniform")),
            seat_noise=float(doc.get("seat_noise", noise)),
            max_rollouts=int(doc.get("max_rollouts", rollouts)),
        )


#: the kinds of certain error (``coach.certain`` finds them): zh and en
KINDS: Mapping[str, tuple[str, str]] = {
    "pass-out": ("有牌能走却不走", "passed when the whole hand could be played out"),
    "pass-sweep": ("放走串三户", "let the 串三户 happen when a play over the last card was legal"),
    "kou-lead": ("扣了能赢的牌", "closed the round for an opponent with a winning play in hand"),
}


@dataclass(frozen=True)
class Certain:
    """A decision that is an error by what the seat knew: its ``kind`` (a key of ``KINDS``) and a legal
    choice that was certainly better (``better``, one of the seat's options then)."""

    kind: str
    better: Event

    @property
    def zh(self) -> str:
        """What went wrong, in Chinese."""
        return KINDS[self.kind][0]

    @property
    def en(self) -> str:
        """What went wrong, in English."""
        return KINDS[self.kind][1]

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "zh", "en", "better"}`` (the texts are derived from the kind)."""
        return {"kind": self.kind, "zh": self.zh, "en": self.en, "better": self.better.to_json()}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any], index: int, n_seats: int) -> Certain:
        """The value ``to_json`` wrote (``index`` names the decision's event in an error)."""
        kind = str(doc["kind"])
        if kind not in KINDS:
            raise ValueError(f"event {index}: unknown kind of certain error {kind!r}")
        return cls(kind, event_from_json(doc["better"], index, n_seats))


@dataclass(frozen=True)
class Value:
    """Expected points: the mean over ``n`` rollouts and its standard error."""

    mean: float
    se: float
    n: int

    def to_json(self) -> dict[str, Any]:
        """``{"mean", "se", "n"}`` rounded to 3 decimals."""
        return {"mean": round(self.mean, 3), "se": round(self.se, 3), "n": self.n}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Value:
        """The value ``to_json`` wrote."""
        return cls(float(doc["mean"]), float(doc["se"]), int(doc["n"]))


def stats(xs: Sequence[float]) -> Value:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return Value(mean, math.sqrt(var / n), n)


@dataclass(frozen=True)
class Candidate:
    """One option of a decision and its values per view (None where the view was not built)."""

    event: Event
    actual: bool
    policy: bool
    values: dict[str, Value]

    def label(self) -> str:
        """The option as text: ``play 9S 9H``, ``pass``."""
        cards = " ".join(c.token for c in self.event.cards)
        return f"{self.event.action} {cards}".strip()

    def to_json(self) -> dict[str, Any]:
        """The candidate in ``coach --evaluate --json``."""
        return {
            "event": self.event.to_json(),
            "label": self.label(),
            "actual": self.actual,
            "policy": self.policy,
            "values": {k: v.to_json() for k, v in self.values.items()},
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any], n_seats: int, index: int = 0) -> Candidate:
        """The candidate ``to_json`` wrote (``label`` is derived); ``n_seats`` checks the event's seat,
        ``index`` (the decision's event) names it in an error."""
        raw = doc["event"]
        event = Wait(int(raw["seat"])) if raw.get("action") == Wait.action else event_from_json(raw, index, n_seats)
        return cls(
            event,
            bool(doc["actual"]),
            bool(doc["policy"]),
            {str(k): Value.from_json(v) for k, v in doc["values"].items()},
        )


@dataclass(frozen=True)
class Loss:
    """Best candidate's value minus the actual choice's, in one view, with the paired standard error."""

    best: int  # index of the best candidate
    loss: float
    se: float

    def to_json(self) -> dict[str, Any]:
        """``{"best", "loss", "se"}``."""
        return {"best": self.best, "loss": round(self.loss, 3), "se": round(self.se, 3)}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Loss:
        """The loss ``to_json`` wrote."""
        return cls(int(doc["best"]), float(doc["loss"]), float(doc["se"]))


@dataclass(frozen=True)
class Decision:
    """A priced decision: event index, seat, candidates, losses per view, grade and accuracy."""

    index: int
    seat: int
    candidates: tuple[Candidate, ...]
    losses: dict[str, Loss]
    notes: tuple[str, ...] = ()
    #: an error by what the seat knew, whatever the rollouts say (``coach.certain``): said, graded by its loss only
    certain: Certain | None = None
    #: the points of the game's value that make one point of the grades' thresholds (``GameCoach.grade_unit``)
    unit: float = 1.0

    @property
    def actual(self) -> Candidate:
        """The choice made."""
        return next(c for c in self.candidates if c.actual)

    @property
    def view(self) -> str:
        """The view the grade is taken from: the seat's own, else all cards known."""
        return "seat" if "seat" in self.losses else "all"

    @property
    def loss(self) -> Loss:
        """The loss in the grading view."""
        return self.losses[self.view]

    def grade_in(self, view: str) -> str | None:
        """The grade in one view (None where the view was not built): from its loss and its standard
        error alone (a certain error is said beside it, never graded beyond what its loss earns: docs/coach.md,
        "one judgement per move")."""
        loss = self.losses.get(view)
        if loss is None:
            return None
        return grade(loss.loss, loss.se, self.unit)

    @property
    def grade(self) -> str | None:
        """``inaccuracy`` / ``mistake`` / ``blunder`` or None, in the grading view."""
        return self.grade_in(self.view)

    def undecided_in(self, view: str) -> str | None:
        """The graver serious grade one view's loss leaves open (``coach.grades.undecided``), or None."""
        loss = self.losses.get(view)
        return None if loss is None else undecided(loss.loss, loss.se, self.unit)

    @property
    def undecided(self) -> str | None:
        """The graver serious grade the grading view leaves open: the rollouts ran out before telling."""
        return self.undecided_in(self.view)

    @property
    def accuracy(self) -> float:
        """Accuracy of this decision in percent (from its loss, like its grade)."""
        return decision_accuracy(self.loss.loss, self.loss.se, self.unit)

    def to_json(self) -> dict[str, Any]:
        """The decision in ``coach --evaluate --json``."""
        return {
            "index": self.index,
            "seat": self.seat,
            "view": self.view,
            "grade": self.grade,
            "accuracy": round(self.accuracy, 1),
            "losses": {k: v.to_json() for k, v in self.losses.items()},
            "candidates": [c.to_json() for c in self.candidates],
            "notes": list(self.notes),
            "grades": {k: self.grade_in(k) for k in self.losses},
            "undecided": {k: self.undecided_in(k) for k in self.losses},
            "certain": None if self.certain is None else self.certain.to_json(),
            "unit": self.unit,
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any], n_seats: int) -> Decision:
        """The decision ``to_json`` wrote (``view``, ``grade`` and ``accuracy`` are derived from the losses)."""
        index = int(doc["index"])
        return cls(
            index,
            int(doc["seat"]),
            tuple(Candidate.from_json(c, n_seats, index) for c in doc["candidates"]),
            {str(k): Loss.from_json(v) for k, v in doc["losses"].items()},
            tuple(str(n) for n in doc.get("notes", ())),
            None if doc.get("certain") is None else Certain.from_json(doc["certain"], index, n_seats),
            float(doc.get("unit", 1.0)),  # written before the games had units: every game's was 1
        )


@dataclass(frozen=True)
class Evaluation:
    """Every priced decision of a deal, the settings, and what it cost."""

    decisions: tuple[Decision, ...]
    settings: Settings
    n_seats: int
    rollouts_done: int
    seconds: float
    skipped: tuple[tuple[int, str], ...] = field(default=())

    def at(self, index: int) -> Decision | None:
        """The decision at an event index, if priced."""
        return next((d for d in self.decisions if d.index == index), None)

    def seat_summary(self) -> list[dict[str, Any]]:
        """Per seat: decisions priced, accuracy, and how many of each grade."""
        out = []
        for s in range(self.n_seats):
            mine = [d for d in self.decisions if d.seat == s]
            acc = accuracy(d.accuracy for d in mine)
            row: dict[str, Any] = {
                "seat": s,
                "decisions": len(mine),
                "accuracy": None if acc is None else round(acc, 1),
            }
            for g in GRADES:
                row[g] = sum(d.grade == g for d in mine)
            row["lost"] = round(sum(max(0.0, d.loss.loss) for d in mine if d.grade), 2)
            out.append(row)
        return out

    def to_json(self) -> dict[str, Any]:
        """The stable JSON of ``fupan coach --evaluate --json`` (under the key ``evaluation``)."""
        return {
            "settings": self.settings.to_json(),
            "rollouts_done": self.rollouts_done,
            "seconds": round(self.seconds, 2),
            "seats": self.seat_summary(),
            "decisions": [d.to_json() for d in self.decisions],
            "skipped": [{"index": i, "why": why} for i, why in self.skipped],
        }

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Evaluation:
        """The evaluation ``to_json`` wrote. The seat count is that of ``seats``; the seat summary, grades and
        accuracies are derived again from the losses: from ``to_json``'s numbers, rounded to 3 decimals, a loss
        within 0.001 of a grade's threshold may grade otherwise (``data.evaluations`` stores them unrounded, and
        its round trip is exact). The settings as ``Settings.from_json`` reads them."""
        settings = Settings.from_json(doc["settings"])
        n_seats = len(doc["seats"])
        return cls(
            tuple(Decision.from_json(d, n_seats) for d in doc["decisions"]),
            settings,
            n_seats,
            int(doc["rollouts_done"]),
            float(doc["seconds"]),
            tuple((int(k["index"]), str(k["why"])) for k in doc.get("skipped", ())),
        )
