"""Greedy players, the baselines a rollout policy must beat (bench/bench_policy.py, bench/train_policy.py).

- ``Greedy`` (够级, 保皇): leads as the policy does (its lowest plain rank in full, or its way out on jokers) and
  answers every set it can beat with its cheapest beating set (``Policy.answer_options``'s first: natural cards
  before 2s and jokers, a whole group before a broken one, the lowest rank first), whoever owns the table.
- ``GreedySparing``: the same, but a partner's standing set is never beaten unless the answer takes the seat out
  (the one courtesy every club player keeps; the stronger of the two greedy players).
- ``ShengjiGreedy`` (升级): declares, exchanges and buries as ``ShengjiPolicy``; in a trick it wins whenever it
  can, with its cheapest winning play (fewest and lowest trumps), else plays its cheapest cards (fewest points);
  it leads its strongest play (the most cards, then the highest). ``sparing``: a trick its partner is winning
  is not overtaken (the cheapest cards go on it).

All play deterministically (no noise): they are opponents to measure against, not rollout bots.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from coach.games import coach_for
from coach.games.shengji.policy import ShengjiPolicy, _best, _low, _slots, _wins, spent
from coach.policy import Policy, play_of
from replay.core.events import Event
from replay.games.shengji.engine import ShengjiState, card_points, trick_winner
from replay.games.shengji.engine import team as side_of

if TYPE_CHECKING:
    from replay.climbing.state import State
    from replay.climbing.table import Climbing

Cards = tuple[Any, ...]


class Greedy(Policy):
    """The cheapest beating set on every set it can beat (see the module docstring)."""

    spares_partner = False

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng, 0.0)

    def choose(self, eng: Climbing[State], st: State) -> Event:
        game = coach_for(eng.game)
        table = st.table
        if game.bidding(st) or table is None or st.window:
            return super().choose(eng, st)  # bids and leads as the policy
        seat = st.to_act
        owner = st.owner
        partner = st.live >> owner & 1 and game.same_side(st, seat, owner)
        if self.spares_partner and st.hands[seat].size != table.size and partner:
            return game.decline(st, seat)
        opts = self.answer_options(eng, st, seat)
        return play_of(seat, opts[0]) if opts else game.decline(st, seat)


class GreedySparing(Greedy):
    """``Greedy`` that never beats a partner's standing set (unless it goes out)."""

    spares_partner = True


class ShengjiGreedy(ShengjiPolicy):
    """升级's greedy player (see the module docstring)."""

    def __init__(self, rng: random.Random, sparing: bool = False) -> None:
        super().__init__(rng, 0.0)
        self.sparing = sparing

    def lead_rank(self, st: ShengjiState, seat: int, options: list[Cards]) -> list[Cards]:
        tr = st.trumps
        assert tr is not None
        return sorted(options, key=lambda p: (-len(p), -max(tr.key(c)[1] for c in p), _slots(p)))

    def follow_rank(self, st: ShengjiState, seat: int, options: list[Cards]) -> list[Cards]:
        tr = st.trumps
        lead = st.lead
        assert tr is not None and lead is not None
        trick = st.trick

        def cheap(p: Cards) -> tuple[Any, ...]:
            return (card_points(p), spent(p, tr), _low(p, tr), _slots(p))

        if self.sparing and side_of(trick_winner(trick, tr)) == side_of(seat):
            return sorted(options, key=cheap)
        top = _best(trick, lead, tr)
        wins = sorted(
            (p for p in options if _wins(p, top, lead, tr)), key=lambda p: (spent(p, tr), _low(p, tr), _slots(p))
        )
        rest = sorted((p for p in options if p not in wins), key=cheap)
        return wins + rest
