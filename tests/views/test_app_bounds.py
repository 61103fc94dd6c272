"""What an anonymous visitor may start on the dashboard, and the Coach page's pages of findings (issue 33, items 5
and 6), under Streamlit's AppTest on a temporary SQLite library (``views/parts/bounds.py``).

A signed-in visitor is played by ``bounds.signed_in`` patched to return a name (the sign-in itself is the dispute
desk's, tested in tests/views/test_app_desk_decisions.py); the evaluation is a fake that waits to be cancelled, so no
rollout runs here (coach/evaluate.py's cancellation: tests/coach/test_evaluate_cancel.py)."""

from __future__ import annotations

import math
import os
import threading
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest
import streamlit as st
from app_pages import empty_library, page_ok, run_page
from paths import ROOT
from processes import long_log, number_in
from streamlit.testing.v1 import AppTest

from coach import evaluate
from coach.evaluate import EvaluationCancelled
from coach.prices import Evaluation, Settings
from data.importer import import_log
from replay.formats.log import parse_log
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.pages import coach as coach_page
from views.pages import evaluation as evaluation_page
from views.parts import bounds
from views.parts.common import MAX_UPLOAD_BYTES

TIMEOUT = 120
APP = str(ROOT / "app.py")


@pytest.fixture
def deals(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """A library with two simulated 够级 deals ("small", "other") and a log of 3,001 events ("long"), by id."""
    eng = empty_library(tmp_path, monkeypatch)
    out = {}
    logs = {"small": simulate_deal(1, "gouji").log, "other": simulate_deal(2, "gouji").log}
    for name, log in (*logs.items(), ("long", parse_log(long_log(3_000), "long"))):
        res = import_log(eng, log, f"{name}.txt")
        assert res.deal_id is not None
        out[name] = res.deal_id
    eng.dispose()
    yield out
    st.cache_data.clear()
    st.cache_resource.clear()


def signed_in_as(monkeypatch: pytest.MonkeyPatch, name: str | None) -> None:
    monkeypatch.setattr(bounds, "signed_in", lambda: name)


def _texts(at: AppTest, kind: str) -> str:
    return "\n".join(e.value for e in getattr(at, kind))


# -- 3. the server's limits ------------------------------------------------------------------------------------------


def test_the_servers_limits_match_the_stated_cap_wherever_the_dashboard_starts() -> None:
    """.streamlit/config.toml's upload limit is the smallest whole MiB (Streamlit's unit there) that takes the
    stated 2,000,000 bytes, and the browser's messages leave room for a 2 MB paste; ``make run``, take.py's
    ``serve`` and the benches start ``streamlit run`` (``views.parts.serve`` for app.py) in the checkout (where Streamlit reads that file) and override
    none of it (the browser test: tests/views/browser/test_e2e_attack.py, section 3)."""
    server = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))["server"]
    mib = 1024 * 1024
    assert MAX_UPLOAD_BYTES <= server["maxUploadSize"] * mib < MAX_UPLOAD_BYTES + mib
    assert 2 * MAX_UPLOAD_BYTES <= server["maxWidgetStateSize"] * 1_000_000 <= server["maxMessageSize"] * 1_000_000
    assert server["maxMessageSize"] < 200  # Streamlit's default
    serve = ROOT / "views" / "parts" / "serve.py"  # make run's and take.py's server: streamlit run app.py in-process
    starts = [
        ROOT / "Makefile",
        ROOT / "docs" / "screenshots" / "take.py",
        serve,
        *sorted((ROOT / "bench").glob("*.py")),
    ]
    for path in starts:
        text = path.read_text(encoding="utf-8")
        for option in ("maxUploadSize", "maxMessageSize", "maxWidgetStateSize", "STREAMLIT_SERVER"):
            assert option not in text, f"{path.name} sets {option}"
    assert "cwd=ROOT" in (ROOT / "docs" / "screenshots" / "take.py").read_text(encoding="utf-8")
    make_run = (ROOT / "Makefile").read_text(encoding="utf-8").split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "-m views.parts.serve" in make_run and "cd " not in make_run
    assert '["streamlit", "run", "app.py", ' in serve.read_text(encoding="utf-8")


# -- 6. a log's events -----------------------------------------------------------------------------------------------


def _deals_stored() -> int:
    return number_in(os.environ["FUPAN_DB"], "select count(*) from deal")


def _import(text: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT).run()
    [area] = [a for a in at.text_area if a.label == "或者粘贴日志文本"]
    area.input(text)
    [send] = [b for b in at.button if b.label == "导入并打开"]
    return send.click().run()


