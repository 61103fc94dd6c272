"""Benchmark: inference in the seat view (coach/inference.py) against uniform sampling (coach/worlds.py).

On N simulated deals per game (够级, 保皇), played by ``Policy`` bots at every seat (noise 0.08, the rollouts'
own: the others play like the model assumes; ``--bots random`` plays them with ``RandomBot`` instead), one
decision per deal is drawn at random between 25 % and 90 % of the deal's priced decisions (the seat's hand is
known: the simulator logs every hand). Its candidates are priced

- in the review view (all cards known) with ``--ref-rollouts`` rollouts: the reference;
- in the seat view with ``--rollouts`` rollouts, once with uniform worlds and, per ``--eps``, once with worlds
  inferred from the others' declines and bids ("declines") and once from their plays too ("plays", the default
  reading since issue 37); the same seed, so the same rollout seeds: common random numbers.

Per deal and sampling: (a) whether the seat view's best candidate is the review view's best, (b) the mean over
the candidates of |seat-view value - reference value|, (c) the regret: the reference value of the review view's
best less that of the seat view's best (what choosing by the seat view costs, in points). Printed: the mean of
each with its 95 % CI, the paired difference inference - uniform with its 95 % CI, the mean effective sample
size of the weights, and the extra time per decision (the inference call against the uniform draws it replaces;
median over the deals).

    python bench/bench_inference.py [--deals 300] [--quick] [--games gouji,baohuang] [--rollouts 20]
        [--ref-rollouts 60] [--eps 0.2] [--window W] [--factor F] [--bots policy|random] [--jobs 2] [--seed 1]

``--quick``: 30 deals per game, 40 reference rollouts (a smoke run). Inference "earns its place" in a game when
its paired regret difference is below 0 with 95 % confidence (the CI's upper bound below 0); the exit code is 0
either way (the figures decide ``coach.prices.DEFAULT_SAMPLING``, docs/evaluation.md).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coach import inference
from coach.evaluate import decision_points, evaluate_decision
from coach.policy import Policy
from coach.prices import Settings
from coach.worlds import Knowledge, knowledge, sample_hands
from replay.core.game_state import GameState
from replay.replay import Replay
from replay.simulate import RandomBot, simulate_deal

if TYPE_CHECKING:
    from replay.climbing.state import State
    from replay.climbing.table import Climbing


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, half


def _pick(rep: Replay[GameState], rng: random.Random) -> list[int]:
    points = decision_points(rep)
    lo, hi = int(0.25 * len(points)), max(int(0.25 * len(points)) + 1, int(0.9 * len(points)))
    window = points[lo:hi]
    rng.shuffle(window)
    return window


def _draw(know: Knowledge, m: int) -> inference.Hands:
    return sample_hands(know, random.Random(m))


def one_deal(job: tuple[str, int, dict[str, Any]]) -> dict[str, Any] | None:
    """The figures of one deal: per sampling, the hit (a) and the mean absolute error (b); the ESS, times."""
    game, seed, opts = job
    inference.WINDOW = opts["window"]
    inference.FACTOR = opts["factor"]
    rng = random.Random(f"{opts['seed']}:{game}:{seed}")
    bot = Policy(rng) if opts["bots"] == "policy" else RandomBot(rng, burn_rate=0.2)
    rep = Replay(simulate_deal(seed, game, bot=bot).log)
    # a climbing deal (the inference is the climbing family's)
    eng, states, events = cast("Climbing[State]", rep.engine), cast("list[State]", rep.states), rep.log.events
    for index in _pick(rep, rng)[:8]:
        seat = events[index].seat
        ref = evaluate_decision(
            eng, states, events, index, Settings(rollouts=opts["ref"], views=("all",), seed=seed, sampling="uniform")
        )
        if ref is None:
            continue
        truth = [c.values["all"].mean for c in ref.candidates]
        best = max(range(len(truth)), key=lambda j: truth[j])
        out: dict[str, Any] = {"game": game}
        for name, eps, plays in _samplings(opts["eps"]):
            if eps is not None:
                inference.EPS, inference.PLAYS = eps, plays
            how = Settings(
                rollouts=opts["rollouts"],
                views=("seat",),
                seed=seed,
                sampling="uniform" if eps is None else "inference",
            )
            t = time.perf_counter()
            d = evaluate_decision(eng, states, events, index, how)
            if eps is None:
                out["seat_ms"] = 1000 * (time.perf_counter() - t)
            assert d is not None and len(d.candidates) == len(truth)
            vals = [c.values["seat"].mean for c in d.candidates]
            seat_best = max(range(len(vals)), key=lambda j: (vals[j], j == 0))
            out[name] = (
                float(truth[seat_best] == truth[best]),
                statistics.fmean(abs(v - t) for v, t in zip(vals, truth, strict=True)),
                truth[best] - truth[seat_best],
            )
        know = knowledge(eng, states, events, index, seat)
        n = opts["rollouts"]
        t0 = time.perf_counter()
        for k in range(n):
            _draw(know, k)
        t1 = time.perf_counter()
        inf = inference.infer(eng, states, events, index, seat, partial(_draw, know), n, rng)
        t2 = time.perf_counter()
        out["ess"] = inf.ess / inf.candidates
        out["observed"] = inf.observed
        out["extra_ms"] = 1000 * ((t2 - t1) - (t1 - t0))
        return out
    return None


def _samplings(eps: list[float]) -> list[tuple[str, float | None, bool]]:
    """The samplings compared: (name, eps, the plays read)."""
    return [("uniform", None, False)] + [(f"{w} {e:g}", e, w == "plays") for e in eps for w in ("declines", "plays")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--games", default="gouji,baohuang")
    ap.add_argument("--rollouts", type=int, default=20)
    ap.add_argument("--ref-rollouts", type=int, default=60)
    ap.add_argument("--eps", default=str(inference.EPS), help="tempering eps values, comma separated")
    ap.add_argument("--window", type=int, default=inference.WINDOW)
    ap.add_argument("--factor", type=int, default=inference.FACTOR)
    ap.add_argument("--bots", choices=("policy", "random"), default="policy")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    deals, ref = (30, 40) if a.quick else (a.deals, a.ref_rollouts)
    eps = [float(x) for x in a.eps.split(",")]
    opts = {"rollouts": a.rollouts, "ref": ref, "eps": eps, "window": a.window, "factor": a.factor}
    opts |= {"bots": a.bots, "seed": a.seed}
    print(
        f"bench_inference: {deals} deals per game, {a.bots} bots, seat view {a.rollouts} rollouts, reference (all"
        f" cards known) {ref} rollouts, window {a.window}, factor {a.factor}, eps {', '.join(map(str, eps))}"
    )
    for game in a.games.split(","):
        jobs = [(game, a.seed * 100000 + d, opts) for d in range(deals)]
        t0 = time.perf_counter()
        with ProcessPoolExecutor(a.jobs) as pool:
            rows = [r for r in pool.map(one_deal, jobs, chunksize=4) if r is not None]
        print(f"\n{game}: {len(rows)} decisions ({time.perf_counter() - t0:.0f} s)")
        print(f"  {'sampling':<14} {'(a) best = review best':>24} {'(b) mean |value error|':>24} {'(c) regret':>18}")
        names = [name for name, _, _ in _samplings(eps)]
        for name in names:
            hit, err, reg = (_mean_ci([r[name][k] for r in rows]) for k in range(3))
            print(
                f"  {name:<14} {hit[0]:>15.3f} ± {hit[1]:.3f} {err[0]:>15.3f} ± {err[1]:.3f}"
                f" {reg[0]:>9.3f} ± {reg[1]:.3f}"
            )
        for name in names[1:]:
            dh, de, dr = (_mean_ci([r[name][k] - r["uniform"][k] for r in rows]) for k in range(3))
            earns = dr[0] + dr[1] < 0
            print(
                f"  {name} - uniform: (a) {dh[0]:+.3f} ± {dh[1]:.3f}   (b) {de[0]:+.3f} ± {de[1]:.3f}"
                f"   (c) {dr[0]:+.3f} ± {dr[1]:.3f}   {'earns its place' if earns else 'does not earn its place'}"
            )
        ess = _mean_ci([r["ess"] for r in rows])
        obs = statistics.fmean(r["observed"] for r in rows)
        extra = statistics.median(r["extra_ms"] for r in rows)
        base = statistics.median(r["seat_ms"] for r in rows)
        print(
            f"  effective sample size / candidates: {ess[0]:.2f} ± {ess[1]:.2f}; decisions read {obs:.1f};"
            f" extra time per decision (median) {extra:.1f} ms beside the uniform seat view's {base:.0f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
