"""The coach on hand-written logs: each maxim detector (coach/maxims) fires at the position its docstring
names, with the right evidence, and stays silent on near misses; 保皇 notes, violations and the summary.

Every 够级 log here gives the acting seat (seat 2 unless said otherwise) a known hand and leaves the other
hands unknown (``?``): a detector judges from the seat's own hand, the public history and shown counts
only, so ``test_other_hands_do_not_matter`` gives the other hands in full and expects the same findings.
Seat 2's opponents are seats 1, 3, 5; its teammates 0 and 4; its 对头 seat 5. Hands are written high
card first, as the coach lists them in the evidence.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from paths import CASE_LOGS

from coach import effects
from coach.coach import Report, coach_log
from coach.findings import Finding
from coach.maxims import BY_KEY, MAXIMS
from replay.core.cards import RANK_BJ, Card
from replay.formats.log import read_log
from replay.formats.notation.read import parse_text
from replay.replay import Replay

CASES = CASE_LOGS


@pytest.fixture(autouse=True)
def no_study(monkeypatch: pytest.MonkeyPatch) -> None:
    """No study figures: every maxim finding is advice "not measured", at its detector's severity (the
    study's figures and the on-trial rule are tests/coach/test_advice.py's)."""
    monkeypatch.setattr(effects, "_shipped", dict)


FENG_Q = "feng-q-gai-mao"
YOU_DAN = "you-dan-bu-fa-3"
GUA_4 = "xiaohua-gua-4"
ZAO = "xiaohua-zao-gua"
GUO_PAI = "guo-pai-bu-shao"
DAN_PAI = "dan-pai-shen-guo"
DANG_SAN = "dang-san-bu-dang-si"
FANG_YI = "fang-yi-da-er"


def n(rank: str, k: int) -> str:
    """``k`` cards of one rank, suitless."""
    return " ".join([rank] * k)


def passes(owner: int) -> str:
    """The five other seats pass, in play order after ``owner``."""
    return "\n".join(f"{(owner + k) % 6} pass" for k in range(1, 6))


def gouji(hand: str, events: str, seat: int = 2, option: str = "", hands: dict[int, str] | None = None) -> str:
    """A 够级 log (profile gouji-logged: the first lead as logged) where only ``seat``'s hand is known."""
    assert len(hand.split()) == 36, len(hand.split())
    lines = ["fupan/1 gouji", "profile gouji-logged"]
    if option:
        lines.append(f"option {option}")
    for s in range(6):
        lines.append(f"hand {s} {hand if s == seat else (hands or {}).get(s, '?')}")
    lines.append("events")
    lines += [line.strip() for line in events.strip().splitlines()]
    return "\n".join(lines) + "\n"


def report(text: str) -> Report:
    return coach_log(parse_text(text))


def found(text: str, maxim: str | None = None) -> list[Finding]:
    """The findings of a log (of one maxim when given)."""
    return [f for f in report(text).findings if maxim is None or f.maxim == maxim]


def legal(text: str) -> None:
    rep = Replay(parse_text(text))
    assert not rep.illegal, [v.line() for v in rep.illegal]
    assert not rep.deal_verdicts, [v.message_en for v in rep.deal_verdicts]


# The detectors' "mistake" as these tests see it: no study is loaded here, and a saying without a figure that
# measured following it to gain points is a hint at most (``coach.effects.supports_mistake``; test_advice.py has
# the rows that keep a mistake).
UNMEASURED = "hint"


def check(
    f: Finding,
    *,
    index: int,
    seat: int,
    maxim: str,
    severity: str,
    held: str,
    table: tuple[str, ...],
    table_seat: int | None,
    did: str,
    did_cards: tuple[str, ...],
    instead: tuple[str, ...],
) -> None:
    """One maxim finding, with its evidence."""
    assert (f.index, f.seat, f.kind, f.maxim, f.severity) == (index, seat, "maxim", maxim, severity)
    mx = BY_KEY[maxim]
    if mx.sureness in ("unsure", "disputed"):
        assert f.severity == "hint"
    assert f.message_zh.startswith(mx.saying) and f.message_en.startswith(mx.saying)
    ev = f.evidence
    assert ev.held == tuple(held.split())
    assert (ev.table, ev.table_seat) == (table, table_seat)
    assert (ev.did, ev.did_cards) == (did, did_cards)
    assert ev.instead == instead
    assert f.from_seeds


def test_every_maxim_has_a_detector() -> None:
    assert [m.key for m in MAXIMS] == [FENG_Q, YOU_DAN, GUA_4, ZAO, GUO_PAI, DAN_PAI, DANG_SAN, FANG_YI]
    for m in MAXIMS:
        assert (m.detect is None) != (m.detect_deal is None), m.key
        assert m.sureness in ("sure", "fair", "unsure", "disputed")


# -- 逢Q盖帽 ----------------------------------------------------------------------------------------

FQ = "A A K K K Q J J J 10 10 10 10 9 9 9 9 8 8 8 8 7 7 7 7 6 6 6 6 5 5 5 5 4 4 4"
FQ_3A = "A A A K K K J J J 10 10 10 10 9 9 9 9 8 8 8 8 7 7 7 7 6 6 6 6 5 5 5 5 4 4 4"
FQ_NO_A = "K K K K Q J J J 10 10 10 10 9 9 9 9 8 8 8 8 7 7 7 7 6 6 6 6 5 5 5 5 4 4 4 4"


