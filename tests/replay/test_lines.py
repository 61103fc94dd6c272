"""A deal's lines (replay/lines.py): as played, as ruled (an illegal event withdrawn, the record carried on while it
fits, a departure marked once), which line's score counts by a referee's decisions, and variations (``branch``,
``playout``, moves typed in the text notation)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coach.games import pricing
from replay import games
from replay.core.cards import parse_cards
from replay.core.events import Event, Pass, Play
from replay.formats.decisions import Decision
from replay.formats.log import Log, parse_log
from replay.formats.log_doc import LogError
from replay.formats.notation.moves import read_moves
from replay.lines import (
    PLAYED,
    RULED,
    VARIATION,
    Line,
    MoveError,
    as_ruled,
    branch,
    counting,
    fold,
    line_log,
    played,
    played_mark,
    ruled,
)
from replay.replay import Replay
from replay.simulate import simulate_deal

GAMES = ("gouji", "baohuang", "shengji")
PROFILES = {"gouji": "gouji", "baohuang": "baohuang", "shengji": "shengji-35"}
RANG = """fupan/1 gouji
profile gouji-logged
events
0 play 9 9
1 pass
2 pass
3 rang
4 pass
5 pass
3 play 10 10
4 play J J
"""


def rep_of(text: str) -> Replay[Any]:
    return Replay(parse_log(text))


def out_of_turn(rep: Replay[Any], k: int) -> Event | None:
    """An illegal event at step ``k``: a play of one card it holds by a seat that may not act there."""
    state = rep.states[k]
    actors = rep.engine.actors(state)
    for seat in range(len(rep.engine.hand_sizes())):
        if seat in actors:
            continue
        cards = [c for c in rep.log.hands[seat] or () if c is not None] if rep.log.hands else []
        if not cards:
            continue
        ev = Play(seat, (cards[0],))
        if rep.engine.step(state, ev).rule is not None:
            return ev
    return None


def injected(log: Log, k: int, ev: Event) -> Log:
    return log._replace(events=(*log.events[:k], ev, *log.events[k:]), result=None, text="", positions=())


def deal(game: str, seed: int) -> Log:
    return simulate_deal(seed, PROFILES[game]).log


# -- as played ----------------------------------------------------------------------------------------


def test_the_record_as_played_folds_to_the_replay() -> None:
    rep = Replay(deal("gouji", 3))
    line = played(rep)
    assert line == Line(PLAYED, len(rep.log.events), ())
    folded = fold(rep, line)
    assert list(folded.states) == rep.states and list(folded.verdicts) == rep.verdicts
    assert eval(repr(line), {"Line": Line}) == line  # the repr is the constructor call


def test_a_line_refuses_an_unknown_kind_and_a_negative_branch_point() -> None:
    with pytest.raises(ValueError, match="kind"):
        Line("dream", 0, ())
    with pytest.raises(ValueError, match="branch point"):
        Line(VARIATION, -1, ())


# -- as ruled -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_withdrawn_illegal_play_gives_the_cards_back_and_the_same_seat_acts(game: str) -> None:
    log = deal(game, 5)
    base = Replay(log)
    k = len(log.events) // 2
    ev = out_of_turn(base, k)
    assert ev is not None
    rep = Replay(injected(log, k, ev))
    assert not rep.ok and [v.index for v in rep.illegal] == [k]
    info = ruled(rep)
    assert info.withdrawn == (k,) and info.departs is None and info.departure is None
    assert info.line.at == k and info.line.events == log.events[k:]
    line_states = fold(rep, info.line).states
    # the withdrawn play leaves the table as it was: the seat keeps its cards, the same seats may act
    assert line_states[k] == base.states[k]
    assert line_states[k].hands[ev.seat] == base.states[k].hands[ev.seat]
    assert rep.engine.actors(line_states[k]) == base.engine.actors(base.states[k])
    # the record after it fits: carried on to the end, the same deal as without the illegal event
    assert list(line_states) == base.states
    assert line_states[-1].terminal and counting(rep).kind == PLAYED
    assert all(j.verdict.legal for j in info.judged[1:]) and info.judged[0].withdrawn


def test_a_later_event_that_fits_carries_on_and_the_dui_tou_answer_is_judged_on_the_as_ruled_table() -> None:
    rep = rep_of(RANG + "0 play J J\n1 pass\n")
    assert [v.legal for v in rep.verdicts[7:9]] == [False, False]  # as played: the answer beats nothing
    assert rep.verdicts[8].rule == "CARD-ORDER"
    info = ruled(rep)
    assert info.withdrawn == (7,) and info.departs is None
    assert info.line == Line(RULED, 7, (Play(0, tuple(parse_cards("J J"))), Pass(1)))
    answer = next(j for j in info.judged if j.index == 8)
    assert answer.line == RULED and answer.verdict.legal and not answer.withdrawn
    assert answer.played is not None and answer.played.rule == "CARD-ORDER"  # the as-played reading beside it
    assert as_ruled(rep) == info.line


def test_where_the_record_no_longer_fits_it_departs_once_not_a_cascade() -> None:
    # seat 5 answers seat 4's illegal J J, the others pass it: on the as-ruled table seat 0 is to answer
    rep = rep_of(RANG + "5 play Q Q\n0 pass\n1 pass\n2 pass\n3 pass\n")
    assert len(rep.illegal) >= 2  # as played, the answer over the illegal play is illegal too
    info = ruled(rep)
    assert info.withdrawn == (7,) and info.departs == 8
    assert info.departure is not None and info.departure.rule == "GJ-RANG"
    zh, en = info.departure_words()
    assert (
        "记录自此偏离规则" in zh
        and "the record departs from the rules here" in en
        and "event 9" in en
        and "第 9 手起" in zh
    )
    assert [j.index for j in info.judged] == [7]  # nothing judged after the departure
    assert info.line == Line(RULED, 7, ())


def test_a_legal_record_is_its_own_as_ruled_line() -> None:
    rep = Replay(deal("gouji", 2))
    info = ruled(rep)
    assert info.line == Line(RULED, len(rep.log.events), ()) and not info.differs and info.departs is None


def test_a_strict_replay_that_stopped_is_read_on_for_the_lines() -> None:
    rep = Replay(parse_log(RANG + "0 play J J\n"), strict=True)
    assert rep.stopped_at == 7
    assert ruled(rep).line.events == (Play(0, tuple(parse_cards("J J"))),)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(1, 10_000), where=st.floats(0, 1))
def test_property_as_ruled_equals_the_log_without_the_illegal_event(game: str, seed: int, where: float) -> None:
    log = deal(game, seed)
    k = int(where * (len(log.events) - 1))
    base = Replay(log)
    ev = out_of_turn(base, k)
    if ev is None:
        return
    rep = Replay(injected(log, k, ev))
    info = ruled(rep)
    end = len(log.events) if info.departs is None else info.departs - 1
    assert list(fold(rep, info.line).states[: end + 1]) == base.states[: end + 1]


# -- which line counts --------------------------------------------------------------------------------


def decision(event: int, outcome: str) -> Decision:
    return Decision(event=event, decision=outcome, text="裁定", referee="老王", at="2026-12-01T20:15:00Z")


def test_the_referee_decides_which_line_the_score_takes() -> None:
    log = deal("gouji", 5)
    k = 10
    ev = out_of_turn(Replay(log), k)
    assert ev is not None
    rep = Replay(injected(log, k, ev))
    original = Replay(log).score()
    assert original is not None
    pending = counting(rep)
    assert pending.kind == PLAYED and pending.pending and "尚待" in pending.why[0]
    upheld = counting(rep, [decision(k, "upheld")])
    assert upheld.kind == RULED and upheld.score == original and not upheld.pending
    overruled = counting(rep, [decision(k, "upheld"), decision(k, "overruled")._replace(at="2026-12-02T08:00:00Z")])
    assert overruled.kind == PLAYED and overruled.score == rep.score() and "overruled" in overruled.why[1]
    stored = counting(Replay(injected(log, k, ev)._replace(decisions=(decision(k, "upheld"),))))
    assert stored.kind == RULED  # the log's own decisions when none are given


# -- variations ---------------------------------------------------------------------------------------


def test_a_legal_move_continues_the_deal() -> None:
    rep = rep_of(RANG)
    line = branch(rep, 7, read_moves("0 出 J J; 1 过", "gouji", 6), name="对头顶牌")
    assert line == Line(VARIATION, 7, (Play(0, tuple(parse_cards("J J"))), Pass(1)), "对头顶牌")
    folded = fold(rep, line)
    assert all(v.legal for v in folded.verdicts) and len(folded.states) == 10
    assert folded.final.table is not None and folded.final.owner == 0 and folded.final.table.n == 2
    assert line_log(rep, line).events == rep.log.events[:7] + line.events


def test_an_illegal_move_is_refused_with_its_rule_and_the_seed_quote() -> None:
    rep = rep_of(RANG)
    with pytest.raises(MoveError) as caught:
        branch(rep, 7, read_moves("4 出 Q Q", "gouji", 6))
    err = caught.value
    assert isinstance(err, ValueError) and err.rule == "GJ-RANG" and err.step == 7 and err.event == 7
    assert err.move == Play(4, tuple(parse_cards("Q Q"))) and err.seat == 4
    assert err.quote is not None and err.quote.text in str(err) and "4 play Q Q" in str(err) and "step 7" in str(err)


def test_a_branch_point_beyond_the_record_is_refused() -> None:
    rep = rep_of(RANG)
    with pytest.raises(MoveError, match="beyond the record"):
        branch(rep, 9, ())


def test_chinese_action_words_and_the_shorthand_are_read() -> None:
    assert read_moves("3 出 Q Q Q Q", "gouji", 6) == (Play(3, tuple(parse_cards("Q Q Q Q"))),)
    assert read_moves("1 过；2: -\n0: 5H 5H", "gouji", 6) == (Pass(1), Pass(2), Play(0, tuple(parse_cards("5H 5H"))))
    with pytest.raises(LogError) as caught:
        read_moves("3 飞 Q", "gouji", 6, "--play 1")
    assert caught.value.where == "--play 1:1:3"
    with pytest.raises(LogError, match="no move"):
        read_moves("  ", "gouji", 6)


@pytest.mark.parametrize("game", GAMES)
def test_a_playout_by_the_coach_policy_reaches_the_end_with_a_legal_line(game: str) -> None:
    rep = Replay(deal(game, 4))
    k = len(rep.log.events) // 3
    move = next(iter(rep.engine.legal_actions(rep.states[k])))
    bot = pricing(rep.engine).rollout_bot(random.Random(1), 0.0)
    line = branch(rep, k, [move], policy=bot)
    folded = fold(rep, line)
    assert line.events[0] == move and folded.final.terminal
    assert all(v.legal for v in folded.verdicts)
    again = Replay(line_log(rep, line))
    assert again.ok and again.final.terminal and games.get(game).name == again.log.game


def test_a_line_round_trips_through_json() -> None:
    line = Line(VARIATION, 7, (Play(0, tuple(parse_cards("J J"))), Pass(1)), "对头顶牌")
    doc = line.to_json()
    assert doc == {
        "kind": "variation",
        "at": 7,
        "name": "对头顶牌",
        "events": [{"seat": 0, "action": "play", "cards": ["J", "J"]}, {"seat": 1, "action": "pass"}],
    }
    assert Line.from_json(doc, 6) == line
    with pytest.raises(ValueError, match="seat"):
        Line.from_json({**doc, "events": [{"seat": 9, "action": "pass"}]}, 6)
    with pytest.raises(ValueError, match="kind"):
        Line.from_json({**doc, "kind": "dream"}, 6)


def test_a_later_illegal_event_on_a_table_the_lines_share_is_withdrawn_too() -> None:
    # seat 1's 接风 and seat 4's 扣 are illegal each on its own; neither changes the table, so the lines meet again
    rep = rep_of("fupan/1 gouji\nprofile gouji-logged\nevents\n0 play 9 9\n1 jiefeng\n1 pass\n2 play 10 10\n4 kou\n")
    assert [v.index for v in rep.illegal] == [1, 4]
    info = ruled(rep)
    assert info.withdrawn == (1, 4) and info.departs is None
    assert info.line == Line(RULED, 1, (Pass(1), Play(2, tuple(parse_cards("10 10")))))
    assert [j.withdrawn for j in info.judged] == [True, False, False, True]
    assert all(j.played is None for j in info.judged)  # the two lines read every event alike


def test_the_table_as_played_after_an_illegal_event_is_marked_naming_it() -> None:
    rep = rep_of(RANG + "0 play J J\n")
    assert played_mark(rep, 7) == ("", "")  # before the illegal event the two lines agree
    assert played_mark(rep, 8) == (
        "按记录的牌桌：第 8 手的违规动作在此照打",
        "the table as played: the illegal event 8 stands on it",
    )
    assert "events 8, 9 stand" in played_mark(rep, 9)[1]
