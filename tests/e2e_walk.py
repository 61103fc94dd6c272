"""One browser session walking every page of the dashboard and collecting the text a reader sees, for the language
scan (tests/views/browser/test_e2e_language.py) and for looking at it by hand:

    .venv/bin/python tests/e2e_walk.py zh      # every page's text in Chinese, then the words that are not
    .venv/bin/python tests/e2e_walk.py en

What is collected on a page (``page_texts``): the document's title and ``document.body.innerText`` with every
expander opened and every tab shown in turn, the ``title``, ``aria-label``, ``placeholder`` and ``alt`` attributes,
the help tooltips (each hovered), the charts' SVG text (axis titles, ticks, legends) and, from each Plotly figure's
own data, its traces' names, texts and hover templates (their ``%{...}`` fields and tags taken out).

The walk (``walk``): the Library; Replay at the middle and end of a deal of each game (and as dealt, and as one seat
saw it, for the first); Timeline, Scoring, Coach and Evaluation (its stored evaluation) of each of those deals; the
dispute desk with a stored dispute chosen at an illegal event; Players. The server and browser are
docs/screenshots/take.py's.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from browser import ROOT, take

# The text a reader sees, gathered in the page (the Plotly figures read from their own data: hover texts are not
# in the document until hovered).
_COLLECT = """
() => {
  const main = document.querySelector('[data-testid="stApp"]') || document.body;
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && cs.opacity !== '0';
  };
  // the text drawn: every text node of a shown element, but Streamlit's icons (a font whose ligatures are words,
  // "keyboard_arrow_down": the reader sees the icon) and what is only there for screen readers (clipped to a pixel)
  // not judged: the icons, and the language switch, which names each language in its own script by design
  const SKIP = '[data-testid="stIconMaterial"], script, style, noscript, .st-key-lang_switch';
  const out = [document.title];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const lines = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n.nodeValue.trim();
    const el = n.parentElement;
    if (!t || !el || el.closest(SKIP)) continue;
    if (shown(el)) lines.push(t);
  }
  out.push(lines.join('\\n'));
  // the data grids draw on a canvas: their text is in the table they keep for screen readers
  for (const t of main.querySelectorAll('[data-testid="stDataFrame"] table, [data-testid="stTable"] table')) {
    out.push([...t.querySelectorAll('th, td')].map(c => c.textContent).join('\\n'));
  }
  // what shows on hover or in an empty box: titles, and the placeholders of empty fields
  for (const el of main.querySelectorAll('[title]')) out.push(el.getAttribute('title'));
  for (const el of main.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    if (!el.value && shown(el)) out.push(el.getAttribute('placeholder'));
  }
  // the labels the app's own drawings give (the table, the event list, images)
  for (const el of main.querySelectorAll('.fp-table [aria-label], [data-testid="stHtml"] [aria-label], img[alt]')) {
    out.push(el.getAttribute('aria-label') || el.getAttribute('alt'));
  }
  const strings = (v) => {
    if (v == null) return [];
    if (typeof v === 'string') return [v];
    if (Array.isArray(v)) return v.flatMap(strings);
    return [];
  };
  // the charts, from each Plotly figure's own data: hover texts are not in the document until hovered
  for (const g of main.querySelectorAll('.js-plotly-plot')) {
    for (const tr of (g.data || [])) {
      for (const k of ['name', 'text', 'hovertext', 'hovertemplate', 'texttemplate']) out.push(...strings(tr[k]));
      if (tr.legendgrouptitle) out.push(...strings(tr.legendgrouptitle.text));
    }
    const lay = g.layout || {};
    const title = (o) => o && (typeof o.title === 'string' ? o.title : o.title && o.title.text);
    out.push(...strings(title(lay)));
    for (const k of Object.keys(lay)) {
      if (/^[xy]axis\\d*$/.test(k)) {
        out.push(...strings(title(lay[k])));
        out.push(...strings(lay[k].ticktext));
      }
    }
    for (const a of (lay.annotations || [])) out.push(...strings(a.text));
    if (lay.legend) out.push(...strings(title(lay.legend)));
    // Plotly's toolbar: what each button's tooltip draws (its data-title, or what the page's CSS draws instead: the
    // Fullscreen button Streamlit adds to it)
    for (const b of g.querySelectorAll('.modebar-btn')) {
      const drawn = getComputedStyle(b, '::after').content;
      out.push(drawn && drawn !== 'none' && drawn !== 'normal' ? drawn.replace(/^"|"$/g, '') : b.getAttribute('data-title'));
    }
  }
  return out;
}
"""

_HOVER_FIELDS = re.compile(r"%\{[^}]*\}|<extra>.*?</extra>|<[^>]+>|&[a-z]+;|&#\d+;|&#x[0-9a-f]+;")


# a connection that asks to save data, as the page's scripts see it (views/parts/prefetch.py reads it)
SAVE_DATA = "Object.defineProperty(navigator, 'connection', {get: () => ({saveData: true, effectiveType: '4g'})});"


def clean(text: str) -> str:
    """A collected text without Plotly's template fields, tags and entities."""
    return _HOVER_FIELDS.sub(" ", text)


