"""Benchmark: the Replay page in a real browser (issue 17, item 6), with a library of N deals of each game.

``streamlit run app.py`` (headless, on a free port of 127.0.0.1) over a copy of bench_storage.py's library (N
simulated deals of each of 够级, 保皇, 升级; ``--library`` names another file), driven by Debian's Chromium
(``/usr/bin/chromium``, headless, the flags of docs/screenshots/take.py; never a browser Playwright downloads)
through Playwright. It opens ``/replay?deal=ID`` on a finished 够级 deal and measures, inside the page
(``performance.now()``):

- a step by click: from the press of the "next" button (its ``pointerdown``) to the table showing the new step
  (the DOM marker ``.fp-table[data-step=K]``, then the frame that paints it), median of ``--steps`` steps;
- a step by key: the same from the key press of → (its ``keydown``);
- each step also until the whole page settled: the slider at the new step (drawn only by the step's run on the
  server) and that run over (no target: the table is what people wait for; the panel follows);
- the keys (``browser_keys``): the steps 8 presses of → 60 ms apart move, and the address's lag behind the
  table over every step shown meanwhile (median and worst);
- the first page: from the navigation to ``/replay?deal=ID`` (the document's time origin) to the table drawn,
  median of ``--loads`` loads, each in a new browser context (nothing cached) on another 够级 deal (the server
  replays and coaches it anew), after one load that warms the server up; split at the first websocket message
  (before it: the HTML, Streamlit's scripts and the connection, alike for every Streamlit page). The pages'
  first pages are taken in turn, who goes first rotating, each after a pause of ``SETTLE_S``; ``--before
  FOLDER`` adds another checkout's Replay page to the turn (a before/after in one run).

The baseline, in the same run and measured the same way: a minimal Streamlit page served by a second
``streamlit run`` (a button that adds one to a number shown in an ``st.html`` marker, → as its shortcut): its
click, its key press, its first page (at the same address, ``/replay?deal=ID``: Streamlit's client looks for the
server under a page's path before the root, about 0.1 s, on both). The two pages' steps alternate in blocks of five, so what else runs on the
machine weighs on both alike. Each step's time is also split at the last websocket message before the marker:
what the server and the wire took (click to that message; 0 when the table was drawn ahead) and what the page
took to draw it; and the CPU time each server and Chromium (all its processes) used per step is printed.

    python bench/bench_browser.py [--deals 10000] [--library PATH] [--steps 30] [--loads 5] [--quick]
                                  [--before FOLDER]

Targets: a step (click, key) within 100 ms, the first page within 2 s (medians); 8 steps for 8 presses, the address
within 100 ms of the table (median and worst). Exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import browser_keys  # noqa: E402 - after the path, as the other benches
from figures import Figure, report  # noqa: E402

STEP_TARGET_MS = 100.0
FIRST_PAGE_TARGET_S = 2.0
QUICK_DEALS = 30
SETTLED_MARKER = '.fp-table[data-step="{step}"]'  # the minimal page: its marker is all it shows
SETTLED_SLIDER = '.st-key-replay_slider input[type="range"][aria-valuetext="{step}"]'  # the Replay page's slider
WAIT_MS = 10_000
SETTLE_S = 1.0  # the pause before each first page

# Installed before any of the page's scripts: the time of every websocket message the page receives.
WS_CLOCK = """
(() => {
  window.__fpWs = [];
  const Real = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Real(...args);
    ws.addEventListener("message", () => window.__fpWs.push(performance.now()));
    return ws;
  };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, Real);
})();
"""

# Armed before an action: the time of the action's first input event (pointerdown or keydown), then a promise of
# [input time, marker time, painted time, last websocket message before the marker] once the marker shows, and one
# of the time the page settled: the ``settled`` selector shown (the Replay page's slider at the new step) and the
# script's run over.
ARM = """
([selector, settled]) => {
  window.__fpStart = null;
  // the event's own time: the Replay page's listener (on the window too, added first) draws before this one runs
  const start = (e) => { if (window.__fpStart === null) window.__fpStart = e.timeStamp; };
  window.addEventListener("pointerdown", start, {capture: true, once: true});
  window.addEventListener("keydown", start, {capture: true, once: true});
  window.__fpDone = new Promise((resolve) => {
    const seen = () => {
      if (!document.querySelector(selector)) return false;
      const marked = performance.now();
      const before = window.__fpWs.filter((t) => t <= marked);
      const last = before.length ? before[before.length - 1] : marked;
      requestAnimationFrame(() => setTimeout(() => resolve([window.__fpStart, marked, performance.now(), last])));
      return true;
    };
    if (seen()) return;
    const watch = new MutationObserver(() => { if (seen()) watch.disconnect(); });
    watch.observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-step"]});
  });
  window.__fpSettled = new Promise((resolve) => {
    // the settled selector shows what only the action's run draws; then that run is over
    const seen = () => {
      const app = document.querySelector('[data-testid="stApp"]');
      if (!document.querySelector(settled) || !app || app.getAttribute("data-test-script-state") !== "notRunning") return false;
      resolve(performance.now());
      return true;
    };
    const watch = new MutationObserver(() => { if (seen()) watch.disconnect(); });
    watch.observe(document.body, {subtree: true, childList: true, attributes: true});
  });
}
"""

# The first page: the time (since the navigation began) at which the marker shows, once it has been painted.
DRAWN = """
([selector]) => new Promise((resolve) => {
  const seen = () => {
    if (!document.querySelector(selector)) return false;
    const marked = performance.now();
    requestAnimationFrame(() => setTimeout(() => resolve(marked)));
    return true;
  };
  if (seen()) return;
  const watch = new MutationObserver(() => { if (seen()) watch.disconnect(); });
  watch.observe(document, {subtree: true, childList: true, attributes: true});
})
"""

# The baseline: a trivial rerun, a button that changes a number (its callback, as the Replay page's buttons), the
# number written into the address after it is drawn.
MINIMAL_PAGE = """
import streamlit as st

