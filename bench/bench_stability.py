"""Benchmark: do the grades hold on a rerun? (issue 37, item 1)

Prices shipped sample deals of a game with the default ``Settings`` once per seed (``--seeds``, three by default),
every decision of every seat in both views, and compares the runs decision by decision:

- **same grade**: the share of the decisions priced in every run whose grade (the one shown: the seat's view, else
  all cards known; no grade counts as a grade) is the same in all runs (target ≥ 95 %), with the share of each
  pair of runs beside it;
- **mistakes and blunders**: each run's set of decisions graded mistake or blunder, and the Jaccard overlap of
  each pair of runs' sets (target ≥ 0.8 for the least of them); the same for the review view (all cards known);
- the time of a deal priced (wall, jobs=2), whose median and worst are printed.

Where a deal's runs disagree, the decisions that changed are printed with their loss ± standard error in each run
(what the grade was made from).

    python bench/bench_stability.py [--game gouji] [--deals 1] [--seeds 0,1,2] [--noise 0.08] [--jobs 2] [--quick]

``--quick``: one deal, two seeds, 8 to 16 rollouts (a smoke run; its figures say nothing). Exits 1 when a target is
missed.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import Figure, report  # beside this file: sys.path[0] when run as a script

from coach.evaluate import evaluate_replay
from coach.grades import SERIOUS
from coach.prices import ROLLOUT_NOISE, Evaluation, Settings
from replay.formats.log import read_log
from replay.replay import Replay

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples"
TARGET_SAME = 0.95  # the share of decisions graded the same in every run
TARGET_JACCARD = 0.80  # the least overlap of two runs' mistakes and blunders


def jaccard(a: set[int], b: set[int]) -> float:
    """|a ∩ b| / |a ∪ b|, 1 for two empty sets (two runs that agree there is nothing serious)."""
    union = a | b
    return len(a & b) / len(union) if union else 1.0


def grades_of(ev: Evaluation, view: str | None = None, undecided: bool = False) -> dict[int, str]:
    """Each priced decision's grade ("" for none): the one shown, or ``view``'s (decisions without it left out);
    with ``undecided``, the serious grade its interval leaves open beside it ("inaccuracy?mistake")."""
    out = {}
    for d in ev.decisions:
        if view is not None and view not in d.losses:
            continue
        shown = view or d.view
        out[d.index] = (d.grade_in(shown) or "") + (f"?{d.undecided_in(shown) or ''}" if undecided else "")
    return out


def compare(runs: Sequence[Mapping[Any, str]]) -> tuple[int, int, list[float], list[float]]:
    """Over the decisions every run priced: how many, how many graded the same in all, each pair's share of the
    same grade, and each pair's Jaccard overlap of mistakes and blunders."""
    common: set[Any] = set.intersection(*(set(r) for r in runs))
    same = sum(1 for i in common if len({r[i] for r in runs}) == 1)
    pairs = list(itertools.combinations(runs, 2))
    shares = [sum(a[i] == b[i] for i in common) / len(common) if common else 1.0 for a, b in pairs]
    overlaps = [
        jaccard({i for i in common if a[i] in SERIOUS}, {i for i in common if b[i] in SERIOUS}) for a, b in pairs
    ]
    return len(common), same, shares, overlaps


