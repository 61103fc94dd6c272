"""Benchmark: the deal library at a club's scale (issue 17, item 5). A library of N simulated deals of each game
(够级, 保皇, 升级; built once and kept in build/bench/, keyed by N and the engine's and coach's versions; an
older schema is migrated when it is opened), then:

- each page that reads the library (Library, Players, Scoring and Coach, the last two with the newest 够级 deal
  open) run by Streamlit's AppTest; its server time is the time the page's script takes, measured inside it
  (AppTest's own work per run, such as scanning the installed packages for components, which a running server
  does once, is left out), and the CPU time of that script (what the page costs, however busy the machine).
  Cold: Streamlit's caches emptied, as after a change to the library (the library
  itself stays open, as in a running server); warm: the same page drawn again. Medians of ``--runs``;
- opening the library (``data.database.open_db``: the schema's revision and SQLite's quick_check), which a
  server does once when it starts;
- ``fupan export`` of the whole library: its wall time and its peak memory (the child's maximum resident set);
- the baseline in the same run: ``json.loads`` of all the stored logs' text, read in one query (the least of
  three).

    python bench/bench_storage.py [--deals 10000] [--runs 5] [--rebuild] [--quick]

Targets: each page within 1 s of server time, cold; export within 150 MB. Exits 1 when one is missed. Building
the library takes a while (about 3 minutes per 10,000 deals on an idle machine: simulating and importing).
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

from figures import Figure, report  # noqa: E402 - beside this file (sys.path[0] when run as a script)
from sqlalchemy import text  # noqa: E402 - after the path, as the other benches

from coach.version import COACH_VERSION  # noqa: E402
from data.database import open_db  # noqa: E402
from data.importer import import_paths  # noqa: E402
from replay.simulate import simulate_deal  # noqa: E402
from replay.version import ENGINE_VERSION  # noqa: E402

PROFILES = ("gouji", "baohuang", "shengji-35")
PAGES = ("library", "players", "scoring", "coach")
WITH_A_DEAL = {"scoring", "coach"}  # pages about the open deal
PAGE_TARGET_S = 1.0
EXPORT_TARGET_MB = 150.0
QUICK_DEALS = 50
TIMED = "_bench_seconds"

PAGE = """
import importlib, time, streamlit as st
t, cpu = time.perf_counter(), time.thread_time()
st.session_state.setdefault("lang", "zh")
importlib.import_module("views.pages." + PAGE_NAME).render()
st.session_state[TIMED] = (time.perf_counter() - t, time.thread_time() - cpu)
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


def page_seconds(name: str, deal_id: int | None, runs: int) -> tuple[float, float, float]:
    """Median server seconds of one page: cold (Streamlit's caches emptied before each run, the library kept
    open) and warm (drawn again), and the CPU seconds of the cold runs' script (the page's own work, which the
    other work on a shared machine does not lengthen)."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from views.parts.common import engine

    cold: list[float] = []
    warm: list[float] = []
    cpu: list[float] = []
    for _ in range(runs):
        st.cache_data.clear()
        st.cache_resource.clear()
        engine()  # the library stays open in a running server (opening it is measured apart)
        for times in (cold, warm):
            at = AppTest.from_string(f"PAGE_NAME = {name!r}\nTIMED = {TIMED!r}\n" + PAGE, default_timeout=600)
            if deal_id is not None:
                at.session_state["deal_id"] = deal_id
                at.session_state["step"] = 0
            at.run()
            if at.exception:
                raise SystemExit(f"page {name}: {at.exception[0].value}")
            wall, used = at.session_state[TIMED]
            times.append(float(wall))
            if times is cold:
                cpu.append(float(used))
    return statistics.median(cold), statistics.median(warm), statistics.median(cpu)


def open_seconds(url: str, runs: int) -> float:
    """Median seconds to open the library (``open_db``), as a server or a command does when it starts."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        open_db(url).dispose()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


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
    ap.add_argument("--runs", type=int, default=5, help="runs of each page, cold and warm (default 5)")
    ap.add_argument("--rebuild", action="store_true", help="build the library again even when it is kept")
    ap.add_argument("--quick", action="store_true", help=f"a small run: {QUICK_DEALS} deals of each game, 2 runs")
    args = ap.parse_args(argv)
    deals, runs = (QUICK_DEALS, 2) if args.quick else (args.deals, args.runs)
    os.environ.setdefault("STREAMLIT_LOGGER_LEVEL", "error")  # AppTest's warnings about running bare
    print(f"fupan storage benchmark: {deals} deals of each of {', '.join(PROFILES)} (Python {sys.version.split()[0]})")
    path = library(deals, args.rebuild)
    url = f"sqlite:///{path}"
    os.environ["FUPAN_DB"] = url
    opened = open_seconds(url, runs)  # the first opening migrates an older library
    engine = open_db(url)
    with engine.connect() as conn:
        texts = list(conn.execute(text("SELECT log_json FROM deal")).scalars())
        newest = conn.execute(text("SELECT max(id) FROM deal WHERE game = 'gouji'")).scalar_one()
    engine.dispose()
    loads_s = min(_loads_seconds(texts) for _ in range(3))
    logs_mb = sum(len(s.encode("utf-8")) for s in texts) / 1e6
    print(f"  library: {path} ({path.stat().st_size / 1e6:.0f} MB, {len(texts)} deals); open deal #{newest}")
    base = f"json.loads of every stored log ({len(texts)})"
    rows = [Figure(figure="opening the library (open_db, once per server)", value=opened, unit="s", baseline=base,
                   base_value=loads_s, runs=runs)]  # fmt: skip
    for name in PAGES:  # once each first: the modules imported, as in a running server
        page_seconds(name, newest if name in WITH_A_DEAL else None, 1)
    for name in PAGES:
        cold, warm, cpu = page_seconds(name, newest if name in WITH_A_DEAL else None, runs)
        what = f"{name} page" + (" (the newest 够级 deal open)" if name in WITH_A_DEAL else "")
        rows.append(Figure(figure=f"{what}, server time, cold", value=cold, unit="s", baseline=base,
                           base_value=loads_s, runs=runs, target=PAGE_TARGET_S, on="value"))  # fmt: skip
        rows.append(Figure(figure=f"{what}, server CPU time, cold", value=cpu, unit="s", baseline=base,
                           base_value=loads_s, runs=runs))  # fmt: skip
        rows.append(Figure(figure=f"{what}, server time, warm", value=warm, unit="s", baseline=base,
                           base_value=loads_s, runs=runs))  # fmt: skip
        print(f"  {name}: cold {cold:.2f} s (CPU {cpu:.2f} s), warm {warm:.2f} s", flush=True)
    wall, mb = export_cost(url)
    rows.append(Figure(figure="fupan export of the library, wall time", value=wall, unit="s", baseline=base,
                       base_value=loads_s))  # fmt: skip
    rows.append(Figure(figure="fupan export of the library, peak memory", value=mb, unit="MB",
                       baseline="the stored logs' text", base_value=logs_mb, target=EXPORT_TARGET_MB, on="value"))  # fmt: skip
    return 0 if report(f"storage at {deals:,} deals of each game", rows) else 1


def _loads_seconds(texts: list[str]) -> float:
    t = time.perf_counter()
    for body in texts:
        json.loads(body)
    return time.perf_counter() - t


if __name__ == "__main__":
    raise SystemExit(main())
