"""What ``fupan score`` and the Scoring page report beyond the places and points: a void deal and why
(``void``, ``void_reason``), and a claimed result set against the computed one (``claimed``, ``differs``).

The void deals, one per game: two 革命 (GJ-REVOLUTION, written here), 黄庄 (BH-VOID, tests/cases) and
nobody declaring in 升级 (SJ-DECLARE, tests/cases).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_pages import empty_library, run_page

import cli
from data.importer import import_log
from replay.log import read_log

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
TWO_REVOLUTIONS = "fupan/1 gouji\nprofile gouji\nevents\n1 revolution\n4 revolution\n"
VOID = {  # name: (log path or text, rule)
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


@pytest.mark.parametrize("path", ["data/samples/gouji/gouji-2026-09-01-d1.json", "tests/cases/GJ-REVOLUTION.legal.txt"])
def test_score_json_says_a_deal_is_not_void(path: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, out = _score(capsys, ROOT / path, "--json")
    doc = json.loads(out)
    assert doc["void"] is False and "void_reason" not in doc


@pytest.fixture
def void_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """A library holding the three void deals: {game: deal_id}."""
    import streamlit as st

    eng = empty_library(tmp_path, monkeypatch)
    ids = {}
    for game in VOID:
        res = import_log(eng, _read(tmp_path, game), game)
        assert res.deal_id is not None
        ids[game] = res.deal_id
    eng.dispose()
    yield ids
    st.cache_data.clear()
    st.cache_resource.clear()


def _read(tmp_path: Path, game: str) -> Any:
    return read_log(str(_path(tmp_path, VOID[game][0])))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_scoring_page_says_why_a_deal_is_void(void_library: dict[str, int], lang: str) -> None:
    for game, deal_id in void_library.items():
        at = run_page("scoring", deal_id, 0, lang)
        assert not at.exception, [e.value for e in at.exception]
        rule = VOID[game][1]
        warnings = [w.value for w in at.warning if rule in w.value]
        assert len(warnings) == 1, (game, [w.value for w in at.warning])
        assert ("作废" if lang == "zh" else "void") in warnings[0]
