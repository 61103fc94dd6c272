"""Property tests over simulated 升级 deals (replay/simulate.py, profile "shengji-35" and its options).

Properties, each checked against figures rebuilt here from the events and from RULES.md §5, not from the
engine:

1. cards are conserved at every state: the hands, the kitty (aside until the declarer takes it, then in the
   declarer's hand, then buried), the trick in progress and the finished tricks make the two decks (108
   cards), and each hand is what it was dealt, plus and minus the exchanges (换三张) and the kitty, less what
   it played;
2. every simulated event is legal (``Replay(log)``, strict too) and nothing is left unverified;
3. a replay of the written log goes through exactly the states the simulator went through;
4. tricks: the declaration that stands (SJ-DECLARE) sets the trumps and leads the first trick; a trick's
   points are its 5s, 10s and Ks; the winner's side gets them and the winner leads the next trick; and
   ``trick_winner`` agrees with a brute-force comparison written here from SJ-TRUMPS and SJ-TRICK (on the
   simulated tricks and on random tricks);
5. points: both sides' trick points and the buried cards' points sum to 200; the score's defenders' points
   and kitty follow SJ-POINTS (the kitty, multiplied, to the defenders when they win the last trick) and the
   levels the standard table; a claimed result is checked;
6. JSON and the text notation round-trip, byte-stable.

A deal where all four seats pass (不定主) is void: its cards stay in the hands and the kitty aside, no score.

The sweep checks them on 1,800 fixed seeds in chunks (the strict replay and the round trips on every fourth);
the hypothesis tests draw 80 more deals (seeds, the profile's options, the sides' levels) and 1,500 random
tricks: 1,880 deals in all, in some 35 s on one core (most of it the simulator and the replay).
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from replay.core.cards import RANK_2, RANK_BJ, RANK_K, RANK_SJ, SUITS, Card, full_decks
from replay.core.events import Bury, Declare, Exchange, Play
from replay.formats.checks import LEVEL_NAMES
from replay.formats.log import parse_log
from replay.formats.notation.read import format_text, parse_text
from replay.games.shengji.engine import ShengjiState, Trumps, trick_winner
from replay.replay import Replay
from replay.rules.profile import Profile
from replay.rules.profile_loader import load_profile
from replay.simulate import simulate_deal
from replay.simulated import SimulatedDeal

PROFILE = "shengji-35"
DECKS = Counter(full_decks(2))
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]
BJ, SJ = Card.of(RANK_BJ), Card.of(RANK_SJ)

# RULES.md §5, read here without the engine:
LADDERS = {  # SJ-LEVEL, option ``levels``
    "A-K": LEVEL_NAMES,
    "2-A": (*LEVEL_NAMES[1:], "A"),
}
LEVEL_RANK = {"A": 14, "2": RANK_2, "J": 11, "Q": 12, "K": RANK_K, **{str(r): r for r in range(3, 11)}}
FIXED = (5, 3, RANK_2)  # 固定主, high to low


def side(seat: int) -> int:
    """Partners opposite: side 0 = seats 0 and 2, side 1 = seats 1 and 3 (SJ-DEAL)."""
    return seat % 2


def points_of(cards: Sequence[Card]) -> int:
    """SJ-POINTS: 5s count 5, 10s and Ks 10."""
    return sum(5 if c.rank == 5 else 10 if c.rank in (10, RANK_K) else 0 for c in cards)


# ---------------------------------------------------------------------------------------------
# The trump order and the trick winner, brute force from SJ-TRUMPS and SJ-TRICK


def tiers(suit: str, level: int) -> dict[str, list[list[Card]]]:
    """Each suit class ("T" for trumps, else the side suit) as tiers of equal cards, high to low: the
    jokers, the level card (trump suit above the others), 5, 3, 2 (each trump-suit copy above the others;
    a level of 2, 3 or 5 is the level card, not a fixed trump), then the trump suit's other cards A down;
    a side suit holds its other cards, A down."""

    def copies(rank: int) -> list[list[Card]]:
        return [[Card.of(rank, suit)], [Card.of(rank, s) for s in SUITS if s != suit]]

    trump = [[BJ], [SJ], *copies(level)]
    for rank in FIXED:
        if rank != level:
            trump += copies(rank)
    plain = [r for r in range(14, 3, -1) if r != level and r not in FIXED]
    out = {"T": trump + [[Card.of(r, suit)] for r in plain]}
    for s in SUITS:
        if s != suit:
            out[s] = [[Card.of(r, s)] for r in plain]
    return out


@functools.cache
def places(suit: str, level: int) -> dict[Card, tuple[str, int]]:
    """Every card's (suit class, tier index); a lower index is a stronger card."""
    return {c: (cls, i) for cls, ts in tiers(suit, level).items() for i, tier in enumerate(ts) for c in tier}


