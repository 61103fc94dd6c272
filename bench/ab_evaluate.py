"""A/B benchmark: a full 够级 deal priced (``evaluate_replay``, default Settings, jobs=2) by an earlier revision and
by the working tree, the runs of the two interleaved, so that a change made for speed is measured against the code
before it in the same session (the machine is shared: its speed drifts between sessions, not between two runs a
minute apart). The earlier revision is unpacked and its hot path compiled by ``bench/before.py`` (kept in
``build/bench/``); each run is a fresh process.

    python bench/ab_evaluate.py --base 4eeeae4 [--deals gouji-2026-09-01-d1,gouji-2026-09-08-d2] [--rounds 3]
    python bench/ab_evaluate.py --base source    # the working tree from source against it compiled

``--base source`` measures the compiled hot path (replay/compiled.py): the base is the working tree with every
module imported from its source (``FUPAN_COMPILED=0``), against the same tree as ``make`` built it.

Prints, per deal, the median wall and CPU seconds of each tree, the ratio base / working tree, and whether the
two trees ran the same number of rollouts (a speed change should change no result: tests/golden/test_golden_evaluate.py
pins the prices). Needs a revision whose ``coach.prices`` holds ``Settings`` (issue 16 on).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import before

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "data" / "samples" / "gouji"

# run in a child process whose sys.path starts at the tree measured
CHILD = """
import json, resource, sys
from pathlib import Path
from coach.evaluate import evaluate_replay
from coach.prices import Settings
from replay.formats.log import read_log
from replay.replay import Replay

def cpu():
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

rep = Replay(read_log(Path(sys.argv[1])))
c = cpu()
ev = evaluate_replay(rep, Settings(), jobs=2)
print(json.dumps({"wall": ev.seconds, "cpu": cpu() - c, "rollouts": ev.rollouts_done}))
"""


def _run(tree: Path, deal: Path, source: bool = False) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    if source:
        env["FUPAN_COMPILED"] = "0"
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(deal)], cwd=tree, env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def _load() -> str:
    with open("/proc/loadavg", encoding="ascii") as f:
        return f.read().split()[0]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", required=True, help="the earlier revision (a commit, tag or branch)")
    p.add_argument("--deals", default="gouji-2026-09-01-d1,gouji-2026-09-08-d2", help="sample 够级 deals, by name")
    p.add_argument("--rounds", type=int, default=3, help="runs of each tree per deal, interleaved")
    args = p.parse_args(argv)
    deals = [SAMPLES / f"{name}.json" for name in args.deals.split(",")]
    if args.base == "source":
        _compare(ROOT, True, deals, args.rounds, "the working tree from source")
        return 0
    _compare(before.tree(args.base), False, deals, args.rounds, args.base)
    return 0


def _compare(base: Path, source: bool, deals: list[Path], rounds: int, label: str) -> None:
    print(f"A/B: {label} (base) against the working tree; load average {_load()} before", flush=True)
    probe = "import replay.compiled as c; print(c.describe())"
    here = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    print(f"working tree: {here.stdout.strip()}", flush=True)
    runs: dict[tuple[str, str], list[dict[str, float]]] = {}
    for _ in range(rounds):
        for deal in deals:
            for name, tree, src in (("base", base, source), ("tree", ROOT, False)):
                runs.setdefault((deal.stem, name), []).append(_run(tree, deal, src))
    print(f"{'deal':<24}{'base s':>8}{'cpu':>7}{'tree s':>8}{'cpu':>7}{'x wall':>8}{'x cpu':>7}  rollouts")
    for deal in deals:
        b, t = runs[(deal.stem, "base")], runs[(deal.stem, "tree")]
        bw, bc = statistics.median(r["wall"] for r in b), statistics.median(r["cpu"] for r in b)
        tw, tc = statistics.median(r["wall"] for r in t), statistics.median(r["cpu"] for r in t)
        same = {r["rollouts"] for r in b} == {r["rollouts"] for r in t}
        print(
            f"{deal.stem:<24}{bw:>8.1f}{bc:>7.1f}{tw:>8.1f}{tc:>7.1f}{bw / tw:>8.2f}{bc / tc:>7.2f}"
            f"  {'same' if same else 'DIFFER'} ({int(t[0]['rollouts'])})"
        )
    print(f"medians of {rounds} runs each; load average {_load()} after")


if __name__ == "__main__":
    raise SystemExit(main())
