"""The dashboard's charts drawn with plotly.js's basic bundle (views/parts/plotly_basic.py; issue 35: a page with
charts within 2 s in a fresh browser), in a real browser: ``streamlit run app.py`` over the shipped samples, Debian's
Chromium through Playwright.

- the bundle is served by Streamlit as the app's static file, as JavaScript, and the Players page's charts load it
  once (not Streamlit's own chart script);
- a chart below the first screen is drawn only when scrolled to; the one in the first screen at once;
- a chart is drawn in the page's font.

Skipped only when /usr/bin/chromium is missing and CI is not "true"; skipped where make could not install the bundle
(no npm), except under CI, where it fails.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from browser import needs_chromium, take

from views.parts import plotly_basic

WAIT = 30_000

pytestmark = [
    needs_chromium,
    pytest.mark.skipif(
        plotly_basic.BUNDLE is None and os.environ.get("CI") != "true", reason="make installed no bundle (no npm)"
    ),
]

FETCHED = "(part) => performance.getEntriesByType('resource').filter((e) => e.name.includes(part)).length"
DRAWN = "(i) => !!document.querySelectorAll('.fp-chart')[i].querySelector('.main-svg')"


def test_the_bundle_is_served_as_javascript(server: Any, browser: Any) -> None:
    base, _ = server
    context = browser.new_context()
    try:
        answer = context.request.get(f"{base}/{plotly_basic.ADDRESS}")
        assert answer.status == 200
        assert answer.headers["content-type"].split(";")[0] in ("text/javascript", "application/javascript")
        assert plotly_basic.BUNDLE is not None and answer.body() == plotly_basic.BUNDLE.read_bytes()
    finally:
        context.close()


def test_charts_below_the_first_screen_are_drawn_when_scrolled_to(server: Any, browser: Any) -> None:
    base, _ = server
    # a short window: the chart by maxim stays below it while the tables above it are still being drawn (in a
    # 1000 px one it was near the window for a moment and drawn, once, in a loaded run)
    short = {"width": take.VIEWPORT["width"], "height": 300}
    context = browser.new_context(viewport=short, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(f"{base}/players?lang=en")
        take.wait_idle(page, 300)
        take.show_tab(page, "Coach's findings")  # two tables, then the chart by maxim
        charts = page.locator(".fp-chart")
        charts.first.wait_for(state="attached")
        take.wait_idle(page, 600)
        last = charts.count() - 1
        below = page.evaluate(f"() => document.querySelectorAll('.fp-chart')[{last}].getBoundingClientRect().top")
        assert below > short["height"] + 200  # the last chart is well below the first screen
        assert not page.evaluate(DRAWN, last)  # ... and not drawn
        charts.nth(last).scroll_into_view_if_needed()
        page.wait_for_function(DRAWN, arg=last)
        style = page.evaluate(
            """(i) => { const c = document.querySelectorAll('.fp-chart')[i];
              return {font: getComputedStyle(c.querySelector('.main-svg text')).fontFamily,
                      page: getComputedStyle(c.parentElement).fontFamily}; }""",
            last,
        )
        assert style["font"].split(",")[0] == style["page"].split(",")[0], style
        assert page.evaluate(FETCHED, plotly_basic.FILE) == 1  # the bundle, once for all the charts
        assert page.evaluate(FETCHED, "PlotlyChart.") == 0  # Streamlit's own chart script never fetched
    finally:
        context.close()
