"""The dashboard in a real browser: ``streamlit run app.py`` over a sample library, driven by Debian's
Chromium through Playwright (sync API).

Open the app, open a sample deal from the Library, go to Replay, note the table, press the next-step
button, check that the table changed, and save a screenshot (into the test's temporary folder, and
into docs/screenshots/ when UPDATE_SCREENSHOTS=1). On the dispute desk: pick the stored sample dispute
01-burn-after-pass, go to its step 3 (the ruling on its fourth event), download the ruling sheet and find the seed's words in it. Skipped only when /usr/bin/chromium is missing
and CI is not "true": under CI (``.ci/run`` installs Debian's ``chromium``) it must run.

The server and browser helpers live in ``docs/screenshots/take.py``, which takes the README's
pictures the same way.
"""

from __future__ import annotations

import os
import re
import shutil
import time

import pytest
from browser import HAVE_CHROMIUM, MISSING, needs_chromium, take

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The dashboard over a fresh SQLite file holding the shipped samples: its base URL and the file's."""
    assert HAVE_CHROMIUM, MISSING
    folder = tmp_path_factory.mktemp("e2e")
    url = f"sqlite:///{folder / 'samples.db'}"
    assert take.fill_samples(url) >= 60
    with take.serve(url) as base:
        yield base, url


def test_open_a_sample_and_step_the_replay(server, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    started = time.monotonic()
    server, _ = server
    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, server)
        expect(page.locator('[data-testid="stSidebarNavLink"]')).to_have_count(len(take.PAGES))
        take.set_language(page, "en")
        expect(page.get_by_role("heading", name="Library")).to_be_visible()

        take.open_first_deal(page)  # Open goes straight to the Replay page (issue 18, item 6)
        expect(page.get_by_role("heading", name=re.compile(r"^Replay · #\d+"))).to_be_visible()

        take.goto(page, "Replay")
        expect(page.get_by_role("heading", name=re.compile(r"^Replay · #\d+"))).to_be_visible()
        step, before = take.table_state(page)
        assert step == "0"
        assert before.strip()

        take.press_next(page)
        expect(page.locator(".fp-table").first).to_have_attribute("data-step", "1")
        _, after = take.table_state(page)
        assert after != before, "the table did not change after the next-step button"
        assert not page.locator('[data-testid="stException"]').count()

        shot = tmp_path / "replay.png"
        take.shoot(page, shot)
        assert shot.stat().st_size > 10_000
        if os.environ.get("UPDATE_SCREENSHOTS") == "1":
            shutil.copyfile(shot, take.OUT / "e2e-replay.png")
    assert time.monotonic() - started < 60


def _dispute_id(url: str) -> int:
    """The id of the sample dispute 01-burn-after-pass in the library at ``url`` (imported once more: a
    duplicate names the stored deal)."""
    from data.database import open_db
    from data.importer import import_log
    from replay.formats.log import read_log

    engine = open_db(url)
    try:
        result = import_log(engine, read_log(take.DISPUTE), str(take.DISPUTE))
    finally:
        engine.dispose()
    assert result.status == "duplicate" and result.deal_id is not None, result
    return result.deal_id


def test_the_desk_downloads_the_ruling_sheet_of_a_stored_dispute(server, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    started = time.monotonic()
    base, url = server
    deal_id = _dispute_id(url)
    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, base)
        take.goto(page, "争议台")
        expect(page.get_by_role("heading", name="争议台")).to_be_visible()
        take.choose_deal(page, deal_id)
        take.slide_to(page, 3)
        expect(page.get_by_text("记录中的第 4 手", exact=False).first).to_be_visible()
        expect(page.locator("blockquote", has_text="過牌不燒，燒牌優先").first).to_be_visible()
        sheet = take.download_ruling(page, deal_id, 3)
        text = sheet.read_text(encoding="utf-8")
        assert "過牌不燒，燒牌優先" in text
        assert "GJ-BURN" in text and "裁定书" in text
        assert not page.locator('[data-testid="stException"]').count()
        if os.environ.get("UPDATE_SCREENSHOTS") == "1":
            take.shoot(page, take.OUT / "e2e-desk.png")
    assert time.monotonic() - started < 60


def test_the_arrow_keys_step_the_replay_and_the_table_changes_at_once(server):
    """/replay?deal=1&step=3 opens the deal at step 3; → and ← step it (the table at once, drawn ahead; the slider
    and the address when the step's run comes back); → in the slider moves the slider alone, one step."""
    from playwright.sync_api import expect, sync_playwright

    base, _ = server
    wait = 20_000  # what the step's run on the server draws, on a busy machine
    at_step = "s => new URLSearchParams(location.search).get('step') === s"
    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.goto(base + "/replay?deal=1&step=3")
        table = page.locator(".fp-table").first
        slider = page.locator('.st-key-replay_slider input[type="range"]')
        expect(table).to_have_attribute("data-step", "3", timeout=wait)
        take.wait_idle(page)
        drawn = {}
        for key, step in (("ArrowRight", "4"), ("ArrowRight", "5"), ("ArrowLeft", "4")):
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            page.keyboard.press(key)
            expect(table).to_have_attribute("data-step", step, timeout=wait)
            expect(slider).to_have_attribute("aria-valuetext", step, timeout=wait)
            page.wait_for_function(at_step, arg=step, timeout=wait)
            take.wait_idle(page)
            drawn[step] = table.inner_html()
        # the table drawn ahead is the one the step's run draws: nothing differs once it came back
        take.press_next(page)
        expect(slider).to_have_attribute("aria-valuetext", "5", timeout=wait)
        take.wait_idle(page)
        expect(table).to_have_attribute("data-step", "5")
        assert table.inner_html() == drawn["5"]
        # → in the slider moves the slider, one step; the next button's shortcut does not fire there
        slider.focus()
        page.keyboard.press("ArrowRight")
        expect(slider).to_have_attribute("aria-valuetext", "6", timeout=wait)
        expect(table).to_have_attribute("data-step", "6", timeout=wait)
        page.wait_for_function(at_step, arg="6", timeout=wait)
        take.wait_idle(page, 600)
        expect(table).to_have_attribute("data-step", "6")
        assert not page.locator('[data-testid="stException"]').count()
