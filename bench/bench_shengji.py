"""Benchmark: 升级 priced (coach/games/shengji/policy.py, coach/games/shengji/worlds.py): policy strength and pricing speed.

1. strength: over N simulated deals, the levels a side playing ``ShengjiPolicy`` wins per deal (its levels up
   less the other side's) against a side playing random legal choices, the sides swapped every other deal;
   the baseline, in the same run, is random against random on the same deals. Mean and 95 % CI.
2. speed: the sample deals (data/samples/shengji) priced at the default Settings, every decision of one seat
   (rotating) in one process: seconds per priced decision, median over the deals, beside a random full deal's
   time in the same run; and the whole deal (four seats) extrapolated for two cores.

    python bench/bench_shengji.py [--deals 1000] [--speed 3] [--seed 1] [--parts 1,2]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from coach.evaluate import evaluate_replay
from coach.games.shengji.coach import levels_won
from coach.games.shengji.policy import ShengjiPolicy, declarations
from coach.prices import Settings
from replay.core.cards import full_decks
from replay.core.events import Bury, Declare, Event, Pass
from replay.formats.log import read_log
from replay.games.shengji.engine import DECLARE, KITTY, Shengji, ShengjiState
from replay.replay import Replay
from replay.rules.profile_loader import load_profile
from replay.simulate import simulate_deal

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "data" / "samples" / "shengji"


class RandomSeat:
    """Random legal choices (as ``fupan simulate`` plays 升级): declare with a chance, any legal event."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def declaring(self, eng: Any, st: ShengjiState, seat: int) -> Event:
        opts = declarations(st.hands[seat].known_cards(), 2)
        return Declare(seat, cards=self.rng.choice(opts)) if opts and self.rng.random() < 0.4 else Pass(seat)

    def choose(self, eng: Any, st: ShengjiState) -> Event:
        if st.phase == DECLARE:
            st = eng._resolve(st)
        if st.phase == KITTY:
            held = st.hands[st.declarer].known_cards()
            return Bury(st.declarer, cards=tuple(self.rng.sample(held, st.kitty_size)))
        opts: list[Event] = [e for e in eng.legal_actions(st) if not isinstance(e, Declare)]
        return self.rng.choice(opts)


def play(eng: Shengji, seed: int, bots: list[Any]) -> ShengjiState:
    """One deal from ``seed`` with ``bots[seat]`` at each seat; the seats declare in seat order."""
    rng = random.Random(seed)
    cards = full_decks(2)
    rng.shuffle(cards)
    size = eng.hand_sizes()[0]
    hands = tuple(tuple(cards[k * size : (k + 1) * size]) for k in range(4))
    st = eng.initial(hands, {"kitty": tuple(cards[4 * size :]), "levels": ("2", "2")})
    for s in range(4):
        ev = bots[s].declaring(eng, st, s)
        if isinstance(ev, Pass) and st.declarations:
            continue  # silent: it does not declare
        st = eng.step(st, ev).state
        if st.terminal:
            return st
    while not st.terminal:
        actors = eng.actors(st)
        seat = next(s for s, kinds in actors.items() if set(kinds) - {"declare", "pass"})
        out = eng.step(st, bots[seat].choose(eng, st))
        assert out.rule is None, out.message_en
        st = out.state
    return st


def _ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def strength(n: int, seed: int) -> None:
    eng = Shengji(load_profile("shengji-35"))
    pol, base = [], []
    for k in range(n):
        rng = random.Random(seed * 100_003 + k)
        side = k % 2  # the policy's side: seats 0·2 on even deals, 1·3 on odd ones
        p = ShengjiPolicy(rng, noise=0.0)
        r = RandomSeat(rng)
        bots = [p if s % 2 == side else r for s in range(4)]
        pol.append(levels_won(eng, play(eng, seed + k, bots), side))
        base.append(levels_won(eng, play(eng, seed + k, [RandomSeat(rng) for _ in range(4)]), side))
    m, h = _ci(pol)
    bm, bh = _ci(base)
    print(f"strength over {n} deals: levels won per deal by the side named (95 % CI)")
    print(f"  ShengjiPolicy side vs random side   {m:+.3f} ± {h:.3f}")
    print(f"  baseline: random side vs random     {bm:+.3f} ± {bh:.3f}")


def speed(deals: int, seed: int) -> None:
    paths = sorted(SAMPLES.glob("*.json"))[:deals]
    per, sims = [], []
    for k, path in enumerate(paths):
        rep = Replay(read_log(path))
        t0 = time.perf_counter()
        simulate_deal(seed + k, "shengji-35")
        sims.append(time.perf_counter() - t0)
        ev = evaluate_replay(rep, Settings(seed=seed), jobs=1, seats=[k % 4])
        per.append(ev.seconds / max(1, len(ev.decisions) + len(ev.skipped)))
        print(f"  {path.name}: seat {k % 4}, {len(ev.decisions)} priced, {ev.seconds:.1f} s")
    print(f"speed over {len(paths)} sample deals, default Settings, one process (medians)")
    print(f"  seconds per decision point          {statistics.median(per):.3f}")
    print(f"  baseline: a random full deal        {statistics.median(sims):.4f} s")
    points = statistics.median([len(Replay(read_log(p)).log.events) for p in paths])
    print(
        f"  a whole deal (~{points:.0f} events, four seats) on two cores: ~{statistics.median(per) * points / 2:.0f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--speed", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--parts", default="1,2")
    args = ap.parse_args()
    parts = {int(p) for p in args.parts.split(",")}
    if 1 in parts:
        strength(args.deals, args.seed)
    if 2 in parts:
        speed(args.speed, args.seed)


if __name__ == "__main__":
    main()
