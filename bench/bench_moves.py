"""Benchmark: legal moves (issue 17, item 2). Per game, the time of one decision: ``legal_actions`` listed whole
and one of its events applied (``apply``, the checked step), median over the positions of seeded simulated deals,
beside python-chess's ``list(board.legal_moves)`` + ``push`` over the positions of seeded random games from the
start position, in the same run (target: within 5x). For 够级 and 保皇 also the generator before issue 17 (every
set made and tested, every play stepped: ``replay.climbing.moves.reference_legal_actions``) on the same positions,
the 够级 median against its target (30 µs), and 够级's worst position: the deals of a search (the three 够级
profiles, a burning bot on every other deal) ranked by the plays generated and by one timing, the leaders timed
again (target: 5 ms of CPU time, the milliseconds a shared machine's other work would stretch on the wall
clock). Each figure is the median of ``--runs`` runs; a run's figure is the median over its positions (the worst
position's, its median over the runs). The worst position is searched and timed first, in a heap that holds
little else (as an open deal's), so that the collector's passes over other positions do not count.

    python bench/bench_moves.py [--deals 8] [--games 20] [--search 150] [--runs 5] [--quick]

Needs python-chess (the ``bench`` extra: ``pip install -e '.[bench]'``). Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from figures import Figure, report

from replay.climbing.moves import reference_legal_actions
from replay.replay import Replay
from replay.simulate import RandomBot, simulate_deal

RATIO = 5.0  # legal_actions + apply within 5x python-chess's legal_moves + push
MEDIAN_US = 30.0  # 够级, per decision
WORST_MS = 5.0  # 够级, the worst position found
GAMES = {"gouji": "够级", "baohuang": "保皇", "shengji-35": "升级"}
SEARCH = ("gouji", "gouji-online", "gouji-logged")

Generate = Callable[[Any, Any], Iterable[Any]]


def new(eng: Any, st: Any) -> Iterable[Any]:
    events: Iterable[Any] = eng.legal_actions(st)
    return events


def chess_positions(games: int, seed: int) -> list[Any]:
    """Positions of seeded random games from the start position (python-chess boards, 200 plies at most)."""
    import chess

    rng = random.Random(seed)
    out = []
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 200:
            out.append(board.copy(stack=False))
            board.push(rng.choice(list(board.legal_moves)))
    return out


def chess_run(boards: list[Any], picks: list[float]) -> float:
    """Median seconds of ``list(board.legal_moves)`` + ``push`` of one move, over the positions."""
    times = []
    clock = time.perf_counter
    for board, r in zip(boards, picks, strict=False):
        t = clock()
        moves = list(board.legal_moves)
        board.push(moves[int(r * len(moves))])
        times.append(clock() - t)
        board.pop()
    return statistics.median(times)


def positions(profile: str, deals: int, seed: int) -> list[tuple[Any, Any]]:
    """(engine, state) for every position of ``deals`` seeded simulated deals where someone may act."""
    out = []
    for k in range(deals):
        deal = simulate_deal(seed + k, profile)
        eng = Replay(deal.log).engine
        out += [(eng, st) for st in deal.states[:-1] if not st.terminal]
    return out


def decision(eng: Any, st: Any, gen: Generate, r: float, clock: Callable[[], float] = time.perf_counter) -> float:
    """Seconds of one decision: the legal events listed, the ``r``-th of them applied."""
    t = clock()
    evs = list(gen(eng, st))
    eng.apply(st, evs[int(r * len(evs))])
    return clock() - t


def run(pos: list[tuple[Any, Any]], picks: list[float], gen: Generate) -> float:
    return statistics.median(decision(eng, st, gen, r) for (eng, st), r in zip(pos, picks, strict=False))


def search(deals: int, seed: int) -> tuple[list[tuple[Any, Any]], int]:
    """The worst 够级 positions of ``deals`` simulated deals (the three profiles in turn, every other deal played by a
    bot that burns whenever it may): the three with the most plays generated and the three slowest on one timing
    (the new generator); and how many positions were searched."""
    by_count: list[tuple[int, int, Any, Any]] = []
    by_time: list[tuple[float, int, Any, Any]] = []
    searched = 0
    for k in range(deals):
        bot = RandomBot(random.Random(seed + k), burn_rate=1.0, reckless_rate=0.1) if k % 2 else None
        deal = simulate_deal(seed + k, SEARCH[k % len(SEARCH)], bot=bot)
        eng: Any = Replay(deal.log).engine
        for st in deal.states[:-1]:
            if st.terminal:
                continue
            searched += 1
            n = sum(len(eng.plays_for(st, s)) for s in eng.actors(st))
            t = time.perf_counter()
            list(eng.legal_actions(st))
            dt = time.perf_counter() - t
            by_count = sorted([*by_count, (n, searched, eng, st)], key=lambda x: -x[0])[:3]
            by_time = sorted([*by_time, (dt, searched, eng, st)], key=lambda x: -x[0])[:3]
    found = {k: (eng, st) for _, k, eng, st in by_count + by_time}
    return list(found.values()), searched


def worst(found: list[tuple[Any, Any]], runs: int, gen: Generate) -> tuple[float, int, int]:
    """CPU seconds of the slowest of ``found`` (each its median over ``runs`` decisions: milliseconds, which the
    other work on a shared machine would stretch on the wall clock), its events, and the most events of any."""
    slowest, events, most = 0.0, 0, 0
    for eng, st in found:
        t = statistics.median(decision(eng, st, gen, 0.5, time.process_time) for _ in range(runs))
        n = len(list(gen(eng, st)))
        most = max(most, n)
        if t > slowest:
            slowest, events = t, n
    return slowest, events, most


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=8, help="simulated deals per game for the medians")
    ap.add_argument("--games", type=int, default=20, help="random chess games for the baseline's positions")
    ap.add_argument("--search", type=int, default=150, help="simulated 够级 deals searched for the worst position")
    ap.add_argument("--runs", type=int, default=5, help="runs of each figure (the median counts)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="a small run: 2 deals, 4 games, 10 searched, 5 runs")
    args = ap.parse_args(argv)
    if args.quick:
        args.deals, args.games, args.search, args.runs = 2, 4, 10, 5
    try:
        boards = chess_positions(args.games, args.seed)
    except ImportError:
        print("python-chess is not installed: pip install -e '.[bench]'")
        return 1
    found, searched = search(args.search, 1000 + args.seed)  # first, in a heap that holds little else
    gc.collect()
    slowest, events, most = worst(found, args.runs, new)
    slowest_old, _, _ = worst(found, max(1, min(args.runs, 3)), reference_legal_actions)
    kept = len(found)
    del found
    worst_row = Figure(
        f"够级: worst position found, legal_actions + apply ({events} events; {searched} positions of "
        f"{args.search} deals searched, the {kept} slowest or with most plays timed again, up to {most} events)",
        slowest * 1e3,
        "CPU ms",
        "the generator before, its worst of the same positions",
        slowest_old * 1e3,
        args.runs,
        target=WORST_MS,
        on="value",
    )
    rows: list[Figure] = []
    rng = random.Random(args.seed)
    chess_picks = [rng.random() for _ in boards]
    chess_label = f"python-chess legal_moves + push ({len(boards)} positions)"
    for profile, name in GAMES.items():
        pos = positions(profile, args.deals, args.seed)
        picks = [rng.random() for _ in pos]
        gc.collect()
        ours, base, old = [], [], []
        for _ in range(args.runs):  # interleaved, so that both see the same load
            base.append(chess_run(boards, chess_picks))
            ours.append(run(pos, picks, new))
            if profile != "shengji-35":
                old.append(run(pos, picks, reference_legal_actions))
        value, chess_value = statistics.median(ours) * 1e6, statistics.median(base) * 1e6
        label = f"{name}: legal_actions + apply per decision ({len(pos)} positions, {args.deals} deals)"
        rows.append(Figure(label, value, "µs", chess_label, chess_value, args.runs, target=RATIO))
        if old:
            rows.append(
                Figure(
                    f"{name}: legal_actions + apply per decision, by shape",
                    value,
                    "µs",
                    "the generator before (every play stepped)",
                    statistics.median(old) * 1e6,
                    args.runs,
                    target=MEDIAN_US if profile == "gouji" else None,
                    on="value",
                )
            )
        del pos
    rows.append(worst_row)
    return 0 if report("legal moves: legal_actions + apply beside python-chess", rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
