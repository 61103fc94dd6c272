"""Score sheets and the Season page in a real browser (issue 38, items 1-4): ``streamlit run app.py`` over a small
season of score sheets, driven by Debian's Chromium through Playwright (the helpers of ``docs/screenshots/take.py``).

- The Library's score-sheet form: the players typed, the seats clicked in the order of their places, an impossible
  sheet (a 革命 seat out of its place) refused with its rule, then a good one stored.
- The Season page: the leaderboard and the ratings' chart drawn; a player chosen, the partners' tab shows its table.

Skipped only when /usr/bin/chromium is missing and CI is not "true".
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import HAVE_CHROMIUM, MISSING, needs_chromium, take

WAIT = 30_000
NAMES = ["Ann", "Bo", "Cai", "Dong", "Eve", "Fei"]

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from data.database import open_db
    from data.sheets import import_sheets

    assert HAVE_CHROMIUM, MISSING
    url = f"sqlite:///{tmp_path_factory.mktemp('e2e_sheets') / 'season.db'}"
    engine = open_db(url)
    rows = "".join(f"gouji,2026-11-0{1 + k % 5},Cup,{','.join(NAMES)},{order}\n" for k, order in enumerate(
        ["0 2 4 1 3 5", "1 3 5 0 2 4", "0 1 2 3 4 5", "2 0 4 3 1 5", "5 3 1 4 2 0", "0 4 2 5 3 1"]))  # fmt: skip
    results = import_sheets(engine, "game,date,match,seat0,seat1,seat2,seat3,seat4,seat5,finish\n" + rows, "s.csv")
    assert all(r.status == "added" for r in results)
    engine.dispose()
    with take.serve(url) as base:
        yield base


def _places(page: Any, order: list[int]) -> None:
    """Click the seats into the places' select, in order."""
    box = page.locator('[class*="st-key-sheet_"][class*="_finish"] [role="combobox"]').first
    for seat in order:
        box.click()
        page.get_by_role("option", name=f"seat {seat} {NAMES[seat]}", exact=True).click()
        take.wait_idle(page, 200)
    page.keyboard.press("Escape")  # the select's list closed
    take.wait_idle(page, 200)


def _store(page: Any) -> None:
    page.locator('[class*="st-key-sheet_"][class*="_send"] button').first.click()
    take.wait_idle(page, 300)


def test_a_sheet_entered_by_clicking_the_places(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, server)
        take.set_language(page, "en")
        page.locator(".st-key-sheet_box summary").first.click()
        expect(page.get_by_text("Places: click the seats in order")).to_be_visible(timeout=WAIT)
        for seat, name in enumerate(NAMES):
            field = page.get_by_label(f"seat {seat}", exact=True)
            field.fill(name)
            field.press("Tab")
            take.wait_idle(page, 150)
        page.locator('[class*="st-key-sheet_"][class*="_revolution"] [role="combobox"]').first.click()
        page.get_by_role("option", name="seat 4 Eve", exact=True).click()
        _places(page, [0, 3, 2, 1, 5, 4])  # the 革命 seat last: against GJ-REVOLUTION
        _store(page)
        expect(page.get_by_text("[GJ-REVOLUTION]")).to_be_visible(timeout=WAIT)
        # mend the order: the 革命 seat 4th (clear the places, click them again)
        page.locator('[class*="st-key-sheet_"][class*="_finish"] [aria-label*="Clear all"], '
                     '[class*="st-key-sheet_"][class*="_finish"] [title*="Clear all"]').first.click()  # fmt: skip
        take.wait_idle(page, 200)
        _places(page, [0, 3, 2, 4, 5, 1])
        _store(page)
        expect(page.get_by_text("Stored as deal 7.")).to_be_visible(timeout=WAIT)


def test_the_season_page_draws_its_ratings_and_partners(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, server)
        take.set_language(page, "en")
        take.goto(page, "Season")
        expect(page.get_by_role("heading", name="Season")).to_be_visible(timeout=WAIT)
        expect(page.locator('[data-testid="stDataFrame"]').first).to_be_visible(timeout=WAIT)
        expect(page.locator(".js-plotly-plot, .plotly, [data-testid='stPlotlyChart']").first).to_be_visible(
            timeout=WAIT
        )
        page.locator(".st-key-season_player [role='combobox']").first.click()
        page.get_by_role("option", name="Ann", exact=True).click()
        take.wait_idle(page, 300)
        take.show_tab(page, "Partners and opponents")
        expect(page.get_by_role("heading", name="Partners (same side)")).to_be_visible(timeout=WAIT)
