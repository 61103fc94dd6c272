"""Issue 18, items 1 and 2 in a real browser (Debian's Chromium through Playwright, as tests/views/browser/test_e2e.py): a link
opens the deal, step, view and language it names and a reload keeps them; the language chosen goes into the
address; a finding's link and a timeline point open their step on the Replay page; the keys step the replay
(Home, End, N, P) and their help is shown. Skipped only when /usr/bin/chromium is missing and CI is not "true"."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from browser import ROOT, needs_chromium, take

pytestmark = needs_chromium
WAIT = 20_000  # what a run on the server draws, on a busy machine
DEAL = 1


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The dashboard over a fresh SQLite file holding the shipped samples: (base URL, the first deal's replay, its
    coach's report, the library's URL)."""
    from coach.coach import coach_replay
    from data.database import open_db
    from data.models import Deal
    from replay.formats.log import parse_json_log
    from replay.replay import Replay

    folder = tmp_path_factory.mktemp("e2e-links")
    url = f"sqlite:///{folder / 'samples.db'}"
    assert take.fill_samples(url) >= 60
    engine = open_db(url)
    try:
        from sqlmodel import Session

        with Session(engine) as db:
            deal = db.get(Deal, DEAL)
            assert deal is not None
            rep = Replay(parse_json_log(deal.log_json, "deal 1"))
    finally:
        engine.dispose()
    with take.serve(url) as base:
        yield base, rep, coach_replay(rep), url


def _query(page) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}


def _step_is(page, step: int) -> None:
    from playwright.sync_api import expect

    expect(page.locator(".fp-table").first).to_have_attribute("data-step", str(step), timeout=WAIT)
    page.wait_for_function("s => new URLSearchParams(location.search).get('step') === s", arg=str(step), timeout=WAIT)
    take.wait_idle(page)


def _no_exception(page) -> None:
    assert not page.locator('[data-testid="stException"]').count()


def test_a_link_opens_the_step_the_view_and_the_language_and_a_reload_keeps_them(server):
    from playwright.sync_api import expect, sync_playwright

    base, rep, _, _ = server
    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.goto(base + f"/replay?deal={DEAL}&step=7&view=seat&seat=2&lang=en")
        _step_is(page, 7)
        expect(page.get_by_role("heading", name=f"Replay · #{DEAL}")).to_be_visible()
        seat = rep.log.player(2)
        view = page.get_by_role("combobox", name="View")
        expect(view).to_have_value(f"as seat 2 {seat} saw it")
        assert _query(page) == {"deal": str(DEAL), "step": "7", "view": "seat", "seat": "2", "lang": "en"}
        page.reload()
        _step_is(page, 7)
        expect(page.get_by_role("heading", name=f"Replay · #{DEAL}")).to_be_visible()
        expect(view).to_have_value(f"as seat 2 {seat} saw it")
        # a bad link says what it could not open, and opens the rest
        page.goto(base + f"/replay?deal={DEAL}&step=oops&lang=en")
        expect(page.get_by_text("“oops” is not a whole number", exact=False)).to_be_visible(timeout=WAIT)
        _step_is(page, 0)
        _no_exception(page)


def test_the_language_chosen_goes_into_the_address(server):
    from playwright.sync_api import expect, sync_playwright

    base, _, _, _ = server
    with sync_playwright() as pw, take.browser_page(pw) as page:
        take.open_app(page, base)
        expect(page.get_by_role("heading", name="牌局库")).to_be_visible()
        take.set_language(page, "en")
        expect(page.get_by_role("heading", name="Library")).to_be_visible()
        page.wait_for_function("() => new URLSearchParams(location.search).get('lang') === 'en'", timeout=WAIT)
        page.reload()
        take.wait_idle(page)
        expect(page.get_by_role("heading", name="Library")).to_be_visible(timeout=WAIT)
        _no_exception(page)


def test_a_finding_link_and_a_timeline_point_open_their_step(server):
    from playwright.sync_api import expect, sync_playwright

    base, _, report, _ = server
    first = next(f.index + 1 for f in report.findings if f.index is not None)
    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.goto(base + f"/coach?deal={DEAL}&lang=en")
        take.wait_idle(page)
        link = page.locator('[data-testid="stPageLink"] a', has_text="Open this step").first
        expect(link).to_have_attribute("href", re.compile(rf"replay\?deal={DEAL}&step={first}&lang=en$"))
        link.click()
        _step_is(page, first)
        assert urlparse(page.url).path.endswith("/replay")
        # a point of the timeline: the Replay page at its step
        page.goto(base + f"/timeline?deal={DEAL}&lang=en")
        take.wait_idle(page)
        point = page.locator(".js-plotly-plot .scatterlayer .trace .points path").nth(30)
        point.wait_for(timeout=WAIT)
        point.click(force=True)
        page.wait_for_url(re.compile(r"/replay\?"), timeout=WAIT)
        step = int(_query(page)["step"])
        _step_is(page, step)
        assert _query(page)["deal"] == str(DEAL)
        _no_exception(page)


def test_the_keys_move_the_replay_and_say_what_they_do(server):
    from playwright.sync_api import expect, sync_playwright

    base, rep, report, _ = server
    total = len(rep.states) - 1
    steps = sorted({f.index + 1 for f in report.findings if f.index is not None})
    assert len(steps) >= 2
    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.goto(base + f"/replay?deal={DEAL}&step=0&lang=en")
        _step_is(page, 0)

        def press(key: str, step: int) -> None:
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            page.keyboard.press(key)
            _step_is(page, step)

        press("End", total)
        press("Home", 0)
        press("n", steps[0])
        press("n", steps[1])
        press("p", steps[0])
        press("ArrowRight", steps[0] + 1)
        # the keys' help
        page.locator(".st-key-replay_keys button, [data-testid='stPopover'] button", has_text="Keys").first.click()
        help_ = page.locator('[data-testid="stPopoverBody"]')
        expect(help_).to_contain_text("Home / End", timeout=WAIT)
        expect(help_).to_contain_text("next mistake or blunder")
        _no_exception(page)


def test_b_goes_to_the_next_mistake_by_the_evaluations_grade(server, tmp_path):
    """A 保皇 sample priced for seat 0 (a small stored evaluation); ``b`` goes to its mistakes and blunders in turn."""
    from playwright.sync_api import sync_playwright

    from coach.evaluate import evaluate_replay
    from coach.prices import Settings
    from data.database import open_db
    from data.evaluations import save_evaluation
    from data.importer import import_log
    from replay.formats.log import read_log
    from replay.replay import Replay

    base, _, _, url = server
    sample = ROOT / "data" / "samples" / "baohuang" / "baohuang-2026-09-03-d1.json"
    log = read_log(sample)
    ev = evaluate_replay(Replay(log), Settings(rollouts=8, views=("all",)), jobs=1, seats=[0])
    mistakes = sorted(d.index + 1 for d in ev.decisions if d.grade in ("mistake", "blunder"))
    assert len(mistakes) >= 2
    engine = open_db(url)
    try:
        found = import_log(engine, log, str(sample))
        assert found.deal_id is not None
        save_evaluation(engine, found.deal_id, ev)
    finally:
        engine.dispose()
    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.goto(base + f"/replay?deal={found.deal_id}&step=0&lang=en")
        _step_is(page, 0)
        for step in mistakes[:2]:
            page.evaluate("() => document.activeElement && document.activeElement.blur()")
            page.keyboard.press("b")
            _step_is(page, step)
        _no_exception(page)
