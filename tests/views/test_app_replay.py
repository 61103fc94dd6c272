"""The Replay, Timeline and Coach pages (views/pages/replay.py, timeline.py, coach.py) and the table
drawing (views/parts/table.py), under Streamlit's AppTest on a temporary SQLite library.

Each test gets an empty library in ``FUPAN_DB`` (Streamlit's caches cleared before and after, since
``views.parts.common.engine`` is a cached resource) and imports two simulated deals: a 够级 deal whose seat 1
is played by a hostile name (``<script>alert(1)</script>``) and a 保皇 deal. A deal is opened the way the
Library opens it: ``deal_id`` and ``step`` in session state.

How the pages are driven: ``app.py`` registers function pages with ``st.navigation``, and
``AppTest.switch_page`` (1.67) only resolves *file* pages (for a callable page it raises "Could not find
a navigation page"). So most tests run a page's ``render`` directly in a small script
(``AppTest.from_function``), as the frame would call it; ``test_pages_run_in_the_app_frame`` runs
``app.py`` itself and selects a page by the hash st.navigation gave it (``calc_hash(url_path)``, found in
``AppTest._registered_pages``), which is what a click in the sidebar requests.
"""

from __future__ import annotations

import re
from dataclasses import replace

import page_charts
import pytest
import streamlit as st
from app_pages import drawn_html, empty_library, links_to, open_tab, redrawn, run_page, seat_box, table_of
from paths import ROOT
from streamlit.testing.v1 import AppTest

from coach.coach import coach_replay
from coach.findings import KINDS
from data.importer import import_log
from replay.core.said import said_in
from replay.formats.log import Seat
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.games import table_html
from views.pages import replay as replay_page
from views.pages import timeline
from views.pages.coach import filter_findings
from views.pages.replay import event_frame, step_parts
from views.pages.timeline import round_starts, step_from_selection, timeline_figure
from views.parts.step_jumps import next_finding_step
from views.parts.table import group_by_rank

HOSTILE = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
PAGES = ("replay", "timeline", "coach")


def _gouji_log():
    log = simulate_deal(1, "gouji").log
    seats = tuple(Seat(s.seat, HOSTILE if s.seat == 1 else s.player) for s in log.seats)
    return replace(log, seats=seats)


@pytest.fixture
def library(tmp_path, monkeypatch):
    """A library with a 够级 deal (seat 1 hostile) and a 保皇 deal: {game: (deal_id, Replay)}."""
    eng = empty_library(tmp_path, monkeypatch)
    out = {}
    for game, log in (("gouji", _gouji_log()), ("baohuang", simulate_deal(1, "baohuang").log)):
        res = import_log(eng, log, f"{game}.json")
        assert res.status == "added", res
        out[game] = (res.deal_id, Replay(log))
    eng.dispose()
    yield out
    st.cache_data.clear()
    st.cache_resource.clear()


def _page(name: str, deal_id: int, step: int = 0, lang: str = "zh") -> AppTest:
    return run_page(name, deal_id, step, lang, 60)


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def _table(at: AppTest) -> str:
    return table_of(at)


def _event_list(at: AppTest) -> str:
    htmls = [h for h in drawn_html(at) if 'class="fp-events"' in h]
    assert len(htmls) == 1
    return htmls[0]


def _events(at: AppTest) -> list[int]:
    """The events the event list shows, in order."""
    return [int(i) for i in re.findall(r'<tr[^>]*data-event="(\d+)"', _event_list(at))]


def _current_event(at: AppTest) -> int:
    """The event the event list highlights."""
    marked = re.findall(r'<tr class="fp-now" data-event="(\d+)"', _event_list(at))
    assert len(marked) == 1
    return int(marked[0])


def _attr(html: str, name: str) -> str:
    m = re.search(rf'{name}="([^"]*)"', html)
    assert m, name
    return m.group(1)


