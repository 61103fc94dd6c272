"""No leaks (issue 37, item 6): what the seat view makes of a decision reads only what the seat knew.

For every priced game: a deal and another one that differs only in where two hidden cards lie (exchanged between
two other seats' dealt hands, the log cut after the decision, every event up to it still legal, and the seat's
knowledge, as its game's pricing reads it, the same) give the same candidates in the same order, the same policy
mark, and the same seat-view prices and grades, seed for seed.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from coach.evaluate import candidates, decision_points, evaluate_decision
from coach.games import coach_for
from coach.policy import Policy
from coach.prices import Settings
from coach.worlds import NoWorld
from replay.core.cards import Card
from replay.replay import Replay
from replay.simulate import simulate_deal

PROFILES = ("gouji", "baohuang", "shengji-35")
TRIES = 40  # exchanges tried for one that keeps what the seat knew


def _deal(seed: int, profile: str) -> Replay:
    """A simulated deal, played by the climbing games' rollout policy (its own sets, not random ones) or 升级's."""
    bot = None if profile.startswith("shengji") else Policy(random.Random(seed))
    return Replay(simulate_deal(seed, profile, bot=bot).log)


def _exchanged(rep: Replay, index: int, seat: int, rng: random.Random) -> Replay | None:
    """The deal with one card dealt to another seat exchanged for a different card dealt to a third, cut after
    ``index``, where it replays legally and ``seat`` knew the same at ``index``; None when no such exchange was
    found in ``TRIES``."""
    pricing = coach_for(rep.log.game).pricing
    assert pricing is not None and rep.log.hands is not None
    st_ = rep.states[index]
    mine = pricing.knowledge(rep.engine, rep.states, rep.log.events, index, seat)
    dealt = [list(h or ()) for h in rep.log.hands]
    others = [t for t in range(st_.n) if t != seat]
    held = {t: set(st_.hands[t].known_cards()) for t in others}
    pairs: list[tuple[int, int, Card, Card]] = [
        (a, b, x, y)
        for a in others
        for b in others
        if a < b
        for x in set(dealt[a]) & held[a]
        for y in set(dealt[b]) & held[b]
        if x != y and x is not None and y is not None
    ]
    rng.shuffle(pairs)
    for a, b, x, y in pairs[:TRIES]:
        swapped = [list(h) for h in dealt]
        swapped[a][swapped[a].index(x)], swapped[b][swapped[b].index(y)] = y, x
        log = replace(rep.log, hands=tuple(map(tuple, swapped)), events=rep.log.events[: index + 1], result=None)
        other = Replay(log)
        if not all(v.legal for v in other.verdicts[: index + 1]):
            continue
        try:
            theirs = pricing.knowledge(other.engine, other.states, other.log.events, index, seat)
        except NoWorld:
            continue
        if theirs == mine:
            return other
    return None


@settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 10**6), profile=st.sampled_from(PROFILES), at=st.floats(0.0, 1.0), data=st.data())
def test_hidden_cards_elsewhere_change_nothing_in_the_seat_view(
    seed: int, profile: str, at: float, data: st.DataObject
) -> None:
    rep = _deal(seed, profile)
    points = decision_points(rep)
    index = points[min(len(points) - 1, int(at * len(points)))]
    ev = rep.log.events[index]
    try:
        other = _exchanged(rep, index, ev.seat, random.Random(seed))
    except NoWorld:  # the seat's own hand is not known: nothing priced in its view
        other = None
    assume(other is not None)
    assert other is not None
    data.draw(st.just(f"{profile} seed {seed} event {index}: {other.log.hands}"), label="variant")
    eng, alt = rep.engine, other.engine
    mine = candidates(eng, rep.states[index], ev, 4)
    theirs = candidates(alt, other.states[index], other.log.events[index], 4)
    assert mine == theirs  # the candidates, their order and the policy's mark
    how = Settings(rollouts=3, max_candidates=4, seed=seed, views=("seat",), max_rollouts=6)
    a = evaluate_decision(eng, rep.states, rep.log.events, index, how)
    b = evaluate_decision(alt, other.states, other.log.events, index, how)
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        assert a.to_json() == b.to_json()  # prices, losses, grades, undecided, the policy's mark


def test_a_face_down_declaration_is_not_compared_in_the_seat_view() -> None:
    """升级's declarations are made face down: the policy's mark for a seat that has one to make does not depend on
    what another seat declared (the rollouts' bot, which reads its determinized deal, does compare them)."""
    from coach.games.shengji.policy import ShengjiPolicy
    from replay.games.shengji.engine import DECLARE

    rep = Replay(simulate_deal(4, "shengji-35").log)
    eng, st_, seat = rep.engine, rep.states[0], rep.log.events[0].seat
    assert st_.phase == DECLARE and not st_.declarations
    knowing = ShengjiPolicy(random.Random(0), noise=0.0, knowing=True)
    mine = knowing.wants(eng, st_, seat)
    assert mine is not None
    strong = (Card("BJ"), Card("AS"), Card("AS"))  # a declaration that would eat the seat's, made face down
    declared = st_._replace(declarations=(((seat + 1) % 4, strong),))
    assert knowing.wants(eng, declared, seat) == mine
    assert ShengjiPolicy(random.Random(0), noise=0.0).wants(eng, declared, seat) is None  # the deal as it is
