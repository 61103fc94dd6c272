"""Benchmark: read + replay + validate simulated 够级, 保皇 and 升级 deals beside ``json.loads`` of the same text
(issue 17, item 1), and the coach and the simulator on the same deals.

Simulates N deals per game (their canonical JSON text kept in memory), then, in each of R runs, times every deal
once per step, each right after ``json.loads`` of that deal's text (the baseline, measured beside it), in CPU time
(the other work on the shared cores does not count):
  - reading the log (``parse_log``: JSON into a Log with cards and events),
  - replay + validate (``Replay(log, keep=False)``, as ``fupan check`` replays: every event folded and judged, the
    claimed result compared, no state kept but the last),
  - the whole ``fupan check`` path (read + replay + validate, and ``ok`` asked),
  - the coach on a replayed deal (replay + findings, without simulation-based pricing).
A run's figure is the median over the deals; the table gives the median of the runs' figures. The simulator's
speed is that of making the deals (one pass).

    python bench/bench_replay.py [--deals 200] [--runs 5] [--seed 1] [--game gouji] [--quick]

Targets: read + replay + validate within 8x ``json.loads`` for each game (issue 17; the moonshot is 5x); the coach
on a full deal within 100 ms; the simulator at least 100 deals/s. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import Figure, report

from coach.coach import coach_replay
from replay.formats.log import Log, parse_log
from replay.replay import Replay
from replay.simulate import simulate_deal

TARGET_CHECK = 8.0  # read + replay + validate, x json.loads (issue 17, item 1; moonshot 5x)
TARGET_COACH_MS = 100.0
TARGET_SIM_PER_S = 100.0
TARGETS = {"read + replay + validate": (TARGET_CHECK, "ratio"), "replay + coach findings": (TARGET_COACH_MS, "value")}
GAMES = {"gouji": "够级", "baohuang": "保皇", "shengji-35": "升级"}  # profile: the game's name


def check(text: str) -> bool:
    """What ``fupan check`` does with a log's text: read it, replay it (keeping no state but the last), ask whether it
    is legal."""
    return Replay(parse_log(text), keep=False).ok


def replay_check(log: Log) -> bool:
    """``fupan check``'s replay of a log read: ``check`` without the reading."""
    return Replay(log, keep=False).ok


def paired(texts: list[str], fn: Callable[[Any], object], args: list[Any]) -> tuple[float, float]:
    """One run over the deals: the median CPU seconds of ``json.loads(text)`` and of ``fn(arg)`` on the same deal
    (``args[k]``: the deal's text or its log), each deal's two timed one right after the other."""
    clock = time.process_time  # CPU time: the other work on the shared cores does not count
    base: list[float] = []
    own: list[float] = []
    for text, arg in zip(texts, args, strict=True):
        t0 = clock()
        json.loads(text)
        t1 = clock()
        fn(arg)
        t2 = clock()
        base.append(t1 - t0)
        own.append(t2 - t1)
    return statistics.median(base), statistics.median(own)


def run(profile: str, deals: int, runs: int, seed: int) -> list[Figure]:
    """The figures of one game's deals."""
    game = GAMES.get(profile, profile)
    t = time.perf_counter()
    texts = [simulate_deal(seed + k, profile, deal_number=k % 6 + 1).log.dumps() for k in range(deals)]
    sim_s = (time.perf_counter() - t) / deals
    logs = [parse_log(text) for text in texts]
    bad = sum(not Replay(log).ok for log in logs)
    if bad:
        print(f"warning: {bad} simulated {profile} deals did not replay as legal")
    events = statistics.median(len(log.events) for log in logs)
    for text in texts[:20]:  # warm up
        check(text)
    steps: list[tuple[str, Callable[[Any], object], list[Any]]] = [
        ("read log (parse_log)", parse_log, texts),
        ("replay + validate", replay_check, logs),
        ("read + replay + validate", check, texts),
        ("replay + coach findings", lambda log: coach_replay(Replay(log)), logs),
    ]
    rows: list[Figure] = []
    for name, fn, args in steps:
        pairs = [paired(texts, fn, args) for _ in range(runs)]
        base = statistics.median(p[0] for p in pairs) * 1000
        value = statistics.median(p[1] for p in pairs) * 1000
        target, on = TARGETS.get(name, (None, "ratio"))
        rows.append(
            Figure(
                figure=f"{game} ({profile}, {events:.0f} events): {name}",
                value=value,
                unit="ms",
                baseline="json.loads",
                base_value=base,
                runs=runs,
                target=target,
                on=on,
            )
        )
    rows.append(
        Figure(
            figure=f"{game} ({profile}): simulator",
            value=1 / sim_s,
            unit="deals/s",
            runs=1,
            target=TARGET_SIM_PER_S,
            on="value",
            higher=True,
        )
    )
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=200, help="deals simulated per game")
    ap.add_argument("--runs", type=int, default=5, help="runs over the deals (the median run counts)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", action="append", help=f"profile(s) to run (default: {', '.join(GAMES)})")
    ap.add_argument("--quick", action="store_true", help="a small run: 30 deals per game")
    args = ap.parse_args(argv)
    deals = min(args.deals, 30) if args.quick else args.deals
    rows: list[Figure] = []
    for profile in args.game or GAMES:
        rows += run(profile, deals, max(args.runs, 5), args.seed)
    title = f"replay: read + replay + validate vs json.loads ({deals} deals per game, Python {sys.version.split()[0]})"
    return 0 if report(title, rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
