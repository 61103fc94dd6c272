"""One numbering and one team name everywhere (issue 36, item 4): an event carries one number (the first event is 1,
``replay.core.numbering``; step k is the table after event k) on the Replay page, the Coach page, the dispute desk,
the ruling sheet, the HTML report, the CLI's text and JSON and the findings CSV; a 够级 team has one name, its seats
beside it (``replay.core.said.side_name``), on the Replay, Scoring and Coach pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from app_pages import drawn_html, library_of, open_tab, page_ok, run_page
from paths import ROOT

import cli
from coach.coach import coach_replay
from referee.ruling import ruling_of
from referee.sheet import ruling_sheet
from replay.core.numbering import event_in, event_index, event_number, event_words, step_after
from replay.core.said import side_name, team_words
from replay.formats.decisions import Decision
from replay.formats.log import read_log
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.parts.deal_report import findings_frame, report_html

DISPUTE = ROOT / "data" / "samples" / "disputes" / "01-burn-after-pass.txt"
INDEX = 3  # the burn after a pass: the log's fourth event, illegal (GJ-BURN), with the coach's finding on it
NUMBER = 4


def test_the_rule_is_one_function() -> None:
    assert event_number(0) == 1 and event_index(1) == 0 and event_index(event_number(26)) == 26
    assert step_after(26) == 27 == event_number(26)  # step k is the table after event k
    assert event_words(26) == ("第 27 手", "event 27")
    assert event_in(26, "zh") == "第 27 手" and event_in(26, "en") == "event 27"


def test_the_teams_have_one_name_with_their_seats() -> None:
    assert side_name(0, 6) == ("甲方 (0·2·4)", "Team A (0·2·4)")
    assert side_name(1, 6) == ("乙方 (1·3·5)", "Team B (1·3·5)")
    assert side_name(1, 4) == ("乙方 (1·3)", "Team B (1·3)")
    assert team_words((1, 3, 5), 6) == side_name(1, 6)
    assert team_words((0, 3), 5) == ("一方 (0·3)", "side (0·3)")  # 保皇's sides are no fixed team


@pytest.fixture
def dispute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    return library_of(tmp_path, monkeypatch, read_log(DISPUTE))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_one_event_has_one_number_on_every_page(dispute: int, lang: str) -> None:
    words = event_words(INDEX)[0 if lang == "zh" else 1]
    assert words == ("第 4 手" if lang == "zh" else "event 4")
    # the Replay page at step 4, the table after event 4: its verdict and the event list's current row
    at = run_page("replay", dispute, step_after(INDEX), lang)
    page_ok(at)
    assert any(words in e.value and "GJ-BURN" in e.value for e in at.error)
    (events,) = [h for h in drawn_html(at) if 'class="fp-events"' in h]
    assert re.findall(r'<tr class="fp-now" data-event="(\d+)"', events) == [str(NUMBER)]
    # the Timeline at the same step says which event it follows
    at = run_page("timeline", dispute, step_after(INDEX), lang)
    page_ok(at)
    after = f"{words}之后" if lang == "zh" else f"after {words}"
    assert any(after in m.value for m in at.markdown)
    # the Coach page: the finding on that event
    at = run_page("coach", dispute, 0, lang)
    page_ok(at)
    assert any(f"**{words}** · " in m.value and "李秀英" in m.value for m in at.markdown)
    # the dispute desk at step 3, the table the event is played on: the recorded event it rules on
    at = run_page("dispute", dispute, INDEX, lang)
    page_ok(at)
    (what,) = [r for r in at.radio if r.key == "dispute_what"]
    assert words in str(what.options[0])
    assert any(words in c.value for c in at.caption)  # the ruling's event, under it


def test_one_event_has_one_number_in_every_file_and_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    rep = Replay(read_log(DISPUTE))
    report = coach_replay(rep)
    # the ruling sheet
    sheet = ruling_sheet(ruling_of(rep, INDEX), rep.log, "zh")
    assert "第 4 手（打在第 3 步的桌面上）" in sheet
    assert "event 4 (played on the table of step 3)" in ruling_sheet(ruling_of(rep, INDEX), rep.log, "en")
    # the HTML report: the rule check's row and the finding
    for lang in ("zh", "en"):
        page = report_html(1, rep, report, [], lang)
        assert f"<td>{NUMBER}</td>" in page and event_in(INDEX, lang) in page
        assert "<td>3</td>" not in page.split('id="check"')[1].split("</section>")[0]  # never the index
    # the HTML report's referee's decisions: the event by its number (a decision holds its index, Decision.event)
    ruled = Decision(event=INDEX, decision="upheld", text="过牌不烧", referee="老王", at="2026-12-01T20:00:00Z")
    for lang in ("zh", "en"):
        section = report_html(1, rep, report, [ruled], lang).split('id="decisions"')[1].split("</section>")[0]
        assert f"<td>{NUMBER}</td>" in section and f"<td>{INDEX}</td>" not in section
    # the findings CSV
    frame = findings_frame(rep, report.findings, "zh")
    burn = frame[frame["规则"] == "GJ-BURN"]
    assert set(burn["第几手"]) == {NUMBER}
    # the CLI: check's text and JSON, the ruling by the same number, coach's JSON
    assert cli.main(["check", str(DISPUTE)]) == 1
    assert f": event {NUMBER}, seat 1: [GJ-BURN]" in capsys.readouterr().out
    cli.main(["check", "--json", str(DISPUTE)])
    verdicts = json.loads(capsys.readouterr().out)["verdicts"]
    (bad,) = [v for v in verdicts if not v["legal"]]
    assert (bad["index"], bad["event"]) == (INDEX, NUMBER)
    assert cli.main(["ruling", str(DISPUTE), "--event", str(NUMBER), "--lang", "en"]) == 1
    assert capsys.readouterr().out.startswith(f"event {NUMBER}: seat 1 burn")
    cli.main(["ruling", str(DISPUTE), "--event", str(NUMBER), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert (doc["index"], doc["event"], doc["step"], doc["rule"]) == (INDEX, NUMBER, INDEX, "GJ-BURN")
    cli.main(["coach", "--json", str(DISPUTE)])
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert {f["event"] for f in findings if f["rule"] == "GJ-BURN"} == {NUMBER}
    cli.main(["replay", "--step", str(NUMBER), str(DISPUTE)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"step {NUMBER} of {NUMBER} (after event {NUMBER})"
    assert lines[1].startswith(f"last event: event {NUMBER}, seat 1 burn")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_team_has_one_name_on_the_replay_scoring_and_coach_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    deal_id = library_of(tmp_path, monkeypatch, simulate_deal(3, "gouji").log)
    k = 0 if lang == "zh" else 1
    names = {side_name(0, 6)[k], side_name(1, 6)[k]}
    at = run_page("replay", deal_id, 10, lang)
    page_ok(at)
    (table,) = [h for h in drawn_html(at) if 'class="fp-table' in h]
    assert all(name in table for name in names)
    at = run_page("scoring", deal_id, 0, lang)
    page_ok(at)
    teams = next(d.value for d in at.dataframe if ("队" if lang == "zh" else "Team") in d.value.columns)
    assert set(teams["队" if lang == "zh" else "Team"]) == names
    at = open_tab(run_page("coach", deal_id, 0, lang), "seats", key="coach_tab")
    side = "方/身份" if lang == "zh" else "team/role"
    seats = next(d.value for d in at.dataframe if side in d.value.columns)
    assert names <= set(seats[side])  # each seat's team
    who = "座位" if lang == "zh" else "seat"
    assert names <= set(seats[who])  # each team's row
