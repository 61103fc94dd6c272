"""The downloads of the Players, Scoring, Coach and Replay pages (issue 18, item 8) with Streamlit's AppTest, on
a temporary SQLite library: each CSV read back with pandas is the table the page shows (UTF-8 with a BOM, columns
in the chosen language); the Replay page's HTML report holds the meta, the score, the findings, the engine's
ruling on an illegal event and the referee's decision, every log text escaped (a player named ``<script>``);
every plotly chart carries the PNG export named after the deal and the chart, without plotly's logo.

The library: the sample dispute 01-burn-after-pass (an illegal burn at event 3) with a hostile player on seat 0
and a referee's decision on event 3 stored with it, and two simulated 够级 deals of one match (the Scoring page's
match table and chart). The served files are caught as Streamlit stores them (the ``served`` fixture).
"""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import page_charts
import pandas as pd
import pytest
import streamlit as st
from app_pages import empty_library, open_tab, page_ok, run_page
from paths import ROOT

import cli
from coach.coach import coach_replay
from data.importer import import_log
from replay.formats.decisions import Decision
from replay.formats.log import Seat, read_log
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.parts.deal_report import findings_frame, report_html

DISPUTE = ROOT / "data" / "samples" / "disputes" / "01-burn-after-pass.txt"
HOSTILE = "<script>alert('x')</script>&amp;"
DECISION = Decision(
    3, "upheld", 'The burn after a pass stands illegal. <b>"quoted"</b>', "Ref <i>", "2026-10-13T20:00:00Z"
)


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    eng = empty_library(tmp_path, monkeypatch)
    log = read_log(DISPUTE)
    log = dataclasses.replace(log, seats=(Seat(0, HOSTILE), *log.seats[1:]), decisions=(DECISION,))
    ids = {"dispute": import_log(eng, log, "dispute.txt").deal_id}
    for n, seed in enumerate((11, 12)):
        sim = simulate_deal(seed, "gouji", deal_number=n + 1).log
        sim = dataclasses.replace(sim, meta={**sim.meta, "match": "cup", "date": "2026-11-01"})
        ids[f"sim{n + 1}"] = import_log(eng, sim, f"sim{n + 1}.json").deal_id
    eng.dispose()
    assert all(isinstance(i, int) for i in ids.values())
    yield {k: int(v) for k, v in ids.items() if v is not None}
    st.cache_data.clear()
    st.cache_resource.clear()


def _csv(data: bytes, index: bool = False) -> pd.DataFrame:
    assert data.startswith("\ufeff".encode()), data[:10]
    return pd.read_csv(io.BytesIO(data), encoding="utf-8-sig", index_col=0 if index else None, keep_default_na=False)


def _same(shown: pd.DataFrame, back: pd.DataFrame) -> None:
    """The table read back from the CSV is the one shown (values compared as text, as a spreadsheet reads them)."""
    assert [str(c) for c in back.columns] == [str(c) for c in shown.columns]
    assert len(back) == len(shown)
    for col in shown.columns:
        want = ["" if pd.isna(v) else str(v) for v in shown[col]]
        got = ["" if pd.isna(v) else str(v) for v in back[str(col)]]
        assert [w.removesuffix(".0") for w in want] == [g.removesuffix(".0") for g in got], col


def _labels(at: Any) -> list[str]:
    return [b.proto.label for b in at.get("download_button")]


def _configs(at: Any) -> list[dict[str, Any]]:
    return page_charts.configs(at)


def test_the_players_tables_download_as_shown(library: dict[str, int], served: dict[str, bytes]) -> None:
    at = run_page("players", None)
    page_ok(at)
    _same(at.dataframe[0].value, _csv(served["fupan-players-gouji-summary.csv"]))
    shown = open_tab(at, "findings").dataframe[0].value
    names = sorted(n for n in served if n.startswith("fupan-players-gouji-"))
    assert "fupan-players-gouji-summary.csv" in names and "fupan-players-gouji-kinds.csv" in names
    kinds = _csv(served["fupan-players-gouji-kinds.csv"], index=True)
    assert list(kinds.index) == list(shown.index) and list(kinds.columns) == list(shown.columns)
    configs = [c for tab in ("places", "points") for c in _configs(open_tab(at, tab))]
    assert configs and all(c["displaylogo"] is False for c in configs)
    assert all(c["showSendToCloud"] is False for c in configs)  # nothing offered to plotly's cloud
    assert {c["toImageButtonOptions"]["filename"] for c in configs} >= {
        "fupan-players-gouji-places",
        "fupan-players-gouji-points",
    }
    en = run_page("players", None, lang="en")
    assert "Download the table (CSV)" in _labels(en)
    assert "Player" in _csv(served["fupan-players-gouji-summary.csv"]).columns  # the columns in English now


