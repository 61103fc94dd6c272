"""The dashboard in a real browser: ``streamlit run app.py`` over a sample library, driven by Debian's
Chromium through Playwright (sync API).

Open the app, open a sample deal from the Library, go to Replay, note the table, press the next-step
button, check that the table changed, and save a screenshot (into the test's temporary folder, and
into docs/screenshots/ when UPDATE_SCREENSHOTS=1). Skipped only when /usr/bin/chromium is missing
and CI is not "true": under CI (``.ci/run`` installs Debian's ``chromium``) it must run.

The server and browser helpers live in ``docs/screenshots/take.py``, which takes the README's
pictures the same way.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("fupan_take", ROOT / "docs" / "screenshots" / "take.py")
assert _spec is not None and _spec.loader is not None
take = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(take)

HAVE_CHROMIUM = Path(take.CHROMIUM).exists()
UNDER_CI = os.environ.get("CI") == "true"

pytestmark = pytest.mark.skipif(
    not HAVE_CHROMIUM and not UNDER_CI,
    reason=f"{take.CHROMIUM} is missing (Debian: apt-get install chromium); under CI=true this test runs",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The dashboard over a fresh SQLite file holding the shipped samples; its base URL."""
    assert HAVE_CHROMIUM, f"{take.CHROMIUM} is missing: .ci/run installs Debian's chromium"
    folder = tmp_path_factory.mktemp("e2e")
    url = f"sqlite:///{folder / 'samples.db'}"
    assert take.fill_samples(url) >= 60
    with take.serve(url) as base:
        yield base


def test_open_a_sample_and_step_the_replay(server, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    started = time.monotonic()
    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, server)
        expect(page.locator('[data-testid="stSidebarNavLink"]')).to_have_count(len(take.PAGES))
        take.set_language(page, "en")
        expect(page.get_by_role("heading", name="Library")).to_be_visible()

        take.open_first_deal(page)
        expect(page.get_by_text(re.compile(r"Deal \d+ is open"))).to_be_visible()

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
