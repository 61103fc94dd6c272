"""Benchmark: a season priced on a Dask cluster (``fupan evaluate``, cluster/season.py; issue 39): deals per minute on
a ``LocalCluster`` of 1 worker and of 2 workers on this machine, each the median of ``--runs`` runs over the same
``--deals`` simulated 够级 deals (each run a fresh library, so that every deal is priced), with the mean and the worst
beside the median; the 2 workers' rate as a ratio of the 1 worker's, measured in the same run (the machine is shared:
absolute rates drift). Also the serial rate (``evaluate_text`` in this process, one deal after another), the
baseline of what the cluster costs on one worker.

    python bench/bench_cluster.py [--deals 8] [--runs 3] [--rollouts 4] [--quick]

``--quick``: 4 deals, 1 run (a smoke run). Target: 2 workers at least 1.5x the rate of 1 on a machine of 2 cores.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import Figure, report  # beside this file: sys.path[0] when run as a script

from cluster.season import evaluate_text, local_cluster, run_season
from coach.prices import Settings
from data.database import open_db
from data.evaluation_runs import pending
from data.importer import import_log
from replay.simulate import simulate_deal


def _library(folder: Path, deals: int, k: int) -> str:
    url = f"sqlite:///{folder / f'lib{k}.db'}"
    engine = open_db(url)
    for seed in range(deals):
        assert import_log(engine, simulate_deal(1000 + seed, "gouji").log, f"sim{seed}").status == "added"
    engine.dispose()
    return url


def _rate(workers: int, deals: int, settings: Settings, folder: Path, k: int) -> float:
    """Deals per minute of one run on a new cluster of ``workers`` (the cluster's start not counted)."""
    engine = open_db(_library(folder, deals, k))
    with local_cluster(workers) as client:
        t0 = time.perf_counter()
        done = run_season(engine, pending(engine, settings), settings, client)
        spent = time.perf_counter() - t0
    engine.dispose()
    assert done.stored == deals, done
    return 60.0 * deals / spent


def _serial(deals: int, settings: Settings) -> float:
    texts = [simulate_deal(1000 + seed, "gouji").log.dumps() for seed in range(deals)]
    t0 = time.perf_counter()
    for text in texts:
        evaluate_text(text, settings.to_json(), "serial")
    return 60.0 * deals / (time.perf_counter() - t0)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=8)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rollouts", type=int, default=4)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    deals, runs = (4, 1) if args.quick else (args.deals, args.runs)
    settings = Settings(rollouts=args.rollouts, max_candidates=2)
    rates: dict[int, list[float]] = {1: [], 2: []}
    serial: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(runs):  # interleaved: the machine's drift falls on both alike
            serial.append(_serial(deals, settings))
            for workers in (1, 2):
                rates[workers].append(_rate(workers, deals, settings, Path(tmp), 2 * k + workers))
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    rows = [
        Figure("serial, in this process", statistics.median(serial), "deals/min", runs=runs, higher=True),
        Figure("LocalCluster, 1 worker", one, "deals/min", "serial", statistics.median(serial), runs=runs, higher=True),
        Figure("LocalCluster, 2 workers", two, "deals/min", "1 worker", one, runs=runs, target=1.5, higher=True),
        Figure(
            "2 workers, mean",
            statistics.fmean(rates[2]),
            "deals/min",
            "1 worker, mean",
            statistics.fmean(rates[1]),
            runs=runs,
            stat="mean",
            higher=True,
        ),
        Figure(
            "2 workers, worst",
            min(rates[2]),
            "deals/min",
            "1 worker, worst",
            min(rates[1]),
            runs=runs,
            stat="worst",
            higher=True,
        ),
    ]
    return 0 if report(f"A season on a Dask LocalCluster ({deals} 够级 deals, {args.rollouts} rollouts)", rows) else 1


if __name__ == "__main__":
    sys.exit(main())
