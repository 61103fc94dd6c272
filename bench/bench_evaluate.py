"""Benchmark: the evaluation engine (coach/evaluate.py): rollout speed, a full deal priced, policy strength.

Four parts, each printed as a small table:
  1. rollouts per second on one core, from mid-deal positions of the sample deals (data/samples), for 够级 and
     保皇: a policy rollout with all cards known, and a seat's sampled world (knowledge + sample + world) plus
     its rollout; the baseline is a RandomBot full deal (``simulate_deal``) in the same process, and each row
     gives its ratio to it. Medians over repeats, CPU time (the machine is shared).
  2. a full 够级 sample deal evaluated with the default Settings (every decision of all six seats, both views),
     jobs=2: wall time, CPU seconds (this process and its workers; the wall time on an idle machine is about
     CPU / 2) and rollouts run with the candidates' race (the default, ``RACE_FIRST``, ``RACE_Z``, ``RACE_EVERY``),
     beside the baseline in the same run, every candidate priced with every rollout (as before the race); medians
     over runs, the runs of the two interleaved; how many decisions get the same grade; whether the 10 s target holds.
  4. accuracy against a 200-rollout reference: N decisions sampled from the sample 够级 deals, each priced with
     200 rollouts of another seed and no race (the reference: none of its rollouts is one of those it judges) and
     with the default 20, raced and fixed: how often the best candidate agrees with the reference's, per view, the
     mean absolute error of the loss of the choice made, of the best candidate's value and of every candidate's
     value (95 % CIs; the raced candidates split into those priced in full and those dropped), the raced minus
     fixed errors on the same decisions (95 % CI), and the rollouts and CPU seconds of each.
  3. policy strength: over N simulated 够级 deals the Policy team's mean points against a RandomBot team (the
     Policy's team alternates), and over N 保皇 deals one Policy seat (rotating) among four RandomBot seats;
     95 % confidence intervals.

    python bench/bench_evaluate.py [--quick] [--deals 3] [--runs 3] [--strength 1000] [--accuracy 24] [--seed 1]
                                   [--parts 1,2,3,4]

``--quick``: 1 deal, 1 run, 200 strength deals, 6 accuracy decisions, fewer repeats (a smoke run of a few minutes).
"""

from __future__ import annotations

import argparse
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

from typing import TYPE_CHECKING, cast

from figures import Figure, report  # beside this file: sys.path[0] when run as a script

from coach import evaluate
from coach.evaluate import decision_points, evaluate_decision, evaluate_replay, rollout, side_points
from coach.policy import Policy, SeatBots
from coach.prices import Decision, Evaluation, Settings
from coach.worlds import sample_hands, seat_knowledge, true_world, world
from replay import compiled
from replay.formats.log import read_log
from replay.replay import Replay, engine_for
from replay.rules.profile_loader import profile_of
from replay.simulate import RandomBot, simulate_deal

if TYPE_CHECKING:
    from replay.climbing.state import State

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples"
TARGET_DEAL_S = 10.0
_ROLLOUT = evaluate.rollout


def _samples(game: str) -> list[Path]:
    return sorted((SAMPLES / game).glob("*.json"))


# -- 1. rollouts ------------------------------------------------------------------------------


def bench_rollouts(game: str, repeats: int, per_position: int, seed: int) -> dict[str, float]:
    """Median CPU seconds per RandomBot deal, per rollout (all view) and per sampled world + rollout (seat view): CPU
    time, as the machine is shared (one process, one core)."""
    replays = [cast("Replay[State]", Replay(read_log(p))) for p in _samples(game)]  # a climbing game's samples
    positions = []
    for rep in replays:
        mid = len(rep.log.events) // 2
        positions.append((rep, mid, rep.log.events[mid].seat))
    profile = replays[0].profile.name
    sim, roll, seat = [], [], []
    for r in range(repeats):
        t = time.process_time()
        for k in range(len(positions)):
            simulate_deal(seed + r * 1000 + k, profile)
        sim.append((time.process_time() - t) / len(positions))
        t = time.process_time()
        n = 0
        for rep, mid, _ in positions:
            st = true_world(rep.states[mid])
            for k in range(per_position):
                rollout(rep.engine, st, random.Random(f"{seed}:{r}:{k}"))
                n += 1
        roll.append((time.process_time() - t) / n)
        t = time.process_time()
        for rep, mid, s in positions:
            know = seat_knowledge(rep.engine, rep.states, rep.log.events, mid, s)
            for k in range(per_position):
                rng = random.Random(f"{seed}:{r}:{k}")
                rollout(rep.engine, world(rep.engine, rep.states[mid], sample_hands(know, rng)), rng)
        seat.append((time.process_time() - t) / n)
    return {
        "positions": len(positions),
        "events_left": statistics.median(len(rep.log.events) - mid for rep, mid, _ in positions),
        "random_deal_s": statistics.median(sim),
        "rollout_s": statistics.median(roll),
        "seat_rollout_s": statistics.median(seat),
    }


