"""Unit tests of the one judgement per move (coach/judgement.py): a maxim finding reconciled with its price by
rollouts; a contradicting price overrules the saying (never a mistake), an agreeing one grades by the loss, an
uncertain one gives a hint at most, and an unpriced move says so."""

from __future__ import annotations

import pytest

from coach.findings import Evidence, Finding, Judgement
from coach.judgement import judge
from coach.prices import Candidate, Certain, Decision, Loss, Value
from replay.core.cards import parse_cards
from replay.core.events import Play

KINGS, ACES = parse_cards("KS KH"), parse_cards("AS AH")


def cap_finding(severity: str = "mistake") -> Finding:
    """A 逢Q盖帽 finding: Ks played on an opponent's Qs while As were held."""
    return Finding(
        index=10,
        seat=1,
        kind="maxim",
        severity=severity,
        message_zh="逢Q盖帽：……",
        message_en="逢Q盖帽: ...",
        maxim="feng-q-gai-mao",
        evidence=Evidence(did="play", did_cards=("KS", "KH"), instead=("AH", "AS")),
    )


def decision(kings: float, aces: float, se: float = 0.1, certain: Certain | None = None) -> Decision:
    """Ks played (worth ``kings``), As the other candidate (worth ``aces``), both with ``se``, in the seat view."""
    cands = (
        Candidate(Play(1, tuple(KINGS)), True, False, {"seat": Value(kings, se, 40)}),
        Candidate(Play(1, tuple(ACES)), False, True, {"seat": Value(aces, se, 40)}),
    )
    best = 0 if kings >= aces else 1
    return Decision(10, 1, cands, {"seat": Loss(best, max(kings, aces) - kings, se * 1.4)}, certain=certain)


def test_a_contradicting_price_overrules_the_saying_never_a_mistake() -> None:
    j = judge([cap_finding()], decision(kings=1.2, aces=0.4))
    assert j.kind == "overruled" and j.grade is None and j.severity == "hint"
    assert j.saying == "逢Q盖帽" and j.diff == pytest.approx(0.8)
    assert j.zh.startswith("俗语说「逢Q盖帽」") and "此处估价认为 出牌 KS KH 更好，多 0.80 分" in j.zh
    assert "here the pricing finds play KS KH better by 0.80 points" in j.en
    assert "失误" not in j.zh and "mistake" not in j.en


def test_an_agreeing_price_grades_by_the_loss() -> None:
    j = judge([cap_finding(severity="hint")], decision(kings=-1.5, aces=2.0))
    assert j.kind == "graded" and j.grade == "blunder" and j.severity == "mistake" and j.undecided is None
    assert j.diff == pytest.approx(3.5) and j.zh.startswith("大错：俗语说「逢Q盖帽」，估价亦然")
    small = judge([cap_finding()], decision(kings=0.0, aces=0.9))
    assert small.kind == "graded" and small.grade == "inaccuracy" and small.severity == "hint"


def test_an_uncertain_price_is_a_hint_at_most() -> None:
    j = judge([cap_finding()], decision(kings=0.0, aces=0.2, se=0.3))
    assert j.kind == "uncertain" and j.grade is None and j.severity == "hint"
    assert "分不出高下（出牌 AS AH 多 0.20 分" in j.zh and "cannot tell" in j.en
    noisy = judge([cap_finding()], decision(kings=1.0, aces=0.6, se=0.3))  # above, but within the noise
    assert noisy.kind == "uncertain" and "出牌 KS KH 多 0.40 分" in noisy.zh


def test_a_serious_grade_left_open_is_said_never_given() -> None:
    open_ = Decision(10, 1, decision(0, 0).candidates, {"seat": Loss(1, 1.2, 0.5)})  # 0.2 to 2.2
    j = judge([], open_)
    assert j.kind == "uncertain" and j.grade is None and j.undecided == "mistake" and j.severity == "hint"
    assert "估价未定" in j.zh and "或为失误" in j.zh and "undecided" in j.en and "perhaps a mistake" in j.en
    assert not j.is_mistake and j.to_json()["undecided"] == "mistake"
    said = judge([cap_finding()], open_)  # a saying at the same move is quoted, the price still undecided
    assert (
        said.kind == "uncertain" and said.undecided == "mistake" and said.zh.startswith("俗语说「逢Q盖帽」；估价未定")
    )
    part = Decision(10, 1, decision(0, 0).candidates, {"seat": Loss(1, 2.0, 0.4)})  # 1.2 to 2.8: at least 0.5
    g = judge([], part)
    assert g.kind == "graded" and g.grade == "inaccuracy" and g.undecided == "mistake"
    assert g.zh.endswith("（或为失误，未定）") and g.en.endswith("(perhaps a mistake: undecided)")
    settled = judge([], Decision(10, 1, decision(0, 0).candidates, {"seat": Loss(1, 1.2, 0.1)}))
    assert settled.kind == "sound" or settled.grade == "inaccuracy"
    assert settled.undecided is None and "未定" not in settled.zh


def test_an_unpriced_move_says_so_and_keeps_its_severity() -> None:
    j = judge([cap_finding()], None)
    assert j == Judgement("unpriced", None, "逢Q盖帽", None, None, "mistake", "俗语说「逢Q盖帽」；未估价", j.en)
    assert j.en.endswith("not priced")


def test_a_grade_never_stands_beside_a_loss_that_does_not_earn_it() -> None:
    certain = Certain(kind="kou-lead", better=Play(1, tuple(ACES)))
    d = decision(kings=1.0, aces=1.0, certain=certain)  # a certain error the rollouts found cost 0.00
    assert d.grade is None and d.accuracy == pytest.approx(100.0)
    j = judge([], d)
    assert j.kind == "sound" and j.grade is None and j.severity is None
    for loss, se, grade in ((0.0, 0.0, None), (0.8, 0.1, "inaccuracy"), (1.8, 0.1, "mistake"), (1.6, 1.0, None)):
        d = Decision(10, 1, decision(0, 0).candidates, {"seat": Loss(1, loss, se)})
        assert judge([], d).grade == grade == d.grade


def test_a_violation_stays_a_violation() -> None:
    f = Finding(index=10, seat=1, kind="violation", severity="violation", message_zh="违", message_en="bad", rule="X")
    j = judge([f, cap_finding()], decision(kings=1.0, aces=0.0))
    assert j.kind == "violation" and j.severity == "violation"


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="judgement kind 'odd'"):
        Judgement("odd", None, None, None, None, None, "", "")


def test_a_saying_on_trial_stays_on_trial_where_the_price_grades_nothing() -> None:
    on_trial = cap_finding(severity="trial")
    assert judge([on_trial], decision(kings=1.2, aces=0.4)).severity == "trial"  # overruled
    assert judge([on_trial], decision(kings=0.0, aces=0.2, se=0.3)).severity == "trial"  # cannot tell
    graded = judge([on_trial], decision(kings=-1.5, aces=2.0))
    assert graded.kind == "graded" and graded.severity == "mistake" and graded.is_mistake  # the price decides
