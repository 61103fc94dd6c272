"""The Replay page's table with the stored evaluation's best move (issue 18, item 9), and each finding said once
beside it, under Streamlit's AppTest on a temporary SQLite library (as tests/views/test_app_evaluation.py stores one).

At a step whose decision (the event about to be played, by the seat to act) the evaluation priced, the table marks
that seat's cards of the best candidate (``fp-best`` / ``sj-best``, ``data-best-cards`` how many of them) and says
the best move with its expected points and the loss of the move made, in the review the grading view's, in a seat's
view only that seat's own; at an unpriced step nothing is marked. An illegal event's violation is said once, by its
verdict, not again as a coach finding.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
import streamlit as st
from app_pages import empty_library, page_ok, run_page, seat_box, table_of
from paths import ROOT
from streamlit.testing.v1 import AppTest

from coach.coach import coach_replay
from coach.evaluate import evaluate_replay
from coach.prices import Decision, Evaluation, Settings
from data.evaluations import save_evaluation
from data.importer import import_log
from replay.formats.log import Seat, read_log
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.games.shengji import table as shengji_table
from views.parts.table import BestMove, card_text
from views.parts.texts import md

HOSTILE = "<b>x</b>"
SMALL = Settings(rollouts=2, max_candidates=3)
DISPUTE = ROOT / "data" / "samples" / "disputes" / "01-burn-after-pass.txt"


@pytest.fixture(scope="module")
def gouji() -> tuple[object, Evaluation]:
    log = simulate_deal(1, "gouji").log
    log = replace(log, seats=tuple(Seat(s.seat, HOSTILE if s.seat == 0 else s.player) for s in log.seats))
    return log, evaluate_replay(Replay(log), SMALL, jobs=1, seats=[0, 1])


@pytest.fixture
def stored(tmp_path, monkeypatch, gouji):
    """A library holding the 够级 deal, its evaluation stored, and the sample dispute 01: {name: deal id}."""
    log, ev = gouji
    eng = empty_library(tmp_path, monkeypatch)
    out = {}
    res = import_log(eng, log, "gouji.json")
    save_evaluation(eng, res.deal_id, ev)
    out["gouji"] = res.deal_id
    out["dispute"] = import_log(eng, read_log(DISPUTE), str(DISPUTE)).deal_id
    eng.dispose()
    yield out
    st.cache_data.clear()
    st.cache_resource.clear()


def _body(html: str) -> str:
    """The drawing without its style sheet (which names the classes it may use)."""
    return re.sub(r"<style>.*?</style>", "", html, flags=re.S)


def _marks(html: str) -> list[tuple[str, int]]:
    """The chips marked as the best move's: (their title, the cards of them it plays)."""
    return [
        (m.group(1), int(m.group(2)))
        for m in re.finditer(r'<span class="fp-g fp-best" title="([^"]*)" data-best-cards="(\d+)"', html)
    ]


def _played(ev: Evaluation, seat: int) -> Decision:
    """A decision of ``seat`` whose best candidate plays cards and is not the move made."""
    return next(
        d
        for d in ev.decisions
        if d.seat == seat and d.candidates[d.loss.best].event.cards and not d.candidates[d.loss.best].actual
    )


def test_a_priced_step_marks_the_best_move_on_the_table(stored, gouji):
    _, ev = gouji
    d = _played(ev, 0)
    loss, best = d.loss, d.candidates[d.loss.best]
    at = run_page("replay", stored["gouji"], d.index, "zh", 120)
    page_ok(at)
    html = table_of(at)
    assert html.count('data-best="') == 1 and 'data-best="0" data-best-view="seat"' in html
    box = seat_box(html, 0)
    marks = _marks(box)
    assert marks and _marks(html) == marks  # only the seat to act's cards
    tokens = [card_text(c.token, "zh") for c in best.event.cards]  # a chip's title: its cards as shown, ♠9 ♣9
    assert sum(k for _, k in marks) == len(tokens)
    for title, k in marks:  # each marked chip holds the cards it marks
        held = title.split()
        assert k == sum(min(held.count(t), tokens.count(t)) for t in set(tokens) & set(held))
    line = re.search(r'data-best-view="seat">([^<]*)</div>', box)
    assert line is not None
    words = line.group(1)
    assert words.startswith("最佳：")
    assert f"期望 {best.values['seat'].mean:+.2f} 分" in words
    assert f"实际一手损失 {loss.loss:.2f} ± {loss.se:.2f} 分" in words
    assert "&lt;b&gt;x&lt;/b&gt;" in box and "<b>x</b>" not in html  # the player's name escaped, as ever


