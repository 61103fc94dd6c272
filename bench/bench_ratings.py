"""Benchmark: do the ratings (season/ratings.py) find planted strength, and predict? (issue 38, item 2)

A club of simulated players of planted strength: each player is a bot with a noise of its own, the chance of a
random legal move (``coach.policy.Policy`` in 够级 and 保皇, ``ShengjiPolicy`` in 升级), spaced evenly from 0 (the
strongest) to 1 (random play); the pool is twice a table (12 players for 够级, 10 for 保皇, 8 for 升级), so that
each plays about half the deals. Each deal seats a draw of the pool (seeded) in a random order. Per game,
``--seasons`` seasons of ``--deals`` deals (each season its own draws and deals; a void deal is dealt again):

1. **order**: after ``--train`` deals, Spearman's rank correlation of the leaderboard (the ordinal,
   ``mu - 3 sigma``) with the planted order; the mean over the seasons (target ≥ 0.9), beside the least season's
   and mu's;
2. **prediction**: every later deal is predicted before it is rated (``Rater.predict``: the first side's chance)
   and scored by its log loss against the first side's result (1 a win, 0 a loss, 1/2 a tie: a tie costs log 2
   to any prediction), beside, on the same deals:
   - **the mean-points rule** (the issue's baseline): the side whose players' mean points so far (each player's
     mean over the deals it played: its seat's points; in 升级 its side's levels up less the other's) are the
     higher wins, with the chance that side scored on deals ``train/2`` to ``train`` of the season (½ where the
     means are equal);
   - **mean points, logistic**: the same difference of means through a logistic fitted on those deals (its
     slope and intercept): the stronger form of that baseline;
   - **planted**: a logistic of the sides' planted strength (1 - noise, summed) and of their difference in size,
     fitted on those deals: a predictor that knows what the others estimate;
   - **openskill's predict_win** on the same ratings (the normal curve, where ``Rater.predict`` takes the
     Plackett-Luce model's own logistic one: season/ratings.py).

   The log loss of the ratings less each other's is paired deal by deal; its 95 % interval is the normal one over
   the held-out deals of every season. Target: the upper end below 0 against the rule.
3. **strength** (``--strength`` deals per level, 0: skip): the check that more noise is weaker: each level against
   the pool's middle noise (够级 a team of three of the level against a team of the middle noise, the seats
   alternating; 保皇 one seat of the level among four of the middle, the seat rotating; 升级 a side against a
   side), its points (levels in 升级) a deal, with 95 % intervals.

Last, the time ``rate_deals`` takes over 5,000 of the simulated deals (target ≤ 1 s, least of 3). ``--beta``: the
model's beta (season.ratings' ``BETA`` by default), to measure another.

    python bench/bench_ratings.py [--seasons 8] [--deals 700] [--train 500] [--strength 200] [--beta B]
                                  [--seed 1] [--jobs 2] [--quick]

``--quick``: 2 seasons of 300 deals (150 rated first), 20 strength deals a level (a smoke run). Exits 1 when a
target is missed.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
import pandas as pd
from figures import Figure, report  # beside this file: sys.path[0] when run as a script
from openskill.models import PlackettLuce

from coach.games.shengji.policy import ShengjiPolicy
from coach.policy import Policy, SeatBots
from replay.core.cards import full_decks
from replay.core.events import Pass
from replay.formats.log import Log
from replay.games.shengji.engine import Shengji
from replay.replay import Replay
from replay.rules.profile_loader import find_profile
from replay.simulate import Pusher, sim_seed, simulate_deal
from season.ratings import BETA, Rater, rate_deals, sides_of
from season.results import DealResult, SeatResult, result_of

TARGET_SPEARMAN, TARGET_SECONDS = 0.9, 1.0
TRIES = 20  # deals dealt for one season's deal before giving up (a void deal is dealt again)


@dataclass(frozen=True)
class Game:
    """A game as the bench plays it: its label, profile, seats and the size of its pool of players."""

    label: str
    profile: str
    seats: int
    pool: int

    def noise(self, player: int) -> float:
        """The planted noise of player ``player`` (0 the strongest)."""
        return player / (self.pool - 1)

    def name(self, player: int) -> str:
        return f"P{player:02d}"


GAMES = (Game("gouji", "gouji", 6, 12), Game("baohuang", "baohuang", 5, 10), Game("shengji", "shengji-35", 4, 8))


def game_of(label: str) -> Game:
    return next(g for g in GAMES if g.label == label)


def player_of(name: str) -> int:
    """The pool index of a player's name ("P07": 7): its planted rank, 0 the strongest."""
    return int(name[1:])


