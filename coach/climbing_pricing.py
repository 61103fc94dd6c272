"""The climbing family's pricing by rollouts (``coach.games.Pricing``), which 够级 and 保皇 declare as theirs
(``climbing_pricing``): the rollout bot (``coach.policy.Policy``), the candidates of a decision, what a seat knew
(``coach.worlds.knowledge``), the seat view's worlds (uniform, or weighed by the others' play with
``coach.inference``) and the certain errors (``coach.certain``). ``coach.evaluate`` calls them through the game's
``Pricing``; 升级 declares its own (``coach.games.shengji``).

Each part reads ``eng`` as any climbing game's engine (``Climbing[Any]``, as ``coach.policy.Policy`` reads it:
``Climbing`` is invariant in its state type) and its states as ``State``; ``climbing_pricing`` is generic in both,
so a game's ``Pricing`` is typed over its own engine and states.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from coach.certain import certain_error
from coach.choices import distinct, shape
from coach.games import Pricing, coach_for
from coach.inference import infer
from coach.policy import Policy
from coach.prices import Wait
from coach.worlds import Knowledge, knowledge, sample_hands, world
from replay.climbing.state import State
from replay.core.cards import RANK_SJ, Card
from replay.core.events import Burn, Event, Kou, Pass, Play, Rang

if TYPE_CHECKING:
    from coach.prices import Settings
    from replay.climbing.table import Climbing

CE = TypeVar("CE", bound="Climbing[Any]")  # a climbing game's engine
CS = TypeVar("CS", bound=State)  # its states


def rollout_bot(rng: random.Random, noise: float) -> Callable[[Climbing[Any], State], Event]:
    """The rollout bot's choice: ``coach.policy.Policy``'s."""
    return Policy(rng, noise).choose


def candidates(eng: Climbing[Any], st: State, actual: Event, limit: int) -> tuple[list[Event], int]:
    """The options to price for ``actual``'s seat (``actual`` first) and the index of the policy's: the choice
    made, the policy's choice, the declines and the policy's next preferences, one per shape."""
    seat = actual.seat
    pol = Policy(random.Random(0), noise=0.0)
    opts: list[Event]
    first: Event | None
    game = coach_for(eng.game)
    if game.bidding(st):
        opts = game.bid_options(eng, st, seat)
        first = pol.bid(eng, st) if st.to_act == seat else None
    else:
        kinds = eng.actors(st).get(seat, ())
        opts, first = [], None
        if st.table is None or (st.window and seat == st.owner):
            if "play" in kinds:
                opts = [Play(seat, cards=c) for c in pol.lead_options(eng, st, seat)]
                first = opts[0] if opts else None
                groups = st.hands[seat].by_rank()  # and each rank led alone, low first
                opts += [Play(seat, cards=tuple(groups[r])) for r in sorted(groups) if r < RANK_SJ]
        else:
            cls = Burn if "burn" in kinds and seat != st.to_act else Play
            sets = pol.answer_options(eng, st, seat) if ("play" in kinds or "burn" in kinds) else []
            plays: list[Event] = [cls(seat, cards=c) for c in sets]
            declines: list[Event] = [k(seat) for name, k in (("kou", Kou), ("pass", Pass)) if name in kinds]
            if seat == st.to_act:  # the policy's choice with the roles as the seat knew them
                first = pol.choose(eng, game.as_known(eng, st, seat))
            elif declines:
                first = declines[0]
            opts = ([first] if first is not None else []) + declines + plays
            if cls is Burn and not (st.window and declines):  # a burner may let play go on (in a window: its pass)
                opts.insert(0, Wait(seat))
            if "rang" in kinds:
                opts.append(Rang(seat))
    return distinct(actual, first, opts, limit, shape, lambda ev: isinstance(ev, Wait) or eng.can(st, ev))


def seat_worlds(
    eng: Climbing[Any],
    states: Sequence[CS],
    events: Sequence[Event],
    index: int,
    know: Knowledge,
    settings: Settings,
) -> Callable[[int], CS]:
    """The seat view's world ``k``, drawn from what the seat knew: uniformly, or with ``sampling`` "inference"
    weighed by the others' play (``coach.inference``)."""
    st = states[index]

    def uniform(k: int) -> tuple[tuple[Card, ...], ...]:
        return sample_hands(know, settings.rng(index, "deal", k))

    if settings.sampling != "inference":
        return lambda k: world(eng, st, uniform(k))
    # the others' play weighs the worlds: as many as the budget, in an order of their own (systematic resampling keeps
    # the candidates' order, and the rollouts past ``settings.rollouts`` are run only where a grade is undecided)
    seat = events[index].seat
    kept = list(infer(eng, states, events, index, seat, uniform, settings.budget, settings.rng(index, "infer")).worlds)
    settings.rng(index, "order").shuffle(kept)
    return lambda k: world(eng, st, kept[k])


def climbing_pricing() -> Pricing[CE, CS]:
    """The climbing family's pricing, over the declaring game's engine and states."""
    return Pricing(
        rollout_bot=rollout_bot,
        candidates=candidates,
        knowledge=knowledge,
        seat_worlds=seat_worlds,
        infers=True,
        certain=certain_error,
    )
