"""Deals for the season's tests (tests/season): a made-up 够级 deal written seat by seat, and simulated deals of a
game whose seats are drawn from a pool of players."""

from __future__ import annotations

import random
from collections.abc import Sequence

from replay.replay import Replay
from replay.simulate import simulate_deal
from season.results import DealResult, SeatResult, result_of


def teams_deal(deal_id: int, names: str, points: Sequence[float], date: str = "2026-11-01") -> DealResult:
    """A 够级 deal: one letter a player, seat by seat; the even seats are side "0", the odd "1"."""
    seats = tuple(
        SeatResult(k, n, str(k % 2), None, float(p)) for k, (n, p) in enumerate(zip(names, points, strict=True))
    )
    return DealResult(deal_id, "gouji", date, seats)


def simulated_season(
    game: str, first_seed: int, deals: int, pool: Sequence[str], seats: int, rng_seed: int
) -> list[DealResult]:
    """``deals`` simulated deals of ``game`` (seeds from ``first_seed``), each with ``seats`` players drawn from
    ``pool``, as the season reads them."""
    rng = random.Random(rng_seed)
    out = []
    for k in range(deals):
        found = result_of(Replay(simulate_deal(first_seed + k, game).log), k, players=rng.sample(list(pool), seats))
        assert found is not None
        out.append(found)
    return out