def test_the_scoring_tables_download_as_shown(library: dict[str, int], served: dict[str, bytes]) -> None:
    deal_id = library["sim2"]
    at = run_page("scoring", deal_id)
    page_ok(at)
    _same(at.dataframe[0].value, _csv(served[f"fupan-deal{deal_id}-places.csv"]))
    assert not _configs(at)  # the match is the other tab: not drawn
    open_tab(at, "match", key="scoring_tab")
    match = _csv(served[f"fupan-deal{deal_id}-match.csv"], index=True)
    assert list(match.index) == ["第1局", "第2局"]
    assert [c["toImageButtonOptions"]["filename"] for c in _configs(at)] == [f"fupan-deal{deal_id}-match"]
    assert _configs(at)[0]["toImageButtonOptions"]["format"] == "png"


def test_the_coach_findings_download_as_shown(library: dict[str, int], served: dict[str, bytes]) -> None:
    deal_id = library["dispute"]
    at = run_page("coach", deal_id)
    page_ok(at)
    assert "下载这些发现（CSV）" in _labels(at)
    back = _csv(served[f"fupan-deal{deal_id}-findings.csv"])
    rep = Replay(read_log(DISPUTE))
    report = coach_replay(rep)
    assert len(back) == len(report.findings) > 0
    assert list(back.columns) == [
        "第几手",
        "座位",
        "牌手",
        "类别",
        "严重程度",
        "规则",
        "俗语",
        "内容",
        "判断",
        "判断详情",
    ]
    assert "GJ-BURN" in set(back["规则"])
    burn = back[back["规则"] == "GJ-BURN"]  # the move's one judgement: a violation, whatever a price says
    assert set(burn["判断"]) == {"违规"} and all(w.startswith("违规：") for w in burn["判断详情"])
    assert list(back["内容"]) == [f.message_zh for f in report.findings]
    assert list(back["牌手"]) == [rep.log.player(f.seat) for f in report.findings if f.seat is not None]
    open_tab(at, "seats", key="coach_tab")
    _same(at.dataframe[-1].value, _csv(served[f"fupan-deal{deal_id}-findings-per-seat.csv"]))
    frame = findings_frame(rep, report.findings, "en")
    assert list(frame.columns) == [
        "Event", "Seat", "Player", "Kind", "Severity", "Rule", "Maxim", "Finding", "Judgement", "Judgement in full",
    ]  # fmt: skip


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_replay_page_downloads_the_deals_report(
    library: dict[str, int], served: dict[str, bytes], lang: str
) -> None:
    deal_id = library["dispute"]
    at = run_page("replay", deal_id, lang=lang)
    page_ok(at)
    assert _labels(at) == (["下载牌局报告（HTML）"] if lang == "zh" else ["Download the deal's report (HTML)"])
    text = served[f"fupan-deal{deal_id}-report.html"].decode("utf-8")
    assert text.startswith("<!DOCTYPE html>") and "<style>" in text
    assert "<script" not in text and "src=" not in text and "href=" not in text  # nothing from outside, no code
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&amp;amp;" in text  # the hostile name, escaped
    assert "&lt;b&gt;&quot;quoted&quot;&lt;/b&gt;" in text and "Ref &lt;i&gt;" in text  # the referee's words
    assert "青岛 市北 海泊河棋牌俱乐部" in text  # the venue
    assert "GJ-BURN" in text  # the engine's ruling on event 3, and the coach's finding
    rep = Replay(read_log(DISPUTE))
    report = coach_replay(rep)
    for f in report.findings:
        message = f.message_zh if lang == "zh" else f.message_en
        assert message.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").split("'")[0] in text
    score = rep.score()
    words = ("维持", "现行", "计分", "教练发现", "规则检查") if lang == "zh" else ("upheld", "stands", "Score")
    assert all(w in text for w in words)
    if score is not None and not score.void:
        assert all(f"<td>{p.points}</td>" in text for p in score.places)
    else:
        assert ("这局" in text) if lang == "zh" else ("deal" in text)


