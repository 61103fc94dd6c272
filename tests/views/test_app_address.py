"""Issue 18, items 1 and 2 under AppTest: the page's address (``views.parts.address``) opens the deal, the step,
the view and the language a link names, says what it cannot open (never a traceback), and is written back as the
page changes; every step button has its key (Streamlit's own shortcuts); the finding and mistake jumps land where
the coach and the evaluation say. The browser's side (a link followed, a reload, the keys pressed) is in
tests/views/browser/test_e2e_links.py."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import streamlit as st
from app_pages import empty_library, page_ok, redrawn, table_of
from paths import ROOT
from streamlit.testing.v1 import AppTest

from coach.coach import coach_replay
from data.importer import import_log
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.pages import replay as replay_page
from views.parts import step_jumps


@pytest.fixture
def library(tmp_path, monkeypatch):
    """A library with one simulated 够级 deal: (id, Replay)."""
    eng = empty_library(tmp_path, monkeypatch)
    log = simulate_deal(2, "gouji").log
    res = import_log(eng, log, "gouji.json")
    assert res.status == "added" and res.deal_id is not None
    eng.dispose()
    yield res.deal_id, Replay(log)
    st.cache_data.clear()
    st.cache_resource.clear()


def _app_script(page: str = "replay") -> None:
    """A page as app.py runs it: the address followed, the page, then the address written."""
    import importlib

    import streamlit as st

    from views.parts import address, links

    st.session_state.setdefault("lang", "zh")
    address.follow()
    importlib.import_module(f"views.pages.{page}").render()
    address.show(links.BY_URL[page].query)


def _open(query: dict[str, str], page: str = "replay") -> AppTest:
    at = AppTest.from_function(_app_script, kwargs={"page": page}, default_timeout=60)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    page_ok(at)
    return at


def _query(at: AppTest) -> dict[str, str]:
    return {k: at.query_params[k] for k in at.query_params}


def _said(at: AppTest) -> str:
    return "\n".join(e.value for e in (*at.warning, *at.info, *at.error))


def test_a_link_opens_the_deal_step_view_and_language(library):
    deal_id, rep = library
    query = {"deal": str(deal_id), "step": "5", "view": "seat", "seat": "2", "lang": "en"}
    at = _open(query)
    assert at.session_state["deal_id"] == deal_id and at.session_state["step"] == 5
    assert at.session_state["lang"] == "en" and at.session_state[replay_page.VIEWER] == 2
    assert at.selectbox(key=replay_page.VIEWER).value == 2
    assert at.header[0].value == f"Replay · #{deal_id}"
    assert table_of(at) == replay_page.table_of(rep, 5, 2, "en")
    assert _query(at) == query  # the address says what is shown
    at.run()  # a reload of the same address changes nothing
    assert at.session_state["step"] == 5 and _query(at) == query
    # a browser that draws the view selector anew without its value sends its default: the view shown, not the review
    redrawn(at, "selectbox", replay_page.VIEWER, [replay_page.REVIEW, *range(rep.final.n)])
    assert at.session_state[replay_page.VIEWER] == 2 and _query(at) == query


def test_stepping_and_the_view_are_written_into_the_address(library):
    deal_id, _ = library
    at = _open({"deal": str(deal_id), "step": "3"})
    assert _query(at) == {"deal": str(deal_id), "step": "3", "view": "review", "lang": "zh"}
    at.button(key="replay_next").click().run()
    assert _query(at)["step"] == "4"
    at.selectbox(key=replay_page.VIEWER).set_value(1).run()
    assert _query(at) == {"deal": str(deal_id), "step": "4", "view": "seat", "seat": "1", "lang": "zh"}
    at.selectbox(key=replay_page.VIEWER).set_value(replay_page.REVIEW).run()
    assert _query(at) == {"deal": str(deal_id), "step": "4", "view": "review", "lang": "zh"}
    # the page's own change is not undone by the address it wrote: the step stays where the button put it
    at.button(key="replay_last").click().run()
    assert at.session_state["step"] == int(_query(at)["step"]) > 4


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ({"deal": "abc"}, "abc"),
        ({"deal": "{deal}", "step": "x7"}, "x7"),
        ({"deal": "{deal}", "step": "-3"}, "-3"),
        ({"deal": "99999999999999999999"}, "99999999999999999999"),
        ({"deal": "{deal}", "lang": "fr"}, "fr"),
        ({"deal": "{deal}", "view": "seat", "seat": "9"}, "9"),
        ({"deal": "{deal}", "view": "sideways"}, "sideways"),
        ({"deal": "{deal}", "step": "100000"}, "100000"),
        ({"deal": "99999"}, "99999"),
    ],
)
def test_a_bad_link_says_what_it_could_not_open(library, query, said):
    deal_id, rep = library
    at = _open({k: v.replace("{deal}", str(deal_id)) for k, v in query.items()})
    assert said in _said(at).replace("\\", ""), _said(at)
    assert at.session_state["lang"] == "zh"  # an unknown language leaves the page in the one it had
    if query.get("deal") == "{deal}":  # the rest of the address still opens
        assert at.session_state["deal_id"] == deal_id
        assert 'data-step="' in table_of(at)
    if query.get("step") == "100000":
        assert at.session_state["step"] == len(rep.states) - 1 == int(_query(at)["step"])


def test_a_page_about_no_deal_keeps_only_the_language_in_its_address(library):
    deal_id, _ = library
    at = _open({"deal": str(deal_id), "step": "3", "lang": "en"}, page="library")
    assert at.session_state["deal_id"] == deal_id  # the link opened the deal for the other pages
    assert _query(at) == {"lang": "en"}
    at = _open({"deal": str(deal_id), "step": "3"}, page="scoring")
    assert _query(at) == {"deal": str(deal_id), "lang": "zh"}


def test_every_step_button_has_its_key(library):
    deal_id, rep = library
    at = _open({"deal": str(deal_id), "step": "10"})
    keys = {b.key: b.proto.shortcut for b in at.button if b.key and b.key.startswith("replay_")}
    assert keys == {k: v.lower() for k, v in replay_page.SHORTCUTS.items()}  # as Streamlit sends them
    assert {"home", "end", "left", "right", "n", "p", "b"} == set(keys.values())
    # the keys' help names each of them
    help_text = replay_page.keys_help()
    for keys_, _, _ in replay_page.KEYS_HELP:
        assert keys_ in help_text
    at.button(key="replay_last").click().run()
    assert at.session_state["step"] == len(rep.states) - 1
    at.button(key="replay_first").click().run()
    assert at.session_state["step"] == 0


def test_the_finding_jumps_go_to_the_next_and_previous_finding(library):
    deal_id, rep = library
    steps = step_jumps.finding_steps(coach_replay(rep))
    assert len(steps) >= 3
    at = _open({"deal": str(deal_id), "step": str(steps[1])})
    at.button(key="replay_next_finding").click().run()
    assert at.session_state["step"] == steps[2]
    at.button(key="replay_prev_finding").click().run()
    at.button(key="replay_prev_finding").click().run()
    assert at.session_state["step"] == steps[0]
    assert at.button(key="replay_next_mistake").disabled  # no evaluation stored


def test_the_mistake_jump_follows_the_grades():
    """``b`` goes to the next decision graded a mistake or a blunder, round to the first after the last; an
    inaccuracy or an ungraded decision is passed over."""
    grades = {4: "blunder", 9: "inaccuracy", 12: None, 20: "mistake"}
    ev = SimpleNamespace(decisions=[SimpleNamespace(index=i, grade=g) for i, g in grades.items()])
    assert step_jumps.next_mistake_step(ev, 0) == 5  # the decision at event 4 is shown at step 5
    assert step_jumps.next_mistake_step(ev, 5) == 21
    assert step_jumps.next_mistake_step(ev, 21) == 5
    assert step_jumps.next_mistake_step(None, 0) is None
    none = SimpleNamespace(decisions=[SimpleNamespace(index=3, grade="inaccuracy")])
    assert step_jumps.next_mistake_step(none, 0) is None


def test_the_app_takes_its_language_from_the_address_and_writes_it_back(library):
    """app.py follows the address before its navigation (the pages' titles in the link's language) and writes it
    back after the page (the Library, its default page, holds the language alone)."""

    deal_id, _ = library
    app = str(ROOT / "app.py")
    at = AppTest.from_file(app, default_timeout=60)
    at.query_params["lang"] = "en"
    at.query_params["deal"] = str(deal_id)
    at.run()
    page_ok(at)
    assert at.session_state["lang"] == "en" and at.session_state["deal_id"] == deal_id
    assert at.title[0].value == "Library"
    assert _query(at) == {"lang": "en"}
    redrawn(at, "radio", "lang_switch", ["zh", "en"])  # app.LANG_SWITCH drawn anew without its value: its default
    assert at.session_state["lang"] == "en" and at.title[0].value == "Library"
    at.sidebar.radio[0].set_value("zh").run()  # the sidebar's switch: the address follows it
    assert at.title[0].value == "牌局库" and _query(at) == {"lang": "zh"}
