"""Player ratings over one game's deals (issue 38, item 2): Weng-Lin's Bayesian ratings as the ``openskill``
library computes them, a skill and its uncertainty per player, updated deal by deal in the order they were played.

**The model** is openskill's ``PlackettLuce`` (Weng and Lin 2011, algorithm 4): a deal ranks its sides
(``DealResult.teams()``), a side's strength is the sum of its members' skills, and the update is in closed form,
for any number of sides of any size, ties included (tied sides share the update). A new player starts at openskill's
mu 25, sigma 25/3 (tau 25/300 as well); ``beta``, the spread of one deal's performance about a player's skill, is
three times openskill's default (25/2, not 25/6): a deal of cards is mostly luck, and with the default the ratings
swing with every deal and predict with too much confidence (docs/season.md has the measurements, on simulated
players of planted strength; ``default_model``). Per game:

- **够级**: the two teams of three (even seats, odd seats), ranked by the team's net points of the deal (its three
  seats' points summed; equal points are a tie).
- **保皇**: the 皇帝's side (the 皇帝 and the 保皇派, or the 皇帝 alone in 独保) against the rebels, ranked by the
  side's points: sides of two against three, or one against four. Where the 保皇派 is not known, every seat is a
  side of its own, ranked by its place (1 first).
- **升级**: the two teams of two, ranked by the levels each went up in the deal (``DealResult.standing``; the card
  points do not rank them).

**Sides of unequal size**: as a side's strength is a sum, two players would be rated a long shot against three in
every deal, although the 皇帝's side wins about as often as the rebels. The smaller side is given one more member,
the *edge* of its shape (its side words, its size and the larger side's: "emperor+loyalist 2 v 3"), rated like a
player: it starts at ``mu`` times the members the side lacks (so that the sides start level) and learns the
shape's advantage from the deals. An edge is no player: ``Ratings.edges`` lists them, the leaderboard does not.

**Order**: ``rate_deals`` takes the deals in the order they were played (``season.results.ordered``: date, then
id) and rates them from scratch every time, so that a deal entered late but dated earlier counts where it was
played (5,000 deals take a fraction of a second). ``Rater`` rates one deal at a time, in the order it is given,
for a caller that wants a prediction before each deal (the bench).

**Ordinal**: openskill's conservative rating, ``mu - 3 sigma`` (the skill a player is about 99.9 % sure to
exceed); the leaderboard sorts by it, so that a newcomer after a lucky week does not head it.

**Prediction**: a side's chance of coming first is the Plackett-Luce model's own, the one its update fits:
``exp(mu_i / c) / sum_q exp(mu_q / c)``, with ``mu_i`` the side's summed skill (its edge included) and
``c^2 = sum_q (sigma_q^2 + beta^2)``. openskill's ``predict_win`` takes the normal distribution's
``Phi((mu_a - mu_b) / c)`` instead, a steeper curve than the likelihood the ratings were fitted by, and
overconfident here (docs/season.md). A tie counts half a win, so a chance is best read as a side's expected score.

Every ``DealResult`` counts (a void or unscored deal is none: ``season.results.result_of`` gives None). This module
never asks which game a deal is: its caller gives it one game's deals (a mix is a ValueError).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import pandas as pd
from openskill.models import PlackettLuce, PlackettLuceRating

from season.results import DealResult, SeatResult, ordered

#: the history's columns: one row per player of each deal, the player's rating after it
HISTORY_COLUMNS = ["deal_id", "date", "player", "mu", "sigma", "ordinal"]
#: the leaderboard's columns (``Ratings.leaderboard``)
LEADERBOARD_COLUMNS = ["rank", "player", "mu", "sigma", "ordinal", "deals"]
BETA = 25 / 2  # one deal's spread of performance about a skill (openskill's default: 25/6); see the docstring
Z = 3.0  # the ordinal's standard deviations below mu (openskill's)

#: a rating as the prediction reads it: (mu, sigma)
MuSigma = tuple[float, float]
#: a member's rating, of whatever kind a caller keeps (``sides_of``)
R = TypeVar("R")


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating after the deals rated: skill ``mu``, its uncertainty ``sigma`` (one standard deviation),
    the conservative ``ordinal`` (``mu - 3 sigma``) and the number of deals played."""

    player: str
    mu: float
    sigma: float
    ordinal: float
    deals: int