def shape(cards: Sequence[Card], where: dict[Card, tuple[str, int]]) -> tuple[str, str, int, int] | None:
    """(kind, class, pairs, top tier) of a single, a pair (two identical cards) or a tractor (pairs of
    identical cards on consecutive tiers of one class); None for anything else."""
    classes = {where[c][0] for c in cards}
    if len(classes) != 1:
        return None
    cls = classes.pop()
    if len(cards) == 1:
        return ("single", cls, 0, where[cards[0]][1])
    counts = Counter(cards)
    if len(cards) % 2 or any(k != 2 for k in counts.values()):
        return None
    idx = sorted(where[c][1] for c in counts)
    if len(idx) == 1:
        return ("pair", cls, 1, idx[0])
    if all(b == a + 1 for a, b in itertools.pairwise(idx)):
        return ("tractor", cls, len(idx), idx[0])
    return None


def brute_winner(plays: Sequence[tuple[int, tuple[Card, ...]]], suit: str, level: int) -> int:
    """The winner by comparing every play with every other: a play can win only in the shape led, of the
    suit led or of trumps; trumps beat the suit led; a stronger top beats a weaker; of equals the earlier."""
    where = places(suit, level)
    lead = shape(plays[0][1], where)
    assert lead is not None, plays[0]

    def value(k: int) -> tuple[int, int] | None:
        if k == 0:
            return (lead[1] == "T", -lead[3])
        s = shape(plays[k][1], where)
        if s is None or s[0] != lead[0] or s[2] != lead[2] or s[1] not in (lead[1], "T"):
            return None
        return (s[1] == "T", -s[3])

    values = [value(k) for k in range(len(plays))]
    wins = [
        k
        for k, v in enumerate(values)
        if v is not None
        and all(w is None or v > w for w in values[:k])
        and all(w is None or v >= w for w in values[k + 1 :])
    ]
    assert len(wins) == 1, (plays, values)
    return plays[wins[0]][0]


# ---------------------------------------------------------------------------------------------
# The deal rebuilt from the events


class Rebuilt:
    """What the events say, tracked here: the standing declaration, the hands after each event."""

    def __init__(self, deal: SimulatedDeal, prof: Profile) -> None:
        log = deal.log
        assert log.hands is not None and log.kitty is not None and log.levels is not None
        self.kitty = log.kitty
        self.levels = log.levels
        events = log.events
        decls = [(k, ev) for k, ev in enumerate(events) if isinstance(ev, Declare)]
        self.void = not decls  # 不定主 by all four: the deal is void
        self.hands: list[list[Counter[Card]]] = [[Counter(h) for h in log.hands]] * (len(events) + 1)
        if self.void:
            assert [ev.action for ev in events] == ["pass"] * 4 and {ev.seat for ev in events} == {0, 1, 2, 3}
            return

        def key(item: tuple[int, Declare]) -> tuple[int, ...]:
            k, ev = item
            joker = max(c.rank for c in ev.cards)
            pair = min(c.rank for c in ev.cards)
            return (joker, pair, -k) if prof.options["declare_compare"] == "pair_rank" else (joker, -k)

        _, stands = max(decls, key=key)  # SJ-DECLARE: the bigger eats the smaller
        self.declarer = stands.seat
        self.suit = next(str(c.suit) for c in stands.cards if c.rank < RANK_SJ)
        self.level = LEVEL_RANK[log.levels[side(self.declarer)]]
        hands = [Counter(h) for h in log.hands]
        self.hands = [list(hands)]  # after k events (a hand that changes is a new Counter)
        taken = prof.options["kitty"] == 0
        for k, ev in enumerate(events):
            if isinstance(ev, Exchange):
                hands[ev.seat] = take(hands[ev.seat], ev.cards)
                hands[ev.to] = hands[ev.to] + Counter(ev.cards)
                last = k + 1 == len(events) or not isinstance(events[k + 1], Exchange)
                if last and not taken:  # the exchange done, the declarer takes the kitty
                    hands[self.declarer] = hands[self.declarer] + Counter(self.kitty)
                    taken = True
            elif isinstance(ev, Bury):
                if not taken:
                    hands[self.declarer] = hands[self.declarer] + Counter(self.kitty)
                    taken = True
                hands[ev.seat] = take(hands[ev.seat], ev.cards)
            elif isinstance(ev, Play):
                hands[ev.seat] = take(hands[ev.seat], ev.cards)
            self.hands.append(list(hands))


