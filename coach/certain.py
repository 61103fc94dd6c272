"""Decisions no sampling can excuse: a decline that is an error whatever the hidden hands hold.

The rollouts price a decision by sampling the cards the seat could not see, so a wrong choice can hide
in their noise (few rollouts, a lucky sample). Some errors need no sample: what the seat knew (its own
hand, every seat's card count, the cards played) already shows that the choice made gave away something
a legal play kept. These are checked by logic, not by simulation, and graded in both views
(``coach.prices.Decision.certain``, a ``coach.prices.Certain``) however the rollouts came out:

- **pass-out** (有牌能走却不走): the seat passed (or closed with 扣) when playing its whole hand was legal:
  the play takes it out at once, the decline keeps every card.
- **pass-sweep** (放走串三户): the other side has taken places 1 and 2, no seat of the seat's side is out,
  the set on the table is the last card of the third opponent, and the decline closes the round: that
  seat then leads its last card and the 串三户 is certain, while a play over it keeps the deal open.
  The sweep is the game's (``coach.games.GameCoach.sweep_threat``; 够级's 串三户); a game without one has
  no such decision.
- **kou-lead** (扣了能赢的牌): the decline closes the round and hands the lead to an opponent, while the
  seat held a legal play over the table that no card it had not seen can beat (all of them in one hand
  would not: the test over-counts what the others could answer with), its other cards forming one set:
  that play stands, the seat leads the rest and is out.

Each test errs on the side of silence: a card whose rank or count the seat could not know makes a play
"beatable", a bound burner's play without a joker is not a continuation, and only the seat's own legal
options (the engine's ``can``) are offered as the better choice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from coach.games import coach_for
from coach.policy import Policy
from coach.prices import Certain
from coach.worlds import NoWorld, knowledge
from replay.climbing.state import State
from replay.core.cards import RANK_2, RANK_BJ, RANK_SJ, Card
from replay.core.events import Burn, Event, Kou, Pass, Play
from replay.core.sets import CardSet, SetFormError, make_set

if TYPE_CHECKING:
    from replay.climbing.table import Climbing


def _answers(eng: Climbing[State], st: State, seat: int) -> list[tuple[Card, ...]]:
    """Every shape of set in the seat's hand that beats the table, cheapest first, those a burn's condition
    forbids left out (the policy's own list; legal or not: ``can`` decides)."""
    return Policy(random.Random(0), noise=0.0).answer_options(eng, st, seat)


def _legal(eng: Climbing[State], st: State, seat: int, cards: tuple[Card, ...]) -> Event | None:
    """The play (or, out of turn, the burn) of ``cards`` by ``seat`` when the engine allows it."""
    for cls in (Play, Burn) if seat == st.to_act else (Burn,):
        ev = cls(seat, cards=cards)
        if eng.can(st, ev):
            return ev
    return None


def _out(eng: Climbing[State], st: State, seat: int, hand: tuple[Card, ...]) -> Event | None:
    """A legal play of the whole hand, if there is one."""
    try:
        make_set(hand, eng.twos_attach)
    except SetFormError:
        return None
    return _legal(eng, st, seat, hand)


def beatable(pool: Counter[Card], table: CardSet) -> bool:
    """Whether some set of ``pool``'s cards (all of them in one hand) could beat ``table``: an over-count
    (2s are taken as attachable, and the small-joker rule as met by the big jokers of the pool)."""
    if table.dead:
        return False
    m = table.size
    ranks = Counter[int]()
    for c, k in pool.items():
        ranks[c.rank] += k
    sj, bj, twos = ranks[RANK_SJ], ranks[RANK_BJ], ranks[RANK_2]
    need_bj = table.sj if table.base < RANK_SJ else 0
    if bj < need_bj:
        return False
    if table.base < RANK_BJ and bj >= m:
        return True  # big jokers alone
    if table.base < RANK_SJ and sj >= 1 and sj + bj >= m:
        return True  # small jokers, big ones attached
    for r, k in ranks.items():
        if r <= table.base or r >= RANK_SJ:
            continue
        extra = twos if r != RANK_2 else 0
        if m - need_bj >= 1 and k + extra + sj + bj >= m:
            return True
    return False


def _others_cards(
    eng: Climbing[State], states: Sequence[State], events: Sequence[Event], index: int, seat: int
) -> Counter[Card]:
    """Every card the seat could not see or placed in another hand: what the others could answer with."""
    know = knowledge(eng, states, events, index, seat)
    pool = Counter(know.unseen)
    for t, cards in enumerate(know.located):
        if t != seat:
            pool.update(cards)
    if know.called is not None:
        pool[know.called] += 1
    return pool


def certain_error(eng: Climbing[Any], states: Sequence[State], events: Sequence[Event], index: int) -> Certain | None:
    """The certain error of the decline at event ``index`` (None when it is not one, or the record does not
    show what the seat knew): the climbing family's ``coach.games.Pricing.certain`` (``eng`` any climbing game's
    engine, as ``coach.policy.Policy`` reads it: ``Climbing`` is invariant in its state type)."""
    ev = events[index]
    st = states[index]
    if not isinstance(ev, Pass | Kou) or st.table is None or index + 1 >= len(states):
        return None
    seat = ev.seat
    own = st.hands[seat]
    if own.unknown or own.deficit or len(own.known_cards()) != own.size:
        return None
    hand = tuple(own.known_cards())
    game = coach_for(eng.game)
    out = _out(eng, st, seat, hand)
    if out is not None:
        return Certain("pass-out", out)
    nxt = states[index + 1]
    closed = nxt.table is None and not nxt.window and nxt.leader == st.owner and st.owner != seat
    if not closed or not game.opponents(st, seat, st.owner):
        return None
    answers = [e for e in (_legal(eng, st, seat, c) for c in _answers(eng, st, seat)) if e is not None]
    if not answers:
        return None
    if st.hands[st.owner].size == 1 and game.sweep_threat(st, seat):
        return Certain("pass-sweep", answers[0])
    try:
        pool = _others_cards(eng, states, events, index, seat)
    except NoWorld:
        return None
    for play in answers:  # a bound burner's carry a joker (``_answers``): its condition holds
        rest = list(hand)
        for c in play.cards:
            rest.remove(c)
        try:
            make_set(rest, eng.twos_attach)
        except SetFormError:
            continue
        if not beatable(pool, make_set(play.cards, eng.twos_attach)):
            return Certain("kou-lead", play)
    return None
