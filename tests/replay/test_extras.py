"""A game's own parts of the shared records (issue 34, item 3): a score's extras (``Score.extras``), a step view's
(``StepView.extras``) and what the library stores of a deal (``replay.scoring.stored_extras``) are each game's
typed record; a reader asks for its game's type and gets None (or no marks) for another game's; the JSON keeps the
keys and order of ``fupan score --json`` and ``fupan replay --json``."""

from __future__ import annotations

from replay.games.baohuang.score import BaohuangScoreExtras, baohuang_extras
from replay.games.baohuang.step_view import BaohuangStepExtras, step_roles
from replay.games.gouji.step_view import NO_GOUJI_MARKS, GoujiStepExtras, gouji_marks
from replay.games.shengji.score import ShengjiScoreExtras, shengji_extras
from replay.games.shengji.step_view import ShengjiStepExtras, step_tricks
from replay.replay import Replay
from replay.score import Score
from replay.scoring import stored_extras
from replay.simulate import simulate_deal
from replay.view import NO_EXTRAS, NO_MARKS, StepView


def _finished(profile: str) -> Replay:
    for seed in range(1, 60):
        rep = Replay(simulate_deal(seed, profile).log)
        score = rep.score()
        if score is not None and not score.void:
            return rep
    raise AssertionError(f"no finished {profile} deal among 60 seeds")


def test_a_score_holds_its_games_record_and_writes_it_into_its_keys() -> None:
    sj = _finished("shengji-35").score()
    bh = _finished("baohuang").score()
    gj = _finished("gouji").score()
    assert sj is not None and bh is not None and gj is not None
    levels = shengji_extras(sj)
    assert isinstance(levels, ShengjiScoreExtras) and baohuang_extras(sj) is None
    assert list(sj.to_json())[-2:] == ["points", "levels"]
    assert sj.to_json()["points"] == {"defenders": levels.defenders, "kitty": levels.kitty}
    assert sj.to_json()["levels"]["after"] == list(levels.after)
    roles = baohuang_extras(bh)
    assert isinstance(roles, BaohuangScoreExtras) and shengji_extras(bh) is None
    assert list(bh.to_json())[-1] == "roles" and bh.to_json()["roles"]["emperor"] == roles.emperor
    assert gj.extras is None and not {"roles", "points", "levels"} & set(gj.to_json())
    plain = Score((), (), ())
    assert plain.extras_of(ShengjiScoreExtras) is None and baohuang_extras(None) is None


def test_a_step_view_holds_its_games_record() -> None:
    gj, bh, sj = (_finished(p) for p in ("gouji", "baohuang", "shengji-35"))
    assert all(isinstance(gj.view(k).extras, GoujiStepExtras) for k in range(0, len(gj.states), 7))
    assert step_roles(gj.view(1)) is None and step_tricks(gj.view(1)) is None
    view = bh.view(len(bh.states) - 1)
    assert isinstance(view.extras, BaohuangStepExtras) and gouji_marks(view) is NO_GOUJI_MARKS
    roles = step_roles(view)
    assert roles is not None and view.to_json()["roles"]["truth"] == {str(s): r for s, r in roles.truth.items()}
    last = sj.view(len(sj.states) - 1)
    tricks = step_tricks(last)
    assert isinstance(last.extras, ShengjiStepExtras) and tricks is not None
    assert last.to_json()["shengji"]["tricks_done"] == tricks.tricks_done and list(last.to_json())[-1] == "shengji"


def test_a_view_without_extras_writes_the_stable_layout() -> None:
    bare = StepView(step=0, to_act={}, why={}, table_seat=None, table_cards=(), hands={})
    assert bare.extras is NO_EXTRAS
    doc = bare.to_json()
    assert doc["table"] == {"seat": None, "cards": [], "gouji": False}
    assert list(doc)[-len(NO_MARKS) :] == list(NO_MARKS) and {k: doc[k] for k in NO_MARKS} == dict(NO_MARKS)
    marked = bare._replace(extras=GoujiStepExtras(table_gouji=True, burners=(2,), revolution=4))
    again = marked.to_json()
    assert again["table"]["gouji"] is True and again["burners"] == [2] and again["revolution"] == 4
    assert list(again) == list(doc)  # the same keys in the same order


def test_the_library_stores_what_the_game_says() -> None:
    gj, sj = _finished("gouji"), _finished("shengji-35")
    assert stored_extras(gj.log, gj.final, gj.score()) is None
    stored = stored_extras(sj.log, sj.final, sj.score())
    levels = shengji_extras(sj.score())
    assert stored is not None and levels is not None
    assert stored == {"before": list(levels.before), "after": list(levels.after), "up": levels.up,
                      "steps": levels.steps, "passed": levels.passed, "declarers": sj.final.declarers}  # fmt: skip
    unfinished = Replay(sj.log._replace(events=sj.log.events[:3]))
    early = stored_extras(unfinished.log, unfinished.final, unfinished.score())
    assert early is not None and early["after"] is None and early["steps"] == 0


def test_a_step_names_its_groups_of_seats_by_the_games_marks() -> None:
    """The referee's sheet, ``fupan rule`` and the dispute desk list the groups a step marks: 够级's passed and bound
    seats, in that order; a game without such marks has none."""
    marks = GoujiStepExtras(passed=(1, 4), burners=(2,), failed_burners=(5,))
    assert marks.seat_groups() == (("passed", (1, 4)), ("burners", (2,)))
    assert NO_EXTRAS.seat_groups() == ()
    rep = Replay(simulate_deal(11, "gouji").log)
    seen = [dict(rep.view(k).extras.seat_groups()) for k in range(len(rep.states))]
    assert any(g["passed"] for g in seen) and all(set(g) == {"passed", "burners"} for g in seen)
    assert all(g["passed"] == gouji_marks(rep.view(k)).passed for k, g in enumerate(seen))