def take(hand: Counter[Card], cards: Sequence[Card]) -> Counter[Card]:
    """The hand after cards leave it (it must hold them)."""
    gone = Counter(cards)
    assert not gone - hand, (hand, cards)
    return hand - gone


# ---------------------------------------------------------------------------------------------
# Properties 1-3: cards, legality, states


def check_cards(deal: SimulatedDeal, rebuilt: Rebuilt) -> None:
    """At every state: the engine's hands are the rebuilt hands, and everything makes the two decks."""
    before: ShengjiState | None = None
    for k, state in enumerate(deal.states):
        assert isinstance(state, ShengjiState)
        held = [h.known_cards() for h in state.hands]
        for s, (hand, cards, mine) in enumerate(zip(state.hands, held, rebuilt.hands[k], strict=True)):
            if before is not None and hand is before.hands[s] and mine is rebuilt.hands[k - 1][s]:
                continue  # neither changed: equal as before
            assert hand.fully_known and hand.size == len(cards), (deal.log.source, k, s)
            assert same(Counter(cards), mine), (deal.log.source, k, s)
        before = state
        if state.phase in ("declare", "exchange", "void"):
            assert state.kitty is not None and not state.buried
            aside: Sequence[Card] = state.kitty
        elif state.phase == "kitty":
            assert not state.buried  # in the declarer's hand
            aside = ()
        else:
            assert len(state.buried) == len(rebuilt.kitty)
            aside = state.buried
        table = [c for _, cs in state.trick for c in cs] + [c for t in state.tricks for _, cs in t.plays for c in cs]
        everything = Counter(itertools.chain(*held, aside, table))
        assert same(everything, DECKS), (deal.log.source, k)


def same(a: Counter[Card], b: Counter[Card]) -> bool:
    """Equal multisets (neither holds a zero count): dict equality, which is quicker than Counter's."""
    return dict.__eq__(a, b)


def check_replay(deal: SimulatedDeal, strict: bool) -> Replay:
    """Every event legal (also in strict mode, with ``strict``), nothing unverified, and the same states."""
    rep = Replay(deal.log)
    assert rep.ok, rep.illegal[:3]
    assert rep.unverified == [], rep.unverified
    assert rep.states == list(deal.states)
    if strict:
        again = Replay(deal.log, strict=True)
        assert again.ok and again.stopped_at is None and len(again.states) == len(deal.states)
    return rep


# ---------------------------------------------------------------------------------------------
# Properties 4 and 5: tricks, points, levels


