"""Words that mean one thing (issue 18, item 10): the names of the coach's concepts (severity, kind, grade, sureness,
view, role) are one table each, no word names two things, the Coach page's filters show them so, and English
counts agree with their number ("1 card", "2 cards") in the CLI and the dashboard.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import replace
from pathlib import Path

import pytest
from paths import ROOT

import cli
from replay.core import plural
from replay.formats.log import read_log
from views.parts import texts

SAMPLES = ROOT / "data" / "samples"
TABLES = {
    "severity": texts.SEVERITY_NAMES,
    "kind": texts.KIND_NAMES,
    "grade": texts.GRADE_NAMES,
    "sureness": texts.SURENESS_NAMES,
    "view": texts.VIEW_NAMES,
    "role": texts.ROLE_NAMES,
    "judgement": texts.JUDGEMENT_NAMES,
}
# one concept on three axes: a move judged a violation, a finding of the kind "violation" has the severity "violation"
SAME = {("kind", "violation"), ("severity", "violation"), ("judgement", "violation")}


def test_plural_counts_agree() -> None:
    assert plural.count(1, "card") == "1 card"
    assert plural.count(2, "card") == "2 cards"
    assert plural.count(0, "deal") == "0 deals"
    assert plural.count(3, "match") == "3 matches"
    assert plural.count(2, "person", "people") == "2 people"
    assert plural.plural("finding", 1) == "finding" and plural.plural("finding", 5) == "findings"


@pytest.mark.parametrize("lang", [0, 1])
def test_no_word_names_two_things(lang: int) -> None:
    """Across the tables, a word names one (concept, key); the kind and the severity "violation" are one thing."""
    named: dict[str, set[tuple[str, str]]] = {}
    for concept, table in TABLES.items():
        for key, words in table.items():
            named.setdefault(words[lang], set()).add((concept, key))
    twice = {w: sorted(ks) for w, ks in named.items() if len(ks) > 1 and set(ks) != SAME}
    assert not twice, twice


def test_the_coach_words_the_issue_names() -> None:
    """提示 is the kind "note" alone; the severity "hint" has its own word; a severity "mistake" is not a grade's."""
    assert texts.KIND_NAMES["note"][0] == "提示"
    assert texts.SEVERITY_NAMES["hint"][0] not in ("提示", "建议")  # 建议: a maxim's status "advice" (coach.effects)
    assert texts.SEVERITY_NAMES["mistake"] != texts.GRADE_NAMES["mistake"]
    assert texts.KIND_NAMES["evaluation"] == ("评估", "evaluation")  # as the Evaluation page is called
    from coach.findings import JUDGEMENT_KINDS

    assert tuple(texts.JUDGEMENT_NAMES) == JUDGEMENT_KINDS  # every kind of a move's one judgement has its words
    assert texts.JUDGEMENT_NAMES["overruled"][0] not in ("推翻", "错误")  # not a referee's 推翻, never a mistake


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_coach_page_filters_name_each_severity_and_kind_once(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app_pages import empty_library, page_ok, run_page

    from data.importer import import_log

    engine = empty_library(tmp_path, monkeypatch)
    result = import_log(engine, read_log(SAMPLES / "shengji" / "shengji-2026-09-05-d1.json"))
    engine.dispose()
    at = run_page("coach", result.deal_id, lang=lang)
    page_ok(at)
    severities = at.multiselect(key="coach_severity")
    kinds = at.multiselect(key="coach_kind")
    sev_labels = list(severities.options)  # as the page formatted them
    kind_labels = list(kinds.options)
    assert len(set(sev_labels)) == len(sev_labels) == 4
    assert len(set(kind_labels)) == len(kind_labels) == 4
    words = {re.sub(r"^\W+\s*", "", s) for s in sev_labels}
    assert words & set(kind_labels) == {texts.SEVERITY_NAMES["violation"][0 if lang == "zh" else 1]}
    if lang == "zh":
        assert "提示" in kind_labels and "提示" not in words
    else:  # the count of findings agrees with its number
        caption = next(c.value for c in at.caption if c.value.startswith("showing"))
        n = int(re.search(r"of (\d+) finding", caption).group(1))
        assert caption.endswith(plural.count(n, "finding"))


def _summary(out: str, noun: str) -> tuple[int, str]:
    m = re.search(rf": (\d+) ({noun}s?)\b", out)
    assert m, out
    return int(m.group(1)), m.group(2)


def test_cli_check_counts_one_event_and_many(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = read_log(SAMPLES / "gouji" / "gouji-2026-09-01-d1.json")
    one = tmp_path / "one.json"
    one.write_text(replace(log, events=log.events[:1], result=None).dumps(), encoding="utf-8")
    for path, n in ((one, 1), (SAMPLES / "gouji" / "gouji-2026-09-01-d1.json", len(log.events))):
        cli.main(["check", str(path)])
        out = capsys.readouterr().out
        assert _summary(out, "event") == (n, "event" if n == 1 else "events"), out
    cli.main(["check", str(one), str(SAMPLES / "gouji" / "gouji-2026-09-01-d2.json")])  # one line each
    out = capsys.readouterr().out
    assert "1 event," in out and " 1 events" not in out


def test_cli_coach_counts_one_finding_and_many(capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES / "baohuang" / "baohuang-2026-09-03-d5.json"
    cli.main(["coach", str(path)])
    n, word = _summary(capsys.readouterr().out, "finding")
    assert n > 1 and word == "findings"
    seen = set()
    for seat in range(5):
        cli.main(["coach", str(path), "--seat", str(seat)])
        n, word = _summary(capsys.readouterr().out, "finding")
        assert word == ("finding" if n == 1 else "findings"), (seat, n, word)
        seen.add(n == 1)
    assert True in seen  # a seat with one finding was counted


def test_cli_outputs_have_no_plural_after_one(capsys: pytest.CaptureFixture[str]) -> None:
    """`fupan replay` and `fupan score` over the samples: no "1 cards", "1 tricks", "1 points" …; no "(s)"."""
    for path in (SAMPLES / "gouji" / "gouji-2026-09-01-d1.json", SAMPLES / "shengji" / "shengji-2026-09-05-d1.json"):
        for args in (["replay", str(path), "--step", "40"], ["score", str(path)], ["coach", str(path)]):
            cli.main(args)
            out = capsys.readouterr().out
            assert not re.search(r"(?<![\d.])1 (cards|events|findings|tricks|points|deals|decisions|rollouts)\b", out)
            assert "(s)" not in out


def test_cli_help_texts_have_no_plural_after_one() -> None:
    """Every command's --help: no "(s)" for a plural, no "1 <plural>"."""
    parser = cli.build_parser()
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = [parser.format_help()] + [p.format_help() for p in subs.choices.values()]
    assert len(helps) > 10
    for text in helps:
        assert "(s)" not in text
        assert not re.search(r"(?<![\d.])1 [a-z]+s\b", text), text
