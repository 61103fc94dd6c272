"""Benchmark: every dashboard page in a real browser (issue 35, item 2), at the samples' 88 deals and at a library
of N deals of each game.

For each library (the shipped samples stored into a fresh SQLite file by ``fupan samples``' code, and a copy of
bench_storage.py's library of ``--deals`` deals a game, or ``--library``), ``streamlit run app.py`` serves it and
Debian's Chromium (bench_browser.py's helpers: ``docs/screenshots/take.py``'s flags, headless) measures, inside
the page (``performance.now()``), when a page is drawn: its heading shown, no element left stale, every chart and
table of the first screen painted (plotly's SVG, the data grid's canvas) and the script's run over, then the frame that paints it.

- first page of a fresh server: from the navigation to ``/`` (the Library, what ``make run`` shows first) to it
  drawn, the server started just before (its imports, the library opened, the first queries), ``--starts`` times;
- fresh: each page opened in a new browser context (nothing cached), from the navigation to the page drawn, each
  time on another deal the server has not seen (a link sent in a chat group), ``--loads`` rounds;
- click: each page reached by its link in the sidebar from the page before it (Library, Replay, ... Players, the
  deal open), from the click (its ``pointerdown``) to the page drawn, ``--loads`` rounds, each on another deal.

Each time is split at the last websocket message before the page is drawn: the server's run (and the wire) before
it, the browser's drawing after it; the CPU seconds the server and Chromium used per page are printed too.
The baseline, in the same run and measured the same way: a minimal two-page Streamlit app (a heading and a line
of text each) served by a second ``streamlit run``, its pages taken in turn with the app's.

    python bench/bench_pages.py [--deals 10000] [--library PATH] [--loads 5] [--starts 3] [--quick]
                                [--only samples|library] [--before FOLDER]

Targets: a page within 1 s of a click and within 2 s fresh (medians; the worst is shown beside). Exits 1 when one
is missed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_browser import (  # noqa: E402 - after the path
    QUICK_DEALS,
    _app_of,
    clocked_page,
    cpu_now,
    library_arguments,
    library_copy,
    no_chromium,
    take,
)
from figures import Figure, report  # noqa: E402

CLICK_TARGET_S = 1.0
FRESH_TARGET_S = 2.0
WAIT_MS = 60_000
SETTLE_S = 0.5  # the pause before each measured page
# (url path, the sidebar's title, what its heading starts with), in the sidebar's order: the English ones
PAGES = [(name if name != "library" else "", en, en) for name, _, en in take.PAGES]

# Armed before an action (or installed before a fresh page's scripts): a promise of [start, drawn, painted, last
# websocket message before drawn], the page being drawn when its heading (the text given) shows outside any stale
# element, nothing is stale, every chart and data table of the first screen is painted and the script's run is over.
ARM = """
([heading, fresh]) => {
  window.__fpStart = fresh ? 0 : null;
  if (!fresh) {
    const start = () => { if (window.__fpStart === null) window.__fpStart = performance.now(); };
    window.addEventListener("pointerdown", start, {capture: true, once: true});
  }
  window.__fpDrawn = new Promise((resolve) => {
    let done = false;
    // in the first screen (the data grid draws nothing folded away or below it until scrolled to)
    const seen = (c) => c.offsetWidth > 0 && c.getBoundingClientRect().top < window.innerHeight;
    const drawn = () => {
      const app = document.querySelector('[data-testid="stApp"]');
      if (!app || app.getAttribute("data-test-script-state") !== "notRunning") return false;
      if (document.querySelector('[data-stale="true"], [data-testid="stSkeleton"]')) return false;
      const heads = [...document.querySelectorAll('[data-testid="stMain"] h1, [data-testid="stMain"] h2')];
      if (!heads.some((h) => h.textContent.trim().startsWith(heading))) return false;
      for (const c of document.querySelectorAll(CHART)) {
        if (seen(c) && !c.querySelector(".main-svg")) return false;
      }
      for (const c of document.querySelectorAll('[data-testid="stDataFrame"]')) {
        if (seen(c) && !c.querySelector("canvas")) return false;
      }
      return true;
    };
    const check = () => {
      if (done || window.__fpStart === null || !drawn()) return;
      done = true;
      const marked = performance.now();
      const ws = window.__fpWs || [];
      const before = ws.filter((t) => t <= marked);
      const last = before.length ? before[before.length - 1] : marked;
      requestAnimationFrame(() => setTimeout(() => resolve([window.__fpStart, marked, performance.now(), last])));
    };
    new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
    const tick = setInterval(() => { check(); if (done) clearInterval(tick); }, 20);
  });
}
""".replace("CHART", json.dumps(take.CHART))  # a chart: the dashboard's own or Streamlit's plotly element
FRESH_ARM = "(%s)(%s);"  # installed before the page's scripts: the clock starts at the navigation

# The baseline: two pages, a heading and a line each (what every Streamlit page pays: the run, the wire, drawing).
MINIMAL_APP = """
import streamlit as st

