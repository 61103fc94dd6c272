"""A page's sections as lazy tabs (views/parts/sections.py): only the tab shown runs; the section shown is
remembered by its id, across a change of language; an id no longer offered falls back to the first."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from views.parts.sections import open_key


def _page() -> None:
    import streamlit as st

    from views.parts.sections import Section, lazy_tabs

    st.session_state.setdefault("lang", "zh")
    shown = lazy_tabs(
        "demo", [Section("one", "一", "One"), Section("two", "二", "Two"), Section("three", "三", "Three")]
    )
    st.session_state["ran"] = [*st.session_state.get("ran", []), sorted(k for k, v in shown.items() if v is not None)]
    for id_, tab in shown.items():
        if tab is not None:
            with tab:
                st.write(f"section {id_}")


def _shown(at: AppTest) -> list[str]:
    assert not at.exception, at.exception
    return [m.value for m in at.markdown]


def test_only_the_tab_shown_runs_and_the_first_is_shown_at_first() -> None:
    at = AppTest.from_function(_page).run()
    assert _shown(at) == ["section one"]
    assert [tab.label for tab in at.tabs] == ["一", "二", "三"]
    assert at.session_state["ran"] == [["one"]]


def test_a_tab_chosen_is_shown_and_stays_shown_in_the_other_language() -> None:
    at = AppTest.from_function(_page).run()
    at.session_state["demo_zh"] = "三"  # what a click on the tab sends
    at.run()
    assert _shown(at) == ["section three"]
    assert at.session_state[open_key("demo")] == "three"  # remembered by its id
    at.session_state["lang"] = "en"
    at.run()
    assert _shown(at) == ["section three"]
    assert [tab.label for tab in at.tabs] == ["One", "Two", "Three"]


def test_an_id_not_offered_shows_the_first() -> None:
    at = AppTest.from_function(_page)
    at.session_state[open_key("demo")] = "gone"
    at.run()
    assert _shown(at) == ["section one"]
