"""The coach's game registry (coach/games/__init__.py): each game's part found by name, a generic default for a game
that registered none, and no game's name compared in the generic coach modules."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator

import pytest
from paths import ROOT

from coach.coach import coach_replay
from coach.evaluate import evaluate_replay, side_points
from coach.findings import Finding
from coach.games import GameCoach, coach_for, priced_games, register, unregister
from coach.maxims import MAXIMS, maxims_for
from coach.moment import Moment
from coach.policy import Policy, same_side
from coach.prices import EvaluationUnsupported
from coach.report import html_report
from replay import games
from replay.core.events import Pass
from replay.games.baohuang.score import score_baohuang
from replay.games.gouji.score import score_gouji
from replay.replay import Replay
from replay.simulate import simulate_deal

TOY = "toy"


@pytest.fixture
def toy() -> Iterator[Replay]:
    """A 保皇 deal whose log names a game with no coach module of its own (registered in replay.games only)."""
    bh = games.get("baohuang")
    games.register(dataclasses.replace(bh, name=TOY, name_zh="玩具", name_en="Toy"))
    rep = Replay(simulate_deal(3, "baohuang").log)
    rep.log = dataclasses.replace(rep.log, game=TOY)
    try:
        yield rep
    finally:
        games.unregister(TOY)
        unregister(TOY)


def test_each_game_finds_its_own_part() -> None:
    for name in games.names():
        assert coach_for(name).name == name
    assert coach_for("gouji").fixed_teams and coach_for("shengji").fixed_teams
    assert not coach_for("baohuang").fixed_teams
    assert priced_games() == ("gouji", "baohuang", "shengji")
    assert [m.key for m in maxims_for("gouji")] == [m.key for m in MAXIMS]
    assert maxims_for("baohuang") == [] and maxims_for("shengji") == []


def test_a_game_without_a_coach_module_gets_the_generic_default() -> None:
    c = coach_for("no_such_game")
    assert c == GameCoach("no_such_game")
    assert c.detectors == () and c.violation is None and not c.priced and not c.fixed_teams
    st = simulate_deal(1, "baohuang").states[0]
    assert c.same_side(st, 1, 1) and not c.same_side(st, 1, 2)  # every seat for itself
    assert c.decline(st, 3) == Pass(3) and not c.bound(st, 3) and not c.bidding(st)
    assert coach_for("not a module name").name == "not a module name"


def test_a_toy_game_is_coached_and_reported_with_the_generic_parts(toy: Replay) -> None:
    report = coach_replay(toy)
    assert all(f.kind == "violation" for f in report.findings)  # no notes, no maxims of its own
    baohuang = coach_replay(Replay(simulate_deal(3, "baohuang").log))
    assert any(f.kind == "note" for f in baohuang.findings)  # 保皇's own notes: not the toy game's
    assert [f for f in baohuang.findings if f.kind == "violation"] == list(report.findings)
    assert report.summary["teams"] == [] and sorted(report.summary["seats"]) == [str(s) for s in range(5)]
    page = html_report(report)
    assert "玩具" in page and "Toy" in page and "身份" in page  # the registry's names; a role column, no teams
    with pytest.raises(EvaluationUnsupported, match="for gouji and baohuang and shengji, not toy"):
        evaluate_replay(toy)


def test_a_registered_coach_is_used_for_its_game(toy: Replay) -> None:
    def every_pass(m: Moment) -> Iterator[Finding]:
        if m.event.action == "pass":
            yield Finding(m.index, m.seat, "note", "hint", "过", "a pass", from_seeds=False)

    register(GameCoach(TOY, detectors=(every_pass,), teams=lambda rep: ((0, 1), (2, 3, 4)), fixed_teams=True))
    report = coach_replay(toy)
    passes = [i for i, ev in enumerate(toy.log.events) if ev.action == "pass" and toy.verdicts[i].legal]
    assert [f.index for f in report.findings if f.kind == "note"] == passes
    assert [t["seats"] for t in report.summary["teams"]] == [[0, 1], [2, 3, 4]]
    assert "联邦" in html_report(report)  # the team column
    with pytest.raises(ValueError, match="registered already"):
        register(GameCoach(TOY))


def test_the_policy_and_the_prices_ask_the_games_coach() -> None:
    gouji = simulate_deal(2, "gouji")
    eng, st, end = Replay(gouji.log).engine, gouji.states[5], gouji.states[-1]
    assert same_side(eng, st, 0, 2) and not same_side(eng, st, 0, 1)
    score = score_gouji(end, eng.profile)
    assert score is not None
    mult = 2 if score.sweep else 1
    assert [side_points(eng, end, s) for s in range(6)] == [score.teams[s % 2].raw * mult for s in range(6)]
    bh = simulate_deal(2, "baohuang")
    eng, end = Replay(bh.log).engine, bh.states[-1]
    places = score_baohuang(end, eng.profile)
    assert places is not None
    assert [side_points(eng, end, p.seat) for p in places.places] == [p.points for p in places.places]
    assert Policy(random.Random(0)).bid(eng, bh.states[0]).action in ("call", "yield", "pass")


GAME_NAME = re.compile(
    r"""(==|!=|\bin)\s*\(?\s*["'](gouji|baohuang|shengji)["']|["'](gouji|baohuang|shengji)["']\s*:"""
)
STATE_TEST = re.compile(r"isinstance\([^)]*State\b")


def test_no_generic_coach_module_names_a_game() -> None:
    """Outside the games' own modules (coach/games/gouji.py, baohuang.py, shengji.py) no line compares a game's name,
    keys a table by it, or tests a state's type."""
    own = {f"{name}.py" for name in games.names()}
    for path in sorted((ROOT / "coach").rglob("*.py")):
        if path.name in own:
            continue
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#")[0]
            assert not GAME_NAME.search(code), f"{path.relative_to(ROOT)}:{k}: {line.strip()}"
            assert not STATE_TEST.search(code), f"{path.relative_to(ROOT)}:{k}: {line.strip()}"
