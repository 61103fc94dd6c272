"""The dashboard's own frame as a user's Chromium shows it (issue 18, item 11), served as `make run` serves it
(``.streamlit/config.toml``'s settings, ``client.toolbarMode = "minimal"``): no Deploy button and no main menu
(neither its developer items, rerun, clear cache, nor a viewer's theme, print and record, all in Streamlit's English
whatever the page's language: issue 35, item 6), the tab titled with the
app's name, its icon a PNG that the page's ``link rel=icon`` resolves to. That every page ends with fupan's and the
engine's versions and the library in use, in both languages, is checked on the language walk's every stop
(tests/views/browser/test_e2e_language.py).

tests/views/test_app_chrome.py checks the same settings under AppTest; this one checks what the browser draws. The
server and browser helpers are ``docs/screenshots/take.py``'s; skipped, like tests/views/browser/test_e2e.py, only without
/usr/bin/chromium outside CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import HAVE_CHROMIUM, MISSING, ROOT, needs_chromium, take

pytestmark = needs_chromium

# what the main menu shows a developer, and must not show a user (Streamlit's words, English whatever the page's)
DEVELOPER_ITEMS = ("Rerun", "Clear cache", "Auto rerun", "Deploy", "Developer options")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The dashboard over a fresh SQLite file holding one sample: its base URL."""
    assert HAVE_CHROMIUM, MISSING
    from data.database import open_db
    from data.importer import import_log
    from replay.formats.log import read_log

    folder = tmp_path_factory.mktemp("chrome")
    url = f"sqlite:///{folder / 'club.db'}"
    engine = open_db(url)
    try:
        assert import_log(engine, read_log(take.DISPUTE), str(take.DISPUTE)).deal_id is not None
    finally:
        engine.dispose()
    with take.serve(url) as base:
        yield base


def test_a_user_gets_no_deploy_button_nor_a_main_menu(server: Any) -> None:
    from playwright.sync_api import sync_playwright

    base = server
    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, base)
        assert page.locator('[data-testid="stAppDeployButton"]').count() == 0
        page.locator('[data-testid="stSidebarNav"]').first.wait_for()
        assert page.locator('[data-testid="stMainMenu"], [data-testid="stMainMenuButton"]').count() == 0
        header = page.locator('[data-testid="stHeader"]')
        drawn = header.first.inner_text() if header.count() else ""
        for word in DEVELOPER_ITEMS:
            assert word not in drawn, f"the header offers a user {word!r}: {drawn!r}"
        assert not page.locator('[data-testid="stException"]').count()


def test_the_tab_has_the_apps_title_and_a_png_icon(server: Any) -> None:
    from playwright.sync_api import sync_playwright

    base = server
    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, base)
        page.wait_for_function("() => document.title === '复盘 fupan'")
        icons = page.evaluate("() => [...document.querySelectorAll('link[rel~=\"icon\"]')].map(l => l.href)")
        assert len(icons) == 1, icons
        answer = page.request.get(icons[0])
        assert answer.ok, (icons[0], answer.status)
        assert answer.headers.get("content-type", "").startswith("image/png")
        body = answer.body()
        assert body[:8] == b"\x89PNG\r\n\x1a\n"
        assert body == (ROOT / "views" / "static" / "favicon.png").read_bytes()
