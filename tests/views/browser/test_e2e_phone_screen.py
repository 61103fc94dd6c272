"""A phone shows the table (issue 35, item 5), in Debian's Chromium at 390 x 844 px (and a desktop's 1400 px):

- on the Replay page of a 够级, a 保皇 and a 升级 deal, every seat's box, the middle of the table and the step's
  verdict lie inside the first screen (the window's height, the page not scrolled) after every kind of step: the
  page opened at a step, 下一步 / 上一步 clicked, → / ← pressed, the slider moved;
- the step controls are one row (the visible buttons' tops equal, the step's number and the "more" toggle on the
  same line); the slider, the view selector and the report's download are folded away until "more" is on, and then
  lie inside the window; at 1400 px the page shows what it showed before: the title, the buttons with their words,
  the slider, the view selector and the download, and no "more";
- the Library shows its list of deals above its filters, which are folded away (an expander saying how many
  filters are active);
- no chart's tool bar (plotly's, or Streamlit's own) covers its legend, on the Timeline, Scoring and Players pages,
  at 390 and at 1400 px, the pointer over each chart so that its tool bars show.

Every box is measured in the page (``getBoundingClientRect``). The server, browser and deals are
tests/views/browser/conftest.py's fixtures; the phone's pictures go to docs/screenshots/ with
UPDATE_SCREENSHOTS=1 (``replay-<game>-390-screen.png``, ``library-390-screen.png``).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from browser import needs_chromium, take
from test_e2e_phone import DESKTOP, PHONE, WAIT, _overlap

pytestmark = needs_chromium

HEIGHT = 844  # the phone's window: test_e2e_phone.phone_page's viewport
ROW = 4  # px: how far apart two tops (or middles) in one row may be

# The table's boxes (every seat, the middle), the step's verdict (the first alert below the table), the step
# controls that are shown (a folded one measures 0 x 0), the "more" sheet's widgets, and the page's scroll.
_SCREEN = """() => {
  const box = (e, what) => { const r = e.getBoundingClientRect();
    return {what: what || e.getAttribute('data-seat') || e.className, left: r.left, top: r.top, right: r.right,
            bottom: r.bottom, width: r.width, height: r.height}; };
  const shown = (b) => b.width > 0 && b.height > 0;
  const all = (sel, what) => [...document.querySelectorAll(sel)].map(e => box(e, what)).filter(shown);
  const table = document.querySelector('.fp-table');
  const below = table ? table.getBoundingClientRect().bottom - 1 : 0;
  const verdict = all('[data-testid="stAlert"]', 'verdict').filter(b => b.top >= below).sort((a, b) => a.top - b.top);
  const main = document.querySelector('[data-testid="stMain"]');
  return {
    seats: all('.fp-table .fp-seat, .fp-table .sj-seat', 'seat'),
    middle: all('.fp-table .fp-mid, .fp-table .sj-mid', 'middle'),
    verdict: verdict.slice(0, 1),
    buttons: all('.st-key-replay_controls [data-testid="stBaseButton-secondary"], '
                 + '.st-key-replay_controls [data-testid="stPopover"] button', 'button'),
    words: all('.st-key-replay_controls button [data-testid="stMarkdownContainer"]', 'button words'),
    stepNo: all('.st-key-replay_step_no', 'step number'),
    more: all('.st-key-replay_more', 'more'),
    sheet: [...all('.st-key-replay_slider', 'slider'), ...all('.st-key-replay_viewer', 'view'),
            ...all('.st-key-replay_report', 'download')],
    title: all('.st-key-replay_title h2', 'title'),
    scrolled: (main ? main.scrollTop : 0) + window.scrollY,
    height: window.innerHeight, width: window.innerWidth,
    step: table ? table.getAttribute('data-step') : null,
  };
}"""


def _at_step(page: Any, step: int) -> dict[str, Any]:
    """The boxes once the table shows ``step`` and the run it started is over."""
    page.locator(f'.fp-table[data-step="{step}"]').first.wait_for(timeout=WAIT)
    take.wait_idle(page, 400)
    m: dict[str, Any] = page.evaluate(_SCREEN)
    assert m["step"] == str(step), m["step"]
    return m


def check_first_screen(m: dict[str, Any], where: str) -> None:
    """The table (every seat, the middle) and the step's verdict inside the first screen, the page not scrolled."""
    assert m["scrolled"] == 0, f"{where}: the page is scrolled ({m['scrolled']} px)"
    assert m["seats"] and len(m["middle"]) == 1, f"{where}: no table drawn"
    assert m["verdict"], f"{where}: no verdict below the table"
    for b in m["seats"] + m["middle"] + m["verdict"]:
        assert b["top"] >= 0 and b["bottom"] <= m["height"] + 0.5, (
            f"{where}: the {b['what']} is not inside the first screen (0..{m['height']} px): {b}"
        )


