"""Benchmark: import simulated deals into a fresh deal library, as ``fupan import`` does.

Writes N simulated deals (够级 and 保皇 taking turns by default) as JSON files to a temporary folder, then, in
each round, imports them each way into a fresh database (schema by the migrations; not timed): read the log,
replay and validate it, run the coach, store the deal with its seats, events (with verdicts) and findings.

- the baseline, "today's rate" of issue 17: the import of the tree the issue was filed against (``before.ISSUE_17``,
  unpacked from git with its own compiled hot path; ``bench/before.py``), run whole in a subprocess on the same
  files (its ``import_paths``: file after file, each deal in its own transaction), only its import timed;
- the same way on today's engine and coach: in this process, file after file, each deal in its own transaction
  (``data.importer.import_log``), to tell what the import's own changes bring from what the engine's bring;
- today's ``import_paths``: read, replay and coach on every core, ``BATCH`` deals a transaction (each deal in a
  savepoint), rows handed over as tuples and inserted many at once by the driver, SQLite syncing once a batch;
- ``fupan check`` of the same folder (a subprocess: the command as a referee runs it);
- with ``--pg URL`` (or ``FUPAN_TEST_PG_URL`` set): today's import into that PostgreSQL database (emptied first:
  give a throwaway one).

Every figure is the median of ``--runs`` rounds, the ways taking turns within a round (the same load for each).

    python bench/bench_import.py [--deals 300] [--runs 5] [--seed 1] [--profile gouji --profile baohuang] [--pg URL]
    python bench/bench_import.py --quick        # 30 deals, 2 rounds: well under a minute

Targets (issue 17, item 4): the import at least 5x the rate of the import when the issue was filed (its own
code, measured in the same round); the import within 2x the time
of ``fupan check`` of the same folder; PostgreSQL within 2x the time of SQLite.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from before import ISSUE_17, Unavailable
from before import run as run_before
from figures import Figure, report
from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlmodel import SQLModel

from data.database import open_db
from data.importer import BATCH, ImportResult, import_log, import_paths
from data.models import Deal, EventRow, FindingRow
from replay.formats.log import read_log
from replay.simulate import simulate_deal

TITLE = "bench_import: fupan import of simulated deals"


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


def import_before(engine: Engine, paths: list[Path]) -> list[ImportResult]:
    """The import before issue 17 (``import_paths`` then): in this process, each file read and stored in its own
    transaction by ``import_log``."""
    return [import_log(engine, read_log(p), str(p)) for p in paths]


def _counts(engine: Engine) -> tuple[int, int, int]:
    with engine.connect() as conn:
        return (
            conn.execute(select(func.count()).select_from(Deal)).scalar_one(),
            conn.execute(select(func.count()).select_from(EventRow)).scalar_one(),
            conn.execute(select(func.count()).select_from(FindingRow)).scalar_one(),
        )


def _empty(engine: Engine) -> None:
    """Remove every stored deal (and what hangs on it) from the benchmark's PostgreSQL database."""
    with engine.begin() as conn:
        for table in reversed(SQLModel.metadata.sorted_tables):
            if table.name != "alembic_version":
                conn.execute(table.delete())


Way = Callable[[Engine, list[Path]], list[ImportResult]]


def _import(url: str, way: Way, paths: list[Path], stored: dict[str, tuple[int, int, int]], name: str) -> float:
    """Seconds ``way`` takes to import ``paths`` into the empty library at ``url``; what it stored is checked."""
    engine = open_db(url)
    if engine.dialect.name == "postgresql":
        _empty(engine)
    start = time.perf_counter()
    results = way(engine, paths)
    secs = time.perf_counter() - start
    counts = _counts(engine)
    engine.dispose()
    added = sum(r.status == "added" for r in results)
    if added != len(paths) or counts[0] != len(paths):
        raise SystemExit(f"bench_import: {name} added {added} of {len(paths)} deals, {counts[0]} stored")
    if stored.setdefault("rows", counts) != counts:
        raise SystemExit(
            f"bench_import: {name} stored {counts} (deals, events, findings), another way {stored['rows']}"
        )
    return secs


#: run by ``before.run`` in the earlier tree: import the files named after the database URL, print the seconds
BEFORE_CODE = """
import sys, time
from data.database import open_db
from data.importer import import_paths
engine = open_db(sys.argv[1])
start = time.perf_counter()
results = import_paths(engine, sys.argv[2:])
secs = time.perf_counter() - start
added = sum(r.status == "added" for r in results)
if added != len(sys.argv) - 2:
    sys.exit(f"added {added} of {len(sys.argv) - 2}")
print(secs)
"""


