"""Benchmark: the rollout policy (coach/policy.py with its tuned style, coach/policy_style.py) head to head, and its cost.

The baselines, measured in the same run on the same deals: the plain style (``Style()``: the policy as issue 16
left it, the thresholds a club player would name), the greedy players of bench/baselines.py (the cheapest beating
set on every set; and the same sparing a partner's standing set) and, for 升级, ``ShengjiPolicy`` against its
greedy counterparts. The deals' seeds lie below 10,000,000: none is among the deals bench/train_policy.py tuned on.

  1. head to head, over N simulated deals per game (95 % confidence intervals; paired designs):
     - 够级: a team of bot A against a team of bot B. Each deal seed is played twice, A on the even seats and then
       on the odd ones (same deal, same random seed), and the deal's figure is the mean of A's team's points over
       the two arrangements, so the hands' and the seats' luck cancel.
     - 保皇: one A seat among four B seats, rotating over the seats deal by deal, against the same deal with B at
       that seat too; the figure is the seat's points with A minus its points with B (whatever role it gets).
     - 升级: A on seats 0 and 2 against B on 1 and 3, then swapped, on the same deal; the figure is A's side's
       levels won (its levels up less the other side's), the mean of the two.
  2. against RandomBot (the README figure): the tuned policy and the plain one, each on the same deals (够级: the
     policy team against a RandomBot team, alternating; 保皇: one policy seat, rotating, among four RandomBot
     seats), and the difference, paired deal by deal.
  3. cost: milliseconds per rollout (all cards known) from mid-deal positions of the sample deals
     (data/samples), tuned and plain in the same process, alternating (median over repeats), and the ratio.

Deals are spread over a process pool (``--jobs``, default every core). The bots play without noise but where a
row says "noise" (the rollouts' own, 0.08).

    python bench/bench_policy.py [--quick] [--deals 2000] [--seed 1] [--jobs N] [--parts 1,2,3]

``--quick``: 300 deals and fewer repeats (a smoke run). Exits 1 when the tuned policy is not ahead of the plain
one and of both greedy players in 够级 and 保皇, or ``ShengjiPolicy`` of its greedy counterparts (a lower 95 %
bound at or below 0).
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
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from baselines import Greedy, GreedySparing, ShengjiGreedy
from bench_shengji import play as play_shengji

from coach.evaluate import side_points
from coach.games.shengji.coach import levels_won
from coach.games.shengji.policy import ShengjiPolicy
from coach.policy import Policy, SeatBots
from coach.policy_style import PLAIN
from coach.prices import ROLLOUT_NOISE, EvaluationError
from coach.worlds import true_world
from replay.climbing.state import State
from replay.climbing.table import Climbing
from replay.formats.log import read_log
from replay.games.shengji.engine import Shengji
from replay.replay import Replay, engine_for
from replay.rules.profile_loader import load_profile, profile_of
from replay.simulate import RandomBot, simulate_deal

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples"
SEATS = {"gouji": 6, "baohuang": 5}
#: the bots by name (each made with the deal's rng)
KINDS: dict[str, Callable[[random.Random], Any]] = {
    "tuned": lambda rng: Policy(rng, 0.0),
    "tuned, noise": lambda rng: Policy(rng, ROLLOUT_NOISE),
    "plain": lambda rng: Policy(rng, 0.0, PLAIN),
    "greedy": lambda rng: Greedy(rng),
    "greedy sparing": lambda rng: GreedySparing(rng),
    "random": lambda rng: RandomBot(rng),
    "policy": lambda rng: ShengjiPolicy(rng, 0.0),
    "sj greedy": lambda rng: ShengjiGreedy(rng),
    "sj greedy sparing": lambda rng: ShengjiGreedy(rng, sparing=True),
}
#: part 1's rows: (game, A, B); those marked True must be won for the exit code 0
DUELS: list[tuple[str, str, str, bool]] = [
    (game, a, b, must)
    for game in ("gouji", "baohuang")
    for a, b, must in (
        ("tuned", "plain", True),
        ("tuned", "greedy", True),
        ("tuned", "greedy sparing", True),
        ("plain", "greedy sparing", False),
        ("tuned, noise", "greedy sparing", False),
    )
] + [("shengji", "policy", "sj greedy", True), ("shengji", "policy", "sj greedy sparing", True)]
SHENGJI = Shengji(load_profile("shengji-35"))


Maker = Callable[[random.Random], Any]


def _points(seed: int, game: str, makers: list[Maker], seat: int, rng_key: str) -> float:
    """The points of ``seat``'s side in deal ``seed`` with the bot ``makers[s]`` makes at seat s (one shared rng)."""
    rng = random.Random(rng_key)
    made = {id(m): m(rng) for m in makers}
    deal = simulate_deal(seed, game, bot=SeatBots([made[id(m)] for m in makers]))
    eng = engine_for(profile_of(deal.log), dict(deal.log.meta))
    return side_points(eng, deal.states[-1], seat)


def climbing_duel(game: str, seed: int, me: int, key: str, a: Maker, b: Maker) -> float:
    """Deal ``seed``'s paired figure for the bots ``a`` makes against those ``b`` makes, in 够级 (a team each, both
    arrangements) or 保皇 (an ``a`` seat at ``me`` among ``b`` seats, minus the deal with ``b`` there too)."""
    n = SEATS[game]
    if n == 6:
        even = _points(seed, game, [a if s % 2 == 0 else b for s in range(n)], 0, key)
        odd = _points(seed, game, [a if s % 2 == 1 else b for s in range(n)], 1, key)
        return (even + odd) / 2
    return _points(seed, game, [a if s == me else b for s in range(n)], me, key) - _points(seed, game, [b] * n, me, key)


