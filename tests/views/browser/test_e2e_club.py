"""The club server in a real browser (issue 38, item 5): ``fupan serve`` over a small library with an account of each
role, driven by Debian's Chromium through Playwright.

- A viewer (nobody signed in) walks every page, the dispute desk on a stored deal too, and finds no way to write:
  no file to upload, no form to import, enter a score sheet, delete or restore a deal, or record a ruling.
- A member signs in from the sidebar: the import form and the score-sheet form appear; the delete box does not.
- A referee signs in: the delete box and the ruling's form appear.

Skipped only when /usr/bin/chromium is missing and CI is not "true".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser import HAVE_CHROMIUM, MISSING, needs_chromium, take

WAIT = 30_000
PASSWORD = "红桃A-大王-小王"
WRITES = ("Import and open", "Store the sheet", "Delete this deal", "Restore this deal", "Record the decision")

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from data.accounts import add_user
    from data.database import open_db

    assert HAVE_CHROMIUM, MISSING
    url = f"sqlite:///{tmp_path_factory.mktemp('e2e_club') / 'club.db'}"
    assert take.fill_samples(url) >= 60
    engine = open_db(url)
    for name, role in (("member1", "member"), ("referee1", "referee"), ("admin1", "admin")):
        add_user(engine, name, PASSWORD, role)
    engine.dispose()
    with take.serve(url, timeout=60.0, club=True) as base:
        yield base


def _no_way_to_write(page: Any, where: str) -> None:
    assert page.locator('input[type="file"]').count() == 0, where
    for label in WRITES:
        assert page.get_by_role("button", name=label).count() == 0, (where, label)
    for label in ("Import a deal", "Enter a score sheet", "Delete or restore deals"):
        assert page.get_by_text(label).count() == 0, (where, label)


def _sign_in(page: Any, name: str) -> None:
    with take.in_sidebar(page):
        side = page.locator('[data-testid="stSidebar"]')
        side.get_by_text("Sign in", exact=True).first.click()
        side.get_by_label("Name", exact=True).fill(name)
        side.get_by_label("Password", exact=True).fill(PASSWORD)
        side.get_by_role("button", name="Sign in", exact=True).click()
        take.wait_idle(page)
        side.get_by_text(f"Signed in as {name}").first.wait_for(timeout=WAIT)


def test_a_viewer_finds_no_way_to_import_delete_or_rule(server: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, server)
        take.set_language(page, "en")
        assert page.get_by_text("sign in as a member, a referee or an admin").count() >= 1
        for _, _, title in take.PAGES:
            take.goto(page, title)
            _no_way_to_write(page, title)
        take.goto(page, "Dispute desk")
        take.choose_deal(page, 1)
        take.wait_idle(page, 500)
        _no_way_to_write(page, "the dispute desk on deal 1")
        assert page.get_by_text("A signed-in referee or admin records a decision here").count() >= 1


def test_a_member_may_import_and_a_referee_may_also_delete_and_rule(server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, server)
        take.set_language(page, "en")
        _sign_in(page, "member1")
        take.goto(page, "Library")
        expect(page.get_by_text("Import a deal")).to_be_visible(timeout=WAIT)
        expect(page.get_by_text("Enter a score sheet").first).to_be_visible(timeout=WAIT)
        assert page.get_by_text("Delete or restore deals").count() == 0
        with take.in_sidebar(page):
            page.get_by_role("button", name="Sign out").click()
            take.wait_idle(page)
        _sign_in(page, "referee1")
        take.goto(page, "Library")
        expect(page.get_by_text("Delete or restore deals")).to_be_visible(timeout=WAIT)
        take.goto(page, "Dispute desk")
        take.choose_deal(page, 1)
        expect(page.get_by_role("button", name="Record the decision")).to_be_visible(timeout=WAIT)
