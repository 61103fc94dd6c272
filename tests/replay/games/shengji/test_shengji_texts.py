"""升级 level texts say only what the rules decide (RULES.md §5 SJ-POINTS): at 80 or more the declarers do
not go up and the defenders go up 1 per further 40; who declares the next deal is whoever wins its 定主,
so no text (the score's explain, ``fupan score``, the Scoring page, the table, the timeline, the match's
level ladder) may say that the defenders take over as declarers. And the match view agrees deal to deal
with the next deal's log: its levels before, and its declarers from its own replay.

The deals: the 20 升级 samples (data/samples/shengji), one match, 周六升级 2026-09-05.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import page_charts
import pytest
from app_pages import empty_library, run_page
from paths import ROOT

import cli
from data import queries
from data.importer import import_log
from replay.formats.log import read_log
from replay.games.shengji.engine import ShengjiState, team
from replay.replay import Replay
from views.games import table_html
from views.games.shengji import charts as shengji_charts

SAMPLES = [ROOT / f"data/samples/shengji/shengji-2026-09-05-d{k}.json" for k in range(1, 21)]
MATCH = "周六升级 2026-09-05"
# what a text may not say: that the defenders become the declarers, or that the declarers stay declarers
PROMISE = re.compile(r"take[s]? over|as declarers|become[s]? (the )?declarers|declarers stay|上台|连庄|做庄")
EIGHTY = (1, 5, 7, 8, 14, 15, 16, 17, 18, 20)  # the samples whose defenders took 80 or more


def _final(rep: Replay) -> ShengjiState:
    assert isinstance(rep.final, ShengjiState)
    return rep.final


@pytest.fixture(scope="module")
def replays() -> list[Replay]:
    return [Replay(read_log(str(p))) for p in SAMPLES]


def test_the_samples_with_80_or_more(replays: list[Replay]) -> None:
    eighty = [
        k for k, rep in enumerate(replays, start=1) if (rep.score() or _no()).to_json()["points"]["defenders"] >= 80
    ]
    assert tuple(eighty) == EIGHTY


def _no() -> Any:
    raise AssertionError("a sample without a score")


def test_the_score_says_what_the_rules_decide(replays: list[Replay], capsys: pytest.CaptureFixture[str]) -> None:
    for k, (path, rep) in enumerate(zip(SAMPLES, replays, strict=True), start=1):
        score = rep.score()
        assert score is not None
        assert cli.main(["score", str(path)]) == 0
        text = capsys.readouterr().out
        assert not PROMISE.search(text), (k, PROMISE.search(text))
        levels = [line for rule, line in score.explain if rule == "SJ-LEVEL"]
        assert any("the declarers do not go up" in line for line in levels) == (k in EIGHTY)
        assert any("decided by its 定主" in line for line in levels) == (k in EIGHTY)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_table_and_the_timeline_say_what_the_rules_decide(replays: list[Replay], lang: str) -> None:
    for rep in replays[:3]:
        last = len(rep.states) - 1
        for step in (last // 2, last):
            html = table_html(rep, step, None, lang)
            assert not PROMISE.search(html), PROMISE.search(html)
        fig = shengji_charts.timeline_figure(rep, None, last, lang)
        notes = json.dumps([a.text for a in fig.layout.annotations], ensure_ascii=False)
        assert not PROMISE.search(notes) and ("庄家不升级" if lang == "zh" else "do not go up") in notes


@pytest.fixture
def match_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, dict[int, int]]]:
    """A library holding the 20 samples: (engine, {deal number: deal_id})."""
    import streamlit as st

    eng = empty_library(tmp_path, monkeypatch)
    ids = {}
    for k, path in enumerate(SAMPLES, start=1):
        res = import_log(eng, read_log(str(path)), path.name)
        assert res.deal_id is not None
        ids[k] = res.deal_id
    yield eng, ids
    eng.dispose()
    st.cache_data.clear()
    st.cache_resource.clear()


def test_the_match_view_agrees_with_the_next_deal(
    match_library: tuple[Any, dict[int, int]], replays: list[Replay]
) -> None:
    eng, ids = match_library
    rows = [shengji_charts.ladder_row(ids[k], rep) for k, rep in enumerate(replays, start=1)]
    for k, (row, rep) in enumerate(zip(rows, replays, strict=True)):
        assert row.declarers == team(_final(rep).declarer)  # the deal's own declarers, from its own replay
        assert row.before == tuple(rep.log.levels or ())
        if k + 1 < len(rows):
            assert row.after == tuple(replays[k + 1].log.levels or ()), k + 1  # the next deal starts there
    for lang in ("zh", "en"):
        frame = shengji_charts.ladder_frame(rows, lang)
        cells = " ".join(str(v) for v in frame.to_numpy().ravel())
        assert not PROMISE.search(cells), PROMISE.search(cells)
    # the stored standings: each deal's levels after are the next deal's levels before
    standings = queries.match_standings(eng, MATCH, "shengji")
    per_deal = standings.groupby("deal", sort=True)
    deals = [(d, g.sort_values("seat")) for d, g in per_deal]
    assert [d for d, _ in deals] == list(range(1, 21))
    for (_, a), (_, b) in itertools.pairwise(deals):
        assert a["level_after"].tolist() == b["level_before"].tolist()
    # the ladder figure: after deal k a side stands where deal k + 1 starts
    seq = tuple(replays[0].engine.levels)
    fig = shengji_charts.ladder_figure(rows, seq, None, "en")
    for side, trace in enumerate(fig.data):
        starts = [seq.index(rep.log.levels[side]) for rep in replays]  # type: ignore[index]  # these logs name levels
        assert [round(y) for y in trace.y][:-1] == starts


def _page_texts(at: Any) -> str:
    parts = [
        e.value for kind in ("markdown", "caption", "info", "success", "warning", "error") for e in getattr(at, kind)
    ]
    parts += [" ".join(str(v) for v in d.value.to_numpy().ravel()) for d in at.dataframe]
    parts += [json.dumps(fig, ensure_ascii=False) for fig in page_charts.figures(at)]
    return "\n".join(parts)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_scoring_page_says_what_the_rules_decide(match_library: tuple[Any, dict[int, int]], lang: str) -> None:
    _, ids = match_library
    for k in (1, 5, 19):  # 80 or more without going up, 80 or more and up 1, the declarers up 2
        at = run_page("scoring", ids[k], 0, lang)
        assert not at.exception, [e.value for e in at.exception]
        text = _page_texts(at)
        assert not PROMISE.search(text), (k, PROMISE.search(text))
        (levels,) = [m.value for m in at.markdown if "`SJ-POINTS` `SJ-LEVEL`" in m.value]  # the levels line
        assert ("下一局谁坐庄由下一局定主决定" if lang == "zh" else "decided by its 定主") in levels
        assert (("庄家" if lang == "zh" else "declarers") in levels) and (k in EIGHTY) == (
            ("不升级" if lang == "zh" else "do not go up") in levels
        )
