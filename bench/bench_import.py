"""Benchmark: import simulated deals into a fresh SQLite deal library, as ``fupan import`` does.

Writes N simulated deals (half 够级, half 保皇 by default) as JSON files to a temporary folder, then imports
them, each way into a fresh SQLite database (schema by the migrations; not timed), with
``data.importer.import_paths``: read the log, replay and validate it, run the coach, store the deal with its
seats, events (with verdicts) and findings. The two ways, in the same run:

- the baseline, the import before issue 17: in this process, one transaction (and one sync) per deal
  (``jobs=1, batch=1``);
- the default: read, replay and coach on every core, ``BATCH`` deals per transaction (each in a savepoint).

Beside them ``fupan check`` of the same folder (a subprocess: the command as a referee runs it), and
``json.loads`` of every file. Prints total seconds, deals per second and the ratios.
``--pg URL`` imports into a PostgreSQL database as well (emptied first: give a throwaway one).

    python bench/bench_import.py [--deals 1000] [--seed 1] [--profile gouji --profile baohuang] [--pg URL]

Targets: the default at least 5x the baseline's rate, and within 2x the time of ``fupan check``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlmodel import SQLModel

from data.database import open_db
from data.importer import BATCH, ImportResult, import_paths
from data.models import Deal, EventRow, FindingRow
from replay.simulate import simulate_deal


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


def _counts(engine: Engine) -> dict[str, float]:
    with engine.connect() as conn:
        return {
            "deals": conn.execute(select(func.count()).select_from(Deal)).scalar_one(),
            "events": conn.execute(select(func.count()).select_from(EventRow)).scalar_one(),
            "findings": conn.execute(select(func.count()).select_from(FindingRow)).scalar_one(),
        }


def _empty(engine: Engine) -> None:
    """Remove every stored deal (and what hangs on it) from the benchmark's PostgreSQL database."""
    with engine.begin() as conn:
        for table in reversed(SQLModel.metadata.sorted_tables):
            if table.name != "alembic_version":
                conn.execute(table.delete())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="append", help="profile(s) taking turns (default: gouji and baohuang)")
    ap.add_argument("--pg", metavar="URL", help="also import into this PostgreSQL database (emptied first)")
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

        t = time.perf_counter()
        subprocess.run(
            [str(Path(sys.executable).parent / "fupan"), "check", str(folder)], capture_output=True, check=False
        )
        check_s = time.perf_counter() - t

        runs: dict[str, tuple[float, list[ImportResult], dict[str, float]]] = {}
        ways = [("baseline", 1, 1), ("default", 0, BATCH)]
        for name, jobs, batch in ways:
            db_path = Path(tmp) / f"{name}.db"
            engine = open_db(f"sqlite:///{db_path}")
            start = time.perf_counter()
            results = import_paths(engine, paths, jobs=jobs, batch=batch)
            runs[name] = (time.perf_counter() - start, results, _counts(engine) | {"mb": db_path.stat().st_size / 1e6})
            engine.dispose()
        if args.pg:
            engine = open_db(args.pg)
            _empty(engine)
            start = time.perf_counter()
            results = import_paths(engine, paths)
            runs["postgresql"] = (time.perf_counter() - start, results, _counts(engine) | {"mb": float("nan")})
            engine.dispose()

    n = args.deals
    print(
        f"fupan import benchmark: {n} simulated deals ({', '.join(profiles)} taking turns), "
        f"fresh SQLite file (Python {sys.version.split()[0]}, {os.cpu_count()} cores, batches of {BATCH})"
    )
    print(f"  simulated and written in {sim_s:.1f} s (not timed below)")
    c = runs["default"][2]
    print(f"  stored: {c['deals']:.0f} deals, {c['events']:.0f} events, {c['findings']:.0f} findings; {c['mb']:.1f} MB")
    base_s = runs["baseline"][0]
    print(f"{'step':<58}{'total s':>9}{'deals/s':>9}{'x baseline':>11}{'x check':>9}")
    print(f"{'json.loads of every file':<58}{json_med * n:>9.2f}{1 / json_med:>9.0f}{'':>11}{'':>9}")
    print(f"{'fupan check of the folder':<58}{check_s:>9.2f}{n / check_s:>9.0f}{'':>11}{1.0:>9.2f}")
    labels = {
        "baseline": "import, one deal per transaction, one process (baseline)",
        "default": "import, batched, read and replayed on every core",
        "postgresql": "import into PostgreSQL, batched, every core",
    }
    for name, (secs, _results, _c) in runs.items():
        print(f"{labels[name]:<58}{secs:>9.2f}{n / secs:>9.1f}{base_s / secs:>11.2f}{secs / check_s:>9.2f}")
    fast = base_s / runs["default"][0]
    near = runs["default"][0] / check_s
    ok = True
    for name, (_secs, results, counts) in runs.items():
        added = sum(r.status == "added" for r in results)
        if added != n or counts["deals"] != n:
            ok = False
            print(f"warning ({name}): {added} of {n} deals added, {counts['deals']:.0f} stored")
    print(f"target: at least 5x the baseline's rate: {'met' if fast >= 5 else 'NOT met'} ({fast:.2f}x)")
    print(f"target: within 2x fupan check's time: {'met' if near <= 2 else 'NOT met'} ({near:.2f}x)")
    if "postgresql" in runs:
        pg = runs["postgresql"][0] / runs["default"][0]
        print(f"target: PostgreSQL within 2x SQLite: {'met' if pg <= 2 else 'NOT met'} ({pg:.2f}x)")
        ok &= pg <= 2
    ok &= fast >= 5 and near <= 2
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
