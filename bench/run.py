"""``make bench``: every bench in turn, each in a process of its own, then one table of all their figures (issue
17, item 7): figure, baseline measured in the same run, ratio, target, met, how many runs the figure is the
median (or least) of, and the machine's load average while it ran.

Each bench reports through ``bench/figures.py``; this runner names a file in ``FUPAN_BENCH_OUT`` for them to
append their rows to, prints the table when all have run, and writes it (with the command, the date, the
interpreter and the compiled path) to ``build/bench/table.md``, which docs/performance.md records.

    python bench/run.py [--quick] [--only NAME ...] [--skip NAME ...]

A bench that fails or misses a target does not stop the others; the exit status is 1 when any target is missed
or any bench failed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from figures import OUT, Figure, load, table  # noqa: E402 - beside this file (sys.path[0])

# (name, script, arguments of a full run): the speed benches first, the ones that build a library or price
# deals after; the quality benches (policy strength, inference) last: they print their own tables of points
# won with confidence intervals, which are not speeds and are not in the one table (QUALITY).
QUALITY = {"policy", "inference"}
BENCHES: list[tuple[str, str, list[str]]] = [
    ("replay", "bench_replay.py", []),
    ("moves", "bench_moves.py", []),
    ("cli", "bench_cli.py", []),
    ("import", "bench_import.py", []),
    ("app", "bench_app.py", []),
    ("storage", "bench_storage.py", []),
    ("browser", "bench_browser.py", []),
    ("first-page", "bench_first_page.py", []),
    ("pages", "bench_pages.py", []),
    ("evaluate", "bench_evaluate.py", ["--parts", "1,2", "--deals", "8", "--runs", "1"]),
    ("eta", "bench_eta.py", []),
    ("machinery", "bench_machinery.py", []),
    ("policy", "bench_policy.py", []),
    ("inference", "bench_inference.py", []),
    ("stability", "bench_stability.py", ["--deals", "3"]),
    ("planted", "bench_planted.py", []),
    ("ratings", "bench_ratings.py", []),
    ("cluster", "bench_cluster.py", []),
]


def run(names: list[str], quick: bool) -> tuple[list[Figure], list[str]]:
    """Run the named benches; their figures and the names of those that failed (no figure, or a crash)."""
    failed: list[str] = []
    rows: list[Figure] = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "figures.jsonl"
        for name, script, args in BENCHES:
            if name not in names:
                continue
            path = ROOT / "bench" / script
            if not path.exists():
                print(f"\n== {name}: {script} is missing", flush=True)
                failed.append(name)
                continue
            cmd = [sys.executable, str(path), *(["--quick"] if quick else args)]
            print(f"\n== {name}: {' '.join(cmd[1:])} (load {load():.2f})", flush=True)
            before = out.read_text(encoding="utf-8").count("\n") if out.exists() else 0
            t = time.perf_counter()
            code = subprocess.run(cmd, cwd=ROOT, env={**os.environ, OUT: str(out)}, check=False).returncode
            lines = out.read_text(encoding="utf-8").splitlines() if out.exists() else []
            got = len(lines)
            # the one table names each bench by its short name here (the bench's own title heads its own table)
            rows += [Figure.from_json({**json.loads(line), "bench": name}) for line in lines[before:]]
            print(f"== {name}: exit {code}, {got - before} figures, {time.perf_counter() - t:.0f} s", flush=True)
            if code not in (0, 1) or (got == before and name not in QUALITY):
                failed.append(name)
    return rows, failed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="each bench's --quick run (a smoke run, not figures)")
    ap.add_argument("--only", nargs="+", metavar="NAME", help="run these benches only")
    ap.add_argument("--skip", nargs="+", metavar="NAME", default=[], help="leave these out")
    args = ap.parse_args(argv)
    known = [name for name, _, _ in BENCHES]
    for name in (args.only or []) + args.skip:
        if name not in known:
            ap.error(f"no bench named {name!r} (known: {', '.join(known)})")
    names = [n for n in (args.only or known) if n not in args.skip]
    started = dt.datetime.now(dt.UTC)
    rows, failed = run(names, args.quick)
    from replay import compiled

    head = (
        f"`python bench/run.py{''.join(' ' + a for a in (sys.argv[1:] if argv is None else argv))}` on "
        f"{started:%Y-%m-%d %H:%M} UTC, "
        f"Python {platform.python_version()}, {os.cpu_count()} cores, {compiled.describe()}"
    )
    body = table(rows, with_bench=True)
    missed = [f for f in rows if f.met is False]
    tail = [f"failed (no figures): {', '.join(failed)}"] if failed else []
    tail += [f"{len(missed)} target(s) missed" if missed else "every target met"]
    text = "\n\n".join([head, body, "\n".join(tail)])
    print("\n" + text)
    dest = ROOT / "build" / "bench" / ("table-quick.md" if args.quick else "table.md")
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(text + "\n", encoding="utf-8")
    print(f"\n(written to {dest.relative_to(ROOT)})")
    return 1 if missed or failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
