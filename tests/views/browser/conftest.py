"""The fixtures the phone's browser tests share (test_e2e_phone.py, test_e2e_phone_screen.py): the dashboard over the
shipped samples and a deal of each game, one Chromium, a page of it at a phone's size and one at a desktop's."""

from __future__ import annotations

from typing import Any

import pytest
from browser import HAVE_CHROMIUM, MISSING, take
from test_e2e_phone import DESKTOP, PHONE, WAIT


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The dashboard over a fresh SQLite file holding the shipped samples: its base URL and a deal of each game
    ({game: (deal id, number of events)})."""
    assert HAVE_CHROMIUM, MISSING
    folder = tmp_path_factory.mktemp("phone")
    url = f"sqlite:///{folder / 'samples.db'}"
    assert take.fill_samples(url) >= 60
    with take.serve(url) as base:
        yield base, _one_deal_per_game(url)


def _one_deal_per_game(url: str) -> dict[str, tuple[int, int]]:
    from sqlalchemy import text

    from data.database import open_db

    engine = open_db(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text(
                    "SELECT d.id, d.game, COUNT(e.id) FROM deal d JOIN event e ON e.deal_id = d.id "
                    "GROUP BY d.id, d.game ORDER BY d.id"
                )
            ).all()
    finally:
        engine.dispose()
    found: dict[str, tuple[int, int]] = {}
    for deal_id, game, events in rows:
        found.setdefault(game, (int(deal_id), int(events)))
    assert set(found) >= {"gouji", "baohuang", "shengji"}, found
    return found


@pytest.fixture(scope="module")
def playwright() -> Any:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def browser(playwright: Any) -> Any:
    """One headless Chromium for the module, each test making its own contexts (fresh browsers)."""
    chromium = playwright.chromium.launch(executable_path=take.CHROMIUM, headless=True, args=take.CHROMIUM_FLAGS)
    yield chromium
    chromium.close()


@pytest.fixture(scope="module")
def phone_page(playwright: Any) -> Any:
    """A page of Chromium at a phone's size: 390 px wide, touch (one browser for the module). Device scale 1: the
    boxes are measured in CSS pixels, which the scale does not change, and a larger scale only costs the machine
    more pixels to draw."""
    browser = playwright.chromium.launch(executable_path=take.CHROMIUM, headless=True, args=take.CHROMIUM_FLAGS)
    try:
        context = browser.new_context(
            viewport={"width": PHONE, "height": 844}, device_scale_factor=1, is_mobile=True, has_touch=True
        )
        page = context.new_page()
        page.set_default_timeout(WAIT)
        yield page
    finally:
        browser.close()


@pytest.fixture(scope="module")
def desktop_page(playwright: Any) -> Any:
    """A page of Chromium in a desktop's window, 1400 px wide."""
    with take.browser_page(playwright) as page:
        page.set_viewport_size({"width": DESKTOP, "height": 1000})
        page.set_default_timeout(WAIT)
        yield page
