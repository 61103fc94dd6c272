"""The dashboard on 升级 (Shengji) deals: the Replay, Timeline, Scoring, Coach, Dispute desk, Library,
Evaluation and Players pages under Streamlit's AppTest, and the drawing helpers of views/games/shengji/table.py.

The library (a temporary SQLite file in ``FUPAN_DB``, Streamlit's caches cleared before and after)
holds a match of three 升级 deals played by random legal choices whose levels follow on from deal to
deal (``_play``: each deal starts where the last one left the sides), seat 1 of the first played by a
hostile name; a deal with an illegal event added at the end (the coach's violation); an unfinished deal
(the record stops in the middle of a trick); and a 够级 deal, so that the filters have two games. A
deal is opened as the Library opens it: ``deal_id`` and ``step`` in session state; each page's
``render`` runs in a small script (``AppTest.from_function``), as app.py's frame calls it.
"""

from __future__ import annotations

import os
import random
import re
from dataclasses import dataclass, replace
from typing import Any

import page_charts
import pytest
import streamlit as st
from app_pages import (
    drawn_html,
    empty_library,
    finish_evaluation,
    library_filters,
    links_to,
    open_tab,
    run_page,
    table_of,
)
from paths import ROOT
from streamlit.testing.v1 import AppTest

from coach.coach import coach_replay
from data.database import open_db
from data.importer import import_log
from replay.core.cards import Card, full_decks
from replay.core.events import Bury, Declare, Pass, Play
from replay.core.said import said_in
from replay.formats.log import Log, Seat
from replay.games.shengji.engine import TRUMP, Shengji, ShengjiState
from replay.replay import Replay
from replay.rules.profile_loader import load_profile
from replay.simulate import simulate_deal
from views.games import table_html
from views.games.shengji import charts as shengji_charts
from views.games.shengji import table as shengji_table
from views.games.shengji.players import shengji_frame
from views.pages import timeline
from views.pages.evaluation import unpriced_note
from views.pages.replay import event_frame

HOSTILE = "<script>alert(1)</script>[x](javascript:alert(1))"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"
MATCH = "升级杯"
NAMES = ("赵一", "钱二", "孙三", "李四")  # none of the simulator's names
OTHERS = ("周一", "吴二", "郑三", "王四")  # the players of the deals outside the match
TIMEOUT = 60


def _play(seed: int, levels: tuple[str, str], deal: int, names: tuple[str, ...] = NAMES) -> Log:
    """A 升级 deal of the match played to the end by random legal choices, from the sides' ``levels``."""
    prof = load_profile("shengji-35")
    eng = Shengji(prof)
    rng = random.Random(seed)
    cards = full_decks(2)
    rng.shuffle(cards)
    size = eng.hand_sizes()[0]
    hands = tuple(tuple(cards[k * size : (k + 1) * size]) for k in range(4))
    kitty = tuple(cards[4 * size :])
    st_ = eng.initial(hands, {"kitty": kitty, "levels": levels})
    events: list[Any] = []

    def push(ev: Any) -> None:
        nonlocal st_
        out = eng.step(st_, ev)
        assert out.rule is None, (ev, out.rule, out.message_en)
        st_ = out.state
        events.append(ev)

    declares = [e for e in eng.legal_actions(st_) if isinstance(e, Declare)]
    push(rng.choice(declares))
    rest = [e for e in eng.legal_actions(st_) if isinstance(e, Declare) and e.seat != events[0].seat]
    if rest and rng.random() < 0.7:  # a second declaration, eaten or eating: the exchange
        push(rng.choice(rest))
    while not st_.terminal:
        opts = [e for e in eng.legal_actions(st_) if not isinstance(e, Declare)]
        push(opts[0] if isinstance(opts[0], Bury) else rng.choice(opts))
    return Log(
        game="shengji",
        profile_name=prof.name,
        meta={"date": "2026-12-01", "venue": "俱乐部", "match": MATCH, "deal": deal},
        seats=tuple(Seat(s, names[s]) for s in range(4)),
        hands=hands,
        kitty=kitty,
        levels=levels,
        events=tuple(events),
        source=f"<test seed {seed}>",
    )