def test_an_anonymous_paste_of_many_events_is_refused_before_it_is_stored(
    deals: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _deals_stored()
    at = _import(long_log(bounds.ANON_EVENTS + 10))
    page_ok(at)
    errors = _texts(at, "error")
    assert f"{bounds.ANON_EVENTS + 11:,}" in errors and f"{bounds.ANON_EVENTS:,}" in errors and "登录" in errors
    assert _deals_stored() == before
    at = _import(long_log(bounds.ANON_EVENTS - 1))  # at the cap: stored
    page_ok(at)
    assert not at.error and _deals_stored() == before + 1


def test_a_signed_in_referee_may_import_a_longer_log(deals: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    signed_in_as(monkeypatch, "referee-li")
    before = _deals_stored()
    at = _import(long_log(bounds.ANON_EVENTS + 500))
    page_ok(at)
    assert not at.error and _deals_stored() == before + 1


def _desk(text: str) -> AppTest:
    at = run_page("dispute", None, timeout=TIMEOUT)
    at.radio(key="dispute_source").set_value("paste").run()
    at.text_area(key="dispute_paste").input(text).run()
    return at


def test_the_desk_checks_an_anonymous_paste_of_many_events_no_further(
    deals: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    at = _desk(long_log(bounds.ANON_EVENTS + 10))
    page_ok(at)
    assert f"{bounds.ANON_EVENTS:,}" in _texts(at, "error")
    assert not at.slider  # nothing replayed: no step to pick
    signed_in_as(monkeypatch, "referee-li")
    at = _desk(long_log(bounds.ANON_EVENTS + 10))
    page_ok(at)
    assert not at.error and at.slider


# -- 6. the Coach page's pages ---------------------------------------------------------------------------------------


def _evidence_boxes(at: AppTest) -> int:
    """The findings drawn: one "证据" (evidence) expander each."""
    return sum(1 for e in at.expander if e.label == "证据")


def test_a_report_of_thousands_of_findings_draws_one_page_of_them(deals: dict[str, int]) -> None:
    total = 3_000  # the long deal's findings: one per event after the lead
    at = run_page("coach", deals["long"], timeout=TIMEOUT)
    page_ok(at)
    assert _evidence_boxes(at) == coach_page.PAGE_SIZE
    pages = math.ceil(total / coach_page.PAGE_SIZE)
    picker = at.number_input(key=coach_page.PAGE)
    assert picker.value == 1 and picker.max == pages
    assert f"共 {total:,} 条" in _texts(at, "caption")
    picker.set_value(pages).run()
    page_ok(at)
    last = total - (pages - 1) * coach_page.PAGE_SIZE
    assert _evidence_boxes(at) == last
    assert f"第 {total - last + 1:,}–{total:,} 条" in _texts(at, "caption")


def test_a_short_report_has_no_page_picker(deals: dict[str, int]) -> None:
    at = run_page("coach", deals["small"], timeout=TIMEOUT)
    page_ok(at)
    assert not [n for n in at.number_input if n.key == coach_page.PAGE]
    assert _evidence_boxes(at) <= coach_page.PAGE_SIZE


# -- 5. evaluations --------------------------------------------------------------------------------------------------


class Runs:
    """A fake ``evaluate_replay``: records each call's settings and arguments, then waits until it is cancelled (or
    ``release`` is set: it returns an empty evaluation)."""

    def __init__(self) -> None:
        self.calls: list[tuple[Settings, dict[str, Any]]] = []
        self.release = threading.Event()
        self.started = threading.Event()

    def __call__(self, replay: Replay, settings: Settings, **kw: Any) -> Evaluation:
        self.calls.append((settings, kw))
        self.started.set()
        while not self.release.wait(0.05):
            if kw["cancel"]():
                raise EvaluationCancelled("the evaluation was cancelled")
        return Evaluation((), settings, replay.engine.n, 0, 0.0, ())


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Iterator[Runs]:
    fake = Runs()
    monkeypatch.setattr(evaluate, "evaluate_replay", fake)
    monkeypatch.setattr(evaluation_page, "JOBS", 0)
    yield fake
    fake.release.set()


def _evaluate(deal_id: int, rollouts: int, at: AppTest | None = None) -> AppTest:
    at = at or run_page("evaluation", deal_id, timeout=TIMEOUT)
    at.number_input(key=evaluation_page.ROLLOUTS).set_value(rollouts)
    return at.button(key=evaluation_page.RUN).click().run()


def _job(at: AppTest, deal_id: int) -> Any:
    return at.session_state[evaluation_page.JOBS_KEY].get(deal_id)


def test_an_anonymous_visitor_may_not_ask_for_many_rollouts_or_a_long_deal(deals: dict[str, int], runs: Runs) -> None:
    at = _evaluate(deals["small"], 500)
    page_ok(at)
    assert f"{bounds.ANON_ROLLOUTS}" in _texts(at, "error") and _job(at, deals["small"]) is None
    at = _evaluate(deals["long"], 2)
    page_ok(at)
    assert f"{bounds.ANON_EVAL_EVENTS:,}" in _texts(at, "error") and _job(at, deals["long"]) is None
    assert not runs.calls
    at = _evaluate(deals["small"], bounds.ANON_ROLLOUTS)
    page_ok(at)
    assert runs.started.wait(10)
    settings, kw = runs.calls[0]
    assert settings.rollouts == bounds.ANON_ROLLOUTS and kw["jobs"] == bounds.ANON_WORKERS and kw["processes"]
    assert settings.budget == bounds.ANON_ROLLOUTS  # no rollouts added beyond the cap where a grade is undecided
    assert "未登录" in _texts(at, "caption")


def test_a_signed_in_referee_may_run_a_larger_evaluation_on_every_core(
    deals: dict[str, int], runs: Runs, monkeypatch: pytest.MonkeyPatch
) -> None:
    signed_in_as(monkeypatch, "referee-li")
    at = _evaluate(deals["small"], 500)
    page_ok(at)
    assert not at.error and runs.started.wait(10)
    settings, kw = runs.calls[0]
    assert settings.rollouts == 500 and kw["jobs"] == 0  # every core
    assert settings.budget == 2000  # the default budget, four times


def test_the_rollouts_added_where_a_grade_is_undecided_count_against_the_anonymous_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert bounds.rollout_budget(20) == bounds.ANON_ROLLOUTS == 50  # 80 by default, capped
    assert bounds.rollout_budget(10) == 40 and bounds.rollout_budget(50) == 50 and bounds.rollout_budget(2) == 8
    signed_in_as(monkeypatch, "referee-li")
    assert bounds.rollout_budget(20) == 0  # the default: four times


def test_one_evaluation_a_session_and_few_a_server(deals: dict[str, int], runs: Runs) -> None:
    at = _evaluate(deals["small"], 4)
    assert runs.started.wait(10)
    job = _job(at, deals["small"])
    at.session_state["deal_id"] = deals["other"]  # the same session opens another deal
    at.run()
    at = _evaluate(deals["other"], 4, at)
    page_ok(at)
    assert f"第 {deals['small']} 局" in _texts(at, "warning") and len(runs.calls) == 1
    job.cancel()
    assert job.wait(10)
    # the server's slots, taken by other sessions
    taken = [bounds.take_slot() for _ in range(bounds.MAX_RUNNING)]
    try:
        assert all(taken) and bounds.take_slot() is None
        other = _evaluate(deals["small"], 4)
        page_ok(other)
        assert "服务器上已经有" in _texts(other, "warning") and len(runs.calls) == 1
    finally:
        for give_back in taken:
            assert give_back is not None
            give_back()
    again = bounds.take_slot()  # every slot given back, the cancelled job's too
    assert again is not None
    again()


def test_the_stop_button_ends_the_run_and_nothing_is_stored(deals: dict[str, int], runs: Runs) -> None:
    at = _evaluate(deals["small"], 4)
    assert runs.started.wait(10)
    job = _job(at, deals["small"])
    at.button(key=evaluation_page.STOP).click().run()
    said_first = _texts(at, "info")  # the run after the click says it when the job has ended by then (often)
    assert job.wait(10) and job.cancelled and isinstance(job.error, EvaluationCancelled)
    at.run()
    page_ok(at)
    # the page says it once, in the first run that finds the job ended: that run or the next
    assert "评估已停止" in said_first + _texts(at, "info") and not at.error
    assert _job(at, deals["small"]) is None


def test_a_job_ends_when_its_session_is_gone(runs: Runs) -> None:
    """The hook the page gives the job: once it says the session is gone, the run is cancelled."""
    from views.parts.evaluation_parts import EvaluationJob

    gone = threading.Event()
    ended = threading.Event()
    rep = Replay(simulate_deal(1, "gouji").log)
    job = EvaluationJob(rep, Settings(), 1, runs, lambda _ev: None, gone=gone.is_set, ended=ended.set).start()
    assert runs.started.wait(10) and not job.wait(0.3)
    gone.set()
    assert job.wait(5) and isinstance(job.error, EvaluationCancelled) and ended.is_set()