@dataclass(frozen=True)
class Edge:
    """The learned rating of a smaller side's shape (see the module docstring), e.g. "emperor+loyalist 2 v 3": in
    the players' units, starting at ``mu`` times the members the side lacks; and the deals it was in."""

    shape: str
    mu: float
    sigma: float
    deals: int


@dataclass(frozen=True, eq=False)
class Ratings:
    """One game's ratings after its deals: ``players`` as a leaderboard (the highest ordinal first, then mu, then
    the name), the ``edges`` of the sides of unequal size, ``history`` (one row per deal and player, the player's
    rating after that deal, in the order rated: ``HISTORY_COLUMNS``, a chart's data), and the model's ``prior``
    (a new player's mu and sigma) and ``beta``, which ``predict`` reads."""

    players: tuple[PlayerRating, ...]
    edges: tuple[Edge, ...]
    history: pd.DataFrame = field(repr=False)
    prior: MuSigma = (25.0, 25.0 / 3)
    beta: float = BETA

    def of(self, player: str) -> PlayerRating | None:
        """The player's rating (None when the player sat in none of the deals)."""
        return next((p for p in self.players if p.player == player), None)

    def leaderboard(self) -> pd.DataFrame:
        """``players`` as a table, rank 1 first (``LEADERBOARD_COLUMNS``)."""
        rows = [(k + 1, p.player, p.mu, p.sigma, p.ordinal, p.deals) for k, p in enumerate(self.players)]
        return pd.DataFrame(rows, columns=LEADERBOARD_COLUMNS)

    def predict(self, deal: DealResult) -> list[float]:
        """The chance of each of ``deal.teams()`` to come first, from these ratings (a player or an edge not rated
        yet at the prior): the module docstring's formula. ``deal`` needs its seats' players and sides only (its
        points are not read), so a match-up not yet played can be asked about."""
        players = {p.player: (p.mu, p.sigma) for p in self.players}
        edges = {e.shape: (e.mu, e.sigma) for e in self.edges}
        mu, sigma = self.prior

        def edge(key: str, missing: int) -> MuSigma:
            return edges.get(key, (mu * missing, sigma))

        return chances(sides_of(deal, lambda name: players.get(name, self.prior), edge)[1], self.beta)


def default_model() -> PlackettLuce:
    """The model the ratings use (see the module docstring): openskill's PlackettLuce, ``beta`` ``BETA``."""
    return PlackettLuce(beta=BETA)


def ranks(deal: DealResult) -> list[float]:
    """The rank of each of ``deal.teams()`` (lower is better, equal is a tie): by place where every side is one
    seat with a place, else by ``team_points()``, the most first."""
    teams = deal.teams()
    if all(len(t) == 1 and t[0].place is not None for t in teams):
        return [float(t[0].place or 0) for t in teams]
    return [-p for p in deal.team_points()]


def shape(team: Sequence[SeatResult], most: int) -> str:
    """The name of a smaller side's shape, its edge's: its side words, its size and the largest side's
    ("emperor+loyalist 2 v 3")."""
    return f"{'+'.join(sorted({s.side for s in team}))} {len(team)} v {most}"


def sides_of(
    deal: DealResult, player: Callable[[str], R], edge: Callable[[str, int], R]
) -> tuple[list[tuple[SeatResult, ...]], list[list[R]], list[str | None]]:
    """``deal``'s sides (``teams()``), the rating of each member (``player(name)``; a side smaller than the
    largest with its edge last, ``edge(shape, members it lacks)``) and the edge's shape of each side (None: no
    edge). A player at two seats of the deal is a ValueError."""
    teams = deal.teams()
    names = [s.player for t in teams for s in t]
    if len(set(names)) != len(names):
        raise ValueError(f"deal {deal.deal_id}: a player sits at two seats ({', '.join(names)})")
    most = max((len(t) for t in teams), default=0)
    rated: list[list[R]] = []
    shapes: list[str | None] = []
    for t in teams:
        members = [player(s.player) for s in t]
        key = shape(t, most) if len(t) < most else None
        if key is not None:
            members.append(edge(key, most - len(t)))
        rated.append(members)
        shapes.append(key)
    return teams, rated, shapes


