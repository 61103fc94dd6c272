"""Decisions no sampling can excuse (coach/certain.py, issue 16 item 3), each on a hand-made 够级 position:

1. pass-out: passing when the whole hand could be played out;
2. pass-sweep: the decline that closes the round for the third opponent's last card after the other team took
   places 1 and 2 (串三户), when a play over it was legal;
3. kou-lead: a 扣 that hands the lead to the other team while the seat held a play no unseen card can beat, its
   other cards one set.

Each has its legal counterpart (the same position, another choice or another hand) that is not flagged, and the
evaluation says the flagged decision is certain in both views, graded by its loss alone (docs/coach.md, "one judgement
per move": no grade stands beside a loss that does not earn it).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_evaluate import GO_OUT  # seat 1 passes when 5S takes it out

import cli
from coach.certain import beatable, certain_error
from coach.evaluate import _offer, evaluate_decision, evaluate_replay
from coach.grades import decision_accuracy, grade
from coach.prices import Certain, Decision, Evaluation, Settings
from replay.climbing.state import State
from replay.core.cards import Card
from replay.core.events import Burn, Kou, Pass, Play
from replay.core.sets import make_set
from replay.formats.notation.read import parse_text
from replay.replay import Replay
from replay.simulate import RandomBot, simulate_deal

# 0 and 2 (the even team) go out first and second; 4 plays 5S and keeps one card; 1 and 3 passed in this round
# after 二科's 底牌 (够死级, option any_dipai), so 5's pass closes it and 4 leads its last card: 串三户.
SWEEP = """fupan/1 gouji
profile gouji-logged
hand 0 3S
hand 1 5C 6C 7C 8C 9C 10C JC QC
hand 2 4H
hand 3 5D 6D 7D 8D 9D 10D JD QD
hand 4 5S 9S
hand 5 5H 6H 7H 8H 9H 10H JH QH
events
0 play 3S
1 pass
2 play 4H
3 pass
4 play 5S
5 pass
"""

# 5 plays 6H; its 对头 2 closes with 扣 while holding 2C (no other hand holds a 2 or a joker) and a pair of 5s.
KOU = """fupan/1 gouji
profile gouji-logged
hand 0 3S 4S 6S
hand 1 3C 6C 7C
hand 2 2C 5S 5H
hand 3 3D 6D 7D
hand 4 4C 8S 9S
hand 5 3S 6H 7H
events
1 play 3C
2 pass
3 pass
4 pass
5 play 6H
0 pass
1 pass
2 kou
"""


def replayed(text: str) -> Replay:
    rep = Replay(parse_text(text))
    assert all(v.legal for v in rep.verdicts), [(i, v.rule) for i, v in enumerate(rep.verdicts) if not v.legal]
    return rep


def certain_at(text: str, index: int) -> Certain | None:
    rep = replayed(text)
    return certain_error(rep.engine, rep.states, rep.log.events, index)


def test_passing_instead_of_going_out_is_certain() -> None:
    found = certain_at(GO_OUT, 1)
    assert found == Certain("pass-out", Play(1, cards=(Card("5S"),)))
    assert certain_at(GO_OUT.replace("1 pass", "1 play 5S"), 1) is None  # the legal counterpart
    # a hand that is not one set cannot be played out: nothing certain about the pass
    assert certain_at(GO_OUT.replace("hand 1 5S", "hand 1 5S 6H"), 1) is None


def test_the_last_chance_against_a_sweep() -> None:
    rep = replayed(SWEEP)
    assert rep.states[6].table is None and rep.states[6].leader == 4 and rep.states[5].hands[4].size == 1
    found = certain_error(rep.engine, rep.states, rep.log.events, 5)
    assert found is not None and found.kind == "pass-sweep"
    assert found.better == Play(5, cards=(Card("6H"),))  # the cheapest play over 5S
    assert certain_at(SWEEP.replace("5 pass", "5 play 6H"), 5) is None  # the legal counterpart
    # with two cards left the opponent's going out is not certain: no verdict
    two = SWEEP.replace("hand 4 5S 9S", "hand 4 5S 9S 10S")
    assert certain_at(two, 5) is None
    # nor when 5 had nothing to play over 5S
    weak = SWEEP.replace("hand 5 5H 6H 7H 8H 9H 10H JH QH", "hand 5 3H 3D 3C 4H 4D 4C 3S 4S")
    assert certain_at(weak, 5) is None


def test_a_kou_that_hands_over_a_won_round() -> None:
    found = certain_at(KOU, 7)
    assert found == Certain("kou-lead", Play(2, cards=(Card("2C"),)))
    assert certain_at(KOU.replace("2 kou", "2 play 2C"), 7) is None  # the legal counterpart
    # a small joker elsewhere could beat the 2: not certain
    assert certain_at(KOU.replace("hand 0 3S 4S 6S", "hand 0 3S 4S SJ"), 7) is None
    # the other cards are not one set: the seat is not out after the 2
    assert certain_at(KOU.replace("hand 2 2C 5S 5H", "hand 2 2C 5S 8H"), 7) is None


def test_beatable_over_counts_what_the_others_could_answer_with() -> None:
    def pool(*tokens: str) -> Counter[Card]:
        return Counter(Card(t) for t in tokens)

    two = make_set([Card("2C")])
    assert not beatable(pool("3S", "AS", "AH"), two)
    assert beatable(pool("3S", "SJ"), two) and beatable(pool("BJ"), two)
    pair = make_set([Card("KC"), Card("KD")])
    assert beatable(pool("AS", "2H"), pair)  # an A with a 2 attached
    assert not beatable(pool("AS", "KH", "QH"), pair)
    dead = make_set([Card("5C"), Card("BJ")])  # a big joker on a lower base: nothing beats it
    assert not beatable(pool("BJ", "BJ", "SJ"), dead)
    hung = make_set([Card("5C"), Card("SJ")])  # a small joker hung: an answer needs a big joker
    assert not beatable(pool("6C", "SJ", "SJ"), hung)
    assert beatable(pool("6C", "BJ"), hung)


@pytest.mark.parametrize(("text", "index"), [(GO_OUT, 1), (SWEEP, 5), (KOU, 7)])
def test_a_certain_error_is_said_in_both_views_and_graded_by_its_loss(text: str, index: int) -> None:
    rep = replayed(text)
    d = evaluate_decision(rep.engine, rep.states, rep.log.events, index, Settings(rollouts=2, seed=5))
    assert d is not None and d.certain is not None
    assert d.certain.better in [c.event for c in d.candidates]
    assert set(d.losses) == {"seat", "all"}
    for view in ("seat", "all"):
        assert d.grade_in(view) == grade(d.losses[view].loss, d.losses[view].se)
    assert d.accuracy == pytest.approx(decision_accuracy(d.loss.loss, d.loss.se))
    doc = d.to_json()
    assert doc["certain"]["kind"] == d.certain.kind and set(doc["grades"]) == {"seat", "all"}
    back = Decision.from_json(doc, 6)
    assert back.certain == d.certain and back.grade_in("seat") == d.grade_in("seat")
    ev = Evaluation((d,), Settings(rollouts=2, seed=5), 6, 0, 0.0)
    assert Evaluation.from_json(ev.to_json()).decisions[0].certain == d.certain


def test_the_counterparts_are_priced_without_a_certain_grade() -> None:
    rep = replayed(KOU.replace("2 kou", "2 play 2C"))
    d = evaluate_decision(rep.engine, rep.states, rep.log.events, 7, Settings(rollouts=2, seed=5))
    assert d is not None and d.certain is None and d.to_json()["certain"] is None


def test_the_better_choice_gets_a_place_among_the_candidates() -> None:
    a, b, c, d = Pass(0), Play(0, cards=(Card("3S"),)), Play(0, cards=(Card("4S"),)), Play(0, cards=(Card("5S"),))
    better = Play(0, cards=(Card("6S"),))
    cands = [a, b, c, d]
    assert _offer(cands, 1, better, 4) == 1 and cands == [a, b, c, better]  # the last but the policy's goes
    cands = [a, b]
    assert _offer(cands, 1, better, 2) == -1 and cands == [a, better]  # no room but the policy's
    cands = [a, b]
    assert _offer(cands, 1, Play(0, cards=(Card("3H"),)), 4) == 1 and cands == [a, b]  # the same shape is there
    cands = [a, d, b]
    assert _offer(cands, 2, better, 3) == 1 and cands == [a, b, better]


def _answerable(rep: Replay, after: State, seat: int) -> bool:
    """Whether some other seat holds, in truth, a legal answer to the set on the table of ``after``."""
    eng = rep.engine
    bot = RandomBot(random.Random(0))
    for t in range(after.n):
        if t == seat or not after.active(t):
            continue
        probe = after._replace(to_act=t)
        for cards in bot.answers(eng, probe, t):
            if any(eng.can(probe, cls(t, cards=cards)) for cls in (Play, Burn)):
                return True
    return False


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), profile=st.sampled_from(["gouji", "gouji-online", "baohuang"]))
def test_every_certain_error_holds_in_the_true_deal(seed: int, profile: str) -> None:
    """On random deals (players that pass often), what a flagged decline gave away holds with every hand
    known: the better choice is legal; it takes the seat out, or the opponent's one card goes out after the
    decline, or no hand holds a legal answer to it and the seat's other cards form one set."""
    rep = Replay(simulate_deal(seed, profile, bot=RandomBot(random.Random(seed), pass_rate=0.6)).log)
    eng = rep.engine
    for i, ev in enumerate(rep.log.events):
        found = certain_error(eng, rep.states, rep.log.events, i)
        if found is None:
            continue
        st_ = rep.states[i]
        assert isinstance(ev, Pass | Kou) and eng.can(st_, found.better)
        after = eng.step(st_, found.better).state
        if found.kind == "pass-out":
            assert after.hands[ev.seat].size == 0 and ev.seat in after.out
        elif found.kind == "pass-sweep":
            assert rep.states[i + 1].table is None and st_.hands[st_.owner].size == 1 and len(st_.out) == 2
        else:
            assert found.kind == "kou-lead" and not _answerable(rep, after, ev.seat)
            rest = list(st_.hands[ev.seat].known_cards())
            for c in found.better.cards:
                rest.remove(c)
            make_set(rest, eng.twos_attach)


