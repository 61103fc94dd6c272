"""Markers without emoji fonts (issue 18, item 4), under AppTest: every page, in both languages, over a library of
a 够级, a 保皇 and a 升级 sample (the 够级 deal with findings of every severity it has), shows no character that a
machine without an emoji font draws as a box (``ui_words.emoji_marks``: emoji presentation, or U+FE0F after it):
its Markdown, captions, HTML (the table and the event list), widgets' labels and options, tables' cells.
tests/views/browser/test_e2e_language.py checks the same in Chromium, charts included.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from app_pages import drawn_html, empty_library, page_ok, run_page
from google.protobuf.json_format import MessageToDict
from paths import ROOT
from ui_words import emoji_marks

from data.importer import import_log
from replay.formats.log import read_log
from views.parts.table import SEVERITY_MARK
from views.parts.texts import severity_md

SAMPLES = ROOT / "data" / "samples"
PAGES = ("library", "replay", "timeline", "scoring", "coach", "evaluation", "dispute", "players")


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def shown_texts(at: Any) -> list[str]:
    """Every string of every element the page sent (their protos), every table's cells and the HTML drawn."""
    out: list[str] = []
    stack = [at._tree]
    while stack:
        node = stack.pop()
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "DESCRIPTOR"):
            out += _strings(MessageToDict(proto))
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            stack.extend(children.values())
    for frame in at.dataframe:
        out.append(frame.value.to_csv())
    for box in list(at.multiselect) + list(at.selectbox):
        out += [str(o) for o in box.options]  # as the page formatted them
    out += drawn_html(at)
    return out


@pytest.fixture
def deals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    engine = empty_library(tmp_path, monkeypatch)
    out = {}
    for game, name in (
        ("gouji", "gouji-2026-09-01-d1.json"),
        ("baohuang", "baohuang-2026-09-03-d1.json"),
        ("shengji", "shengji-2026-09-05-d1.json"),
    ):
        result = import_log(engine, read_log(SAMPLES / game / name))
        assert result.deal_id is not None
        out[game] = result.deal_id
    engine.dispose()
    return out


def test_the_severity_marks_need_no_emoji_font() -> None:
    assert set(SEVERITY_MARK) == {"violation", "mistake", "hint", "trial"}
    assert len(set(SEVERITY_MARK.values())) == 4  # one mark each
    for severity, mark in SEVERITY_MARK.items():
        assert not emoji_marks(mark) and not emoji_marks(severity_md(severity)), severity


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_page_shows_an_emoji(deals: dict[str, int], lang: str) -> None:
    found: dict[str, list[str]] = {}
    seen_marks: set[str] = set()
    for game, deal_id in deals.items():
        for page in PAGES:
            if game != "gouji" and page in ("library", "dispute", "players"):
                continue  # they do not change with the open deal
            at = run_page(page, deal_id, step=40, lang=lang)
            page_ok(at)
            texts = shown_texts(at)
            marks = sorted({m for t in texts for m in emoji_marks(t)})
            if marks:
                found[f"{page} {game}"] = marks
            joined = "\n".join(texts)
            seen_marks |= {m for m in SEVERITY_MARK.values() if m in joined}
    assert not found, json.dumps(found, ensure_ascii=False)
    assert {"!", "※"} <= seen_marks  # the findings' marks were shown (the samples have errors and hints)