def chances(sides: Sequence[Sequence[MuSigma]], beta: float) -> list[float]:
    """Each side's chance of coming first under Plackett-Luce (see the module docstring): ``exp(mu_i / c)``
    normalized, ``mu_i`` the side's summed mu, ``c^2`` the sum over the sides of their sigma^2 and beta^2."""
    if len(sides) < 2:
        return [1.0] * len(sides)
    mus = [sum(m for m, _ in side) for side in sides]
    c = math.sqrt(sum(sum(s * s for _, s in side) + beta * beta for side in sides))
    top = max(mus)
    e = [math.exp((m - top) / c) for m in mus]
    return [x / sum(e) for x in e]


class Rater:
    """Ratings updated one deal at a time (``rate``), and the chance of each side before a deal (``predict``).
    The caller gives the deals in the order they were played (``rate_deals`` does, for a whole season)."""

    def __init__(self, model: PlackettLuce | None = None) -> None:
        self.model = model or default_model()
        self.current: dict[str, PlackettLuceRating] = {}
        self.deals: dict[str, int] = {}
        self.edges: dict[str, PlackettLuceRating] = {}
        self.edge_deals: dict[str, int] = {}
        self.game: str | None = None
        self.history: list[tuple[int, str, str, float, float, float]] = []

    def rating(self, player: str) -> PlackettLuceRating:
        """The player's current rating (a new player's prior before its first deal)."""
        found = self.current.get(player)
        return found if found is not None else self.model.rating(name=player)

    def edge(self, key: str, missing: int) -> PlackettLuceRating:
        """The current rating of the edge ``key`` (``missing`` times a new player's mu before its first deal)."""
        found = self.edges.get(key)
        return found if found is not None else self.model.rating(mu=self.model.mu * missing, name=key)

    def predict(self, deal: DealResult) -> list[float]:
        """Before ``deal`` is rated: the chance of each of its ``teams()`` to come first, from the ratings so far."""
        _, rated, _ = sides_of(deal, self.rating, self.edge)
        return chances([[(r.mu, r.sigma) for r in side] for side in rated], self.model.beta)

    def rate(self, deal: DealResult) -> None:
        """Update the ratings of ``deal``'s players (and edges) by its result; a deal of one side counts as
        played and changes no rating. A deal of another game than the first rated is a ValueError."""
        if self.game is None:
            self.game = deal.game
        elif deal.game != self.game:
            raise ValueError(f"deal {deal.deal_id} is of {deal.game}, the others of {self.game}: rate one game")
        teams, rated, shapes = sides_of(deal, self.rating, self.edge)
        if len(teams) >= 2:
            new = self.model.rate(rated, ranks=ranks(deal))
            for team, key, got in zip(teams, shapes, new, strict=True):
                for seat, rating in zip(team, got, strict=False):  # the edge, where there is one, is last
                    self.current[seat.player] = rating
                if key is not None:
                    self.edges[key] = got[-1]
                    self.edge_deals[key] = self.edge_deals.get(key, 0) + 1
        for team in teams:
            for seat in team:
                self.deals[seat.player] = self.deals.get(seat.player, 0) + 1
                r = self.rating(seat.player)
                self.history.append((deal.deal_id, deal.date, seat.player, r.mu, r.sigma, r.mu - Z * r.sigma))

    def ratings(self) -> Ratings:
        """The ratings after the deals rated so far."""
        players = []
        for name, n in self.deals.items():
            r = self.rating(name)
            players.append(PlayerRating(name, r.mu, r.sigma, r.mu - Z * r.sigma, n))
        players.sort(key=lambda p: (-p.ordinal, -p.mu, p.player))
        edges = tuple(Edge(key, r.mu, r.sigma, self.edge_deals[key]) for key, r in sorted(self.edges.items()))
        history = pd.DataFrame(self.history, columns=HISTORY_COLUMNS)
        return Ratings(tuple(players), edges, history, (self.model.mu, self.model.sigma), self.model.beta)


def rate_deals(results: Sequence[DealResult], model: PlackettLuce | None = None) -> Ratings:
    """One game's ratings over ``results`` (see the module docstring), taken in the order they were played
    (``ordered``: date, then id) whatever the order given; a ValueError when they are of more than one game."""
    rater = Rater(model)
    for deal in ordered(results):
        rater.rate(deal)
    return rater.ratings()
