"""Benchmark: replay + validate simulated 够级, 保皇 and 升级 deals, the coach, and the simulator itself.

Writes N simulated deals as JSON files to a temporary folder, then times per deal, in one process:
  - ``json.loads`` of the file text (the baseline every figure is compared with),
  - reading the log (``parse_log``: JSON into a Log with cards and events),
  - replay + validate (``Replay(log)``: every event folded and judged),
  - the whole ``check`` path (read + replay),
  - the coach on a replayed deal (replay + findings, without simulation-based pricing),
and the simulator (deals per second). Medians per deal and ratios to the baseline are printed.

    python bench/bench_replay.py [--deals 1000] [--seed 1] [--profile gouji] [--profile shengji-35]

Without --profile it runs gouji, baohuang and shengji-35 (升级), one table each.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coach.coach import coach_replay
from replay.log import parse_log
from replay.replay import Replay
from replay.simulate import simulate_deal

TARGET_REPLAY_MS = 2.0
TARGET_SIM_PER_S = 100.0
TARGET_COACH_MS = 100.0
PROFILES = ("gouji", "baohuang", "shengji-35")  # one per game: 够级, 保皇, 升级


def _time(fn, *args) -> float:
    t = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="append", help=f"profile(s) to run (default: {', '.join(PROFILES)})")
    args = ap.parse_args(argv)
    ok = True
    for profile in args.profile or PROFILES:
        ok &= run(profile, args.deals, args.seed)
        print()
    return 0 if ok else 1


def run(profile: str, deals: int, seed: int) -> bool:
    """Benchmark one profile; print the table; True when both targets are met."""

    sim_times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for k in range(deals):
            t = time.perf_counter()
            deal = simulate_deal(seed + k, profile, deal_number=k % 6 + 1)
            sim_times.append(time.perf_counter() - t)
            path = Path(tmp) / f"{k:05d}.json"
            path.write_text(deal.log.dumps(), encoding="utf-8")
            paths.append(path)
        texts = [p.read_text(encoding="utf-8") for p in paths]

    logs = [parse_log(t) for t in texts]
    events = [len(log.events) for log in logs]
    # warm up, then time each deal once per round, three rounds; keep each deal's best round
    for text, log in zip(texts[:20], logs[:20], strict=True):
        json.loads(text)
        Replay(log)
    rounds: dict[str, list[list[float]]] = {"json": [], "read": [], "replay": [], "check": [], "coach": []}
    for _ in range(3):
        rounds["json"].append([_time(json.loads, t) for t in texts])
        rounds["read"].append([_time(parse_log, t) for t in texts])
        rounds["replay"].append([_time(Replay, log) for log in logs])
        rounds["check"].append([_time(lambda t: Replay(parse_log(t)), t) for t in texts])
        rounds["coach"].append([_time(lambda log: coach_replay(Replay(log)), log) for log in logs])
    best = {k: [min(xs) for xs in zip(*v, strict=True)] for k, v in rounds.items()}
    med = {k: statistics.median(v) for k, v in best.items()}
    bad = sum(not Replay(log).ok for log in logs)

    print(
        f"fupan replay benchmark: {deals} simulated deals, profile {profile}, "
        f"median {statistics.median(events):.0f} events per deal (Python {sys.version.split()[0]})"
    )
    print(f"{'step':<28}{'median ms/deal':>16}{'deals/s':>12}{'x json.loads':>15}")
    base = med["json"]
    for key, label in (
        ("json", "json.loads (baseline)"),
        ("read", "read log (parse_log)"),
        ("replay", "replay + validate"),
        ("check", "read + replay + validate"),
        ("coach", "replay + coach findings"),
    ):
        print(f"{label:<28}{med[key] * 1000:>16.3f}{1 / med[key]:>12.0f}{med[key] / base:>15.1f}")
    sim_med = statistics.median(sim_times)
    print(f"{'simulate one deal':<28}{sim_med * 1000:>16.3f}{1 / sim_med:>12.0f}{sim_med / base:>15.1f}")
    ok_replay = med["replay"] * 1000 <= TARGET_REPLAY_MS
    ok_sim = 1 / sim_med >= TARGET_SIM_PER_S
    ok_coach = med["coach"] * 1000 <= TARGET_COACH_MS
    print(f"target replay + validate <= {TARGET_REPLAY_MS} ms median: {'met' if ok_replay else 'NOT met'}")
    print(f"target simulator >= {TARGET_SIM_PER_S:.0f} deals/s: {'met' if ok_sim else 'NOT met'}")
    print(f"target coach on a full deal <= {TARGET_COACH_MS:.0f} ms median: {'met' if ok_coach else 'NOT met'}")
    if bad:
        print(f"warning: {bad} simulated deals did not replay as legal")
    return ok_replay and ok_sim and ok_coach and not bad


if __name__ == "__main__":
    raise SystemExit(main())