def test_random_deals_give_the_property_something_to_check() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(25):
        rep = Replay(simulate_deal(seed, "gouji", bot=RandomBot(random.Random(seed), pass_rate=0.6)).log)
        for i in range(len(rep.log.events)):
            found = certain_error(rep.engine, rep.states, rep.log.events, i)
            if found is not None:
                kinds[found.kind] += 1
    assert kinds["pass-out"] > 0 and kinds["kou-lead"] > 0


def test_the_coach_says_a_certain_error_is_certain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "kou.txt"
    path.write_text(KOU, encoding="utf-8")
    fast = ["--evaluate", "--rollouts", "2", "--jobs", "1", "--seat", "2"]
    assert cli.main(["coach", str(path), *fast, "--json"]) == 1  # a hand-made deal is short of 4 decks
    doc = json.loads(capsys.readouterr().out)
    assert {f["rule"] for f in doc["findings"] if f["kind"] == "violation"} == {"GJ-DEAL"}
    (d,) = [d for d in doc["evaluation"]["decisions"] if d["index"] == 7]
    assert d["certain"]["kind"] == "kou-lead" and d["certain"]["better"]["cards"] == ["2C"]
    for view in ("seat", "all"):
        assert d["grades"][view] == grade(d["losses"][view]["loss"], d["losses"][view]["se"])
    (f,) = [f for f in doc["findings"] if f["index"] == 7]
    assert f["price"]["certain"]["kind"] == "kou-lead"
    if f["kind"] == "evaluation":  # no other finding spoke to it
        assert "扣了能赢的牌" in f["message_zh"] and "certain from what the seat knew" in f["message_en"]
    assert cli.main(["coach", str(path), *fast]) == 1
    out = capsys.readouterr().out
    assert "certain from what the seat knew: 扣了能赢的牌" in out and "play 2C was legal" in out


def test_the_evaluation_page_says_a_certain_error_is_certain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app_pages import empty_library, page_ok, run_page

    from data.evaluations import save_evaluation
    from data.importer import import_log
    from views.pages.evaluation import DECISION

    eng = empty_library(tmp_path, monkeypatch)
    log = parse_text(KOU)
    res = import_log(eng, log, "kou.txt")
    assert res.deal_id is not None, res
    ev = evaluate_replay(Replay(log), Settings(rollouts=2, seed=5), jobs=1, seats=[2])
    save_evaluation(eng, res.deal_id, ev)
    eng.dispose()
    at = run_page("evaluation", res.deal_id, lang="en")
    page_ok(at)
    at.selectbox(key=DECISION).set_value(7).run()
    page_ok(at)
    (warning,) = [w.value for w in at.warning if "Certain from what the seat knew" in w.value]
    assert "closed the round for an opponent" in warning and "play 2C" in warning
    zh = run_page("evaluation", res.deal_id)
    zh.selectbox(key=DECISION).set_value(7).run()
    assert any("扣了能赢的牌" in w.value for w in zh.warning)