def rollout_figures(results: dict[str, dict[str, float]], repeats: int) -> list[Figure]:
    """Part 1 as figures: each game's rollout beside a RandomBot full deal of the same game in the same run."""
    return [
        Figure(
            figure=f"{game}: {label}",
            value=res[key] * 1000,
            unit="ms",
            baseline="RandomBot full deal",
            base_value=res["random_deal_s"] * 1000,
            runs=repeats,
        )
        for game, res in results.items()
        for key, label in (
            ("rollout_s", "a policy rollout from mid-deal"),
            ("seat_rollout_s", "a sampled world + rollout"),
        )
    ]


def deal_figures(rows: list[dict[str, float | str]], runs: int) -> list[Figure]:
    """Part 2 as figures: the worst and the median sample deal priced, beside the same deals priced the way before
    the candidates' race (every candidate every rollout) in the same run; the target bounds the worst deal."""
    raced = [float(r["raced_s"]) for r in rows]
    fixed = [float(r["fixed_s"]) for r in rows]
    worst = max(range(len(rows)), key=lambda k: raced[k])
    what = f"a full 够级 deal priced (jobs=2), {{}} of {len(rows)} sample deals"
    return [
        Figure(
            figure=what.format("worst"),
            value=raced[worst],
            unit="s",
            baseline="every candidate every rollout",
            base_value=fixed[worst],
            runs=runs,
            target=TARGET_DEAL_S,
            on="value",
        ),
        Figure(
            figure=what.format("median"),
            value=statistics.median(raced),
            unit="s",
            baseline="every candidate every rollout",
            base_value=statistics.median(fixed),
            runs=len(rows) * runs,
        ),
    ]


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

PATHS = ("raced", "fixed")  # the candidates' race (the default), and the baseline: every candidate every rollout
_RACE_FIRST = evaluate.RACE_FIRST