def wait_idle(page: Any, settle_ms: int = 250) -> None:
    take.wait_idle(page, settle_ms)


_OPEN_ONE = """
() => {
  const closed = [...document.querySelectorAll('[data-testid="stExpander"] details:not([open]) > summary')];
  if (closed.length) closed[0].click();
  return closed.length;
}
"""


def open_expanders(page: Any) -> None:
    """Open every closed expander on the page, one at a time, the page settled after each (an expander drawn only
    while open, ``on_change="rerun"``, reruns the page when opened: two opened at once would race their runs; an
    expander opened may show another, on the page's next run)."""
    for _ in range(12):
        if not page.evaluate(_OPEN_ONE):
            return
        wait_idle(page, 150)


# What an element draws: its shown text and the text its CSS draws (``::before``, ``::after``: the Chinese drawn over
# Streamlit's English by views/parts/zh_widgets.py), for Streamlit's tooltips, menus and pop-overs.
_DRAWN = """
(el) => {
  const out = [];
  const pseudo = (e, which) => {
    const c = getComputedStyle(e, which).content;
    return c && c !== 'none' && c !== 'normal' ? c.replace(/^"|"$/g, '') : '';
  };
  for (const e of [el, ...el.querySelectorAll('*')]) {
    if (e.closest('[data-testid="stIconMaterial"]')) continue;
    const cs = getComputedStyle(e);
    for (const n of e.childNodes) {
      if (n.nodeType === 3 && n.nodeValue.trim() && cs.visibility === 'visible' && cs.display !== 'none') {
        out.push(n.nodeValue.trim());
      }
    }
    out.push(pseudo(e, '::before'), pseudo(e, '::after'));
  }
  return out.filter(Boolean).join('\\n');
}
"""


def _tip_after(page: Any, target: Any, tries: int = 3) -> str | None:
    """The tooltip ``target`` shows when hovered, as drawn; None when none showed in ``tries`` hovers (scrolled away,
    covered, or the toolbar it is on still fading in)."""
    for _ in range(tries):
        try:
            target.hover(timeout=2000)
            tip = page.locator('[data-testid="stTooltipContent"]:visible').first
            tip.wait_for(timeout=2500)
            return str(tip.evaluate(_DRAWN))
        except Exception:
            page.mouse.move(0, 0)
    return None


def tooltips(page: Any) -> list[str]:
    """The help tooltips' texts: each help icon hovered in turn."""
    out = []
    # the help icons the app gives (the toolbar over a table or chart: ``streamlit_chrome``)
    icons = page.locator('[data-testid="stTooltipHoverTarget"]:visible:not([data-testid="stElementToolbar"] *)')
    for i in range(min(icons.count(), 30)):
        tip = _tip_after(page, icons.nth(i))
        if tip is not None:
            out.append(tip)
    page.mouse.move(0, 0)
    return out


_MAIN = '[data-testid="stMain"]'


