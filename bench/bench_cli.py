"""Benchmark: how soon ``fupan`` starts (issue 17, item 3): the CPU time of ``fupan check`` on one sample 够级 log
(and ``fupan score``, ``fupan --help``) beside that of ``python -c "import json"``, the same interpreter started
to do almost nothing, in the same run; and ``fupan check`` of a folder of sample logs, per log. Each figure is the
least CPU time (user + system, the process and its children) of several runs, as the machine is shared: the
least is the run the other work on the cores disturbed least. The runs of the commands and of the baseline take
turns, so that a busy spell of the machine does not fall on one of them only.

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


def cpu(cmds: list[list[str]], runs: int) -> list[float]:
    """The least CPU seconds of each command over ``runs`` runs (their output dropped), the commands taking turns."""
    best = [float("inf")] * len(cmds)
    for _ in range(runs):
        for k, cmd in enumerate(cmds):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            best[k] = min(best[k], after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
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
    base_cmd = [sys.executable, "-c", "import json"]
    starts = {
        f"fupan check {Path(log).name}": ([fupan, "check", log], TARGET),
        f"fupan score {Path(log).name}": ([fupan, "score", log], None),
        "fupan --help": ([fupan, "--help"], None),
    }
    times = cpu([base_cmd, *(cmd for cmd, _ in starts.values())], runs)
    base = times[0]

    def row(name: str, value: float, target: float | None, n_runs: int = runs, per: int = 1) -> Figure:
        return Figure(
            figure=name,
            value=value * 1000 / per,
            unit="ms CPU",
            baseline=base_name,
            base_value=base * 1000,
            runs=n_runs,
            stat="least",
            target=target,
        )

    rows = [row(name, t, target) for (name, (_, target)), t in zip(starts.items(), times[1:], strict=True)]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "night"
        folder.mkdir()
        logs = sorted(p for g in ("gouji", "baohuang") for p in (SAMPLES / g).glob("*.json"))
        for p in logs:
            (folder / p.name).write_bytes(p.read_bytes())
        name = f"fupan check of a folder of {len(logs)} logs, per log"
        rows.append(row(name, cpu([[fupan, "check", str(folder)]], 3)[0], None, 3, len(logs)))
    title = f"fupan start (Python {sys.version.split()[0]}, {os.cpu_count()} cores; {hot})"
    return 0 if report(title, rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