def _add() -> None:
    st.session_state["n"] = st.session_state.get("n", 0) + 1

st.button("next", key="replay_next", on_click=_add, shortcut="Right")
st.html(f'<div class="fp-table" data-step="{st.session_state.get("n", 0)}">{st.session_state.get("n", 0)}</div>')
st.query_params["step"] = str(st.session_state.get("n", 0))
"""


def _take() -> ModuleType:
    """docs/screenshots/take.py: the server and browser helpers the e2e test shares."""
    spec = importlib.util.spec_from_file_location("fupan_take", ROOT / "docs" / "screenshots" / "take.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


take = _take()


@dataclass(frozen=True)
class Step:
    """One step's times in ms: the whole (input to the table painted), to the marker, and its split at the last
    websocket message before the marker (server and wire, then the page's drawing); and to the page settled."""

    total: float
    to_marker: float
    server: float
    drawing: float
    settled: float  # input to the whole page at the step (the Replay page's slider there) and its run over


def _step(page: Any, want: int, act: Any, settled: str) -> Step | None:
    """Arm the clocks for step ``want``, do ``act()`` (a click or a key press), wait for the table at ``want``
    (None: it did not come within ``WAIT_MS``, as when the page has no key for a step)."""
    page.evaluate(ARM, [f'.fp-table[data-step="{want}"]', settled.format(step=want)])
    act()
    done = page.evaluate(
        f"() => Promise.race([window.__fpDone, new Promise(r => setTimeout(() => r(null), {WAIT_MS}))])"
    )
    if done is None:
        return None
    start, marked, painted, last = done
    if start is None:
        raise RuntimeError("the action reached no input listener")
    calm = page.evaluate(
        f"() => Promise.race([window.__fpSettled, new Promise(r => setTimeout(() => r(null), {WAIT_MS}))])"
    )
    if calm is None:
        raise RuntimeError(f"the page did not settle at step {want} ({page.url})")
    return Step(painted - start, marked - start, max(0.0, last - start), marked - max(last, start), calm - start)


def steps(page: Any, count: int, key: bool, settled: str = SETTLED_MARKER) -> list[Step]:
    """``count`` steps on from the table shown, by the "next" button or by →; each one's times (``settled``: what
    shows the whole page at the step, ``{step}`` in it)."""
    shown = int(page.locator(".fp-table").first.get_attribute("data-step") or 0)
    button = page.locator(".st-key-replay_next button:visible").first
    out: list[Step] = []
    for k in range(1, count + 1):
        if key:
            page.evaluate("() => document.activeElement && document.activeElement.blur()")  # no widget takes →
            got = _step(page, shown + k, lambda: page.keyboard.press("ArrowRight"), settled)
        else:
            got = _step(page, shown + k, button.click, settled)
        if got is None:
            print(f"step {shown + k} did not show within {WAIT_MS / 1000:g} s ({'→' if key else 'click'})")
            return out
        out.append(got)
    return out


def _processes() -> dict[int, tuple[int, float, str]]:
    """Every process: its parent, the CPU seconds it has used (user + system) and its command line."""
    tick = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        found[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick, cmd)
    return found


def cpu_now(ports: dict[str, str]) -> dict[str, float]:
    """CPU seconds used so far by this bench's children: each server (named in ``ports``: name -> its port) and
    Chromium (every process of the browser)."""
    procs = _processes()
    mine = {os.getpid()}
    grew = True
    while grew:
        more = {pid for pid, (ppid, _, _) in procs.items() if ppid in mine} - mine
        grew = bool(more)
        mine |= more
    out = dict.fromkeys([*ports, "chromium"], 0.0)
    for pid in mine - {os.getpid()}:
        _, cpu, cmd = procs[pid]
        if "chromium" in cmd:
            out["chromium"] += cpu
        for name, port in ports.items():
            if ("streamlit" in cmd or "views.parts.serve" in cmd) and f"--server.port {port}" in cmd:
                out[name] += cpu
    return out


@dataclass
class Side:
    """One page stepped through: its steps' times and the CPU its server and the browser used for them."""

    name: str
    page: Any
    server: str  # the name of its server in ``cpu_now``'s ports
    settled: str  # what shows the whole page at the step (``steps``)
    times: list[Step] = field(default_factory=list)
    cpu_server: float = 0.0
    cpu_browser: float = 0.0

    def block(self, count: int, key: bool, ports: dict[str, str]) -> None:
        before = cpu_now(ports)
        got = steps(self.page, count, key, self.settled)
        after = cpu_now(ports)
        self.times += got
        self.cpu_server += after[self.server] - before[self.server]
        self.cpu_browser += after["chromium"] - before["chromium"]
        if len(got) < count:
            raise StepsStopped(self.name)


class StepsStopped(Exception):
    """A page stopped taking steps (a key that does nothing)."""


def alternate(sides: list[Side], count: int, key: bool, ports: dict[str, str], block: int = 5) -> None:
    """``count`` steps on each side, in blocks of ``block`` taken in turn (what else runs on the machine then
    weighs on both alike). A side that stops taking steps is left out of the rest."""
    going = list(sides)
    done = 0
    while done < count and going:
        n = min(block, count - done)
        for side in list(going):
            try:
                side.block(n, key, ports)
            except StepsStopped:
                going.remove(side)
        done += n


@dataclass(frozen=True)
class Load:
    """A first page's times in ms since the navigation began: the table drawn, and the first websocket message
    (before it: the page, its scripts and the connection, the same for every Streamlit page; after it: the
    server's run and the browser drawing what it sent up to the table)."""

    total: float
    first_message: float

    @property
    def after(self) -> float:
        return self.total - self.first_message


@contextmanager
def clocked_page(browser: Any, *scripts: str) -> Iterator[Any]:
    """A page in a new browser context (nothing cached), its websocket messages timed (``WS_CLOCK``) and
    ``scripts`` run before the page's own."""
    context = browser.new_context(viewport=take.VIEWPORT, locale="en-US")
    try:
        for script in (WS_CLOCK, *scripts):
            context.add_init_script(script)
        page = context.new_page()
        page.set_default_timeout(60_000)
        yield page
    finally:
        context.close()


def first_page(browser: Any, url: str) -> Load:
    """The navigation to ``url`` until the table is drawn, in a new browser context (nothing cached)."""
    with clocked_page(browser) as page:
        page.goto(url, wait_until="commit")
        drawn = float(page.evaluate(DRAWN, [".fp-table"]))
        first = page.evaluate("() => window.__fpWs.length ? window.__fpWs[0] : null")
        return Load(drawn, float(first) if first is not None else drawn)


@contextmanager
def step_page(browser: Any, url: str) -> Iterator[Any]:
    """A page at ``url`` (its websocket messages timed), once its table is drawn and its run finished."""
    with clocked_page(browser) as page:
        page.goto(url)
        page.locator(".fp-table").first.wait_for()
        take.wait_idle(page, 500)
        yield page


def library_copy(args: argparse.Namespace, folder: Path) -> Path:
    """A copy of the benchmark's library in ``folder`` (the app may write to it; the kept one stays as it is)."""
    if args.library is not None:
        source = Path(args.library)
    else:
        from bench_storage import library

        source = library(QUICK_DEALS if args.quick else args.deals, False)
    target = folder / "library.db"
    shutil.copyfile(source, target)
    for tail in ("-wal", "-shm"):
        if Path(str(source) + tail).exists():
            shutil.copyfile(str(source) + tail, str(target) + tail)
    return target


def gouji_deals(url: str, count: int) -> list[int]:
    """Finished 够级 deals of the library: the longest of its first 50 first, then ``count - 1`` others."""
    from sqlalchemy import text

    from data.database import open_db

    engine = open_db(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text("SELECT id, n_events FROM deal WHERE game = 'gouji' AND finished ORDER BY id LIMIT :n"),
                {"n": max(50, count + 1)},
            ).all()
    finally:
        engine.dispose()
    if not rows:
        raise SystemExit("the library holds no finished 够级 deal")
    longest = max(rows[:50], key=lambda r: r[1])
    others = [int(r[0]) for r in rows if r[0] != longest[0]]
    return [int(longest[0]), *others[: count - 1]]


@contextmanager
def minimal_server(folder: Path) -> Iterator[str]:
    """The baseline page served by its own ``streamlit run``."""
    script = folder / "minimal.py"
    script.write_text(textwrap.dedent(MINIMAL_PAGE), encoding="utf-8")
    with take.serve(f"sqlite:///{folder / 'unused.db'}", script=str(script)) as base:
        yield base


def _ms(values: list[float]) -> float:
    return statistics.median(values)


def no_chromium(bench: str) -> bool:
    """True (and said) when Debian's Chromium is missing."""
    if Path(take.CHROMIUM).exists():
        return False
    print(f"{bench}: {take.CHROMIUM} is missing (Debian: apt-get install chromium)", file=sys.stderr)
    return True


def library_arguments(ap: argparse.ArgumentParser) -> None:
    """The options that name the library a browser bench copies (``library_copy``)."""
    ap.add_argument("--deals", type=int, default=10_000, help="simulated deals of each game (default 10,000)")
    ap.add_argument("--library", help="a library file to copy instead of bench_storage.py's")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    library_arguments(ap)
    ap.add_argument("--steps", type=int, default=30, help="steps timed of each kind (default 30)")
    ap.add_argument("--loads", type=int, default=5, help="first pages timed (default 5)")
    ap.add_argument(
        "--quick",
        action="store_true",
        help=f"a small run: {QUICK_DEALS} deals a game, 10 steps of each kind, 2 first pages",
    )
    ap.add_argument(
        "--before",
        metavar="FOLDER",
        help="another checkout of fupan (its app.py; e.g. a `git worktree` of main): its Replay page's first page "
        "is timed too, in turn with this one's (a before/after in the same run; `make compiled` there first)",
    )
    args = ap.parse_args(argv)
    if args.quick:
        args.steps, args.loads = min(args.steps, 10), min(args.loads, 2)
    if no_chromium("bench_browser"):
        return 2
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="fupan-bench-browser-") as tmp:
        folder = Path(tmp)
        db = library_copy(args, folder)
        url = f"sqlite:///{db}"
        deals = gouji_deals(url, args.loads + 2)
        print(f"library: {db.stat().st_size / 1e6:.0f} MB copied; the steps on 够级 deal #{deals[0]}")
        with (
            sync_playwright() as pw,
            minimal_server(folder) as base,
            take.serve(url) as app,
            ExitStack() as more,
        ):
            before = None if args.before is None else more.enter_context(take.serve(url, script=_app_of(args.before)))
            ports = {"app": app.rsplit(":", 1)[1], "minimal": base.rsplit(":", 1)[1]}
            browser = pw.chromium.launch(executable_path=take.CHROMIUM, headless=True, args=take.CHROMIUM_FLAGS)
            try:
                first_page(browser, base + "/")  # each server's first run (its imports)
                for server in (app, before):
                    if server is not None:
                        first_page(browser, f"{server}/replay?deal={deals[-1]}")
                app_first: list[Load] = []
                base_first: list[Load] = []
                before_first: list[Load] = []
                turn = [(app, app_first), (base, base_first)] + ([(before, before_first)] if before else [])
                for k, d in enumerate(deals[1 : 1 + args.loads]):  # another deal each time: replayed and coached anew
                    # the pages in turn, who goes first rotating (a page's server and browser still clear up the
                    # last page's session as the next loads), each after a pause; the minimal page at the same
                    # address: a page's path makes Streamlit's client look for the server under it first, then
                    # at the root (about 0.1 s), so both pages pay that alike
                    for server, times in turn[k % len(turn) :] + turn[: k % len(turn)]:
                        time.sleep(SETTLE_S)
                        times.append(first_page(browser, f"{server}/replay?deal={d}"))
                with (
                    step_page(browser, f"{app}/replay?deal={deals[0]}&step=0") as app_page,
                    step_page(browser, base + "/") as base_page,
                ):
                    sides = {
                        (name, key): Side(name, page, server, settled)
                        for name, page, server, settled in (
                            ("replay", app_page, "app", SETTLED_SLIDER),
                            ("minimal", base_page, "minimal", SETTLED_MARKER),
                        )
                        for key in (False, True)
                    }
                    for page in (app_page, base_page):
                        browser_keys.watch_address(page)
                    for key in (False, True):
                        alternate([sides["replay", key], sides["minimal", key]], args.steps, key, ports)
                    moved: dict[str, list[int]] = {"replay": [], "minimal": []}
                    for _ in range(max(2, args.steps // 6)):  # in turn, as the steps
                        for name, page, settled in (
                            ("replay", app_page, SETTLED_SLIDER),
                            ("minimal", base_page, SETTLED_MARKER),
                        ):
                            moved[name].append(browser_keys.burst(page, settled, take.wait_idle))
                    lagged = {"replay": browser_keys.lags(app_page), "minimal": browser_keys.lags(base_page)}
            finally:
                browser.close()
    print(
        f"\n{'step (medians, ms)':<22}{'total':>8}{'marker':>8}{'server':>8}{'drawing':>9}{'settled':>9}"
        f"{'CPU/step: server':>18}{'browser':>9}"
    )
    for (name, key), side in sides.items():
        label = f"{name}, {'key →' if key else 'click'}"
        got = side.times
        if not got:
            print(f"{label:<22}{'not measured':>33}")
            continue
        print(
            f"{label:<22}{_ms([s.total for s in got]):>8.1f}{_ms([s.to_marker for s in got]):>8.1f}"
            f"{_ms([s.server for s in got]):>8.1f}{_ms([s.drawing for s in got]):>9.1f}"
            f"{_ms([s.settled for s in got]):>9.1f}{side.cpu_server * 1000 / len(got):>18.1f}{side.cpu_browser * 1000 / len(got):>9.1f}"
        )
    print(f"\n{'first page (medians, ms)':<26}{'total':>8}{'to the first message':>22}{'then to the table':>19}")
    for name, loads in (("replay", app_first), ("minimal", base_first), ("replay, --before", before_first)):
        if not loads:
            continue
        print(
            f"{name:<26}{_ms([x.total for x in loads]):>8.0f}{_ms([x.first_message for x in loads]):>22.0f}"
            f"{_ms([x.after for x in loads]):>19.0f}"
        )
    n_deals = "library given" if args.library else f"{QUICK_DEALS if args.quick else args.deals} deals a game"
    minimal = "a trivial Streamlit rerun (a button that changes a number)"
    rows = []
    for what, of, target in (
        ("Chromium ({n})", "total", STEP_TARGET_MS),
        ("the whole page settled (slider at the step, run over)", "settled", None),
    ):
        for key in (False, True):
            how = "key →" if key else "click"
            mine = [getattr(s, of) for s in sides["replay", key].times]
            theirs = [getattr(s, of) for s in sides["minimal", key].times]
            rows.append(
                Figure(
                    figure=f"Replay step by {how}, " + what.format(n=n_deals),
                    value=_ms(mine) if mine else float("nan"),
                    unit="ms",
                    baseline=f"{minimal}, by {how}",
                    base_value=_ms(theirs) if theirs else None,
                    runs=len(mine),
                    target=target,
                    on="value",
                )
            )
    rows += browser_keys.figures(moved, lagged, minimal)
    rows.append(
        Figure(
            figure=f"Replay first page, navigation to the table drawn ({n_deals})",
            value=_ms([x.total for x in app_first]) / 1000,
            unit="s",
            baseline="the minimal page's first page",
            base_value=_ms([x.total for x in base_first]) / 1000,
            runs=len(app_first),
            target=FIRST_PAGE_TARGET_S,
            on="value",
        )
    )
    if before_first:
        rows.append(
            Figure(
                figure=f"Replay first page, the same of --before ({args.before})",
                value=_ms([x.total for x in before_first]) / 1000,
                unit="s",
                baseline="this checkout's first page, in turn with it",
                base_value=_ms([x.total for x in app_first]) / 1000,
                runs=len(before_first),
            )
        )
    return 0 if report("bench_browser: the Replay page in Chromium", rows) else 1


def _app_of(folder: str) -> str:
    """The app.py of another checkout (``--before``)."""
    script = Path(folder).resolve() / "app.py"
    if not script.exists():
        raise SystemExit(f"bench_browser: no app.py in {folder}")
    return str(script)


if __name__ == "__main__":
    sys.exit(main())