def _import_at_issue(url: str, paths: list[Path]) -> float:
    """Seconds the import of ``ISSUE_17``'s tree takes to import ``paths`` into the empty library at ``url``."""
    done = run_before(ISSUE_17, BEFORE_CODE, url, *map(str, paths))
    if done.returncode != 0:
        raise SystemExit(f"bench_import: the import at {ISSUE_17} failed: {done.stderr[-400:]}")
    return float(done.stdout.split()[-1])


def _check(folder: Path) -> float:
    fupan = Path(sys.executable).parent / "fupan"
    t = time.perf_counter()
    done = subprocess.run([str(fupan), "check", str(folder)], capture_output=True, check=False)
    secs = time.perf_counter() - t
    if done.returncode not in (0, 1):  # 1: some deal breaks a rule, still checked
        raise SystemExit(f"bench_import: fupan check failed ({done.returncode}): {done.stderr.decode()[-300:]}")
    return secs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--runs", type=int, default=5, help="rounds; each figure is the median (default 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="append", help="profile(s) taking turns (default: gouji and baohuang)")
    ap.add_argument("--pg", metavar="URL", help="also import into this PostgreSQL database (emptied first)")
    ap.add_argument("--quick", action="store_true", help="a small run: 30 deals, 2 rounds")
    args = ap.parse_args(argv)
    if args.quick:
        args.deals, args.runs = 30, 2
    profiles = args.profile or ["gouji", "baohuang"]
    pg = args.pg or os.environ.get("FUPAN_TEST_PG_URL")
    times: dict[str, list[float]] = {"issue": [], "before": [], "import": [], "check": [], "pg": []}
    stored: dict[str, tuple[int, int, int]] = {}

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "sims"
        folder.mkdir()
        paths = write_sims(folder, args.deals, args.seed, profiles)
        try:
            run_before(ISSUE_17, "pass")  # unpacked and compiled once (kept in build/bench/), not timed
            issue = True
        except Unavailable as exc:
            print(f"bench_import: no figure against {ISSUE_17}: {exc}")
            issue = False
        for k in range(args.runs):
            times["check"].append(_check(folder))
            if issue:
                times["issue"].append(_import_at_issue(f"sqlite:///{Path(tmp) / f'issue-{k}.db'}", paths))
            url = f"sqlite:///{Path(tmp) / f'before-{k}.db'}"
            times["before"].append(_import(url, import_before, paths, stored, "the import before"))
            url = f"sqlite:///{Path(tmp) / f'import-{k}.db'}"
            times["import"].append(_import(url, lambda e, p: import_paths(e, p), paths, stored, "import_paths"))
            if pg:
                times["pg"].append(_import(pg, lambda e, p: import_paths(e, p), paths, stored, "PostgreSQL"))

    n, runs = args.deals, args.runs
    med = {k: statistics.median(v) for k, v in times.items() if v}
    what = f"{n} deals ({', '.join(profiles)}), {os.cpu_count()} cores, batches of {BATCH}"
    rows = []
    if "issue" in med:
        rows.append(
            Figure(
                figure=f"import into SQLite, rate ({what})",
                value=n / med["import"],
                unit="deals/s",
                baseline=f"the import when issue 17 was filed ({ISSUE_17}, its own engine and coach)",
                base_value=n / med["issue"],
                runs=runs,
                target=5,
                higher=True,
            )
        )
    rows += [
        Figure(
            figure=f"import into SQLite, rate ({what})",
            value=n / med["import"],
            unit="deals/s",
            baseline="the same way as then on today's engine and coach (one process, a transaction a deal)",
            base_value=n / med["before"],
            runs=runs,
        ),
        Figure(
            figure=f"import into SQLite, time ({n} deals)",
            value=med["import"],
            unit="s",
            baseline="fupan check of the same folder",
            base_value=med["check"],
            runs=runs,
            target=2,
        ),
    ]
    if pg:
        rows.append(
            Figure(
                figure=f"import into PostgreSQL, time ({n} deals)",
                value=med["pg"],
                unit="s",
                baseline="the same import into SQLite",
                base_value=med["import"],
                runs=runs,
                target=2,
            )
        )
    deals, events, findings = stored["rows"]
    print(f"stored by each way: {deals} deals, {events} events, {findings} findings")
    return 0 if report(TITLE, rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
