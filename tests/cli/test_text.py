"""The CLI's deal texts (cli/text.py): each game's text found by name, the climbing text a game that declared none
gets, and the climbing text's hooks (a game's sides, the set's note, the round's status) written where they belong,
the climbing text itself writing no game's marks."""

from __future__ import annotations

import pytest

from cli.games import baohuang as baohuang_text
from cli.games import gouji as gouji_text
from cli.text import ClimbingText, text_for
from replay.climbing.state import State
from replay.games.gouji.step_view import gouji_marks
from replay.replay import Replay
from replay.score import Score
from replay.simulate import simulate_deal
from replay.view import StepView


class Marked(ClimbingText[State]):
    """A climbing text with every hook saying something."""

    def sides_lines(self, score: Score) -> list[str]:
        return ["sides: ours"]

    def sides_said(self, score: Score) -> str:
        return "; said"

    def set_note(self, view: StepView) -> str:
        return "  (note)"

    def status(self, view: StepView) -> list[str]:
        return ["one", "two"]


@pytest.fixture(scope="module")
def rep() -> Replay:
    return Replay(simulate_deal(3, "gouji").log)


def test_each_game_has_its_text_and_any_other_the_climbing_one() -> None:
    assert text_for("gouji") is gouji_text.TEXT and text_for("baohuang") is baohuang_text.TEXT
    toy = text_for("toy")
    assert type(toy) is ClimbingText and toy.name == "toy"


def test_the_hooks_are_written_where_they_belong(rep: Replay) -> None:
    text = Marked("gouji")
    score = rep.score()
    lines = text.score_lines(rep, score)
    assert "sides: ours" in lines and not [line for line in lines if line.startswith("Team ")]
    assert lines.index("sides: ours") == len(score.places) + 1  # after the places, before the explain lines
    line = text.score_line(rep, score)
    assert "; said" in line and line.index("Team") < line.index("; said")
    step = next(k for k in range(1, len(rep.states)) if rep.view(k).table_seat is not None)
    table = text.table_lines(rep, step)
    assert table[0].startswith("table: seat") and table[0].endswith("  (note)")
    assert "status: one; two" in table


def test_the_climbing_text_writes_no_games_marks(rep: Replay) -> None:
    """The climbing text of a 够级 deal: team sums, no 够级 set, no status; 够级's text adds them."""
    bare, gouji = ClimbingText("gouji"), text_for("gouji")
    steps = [k for k in range(1, len(rep.states)) if gouji_marks(rep.view(k)).table_gouji]
    assert steps
    for k in steps:
        assert "(够级)" not in bare.table_lines(rep, k)[0] and gouji.table_lines(rep, k)[0].endswith("  (够级)")
    every = [line for k in range(len(rep.states)) for line in bare.table_lines(rep, k)]
    assert not [line for line in every if line.startswith("status:")]
    assert [line for k in range(len(rep.states)) for line in gouji.table_lines(rep, k) if line.startswith("status:")]
    assert bare.score_lines(rep, rep.score()) == gouji.score_lines(rep, rep.score())  # 够级 adds nothing there


def test_baohuangs_text_names_the_roles_and_no_sums() -> None:
    rep = Replay(simulate_deal(3, "baohuang").log)
    score = rep.score()
    assert score is not None and not score.void
    bare, own = ClimbingText("baohuang").score_lines(rep, score), text_for("baohuang").score_lines(rep, score)
    assert [line for line in bare if "(sum " in line] and not [line for line in own if "(sum " in line]
    assert [line for line in own if line.startswith("皇帝 seat")] and not [
        line for line in bare if line.startswith("皇帝")
    ]
    assert "; 皇帝 seat" in text_for("baohuang").score_line(rep, score)
    assert "皇帝" not in ClimbingText("baohuang").score_line(rep, score)
