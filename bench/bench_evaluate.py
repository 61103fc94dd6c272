"""Benchmark: the evaluation engine (coach/evaluate.py): rollout speed, a full deal priced, policy strength.

Three parts, each printed as a small table:
  1. rollouts per second on one core, from mid-deal positions of the sample deals (data/samples), for 够级 and
     保皇: a policy rollout with all cards known, and a seat's sampled world (knowledge + sample + world) plus
     its rollout; the baseline is a RandomBot full deal (``simulate_deal``) in the same process, and each row
     gives its ratio to it. Medians over repeats.
  2. a full 够级 sample deal evaluated with the default Settings (every decision of all six seats, both views):
     wall time with jobs=2 and jobs=1 (median over runs), the speed-up, and whether the 60 s target holds.
  3. policy strength: over N simulated 够级 deals the Policy team's mean points against a RandomBot team (the
     Policy's team alternates), and over N 保皇 deals one Policy seat (rotating) among four RandomBot seats;
     95 % confidence intervals.

    python bench/bench_evaluate.py [--quick] [--deals 3] [--runs 3] [--strength 1000] [--seed 1] [--parts 1,2,3]

``--quick``: 1 deal, 1 run, 200 strength deals, fewer repeats (a smoke run of a minute or two).
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coach.evaluate import Settings, evaluate_replay, rollout, side_points
from coach.policy import Policy, SeatBots
from coach.worlds import knowledge, sample_hands, true_world, world
from replay.log import read_log
from replay.replay import Replay, engine_for
from replay.simulate import RandomBot, simulate_deal

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples"
TARGET_DEAL_S = 60.0


def _samples(game: str) -> list[Path]:
    return sorted((SAMPLES / game).glob("*.json"))


# -- 1. rollouts ------------------------------------------------------------------------------


def bench_rollouts(game: str, repeats: int, per_position: int, seed: int) -> dict[str, float]:
    """Median seconds per RandomBot deal, per rollout (all view) and per sampled world + rollout (seat view)."""
    replays = [Replay(read_log(p)) for p in _samples(game)]
    positions = []
    for rep in replays:
        mid = len(rep.log.events) // 2
        positions.append((rep, mid, rep.log.events[mid].seat))
    profile = replays[0].profile.name
    sim, roll, seat = [], [], []
    for r in range(repeats):
        t = time.perf_counter()
        for k in range(len(positions)):
            simulate_deal(seed + r * 1000 + k, profile)
        sim.append((time.perf_counter() - t) / len(positions))
        t = time.perf_counter()
        n = 0
        for rep, mid, _ in positions:
            st = true_world(rep.states[mid])
            for k in range(per_position):
                rollout(rep.engine, st, random.Random(f"{seed}:{r}:{k}"))
                n += 1
        roll.append((time.perf_counter() - t) / n)
        t = time.perf_counter()
        for rep, mid, s in positions:
            know = knowledge(rep.engine, rep.states, rep.log.events, mid, s)
            for k in range(per_position):
                rng = random.Random(f"{seed}:{r}:{k}")
                rollout(rep.engine, world(rep.engine, rep.states[mid], sample_hands(know, rng)), rng)
        seat.append((time.perf_counter() - t) / n)
    return {
        "positions": len(positions),
        "events_left": statistics.median(len(rep.log.events) - mid for rep, mid, _ in positions),
        "random_deal_s": statistics.median(sim),
        "rollout_s": statistics.median(roll),
        "seat_rollout_s": statistics.median(seat),
    }


def print_rollouts(results: dict[str, dict[str, float]]) -> None:
    print("1. rollouts on one core, from mid-deal positions of the sample deals (median over repeats)")
    print(f"{'game':<10}{'what':<40}{'ms each':>10}{'per s':>10}{'x RandomBot deal':>18}")
    for game, res in results.items():
        base = res["random_deal_s"]
        for key, label in (
            ("random_deal_s", "RandomBot full deal (baseline)"),
            ("rollout_s", "policy rollout, all cards known"),
            ("seat_rollout_s", "sampled world + rollout (seat view)"),
        ):
            v = res[key]
            print(f"{game:<10}{label:<40}{v * 1000:>10.3f}{1 / v:>10.0f}{v / base:>18.2f}")
        print(f"{'':<10}({res['positions']:.0f} positions, median {res['events_left']:.0f} events left)")


# -- 2. a full deal ---------------------------------------------------------------------------


def bench_full_deals(deals: int, runs: int) -> list[dict[str, float | str]]:
    """Wall time of ``evaluate_replay`` with default Settings, jobs=2 and jobs=1, per sample 够级 deal."""
    out: list[dict[str, float | str]] = []
    for path in _samples("gouji")[:deals]:
        rep = Replay(read_log(path))
        row: dict[str, float | str] = {"deal": path.stem, "events": len(rep.log.events)}
        for jobs in (2, 1):
            times = []
            for _ in range(runs):
                ev = evaluate_replay(rep, Settings(), jobs=jobs)
                times.append(ev.seconds)
            row[f"jobs{jobs}_s"] = statistics.median(times)
            row["decisions"] = len(ev.decisions)
            row["rollouts"] = ev.rollouts_done
        row["speedup"] = float(row["jobs1_s"]) / float(row["jobs2_s"])
        out.append(row)
        print(
            f"   {path.stem}: jobs=2 {float(row['jobs2_s']):.1f} s, jobs=1 {float(row['jobs1_s']):.1f} s",
            file=sys.stderr,
            flush=True,
        )
    return out


def print_full_deals(rows: list[dict[str, float | str]], runs: int) -> bool:
    s = Settings()
    print(
        f"2. a full 够级 deal priced with default Settings ({s.rollouts} rollouts, {s.max_candidates} candidates, "
        f"views {'+'.join(s.views)}; every decision of all six seats; median of {runs} run(s))"
    )
    print(f"{'deal':<24}{'events':>8}{'decisions':>11}{'rollouts':>10}{'jobs=2 s':>10}{'jobs=1 s':>10}{'speed-up':>10}")
    for r in rows:
        print(
            f"{r['deal']!s:<24}{r['events']:>8}{r['decisions']:>11}{r['rollouts']:>10}"
            f"{float(r['jobs2_s']):>10.1f}{float(r['jobs1_s']):>10.1f}{float(r['speedup']):>10.2f}"
        )
    med2 = statistics.median(float(r["jobs2_s"]) for r in rows)
    worst = max(float(r["jobs2_s"]) for r in rows)
    ok = worst <= TARGET_DEAL_S
    print(
        f"target: a full 够级 deal in at most {TARGET_DEAL_S:.0f} s with jobs=2: {'met' if ok else 'NOT met'} "
        f"(median {med2:.1f} s, worst {worst:.1f} s)"
    )
    return ok


# -- 3. strength --------------------------------------------------------------------------------


def _mean_ci(xs: list[float]) -> tuple[float, float]:
    return statistics.mean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def bench_strength(deals: int, seed: int) -> dict[str, tuple[float, float, float]]:
    """(mean, 95 % half-width, seconds per deal) of the Policy side's points per game."""
    out = {}
    for game, n in (("gouji", 6), ("baohuang", 5)):
        points = []
        t = time.perf_counter()
        for k in range(deals):
            rng = random.Random(f"{seed}:{game}:{k}")
            pol, rand = Policy(rng), RandomBot(rng)
            me = k % 2 if n == 6 else k % n
            bots: list[RandomBot] = [pol if (s % 2 == me if n == 6 else s == me) else rand for s in range(n)]
            deal = simulate_deal(seed * 100_000 + k, game, bot=SeatBots(bots))
            eng = engine_for(deal.log.profile(), dict(deal.log.meta))
            points.append(side_points(eng, deal.states[-1], me))
        per = (time.perf_counter() - t) / deals
        mean, half = _mean_ci(points)
        out[game] = (mean, half, per)
    return out