def changed(evals: Sequence[Evaluation], seeds: Sequence[int]) -> list[str]:
    """The decisions whose shown grade differs between the runs, with each run's loss ± se and grade."""
    by_run = [{d.index: d for d in ev.decisions} for ev in evals]
    lines = []
    for i in sorted(set.intersection(*(set(r) for r in by_run))):
        ds = [r[i] for r in by_run]
        if len({d.grade for d in ds}) > 1:
            cells = [
                f"seed {s}: {d.loss.loss:+.2f} ± {d.loss.se:.2f} {d.grade or '-'}"
                for s, d in zip(seeds, ds, strict=True)
            ]
            lines.append(f"    event index {i} (seat {ds[0].seat}, {ds[0].view}): " + "; ".join(cells))
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="gouji", help="the samples' game folder (gouji, baohuang, shengji)")
    ap.add_argument("--deals", type=int, default=1, help="sample deals, in name order")
    ap.add_argument("--seeds", default="0,1,2", help="the runs' seeds, comma-separated")
    ap.add_argument("--noise", type=float, default=ROLLOUT_NOISE, help="the review view's rollout noise")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    deals, rollouts, most = args.deals, Settings().rollouts, 0
    if args.quick:
        deals, seeds, rollouts, most = 1, seeds[:2], 8, 16
    paths = sorted((SAMPLES / args.game).glob("*.json"))[:deals]
    if len(seeds) < 2 or not paths:
        raise SystemExit("need at least two seeds and one sample deal")
    shown: list[list[dict[int, str]]] = [[] for _ in seeds]
    told: list[list[dict[int, str]]] = [[] for _ in seeds]  # the grade and the undecided one beside it
    review: list[list[dict[int, str]]] = [[] for _ in seeds]
    times: list[float] = []
    for path in paths:
        rep = Replay(read_log(path))
        evals = []
        for k, seed in enumerate(seeds):
            started = time.perf_counter()
            settings = Settings(rollouts=rollouts, seed=seed, max_rollouts=most, noise=args.noise)
            ev = evaluate_replay(rep, settings, jobs=args.jobs)
            times.append(time.perf_counter() - started)
            evals.append(ev)
            shown[k].append(grades_of(ev))
            told[k].append(grades_of(ev, undecided=True))
            review[k].append(grades_of(ev, "all"))
        n, same, _, overlaps = compare([g[-1] for g in shown])
        print(
            f"{path.name}: {n} decisions, {same} graded the same in all {len(seeds)} runs; mistakes and blunders "
            f"overlap {', '.join(f'{o:.2f}' for o in overlaps)}"
        )
        print("\n".join(changed(evals, seeds)))

    def merged(runs: list[list[dict[int, str]]]) -> list[dict[tuple[int, int], str]]:  # a run's grades, every deal
        return [{(d, i): g for d, grades in enumerate(run) for i, g in grades.items()} for run in runs]

    n, same, shares, overlaps = compare(merged(shown))
    _, same_told, _, _ = compare(merged(told))
    left_open = [sum(g.endswith(("?mistake", "?blunder")) for g in run.values()) for run in merged(told)]
    _, _, _, review_overlaps = compare(merged(review))
    budget = Settings(rollouts=rollouts, max_rollouts=most).budget
    where = f"{len(paths)} {args.game} sample deal(s), seeds {', '.join(map(str, seeds))}, {rollouts}-{budget} rollouts"
    rows = [
        Figure(
            f"same grade in every run ({where}; {n} decisions; pairs {', '.join(f'{s:.3f}' for s in shares)})",
            same / n if n else 1.0,
            "",
            target=TARGET_SAME,
            on="value",
            higher=True,
        ),
        Figure(
            f"mistakes and blunders, least Jaccard overlap of two runs, the grade shown ({where}; pairs "
            f"{', '.join(f'{o:.2f}' for o in overlaps)})",
            min(overlaps),
            "",
            target=TARGET_JACCARD,
            on="value",
            higher=True,
        ),
        Figure(
            f"mistakes and blunders, least Jaccard overlap of two runs, all cards known ({where}; pairs "
            f"{', '.join(f'{o:.2f}' for o in review_overlaps)})",
            min(review_overlaps),
            "",
            target=TARGET_JACCARD,
            on="value",
            higher=True,
        ),
        Figure(
            f"the same grade and the same serious grade left undecided beside it ({where}; undecided per run: "
            f"{', '.join(map(str, left_open))})",
            same_told / n if n else 1.0,
            "",
            on="value",
        ),
        Figure(
            f"a deal priced, jobs={args.jobs} (mean {statistics.fmean(times):.2f} s, worst {max(times):.2f} s)",
            statistics.median(times),
            "s",
            runs=len(times),
        ),
    ]
    report("bench_stability: the grades of a deal priced with other seeds", rows)
    return 0 if all(f.met is not False for f in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