def _one() -> None:
    st.title("One")
    st.write("the first page")

def _two() -> None:
    st.title("Two")
    st.write("the second page")

st.navigation([st.Page(_one, title="One", url_path="one", default=True), st.Page(_two, title="Two", url_path="two")]).run()
"""
MINIMAL_PAGES = [("", "One", "One"), ("two", "Two", "Two")]


@dataclass(frozen=True)
class Drawn:
    """One page drawn, in ms: the whole (the click or navigation to the page painted), split at the last websocket
    message before it was drawn (the server and the wire, then the browser), and the CPU seconds the server and
    Chromium used meanwhile."""

    total: float
    server: float
    browser: float
    cpu_server: float
    cpu_browser: float


def _wait(page: Any) -> tuple[float, float, float, float]:
    got = page.evaluate(
        f"() => Promise.race([window.__fpDrawn, new Promise(r => setTimeout(() => r(null), {WAIT_MS}))])"
    )
    if got is None:
        raise RuntimeError(f"{page.url} was not drawn within {WAIT_MS / 1000:g} s")
    start, marked, painted, last = got
    return float(start), float(marked), float(painted), float(last)


def _drawn(times: tuple[float, float, float, float], before: dict[str, float], after: dict[str, float]) -> Drawn:
    start, _, painted, last = times
    server = max(0.0, last - start)
    return Drawn(
        painted - start,
        server,
        painted - start - server,
        after["server"] - before["server"],
        after["chromium"] - before["chromium"],
    )


def fresh(browser: Any, url: str, heading: str, ports: dict[str, str]) -> Drawn:
    """The navigation to ``url`` until its page is drawn, in a new browser context (nothing cached)."""
    with clocked_page(browser, FRESH_ARM % (ARM, json.dumps([heading, True]))) as page:
        page.set_default_timeout(WAIT_MS)
        before = cpu_now(ports)
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => window.__fpDrawn !== undefined")
        times = _wait(page)
        return _drawn(times, before, cpu_now(ports))


def click(page: Any, title: str, heading: str, ports: dict[str, str]) -> Drawn:
    """A click on the sidebar's link ``title`` until its page is drawn."""
    page.evaluate(ARM, [heading, False])
    before = cpu_now(ports)
    page.locator('[data-testid="stSidebarNavLink"]', has_text=title).first.click()
    times = _wait(page)
    return _drawn(times, before, cpu_now(ports))


@contextmanager
def session(browser: Any, url: str) -> Iterator[Any]:
    """A page at ``url`` (its websocket messages timed) once its run is over."""
    with clocked_page(browser) as page:
        page.set_default_timeout(WAIT_MS)
        page.goto(url)
        page.wait_for_selector('[data-testid="stSidebarNavLink"]')
        take.wait_idle(page, 300)
        yield page


@dataclass
class Times:
    """Every page's times of one library: fresh and by click, per page's title; the fresh server's first page."""

    fresh: dict[str, list[Drawn]] = field(default_factory=dict)
    click: dict[str, list[Drawn]] = field(default_factory=dict)
    first: list[Drawn] = field(default_factory=list)


