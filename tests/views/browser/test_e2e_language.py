"""Chinese throughout, English throughout, and no mark that needs an emoji font (issue 18, items 3 and 4), in a real
browser: one Chromium session per language walks every page (tests/e2e_walk.py: the Library; Replay in the middle
and at the end of a deal of each game, as dealt and as a seat saw it for the first; Timeline, Scoring, Coach,
Evaluation with a stored evaluation; the dispute desk at an illegal event; Players), with every expander opened and tab shown, and
collects what a reader sees: the text, the tooltips and titles, the charts' texts and hover templates, and each
page's footer (item 11: fupan's and the engine's versions and the library in use, on every page in both languages).

- In 中文 no English word (``ui_words.latin_words``) but the logs' own text (names, venues, notes, match keys, file
  and profile names) and the seeds' words quoted (rule quotes, maxims' sayings).
- In English no Chinese (``ui_words.chinese_words``) but the games' terms, a term beside its English, and the same
  data.
- In both, no character with emoji presentation (``ui_words.emoji_marks``).

What Streamlit draws for itself is read as drawn, the Chinese that views/parts/zh_widgets.py draws over its English
included: the tooltips of the toolbar over a table and a chart (each button hovered), the options of every select
(each opened), the calendar of any date field, pop-overs, the main menu (none: .streamlit/config.toml) and the status
corner. Left out by where it is (``e2e_walk``'s selectors), never by the words it holds: what is not drawn (the
screen-reader labels of Streamlit's widgets, ``aria-label="Download as CSV"``), Streamlit's icons (a font whose
ligatures are words) and the language switch (each language in its own script).

A failure lists every word found, by page. Skipped only when /usr/bin/chromium is missing and CI is not "true".
"""

from __future__ import annotations

import time
from importlib.metadata import version

import e2e_walk
import pytest
from browser import HAVE_CHROMIUM, MISSING, needs_chromium, take
from ui_words import chinese_words, emoji_marks, latin_words

from replay.version import ENGINE_VERSION

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    """The samples with a stored evaluation of each walked deal and the stored dispute, in a fresh SQLite file:
    its URL, the walk's deals, and the texts that are data (``e2e_walk.fill``) with the seeds' words."""
    assert HAVE_CHROMIUM, MISSING
    url = f"sqlite:///{tmp_path_factory.mktemp('language') / 'samples.db'}"
    deals, data = e2e_walk.fill(url)
    return url, deals, data


@pytest.fixture(scope="module")
def walked(library):
    """The dashboard over ``library``: {lang: (Walk, data, seconds)}, each language walked once, in its own browser
    session."""
    from playwright.sync_api import sync_playwright

    url, deals, data = library
    out = {}
    with take.serve(url) as base, sync_playwright() as pw:
        for lang in ("zh", "en"):
            started = time.monotonic()
            with take.browser_page(pw) as page:
                out[lang] = (e2e_walk.walk(page, base, deals, lang), data, time.monotonic() - started)
    return out


def _found(walk, check, data) -> dict[str, list[str]]:
    found = {}
    for where, texts in walk.seen.items():
        words = sorted({w for text in texts for w in check(text, data)})
        if words:
            found[where] = words
    return found


def test_chinese_pages_have_no_english_words(walked):
    walk, data, seconds = walked["zh"]
    assert len(walk.seen) >= 20, sorted(walk.seen)  # every page was reached
    found = _found(walk, latin_words, data + e2e_walk.quoted_texts("zh"))
    said = "\n".join(f"{k}: {v}" for k, v in found.items())
    assert not found, f"English words on the Chinese pages (the walk took {seconds:.0f} s):\n{said}"


def test_english_pages_have_no_chinese_words(walked):
    walk, data, seconds = walked["en"]
    assert len(walk.seen) >= 20, sorted(walk.seen)
    found = _found(walk, chinese_words, data + e2e_walk.quoted_texts("en"))
    said = "\n".join(f"{k}: {v}" for k, v in found.items())
    assert not found, f"Chinese words on the English pages (the walk took {seconds:.0f} s):\n{said}"


def test_no_page_shows_a_mark_that_needs_an_emoji_font(walked):
    found = {}
    for lang, (walk, _, _) in walked.items():
        for where, texts in walk.seen.items():
            marks = sorted({m for text in texts for m in emoji_marks(text)})
            if marks:
                found[f"{lang} {where}"] = marks
    assert not found, "emoji on the pages:\n" + "\n".join(f"{k}: {v}" for k, v in found.items())


@pytest.mark.parametrize(("lang", "engine", "word"), [("zh", "引擎", "牌局库："), ("en", "engine", "library: ")])
def test_every_page_ends_with_the_versions_and_the_library(walked, library, lang, engine, word):
    """Item 11: every stop of the walk (every page of the sidebar, a deal open) ends with fupan's and the engine's
    versions and the library in use, in the page's language."""
    walk, _, _ = walked[lang]
    footer = f"fupan {version('fupan')} · {engine} {ENGINE_VERSION} · {word}{library[0]}"
    pages = {where.split()[0] for where in walk.footers}
    assert pages == {name for name, _, _ in take.PAGES}, pages
    wrong = {where: text for where, text in walk.footers.items() if text != footer}
    assert not wrong, f"pages not ending with {footer!r}: {wrong}"


def test_the_scan_sees_what_it_must_judge(walked):
    """The walk collects the pages' text, their charts' hover templates and their Chinese marks: a scan that saw
    nothing would pass whatever the pages say."""
    walk, _, _ = walked["zh"]
    everything = "\n".join(t for texts in walk.seen.values() for t in texts)
    for word in ("牌局库", "复盘", "时间线", "计分", "教练", "评估", "争议台", "牌手", "头科", "大落"):
        assert word in everything, word
    timeline = "\n".join(next(v for k, v in walk.seen.items() if k.startswith("timeline gouji")))
    assert "第" in timeline and "步" in timeline  # from the figure's hover template, not drawn until hovered
    en = "\n".join(t for texts in walked["en"][0].seen.values() for t in texts)
    assert "Replay" in en and "1st" in en
    # what Streamlit draws when reached for: the Library's date selects opened, a table's toolbar hovered (on a loaded
    # machine a hover may miss one table's toolbar even after three tries: any page's table will do, in either walk,
    # as long as one was read)
    assert "不限" in "\n".join(walk.seen["library"])
    for word in ("下载为 CSV", "显示或隐藏列", "全屏"):
        assert word in everything, word
    assert "Download as CSV" in en
