"""Benchmark: the evaluation engine (coach/evaluate.py): rollout speed, a full deal priced, policy strength.

Four parts, each printed as a small table:
  1. rollouts per second on one core, from mid-deal positions of the sample deals (data/samples), for 够级 and
     保皇: a policy rollout with all cards known, and a seat's sampled world (knowledge + sample + world) plus
     its rollout; the baseline is a RandomBot full deal (``simulate_deal``) in the same process, and each row
     gives its ratio to it. Medians over repeats.
  2. a full 够级 sample deal evaluated with the default Settings (every decision of all six seats, both views),
     jobs=2: wall time and CPU seconds (this process and its workers; the wall time on an idle machine is about
     CPU / 2) of the rollout fast path (``rollout``: the engine's ``advance``), beside the baseline in the same run,
     the checked path of before (``rollout(checked=True)``: every move ruled on by ``step``); medians over runs,
     the runs of the two paths interleaved; and whether the 10 s target holds.
  4. accuracy against a 200-rollout reference: N decisions sampled from the sample 够级 deals, each priced with
     200 rollouts of another seed (the reference: none of its rollouts is one of those it judges) and with the default 20 by the checked path and by the fast path (the same
     rollout count): how often the best candidate agrees with the reference's, per view, and the mean absolute
     error of the candidates' values (95 % CI), and the CPU seconds of each path on those decisions.
  3. policy strength: over N simulated 够级 deals the Policy team's mean points against a RandomBot team (the
     Policy's team alternates), and over N 保皇 deals one Policy seat (rotating) among four RandomBot seats;
     95 % confidence intervals.

    python bench/bench_evaluate.py [--quick] [--deals 3] [--runs 3] [--strength 1000] [--accuracy 24] [--seed 1]
                                   [--parts 1,2,3,4]

``--quick``: 1 deal, 1 run, 200 strength deals, 6 accuracy decisions, fewer repeats (a smoke run of a few minutes).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coach import evaluate
from coach.evaluate import Settings, decision_points, evaluate_decision, evaluate_replay, rollout, side_points
from coach.policy import Policy, SeatBots
from coach.worlds import knowledge, sample_hands, true_world, world
from replay.log import read_log
from replay.replay import Replay, engine_for
from replay.simulate import RandomBot, simulate_deal

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples"
TARGET_DEAL_S = 10.0
_ROLLOUT = evaluate.rollout


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

PATHS = ("fast", "checked")  # the rollout fast path, and the baseline: every move ruled on by ``step``


def _cpu() -> float:
    """CPU seconds of this process and of its ended children (the evaluation's workers)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _on_path(path: str) -> None:
    """Route ``coach.evaluate``'s rollouts through ``path`` (workers fork from this process and inherit it)."""
    evaluate.rollout = _ROLLOUT if path == "fast" else functools.partial(_ROLLOUT, checked=True)


def bench_full_deals(deals: int, runs: int) -> list[dict[str, float | str]]:
    """Wall and CPU time of ``evaluate_replay`` with default Settings, jobs=2, per path, per sample 够级 deal;
    the values of both paths compared (they must be the same)."""
    out: list[dict[str, float | str]] = []
    for path in _samples("gouji")[:deals]:
        rep = Replay(read_log(path))
        row: dict[str, float | str] = {"deal": path.stem, "events": len(rep.log.events)}
        walls: dict[str, list[float]] = {p: [] for p in PATHS}
        cpus: dict[str, list[float]] = {p: [] for p in PATHS}
        found: dict[str, object] = {}
        for _ in range(runs):
            for p in PATHS:
                _on_path(p)
                c = _cpu()
                ev = evaluate_replay(rep, Settings(), jobs=2)
                cpus[p].append(_cpu() - c)
                walls[p].append(ev.seconds)
                doc = ev.to_json()
                doc.pop("seconds")
                found[p] = doc
        _on_path("fast")
        for p in PATHS:
            row[f"{p}_s"] = statistics.median(walls[p])
            row[f"{p}_cpu"] = statistics.median(cpus[p])
        row["decisions"] = len(ev.decisions)
        row["rollouts"] = ev.rollouts_done
        row["same"] = "yes" if found["fast"] == found["checked"] else "NO"
        out.append(row)
        print(
            f"   {path.stem}: fast {float(row['fast_s']):.1f} s, checked {float(row['checked_s']):.1f} s",
            file=sys.stderr,
            flush=True,
        )
    return out


def print_full_deals(rows: list[dict[str, float | str]], runs: int) -> bool:
    s = Settings()
    print(
        f"2. a full 够级 deal priced with default Settings ({s.rollouts} rollouts, {s.max_candidates} candidates, "
        f"views {'+'.join(s.views)}; every decision of all six seats; jobs=2; median of {runs} run(s))"
    )
    print(
        f"{'deal':<24}{'events':>7}{'decis.':>7}{'rollouts':>9}{'fast s':>8}{'cpu s':>7}"
        f"{'checked s':>11}{'cpu s':>7}{'x wall':>8}{'x cpu':>7}{'same':>6}"
    )
    for r in rows:
        print(
            f"{r['deal']!s:<24}{r['events']:>7}{r['decisions']:>7}{r['rollouts']:>9}"
            f"{float(r['fast_s']):>8.1f}{float(r['fast_cpu']):>7.1f}{float(r['checked_s']):>11.1f}"
            f"{float(r['checked_cpu']):>7.1f}{float(r['checked_s']) / float(r['fast_s']):>8.2f}"
            f"{float(r['checked_cpu']) / float(r['fast_cpu']):>7.2f}{r['same']!s:>6}"
        )
    med = statistics.median(float(r["fast_s"]) for r in rows)
    worst = max(float(r["fast_s"]) for r in rows)
    idle = statistics.median(float(r["fast_cpu"]) for r in rows) / 2
    ok = worst <= TARGET_DEAL_S and all(r["same"] == "yes" for r in rows)
    print(
        f"target: a full 够级 deal in at most {TARGET_DEAL_S:.0f} s with jobs=2: {'met' if ok else 'NOT met'} "
        f"(median {med:.1f} s, worst {worst:.1f} s; CPU / 2, the wall time of an idle machine: {idle:.1f} s)"
    )
    return ok


# -- 4. accuracy against a reference ------------------------------------------------------------


def _sampled_decisions(n: int, seed: int) -> list[tuple[Replay, int]]:
    """``n`` decisions drawn at random (seeded) from the sample 够级 deals' decision points."""
    reps = [Replay(read_log(p)) for p in _samples("gouji")]
    pool = [(rep, i) for rep in reps for i in decision_points(rep)]
    return random.Random(f"{seed}:accuracy").sample(pool, min(n, len(pool)))


def bench_accuracy(n: int, seed: int, reference: int = 200) -> dict[str, object]:
    """Per path: best-candidate agreement with a ``reference``-rollout pricing per view, the mean absolute error
    of the candidates' values (mean, 95 % half-width), and the CPU seconds spent."""
    picked = _sampled_decisions(n, seed)
    settings = Settings()
    ref_settings = Settings(rollouts=reference, seed=settings.seed + 1)  # other deals and seeds: independent
    refs = []
    for rep, i in picked:
        refs.append(evaluate_decision(rep.engine, rep.states, rep.log.events, i, ref_settings))
    out: dict[str, object] = {"decisions": sum(r is not None for r in refs), "reference": reference}
    for p in PATHS:
        _on_path(p)
        agree: dict[str, list[int]] = {"seat": [], "all": []}
        errors: list[float] = []
        c = time.process_time()
        for (rep, i), ref in zip(picked, refs, strict=True):
            d = evaluate_decision(rep.engine, rep.states, rep.log.events, i, settings)
            if d is None or ref is None:
                continue
            for view, loss in d.losses.items():
                agree[view].append(int(loss.best == ref.losses[view].best))
                errors += [
                    abs(a.values[view].mean - b.values[view].mean)
                    for a, b in zip(d.candidates, ref.candidates, strict=True)
                ]
        cpu = time.process_time() - c
        mae, half = _mean_ci(errors)
        out[p] = {
            "agree": {v: (sum(a), len(a)) for v, a in agree.items()},
            "mae": (mae, half),
            "values": len(errors),
            "cpu_s": cpu,
        }
    _on_path("fast")
    return out


def print_accuracy(res: dict[str, object]) -> bool:
    print(
        f"4. accuracy against a {res['reference']}-rollout reference, {res['decisions']} decisions sampled from the "
        f"sample 够级 deals, default Settings ({Settings().rollouts} rollouts) on both paths"
    )
    print(f"{'path':<28}{'best agrees: seat':>19}{'all':>10}{'value MAE':>11}{'95 % CI':>18}{'CPU s':>8}")
    rows: dict[str, tuple[float, float]] = {}
    for p, label in (("checked", "checked (baseline: before)"), ("fast", "fast path")):
        r = res[p]
        assert isinstance(r, dict)
        (ms, ns), (ma, na) = r["agree"]["seat"], r["agree"]["all"]
        mae, half = r["mae"]
        rows[p] = (mae, ms + ma)
        ci = f"[{mae - half:.3f}, {mae + half:.3f}]"
        print(f"{label:<28}{f'{ms}/{ns}':>19}{f'{ma}/{na}':>10}{mae:>11.3f}{ci:>18}{r['cpu_s']:>8.1f}")
    ok = rows["fast"][0] <= rows["checked"][0] + 1e-9 and rows["fast"][1] >= rows["checked"][1]
    print(f"the fast path no less accurate than the checked one: {'yes' if ok else 'NO'}")
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
    ap.add_argument("--accuracy", type=int, default=24, help="decisions priced against the reference (default 24)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--parts", default="1,2,3,4", help="parts to run, e.g. 2 or 1,3 (default: all)")
    args = ap.parse_args(argv)
    parts = {int(x) for x in args.parts.split(",")}
    if args.quick:
        args.deals, args.runs, args.strength, args.accuracy = 1, 1, 200, 6
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
        print()
    if 4 in parts:
        acc = bench_accuracy(args.accuracy, args.seed)
        ok &= print_accuracy(acc)
        summary["accuracy"] = acc
    print(json.dumps(summary, ensure_ascii=False))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