# -- the deals -------------------------------------------------------------------------------------


def shengji_log(seed: int, profile: str, noises: Sequence[float], rng: random.Random) -> Log:
    """A 升级 deal from ``seed`` with a ``ShengjiPolicy`` of noise ``noises[seat]`` at each seat (the seats declare
    in seat order, as bench/bench_shengji.py's ``play``), written as a log."""
    prof = find_profile(profile)
    sim = sim_seed(seed, prof)
    eng = Shengji(prof, sim.meta)
    bots = [ShengjiPolicy(rng, x) for x in noises]
    cards = full_decks(2)
    sim.rng.shuffle(cards)
    size = eng.hand_sizes()[0]
    hands = tuple(tuple(sorted(cards[k * size : (k + 1) * size], key=lambda c: c.slot, reverse=True)) for k in range(4))
    kitty = tuple(cards[4 * size :])
    levels = (sim.rng.choice(eng.levels[:6]), sim.rng.choice(eng.levels[:6]))
    push = Pusher(sim, eng, eng.initial(hands, {"kitty": kitty, "levels": levels}))
    for s in range(4):
        ev = bots[s].declaring(eng, push.st, s)
        if isinstance(ev, Pass) and push.st.declarations:
            continue  # silent: it does not declare
        push(ev)
        if push.st.terminal:
            break
    while not push.st.terminal:
        push.check_length()
        seat = next(s for s, kinds in eng.actors(push.st).items() if set(kinds) - {"declare", "pass"})
        push(bots[seat].choose(eng, push.st))
    return push.log(hands, kitty=kitty, levels=levels)


def play(game: Game, seed: int, players: Sequence[int]) -> DealResult | None:
    """Deal ``seed`` of ``game`` with pool player ``players[seat]`` at each seat (None: void)."""
    rng = random.Random(f"bots:{seed}")
    noises = [game.noise(p) for p in players]
    if game.seats == 4:
        log = shengji_log(seed, game.profile, noises, rng)
    else:
        log = simulate_deal(seed, game.profile, bot=SeatBots([Policy(rng, x) for x in noises])).log
    return result_of(Replay(log), seed, players=[game.name(p) for p in players])


def season_deal(job: tuple[str, int, int, int]) -> DealResult:
    """Deal ``k`` of season ``season`` (bench seed ``seed``): a draw of the pool seated at random, its result
    numbered ``k`` (a void deal is dealt again from the next seed)."""
    label, seed, season, k = job
    game = game_of(label)
    for t in range(TRIES):
        base = (seed * 1000 + season) * 100_000 + k
        rng = random.Random(f"{label}:{base}:{t}")
        found = play(game, base * TRIES + t, rng.sample(range(game.pool), game.seats))
        if found is not None:
            return replace(found, deal_id=k)
    raise RuntimeError(f"{label}: season {season} deal {k}: {TRIES} void deals in a row")


def strength_deal(job: tuple[str, int, int, int]) -> float:
    """Deal ``k`` of the strength check for player ``player`` against the pool's middle noise: the figure of the
    player's side (see the module docstring), 0 for a void deal."""
    label, seed, player, k = job
    game = game_of(label)
    middle = game.pool // 2
    base = (seed * 1000 + 999) * 100_000 + player * 10_000 + k
    if game.seats == 5:
        mine = k % 5
        seats = [player if s == mine else middle for s in range(5)]
    else:
        side = k % 2
        seats = [player if s % 2 == side else middle for s in range(game.seats)]
        mine = side
    found = play(game, base, seats)
    if found is None:
        return 0.0
    return figure(found, found.seats[mine])


# -- the measures --------------------------------------------------------------------------------


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties at their mean rank): Pearson's of the ranks."""
    a, b = pd.Series(list(xs)).rank(), pd.Series(list(ys)).rank()
    return float(a.corr(b))


