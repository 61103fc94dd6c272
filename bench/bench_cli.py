"""Benchmark: how soon ``fupan`` starts (issue 17, item 3): the CPU time of ``fupan check`` on one sample 够级 log
(and ``fupan score``, ``fupan --help``) beside that of ``python -c "import json"``, the same interpreter started
to do almost nothing, in the same run; and ``fupan check`` of a folder of sample logs, per log. Each figure is the
least CPU time (user + system, the process and its children) of several runs, as the machine is shared: the
least is the run the other work on the cores disturbed least.

    python bench/bench_cli.py [--runs 15]

Target: ``fupan check LOG`` within 2x the baseline. Exits 1 when it is missed.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "data" / "samples"
BIN = Path(sys.executable).parent
TARGET = 2.0


def cpu(cmd: list[str], runs: int) -> float:
    """The least CPU seconds of ``cmd`` over ``runs`` runs (its output dropped)."""
    best = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=15, help="runs of each command (the least CPU time counts)")
    args = ap.parse_args(argv)
    fupan = str(BIN / "fupan")
    log = str(sorted((SAMPLES / "gouji").glob("*.json"))[0])
    probe = [sys.executable, "-c", "import replay.compiled as c; print(c.describe())"]
    hot = subprocess.run(probe, cwd=ROOT, capture_output=True, text=True, check=False).stdout.strip()
    print(f"fupan start benchmark (Python {sys.version.split()[0]}, {os.cpu_count()} cores; {hot})")
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    base = cpu([sys.executable, "-c", "import json"], args.runs)
    rows = [
        ('python -c "import json" (baseline)', base, 1),
        (f"fupan check {Path(log).name}", cpu([fupan, "check", log], args.runs), 1),
        (f"fupan score {Path(log).name}", cpu([fupan, "score", log], args.runs), 1),
        ("fupan --help", cpu([fupan, "--help"], args.runs), 1),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "night"
        folder.mkdir()
        logs = sorted(p for g in ("gouji", "baohuang") for p in (SAMPLES / g).glob("*.json"))
        for p in logs:
            (folder / p.name).write_bytes(p.read_bytes())
        rows.append((f"fupan check of a folder of {len(logs)} logs", cpu([fupan, "check", str(folder)], 3), len(logs)))
    print(f"{'command':<44}{'least CPU ms':>13}{'x baseline':>11}{'ms per log':>11}")
    for name, t, n in rows:
        print(f"{name:<44}{t * 1000:>13.1f}{t / base:>11.2f}{t * 1000 / n:>11.1f}")
    check = rows[1][1] / base
    ok = check <= TARGET
    print(f"target: fupan check within {TARGET:.0f}x the baseline: {'met' if ok else 'NOT met'} ({check:.2f}x)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
