"""Grades of a priced decision and the accuracy of a seat over a deal.

- **Loss**: the expected points of the best candidate minus those of the choice made, in the seat's
  own view (hidden hands sampled), or with all cards known where the seat's view cannot be built.
- **Grade**: only a loss larger than twice its standard error is graded (a smaller one is within
  the noise of the rollouts; the standard error of a loss over n paired rollouts is taken as at
  least ``1 / sqrt(n)`` point, so a few identical rollouts do not pass for certainty): ``inaccuracy`` from 0.5 point, ``mistake`` from 1.5, ``blunder``
  from 3. A point is one point of the game's score: in 够级 the team's net points of the deal
  (places 4, 2, 0, 0, -2, -4 summed, doubled for 串三户), in 保皇 the seat's own points.
- **Accuracy** of one decision: ``100 * exp(-loss / 2)`` (a loss within the noise counts as 0), so
  0.5 point lost gives 78 %, 1.5 gives 47 %, 3 gives 22 %. A seat's accuracy over a deal is the mean
  over its priced decisions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

INACCURACY, MISTAKE, BLUNDER = 0.5, 1.5, 3.0
SIGNIFICANCE = 2.0  # a loss counts when it exceeds this many standard errors
ACCURACY_SCALE = 2.0  # points of loss that cut accuracy by a factor e

GRADES = ("inaccuracy", "mistake", "blunder")
GRADE_ZH = {"inaccuracy": "欠佳", "mistake": "失误", "blunder": "大错"}


def counted_loss(loss: float, se: float) -> float:
    """The loss that counts: 0 when it is within ``SIGNIFICANCE`` standard errors of no loss."""
    if loss <= 0 or loss <= SIGNIFICANCE * se:
        return 0.0
    return loss


def grade(loss: float, se: float) -> str | None:
    """``inaccuracy`` / ``mistake`` / ``blunder`` for a loss in points, or None (no grade)."""
    lost = counted_loss(loss, se)
    if lost >= BLUNDER:
        return "blunder"
    if lost >= MISTAKE:
        return "mistake"
    if lost >= INACCURACY:
        return "inaccuracy"
    return None


def decision_accuracy(loss: float, se: float) -> float:
    """Accuracy of one decision in percent (100 for the best choice or a loss within the noise)."""
    return 100.0 * math.exp(-counted_loss(loss, se) / ACCURACY_SCALE)


def accuracy(values: Iterable[float]) -> float | None:
    """A seat's accuracy over a deal: the mean of its decisions' accuracies (None without any)."""
    vals = list(values)
    return sum(vals) / len(vals) if vals else None
