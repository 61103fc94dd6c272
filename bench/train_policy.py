"""Train the rollout policy's thresholds by self-play: writes coach/policy_styles.json (``coach.policy_style``).

For each climbing game, a coordinate search over the fields of ``coach.policy_style.Style``, from the plain style:
each field in turn is set to each value of its grid (``GRID``), and the change is kept where the changed style
beats the incumbent by more than two standard errors over ``--deals`` paired simulated deals (the figure of
bench/bench_policy.py's head to head: 够级 a team of the candidate against a team of the incumbent, both
arrangements of each deal; 保皇 one candidate seat, rotating, minus the same deal with the incumbent there). The
rounds go over every field again from the style reached. Every deal's seed is a function of the round, the field
and the value, so a rerun writes the same file (whatever ``--jobs``); the deals are disjoint from those
bench/bench_policy.py measures on (its seeds lie below 10,000,000).

    python bench/train_policy.py [--games gouji,baohuang] [--deals 1000] [--rounds 3] [--jobs N] [--dry-run]

About four minutes a round for a game on two cores. The search keeps a change on a two-standard-error win among
dozens tried, so its own figures are optimistic: bench/bench_policy.py measures the result on fresh deals.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import statistics
import sys
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_policy import SEATS, climbing_duel

from coach.policy import Policy
from coach.policy_style import NAMES, PLAIN, STYLES, Style, tuned

#: the values each field is tried at (the plain style's value among them)
GRID: dict[str, tuple[int, ...]] = {
    "low_set": (0, 8, 9, 10, 11, 12),
    "very_low_set": (0, 6, 7, 8, 9, 10),
    "dear_from": (11, 12, 13, 14),
    "spend_base": (12, 13, 14, 15, 16),
    "spend_size": (2, 3, 4, 5, 99),
    "owner_close": (0, 3, 4, 6, 8, 10),
    "self_close": (0, 4, 6, 8, 10, 12),
    "partner_low": (0, 6, 7, 8, 9, 10),
    "partner_many": (6, 8, 10, 13, 16),
}
TRAIN_SEEDS = 10_000_000
CHECK_SEEDS = 99_000_000


def paired(job: tuple[str, Style, Style, int]) -> float:
    """Deal ``seed``'s paired figure for style ``a`` against ``b`` (see the module docstring)."""
    game, a, b, seed = job
    return climbing_duel(
        game, seed, seed % SEATS[game], f"train:{game}:{seed}", partial(_policy, a), partial(_policy, b)
    )


def _policy(style: Style, rng: random.Random) -> Policy:
    return Policy(rng, 0.0, style)


def compare(pool: Executor, game: str, a: Style, b: Style, seeds: range) -> tuple[float, float]:
    """The mean paired figure of ``a`` against ``b`` over ``seeds``, and its standard error."""
    xs = list(pool.map(paired, [(game, a, b, s) for s in seeds], chunksize=20))
    return statistics.mean(xs), statistics.stdev(xs) / math.sqrt(len(xs))


def search(pool: Executor, game: str, deals: int, rounds: int) -> Style:
    """The coordinate search from the plain style (see the module docstring); prints every trial."""
    best = PLAIN
    for r in range(rounds):
        for f, (name, values) in enumerate(GRID.items()):
            for v, value in enumerate(values):
                if value == getattr(best, name):
                    continue
                cand = dataclasses.replace(best, **{name: value})
                start = TRAIN_SEEDS * (r + 1) + f * 100_000 + v * 10_000
                mean, se = compare(pool, game, cand, best, range(start, start + deals))
                kept = mean > 2 * se
                print(
                    f"{game} round {r + 1} {name}={value}: {mean:+.3f} ± {se:.3f}{'  kept' if kept else ''}", flush=True
                )
                if kept:
                    best = cand
        mean, se = compare(pool, game, best, PLAIN, range(CHECK_SEEDS, CHECK_SEEDS + 2 * deals))
        print(f"{game} after round {r + 1}: {_changed(best)}; against the plain style {mean:+.3f} ± {1.96 * se:.3f}")
    return best


def _tuned_now() -> dict[str, Style]:
    return {g: tuned(g) for g in SEATS if g in json.loads(STYLES.read_text(encoding="utf-8")).get("styles", {})}


def _changed(style: Style) -> dict[str, int]:
    return {n: getattr(style, n) for n in NAMES if getattr(style, n) != getattr(PLAIN, n)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default="gouji,baohuang")
    ap.add_argument("--deals", type=int, default=1000, help="paired deals per trial (default 1000)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2)
    ap.add_argument("--dry-run", action="store_true", help="print the styles, do not write the file")
    args = ap.parse_args(argv)
    styles: dict[str, dict[str, int]] = {}
    if STYLES.exists():  # the games not trained now keep their styles
        styles = {g: _changed(style) for g, style in _tuned_now().items()}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for game in args.games.split(","):
            if game not in SEATS:
                ap.error(f"--games: {game!r} is not a climbing game ({', '.join(SEATS)})")
            styles[game] = _changed(search(pool, game, args.deals, args.rounds))
    doc = {
        "about": "the rollout policy's tuned thresholds (coach/policy_style.py); written by bench/train_policy.py "
        f"--deals {args.deals} --rounds {args.rounds}: do not edit by hand",
        "styles": styles,
    }
    text = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    print(text)
    if not args.dry_run:
        STYLES.write_text(text, encoding="utf-8")
        print(f"written: {STYLES}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
