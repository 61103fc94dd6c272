"""Keys as fast as hands (issue 35, point 3), in Debian's Chromium: on the Replay page of a 够级, a 保皇 and a 升级
deal, every press of → or ← is a step (8 presses 60 ms apart move the table 8 steps, at once, and 8 back), the
server's own run (the slider it draws) ends at the same step, the address names it, and a press at the last step
does nothing; each click of the next and previous buttons is a step too. Recorded inside the page (a
MutationObserver on the table's ``data-step``, reading the address in the same task): whenever the table shows a
step, the address names it already (``views.parts.live_html`` writes it before it shows the table).

No time limit here (the machine is shared): the bench (bench/bench_browser.py) times the steps and the address's
lag. The server and browser helpers are docs/screenshots/take.py's; skipped, like the other browser tests, only
without /usr/bin/chromium outside CI.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser import HAVE_CHROMIUM, MISSING, needs_chromium, take

pytestmark = needs_chromium

WAIT = 30_000  # a run on a busy machine
PRESSES, APART_MS = 8, 60
START = 5
SAMPLES = take.ROOT / "data" / "samples"
DEALS = {
    "gouji": SAMPLES / "gouji" / "gouji-2026-09-01-d1.json",
    "baohuang": SAMPLES / "baohuang" / "baohuang-2026-09-03-d1.json",
    "shengji": take.SHENGJI,
}
SLIDER = '.st-key-replay_slider input[type="range"]'

# Every step the table shows, with the address's step read in the same task (before the browser paints).
RECORD = """() => {
  window.__fpShown = [];
  const note = () => {
    const table = document.querySelector('.fp-table');
    const step = table && table.getAttribute('data-step');
    const seen = window.__fpShown;
    if (step === null || (seen.length && seen[seen.length - 1][0] === step)) return;
    seen.push([step, new URLSearchParams(location.search).get('step')]);
  };
  note();
  new MutationObserver(note).observe(document.body,
    {subtree: true, childList: true, attributes: true, attributeFilter: ['data-step']});
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The dashboard over a fresh SQLite file holding the shipped samples: its base URL and, per game, a sample
    deal's id and last step."""
    assert HAVE_CHROMIUM, MISSING
    folder = tmp_path_factory.mktemp("keys")
    url = f"sqlite:///{folder / 'samples.db'}"
    assert take.fill_samples(url) >= 60
    with take.serve(url) as base:
        yield base, {game: _stored(url, path) for game, path in DEALS.items()}


def _stored(url: str, path: Path) -> tuple[int, int]:
    """The id of the sample deal at ``path`` in the library at ``url`` (imported once more: a duplicate names the
    stored deal) and its last step."""
    from data.database import open_db
    from data.importer import import_log
    from replay.formats.log import read_log
    from replay.replay import Replay

    log = read_log(path)
    engine = open_db(url)
    try:
        result = import_log(engine, log, str(path))
    finally:
        engine.dispose()
    assert result.status == "duplicate" and result.deal_id is not None, result
    return result.deal_id, len(Replay(log).states) - 1


def _at(page: Any) -> tuple[str | None, str | None]:
    """The step the table shows and the step the address names."""
    table, address = page.evaluate(
        "() => [document.querySelector('.fp-table').getAttribute('data-step'),"
        " new URLSearchParams(location.search).get('step')]"
    )
    return table, address


def _settled_at(page: Any, step: int) -> None:
    """The server's run drew ``step`` (its slider) and is over; the table and the address are at ``step``."""
    from playwright.sync_api import expect

    expect(page.locator(SLIDER)).to_have_attribute("aria-valuetext", str(step), timeout=WAIT)
    take.wait_idle(page, 600)
    expect(page.locator(SLIDER)).to_have_attribute("aria-valuetext", str(step))
    assert _at(page) == (str(step), str(step))


def _presses(page: Any, key: str) -> None:
    for _ in range(PRESSES):
        page.keyboard.press(key)
        page.wait_for_timeout(APART_MS)


@pytest.mark.parametrize("game", list(DEALS))
def test_every_press_is_a_step_and_the_address_follows_the_table(server: Any, game: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    base, deals = server
    deal_id, last = deals[game]
    assert last > START + PRESSES
    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.set_default_timeout(WAIT)
        page.goto(f"{base}/replay?deal={deal_id}&step={START}&lang=en")
        table = page.locator(".fp-table").first
        expect(table).to_have_attribute("data-step", str(START), timeout=WAIT)
        take.wait_idle(page, 600)
        page.evaluate(RECORD)
        page.evaluate("() => document.activeElement && document.activeElement.blur()")

        _presses(page, "ArrowRight")
        assert _at(page)[0] == str(START + PRESSES), "a press was lost: the table is not 8 steps on"
        _settled_at(page, START + PRESSES)
        _presses(page, "ArrowLeft")
        assert _at(page)[0] == str(START), "a press was lost: the table is not 8 steps back"
        _settled_at(page, START)

        # each click of the buttons is a step, however fast
        for _ in range(3):
            page.locator(".st-key-replay_next button:visible").first.click()
        assert _at(page)[0] == str(START + 3)
        _settled_at(page, START + 3)
        page.locator(".st-key-replay_prev button:visible").first.click()
        _settled_at(page, START + 2)

        shown = page.evaluate("() => window.__fpShown")
        steps = [int(step) for step, _ in shown]
        assert steps[: 2 * PRESSES + 1] == [
            *range(START, START + PRESSES + 1),
            *range(START + PRESSES - 1, START - 1, -1),
        ], steps
        late = [(step, said) for step, said in shown if said != step]
        assert not late, f"the table showed a step before the address named it: {late}"

        # a press at the last step does nothing
        page.goto(f"{base}/replay?deal={deal_id}&step={last}&lang=en")
        expect(table).to_have_attribute("data-step", str(last), timeout=WAIT)
        take.wait_idle(page, 600)
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.keyboard.press("ArrowRight")
        take.wait_idle(page, 600)
        _settled_at(page, last)
        assert not page.locator('[data-testid="stException"]').count()


def test_keys_keep_working_after_a_select_or_a_radio_is_used(server: Any) -> None:
    """Issue 36: the view picker (a select) or the language switch (a radio) just used keeps the focus, and the
    page's ← → still step, every press (8 presses 60 ms apart: 8 steps)."""
    from playwright.sync_api import expect, sync_playwright

    base, deals = server
    deal_id, last = deals["gouji"]
    assert last > START + 2 * PRESSES
    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.set_default_timeout(WAIT)
        page.goto(f"{base}/replay?deal={deal_id}&step={START}&lang=en")
        expect(page.locator(".fp-table").first).to_have_attribute("data-step", str(START), timeout=WAIT)
        take.wait_idle(page, 600)
        # the view picker: opened, an option chosen; the focus stays in its (closed) box
        picker = page.locator(".st-key-replay_viewer [role='combobox']:visible").first
        picker.click()
        page.locator("[role='option']:visible").nth(1).click()
        take.wait_idle(page, 600)
        assert page.evaluate("() => document.activeElement.getAttribute('role')") == "combobox"
        _presses(page, "ArrowRight")
        assert _at(page)[0] == str(START + PRESSES), "a press after the view picker was lost or swallowed"
        _settled_at(page, START + PRESSES)
        # the language switch (a radio in the sidebar): its arrows are the page's now, not the radio's
        page.locator(
            ".st-key-lang_switch label", has_text="中文"
        ).click()  # the page in Chinese, the focus on the radio
        take.wait_idle(page, 600)
        assert page.evaluate("() => document.activeElement.getAttribute('type')") == "radio"
        _presses(page, "ArrowLeft")
        assert _at(page)[0] == str(START), "a press after the language switch was lost or swallowed"
        _settled_at(page, START)
        assert page.locator(".st-key-lang_switch input:checked").get_attribute("value") == "0"  # the radio kept 中文
        assert "lang=zh" in page.url
        assert not page.locator('[data-testid="stException"]').count()
