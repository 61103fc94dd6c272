"""One shape for every bench's figures (issue 17, item 7): a figure, the baseline measured beside it in the same
run, their ratio, the target and whether it is met, how many runs the figure is the median (or least) of, and the
machine's load while it was measured.

Each bench builds its ``Figure`` rows and calls ``report(title, rows)``: that prints the bench's own table and,
when ``FUPAN_BENCH_OUT`` names a file (``bench/run.py`` sets it), appends the rows to it as JSON lines, from which
``bench/run.py`` prints the one table of ``make bench``.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

OUT = "FUPAN_BENCH_OUT"


def load() -> float:
    """The machine's load average over the last minute (what else was running on the shared cores)."""
    return round(os.getloadavg()[0], 2)


@dataclass(frozen=True)
class Figure:
    """One measured figure beside its baseline.

    ``target`` bounds the ratio (``on="ratio"``) or the value itself (``on="value"``, in ``unit``): an upper
    bound, or a lower one when ``higher`` (a rate, a speed-up). ``stat`` says what ``value`` is over ``runs``
    runs ("median", or "least" for a CPU time whose least run is the one the other work disturbed least)."""

    figure: str
    value: float
    unit: str
    baseline: str = ""
    base_value: float | None = None
    runs: int = 1
    stat: str = "median"
    target: float | None = None
    on: str = "ratio"
    higher: bool = False
    load: float = field(default_factory=load)
    bench: str = ""

    @property
    def ratio(self) -> float | None:
        if self.base_value is None or self.base_value == 0:
            return None
        return self.value / self.base_value

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        got = self.ratio if self.on == "ratio" else self.value
        if got is None:
            return None
        return got >= self.target if self.higher else got <= self.target

    def target_words(self) -> str:
        if self.target is None:
            return ""
        sign = "≥" if self.higher else "≤"
        return f"{sign} {self.target:g}×" if self.on == "ratio" else f"{sign} {self.target:g} {self.unit}"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Figure:
        return cls(**data)


def median_of(fn: Callable[[], float], runs: int) -> float:
    """The median of ``runs`` values of ``fn()`` (each a time it measured)."""
    return statistics.median(fn() for _ in range(runs))


def timed(fn: Callable[[], object]) -> float:
    """Seconds ``fn()`` takes (wall clock)."""
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def number(x: float | None) -> str:
    if x is None:
        return ""
    if x == 0 or abs(x) >= 100:
        return f"{x:,.0f}"
    if abs(x) >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"


def table(rows: list[Figure], with_bench: bool = False) -> str:
    """The rows as a Markdown table (the one ``make bench`` prints and docs/performance.md records)."""
    head = ["figure", "value", "baseline", "ratio", "target", "met", "runs", "load"]
    if with_bench:
        head.insert(0, "bench")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for f in rows:
        met = "" if f.met is None else ("yes" if f.met else "**no**")
        ratio = "" if f.ratio is None else f"{f.ratio:.2f}×"
        base = f"{f.baseline} {number(f.base_value)} {f.unit}".strip() if f.baseline else ""
        cells = [
            f.figure,
            f"{number(f.value)} {f.unit}",
            base,
            ratio,
            f.target_words(),
            met,
            f"{f.stat} of {f.runs}",
            f"{f.load:.2f}",
        ]
        if with_bench:
            cells.insert(0, f.bench)
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines)


def report(title: str, rows: list[Figure]) -> bool:
    """Print the bench's table; append its rows to ``$FUPAN_BENCH_OUT`` when set. True when no target is missed."""
    rows = [f if f.bench else Figure(**{**asdict(f), "bench": title}) for f in rows]
    print(f"\n{title}\n")
    print(table(rows))
    missed = [f for f in rows if f.met is False]
    for f in missed:
        print(f"target missed: {f.figure} ({f.target_words()})")
    out = os.environ.get(OUT)
    if out:
        with open(out, "a", encoding="utf-8") as fh:
            for f in rows:
                fh.write(json.dumps(f.to_json(), ensure_ascii=False) + "\n")
    return not missed
