"""A seat's place at every step (replay/scoring.py ``places_at``, ``known_places``; ``StepView.places``;
``fupan replay --step N``): a place is shown once it is decided, and it is the place the score gives.

The deals: a simulated 革命 deal (the revolutionary's teammate went out 4th and is ranked 5th), simulated
deals with failed burns under ``burn_fail = "dalao"`` (profile ``gouji-online``, the reckless bot of
test_properties), hand-made states where a burn may still fail, and a sweep over every profile.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from exercise_bots import HEAVY_BURN, WILD, simulate
from paths import ROOT

import cli
from replay.climbing.state import PLAY, State
from replay.games.gouji.state import GoujiState
from replay.replay import Replay
from replay.rules.profile_loader import load_profile, shipped_profiles
from replay.score import place_words
from replay.scoring import known_places, places_at
from replay.simulate import simulate_deal

SAMPLES = ROOT / "data" / "samples"
REVOLUTION_SEED = 13  # gouji: seat 1 declares 革命; out 4, 2, 5, 3; places 4, 2, 5, 1, 3, 0
FAILED_SEEDS = (0, 1, 2, 3, 4, 5, 6)  # gouji-online with HEAVY_BURN: each has failed burns that move places


def _places_agree_with_the_score(rep: Replay) -> int:
    """Assert that every place known at a step is the score's; the number of steps where the order the
    seats went out would have named another place."""
    score = rep.score()
    assert score is not None and not score.void
    differ = 0
    for k, st in enumerate(rep.states):
        known = places_at(st, rep.profile)
        for seat, place in known.items():
            assert place == score.place_of(seat), (k, seat, place, score.place_of(seat))
        differ += any(score.place_of(s) != i + 1 for i, s in enumerate(st.out))
    for v in rep.verdicts:  # the effects name a seat's place only once decided, and as the score does
        for fx in v.effects:
            named = re.fullmatch(r"seat (\d) goes out: .* \((\S+)\)", fx)
            if named:
                assert place_words(score.place_of(int(named[1])), 6)[0] == named[2], fx
    final = rep.view(len(rep.states) - 1)
    assert {s: p.place for s, p in final.places.items()} == {p.seat: p.place for p in score.places}
    assert {s: p.points for s, p in final.places.items()} == {p.seat: p.points for p in score.places}
    return differ


def test_a_revolution_deal_names_each_place_as_the_score_does() -> None:
    rep = Replay(simulate_deal(REVOLUTION_SEED, "gouji").log)
    v = rep.final.revolution
    assert v == 1 and rep.final.out == (4, 2, 5, 3)
    assert _places_agree_with_the_score(rep) > 0
    score = rep.score()
    assert score is not None and score.place_of(3) == 5 and score.place_of(v) == 4
    # the step seat 3 goes out (4th out): its place is not yet decided, never 四科
    k = next(k for k, st in enumerate(rep.states) if 3 in st.out)
    assert places_at(rep.states[k], rep.profile).get(3) in (None, 5)
    assert rep.view(len(rep.states) - 1).places[3].zh == "二落"
    # the event's effects (shown under the Replay page's verdict) name the same place
    (out,) = [e for v in rep.verdicts for e in v.effects if e.startswith("seat 3 goes out")]
    assert out == "seat 3 goes out: 5th (二落)"


@pytest.mark.parametrize("seed", FAILED_SEEDS)
def test_failed_burns_under_dalao_name_each_place_as_the_score_does(seed: int) -> None:
    rep = Replay(simulate(seed, "gouji-online", HEAVY_BURN).log)
    assert rep.profile.burn_fail == "dalao" and rep.final.failed
    assert _places_agree_with_the_score(rep) > 0


def _state(out: tuple[int, ...], revolution: int = -1, failed: tuple[int, ...] = (), chaos: bool = False) -> State:
    live = sum(1 << s for s in range(6) if s not in out and s != revolution)
    return GoujiState(n=6, live=live, out=out, revolution=revolution, failed=failed, chaos=chaos, phase=PLAY)


def test_a_burn_that_may_still_fail_keeps_a_place_open() -> None:
    online, classic = load_profile("gouji-online"), load_profile("gouji")
    # 革命 seat 1; seats 0 and 4 out (not both its teammates): 1 is 四科 whatever fails later (a seat
    # that fails drops below it, to 大落)
    st = _state((0, 4), revolution=1)
    assert places_at(st, online) == {0: 1, 4: 2, 1: 4}
    assert places_at(st, classic) == {0: 1, 4: 2, 1: 4}  # burn_fail = flag: failures move nobody
    assert places_at(st._replace(chaos=True), online) == {0: 1, 4: 2, 1: 4}  # no burn in 四人乱缠
    # seat 3 (a teammate of 革命 seat 1) out first: 头科 (a seat out fails no burn); 1's place waits on 二科
    other = _state((3,), revolution=1)
    assert places_at(other, online) == {3: 1} == places_at(other, classic)
    # two failed already: no later failure counts, and they hold the last two places
    st = _state((0,), failed=(2, 3), chaos=False)
    assert places_at(st, online) == {0: 1, 2: 6, 3: 5}  # the first to fail is 大落
    # a failed seat that went out first is still 大落
    assert places_at(_state((2,), failed=(2,)), online)[2] == 6


def test_no_places_before_the_first_lead_or_in_shengji() -> None:
    prof = load_profile("gouji")
    assert places_at(GoujiState(n=6, live=0b111111), prof) == {}
    sj = Replay(simulate_deal(3, "shengji-35").log)
    assert all(not rep_view.places for rep_view in (sj.view(k) for k in range(0, len(sj.states), 25)))
    assert known_places(sj.final, sj.profile) == {}


@pytest.mark.parametrize("profile", shipped_profiles())
def test_places_at_every_step_are_among_the_final_places(profile: str) -> None:
    for seed in range(25):
        rates = WILD if profile.startswith("gouji") and seed % 2 else None
        rep = Replay((simulate(seed, profile, rates) if rates else simulate_deal(seed, profile)).log)
        score = rep.score()
        final = {} if score is None or score.void else {p.seat: p.place for p in score.places}
        for st in rep.states:
            assert places_at(st, rep.profile).items() <= final.items()


def test_replay_json_and_text_give_the_places(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = simulate_deal(REVOLUTION_SEED, "gouji").log
    rep = Replay(log)
    last = len(rep.states) - 1
    path = tmp_path / "revolution.json"
    path.write_text(log.dumps(), encoding="utf-8")
    assert cli.main(["replay", str(path), "--step", str(last), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["places"]["3"] == {"place": 5, "zh": "二落", "en": "5th", "points": -2}
    assert doc["places"]["1"] == {"place": 4, "zh": "四科", "en": "4th", "points": 0}
    assert len(doc["places"]) == 6
    k = next(k for k, st in enumerate(rep.states) if len(st.out) == 1)
    assert cli.main(["replay", str(path), "--step", str(k), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    # seat 4, not a teammate of the revolutionary, went out first: seat 1 can no longer be 3rd
    assert doc["places"] == {
        "4": {"place": 1, "zh": "头科", "en": "1st", "points": None},
        "1": {"place": 4, "zh": "四科", "en": "4th", "points": None},
    }
    assert cli.main(["replay", str(path), "--step", str(last)]) == 0
    text = capsys.readouterr().out
    seat3 = next(line for line in text.splitlines() if line.startswith("  seat 3 "))
    assert "5th (二落) -2 points" in seat3 and "#" not in seat3


@pytest.fixture
def revolution_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, Replay]]:
    """A library holding the simulated 革命 deal: (deal_id, Replay)."""
    import streamlit as st
    from app_pages import empty_library

    from data.importer import import_log

    eng = empty_library(tmp_path, monkeypatch)
    log = simulate_deal(REVOLUTION_SEED, "gouji").log
    res = import_log(eng, log, "revolution.json")
    eng.dispose()
    assert res.deal_id is not None
    yield res.deal_id, Replay(log)
    st.cache_data.clear()
    st.cache_resource.clear()


@pytest.mark.parametrize(("lang", "name"), [("zh", "二落"), ("en", "5th")])
def test_the_replay_page_names_the_revolutionarys_teammate_by_the_score(
    revolution_library: tuple[int, Replay], lang: str, name: str
) -> None:
    from app_pages import run_page, seat_box, table_of

    deal_id, rep = revolution_library
    last = len(rep.states) - 1
    at = run_page("replay", deal_id, last, lang)
    assert not at.exception
    box = seat_box(table_of(at), 3)  # seat 3 went out 4th; the score ranks it 5th
    assert f'fp-place">{name}<' in box and "四科" not in box and "4th" not in box
    at = run_page("scoring", deal_id, 0, lang)
    assert not at.exception
    places = at.dataframe[0].value
    assert places.loc[places.iloc[:, 2] == 3].iloc[0, 0] == 5  # the Scoring page's place of seat 3


@pytest.mark.parametrize(("lang", "line"), [("zh", "已经走完"), ("en", "Out so far")])
def test_the_scoring_page_lists_the_seats_out_of_an_unfinished_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, line: str
) -> None:
    """The shipped dispute 03 (够死级) stops with seat 0 out and the deal unfinished: the Scoring page says so and
    names the seat out, with no exception (issue 33, item 11: a local ``who`` hid the function of that name)."""
    import streamlit as st
    from app_pages import empty_library, page_ok, run_page

    from data.importer import import_log
    from replay.formats.log import read_log

    eng = empty_library(tmp_path, monkeypatch)
    res = import_log(eng, read_log(SAMPLES / "disputes" / "03-gou-si-ji.txt"), "03-gou-si-ji.txt")
    eng.dispose()
    assert res.deal_id is not None
    try:
        at = run_page("scoring", res.deal_id, 0, lang)
        page_ok(at)
        out = [m.value for m in at.markdown if line in m.value]
        assert len(out) == 1 and "王建国" in out[0] and place_words(1, 6)[lang == "en"] in out[0], out
    finally:
        st.cache_data.clear()
        st.cache_resource.clear()


def test_the_timeline_marks_each_seat_out_with_the_scores_place() -> None:
    from views.pages.timeline import markers

    rep = Replay(simulate_deal(REVOLUTION_SEED, "gouji").log)
    finish = {seat: text for _, seat, text in markers(rep, None, "zh")["finish"]}
    assert sorted(finish) == [2, 3, 4, 5]
    assert finish[3].endswith("二落") and finish[4].endswith("头科")


def _seat_orders(seats: tuple[int, ...], most: int) -> Iterator[tuple[int, ...]]:
    from itertools import permutations

    for k in range(most + 1):
        yield from permutations(seats, k)


def test_places_without_a_revolution_are_counted_as_every_ending_ranks_them() -> None:
    """gouji_score._places_without_revolution (the places counted out) is _places_by_endings (every ending tried) on
    every table without a 革命: each order of the seats out, each failed burner or two among all seats (under dalao)
    and whether a burn may still fail."""
    from replay.games.gouji.score import _places_by_endings, _places_without_revolution

    seats = tuple(range(6))
    cases = 0
    for out in _seat_orders(seats, 5):
        active = tuple(s for s in seats if s not in out)
        if len(out) <= 1 or len(out) == 4:  # (the deep trees of endings: every failed pair for some orders only)
            fails = list(_seat_orders(seats, 2)) if out in ((), (0,), (3,), (1, 2, 3, 5)) else [(), (active[0],)]
        else:
            fails = list(_seat_orders(seats, 2))
        for failed in fails:
            for dalao in (False, True):
                if failed and not dalao:
                    continue  # (gouji_places passes no failed burner unless dalao)
                for may_fail in (False, True) if dalao and len(failed) < 2 else (False,):
                    found = _places_without_revolution(out, active, failed)
                    assert found == _places_by_endings(6, out, active, -1, failed, dalao, may_fail), (out, failed)
                    cases += 1
    assert cases > 10_000
