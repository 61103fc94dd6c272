"""The rollout fast path: ``Engine.advance`` (the state after an event known to be legal, without the
ruling) gives the state ``step`` gives, on every legal event of simulated 够级 and 保皇 deals, burns,
windows and the 对头's 扣 included; a rollout on the fast path ends where the checked one ends; a plain
hand that played passes its cards grouped by rank on, in the order ``by_rank`` finds them afresh."""

from __future__ import annotations

import random

import pytest

from coach.evaluate import rollout
from coach.worlds import true_world
from replay.climbing.state import evolve, writable
from replay.core.events import Burn, Jiefeng, Kou, Pass, Play, Rang
from replay.core.hand import Hand
from replay.core.sets import make_set
from replay.replay import Replay
from replay.simulate import RandomBot, simulate_deal

PROFILES = ("gouji", "gouji-online", "baohuang")


def _fields(st: object) -> dict[str, object]:
    return dict(vars(st))


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("seed", range(4))
def test_advance_is_step_on_every_legal_event(profile: str, seed: int) -> None:
    deal = simulate_deal(seed, profile)
    eng = Replay(deal.log).engine
    kinds: set[type] = set()
    for st in deal.states[:-1]:
        if st.terminal:
            continue
        for ev in eng.legal_actions(st):
            kinds.add(type(ev))
            assert _fields(eng.advance(st, ev)) == _fields(eng.step(st, ev).state), (st, ev)
    assert {Play, Pass} <= kinds
    if profile.startswith("gouji"):
        assert Kou in kinds


def test_advance_is_step_on_burns_and_windows() -> None:
    """Over 够级 deals of a bot that burns whenever it may (and breaks the condition now and then): the events
    of the deals themselves (burns, plays out of turn, failed burns, 让, 接风) and every legal one besides."""
    seen: set[type] = set()
    failed = windows = 0
    for seed in range(40):
        deal = simulate_deal(seed, "gouji", bot=RandomBot(random.Random(seed), burn_rate=1.0, reckless_rate=0.5))
        eng = Replay(deal.log).engine
        for st, ev in zip(deal.states, deal.log.events, strict=False):
            seen.add(type(ev))
            failed += bool(st.failed)
            windows += st.window
            assert _fields(eng.advance(st, ev)) == _fields(eng.step(st, ev).state), ev
            if st.window:
                for other in eng.legal_actions(st):
                    assert _fields(eng.advance(st, other)) == _fields(eng.step(st, other).state), other
    assert {Play, Pass, Kou, Burn, Rang, Jiefeng} <= seen and failed and windows


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("seed", range(3))
def test_an_owned_state_is_changed_in_place_into_steps_and_no_other_is(profile: str, seed: int) -> None:
    """``advance(st, ev, owned=True)`` gives ``step``'s state, in ``st`` itself or not, on every legal event of
    simulated deals; without ``owned`` the state given is never changed (states are values: only a caller that
    owns its copy, as a rollout does, lets the engine change it)."""
    deal = simulate_deal(seed, profile)
    eng = Replay(deal.log).engine
    in_place = 0
    for st in deal.states[:-1]:
        if st.terminal:
            continue
        for ev in eng.legal_actions(st):
            before = _fields(st)
            want = _fields(eng.step(st, ev).state)
            assert _fields(eng.advance(st, ev)) == want and _fields(st) == before, (st, ev)
            mine = evolve(st)
            got = eng.advance(mine, ev, owned=True)
            in_place += got is mine
            assert _fields(got) == want and _fields(st) == before, (st, ev)
    assert in_place or profile == "baohuang"  # 保皇's engine copies (Rules.advance is step's)


def test_a_rollout_leaves_the_state_it_starts_from_alone() -> None:
    rep = Replay(simulate_deal(4, "gouji").log)
    for i in range(0, len(rep.states) - 1, 11):
        st = true_world(rep.states[i])
        before = _fields(st)
        end = rollout(rep.engine, st, random.Random(i))
        assert end.terminal and end is not st and _fields(st) == before


@pytest.mark.parametrize("profile", ("gouji", "baohuang"))
def test_a_fast_rollout_ends_where_the_checked_one_ends(profile: str) -> None:
    for seed in range(3):
        rep = Replay(simulate_deal(seed, profile).log)
        for i in range(0, len(rep.states) - 1, 9):
            st = true_world(rep.states[i])
            for k in range(3):
                fast = rollout(rep.engine, st, random.Random(k))
                checked = rollout(rep.engine, st, random.Random(k), checked=True)
                assert _fields(fast) == _fields(checked)


def test_a_plain_hand_passes_its_groups_on_in_by_rank_order() -> None:
    deal = simulate_deal(3, "gouji")
    hand = deal.states[0].hands[0]
    assert isinstance(hand, Hand) and hand.fully_known
    rng = random.Random(5)
    while hand.size:
        groups = hand.by_rank()
        rank = rng.choice(list(groups))
        cards = groups[rank][: rng.randint(1, len(groups[rank]))]
        before = {r: list(g) for r, g in groups.items()}
        nxt = hand.remove(cards)
        assert nxt is not None
        fresh = Hand(nxt.supply, nxt.demand, nxt.unknown, nxt.deficit, nxt.size)
        carried = nxt.by_rank()
        assert list(carried.items()) == list(fresh.by_rank().items())  # same ranks, same order, same cards
        assert nxt.known_cards() == fresh.known_cards()
        assert {r: list(g) for r, g in groups.items()} == before  # the old hand's groups untouched
        hand = nxt