def check_one_row(m: dict[str, Any], where: str) -> None:
    """The controls shown are one row inside the window's width: the buttons' tops equal, the step's number and the
    "more" toggle on their line."""
    buttons = m["buttons"]
    assert len(buttons) >= 3, f"{where}: the step buttons are not shown: {buttons}"
    tops = [b["top"] for b in buttons]
    assert max(tops) - min(tops) <= ROW, f"{where}: the step buttons are not in one row: {buttons}"
    middle = (buttons[0]["top"] + buttons[0]["bottom"]) / 2
    for b in m["stepNo"] + m["more"]:
        assert abs((b["top"] + b["bottom"]) / 2 - middle) <= ROW, f"{where}: the {b['what']} leaves the row: {b}"
    for b in buttons + m["stepNo"] + m["more"]:
        assert b["left"] >= -0.5 and b["right"] <= m["width"] + 0.5, f"{where}: the {b['what']} leaves the window: {b}"


def _first_screen(page: Any, tmp_path: Path, name: str) -> None:
    """A picture of what the phone's window shows, unscrolled (test_e2e_phone's pictures are of the whole page),
    copied into docs/screenshots/ with UPDATE_SCREENSHOTS=1."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        shutil.copyfile(path, take.OUT / path.name)


def _steps(events: int) -> list[int]:
    """The steps a page is opened at: as dealt (every hand full), the first event, halfway, the end."""
    return [0, 1, events // 2, events]


def _more(page: Any, on: bool) -> None:
    """Turn the phone's "more" toggle on or off."""
    toggle = page.locator(".st-key-replay_more input").first
    if toggle.is_checked() != on:
        page.locator(".st-key-replay_more label").first.click()
        take.wait_idle(page, 300)
    assert toggle.is_checked() == on


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji"])
def test_the_table_is_in_the_first_screen_after_every_step(
    server: Any, phone_page: Any, tmp_path: Path, game: str
) -> None:
    base, deals = server
    deal_id, events = deals[game]
    page = phone_page
    for step in _steps(events):  # the page opened at a step
        page.goto(f"{base}/replay?deal={deal_id}&step={step}")
        m = _at_step(page, step)
        assert m["width"] == PHONE and m["height"] == HEIGHT
        check_first_screen(m, f"{game} #{deal_id} opened at step {step}")
        check_one_row(m, f"{game} #{deal_id} opened at step {step}")
        assert not m["sheet"], f"the slider, the view or the download is not folded away on a phone: {m['sheet']}"
        assert not m["words"] and not m["title"], "a phone's controls are icons, with no title above them"
    step = events // 2
    page.goto(f"{base}/replay?deal={deal_id}&step={step}")
    _at_step(page, step)
    moves = [
        ("下一步 tapped", lambda: page.locator(".st-key-replay_next button").first.click(), 1),
        ("上一步 tapped", lambda: page.locator(".st-key-replay_prev button").first.click(), -1),
        ("→ pressed", lambda: page.keyboard.press("ArrowRight"), 1),
        ("← pressed", lambda: page.keyboard.press("ArrowLeft"), -1),
    ]
    for what, move, by in moves:
        move()
        step += by
        m = _at_step(page, step)
        check_first_screen(m, f"{game} #{deal_id} step {step}, {what}")
        check_one_row(m, f"{game} #{deal_id} step {step}, {what}")
    _more(page, True)  # the slider, the view and the download: shown over the page's bottom, the table unmoved
    m = page.evaluate(_SCREEN)
    assert {b["what"] for b in m["sheet"]} == {"slider", "view", "download"}, m["sheet"]
    for b in m["sheet"]:
        assert b["top"] >= 0 and b["bottom"] <= m["height"] + 0.5, f"the {b['what']} leaves the window: {b}"
    check_one_row(m, f"{game} #{deal_id}, more shown")
    take.slide_to(page, 2, ".st-key-replay_slider")  # early: the hands still full, the table at its tallest
    m = _at_step(page, 2)
    check_first_screen(m, f"{game} #{deal_id} step 2, the slider moved")
    check_one_row(m, f"{game} #{deal_id} step 2, the slider moved")
    _more(page, False)
    assert not page.evaluate(_SCREEN)["sheet"]
    _first_screen(page, tmp_path, f"replay-{game}-{PHONE}-screen")
    assert not page.locator('[data-testid="stException"]').count()


