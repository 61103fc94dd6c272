"""views.parts.prefetch (issue 35: every page in a second): plotly's chart script, fetched and run by the browser
before a chart needs it. The file named is the one the charts load: plotly.js's basic bundle where make installed
it (views/parts/plotly_basic.py), else the one Streamlit's own main script imports lazily for a chart; every page
mounts the component once, in the sidebar, at once on a page that draws charts and once idle on the others.
tests/views/browser/test_e2e_prefetch.py sees the browser run it; bench/bench_pages.py measures what it saves."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import streamlit as st
from paths import ROOT
from streamlit.testing.v1 import AppTest

from views.parts import links, plotly_basic, prefetch


def test_the_chunk_is_the_one_streamlits_main_script_imports_for_a_plotly_chart() -> None:
    assert prefetch.CHUNK is not None and prefetch.CHUNK.startswith("PlotlyChart.")
    folder = Path(st.__file__).resolve().parent / "static" / "static" / "js"
    mains = list(folder.glob("index.*.js"))
    assert any(f'"./{prefetch.CHUNK}"' in main.read_text(encoding="utf-8") for main in mains)


def test_the_pages_marked_as_drawing_charts_are_those_that_draw_with_figures_show() -> None:
    for entry in links.PAGES:
        module = importlib.import_module(f"views.pages.{entry.module}")
        source = Path(str(module.__file__)).read_text(encoding="utf-8")
        assert entry.charts == ("from views.parts.figures import" in source), entry.url_path


def test_a_page_without_charts_mounts_the_component_once_in_the_sidebar_to_load_when_idle(library: Path) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()  # the Library: no chart
    assert not at.exception
    found = [c for c in at.get("bidi_component") if c.proto.component_name.endswith(prefetch.NAME)]
    assert len(found) == 1
    data = {"file": prefetch.FILE, "script": prefetch.FILE == plotly_basic.ADDRESS, "now": False}
    assert json.loads(found[0].proto.json) == {**data, "after": prefetch.AFTER_MS}
    assert not [c for c in at.main.get("bidi_component") if c.proto.component_name.endswith(prefetch.NAME)]


def test_the_file_fetched_ahead_is_the_one_the_charts_load() -> None:
    if plotly_basic.BUNDLE is not None:
        assert prefetch.FILE == plotly_basic.ADDRESS
    else:
        assert prefetch.FILE == prefetch.CHUNK
