"""The Evaluation page's season run (issue 39, item 4): the deals left said, a run started on a local Dask cluster,
its state shown while it goes on and when it ends (every deal then evaluated); on a club's server the start is a
referee's, refused to a viewer even when its callback is called."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from app_pages import empty_library
from sqlalchemy import update
from streamlit.testing.v1 import AppTest

from coach.prices import Settings
from data.database import open_db
from data.evaluation_runs import pending
from data.evaluations import settings_key
from data.importer import import_log
from data.season_runs import RUN, Counts, beat, begin_run, end_run
from replay.simulate import simulate_deal
from views.parts import season_job

SMALL = Settings(rollouts=2, max_candidates=2)


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    engine = empty_library(tmp_path, monkeypatch)
    for k in range(2):
        assert import_log(engine, simulate_deal(60 + k, "gouji").log, f"sim{k}").status == "added"
    url = str(engine.url)
    engine.dispose()
    monkeypatch.setattr(season_job, "SETTINGS", SMALL)
    monkeypatch.setattr(season_job, "JOB", [])
    yield url


def page(then: str | None = None) -> None:
    import streamlit as st

    from views.pages import evaluation
    from views.parts import season_job

    st.session_state.setdefault("lang", "en")
    evaluation.render()
    if then == "start":
        season_job._start()  # a forged request: the button need not be on the page


def run(then: str | None = None) -> AppTest:
    at = AppTest.from_function(page, kwargs={"then": then}, default_timeout=60)
    at.session_state["season_job_box"] = True  # the folded section opened
    at = at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def plain(values: Any) -> str:
    return "\n".join(str(getattr(v, "value", "")) for v in values).replace("\\", "")


def test_the_season_run_starts_shows_its_state_and_prices_every_deal(library: str) -> None:
    at = run()
    assert "2 deals lack an evaluation" in plain(at.caption)
    at = next(b for b in at.button if b.label == "Start the season's run").click().run()
    job = season_job.current()
    assert job is not None
    deadline = time.monotonic() + 180
    while not job.ended and time.monotonic() < deadline:
        time.sleep(0.5)
    assert job.ended and not job.error(), job.error()
    at = run()
    assert "Done: 2 stored, 0 failed, 0 left" in plain(at.success)
    assert "0 deals lack an evaluation" in plain(at.caption)
    engine = open_db(library)
    assert pending(engine, SMALL) == []
    engine.dispose()


def test_on_a_club_server_a_viewer_may_not_start_it(library: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FUPAN_ACCESS", "club")
    at = run()
    assert "Start the season's run" not in {b.label for b in at.button}
    forged = run(then="start")
    assert "sign in as a referee or an admin" in forged.session_state["season_job_said"]
    assert season_job.current() is None


def other_run(url: str, *, stale: bool = False, ended: str | None = None) -> int:
    """A run recorded by a process of another machine (the command line on the club's server, another dashboard)."""
    engine = open_db(url)
    run_id = begin_run(engine, settings_key(SMALL), 2, "tcp://club-server:8786", 3)
    beat(engine, run_id, Counts(stored=1))
    if ended:
        end_run(
            engine, run_id, Counts(stored=1, failed=1), ended, "OSError: *disk* full" if ended == "failed" else None
        )
    moved: dict[str, object] = {"host": "club-<b>server</b>", "pid": 4242}
    if stale:
        moved["heartbeat_at"] = datetime.now(UTC) - timedelta(minutes=5)
    with engine.begin() as conn:
        conn.execute(update(RUN).where(RUN.c.id == run_id).values(**moved))
    engine.dispose()
    return run_id


def test_a_run_started_elsewhere_is_shown_going_on_and_none_is_started_beside_it(library: str) -> None:
    other_run(library)
    at = run()
    said = plain(at.info)
    assert "A season's run is going on (started" in said and "on club-<b>server</b>, process 4242" in said
    assert "the cluster tcp://club-server:8786, 3 workers" in said and "1 stored, 0 failed, 1 left (of 2)" in said
    assert "stop it where it runs" in plain(at.caption)
    labels = {b.label for b in at.button}
    assert "Start the season's run" not in labels and "Stop" not in labels  # not this page's to stop
    forged = run(then="start")
    assert "going on already" in forged.session_state["season_job_said"] and season_job.current() is None


def test_an_interrupted_run_is_said_and_a_new_one_may_start(library: str) -> None:
    other_run(library, stale=True)
    at = run()
    assert "has sent no news since" in plain(at.warning) and "1 stored, 0 failed, 1 left (of 2)" in plain(at.warning)
    assert "Start the season's run" in {b.label for b in at.button}


def test_the_last_run_that_ended_is_said_with_its_reason(library: str) -> None:
    other_run(library, ended="failed")
    at = run()
    said = plain(at.caption)
    assert "The last season's run (started" in said and "failed: 1 stored, 1 failed, 0 left (of 2)" in said
    assert "why: OSError: *disk* full" in said
    assert "Start the season's run" in {b.label for b in at.button}
    zh = AppTest.from_function(page, default_timeout=60)
    zh.session_state["season_job_box"] = True
    zh.session_state["lang"] = "zh"
    zh = zh.run()
    assert "上一次整季评估" in plain(zh.caption) and "出错" in plain(zh.caption)
