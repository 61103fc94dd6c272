"""Benchmark: honest estimates (issue 35, item 4): how far the time left of an evaluation's progress bar
(``coach.eta``, measured on the decisions done so far) is from the truth, on a loaded machine.

Sample 够级 deals are priced as the Evaluation page prices them (worker processes on every core, ``processes=True``)
while a busy process (a CPU burner this bench starts and stops itself, bounded by ``BURN_MAX_S`` whatever happens)
loads the machine. At each report of progress the bar's time left is kept; once the run ended, the true time left at
each report is known. The figures: the worst and the median relative error of the time left from 10 % of the time
done until 10 % is left (the last seconds' relative error says little), target ≤ 30 %; the baseline beside them is
done/total times the time elapsed, measured on the same reports.

    python bench/bench_eta.py [--quick] [--deals 3] [--rollouts 20] [--jobs 0]

``--quick``: the shortest sample deal at 10 rollouts (a smoke run of about a minute).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import Figure, report  # beside this file: sys.path[0] when run as a script

from coach.eta import Eta
from coach.evaluate import evaluate_replay, usable_cores
from coach.prices import DEFAULT_ROLLOUTS, Settings
from replay.formats.log import read_log
from replay.replay import Replay

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples" / "gouji"
TARGET = 30.0  # % of the true time left
BURN_MAX_S = 600.0  # the burner stops on its own after this, should this bench be killed


def _burn(until: float) -> None:
    """Spin on one core until the monotonic clock says ``until``."""
    x = 0
    while time.monotonic() < until:
        x = (x * 31 + 7) % 1_000_003


def start_burner() -> multiprocessing.process.BaseProcess:
    """A busy process loading one core (bounded: it ends by itself after ``BURN_MAX_S``)."""
    proc = multiprocessing.get_context("spawn").Process(
        target=_burn, args=(time.monotonic() + BURN_MAX_S,), daemon=True, name="fupan-bench-burner"
    )
    proc.start()
    return proc


def stop_burner(proc: multiprocessing.process.BaseProcess) -> None:
    proc.terminate()
    proc.join(5)


def errors(path: Path, settings: Settings, jobs: int) -> tuple[list[float], list[float], float, int]:
    """Price the deal at ``path`` with the bar's estimator: the relative errors of its time left (and of done/total
    times elapsed) at each report of progress from 10 % of the time done until 10 % is left, the seconds the run
    took and its decisions."""
    rep = Replay(read_log(path))
    eta = Eta()
    seen: list[tuple[float, int, int, float | None]] = []

    def progress(done: int, total: int) -> None:
        seen.append((time.perf_counter(), done, total, eta.left()))

    start = time.perf_counter()
    evaluate_replay(rep, settings, jobs=jobs, progress=progress, eta=eta, processes=True)
    end = time.perf_counter()
    whole = end - start
    ours, naive = [], []
    for t, done, total, left in seen:
        elapsed, truth = t - start, end - t
        if elapsed < 0.1 * whole or truth < 0.1 * whole:
            continue
        ours.append(float("inf") if left is None else abs(left - truth) / truth)
        naive.append(abs(elapsed / done * (total - done) - truth) / truth)
    return ours, naive, whole, len(seen)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="the shortest deal at 10 rollouts")
    ap.add_argument("--deals", type=int, default=3, help="sample deals priced (default 3)")
    ap.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS, help="rollouts (default: the default's)")
    ap.add_argument("--jobs", type=int, default=0, help="worker processes (default 0: every core)")
    args = ap.parse_args(argv)
    paths = sorted(SAMPLES.glob("*.json"), key=lambda p: p.stat().st_size)
    if args.quick:
        paths, settings = paths[:1], Settings(rollouts=10)
    else:
        paths, settings = paths[:: max(1, len(paths) // args.deals)][: args.deals], Settings(rollouts=args.rollouts)
    jobs = args.jobs or usable_cores()
    ours: list[float] = []
    naive: list[float] = []
    burner = start_burner()
    try:
        for path in paths:
            o, n, whole, reports = errors(path, settings, jobs)
            ours += o
            naive += n
            print(
                f"{path.name}: {whole:.1f} s, {reports} reports, {len(o)} from 10 % to 90 %: worst "
                f"{max(o, default=0):.0%}, median {statistics.median(o) if o else 0:.0%} "
                f"(done/total: worst {max(n, default=0):.0%}, median {statistics.median(n) if n else 0:.0%})",
                flush=True,
            )
    finally:
        stop_burner(burner)
    if not ours:
        print("no report between 10 % and 90 % of the time: nothing to measure")
        return 1
    what = f"{len(paths)} 够级 deal(s), {settings.rollouts} rollouts, {jobs} workers + a CPU burner"
    rows = [
        Figure(
            figure=f"time left, worst error from 10 % done ({what})",
            value=100 * max(ours),
            unit="%",
            baseline="done/total",
            base_value=100 * max(naive),
            runs=len(ours),
            stat="worst",
            target=TARGET,
            on="value",
        ),
        Figure(
            figure=f"time left, median error from 10 % done ({what})",
            value=100 * statistics.median(ours),
            unit="%",
            baseline="done/total",
            base_value=100 * statistics.median(naive),
            runs=len(ours),
            target=TARGET,
            on="value",
        ),
    ]
    return 0 if report("Honest estimates: an evaluation's time left on a loaded machine", rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
