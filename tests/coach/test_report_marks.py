"""A game's marks in a deal's HTML report (coach/report_marks.py, ``GameCoach.report``): the report writes what the
game's coach part gives it (roles, a seat's status, the set's and the round's marks, the score's line, whether the
sides' points are sums) where it belongs, escaped, and writes no game's marks of its own."""

from __future__ import annotations

import dataclasses
import re

import pytest

from coach.coach import coach_replay
from coach.games import COACHES, coach_for
from coach.report import html_report
from coach.report_marks import NO_REPORT_MARKS, Figure, Note, ReportMarks, ScoreLine
from replay.replay import Replay
from replay.simulate import simulate_deal

MARKS = ReportMarks(
    roles=lambda view: {0: Note("王<", "king<"), 1: None},
    seat_notes=lambda view, seat: [Note("注<", "note<")] if seat == 3 else [],
    set_notes=lambda view: [Note("套", "set&")],
    table_notes=lambda view: [Note("旗", "flag", 2)],
    score_notes=lambda score: [Note("首", "lead", 0), Note("独", "alone")],
    team_sums=lambda score: False,
    score_lines=lambda score: [
        ScoreLine(None, (Figure("分", "points<", "7&"), Figure("底", "kitty", "2"))),
        ScoreLine(("级", "Levels>"), (Figure("前", "before", "3 / 5"),), " "),
    ],
)


def _with_report(monkeypatch: pytest.MonkeyPatch, marks: ReportMarks) -> None:
    """The registry as if 够级's coach part had declared ``marks`` as its report's."""
    mine = dataclasses.replace(coach_for("gouji"), report=marks)
    found = COACHES.find
    monkeypatch.setattr(COACHES, "find", lambda name: mine if name == "gouji" else found(name))


@pytest.fixture
def rep() -> Replay:
    return Replay(simulate_deal(3, "gouji").log)


def _page(rep: Replay, monkeypatch: pytest.MonkeyPatch, marks: ReportMarks) -> str:
    with monkeypatch.context() as patch:
        _with_report(patch, marks)
        report = coach_replay(rep)
        assert any(f.index is not None for f in report.findings)  # the table as it stood is drawn
        return html_report(report, "en", bilingual=False)


def _stood(page: str) -> str:
    return page[page.index('<table class="stood">') :]


def test_the_games_marks_are_written_where_they_belong_and_escaped(
    rep: Replay, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = _page(rep, monkeypatch, MARKS)
    stood = _stood(page)
    assert "<th>Role</th>" in stood
    name = lambda s: rep.log.player(s)  # noqa: E731
    assert f"<tr><td>0 · {name(0)}</td><td>king&lt;</td>" in page.replace(' class="acting"', "")
    assert re.search(rf"<tr(?: class=\"\w+\")?><td>1 · {name(1)}</td><td>—</td>", page)
    assert re.search(rf"<td>3 · {name(3)}</td><td>—</td><td>[^<]*</td><td>[^<]*note&lt;</td>", page)
    assert f"; flag: 2 · {name(2)}</p>" in page
    assert f" set&amp;; flag: 2 · {name(2)}</p>" in page  # after the set and its owner, when there is a set
    assert f"<p>lead: 0 · {name(0)}; alone</p>" in page
    assert "<p>points&lt;: 7&amp;; kitty: 2</p>" in page and "<p>Levels&gt;: before 3 / 5</p>" in page
    assert "(sum of places" not in page


def test_without_marks_the_report_writes_no_games_words(rep: Replay, monkeypatch: pytest.MonkeyPatch) -> None:
    page = _page(rep, monkeypatch, NO_REPORT_MARKS)
    assert "<th>Role</th>" not in page
    for words in ("passed this round", "gouji set", "four-way scramble", "够死级 chance"):  # 够级's report words
        assert words not in page
    assert "(sum of places" in page
    gouji = html_report(coach_replay(rep), "en", bilingual=False)  # 够级's own marks
    assert "passed this round" in gouji


def test_shengji_writes_its_card_points_and_levels_under_the_score() -> None:
    rep = Replay(simulate_deal(5, "shengji-35").log)
    sj = rep.final
    page = html_report(coach_replay(rep), "en", bilingual=False)
    assert re.search(r"<p>The defenders&#x27; points: \d+; Kitty points: \d+</p>", page)
    assert re.search(r"<p>Levels: before \w+ / \w+; after \w+ / \w+</p>", page), sj
    assert "(sum of places" not in page  # 升级 has no places: a side's points are its card points
    gouji = html_report(coach_replay(Replay(simulate_deal(5, "gouji").log)), "en", bilingual=False)
    assert "Kitty points" not in gouji and "Levels:" not in gouji