def test_feng_q_ks_over_qs_while_holding_as() -> None:
    text = gouji(FQ, "1 play Q Q\n2 play K K")
    legal(text)
    (f,) = found(text, FENG_Q)
    check(
        f,
        index=1,
        seat=2,
        maxim=FENG_Q,
        severity=UNMEASURED,
        held=FQ,
        table=("Q", "Q"),
        table_seat=1,
        did="play",
        did_cards=("K", "K"),
        instead=("A", "A"),
    )


def test_feng_q_burn_with_ks() -> None:
    # three Qs are 够级: seat 2 is not the 对头, so its Ks are a burn; it held three As
    text = gouji(FQ_3A, "1 play Q Q Q\n2 burn K K K")
    legal(text)
    (f,) = found(text, FENG_Q)
    check(
        f,
        index=1,
        seat=2,
        maxim=FENG_Q,
        severity=UNMEASURED,
        held=FQ_3A,
        table=("Q", "Q", "Q"),
        table_seat=1,
        did="burn",
        did_cards=("K", "K", "K"),
        instead=("A", "A", "A"),
    )


@pytest.mark.parametrize(
    ("hand", "events"),
    [
        pytest.param(FQ, "1 play Q Q\n2 play A A", id="capped-with-as"),
        pytest.param(FQ_NO_A, "1 play Q Q\n2 play K K", id="ks-but-no-a-held"),
        pytest.param(FQ, "0 play Q Q\n1 pass\n2 play K K", id="ks-over-a-teammates-qs"),
        pytest.param(FQ, "1 play Q Q Q\n2 burn K K K", id="two-as-cannot-cap-three-qs"),
        pytest.param(FQ, "1 play J J\n2 play K K", id="ks-over-js"),
    ],
)
def test_feng_q_near_misses(hand: str, events: str) -> None:
    text = gouji(hand, events)
    legal(text)
    assert found(text, FENG_Q) == []


FQ_RICH = "BJ 2 2 A A K K K J J J 10 10 10 10 9 9 9 9 8 8 8 8 7 7 7 7 6 6 6 6 5 5 5 5 4"


def test_feng_q_suggests_the_plain_as() -> None:
    text = gouji(FQ_RICH, "1 play Q Q\n2 play K K")
    legal(text)
    (f,) = found(text, FENG_Q)
    assert f.evidence.instead == ("A", "A")


# -- 有单不发3 -------------------------------------------------------------------------------------

# singles: the A and the 4; four 3s
YD = "2 2 2 A K K K Q Q Q J J J 10 10 10 9 9 9 8 8 8 7 7 7 6 6 6 5 5 5 4 3 3 3 3"
YD_NO_SINGLES = "2 2 2 A A K K K Q Q Q J J J 10 10 10 9 9 9 8 8 8 7 7 7 6 6 6 5 5 4 4 3 3 3"
YD_NO_THREES = "2 2 2 2 A K K K Q Q Q J J J 10 10 10 9 9 9 8 8 8 7 7 7 6 6 6 5 5 5 4 4 4 4"


def test_you_dan_threes_led_while_holding_singles() -> None:
    text = gouji(YD, "2 play 3 3")
    legal(text)
    (f,) = found(text, YOU_DAN)
    check(
        f,
        index=0,
        seat=2,
        maxim=YOU_DAN,
        severity="hint",
        held=YD,
        table=(),
        table_seat=None,
        did="play",
        did_cards=("3", "3"),
        instead=("4",),  # the lowest single
    )
    assert "A 4" in f.message_en


def test_you_dan_other_side_single_led_while_holding_threes() -> None:
    text = gouji(YD, "2 play 4", option="lead_preference threes")
    legal(text)
    (f,) = found(text, YOU_DAN)
    check(
        f,
        index=0,
        seat=2,
        maxim=YOU_DAN,
        severity="hint",
        held=YD,
        table=(),
        table_seat=None,
        did="play",
        did_cards=("4",),
        instead=("3", "3", "3", "3"),
    )


def test_you_dan_lead_after_winning_a_round() -> None:
    # seat 2 answers seat 1's 5, everyone passes, and its next lead is the 3s
    text = gouji(YD, f"1 play 5\n2 play 9\n{passes(2)}\n2 play 3 3 3")
    legal(text)
    (f,) = found(text, YOU_DAN)
    assert (f.index, f.seat, f.evidence.did_cards, f.evidence.instead) == (7, 2, ("3", "3", "3"), ("4",))


@pytest.mark.parametrize(
    ("hand", "events", "option"),
    [
        pytest.param(YD, "2 play 4", "", id="singles-side-led-a-single"),
        pytest.param(YD_NO_SINGLES, "2 play 3 3", "", id="singles-side-no-singles"),
        pytest.param(YD, "1 play 2\n2 pass", "", id="not-a-lead"),
        pytest.param(YD, "2 play 3 3", "lead_preference threes", id="threes-side-led-3s"),
        pytest.param(YD, "2 play K K", "lead_preference threes", id="threes-side-led-a-pair"),
        pytest.param(YD_NO_THREES, "2 play A", "lead_preference threes", id="threes-side-no-3s"),
    ],
)
def test_you_dan_near_misses(hand: str, events: str, option: str) -> None:
    text = gouji(hand, events, option=option)
    legal(text)
    assert found(text, YOU_DAN) == []


# -- 小花挂4 ---------------------------------------------------------------------------------------

