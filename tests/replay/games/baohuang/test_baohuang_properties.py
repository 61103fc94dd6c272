"""Property tests over simulated 保皇 deals (replay/simulate.py profiles "baohuang" and "baohuang-no345").

Properties:

1. cards are conserved at every state: hand sizes plus cards played make the deck (216, or 168 without 3/4/5),
   and each hand is, as a multiset, what it was dealt, plus or minus the marked big joker as 让庄, 抢庄 and a
   forced call (逼庄) move it, less what it played; the engine's ``marked`` follows the joker;
2. every simulated event is legal (``Replay(log).ok``, strict too) and nothing is left unverified;
3. a replay goes through exactly the states the simulator went through;
4. JSON and the text notation round-trip, byte-stable;
5. the score follows BH-SCORE / BH-SCORE-SOLO / BH-SCORE-GRAB, rebuilt here from the places and the events;
   it is zero-sum, the two sides opposite, the places a permutation of 1..5; a claimed result is checked;
6. the roles follow the events: the 皇帝 is the seat that called or grabbed; a grab has no 保皇派; 独保 iff the
   call showed 4 cards or the 皇帝 held all four copies; the 保皇派 holds the one remaining copy of the called
   card at the call; and what each seat knew (``roles_known_to``) is never wrong, hides the 暗保 from the others
   and is public after 明保 or once the 保皇派 plays the called card;
7. ``legal_actions`` (the first 50) all step legally, during the bidding too, and hold the simulator's move.

The sweep checks all of them on 1,000 fixed seeds in chunks of 100; the hypothesis tests draw seeds and bot rates.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.climbing.state import OVER, SETUP, VOID, State
from replay.core.cards import RANK_BJ, Card, full_decks
from replay.core.events import Call, Event, Grab, Pass, Play, Rang, Reveal, Yield
from replay.formats.log import parse_log
from replay.formats.notation.read import format_text, parse_text
from replay.games.baohuang.engine import Baohuang
from replay.replay import Replay, engine_for
from replay.rules.profile_loader import load_profile
from replay.simulate import RandomBot, simulate_deal
from replay.simulated import SimulatedDeal

PROFILES = ("baohuang", "baohuang-no345")
DECK_SIZE = {"baohuang": 216, "baohuang-no345": 168}
REMOVED = {"baohuang": (), "baohuang-no345": (3, 4, 5)}
SIZES = {"baohuang": [44, 43, 43, 43, 43], "baohuang-no345": [34, 34, 34, 33, 33]}
SEATS = list(range(5))
BJ = Card.of(RANK_BJ)
# From RULES.md §4, not from replay.scoring:
POINTS = {1: 6, 2: 3, 3: 0, 4: -3, 5: -6}  # BH-SCORE
SOLO_POINTS = {1: 16, 2: 4, 3: 0, 4: -4, 5: -16}  # BH-SCORE-SOLO

SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


# ---------------------------------------------------------------------------------------------
# Bots


class YieldingBot(RandomBot):
    """Always yields the marked joker (so that all five decline: 逼庄, and now and then 黄庄); in the forced round
    it calls with a triple when it holds one, as it must; it never grabs."""

    def bid(self, eng: Baohuang, st: State) -> Event:
        holder = st.to_act
        if st.forced == -1:
            return Yield(holder)
        counts = Counter(st.hands[holder].known_cards())
        triples = sorted((c for c, k in counts.items() if k == 3), key=lambda c: c.slot)
        return Call(holder, cards=(self.rng.choice(triples),) * 3) if triples else Pass(holder)


class RevealingBot(RandomBot):
    """Grabs, calls with all four copies and declares 明保 / 明独 far more often than RandomBot."""

    def bid(self, eng: Baohuang, st: State) -> Event:
        holder = st.to_act
        if st.forced == -1 and self.rng.random() < 0.15:
            return Grab(self.rng.choice(SEATS))
        if st.forced == -1:
            counts = Counter(st.hands[holder].known_cards())
            quads = sorted((c for c, k in counts.items() if k == 4), key=lambda c: c.slot)
            if quads and self.rng.random() < 0.8:
                return Call(holder, cards=(self.rng.choice(quads),) * 4)
        return super().bid(eng, st)

    def reveals(self, eng: Baohuang, st: State) -> list[Event]:
        if st.terminal or st.grab or self.rng.random() < 0.2:
            return []
        return [Reveal(st.emperor if st.solo else st.loyalist)]


# Bot variants: None is simulate_deal's own bot; a pair is RandomBot(pass_rate, rang_rate); a string names a
# bot class above.
Bot = tuple[float, float] | str | None
HEAVY_RANG: Bot = (0.2, 0.9)
HEAVY_PASS: Bot = (0.85, 0.3)
BOTS = {"yield": YieldingBot, "reveal": RevealingBot}


def simulate(seed: int, profile: str, bot: Bot = None) -> SimulatedDeal:
    """A simulated 保皇 deal by the given bot."""
    if bot is None:
        return simulate_deal(seed, profile)
    rng = random.Random(seed)
    if isinstance(bot, str):
        return simulate_deal(seed, profile, bot=BOTS[bot](rng))
    return simulate_deal(seed, profile, bot=RandomBot(rng, pass_rate=bot[0], rang_rate=bot[1]))


# ---------------------------------------------------------------------------------------------
# The bidding rebuilt from the events


class Bidding:
    """The bidding of a deal as the events tell it, tracked here independently of the engine: the marked
    joker's holder after each event, the hands at the call, the 皇帝, the call."""

    def __init__(self, deal: SimulatedDeal) -> None:
        log = deal.log
        assert log.hands is not None and log.marked is not None
        hands = [Counter(h) for h in log.hands]
        assert hands[log.marked][BJ] >= 1, "the marked seat holds a big joker"
        holder, yields = log.marked, 0
        self.holders: list[int] = [holder]  # holder of the marked joker after k events
        self.emperor = -1
        self.call: Call | None = None
        self.call_index = -1
        self.grab = False
        self.forced_call = False
        self.at_call: list[Counter[Card]] = []
        for k, ev in enumerate(log.events):
            if self.emperor == -1:
                if isinstance(ev, Yield):
                    assert ev.seat == holder, (k, ev, holder)
                    to = (ev.seat - 1) % 5  # BH-YIELD: to the 上家
                    hands[holder][BJ] -= 1
                    hands[to][BJ] += 1
                    holder, yields = to, yields + 1
                elif isinstance(ev, Grab):
                    hands[holder][BJ] -= 1
                    hands[ev.seat][BJ] += 1
                    holder, self.emperor, self.grab, self.call_index = ev.seat, ev.seat, True, k
                elif isinstance(ev, Call):
                    if yields == 5:  # 逼庄: the forced caller takes the marked joker
                        self.forced_call = True
                        hands[holder][BJ] -= 1
                        hands[ev.seat][BJ] += 1
                        holder = ev.seat
                    else:
                        assert ev.seat == holder, (k, ev, holder)
                    self.emperor, self.call, self.call_index = ev.seat, ev, k
                    self.at_call = [Counter(h) for h in hands]
                else:
                    assert isinstance(ev, Pass) and yields == 5, (k, ev)
            self.holders.append(holder)
        self.yields = yields


