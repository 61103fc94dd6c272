"""Running one dashboard page under Streamlit's AppTest, as app.py's st.navigation frame runs it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest


def page_script(name: str, lang: str = "zh") -> None:
    """One page of the app (the body becomes the AppTest script, so it imports what it needs)."""
    import importlib

    import streamlit as st

    st.session_state.setdefault("lang", lang)
    importlib.import_module(f"views.pages.{name}").render()


def run_page(name: str, deal_id: int | None, step: int = 0, lang: str = "zh", timeout: float = 60) -> AppTest:
    """Page ``views.pages.<name>`` run once with the deal ``deal_id`` open at ``step`` (no deal: None)."""
    at = AppTest.from_function(page_script, kwargs={"name": name, "lang": lang}, default_timeout=timeout)
    if deal_id is not None:
        at.session_state["deal_id"] = deal_id
        at.session_state["step"] = step
    at.session_state["lang"] = lang
    return at.run()


def empty_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """An empty SQLite library in ``tmp_path`` as the app's ``FUPAN_DB``, with Streamlit's caches cleared
    (``views.parts.common.engine`` is a cached resource); returns its engine (dispose it when filled)."""
    import streamlit as st

    from data.database import open_db

    url = f"sqlite:///{tmp_path / 'fupan.db'}"
    monkeypatch.setenv("FUPAN_DB", url)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    st.cache_data.clear()
    st.cache_resource.clear()
    return open_db(url)


def library_of(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, log: Any) -> int:
    """An empty library (``empty_library``) holding ``log`` alone: the stored deal's id."""
    from data.importer import import_log

    engine = empty_library(tmp_path, monkeypatch)
    try:
        res = import_log(engine, log, f"{log.game}.json")
    finally:
        engine.dispose()
    assert res.status == "added" and res.deal_id is not None, res
    return res.deal_id


def page_ok(at: AppTest) -> None:
    """The page ran without an exception."""
    assert not at.exception, [e.value for e in at.exception]


def drawn_html(at: AppTest) -> list[str]:
    """Every piece of HTML the page shows: by ``st.html`` and by ``views.parts.live_html`` (the Replay page's
    table and event list), in the page's order within each."""
    from views.parts.live_html import NAME

    live = [json.loads(c.proto.json)["html"] for c in at.get("bidi_component") if c.proto.component_name == NAME]
    return [h.value for h in at.html] + live


def table_of(at: AppTest, mark: str = 'class="fp-table"') -> str:
    """The one table drawing (``class="fp-table"``; 升级's: ``class="sj-table``) the page shows."""
    htmls = [h for h in drawn_html(at) if mark in h]
    assert len(htmls) == 1
    return htmls[0]


def seat_box(html: str, seat: int) -> str:
    """The HTML of one seat's box in a climbing game's table drawing (``table_of``)."""
    start = html.index(f'data-seat="{seat}"')
    ends = [i for i in (html.find('class="fp-seat', start), html.find('class="fp-mid"', start)) if i != -1]
    return html[start : min(ends)]


def finish_evaluation(at: AppTest, deal_id: int, timeout: float = 120) -> None:
    """Wait for the Evaluation page's background evaluation of the deal to end, then run the page again (unless
    it ended within the run that started it, which then stored or reported it)."""
    from views.pages.evaluation import JOBS_KEY

    job = at.session_state[JOBS_KEY].get(deal_id)
    if job is not None:
        assert job.wait(timeout)
        at.run()
        assert not at.exception, [e.value for e in at.exception]
    assert deal_id not in at.session_state[JOBS_KEY]


def links_to(at: AppTest, page: str = "replay") -> list[dict[str, str]]:
    """The queries of the page's links to ``page`` (``st.page_link``), in the page's order:
    ``[{"deal": "3", "step": "41", "lang": "zh"}, ...]``."""
    from urllib.parse import parse_qsl

    return [
        dict(parse_qsl(e.proto.query_string))
        for e in at.get("page_link")
        if e.proto.page.strip("/").split("?")[0].endswith(page)
    ]


def library_filters(at: AppTest) -> AppTest:
    """Unfold the Library's search and filters (drawn only while their expander is open) and run the page again."""
    from views.pages.library import FILTERS_BOX

    at.session_state[FILTERS_BOX] = True
    at.run()
    page_ok(at)
    return at


def open_tab(at: AppTest, section: str, key: str = "players_tab") -> AppTest:
    """Show the tab of the page's ``section`` (its id: ``views.parts.sections``, where only the tab shown runs) and
    run the page again."""
    from views.parts.sections import open_key

    at.session_state[open_key(key)] = section
    at.run()
    page_ok(at)
    return at


def redrawn(at: AppTest, kind: str, key: str, values: list[Any] | None = None) -> AppTest:
    """Run the page as a browser that drew the widget ``key`` anew without its value sends it: at its default (what
    Streamlit's frontend falls back to; seen on a loaded machine, where the Replay page's slider, whose default was
    0, took the page back to step 0). ``kind``: ``"slider"``, or ``"selectbox"``, ``"radio"`` or ``"button_group"`` (a
    segmented control) whose options are ``values``."""
    if kind == "slider":
        slider = at.slider(key=key)
        slider.set_value(type(slider.value)(slider.proto.default[0]))
    elif kind == "button_group":  # a segmented control (one option picked): its default, the first option if none
        group: Any = at.button_group(key=key)
        assert values is not None, key
        group.set_value(values[group.proto.default[0] if group.proto.default else 0])
    else:
        box: Any = at.selectbox(key=key) if kind == "selectbox" else at.radio(key=key)
        assert values is not None and box.proto.HasField("default"), key
        box.set_value(values[box.proto.default])
    at.run()
    page_ok(at)
    return at
