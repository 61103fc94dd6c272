"""The Library and the downloads in a real browser (issue 18, items 6 and 8): ``streamlit run app.py`` over the
shipped samples, driven by Debian's Chromium through Playwright (the helpers of ``docs/screenshots/take.py``).

- Search the Library, select a row of the table: the deal opens at step 0 on the Replay page (``/replay``).
- The Library's CSV download: every deal the search leaves, UTF-8 with a BOM, the table's columns.
- The Replay page's HTML report download: one self-contained page of the opened deal.
- A chart's PNG, by plotly's own tool bar button: a real PNG file, larger than 1 kB, named after the chart.

Skipped only when /usr/bin/chromium is missing and CI is not "true".
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from browser import HAVE_CHROMIUM, MISSING, needs_chromium, take

WAIT = 30_000  # what a run of the server draws, on a busy machine

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    assert HAVE_CHROMIUM, MISSING
    folder = tmp_path_factory.mktemp("e2e_library")
    url = f"sqlite:///{folder / 'samples.db'}"
    assert take.fill_samples(url) >= 60
    with take.serve(url) as base:
        yield base


def _download(page: Any, selector: str) -> Any:
    with page.expect_download(timeout=WAIT) as info:
        page.locator(selector).first.click()
    return info.value


def test_search_select_a_row_and_download_the_csv_and_the_report(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, server)
        take.set_language(page, "en")
        page.locator(".st-key-library_filters summary").first.click()  # the filters are folded away below the list
        box = page.locator(".st-key-library_search input")
        box.fill("tea")  # nothing: then a word of the samples' venue
        box.press("Enter")
        take.wait_idle(page)
        expect(page.get_by_text("No deal matches the filters.")).to_be_visible(timeout=WAIT)
        box.fill("")
        box.press("Enter")
        take.wait_idle(page)
        caption = page.get_by_text(re.compile(r"^\d+ deals \(of \d+ in the library\)")).first
        expect(caption).to_be_visible(timeout=WAIT)
        count = int(caption.inner_text().split(" ")[0])

        csv = _download(page, ".st-key-library_csv button")
        assert csv.suggested_filename == "fupan-library.csv"
        data = Path(csv.path()).read_bytes()
        assert data.startswith("\ufeff".encode())
        table = pd.read_csv(io.BytesIO(data), encoding="utf-8-sig")
        assert len(table) == count  # every deal, not the page shown
        assert list(table.columns[:3]) == ["ID", "Game", "Profile"]

        grid = page.locator('[data-testid="stDataFrame"]').first
        grid.scroll_into_view_if_needed()
        grid.wait_for()
        first_id = int(table["ID"].iloc[0])
        shown = grid.bounding_box()
        assert shown is not None
        page.mouse.click(shown["x"] + 18, shown["y"] + 35 + 17)  # the first row's selection box
        expect(page.get_by_role("heading", name=f"Replay · #{first_id}")).to_be_visible(timeout=WAIT)
        assert "/replay" in page.url
        expect(page.locator(".fp-table").first).to_have_attribute("data-step", "0", timeout=WAIT)
        take.wait_idle(page)

        report = _download(page, ".st-key-replay_report button")
        assert report.suggested_filename == f"fupan-deal{first_id}-report.html"
        text = Path(report.path()).read_text(encoding="utf-8")
        assert text.startswith("<!DOCTYPE html>") and f"Deal report · #{first_id}" in text
        assert "<script" not in text and "http" not in text  # self-contained
        assert not page.locator('[data-testid="stException"]').count()


def test_a_charts_png_by_plotlys_own_button(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, server)
        take.goto(page, "牌手")
        take.show_tab(page, "名次分布")
        chart = page.locator(take.CHART).first
        expect(chart).to_be_visible(timeout=WAIT)
        chart.scroll_into_view_if_needed()
        chart.hover()
        button = chart.locator('.modebar-btn[data-title*="png" i]').first
        expect(button).to_be_attached(timeout=WAIT)
        with page.expect_download(timeout=WAIT) as info:
            button.click(force=True)
        png = info.value
        assert re.fullmatch(r"fupan-players-\w+-\w+\.png", png.suggested_filename), png.suggested_filename
        data = Path(png.path()).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 1024
        assert not chart.locator(".modebar-btn--logo").count()  # no plotly logo
        assert not chart.locator('.modebar-btn[data-title^="Share"]').count()  # nor plotly's cloud


def test_import_and_open_opens_the_deal_it_imported(server: str) -> None:
    """Issue 36: the Library's "import and open" shows the deal it imported on the Replay page, at step 0, and says
    what the import did there."""
    from playwright.sync_api import expect, sync_playwright

    from replay.simulate import simulate_deal

    text = simulate_deal(36, "gouji").log.dumps()
    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.set_default_timeout(WAIT)
        page.goto(f"{server}/?lang=en")
        take.wait_idle(page)
        box = page.locator("textarea[aria-label='Or paste the log text']")
        if not box.is_visible():  # the form is folded away while the library holds deals
            page.locator("summary", has_text="Import a deal").first.click()
        box.fill(text)
        page.get_by_role("button", name="Import and open").click()
        expect(page).to_have_url(re.compile(r"/replay\?.*deal=\d+"), timeout=WAIT)
        deal = re.search(r"deal=(\d+)", page.url)
        assert deal is not None
        expect(page.get_by_text(f"added as deal {deal.group(1)}")).to_be_visible(timeout=WAIT)
        expect(page.locator(".fp-table").first).to_have_attribute("data-step", "0", timeout=WAIT)
        assert re.search(r"[?&]step=0\b", page.url), page.url
        assert not page.locator('[data-testid="stException"]').count()
