"""The Replay page's keys in Chromium (issue 35, point 3), measured for bench/bench_browser.py on its pages (the
Replay page and the minimal page, its baseline):

- how many steps ``PRESSES`` presses of → ``APART_MS`` ms apart move the table once the page settled (target: one
  step a press; a press that comes while a run is under way must not be lost);
- the address's lag behind the table: from the table showing a step (its ``data-step``, seen by a
  MutationObserver) to the address naming it (``?step=``, read then, then every frame and every 2 ms), over every
  step the table showed (target: 100 ms, median and worst). A step the table left before the address named it
  counts the time until it left (at least that).
"""

from __future__ import annotations

import statistics
from typing import Any

from figures import Figure

PRESSES, APART_MS = 8, 60
LAG_TARGET_MS = 100.0
SETTLE_WAIT_MS = 10_000

# Installed once on a page: the address's lag behind each step the table shows, in ms (``window.__fpLag``).
ADDRESS_CLOCK = """
() => {
  window.__fpLag = [];
  const named = () => new URLSearchParams(location.search).get('step');
  const table = () => { const t = document.querySelector('.fp-table'); return t && t.getAttribute('data-step'); };
  let shown = table(), since = 0, waiting = false;
  const check = () => {
    if (waiting && named() === shown) { window.__fpLag.push(performance.now() - since); waiting = false; }
  };
  const seen = () => {
    const now = table();
    if (now === null || now === shown) return;
    if (waiting) window.__fpLag.push(performance.now() - since);  // left before the address named it
    shown = now; since = performance.now(); waiting = true;
    check();
  };
  new MutationObserver(seen).observe(document.body,
    {subtree: true, childList: true, attributes: true, attributeFilter: ['data-step']});
  const frame = () => { check(); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  setInterval(check, 2);
}
"""


def watch_address(page: Any) -> None:
    """Start timing the address's lag behind the table on ``page`` (``lags``)."""
    page.evaluate(ADDRESS_CLOCK)


def lags(page: Any) -> list[float]:
    """The address's lag behind each step the table showed since ``watch_address``, in ms."""
    return [float(x) for x in page.evaluate("() => window.__fpLag.slice()")]


def _shown(page: Any) -> int:
    return int(page.locator(".fp-table").first.get_attribute("data-step") or 0)


def _settle(page: Any, settled: str, wait_idle: Any) -> int:
    """Wait for the page to settle (its run over, ``settled`` shown at the table's step); the step shown."""
    wait_idle(page, 800)
    page.locator(settled.format(step=_shown(page))).first.wait_for(timeout=SETTLE_WAIT_MS)
    wait_idle(page, 400)
    return _shown(page)


def burst(page: Any, settled: str, wait_idle: Any) -> int:
    """``PRESSES`` presses of → ``APART_MS`` ms apart from the step shown: the steps the table moved once the page
    settled (``settled``: what shows the whole page at a step, ``{step}`` in it)."""
    start = _settle(page, settled, wait_idle)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")  # no widget takes →
    for _ in range(PRESSES):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(APART_MS)
    return _settle(page, settled, wait_idle) - start


def figures(moved: dict[str, list[int]], lagged: dict[str, list[float]], minimal: str) -> list[Figure]:
    """The figures of the keys: ``moved`` and ``lagged`` per page ("replay", "minimal": its baseline, ``minimal``
    says what it is)."""
    rows = []
    if moved["replay"]:
        rows.append(
            Figure(
                figure=f"Replay: steps moved by {PRESSES} presses of → {APART_MS} ms apart",
                value=statistics.median(moved["replay"]),
                unit="steps",
                baseline=f"{minimal}, its button's shortcut",
                base_value=statistics.median(moved["minimal"]) if moved["minimal"] else None,
                runs=len(moved["replay"]),
                target=PRESSES,
                on="value",
                higher=True,
            )
        )
    for stat, of in (("median", statistics.median), ("worst", max)):
        mine, theirs = lagged["replay"], lagged["minimal"]
        if not mine:
            continue
        rows.append(
            Figure(
                figure=f"Replay: the address's lag behind the table, {stat} over every step shown",
                value=of(mine),
                unit="ms",
                baseline=f"{minimal}, its address written by its run",
                base_value=of(theirs) if theirs else None,
                runs=len(mine),
                stat=stat,
                target=LAG_TARGET_MS,
                on="value",
            )
        )
    return rows
