"""Benchmark: the deal library at a club's scale (issue 17, item 5). A library of N simulated deals of each game
(够级, 保皇, 升级; built once and kept in build/bench/, keyed by N and the engine's and coach's versions), then:

- each dashboard page that reads the whole library (Library, Players, Scoring, Coach) rendered server-side by
  Streamlit's AppTest, a cold run (Streamlit's caches cleared, the modules imported as in a running server) and a
  warm one, medians of ``--runs``;
- ``fupan export`` of the whole library: its wall time and its peak memory (the child's maximum resident set);
- the baseline in the same run: ``json.loads`` of all the stored logs' text, read in one query.

    python bench/bench_storage.py [--deals 10000] [--runs 3] [--rebuild]

Targets: every page within 1 s server time (cold), export within 150 MB. Exits 1 when one is missed.
Building the library takes a while (about 3 minutes per 10,000 deals here: simulating and importing).
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402 - after the path, as the other benches

from coach.version import COACH_VERSION  # noqa: E402
from data.database import open_db  # noqa: E402
from data.importer import import_paths  # noqa: E402
from replay.simulate import simulate_deal  # noqa: E402
from replay.version import ENGINE_VERSION  # noqa: E402

PROFILES = ("gouji", "baohuang", "shengji-35")
PAGES = ("library", "players", "scoring", "coach")
PAGE_TARGET_S = 1.0
EXPORT_TARGET_MB = 150.0

PAGE = """
import importlib, sys, streamlit as st
st.session_state.setdefault("lang", "zh")
importlib.import_module("views.pages." + PAGE_NAME).render()
"""


def library(deals: int, rebuild: bool) -> Path:
    """The benchmark's library file, built when missing: ``deals`` simulated deals of each game."""
    folder = ROOT / "build" / "bench"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"library-{deals}-e{ENGINE_VERSION}-c{COACH_VERSION}.db"
    if path.exists() and not rebuild:
        return path
    path.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        logs = Path(tmp) / "logs"
        logs.mkdir()
        t = time.perf_counter()
        for k in range(deals * len(PROFILES)):
            profile = PROFILES[k % len(PROFILES)]
            deal = simulate_deal(k + 1, profile, deal_number=k // len(PROFILES) % 6 + 1)
            (logs / f"{k:06d}-{profile}.json").write_text(deal.log.dumps(), encoding="utf-8")
        print(f"  simulated {deals * len(PROFILES)} deals in {time.perf_counter() - t:.0f} s", flush=True)
        building = path.with_suffix(".building")
        for stale in building.parent.glob(building.name + "*"):
            stale.unlink()
        engine = open_db(f"sqlite:///{building}")
        t = time.perf_counter()
        results = import_paths(engine, [logs])
        engine.dispose()
        bad = [r for r in results if r.status != "added"]
        if bad:
            raise SystemExit(f"the benchmark's library could not be built: {bad[0].source}: {bad[0].reason}")
        print(f"  imported them in {time.perf_counter() - t:.0f} s", flush=True)
    building.rename(path)
    return path


def page_seconds(url: str, name: str, runs: int) -> tuple[float, float]:
    """Median server seconds of one page: cold (Streamlit's caches cleared before each run) and warm."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    os.environ["FUPAN_DB"] = url
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(runs):
        st.cache_data.clear()
        st.cache_resource.clear()
        for times in (cold, warm):
            at = AppTest.from_string(f"PAGE_NAME = {name!r}\n" + PAGE, default_timeout=600)
            t = time.perf_counter()
            at.run()
            times.append(time.perf_counter() - t)
            if at.exception:
                raise SystemExit(f"page {name}: {at.exception[0].value}")
    return statistics.median(cold), statistics.median(warm)


#: run in a fresh process, so that the peak it reads is export's alone (not this process's other children)
MEASURE = """
import resource, subprocess, sys, time
t = time.perf_counter()
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - t
print(wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.returncode)
"""


def export_cost(url: str) -> tuple[float, float]:
    """Wall seconds and peak memory (MB: the child's maximum resident set) of ``fupan export`` of the library."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [str(Path(sys.executable).parent / "fupan"), "export", "--db", url, "--out", str(Path(tmp) / "out")]
        done = subprocess.run([sys.executable, "-c", MEASURE, *cmd], capture_output=True, text=True, check=True)
    wall, kib, code = done.stdout.split()
    if code != "0":
        raise SystemExit("fupan export failed")
    return float(wall), int(kib) / 1024  # ru_maxrss is in KiB on Linux


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=10_000, help="simulated deals of each game (default 10,000)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each page, cold and warm (default 3)")
    ap.add_argument("--rebuild", action="store_true", help="build the library again even when it is kept")
    args = ap.parse_args(argv)
    print(
        f"fupan storage benchmark: {args.deals} deals of each of {', '.join(PROFILES)} (Python {sys.version.split()[0]})"
    )
    path = library(args.deals, args.rebuild)
    url = f"sqlite:///{path}"
    engine = open_db(url)
    with engine.connect() as conn:
        t = time.perf_counter()
        texts = list(conn.execute(text("SELECT log_json FROM deal")).scalars())
        read_s = time.perf_counter() - t
    engine.dispose()
    t = time.perf_counter()
    for body in texts:
        json.loads(body)
    loads_s = time.perf_counter() - t
    print(
        f"  library: {path} ({path.stat().st_size / 1e6:.0f} MB, {len(texts)} deals); load average {os.getloadavg()[0]:.2f}"
    )
    print(f"{'what':<44}{'cold s':>9}{'warm s':>9}{'x baseline':>12}")
    print(f"{'baseline: json.loads of every stored log':<44}{loads_s:>9.2f}{'':>9}{1.0:>12.2f}")
    print(f"{'(reading them: one query)':<44}{read_s:>9.2f}")
    ok = True
    for name in PAGES:  # once each first: the modules imported, as in a running server
        page_seconds(url, name, 1)
    for name in PAGES:
        cold, warm = page_seconds(url, name, args.runs)
        ok &= cold <= PAGE_TARGET_S
        print(f"{name + ' page, server time':<44}{cold:>9.2f}{warm:>9.2f}{cold / loads_s:>12.2f}", flush=True)
    wall, mb = export_cost(url)
    ok &= mb <= EXPORT_TARGET_MB
    print(f"{'fupan export of the library':<44}{wall:>9.2f}{'':>9}{wall / loads_s:>12.2f}   peak memory {mb:.0f} MB")
    print(
        f"targets: every page within {PAGE_TARGET_S:.0f} s cold, export within {EXPORT_TARGET_MB:.0f} MB: "
        f"{'met' if ok else 'NOT met'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
