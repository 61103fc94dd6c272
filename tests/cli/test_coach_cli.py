"""Tests of ``fupan coach`` (cli.py) and its HTML report (coach/report/), run in-process with
``cli.main([...])``: plain and JSON output, --seat, --profile, exit codes 0 (no violation), 1 (a
violation), 2 (unreadable input or a bad option), and a self-contained, escaped, well-formed HTML file."""

from __future__ import annotations

import html
import io
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from paths import CASE_LOGS

import cli
from coach.coach import coach_log
from coach.effects import load_effects
from coach.maxims import BY_KEY
from coach.report import html_report
from replay.formats.log import read_log
from replay.simulate import simulate_deal

CASES = CASE_LOGS
ILLEGAL = CASES / "TURN-ORDER.illegal.txt"
LEGAL = CASES / "TURN-ORDER.legal.txt"
DEAL_ILLEGAL = CASES / "GJ-DEAL.illegal.txt"
FINISH = CASES / "FINISH.legal.txt"

FINDING_KEYS = {"index", "event", "seat", "kind", "rule", "maxim", "severity", "message_zh", "message_en", "evidence"}
OPTIONAL_KEYS = {"seats", "from_seeds", "worth", "status"}  # Finding.to_json adds these beyond the list
SEED = 3  # a simulated 够级 deal with maxim findings of several kinds

HOSTILE_NAME = "<script>alert(1)</script>"
HOSTILE_VENUE = '"&<b>'


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, Any]:
    code, out, err = run(capsys, *args)
    assert err == ""
    return code, json.loads(out)