def duel(job: tuple[str, str, str, int, int]) -> float:
    """Deal ``k``'s paired figure for bot ``a`` against bot ``b`` (see the module docstring)."""
    game, a, b, base, k = job
    seed, key = base * 100_000 + k, f"{base}:{game}:{k}"
    if game == "shengji":
        won = []
        for side in (0, 1):
            rng = random.Random(key)
            bot_a, bot_b = KINDS[a](rng), KINDS[b](rng)
            end = play_shengji(SHENGJI, seed, [bot_a if s % 2 == side else bot_b for s in range(4)])
            won.append(levels_won(SHENGJI, end, side))
        return sum(won) / 2
    return climbing_duel(game, seed, k % SEATS[game], key, KINDS[a], KINDS[b])


def against_random(job: tuple[str, int, int]) -> tuple[float, float]:
    """Deal ``k``: the tuned policy's side's points against RandomBot, and the plain policy's on the same deal."""
    game, base, k = job
    seed, key = base * 100_000 + k, f"{base}:{game}:{k}"
    n = SEATS[game]
    me = k % 2 if n == 6 else k % n
    mine = [(s % 2 == me) if n == 6 else s == me for s in range(n)]
    new, old = (
        _points(seed, game, [KINDS[kind] if m else KINDS["random"] for m in mine], me, key)
        for kind in ("tuned", "plain")
    )
    return new, old


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    return statistics.mean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def _ci(mean: float, half: float) -> str:
    return f"[{mean - half:+.2f}, {mean + half:+.2f}]"


# -- 3. cost ----------------------------------------------------------------------------------


def midway(rep: Replay[Any]) -> tuple[Climbing[State], State]:
    """A climbing game's sample deal (gouji/, baohuang/): its engine and its state half-way, every card known."""
    eng, st = rep.engine, true_world(rep.states[len(rep.log.events) // 2])
    assert isinstance(eng, Climbing) and isinstance(st, State), (type(eng), type(st))
    return eng, st


def rollout_cost(game: str, repeats: int, per_position: int, seed: int) -> dict[str, float]:
    """Median seconds per rollout from the sample deals' mid-deal positions, the tuned policy and the plain one
    (both with the rollouts' noise)."""
    replays = [Replay(read_log(p)) for p in sorted((SAMPLES / game).glob("*.json"))]
    positions = [midway(rep) for rep in replays]
    styles = {"tuned": None, "plain": PLAIN}
    times: dict[str, list[float]] = {"tuned": [], "plain": []}
    for r in range(repeats):
        for kind in ("tuned", "plain") if r % 2 == 0 else ("plain", "tuned"):
            t = time.perf_counter()
            n = 0
            for eng, st0 in positions:
                for k in range(per_position):
                    pol = Policy(random.Random(f"{seed}:{r}:{k}"), ROLLOUT_NOISE, styles[kind])
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
            print(f"1. head to head, {args.deals} simulated deals per game (paired; see the docstring)")
            print(f"{'game':<10}{'A':<14}{'B':<20}{'A − B':>9}{'95 % CI':>18}")
            h2h = []
            for game, a, b, must in DUELS:
                jobs = [(game, a, b, args.seed, k) for k in range(args.deals)]
                xs = list(pool.map(duel, jobs, chunksize=25))
                mean, half = _mean_ci(xs)
                h2h.append({"game": game, "a": a, "b": b, "mean": round(mean, 3), "ci95": round(half, 3)})
                if must:
                    ok &= mean - half > 0
                print(f"{game:<10}{a:<14}{b:<20}{mean:>+9.3f}{_ci(mean, half):>18}", flush=True)
            print(
                "gouji: A's team's points (串三户 doubled); baohuang: the A seat's own points minus B's in its place;"
            )
            print("shengji: A's side's levels won less the other side's; 0 = equal")
            summary["head_to_head"] = h2h
            print()
        if 2 in parts:
            print(f"2. against RandomBot, {args.deals} simulated deals per game (the same deals for tuned and plain)")
            print(
                f"{'game':<10}{'policy side':<48}{'tuned':>9}{'95 % CI':>18}{'plain':>9}{'95 % CI':>18}{'difference':>11}"
            )
            vs = {}
            for game, label in (
                ("gouji", "policy team (alternating) vs RandomBot team"),
                ("baohuang", "one policy seat (rotating) among 4 RandomBot"),
            ):
                pairs = list(pool.map(against_random, [(game, args.seed, k) for k in range(args.deals)], chunksize=25))
                new, old = _mean_ci([p[0] for p in pairs]), _mean_ci([p[1] for p in pairs])
                diff = _mean_ci([p[0] - p[1] for p in pairs])
                vs[game] = {"tuned": round(new[0], 3), "plain": round(old[0], 3), "diff": round(diff[0], 3)}
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
        print(f"{'game':<10}{'tuned ms':>10}{'plain ms':>10}{'ratio':>10}")
        costs = {}
        for game in SEATS:
            c = rollout_cost(game, repeats, per_position, args.seed)
            costs[game] = {k: round(v * 1000, 3) for k, v in c.items()}
            print(f"{game:<10}{c['tuned'] * 1000:>10.3f}{c['plain'] * 1000:>10.3f}{c['tuned'] / c['plain']:>10.2f}")
        summary["rollout_ms"] = costs
    print(json.dumps(summary, ensure_ascii=False))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