G4 = "SJ SJ 2 2 A A K K K Q Q Q J J J 10 10 10 9 9 9 8 8 8 7 7 7 6 6 6 5 5 5 4 4 4"
G4_NO_4 = "SJ SJ 2 2 A A K K K Q Q Q J J J 10 10 10 9 9 9 8 8 8 7 7 7 6 6 6 5 5 5 5 5 5"


def test_gua4_small_joker_hung_on_another_base() -> None:
    text = gouji(G4, "2 play 9 9 SJ")
    legal(text)
    (f,) = found(text, GUA_4)
    check(
        f,
        index=0,
        seat=2,
        maxim=GUA_4,
        severity="hint",
        held=G4,
        table=(),
        table_seat=None,
        did="play",
        did_cards=("9", "9", "SJ"),
        instead=("SJ", "4", "4", "4"),
    )


@pytest.mark.parametrize(
    ("hand", "events"),
    [
        pytest.param(G4, "2 play 4 4 SJ", id="hung-on-4s"),
        pytest.param(G4_NO_4, "2 play 9 9 SJ", id="no-4s-held"),
        pytest.param(G4, "2 play 2 2 SJ", id="hung-on-2s"),
        pytest.param(G4, "1 play 8 8 8\n2 play 9 9 SJ", id="an-answer-not-a-lead"),
    ],
)
def test_gua4_near_misses(hand: str, events: str) -> None:
    text = gouji(hand, events)
    legal(text)
    assert found(text, GUA_4) == []


# -- leads in the 够死级 window --------------------------------------------------------------------

# seat 5, seat 2's 对头, goes out first on four Ks; seat 2 takes its 够死级 chance with four As, no one
# burns, and seat 2 leads again with its As still on the table (the engine's "window")
WINDOW = f"5 play {n('5', 16)}\n{passes(5)}\n5 play {n('8', 16)}\n{passes(5)}\n5 play K K K K\n2 play A A A A"
WINDOW_YD = "2 2 A A A A K Q Q Q J J J J 10 10 10 9 9 9 7 7 7 7 6 6 6 6 4 4 4 4 3 3 3 3"
WINDOW_G4 = "SJ SJ 2 2 A A A A K K Q Q Q J J J 10 10 10 9 9 9 7 7 7 6 6 6 6 4 4 4 4 3 3 3"


def test_you_dan_lead_in_the_window() -> None:
    text = gouji(WINDOW_YD, f"{WINDOW}\n2 play 3 3")
    legal(text)
    assert Replay(parse_text(text)).states[14].window
    (f,) = found(text, YOU_DAN)
    assert (f.index, f.seat, f.evidence.table, f.evidence.table_seat) == (14, 2, ("A",) * 4, 2)
    assert f.evidence.instead == ("K",)


def test_gua4_lead_in_the_window() -> None:
    text = gouji(WINDOW_G4, f"{WINDOW}\n2 play 9 9 SJ")
    legal(text)
    assert Replay(parse_text(text)).states[14].window
    (f,) = found(text, GUA_4)
    assert (f.index, f.seat, f.evidence.instead) == (14, 2, ("SJ", "4", "4", "4", "4"))


# -- 小花早挂，晚发不活 ------------------------------------------------------------------------------

# seat 2 leads 16 9s and 14 8s (everyone passes) and is down to six cards
ZAO_HAND = f"SJ {n('9', 16)} {n('8', 14)} 7 7 6 6 5"
ZAO_BJ = f"BJ BJ BJ BJ SJ {n('9', 16)} {n('8', 14)} 7"
ZAO_OUT = f"SJ {n('9', 16)} {n('8', 14)} {n('7', 5)}"  # six cards left, one set: the small joker goes out
ZAO_RUN = f"2 play {n('9', 16)}\n{passes(2)}\n2 play {n('8', 14)}\n{passes(2)}"


def test_zao_small_joker_played_late() -> None:
    text = gouji(ZAO_HAND, f"{ZAO_RUN}\n2 play 7 7 SJ")
    legal(text)
    (f,) = found(text, ZAO)
    check(
        f,
        index=12,
        seat=2,
        maxim=ZAO,
        severity="hint",
        held="SJ 7 7 6 6 5",
        table=(),
        table_seat=None,
        did="play",
        did_cards=("7", "7", "SJ"),
        instead=(),  # the alternative was earlier in the deal: no set to name
    )
    assert f.evidence.facts == {"big_jokers_unseen": 4}


@pytest.mark.parametrize(
    ("hand", "events"),
    [
        pytest.param(ZAO_HAND, "2 play 7 7 SJ", id="early"),
        pytest.param(ZAO_BJ, f"{ZAO_RUN}\n2 play 7 SJ", id="every-big-joker-in-own-hand"),
        pytest.param(ZAO_OUT, f"{ZAO_RUN}\n2 play {n('7', 5)} SJ", id="the-set-takes-the-seat-out"),
    ],
)
def test_zao_near_misses(hand: str, events: str) -> None:
    text = gouji(hand, events)
    legal(text)
    assert found(text, ZAO) == []


ZAO_TWO = f"SJ SJ {n('9', 16)} {n('8', 13)} 7 6 6 5 4"


def test_zao_not_when_a_small_joker_was_used_early() -> None:
    events = f"2 play {n('9', 16)}\n{passes(2)}\n2 play 8 SJ\n5 kou\n2 play {n('8', 12)}\n{passes(2)}\n2 play 6 6 SJ"
    text = gouji(ZAO_TWO, events)
    legal(text)
    assert found(text, ZAO) == []


