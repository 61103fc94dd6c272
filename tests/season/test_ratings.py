"""season/ratings.py: Weng-Lin ratings over one game's deals (issue 38, item 2).

Made-up deals for what each rule says (a steady winner rises above a steady loser; sides of two against three and
one against four; a deal entered late counts where it was played; a tie is a tie; the history's rows), and a small
club of simulated 够级 players of planted strength that the ratings put in order (bench/bench_ratings.py does it in
full, for the three games)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

import pandas as pd
import pytest
from openskill.models import PlackettLuce

from coach.policy import Policy, SeatBots
from replay.replay import Replay
from replay.simulate import simulate_deal
from season.ratings import (
    BETA,
    HISTORY_COLUMNS,
    LEADERBOARD_COLUMNS,
    Rater,
    Ratings,
    chances,
    default_model,
    ranks,
    rate_deals,
)
from season.results import DealResult, SeatResult, result_of

MU, SIGMA = 25.0, 25.0 / 3


def mu(ratings: Ratings, player: str) -> float:
    found = ratings.of(player)
    assert found is not None, player
    return found.mu


def teams_deal(
    deal_id: int,
    first: Sequence[str],
    second: Sequence[str],
    margin: float,
    date: str = "2026-11-01",
    game: str = "gouji",
) -> DealResult:
    """A deal of two teams seated alternately (sides "0" and "1"); the first team's net points are ``margin`` (0: a
    tie), the places following the points."""
    pts = [(margin / len(first), -margin / len(second))[k % 2] for k in range(len(first) + len(second))]
    names = [(first, second)[k % 2][k // 2] for k in range(len(pts))]
    order = sorted(range(len(pts)), key=lambda k: -pts[k])
    seats = tuple(SeatResult(k, names[k], str(k % 2), order.index(k) + 1, pts[k]) for k in range(len(pts)))
    return DealResult(deal_id, game, date, seats)


def emperor_deal(deal_id: int, roles: dict[str, str], emperor_side_points: float) -> DealResult:
    """A 保皇 deal: each player's role ("emperor", "loyalist", "solo", "rebel", or "" unknown), the emperor's side
    scoring ``emperor_side_points`` (shared out) and the rebels the opposite."""
    ours = [n for n, r in roles.items() if r in ("emperor", "loyalist", "solo")]
    seats = []
    for k, (name, role) in enumerate(roles.items()):
        side = emperor_side_points / len(ours) if name in ours else -emperor_side_points / (len(roles) - len(ours))
        seats.append(SeatResult(k, name, role, k + 1, side))
    return DealResult(deal_id, "baohuang", "2026-11-01", tuple(seats))


def test_a_steady_winner_rises_above_a_steady_loser() -> None:
    rng = random.Random(3)
    others = [f"p{k}" for k in range(8)]
    deals = []
    for k in range(60):
        mates = rng.sample(others, 4)
        deals.append(teams_deal(k, ["Ace", *mates[:2]], ["Dud", *mates[2:]], rng.choice([2.0, 4.0, 8.0])))
    ratings = rate_deals(deals)
    ace, dud = ratings.of("Ace"), ratings.of("Dud")
    assert ace is not None and dud is not None
    assert ratings.players[0].player == "Ace" and ratings.players[-1].player == "Dud"
    assert ace.mu > MU + 5 > MU - 5 > dud.mu
    assert ace.sigma < SIGMA and ace.deals == dud.deals == 60
    assert ace.ordinal == pytest.approx(ace.mu - 3 * ace.sigma)
    assert all(p.deals == sum(p.player in d.players() for d in deals) for p in ratings.players)
    board = ratings.leaderboard()
    assert list(board.columns) == LEADERBOARD_COLUMNS and list(board["rank"]) == list(range(1, 11))
    assert board["ordinal"].is_monotonic_decreasing


def test_the_emperors_side_of_two_against_three_rates_and_its_edge_levels_the_sides() -> None:
    roles = {"E": "emperor", "L": "loyalist", "R1": "rebel", "R2": "rebel", "R3": "rebel"}
    deal = emperor_deal(1, roles, 4.0)
    assert [len(t) for t in deal.teams()] == [2, 3]
    rater = Rater()
    assert rater.predict(deal) == pytest.approx([0.5, 0.5])  # new players: the edge makes two as good as three
    rater.rate(deal)
    ratings = rater.ratings()
    for name in ("E", "L"):
        assert mu(ratings, name) > MU
    for name in ("R1", "R2", "R3"):
        assert mu(ratings, name) < MU
    (edge,) = ratings.edges
    assert edge.shape == "emperor+loyalist 2 v 3" and edge.deals == 1 and edge.mu > MU  # it rose with its side
    assert all(p.player != edge.shape for p in ratings.players)
    # the rebels win the next one: they gain, the 皇帝's side and its edge (the same one) lose
    rater.rate(emperor_deal(2, roles, -2.0))
    after = rater.ratings()
    assert all(mu(after, r) > mu(ratings, r) for r in ("R1", "R2", "R3"))
    assert mu(after, "E") < mu(ratings, "E") and after.edges[0].mu < edge.mu and after.edges[0].deals == 2


def test_the_solo_emperor_against_four_rates_with_an_edge_of_its_own() -> None:
    solo = emperor_deal(1, {"E": "solo", "R1": "rebel", "R2": "rebel", "R3": "rebel", "R4": "rebel"}, 8.0)
    assert [len(t) for t in solo.teams()] == [1, 4]
    assert Rater().predict(solo) == pytest.approx([0.5, 0.5])  # its edge starts at three players' mu
    ratings = rate_deals([solo])
    (edge,) = ratings.edges
    assert edge.shape == "solo 1 v 4" and edge.mu > 3 * MU
    assert ratings.players[0].player == "E" and mu(ratings, "E") > MU
    assert all(mu(ratings, r) < MU for r in ("R1", "R2", "R3", "R4"))
    lost = rate_deals(
        [emperor_deal(1, {"E": "solo", "R1": "rebel", "R2": "rebel", "R3": "rebel", "R4": "rebel"}, -8.0)]
    )
    assert lost.players[-1].player == "E" and lost.edges[0].mu < 3 * MU


def test_a_deal_where_the_loyalist_is_not_known_ranks_every_seat_by_its_place() -> None:
    roles = {"E": "emperor", "A": "", "B": "rebel", "C": "", "D": "rebel"}
    deal = emperor_deal(1, roles, 0.0)  # no points: the places (E 1st ... D 5th) rank them
    assert [len(t) for t in deal.teams()] == [1] * 5
    assert ranks(deal) == [1.0, 2.0, 3.0, 4.0, 5.0]
    ratings = rate_deals([deal])
    assert [p.player for p in ratings.players] == ["E", "A", "B", "C", "D"]
    assert ratings.edges == ()
    assert sum(Rater().predict(deal)) == pytest.approx(1.0)


def test_shengji_sides_are_ranked_by_the_levels_they_went_up_not_by_their_card_points() -> None:
    seats = tuple(SeatResult(k, f"s{k}", str(k % 2), None, 120.0 if k % 2 == 0 else 80.0) for k in range(4))
    deal = DealResult(1, "shengji", "2026-11-01", seats, standing=(("0", 0.0), ("1", 2.0)))
    assert ranks(deal) == [-0.0, -2.0]
    ratings = rate_deals([deal])
    assert {p.player for p in ratings.players[:2]} == {"s1", "s3"}  # side "1" went up: it won the deal


def test_a_deal_entered_late_but_dated_earlier_counts_where_it_was_played() -> None:
    rng = random.Random(7)
    names = [f"p{k}" for k in range(9)]
    deals = []
    for k in range(40):
        who = rng.sample(names, 6)
        day = f"2026-10-{1 + k // 4:02d}"
        deals.append(teams_deal(100 - k, who[:3], who[3:], rng.choice([-4.0, -2.0, 0.0, 2.0, 6.0]), date=day))
    late = deals.pop(5)  # entered last, though played on the second day
    entered = [*deals, late]
    played = rate_deals(sorted(entered, key=lambda d: (d.date, d.deal_id)))
    again = rate_deals(entered)
    shuffled = rate_deals(random.Random(1).sample(entered, len(entered)))
    for other in (again, shuffled):
        assert other.players == played.players
        pd.testing.assert_frame_equal(other.history, played.history)
    as_entered = Rater()
    for deal in entered:
        as_entered.rate(deal)
    assert as_entered.ratings().players != played.players  # rated in the order entered, the figures would differ
    # the same day: by id (the ids run backwards here), and a deal without a date after every dated one
    assert list(played.history["deal_id"].drop_duplicates())[:4] == [97, 98, 99, 100]
    undated = teams_deal(1, ["p0", "p1", "p2"], ["p3", "p4", "p5"], 2.0, date="")
    assert rate_deals([undated, *entered]).history["deal_id"].iloc[-1] == 1


def test_a_tie_is_a_tie() -> None:
    even = rate_deals([teams_deal(1, ["a", "b", "c"], ["d", "e", "f"], 0.0)])
    assert all(p.mu == pytest.approx(MU) for p in even.players)  # equals tied: nobody moves
    assert all(p.sigma < SIGMA for p in even.players)  # but each is known a little better
    first = teams_deal(1, ["a", "b", "c"], ["d", "e", "f"], 4.0, date="2026-11-01")
    tie = teams_deal(2, ["a", "b", "c"], ["d", "e", "f"], 0.0, date="2026-11-02")
    before, after = rate_deals([first]), rate_deals([first, tie])
    for name in "abc":  # the stronger side, held to a tie, comes down; the weaker goes up
        assert mu(after, name) < mu(before, name)
    for name in "def":
        assert mu(after, name) > mu(before, name)


def test_the_history_has_a_row_per_deal_and_player_and_ends_at_the_leaderboard() -> None:
    rng = random.Random(5)
    names = [f"p{k}" for k in range(8)]
    deals = []
    for k in range(25):
        who = rng.sample(names, 6)
        deals.append(teams_deal(k, who[:3], who[3:], rng.choice([-2.0, 2.0])))
    ratings = rate_deals(deals)
    history = ratings.history
    assert list(history.columns) == HISTORY_COLUMNS
    assert len(history) == sum(len(d.seats) for d in deals) == 25 * 6
    assert list(history["deal_id"].drop_duplicates()) == list(range(25))
    last = history.groupby("player").tail(1).set_index("player")
    for p in ratings.players:
        assert last.loc[p.player, "mu"] == p.mu and last.loc[p.player, "ordinal"] == pytest.approx(p.ordinal)
    assert (history["ordinal"] == history["mu"] - 3 * history["sigma"]).all()


def test_one_game_at_a_time_and_one_seat_per_player() -> None:
    gouji = teams_deal(1, ["a", "b", "c"], ["d", "e", "f"], 2.0)
    other = teams_deal(2, ["a", "b"], ["d", "e"], 2.0, game="shengji")
    with pytest.raises(ValueError, match="one game"):
        rate_deals([gouji, other])
    with pytest.raises(ValueError, match="two seats"):
        rate_deals([teams_deal(1, ["a", "b", "c"], ["d", "e", "a"], 2.0)])


def test_the_prediction_favours_the_stronger_side_and_agrees_with_the_ratings() -> None:
    rng = random.Random(11)
    others = [f"p{k}" for k in range(6)]
    rater = Rater()
    for k in range(12):
        who = rng.sample(others, 5)
        rater.rate(teams_deal(k, ["Ace", *who[:2]], who[2:], 2.0))  # Ace's team wins every deal
    ratings = rater.ratings()
    ahead = teams_deal(99, ["Ace", "p0", "p1"], ["p2", "p3", "p4"], 0.0)
    got = rater.predict(ahead)
    assert got[0] > 0.55 and sum(got) == pytest.approx(1.0)
    assert ratings.predict(ahead) == pytest.approx(got)  # the same chances from the finished ratings
    assert ratings.predict(teams_deal(100, ["new1", "Ace", "new2"], ["new3", "new4", "new5"], 0.0))[0] > 0.55
    assert rater.predict(teams_deal(101, ["new1", "new2", "new3"], ["new4", "new5", "new6"], 0.0)) == [0.5, 0.5]
    # the Plackett-Luce chance: exp(mu / c) normalized, c^2 the sides' sigma^2 + beta^2 summed: here 2 (1 + 25)
    win = 1 / (1 + math.exp(-10 / math.sqrt(52)))
    assert chances([[(30.0, 1.0)], [(20.0, 1.0)]], 5.0) == pytest.approx([win, 1 - win]) and 0.79 < win < 0.81
    assert chances([[(25.0, 2.0)], [(25.0, 2.0)], [(25.0, 2.0)]], 5.0) == pytest.approx([1 / 3] * 3)


def test_the_default_model_is_plackett_luce_with_a_wider_beta() -> None:
    model = default_model()
    assert isinstance(model, PlackettLuce)
    assert (model.mu, model.sigma, model.beta) == (MU, SIGMA, BETA) and BETA == 3 * 25 / 6


def test_five_thousand_deals_are_rated_from_scratch_in_a_moment() -> None:
    rng = random.Random(2)
    names = [f"p{k}" for k in range(40)]
    deals = []
    for k in range(5000):
        who = rng.sample(names, 6)
        deals.append(teams_deal(k, who[:3], who[3:], rng.choice([-4.0, -2.0, 0.0, 2.0, 4.0]), date="2026-01-01"))
    t = time.perf_counter()
    ratings = rate_deals(deals)
    assert time.perf_counter() - t < 3.0  # some 0.3 s alone; a loaded machine's margin
    assert len(ratings.history) == 30_000


def planted_season(seed: int, deals: int = 150, pool: int = 12) -> float:
    """Spearman's correlation of the leaderboard with the planted order after ``deals`` simulated 够级 deals of a
    pool of players whose noise (the chance of a random legal move) runs evenly from 0 (the strongest) to 1."""
    rng = random.Random(seed)
    results = []
    for k in range(deals):
        who = rng.sample(range(pool), 6)
        bots = SeatBots([Policy(rng, p / (pool - 1)) for p in who])
        log = simulate_deal(seed * 1000 + k, "gouji", bot=bots).log
        found = result_of(Replay(log), k, players=[f"P{p:02d}" for p in who])
        assert found is not None
        results.append(found)
    board = rate_deals(results).players
    assert len(board) == pool
    ranked = pd.Series([p.ordinal for p in board]).rank()
    planted = pd.Series([-int(p.player[1:]) for p in board]).rank()
    return float(ranked.corr(planted))


@pytest.mark.parametrize("seed", [0, 1])
def test_simulated_players_of_planted_strength_come_out_in_order(seed: int) -> None:
    # over 60 seeds: least 0.78, mean 0.91 (the full bench: 0.98 after 500 deals)
    assert planted_season(seed) >= 0.7
