"""Screenshots of the dashboard's pages for the README, and the browser helpers the e2e test shares.

    .venv/bin/python docs/screenshots/take.py              # every page, in English, into docs/screenshots/
    .venv/bin/python docs/screenshots/take.py --lang zh --out /tmp/shots
    make screenshots                                       # the first line

It fills a new SQLite file with the shipped samples (``data.make_samples.import_samples``, as
``fupan samples`` does), starts ``streamlit run app.py`` on 127.0.0.1 on a free port with
``FUPAN_DB`` pointing at that file, and drives Debian's Chromium (``/usr/bin/chromium``, apt package
``chromium``; never a browser downloaded by Playwright) with Playwright's sync API, headless, in a
new empty profile. It opens a sample deal in the Library, prices it on the Evaluation page, moves the
replay a few steps on, and takes one picture per page: library, replay, timeline, scoring, coach,
evaluation, dispute (a pasted dispute, judged) and players, then a 升级 deal's replay and scoring; all of it
twice, in a desktop's window 1400 px wide (``<page>.png``) and in a phone's, 390 px wide at device scale 2
(``<page>-phone.png``; the sidebar opened for each move and folded for the picture). The server is stopped
at the end. Chinese text needs a CJK font (Debian:
``fonts-wqy-zenhei``), or it shows as boxes.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
# As the machine notes give them: no GPU, no QUIC, and none of Chromium's own network traffic.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1400, "height": 1000}
#: A chart as drawn: the dashboard's own (views/parts/plotly_basic.py, where make installed plotly.js's basic bundle)
#: or Streamlit's plotly element (without it).
CHART = '.fp-chart, [data-testid="stPlotlyChart"]'
PHONE = {"width": 390, "height": 844}  # a phone's window, at device scale 2 (phone=True in browser_page)
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
# (file name, sidebar title in zh, in en), in the sidebar's order
PAGES = [
    ("library", "牌局库", "Library"),
    ("replay", "复盘", "Replay"),
    ("timeline", "时间线", "Timeline"),
    ("scoring", "计分", "Scoring"),
    ("coach", "教练", "Coach"),
    ("evaluation", "评估", "Evaluation"),
    ("dispute", "争议台", "Dispute desk"),
    ("players", "牌手", "Players"),
    ("season", "赛季", "Season"),
]
DISPUTE = ROOT / "data" / "samples" / "disputes" / "01-burn-after-pass.txt"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fill_samples(db_url: str) -> int:
    """Store the shipped samples in the database at ``db_url``; the number of deals stored."""
    sys.path.insert(0, str(ROOT))
    from data.database import open_db
    from data.make_samples import import_samples

    engine = open_db(db_url)
    try:
        results = import_samples(engine)
    finally:
        engine.dispose()
    return sum(1 for rs in results.values() for r in rs if r.deal_id is not None)


@contextmanager
def serve(
    db_url: str,
    port: int | None = None,
    timeout: float = 45.0,
    script: str = "app.py",
    output: Any = None,
    club: bool = False,
) -> Iterator[str]:
    """``streamlit run app.py`` as `make run` serves it (``views.parts.serve``: the warm-up begun at once), or ``streamlit
    run`` of another ``script``, or with ``club`` as a club's server (``fupan serve``: roles enforced), over the
    database ``db_url``; yields the base URL once it answers.

    The server runs headless on 127.0.0.1 and is terminated (then killed, if need be) on exit; its
    output goes to ``output`` (a text file open for reading and writing) or a temporary file, whose tail is in the
    error when it does not come up."""
    port = port or free_port()
    env = dict(os.environ, FUPAN_DB=db_url, PYTHONUNBUFFERED="1")
    for name in ("DATABASE_URL", "FUPAN_ACCESS"):
        env.pop(name, None)
    run = (
        ["views.parts.serve"] if script == "app.py" else ["streamlit", "run", script]
    )  # app.py as `make run` serves it
    cmd = [
        sys.executable,
        "-m",
        *run,
        "--server.headless",
        "true",
        "--server.address",
        "127.0.0.1",
        "--server.port",
        str(port),
        "--browser.gatherUsageStats",
        "false",
        "--server.fileWatcherType",
        "none",
    ]  # the rest as .streamlit/config.toml sets it, as `make run` serves it (the toolbar a viewer's)
    if club:  # the command a club runs (its own options; the library named by --db)
        cmd = [sys.executable, "-c", "import sys, cli; sys.exit(cli.main(sys.argv[1:]))", "serve"]
        cmd += ["--host", "127.0.0.1", "--port", str(port), "--db", db_url]
    with contextlib.nullcontext(output) if output is not None else tempfile.TemporaryFile("w+") as log:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_health(base, proc, log, timeout)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def _wait_health(base: str, proc: subprocess.Popen[Any], log: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        try:
            with urllib.request.urlopen(base + "/_stcore/health", timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.25)
    log.seek(0)
    tail = log.read()[-3000:]
    raise RuntimeError(f"streamlit did not answer at {base} (exit code {proc.poll()}):\n{tail}")


@contextmanager
def browser_page(playwright: Any, phone: bool = False) -> Iterator[Any]:
    """A page of Debian's Chromium, headless, in a new empty profile (removed afterwards): a desktop's window
    (``VIEWPORT``), or with ``phone`` a phone's (``PHONE``, device scale 2, touch)."""
    size: dict[str, Any] = (
        {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
        if phone
        else {"viewport": VIEWPORT}
    )
    with tempfile.TemporaryDirectory(prefix="fupan-chromium-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_FLAGS,
            locale="en-US",
            **size,
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.set_default_timeout(20_000)
            yield page
        finally:
            context.close()


def wait_idle(page: Any, settle_ms: int = 250) -> None:
    """Wait until the script run that the last action started has finished."""
    page.wait_for_timeout(settle_ms)
    page.wait_for_selector(IDLE, state="attached")


def open_app(page: Any, base: str) -> None:
    """Open the app (the Library) and wait for its first run."""
    page.goto(base + "/")
    page.wait_for_selector('[data-testid="stSidebarNav"]', state="attached")  # folded away on a phone
    wait_idle(page)


def sidebar_open(page: Any) -> bool:
    """Whether the sidebar is shown (a phone's window folds it away, and shows it over the page when opened)."""
    box = page.locator('[data-testid="stSidebar"]').bounding_box()
    return box is not None and box["x"] >= 0 and box["width"] > 0


def set_sidebar(page: Any, opened: bool) -> None:
    """Open or fold the sidebar."""
    if sidebar_open(page) == opened:
        return
    where = '[data-testid="stExpandSidebarButton"]' if opened else '[data-testid="stSidebarHeader"] button'
    page.locator(where).first.click()
    page.wait_for_timeout(500)


@contextmanager
def in_sidebar(page: Any) -> Iterator[None]:
    """The sidebar shown for what is done in it, then folded again if it was (on a phone it covers the page)."""
    folded = not sidebar_open(page)
    set_sidebar(page, True)
    yield
    if folded:
        set_sidebar(page, False)


def set_language(page: Any, lang: str) -> None:
    """Pick the language in the sidebar."""
    label = "English" if lang == "en" else "中文"
    with in_sidebar(page):
        page.locator('[data-testid="stSidebar"] [data-testid="stRadio"] label', has_text=label).first.click()
        wait_idle(page)


def goto(page: Any, title: str) -> None:
    """Go to a page by its title in the sidebar (the session, and the open deal, stay)."""
    with in_sidebar(page):
        page.locator('[data-testid="stSidebarNavLink"]', has_text=title).first.click()
        wait_idle(page)


TAB = '[data-testid="stTab"]'  # a tab's label (Streamlit 1.67)


def show_tab(page: Any, label: str) -> None:
    """Show the page's tab ``label`` (a page's tabs run only the one shown: views/parts/sections.py)."""
    page.locator(TAB, has_text=label).first.click()
    wait_idle(page)


def open_first_deal(page: Any) -> None:
    """In the Library: type the ID of the first deal listed (the number box's example) and press Open (the Replay
    page of that deal follows)."""
    box = page.locator(".st-key-library_open_id input").first
    first = re.search(r"\d+", box.get_attribute("placeholder") or "")
    assert first is not None, "the Library offers no deal to open"
    box.fill(first.group(0))
    box.press("Enter")
    wait_idle(page)
    page.locator('[data-testid="stButton"] button:visible', has_text=re.compile(r"^\s*(Open|打开)\s*$")).first.click()
    wait_idle(page)


def table_state(page: Any) -> tuple[str | None, str]:
    """The drawn table: its step attribute and its text."""
    table = page.locator(".fp-table").first
    table.wait_for()
    return table.get_attribute("data-step"), table.inner_text()


def press_next(page: Any) -> None:
    """The replay's next-step button."""
    page.locator(".st-key-replay_next button:visible").first.click()
    wait_idle(page)


def slide_to(page: Any, step: int, where: str = '[data-testid="stSlider"]') -> None:
    """Move the first slider (of ``where``) to ``step`` with the keyboard."""
    thumb = page.locator(f'{where} input[type="range"], {where} [role="slider"]').first
    thumb.focus()
    thumb.press("Home")
    for _ in range(step):
        thumb.press("ArrowRight")
    wait_idle(page, 600)


def choose_deal(page: Any, deal_id: int) -> None:
    """On the dispute desk: pick the stored deal ``deal_id`` (typed into the picker's search)."""
    box = page.locator(".st-key-dispute_deal [role='combobox']:visible").first
    box.click()
    box.press_sequentially(f"#{deal_id} ")
    page.locator("[role='option']:visible").filter(has_text=re.compile(f"^#{deal_id} ")).first.click()
    wait_idle(page)


def download_ruling(page: Any, deal_id: int, event: int, what: str = "html") -> Path:
    """On the dispute desk: download the ruling sheet (``html``) or JSON of a stored deal's event; its path."""
    button = page.locator(f".st-key-ruling_{what}_d{deal_id}_ruling-deal{deal_id}-event{event} button").first
    with page.expect_download() as info:
        button.click()
    download = info.value
    assert download.suggested_filename == f"ruling-deal{deal_id}-event{event}.{what}", download.suggested_filename
    return Path(download.path())


def ask_dispute(page: Any, text: str, step: int, seat: int, action: str, cards: str) -> None:
    """On the dispute desk: paste a log, go to ``step`` and judge ``seat``'s ``action`` ``cards``."""
    page.locator(".st-key-dispute_source label:visible", has_text=re.compile("pasted log|粘贴记录")).first.click()
    wait_idle(page)
    area = page.locator(".st-key-dispute_paste textarea")
    area.fill(text)
    area.press("Control+Enter")
    wait_idle(page)
    slide_to(page, step)
    page.locator(".st-key-dispute_what label:visible", has_text=re.compile("event I type|我输入的动作")).first.click()
    wait_idle(page)
    _choose(page, ".st-key-dispute_seat_gouji", f"{seat} ·")
    _choose(page, ".st-key-dispute_action_gouji", action)
    page.locator(".st-key-dispute_cards input").fill(cards)
    page.locator(".st-key-dispute_judge button:visible").first.click()
    wait_idle(page)


SHENGJI = ROOT / "data" / "samples" / "shengji" / "shengji-2026-09-05-d3.json"


def open_pasted(page: Any, text: str) -> None:
    """In the Library: paste a log into the import form and press "Import and open"."""
    expander = page.locator('[data-testid="stExpander"] summary', has_text=re.compile("Import a deal|导入牌局")).first
    area = page.locator('[data-testid="stTextArea"] textarea').first
    if not area.is_visible():
        expander.click()
        wait_idle(page)
    area.fill(text)
    page.locator(
        '[data-testid="stFormSubmitButton"] button', has_text=re.compile("Import and open|导入并打开")
    ).first.click()
    wait_idle(page, 800)


def run_evaluation(page: Any, rollouts: int = 4) -> None:
    """On the Evaluation page: price the open deal with few rollouts and wait for the chart."""
    box = page.locator(".st-key-eval_rollouts input")
    box.fill(str(rollouts))
    box.press("Tab")
    page.locator(".st-key-eval_run button").first.click()
    page.locator(CHART).first.wait_for(timeout=120_000)
    wait_idle(page)


def _choose(page: Any, where: str, starts: str) -> None:
    """Pick the option of a selectbox whose text starts with ``starts``."""
    box = page.locator(f"{where} [role='combobox']:visible").first
    box.click()
    options = page.locator("[role='option']:visible")
    if not options.count():
        box.press("ArrowDown")
    options.filter(has_text=re.compile("^" + re.escape(starts))).first.click()
    wait_idle(page)


def shoot(page: Any, path: Path, max_height: int = 3200) -> None:
    """A picture of the page at the window's width and as tall as its content (up to ``max_height`` pixels),
    from the top.

    Streamlit scrolls its main area inside the window, so the window is made as tall as that area's
    content for the picture, then set back."""
    size = page.viewport_size or VIEWPORT
    height = page.evaluate(
        """() => Math.max(...[...document.querySelectorAll('[data-testid="stMain"], section, main')]
                           .map(e => e.scrollHeight), document.body.scrollHeight)"""
    )
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], min(height, max_height))})
    page.wait_for_timeout(400)
    page.evaluate(
        "() => document.querySelectorAll('[data-testid=\"stMain\"], section, main').forEach(e => { e.scrollTop = 0 })"
    )
    page.wait_for_timeout(200)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)