def test_zao_once_per_seat() -> None:
    events = f"{ZAO_RUN}\n2 play 7 SJ\n5 kou\n2 play 6 6 SJ"
    text = gouji(f"SJ SJ {n('9', 16)} {n('8', 14)} 7 6 6 5", events)
    legal(text)
    assert [f.index for f in found(text, ZAO)] == [12]


# -- 过牌不烧，烧牌优先 ------------------------------------------------------------------------------

# after burning with A A, seat 2 keeps 9s, 8s and two jokers: a joker for every set but the last
GP = f"BJ SJ A A {n('9', 16)} {n('8', 16)}"


def test_guo_pai_passed_up_a_keepable_burn() -> None:
    text = gouji(GP, "1 play K K\n2 pass")
    legal(text)
    (f,) = found(text, GUO_PAI)
    check(
        f,
        index=1,
        seat=2,
        maxim=GUO_PAI,
        severity="hint",
        held=GP,
        table=("K", "K"),
        table_seat=1,
        did="pass",
        did_cards=(),
        instead=("A", "A"),
    )


def test_guo_pai_burn_after_pass_is_a_gj_burn_violation() -> None:
    text = gouji(GP, "1 play K K\n2 pass\n2 burn A A")
    rep = Replay(parse_text(text))
    assert [(i, v.rule) for i, v in enumerate(rep.verdicts) if not v.legal] == [(2, "GJ-BURN")]
    fs = found(text, GUO_PAI)
    assert [(f.index, f.kind, f.severity) for f in fs] == [(1, "maxim", "hint"), (2, "violation", "violation")]
    v = fs[1]
    assert (v.seat, v.rule, v.maxim) == (2, "GJ-BURN", GUO_PAI)
    assert "过牌不烧" in v.message_zh
    assert (v.message_zh, v.message_en) == (rep.verdicts[2].message_zh, rep.verdicts[2].message_en)
    assert v.evidence.did == "burn" and v.evidence.did_cards == ("A", "A")
    assert v.evidence.table == ("K", "K") and v.evidence.table_seat == 1
    assert v.evidence.held == tuple(GP.split())


def test_other_gj_burn_violations_are_not_tagged_with_the_maxim() -> None:
    # seat 4 is seat 1's 对头: it answers, it does not burn
    text = gouji(GP, "1 play K K\n4 burn A A")
    (v,) = [f for f in found(text) if f.kind == "violation"]
    assert (v.index, v.seat, v.rule, v.maxim) == (1, 4, "GJ-BURN", None)
    assert "对头" in v.message_zh


@pytest.mark.parametrize(
    ("hand", "events"),
    [
        pytest.param(GP, "5 play K K\n2 kou", id="the-dui-tou-declines"),
        pytest.param(GP, "0 play K K\n2 pass", id="a-teammates-set"),
        pytest.param(FQ, "1 play K K\n2 pass", id="burn-not-keepable"),
        pytest.param(GP, "1 play J J\n2 pass", id="not-gouji"),
        pytest.param(GP, "1 play K K\n2 burn A A", id="burned"),
    ],
)
def test_guo_pai_near_misses(hand: str, events: str) -> None:
    text = gouji(hand, events)
    legal(text)
    assert found(text, GUO_PAI) == []


# -- 单牌慎过，过3有罪 ------------------------------------------------------------------------------

DP = "BJ SJ 2 2 K K K K Q Q Q Q J J J J 10 10 10 10 6 6 6 6 5 5 5 5 4 4 4 4 3 3 3 3"
DP_NO_STOP = f"A A A K K K Q Q Q J J J 10 10 10 7 7 7 6 6 6 5 5 5 4 4 4 {n('3', 9)}"


def run_out(seat: int, eights: int) -> str:
    """``seat`` leads 16 9s and then ``eights`` 8s, and everyone passes both."""
    return f"{seat} play {n('9', 16)}\n{passes(seat)}\n{seat} play {n('8', eights)}\n{passes(seat)}"


def test_dan_pai_3s_let_through_near_the_end() -> None:
    # seat 1 plays three 3s and is down to three cards (shown under 报牌): the 3s would win it the lead
    text = gouji(DP, f"{run_out(1, 14)}\n1 play 3 3 3\n2 pass")
    legal(text)
    (f,) = found(text, DAN_PAI)
    check(
        f,
        index=13,
        seat=2,
        maxim=DAN_PAI,
        severity=UNMEASURED,
        held=DP,
        table=("3", "3", "3"),
        table_seat=1,
        did="pass",
        did_cards=(),
        instead=("4", "4", "4"),  # the lowest set that beats them
    )
    assert "3张" in f.message_zh and "down to 3 cards" in f.message_en


@pytest.mark.parametrize(
    ("events", "index", "left", "instead"),
    [
        pytest.param(f"{run_out(1, 8)}\n1 play 3 3\n2 pass", 13, 10, ("4", "4"), id="shown-at-10"),
        pytest.param(f"{run_out(1, 14)}\n1 play 3\n2 pass", 13, 5, ("4",), id="a-single-3"),
        pytest.param(
            f"{run_out(5, 14)}\n5 play 3 3 3\n0 pass\n1 pass\n2 kou", 15, 3, ("4", "4", "4"), id="dui-tou-kou"
        ),
    ],
)
def test_dan_pai_3s_let_through_variants(events: str, index: int, left: int, instead: tuple[str, ...]) -> None:
    text = gouji(DP, events)
    legal(text)
    (f,) = found(text, DAN_PAI)
    assert (f.index, f.seat, f.severity, f.evidence.instead) == (index, 2, UNMEASURED, instead)
    assert f.evidence.did == parse_text(text).events[index].action
    assert f"down to {left} cards" in f.message_en


