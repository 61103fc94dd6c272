"""The Evaluation page's season run in a real browser (issue 39, item 4): ``streamlit run app.py`` over a small library
of simulated 够级 deals, driven by Debian's Chromium through Playwright. The folded section says how many deals lack an
evaluation; Start runs ``fupan evaluate`` beside the server (its state shown while it goes on, redrawn by itself);
Stop ends it, and what it stored stays (the section then counts fewer deals left, or as many if none was done yet).

Skipped only when /usr/bin/chromium is missing and CI is not "true".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser import HAVE_CHROMIUM, MISSING, needs_chromium, take

WAIT = 60_000
DEALS = 4

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from data.database import open_db
    from data.importer import import_log
    from replay.simulate import simulate_deal

    assert HAVE_CHROMIUM, MISSING
    url = f"sqlite:///{tmp_path_factory.mktemp('e2e_season_job') / 'lib.db'}"
    engine = open_db(url)
    for k in range(DEALS):
        assert import_log(engine, simulate_deal(70 + k, "gouji").log, f"sim{k}").status == "added"
    engine.dispose()
    with take.serve(url) as base:
        yield base


def test_the_season_run_starts_shows_its_state_and_stops(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.goto(f"{server}/evaluation?lang=en")
        take.wait_idle(page)
        page.get_by_text("Price the season (every deal not evaluated yet)").click()
        expect(page.get_by_text(f"{DEALS} deals lack an evaluation")).to_be_visible(timeout=WAIT)
        page.get_by_role("button", name="Start the season's run").click()
        expect(page.get_by_text("The season's run is going on")).to_be_visible(timeout=WAIT)
        expect(page.get_by_text(re.compile(r"\d+ stored, \d+ failed, \d+ left"))).to_be_visible(timeout=WAIT)
        take.wait_idle(page)
        page.get_by_role("button", name="Stop").click()
        expect(page.get_by_text(re.compile(r"^Stopped: "))).to_be_visible(timeout=WAIT)  # redrawn by itself
        expect(page.get_by_role("button", name="Start the season's run")).to_be_visible(timeout=WAIT)