def first_score(deal: DealResult) -> float:
    """The first side's result in a deal of two sides: 1 a win, 0 a loss, 1/2 a tie."""
    a, b = deal.team_points()
    return 1.0 if a > b else 0.0 if a < b else 0.5


def log_loss(p: float, y: float) -> float:
    """The log loss of the chance ``p`` for a result ``y`` in [0, 1] (``p`` kept within 1e-9 of 0 and 1)."""
    p = min(max(p, 1e-9), 1 - 1e-9)
    return -(y * math.log(p) + (1 - y) * math.log(1 - p))


def figure(deal: DealResult, seat: SeatResult) -> float:
    """A seat's figure for the mean-points baselines: its points, or where the sides are ranked by a standing of
    their own (升级's levels) its side's less the best other side's."""
    if deal.standing:
        by_side = dict(deal.standing)
        return by_side.get(seat.side, 0.0) - max(v for k, v in by_side.items() if k != seat.side)
    return float(seat.points or 0.0)


class MeanPoints:
    """Each player's mean figure over the deals it played so far; ``difference``: the first side's players' mean
    of it less the second's (a player without deals counts 0)."""

    def __init__(self) -> None:
        self.total: dict[str, float] = {}
        self.count: dict[str, int] = {}

    def mean(self, player: str) -> float:
        n = self.count.get(player, 0)
        return self.total.get(player, 0.0) / n if n else 0.0

    def difference(self, deal: DealResult) -> float:
        a, b = ([self.mean(s.player) for s in team] for team in deal.teams())
        return statistics.fmean(a) - statistics.fmean(b)

    def add(self, deal: DealResult) -> None:
        for s in deal.seats:
            self.total[s.player] = self.total.get(s.player, 0.0) + figure(deal, s)
            self.count[s.player] = self.count.get(s.player, 0) + 1


def fit_logistic(xs: Sequence[Sequence[float]], ys: Sequence[float]) -> list[float]:
    """The weights of a logistic ``1 / (1 + exp(-(w0 + w . x)))`` fitted to results ``ys`` in [0, 1] by maximum
    likelihood (Newton's method, a touch of ridge so that separable data stays finite)."""
    a = np.column_stack([np.ones(len(xs)), np.asarray(xs, dtype=float)])
    y = np.asarray(ys, dtype=float)
    w = np.zeros(a.shape[1])
    for _ in range(100):
        p = 1 / (1 + np.exp(-(a @ w)))
        step = np.linalg.solve((a * (p * (1 - p))[:, None]).T @ a + 1e-6 * np.eye(len(w)), a.T @ (p - y) + 1e-6 * w)
        w -= step
        if float(np.abs(step).max()) < 1e-10:
            break
    return [float(v) for v in w]


def logistic(w: Sequence[float], x: Sequence[float]) -> float:
    return 1 / (1 + math.exp(-(w[0] + sum(wi * xi for wi, xi in zip(w[1:], x, strict=True)))))


@dataclass(frozen=True)
class Season:
    """One season measured: the Spearman correlations after the rated part (the leaderboard's ordinal, mu), and for
    each held-out deal its first side's result and the chance each predictor gave it (``PREDICTORS``' order)."""

    spearman: float
    spearman_mu: float
    results: tuple[float, ...]
    chances: tuple[tuple[float, ...], ...]


PREDICTORS = ("ratings", "mean-points rule", "mean points, logistic", "planted", "openskill's predict_win")