def _cpu() -> float:
    """CPU seconds of this process and of its ended children (the evaluation's workers)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _on_path(path: str) -> None:
    """Race the candidates (``raced``) or price every one with every rollout (``fixed``, as before the race);
    workers fork from this process and inherit it."""
    evaluate.RACE_FIRST = _RACE_FIRST if path == "raced" else 10**9


def bench_full_deals(deals: int, runs: int) -> list[dict[str, float | str]]:
    """Wall and CPU time of ``evaluate_replay`` with default Settings, jobs=2, per path, per sample 够级 deal, and
    the rollouts each ran; how many decisions of the raced run have the grade of the fixed one."""
    out: list[dict[str, float | str]] = []
    for path in _samples("gouji")[:deals]:
        rep = Replay(read_log(path))
        row: dict[str, float | str] = {"deal": path.stem, "events": len(rep.log.events)}
        walls: dict[str, list[float]] = {p: [] for p in PATHS}
        cpus: dict[str, list[float]] = {p: [] for p in PATHS}
        found: dict[str, Evaluation] = {}
        for _ in range(runs):
            for p in PATHS:
                _on_path(p)
                c = _cpu()
                found[p] = evaluate_replay(rep, Settings(), jobs=2)
                cpus[p].append(_cpu() - c)
                walls[p].append(found[p].seconds)
        _on_path("raced")
        for p in PATHS:
            row[f"{p}_s"] = statistics.median(walls[p])
            row[f"{p}_cpu"] = statistics.median(cpus[p])
            row[f"{p}_rollouts"] = found[p].rollouts_done
        row["decisions"] = len(found["raced"].decisions)
        grades = [(a.grade, b.grade) for a, b in zip(found["raced"].decisions, found["fixed"].decisions, strict=True)]
        row["same_grade"] = sum(a == b for a, b in grades)
        out.append(row)
        print(
            f"   {path.stem}: raced {float(row['raced_s']):.1f} s, fixed {float(row['fixed_s']):.1f} s",
            file=sys.stderr,
            flush=True,
        )
    return out


def print_full_deals(rows: list[dict[str, float | str]], runs: int) -> bool:
    s = Settings()
    print(
        f"2. a full 够级 deal priced with default Settings ({s.rollouts} rollouts, {s.max_candidates} candidates, "
        f"views {'+'.join(s.views)}; every decision of all six seats; jobs=2; median of {runs} run(s); raced: first "
        f"{evaluate.RACE_FIRST}, z {evaluate.RACE_Z}, every {evaluate.RACE_EVERY}; fixed: every candidate every rollout)"
    )
    print(
        f"{'deal':<24}{'decis.':>7}{'raced s':>8}{'cpu s':>7}{'rollouts':>9}"
        f"{'fixed s':>8}{'cpu s':>7}{'rollouts':>9}{'x wall':>8}{'x cpu':>7}{'same grade':>11}"
    )
    for r in rows:
        print(
            f"{r['deal']!s:<24}{r['decisions']:>7}{float(r['raced_s']):>8.1f}{float(r['raced_cpu']):>7.1f}"
            f"{r['raced_rollouts']:>9}{float(r['fixed_s']):>8.1f}{float(r['fixed_cpu']):>7.1f}{r['fixed_rollouts']:>9}"
            f"{float(r['fixed_s']) / float(r['raced_s']):>8.2f}{float(r['fixed_cpu']) / float(r['raced_cpu']):>7.2f}"
            f"{str(r['same_grade']) + '/' + str(r['decisions']):>11}"
        )
    med = statistics.median(float(r["raced_s"]) for r in rows)
    worst = max(float(r["raced_s"]) for r in rows)
    idle = statistics.median(float(r["raced_cpu"]) for r in rows) / 2
    ok = worst <= TARGET_DEAL_S
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


def _errors(d: Decision, ref: Decision, view: str) -> dict[str, list[float]]:
    """One view's errors against the reference: the loss of the choice made, the best candidate's value, every
    candidate's value (those priced in full, as many rollouts as the choice made, and those dropped)."""
    loss, rl = d.losses[view], ref.losses[view]
    full = d.candidates[0].values[view].n
    out: dict[str, list[float]] = {
        "loss": [abs(loss.loss - rl.loss)],
        "best": [abs(d.candidates[loss.best].values[view].mean - ref.candidates[rl.best].values[view].mean)],
        "value": [],
        "full": [],
        "dropped": [],
    }
    for a, b in zip(d.candidates, ref.candidates, strict=True):
        e = abs(a.values[view].mean - b.values[view].mean)
        out["value"].append(e)
        out["full" if a.values[view].n == full else "dropped"].append(e)
    return out


def bench_accuracy(n: int, seed: int, reference: int = 200) -> dict[str, object]:
    """Per path: best-candidate agreement with a ``reference``-rollout pricing (every candidate every rollout) per
    view, the errors of the loss of the choice made, of the best candidate's value and of every candidate's value
    (mean, 95 % half-width; the raced path's minus the fixed one's on the same decisions), the CPU seconds."""
    picked = _sampled_decisions(n, seed)
    settings = Settings()
    ref_settings = Settings(rollouts=reference, seed=settings.seed + 1)  # other deals and seeds: independent
    _on_path("fixed")
    refs = [evaluate_decision(rep.engine, rep.states, rep.log.events, i, ref_settings) for rep, i in picked]
    out: dict[str, object] = {"decisions": sum(r is not None for r in refs), "reference": reference}
    per: dict[str, dict[str, list[float]]] = {}
    for p in PATHS:
        _on_path(p)
        agree: dict[str, list[int]] = {"seat": [], "all": []}
        errors: dict[str, list[float]] = {k: [] for k in ("loss", "best", "value", "full", "dropped")}
        rollouts = 0
        c = time.process_time()
        for (rep, i), ref in zip(picked, refs, strict=True):
            d = evaluate_decision(rep.engine, rep.states, rep.log.events, i, settings)
            if d is None or ref is None:
                continue
            for view, loss in d.losses.items():
                agree[view].append(int(loss.best == ref.losses[view].best))
                for k, v in _errors(d, ref, view).items():
                    errors[k] += v
                rollouts += sum(cand.values[view].n for cand in d.candidates)
        cpu = time.process_time() - c
        per[p] = errors
        out[p] = {
            "agree": {v: (sum(a), len(a)) for v, a in agree.items()},
            **{
                k: (*_mean_ci(v), len(v)) if len(v) > 1 else (float("nan"), float("nan"), len(v))
                for k, v in errors.items()
            },
            "rollouts": rollouts,
            "cpu_s": cpu,
        }
    _on_path("raced")
    out["paired"] = {
        k: _mean_ci([a - b for a, b in zip(per["raced"][k], per["fixed"][k], strict=True)]) for k in ("loss", "best")
    }
    return out


