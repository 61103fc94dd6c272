"""Issue 33, items 1-6, in a real browser: the attacker of a club's served dashboard (Debian's Chromium through
Playwright, the server on 127.0.0.1 only). One server for the module over a fresh SQLite library holding the
shipped samples and one referee account (``REFEREE``, ``PASSWORD``); each test plays one attack and checks that it
fails, and that the honest visitor beside it still works. Skipped only when /usr/bin/chromium is missing and CI is
not "true".

Sections (one per item; each helper of the issue adds its own):
1. session takeover; 2. Markdown from player names; 3. the upload cap on the server; 4. sign-in attempts;
5. anonymous evaluations; 6. a large paste and its Coach page."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from browser import needs_chromium, take

pytestmark = needs_chromium
WAIT = 20_000  # what a run on the server draws, on a busy machine
REFEREE, PASSWORD = "referee-li", "a long enough password"


@dataclass(frozen=True)
class Served:
    """The dashboard under attack: its base URL (http://127.0.0.1:PORT) and its library's URL."""

    base: str
    db_url: str


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The dashboard over a fresh SQLite library with the samples and one referee account."""
    from data.accounts import add_user
    from data.database import open_db

    folder = tmp_path_factory.mktemp("e2e-attack")
    url = f"sqlite:///{folder / 'attack.db'}"
    assert take.fill_samples(url) >= 60
    engine = open_db(url)
    try:
        add_user(engine, REFEREE, PASSWORD, "referee")
    finally:
        engine.dispose()
    with take.serve(url) as base:
        assert base.startswith("http://127.0.0.1:")  # never another address
        yield Served(base, url)


def test_the_served_dashboard_answers_on_the_loopback_only(served: Served) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, served.base)
        expect(page.get_by_role("heading", name="牌局库")).to_be_visible(timeout=WAIT)


# 1. Session takeover ---------------------------------------------------------------------------------------------


# 2. Markdown from player names -----------------------------------------------------------------------------------


# 3. The upload cap on the server ---------------------------------------------------------------------------------


# 4. Sign-in attempts ---------------------------------------------------------------------------------------------


# 5. Anonymous evaluations ----------------------------------------------------------------------------------------


# 6. A large paste and its Coach page -----------------------------------------------------------------------------
