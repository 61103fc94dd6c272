"""Benchmark: the rollout policy (coach/policy.py) head to head against its previous version, and its cost.

The previous version is frozen in bench/policy_v1.py (``PolicyV1``, coach/policy.py before issue 16), the
baseline of every figure, measured in the same run:

  1. head to head, over N simulated deals per game (95 % confidence intervals; paired designs):
     - 够级: a new-Policy team against an old-Policy team. Each deal seed is played twice, the new team on
       the even seats and then on the odd ones (same deal, same random seed), and the deal's figure is the
       mean of the new team's points over the two arrangements, so the hands' and the seats' luck cancel.
     - 保皇: one new-Policy seat among four old-Policy seats, rotating over the seats deal by deal, against
       the same deal with the old Policy at that seat too; the figure is the seat's points with the new
       Policy minus its points with the old (whatever role the seat gets: 皇帝, 保皇派 or the rest).
  2. against RandomBot (as bench/bench_evaluate.py's strength part, the README figure): the new Policy and
     the old, each on the same deals (够级: the policy team against a RandomBot team, alternating; 保皇: one
     policy seat, rotating, among four RandomBot seats), and the difference, paired deal by deal.
  3. cost: milliseconds per rollout (all cards known) from mid-deal positions of the sample deals
     (data/samples), new and old in the same process, alternating (median over repeats), and the ratio.

Deals are spread over a process pool (``--jobs``, default every core). ``noise`` is the rollouts' own.

    python bench/bench_policy.py [--quick] [--deals 2000] [--seed 1] [--jobs N] [--parts 1,2,3]

``--quick``: 300 deals and fewer repeats (a smoke run of a minute or so). Exits 1 when the new Policy is
not ahead of the old one in both games (the lower 95 % bound of the head-to-head figure at or below 0).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from policy_v1 import PolicyV1

from coach.evaluate import side_points
from coach.policy import Policy, SeatBots
from coach.prices import ROLLOUT_NOISE, EvaluationError
from coach.worlds import true_world
from replay.formats.log import read_log
from replay.replay import Replay, engine_for
from replay.rules.profile_loader import profile_of
from replay.simulate import RandomBot, simulate_deal

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples"
SEATS = {"gouji": 6, "baohuang": 5}
KINDS = {"new": Policy, "old": PolicyV1, "random": RandomBot}


def _points(seed: int, game: str, kinds: list[str], seat: int, rng_key: str) -> float:
    """The points of ``seat``'s side in deal ``seed`` with bot ``kinds[s]`` at seat s (one shared rng)."""
    rng = random.Random(rng_key)
    made: dict[str, RandomBot] = {}
    for kind in set(kinds):
        made[kind] = KINDS[kind](rng, ROLLOUT_NOISE) if kind != "random" else RandomBot(rng)
    deal = simulate_deal(seed, game, bot=SeatBots([made[k] for k in kinds]))
    eng = engine_for(profile_of(deal.log), dict(deal.log.meta))
    return side_points(eng, deal.states[-1], seat)


def head_to_head(job: tuple[str, int, int]) -> float:
    """Deal ``k``'s paired figure for the new Policy against the old (see the module docstring)."""
    game, base, k = job
    seed, key = base * 100_000 + k, f"{base}:{game}:{k}"
    n = SEATS[game]
    if game == "gouji":
        even = _points(seed, game, ["new" if s % 2 == 0 else "old" for s in range(n)], 0, key)
        odd = _points(seed, game, ["new" if s % 2 == 1 else "old" for s in range(n)], 1, key)
        return (even + odd) / 2
    me = k % n
    new = _points(seed, game, ["new" if s == me else "old" for s in range(n)], me, key)
    return new - _points(seed, game, ["old"] * n, me, key)


def against_random(job: tuple[str, int, int]) -> tuple[float, float]:
    """Deal ``k``: the new Policy's side's points against RandomBot, and the old Policy's on the same deal."""
    game, base, k = job
    seed, key = base * 100_000 + k, f"{base}:{game}:{k}"
    n = SEATS[game]
    me = k % 2 if n == 6 else k % n
    mine = [(s % 2 == me) if n == 6 else s == me for s in range(n)]
    new, old = (_points(seed, game, [kind if m else "random" for m in mine], me, key) for kind in ("new", "old"))
    return new, old


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    return statistics.mean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def _ci(mean: float, half: float) -> str:
    return f"[{mean - half:+.2f}, {mean + half:+.2f}]"


# -- 3. cost ----------------------------------------------------------------------------------