# -- the pages run --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_pages_run_for_both_games(library, lang):
    for _game, (deal_id, rep) in library.items():
        for name in PAGES:
            for step in (0, len(rep.states) // 2, len(rep.states) - 1):
                at = _page(name, deal_id, step, lang)
                _ok(at)
                assert at.header, name


def test_pages_without_an_open_deal_say_so(library):
    for name in PAGES:
        at = run_page(name, None)
        _ok(at)
        assert "牌局库" in at.info[0].value


def test_pages_run_in_the_app_frame(library):
    deal_id, _ = library["gouji"]
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["deal_id"] = deal_id
    at.session_state["step"] = 5
    at.run()  # the default page (the Library); it registers the pages
    pages = {info.get("url_pathname"): h for h, info in at._registered_pages.items()}
    for url in ("replay", "timeline", "coach"):
        at._page_hash = pages[url]  # what switch_page would set for a file page
        at.run()
        _ok(at)
        assert at.header, url
    at._page_hash = pages["replay"]
    at.run()
    at.button(key="replay_next").click().run()
    _ok(at)
    assert at.session_state["step"] == 6
    assert _attr(_table(at), "data-step") == "6"


# -- step controls ----------------------------------------------------------------------------------


def test_next_changes_the_step_and_the_table(library):
    deal_id, rep = library["gouji"]
    # a step whose next event puts a new set on the table
    k = next(i for i, ev in enumerate(rep.log.events) if ev.action == "play" and i > 10)
    at = _page("replay", deal_id, k)
    _ok(at)
    before = _table(at)
    at.button(key="replay_next").click().run()
    _ok(at)
    assert at.session_state["step"] == k + 1
    after = _table(at)
    assert after != before
    assert _attr(after, "data-step") == str(k + 1)
    played = " ".join(c.token for c in rep.log.events[k].cards)
    assert _attr(after, "data-set") == played == " ".join(rep.view(k + 1).table_cards)
    assert at.slider(key="replay_slider").value == k + 1  # the slider follows the buttons
    # the event list shows the current event, and the verdict panel its verdict: step k + 1 shows event k + 1, the
    # event at index k (replay.core.numbering: the first event is 1, step n the table after event n)
    assert k + 1 in _events(at) and _current_event(at) == k + 1
    assert at.success and f"第 {k + 1} 手" in at.success[0].value


def test_the_verdict_panel_says_the_effects_in_the_page_language(library):
    deal_id, rep = library["gouji"]
    k = next(i for i, v in enumerate(rep.verdicts) if v.effects and i > 10)  # a round closed, a seat out ...
    effects = rep.verdicts[k].effects
    for lang in ("zh", "en"):
        at = _page("replay", deal_id, k + 1, lang)
        _ok(at)
        text = "\n".join(m.value for m in at.markdown).replace("\\", "")
        assert all(said_in(fx, lang) in text for fx in effects), (lang, effects)
    at = _page("replay", deal_id, k + 1, "zh")
    zh = "\n".join(m.value for m in at.markdown).replace("\\", "")
    assert not any(str(fx) in zh for fx in effects)


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_the_scoring_page_explains_in_the_page_language(library, game):
    deal_id, rep = library[game]
    score = rep.score()
    assert score is not None and score.explain
    for lang in ("zh", "en"):
        at = _page("scoring", deal_id, len(rep.log.events), lang)
        _ok(at)
        text = "\n".join(m.value for m in at.markdown).replace("\\", "")
        for _, line in score.explain:
            assert said_in(line, lang) in text, (lang, line)
            assert lang == "en" or str(line) not in text


def test_first_last_previous_and_the_slider(library):
    deal_id, rep = library["gouji"]
    total = len(rep.states) - 1
    at = _page("replay", deal_id, 10)
    at.button(key="replay_first").click().run()
    assert at.session_state["step"] == 0
    assert at.button(key="replay_prev").disabled and at.button(key="replay_first").disabled
    assert "桌上无牌" in _table(at)
    at.button(key="replay_last").click().run()
    assert at.session_state["step"] == total
    assert at.button(key="replay_next").disabled
    assert "牌局结束" in _table(at)
    at.slider(key="replay_slider").set_value(50).run()
    _ok(at)
    assert at.session_state["step"] == 50
    assert _attr(_table(at), "data-step") == "50"
    at.button(key="replay_prev").click().run()
    assert at.session_state["step"] == 49
    assert at.slider(key="replay_slider").value == 49


def test_a_slider_drawn_anew_sends_the_step_shown(library):
    """A browser that draws the slider anew without its value (seen on a loaded machine) sends its default: the step
    shown, never 0 (which took the page back to the start)."""
    deal_id, _ = library["gouji"]
    at = _page("replay", deal_id, 10)
    at.button(key="replay_next").click().run()  # a step by a button: the slider set through session state
    for step in (11, 11):  # after the run that moved it, and after one that did not
        assert at.slider(key="replay_slider").proto.default[0] == step
        redrawn(at, "slider", "replay_slider")
        assert at.session_state["step"] == step
        assert _attr(_table(at), "data-step") == str(step)


def test_a_step_past_the_end_is_clamped(library):
    deal_id, rep = library["baohuang"]
    at = _page("replay", deal_id, 10_000)
    _ok(at)
    assert at.session_state["step"] == len(rep.states) - 1


def test_jump_to_the_next_finding(library):
    deal_id, rep = library["gouji"]
    report = coach_replay(rep)
    steps = sorted({f.index + 1 for f in report.findings if f.index is not None})
    assert len(steps) >= 2
    at = _page("replay", deal_id, 0)
    at.button(key="replay_next_finding").click().run()
    _ok(at)
    assert at.session_state["step"] == steps[0]
    assert at.warning, "the finding is shown beside the table"
    at.button(key="replay_next_finding").click().run()
    assert at.session_state["step"] == steps[1]
    at = _page("replay", deal_id, steps[-1])
    assert at.button(key="replay_next_finding").disabled
    assert next_finding_step(report, 0) == steps[0]
    assert next_finding_step(report, steps[-1]) is None


# -- what the table shows --------------------------------------------------------------------------


def test_seat_view_hides_the_other_hands(library):
    deal_id, rep = library["gouji"]
    at = _page("replay", deal_id, 40)
    review = _table(at)
    assert all(f'data-hand="{s}"' in review for s in range(6))
    at.selectbox(key="replay_viewer").set_value(2).run()
    _ok(at)
    seat2 = _table(at)
    assert _attr(seat2, "data-view") == "2"
    assert 'data-hand="2"' in seat2
    for s in (0, 1, 3, 4, 5):
        assert f'data-hand="{s}"' not in seat2
        box = seat_box(seat2, s)
        assert 'class="fp-g"' not in box  # no card chips
        assert f'<span class="fp-count">{len(rep.view(40).hands[s])}</span>' in box
    # the seat's own cards are there, grouped by rank
    assert seat_box(seat2, 2).count('class="fp-g"') == len(group_by_rank(rep.view(40).hands[2]))
    assert at.session_state["step"] == 40  # the view does not move the step


def test_baohuang_seat_view_shows_roles_as_known(library):
    _, rep = library["baohuang"]
    step = next(k for k in range(len(rep.states)) if rep.view(k).to_json()["roles"]["truth"].get("0"))
    roles = rep.view(step).to_json()["roles"]
    loyalist = next(int(s) for s, r in roles["truth"].items() if r == "loyalist")
    rebel = next(int(s) for s, r in roles["truth"].items() if r == "rebel")
    assert roles["known_to"][str(rebel)][str(loyalist)] is None
    review = table_html(rep, step, None, "zh")
    assert "保皇派" in seat_box(review, loyalist)
    seen = table_html(rep, step, rebel, "zh")
    assert "身份未知" in seat_box(seen, loyalist) and "保皇派" not in seen
    assert "革命党" in seat_box(seen, rebel)
    # the pentagon: five seat boxes
    assert review.count('class="fp-seat') == 5


def test_the_table_marks_who_acts_the_set_places_and_reports(library):
    _, rep = library["gouji"]
    total = len(rep.states) - 1
    for step in range(0, total + 1, 7):
        html = table_html(rep, step, None, "en")
        view = rep.view(step)
        assert html.count('class="fp-seat') == 6
        for s in view.to_act:
            assert f'data-act="{s}"' in html
        for s, c in view.counts_shown.items():
            assert f'data-report="{s}"' in html and f"shows {c}" in html
    end = table_html(rep, total, None, "zh")
    first = rep.final.out[0]
    assert "头科" in seat_box(end, first)


def test_a_hostile_name_is_only_shown_escaped(library):
    deal_id, rep = library["gouji"]
    for viewer in (None, 1, 4):
        html = table_html(rep, 40, viewer, "zh")
        assert HOSTILE not in html and "<script" not in html
        assert ESCAPED in html
    at = _page("replay", deal_id, 40)
    html = _table(at)
    assert "<script" not in html and ESCAPED in html
    for name in PAGES:
        at = _page(name, deal_id, 40)
        _ok(at)
        for h in drawn_html(at):
            assert "<script" not in h
        for m in at.markdown:
            assert HOSTILE not in m.value  # markdown gets the name with its markup escaped


# -- event list -------------------------------------------------------------------------------------


def test_the_event_list_marks_verdicts_and_highlights_the_current_event(library):
    _, rep = library["gouji"]
    report = coach_replay(rep)
    frame = event_frame(rep, report, "en")
    assert len(frame) == len(rep.log.events)
    assert set(frame["verdict"]) == {"✓"}
    assert frame["coach"].astype(bool).sum() == len({f.index for f in report.findings if f.index is not None})
    parts = step_parts(rep, report, 60, None, "en")
    assert 60 in set(parts.events["#"])
    assert parts.events["#"].iloc[parts.current_row] == 60  # step 60: the table after event 60
    html = parts.events_html
    rows = re.findall(r"<tr( class=\"fp-now\")? data-event=\"(\d+)\">(.*?)</tr>", html)
    assert [int(i) for _, i, _ in rows] == list(parts.events["#"])
    assert [int(i) for now, i, _ in rows if now] == [60]  # the current event's row alone is marked
    cells = re.findall(r"<td>(.*?)</td>", rows[parts.current_row][2])
    assert cells == [str(v) for v in frame.iloc[59]]
    assert replay_page.events_html(parts.events.iloc[0:0], None) == ""


def test_the_event_list_escapes_the_names(library):
    deal_id, rep = library["gouji"]
    k = next(i for i, ev in enumerate(rep.log.events) if ev.seat == 1) + 1
    at = _page("replay", deal_id, k)
    _ok(at)
    html = _event_list(at)
    assert "<script" not in html and ESCAPED in html
    assert _current_event(at) == k


# -- timeline ---------------------------------------------------------------------------------------


def test_the_timeline_renders_a_plotly_chart(library):
    for game, (deal_id, rep) in library.items():
        at = _page("timeline", deal_id, 30)
        _ok(at)
        drawn = page_charts.specs(at)
        assert len(drawn) == 1
        spec = drawn[0]
        assert '"scatter"' in spec
        assert HOSTILE not in spec
        report = coach_replay(rep)
        fig = timeline_figure(rep, report, 30, "zh")
        n = rep.final.n
        lines = [tr for tr in fig.data if tr.mode == "lines"]
        assert len(lines) == n
        assert [tr.y[-1] for tr in lines] == [h.size for h in rep.final.hands]
        names = {tr.name for tr in fig.data if tr.mode == "markers"}
        assert "出完" in names and "教练发现" in names
        if game == "gouji":
            assert "够级牌" in names and "让牌" in names
        starts = round_starts(rep)
        bands = [s for s in fig.layout.shapes if s.type == "rect"]
        assert len(bands) == len(starts) // 2
        assert any(s.type == "line" and s.x0 == 30 for s in fig.layout.shapes)


def test_a_clicked_point_opens_its_step():
    assert step_from_selection({"selection": {"points": [{"x": 41, "y": 20}]}}, 100) == 41
    assert step_from_selection({"selection": {"points": [{"x": 140.2}]}}, 100) == 100
    assert step_from_selection({"selection": {"points": []}}, 100) is None
    assert step_from_selection(None, 100) is None
    assert timeline.CHART == "timeline_chart"


# -- coach ------------------------------------------------------------------------------------------


def _count(at: AppTest) -> tuple[int, int]:
    for c in at.caption:
        m = re.search(r"(\d+) / 共 (\d+)", c.value) or re.search(r"showing (\d+) of (\d+)", c.value)
        if m:
            return int(m.group(1)), int(m.group(2))
    raise AssertionError("no count shown")


def test_coach_filters_change_the_count(library):
    deal_id, rep = library["gouji"]
    report = coach_replay(rep)
    total = len(report.findings)
    hints = len(filter_findings(report, ["hint"], ["violation", "maxim", "note"]))
    assert 0 < hints < total
    at = _page("coach", deal_id)
    _ok(at)
    assert _count(at) == (total, total)
    assert len(links_to(at)) == total + 1  # a link to each finding's step, and one to the Replay page
    at.multiselect(key="coach_severity").set_value(["hint"]).run()
    _ok(at)
    assert _count(at) == (hints, total)
    assert len(links_to(at)) == hints + 1
    at.multiselect(key="coach_kind").set_value(["note"]).run()
    assert _count(at) == (0, total)
    at.multiselect(key="coach_severity").set_value(["violation", "mistake", "hint", "trial"])
    at.multiselect(key="coach_kind").set_value(["maxim"]).run()
    at.multiselect(key="coach_seat").set_value([0]).run()
    assert _count(at)[0] == len([f for f in report.findings if f.seat == 0])
    # every maxim finding shows its worth; one on trial (the study measured it to cost points) as a warning
    trial = [f for f in report.findings if f.seat == 0 and f.status == "on-trial"]
    assert len([w for w in at.warning if "试行中" in w.value]) == len(trial)
    # the maxim's saying, reading and sureness are shown
    text = "\n".join(m.value for m in at.markdown).replace("\\", "")
    assert "俗语" in text and "把握" in text


def test_coach_filters_are_kept_while_the_other_tab_is_shown(library):
    """The per-seat tab draws no filter (Streamlit forgets a widget not drawn); back on the findings, the filters are
    as they were left."""
    deal_id, rep = library["gouji"]
    report = coach_replay(rep)
    mistakes = len(filter_findings(report, ["mistake"], ["violation", "maxim", "note"]))
    at = _page("coach", deal_id)
    at.multiselect(key="coach_severity").set_value(["mistake"]).run()
    assert _count(at) == (mistakes, len(report.findings))
    open_tab(at, "seats", key="coach_tab")
    assert not at.multiselect and at.dataframe
    open_tab(at, "findings", key="coach_tab")
    assert at.multiselect(key="coach_severity").value == ["mistake"]
    assert at.multiselect(key="coach_kind").value == list(KINDS)  # untouched: every kind
    assert _count(at) == (mistakes, len(report.findings))
    _ok(at)


def test_each_finding_links_to_its_step(library):
    deal_id, rep = library["gouji"]
    report = coach_replay(rep)
    at = _page("coach", deal_id)
    k = 3
    steps = [f.index + 1 for f in report.findings if f.index is not None]
    found = links_to(at)
    assert found[:-1] == [{"deal": str(deal_id), "step": str(s), "lang": "zh"} for s in steps]
    assert found[-1] == {
        "deal": str(deal_id),
        "lang": "zh",
        "step": "0",
        "view": "review",
    }  # the Replay page at the open step
    # and the Replay page then shows that event and the finding
    at = _page("replay", deal_id, report.findings[k].index + 1)
    assert any(report.findings[k].message_zh[:4] in w.value for w in at.warning)


def test_coach_page_for_baohuang_lists_notes_and_the_seat_summary(library):
    deal_id, rep = library["baohuang"]
    at = _page("coach", deal_id, lang="en")
    _ok(at)
    shown, total = _count(at)
    assert shown == total == len(coach_replay(rep).findings)
    assert not at.dataframe  # the count per seat is the other tab
    summary = open_tab(at, "seats", key="coach_tab").dataframe[-1].value
    assert len(summary) == 5 + 2 + 1  # five seats, two sides, all
    assert "emperor" in set(summary["team/role"])


def test_replay_and_timeline_show_a_maxim_findings_worth(library):
    """Every maxim finding shows its worth in the study (issue 16, item 5), on the Replay page beside the finding
    and in the Timeline's hover text, as the Coach page does."""
    deal_id, rep = library["gouji"]
    report = coach_replay(rep)
    f = next(f for f in report.findings if f.worth and f.index is not None)
    at = _page("replay", deal_id, f.index + 1)
    _ok(at)
    text = "\n".join(w.value for w in at.warning).replace("\\", "")
    assert "模拟研究中的价值" in text and f.worth["zh"].replace("\\", "")[:6] in text
    found = timeline.markers(rep, report, "en")["finding"]
    assert any(s == f.index + 1 and "Worth in the study" in h and f.worth["en"] in h for s, _, h in found)
    with_worth = [g for g in report.findings if g.worth and g.index is not None]
    assert len([h for _, _, h in found if "Worth in the study" in h]) == len(with_worth)
