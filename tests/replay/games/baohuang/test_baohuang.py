"""Unit tests of 保皇 (replay/games/baohuang/engine.py, score_baohuang, the roles views and the CLI on 保皇 logs), against
RULES.md §4 and seeds 002 / 003.

Deals are built here: ``spread()`` deals four decks so that no seat holds two copies of any card (the copies of a
card are dealt to four different seats), and ``give()`` then moves copies of a card into one seat to make the
triples and quads a test needs.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from paths import CASE_LOGS

import cli
from replay.climbing.state import OVER, PLAY, SETUP, VOID, State, bit
from replay.core.cards import RANK_2, RANK_BJ, Card, full_decks, parse_cards
from replay.core.events import Call, Event, Grab, Pass, Play, Reveal, Yield
from replay.core.hand import Hand
from replay.formats.log import Log, read_log
from replay.games.baohuang.engine import Baohuang
from replay.games.baohuang.score import BaohuangScoreExtras, baohuang_extras, score_baohuang
from replay.games.baohuang.state import BaohuangState
from replay.replay import Replay
from replay.rules.profile_loader import load_profile

CASES = CASE_LOGS
PROFILE = load_profile("baohuang")
BJ = Card.of(RANK_BJ)
Hands = list[list[Card]]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def spread(profile: str = "baohuang") -> Hands:
    """Four decks dealt one card at a time: seat i % 5 gets the i-th card, so no seat holds two copies of a card.
    Under "baohuang" seats 0, 2, 3, 4 hold one big joker each."""
    hands: Hands = [[] for _ in range(5)]
    for i, c in enumerate(full_decks(4, load_profile(profile).options["removed_ranks"])):
        hands[i % 5].append(c)
    return hands


def give(hands: Hands, seat: int, card: Card, k: int) -> None:
    """Move copies of ``card`` into ``seat`` until it holds ``k``, each swapped for a card the other seat lacks."""
    while hands[seat].count(card) < k:
        src = next(s for s in range(5) if s != seat and card in hands[s])
        spare = max(
            (c for c in hands[seat] if c is not card and c.rank < RANK_2 and c not in hands[src]),
            key=lambda c: c.slot,
        )
        hands[seat].remove(spare)
        hands[src].remove(card)
        hands[seat].append(card)
        hands[src].append(spare)


def begin(hands: Hands, marked: int, profile: Any = PROFILE) -> tuple[Baohuang, State]:
    eng = Baohuang(profile)
    return eng, eng.initial(tuple(tuple(h) for h in hands), {"marked": marked})


def run(eng: Baohuang, st: State, *events: Event) -> State:
    """Apply legal events (a failing assertion names the one refused)."""
    for ev in events:
        out = eng.step(st, ev)
        assert out.rule is None, f"{ev}: [{out.rule}] {out.message_en}"
        st = out.state
    return st


def refused(eng: Baohuang, st: State, ev: Event) -> str | None:
    """The rule an event breaks (None when legal); an illegal event leaves the state as it was."""
    out = eng.step(st, ev)
    if out.rule is not None:
        assert out.state is st and out.message_en and out.message_zh
    return out.rule


def holder_of(hands: Hands, card: Card, but: int) -> int:
    (seat,) = [s for s in range(5) if s != but and card in hands[s]]
    return seat


# ---------------------------------------------------------------------------------------------
# BH-SCORE, BH-SCORE-SOLO, BH-SCORE-GRAB on hand-made finished states


def finished(order: list[int], emperor: int, loyalist: int = -1, **flags: bool) -> State:
    """A finished deal: seats out in ``order[:4]``, ``order[4]`` left holding a card."""
    last = order[-1]
    hands = tuple(Hand.dealt(cards("3S") if s == last else ()) for s in range(5))
    return BaohuangState(
        n=5, phase=OVER, out=tuple(order[:4]), live=bit(last), hands=hands, emperor=emperor, loyalist=loyalist, **flags
    )


def points(st: State) -> dict[int, Any]:
    score = score_baohuang(st, PROFILE)
    assert score is not None and not score.void
    got = {p.seat: p.points for p in score.places}
    assert sum(got.values()) == 0
    assert [p.place for p in score.places] == [1, 2, 3, 4, 5]
    assert list(score.finish_order) == [*st.out, *st.active_seats()]
    return got


def test_seed_example_emperor_first_loyalist_second_last() -> None:
    # 皇帝 头科, 保皇派 二落 (4th), 革命党 二科, 第三, 大落: side 6 - 3 = 3; 皇帝 2, 保皇派 1, each other -1
    st = finished([2, 4, 1, 0, 3], emperor=2, loyalist=0)
    assert points(st) == {2: 2, 0: 1, 4: -1, 1: -1, 3: -1}
    score = score_baohuang(st, PROFILE)
    assert score is not None
    assert [(t.seats, t.points) for t in score.teams] == [((2, 0), 3), ((1, 3, 4), -3)]
    assert score.to_json().get("roles") == {
        "emperor": 2,
        "loyalist": 0,
        "revealed": False,
        "solo": False,
        "grab": False,
    }
    assert [rule for rule, _ in score.explain] == ["BH-SCORE"]
    assert baohuang_extras(score) == BaohuangScoreExtras(emperor=2, loyalist=0, revealed=False, solo=False, grab=False)
    assert all(isinstance(p.points, int) for p in score.places)


def test_open_loyalist_doubles() -> None:
    st = finished([2, 4, 1, 0, 3], emperor=2, loyalist=0, open_loyal=True, loyal_public=True)
    assert points(st) == {2: 4, 0: 2, 4: -2, 1: -2, 3: -2}
    score = score_baohuang(st, PROFILE)
    assert (
        score is not None
        and score.to_json().get("roles") is not None
        and score.to_json().get("roles")["revealed"] is True
    )
    assert [rule for rule, _ in score.explain] == ["BH-SCORE", "BH-LOYALIST"]
    # the case file's deal: 皇帝 1st, 保皇派 2nd, 明保: side 9, doubled 18 = 12 + 6; each other -6
    assert points(finished([4, 0, 1, 2, 3], emperor=4, loyalist=0, open_loyal=True)) == {
        4: 12,
        0: 6,
        1: -6,
        2: -6,
        3: -6,
    }


@pytest.mark.parametrize(
    ("order", "emperor", "loyalist", "want"),
    [
        ([0, 1, 2, 3, 4], 0, 1, {0: 6, 1: 3, 2: -3, 3: -3, 4: -3}),  # side 9 against -9
        ([2, 3, 4, 0, 1], 0, 1, {0: -6, 1: -3, 2: 3, 3: 3, 4: 3}),  # side -9 against 9
        ([0, 2, 3, 4, 1], 0, 1, {0: 0, 1: 0, 2: 0, 3: 0, 4: 0}),  # side 6 - 6 = 0
        ([3, 0, 2, 1, 4], 1, 4, {1: -6, 4: -3, 0: 3, 2: 3, 3: 3}),  # side -3 - 6 = -9
    ],
)
def test_score_splits_side_sums(order: list[int], emperor: int, loyalist: int, want: dict[int, int]) -> None:
    assert points(finished(order, emperor, loyalist)) == want


def test_solo_scores() -> None:
    # 独保: 皇帝 头科 -> 16, the others' sum -16, each a quarter: -4
    assert points(finished([1, 0, 2, 3, 4], emperor=1, loyalist=1, solo=True)) == {1: 16, 0: -4, 2: -4, 3: -4, 4: -4}
    # 明独 doubles
    st = finished([1, 0, 2, 3, 4], emperor=1, loyalist=1, solo=True, open_solo=True, loyal_public=True)
    assert points(st) == {1: 32, 0: -8, 2: -8, 3: -8, 4: -8}
    score = score_baohuang(st, PROFILE)
    assert score is not None
    assert score.to_json().get("roles") == {"emperor": 1, "loyalist": 1, "revealed": True, "solo": True, "grab": False}
    assert [(t.seats, t.points) for t in score.teams] == [((1,), 32), ((0, 2, 3, 4), -32)]
    assert [rule for rule, _ in score.explain] == ["BH-SCORE-SOLO", "BH-SOLO"]
    # 皇帝 大落: -16, each other 4; 皇帝 third: 0 all round
    assert points(finished([0, 2, 3, 4, 1], emperor=1, loyalist=1, solo=True)) == {1: -16, 0: 4, 2: 4, 3: 4, 4: 4}
    assert points(finished([0, 2, 1, 3, 4], emperor=1, loyalist=1, solo=True)) == dict.fromkeys(range(5), 0)


def test_grab_scores() -> None:
    st = finished([3, 0, 1, 2, 4], emperor=3, grab=True)
    assert points(st) == {3: 40, 0: -10, 1: -10, 2: -10, 4: -10}
    score = score_baohuang(st, PROFILE)
    assert score is not None
    assert score.to_json().get("roles") == {
        "emperor": 3,
        "loyalist": None,
        "revealed": False,
        "solo": False,
        "grab": True,
    }
    assert [(t.seats, t.points) for t in score.teams] == [((3,), 40), ((0, 1, 2, 4), -40)]
    assert [rule for rule, _ in score.explain] == ["BH-SCORE-GRAB"]
    for order in ([0, 3, 1, 2, 4], [0, 1, 2, 4, 3]):  # 皇帝 not 头科: -40, each other +10
        assert points(finished(order, emperor=3, grab=True)) == {3: -40, 0: 10, 1: 10, 2: 10, 4: 10}


def test_no_score_while_playing_and_void_score() -> None:
    st = finished([2, 4, 1, 0, 3], emperor=2, loyalist=0)
    assert score_baohuang(st._replace(phase=PLAY), PROFILE) is None
    void = score_baohuang(BaohuangState(n=5, phase=VOID), PROFILE)
    assert void is not None and void.void and void.to_json().get("roles") is None and void.explain[0][0] == "BH-VOID"


# ---------------------------------------------------------------------------------------------
# BH-DEAL: sizes and errors


def test_hand_sizes() -> None:
    assert Baohuang(PROFILE).hand_sizes() == [44, 43, 43, 43, 43]
    no345 = Baohuang(load_profile("baohuang-no345"))
    assert no345.hand_sizes() == [34, 34, 34, 33, 33]
    assert len(full_decks(4)) == 216 and len(full_decks(4, no345.removed_ranks)) == 168
    assert [h.size for h in no345.initial(None).hands] == [34, 34, 34, 33, 33]
    assert [len(h) for h in spread()] == [44, 43, 43, 43, 43]
    assert [len(h) for h in spread("baohuang-no345")] == [34, 34, 34, 33, 33]


def deal_rules(hands: Hands, marked: int | None, profile: str = "baohuang") -> list[tuple[str, int | None, str]]:
    log = Log(game="baohuang", profile_name=profile, hands=tuple(tuple(h) for h in hands), marked=marked)
    return [(v.rule or "", v.seat, v.message_en) for v in Replay(log).deal_verdicts]


def test_deal_errors() -> None:
    assert deal_rules(spread(), 2) == []
    assert deal_rules(spread("baohuang-no345"), 2, "baohuang-no345") == []
    short = spread()
    short[0].pop()
    assert deal_rules(short, 2) == [("BH-DEAL", None, "215 cards dealt; the deck has 216")]
    uneven = spread()
    uneven[0] += [uneven[1].pop(), uneven[1].pop()]  # 46 and 41 cards
    rules = deal_rules(uneven, 2)
    assert [r[:2] for r in rules] == [("BH-DEAL", None)] and "differ by more than one" in rules[0][2]
    assert deal_rules(spread(), 1) == [
        ("BH-DEAL", 1, "seat 1 holds no big joker: it cannot have been dealt the marked one")
    ]
    # without 3, 4, 5: a 3 in a hand is not in the deck
    with3 = spread("baohuang-no345")
    with3[0][0] = Card("3S")
    assert ("CARD-DECK", 0) in [r[:2] for r in deal_rules(with3, 2, "baohuang-no345")]
    # the full deck dealt under the no345 profile: 216 cards, not 168
    assert ("BH-DEAL", None, "216 cards dealt; the deck has 168") in deal_rules(spread(), 2, "baohuang-no345")


def test_deal_case_files() -> None:
    for name in ("BH-DEAL.illegal.txt", "BH-DEAL.illegal.marked.txt"):
        rep = Replay(read_log(CASES / name))
        assert rep.deal_verdicts and {v.rule for v in rep.deal_verdicts} == {"BH-DEAL"}
        assert not rep.ok


# ---------------------------------------------------------------------------------------------
# BH-CALL, BH-YIELD, BH-GRAB, BH-FORCE, BH-VOID


def test_yield_moves_the_marked_joker_to_the_upper_seat() -> None:
    hands = spread()
    eng, st = begin(hands, 0)
    assert st.marked == 0 and st.to_act == 0 and eng.actors(st)[0] == ("call", "yield", "grab")
    assert refused(eng, st, Yield(4)) == "BH-YIELD"  # only the holder
    st1 = run(eng, st, Yield(0))
    assert st1.marked == 4 and st1.to_act == 4 and st1.yields == 1  # 0 - 1 = seat 4, its 上家
    assert st1.counts() == [43, 43, 43, 43, 44]
    assert Counter(st1.hands[4].known_cards())[BJ] == Counter(hands[4])[BJ] + 1
    assert Counter(st1.hands[0].known_cards())[BJ] == Counter(hands[0])[BJ] - 1
    assert refused(eng, st1, Call(0, cards=cards("3S 3S 3S"))) == "BH-CALL"  # seat 0 gave the joker up
    st2 = run(eng, st1, Yield(4))
    assert st2.marked == 3 and st2.counts() == [43, 43, 43, 44, 43]
    assert sum(st2.counts()) == 216


def test_call_makes_the_emperor_and_finds_the_loyalist() -> None:
    hands = spread()
    seven = Card("7H")
    give(hands, 2, seven, 3)
    loyal = holder_of(hands, seven, 2)
    eng, st = begin(hands, 2)
    st = run(eng, st, Call(2, cards=(seven,) * 3))
    assert (st.emperor, st.loyalist, st.called, st.solo, st.grab) == (2, loyal, seven, False, False)
    assert st.counts() == [44, 43, 43, 43, 43]  # a call moves no card
    assert eng.actors(st) == {2: ("play",), loyal: ("reveal",)}
    assert refused(eng, st, Call(2, cards=(seven,) * 3)) == "BH-CALL"  # the 皇帝 is chosen
    assert refused(eng, st, Grab(0)) == "BH-GRAB"
    assert refused(eng, st, Yield(2)) == "BH-YIELD"
    assert refused(eng, st, Play(loyal, cards=(seven,))) == "BH-PLAY"  # the 皇帝 leads first


@pytest.mark.parametrize(
    "called",
    [
        "7H 7H 7D",  # same rank, not the same suit
        "7H 7H",  # too few
        "7H 7H 7H 7H 7H",  # too many
        "7H 7H SJ",  # a joker is not a 7H
        "BJ BJ SJ",  # jokers count, but must be identical
    ],
)
def test_call_needs_three_or_four_identical_cards(called: str) -> None:
    hands = spread()
    give(hands, 2, Card("7H"), 4)
    give(hands, 2, Card("7D"), 3)
    eng, st = begin(hands, 2)
    assert refused(eng, st, Call(2, cards=cards(called))) == "BH-CALL"
    assert eng.can(st, Call(2, cards=cards("7D 7D 7D")))


def test_only_the_holder_calls() -> None:
    hands = spread()
    give(hands, 3, Card("7H"), 3)
    eng, st = begin(hands, 2)
    assert refused(eng, st, Call(3, cards=cards("7H 7H 7H"))) == "BH-CALL"
    assert refused(eng, st, Call(2, cards=cards("9C 9C 9C"))) == "LOG"  # seat 2 holds one 9C


def test_grab_takes_the_marked_joker() -> None:
    eng, st = begin(spread(), 2)
    st = run(eng, st, Yield(2))
    assert st.marked == 1
    st = run(eng, st, Grab(4))
    assert (st.emperor, st.grab, st.loyalist, st.marked, st.to_act) == (4, True, -1, 4, 4)
    assert st.counts() == [44, 43, 42, 43, 44]  # seat 2 gave it to seat 1, seat 4 took it from seat 1
    assert eng.roles(st) == {0: "rebel", 1: "rebel", 2: "rebel", 3: "rebel", 4: "emperor"}
    for v in range(5):  # no 保皇派: everyone knows every role
        assert eng.roles_known_to(st, v) == eng.roles(st)
    assert refused(eng, st, Reveal(0)) == "BH-LOYALIST"
    assert refused(eng, st, Reveal(4)) == "BH-SOLO"


def five_yields(hands: Hands, marked: int, profile: Any = PROFILE) -> tuple[Baohuang, State]:
    eng, st = begin(hands, marked, profile)
    for k in range(5):
        st = run(eng, st, Yield((marked - k) % 5))
    return eng, st


def test_five_yields_without_triples_void_the_deal() -> None:
    hands = spread()
    eng, st = begin(hands, 2)
    assert all(eng.triples(h) == [] for h in st.hands)
    out = None
    for k in range(5):
        assert st.phase == SETUP
        out = eng.step(st, Yield((2 - k) % 5))
        assert out.rule is None
        st = out.state
    assert out is not None and any("黄庄" in fx for fx in out.effects)
    assert st.phase == VOID and st.terminal and st.marked == 2 and st.counts() == [44, 43, 43, 43, 43]
    assert eng.actors(st) == {} and list(eng.legal_actions(st)) == []
    assert refused(eng, st, Grab(0)) == "BH-VOID"
    score = score_baohuang(st, PROFILE)
    assert score is not None and score.void


def forced_hands() -> Hands:
    """Triples at seats 1 (9D) and 4 (8C) only; the marked joker at seat 2."""
    hands = spread()
    give(hands, 1, Card("9D"), 3)
    give(hands, 4, Card("8C"), 3)
    return hands


def test_forced_round_from_the_marked_seat() -> None:
    eng, st = five_yields(forced_hands(), 2)
    assert [eng.triples(h) for h in st.hands] == [[], [Card("9D")], [], [], [Card("8C")]]
    assert st.forced == 0 and st.marked == 2 and st.to_act == 2 and st.yields == 5
    assert eng.forced_order(st) == [2, 1, 0, 4, 3]  # clockwise from the seat dealt the marked joker
    assert eng.actors(st)[2] == ("call", "pass", "grab")
    assert refused(eng, st, Yield(2)) == "BH-YIELD"
    assert refused(eng, st, Pass(1)) == "BH-FORCE"  # seat 2 is asked first
    assert refused(eng, st, Call(4, cards=cards("8C 8C 8C"))) == "BH-FORCE"  # seat 1 must be forced first
    st = run(eng, st, Pass(2))
    assert st.to_act == 1 and st.forced == 1
    assert refused(eng, st, Pass(1)) == "BH-FORCE"  # it holds three 9D: it must call
    st = run(eng, st, Call(1, cards=cards("9D 9D 9D")))
    assert (st.emperor, st.marked, st.forced) == (1, 1, -1)
    assert st.counts() == [44, 44, 42, 43, 43]  # the forced caller takes the marked joker
    assert st.loyalist != -1 and not st.solo


def test_forced_round_from_seat0() -> None:
    prof = PROFILE.with_overrides({"force_from": "seat0"})
    eng, st = five_yields(forced_hands(), 2, prof)
    assert eng.forced_order(st) == [0, 4, 3, 2, 1]
    assert st.to_act == 0
    assert refused(eng, st, Pass(2)) == "BH-FORCE"
    assert refused(eng, st, Call(1, cards=cards("9D 9D 9D"))) == "BH-FORCE"  # seat 4 comes first
    st = run(eng, st, Pass(0))
    assert st.to_act == 4
    st = run(eng, st, Call(4, cards=cards("8C 8C 8C")))
    assert (st.emperor, st.marked) == (4, 4) and st.counts() == [44, 43, 42, 43, 44]


def test_forced_call_is_with_three_cards_and_asks_everyone() -> None:
    hands = spread()
    give(hands, 1, Card("9D"), 4)  # a quad is not a triple
    give(hands, 0, Card("8C"), 3)
    eng, st = five_yields(hands, 2)
    assert eng.forced_order(st) == [2, 1, 0, 4, 3]
    st = run(eng, st, Pass(2))
    assert refused(eng, st, Call(1, cards=cards("9D 9D 9D 9D"))) == "BH-FORCE"  # exactly three
    st = run(eng, st, Pass(1))  # four 9D, no triple: seat 1 need not call
    assert st.to_act == 0
    st = run(eng, st, Call(0, cards=cards("8C 8C 8C")))
    assert st.emperor == 0 and st.marked == 0
    # nobody holding exactly three: 黄庄 at once
    hands = spread()
    give(hands, 1, Card("9D"), 4)
    eng, st = five_yields(hands, 2)
    assert st.phase == VOID


def test_forced_round_actors_list_every_grab_step_accepts() -> None:
    eng, st = five_yields(forced_hands(), 2)
    actors = eng.actors(st)
    for s in range(5):
        assert eng.can(st, Grab(s)) == ("grab" in actors.get(s, ())), (s, actors)


# ---------------------------------------------------------------------------------------------
# BH-LOYALIST, BH-SOLO: 明保 / 明独 and who knew what


def called_deal() -> tuple[Baohuang, State, int, Hands]:
    """Seat 2 calls with three 7H; the fourth is with the 保皇派."""
    hands = spread()
    give(hands, 2, Card("7H"), 3)
    loyal = holder_of(hands, Card("7H"), 2)
    eng, st = begin(hands, 2)
    return eng, run(eng, st, Call(2, cards=cards("7H 7H 7H"))), loyal, hands


def truth_for(emperor: int, loyalist: int | None, solo: bool = False) -> dict[int, str]:
    out = dict.fromkeys(range(5), "rebel")
    out[emperor] = "solo" if solo else "emperor"
    if loyalist is not None:
        out[loyalist] = "loyalist"
    return out


def test_hidden_loyalist_is_known_only_to_itself() -> None:
    eng, st, loyal, _ = called_deal()
    truth = truth_for(2, loyal)
    assert eng.roles(st) == truth
    for v in range(5):
        # each seat knows the 皇帝 and its own role (it holds the called card or not), nothing more
        hidden = {s: ("emperor" if s == 2 else truth[s] if s == v else None) for s in range(5)}
        assert eng.roles_known_to(st, v) == (truth if v == loyal else hidden), v
    st = run(eng, st, Reveal(loyal))  # 明保
    assert st.open_loyal and st.loyal_public
    for v in range(5):
        assert eng.roles_known_to(st, v) == truth


def test_loyalist_known_once_it_plays_the_called_card() -> None:
    eng, st, loyal, hands = called_deal()
    low = min(hands[2], key=lambda c: c.slot)
    assert low.rank < 7
    st = run(eng, st, Play(2, cards=(low,)))
    for s in range(3, 3 + (loyal - 3) % 5):  # the seats between the 皇帝 and the 保皇派 pass
        st = run(eng, st, Pass(s % 5))
    assert st.to_act == loyal
    assert eng.roles_known_to(st, 0 if loyal != 0 else 1)[loyal] is None
    # another card first: still hidden
    other = next(c for c in hands[loyal] if low.rank < c.rank < 15 and c is not Card("7H"))
    alt = run(eng, st, Play(loyal, cards=(other,)))
    assert not alt.loyal_public and eng.roles_known_to(alt, 2)[loyal] is None
    out = eng.step(st, Play(loyal, cards=cards("7H")))
    assert out.rule is None and any("保皇派" in fx for fx in out.effects)
    st = out.state
    assert st.loyal_public and not st.open_loyal
    for v in range(5):
        assert eng.roles_known_to(st, v) == truth_for(2, loyal)
    # a card the 保皇派 shows does not make it 明保: the score is not doubled
    assert not st.open_loyal


def test_solo_emperor_knows_every_role() -> None:
    hands = spread()
    give(hands, 2, Card("7H"), 4)
    eng, st0 = begin(hands, 2)
    for shown in (4, 3):  # 独保: the call shows four, or the 皇帝 holds all four
        st = run(eng, st0, Call(2, cards=cards(" ".join(["7H"] * shown))))
        assert st.solo and st.loyalist == 2 and st.emperor == 2
        truth = truth_for(2, None, solo=True)
        assert eng.roles(st) == truth
        assert eng.roles_known_to(st, 2) == truth
        for v in (0, 1, 3, 4):
            known = eng.roles_known_to(st, v)
            assert known[2] in ("emperor", "solo") and "loyalist" not in known.values()
        assert eng.actors(st) == {2: ("play", "reveal")}
        assert refused(eng, st, Reveal(0)) == "BH-LOYALIST"  # no 保皇派
        st = run(eng, st, Reveal(2))  # 明独
        assert st.open_solo
        for v in range(5):
            assert eng.roles_known_to(st, v) == truth
        assert refused(eng, st, Reveal(2)) == "BH-SOLO"  # once


def test_solo_emperor_playing_the_called_card_reveals_nothing() -> None:
    hands = spread()
    give(hands, 2, Card("7H"), 4)
    eng, st = begin(hands, 2)
    st = run(eng, st, Call(2, cards=cards("7H 7H 7H")))
    assert st.solo and eng.roles_known_to(st, 0)[2] == "emperor"
    st = run(eng, st, Play(2, cards=cards("7H")))  # one copy: nobody can tell it held all four
    assert eng.roles_known_to(st, 0)[2] == "emperor", eng.roles_known_to(st, 0)


def test_reveal_rules() -> None:
    eng, st, loyal, hands = called_deal()
    rebel = next(s for s in range(5) if s not in (2, loyal))
    assert refused(eng, st, Reveal(rebel)) == "BH-LOYALIST"  # not the 保皇派
    assert refused(eng, st, Reveal(2)) == "BH-SOLO"  # the 皇帝 is not playing alone
    st2 = run(eng, st, Reveal(loyal))
    assert refused(eng, st2, Reveal(loyal)) == "BH-LOYALIST"  # 明保 once
    # after the first lead it is too late
    low = min(hands[2], key=lambda c: c.slot)
    led = run(eng, st, Play(2, cards=(low,)))
    assert led.phase == PLAY
    out = eng.step(led, Reveal(loyal))
    assert out.rule == "BH-LOYALIST" and "before the first lead" in out.message_en
    # before the call there is nothing to reveal
    fresh = begin(hands, 2)[1]
    assert refused(eng, fresh, Reveal(loyal)) == "BH-LOYALIST"


def test_no_roles_before_the_call() -> None:
    eng, st = begin(spread(), 2)
    assert eng.roles(st) == dict.fromkeys(range(5))
    for v in range(5):
        assert eng.roles_known_to(st, v) == dict.fromkeys(range(5))


# ---------------------------------------------------------------------------------------------
# The CLI on 保皇 logs


def write_log(tmp_path: Path, hands: Hands, marked: int, events: list[Event]) -> Path:
    log = Log(
        game="baohuang",
        profile_name="baohuang",
        hands=tuple(tuple(h) for h in hands),
        marked=marked,
        events=tuple(events),
    )
    path = tmp_path / "bh.json"
    path.write_text(log.dumps(), encoding="utf-8")
    return path


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    assert err == ""
    return code, json.loads(out)


def test_cli_replay_step_json_has_roles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = spread()
    give(hands, 2, Card("7H"), 3)
    loyal = holder_of(hands, Card("7H"), 2)
    low = min(hands[2], key=lambda c: c.slot)
    path = write_log(tmp_path, hands, 2, [Call(2, cards=cards("7H 7H 7H")), Play(2, cards=(low,))])
    code, doc = run_json(capsys, "replay", str(path), "--step", "0", "--json")
    assert code == 0
    roles0 = doc["roles"]
    assert roles0["truth"] == dict.fromkeys(map(str, range(5)))
    assert roles0["marked"] == 2 and roles0["called"] is None and roles0["revealed"] is False
    code, doc = run_json(capsys, "replay", str(path), "--step", "2", "--json")
    assert code == 0
    roles = doc["roles"]
    truth = {str(s): r for s, r in truth_for(2, loyal).items()}
    assert roles["truth"] == truth
    assert roles["called"] == "7H" and roles["marked"] == 2
    assert roles["revealed"] is False and roles["second_lap"] is False

    def seen_by(v: int) -> dict[str, str | None]:
        return {str(s): ("emperor" if s == 2 else truth[str(s)] if s == v else None) for s in range(5)}

    assert roles["known_to"] == {str(v): (truth if v == loyal else seen_by(v)) for v in range(5)}
    assert doc["table"] == {"seat": 2, "cards": [low.token], "gouji": False}


def test_cli_score_json_has_roles(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "score", "--json", str(CASES / "BH-SCORE.legal.open.txt"))
    assert code == 0
    assert doc["roles"] == {"emperor": 4, "loyalist": 0, "revealed": True, "solo": False, "grab": False}
    assert doc["finish_order"] == [4, 0, 1, 2, 3]
    assert [p["points"] for p in doc["places"]] == [12, 6, -6, -6, -6]
    assert doc["teams"] == [{"seats": [4, 0], "points": 18}, {"seats": [1, 2, 3], "points": -18}]
    code, doc = run_json(capsys, "score", "--json", str(CASES / "BH-SCORE-GRAB.legal.txt"))
    assert code == 0 and doc["roles"]["grab"] is True and doc["roles"]["loyalist"] is None
    assert sorted(p["points"] for p in doc["places"]) in ([-10, -10, -10, -10, 40], [-40, 10, 10, 10, 10])
    code = cli.main(["score", str(CASES / "BH-SCORE.legal.open.txt")])
    out = capsys.readouterr().out
    assert code == 0 and "皇帝 seat 4, 保皇派 seat 0, declared (明保/明独)" in out


# ---------------------------------------------------------------------------------------------
# A finished deal whose 保皇派 the record does not name


def unnamed_loyalist_log(loyalist: int | None) -> Log:
    """No hands recorded; seat 0 calls and every seat but 4 plays its whole hand out in suitless sets."""
    events: list[Event] = [Call(0, cards=cards("5H 5H 5H"))]
    plan = {
        0: [("3", 16), ("4", 16), ("5", 12)],
        1: [("5", 4), ("6", 16), ("7", 16), ("8", 7)],
        2: [("8", 9), ("9", 16), ("10", 16), ("J", 2)],
        3: [("J", 14), ("Q", 16), ("K", 13)],
    }
    for s, sets in plan.items():
        for rank, k in sets:
            events.append(Play(s, cards=cards(" ".join([rank] * k))))
            if (s, rank) != (3, "K"):
                events += [Pass(o) for o in range(s + 1, 5)]
    return Log(
        game="baohuang",
        profile_name="baohuang",
        marked=0,
        loyalist=loyalist,
        events=tuple(events),
        result={"finish_order": [0, 1, 2, 3, 4]},
    )


def test_named_loyalist_scores_a_deal_without_hands() -> None:
    rep = Replay(unnamed_loyalist_log(3))
    assert rep.ok, [v.line() for v in rep.illegal]
    score = rep.score()
    assert score is not None and score.finish_order == (0, 1, 2, 3, 4)
    assert {p.seat: p.points for p in score.places} == {0: 2, 3: 1, 1: -1, 2: -1, 4: -1}  # side 6 - 3 = 3


def test_finished_deal_with_unknown_loyalist_is_not_called_unfinished() -> None:
    rep = Replay(unnamed_loyalist_log(None))
    assert rep.final.phase == OVER and rep.final.out == (0, 1, 2, 3)
    assert [v.line() for v in rep.illegal if v.rule == "FINISH"] == []


def test_an_unknown_loyalist_leaves_the_places_but_splits_no_points() -> None:
    from replay.climbing.state import evolve
    from replay.simulate import simulate_deal

    for seed in range(40):
        final = simulate_deal(seed, "baohuang").states[-1]
        if final.phase == OVER and not final.grab and not final.solo and final.loyalist != -1:
            break
    else:
        pytest.fail("no 保皇 deal with a 保皇派 among 40 seeds")
    known = score_baohuang(final, load_profile("baohuang"))
    unknown = score_baohuang(evolve(final, loyalist=-1), load_profile("baohuang"))
    assert known is not None and unknown is not None
    assert unknown.unsplit and not unknown.void and unknown.teams == ()
    assert unknown.finish_order == known.finish_order
    assert [(p.seat, p.place) for p in unknown.places] == [(p.seat, p.place) for p in known.places]
    assert unknown.explain[0][0] == "BH-SCORE" and "not known" in unknown.explain[0][1]
    roles = baohuang_extras(unknown)
    assert roles is not None and roles.loyalist is None


def test_copies_counts_a_card_by_identity() -> None:
    """copies (the bidding's count of a card among a hand's known cards) counts the interned card itself."""
    from replay.games.baohuang.bidding import copies

    held = parse_cards("3S 3S 3H BJ 3S")
    assert copies(held, Card("3S")) == 3 and copies(held, Card("BJ")) == 1 and copies(held, Card("4S")) == 0
    assert copies([], Card("3S")) == 0