def streamlit_chrome(page: Any) -> list[str]:
    """What Streamlit draws for itself when a reader reaches for it, as drawn: the tooltips of the toolbar over the
    first data table and the first chart (each button hovered), the options of every select of the page (each opened:
    the Library's date fields are selects), the calendar of every date field (each clicked), every pop-over, the main
    menu (when there is one) and the status corner."""
    out: list[str] = []
    for owner in ('[data-testid="stDataFrame"]', *take.CHART.split(", ")):
        element = page.locator(f"{_MAIN} {owner}:visible").first
        if not element.count():
            continue
        if not _toolbar_shown(page, element):
            continue
        buttons = element.locator('[data-testid="stElementToolbar"] button')
        for i in range(buttons.count()):
            tip = _tip_after(page, buttons.nth(i))
            if tip is not None:
                out.append(tip)
        columns = element.locator('button[aria-label="Show/hide columns"]')  # the table's menu of its columns
        if columns.count():
            out += _opened(
                page,
                f'{_MAIN} {owner}:visible button[aria-label="Show/hide columns"] >> nth=0',
                '[data-testid="stDataFrameColumnVisibilityMenu"]',
                limit=1,
            )
    page.mouse.move(0, 0)
    out += _opened(page, f'{_MAIN} button[aria-haspopup="listbox"]:visible', '[role="listbox"]:visible', limit=12)
    out += _opened(page, f'{_MAIN} [data-testid="stDateInputField"]:visible', '[data-testid="stDateInputCalendar"]')
    out += _opened(page, f'{_MAIN} [data-testid="stPopover"] button:visible', '[data-testid="stPopoverBody"]:visible')
    out += _opened(
        page, '[data-testid="stMainMenuButton"]:visible', '[role="menu"]:visible, [data-testid="stMainMenuPopover"]'
    )
    status = page.locator('[data-testid="stStatusWidget"]')
    if status.count():
        out.append(str(status.first.evaluate(_DRAWN)))
    return out


def _toolbar_shown(page: Any, element: Any, tries: int = 3) -> bool:
    """Whether hovering ``element`` shows its toolbar within ``tries`` hovers (a loaded machine may take seconds to
    draw it: the mouse leaves and comes back between tries)."""
    for _ in range(tries):
        try:
            element.scroll_into_view_if_needed(timeout=3000)
            element.hover(timeout=3000)
            element.locator('[data-testid="stElementToolbar"]').first.wait_for(timeout=4000)
            return True
        except Exception:
            page.mouse.move(0, 0)
    return False


def _opened(page: Any, opener: str, shows: str, limit: int = 6) -> list[str]:
    """What each element ``opener`` matches shows when clicked (``shows``: where), as drawn; closed again with Esc."""
    out = []
    openers = page.locator(opener)
    for i in range(min(openers.count(), limit)):
        try:
            openers.nth(i).click(timeout=2000)
            shown = page.locator(shows).first
            shown.wait_for(timeout=1500)
            out.append(str(shown.evaluate(_DRAWN)))
        except Exception:  # nothing opened: covered, or no pop-up of that kind
            pass
        page.keyboard.press("Escape")
        page.wait_for_timeout(100)
    if openers.count():
        wait_idle(page, 150)
    return out


def draw_charts(page: Any) -> None:
    """Each shown chart of the page scrolled to and drawn: the dashboard draws a chart once it comes near the window
    (views/parts/plotly_basic.py), so one below the first screen has no figure until then."""
    charts = page.locator(".fp-chart:visible")
    for i in range(charts.count()):
        charts.nth(i).scroll_into_view_if_needed()
        charts.nth(i).locator(".main-svg").first.wait_for(state="attached", timeout=30_000)


def page_texts(page: Any, *, tips: bool = True) -> list[str]:
    """Everything a reader sees on the page as it stands, with its expanders opened and its tabs shown in turn (each
    chart drawn)."""
    open_expanders(page)
    draw_charts(page)
    page.mouse.move(0, 0)  # no toolbar or tooltip of Streamlit's own left showing under the pointer
    page.wait_for_timeout(150)
    texts: list[str] = list(page.evaluate(_COLLECT))
    tabs = page.locator(f"{take.TAB}:visible")
    for i in range(1, tabs.count()):
        tabs.nth(i).click()
        wait_idle(page, 150)
        open_expanders(page)
        draw_charts(page)
        page.mouse.move(0, 0)
        texts += page.evaluate(_COLLECT)
    if tabs.count() > 1:
        tabs.first.click()
    if tips:
        texts += tooltips(page) + streamlit_chrome(page)
    return [clean(t) for t in texts if t]