def test_a_transition_writes_in_a_copy_unless_the_state_is_its_callers_own() -> None:
    st = Replay(simulate_deal(3, "gouji").log).states[40]
    before = _fields(st)
    new, values = writable(st)
    assert type(new) is type(st) and new is not st and new == st
    values["to_act"] = -7
    assert new.to_act == -7 and _fields(st) == before  # the copy's fields are its own
    own, own_values = writable(new, owned=True)
    assert own is new and own_values is new.__dict__


def _transitions(st: object) -> list[tuple[str, object, dict[str, object], object]]:
    """Each transition that copies ``st`` inline (writable's lines in it) with some arguments: its name, the function
    called with ``owned`` (True or False), the fields it sets, and ``st``'s type's module."""
    from replay.games.baohuang import state as baohuang_state
    from replay.games.gouji import state as gouji_state

    cs = make_set(st.hands[st.owner if st.owner != -1 else 0].known_cards()[:1])  # type: ignore[attr-defined]
    cards = st.hands[0].known_cards()[:1]  # type: ignore[attr-defined]
    hands = st.hands  # type: ignore[attr-defined]
    put = dict(phase="play", hands=hands, table=cs, table_cards=cards, owner=2, leader=-1, to_act=-1, final=False)
    put |= dict(cursor=2, responded=0, jiefeng=-1)
    close = dict(table=None, table_cards=(), owner=-1, leader=3, to_act=3, final=False, cursor=-1, responded=0)
    close |= dict(jiefeng=-1, rounds=st.rounds + 1, last_owner=st.owner)  # type: ignore[attr-defined]
    if isinstance(st, gouji_state.GoujiState):
        turn = dict(to_act=4, final=True, window=False, responded=5, locked=1, cursor=3, let_seat=-1)
        more = dict(table_gouji=True, window=False, let_seat=-1, let_only=-1, burners=0, failed=(1,), dead_seat=-1)
        more |= dict(dead_set=False, rev_plays=0, closer=-1)
        shut = dict(table_gouji=False, window=False, let_seat=-1, let_only=-1, locked=0, dead_round=False, chaos=True)
        shut |= dict(burners=0, dead_seat=-1, dead_set=False, closer=5)
        return [
            ("turn", lambda s, o: gouji_state.turn(s, 4, True, False, 5, 1, 3, -1, o), turn),
            ("put_set", lambda s, o: gouji_state.put_set(s, hands, cs, cards, True, 2, -1, 0, (1,), False, -1, 0, o),
             put | more),
            ("close_round", lambda s, o: gouji_state.close_round(s, 3, True, 0, 5, o), close | shut),
        ]  # fmt: skip
    return [
        ("put_set", lambda s, o: baohuang_state.put_set(s, hands, cs, cards, 2), put | dict(lets=0)),
        ("close_round", lambda s, o: baohuang_state.close_round(s, 3, o), close | dict(lets=0)),
    ]


@pytest.mark.parametrize("profile", ["gouji", "baohuang"])
def test_the_transitions_copy_as_writable_does_unless_the_state_is_owned(profile: str) -> None:
    states = Replay(simulate_deal(3, profile).log).states
    st = next(s for s in states[30:] if s.table is not None)
    for name, made, changes in _transitions(st):
        before = _fields(st)
        new = made(st, False)
        assert type(new) is type(st) and new is not st, name
        assert _fields(st) == before, name  # the state given is untouched
        assert _fields(new) == _fields(evolve(st, **changes)), name  # writable's copy with the fields set
        if name == "put_set" and profile == "baohuang":
            continue  # a play is never owned in 保皇's transitions
        own = evolve(st)
        assert made(own, True) is own and _fields(own) == _fields(new), name  # owned: set in the state itself


def test_baohuangs_turn_copies_unless_owned() -> None:
    rep = Replay(simulate_deal(3, "baohuang").log)
    st = next(s for s in rep.states[30:] if s.table is not None and s.to_act != -1)
    eng = rep.engine
    before = _fields(st)
    s = st.to_act
    new = eng._advance(st, st.responded | 1 << s, st.lets, s, st.final)  # type: ignore[attr-defined]
    assert new is not st and _fields(st) == before
    own = evolve(st)
    assert eng._advance(own, st.responded | 1 << s, st.lets, s, st.final, owned=True) is own  # type: ignore[attr-defined]
    assert _fields(own) == _fields(new)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("seed", range(3))
def test_a_games_step_is_the_climbing_step_on_every_seats_plays_and_declines(profile: str, seed: int) -> None:
    """Gouji.step and Baohuang.step rule their most frequent events without Climbing.step's dispatch: every seat's
    pass, 扣 and play (the legal plays of the seats that may act, and those played at another moment), legal or
    not, is ruled as Climbing.step rules it."""
    from replay.climbing.table import Climbing

    deal = simulate_deal(seed, profile)
    eng = Replay(deal.log).engine
    plays = [ev.cards for ev in deal.log.events if isinstance(ev, Play)]
    rng = random.Random(seed)
    seen: set[tuple[str, bool]] = set()
    for st in deal.states:
        events: list[object] = [k(s) for s in range(-1, eng.n + 1) for k in (Pass, Kou)]
        events += [ev for ev in eng.legal_actions(st) if isinstance(ev, Play)][:6]
        events += [Play(s, cards=c) for s in range(eng.n) for c in rng.sample(plays, 2)]
        for ev in events:
            fast, ref = eng.step(st, ev), Climbing.step(eng, st, ev)  # type: ignore[arg-type]
            assert fast._replace(state=None) == ref._replace(state=None), (st, ev)
            assert _fields(fast.state) == _fields(ref.state), (st, ev)
            seen.add((type(ev).__name__, fast.rule is None))
    assert {("Pass", True), ("Pass", False), ("Play", True), ("Play", False)} <= seen