def take_all(base: str, out: Path, lang: str) -> list[Path]:
    """One screenshot per page into ``out``; the files written."""
    from playwright.sync_api import sync_playwright

    titles = {name: zh if lang == "zh" else en for name, zh, en in PAGES}
    written: list[Path] = []
    with sync_playwright() as pw:
        for phone in (False, True):  # a desktop's window (name.png), then a phone's (name-phone.png)
            tail = "-phone" if phone else ""
            with browser_page(pw, phone=phone) as page:
                open_app(page, base)
                if lang == "en":
                    set_language(page, "en")
                open_first_deal(page)
                if not phone:  # priced first (and stored): the replay's table shows the best moves
                    goto(page, titles["evaluation"])
                    run_evaluation(page)
                goto(page, titles["replay"])
                for _ in range(12):
                    press_next(page)
                for name, _zh, _en in PAGES:
                    goto(page, titles[name])
                    if name == "dispute":
                        text = DISPUTE.read_text(encoding="utf-8")
                        ask_dispute(page, text, step=3, seat=1, action="burn", cards="A A")
                    page.wait_for_timeout(500)
                    path = out / f"{name}{tail}.png"
                    shoot(page, path)
                    written.append(path)
                goto(page, titles["library"])  # and a 升级 deal: its table and its scoring
                open_pasted(page, SHENGJI.read_text(encoding="utf-8"))
                goto(page, titles["replay"])
                for _ in range(30):
                    press_next(page)
                for name in ("replay", "scoring"):
                    goto(page, titles[name])
                    page.wait_for_timeout(500)
                    path = out / f"shengji-{name}{tail}.png"
                    shoot(page, path)
                    written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=["en", "zh"], default="en")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"take.py: {CHROMIUM} is missing (Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="fupan-shots-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'samples.db'}"
        n = fill_samples(url)
        print(f"{n} sample deals stored", file=sys.stderr)
        with serve(url) as base:
            for path in take_all(base, args.out, args.lang):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
