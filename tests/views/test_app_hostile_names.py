"""Text from a log is shown as written (issue 33, item 2), under AppTest: a 够级, a 保皇 and a 升级 deal whose player
names, venue, match, notes and referee's decision are Markdown images and links, KaTeX, colour directives, HTML,
auto-links, e-mail addresses and shortcodes (tests/hostile.py), and a stored evaluation of the 够级 one. Every page,
in both languages, at the first steps and the last, and the dispute desk's "rule on" options: every text the page
sends that the browser draws as Markdown (bodies, captions, alerts, labels, help, radio options, expander labels)
shows them as written (``hostile.unsafe``), through ``views.parts.texts.md``/``esc``. tests/views/browser/test_e2e_attack.py
(section 2) checks the drawn pages in Chromium.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import streamlit as st
from app_pages import page_ok, run_page
from hostile import HOSTILE, NOTES, hostile_log, markdown_texts, plain, unsafe
from paths import ROOT
from streamlit.testing.v1 import AppTest

from coach.evaluate import evaluate_replay
from coach.prices import Settings
from data.database import open_db
from data.evaluations import save_evaluation
from data.importer import import_log
from replay.replay import Replay
from views.parts.texts import md

PAGES = ("library", "replay", "timeline", "scoring", "coach", "evaluation", "dispute", "players")
GAMES = ("gouji", "baohuang", "shengji-35")  # simulate_deal takes a profile


@pytest.fixture(scope="module")
def hostile_library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[int, int]]]:
    """The three hostile deals in a fresh library (the app's ``FUPAN_DB``), the 够级 one with a small evaluation of
    two seats: {game: (deal_id, its last step)}."""
    url = f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'fupan.db'}"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("FUPAN_DB", url)
        mp.delenv("DATABASE_URL", raising=False)
        st.cache_data.clear()
        st.cache_resource.clear()
        engine = open_db(url)
        out = {}
        try:
            for game in GAMES:
                log = hostile_log(game)
                result = import_log(engine, log, f"{game}.json")
                assert result.deal_id is not None and result.decisions_added == 1, result
                rep = Replay(log)
                out[game] = (result.deal_id, len(rep.states) - 1)
                if game == "gouji":
                    small = evaluate_replay(rep, Settings(rollouts=2, max_candidates=2), jobs=1, seats=[0, 3])
                    save_evaluation(engine, result.deal_id, small)
        finally:
            engine.dispose()
        yield out
        st.cache_data.clear()
        st.cache_resource.clear()


def _problems(at: AppTest, where: str, seen: set[str]) -> list[str]:
    """What the page shows that is not as written; the hostile texts it shows go into ``seen``."""
    out = []
    for kind, text in markdown_texts(at):
        shown = [h for h in HOSTILE if h in plain(text)]
        seen.update(shown)
        bad = unsafe(text) + [f"not through md: {h!r}" for h in shown if md(h) not in text]
        if bad:
            out.append(f"{where} {kind}: {bad} in {text[:160]!r}")
    return out


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_page_shows_hostile_names_as_written(hostile_library: dict[str, tuple[int, int]], lang: str) -> None:
    seen: set[str] = set()
    problems: list[str] = []
    for game, (deal_id, last) in hostile_library.items():
        for page in PAGES:
            for step in (1, 6, last):
                at = run_page(page, deal_id, step, lang)
                page_ok(at)
                problems += _problems(at, f"{game} {page}@{step}", seen)
    assert not problems, "\n".join(problems)
    # every hostile text was shown somewhere (the notes are in the report file only, escaped as HTML)
    assert seen == set(HOSTILE) - set(NOTES.split("\n")), set(HOSTILE) - seen


@pytest.mark.parametrize("game", GAMES)
def test_the_dispute_desks_rule_on_options_show_the_event_as_written(
    hostile_library: dict[str, tuple[int, int]], game: str
) -> None:
    """The radio "rule on" names the recorded event with its seat's player: a radio option is Markdown."""
    deal_id, _ = hostile_library[game]
    log = hostile_log(game)
    for step in range(6):
        at = run_page("dispute", deal_id, step, "en")
        page_ok(at)
        (what,) = [r for r in at.radio if r.key == "dispute_what"]
        recorded = str(what.options[0])
        assert recorded.startswith(f"recorded event {step + 1}: "), recorded
        assert not unsafe(recorded), recorded
        name = log.player(log.events[step].seat)
        assert md(name) in recorded and name in plain(recorded), recorded


def _import_script(source: str, content: bytes) -> None:
    from data.accounts import OWNER
    from views.parts.library_import import Message, _import_one, _show

    said: list[Message] = []
    _import_one(source, content, said, OWNER)
    _show(said)


@pytest.mark.parametrize(
    "content", [b"![b](http://127.0.0.1:9/b.png) $x$ :red[no]", b"\xff\xfe :smile: www.evil.example"]
)
def test_an_imports_messages_show_the_file_name_and_the_bad_text_as_written(
    hostile_library: dict[str, tuple[int, int]], content: bytes
) -> None:
    """A file named with the hostile texts, not a log (or not text): the error names it, and quotes it, as written."""
    source = " ".join(HOSTILE[:5]).replace("/", "_") + ".json"
    at = AppTest.from_function(_import_script, kwargs={"source": source, "content": content}, default_timeout=60)
    at.session_state["lang"] = "en"
    at.run()
    page_ok(at)
    assert [e.value for e in at.error], "the file is refused"
    seen: set[str] = set()
    assert not _problems(at, "import", seen)
    assert any(md(source) in e.value for e in at.error), [e.value for e in at.error]


def test_the_escaping_path_defuses_what_streamlit_reads_in_text() -> None:
    """``md``: every ASCII punctuation character escaped, a word joiner after the ``:`` of ``http://`` and a ``:`` that opens a shortcode,
    after an ``@`` before a domain and before the ``.`` after ``www`` (the renderer finds auto-links and shortcodes in
    the text after the escapes are read); a reader sees the text as written, and a colon before a space is left
    alone."""
    for text in HOSTILE:
        assert not unsafe(md(text)), text
        assert plain(md(text)) == " ".join(text.split())
    assert md("WWW.x.y a@b.c :smile: http://x") == (
        "WWW\u2060\\.x\\.y a\\@\u2060b\\.c \\:\u2060smile\\: http\\:\u2060\\/\\/x"
    )
    assert (
        md("Note: 12:30, a@ b sqlite:///x.db HTTPS://y")
        == "Note\\: 12\\:30\\, a\\@ b sqlite\\:\\/\\/\\/x\\.db HTTPS\\:\u2060\\/\\/y"
    )
    assert md(":+1: x:a_b: host:1/db: y") == "\\:\u2060\\+1\\: x\\:\u2060a\\_b\\: host\\:1\\/db\\: y"
    assert unsafe(r"www\.evil\.example") == ["auto-link"]  # a backslash alone does not stop an auto-link
    assert unsafe(r"\:smile\:") == ["shortcode"] and unsafe(r"a\@b\.example") == ["e-mail link"]


def test_no_module_of_the_dashboard_escapes_markdown_by_itself() -> None:
    """One escaping path: ``views.parts.texts`` alone backslash-escapes Markdown (no copy of its pattern)."""
    root = ROOT
    own = root / "views" / "parts" / "texts.py"
    for path in [root / "app.py", *sorted((root / "views").rglob("*.py"))]:
        if path == own:
            continue
        text = path.read_text(encoding="utf-8")
        assert 'r"\\\\\\1"' not in text and "md_escape" not in text, path
