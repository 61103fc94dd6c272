"""Grades of a priced decision and the accuracy of a seat over a deal.

- **Loss**: the expected points of the best candidate minus those of the choice made, in the seat's
  own view (hidden hands sampled), or with all cards known where the seat's view cannot be built; its
  standard error is that of the paired differences over the rollouts (taken as at least ``1 / sqrt(n)`` point,
  so a few identical rollouts do not pass for certainty).
- **Grade**: the band that the loss's lower bound, ``loss - SIGNIFICANCE * se``, reaches: ``inaccuracy`` from
  0.5 point, ``mistake`` from 1.5, ``blunder`` from 3. A grade says what the numbers support (the choice lost at
  least that much, about 98 % one-sided), never more: a loss of 2.0 ± 0.4 is an inaccuracy (its lower bound 1.2),
  a loss within the noise no grade at all. Read off the point estimate instead, a grade flips from one run to the
  next wherever a loss sits within its noise of a threshold (docs/evaluation.md, "Do the grades hold on a rerun?").
- **Undecided**: where the loss's upper bound, ``loss + SIGNIFICANCE * se``, reaches a graver serious grade
  (``mistake`` or ``blunder``) than the one given, the decision is *undecided* (``undecided``): the rollouts
  (``coach.evaluate`` adds them while a serious threshold lies inside the interval) ran out before telling, and the
  learner is told so instead of a grade the numbers do not support.
- A point is one point of the game's score: in 够级 the team's net points of the deal (places 4, 2, 0, 0, -2, -4
  summed, doubled for 串三户), in 保皇 the seat's own points; a game whose value is on another scale says how much
  of it makes one point of the thresholds (``GameCoach.grade_unit``, every function's ``unit``: 升级's value is in
  levels, and a quarter of a level, 10 card points, is its unit: a mistake there is 3/8 of a level).
- **Accuracy** of one decision: ``100 * exp(-loss / 2)`` (a loss within ``SIGNIFICANCE`` standard errors counts
  as 0), so 0.5 point lost gives 78 %, 1.5 gives 47 %, 3 gives 22 %. A seat's accuracy over a deal is the mean
  over its priced decisions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

INACCURACY, MISTAKE, BLUNDER = 0.5, 1.5, 3.0
SIGNIFICANCE = 2.0  # standard errors either side of a loss: its interval
ACCURACY_SCALE = 2.0  # points of loss that cut accuracy by a factor e

GRADES = ("inaccuracy", "mistake", "blunder")
GRADE_ZH = {"inaccuracy": "欠佳", "mistake": "失误", "blunder": "大错"}
SERIOUS = ("mistake", "blunder")
SERIOUS_THRESHOLDS = (MISTAKE, BLUNDER)  # the thresholds rollouts are added to settle (``coach.evaluate``)


def band(points: float) -> str | None:
    """The grade of a loss known exactly: None below ``INACCURACY``."""
    if points >= BLUNDER:
        return "blunder"
    if points >= MISTAKE:
        return "mistake"
    if points >= INACCURACY:
        return "inaccuracy"
    return None


def interval(loss: float, se: float, unit: float = 1.0) -> tuple[float, float]:
    """The loss's interval, in points of the thresholds (``unit`` of the game's value each): ``SIGNIFICANCE``
    standard errors either side."""
    return (loss - SIGNIFICANCE * se) / unit, (loss + SIGNIFICANCE * se) / unit


def counted_loss(loss: float, se: float, unit: float = 1.0) -> float:
    """The loss that counts for accuracy, in points of the thresholds: 0 when it is within ``SIGNIFICANCE`` standard
    errors of no loss."""
    if loss <= 0 or loss <= SIGNIFICANCE * se:
        return 0.0
    return loss / unit


def grade(loss: float, se: float, unit: float = 1.0) -> str | None:
    """``inaccuracy`` / ``mistake`` / ``blunder`` for a loss in points, or None: the band its lower bound reaches."""
    return band(interval(loss, se, unit)[0])


def undecided(loss: float, se: float, unit: float = 1.0) -> str | None:
    """The gravest serious grade (``mistake`` or ``blunder``) the loss's interval leaves open beyond its ``grade``,
    or None where the interval settles it: a loss of 1.2 ± 0.5 is no grade, undecided "mistake"."""
    low, high = interval(loss, se, unit)
    worst = band(high)
    if worst not in SERIOUS or worst == band(low):
        return None
    return worst


def straddles(loss: float, se: float, unit: float = 1.0) -> bool:
    """Whether a serious threshold (1.5 or 3) lies inside the loss's interval: more rollouts could settle it."""
    low, high = interval(loss, se, unit)
    return any(low < t <= high for t in SERIOUS_THRESHOLDS)


def decision_accuracy(loss: float, se: float, unit: float = 1.0) -> float:
    """Accuracy of one decision in percent (100 for the best choice or a loss within the noise)."""
    return 100.0 * math.exp(-counted_loss(loss, se, unit) / ACCURACY_SCALE)


def accuracy(values: Iterable[float]) -> float | None:
    """A seat's accuracy over a deal: the mean of its decisions' accuracies (None without any)."""
    vals = list(values)
    return sum(vals) / len(vals) if vals else None