def test_dan_pai_single_let_through() -> None:
    # seat 1 leads a 7 with five cards left (shown under 报牌); seat 2 held plain singles above it
    text = gouji(DP, f"{run_out(1, 14)}\n1 play 7\n2 pass")
    legal(text)
    (f,) = found(text, DAN_PAI)
    check(
        f,
        index=13,
        seat=2,
        maxim=DAN_PAI,
        severity="hint",
        held=DP,
        table=("7",),
        table_seat=1,
        did="pass",
        did_cards=(),
        instead=("10",),
    )
    assert f.evidence.facts == {"opponent_cards": 5}


@pytest.mark.parametrize(
    ("hand", "events"),
    [
        pytest.param(DP, f"{run_out(0, 14)}\n0 play 3 3 3\n1 pass\n2 pass", id="a-teammates-3s"),
        pytest.param(DP_NO_STOP, f"{run_out(1, 12)}\n1 play 3 3 3 3\n2 pass", id="nothing-beats-the-3s"),
        pytest.param(DP, "1 play 3 3 3 3\n2 pass", id="count-not-shown"),
        pytest.param(DP, f"{run_out(1, 7)}\n1 play 3 3\n2 pass", id="eleven-cards-left"),
        pytest.param(DP, f"{run_out(1, 16)}\n1 play 3 3 3 3\n2 pass", id="the-3s-are-its-last-set"),
        pytest.param(DP, f"{run_out(1, 14)}\n1 play 3 3 3\n2 play 4 4 4", id="stopped"),
        pytest.param(DP, f"{run_out(1, 13)}\n1 play 7\n2 pass", id="single-from-six-cards"),
        pytest.param(DP, f"{run_out(1, 14)}\n1 play 7 7\n2 pass", id="a-pair-not-a-single"),
        pytest.param(DP, f"{run_out(1, 14)}\n1 play A\n2 pass", id="only-a-2-or-joker-beats-it"),
    ],
)
def test_dan_pai_near_misses(hand: str, events: str) -> None:
    text = gouji(hand, events)
    legal(text)
    assert found(text, DAN_PAI) == []


# -- 挡三不挡四 -------------------------------------------------------------------------------------


@pytest.mark.parametrize("answer", [("2", "2"), ("9", "SJ")], ids=["2s", "a-small-joker"])
def test_dang_san_spent_on_4s(answer: tuple[str, str]) -> None:
    text = gouji(G4, f"1 play 4 4\n2 play {' '.join(answer)}")
    legal(text)
    (f,) = found(text, DANG_SAN)
    check(
        f,
        index=1,
        seat=2,
        maxim=DANG_SAN,
        severity="hint",
        held=G4,
        table=("4", "4"),
        table_seat=1,
        did="play",
        did_cards=answer,
        instead=("5", "5"),
    )


@pytest.mark.parametrize(
    "events",
    [
        pytest.param("1 play 4 4\n2 play 9 9", id="plain-answer"),
        pytest.param("0 play 4 4\n1 pass\n2 play 2 2", id="a-teammates-4s"),
        pytest.param("1 play 5 5\n2 play 2 2", id="5s-not-4s"),
        pytest.param("1 play 3 3\n2 play 2 2", id="3s-not-4s"),
    ],
)
def test_dang_san_near_misses(events: str) -> None:
    text = gouji(G4, events)
    legal(text)
    assert found(text, DANG_SAN) == []


# -- 放一打二 ---------------------------------------------------------------------------------------

# A whole deal, every hand known: seat 1 goes out first, then 2, 4, 0, and seats 3 and 5 end last.
FANG_YI_HANDS = {
    0: f"{n('K', 4)} {n('Q', 16)} {n('J', 16)}",
    1: f"{n('SJ', 4)} {n('4', 16)} {n('3', 16)}",
    2: f"{n('BJ', 4)} {n('6', 16)} {n('5', 16)}",
    3: f"{n('9', 4)} {n('8', 16)} {n('7', 16)}",
    4: f"{n('2', 16)} {n('A', 16)} {n('K', 4)}",
    5: f"{n('K', 8)} {n('10', 16)} {n('9', 12)}",
}
FANG_YI_EVENTS = f"""
1 play {n("3", 16)}
{passes(1)}
1 play {n("4", 16)}
{passes(1)}
1 play SJ SJ SJ SJ
4 kou
2 play {n("5", 16)}
3 pass
4 pass
5 pass
0 pass
2 play {n("6", 16)}
3 pass
4 pass
5 pass
0 pass
2 play BJ BJ BJ BJ
4 pass
5 kou
3 play {n("7", 16)}
4 play {n("A", 16)}
5 pass
0 pass
3 pass
4 play K K K K
5 pass
0 pass
3 pass
4 play {n("2", 16)}
5 pass
0 pass
3 pass
5 play {n("10", 16)}
0 play {n("Q", 16)}
3 pass
5 pass
0 play {n("J", 16)}
3 pass
5 pass
0 play K K K K
3 pass
5 pass
3 play {n("8", 16)}
5 pass
3 play 9 9 9 9
"""


def fang_yi_log() -> str:
    lines = ["fupan/1 gouji", "profile gouji-logged"]
    lines += [f"hand {s} {FANG_YI_HANDS[s]}" for s in range(6)]
    return "\n".join([*lines, "events", FANG_YI_EVENTS.strip()]) + "\n"


