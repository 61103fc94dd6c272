"""What ``fupan score`` and the Scoring page report beyond the places and points: a void deal and why
(``void``, ``void_reason``), and a claimed result set against the computed one (``claimed``, ``differs``).

The void deals, one per game: two 革命 (GJ-REVOLUTION, written here), 黄庄 (BH-VOID, tests/replay/games/<game>/cases) and
nobody declaring in 升级 (SJ-DECLARE, tests/replay/games/<game>/cases).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from app_pages import empty_library, run_page
from paths import CASE_LOGS, ROOT

import cli
from data.importer import import_log
from replay.claims import entry_name
from replay.formats.log import read_log
from replay.replay import Replay

CASES = CASE_LOGS
TWO_REVOLUTIONS = "fupan/1 gouji\nprofile gouji\nevents\n1 revolution\n4 revolution\n"
VOID: dict[str, tuple[str | Path, str]] = {  # game: (log path or text, rule)
    "gouji": (TWO_REVOLUTIONS, "GJ-REVOLUTION"),
    "baohuang": (CASES / "BH-VOID.legal.txt", "BH-VOID"),
    "shengji": (CASES / "SJ-DECLARE.legal.void.json", "SJ-DECLARE"),
}


def _path(tmp_path: Path, source: str | Path) -> Path:
    if isinstance(source, Path):
        return source
    path = tmp_path / "log.txt"
    path.write_text(source, encoding="utf-8")
    return path


def _score(capsys: pytest.CaptureFixture[str], path: Path, *flags: str) -> tuple[int, str]:
    code = cli.main(["score", str(path), *flags])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("game", sorted(VOID))
def test_score_json_says_a_deal_is_void_and_why(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, rule = VOID[game]
    code, out = _score(capsys, _path(tmp_path, source), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["void"] is True
    reason = doc["void_reason"]
    assert set(reason) == {"rule", "zh", "en"} and reason["rule"] == rule
    assert "作废" in reason["zh"] and "void" in reason["en"]
    assert doc["places"] == [] and doc["teams"] == []
    code, text = _score(capsys, _path(tmp_path, source))
    assert f"[{rule}] {reason['zh']} / {reason['en']}" in text
    assert text.startswith("the deal is void: no score / 本局作废，不计分")


@pytest.mark.parametrize(
    "path", ["data/samples/gouji/gouji-2026-09-01-d1.json", "tests/replay/games/gouji/cases/GJ-REVOLUTION.legal.txt"]
)
def test_score_json_says_a_deal_is_not_void(path: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, out = _score(capsys, ROOT / path, "--json")
    doc = json.loads(out)
    assert doc["void"] is False and "void_reason" not in doc


@pytest.fixture
def void_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """A library holding the three void deals: {game: deal_id}."""
    yield from _stored(tmp_path, monkeypatch, {game: _path(tmp_path, source) for game, (source, _) in VOID.items()})


def _stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, paths: dict[str, Path]) -> Iterator[dict[str, int]]:
    """A library holding the logs at ``paths``: {name: deal_id}; Streamlit's caches cleared after."""
    import streamlit as st

    eng = empty_library(tmp_path, monkeypatch)
    ids = {}
    for name, path in paths.items():
        res = import_log(eng, read_log(str(path)), name)
        assert res.deal_id is not None
        ids[name] = res.deal_id
    eng.dispose()
    yield ids
    st.cache_data.clear()
    st.cache_resource.clear()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_scoring_page_says_why_a_deal_is_void(void_library: dict[str, int], lang: str) -> None:
    for game, deal_id in void_library.items():
        at = run_page("scoring", deal_id, 0, lang)
        assert not at.exception, [e.value for e in at.exception]
        rule = VOID[game][1]
        warnings = [w.value for w in at.warning if rule in w.value]
        assert len(warnings) == 1, (game, [w.value for w in at.warning])
        assert ("作废" if lang == "zh" else "void") in warnings[0]


# -- claimed vs computed ------------------------------------------------------------------------------

CLAIMS = sorted(
    [
        *(
            CASES / f"{rule}.{kind}"
            for rule in ("GJ-SCORE", "GJ-SWEEP", "GJ-TEAMS", "FINISH")
            for kind in ("legal.txt", "illegal.txt")
        ),
        *CASES.glob("BH-SCORE*.txt"),
        *(CASES / f"{rule}.{kind}.json" for rule in ("SJ-POINTS", "SJ-LEVEL") for kind in ("legal", "illegal")),
        ROOT / "data/samples/disputes/05-wrong-score-gouji.txt",
        ROOT / "data/samples/disputes/06-wrong-score-baohuang.txt",
    ]
)