def check_tricks(deal: SimulatedDeal, rebuilt: Rebuilt, multiplier: int) -> None:
    """Trumps, leads, trick points and winners, the sides' points at every state."""
    final = deal.states[-1]
    assert final.phase == "over" and final.to_act == -1
    assert final.declarer == rebuilt.declarer
    assert final.trumps == Trumps(rebuilt.suit, rebuilt.level)
    plays = [ev for ev in deal.log.events if isinstance(ev, Play)]
    tricks = final.tricks
    assert [(s, cs) for t in tricks for s, cs in t.plays] == [(ev.seat, ev.cards) for ev in plays]
    assert tricks[0].leader == rebuilt.declarer  # the declarer leads the first trick
    sums = [0, 0]
    for i, t in enumerate(tricks):
        assert [s for s, _ in t.plays] == [(t.leader + j) % 4 for j in range(4)]  # in turn
        assert len({len(cs) for _, cs in t.plays}) == 1  # as many cards as led
        assert t.points == points_of([c for _, cs in t.plays for c in cs])
        assert t.winner == brute_winner(t.plays, rebuilt.suit, rebuilt.level), (deal.log.source, i, t)
        assert t.winner == trick_winner(t.plays, final.trumps)
        if i + 1 < len(tricks):
            assert tricks[i + 1].leader == t.winner  # the winner leads the next trick
        sums[side(t.winner)] += t.points
    assert list(final.points) == sums
    assert sums[0] + sums[1] + points_of(final.buried) == 200
    # the sides' points at every state: only a finished trick moves them, to its winner's side
    done = 0
    for before, after in itertools.pairwise(deal.states):
        if len(after.tricks) > len(before.tricks):
            t = after.tricks[-1]
            gain = [0, 0]
            gain[side(t.winner)] = t.points
            assert list(after.points) == [before.points[0] + gain[0], before.points[1] + gain[1]]
            assert after.to_act in (t.winner, -1)
            done += 1
        else:
            assert after.points == before.points
    assert done == len(tricks)
    defenders = 1 - side(rebuilt.declarer)
    kitty = points_of(final.buried) * multiplier if side(tricks[-1].winner) == defenders else 0
    assert final.defenders_points == sums[defenders] + kitty


def expected_levels(rebuilt: Rebuilt, defenders_points: int, ladder: Sequence[str]) -> list[str]:
    """The levels after the deal by the standard table (SJ-POINTS): the declarers go up 3 at 0, 2 at 5-35,
    1 at 40-75; from 80 the declarers do not go up, the defenders go up 1 for every further 40; no further than the top."""
    declarers = side(rebuilt.declarer)
    if defenders_points >= 80:
        up, steps = 1 - declarers, (defenders_points - 80) // 40
    else:
        up, steps = declarers, 3 if defenders_points == 0 else 2 if defenders_points < 40 else 1
    after = list(rebuilt.levels)
    after[up] = ladder[min(len(ladder) - 1, ladder.index(after[up]) + steps)]
    return after


def check_score(rep: Replay, rebuilt: Rebuilt, prof: Profile) -> dict[str, object]:
    """The score: the defenders' points and the kitty (SJ-POINTS), the levels (SJ-LEVEL)."""
    final = rep.final
    assert isinstance(final, ShengjiState)
    score = rep.score()
    assert score is not None and not score.void
    doc = score.to_json()
    defenders = 1 - side(rebuilt.declarer)
    won_last = side(final.tricks[-1].winner) == defenders
    kitty = points_of(final.buried) * prof.options["kitty_multiplier"] if won_last else 0
    assert doc["points"] == {"defenders": final.points[defenders] + kitty, "kitty": kitty}
    levels = doc["levels"]
    assert isinstance(levels, dict)
    assert levels["before"] == list(rebuilt.levels)
    ladder = LADDERS[prof.options["levels"]]
    assert levels["after"] == expected_levels(rebuilt, doc["points"]["defenders"], ladder), doc
    teams = {tuple(t["seats"]): t["points"] for t in doc["teams"]}
    assert teams[(defenders, defenders + 2)] == doc["points"]["defenders"]
    return doc


def check_claimed_results(deal: SimulatedDeal, doc: dict[str, object]) -> None:
    """A claimed result that matches the deal is accepted; a wrong one names SJ-POINTS or SJ-LEVEL."""
    points, levels = doc["points"], doc["levels"]
    assert isinstance(points, dict) and isinstance(levels, dict)
    good = {"points": dict(points), "levels": {"before": levels["before"], "after": levels["after"]}}
    raw = deal.log.to_json()
    rep = Replay(parse_log(json.dumps({**raw, "result": good})))
    assert rep.ok and rep.result_verdicts == []
    wrong = {"points": {"defenders": points["defenders"] + 5, "kitty": points["kitty"]}}
    rules = [v.rule for v in Replay(parse_log(json.dumps({**raw, "result": wrong}))).result_verdicts]
    assert rules == ["SJ-POINTS"]
    after = list(levels["after"])
    after[0] = "K" if after[0] != "K" else "Q"
    rules = [v.rule for v in Replay(parse_log(json.dumps({**raw, "result": {"levels": {"after": after}}}))).illegal]
    assert rules == ["SJ-LEVEL"]
    log = parse_log(json.dumps({**raw, "result": good}))
    check_round_trips(SimulatedDeal(log, deal.states))


