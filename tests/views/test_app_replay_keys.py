"""The Replay page's steps moved in the browser (issue 35, point 3; views/parts/live_html.py's ``Steps`` and
``Moves``), under Streamlit's AppTest: what the page gives the browser (the table and the event list of the
``NEAR`` steps either side, the keys and buttons that press a step, the number of the last press taken) and how the
server takes a press (``take_press``: a later press moves the step once, an earlier or a repeated one nothing).
What the browser does with them is tests/views/browser/test_e2e_keys.py's.
"""

from __future__ import annotations

import json

import pytest
import streamlit as st
from app_pages import library_of, page_ok, run_page
from streamlit.testing.v1 import AppTest

from replay.replay import Replay
from replay.simulate import simulate_deal
from views.pages import replay as replay_page
from views.parts.live_html import NAME, taken_key


@pytest.fixture
def deal(tmp_path, monkeypatch):
    """A library holding one simulated 够级 deal: (its id, its replay); Streamlit's caches cleared after."""
    log = simulate_deal(3, "gouji").log
    try:
        yield library_of(tmp_path, monkeypatch, log), Replay(log)
    finally:
        st.cache_data.clear()
        st.cache_resource.clear()


def _given(at: AppTest) -> dict[str, dict]:
    """What each live_html of the page was given, by its key."""
    return {c.proto.id.rsplit("-", 1)[-1]: json.loads(c.proto.json) for c in at.get("bidi_component")
            if c.proto.component_name == NAME}  # fmt: skip


@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_the_browser_is_given_the_steps_near_the_one_shown(deal, where):
    deal_id, rep = deal
    last = len(rep.states) - 1
    step = {"start": 0, "middle": last // 2, "end": last}[where]
    at = run_page("replay", deal_id, step)
    page_ok(at)
    given = _given(at)
    table, events = given["replay_table"], given["replay_events"]
    near = set(range(max(0, step - replay_page.NEAR), min(last, step + replay_page.NEAR) + 1)) - {step}
    for data in (table, events):
        assert data["steps"]["group"] == "replay_table"
        assert (data["steps"]["step"], data["steps"]["last"]) == (step, last)
        assert {s for s, _ in data["steps"]["near"]} == near
    assert f'data-step="{step}"' in table["html"]
    for s, html in table["steps"]["near"]:
        assert f'data-step="{s}"' in html and html == replay_page.table_of(rep, s, None, "zh")
    for s, html in events["steps"]["near"]:
        now = [line for line in html.split("<tr") if 'class="fp-now"' in line]
        assert (now[0].split('data-event="')[1].split('"')[0] if now else None) == (str(s) if s else None)
    # the table takes ← → and the previous / next buttons, a step each, and writes ?step=; the list only follows
    assert table["moves"] == {
        "keys": {"ArrowLeft": -1, "ArrowRight": 1},
        "buttons": {"replay_prev": -1, "replay_next": 1},
        "param": "step",
        "taken": 0,
    }
    assert events["moves"] is None


def _press_script() -> None:
    """Presses sent by the browser, numbered, taken by the server in the order they come (one run)."""
    import streamlit as st

    from views.parts.live_html import take_press

    moved: list[int] = []
    sent = st.session_state["sent"]
    st.session_state["took"] = [take_press("replay_table", target, moved.append) for target in sent]
    st.session_state["moved"] = moved


def test_a_press_is_taken_once_and_never_after_a_later_one():
    at = AppTest.from_function(_press_script)
    at.session_state["sent"] = [
        {"step": 4, "press": 2},
        {"step": 3, "press": 1},  # older than the one taken: a stale value, nothing moves
        {"step": 6, "press": 2},  # the same press again
        None,
        {"step": "7", "press": 3},
        {"press": 3},
        {"step": 7, "press": 3},
    ]
    at.run()
    page_ok(at)
    assert at.session_state["took"] == [True, False, False, False, False, False, True]
    assert at.session_state["moved"] == [4, 7]
    at.session_state["sent"] = [{"step": 1, "press": 3}, {"step": 2, "press": 9}]  # the number is kept
    at.run()
    assert at.session_state["moved"] == [2]


def test_the_page_says_which_press_it_took(deal):
    deal_id, _ = deal
    at = run_page("replay", deal_id, 3)
    at.session_state[taken_key("replay_table")] = 5  # as take_press leaves it
    at.run()
    page_ok(at)
    assert _given(at)["replay_table"]["moves"]["taken"] == 5