def test_the_report_escapes_every_log_text() -> None:
    log = simulate_deal(7, "baohuang").log
    log = dataclasses.replace(
        log,
        seats=(Seat(0, "<img src=x onerror=alert(1)>"), *log.seats[1:]),
        meta={"venue": "</td><script>", "notes": "a & b <i>", "match": '"m"'},
    )
    rep = Replay(log)
    for lang in ("zh", "en"):
        text = report_html(5, rep, coach_replay(rep), [DECISION], lang)
        assert "<img" not in text and "<script" not in text and "<i>" not in text.replace("<i>", "", 0)
        assert "&lt;img src=x onerror=alert(1)&gt;" in text and "&lt;/td&gt;&lt;script&gt;" in text
        assert "a &amp; b &lt;i&gt;" in text and "&quot;m&quot;" in text


def test_the_report_names_places_in_its_language() -> None:
    rep = Replay(simulate_deal(3, "gouji").log)
    report = coach_replay(rep)
    assert "<td>头科 (1st)</td>" in report_html(1, rep, report, [], "en")  # the Chinese term beside the English
    zh = report_html(1, rep, report, [], "zh")
    assert "<td>头科</td>" in zh and "1st" not in zh


def test_the_reports_rule_check_counts_with_plurals() -> None:
    rep = Replay(read_log(DISPUTE))  # one illegal event of four
    assert "1 rule violation (4 events):" in report_html(1, rep, None, [], "en")
    assert "1 处违规（共 4 手）：" in report_html(1, rep, None, [], "zh")


def test_every_chart_is_drawn_through_the_one_helper() -> None:
    """Every plotly chart gets the PNG export and no logo: no page calls ``plotly_chart`` but ``figures.show``."""
    drawn = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "views").rglob("*.py"))
        if ".plotly_chart(" in p.read_text(encoding="utf-8")
    ]
    assert drawn == ["views/parts/figures.py"]


def test_the_cli_and_the_dashboard_share_one_report_builder(
    library: dict[str, int], served: dict[str, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Replay page's download and ``fupan coach LOG --html`` come from the one builder (``coach.report``): the
    download is its page in one language with the dashboard's sections (rule check, the referee's decisions) added,
    and the hands as dealt and the findings, each with its table as it stood, come out as the CLI's (the same cards)."""
    deal_id = library["dispute"]
    page_ok(run_page("replay", deal_id, lang="en"))
    download = served[f"fupan-deal{deal_id}-report.html"].decode("utf-8")
    out = tmp_path / "report.html"
    assert cli.main(["coach", "--html", str(out), str(DISPUTE)]) == 1  # the illegal burn
    capsys.readouterr()
    from_cli = out.read_text(encoding="utf-8")
    sections = re.compile(r'<section id="(\w+)">')
    assert sections.findall(download) == ["deal", "check", "decisions", *sections.findall(from_cli)[1:]]
    assert sections.findall(from_cli)[0] == "deal"

    def cards(page: str, section: str) -> list[str]:
        start = page.index(f'<section id="{section}">')
        shown = page[start : page.index("</section>" if section == "deal" else "</main>", start)]
        return re.findall(r'<span class="c[^"]*" title="[^"]*">[^<]*</span>', shown)

    assert cards(download, "findings") == cards(from_cli, "findings") != []  # the evidence, the table as it stood
    assert cards(download, "deal") == cards(from_cli, "deal")
    articles = re.compile(r'<article class="finding s-(\w+)" id="(f\d+)">')
    assert articles.findall(download) == articles.findall(from_cli) != []
    assert download.count("<details open><summary>") == from_cli.count("<details open><summary>") > 0
    assert '<span lang="en"' not in download and '<span lang="en"' in from_cli  # one language, or both
