"""A variation entered on the Replay page (issue 36, item 2), in Chromium: at step 4 of a 够级 deal a pass is typed with
its Chinese action word, "continue by hand" is clicked, and the table goes on from there: step 5 of the variation,
the table saying so, the address naming it (``&var=1``). Then by clicking cards, on a desktop's window and on a
phone's (390 px): a card the rules refuse is picked and played (refused with its rule ID, no variation), picked
again to put it back, a legal one picked and played (the table goes on, ``&var=1``); a card of the next seat picked,
and ← still steps the table (the page's keys work after a card was clicked). Skipped, like the other browser
tests, only without /usr/bin/chromium outside CI."""

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
        yield base, deal_id, actor, rep


def test_a_move_typed_continues_the_table(server: Any) -> None:
    from playwright.sync_api import expect, sync_playwright

    base, deal_id, actor, _rep = server
    with sync_playwright() as pw, take.browser_page(pw) as page:
        page.set_default_timeout(WAIT)
        page.goto(f"{base}/replay?deal={deal_id}&step={STEP}&lang=zh")
        expect(page.locator(".fp-table").first).to_have_attribute("data-step", str(STEP), timeout=WAIT)
        # each run over before the next action. The entry was found closed after Enter in three loaded CI runs: the
        # table had gone back to step 0, as the browser, having drawn the step slider anew without its value, sent
        # the slider's default (0); seen again under load with every message the browser sent recorded. The slider's
        # default is now the step shown (tests/views/test_app_replay.py::test_a_slider_drawn_anew_sends_the_step_shown)
        take.wait_idle(page, 300)
        page.get_by_text(f"从第 {STEP} 步走变着").click()
        expect(page.locator(".st-key-lines_by_hand button")).to_be_visible(timeout=WAIT)  # the entry drawn whole
        take.wait_idle(page, 300)
        box = page.locator(".st-key-lines_moves input")
        box.fill(f"{actor} 过")
        expect(box).to_have_value(f"{actor} 过")
        box.press("Enter")
        take.wait_idle(page, 600)
        page.locator(".st-key-lines_by_hand button").click()
        table = page.locator(".fp-table").first
        expect(table).to_have_attribute("data-step", str(STEP + 1), timeout=WAIT)
        expect(page.locator('.fp-line[data-line="variation"]').first).to_contain_text("牌桌：变着（#1）")
        expect(page).to_have_url(re.compile(r"[?&]var=1(&|$)"), timeout=WAIT)
        assert f"step={STEP + 1}" in page.url


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_cards_clicked_enter_a_refused_and_a_legal_move(server: Any, phone: bool) -> None:
    from playwright.sync_api import expect, sync_playwright

    from replay.core.cards import Card
    from replay.core.events import Play
    from views.parts.move_cards import cards_key, hand_cards

    base, deal_id, _actor, rep = server
    step, seat, good, bad = _mixed(rep)
    cards, _ = hand_cards(rep, step, seat)
    with sync_playwright() as pw, take.browser_page(pw, phone=phone) as page:
        page.set_default_timeout(WAIT)
        page.goto(f"{base}/replay?deal={deal_id}&step={step}&lang=zh")
        table = page.locator(".fp-table").first
        expect(table).to_have_attribute("data-step", str(step), timeout=WAIT)
        # each run over before the next click: in a loaded CI run the entry was found closed after a card was clicked
        # while the run that opened it still went on (not seen at idle: 6 of 6 passed)
        take.wait_idle(page, 300)
        page.get_by_text(f"从第 {step} 步走变着").click()
        hand = page.locator(f".st-key-{cards_key('played', step, seat)}")
        expect(hand).to_be_visible(timeout=WAIT)
        take.wait_idle(page, 300)
        if phone:  # the cards wrap within the phone's window: none beyond its right edge
            box = hand.bounding_box()
            assert box is not None and box["x"] + box["width"] <= 390 + 1
        play = page.locator(".st-key-lines_card_play button")
        expect(play).to_be_disabled()  # nothing picked yet
        _pick(page, _card(hand, cards, bad), "没有", "1 张")
        expect(play).to_be_enabled(timeout=WAIT)
        play.click()
        refused = Play(seat, (Card(cards[bad]),))
        rule = rep.engine.step(rep.states[step], refused).rule
        assert rule
        expect(page.locator('[data-testid="stAlertContentError"]').filter(has_text=rule).first).to_be_visible(
            timeout=WAIT
        )
        assert "var=" not in page.url
        take.wait_idle(page, 600)
        _pick(page, _card(hand, cards, bad), "1 张", "没有")  # put back
        expect(play).to_be_disabled(timeout=WAIT)
        _pick(page, _card(hand, cards, good), "没有", "1 张")
        expect(play).to_be_enabled(timeout=WAIT)
        play.click()
        expect(table).to_have_attribute("data-step", str(step + 1), timeout=WAIT)
        expect(page.locator('.fp-line[data-line="variation"]').first).to_contain_text("牌桌：变着（#1）")
        expect(page).to_have_url(re.compile(r"[?&]var=1(&|$)"), timeout=WAIT)
        if not phone:  # a card of the next seat picked, then ← steps the table: the page's keys still work
            next_hand = page.locator(f'[class*="st-key-{CARDS}_var1_{step + 1}_"] button').first
            next_hand.click()
            take.wait_idle(page, 400)
            page.keyboard.press("ArrowLeft")
            expect(table).to_have_attribute("data-step", str(step), timeout=WAIT)


CARDS = "lines_cards"


def _pick(page: Any, card: Any, before: str, after: str) -> None:
    """Click a card of the hand shown until the selection reads ``after`` (it read ``before``). Under make test's load
    (4 pytest workers on 2 cores) a click made as a run ends was seen lost once in CI: the selection still read
    ``before`` a while after (alone: never). Clicked again only then, so a click that counted is never undone."""
    from playwright.sync_api import expect

    said = page.get_by_text("已选：")
    for _ in range(3):
        card.click()
        take.wait_idle(page, 400)
        try:
            expect(said).to_contain_text(after, timeout=10_000)
            return
        except AssertionError:
            take.wait_idle(page, 400)
            expect(said).to_contain_text(before)  # nothing changed: the click was lost
    raise AssertionError(f"three clicks and the selection still reads {before!r}")


def _card(hand: Any, cards: list[str], index: int) -> Any:
    """The card ``index`` of the hand shown (the pills in the hand's order), checked to read as that card."""
    from playwright.sync_api import expect

    from views.parts.table import card_text

    button = hand.locator("button").nth(index)
    expect(button).to_contain_text(card_text(cards[index], "zh"))
    return button


def _mixed(rep: Any) -> tuple[int, int, int, int]:
    """A step whose seat to act holds a single card it may play and one it may not: (step, seat, the legal card's
    index in the hand the page shows, the refused one's)."""
    from replay.core.cards import Card
    from replay.core.events import Play
    from views.parts.move_cards import hand_cards

    for step in range(1, len(rep.log.events)):
        to_act = rep.view(step).to_act
        if len(to_act) != 1:
            continue
        seat = next(iter(to_act))
        cards, _ = hand_cards(rep, step, seat)
        legal = [
            i for i, c in enumerate(cards) if rep.engine.step(rep.states[step], Play(seat, (Card(c),))).rule is None
        ]
        illegal = [i for i in range(len(cards)) if i not in legal]
        if legal and illegal:
            return step, seat, legal[0], illegal[0]
    raise AssertionError("no table with a legal and an illegal single")