# ---------------------------------------------------------------------------------------------
# Property 6: round trips


def check_round_trips(deal: SimulatedDeal) -> None:
    log = deal.log
    text = log.dumps()
    assert json.loads(text) == log.to_json()
    back = parse_log(text, "<json>")
    assert back.to_json() == log.to_json() and back.dumps() == text
    assert (back.kitty, back.levels, back.events) == (log.kitty, log.levels, log.events)
    notation = format_text(log)
    tback = parse_text(notation, "<text>")
    assert tback.to_json() == log.to_json()
    assert format_text(tback) == notation and tback.dumps() == text


# ---------------------------------------------------------------------------------------------
# All properties of one deal


def check_deal(deal: SimulatedDeal, prof: Profile, full: bool = True) -> dict[str, object] | None:
    """Every property of one deal (the strict replay and the round trips only when ``full``); the score's JSON,
    None for a void deal."""
    rebuilt = Rebuilt(deal, prof)
    check_cards(deal, rebuilt)
    rep = check_replay(deal, strict=full)
    if full:
        check_round_trips(deal)
    if rebuilt.void:
        assert rep.final.phase == "void" and not rep.final.tricks
        score = rep.score()
        assert score is not None and score.void
        return None
    check_tricks(deal, rebuilt, prof.options["kitty_multiplier"])
    return check_score(rep, rebuilt, prof)


def features(deal: SimulatedDeal, doc: dict[str, object] | None) -> Counter[str]:
    """What a deal exercised: events, eaten declarations, pairs and tractors, ruffs, the kitty, levels."""
    out = Counter(ev.action for ev in deal.log.events)
    final = deal.states[-1]
    if doc is None:
        out["void"] += 1
        return out
    tr = final.trumps
    assert tr is not None
    where = places(tr.suit, tr.level)
    for t in final.tricks:
        lead = shape(t.plays[0][1], where)
        assert lead is not None
        out[lead[0]] += 1
        if lead[1] != "T" and where[t.plays[[s for s, _ in t.plays].index(t.winner)][1][0]][0] == "T":
            out["ruff won"] += 1
    points = doc["points"]
    assert isinstance(points, dict)
    out["kitty to defenders"] += points["kitty"] > 0
    out["defenders take over"] += points["defenders"] >= 80
    out["declarers go up"] += points["defenders"] < 80
    out["level is 2, 3 or 5"] += tr.level in FIXED
    return out


# ---------------------------------------------------------------------------------------------
# The sweep: 1,800 fixed seeds of the shipped profile, in chunks that pytest-xdist can spread.

SWEEP = [range(k, k + 225) for k in range(0, 1800, 225)]


@pytest.mark.parametrize("seeds", SWEEP, ids=[f"{r.start}" for r in SWEEP])
def test_many_seeds(seeds: range) -> None:
    prof = load_profile(PROFILE)
    seen: Counter[str] = Counter()
    for seed in seeds:
        deal = simulate_deal(seed, PROFILE)
        doc = check_deal(deal, prof, full=seed % 4 == 0)
        if seed % 40 == 0 and doc is not None:
            check_claimed_results(deal, doc)
        seen += features(deal, doc)
    # what every chunk exercises: eaten declarations and their exchange, pairs, tractors, ruffs, the
    # kitty to the defenders, both ways of changing levels, and a level that is a fixed trump's rank
    assert seen["declare"] > len(seeds) and seen["exchange"] >= 2 * len(seeds) // 2, seen
    assert seen["bury"] == len(seeds) - seen["void"], seen
    for key in ("pair", "tractor", "ruff won", "kitty to defenders", "defenders take over", "declarers go up"):
        assert seen[key] >= 5, (key, seen)
    assert seen["level is 2, 3 or 5"] >= 20, seen


# ---------------------------------------------------------------------------------------------
# Hypothesis: drawn seeds, options and levels; random tricks