# ---------------------------------------------------------------------------------------------
# Property 1: cards


def check_cards(deal: SimulatedDeal, profile: str, bidding: Bidding, every_state: bool) -> None:
    log, states = deal.log, deal.states
    total = DECK_SIZE[profile]
    assert log.hands is not None and len(log.hands) == 5
    assert len(states) == len(log.events) + 1
    assert [len(h) for h in log.hands] == SIZES[profile]
    assert sum((Counter(h) for h in log.hands), Counter()) == Counter(full_decks(4, REMOVED[profile]))
    expect = [Counter(h) for h in log.hands]
    played = 0
    last = len(states) - 1
    for k, state in enumerate(states):
        moved: set[int] = set(SEATS) if k == 0 else set()
        if k:
            ev = log.events[k - 1]
            src, dst = bidding.holders[k - 1], bidding.holders[k]
            if src != dst:  # 让庄, 抢庄 or a forced call moved the marked joker
                expect[src][BJ] -= 1
                expect[dst][BJ] += 1
                moved |= {src, dst}
            if isinstance(ev, Play):
                expect[ev.seat].subtract(ev.cards)
                played += len(ev.cards)
                moved.add(ev.seat)
        where = f"{log.source}, state {k}"
        sizes = state.counts()
        assert sum(sizes) + played == total, f"{where}: {sizes} + {played} played"
        assert state.marked == bidding.holders[k], f"{where}: marked {state.marked}, expected {bidding.holders[k]}"
        for s in SEATS:
            assert sizes[s] == sum(expect[s].values()) and min(expect[s].values()) >= 0, f"{where}, seat {s}"
            assert state.active(s) == (sizes[s] > 0), f"{where}: seat {s}"
            if every_state or s in moved or k == last:
                held = Counter(state.hands[s].known_cards())
                assert held == +expect[s], f"{where}, seat {s}: {state.hands[s]!r}"
        assert {s for s in SEATS if sizes[s] == 0} == set(state.out), f"{where}: out {state.out}"
        assert len(set(state.out)) == len(state.out), where
        assert state.terminal == (k == last), f"{where}: terminal={state.terminal}"
    final = states[-1]
    if final.phase == VOID:
        assert played == 0 and final.out == ()
    else:
        assert final.phase == OVER and len(final.active_seats()) == 1