def rollout_cost(game: str, repeats: int, per_position: int, seed: int) -> dict[str, float]:
    """Median seconds per rollout from the sample deals' mid-deal positions, new Policy and old."""
    replays = [Replay(read_log(p)) for p in sorted((SAMPLES / game).glob("*.json"))]
    positions = [(rep.engine, true_world(rep.states[len(rep.log.events) // 2])) for rep in replays]
    times: dict[str, list[float]] = {"new": [], "old": []}
    for r in range(repeats):
        for kind in ("new", "old") if r % 2 == 0 else ("old", "new"):
            t = time.perf_counter()
            n = 0
            for eng, st0 in positions:
                for k in range(per_position):
                    pol = KINDS[kind](random.Random(f"{seed}:{r}:{k}"), ROLLOUT_NOISE)
                    st = st0
                    for _ in range(5000):
                        if st.terminal:
                            break
                        out = eng.step(st, pol.choose(eng, st))
                        if out.rule is not None:
                            raise EvaluationError(f"{kind} policy: [{out.rule}] {out.message_en}")
                        st = out.state
                    n += 1
            times[kind].append((time.perf_counter() - t) / n)
    return {kind: statistics.median(v) for kind, v in times.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="300 deals, fewer repeats")
    ap.add_argument("--deals", type=int, default=2000, help="simulated deals per game (default 2000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2)
    ap.add_argument("--parts", default="1,2,3", help="parts to run, e.g. 1 or 1,3 (default: all)")
    args = ap.parse_args(argv)
    parts = {int(x) for x in args.parts.split(",")}
    if args.quick:
        args.deals = 300
    repeats, per_position = (3, 2) if args.quick else (5, 4)
    print(f"fupan policy benchmark (Python {sys.version.split()[0]}, {args.jobs} jobs, noise {ROLLOUT_NOISE})")
    summary: dict[str, object] = {"deals": args.deals, "seed": args.seed}
    ok = True
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        if 1 in parts:
            print(f"1. new Policy against the old (bench/policy_v1.py), {args.deals} simulated deals per game")
            print(f"{'game':<10}{'design':<66}{'mean points':>13}{'95 % CI':>18}")
            h2h = {}
            for game, label in (
                ("gouji", "new team vs old team, both arrangements of each deal (paired)"),
                ("baohuang", "one new seat (rotating) among 4 old, minus the all-old deal"),
            ):
                jobs = [(game, args.seed, k) for k in range(args.deals)]
                xs = list(pool.map(head_to_head, jobs, chunksize=25))
                mean, half = _mean_ci(xs)
                h2h[game] = {"mean": round(mean, 3), "ci95": round(half, 3)}
                ok &= mean - half > 0
                print(f"{game:<10}{label:<66}{mean:>+13.3f}{_ci(mean, half):>18}", flush=True)
            print("points: gouji the team's net points (串三户 doubled), baohuang the seat's own points; 0 = equal")
            summary["head_to_head"] = h2h
            print()
        if 2 in parts:
            print(f"2. against RandomBot, {args.deals} simulated deals per game (the same deals for new and old)")
            print(f"{'game':<10}{'policy side':<48}{'new':>9}{'95 % CI':>18}{'old':>9}{'95 % CI':>18}{'new-old':>9}")
            vs = {}
            for game, label in (
                ("gouji", "policy team (alternating) vs RandomBot team"),
                ("baohuang", "one policy seat (rotating) among 4 RandomBot"),
            ):
                pairs = list(pool.map(against_random, [(game, args.seed, k) for k in range(args.deals)], chunksize=25))
                new, old = _mean_ci([p[0] for p in pairs]), _mean_ci([p[1] for p in pairs])
                diff = _mean_ci([p[0] - p[1] for p in pairs])
                vs[game] = {"new": round(new[0], 3), "old": round(old[0], 3), "diff": round(diff[0], 3)}
                vs[game]["diff_ci95"] = round(diff[1], 3)
                print(
                    f"{game:<10}{label:<48}{new[0]:>+9.2f}{_ci(*new):>18}{old[0]:>+9.2f}{_ci(*old):>18}"
                    f"{diff[0]:>+9.2f}  {_ci(*diff)}",
                    flush=True,
                )
            summary["against_random"] = vs
            print()
    if 3 in parts:
        print("3. cost per rollout on one core, all cards known, mid-deal positions of the sample deals (median)")
        print(f"{'game':<10}{'new ms':>10}{'old ms':>10}{'new/old':>10}")
        costs = {}
        for game in SEATS:
            c = rollout_cost(game, repeats, per_position, args.seed)
            costs[game] = {k: round(v * 1000, 3) for k, v in c.items()}
            print(f"{game:<10}{c['new'] * 1000:>10.3f}{c['old'] * 1000:>10.3f}{c['new'] / c['old']:>10.2f}")
        summary["rollout_ms"] = costs
    print(json.dumps(summary, ensure_ascii=False))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
