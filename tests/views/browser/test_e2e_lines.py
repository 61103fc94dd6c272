"""A variation typed on the Replay page (issue 36, item 2), in Chromium: at step 4 of a 够级 deal a pass is typed with
its Chinese action word, "continue by hand" is clicked, and the table goes on from there: step 5 of the variation,
the table saying so, the address naming it (``&var=1``). Skipped, like the other browser tests, only without
/usr/bin/chromium outside CI."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser import HAVE_CHROMIUM, MISSING, needs_chromium, take

pytestmark = needs_chromium

WAIT = 30_000  # a run on a busy machine
STEP = 4


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The dashboard over a fresh SQLite file holding one simulated 够级 deal: its base URL, the deal's id and the
    seat to act at ``STEP``."""
    from data.database import open_db
    from data.importer import import_log
    from replay.replay import Replay
    from replay.simulate import simulate_deal

    assert HAVE_CHROMIUM, MISSING
    url = f"sqlite:///{tmp_path_factory.mktemp('lines') / 'lines.db'}"
    log = simulate_deal(10, "gouji").log
    engine = open_db(url)
    try:
        deal_id = import_log(engine, log, "gouji.json").deal_id
    finally:
        engine.dispose()
    rep = Replay(log)
    actor = sorted(rep.engine.actors(rep.states[STEP]))[0]
    with take.serve(url) as base:
        yield base, deal_id, actor


def test_a_move_typed_continues_the_table(server: Any) -> None:
    from playwright.sync_api import expect, sync_playwright

    base, deal_id, actor = server
    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.set_default_timeout(WAIT)
        page.goto(f"{base}/replay?deal={deal_id}&step={STEP}&lang=zh")
        expect(page.locator(".fp-table").first).to_have_attribute("data-step", str(STEP), timeout=WAIT)
        page.get_by_text(f"从第 {STEP} 步走变着").click()
        box = page.locator(".st-key-lines_moves input")
        box.fill(f"{actor} 过")
        box.press("Enter")
        take.wait_idle(page, 600)
        page.locator(".st-key-lines_by_hand button").click()
        table = page.locator(".fp-table").first
        expect(table).to_have_attribute("data-step", str(STEP + 1), timeout=WAIT)
        expect(page.locator('.fp-line[data-line="variation"]').first).to_contain_text("牌桌：变着（#1）")
        expect(page).to_have_url(re.compile(r"[?&]var=1(&|$)"), timeout=WAIT)
        assert f"step={STEP + 1}" in page.url