# ---------------------------------------------------------------------------------------------
# Properties 2 and 3: legality and the replay's states


def check_replay(deal: SimulatedDeal, strict: bool) -> Replay:
    rep = Replay(deal.log)
    bad = [v.line() for v in rep.illegal]
    assert rep.ok and not bad, f"{deal.log.source}: {bad[:3]}"
    assert rep.unverified == [], rep.unverified
    if strict:
        assert Replay(deal.log, strict=True).ok
    if rep.states != list(deal.states):
        assert len(rep.states) == len(deal.states), deal.log.source
        k, (a, b) = next((k, p) for k, p in enumerate(zip(rep.states, deal.states, strict=True)) if p[0] != p[1])
        fields = [f.name for f in dataclasses.fields(a) if getattr(a, f.name) != getattr(b, f.name)]
        pytest.fail(f"{deal.log.source}: replayed state {k} differs from the simulator's in {fields}")
    return rep


# ---------------------------------------------------------------------------------------------
# Property 4: formats


def check_round_trips(deal: SimulatedDeal) -> None:
    log = deal.log
    text = log.dumps()
    assert json.loads(text) == log.to_json()
    back = parse_log(text, "<json>")
    assert back.to_json() == log.to_json() and back.dumps() == text
    assert back.marked == log.marked and back.events == log.events
    notation = format_text(log)
    tback = parse_text(notation, "<text>")
    assert tback.to_json() == log.to_json()
    assert format_text(tback) == notation and tback.dumps() == text
    assert parse_log(notation).to_json() == log.to_json()
    assert Replay(tback).states == list(deal.states)


# ---------------------------------------------------------------------------------------------
# Properties 5 and 6: score and roles


def finish_order(deal: SimulatedDeal) -> list[int]:
    """Places 1..5 rebuilt from the states: who emptied a hand when, then the seat left holding cards."""
    order: list[int] = []
    for state in deal.states:
        order += [s for s in SEATS if state.hands[s].size == 0 and s not in order]
    left = [s for s in SEATS if s not in order]
    assert len(left) == 1, f"{deal.log.source}: seats left with cards {left}"
    return order + left