def measure(game: Game, deals: Sequence[DealResult], train: int, beta: float = BETA) -> Season:
    """Rate ``deals`` (in order; the model's ``beta`` given) and measure the order after ``train`` and every later
    deal's predictions."""
    rater, means = Rater(PlackettLuce(beta=beta)), MeanPoints()
    # (result, ratings' chance, means' difference, planted, openskill's predict_win)
    rows: list[tuple[float, float, float, list[float], float]] = []
    order = (0.0, 0.0)
    for k, deal in enumerate(deals):
        if k == train:
            ratings = rater.ratings().players
            truth = [-player_of(p.player) for p in ratings]
            order = (spearman([p.ordinal for p in ratings], truth), spearman([p.mu for p in ratings], truth))
        teams = deal.teams()
        if len(teams) != 2:
            raise ValueError(f"deal {deal.deal_id}: {len(teams)} sides (the bench predicts deals of two)")
        strength = [sum(1 - game.noise(player_of(s.player)) for s in t) for t in teams]
        planted = [strength[0] - strength[1], float(len(teams[0]) - len(teams[1]))]
        probit = rater.model.predict_win(sides_of(deal, rater.rating, rater.edge)[1])[0]
        rows.append((first_score(deal), rater.predict(deal)[0], means.difference(deal), planted, probit))
        rater.rate(deal)
        means.add(deal)
    fit = rows[train // 2 : train]
    ys = [r[0] for r in fit]
    ahead = [y if d > 0 else 1 - y for y, _, d, _, _ in fit if d != 0]
    rate = statistics.fmean(ahead) if ahead else 0.5
    w_means = fit_logistic([[r[2]] for r in fit], ys)
    w_planted = fit_logistic([r[3] for r in fit], ys)
    chances = tuple(
        (p, rate if d > 0 else 1 - rate if d < 0 else 0.5, logistic(w_means, [d]), logistic(w_planted, x), probit)
        for _, p, d, x, probit in rows[train:]
    )
    return Season(order[0], order[1], tuple(r[0] for r in rows[train:]), chances)


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The mean of ``a - b`` deal by deal and the half-width of its 95 % normal interval."""
    d = [x - y for x, y in zip(a, b, strict=True)]
    return statistics.fmean(d), 1.96 * statistics.stdev(d) / math.sqrt(len(d))


def losses(seasons: Sequence[Season]) -> list[list[float]]:
    """Each predictor's log loss on every held-out deal of the seasons (``PREDICTORS``' order)."""
    return [
        [log_loss(ps[i], y) for s in seasons for y, ps in zip(s.results, s.chances, strict=True)]
        for i in range(len(PREDICTORS))
    ]


# -- the run -------------------------------------------------------------------------------------


def simulate(pool: ProcessPoolExecutor, game: Game, seed: int, seasons: int, deals: int) -> list[list[DealResult]]:
    """The seasons' deals, each season's in the order played."""
    jobs = [(game.label, seed, s, k) for s in range(seasons) for k in range(deals)]
    got = list(pool.map(season_deal, jobs, chunksize=25))
    return [got[s * deals : (s + 1) * deals] for s in range(seasons)]


def strength(pool: ProcessPoolExecutor, game: Game, seed: int, n: int) -> list[tuple[float, float]]:
    """Each pool player's mean figure against the middle noise over ``n`` deals, and its 95 % half-width."""
    out = []
    for p in range(game.pool):
        xs = list(pool.map(strength_deal, [(game.label, seed, p, k) for k in range(n)], chunksize=10))
        out.append((statistics.fmean(xs), 1.96 * statistics.stdev(xs) / math.sqrt(n)))
    return out


def recompute_seconds(deals: Sequence[DealResult], n: int = 5000, runs: int = 3) -> float:
    """The least of ``runs`` times of ``rate_deals`` over ``n`` deals (the seasons' deals cycled, numbered anew)."""
    many = [replace(deals[k % len(deals)], deal_id=k) for k in range(n)]
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        rate_deals(many[:n])
        times.append(time.perf_counter() - t)
    return min(times)


