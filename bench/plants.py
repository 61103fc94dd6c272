"""Planted mistakes (issue 37, item 2): a seat of a simulated 够级 deal makes one chosen kind of error once, and the
rest of the deal is played on by the rollout policy, so that the log is legal and the error's place is known.

The kinds (``KINDS``), each a function of the state and the seat that gives the planted event, or None where the
kind cannot be planted there (the event legal, and not what the policy would play):

- ``pass-out``: the seat passes (or 扣) where playing its whole hand was legal (out at once);
- ``feng-q``: Ks on an opponent's Qs while the seat held as many plain As (逢Q盖帽, a maxim detector's);
- ``joker-on-low``: a joker spent on an opponent's low single (a 3 to an 8);
- ``beat-partner``: a partner's standing set beaten with a set holding 2s or jokers;
- ``break-group``: one card led of a Q, K or A the seat held two or more of;
- ``lone-2``: a single 2 led early (20 cards or more in hand);
- ``burn-unkept``: a 够级 set burned (烧牌, GJ-BURN) by a seat whose hand after the burn cannot keep the burn's
  condition (a joker on every set but the last: more plain ranks left than jokers + 1, ``RandomBot.safe_to_burn``),
  with its cheapest beating set. The profile's ``burn_fail`` decides what breaking the condition costs (``gouji``:
  flagged only, seed 000 names no penalty; ``gouji-online``: the failed burner is 大落): the plant is costly only
  where the reference's play-outs say so.

``PlantingPolicy`` is the rollout policy at every seat that makes
the plant at the first chance from its ``after``-th decision on (at its ``seat``); ``planted_at`` finds the planted
event in the replayed deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from coach.games import coach_for
from coach.policy import Policy, cost
from replay.climbing.state import State
from replay.climbing.table import Climbing
from replay.core.cards import RANK_2, RANK_A, RANK_K, RANK_Q, RANK_SJ, Card
from replay.core.events import Burn, Event, Play
from replay.replay import Replay

LOW_SINGLE = 8  # the highest single a joker is "low" on
Plant = Callable[[Climbing[Any], State, int, Policy], Event | None]


def _answer(eng: Climbing[Any], st: State, seat: int, cards: tuple[Card, ...]) -> Event | None:
    """``cards`` played over the table (a burn where the game makes it one): the legal event, or None."""
    for cls in (Play, Burn):
        ev = cls(seat, cards=cards)
        if eng.can(st, ev):
            return ev
    return None


def _answering(st: State, seat: int) -> bool:
    return st.table is not None and not st.window and st.to_act == seat


def _opponent(eng: Climbing[Any], st: State, seat: int) -> bool:
    return not coach_for(eng.game).same_side(st, seat, st.owner)


def _held(st: State, seat: int) -> list[Card]:
    return list(st.hands[seat].known_cards())


def pass_out(eng: Climbing[Any], st: State, seat: int, pol: Policy) -> Event | None:
    """A decline where the whole hand was a legal play."""
    if not _answering(st, seat) or _answer(eng, st, seat, tuple(_held(st, seat))) is None:
        return None
    ev = coach_for(eng.game).decline(st, seat)
    return ev if eng.can(st, ev) else None


def feng_q(eng: Climbing[Any], st: State, seat: int, pol: Policy) -> Event | None:
    """Ks on an opponent's Qs with as many plain As in hand."""
    table = st.table
    if not _answering(st, seat) or table is None or table.base != RANK_Q or not _opponent(eng, st, seat):
        return None
    held = _held(st, seat)
    kings = [c for c in held if c.rank == RANK_K]
    aces = [c for c in held if c.rank == RANK_A]
    m = table.size
    if len(kings) < m or len(aces) < m:
        return None
    return _answer(eng, st, seat, tuple(kings[:m]))


def joker_on_low(eng: Climbing[Any], st: State, seat: int, pol: Policy) -> Event | None:
    """A joker on an opponent's single from 3 to 8."""
    table = st.table
    if not _answering(st, seat) or table is None or table.size != 1 or table.base > LOW_SINGLE:
        return None
    if not _opponent(eng, st, seat):
        return None
    jokers = sorted((c for c in _held(st, seat) if c.rank >= RANK_SJ), key=lambda c: c.rank)
    return _answer(eng, st, seat, (jokers[0],)) if jokers else None