def expected_roles(deal: SimulatedDeal, bidding: Bidding) -> dict[str, object]:
    """The score's roles as the events and the hands at the call give it."""
    reveals = [ev for ev in deal.log.events if isinstance(ev, Reveal)]
    e = bidding.emperor
    if bidding.grab:
        assert not reveals
        return {"emperor": e, "loyalist": None, "revealed": False, "solo": False, "grab": True}
    call = bidding.call
    assert call is not None
    card = call.cards[0]
    assert all(c is card for c in call.cards) and len(call.cards) in (3, 4)
    hands = bidding.at_call
    assert hands[e][card] >= len(call.cards)
    solo = len(call.cards) == 4 or hands[e][card] == 4
    if bidding.forced_call:
        assert len(call.cards) == 3  # 逼庄: exactly three
    if solo:
        loyalist = e
    else:
        holders = [s for s in SEATS if s != e and hands[s][card] > 0]
        assert len(holders) == 1 and hands[e][card] == 3 and hands[holders[0]][card] == 1, (card, hands)
        loyalist = holders[0]
    assert len(reveals) <= 1
    for ev in reveals:
        assert ev.seat == loyalist  # 明独 by the solo 皇帝, 明保 by the 保皇派
    return {"emperor": e, "loyalist": loyalist, "revealed": bool(reveals), "solo": solo, "grab": False}


def expected_points(roles: dict[str, object], order: list[int]) -> dict[int, Fraction]:
    place = {s: i + 1 for i, s in enumerate(order)}
    e = roles["emperor"]
    assert isinstance(e, int)
    if roles["grab"]:  # BH-SCORE-GRAB
        won = place[e] == 1
        return {s: Fraction((40 if won else -40) if s == e else (-10 if won else 10)) for s in SEATS}
    mult = 2 if roles["revealed"] else 1
    if roles["solo"]:  # BH-SCORE-SOLO
        others = [s for s in SEATS if s != e]
        rest = Fraction(sum(SOLO_POINTS[place[s]] for s in others), 4)
        return {s: (SOLO_POINTS[place[e]] if s == e else rest) * mult for s in SEATS}
    loyal = roles["loyalist"]
    assert isinstance(loyal, int)
    ours = POINTS[place[e]] + POINTS[place[loyal]]
    others = [s for s in SEATS if s not in (e, loyal)]
    theirs = sum(POINTS[place[s]] for s in others)
    out = {e: Fraction(ours * 2, 3) * mult, loyal: Fraction(ours, 3) * mult}
    out.update({s: Fraction(theirs, 3) * mult for s in others})
    return out


def check_score(rep: Replay, deal: SimulatedDeal, bidding: Bidding) -> None:
    score = rep.score()
    assert score is not None
    final = deal.states[-1]
    if final.phase == VOID:
        assert score.void and score.to_json().get("roles") is None and not score.places
        assert bidding.emperor == -1 and bidding.yields == 5
        return
    order = finish_order(deal)
    assert list(score.finish_order) == order
    places = {p.seat: p.place for p in score.places}
    assert sorted(places) == SEATS and sorted(places.values()) == [1, 2, 3, 4, 5]
    for p in score.places:
        assert order[p.place - 1] == p.seat and score.place_of(p.seat) == p.place
    roles = expected_roles(deal, bidding)
    assert score.to_json().get("roles") == roles, (score.to_json().get("roles"), roles)
    want = expected_points(roles, order)
    got = {p.seat: p.points for p in score.places}
    assert got == want, (got, want, roles, order)
    assert all(x.denominator == 1 for x in want.values())
    assert sum(got.values()) == 0
    assert len(score.teams) == 2
    a, b = score.teams
    assert sorted(a.seats + b.seats) == SEATS
    assert a.points == -b.points == sum(got[s] for s in a.seats)
    side = [roles["emperor"]] if roles["solo"] or roles["grab"] else [roles["emperor"], roles["loyalist"]]
    assert list(a.seats) == side
    doc = score.to_json()
    assert doc["roles"] == roles and doc["finish_order"] == order