def assert_input_error(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2
    assert out == ""
    assert err.startswith("fupan: ")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    for w in words:
        assert w in err


def write_sim(tmp_path: Path, seed: int = SEED, game: str = "gouji") -> Path:
    path = tmp_path / f"sim-{game}-{seed}.json"
    path.write_text(simulate_deal(seed, game).log.dumps(), encoding="utf-8")
    return path


def write_hostile(tmp_path: Path) -> Path:
    doc = simulate_deal(SEED).log.to_json()
    doc["seats"][0]["player"] = HOSTILE_NAME
    doc["meta"]["venue"] = HOSTILE_VENUE
    doc["meta"]["notes"] = "</main><!-- & 'x' -->"
    doc["meta"]["match"] = "<i>cup</i>"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class TagChecker(HTMLParser):
    """Every start tag closed by its own end tag, in order (void elements aside)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.seen: dict[str, int] = {}
        self.doctype = ""

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen[tag] = self.seen.get(tag, 0) + 1
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen[tag] = self.seen.get(tag, 0) + 1

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()


def check_well_formed(page: str) -> TagChecker:
    checker = TagChecker()
    checker.feed(page)
    checker.close()
    assert checker.errors == []
    assert checker.stack == []
    assert checker.doctype.lower() == "doctype html"
    for tag in ("html", "head", "body", "main", "header", "style", "title"):
        assert checker.seen.get(tag, 0) >= 1, tag
    for tag in ("html", "head", "body", "main", "title", "style"):
        assert checker.seen[tag] == 1, tag
    return checker


def assert_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    for bad in ("http://", "https://", "<script", "<link", "src=", "@import", "url("):
        assert bad not in page, bad


# ---------------------------------------------------------------------------------------------
# plain output and exit codes


def test_coach_illegal_case_cites_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "coach", ILLEGAL)
    assert code == 1
    assert err == ""
    lines = out.splitlines()
    line = ILLEGAL.read_text(encoding="utf-8").splitlines().index("2 play 6") + 1
    assert lines[0].startswith(f"{ILLEGAL}:{line}:1: event 2, seat 2: violation/violation [TURN-ORDER] ")
    assert "座位2" in lines[0] and "not seat 2's turn" in lines[0]
    assert "summary:" in lines
    assert "  seat 2: 1 finding; violation 1; TURN-ORDER ×1" in lines
    assert lines[-1] == f"{ILLEGAL}: 1 finding, 1 violation"


def test_coach_legal_case_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "coach", LEGAL)
    assert code == 0
    assert err == ""
    assert out.splitlines()[-1] == f"{LEGAL}: 0 findings, no violation"


@pytest.mark.parametrize(
    "name",
    [
        "SET-COUNT.illegal.txt",
        "PASS-LOCK.illegal.txt",
        "GJ-BURN.illegal.txt",
        "BH-PLAY.illegal.txt",
        "BH-KOU.illegal.txt",
    ],
)
def test_coach_illegal_cases(capsys: pytest.CaptureFixture[str], name: str) -> None:
    path = CASES / name
    code, doc = run_json(capsys, "coach", "--json", path)
    assert code == 1
    rule = name.split(".")[0]
    bad = [f for f in doc["findings"] if f["kind"] == "violation"]
    assert bad and bad[0]["rule"] == rule and bad[0]["severity"] == "violation"
    assert bad[0]["index"] is not None


@pytest.mark.parametrize("name", ["SET-COUNT.legal.txt", "GJ-BURN.legal.txt", "BH-PLAY.legal.txt", "FINISH.legal.txt"])
def test_coach_legal_cases(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, doc = run_json(capsys, "coach", "--json", CASES / name)
    assert code == 0
    assert all(f["kind"] != "violation" for f in doc["findings"])


def test_coach_simulated_deal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_sim(tmp_path)
    report = coach_log(read_log(path))
    assert report.findings, "the seed should give findings"
    code, out, err = run(capsys, "coach", path)
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    body = lines[: lines.index("summary:")]
    assert len(body) == len(report.findings)
    for line, f in zip(body, report.findings, strict=True):
        assert line.startswith(f"{report.replay.log.where(f.index)}: event {f.index + 1}, seat {f.seat}: ")
        assert f"{f.kind}/{f.severity}" in line
        assert f.message_zh in line and f.message_en in line
        if f.maxim:
            assert f"[{BY_KEY[f.maxim].saying}]" in line
    names = {s.seat: s.player for s in report.replay.log.seats}
    for s in range(6):
        assert any(x.startswith(f"  seat {s} {names[s]}: ") for x in lines)
    assert any(x.startswith("  Team A (0·2·4): ") for x in lines)
    assert lines[-1] == f"{path}: {len(report.findings)} findings, no violation"


def test_coach_deal_level_findings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "coach", DEAL_ILLEGAL)
    assert code == 1
    assert f"{DEAL_ILLEGAL}: the whole deal, seat 0: violation/violation [GJ-DEAL] " in out
    assert f"{DEAL_ILLEGAL}: the whole deal, seat 1: violation/violation [GJ-DEAL] " in out


def test_coach_reads_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(ILLEGAL.read_text(encoding="utf-8")))
    code, out, err = run(capsys, "coach", "-")
    assert code == 1
    assert err == ""
    assert out.startswith("<stdin>:")
    assert "[TURN-ORDER]" in out


def test_coach_reads_json_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(simulate_deal(SEED).log.dumps()))
    code, doc = run_json(capsys, "coach", "--json", "-")
    assert code == 0
    assert doc["findings"]


# ---------------------------------------------------------------------------------------------
# --json


def test_coach_json_is_the_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_sim(tmp_path)
    code, doc = run_json(capsys, "coach", "--json", path)
    assert code == 0
    assert set(doc) == {"findings", "summary"}
    assert doc == json.loads(json.dumps(coach_log(read_log(path)).to_json(), ensure_ascii=False))
    for f in doc["findings"]:
        assert FINDING_KEYS <= set(f) <= FINDING_KEYS | OPTIONAL_KEYS
        assert set(f["evidence"]) >= {"held", "table", "did", "instead"}
        if f["kind"] in ("maxim", "note") and f["maxim"]:  # every maxim finding shows its worth and status
            assert f["status"] == f["worth"]["status"] in ("advice", "on-trial")
            assert (f["severity"] == "trial") == (f["status"] == "on-trial")
            assert f["worth"]["zh"] and f["worth"]["en"]
            if f["worth"]["row"] is not None:  # studied: the effect of the study's row
                effect = load_effects()[f["worth"]["row"]]
                assert f["worth"]["row"].split("/")[0] == f["maxim"]
                assert f["worth"]["mean"] == round(effect.mean, 3) and f["worth"]["arose"] == effect.arose
        else:
            assert "worth" not in f and "status" not in f
    assert any(f.get("worth", {}).get("measured") for f in doc["findings"])  # seed 3: findings on studied maxims
    assert set(doc["summary"]) == {"seats", "teams", "all"}
    assert set(doc["summary"]["seats"]) == {str(s) for s in range(6)}
    assert doc["summary"]["all"]["total"] == len(doc["findings"])


def test_coach_json_violation(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "coach", "--json", ILLEGAL)
    assert code == 1
    (f,) = doc["findings"]
    assert set(f) >= FINDING_KEYS
    assert (f["index"], f["seat"], f["kind"], f["rule"], f["severity"]) == (
        1,
        2,
        "violation",
        "TURN-ORDER",
        "violation",
    )
    assert f["maxim"] is None
    assert f["evidence"]["did"] == {"action": "play", "cards": ["6"]}
    assert f["evidence"]["table"] == {"seat": 0, "cards": ["5"]}


def test_coach_json_deal_level(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "coach", "--json", DEAL_ILLEGAL)
    assert code == 1
    deal = [f for f in doc["findings"] if f["index"] is None]
    assert {f["rule"] for f in deal} == {"GJ-DEAL"}
    assert {f["seat"] for f in deal} == {0, 1}


# ---------------------------------------------------------------------------------------------
# --seat


def test_coach_seat_filter(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_sim(tmp_path)
    _, whole = run_json(capsys, "coach", "--json", path)
    seats = {f["seat"] for f in whole["findings"]}
    assert len(seats) > 1
    for seat in range(6):
        code, doc = run_json(capsys, "coach", "--json", "--seat", str(seat), path)
        assert code == 0
        assert [f for f in whole["findings"] if f["seat"] == seat] == doc["findings"]
        assert doc["summary"]["all"]["total"] == len(doc["findings"])
    seat = min(seats)
    code, out, _ = run(capsys, "coach", "--seat", str(seat), path)
    assert code == 0
    body = out.splitlines()[: out.splitlines().index("summary:")]
    assert body and all(f", seat {seat}: " in line for line in body)
    assert [x for x in out.splitlines() if x.startswith("  seat ")] == [
        x for x in out.splitlines() if x.startswith(f"  seat {seat} ")
    ]
    assert out.splitlines()[-1].endswith(f"(seat {seat})")


def test_coach_seat_filter_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "coach", "--json", "--seat", "2", ILLEGAL)
    assert code == 1
    assert [f["rule"] for f in doc["findings"]] == ["TURN-ORDER"]
    code, doc = run_json(capsys, "coach", "--json", "--seat", "0", ILLEGAL)
    assert code == 0  # seat 0 broke no rule
    assert doc["findings"] == []


def test_coach_seat_filter_deal_level(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "coach", "--json", "--seat", "1", DEAL_ILLEGAL)
    assert code == 1
    assert {(f["index"], f["seat"]) for f in doc["findings"]} == {(None, 1)}
    code, doc = run_json(capsys, "coach", "--json", "--seat", "3", DEAL_ILLEGAL)
    assert code == 0
    assert doc["findings"] == []


@pytest.mark.parametrize("seat", ["6", "-1", "99"])
def test_coach_bad_seat(capsys: pytest.CaptureFixture[str], seat: str) -> None:
    code, out, err = run(capsys, "coach", "--seat", seat, LEGAL)
    assert_input_error(code, out, err, f"--seat {seat}", "0..5")


def test_coach_bad_seat_baohuang(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_sim(tmp_path, game="baohuang")
    code, out, err = run(capsys, "coach", "--seat", "5", path)
    assert_input_error(code, out, err, "--seat 5", "0..4")


# ---------------------------------------------------------------------------------------------
# unreadable input, --profile


def test_coach_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "absent.json"
    code, out, err = run(capsys, "coach", path)
    assert_input_error(code, out, err, str(path), "cannot read file")


def test_coach_malformed_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "fupan/1",\n "game": "gouji", "events": [}\n', encoding="utf-8")
    code, out, err = run(capsys, "coach", "--json", path)
    assert_input_error(code, out, err, f"{path}:2:")


def test_coach_profile(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    score_case = CASES / "GJ-SCORE.legal.txt"
    code, doc = run_json(capsys, "coach", "--json", score_case)
    assert code == 0
    # gouji-online scores net: the log's claimed result (positive points only) no longer holds
    code, doc = run_json(capsys, "coach", "--json", "--profile", "gouji-online", score_case)
    assert code == 1
    assert [(f["index"], f["rule"]) for f in doc["findings"] if f["kind"] == "violation"] == [(None, "GJ-SCORE")]
    code, out, err = run(capsys, "coach", "--profile", "baohuang", FINISH)
    assert_input_error(code, out, err, "baohuang", "gouji")
    code, out, err = run(capsys, "coach", "--profile", "no-such-profile", FINISH)
    assert_input_error(code, out, err, "no-such-profile")


def test_coach_html_unwritable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "no-such-dir" / "report.html"
    code, out, err = run(capsys, "coach", "--html", out_path, LEGAL)
    assert_input_error(code, out, err, str(out_path), "cannot write")


# ---------------------------------------------------------------------------------------------
# --html


def test_coach_html_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_sim(tmp_path)
    out_path = tmp_path / "report.html"
    code, out, err = run(capsys, "coach", "--html", out_path, path)
    assert code == 0
    assert err == ""
    assert out.splitlines()[-1] == f"html report: {out_path}"
    page = out_path.read_text(encoding="utf-8")
    assert_self_contained(page)
    check_well_formed(page)
    report = coach_log(read_log(path))
    for f in report.findings:
        assert html.escape(f.message_zh) in page
        assert html.escape(f.message_en) in page
        if f.maxim:
            mx = BY_KEY[f.maxim]
            assert html.escape(mx.saying) in page
            assert html.escape(mx.reading_zh) in page and html.escape(mx.reading_en) in page
    # the findings in event order, each with the table as it stood
    assert page.count('<article class="finding') == len(report.findings)
    assert page.count("<details open><summary>") == len(report.findings)
    positions = [
        page.index(f'第 {f.index + 1} 手</span> / <span lang="en" class="en">event {f.index + 1}</span>')
        for f in report.findings
    ]
    assert positions == sorted(positions)
    # the meta, the players, the deal and the score
    log = report.replay.log
    for value in log.meta.values():
        assert html.escape(str(value)) in page
    for s in log.seats:
        assert html.escape(s.player) in page
    assert "串三户" in page or "GJ-SCORE" in page
    assert page.index('id="deal"') < page.index('id="score"') < page.index('id="findings"')


def test_coach_html_with_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_path = tmp_path / "r.html"
    code, doc = run_json(capsys, "coach", "--json", "--html", out_path, ILLEGAL)
    assert code == 1
    assert doc["findings"][0]["rule"] == "TURN-ORDER"
    page = out_path.read_text(encoding="utf-8")
    assert_self_contained(page)
    check_well_formed(page)
    assert "<code>TURN-ORDER</code>" in page
    assert html.escape(doc["findings"][0]["message_en"]) in page
    assert 'class="badge s-violation"' in page


def test_coach_html_escapes_the_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_hostile(tmp_path)
    out_path = tmp_path / "hostile.html"
    code, _, err = run(capsys, "coach", "--html", out_path, path)
    assert code == 0, err
    page = out_path.read_text(encoding="utf-8")
    assert HOSTILE_NAME not in page
    assert HOSTILE_VENUE not in page
    assert html.escape(HOSTILE_NAME) in page
    assert html.escape(HOSTILE_VENUE) in page
    assert "<i>cup</i>" not in page and html.escape("<i>cup</i>") in page
    assert "<!--" not in page
    assert_self_contained(page)
    check_well_formed(page)


def test_coach_html_deal_level_at_the_end(tmp_path: Path) -> None:
    report = coach_log(read_log(DEAL_ILLEGAL))
    page = html_report(report)
    check_well_formed(page)
    assert_self_contained(page)
    whole = page.index('id="whole"')
    events = [f for f in report.findings if f.index is not None]
    assert events
    assert all(page.index(html.escape(f.message_zh)) < whole for f in events)
    for f in report.findings:
        if f.index is None:
            assert page.index(html.escape(f.message_zh)) > whole
    assert "GJ-DEAL" in page


def test_coach_html_baohuang_roles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_sim(tmp_path, SEED, "baohuang")
    out_path = tmp_path / "bh.html"
    code, _, err = run(capsys, "coach", "--html", out_path, path)
    assert code == 0, err
    page = out_path.read_text(encoding="utf-8")
    assert_self_contained(page)
    check_well_formed(page)
    report = coach_log(read_log(path))
    score = report.replay.score()
    assert score is not None and score.to_json().get("roles") is not None
    assert "保皇" in page and "皇帝" in page
    emperor = report.replay.log.player(score.to_json().get("roles")["emperor"])
    assert f"{score.to_json()['roles']['emperor']} · {html.escape(emperor)}" in page
    for f in report.findings:
        assert html.escape(f.message_zh) in page


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_html_report_languages(lang: str) -> None:
    report = coach_log(simulate_deal(SEED).log)
    page = html_report(report, lang)
    check_well_formed(page)
    zh, en = '<span lang="zh">复盘点评</span>', '<span lang="en" class="en">Coach report</span>'
    assert (page.index(zh) < page.index(en)) == (lang == "zh")


def test_html_report_rejects_unknown_language() -> None:
    report = coach_log(read_log(LEGAL))
    with pytest.raises(ValueError):
        html_report(report, "fr")


def test_html_report_unknown_hands_and_unfinished_deal() -> None:
    report = coach_log(read_log(ILLEGAL))
    page = html_report(report)
    check_well_formed(page)
    assert "未记录" in page  # no hands in the log
    assert "牌局未打完" in page


def test_html_report_of_every_rule_case() -> None:
    for path in sorted(CASES.glob("*.txt")):
        report = coach_log(read_log(path))
        page = html_report(report)
        assert_self_contained(page)
        check_well_formed(page)
        for f in report.findings:
            assert html.escape(f.message_en) in page, path.name


def test_html_report_options_of_the_one_builder() -> None:
    """The dashboard's variant is options of the one builder: one language alone, the library's number, the rule
    check and the referee's decisions; the CLI's page has none of these sections."""
    report = coach_log(read_log(ILLEGAL))
    sections = re.compile(r'<section id="(\w+)">')
    cli_page = html_report(report)
    assert "check" not in sections.findall(cli_page) and "decisions" not in sections.findall(cli_page)
    page = html_report(report, "zh", bilingual=False, deal_id=7, check=True, rulings=[])
    check_well_formed(page)
    assert_self_contained(page)
    assert sections.findall(page)[:4] == ["deal", "check", "decisions", "score"]
    assert "<h1>牌局报告 · #7</h1>" in page and "这一局没有存入裁判裁定。" in page
    assert 'lang="en"' not in page and "Findings" not in page and "教练发现" in page
    english = html_report(report, "en", bilingual=False, check=True)
    assert "Rule check" in english and "规则检查" not in english and "decisions" not in sections.findall(english)