def beat_partner(eng: Climbing[Any], st: State, seat: int, pol: Policy) -> Event | None:
    """A partner's standing set beaten with 2s or jokers."""
    if not _answering(st, seat) or _opponent(eng, st, seat) or not (st.live >> st.owner & 1):
        return None
    dear = [c for c in pol.answer_options(eng, st, seat) if c[-1].rank >= RANK_2 and len(c) < st.hands[seat].size]
    return _answer(eng, st, seat, dear[0]) if dear else None


def _leading(st: State, seat: int) -> bool:
    return st.table is None and st.leader == seat


def break_group(eng: Climbing[Any], st: State, seat: int, pol: Policy) -> Event | None:
    """One card of a Q, K or A the seat held two or more of, led."""
    if not _leading(st, seat):
        return None
    held = _held(st, seat)
    for rank in (RANK_Q, RANK_K, RANK_A):
        group = [c for c in held if c.rank == rank]
        if len(group) >= 2:
            ev = Play(seat, cards=(group[0],))
            return ev if eng.can(st, ev) else None
    return None


def lone_2(eng: Climbing[Any], st: State, seat: int, pol: Policy) -> Event | None:
    """A single 2 led with 20 cards or more in hand."""
    held = _held(st, seat)
    twos = [c for c in held if c.rank == RANK_2]
    if not _leading(st, seat) or len(held) < 20 or not twos:
        return None
    ev = Play(seat, cards=(twos[0],))
    return ev if eng.can(st, ev) else None


def burn_unkept(eng: Climbing[Any], st: State, seat: int, pol: Policy) -> Event | None:
    """A burn the burner cannot keep: ``seat``'s, or any seat's that may burn now where ``seat`` is -1."""
    table = st.table
    if table is None:
        return None
    may = eng.burners(st) if st.window else [b for b, kinds in eng.actors(st).items() if "burn" in kinds]
    for b in may:
        if seat not in (-1, b):
            continue
        groups = pol.by_rank(st, b)
        opts = sorted(pol.answers(eng, st, b), key=lambda c: cost(c, groups))
        for cards in opts:
            ev = Burn(b, cards=cards)
            if not pol.safe_to_burn(st, b, cards) and eng.can(st, ev):
                return ev
    return None


KINDS: dict[str, Plant] = {
    "pass-out": pass_out,
    "feng-q": feng_q,
    "joker-on-low": joker_on_low,
    "beat-partner": beat_partner,
    "break-group": break_group,
    "lone-2": lone_2,
    "burn-unkept": burn_unkept,
}


class PlantingPolicy(Policy):
    """The rollout policy at every seat, but ``seat`` (any seat when None) makes the plant of ``kind`` at its first
    chance from the ``after``-th decision of the deal on (once; ``planted`` holds the event and the hand sizes
    then)."""

    def __init__(self, rng: random.Random, kind: str, seat: int | None, after: int, noise: float = 0.08) -> None:
        super().__init__(rng, noise)
        self.plant, self.seat, self.after = KINDS[kind], seat, after
        self.out_of_turn = kind == "burn-unkept"  # a burner need not be the seat the state awaits
        self.calls = 0
        self.planted: tuple[Event, tuple[int, ...]] | None = None

    def choose(self, eng: Climbing[State], st: State) -> Event:
        ev = super().choose(eng, st)
        self.calls += 1
        if self.planted is None and self.calls > self.after and (self.out_of_turn or self.seat in (None, ev.seat)):
            who = ev.seat if not self.out_of_turn else -1 if self.seat is None else self.seat
            plant = self.plant(eng, st, who, self)
            if plant is not None and plant != ev:
                self.planted = (plant, tuple(h.size for h in st.hands))
                return plant
        return ev


def planted_at(rep: Replay[Any], planted: tuple[Event, tuple[int, ...]]) -> int | None:
    """The index of the planted event in the replayed deal (the event, at a state of the same hand sizes)."""
    ev, sizes = planted
    for i, e in enumerate(rep.log.events):
        if e == ev and tuple(h.size for h in rep.states[i].hands) == sizes:
            return i
    return None