def check_claimed_results(deal: SimulatedDeal, rep: Replay) -> None:
    """A log claiming the true result checks clean; a wrong finish order or wrong points are caught."""
    score = rep.score()
    assert score is not None
    if score.void:
        return
    true = {
        "finish_order": list(score.finish_order),
        "teams": [{"seats": list(t.seats), "points": t.points} for t in score.teams],
    }
    assert Replay(replace(deal.log, result=true)).ok
    roles = score.to_json().get("roles") or {}
    rule = "BH-SCORE-GRAB" if roles["grab"] else "BH-SCORE-SOLO" if roles["solo"] else "BH-SCORE"
    order = list(score.finish_order)
    order[0], order[-1] = order[-1], order[0]
    team = {**true["teams"][1], "points": true["teams"][1]["points"] + 3}
    for result, want in (({**true, "finish_order": order}, "FINISH"), ({**true, "teams": [team]}, rule)):
        bad = Replay(replace(deal.log, result=result)).illegal
        assert [v.rule for v in bad] == [want], [v.line() for v in bad]


def check_knowledge(rep: Replay, deal: SimulatedDeal, bidding: Bidding, every_state: bool) -> None:
    """roles(state) at every state; roles_known_to(state, viewer) at the states where what is public changes
    and at every fifth state (at every state with ``every_state``)."""
    eng = rep.engine
    if bidding.emperor == -1:
        for state in deal.states:
            assert set(eng.roles(state).values()) == {None}
        return
    roles = expected_roles(deal, bidding)
    e, loyal = bidding.emperor, roles["loyalist"]
    card = bidding.call.cards[0] if bidding.call else None
    truth = {s: "rebel" for s in SEATS}
    truth[e] = "solo" if roles["solo"] else "emperor"
    if isinstance(loyal, int) and loyal != e:
        truth[loyal] = "loyalist"
    public = bool(roles["grab"])
    for k, state in enumerate(deal.states):
        if k <= bidding.call_index:
            assert set(eng.roles(state).values()) == {None}, k
            continue
        ev = deal.log.events[k - 1]
        changed = isinstance(ev, Reveal) or (isinstance(ev, Play) and ev.seat == loyal != e and card in ev.cards)
        public = public or changed  # 明保 / 明独, or the 保皇派 showed the called card
        assert eng.roles(state) == truth, k
        if not (every_state or changed or k % 5 == 0 or k == bidding.call_index + 1):
            continue
        view = rep.view(k).to_json()["roles"] if k % 17 == 0 or k == bidding.call_index + 1 else None
        for v in SEATS:
            known = eng.roles_known_to(state, v)
            assert set(known) == set(SEATS)
            # never wrong: a seat's role or None; before 明独 the others see a solo 皇帝 only as the 皇帝
            assert all(r is None or r == truth[s] for s, r in known.items() if s != e), (k, v, known)
            assert known[e] in (truth[e], "emperor"), (k, v, known)  # the 皇帝 is public from the call
            if public or (v == loyal) or (roles["solo"] and v == e):
                assert known == truth, (k, v, known)
            elif isinstance(loyal, int) and loyal != e:
                assert known[loyal] is None, (k, v, known)  # 暗保: hidden from the others, the 皇帝 too
            if view is not None:
                assert view["known_to"][str(v)] == {str(s): r for s, r in known.items()}
        if view is not None:
            assert view["truth"] == {str(s): r for s, r in truth.items()}
            assert view["called"] == (None if card is None else card.token)
            assert view["marked"] == e and view["second_lap"] == (state.final and state.table is not None)


# ---------------------------------------------------------------------------------------------
# Property 7: legal actions


