"""The dashboard on a phone and on a desktop, in Debian's Chromium (issue 18, item 5): at 390 px wide (a phone)
and at 1400 px, the Replay page of a 够级, a 保皇 and a 升级 deal at several steps draws every seat's box, the middle and the event list inside the window's width, no two of those boxes overlapping; 上一手 stays in
the middle's box, a seat that went out is drawn opaque, and nothing makes the page scroll sideways, on the Replay
page nor on any other page.

The boxes are measured in the page (``getBoundingClientRect``), so the test speaks of what the browser drew, not
of the CSS that asked for it. Each table's picture is saved in the test's temporary folder, and into
docs/screenshots/ (``replay-<game>-<width>.png``) when UPDATE_SCREENSHOTS=1. The server and browser helpers are
``docs/screenshots/take.py``'s; skipped, like tests/views/browser/test_e2e.py, only without /usr/bin/chromium outside CI.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from browser import needs_chromium, take

pytestmark = needs_chromium

PHONE, DESKTOP = 390, 1400
WAIT = 30_000  # a page's first run on a busy machine

# What the browser drew of the Replay page: the seats' boxes and the middle of the table (the climbing table's
# .fp-seat / .fp-mid, 升级's .sj-seat / .sj-mid), 上一手 (.fp-last / .sj-last), the event list's frame, the step
# buttons, a seat that went out and its opacity, and how wide the page's content is against the window.
_MEASURE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {what: e.getAttribute('data-seat') !== null ? 'seat ' + e.getAttribute('data-seat') : e.className,
            left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const all = (sel) => [...document.querySelectorAll(sel)].map(box);
  return {
    seats: all('.fp-table .fp-seat, .fp-table .sj-seat'),
    middle: all('.fp-table .fp-mid, .fp-table .sj-mid'),
    last: all('.fp-table .fp-last, .fp-table .sj-last'),
    events: all('.fp-events-frame'),
    buttons: all('[class*="st-key-replay_"] button'),
    out: [...document.querySelectorAll('.fp-table .fp-out')].map(e => getComputedStyle(e).opacity),
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  };
}"""


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two boxes share any area (touching edges do not count)."""
    return min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5 and (
        min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
    )


def _inside(inner: dict[str, Any], outer: dict[str, Any]) -> bool:
    return (
        inner["left"] >= outer["left"] - 0.5
        and inner["right"] <= outer["right"] + 0.5
        and inner["top"] >= outer["top"] - 0.5
        and inner["bottom"] <= outer["bottom"] + 0.5
    )


def check_replay(m: dict[str, Any], where: str, finished: bool = False) -> None:
    """Everything ``_MEASURE`` found is laid out as a reader needs it (see the module's text)."""
    width = m["innerWidth"]
    assert m["scrollWidth"] <= width, f"{where}: the page scrolls sideways ({m['scrollWidth']} > {width})"
    boxes = m["seats"] + m["middle"]
    assert m["seats"] and len(m["middle"]) == 1, f"{where}: no table drawn"
    for b in boxes + m["events"] + m["buttons"]:
        assert b["left"] >= -0.5 and b["right"] <= width + 0.5, f"{where}: {b['what']} leaves the window: {b}"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not _overlap(a, b), f"{where}: {a['what']} and {b['what']} overlap: {a} {b}"
    for i, a in enumerate(m["buttons"]):
        for b in m["buttons"][i + 1 :]:
            assert not _overlap(a, b), f"{where}: two step buttons overlap: {a} {b}"
    for last in m["last"]:
        assert _inside(last, m["middle"][0]), f"{where}: 上一手 leaves the middle's box: {last} {m['middle'][0]}"
    assert all(o == "1" for o in m["out"]), f"{where}: a seat that went out is see-through: {m['out']}"
    if finished:
        assert m["out"], f"{where}: no seat is out at the end of the deal"


def _replay_at(page: Any, base: str, deal_id: int, step: int) -> dict[str, Any]:
    page.goto(f"{base}/replay?deal={deal_id}&step={step}")
    page.locator(f'.fp-table[data-step="{step}"]').first.wait_for(timeout=WAIT)
    page.locator(".fp-events-frame").first.wait_for(timeout=WAIT)
    take.wait_idle(page, 400)
    return page.evaluate(_MEASURE)


def _picture(page: Any, tmp_path: Path, name: str) -> None:
    path = tmp_path / f"{name}.png"
    take.shoot(page, path)
    assert path.stat().st_size > 10_000
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        shutil.copyfile(path, take.OUT / path.name)


def _steps(events: int) -> list[int]:
    """The steps looked at: as dealt (every hand full), halfway (cards on the table, seats out), the end."""
    return [0, events // 2, events]


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji"])
def test_the_replay_table_on_a_phone(server: Any, phone_page: Any, tmp_path: Path, game: str) -> None:
    base, deals = server
    deal_id, events = deals[game]
    for step in _steps(events):
        m = _replay_at(phone_page, base, deal_id, step)
        assert m["innerWidth"] == PHONE
        check_replay(
            m, f"{game} deal {deal_id} step {step} at {PHONE} px", finished=step == events and game != "shengji"
        )
    _picture(phone_page, tmp_path, f"replay-{game}-{PHONE}")
    assert not phone_page.locator('[data-testid="stException"]').count()


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji"])
def test_the_replay_table_on_a_desktop(server: Any, desktop_page: Any, tmp_path: Path, game: str) -> None:
    base, deals = server
    deal_id, events = deals[game]
    for step in _steps(events)[1:]:  # the dealt table is the phone's test: a desktop has room for full hands
        m = _replay_at(desktop_page, base, deal_id, step)
        assert m["innerWidth"] == DESKTOP
        check_replay(
            m, f"{game} deal {deal_id} step {step} at {DESKTOP} px", finished=step == events and game != "shengji"
        )
    _picture(desktop_page, tmp_path, f"replay-{game}-{DESKTOP}")


def test_a_seat_view_on_a_phone(server: Any, phone_page: Any) -> None:
    """As one seat saw it (the other hands hidden, the viewer at the bottom), the boxes keep to their cells."""
    base, deals = server
    deal_id, events = deals["gouji"]
    _replay_at(phone_page, base, deal_id, events // 2)
    phone_page.locator(".st-key-replay_more label").first.click()  # a phone folds the view selector away
    take.wait_idle(phone_page, 300)
    box = phone_page.locator(".st-key-replay_viewer [role='combobox']:visible").first
    box.click()
    phone_page.locator("[role='option']:visible").nth(3).click()
    phone_page.locator('.fp-table[data-view="2"]').first.wait_for(timeout=WAIT)
    take.wait_idle(phone_page, 400)
    check_replay(phone_page.evaluate(_MEASURE), f"gouji deal {deal_id} as seat 2 at {PHONE} px")


def test_no_page_scrolls_sideways_on_a_phone(server: Any, phone_page: Any, tmp_path: Path) -> None:
    """Every page of the sidebar, a deal open: its content as wide as the phone at most (a wide table scrolls
    inside its own frame)."""
    base, deals = server
    deal_id, _ = deals["gouji"]
    page = phone_page
    _replay_at(page, base, deal_id, 10)
    for name, zh, _en in take.PAGES:
        take.goto(page, zh)  # the sidebar, folded away on a phone, opened to go there and folded again
        take.wait_idle(page, 300)
        wide = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert wide[0] <= wide[1], f"{name}: the page scrolls sideways at {PHONE} px: {wide}"
        assert not page.locator('[data-testid="stException"]').count(), name
        page.screenshot(path=str(tmp_path / f"{name}-{PHONE}.png"))