@dataclass
class Walk:
    """What the walk saw: the texts of each stop (``where`` names the page and the deal or step)."""

    lang: str
    seen: dict[str, list[str]] = field(default_factory=dict)
    footers: dict[str, str] = field(default_factory=dict)  # the last caption of each stop's page: its footer

    def add(self, where: str, texts: list[str], page: Any = None) -> None:
        self.seen.setdefault(where, []).extend(texts)
        if page is not None:
            captions = page.locator('[data-testid="stMain"] [data-testid="stCaptionContainer"]')
            self.footers[where] = captions.last.inner_text().strip() if captions.count() else ""


@dataclass(frozen=True)
class Deals:
    """The deals the walk opens: one per game (id and number of events), and the stored dispute's id."""

    by_game: dict[str, tuple[int, int]]
    dispute: int


def goto_url(page: Any, base: str, path: str, lang: str) -> None:
    """Open ``path`` in ``lang`` (the address names the language: ``views.parts.address``)."""
    page.goto(base + path + ("&" if "?" in path else "?") + f"lang={lang}")
    page.wait_for_selector('[data-testid="stSidebarNav"]')
    wait_idle(page, 400)


def title_of(name: str, lang: str) -> str:
    for page_name, zh, en in take.PAGES:
        if page_name == name:
            return zh if lang == "zh" else en
    raise KeyError(name)


def _choose_view(page: Any, nth: int) -> None:
    """On Replay: the view selector's ``nth`` option (0: the review; 1: the first seat's)."""
    box = page.locator(".st-key-replay_viewer [role='combobox']:visible").first
    box.click()
    options = page.locator("[role='option']:visible")
    if not options.count():
        box.press("ArrowDown")
    options.nth(nth).click()
    wait_idle(page, 300)