def test_a_desktop_keeps_its_controls(server: Any, desktop_page: Any) -> None:
    """At 1400 px: the title, the buttons with their words, the slider, the view selector and the
    download, as before; no "more" toggle, no step number beside the buttons."""
    base, deals = server
    deal_id, events = deals["baohuang"]
    desktop_page.goto(f"{base}/replay?deal={deal_id}&step={events // 2}")
    m = _at_step(desktop_page, events // 2)
    assert m["width"] == DESKTOP
    assert m["title"], "no title on a desktop"
    assert len(m["buttons"]) == 8, m["buttons"]  # first, previous, next, last, the three jumps, the keys' help
    assert len(m["words"]) >= 7, "a desktop's buttons say what they do"
    assert {b["what"] for b in m["sheet"]} == {"slider", "view", "download"}, m["sheet"]
    assert not m["more"] and not m["stepNo"], "a desktop needs no 'more' and no step number beside the buttons"
    for i, a in enumerate(m["buttons"]):  # as wide as their words, in one or two rows (as before)
        assert a["right"] <= DESKTOP, a
        assert not any(_overlap(a, b) for b in m["buttons"][i + 1 :]), m["buttons"]
    desktop_page.locator(".st-key-replay_next button").first.click()
    m = _at_step(desktop_page, events // 2 + 1)
    assert {b["what"] for b in m["sheet"]} == {"slider", "view", "download"}, m["sheet"]


_LIBRARY = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const list = document.querySelector('[data-testid="stDataFrame"]');
  const folded = document.querySelector('.st-key-library_filters details');
  return {list: list ? box(list) : null, filters: folded ? box(folded) : null,
          open: folded ? folded.open : null, label: folded ? folded.querySelector('summary [data-testid="stMarkdownContainer"]').innerText : '',
          search: [...document.querySelectorAll('.st-key-library_search input')].some(e => e.checkVisibility()),
          height: window.innerHeight};
}"""
_HEAD_ROW = 35  # px: the data table's header row, above its first deal


def test_the_library_lists_its_deals_before_its_filters(server: Any, phone_page: Any, tmp_path: Path) -> None:
    base, _ = server
    page = phone_page
    page.goto(base + "/")
    page.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=WAIT)
    take.wait_idle(page, 400)
    m = page.evaluate(_LIBRARY)
    assert m["list"] and m["filters"], m
    first_row = m["list"]["top"] + _HEAD_ROW
    assert first_row < m["filters"]["top"], f"the first deal is below the filters: {m}"
    assert first_row + _HEAD_ROW <= m["height"], f"the first deal is not in the first screen: {m}"
    assert m["open"] is False and not m["search"], f"the filters are not folded away: {m}"
    assert re.fullmatch(r"\s*筛选\s*", m["label"]), m["label"]  # none active: no count
    _first_screen(page, tmp_path, f"library-{PHONE}-screen")
    page.locator(".st-key-library_filters summary").first.click()
    box = page.locator(".st-key-library_search input")
    box.fill("青岛")
    box.press("Enter")
    take.wait_idle(page, 400)
    m = page.evaluate(_LIBRARY)
    assert "1 项生效" in m["label"], m["label"]  # the search counts as a filter
    assert m["list"] is not None and m["list"]["top"] < m["filters"]["top"], m


# Every plotly chart's tool bars (plotly's mode bar and Streamlit's own) and legends, measured with the pointer on
# the chart (the bars show on hover).
_CHART = """([selector, i]) => {
  const chart = document.querySelectorAll(selector)[i];
  const box = (e, what) => { const r = e.getBoundingClientRect();
    return {what, left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const shown = (b) => b.right - b.left > 0 && b.bottom - b.top > 0;
  const holder = chart.closest('[data-testid="stElementContainer"]') || chart;
  return {
    bars: [...[...chart.querySelectorAll('.modebar')].map(e => box(e, 'mode bar')),
           ...[...holder.querySelectorAll('[data-testid="stElementToolbar"]')].map(e => box(e, 'element toolbar'))]
          .filter(shown),
    legends: [...chart.querySelectorAll('g.legend')].map(e => box(e, 'legend')).filter(shown),
  };
}"""


def _charts_clear(page: Any, where: str) -> int:
    """Hover each chart on the page and check that no tool bar covers a legend; the number of legends seen."""
    charts = page.locator(take.CHART)
    charts.first.wait_for(timeout=WAIT)
    take.wait_idle(page, 600)
    seen = 0
    for i in range(charts.count()):
        charts.nth(i).scroll_into_view_if_needed()
        charts.nth(i).hover()
        page.wait_for_timeout(300)
        m = page.evaluate(_CHART, [take.CHART, i])
        assert m["bars"], f"{where}: chart {i} shows no tool bar on hover"
        for bar in m["bars"]:
            for legend in m["legends"]:
                assert not _overlap(bar, legend), (
                    f"{where}: chart {i}'s {bar['what']} covers its legend: {bar} {legend}"
                )
        seen += len(m["legends"])
    return seen


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_no_chart_toolbar_covers_a_legend(server: Any, phone_page: Any, desktop_page: Any, size: str) -> None:
    base, deals = server
    page = phone_page if size == "phone" else desktop_page
    deal_id, _ = deals["gouji"]
    page.goto(f"{base}/replay?deal={deal_id}&step=10")
    page.locator('.fp-table[data-step="10"]').first.wait_for(timeout=WAIT)
    take.wait_idle(page, 400)
    legends = 0
    for name, zh, _en in take.PAGES:
        if name not in ("timeline", "scoring", "players"):
            continue
        take.goto(page, zh)
        if name == "scoring":  # the match's chart is its tab's (views/parts/sections.py)
            take.show_tab(page, "这场比赛")
        if name == "players":  # its charts are in tabs, each drawn when shown (views/parts/sections.py)
            for tab in ("名次分布", "教练发现"):
                take.show_tab(page, tab)
                legends += _charts_clear(page, f"{name} ({tab}) at {size}")
            continue
        legends += _charts_clear(page, f"{name} at {size}")
    assert legends >= 3, f"too few legends measured: {legends}"


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji"])
def test_the_table_is_in_the_first_screen_in_english(server: Any, phone_page: Any, game: str) -> None:
    """In English (longer words) too, at every sixth step of the deal's first 60: the hands still full, the table at
    its tallest."""
    base, deals = server
    deal_id, events = deals[game]
    for step in range(0, min(events, 60), 6):
        phone_page.goto(f"{base}/replay?deal={deal_id}&step={step}&lang=en")
        m = _at_step(phone_page, step)
        check_first_screen(m, f"{game} #{deal_id} in English at step {step}")
        check_one_row(m, f"{game} #{deal_id} in English at step {step}")
