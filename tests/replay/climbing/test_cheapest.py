"""The policy's cheapest answer (coach/policy.py ``cheapest_answer``, ``cheapest_spending``) against the reference:
``answer_options(...)[0]``, every answer listed and sorted by ``cost`` (the path before, kept here).

On positions of simulated deals (every 够级 and 保皇 profile, random play with burns and 让) the answer of every
seat still in play to the set on the table: ``cheapest_answer`` equals the reference's, with and without
``natural_only``, and ``cheapest_spending`` equals ``answer_options(...)[0]`` wherever it applies (a table neither
dead nor binding the seat). A fixed set of deals gives at least 2,000 positions where the natural cards do not
answer (the path that spends 2s or jokers), and a hypothesis property draws further deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coach.games import coach_for
from coach.policy import Cards, Policy
from replay.climbing.state import State
from replay.core.cards import RANK_2, RANK_SJ
from replay.replay import Replay
from replay.simulate import RandomBot, simulate_deal

PROFILES = ("gouji", "gouji-online", "gouji-logged", "baohuang", "baohuang-no345")


def reference(pol: Policy, eng: Any, st: State, seat: int, natural_only: bool = False) -> Cards | None:
    """``cheapest_answer`` as it was: the natural scan, else the first of every answer sorted by cost."""
    table = st.table
    assert table is not None
    if table.dead or (table.sj and table.base < RANK_SJ) or coach_for(eng.game).bound(st, seat):
        opts = pol.answer_options(eng, st, seat)
        return opts[0] if opts else None
    m = table.size
    groups = pol.by_rank(st, seat)
    broken = None
    for r in range(table.base + 1, RANK_2):
        group = groups.get(r)
        if group is None or len(group) < m:
            continue
        if len(group) == m:
            return tuple(group)
        if broken is None:
            broken = tuple(group[:m])
    if broken is not None or natural_only:
        return broken
    opts = pol.answer_options(eng, st, seat)
    return opts[0] if opts else None


def positions(seed: int, profile: str) -> Iterator[tuple[Any, State, int]]:
    """Every (engine, state, seat) of a simulated deal where a set is on the table and the seat has cards."""
    rng = random.Random(seed)
    rep = Replay(simulate_deal(seed, profile, bot=RandomBot(rng, burn_rate=0.5, rang_rate=0.15)).log)
    for state in rep.states:
        if state.table is None or state.terminal:
            continue
        for seat in range(state.n):
            if state.active(seat) and state.hands[seat].size > 0 and seat != state.owner:
                yield rep.engine, state, seat


def check(seed: int, profile: str) -> int:
    """Compare on every position of one deal; the count of positions the natural cards do not answer."""
    pol = Policy(random.Random(0), noise=0.0)
    spending = 0
    for eng, state, seat in positions(seed, profile):
        for natural_only in (False, True):
            assert pol.cheapest_answer(eng, state, seat, natural_only) == reference(pol, eng, state, seat, natural_only)
        table = state.table
        assert table is not None
        if not table.dead and not coach_for(eng.game).bound(state, seat):
            opts = pol.answer_options(eng, state, seat)
            assert pol.cheapest_spending(eng, state, seat) == (opts[0] if opts else None)
            spending += reference(pol, eng, state, seat, natural_only=True) is None
    return spending


def test_the_cheapest_answer_is_the_first_of_every_answer_sorted() -> None:
    spending = sum(check(seed, profile) for seed in range(8) for profile in PROFILES)
    assert spending >= 2000, spending


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), profile=st.sampled_from(PROFILES))
def test_the_cheapest_answer_matches_the_reference_on_any_deal(seed: int, profile: str) -> None:
    check(seed, profile)