def walk(page: Any, base: str, deals: Deals, lang: str, log: Callable[[str], None] = lambda _: None) -> Walk:
    """Walk every page in ``lang`` (see the module's docstring); the texts seen, by stop. The browser says its
    connection saves data: the chart script is not run ahead (``views.parts.prefetch``), which would hold the page
    for most of a second in the middle of the walk's hovers."""
    seen = Walk(lang)
    page.add_init_script(SAVE_DATA)
    goto_url(page, base, "/", lang)
    seen.add("library", page_texts(page), page)
    log("library")
    for n, (game, (deal_id, n_events)) in enumerate(deals.by_game.items()):
        first = n == 0  # the help tooltips and the dealt table once: they say the same for every game
        for step in ((0,) if first else ()) + (n_events // 2, n_events):
            goto_url(page, base, f"/replay?deal={deal_id}&step={step}", lang)
            page.locator(".fp-table, .sj-table").first.wait_for()
            seen.add(f"replay {game} #{deal_id} step {step}", page_texts(page, tips=first and step == 0), page)
            log(f"replay {game} {step}")
        if first:  # a seat's view words its table as the review does, whatever the game
            _choose_view(page, 1)
            seen.add(f"replay {game} #{deal_id} seat view", page_texts(page, tips=False), page)
        for name in ("timeline", "scoring", "coach", "evaluation"):
            take.goto(page, title_of(name, lang))
            wait_idle(page, 300)
            seen.add(f"{name} {game} #{deal_id}", page_texts(page, tips=first), page)
            log(f"{name} {game}")
    take.goto(page, title_of("dispute", lang))
    take.choose_deal(page, deals.dispute)
    take.slide_to(page, 3)
    seen.add(f"dispute #{deals.dispute} event 3", page_texts(page), page)
    log("dispute")
    take.goto(page, title_of("players", lang))
    seen.add("players", page_texts(page), page)
    log("players")
    take.goto(page, title_of("season", lang))
    wait_idle(page, 300)
    seen.add("season", page_texts(page), page)
    log("season")
    return seen


# -- the library the walk runs over ---------------------------------------------------------------


def fill(url: str) -> tuple[Deals, list[str]]:
    """The shipped samples stored at ``url``, with a small stored evaluation of the walk's deal of each game; the
    walk's deals and the texts that are data (names, venues, notes, match keys, profiles and file names from the
    stored logs, the shipped profiles' names)."""
    sys.path.insert(0, str(ROOT))
    from sqlalchemy import text

    from coach.evaluate import evaluate_replay
    from coach.prices import Settings
    from data.database import open_db
    from data.evaluations import save_evaluation
    from data.importer import import_log
    from replay.formats.log import parse_json_log, read_log
    from replay.replay import Replay

    take.fill_samples(url)
    engine = open_db(url)
    data: set[str] = set()
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT id, game, source, log_json FROM deal ORDER BY id")).all()
            data.update(r[0] for r in conn.execute(text("SELECT name FROM player")))
            data.update(r[0] for r in conn.execute(text("SELECT key FROM match")))
        by_game: dict[str, tuple[int, int]] = {}
        for deal_id, game, source, log_json in rows:
            data.add(Path(source).name)
            log = parse_json_log(log_json)
            data.update(_strings(log.meta))
            data.update(s.player for s in log.seats)
            if game not in by_game:
                by_game[game] = (deal_id, len(log.events))
        for deal_id, _ in by_game.values():
            rep = Replay(parse_json_log(_log_of(engine, deal_id)))
            evaluation = evaluate_replay(rep, Settings(rollouts=2, max_candidates=2), jobs=1, seats=[0, 1])
            save_evaluation(engine, deal_id, evaluation)
        result = import_log(engine, read_log(take.DISPUTE), str(take.DISPUTE))
        assert result.deal_id is not None, result
        dispute = result.deal_id
    finally:
        engine.dispose()
    data.update(_profile_names())
    data.update(_notation())
    return Deals(by_game, dispute), sorted(d for d in data if d)


def _log_of(engine: Any, deal_id: int) -> str:
    from sqlalchemy import text

    with engine.connect() as conn:
        return str(conn.execute(text("SELECT log_json FROM deal WHERE id = :i"), {"i": deal_id}).scalar_one())


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def quoted_texts(lang: str) -> list[str]:
    """The seeds' words the register and the maxims quote verbatim (shown as they are, in either language), the
    readings where no seed speaks as a page in ``lang`` shows them (``Quote.shown``: in Chinese without their English
    gloss), and the seeds' titles."""
    from coach.maxims import MAXIMS
    from replay.rules.quotes import SEED_FILES, SEED_TITLES
    from replay.rules.register import RULES

    out = [q.shown(lang) for rule in RULES.values() for qs in rule.quotes.values() for q in qs]
    out += [mx.saying for mx in MAXIMS]
    out += [str(v) for v in SEED_TITLES.values()] + list(SEED_FILES.values())
    return out


def _notation() -> list[str]:
    """The words of the logs' own notation that the pages show as they are: rule IDs, 升级's level tokens (A, AA:
    the ace a second time). A profile option is worded on the Chinese pages (``OptionUsed.words``), not exempt."""
    from replay.games.shengji.engine import LEVEL_TOKENS
    from replay.rules.register import RULES

    return list(RULES) + [str(v) for v in (LEVEL_TOKENS.values() if isinstance(LEVEL_TOKENS, dict) else LEVEL_TOKENS)]


def _profile_names() -> list[str]:
    """The shipped profiles as the pages name them, their short name beside their id in either language (``够级（记录）
    gouji-logged``): an id alone is not exempt."""
    from replay.rules.profile_loader import profile_words, shipped_profiles

    return [profile_words(name, zh) for name in shipped_profiles() for zh in (True, False)]


def main(argv: list[str]) -> int:
    import tempfile

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests"))
    from ui_words import latin_words

    lang = argv[0] if argv else "zh"
    with tempfile.TemporaryDirectory(prefix="fupan-walk-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'samples.db'}"
        deals, data = fill(url)
        data += quoted_texts(lang)
        print(deals, file=sys.stderr)
        with take.serve(url) as base, sync_playwright() as pw, take.browser_page(pw) as page:
            seen = walk(page, base, deals, lang, log=lambda s: print(s, file=sys.stderr))
    for where, texts in seen.seen.items():
        words = sorted(set(latin_words("\n".join(texts), data)))
        print(f"== {where}: {words}")
    Path(f"/tmp/walk-{lang}.json").write_text(json.dumps(seen.seen, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