def deal_count(url: str) -> int:
    """How many deals the library holds."""
    from sqlalchemy import text

    from data.database import open_db

    engine = open_db(url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM deal")).scalar_one())
    finally:
        engine.dispose()


def deals_of(url: str, count: int) -> list[int]:
    """``count`` finished deals of the library, the games taken in turn (fewer when it holds fewer)."""
    from sqlalchemy import text

    from data.database import open_db

    engine = open_db(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT id, game FROM deal WHERE finished ORDER BY id LIMIT 2000")).all()
    finally:
        engine.dispose()
    by_game: dict[str, list[int]] = {}
    for deal_id, game in rows:
        by_game.setdefault(str(game), []).append(int(deal_id))
    out: list[int] = []
    while len(out) < count and any(by_game.values()):
        for ids in by_game.values():
            if ids and len(out) < count:
                out.append(ids.pop(0))
    if not out:
        raise SystemExit("the library holds no finished deal")
    return [out[k % len(out)] for k in range(count)]  # a small library's deals come round again


def first_pages(url: str, starts: int, scripts: list[str]) -> list[list[Drawn]]:
    """The Library drawn by a server started just before (its first page), ``starts`` times for each of
    ``scripts`` (this checkout's app.py, and --before's), taken in turn."""
    from playwright.sync_api import sync_playwright

    out: list[list[Drawn]] = [[] for _ in scripts]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=take.CHROMIUM, headless=True, args=take.CHROMIUM_FLAGS)
        try:
            for _ in range(starts):
                for script, times in zip(scripts, out, strict=True):
                    with take.serve(url, script=script) as app:
                        ports = {"server": app.rsplit(":", 1)[1]}
                        times.append(fresh(browser, app + "/?lang=en", "Library", ports))
                    time.sleep(SETTLE_S)
        finally:
            browser.close()
    return out


def measure(url: str, loads: int, folder: Path) -> tuple[Times, Times]:
    """The app's pages and the minimal app's, fresh and by click, in turn (``loads`` rounds, a deal each)."""
    from playwright.sync_api import sync_playwright

    script = folder / "minimal.py"
    script.write_text(textwrap.dedent(MINIMAL_APP), encoding="utf-8")
    deals = deals_of(url, (loads + 1) * (len(PAGES) + 1))
    app_times, base_times = Times(), Times()
    with (
        sync_playwright() as pw,
        take.serve(url) as app,
        take.serve(f"sqlite:///{folder / 'unused.db'}", script=str(script)) as base,
    ):
        app_ports = {"server": app.rsplit(":", 1)[1]}
        base_ports = {"server": base.rsplit(":", 1)[1]}
        browser = pw.chromium.launch(executable_path=take.CHROMIUM, headless=True, args=take.CHROMIUM_FLAGS)
        try:
            fresh(browser, base + "/", "One", base_ports)  # each server's first run (its imports), not counted
            fresh(browser, app + "/?lang=en", "Library", app_ports)
            for k in range(loads + 1):  # round 0 warms every page's code up, not counted
                keep = k > 0
                fresh_deals = deals[k * (len(PAGES) + 1) : (k + 1) * (len(PAGES) + 1)]
                for n, (path, _, heading) in enumerate(PAGES):  # the pages in turn with the minimal app's
                    time.sleep(SETTLE_S)
                    got = fresh(browser, f"{app}/{path}?deal={fresh_deals[n]}&lang=en", heading, app_ports)
                    if keep:
                        app_times.fresh.setdefault(heading, []).append(got)
                    mpath, _, mhead = MINIMAL_PAGES[n % 2]
                    time.sleep(SETTLE_S)
                    got = fresh(browser, f"{base}/{mpath}", mhead, base_ports)
                    if keep:
                        base_times.fresh.setdefault(mhead, []).append(got)
                # by the sidebar, on a deal not yet seen: opened in the Library's address, then page after page
                with (
                    session(browser, f"{app}/?deal={fresh_deals[-1]}&lang=en") as page,
                    session(browser, base + "/") as mpage,
                ):
                    for n, (_, title, heading) in enumerate([*PAGES[1:], PAGES[0]]):
                        time.sleep(SETTLE_S)
                        got = click(page, title, heading, app_ports)
                        if keep:
                            app_times.click.setdefault(heading, []).append(got)
                        _, mtitle, mhead = MINIMAL_PAGES[(n + 1) % 2]
                        time.sleep(SETTLE_S)
                        got = click(mpage, mtitle, mhead, base_ports)
                        if keep:
                            base_times.click.setdefault(mhead, []).append(got)
        finally:
            browser.close()
    return app_times, base_times


def _all(times: dict[str, list[Drawn]]) -> list[Drawn]:
    return [d for ds in times.values() for d in ds]


def _row(label: str, got: list[Drawn]) -> str:
    med = statistics.median
    return (
        f"{label:<34}{med(d.total for d in got):>8.0f}{max(d.total for d in got):>8.0f}"
        f"{med(d.server for d in got):>8.0f}{med(d.browser for d in got):>9.0f}"
        f"{med(d.cpu_server for d in got) * 1000:>12.0f}{med(d.cpu_browser for d in got) * 1000:>9.0f}"
    )


def print_times(name: str, mine: Times, base: Times) -> None:
    """Every page's times, with the split and the CPU, as a plain table."""
    print(
        f"\n{name}: {'(ms)':<26}{'median':>8}{'worst':>8}{'server':>8}{'browser':>9}{'CPU: server':>12}{'browser':>9}"
    )
    for how, of, theirs in (("fresh", mine.fresh, base.fresh), ("click", mine.click, base.click)):
        for heading, got in of.items():
            print(_row(f"  {heading}, {how}", got))
        if theirs:
            print(_row(f"  minimal page, {how}", _all(theirs)))
    if mine.first:
        print(_row("  first page of a fresh server", mine.first))


def figures(name: str, mine: Times, base: Times) -> list[Figure]:
    """The figures of one library: every page fresh and by click (median, the worst in the figure's words)."""
    rows = []
    for how, of, theirs, target in (
        ("fresh browser, navigation to the page drawn", mine.fresh, base.fresh, FRESH_TARGET_S),
        ("by the sidebar, click to the page drawn", mine.click, base.click, CLICK_TARGET_S),
    ):
        for heading, got in of.items():
            worst = max(d.total for d in got) / 1000
            rows.append(
                Figure(
                    figure=f"{heading}, {how} ({name}; worst {worst:.2f} s)",
                    value=statistics.median(d.total for d in got) / 1000,
                    unit="s",
                    baseline="a minimal Streamlit page",
                    base_value=statistics.median(d.total for d in _all(theirs)) / 1000,
                    runs=len(got),
                    target=target,
                    on="value",
                )
            )
    if mine.first:
        worst = max(d.total for d in mine.first) / 1000
        rows.append(
            Figure(
                figure=f"the Library, a freshly started server's first page ({name}; worst {worst:.2f} s)",
                value=statistics.median(d.total for d in mine.first) / 1000,
                unit="s",
                baseline="the Library fresh, the server warm",
                base_value=statistics.median(d.total for d in mine.fresh.get("Library", mine.first)) / 1000,
                runs=len(mine.first),
            )
        )
    return rows


def samples_library(folder: Path) -> Path:
    """The shipped samples stored into a fresh SQLite file, as ``fupan samples`` does."""
    db = folder / "samples.db"
    take.fill_samples(f"sqlite:///{db}")
    return db


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    library_arguments(ap)
    ap.add_argument("--loads", type=int, default=5, help="rounds of every page, fresh and by click (default 5)")
    ap.add_argument("--starts", type=int, default=3, help="fresh servers' first pages timed (default 3)")
    ap.add_argument("--only", choices=("samples", "library"), help="one of the two libraries")
    ap.add_argument(
        "--before",
        metavar="FOLDER",
        help="another checkout of fupan (its app.py): its fresh server's first page is timed too, in turn with this "
        "one's (a before/after in one run); --loads 0 times the first pages alone",
    )
    ap.add_argument("--quick", action="store_true", help=f"{QUICK_DEALS} deals a game, 2 rounds, 1 start")
    args = ap.parse_args(argv)
    if args.quick:
        args.loads, args.starts = min(args.loads, 2), min(args.starts, 1)
    if no_chromium("bench_pages"):
        return 2
    rows: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="fupan-bench-pages-") as tmp:
        folder = Path(tmp)
        libraries = []
        if args.only != "library":
            libraries.append(("88 sample deals", samples_library(folder)))
        if args.only != "samples":
            db = library_copy(args, folder)
            libraries.append((f"{deal_count(f'sqlite:///{db}'):,} deals", db))
        for name, db in libraries:
            url = f"sqlite:///{db}"
            print(f"\n== {name}: {db.stat().st_size / 1e6:.0f} MB", flush=True)
            scripts = ["app.py"] + ([_app_of(args.before)] if args.before else [])
            first = first_pages(url, args.starts, scripts)
            mine, base = measure(url, args.loads, folder) if args.loads else (Times(), Times())
            mine.first = first[0]
            print_times(name, mine, base)
            if args.before:
                print(_row("  the same, --before", first[1]))
            rows += figures(name, mine, base)
            if args.before:
                rows.append(
                    Figure(
                        figure=f"the Library, a freshly started server's first page, --before ({name})",
                        value=statistics.median(d.total for d in first[1]) / 1000,
                        unit="s",
                        baseline="this checkout's, in turn with it",
                        base_value=statistics.median(d.total for d in first[0]) / 1000,
                        runs=len(first[1]),
                    )
                )
    return 0 if report("bench_pages: every page in Chromium", rows) else 1


if __name__ == "__main__":
    sys.exit(main())
