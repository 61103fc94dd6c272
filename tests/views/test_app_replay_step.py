"""A step on the Replay page (issue 17, item 6): what the stepper runs again at each step reads nothing from the
library; the page's address names the deal and the step; the table is kept per deal, step, view and language;
Streamlit's configuration leaves out the full garbage collection after every run.

The stepper is an ``st.fragment`` whose body is ``views.pages.replay.draw_step``: a step in the browser reruns
that body alone with the arguments of the page's last whole run. AppTest reruns whole scripts, so the test runs
the whole page once and then the body for several steps, counting the SQL statements the app's engine
executes (SQLAlchemy's ``before_cursor_execute`` event).
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from dataclasses import replace

import pytest
import streamlit as st
from app_pages import empty_library, page_ok, run_page, table_of
from paths import ROOT
from streamlit.testing.v1 import AppTest

from data.accounts import add_user, record_decision
from data.importer import import_log
from replay.formats.decisions import Decision, now_utc
from replay.formats.log import Seat
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.pages import replay as replay_page

HOSTILE = "<script>alert(1)</script>"


@pytest.fixture
def library(tmp_path, monkeypatch):
    """A library with a simulated 够级 deal (seat 1 hostile) on whose event 3 a referee decided: (id, Replay)."""
    eng = empty_library(tmp_path, monkeypatch)
    log = simulate_deal(2, "gouji").log
    log = replace(log, seats=tuple(Seat(s.seat, HOSTILE if s.seat == 1 else s.player) for s in log.seats))
    res = import_log(eng, log, "gouji.json")
    assert res.status == "added" and res.deal_id is not None
    add_user(eng, "ref", "a long enough password", "referee")
    decision = Decision(event=3, decision="upheld", text="so it stands", referee="ref", at=now_utc())
    record_decision(eng, res.deal_id, decision, "ref")
    eng.dispose()
    yield res.deal_id, Replay(log)
    st.cache_data.clear()
    st.cache_resource.clear()


def _step_script() -> None:
    """The first run: the whole Replay page. Each later run: the stepper's body alone at the open step, from what
    the first run read, as a fragment's rerun runs it. The SQL statements of each run in session state."""
    import streamlit as st
    from sqlalchemy import event

    from views.pages import replay
    from views.parts.common import engine, need_deal

    st.session_state.setdefault("lang", "zh")
    seen: list[str] = []

    def count(conn, cursor, statement, *rest) -> None:
        seen.append(statement)

    event.listen(engine(), "before_cursor_execute", count)
    try:
        if "on_page" not in st.session_state and st.session_state.get("as_render"):
            # as render gives it to the stepper: read while the stepper draws the whole page's run
            deal = need_deal()
            assert deal is not None
            st.session_state["on_page"] = replay.OnPage(deal.deal_id, deal.rep)
            replay.draw_step(st.session_state["on_page"], st.container(), None)
        elif "on_page" not in st.session_state:
            replay.render()
            deal = need_deal()
            assert deal is not None
            st.session_state["on_page"] = replay.on_page(deal.deal_id, deal.rep)
        else:
            replay.draw_step(st.session_state["on_page"], st.container(), None)
    finally:
        event.remove(engine(), "before_cursor_execute", count)
    st.session_state.setdefault("queries", []).append(seen)


@pytest.mark.parametrize("as_render", [False, True])
def test_a_step_reads_nothing_from_the_library(library, as_render):
    """Also when the page's whole run gives the stepper what it reads as it draws (``OnPage``'s properties,
    read after the table), at step 0 where no evaluation is shown."""
    deal_id, rep = library
    total = len(rep.states) - 1
    at = AppTest.from_function(_step_script, default_timeout=60)
    at.session_state["deal_id"] = deal_id
    at.session_state["step"] = 0
    at.session_state["lang"] = "zh"
    at.session_state["as_render"] = as_render
    at.run()
    page_ok(at)
    assert at.session_state["queries"][0], "the listener saw the whole page read the library"
    decided = False
    for k in (1, 2, 3, 4, 5, 4, 40, total, 0):  # step 4 shows the referee's decision on event 3
        at.session_state["step"] = k
        at.run()
        page_ok(at)
        assert at.session_state["queries"][-1] == [], k
        assert f'data-step="{k}"' in table_of(at)
        decided |= any("so it stands" in w.value for w in (*at.info, *at.warning))
    at.button(key="replay_next").click().run()  # a button's callback, then the step
    page_ok(at)
    assert at.session_state["step"] == 1 and at.session_state["queries"][-1] == []
    assert decided, "the steps drew the decision the page had read"


def test_the_address_opens_the_deal_and_the_step_and_follows_the_steps(library):
    deal_id, rep = library
    at = AppTest.from_function(_page_script, default_timeout=60)
    at.query_params["deal"] = str(deal_id)
    at.query_params["step"] = "7"
    at.run()
    page_ok(at)
    assert at.session_state["deal_id"] == deal_id and at.session_state["step"] == 7
    assert 'data-step="7"' in table_of(at)
    at.button(key="replay_next").click().run()
    assert at.session_state["step"] == 8
    assert at.query_params["deal"] == str(deal_id) and at.query_params["step"] == "8"
    assert 'data-step="8"' in table_of(at)
    # a step past the end is moved within the deal, in the address too
    at = AppTest.from_function(_page_script, default_timeout=60)
    at.query_params["deal"] = str(deal_id)
    at.query_params["step"] = "100000"
    at.run()
    page_ok(at)
    assert at.session_state["step"] == len(rep.states) - 1
    assert at.query_params["step"] == str(len(rep.states) - 1)


def test_an_address_that_names_no_deal_opens_none(library):
    for deal, step in (("nope", "3"), ("999999", "0")):
        at = AppTest.from_function(_page_script, default_timeout=60)
        at.query_params["deal"] = deal
        at.query_params["step"] = step
        at.run()
        page_ok(at)
        assert "牌局库" in at.info[0].value  # "open a deal in the Library first"


def test_the_page_without_an_address_writes_the_open_step_into_it(library):
    deal_id, _ = library
    at = run_page("replay", deal_id, 12)
    page_ok(at)
    assert at.query_params["deal"] == str(deal_id) and at.query_params["step"] == "12"


def _page_script() -> None:
    import streamlit as st

    from views.pages import replay

    st.session_state.setdefault("lang", "zh")
    replay.render()


def test_the_table_is_drawn_once_per_deal_step_view_and_language(library):
    _, rep = library
    drawn: list[tuple[int, int | None, str]] = []
    real = replay_page.games.view(rep.log.game).table_html

    def counting(rep_: Replay, step: int, viewer: int | None, lang: str) -> str:
        drawn.append((step, viewer, lang))
        return real(rep_, step, viewer, lang)

    view = replace(replay_page.games.view(rep.log.game), table_html=counting)
    with replay_page.games.VIEWS.replaced(view):
        first = replay_page.table_of(rep, 5, None, "zh")
        assert replay_page.table_of(rep, 5, None, "zh") == first == real(rep, 5, None, "zh")
        replay_page.table_of(rep, 5, 2, "zh")
        replay_page.table_of(rep, 5, None, "en")
        replay_page.table_of(rep, 5, 2, "zh")
    assert drawn == [(5, None, "zh"), (5, 2, "zh"), (5, None, "en")]


def test_streamlit_leaves_out_the_collection_after_every_run():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["postScriptGC"] is False
    # and Streamlit started in the project's folder reads it
    probe = "from streamlit import config; print(config.get_option('runner.postScriptGC'))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