def print_accuracy(res: dict[str, object]) -> bool:
    print(
        f"4. accuracy against a {res['reference']}-rollout reference of another seed, {res['decisions']} decisions "
        f"sampled from the sample 够级 deals, default Settings ({Settings().rollouts} rollouts), raced and fixed"
    )
    print(
        f"{'path':<22}{'best agrees: seat':>18}{'all':>8}{'loss error [95 % CI]':>24}{'best value error':>24}"
        f"{'value MAE (all cand.)':>24}{'rollouts':>9}{'CPU s':>7}"
    )
    for p, label in (("fixed", "fixed (baseline)"), ("raced", "raced")):
        r = res[p]
        assert isinstance(r, dict)
        (ms, ns), (ma, na) = r["agree"]["seat"], r["agree"]["all"]
        cells = [f"{m:.3f} [{m - h:.3f}, {m + h:.3f}]" for m, h, _ in (r["loss"], r["best"], r["value"])]
        print(
            f"{label:<22}{f'{ms}/{ns}':>18}{f'{ma}/{na}':>8}{cells[0]:>24}{cells[1]:>24}{cells[2]:>24}"
            f"{r['rollouts']:>9}{r['cpu_s']:>7.1f}"
        )
    raced, fixed = res["raced"], res["fixed"]
    assert isinstance(raced, dict) and isinstance(fixed, dict)
    for k, label in (("full", "priced in full"), ("dropped", "dropped from the race")):
        m, h, count = raced[k]
        print(f"   raced, value MAE of the candidates {label}: {m:.3f} ± {h:.3f} ({count} values)")
    paired = res["paired"]
    assert isinstance(paired, dict)
    ok = True
    for k, label in (("loss", "loss error"), ("best", "best value error")):
        m, h = paired[k]
        ok &= m - h <= 0
        print(f"   raced − fixed, {label} on the same decisions: {m:+.3f} [{m - h:+.3f}, {m + h:+.3f}]")
    agree_r = sum(a for a, _ in raced["agree"].values())
    agree_f = sum(a for a, _ in fixed["agree"].values())
    print(
        f"the race no less accurate than fixed rollouts (the paired CIs reach 0 or below; agreement "
        f"{agree_r} vs {agree_f}): {'yes' if ok else 'NO'}; {fixed['cpu_s'] / raced['cpu_s']:.2f}x less CPU, "
        f"{fixed['rollouts'] / raced['rollouts']:.2f}x fewer rollouts"
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
            eng = engine_for(profile_of(deal.log), dict(deal.log.meta))
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
    print(compiled.describe())
    summary: dict[str, object] = {}
    figures: list[Figure] = []
    ok = True
    if 1 in parts:
        rolls = {game: bench_rollouts(game, repeats, per_position, args.seed) for game in ("gouji", "baohuang")}
        print_rollouts(rolls)
        figures += rollout_figures(rolls, repeats)
        print()
        summary["rollouts"] = {g: {k: round(v, 6) for k, v in r.items()} for g, r in rolls.items()}
    if 2 in parts:
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        rows = bench_full_deals(args.deals, args.runs)
        ok &= print_full_deals(rows, args.runs)
        figures += deal_figures(rows, args.runs)
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
    if figures:
        ok &= report("evaluation", figures)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