def _match() -> list[Log]:
    """Three deals of one match, each starting from the levels the one before left."""
    logs, levels = [], ("3", "3")
    for k in range(3):
        names = (NAMES[0], HOSTILE, *NAMES[2:]) if k == 0 else NAMES
        log = _play(100 + k, levels, k + 1, names)
        score = Replay(log).score()
        assert score is not None and score.to_json().get("levels") is not None
        levels = tuple(score.to_json()["levels"]["after"])
        logs.append(log)
    return logs


@dataclass
class Library:
    match: list[tuple[int, Replay]]  # deal 1, 2, 3
    illegal: tuple[int, Replay]
    unfinished: tuple[int, Replay]
    gouji: tuple[int, Replay]


@pytest.fixture
def library(tmp_path, monkeypatch) -> Any:
    eng = empty_library(tmp_path, monkeypatch)
    logs = _match()
    base = _play(7, ("5", "7"), 1, OTHERS)
    over = Replay(base).final
    late = Play(over.tricks[-1].winner, cards=over.tricks[-1].plays[0][1])
    illegal = replace(base, events=(*base.events, late), meta={**base.meta, "match": "sj-illegal"})
    cut = next(i for i, ev in enumerate(base.events) if isinstance(ev, Play)) + 30
    unfinished = replace(base, events=base.events[:cut], meta={**base.meta, "match": "sj-cut"})
    stored = {}
    for name, log in [
        *((f"m{k}", log) for k, log in enumerate(logs)),
        ("illegal", illegal),
        ("unfinished", unfinished),
        ("gouji", simulate_deal(3, "gouji").log),
    ]:
        res = import_log(eng, log, f"{name}.json")
        assert res.status == "added", res
        stored[name] = (res.deal_id, Replay(log))
    eng.dispose()
    yield Library([stored[f"m{k}"] for k in range(3)], stored["illegal"], stored["unfinished"], stored["gouji"])
    st.cache_data.clear()
    st.cache_resource.clear()


def _page(name: str, deal_id: int | None, step: int = 0, lang: str = "zh") -> AppTest:
    return run_page(name, deal_id, step, lang, TIMEOUT)


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def _table(at: AppTest) -> str:
    return table_of(at, 'class="sj-table')


def _attr(html: str, name: str) -> str:
    m = re.search(rf'{name}="([^"]*)"', html)
    assert m, name
    return m.group(1)


def _seat_box(html: str, seat: int) -> str:
    start = html.rindex('<div class="sj-seat', 0, html.index(f'data-seat="{seat}"'))
    ends = [i for i in (html.find('<div class="sj-seat', start + 1), html.find('class="sj-mid"', start)) if i != -1]
    return html[start : min(ends)]


def _text(at: AppTest) -> str:
    """Every markdown, caption, info, success and warning on the page, the markdown escapes taken out."""
    parts = [e.value for kind in ("markdown", "caption", "info", "success", "warning", "error") for e in at.get(kind)]
    return "\n".join(parts).replace("\\", "")


def _frames(at: AppTest) -> list[Any]:
    return [d.value for d in at.dataframe]


def _first_play(rep: Replay) -> int:
    return next(i for i, ev in enumerate(rep.log.events) if isinstance(ev, Play))


# -- every page runs -------------------------------------------------------------------------------

