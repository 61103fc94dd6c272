"""Running one dashboard page under Streamlit's AppTest, as app.py's st.navigation frame runs it."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def page_script(name: str, lang: str = "zh") -> None:
    """One page of the app (the body becomes the AppTest script, so it imports what it needs)."""
    import importlib

    import streamlit as st

    st.session_state.setdefault("lang", lang)
    importlib.import_module(f"views.{name}").render()


def run_page(name: str, deal_id: int | None, step: int = 0, lang: str = "zh", timeout: float = 60) -> AppTest:
    """Page ``views.<name>`` run once with the deal ``deal_id`` open at ``step`` (no deal: None)."""
    at = AppTest.from_function(page_script, kwargs={"name": name, "lang": lang}, default_timeout=timeout)
    if deal_id is not None:
        at.session_state["deal_id"] = deal_id
        at.session_state["step"] = step
    at.session_state["lang"] = lang
    return at.run()
