"""The time left of a long run (an evaluation's decisions, an import's deals), from the work done so far.

Each unit of a run has a predicted cost, in units of work known before it runs (``coach.evaluate.decision_cost`` for a
priced decision: its candidates, the rollouts asked and the events left to play, per view; a log file's bytes for an
import). ``Eta`` measures the rate (seconds per unit of cost) on the units done so far, the recent ones weighted more
(the weight halves every ``HALF_LIFE`` of the total cost done since, so a machine that becomes loaded is followed),
and the time left is that rate times the cost left, less the time since the last unit ended. Before ``MIN_DONE`` of
the cost and ``MIN_UNITS`` units are done it gives no figure (``left`` is None: "estimating…").

The units may end in any order (``finish``, an evaluation's worker processes) or in the order planned (``reach``, an
import's files). ``left_words`` says a time left in words (中文 or English) for the bars of the CLI and the pages.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import pairwise

MIN_DONE = 0.10  # share of the total cost done before a time left is given ("estimating…" till then)
MIN_UNITS = 2  # units done before a time left is given
HALF_LIFE = 0.25  # share of the total cost after which a measured stretch counts half as much


class Eta:
    """The time left of a run of units of uneven predicted cost (``costs``: by unit key, in the order they are
    planned), measured on a ``clock`` (seconds; the fake one of a test). ``plan`` starts (or starts again) the clock,
    ``finish``/``reach`` count units done, ``left`` says the seconds left (None until enough is done)."""

    def __init__(
        self, costs: Mapping[int, float] | Sequence[float] = (), clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._clock = clock
        self.plan(costs)

    def plan(self, costs: Mapping[int, float] | Sequence[float]) -> None:
        """The units to do and their predicted costs (a sequence: keyed 0, 1, ...); the clock starts now."""
        self._costs = dict(costs) if isinstance(costs, Mapping) else dict(enumerate(costs))
        self._todo = list(self._costs)  # in the planned order; ``reach`` takes the first of those not done
        self._done: set[int] = set()
        self.cost_total = float(sum(self._costs.values()))
        self.cost_done = 0.0
        self._marks = [(self._clock(), 0.0)]  # (time, cost done) after each step

    def restart(self) -> None:
        """The clock starts again now, nothing done yet: what went before (a run's start-up: its worker processes
        started, the deal read again in each) is not the units' rate. Refused once a unit is done."""
        if self._done:
            raise ValueError(f"restart after {len(self._done)} unit(s) done: the rate would lose them")
        self._marks = [(self._clock(), 0.0)]

    @property
    def planned(self) -> bool:
        """True once units were planned."""
        return bool(self._costs)

    @property
    def done(self) -> int:
        """Units done."""
        return len(self._done)

    @property
    def total(self) -> int:
        """Units planned."""
        return len(self._costs)

    @property
    def all_done(self) -> bool:
        """Every unit planned is done (``left_words``' ``all_done``)."""
        return self.done >= self.total

    @property
    def fraction(self) -> float:
        """The share of the predicted cost done, 0 to 1 (a bar's position)."""
        return min(1.0, self.cost_done / self.cost_total) if self.cost_total > 0 else 0.0

    def finish(self, units: Iterable[int]) -> None:
        """The units ``units`` (keys of the plan) are done, now."""
        new = [u for u in units if u in self._costs and u not in self._done]
        if not new:
            return
        self._done.update(new)
        self.cost_done += sum(self._costs[u] for u in new)
        self._marks.append((self._clock(), self.cost_done))

    def reach(self, done: int) -> None:
        """``done`` units are done in all (a run whose units end in the planned order): those not yet counted are
        the first of the plan not done."""
        if done > self.done:
            self.finish([u for u in self._todo if u not in self._done][: done - self.done])

    def rate(self) -> float | None:
        """Seconds per unit of cost, measured on the stretches between the steps so far, each weighted by
        ``0.5 ** (cost done since it / (HALF_LIFE * total cost))``; None before any cost is done."""
        if self.cost_done <= 0:
            return None
        half = max(HALF_LIFE * self.cost_total, 1e-12)
        seconds = cost = 0.0
        for (t0, c0), (t1, c1) in pairwise(self._marks):
            w = 0.5 ** ((self.cost_done - c1) / half)
            seconds += w * (t1 - t0)
            cost += w * (c1 - c0)
        return seconds / cost if cost > 0 else None

    def left(self) -> float | None:
        """The seconds left (0 once everything is done); None while too little is done to say."""
        if self.total and self.all_done:
            return 0.0
        rate = self.rate()
        if rate is None or self.done < MIN_UNITS or self.cost_done < MIN_DONE * self.cost_total:
            return None
        since = self._clock() - self._marks[-1][0]
        return max(0.0, rate * (self.cost_total - self.cost_done) - since)


def left_words(seconds: float | None, zh: bool, *, all_done: bool = True) -> str:
    """A time left in words: 剩余约 42 秒 / about 42 s left, 剩余约 3 分 5 秒 / about 3 min 5 s left, 剩余 0 秒 /
    0 s left (all done); None: 剩余时间估算中… / time left: estimating…; 0 with units left (``all_done`` False: the
    measured rate said they would be done by now): 已超出估计 / past the estimate, never "0 s left"."""
    if seconds is None:
        return "剩余时间估算中…" if zh else "time left: estimating…"
    if seconds <= 0 and not all_done:
        return "剩余时间已超出估计" if zh else "time left: past the estimate"
    if seconds <= 0:
        return "剩余 0 秒" if zh else "0 s left"
    s = max(1, round(seconds))
    if s < 60:
        return f"剩余约 {s} 秒" if zh else f"about {s} s left"
    m, s = divmod(s, 60)
    return f"剩余约 {m} 分 {s} 秒" if zh else f"about {m} min {s} s left"