def test_fang_yi_team_notes_after_a_finished_deal() -> None:
    text = fang_yi_log()
    legal(text)
    rep = report(text)
    assert rep.replay.score().finish_order == (1, 2, 4, 0, 3, 5)
    fs = [f for f in rep.findings if f.maxim == FANG_YI]
    assert [(f.index, f.seat, f.kind, f.severity, f.seats) for f in fs] == [
        (None, None, "note", "hint", (0, 2, 4)),
        (None, None, "note", "hint", (1, 3, 5)),
    ]
    assert "放一打二" in fs[0].message_zh and "trapped last" in fs[0].message_en
    assert "反被放一打二" in fs[1].message_zh and "reverse" in fs[1].message_en
    for f in fs:
        assert f.evidence.facts == {"finish_order": [1, 2, 4, 0, 3, 5]}
        assert f.message_zh.startswith(BY_KEY[FANG_YI].saying)
    assert rep.for_seat(2) == [fs[0]]
    assert rep.for_seat(3) == [fs[1]]


def test_fang_yi_coached_for_one_seat() -> None:
    rep = coach_log(parse_text(fang_yi_log()), seat=0)
    assert [f.seats for f in rep.findings if f.maxim == FANG_YI] == [(0, 2, 4)]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param((CASES / "FINISH.legal.txt").read_text(encoding="utf-8"), id="order-0-1-2-3-4-5"),
        pytest.param(fang_yi_log().rsplit("3 play 8", 1)[0], id="unfinished-deal"),
    ],
)
def test_fang_yi_near_misses(text: str) -> None:
    legal(text)
    assert found(text, FANG_YI) == []


# -- the seat's own view only ----------------------------------------------------------------------

FIRING = {
    "feng-q": gouji(FQ, "1 play Q Q\n2 play K K"),
    "feng-q-burn": gouji(FQ_3A, "1 play Q Q Q\n2 burn K K K"),
    "you-dan": gouji(YD, "2 play 3 3"),
    "you-dan-threes": gouji(YD, "2 play 4", option="lead_preference threes"),
    "gua4": gouji(G4, "2 play 9 9 SJ"),
    "zao": gouji(ZAO_HAND, f"{ZAO_RUN}\n2 play 7 7 SJ"),
    "guo-pai": gouji(GP, "1 play K K\n2 pass\n2 burn A A"),
    "dan-pai-3s": gouji(DP, f"{run_out(1, 14)}\n1 play 3 3 3\n2 pass"),
    "dan-pai-single": gouji(DP, f"{run_out(1, 14)}\n1 play 7\n2 pass"),
    "dang-san": gouji(G4, "1 play 4 4\n2 play 2 2"),
    "you-dan-window": gouji(WINDOW_YD, f"{WINDOW}\n2 play 3 3"),
}
RANK_TOKENS = [Card.of(r).token for r in range(3, RANK_BJ + 1)]  # 3 .. 2, SJ, BJ


def with_other_hands(text: str) -> str:
    """The log with every unknown hand given in full: the cards it plays, and the rest of the four decks."""
    log = parse_text(text)
    assert log.hands is not None
    pool = Counter({t: 4 if t in ("SJ", "BJ") else 16 for t in RANK_TOKENS})
    need: dict[int, Counter[str]] = {s: Counter() for s, h in enumerate(log.hands) if h is None}
    for h in log.hands:
        if h is not None:
            pool.subtract(c.token for c in h)
    for ev in log.events:
        if ev.seat in need and ev.action in ("play", "burn"):
            need[ev.seat].update(c.token for c in ev.cards)
    for want in need.values():
        pool.subtract(want)
    assert min(pool.values()) >= 0, pool
    rest = [t for t in RANK_TOKENS for _ in range(pool[t])]
    hands = {}
    for s, want in need.items():
        cards = list(want.elements())
        while len(cards) < 36:
            cards.append(rest.pop())
        hands[s] = " ".join(sorted(cards, key=RANK_TOKENS.index, reverse=True))
    return re.sub(r"^hand (\d) \?$", lambda m: f"hand {m[1]} {hands[int(m[1])]}", text, flags=re.M)


@pytest.mark.parametrize("name", list(FIRING))
def test_other_hands_do_not_matter(name: str) -> None:
    hidden = FIRING[name]
    shown = with_other_hands(hidden)
    assert "?" not in shown
    rep_hidden, rep_shown = report(hidden), report(shown)
    assert not rep_shown.replay.deal_verdicts
    illegal = [i for i, v in enumerate(rep_hidden.replay.verdicts) if not v.legal]
    assert illegal == [i for i, v in enumerate(rep_shown.replay.verdicts) if not v.legal]
    mine = [f.to_json() for f in rep_hidden.for_seat(2)]
    assert mine, "the case must fire"
    assert mine == [f.to_json() for f in rep_shown.for_seat(2)]


# -- 保皇 notes ------------------------------------------------------------------------------------

BH_DEAL = (CASES / "BH-LOYALIST.legal.txt").read_text(encoding="utf-8").split("events")[0]
# seat 4 holds the marked big joker and calls 3D: seat 0 holds the fourth 3D, the 保皇派


def baohuang(events: str, deal: str = BH_DEAL) -> str:
    return deal + "events\n4 call 3D 3D 3D\n" + events.strip() + "\n"