@pytest.mark.parametrize("path", CLAIMS, ids=lambda p: p.name)
def test_score_json_sets_the_claim_beside_the_verdicts(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rep = Replay(read_log(str(path)))
    assert rep.log.result
    _, out = _score(capsys, path, "--json")
    doc = json.loads(out)
    assert doc["claimed"] == json.loads(json.dumps(rep.log.result))
    # one comparison: the entries that differ are the claimed-result verdicts, rule for rule
    assert [d["rule"] for d in doc["differs"]] == [v.rule for v in rep.result_verdicts]
    assert bool(doc["differs"]) == (".illegal" in path.name or "wrong-score" in path.name)
    for d in doc["differs"]:
        assert set(d) == {"key", "claimed", "computed", "rule"} and d["claimed"] != d["computed"]
    _, text = _score(capsys, path)
    rows = text[text.index("claimed result vs computed") :].splitlines()[2:]
    assert sum("DIFFERS" in r for r in rows) == len(doc["differs"])
    for d, v in zip(doc["differs"], rep.result_verdicts, strict=True):
        assert f"[{d['rule']}] {v.message_en} / {v.message_zh}" in text


def test_a_wrong_team_score_is_shown_claimed_and_computed(capsys: pytest.CaptureFixture[str]) -> None:
    path = ROOT / "data/samples/disputes/05-wrong-score-gouji.txt"
    _, out = _score(capsys, path, "--json")
    assert json.loads(out)["differs"] == [
        {
            "key": "teams[0]",
            "claimed": {"seats": [0, 2, 4], "points": 4},
            "computed": {"seats": [0, 2, 4], "points": 2},
            "rule": "GJ-SCORE",
        }
    ]
    _, text = _score(capsys, path)
    rows = {line.split()[0]: line for line in text[text.index("claimed result vs computed") :].splitlines()[2:]}
    assert rows["finish_order"].split()[1:13] == ["0", "1", "2", "3", "4", "5"] * 2
    assert "agrees" in rows["finish_order"] and "DIFFERS" not in rows["finish_order"]
    assert "0 2 4 = 4" in rows["teams[0]"] and "0 2 4 = 2" in rows["teams[0]"] and "[GJ-SCORE]" in rows["teams[0]"]


def test_no_claim_and_an_unfinished_claim(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out = _score(capsys, ROOT / "data/samples/gouji/gouji-2026-09-01-d1.json", "--json")
    doc = json.loads(out)
    assert doc["claimed"] is None and doc["differs"] == []
    _, text = _score(capsys, ROOT / "data/samples/gouji/gouji-2026-09-01-d1.json")
    assert "claimed result" not in text
    log = read_log(str(CASES / "GJ-SCORE.legal.txt"))
    path = tmp_path / "cut.json"
    path.write_text(replace(log, events=log.events[:3]).dumps(), encoding="utf-8")
    _, out = _score(capsys, path, "--json")
    doc = json.loads(out)
    assert doc["finished"] is False
    assert doc["differs"] == [{"key": "finished", "claimed": True, "computed": False, "rule": "FINISH"}]


@pytest.fixture
def claims_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """A library holding a wrong 够级 score, a right one and a wrong 升级 level: {name: deal_id}."""
    paths = {
        "wrong": ROOT / "data/samples/disputes/05-wrong-score-gouji.txt",
        "right": CASES / "GJ-SCORE.legal.txt",
        "level": CASES / "SJ-LEVEL.illegal.json",
    }
    yield from _stored(tmp_path, monkeypatch, paths)


def _claims_table(at: Any, entry: str) -> Any:
    """The claims table (the one data frame with an ``entry`` column)."""
    (table,) = [d.value for d in at.dataframe if entry in d.value.columns]
    return table


def row(rows: dict[str, dict[str, str]], key: str) -> dict[str, str]:
    """The claims table's row of a claimed entry, found by its words in either language (``replay.claims``)."""
    zh, en = entry_name(key, [(0, 2, 4), (1, 3, 5)], 6)  # a 够级 deal's teams, by their one name
    return rows[zh] if zh in rows else rows[en]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_scoring_page_shows_claimed_and_computed(claims_library: dict[str, int], lang: str) -> None:
    entry, claimed, computed, differs, rule = (
        ("项目", "记录的", "牌局的", "不符", "规则")
        if lang == "zh"
        else ("Entry", "Claimed", "Computed", "Differs", "Rule")
    )
    at = run_page("scoring", claims_library["wrong"], 0, lang)
    assert not at.exception, [e.value for e in at.exception]
    table = _claims_table(at, entry)
    rows = {r[entry]: r for r in table.to_dict("records")}
    # the entries in words, never the raw keys (issue 35): teams[0] is 甲方 (0·2·4) / Team A (0·2·4), finish_order 出完顺序
    assert "teams[0]" not in rows and "finish_order" not in rows  # words, not raw keys
    assert ("甲方 (0·2·4)" if lang == "zh" else "Team A (0·2·4)") in rows  # the team's one name, its seats beside it
    assert row(rows, "teams[0]")[claimed] == "0 2 4 = 4" and row(rows, "teams[0]")[computed] == "0 2 4 = 2"
    assert row(rows, "teams[0]")[differs] == "✗" and row(rows, "teams[0]")[rule] == "GJ-SCORE"
    assert row(rows, "finish_order")[differs] == ""
    assert len(at.error) == 1
    at = run_page("scoring", claims_library["right"], 0, lang)
    assert not at.exception
    table = _claims_table(at, entry)
    assert set(table[differs]) == {""} and len(at.success) >= 1 and not at.error
    at = run_page("scoring", claims_library["level"], 0, lang)
    assert not at.exception
    table = _claims_table(at, entry)
    rows = {r[entry]: r for r in table.to_dict("records")}
    assert row(rows, "levels.after")[differs] == "✗" and row(rows, "levels.after")[rule] == "SJ-LEVEL"
