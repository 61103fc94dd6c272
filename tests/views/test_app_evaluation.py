"""The Evaluation page (views/pages/evaluation.py) and the evaluation panel of the Replay page, under
Streamlit's AppTest on a temporary SQLite library, in the style of tests/views/test_app_replay.py.

Each test gets an empty library in ``FUPAN_DB`` (Streamlit's caches cleared before and after) holding a
够级 deal whose seat 1 is played by a hostile name (``<script>alert(1)</script>``) and a 保皇 deal. The
stored evaluations are small (2 rollouts, 2 candidates, seats 0 and 1) and made once per module; the
run from the page's form evaluates a whole deal with 2 rollouts and 2 candidates in this process
(``evaluation_page.JOBS`` set to 1).
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import page_charts
import pytest
import streamlit as st
from app_pages import finish_evaluation, links_to, redrawn, run_page
from paths import ROOT
from streamlit.testing.v1 import AppTest

from coach import evaluate
from coach.evaluate import evaluate_replay
from coach.prices import DEFAULT_SAMPLING, Evaluation, Settings
from data.database import open_db
from data.evaluations import load_evaluation, save_evaluation
from data.importer import import_log
from replay.formats.log import Seat
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.pages import evaluation as evaluation_page
from views.pages.evaluation import (
    CANDIDATES,
    CHART,
    DECISION,
    JOBS_KEY,
    ROLLOUTS,
    RUN,
    SAMPLING,
    candidates_figure,
    candidates_frame,
    default_decision,
)
from views.parts import evaluation_chart
from views.parts.evaluation_chart import decision_from_selection, expected_figure, team0_points

HOSTILE = "<script>alert(1)</script>"
SMALL = Settings(rollouts=2, max_candidates=2)


def _gouji_log():
    log = simulate_deal(1, "gouji").log
    seats = tuple(Seat(s.seat, HOSTILE if s.seat == 1 else s.player) for s in log.seats)
    return replace(log, seats=seats)


@pytest.fixture(scope="module")
def logs() -> dict[str, object]:
    return {"gouji": _gouji_log(), "baohuang": simulate_deal(1, "baohuang").log}


@pytest.fixture(scope="module")
def evaluations(logs) -> dict[str, Evaluation]:
    return {game: evaluate_replay(Replay(log), SMALL, jobs=1, seats=[0, 1]) for game, log in logs.items()}


@pytest.fixture
def library(tmp_path, monkeypatch, logs):
    """A library with the two deals: {game: (deal_id, Replay)}; ``library.engine_url`` in FUPAN_DB."""
    url = f"sqlite:///{tmp_path / 'fupan.db'}"
    monkeypatch.setenv("FUPAN_DB", url)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr(evaluation_page, "JOBS", 1)
    st.cache_data.clear()
    st.cache_resource.clear()
    eng = open_db(url)
    out = {}
    for game, log in logs.items():
        res = import_log(eng, log, f"{game}.json")
        assert res.status == "added", res
        out[game] = (res.deal_id, Replay(log))
    eng.dispose()
    out["url"] = url
    yield out
    st.cache_data.clear()
    st.cache_resource.clear()


@pytest.fixture
def stored(library, evaluations):
    """The library with the small evaluations of both deals stored."""
    eng = open_db(library["url"])
    for game in ("gouji", "baohuang"):
        save_evaluation(eng, library[game][0], evaluations[game])
    eng.dispose()
    return library


def _page(name: str, deal_id: int | None, step: int = 0, lang: str = "zh") -> AppTest:
    return run_page(name, deal_id, step, lang, 120)


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    for md in (*at.markdown, *at.caption, *at.error, *at.warning, *at.info, *at.success):
        assert not getattr(md.proto, "allow_html", False), md.value


def _charts(at: AppTest) -> list[dict]:
    return page_charts.figures(at)


def _texts(at: AppTest) -> list[str]:
    return [el.value for el in (*at.markdown, *at.caption, *at.error, *at.warning, *at.info, *at.success)]


def _finish(at: AppTest, deal_id: int) -> None:
    finish_evaluation(at, deal_id)
    _ok(at)


# -- the page ---------------------------------------------------------------------------------------


def test_a_run_starts_in_the_background_shows_its_progress_and_stores_the_result(library, monkeypatch):
    deal_id, _ = library["gouji"]
    release = threading.Event()
    calls = []

    def slow(replay, settings, jobs=0, progress=None, **_kw):
        calls.append(settings)
        progress(3, 10)
        assert release.wait(60)
        return evaluate_replay(replay, settings, jobs=1, seats=[0], progress=progress)

    monkeypatch.setattr(evaluate, "evaluate_replay", slow)
    at = _page("evaluation", deal_id, lang="en")
    at.number_input(key=ROLLOUTS).set_value(2)
    at.number_input(key=CANDIDATES).set_value(2)
    t0 = time.perf_counter()
    at.button(key=RUN).click().run()
    assert time.perf_counter() - t0 < 30  # the run returned while the evaluation is held back
    _ok(at)
    job = at.session_state[JOBS_KEY][deal_id]
    assert not job.finished and calls == [SMALL]
    bars = at.get("progress")
    assert len(bars) == 1 and "Evaluating… 3/10 decisions · time left: estimating…" in bars[0].proto.text
    assert bars[0].proto.value == 30
    assert any("in the background" in c.value for c in at.caption)
    # the page runs again (any widget, another rerun) while the evaluation still runs
    at.run()
    _ok(at)
    assert not job.finished and len(at.get("progress")) == 1 and not at.success
    assert at.button(key=RUN).disabled  # one run at a time per deal
    eng = open_db(library["url"])
    assert load_evaluation(eng, deal_id, SMALL) is None  # nothing stored yet
    eng.dispose()
    release.set()
    assert job.wait(60)  # the job stores its result itself, before anyone shows the page again
    eng = open_db(library["url"])
    assert job.stored and load_evaluation(eng, deal_id, SMALL) is not None
    eng.dispose()
    _finish(at, deal_id)
    assert at.success and "Evaluated and stored" in at.success[0].value
    assert not at.get("progress")
    eng = open_db(library["url"])
    ev = load_evaluation(eng, deal_id, SMALL)
    eng.dispose()
    assert ev is not None and {d.seat for d in ev.decisions} == {0}
    assert at.dataframe[0].value["decisions"].tolist()[0] == len(ev.decisions)


def test_the_bar_moves_by_the_work_done_and_says_the_time_left_measured_on_it(library, monkeypatch):
    """The run plans its decisions' predicted costs (``coach.eta``): the bar stands at the share of the cost done
    (80 %, where 2 of 4 decisions would say 50 %) and its text says the time left measured so far, in 中文."""
    deal_id, _ = library["gouji"]
    release = threading.Event()

    def planned(replay, settings, jobs=0, progress=None, eta=None, **_kw):
        eta.plan({10: 50.0, 11: 30.0, 12: 10.0, 13: 10.0})
        # 80 % of the cost in 5 s: about 1.25 s left, which a rerun on a loaded machine does not use up
        time.sleep(2.5)
        eta.finish([10])
        time.sleep(2.5)
        eta.finish([11])
        progress(2, 4)
        assert release.wait(60)
        return evaluate_replay(replay, settings, jobs=1, seats=[0])

    monkeypatch.setattr(evaluate, "evaluate_replay", planned)
    at = _page("evaluation", deal_id)
    at.number_input(key=ROLLOUTS).set_value(2)
    at.number_input(key=CANDIDATES).set_value(2)
    at.button(key=RUN).click().run()
    _ok(at)
    job = at.session_state[JOBS_KEY][deal_id]
    for _ in range(400):  # the run told of two decisions done
        if job.done == 2:
            break
        time.sleep(0.05)
    at.run()
    bars = at.get("progress")
    assert len(bars) == 1 and bars[0].proto.value == 80
    assert "评估中… 2/4 个决定 · 剩余约 " in bars[0].proto.text and "秒" in bars[0].proto.text
    assert not any("约需 7 秒" in c.value for c in at.caption)  # no constant promise up front
    release.set()
    assert job.wait(60)
    _finish(at, deal_id)


def test_the_form_can_infer_the_hidden_cards_and_the_stored_run_says_so(library, monkeypatch):
    """The form's switch (unticked by default: inference is off by default) runs the seat view on inferred worlds;
    the stored evaluation carries the sampling in its settings and the page names it; it holds across a change of
    language."""
    deal_id, _ = library["gouji"]
    calls = []

    def recorded(replay, settings, jobs=0, progress=None, **_kw):
        calls.append(settings)
        return evaluate_replay(replay, settings, jobs=1, seats=[0], progress=progress)

    monkeypatch.setattr(evaluate, "evaluate_replay", recorded)
    at = _page("evaluation", deal_id, lang="en")
    assert at.checkbox(key=SAMPLING).value is (DEFAULT_SAMPLING == "inference") is False
    at.number_input(key=ROLLOUTS).set_value(2)
    at.number_input(key=CANDIDATES).set_value(2)
    at.checkbox(key=SAMPLING).check()
    at.button(key=RUN).click().run()
    _ok(at)
    _finish(at, deal_id)
    at.query_params["lang"] = "zh"
    at.run()
    assert at.checkbox(key=SAMPLING).value is True  # the choice holds across the language
    inferred = replace(SMALL, sampling="inference")
    assert calls == [inferred]
    eng = open_db(library["url"])
    assert load_evaluation(eng, deal_id, inferred) is not None
    eng.dispose()
    assert any("推断隐藏牌" in text for text in _texts(at)), _texts(at)  # the run's settings, as shown


def test_without_an_open_deal_it_says_so(library):
    at = _page("evaluation", None)
    _ok(at)
    assert "牌局库" in at.info[0].value


def test_without_an_evaluation_the_button_runs_and_stores_it(library):
    deal_id, _ = library["gouji"]
    at = _page("evaluation", deal_id)
    _ok(at)
    assert any("还没有评估" in i.value for i in at.info)
    assert not at.dataframe and not page_charts.specs(at)
    at.number_input(key=ROLLOUTS).set_value(2)
    at.number_input(key=CANDIDATES).set_value(2)
    at.button(key=RUN).click().run()
    _ok(at)
    _finish(at, deal_id)
    assert at.success and "已评估并保存" in at.success[0].value
    eng = open_db(library["url"])
    ev = load_evaluation(eng, deal_id, SMALL)
    eng.dispose()
    assert ev is not None and len(ev.decisions) > 20
    assert {d.seat for d in ev.decisions} == set(range(6))  # the whole deal
    seats = at.dataframe[0].value
    assert len(seats) == 6 and seats["决定"].tolist() == [s["decisions"] for s in ev.seat_summary()]
    assert len(_charts(at)) == 2  # the expected points, the picked decision's candidates
    # shown again from the store on the next run, without the form's run
    at = _page("evaluation", deal_id)
    _ok(at)
    assert not at.success and len(at.dataframe) == 2


def test_a_failed_run_shows_its_error(library, monkeypatch):
    deal_id, _ = library["baohuang"]

    def broken(*_args, **_kwargs):
        raise RuntimeError("rollout <b>exploded</b>")

    monkeypatch.setattr(evaluate, "evaluate_replay", broken)
    at = _page("evaluation", deal_id, lang="en")
    at.button(key=RUN).click().run()
    _ok(at)
    _finish(at, deal_id)
    assert len(at.error) == 1
    assert "The evaluation failed" in at.error[0].value and "<b>" not in at.error[0].value
    eng = open_db(library["url"])
    assert load_evaluation(eng, deal_id) is None
    eng.dispose()


def test_a_result_the_library_refuses_is_reported_and_nothing_half_stored(library, monkeypatch):
    """The job stores its result in its thread; when the library refuses it, the page says the evaluation failed
    (the database's words, escaped) and nothing of it is stored."""
    deal_id, _ = library["gouji"]

    def small(replay, settings, jobs=0, progress=None, **_kw):
        return evaluate_replay(replay, SMALL, jobs=1, seats=[0], progress=progress)

    def refused(*_args, **_kwargs):
        raise RuntimeError("database is <i>locked</i>")

    monkeypatch.setattr(evaluate, "evaluate_replay", small)
    monkeypatch.setattr(evaluation_page, "save_evaluation", refused)
    at = _page("evaluation", deal_id, lang="en")
    at.button(key=RUN).click().run()
    _ok(at)
    _finish(at, deal_id)
    assert len(at.error) == 1 and "The evaluation failed" in at.error[0].value and "locked" in at.error[0].value
    assert "<i>" not in at.error[0].value and not at.success
    eng = open_db(library["url"])
    assert load_evaluation(eng, deal_id) is None
    eng.dispose()


def test_a_stored_evaluation_is_shown(stored, evaluations):
    deal_id, _ = stored["gouji"]
    ev = evaluations["gouji"]
    at = _page("evaluation", deal_id, lang="en")
    _ok(at)
    seats = at.dataframe[0].value
    summary = ev.seat_summary()
    assert seats["decisions"].tolist() == [s["decisions"] for s in summary]
    assert seats["accuracy %"].tolist()[:2] == [s["accuracy"] for s in summary[:2]]
    assert seats["blunder"].tolist() == [s["blunder"] for s in summary]
    # the chart: team 0's line, the best and the made values at each decision
    spec = _charts(at)[0]
    traces = spec["data"]
    assert [t.get("mode") for t in traces] == ["lines", "markers", "markers"]
    assert len(traces[2]["x"]) == len(ev.decisions)
    # the picked decision: the one that lost the most, with its candidates
    picked = default_decision(ev)
    assert at.selectbox(key=DECISION).value == picked
    d = ev.at(picked)
    cands = at.dataframe[1].value
    assert len(cands) == len(d.candidates)
    assert cands["made"].tolist().count("●") == 1 and cands["best"].tolist().count("★") == 1
    bars = _charts(at)[1]["data"]
    assert [b["type"] for b in bars] == ["bar"] * len(d.losses)
    assert all(b["error_y"]["visible"] for b in bars)
    # another decision from the selectbox
    other = next(x.index for x in ev.decisions if x.index != picked and len(x.candidates) == 2)
    at.selectbox(key=DECISION).set_value(other).run()
    _ok(at)
    assert any(f"event {other + 1}" in m.value for m in at.markdown)  # its number: the first event is 1
    # and a link to its step
    assert {"deal": str(deal_id), "step": str(other + 1), "lang": "en"} in links_to(at)


def test_the_step_in_the_address_picks_its_decision_and_a_pick_moves_the_step(stored, evaluations):
    deal_id, _ = stored["gouji"]
    ev = evaluations["gouji"]
    picked = default_decision(ev)
    other = next(d.index for d in ev.decisions if d.index != picked)
    at = _page("evaluation", deal_id, step=other + 1, lang="en")  # ?step= the step just after the decision
    _ok(at)
    assert at.selectbox(key=DECISION).value == other
    mine = next(d.index for d in ev.decisions if d.index not in (picked, other))
    at.selectbox(key=DECISION).set_value(mine).run()
    _ok(at)
    assert at.session_state["step"] == mine + 1  # the step, and so the address, follow the pick
    assert at.selectbox(key=DECISION).value == mine
    # a browser that draws the selector anew without its value sends its default: the pick, not the first decision
    indices = [d.index for d in ev.decisions]
    assert indices[0] != mine
    redrawn(at, "selectbox", DECISION, indices)
    assert at.selectbox(key=DECISION).value == mine and at.session_state["step"] == mine + 1


def test_the_decision_a_step_opens():
    indices = [3, 7, 12]
    assert evaluation_page.decision_at(indices, 0) is None  # step 0: the page's own choice
    assert evaluation_page.decision_at(indices, 8) == 7  # just after event 7
    assert evaluation_page.decision_at(indices, 10) == 7  # the last one before
    assert evaluation_page.decision_at(indices, 2) == 3  # before every decision: the first
    assert evaluation_page.decision_at(indices, 99) == 12
    assert evaluation_page.decision_at([], 5) is None


def test_the_explanation_is_there_in_both_languages(stored):
    deal_id, _ = stored["baohuang"]
    zh = "\n".join(_texts(_page("evaluation", deal_id)))
    en = "\n".join(_texts(_page("evaluation", deal_id, lang="en")))
    for word in ("本座视角", "明牌", "损失", "欠佳", "失误", "大错", "准确率"):
        assert word in zh
    for word in ("Seat's view", "All cards known", "Loss", "inaccuracy", "mistake", "blunder", "Accuracy"):
        assert word in en


def test_a_baohuang_evaluation_has_no_team_line(stored, evaluations):
    deal_id, rep = stored["baohuang"]
    at = _page("evaluation", deal_id)
    _ok(at)
    modes = [t.get("mode") for t in _charts(at)[0]["data"]]
    assert modes == ["markers", "markers"]
    assert team0_points(rep, evaluations["baohuang"]) == []


def test_hostile_names_are_escaped(stored, evaluations):
    deal_id, _ = stored["gouji"]
    seat1 = next(d.index for d in evaluations["gouji"].decisions if d.seat == 1)
    for lang in ("zh", "en"):
        at = _page("evaluation", deal_id, lang=lang)
        at.selectbox(key=DECISION).set_value(seat1).run()
        _ok(at)
        specs = page_charts.specs(at)
        for spec in specs:
            assert HOSTILE not in spec and "<script" not in spec and "\\u003cscript" not in spec
        assert "&lt;script&gt;" in specs[0]  # the hover texts name seat 1, escaped
        named = [m.value for m in at.markdown if "script" in m.value]
        assert named, "the picked decision names seat 1"
        assert all(HOSTILE not in v for v in named)
        assert HOSTILE in at.dataframe[0].value.iloc[1, 0]  # a table cell shows the name as it is


def test_other_settings_are_listed_and_the_latest_shown(stored, evaluations):
    deal_id, rep = stored["gouji"]
    more = evaluate_replay(rep, Settings(rollouts=2, max_candidates=3, seed=5), jobs=1, seats=[2])
    eng = open_db(stored["url"])
    save_evaluation(eng, deal_id, more)
    eng.dispose()
    at = _page("evaluation", deal_id, lang="en")
    _ok(at)
    box = at.selectbox(key=evaluation_page.SETTINGS)
    assert len(box.options) == 2 and "seed 5" in box.options[0] and "seed 0" in box.options[1]
    assert at.dataframe[0].value["decisions"].tolist()[:3] == [0, 0, len(more.decisions)]
    box.select_index(1).run()
    _ok(at)
    small = evaluations["gouji"].seat_summary()
    assert at.dataframe[0].value["decisions"].tolist()[:3] == [s["decisions"] for s in small[:3]]


# -- pure parts -------------------------------------------------------------------------------------


def test_the_expected_points_figure(evaluations, logs):
    rep = Replay(logs["gouji"])
    ev = evaluations["gouji"]
    team = team0_points(rep, ev)
    assert [i for i, _ in team] == [d.index for d in ev.decisions]
    for (_, v), d in zip(team, ev.decisions, strict=True):
        made = d.actual.values["all"].mean  # the sample logs give every hand
        assert v == (made if d.seat % 2 == 0 else -made)
    fig = expected_figure(rep, ev, ev.decisions[0].index, "zh")
    _line, best, made = fig.data
    assert list(made.y) == [d.actual.values[d.view].mean for d in ev.decisions]
    assert list(best.y) == [d.candidates[d.loss.best].values[d.view].mean for d in ev.decisions]
    colors = list(made.marker.color)
    for d, c in zip(ev.decisions, colors, strict=True):
        assert c == evaluation_chart.GRADE_COLORS[d.grade]
    assert any(s.type == "line" and s.x0 == ev.decisions[0].index + 1 for s in fig.layout.shapes)
    # the x axis counts events as people do: a decision at index i is drawn at event i + 1
    assert list(made.x) == [d.index + 1 for d in ev.decisions] == list(best.x)
    # every point carries its decision's index, and a click picks by x whatever a marker's size (a graded decision's
    # is larger, and plotly's "closest" pick prefers a smaller marker beside it: the browser test on Replay)
    assert list(made.customdata) == list(best.customdata) == list(_line.customdata) == [d.index for d in ev.decisions]
    assert fig.layout.hovermode == "x"


def test_the_candidates_parts(evaluations):
    ev = evaluations["gouji"]
    d = ev.decisions[0]
    frame = candidates_frame(d, "en")
    assert frame["#"].tolist() == list(range(1, len(d.candidates) + 1))
    assert frame["seat's view"].tolist() == [round(c.values["seat"].mean, 2) for c in d.candidates]
    fig = candidates_figure(d, "en")
    assert [tr.name for tr in fig.data] == ["seat's view", "all cards known"]
    seat = fig.data[0]
    assert list(seat.error_y.array) == [2 * c.values["seat"].se for c in d.candidates]
    assert "●" in seat.x[0]  # the choice made is the first candidate
    assert "★" in seat.x[d.loss.best]


def test_a_clicked_point_picks_its_decision():
    # a point's x is the event's number (from 1); the decision is found by its index in the log (from 0)
    assert decision_from_selection({"selection": {"points": [{"x": 41, "y": 2.5}]}}) == 40
    # its customdata, where the point carries one, is the decision's index itself
    assert decision_from_selection({"selection": {"points": [{"x": 41, "y": 2.5, "customdata": 40}]}}) == 40
    assert decision_from_selection({"selection": {"points": [{"x": 271, "customdata": [270]}, {"x": 269}]}}) == 270
    assert decision_from_selection({"selection": {"points": []}}) is None
    assert decision_from_selection(None) is None
    assert CHART == "eval_chart"


# -- the Replay page's panel ------------------------------------------------------------------------


def test_the_replay_page_shows_the_decision_priced(stored, evaluations):
    deal_id, rep = stored["gouji"]
    ev = evaluations["gouji"]
    d = next(x for x in ev.decisions if x.seat == 0)
    at = _page("replay", deal_id, d.index + 1, lang="zh")
    _ok(at)
    assert any(m.value.startswith("**评估**") for m in at.markdown)
    frames = [f.value for f in at.dataframe if "候选" in f.value.columns]
    assert len(frames) == 1 and len(frames[0]) == len(d.candidates)
    # a step whose event was not priced: no panel
    unpriced = next(i for i in range(len(rep.log.events)) if ev.at(i) is None)
    at = _page("replay", deal_id, unpriced + 1, lang="zh")
    _ok(at)
    assert not any(m.value.startswith("**评估**") for m in at.markdown)
    # another seat's view hides the candidates (they show seat 0's cards); in Chinese, since the view
    # selector's labels follow the session's language and AppTest formats them outside the run
    at = _page("replay", deal_id, d.index + 1, lang="zh")
    at.selectbox(key="replay_viewer").set_value(3).run()
    _ok(at)
    assert not any("候选" in f.value.columns for f in at.dataframe)
    at.selectbox(key="replay_viewer").set_value(0).run()
    assert any("候选" in f.value.columns for f in at.dataframe)


def test_the_page_runs_in_the_app_frame(stored):

    deal_id, _ = stored["gouji"]
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.session_state["deal_id"] = deal_id
    at.session_state["step"] = 5
    at.run()
    pages = {info.get("url_pathname"): h for h, info in at._registered_pages.items()}
    urls = list(pages)
    assert urls.index("evaluation") == urls.index("coach") + 1
    at._page_hash = pages["evaluation"]
    at.run()
    _ok(at)
    assert at.header and "评估" in at.header[0].value