def test_baohuang_loyalist_plays_over_its_emperor() -> None:
    text = baohuang("4 play 5H\n0 play 6C")
    legal(text)
    rep = report(text)
    (f,) = rep.findings
    assert (f.index, f.seat, f.kind, f.severity, f.maxim, f.from_seeds) == (2, 0, "note", "hint", None, False)
    assert "保皇派" in f.message_zh and "not from the seeds" in f.message_en
    ev = f.evidence
    assert (ev.table, ev.table_seat, ev.did, ev.did_cards) == (("5H",), 4, "play", ("6C",))
    assert "6C" in ev.held and len(ev.held) == 44
    assert ev.facts["roles_known"]["4"] == "emperor" and ev.facts["roles_known"]["0"] == "loyalist"
    assert f.to_json()["from_seeds"] is False


def test_baohuang_emperor_over_a_declared_loyalist() -> None:
    text = baohuang("0 reveal\n4 play 5H\n0 play 6C\n1 pass\n2 pass\n3 pass\n4 play 7H")
    legal(text)
    assert [(f.index, f.seat) for f in found(text)] == [(3, 0), (7, 4)]


@pytest.mark.parametrize(
    ("events", "notes"),
    [
        pytest.param("4 play 5H\n0 pass\n1 play 6H", [], id="a-rebel-over-the-emperor"),
        pytest.param(
            "4 play 5H\n0 play 6C\n1 pass\n2 pass\n3 pass\n4 play 7H",
            [(2, 0)],  # the 皇帝 does not know its 保皇派 yet: only the 保皇派's own note
            id="emperor-over-a-hidden-loyalist",
        ),
        pytest.param("4 play 5H\n0 pass\n1 pass\n2 pass\n3 pass\n4 play 7H", [], id="no-one-over-anyone"),
    ],
)
def test_baohuang_near_misses(events: str, notes: list[tuple[int, int]]) -> None:
    text = baohuang(events)
    legal(text)
    fs = found(text)
    assert [(f.index, f.seat) for f in fs] == notes
    assert all(f.kind == "note" and f.maxim is None for f in fs)  # the seeds give no 保皇 maxims


def hide_all_but(deal: str, seat: int) -> str:
    return re.sub(r"^hand (\d) .*$", lambda m: m[0] if int(m[1]) == seat else f"hand {m[1]} ?", deal, flags=re.M)


def test_baohuang_note_from_the_loyalists_own_hand() -> None:
    text = baohuang("4 play 5H\n0 play 6C", deal=hide_all_but(BH_DEAL, 0))
    legal(text)
    assert [(f.index, f.seat) for f in found(text)] == [(2, 0)]


def test_baohuang_note_with_the_loyalist_named() -> None:
    deal = hide_all_but(BH_DEAL, 0) + "loyalist 0\n"
    text = baohuang("4 play 5H\n0 play 6C", deal=deal)
    assert [(f.index, f.seat, f.kind) for f in found(text)] == [(2, 0, "note")]


# -- violations and the summary --------------------------------------------------------------------


def test_violation_finding_carries_the_verdicts_rule() -> None:
    text = gouji(G4, "1 play 5\n3 play 6")  # seat 2 is to act, not seat 3
    rep = report(text)
    (v,) = rep.findings
    verdict = rep.replay.verdicts[1]
    assert (v.index, v.seat, v.kind, v.severity, v.rule, v.maxim) == (
        1,
        3,
        "violation",
        "violation",
        "TURN-ORDER",
        None,
    )
    assert (v.message_zh, v.message_en) == (verdict.message_zh, verdict.message_en)
    assert v.evidence.did == "play" and v.evidence.did_cards == ("6",)
    assert v.evidence.table == ("5",) and v.evidence.table_seat == 1


def test_deal_violation() -> None:
    text = gouji(G4, "1 play 5").replace("hand 2 SJ SJ", "hand 2 SJ")  # 35 cards
    (v,) = report(text).findings
    assert (v.index, v.seat, v.kind, v.rule) == (None, 2, "violation", "GJ-DEAL")


ILLEGAL_CASES = sorted(CASES.glob("*.illegal*.txt"))


@pytest.mark.parametrize("path", ILLEGAL_CASES, ids=[p.name for p in ILLEGAL_CASES])
def test_every_illegal_case_gives_violation_findings(path: Path) -> None:
    rep = coach_log(read_log(path))
    events = {(i, v.rule) for i, v in enumerate(rep.replay.verdicts) if not v.legal}
    deal = {(v.seat, v.rule) for v in rep.replay.deal_verdicts + rep.replay.result_verdicts}
    got = {(f.index, f.rule) for f in rep.findings if f.kind == "violation" and f.index is not None}
    got_deal = {(f.seat, f.rule) for f in rep.findings if f.kind == "violation" and f.index is None}
    assert events | deal
    assert got == events and got_deal == deal
    assert all(f.severity == "violation" for f in rep.findings if f.kind == "violation")


def test_summary_per_seat_and_team() -> None:
    rep = report(gouji(GP, "1 play K K\n2 pass\n2 burn A A"))
    seat2 = rep.summary["seats"]["2"]
    assert seat2 == {
        "total": 2,
        "by_kind": {"maxim": 1, "violation": 1},
        "by_severity": {"hint": 1, "violation": 1},
        "by_maxim": {GUO_PAI: 2},
        "by_rule": {"GJ-BURN": 1},
    }
    assert all(rep.summary["seats"][str(s)]["total"] == 0 for s in (0, 1, 3, 4, 5))
    teams = {tuple(t["seats"]): t for t in rep.summary["teams"]}
    assert teams[(0, 2, 4)]["total"] == 2 and teams[(0, 2, 4)]["by_maxim"] == {GUO_PAI: 2}
    assert teams[(1, 3, 5)]["total"] == 0
    assert rep.summary["all"]["total"] == 2