seeds = st.integers(0, 10**9)
options = st.fixed_dictionaries(
    {},
    optional={
        "kitty": st.sampled_from((0, 4, 8)),
        "levels": st.sampled_from(("A-K", "2-A")),
        "declare_compare": st.sampled_from(("first", "pair_rank")),
        "throws": st.booleans(),
        "kitty_multiplier": st.sampled_from((1, 2, 4)),
    },
)
levels = st.tuples(st.sampled_from(LEVEL_NAMES), st.sampled_from(LEVEL_NAMES))


@settings(max_examples=80, deadline=None, suppress_health_check=SLOW)
@given(seed=seeds, overrides=options, sides=levels)
def test_simulated_deal_with_options(seed: int, overrides: dict[str, object], sides: tuple[str, str]) -> None:
    prof = load_profile(PROFILE).with_overrides(overrides)
    deal = simulate_deal(seed, prof, levels=sides)
    assert dict(deal.log.overrides) == {k: v for k, v in overrides.items() if load_profile(PROFILE).options[k] != v}
    assert len(deal.log.kitty or ()) == prof.options["kitty"]
    assert deal.log.levels == sides
    doc = check_deal(deal, prof)
    if doc is not None:
        check_claimed_results(deal, doc)


@st.composite
def tricks(draw: st.DrawFn) -> tuple[str, int, list[tuple[int, tuple[Card, ...]]]]:
    """A trick: a single, pair or tractor led (of a side suit or trumps), and three answers of as many cards,
    each a random set or a set of the shape led in the suit led or in trumps."""
    suit = draw(st.sampled_from(SUITS))
    level = LEVEL_RANK[draw(st.sampled_from(LEVEL_NAMES))]
    classes = tiers(suit, level)
    rng = random.Random(draw(st.integers(0, 2**32)))
    kind = draw(st.sampled_from(("single", "pair", "tractor", "tractor")))
    pairs = {"single": 0, "pair": 1, "tractor": draw(st.integers(2, 3))}[kind]

    def shaped(cls: str) -> tuple[Card, ...] | None:
        ladder = classes[cls]
        n = max(1, pairs)
        if len(ladder) < n:
            return None
        start = rng.randrange(len(ladder) - n + 1)
        picked = [rng.choice(tier) for tier in ladder[start : start + n]]
        return tuple(picked) if pairs == 0 else tuple(c for c in picked for _ in range(2))

    lead_cls = draw(st.sampled_from(sorted(classes)))
    lead = shaped(lead_cls)
    assume(lead is not None)
    assert lead is not None
    size = len(lead)
    deck = full_decks(2)
    plays = [lead]
    for _ in range(3):
        how = draw(st.sampled_from(("random", "follow", "trump", "other")))
        cls = {"follow": lead_cls, "trump": "T", "other": rng.choice(sorted(classes))}.get(how)
        play = shaped(cls) if cls is not None else tuple(rng.sample(deck, size))
        plays.append(play if play is not None else tuple(rng.sample(deck, size)))
    counts = Counter(c for p in plays for c in p)
    assume(all(k <= 2 for k in counts.values()))  # two decks hold each card twice
    first = draw(st.integers(0, 3))
    return suit, level, [((first + k) % 4, p) for k, p in enumerate(plays)]


@settings(max_examples=1500, deadline=None, suppress_health_check=SLOW)
@given(trick=tricks())
def test_trick_winner_agrees_with_brute_force(trick: tuple[str, int, list[tuple[int, tuple[Card, ...]]]]) -> None:
    suit, level, plays = trick
    assert trick_winner(plays, Trumps(suit, level)) == brute_winner(plays, suit, level)


def test_trump_tiers_cover_both_decks() -> None:
    """The brute force's order is a reading of SJ-TRUMPS: every card once, trumps 4 + 2 + 3 x 4 ranks + the
    suit's own, and the level card above 5, 3, 2 (or in their place)."""
    for suit in SUITS:
        for level in LEVEL_RANK.values():
            where = places(suit, level)
            assert set(where) == set(DECKS)
            trumps = [c for c, (cls, _) in where.items() if cls == "T"]
            fixed = len([r for r in FIXED if r != level])
            assert len(trumps) == 2 + 4 * (1 + fixed) + 12 - fixed
            other = next(s for s in SUITS if s != suit)
            assert where[Card.of(level, suit)] == ("T", 2) and where[Card.of(level, other)] == ("T", 3)