def shape(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """A set's ranks, suits left out."""
    return tuple(sorted(c.rank for c in cards))


def check_legal_actions(deal: SimulatedDeal, profile: str, stride: int | None, offset: int = 0) -> None:
    """At every bidding state and every ``stride``-th state of play (none when None): the first 50 legal actions
    all step legally and are by seats ``actors`` lists for that action; the simulator's event is among them (a
    play up to suits)."""
    eng = engine_for(load_profile(profile), dict(deal.log.meta))
    for k, (state, logged) in enumerate(zip(deal.states, deal.log.events, strict=False)):
        if state.phase != SETUP and (stride is None or k % stride != offset % stride):
            continue
        actors = eng.actors(state)
        legal = list(itertools.islice(eng.legal_actions(state), 50))
        assert legal, f"{deal.log.source}, state {k}: no legal action in a live deal"
        for ev in legal:
            out = eng.step(state, ev)
            assert out.rule is None, (k, ev, out.rule, out.message_en)
            assert ev.seat in actors and ev.action in actors[ev.seat], (k, ev, actors)
            if isinstance(ev, Play):
                assert out.state.hands[ev.seat].size == state.hands[ev.seat].size - len(ev.cards)
        assert logged.seat in actors and logged.action in actors[logged.seat], (k, logged, actors)
        if isinstance(logged, Play):
            shapes = {
                shape(ev.cards) for ev in eng.legal_actions(state) if isinstance(ev, Play) and ev.seat == logged.seat
            }
            assert shape(logged.cards) in shapes, (k, logged)
        else:
            assert any(ev == logged for ev in eng.legal_actions(state)), (k, logged)
    final = deal.states[-1]
    assert eng.actors(final) == {} and list(eng.legal_actions(final)) == []


# ---------------------------------------------------------------------------------------------
# All properties of one deal


def check_deal(deal: SimulatedDeal, profile: str, every_state: bool = False) -> Replay:
    bidding = Bidding(deal)
    check_cards(deal, profile, bidding, every_state)
    rep = check_replay(deal, strict=every_state)
    check_score(rep, deal, bidding)
    check_knowledge(rep, deal, bidding, every_state)
    return rep


def features(deal: SimulatedDeal) -> Counter[str]:
    """What a deal exercised: event kinds, 独保, 明保 / 明独, forced rounds, 黄庄, second laps."""
    out = Counter(ev.action for ev in deal.log.events)
    final = deal.states[-1]
    out["solo"] += final.solo
    out["grab deal"] += final.grab
    out["明保"] += final.open_loyal
    out["明独"] += final.open_solo
    out["forced"] += any(s.forced != -1 for s in deal.states)
    out["void"] += final.phase == VOID
    out["second lap"] += any(s.final and s.table is not None for s in deal.states)
    out["loyalist shown"] += any(s.loyal_public and not s.open_loyal and not s.grab for s in deal.states)
    out["jiefeng led"] += any(
        b.jiefeng != -1 and b.table is not None and a.table is None and a.leader == b.jiefeng
        for b, a in itertools.pairwise(deal.states)
    )
    out["rang then play"] += any(
        isinstance(ev, Play) and b.final for ev, b in zip(deal.log.events, deal.states, strict=False)
    )
    return out


# ---------------------------------------------------------------------------------------------
# The sweep: 1,000 fixed seeds in chunks that pytest-xdist can spread.

SWEEP: list[tuple[str, Bot, range]] = [
    ("baohuang", None, range(0, 100)),
    ("baohuang", None, range(100, 200)),
    ("baohuang", None, range(200, 300)),
    ("baohuang-no345", None, range(0, 100)),
    ("baohuang-no345", None, range(100, 200)),
    ("baohuang", HEAVY_RANG, range(1000, 1100)),
    ("baohuang-no345", HEAVY_PASS, range(2000, 2100)),
    ("baohuang", "reveal", range(3000, 3100)),
    ("baohuang-no345", "reveal", range(3100, 3200)),
    ("baohuang-no345", "yield", range(4000, 4100)),
]
assert sum(len(r) for _, _, r in SWEEP) == 1000


def _bot_id(bot: Bot) -> str:
    return "default" if bot is None else bot if isinstance(bot, str) else "-".join(map(str, bot))


@pytest.mark.parametrize(
    ("profile", "bot", "seed_range"), SWEEP, ids=[f"{p}-{_bot_id(b)}-{s.start}" for p, b, s in SWEEP]
)
def test_many_seeds(profile: str, bot: Bot, seed_range: range) -> None:
    seen: Counter[str] = Counter()
    for seed in seed_range:
        deal = simulate(seed, profile, bot)
        check_deal(deal, profile, every_state=seed % 10 == 0)
        if seed % 10 == 0:
            check_round_trips(deal)
        seen += features(deal)
    # what every chunk exercises: calls, 明保 and the 保皇派 shown by its card, 让 and second laps, 接风,
    # and at least one 逼庄 or 黄庄
    for key in ("call", "play", "pass", "rang", "second lap", "rang then play", "jiefeng", "jiefeng led"):
        assert seen[key] >= 10, (key, seen)
    assert seen["reveal"] >= 10 and seen["明保"] >= 10 and seen["loyalist shown"] >= 10, seen
    assert seen["forced"] or seen["void"], seen
    if bot == "yield":  # all five decline every time: 逼庄 in every deal, and a 黄庄
        assert seen["yield"] == 500 and seen["forced"] == 100 and seen["void"] >= 1 and not seen["grab"], seen
    else:  # 让庄, 抢庄 and 独保 in every chunk
        assert seen["yield"] >= 20 and seen["grab"] and seen["grab deal"] == seen["grab"] and seen["solo"], seen
    if bot is None:
        assert seen["明独"], seen
    if bot == "reveal":
        assert seen["grab deal"] >= 10 and seen["solo"] >= 5 and seen["明独"] >= 3, seen
    if bot == HEAVY_RANG:
        assert seen["rang"] > seen["pass"] / 4, seen


# ---------------------------------------------------------------------------------------------
# Hypothesis: drawn seeds, profiles and bot rates; every property at every state.

seeds = st.integers(0, 10**9)
profiles = st.sampled_from(PROFILES)
bots = st.one_of(
    st.none(),
    st.tuples(st.floats(0.0, 0.95), st.floats(0.0, 1.0)),
    st.sampled_from(("yield", "reveal")),
)


@settings(max_examples=30, deadline=None, suppress_health_check=SLOW)
@given(seed=seeds, profile=profiles, bot=bots)
def test_simulated_deal(seed: int, profile: str, bot: Bot) -> None:
    deal = simulate(seed, profile, bot)
    rep = check_deal(deal, profile, every_state=True)
    check_round_trips(deal)
    check_claimed_results(deal, rep)


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW)
@given(
    seed=seeds,
    profile=profiles,
    rates=st.tuples(st.floats(0.6, 0.95), st.floats(0.6, 1.0)),
)
def test_passing_and_letting_bots(seed: int, profile: str, rates: tuple[float, float]) -> None:
    deal = simulate(seed, profile, rates)
    rep = check_deal(deal, profile)
    check_claimed_results(deal, rep)
    if deal.states[-1].phase == OVER:  # not 黄庄
        assert any(isinstance(ev, Rang) for ev in deal.log.events)


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW)
@given(
    seed=seeds,
    profile=profiles,
    bot=st.sampled_from((None, HEAVY_RANG, HEAVY_PASS, "yield", "reveal")),
    stride=st.integers(4, 12),
    offset=st.integers(0, 11),
)
def test_legal_actions_agree_with_step(seed: int, profile: str, bot: Bot, stride: int, offset: int) -> None:
    deal = simulate(seed, profile, bot)
    check_legal_actions(deal, profile, stride, offset)


@pytest.mark.parametrize("profile", PROFILES)
def test_legal_actions_in_every_bidding_state(profile: str) -> None:
    """Forced rounds and their passes, yields and grabs: legal_actions at every bidding state of 40 deals."""
    for seed in range(40):
        deal = simulate(seed, profile, "yield" if seed % 2 else "reveal")
        check_legal_actions(deal, profile, None)
