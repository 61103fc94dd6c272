"""Benchmark: are costly mistakes caught? (issue 37, item 2)

Plants one mistake of each kind (``bench/plants.py``) in simulated 够级 deals played on by the rollout policy, and
prices the planted decision twice: with the default ``Settings`` (both views, as the coach would), and with a
reference of ``--reference`` rollouts (200) in the all-cards view with another seed. A plant is **costly** where
the reference's loss reaches a mistake (1.5 points). For each kind and overall:

- **recall**: of the costly plants, the share graded mistake or blunder in the review view (all cards known;
  target ≥ 0.8) and in the seat's view (target ≥ 0.6);
- **costly from what the seat knew**: a costly plant priced again with ``--reference`` worlds in the seat's view (its
  own reference, without the hidden cards): the share of those whose seat reference also reaches a mistake that the
  default seat view grades mistake or blunder (no target: item 2's is against the all-cards reference above);
- **clean decisions flagged**: every other decision of ``--clean`` of the deals (the policy's own) priced with the
  default settings, the share whose shown grade is a mistake or a blunder (target ≤ 0.02, and the upper end of its
  95 % Wilson interval ≤ 0.04).

    python bench/bench_planted.py [--plants 40] [--clean 3] [--reference 200] [--noise 0.08] [--jobs 2] [--quick]

``--quick``: two plants of each kind, one clean deal, a 40-rollout reference (a smoke run). ``--noise``: the review
view's rollout noise (``Settings.noise``) in the priced runs and the reference alike (docs/evaluation.md, "The review
view's random moves"); the clean decisions' review grades are counted too. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from figures import Figure, report  # beside this file: sys.path[0] when run as a script
from plants import KINDS, PlantingPolicy, planted_at

from coach.evaluate import evaluate_decision, evaluate_replay
from coach.grades import MISTAKE, SERIOUS
from coach.policy import Policy
from coach.prices import ROLLOUT_NOISE, Decision, Settings
from replay.replay import Replay
from replay.simulate import simulate_deal

PROFILE = "gouji"
TARGET_REVIEW, TARGET_SEAT = 0.8, 0.6
TARGET_CLEAN, TARGET_CLEAN_UPPER = 0.02, 0.04
TRIES = 20  # deals tried per plant wanted


@dataclass(frozen=True)
class Planted:
    """One planted mistake priced: its kind and deal, the reference's loss (all cards known) and the grades the
    default settings gave in each view (None: no grade; "" where the view was not built)."""

    kind: str
    seed: int
    index: int
    reference: float
    review: str | None
    seat: str | None
    #: a costly plant's loss by a reference in the seat's view (None: not costly, or no seat view)
    seat_reference: float | None = None

    @property
    def costly(self) -> bool:
        return self.reference >= MISTAKE

    @property
    def costly_to_the_seat(self) -> bool:
        """Costly also from what the seat knew (its own reference)."""
        return self.costly and self.seat_reference is not None and self.seat_reference >= MISTAKE


def plant(kind: str, seed: int) -> tuple[Replay[Any], int] | None:
    """Deal ``seed`` with a ``kind`` plant at the first chance after a decision drawn from the seed (any seat)."""
    rng = random.Random(f"{kind}:{seed}")
    bot = PlantingPolicy(rng, kind, seat=None, after=rng.randrange(0, 120))
    deal = simulate_deal(seed, PROFILE, bot=bot)
    if bot.planted is None:
        return None
    rep = Replay(deal.log)
    i = planted_at(rep, bot.planted)
    return None if i is None else (rep, i)


def price(kind: str, seed: int, reference: int, noise: float = ROLLOUT_NOISE) -> Planted | None:
    """The plant of ``kind`` in deal ``seed`` priced with the default settings and the reference, the review view's
    noise ``noise`` in both (None: no plant)."""
    found = plant(kind, seed)
    if found is None:
        return None
    rep, i = found

    def at(settings: Settings) -> Decision | None:
        return evaluate_decision(rep.engine, rep.states, rep.log.events, i, settings)

    d = at(Settings(seed=seed, noise=noise))
    ref = at(Settings(rollouts=reference, max_rollouts=reference, views=("all",), seed=seed + 1_000_003, noise=noise))
    if d is None or ref is None:
        return None
    seat_ref = None
    if ref.losses["all"].loss >= MISTAKE:  # costly: what it cost by what the seat knew, on as many worlds
        own = at(Settings(rollouts=reference, max_rollouts=reference, views=("seat",), seed=seed + 2_000_003))
        seat_ref = own.losses["seat"].loss if own is not None and "seat" in own.losses else None
    return Planted(kind, seed, i, ref.losses["all"].loss, d.grade_in("all"), d.grade_in("seat"), seat_ref)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share ``k / n`` ((0, 1) for n = 0)."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def recall(plants: Sequence[Planted], view: str) -> tuple[int, int]:
    """(costly plants graded mistake or blunder in ``view``, costly plants)."""
    costly = [p for p in plants if p.costly]
    return sum((p.review if view == "all" else p.seat) in SERIOUS for p in costly), len(costly)


def clean_flags(seeds: Sequence[int], jobs: int, noise: float = ROLLOUT_NOISE) -> tuple[int, int, int]:
    """(decisions graded mistake or blunder by the grade shown, the same by the review view's grade, decisions) over
    the policy's own deals ``seeds`` (no plant)."""
    flagged = review = total = 0
    for seed in seeds:
        rep = Replay(simulate_deal(seed, PROFILE, bot=Policy(random.Random(seed))).log)
        ev = evaluate_replay(rep, Settings(seed=seed, noise=noise), jobs=jobs)
        flagged += sum(d.grade in SERIOUS for d in ev.decisions)
        review += sum(d.grade_in("all") in SERIOUS for d in ev.decisions if "all" in d.losses)
        total += len(ev.decisions)
    return flagged, review, total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plants", type=int, default=40, help="plants of each kind")
    ap.add_argument("--clean", type=int, default=3, help="deals whose every decision is priced for the clean rate")
    ap.add_argument("--reference", type=int, default=200, help="rollouts of the reference (all cards known)")
    ap.add_argument("--noise", type=float, default=ROLLOUT_NOISE, help="the review view's rollout noise (both runs)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    wanted, clean, reference, noise = args.plants, args.clean, args.reference, args.noise
    if args.quick:
        wanted, clean, reference = 2, 1, 40
    started = time.perf_counter()
    done: list[Planted] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for kind in KINDS:
            seeds = iter(range(wanted * TRIES))
            mine: list[Planted] = []
            while len(mine) < wanted:
                batch = [next(seeds, None) for _ in range(args.jobs * 2)]
                todo = [s for s in batch if s is not None]
                if not todo:
                    break
                for got in pool.map(price, [kind] * len(todo), todo, [reference] * len(todo), [noise] * len(todo)):
                    if got is not None and len(mine) < wanted:
                        mine.append(got)
            done += mine
            costly = [p for p in mine if p.costly]
            print(
                f"{kind}: {len(mine)} planted, {len(costly)} costly (reference loss ≥ {MISTAKE}); graded mistake or "
                f"blunder: review {recall(mine, 'all')[0]}, seat {recall(mine, 'seat')[0]}"
            )
            for p in mine:
                theirs = "" if p.seat_reference is None else f" (the seat's own reference {p.seat_reference:+.2f})"
                print(f"    deal {p.seed} event index {p.index}: reference {p.reference:+.2f}{theirs}, review "
                      f"{p.review or '-'}, seat {p.seat or '-'}")  # fmt: skip
    flagged, review, decisions = clean_flags(range(10_000, 10_000 + clean), args.jobs, noise)
    lo, hi = wilson(flagged, decisions)
    print(f"review noise {noise}: the policy's own decisions graded mistake or blunder in the review view: {review} "
          f"of {decisions}")  # fmt: skip
    rows = []
    for view, label, target in (("all", "the review view", TARGET_REVIEW), ("seat", "the seat's view", TARGET_SEAT)):
        k, n = recall(done, view)
        counts = {kind: recall([p for p in done if p.kind == kind], view) for kind in KINDS}
        per_kind = ", ".join(f"{kind} {got}/{of}" for kind, (got, of) in counts.items())
        rows.append(
            Figure(
                f"costly plants graded mistake or blunder, {label} ({k} of {n}; {per_kind}; reference {reference} "
                f"rollouts)",
                k / n if n else 0.0,
                "",
                target=target,
                on="value",
                higher=True,
            )
        )
    own = [p for p in done if p.costly_to_the_seat]
    own_caught = sum(p.seat in SERIOUS for p in own)
    rows.append(
        Figure(
            f"costly plants costly from what the seat knew too (its own {reference}-world reference: {len(own)} of "
            f"{sum(p.costly for p in done)}), graded mistake or blunder in the seat's view ({own_caught} of {len(own)})",
            own_caught / len(own) if own else 0.0,
            "",
        )
    )
    rows.append(
        Figure(
            f"clean decisions graded mistake or blunder ({flagged} of {decisions} in {clean} policy deals; 95 % CI "
            f"{lo:.3f}-{hi:.3f})",
            flagged / decisions if decisions else 0.0,
            "",
            target=TARGET_CLEAN,
            on="value",
        )
    )
    rows.append(
        Figure(
            "clean decisions flagged, the upper end of the 95 % Wilson interval",
            hi,
            "",
            target=TARGET_CLEAN_UPPER,
            on="value",
        )
    )
    print(f"({time.perf_counter() - started:.0f} s)")
    report("bench_planted: costly planted mistakes caught", rows)
    return 0 if all(f.met is not False for f in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
