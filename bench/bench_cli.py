"""Benchmark: how soon ``fupan`` starts (issue 17, item 3): the CPU time of ``fupan check`` on one sample 够级 log
(and ``fupan score``, ``fupan --help``) beside that of ``python -c "import json"``, the same interpreter started
to do almost nothing, in the same run; and ``fupan check`` of a folder of sample logs, per log. Each figure is the
least CPU time (user + system, the process and its children) of several runs, as the machine is shared: the
least is the run the other work on the cores disturbed least.

    python bench/bench_cli.py [--runs 15] [--quick]

Target: ``fupan check LOG`` within 2x the baseline. Exits 1 when it is missed. The folder's figure is its CPU time per log,
beside the baseline's one start (a folder is checked in one start).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from figures import Figure, report

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
    ap.add_argument("--quick", action="store_true", help="a small run: 5 runs of each command")
    args = ap.parse_args(argv)
    runs = 5 if args.quick else max(args.runs, 5)
    fupan = str(BIN / "fupan")
    log = str(sorted((SAMPLES / "gouji").glob("*.json"))[0])
    probe = [sys.executable, "-c", "import replay.compiled as c; print(c.describe())"]
    hot = subprocess.run(probe, cwd=ROOT, capture_output=True, text=True, check=False).stdout.strip()
    base_name = 'python -c "import json"'
    base = cpu([sys.executable, "-c", "import json"], runs)

    def row(name: str, cmd: list[str], target: float | None = None, n_runs: int = runs, per: int = 1) -> Figure:
        return Figure(
            figure=name,
            value=cpu(cmd, n_runs) * 1000 / per,
            unit="ms CPU",
            baseline=base_name,
            base_value=base * 1000,
            runs=n_runs,
            stat="least",
            target=target,
        )

    rows = [
        row(f"fupan check {Path(log).name}", [fupan, "check", log], TARGET),
        row(f"fupan score {Path(log).name}", [fupan, "score", log]),
        row("fupan --help", [fupan, "--help"]),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "night"
        folder.mkdir()
        logs = sorted(p for g in ("gouji", "baohuang") for p in (SAMPLES / g).glob("*.json"))
        for p in logs:
            (folder / p.name).write_bytes(p.read_bytes())
        name = f"fupan check of a folder of {len(logs)} logs, per log"
        rows.append(row(name, [fupan, "check", str(folder)], None, 3, len(logs)))
    title = f"fupan start (Python {sys.version.split()[0]}, {os.cpu_count()} cores; {hot})"
    return 0 if report(title, rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