def test_summary_counts_team_notes() -> None:
    rep = report(fang_yi_log())
    teams = {tuple(t["seats"]): t for t in rep.summary["teams"]}
    # seat 1 goes out on its four small jokers: not a 小花早挂 (the set takes it out); no maxim fires
    assert rep.summary["seats"]["1"]["total"] == 0
    for team in teams.values():
        assert team["by_kind"] == {"note": 1} and team["by_maxim"] == {FANG_YI: 1}
    assert rep.summary["all"]["by_kind"] == {"note": 2}


def test_summary_counts_team_notes_with_maxims() -> None:
    # seat 1 hangs a small joker on its last two 4s, six cards left and every big joker unseen (a 小花早挂
    # hint), and seat 2 passes on that 够级 set though it could burn it with a joker to spare (a 过牌不烧 hint)
    old = f"1 play {n('4', 16)}\n{passes(1)}\n1 play SJ SJ SJ SJ\n"
    new = f"1 play {n('4', 14)}\n{passes(1)}\n1 play 4 4 SJ\n2 pass\n3 pass\n4 kou\n1 play SJ SJ SJ\n"
    assert old in fang_yi_log()
    text = fang_yi_log().replace(old, new)
    legal(text)
    rep = report(text)
    assert rep.replay.score().finish_order == (1, 2, 4, 0, 3, 5)
    teams = {tuple(t["seats"]): t for t in rep.summary["teams"]}
    assert rep.summary["seats"]["1"]["by_maxim"] == {ZAO: 1}
    assert rep.summary["seats"]["2"]["by_maxim"] == {GUO_PAI: 1}
    assert teams[(0, 2, 4)]["by_kind"] == {"maxim": 1, "note": 1}
    assert teams[(0, 2, 4)]["by_maxim"] == {GUO_PAI: 1, FANG_YI: 1}
    assert teams[(1, 3, 5)]["by_kind"] == {"maxim": 1, "note": 1}
    assert teams[(1, 3, 5)]["by_severity"] == {"hint": 2}
    assert teams[(1, 3, 5)]["by_maxim"] == {ZAO: 1, FANG_YI: 1}
    assert rep.summary["all"]["by_kind"] == {"maxim": 2, "note": 2}


def test_summary_of_a_baohuang_deal() -> None:
    rep = report(baohuang("0 reveal\n4 play 5H\n0 play 6C"))
    teams = {tuple(t["seats"]): t for t in rep.summary["teams"]}
    assert set(teams) == {(0, 4), (1, 2, 3)}
    assert teams[(0, 4)]["by_kind"] == {"note": 1} and teams[(1, 2, 3)]["total"] == 0
    assert rep.summary["seats"]["0"]["by_severity"] == {"hint": 1}


# -- detector edges (issue 16, item 7) -----------------------------------------------------------------

G4_BJ = "BJ SJ SJ 2 2 A A K K K Q Q Q J J J 10 10 10 9 9 9 8 8 8 7 7 7 6 6 6 5 5 5 4 4"


def test_gua4_counts_a_set_that_also_carries_a_big_joker() -> None:
    text = gouji(G4_BJ, "2 play 9 9 SJ BJ")
    legal(text)
    (f,) = found(text, GUA_4)
    assert (f.index, f.seat, f.evidence.did_cards) == (0, 2, ("9", "9", "SJ", "BJ"))
    assert f.evidence.instead == ("SJ", "BJ", "4", "4")  # the same jokers, hung on the 4s
    assert found(gouji(G4_BJ, "2 play 9 9 BJ"), GUA_4) == []  # a big joker alone: no small joker to hang


def test_zao_counts_only_legal_big_joker_plays() -> None:
    # seat 3 "plays" a big joker in a set that is no set (SET-FORM): illegal, so no big joker was seen
    # played, and all four are still out when seat 2 plays its small joker late
    events = f"2 play {n('9', 16)}\n3 play BJ 6 5\n{passes(2)}\n2 play {n('8', 14)}\n{passes(2)}\n2 play 7 7 SJ"
    text = gouji(ZAO_HAND, events)
    rep = Replay(parse_text(text))
    assert [(i, v.rule) for i, v in enumerate(rep.verdicts) if not v.legal] == [(1, "SET-FORM")]
    zao = [f for f in found(text, ZAO) if f.kind == "maxim"]
    assert [(f.index, f.evidence.facts) for f in zao] == [(13, {"big_jokers_unseen": 4})]


# after burning A A seat 2 keeps 9s, 8s, one 2 and a big joker: the 2 rides on the 9s or the 8s, so
# one joker (for the first of the two sets) keeps the condition
GP_TWO = f"BJ A A 2 {n('9', 16)} {n('8', 16)}"


def test_guo_pai_an_attached_2_is_not_a_set_of_its_own() -> None:
    text = gouji(GP_TWO, "1 play K K\n2 pass")
    legal(text)
    (f,) = found(text, GUO_PAI)
    assert (f.index, f.seat, f.evidence.instead) == (1, 2, ("A", "A"))
    # without the option, the 2 is a set of its own: two sets and a joker short
    assert found(gouji(GP_TWO, "1 play K K\n2 pass", option="twos_attach false"), GUO_PAI) == []