PAGES = ("replay", "timeline", "scoring", "coach", "evaluation", "dispute")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_page_runs_on_a_shengji_deal(library, lang):
    for deal_id, rep in (library.match[0], library.illegal, library.unfinished):
        total = len(rep.states) - 1
        for name in PAGES:
            steps = (0, _first_play(rep) + 2, total) if name == "replay" else (total // 2,)
            for step in steps:
                at = _page(name, deal_id, step, lang)
                _ok(at)
                assert at.header or at.title, name


def test_the_pages_run_in_the_app_frame(library):
    deal_id, _ = library.match[1]
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.session_state["deal_id"] = deal_id
    at.session_state["step"] = 20
    at.run()  # the Library, which registers the pages
    _ok(at)
    pages = {info.get("url_pathname"): h for h, info in at._registered_pages.items()}
    for url in ("replay", "timeline", "scoring", "coach", "evaluation", "dispute", "players"):
        at._page_hash = pages[url]  # what a click in the sidebar asks for
        at.run()
        _ok(at)
        assert at.header or at.title, url
    at._page_hash = pages["replay"]
    at.run()
    at.button(key="replay_next").click().run()
    _ok(at)
    assert at.session_state["step"] == 21 and _attr(_table(at), "data-step") == "21"


def test_the_library_lists_and_filters_shengji_deals(library):
    at = library_filters(_page("library", None))
    _ok(at)
    game = next(s for s in at.selectbox if s.label == "游戏")
    assert "升级" in game.options
    game.select("shengji").run()
    _ok(at)
    table = at.dataframe[0].value
    assert set(table["游戏"]) == {"升级"}
    assert len(table) == 5
    next(s for s in at.selectbox if s.label == "游戏").select("gouji").run()
    assert set(at.dataframe[0].value["游戏"]) == {"够级"}


def test_pasting_a_shengji_log_imports_and_opens_it(library):
    log = _play(999, ("5", "7"), 4)
    at = _page("library", None)
    at.text_area[0].input(log.dumps())
    at.button[0].click().run()  # the form's submit button
    _ok(at)
    assert any("已加入" in s.value for s in at.success), [s.value for s in at.success]
    assert any("每一手都合法" in c.value for c in at.caption)
    deal_id = at.session_state["deal_id"]
    at = _page("replay", deal_id, 5)
    _ok(at)
    assert _attr(_table(at), "data-game") == "shengji"


# -- the replay page -------------------------------------------------------------------------------


def test_the_square_table_shows_hands_by_suit_trick_trumps_and_points(library):
    deal_id, rep = library.match[1]
    step = _first_play(rep) + 6  # two plays into the second trick
    at = _page("replay", deal_id, step)
    _ok(at)
    html = _table(at)
    st_ = rep.states[step]
    assert isinstance(st_, ShengjiState)
    assert _attr(html, "data-game") == "shengji" and _attr(html, "data-step") == str(step)
    assert html.count('class="sj-seat') == 4
    # partners opposite: seat 0 at the bottom, 1 right, 2 top, 3 left
    for seat, pos in ((0, 0), (1, 1), (2, 2), (3, 3)):
        assert f"sj-pos{pos}" in _seat_box(html, seat)
    # each hand by suit class, the trumps first
    for seat in range(4):
        box = _seat_box(html, seat)
        classes = re.findall(r'data-class="([^"]*)"', box)
        held = st_.hands[seat].known_cards()
        if any(st_.trumps.key(c)[0] == TRUMP for c in held):
            assert classes[0] == TRUMP
        assert len(classes) == len({st_.trumps.key(c)[0] for c in held})
        groups = shengji_table.suit_groups([c.token for c in held], st_.trumps)
        assert sum(len(toks) for _, toks in groups) == len(held)
        for _, toks in groups:  # high to low in trump order
            orders = [st_.trumps.key(Card(t))[1] for t in toks]
            assert orders == sorted(orders, reverse=True)
    # the middle: trumps and level, the declarer, points, the trick in progress with its leader
    assert _attr(html, "data-trumps") == f"{st_.trumps.suit}{shengji_table.level_token(st_.trumps.level)}"
    assert f'data-declarer="{st_.declarer}"' in html
    assert "庄" in _seat_box(html, st_.declarer)
    assert _attr(html, "data-leader") == str(st_.trick[0][0])
    assert _attr(html, "data-trick") == " ".join(c.token for _, cs in st_.trick for c in cs)
    assert "领出" in html and "最大" in html
    for side in (0, 1):
        assert f'data-points="{side}">' in html
        assert re.search(rf'data-points="{side}">[^<]* {st_.points[side]}</span>', html)
    # who acts and why
    assert f'data-act="{st_.to_act}"' in html and "按顺序跟牌" in html


def test_step_controls_move_the_table_and_the_trick_history(library):
    deal_id, rep = library.match[0]
    first = _first_play(rep)
    at = _page("replay", deal_id, first + 3)  # the first trick has three plays
    _ok(at)
    assert len(at.dataframe) == 1  # the tricks (the event list is an HTML table)
    tricks = at.dataframe[0].value
    assert list(tricks["墩"]) == [1] and "进行中" in tricks["赢家"].iloc[0]
    at.button(key="replay_next").click().run()  # the fourth play closes the trick
    _ok(at)
    assert at.session_state["step"] == first + 4
    html = _table(at)
    assert _attr(html, "data-step") == str(first + 4)
    won = rep.states[first + 4].tricks[0]
    assert "sj-done" in html and _attr(html, "data-leader") == str(won.leader)
    tricks = at.dataframe[0].value
    assert list(tricks["分"]) == [won.points] and "★" in tricks[f"座位{won.winner}"].iloc[0]
    at.button(key="replay_last").click().run()
    _ok(at)
    assert at.session_state["step"] == len(rep.states) - 1
    assert "牌局结束" in _table(at)
    assert len(at.dataframe[0].value) == len(rep.final.tricks)
    at.button(key="replay_first").click().run()
    assert at.session_state["step"] == 0
    assert "定主" in _table(at)
    assert not at.dataframe and any("还没有出牌" in c.value for c in at.caption)


def test_the_current_trick_is_highlighted():
    rep = Replay(_play(2, ("3", "3"), 1))
    first = _first_play(rep)
    frame, row = shengji_table.trick_frame(rep, first + 9, "zh")  # the first play of the third trick
    assert len(frame) == 3 and row == 2
    frame, row = shengji_table.trick_frame(rep, first + 8, "zh")  # the play that closed the second
    assert len(frame) == 2 and row == 1
    frame, row = shengji_table.trick_frame(rep, first, "zh")  # the kitty buried: no trick yet
    assert frame.empty and row is None
    css = shengji_table.styled_tricks(
        *shengji_table.trick_frame(rep, first + 9, "en"), "background-color: #fde68a"
    ).to_html()
    painted = set(re.findall(r"#T_\w+_row(\d+)_col\d+", css[: css.index("#fde68a")]))
    assert painted == {"2"}
    spans = shengji_table.trick_spans(rep)
    assert len(spans) == len(rep.final.tricks) and all(s.last - s.first == 3 for s in spans)


def test_seat_view_hides_the_other_hands_and_declarations(library):
    deal_id, rep = library.match[0]
    at = _page("replay", deal_id, 1)
    at.selectbox(key="replay_viewer").set_value(2).run()
    _ok(at)
    html = _table(at)
    assert _attr(html, "data-view") == "2"
    assert 'data-hand="2"' in html and "sj-pos0" in _seat_box(html, 2)  # the viewer at the bottom
    assert "sj-pos2" in _seat_box(html, 0)  # its partner opposite
    for s in (0, 1, 3):
        assert f'data-hand="{s}"' not in html and f'data-count="{s}"' in html
    declared = rep.log.events[0].seat
    if declared != 2:
        assert "（暗）" in _seat_box(html, declared)


def test_a_hostile_name_is_escaped_on_every_page(library):
    deal_id, rep = library.match[0]
    for viewer in (None, 1, 3):
        html = table_html(rep, 40, viewer, "zh")
        assert "<script" not in html and ESCAPED in html
    for name in (*PAGES, "players"):
        at = _page(name, deal_id, 40)
        _ok(at)
        for h in drawn_html(at):
            assert "<script" not in h
        for m in at.markdown:
            assert HOSTILE not in m.value and "](javascript" not in m.value
        for spec in page_charts.specs(at):
            assert "<script" not in spec


# -- the timeline ----------------------------------------------------------------------------------


def test_the_timeline_charts_points_per_side_with_the_80_line(library):
    deal_id, rep = library.illegal
    at = _page("timeline", deal_id, 50)
    _ok(at)
    drawn = page_charts.specs(at)
    assert len(drawn) == 1 and '"scatter"' in drawn[0]
    fig = shengji_charts.timeline_figure(rep, coach_replay(rep), 50, "zh")
    lines = [t for t in fig.data if t.mode == "lines"]
    assert len(lines) == 2
    assert [t.y[-1] for t in lines] == list(rep.final.points)
    assert len(lines[0].x) == len(rep.states)
    assert any(s.type == "line" and s.y0 == s.y1 == 80 for s in fig.layout.shapes)
    assert any(s.type == "line" and s.x0 == 50 for s in fig.layout.shapes)
    assert any("80" in a.text for a in fig.layout.annotations)
    names = {t.name for t in fig.data if t.mode == "markers"}
    assert "教练发现" in names  # the illegal event at the end
    won = sum(len(t.x) for t in fig.data if t.mode == "markers" and "赢墩" in t.name)
    assert won == len(rep.final.tricks)
    assert timeline.timeline_figure(rep, None, 50, "en").data[0].name.startswith("Team A (0·2)")
    # a click on a point opens its step, as on the other games' timeline
    assert timeline.step_from_selection({"selection": {"points": [{"x": 61, "y": 40}]}}, len(rep.states) - 1) == 61


# -- scoring ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_scoring_shows_tricks_defenders_kitty_levels_and_the_ladder(library, lang):
    deal_id, rep = library.match[1]
    score = rep.score()
    at = _page("scoring", deal_id, lang=lang)
    _ok(at)
    frames = _frames(at)
    assert len(frames) == 3 and not page_charts.specs(at)  # the ladder is the match's tab: not drawn
    sides, tricks, table = frames
    assert len(sides) == 2 and len(tricks) == len(rep.final.tricks)
    points = tricks["分" if lang == "zh" else "points"]
    assert points.sum() == sum(rep.final.points)
    metrics = [str(m.value) for m in at.metric]
    assert metrics[-1] == str(score.to_json().get("points")["defenders"])
    assert metrics[1] == str(score.to_json().get("points")["kitty"])
    assert len(table) == 8  # the SJ-POINTS table: 240 and up last (one more level per further 40)
    text = _text(at)
    for rule in ("SJ-POINTS", "SJ-LEVEL"):
        assert rule in text
    for _, row in score.explain:  # each in the page's language (replay.core.said)
        shown = said_in(row, lang)
        assert shown.replace("(", "").replace(")", "")[:20] in text.replace("(", "").replace(")", "")
    up, after = score.to_json().get("levels")["up"], score.to_json().get("levels")["after"]
    if score.to_json().get("levels")["steps"]:
        before = score.to_json()["levels"]["before"]
        assert f"{before[up]} → {after[up]}" in text or f"from {before[up]}" in text
    else:  # the defenders took over without going up
        assert ("不升级" if lang == "zh" else "no side goes up") in text
    # the ladder, in the match's tab: the three deals of the match in order, this one highlighted
    open_tab(at, "match", key="scoring_tab")
    (ladder,) = _frames(at)
    assert len(ladder) == 3
    deal_col = "局" if lang == "zh" else "deal"
    assert list(ladder[deal_col]) == (["第1局", "第2局", "第3局"] if lang == "zh" else ["deal 1", "deal 2", "deal 3"])
    after_col = "甲方 (0·2) 后" if lang == "zh" else "Team A (0·2) after"
    before_col = "甲方 (0·2) 前" if lang == "zh" else "Team A (0·2) before"
    assert list(ladder[before_col])[1:] == list(ladder[after_col])[:2]  # each deal starts where the last left
    assert len(page_charts.specs(at)) == 1


def test_scoring_ladder_figure_follows_the_levels(library):
    rows = [shengji_charts.ladder_row(i, rep) for i, rep in library.match]
    seq = Shengji(load_profile("shengji-35")).levels
    fig = shengji_charts.ladder_figure(rows, seq, library.match[1][0], "en")
    for side, trace in enumerate(fig.data):
        levels = [seq.index(rows[0].before[side])] + [seq.index(r.after[side]) for r in rows]
        assert [round(y) for y in trace.y] == levels
        assert [c[1] for c in trace.customdata] == [seq[k] for k in levels]
        assert trace.line.shape == "hv"
    assert any(s.x0 == 2 for s in fig.layout.shapes)  # the open deal
    frame = shengji_charts.ladder_frame(rows, "zh")
    for row, change in zip(rows, frame["升级"], strict=True):
        eighty = row.up != row.declarers  # the defenders took 80 or more: the declarers do not go up
        assert ("庄家不升" in change) == eighty and "上台" not in change
        assert (f"升 {row.steps} 级" in change) == (row.steps > 0 or not eighty)


def test_scoring_an_unfinished_shengji_deal(library):
    deal_id, rep = library.unfinished
    at = _page("scoring", deal_id)
    _ok(at)
    assert any("还没打完" in i.value for i in at.info)
    assert len(_frames(at)[1]) == len(rep.final.tricks)
    assert not at.metric


def test_scoring_a_void_shengji_deal(tmp_path, monkeypatch):
    base = _play(4, ("3", "3"), 1)
    void = replace(base, events=tuple(Pass(s) for s in range(4)))
    rep = Replay(void)
    assert rep.score().void
    url = f"sqlite:///{tmp_path / 'v.db'}"
    monkeypatch.setenv("FUPAN_DB", url)
    st.cache_data.clear()
    st.cache_resource.clear()
    eng = open_db(url)
    res = import_log(eng, void, "void.json")
    eng.dispose()
    try:
        at = _page("scoring", res.deal_id)
        _ok(at)
        assert any("作废" in w.value for w in at.warning)
        at = _page("replay", res.deal_id, 4)
        _ok(at)
        assert "作废" in _table(at)
    finally:
        st.cache_data.clear()
        st.cache_resource.clear()


# -- coach, evaluation, players ---------------------------------------------------------------------


def test_coach_page_shows_the_violation_and_the_sides(library):
    deal_id, rep = library.illegal
    report = coach_replay(rep)
    assert any(f.kind == "violation" for f in report.findings)
    at = _page("coach", deal_id)
    _ok(at)
    text = _text(at)
    assert "违规" in text
    first = next(f for f in report.findings if f.index is not None)
    assert links_to(at)[0] == {"deal": str(deal_id), "step": str(first.index + 1), "lang": "zh"}
    summary = open_tab(at, "seats", key="coach_tab").dataframe[-1].value
    assert len(summary) == 4 + 2 + 1
    assert any("庄家" in s for s in summary["方/身份"]) and any("闲家" in s for s in summary["方/身份"])


def test_the_evaluation_page_prices_a_shengji_deal(library, monkeypatch):
    """升级 is priced: the page offers the form (no note that it is not), runs a whole deal and shows it."""
    from data.evaluations import load_evaluation
    from views.pages import evaluation as evaluation_page
    from views.pages.evaluation import CANDIDATES, DECISION, ROLLOUTS, RUN, SAMPLING

    monkeypatch.setattr(evaluation_page, "JOBS", 1)
    deal_id, _ = library.match[0]
    assert unpriced_note("shengji") is None and unpriced_note("gouji") is None
    at = _page("evaluation", deal_id, lang="en")
    _ok(at)
    assert not any("only, for now" in i.value for i in at.info)
    assert not [c for c in at.checkbox if c.key == SAMPLING]  # 升级's seat view reads voids: no inference to choose
    at.number_input(key=ROLLOUTS).set_value(2)
    at.number_input(key=CANDIDATES).set_value(2)
    at.button(key=RUN).click().run()
    _ok(at)
    finish_evaluation(at, deal_id)
    assert at.success
    eng = open_db(os.environ["FUPAN_DB"])
    ev = load_evaluation(eng, deal_id)
    eng.dispose()
    assert ev is not None and {d.seat for d in ev.decisions} == set(range(4))
    seats = at.dataframe[0].value
    assert seats["decisions"].tolist() == [s["decisions"] for s in ev.seat_summary()]
    assert all(a is not None for a in seats["accuracy %"].tolist())
    actions = {d.actual.event.action for d in ev.decisions}
    assert {"declare", "play"} <= actions
    declared = next(d.index for d in ev.decisions if d.actual.event.action == "declare")
    at.selectbox(key=DECISION).set_value(declared).run()
    _ok(at)
    assert any(f"event {declared + 1}" in m.value for m in at.markdown)
    cands = at.dataframe[1].value
    assert len(cands) == len(ev.at(declared).candidates) and any("pass" in str(x) for x in cands.iloc[:, 1])
    assert len(page_charts.specs(at)) == 2
    # 升级's values are levels, not points: the seat table, the decision's loss and the charts say so
    assert "levels lost" in seats.columns and "points lost" not in seats.columns
    assert any("levels" in m.value and "loss" in m.value for m in at.markdown)
    axes = [fig["layout"]["yaxis"]["title"]["text"] for fig in page_charts.figures(at)]
    assert axes and all("expected levels" in a for a in axes)
    assert any(h.value == "Expected levels" for h in at.subheader)


def test_players_page_for_shengji(library):
    at = _page("players", None)
    _ok(at)
    at.radio[0].set_value("shengji").run()
    _ok(at)
    assert any("不排名次" in i.value for i in at.info)
    table = at.dataframe[0].value
    assert set(table["牌手"]) >= {NAMES[0], NAMES[2], NAMES[3]}
    assert HOSTILE in set(table["牌手"])  # a cell shows the name as text
    assert [tab.label for tab in at.tabs] == ["升级", "升的级数", "教练发现", "模拟评估的准确率"]
    assert not page_charts.figures(at)  # only the tab shown runs
    (levels,) = page_charts.figures(open_tab(at, "levels"))
    assert set(levels["data"][0]["x"]) >= {NAMES[0], NAMES[2], NAMES[3]} and not at.dataframe
    open_tab(at, "accuracy")
    assert not any("只适用于" in i.value for i in at.info)  # 升级 is priced: its accuracy has a place
    assert any("还没有评估过的牌局" in i.value for i in at.info)
    open_tab(at, "ladder")
    at.selectbox[0].set_value(NAMES[0]).run()
    _ok(at)
    rows = [shengji_charts.ladder_row(i, rep) for i, rep in (*library.match, library.illegal, library.unfinished)]
    frame = shengji_frame(rows).set_index("player")
    for _, r in frame.iterrows():
        assert r["up"] <= r["finished"] <= r["deals"]
    assert frame.loc[NAMES[0], "deals"] == 3  # seat 0 of the match: side 0·2
    assert frame.loc[NAMES[0], "levels"] == sum(r.steps for r in rows[:3] if r.up == 0)
    assert frame.loc[NAMES[0], "declared"] == sum(r.declarers == 0 for r in rows[:3])


# -- the dispute desk -------------------------------------------------------------------------------


def _errors(at: AppTest) -> str:
    return "\n".join(e.value for e in at.error).replace("\\", "")


def _dispute(deal_id: int, step: int, lang: str = "zh") -> AppTest:
    at = _page("dispute", deal_id, step, lang)
    _ok(at)
    return at


def _ask(at: AppTest, seat: int, action: str, cards: str = "", to: int | None = None) -> AppTest:
    if [r for r in at.radio if r.key == "dispute_what"]:  # an event typed at the desk, not the recorded one
        at.radio(key="dispute_what").set_value("typed").run()
    at.selectbox(key="dispute_seat_shengji").set_value(seat)
    at.selectbox(key="dispute_action_shengji").set_value(action)
    at.text_input(key="dispute_cards").input(cards)
    if to is not None:
        at.selectbox(key="dispute_to_shengji").set_value(to)
    at.button(key="dispute_judge").click().run()
    _ok(at)
    return at


def test_dispute_desk_who_may_act_and_why(library):
    deal_id, rep = library.match[2]
    at = _dispute(deal_id, 0)
    at.radio(key="dispute_what").set_value("typed").run()
    assert at.selectbox(key="dispute_action_shengji").options == [
        "定主",
        "不定主",
        "换三张",
        "扣底",
        "出牌",
    ]  # in Chinese, without the log's English keyword
    text = _text(at)
    assert text.count("可用一张王加一对同色牌定主") == 4
    step = _first_play(rep) + 1
    at = _dispute(deal_id, step, "en")
    seat = rep.states[step].to_act
    assert f"seat {seat}" in _text(at) and "follows in turn" in _text(at)
    assert _attr(next(h.value for h in at.html if "sj-table" in h.value), "data-step") == str(step)


def test_dispute_desk_judges_shengji_actions(library):
    deal_id, rep = library.match[2]
    step = _first_play(rep) + 1
    st_ = rep.states[step]
    seat = st_.to_act
    legal = next(iter(rep.engine.legal_actions(st_)))
    at = _dispute(deal_id, step)
    at = _ask(at, seat, "play", " ".join(c.token for c in legal.cards))
    assert any("合规" in s.value for s in at.success)
    at = _ask(at, (seat + 1) % 4, "play", " ".join(c.token for c in legal.cards))
    assert "SJ-TRICK" in _errors(at)
    at = _ask(at, seat, "declare", "BJ 4D 4D")
    assert "SJ-DECLARE" in _errors(at)
    # before play: a declaration is judged; an exchange asks for the seat it goes to
    at = _dispute(deal_id, 0)
    first = rep.log.events[0]
    at = _ask(at, first.seat, "declare", " ".join(c.token for c in first.cards))
    assert any("合规" in s.value for s in at.success)
    at = _ask(at, (first.seat + 1) % 4, "pass")  # 不定主
    assert any("合规" in s.value for s in at.success)
    at = _ask(at, 0, "exchange", "3S 3S 3S", to=1)
    assert at.error
    at = _ask(at, 0, "play", "5")  # no suit: 升级 cards need their suits
    assert at.error or at.warning


def test_a_seat_that_does_not_declare_is_marked():
    base = _play(5, ("3", "3"), 1)  # one or two declarations: a seat stays quiet
    first = base.events[0]
    quiet = next(s for s in range(4) if s not in {e.seat for e in base.events if isinstance(e, Declare)})
    log = replace(base, events=(first, Pass(quiet), *base.events[1:]))
    rep = Replay(log)
    assert rep.ok
    html = table_html(rep, 2, None, "zh")
    assert f'data-passed="{quiet}"' in html and "不定主" in _seat_box(html, quiet)
    assert "不定主" in html[html.index('class="sj-last"') :]  # the last event, as 升级 calls it
    assert event_frame(rep, None, "en")["action"].iloc[1] == "pass (no declaration)"
    # nobody declares: the deal is void
    void = Replay(replace(base, events=tuple(Pass(s) for s in range(4))))
    assert void.ok and void.score().void
    html = table_html(void, 4, None, "zh")
    assert "作废" in html and html.count("不定主") >= 4


def test_players_page_shows_shengji_accuracy(library):
    from coach.evaluate import evaluate_replay
    from coach.prices import Settings
    from data.evaluations import save_evaluation

    deal_id, rep = library.match[0]
    ev = evaluate_replay(rep, Settings(rollouts=2, max_candidates=2), jobs=1, seats=[0, 2])
    eng = open_db(os.environ["FUPAN_DB"])
    save_evaluation(eng, deal_id, ev)
    eng.dispose()
    at = _page("players", None)
    at.radio[0].set_value("shengji").run()
    _ok(at)
    acc = next(f for f in _frames(open_tab(at, "accuracy")) if "准确率 %" in f.columns)
    by = acc.set_index("牌手")
    summary = {s["seat"]: s for s in ev.seat_summary()}
    assert set(by.index) == {NAMES[0], NAMES[2]}  # the seats evaluated
    for seat in (0, 2):
        assert by.loc[NAMES[seat], "决定"] == summary[seat]["decisions"] > 0
        assert by.loc[NAMES[seat], "准确率 %"] == pytest.approx(summary[seat]["accuracy"], abs=0.01)
