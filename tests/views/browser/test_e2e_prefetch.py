"""Plotly's chart script (plotly.js's basic bundle, views/parts/plotly_basic.py) fetched before a chart needs it (views/parts/prefetch.py; issue 35: every page in a second),
in a real browser: ``streamlit run app.py`` over the shipped samples, Debian's Chromium through Playwright.

- The Library (no chart) drawn and the browser idle: the chart script has been fetched and run, once, no chart
  drawn yet; the click to the Timeline then draws its chart without fetching the script again.
- A connection that asks to save data: nothing fetched for a page that does not need it.

Skipped only when /usr/bin/chromium is missing and CI is not "true".
"""

from __future__ import annotations

from typing import Any

from browser import needs_chromium, take
from e2e_walk import SAVE_DATA

from views.parts import prefetch

WAIT = 30_000  # what a run of the server draws, on a busy machine

pytestmark = needs_chromium

FETCHED = "(name) => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/' + name)).length"


def _library(browser: Any, server: Any, *scripts: str) -> Any:
    """The Library (no chart) in a new browser context, a 够级 deal opened (the Timeline then draws its chart)."""
    base, deals = server  # the shared fixture's samples (tests/views/browser/conftest.py)
    context = browser.new_context(viewport=take.VIEWPORT, locale="en-US")
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.goto(f"{base}/?deal={deals['gouji'][0]}&lang=en")
    page.wait_for_selector('[data-testid="stSidebarNavLink"]')
    take.wait_idle(page, 300)
    return page


def test_the_chart_script_is_run_once_idle_on_a_page_without_charts(server: Any, browser: Any) -> None:
    chunk = prefetch.FILE  # plotly.js's basic bundle (or Streamlit's chart script, where make could not install it)
    assert chunk is not None
    page = _library(browser, server)
    try:
        page.wait_for_function(FETCHED, arg=chunk, timeout=WAIT)  # fetched with no chart on the page
        page.wait_for_function("(name) => window.__fpPrefetched && window.__fpPrefetched.has(name)", arg=chunk)
        assert not page.locator(".js-plotly-plot").count()
        page.locator('[data-testid="stSidebarNavLink"]', has_text="Timeline").first.click()
        page.wait_for_selector(".js-plotly-plot .main-svg", timeout=WAIT)
        assert page.evaluate(FETCHED, chunk) == 1  # the chart used the script already run, not fetched again
    finally:
        page.context.close()


def test_nothing_is_fetched_ahead_on_a_connection_that_saves_data(server: Any, browser: Any) -> None:
    page = _library(browser, server, SAVE_DATA)
    try:
        page.wait_for_timeout(prefetch.AFTER_MS + 2500)
        assert page.evaluate(FETCHED, prefetch.FILE) == 0
    finally:
        page.context.close()
