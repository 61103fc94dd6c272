"""``fupan coach`` says each move's one judgement (coach/judgement.py, docs/coach.md "One judgement per move"): with
``--evaluate`` every finding at a priced move carries the judgement (``judgement`` in ``--json``, "判断 / judgement" in
the plain text and in the HTML report; a finding the price alone makes, kind ``evaluation``, says it as its
message), its severity and grade those of the price; without it a finding at an event
says "未估价 / not priced" in the text and the HTML report, and ``--json`` is what it was (the goldens)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cli
from data.make_samples import SAMPLES_DIR

SAMPLE = SAMPLES_DIR / "gouji" / "gouji-2026-09-08-d2.json"
FAST = ("--evaluate", "--rollouts", "2", "--candidates", "2", "--jobs", "1", "--seat", "3")


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = cli.main([str(a) for a in args])
    out, _ = capsys.readouterr()
    return code, out


def test_the_json_gives_every_priced_move_one_judgement(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "coach", SAMPLE, *FAST, "--json")
    assert code == 0
    doc = json.loads(out)
    decisions = {d["index"]: d for d in doc["evaluation"]["decisions"]}
    at: dict[int, list[dict]] = {}
    for f in doc["findings"]:
        assert "judgement" in f, f
        if f["index"] is not None:
            at.setdefault(f["index"], []).append(f)
    assert at, "seat 3's moves have findings"
    for i, fs in at.items():
        (j,) = {json.dumps(f["judgement"], sort_keys=True) for f in fs}  # one judgement per move
        judged = json.loads(j)
        d = decisions.get(i)
        if d is None:
            assert judged["kind"] in ("unpriced", "violation") and judged["grade"] is None
            continue
        assert judged["grade"] == d["grade"] and all(f["price"]["grade"] == d["grade"] for f in fs)
        if judged["severity"] is not None:
            assert {f["severity"] for f in fs} == {judged["severity"]}
        if d["grade"] not in ("mistake", "blunder"):
            assert all(f["severity"] != "mistake" for f in fs), fs


def test_the_text_and_the_html_say_the_judgement(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    code, out = run(capsys, "coach", SAMPLE, *FAST, "--html", page)
    assert code == 0
    lines = [line for line in out.split("summary:")[0].splitlines() if ": event " in line]
    said = [line for line in lines if "evaluation/" not in line]  # an evaluation's message is its judgement
    assert said and all(" — 判断 / judgement (" in line for line in said), said
    findings = [line for line in said if "violation/" not in line]
    assert not [line for line in findings if "not priced" in line]  # seat 3's every decision was priced
    html = page.read_text(encoding="utf-8")
    assert html.count('class="judgement j-') >= len(findings) and 'class="judgement j-uncertain"' in html


def test_without_an_evaluation_a_finding_says_it_is_not_priced(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "r.html"
    code, out = run(capsys, "coach", SAMPLE, "--html", page)
    assert code == 0
    body = out.split("summary:")[0].splitlines()
    at_events = [line for line in body if ": event " in line and "violation/" not in line]
    assert at_events and all(line.endswith(" — 未估价 / not priced") for line in at_events)
    assert "判断 / judgement" not in out
    code, out = run(capsys, "coach", SAMPLE, "--json")
    assert all("judgement" not in f for f in json.loads(out)["findings"])  # the goldens' JSON, unchanged
    assert 'class="judgement j-unpriced"' in page.read_text(encoding="utf-8")