def print_strength(res: dict[str, tuple[float, float, float]], deals: int) -> bool:
    print(f"3. policy strength against RandomBot, {deals} simulated deals per game (95 % confidence interval)")
    print(f"{'game':<10}{'policy side':<54}{'mean points':>13}{'95 % CI':>20}{'ms/deal':>10}")
    ok = True
    for game, label in (
        ("gouji", "Policy team (3 seats, alternating) vs RandomBot team"),
        ("baohuang", "one Policy seat (rotating) vs 4 RandomBot seats"),
    ):
        mean, half, per = res[game]
        ci = f"[{mean - half:+.2f}, {mean + half:+.2f}]"
        print(f"{game:<10}{label:<54}{mean:>+13.2f}{ci:>20}{per * 1000:>10.2f}")
        ok &= mean - half > 0
    print("points: gouji the team's net points of the deal (串三户 doubled), baohuang the seat's own points")
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="1 deal, 1 run, 200 strength deals, fewer repeats")
    ap.add_argument("--deals", type=int, default=3, help="sample 够级 deals to price in full (default 3)")
    ap.add_argument("--runs", type=int, default=3, help="runs per deal and jobs setting (default 3)")
    ap.add_argument("--strength", type=int, default=1000, help="simulated deals per game for the strength")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--parts", default="1,2,3", help="parts to run, e.g. 2 or 1,3 (default: all)")
    args = ap.parse_args(argv)
    parts = {int(x) for x in args.parts.split(",")}
    if args.quick:
        args.deals, args.runs, args.strength = 1, 1, 200
    repeats, per_position = (3, 2) if args.quick else (5, 4)

    print(f"fupan evaluation benchmark (Python {sys.version.split()[0]}, {os.cpu_count()} cores)")
    summary: dict[str, object] = {}
    ok = True
    if 1 in parts:
        rolls = {game: bench_rollouts(game, repeats, per_position, args.seed) for game in ("gouji", "baohuang")}
        print_rollouts(rolls)
        print()
        summary["rollouts"] = {g: {k: round(v, 6) for k, v in r.items()} for g, r in rolls.items()}
    if 2 in parts:
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        rows = bench_full_deals(args.deals, args.runs)
        ok &= print_full_deals(rows, args.runs)
        if hasattr(os, "getloadavg"):
            print(
                f"(load average: {load:.2f} before, {os.getloadavg()[0]:.2f} after; other work on the cores skews jobs=2)"
            )
        print()
        summary["full_deals"] = [{k: round(v, 3) if isinstance(v, float) else v for k, v in r.items()} for r in rows]
    if 3 in parts:
        strength = bench_strength(args.strength, args.seed)
        ok &= print_strength(strength, args.strength)
        summary["strength"] = {g: {"mean": round(m, 3), "ci95": round(h, 3)} for g, (m, h, _) in strength.items()}
    print(json.dumps(summary, ensure_ascii=False))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