def game_figures(game: Game, seasons: Sequence[Season], train: int, seconds: float) -> list[Figure]:
    """The game's rows of the report (``seconds``: ``recompute_seconds``), printed as a table on the way."""
    order = [s.spearman for s in seasons]
    mu = [s.spearman_mu for s in seasons]
    ll = losses(seasons)
    n = len(ll[0])
    print(f"\n{game.label}: Spearman after {train} deals, per season: {', '.join(f'{x:.2f}' for x in order)}")
    print(f"{'predictor':<24}{'log loss':>10}{'ratings − it':>14}{'95 % CI':>20}")
    diffs = {}
    for i, name in enumerate(PREDICTORS):
        m = statistics.fmean(ll[i])
        if i == 0:
            print(f"{name:<24}{m:>10.4f}")
            continue
        d, h = paired(ll[0], ll[i])
        diffs[name] = (d, h)
        print(f"{name:<24}{m:>10.4f}{d:>+14.4f}{f'[{d - h:+.4f}, {d + h:+.4f}]':>20}")
    print(f"rate_deals over 5,000 deals: {seconds:.3f} s")
    rule, logit, planted, probit = (diffs[p] for p in PREDICTORS[1:])
    k = len(seasons)
    mean = statistics.fmean
    return [
        Figure(
            f"{game.label}: leaderboard (ordinal) vs planted order, Spearman after {train} deals (mean of {k} "
            f"seasons; least {min(order):.2f}; mu's mean {mean(mu):.2f})",
            mean(order),
            "",
            runs=k,
            stat="mean",
            target=TARGET_SPEARMAN,
            on="value",
            higher=True,
        ),
        Figure(
            f"{game.label}: log loss of the ratings less the mean-points rule's, upper end of its 95 % CI ({n} "
            f"held-out deals; difference {rule[0]:+.4f} ± {rule[1]:.4f}; ratings {mean(ll[0]):.4f}, rule "
            f"{mean(ll[1]):.4f})",
            rule[0] + rule[1],
            "",
            runs=k,
            stat="pooled",
            target=0.0,
            on="value",
        ),
        Figure(
            f"{game.label}: log loss of the ratings beside mean points through a fitted logistic (difference "
            f"{logit[0]:+.4f} ± {logit[1]:.4f}); a logistic of the planted strengths {mean(ll[3]):.4f} (ratings "
            f"less it {planted[0]:+.4f} ± {planted[1]:.4f}); openskill's predict_win {mean(ll[4]):.4f} (ratings less it "
            f"{probit[0]:+.4f} ± {probit[1]:.4f})",
            mean(ll[0]),
            "",
            baseline="logistic",
            base_value=mean(ll[2]),
            runs=k,
            stat="pooled",
        ),
        Figure(
            f"{game.label}: rate_deals over 5,000 deals",
            seconds,
            "s",
            runs=3,
            stat="least",
            target=TARGET_SECONDS,
            on="value",
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seasons", type=int, default=8, help="seasons per game")
    ap.add_argument("--deals", type=int, default=700, help="deals per season")
    ap.add_argument("--train", type=int, default=500, help="deals rated before the order is measured")
    ap.add_argument("--strength", type=int, default=200, help="deals per level of the strength check (0: skip)")
    ap.add_argument("--beta", type=float, default=BETA, help=f"the model's beta (default {BETA}, season.ratings')")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    if args.quick:
        args.seasons, args.deals, args.train, args.strength = 2, 300, 150, 20
    if not 2 <= args.train // 2 < args.train < args.deals:
        ap.error("--train must leave deals to fit the baselines on and to hold out")
    rows: list[Figure] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for game in GAMES:
            started = time.perf_counter()
            if args.strength:
                print(f"\n{game.label}: strength against the middle noise ({game.noise(game.pool // 2):.2f}), "
                      f"{args.strength} deals a level")  # fmt: skip
                measured = strength(pool, game, args.seed, args.strength)
                for p, (m, h) in enumerate(measured):
                    print(f"    noise {game.noise(p):.2f}: {m:+.3f} ± {h:.3f}")
                falls = spearman([m for m, _ in measured], [-p for p in range(game.pool)])
                print(f"    Spearman of the measured strength with the planted order: {falls:.3f}")
            t = time.perf_counter()
            seasons_deals = simulate(pool, game, args.seed, args.seasons, args.deals)
            simulated = time.perf_counter() - t
            t = time.perf_counter()
            seasons = [measure(game, deals, args.train, args.beta) for deals in seasons_deals]
            rated = time.perf_counter() - t
            flat = [d for deals in seasons_deals for d in deals]
            rows += game_figures(game, seasons, args.train, recompute_seconds(flat))
            print(f"({game.label}: {time.perf_counter() - started:.0f} s in all; {args.seasons * args.deals} deals "
                  f"simulated in {simulated:.0f} s, measured in {rated:.1f} s)")  # fmt: skip
    ok = report("bench_ratings: ratings of simulated players of planted strength", rows)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
