"""Benchmark: import simulated deals into a fresh SQLite deal library, as ``fupan import`` does.

Writes N simulated deals (half 够级, half 保皇 by default) as JSON files to a temporary folder, creates
a fresh SQLite database (schema by the migrations; not timed), then imports every file with
``data.importer.import_paths``: read the log, replay and validate it, run the coach, store the deal
with its seats, events (with verdicts) and findings, one transaction per deal. Prints the total
seconds, deals per second, the median milliseconds per deal, and the ratio to ``json.loads`` of the
same files timed in the same run (the baseline of ``bench_replay.py``).

    python bench/bench_import.py [--deals 1000] [--seed 1] [--profile gouji --profile baohuang]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import func, select

from data.database import open_db
from data.importer import import_paths
from data.models import Deal, EventRow, FindingRow
from replay.simulate import simulate_deal

TARGET_TOTAL_S_PER_1000 = 60.0


def write_sims(folder: Path, deals: int, seed: int, profiles: list[str]) -> list[Path]:
    """Simulate ``deals`` deals, the profiles taking turns, and write them as canonical JSON."""
    paths = []
    for k in range(deals):
        profile = profiles[k % len(profiles)]
        deal = simulate_deal(seed + k, profile, deal_number=k // len(profiles) % 6 + 1)
        path = folder / f"{k:05d}-{profile}.json"
        path.write_text(deal.log.dumps(), encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="append", help="profile(s) taking turns (default: gouji and baohuang)")
    args = ap.parse_args(argv)
    profiles = args.profile or ["gouji", "baohuang"]

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "sims"
        folder.mkdir()
        t = time.perf_counter()
        paths = write_sims(folder, args.deals, args.seed, profiles)
        sim_s = time.perf_counter() - t
        texts = [p.read_text(encoding="utf-8") for p in paths]

        # the baseline: json.loads of each file's text, best of three rounds per file
        for text in texts[:20]:
            json.loads(text)
        rounds = []
        for _ in range(3):
            row = []
            for text in texts:
                t = time.perf_counter()
                json.loads(text)
                row.append(time.perf_counter() - t)
            rounds.append(row)
        json_med = statistics.median(min(xs) for xs in zip(*rounds, strict=True))

        db_path = Path(tmp) / "bench.db"
        t = time.perf_counter()
        engine = open_db(f"sqlite:///{db_path}")
        setup_s = time.perf_counter() - t

        stamps: list[float] = []
        start = time.perf_counter()
        results = import_paths(engine, paths, lambda done, total: stamps.append(time.perf_counter()))
        total_s = time.perf_counter() - start
        per_deal = [b - a for a, b in zip([start, *stamps[:-1]], stamps, strict=True)]

        with engine.connect() as conn:
            n_deals = conn.execute(select(func.count()).select_from(Deal)).scalar_one()
            n_events = conn.execute(select(func.count()).select_from(EventRow)).scalar_one()
            n_findings = conn.execute(select(func.count()).select_from(FindingRow)).scalar_one()
        size_mb = db_path.stat().st_size / 1e6
        engine.dispose()

    added = sum(r.status == "added" for r in results)
    med = statistics.median(per_deal)
    target = TARGET_TOTAL_S_PER_1000 * args.deals / 1000
    print(
        f"fupan import benchmark: {args.deals} simulated deals ({', '.join(profiles)} taking turns), "
        f"fresh SQLite file (Python {sys.version.split()[0]})"
    )
    print(f"  simulated and written in {sim_s:.1f} s (not timed below); schema created in {setup_s:.2f} s")
    print(f"  stored: {n_deals} deals, {n_events} events, {n_findings} findings; database {size_mb:.1f} MB")
    print(f"{'step':<40}{'total s':>10}{'deals/s':>10}{'median ms/deal':>16}{'x json.loads':>14}")
    print(f"{'json.loads of the file (baseline)':<40}{json_med * len(texts):>10.2f}{1 / json_med:>10.0f}"
          f"{json_med * 1000:>16.3f}{1.0:>14.1f}")  # fmt: skip
    print(f"{'import (read, replay, coach, store)':<40}{total_s:>10.2f}{args.deals / total_s:>10.1f}"
          f"{med * 1000:>16.3f}{med / json_med:>14.0f}")  # fmt: skip
    ok = total_s <= target and added == args.deals == n_deals
    print(f"target import of {args.deals} deals <= {target:.0f} s: {'met' if total_s <= target else 'NOT met'}")
    if added != args.deals or n_deals != args.deals:
        print(f"warning: {added} of {args.deals} deals added, {n_deals} stored")
        for r in results:
            if r.status != "added":
                print(f"  {r.source}: {r.status} {r.reason}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
