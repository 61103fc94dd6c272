"""bench/bench_ratings.py (issue 38, item 2), on small seeded runs: its measures (Spearman, the log loss, the
logistic fit, the players' mean points), its simulated deals (a draw of the pool, the same for the same job; 升级's
written by the bench itself and replayed cleanly) and a whole run, small."""

from __future__ import annotations

import math
import random
import sys

import pytest
from paths import ROOT

sys.path.insert(0, str(ROOT / "bench"))

import bench_ratings  # bench/ is not a package: from the path above

from replay.replay import Replay
from season.results import DealResult, SeatResult


def test_spearman_is_one_for_the_same_order_minus_one_reversed_and_takes_ties_at_their_mean_rank() -> None:
    assert bench_ratings.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert bench_ratings.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # ranks (1, 2.5, 2.5, 4) against (1, 2, 3, 4): Pearson's r of the ranks
    assert bench_ratings.spearman([1, 5, 5, 9], [1, 2, 3, 4]) == pytest.approx(4.5 / math.sqrt(4.5 * 5))


def test_the_log_loss_of_a_tie_is_log_2_at_best_and_a_sure_miss_is_costly() -> None:
    assert bench_ratings.log_loss(0.5, 0.5) == pytest.approx(math.log(2))
    assert bench_ratings.log_loss(0.9, 0.5) > math.log(2)
    assert bench_ratings.log_loss(0.9, 1.0) == pytest.approx(-math.log(0.9))
    assert bench_ratings.log_loss(1.0, 0.0) == pytest.approx(-math.log(1e-9))  # kept finite


def test_the_logistic_fit_finds_the_weights_it_was_drawn_from() -> None:
    rng = random.Random(4)
    xs = [[rng.uniform(-3, 3)] for _ in range(4000)]
    ys = [float(rng.random() < 1 / (1 + math.exp(-(0.5 + 1.5 * x[0])))) for x in xs]
    w = bench_ratings.fit_logistic(xs, ys)
    assert w == pytest.approx([0.5, 1.5], abs=0.15)
    assert bench_ratings.logistic(w, [0.0]) == pytest.approx(1 / (1 + math.exp(-w[0])))


def seat(k: int, name: str, side: str, points: float) -> SeatResult:
    return SeatResult(k, name, side, None, points)


def test_mean_points_compare_the_sides_players_means_so_far() -> None:
    means = bench_ratings.MeanPoints()
    first = DealResult(
        1, "gouji", "", tuple(seat(k, "abcdef"[k], str(k % 2), p) for k, p in enumerate([4, 2, 0, 0, -2, -4]))
    )
    assert means.difference(first) == 0.0  # nobody has played yet
    means.add(first)
    assert means.mean("a") == 4.0 and means.mean("z") == 0.0
    # a (4), c (0), e (-2) against b (2), d (0), f (-4): 2/3 against -2/3
    assert means.difference(first) == pytest.approx(4 / 3)
    levels = DealResult(
        2,
        "shengji",
        "",
        tuple(seat(k, "wxyz"[k], str(k % 2), 60.0) for k in range(4)),
        standing=(("0", 0.0), ("1", 2.0)),
    )
    assert [bench_ratings.figure(levels, s) for s in levels.seats] == [-2.0, 2.0, -2.0, 2.0]  # levels, not card points
    assert bench_ratings.first_score(first) == 1.0 and bench_ratings.first_score(levels) == 0.0  # 2 to -2; 0 to 2
    tie = DealResult(
        3, "gouji", "", tuple(seat(k, "abcdef"[k], str(k % 2), p) for k, p in enumerate([4, 2, -4, 0, 0, -2]))
    )
    assert bench_ratings.first_score(tie) == 0.5


@pytest.mark.parametrize("game", bench_ratings.GAMES, ids=lambda g: g.label)
def test_a_season_deal_seats_a_draw_of_the_pool_and_is_the_same_for_the_same_job(game: bench_ratings.Game) -> None:
    deals = [bench_ratings.season_deal((game.label, 3, 0, k)) for k in range(4)]
    for k, deal in enumerate(deals):
        names = deal.players()
        assert deal.deal_id == k and len(names) == game.seats == len(set(names))
        assert all(0 <= bench_ratings.player_of(n) < game.pool for n in names)
        assert len(deal.teams()) == 2
    assert bench_ratings.season_deal((game.label, 3, 0, 2)) == deals[2]
    assert len({tuple(d.players()) for d in deals}) > 1


def test_the_shengji_deal_the_bench_writes_replays_cleanly() -> None:
    game = bench_ratings.game_of("shengji")
    log = bench_ratings.shengji_log(5, game.profile, [0.0, 0.3, 0.6, 1.0], random.Random(5))
    rep = Replay(log)
    assert rep.ok and rep.final.terminal and rep.score() is not None


def test_measure_holds_out_the_deals_after_the_rated_part() -> None:
    game = bench_ratings.game_of("gouji")
    deals = [bench_ratings.season_deal(("gouji", 2, 0, k)) for k in range(60)]
    season = bench_ratings.measure(game, deals, 40)
    assert len(season.results) == len(season.chances) == 20
    assert all(len(c) == len(bench_ratings.PREDICTORS) and all(0 < p < 1 for p in c) for c in season.chances)
    assert -1 <= season.spearman <= 1 and -1 <= season.spearman_mu <= 1
    mean, half = bench_ratings.paired([0.5, 0.7, 0.6], [0.6, 0.7, 0.8])
    assert mean == pytest.approx(-0.1) and half == pytest.approx(1.96 * 0.1 / math.sqrt(3))


def test_a_small_run_reports_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code = bench_ratings.main(["--seasons", "1", "--deals", "50", "--train", "30", "--strength", "4", "--jobs", "1"])
    out = capsys.readouterr().out
    assert code in (0, 1)
    for game in bench_ratings.GAMES:
        assert f"{game.label}: leaderboard (ordinal) vs planted order" in out
        assert f"{game.label}: rate_deals over 5,000 deals" in out
