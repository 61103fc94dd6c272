"""The rollout policy as it was before issue 16 (coach/policy.py at commit c82d830), frozen for
bench/bench_policy.py only: the baseline the new ``coach.policy.Policy`` is measured against. Not part of the
package; do not import it outside the benches. ``same_side`` and ``cost`` are frozen copies too, so changes
to coach/policy.py's insides do not leak into the baseline."""

from __future__ import annotations

import random
from typing import Any

from coach.games import coach_for
from replay.climbing.state import SETUP, State
from replay.core.cards import RANK_2, RANK_A, RANK_SJ, Card
from replay.core.events import Event, Pass, Play
from replay.simulate import RandomBot

Cards = tuple[Card, ...]


def same_side(eng: Any, st: State, a: int, b: int) -> bool:
    """True when seats ``a`` and ``b`` play on the same side (as the state truly is; the game's coach says)."""
    return coach_for(eng.game).same_side(st, a, b)


def cost(cards: Cards, groups: dict[int, list[Card]]) -> tuple[int, int, int, int, int]:
    """How dear a set is to spend (smaller is cheaper): jokers, 2s, a broken group, rank, size."""
    jokers = twos = 0
    base = 99
    for c in cards:
        if c.rank >= RANK_SJ:
            jokers += 1
        elif c.rank == RANK_2:
            twos += 1
        if c.rank < base:
            base = c.rank
    if base >= RANK_SJ:  # jokers alone
        return (jokers, 0, 0, base, len(cards))
    natural = len(cards) - jokers - (twos if base != RANK_2 else 0)
    broken = 1 if natural < len(groups.get(base, ())) else 0
    if base == RANK_2:
        twos = len(cards) - jokers
    return (jokers, twos, broken, base, len(cards))


class PolicyV1(RandomBot):
    """The old heuristic play (coach/policy.py before issue 16); ``noise`` in [0, 1]."""

    def __init__(self, rng: random.Random, noise: float = 0.08) -> None:
        super().__init__(rng, revolution_rate=0.0)
        self.noise = noise

    # -- leads ------------------------------------------------------------------------------------

    def lead_options(self, eng: Any, st: State, seat: int) -> list[Cards]:
        """Leads worth considering, best first: each plain rank in full, low to high (a joker hung on
        when a burn binds the seat), or the whole hand when it is one set."""
        groups = self.by_rank(st, seat)
        plain = sorted(r for r in groups if r < RANK_SJ)
        jokers = [c for r in sorted(groups, reverse=True) if r >= RANK_SJ for c in groups[r]]
        if not plain:
            return [tuple(jokers)]
        if len(plain) == 1 or (eng.twos_attach and len(plain) == 2 and RANK_2 in groups):
            return [tuple(c for r in plain for c in groups[r]) + tuple(jokers)]  # one set: 2s attach to the base
        bound = coach_for(eng.game).bound(st, seat) and jokers
        out = []
        for r in plain:
            if r == RANK_2 and len(plain) > 1 and eng.twos_attach:
                continue  # 2s ride on other ranks; led alone only when nothing else is left
            cards = groups[r] + (jokers[-1:] if bound else [])
            out.append(tuple(cards))
        return out or [tuple(groups[plain[0]])]

    def lead(self, eng: Any, st: State, seat: int) -> Cards:
        """The lead the policy plays."""
        opts = self.lead_options(eng, st, seat)
        if len(opts) > 1 and self.rng.random() < self.noise:
            return self.rng.choice(opts)
        return opts[0]

    # -- answers ----------------------------------------------------------------------------------

    def answer_options(self, eng: Any, st: State, seat: int) -> list[Cards]:
        """Sets that beat the table, cheapest first (those a burn's condition forbids left out)."""
        opts = self.answers(eng, st, seat)
        if coach_for(eng.game).bound(st, seat):
            left = st.hands[seat].size
            opts = [c for c in opts if any(x.rank >= RANK_SJ for x in c) or len(c) == left]
        groups = self.by_rank(st, seat)
        opts.sort(key=lambda c: cost(c, groups))
        return opts

    def wants_to_answer(self, eng: Any, st: State, seat: int, cards: Cards) -> bool:
        """Whether the cheapest answer ``cards`` is worth playing now."""
        left = st.hands[seat].size
        if len(cards) == left:
            return True  # goes out
        owner = st.owner
        if st.active(owner) and same_side(eng, st, seat, owner):
            return False  # never beat a partner's standing set
        dear = any(c.rank >= RANK_2 for c in cards) and cards[-1].rank >= RANK_2
        if not dear:
            return True
        table = st.table
        assert table is not None
        big = table.base >= RANK_A or table.size >= 3
        return big or st.hands[owner].size <= 6 or left <= 8

    def choose(self, eng: Any, st: State) -> Event:
        """The policy's event for the current state (any game, any phase)."""
        game = coach_for(eng.game)
        if game.bidding(st):
            return self.bid(eng, st)
        if st.table is None or st.window:
            seat = st.leader if st.table is None else st.owner
            if st.phase == SETUP and st.table is None:
                seat = game.first_leader(eng, st)
                if seat == -1:
                    seat = st.active_seats()[0]
            if st.window and not st.active(seat):
                return Pass(eng.burners(st)[0])
            return Play(seat, cards=self.lead(eng, st, seat))
        seat = st.to_act
        decline = game.decline(st, seat)  # 够级: the owner's 对头 declines with 扣, everyone else passes
        if self.rng.random() < self.noise:
            opts = self.answer_options(eng, st, seat)
            k = self.rng.randrange(len(opts) + 1)
            return decline if k == len(opts) else Play(seat, cards=opts[k])
        table, owner, left = st.table, st.owner, st.hands[seat].size
        if left != table.size and st.active(owner) and game.same_side(st, seat, owner):
            return decline  # never beat a partner's standing set (wants_to_answer, decided early)
        spend = table.base >= RANK_A or table.size >= 3 or st.hands[owner].size <= 6 or left <= 8
        best = self.cheapest_answer(eng, st, seat, natural_only=not (spend or left == table.size))
        if best is None:
            return decline
        return Play(seat, cards=best) if self.wants_to_answer(eng, st, seat, best) else decline

    def cheapest_answer(self, eng: Any, st: State, seat: int, natural_only: bool = False) -> Cards | None:
        """``answer_options(...)[0]``, found without listing every option when natural cards do
        (``natural_only``: None instead of an answer that spends 2s or jokers)."""
        table = st.table
        assert table is not None
        if table.dead or (table.sj and table.base < RANK_SJ) or coach_for(eng.game).bound(st, seat):
            opts = self.answer_options(eng, st, seat)
            return opts[0] if opts else None
        m = table.size
        groups = self.by_rank(st, seat)
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
        opts = self.answer_options(eng, st, seat)
        return opts[0] if opts else None

    # -- bidding (保皇) ------------------------------------------------------------------------------

    def bid(self, eng: Any, st: State) -> Event:
        """The game's bid for the policy (保皇: call with a triple on a strong hand, else yield)."""
        bid = coach_for(eng.game).bid
        return super().bid(eng, st) if bid is None else bid(st)

    def reveals(self, eng: Any, st: State) -> list[Event]:
        """The policy never reveals a role."""
        return []