def test_an_unpriced_step_marks_nothing(stored, gouji):
    _, ev = gouji
    step = next(i for i in range(1, 200) if ev.at(i) is None)
    at = run_page("replay", stored["gouji"], step, "en", 120)
    page_ok(at)
    html = _body(table_of(at))
    assert "data-best" not in html and "fp-best" not in html


def test_a_seat_view_shows_only_that_seats_own_best_move(stored, gouji):
    _, ev = gouji
    d = _played(ev, 1)
    at = run_page("replay", stored["gouji"], d.index, "en", 120)
    html = table_of(at)
    assert 'data-best="1"' in html and "Best: " in html and "expected" in html
    assert "the move made loses" in html and "最佳" not in _body(html)
    # the view selector's labels follow the session's language, and AppTest formats them outside the run: zh
    at = run_page("replay", stored["gouji"], d.index, "zh", 120)
    at.selectbox(key="replay_viewer").set_value(3).run()
    page_ok(at)
    assert "data-best" not in table_of(at)  # seat 3 could not know seat 1's cards
    at.selectbox(key="replay_viewer").set_value(1).run()
    page_ok(at)
    html = table_of(at)
    assert 'data-best="1" data-best-view="seat"' in html and "最佳：" in html


def test_a_pass_is_named_without_marking_cards() -> None:
    rep = Replay(simulate_deal(2, "gouji").log)
    from views.games import gouji as gouji_view

    html = gouji_view.table(rep, 5, None, "zh", best=BestMove(2, (), "最佳：过（期望 +0.50 分）", "all"))
    assert "fp-best" not in _body(html).replace('class="fp-best-line"', "")
    assert '<div class="fp-best-line" data-best="2" data-best-view="all">最佳：过（期望 +0.50 分）</div>' in html


def test_the_shengji_table_marks_the_best_cards() -> None:
    rep = Replay(simulate_deal(3, "shengji-35").log)
    step = next(k for k, s in enumerate(rep.states) if s.phase == "play" and rep.view(k).to_act)
    seat = next(iter(rep.view(step).to_act))
    card = rep.states[step].hands[seat].cards_or_unknown()[0]
    html = shengji_table.table_html(rep, step, None, "en", best=BestMove(seat, (card,), "Best: play", "all"))
    assert _body(html).count("sj-best-line") == 1 and f'data-best="{seat}"' in html
    assert len(re.findall(r'class="sj-c[^"]* sj-best" data-best-cards="1"', html)) == 1
    plain = shengji_table.table_html(rep, step, None, "en")
    assert "data-best" not in plain


def _texts(at: AppTest) -> list[str]:
    return [e.value for e in (*at.markdown, *at.caption, *at.error, *at.warning, *at.info, *at.success)]


def test_an_illegal_events_violation_is_said_once(stored):
    rep = Replay(read_log(DISPUTE))
    bad = next(v for v in rep.verdicts if not v.legal)
    report = coach_replay(rep)
    assert any(f.kind == "violation" and f.index == bad.index for f in report.findings)  # the coach finds it too
    for lang in ("zh", "en"):
        at = run_page("replay", stored["dispute"], bad.index + 1, lang, 120)
        page_ok(at)
        message = md(bad.message_zh if lang == "zh" else bad.message_en)
        said = [t for t in _texts(at) if message in t]
        assert len(said) == 1, said
        assert at.error and message in at.error[0].value


def test_a_maxim_finding_is_said_once(stored, gouji):
    log, _ = gouji
    rep = Replay(log)
    found = next(f for f in coach_replay(rep).findings if f.index is not None and f.kind != "violation")
    at = run_page("replay", stored["gouji"], found.index + 1, "zh", 120)
    page_ok(at)
    said = [t for t in _texts(at) if md(found.message_zh) in t]
    assert len(said) == 1, said
