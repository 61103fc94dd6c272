"""A sample's summary for the maxims' study (``coach.study``): mean, standard error and 95% confidence interval by
the normal approximation (mean ± 1.96 SE), written to and read from the study's JSON."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


@dataclass(frozen=True)
class Summary:
    """Mean, standard error and 95% confidence interval (normal approximation) of ``n`` values;
    ``mean`` is None without values, ``se``, ``lo`` and ``hi`` are None with fewer than two."""

    n: int
    mean: float | None
    se: float | None
    lo: float | None
    hi: float | None

    @classmethod
    def of(cls, values: Sequence[float]) -> Summary:
        """The summary of ``values``."""
        n = len(values)
        if n == 0:
            return cls(0, None, None, None, None)
        mean = math.fsum(values) / n
        if n == 1:
            return cls(1, mean, None, None, None)
        se = statistics.stdev(values) / math.sqrt(n)
        return cls(n, mean, se, mean - Z95 * se, mean + Z95 * se)

    @property
    def measurable(self) -> bool:
        """True when the confidence interval leaves out 0."""
        return self.lo is not None and self.hi is not None and (self.lo > 0 or self.hi < 0)

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON (to four decimals)."""

        def r(x: float | None) -> float | None:
            return None if x is None else round(x, 4)

        return {"n": self.n, "mean": r(self.mean), "se": r(self.se), "lo": r(self.lo), "hi": r(self.hi)}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> Summary:
        """The summary ``to_json`` wrote."""

        def num(x: Any) -> float | None:
            return None if x is None else float(x)

        return cls(int(doc["n"]), num(doc["mean"]), num(doc["se"]), num(doc["lo"]), num(doc["hi"]))
