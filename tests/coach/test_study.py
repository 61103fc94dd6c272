"""The maxims on trial (coach/study.py): paired runs share the deal and part only where the maxim
arises, the statistics, determinism across worker counts, the JSON and the report."""

from __future__ import annotations

import json
import math
import random
from functools import cache
from pathlib import Path

import pytest
from paths import ROOT

from coach import study
from coach.effects import load_effects, maxim_effect
from coach.learners import (
    DAN_PAI,
    DANG_SAN_ANSWER,
    DANG_SAN_CARDS,
    FENG_Q,
    FENG_Q_ANSWER,
    FENG_Q_CARDS,
    GUA_4,
    QUESTIONS,
    SUPPORTED,
    MaximPolicy,
    maxim_of,
)
from coach.maxims import BY_KEY, MAXIMS
from coach.policy import Policy
from coach.study import (
    MARKER,
    MaximResult,
    Study,
    header_of,
    play_all,
    play_pair,
    render_markdown,
    run_study,
    title,
)
from coach.summary import Summary
from replay.core.cards import RANK_2, RANK_A, RANK_K, RANK_SJ
from replay.core.sets import make_set
from replay.replay import Replay
from replay.simulate import simulate_deal

SEEDS = range(12)
# rarer positions get more deals: 过3有罪 (an opponent near out has 3s on the table), 挡三 with no natural answer
SEEDS_OF = {DAN_PAI: range(30), DANG_SAN_ANSWER: range(40)}


@cache
def pairs(key: str) -> tuple[study.Pair, ...]:
    return tuple(play_pair(key, seed, seed % 2) for seed in SEEDS_OF.get(key, SEEDS))


@cache
def small_study() -> Study:
    return run_study(deals=8, seed=5, jobs=1)


def first_difference(a: tuple, b: tuple) -> int | None:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
        None if len(a) == len(b) else min(len(a), len(b)),
    )


@pytest.mark.parametrize("key", QUESTIONS)
def test_paired_runs_share_the_deal_until_the_maxim_arises(key: str) -> None:
    differed = 0
    for p in pairs(key):
        f, b = p.logs
        assert f.hands == b.hands and f.meta == b.meta and f.seats == b.seats
        assert f.events[0] == b.events[0]  # the same first lead
        where = sorted(p.kept + p.planted)
        split = first_difference(f.events, b.events)
        if not p.arose:
            assert split is None and f == b and p.effect == 0
        elif split is not None:
            differed += 1
            assert split == where[0], (p.seed, split, where)  # nothing differs before the first position
            assert f.events[split].seat % 2 == p.team  # and it is the team's seat that plays it
    assert differed > 0, f"{key}: the two runs never differed in {len(SEEDS_OF.get(key, SEEDS))} deals"


def test_a_deal_where_the_position_never_arises_plays_out_the_same() -> None:
    quiet = [p for p in pairs(DAN_PAI) if not p.planted]
    assert quiet, "every deal met 过3有罪: pick other seeds"
    for p in quiet:
        assert not p.kept
        assert p.follow.log == p.break_.log
        assert p.follow_points == p.break_points


def test_points_are_the_team_net_points() -> None:
    for p in pairs(FENG_Q_CARDS)[:4]:
        for deal, pts in ((p.follow, p.follow_points), (p.break_, p.break_points)):
            rep = Replay(deal.log)
            assert not rep.illegal
            score = rep.score()
            assert score is not None
            assert pts == score.teams[p.team].raw * (2 if score.sweep else 1)


def test_the_maxims_are_played_at_the_team_seats_only() -> None:
    for p in pairs(GUA_4):
        for i in p.planted:
            assert p.break_.log.events[i].seat % 2 == p.team
        for i in p.kept:
            assert p.follow.log.events[i].seat % 2 == p.team


def test_without_maxims_the_player_is_policy() -> None:
    for seed in range(3):
        ours = simulate_deal(seed, "gouji", bot=MaximPolicy(random.Random(seed), at=(0, 2, 4)))
        theirs = simulate_deal(seed, "gouji", bot=Policy(random.Random(seed)))
        assert ours.log == theirs.log


def test_hanging_the_small_joker_is_one_choice_per_seat() -> None:
    for p in pairs(GUA_4):
        for events, marks in ((p.follow.log.events, p.kept), (p.break_.log.events, p.planted)):
            seats = [events[i].seat for i in marks]
            assert len(seats) == len(set(seats))
        for i in p.kept:
            ev = p.follow.log.events[i]
            assert {c.rank for c in ev.cards} == {4, RANK_SJ} and sum(c.rank == RANK_SJ for c in ev.cards) == 1
        for i in p.planted:
            ev = p.break_.log.events[i]
            assert sum(c.rank == RANK_SJ for c in ev.cards) == 1 and 4 < min(c.rank for c in ev.cards) < RANK_2


def test_summary_on_known_numbers() -> None:
    s = Summary.of([1, 2, 3, 4])
    assert s.n == 4 and s.mean == 2.5
    se = math.sqrt(5 / 3) / 2  # sample variance 5/3, n = 4
    assert s.se == pytest.approx(se)
    assert s.lo == pytest.approx(2.5 - 1.959964 * se) and s.hi == pytest.approx(2.5 + 1.959964 * se)
    assert s.measurable
    flat = Summary.of([-2, 2, -2, 2])
    assert flat.mean == 0 and not flat.measurable
    assert Summary.of([3]) == Summary(1, 3.0, None, None, None)
    assert Summary.of([]) == Summary(0, None, None, None, None)


def test_result_counts_and_effects() -> None:
    outs = [
        study.Outcome(0, 0, 4, 0, True, True),
        study.Outcome(1, 1, -2, -2, False, False),
        study.Outcome(2, 0, 0, 2, True, True),
        study.Outcome(3, 1, 2, 2, False, True),
    ]
    r = MaximResult.of(FENG_Q, outs)
    assert (r.deals, r.arose, r.differ, r.stray) == (4, 2, 3, 1)
    assert r.overall.mean == 0.5
    assert r.where_arose.n == 2 and r.where_arose.mean == 1.0


def test_the_study_is_deterministic_and_independent_of_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(study, "CHUNK", 3)  # several tasks per maxim
    keys = (FENG_Q_CARDS, DAN_PAI)
    one, _ = play_all(keys, 7, seed=2, jobs=1)
    two, _ = play_all(keys, 7, seed=2, jobs=2)
    assert one == two
    assert [o.seed for o in one[FENG_Q_CARDS]] == [study.deal_seed(2, k) for k in range(7)]
    assert [o.team for o in one[FENG_Q_CARDS]] == [k % 2 for k in range(7)]
    again = run_study(deals=8, seed=5, jobs=2)
    assert again == small_study()
    assert all(r.stray == 0 and r.differ <= r.arose for r in again.results)
    other = run_study(deals=8, seed=6, jobs=1, keys=[FENG_Q])  # a split maxim: its questions
    assert [r.key for r in other.results] == [FENG_Q_ANSWER, FENG_Q_CARDS]
    assert other.result(FENG_Q_CARDS) != small_study().result(FENG_Q_CARDS)


def test_json_round_trip(tmp_path: Path) -> None:
    s = small_study()
    doc = s.to_json()
    assert Study.from_json(json.loads(json.dumps(doc))).to_json() == doc
    path = tmp_path / "effects.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for r in s.results:
        e = maxim_effect(r.key, path)
        if r.where_arose.se is None:
            assert e is None
            continue
        assert e is not None
        assert (e.deals, e.arose) == (r.deals, r.arose)
        assert e.mean == pytest.approx(r.where_arose.mean, abs=1e-4)
        assert (e.lo, e.hi) == (pytest.approx(r.where_arose.lo, abs=1e-4), pytest.approx(r.where_arose.hi, abs=1e-4))


def test_shipped_effects() -> None:
    e = maxim_effect(FENG_Q_CARDS)  # the row 逢Q盖帽's findings read (the study asks it one question at a time)
    assert e is not None and e.key == FENG_Q_CARDS
    assert e.lo <= e.mean <= e.hi and e.se > 0 and 0 < e.arose <= e.deals
    shipped = json.loads((ROOT / "coach" / "maxim_effects.json").read_text(encoding="utf-8"))
    assert e.deals == shipped["study"]["deals"]
    rows = set(load_effects())  # the maxims whole (a study before the split) or the study's rows
    assert rows <= set(SUPPORTED) | set(QUESTIONS) and {maxim_of(k) for k in rows} == set(SUPPORTED)
    assert maxim_effect("no-such-maxim") is None
    assert maxim_effect("fang-yi-da-er") is None  # not studied


def test_missing_or_broken_json_gives_none(tmp_path: Path) -> None:
    assert maxim_effect(FENG_Q, tmp_path / "absent.json") is None
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert maxim_effect(FENG_Q, bad) is None
    bad.write_text('{"maxims": {"feng-q-gai-mao": {}}}', encoding="utf-8")
    assert load_effects(bad) == {}


def test_markdown_names_every_maxim(tmp_path: Path) -> None:
    md = render_markdown(small_study(), "# Hand-written\n\nKept as it is.\n")
    assert md.startswith("# Hand-written\n\nKept as it is.\n") and MARKER in md
    for key in QUESTIONS:
        assert f"## {title(key)} (`{key}`)" in md
        assert BY_KEY[maxim_of(key)].reading_en in md
    assert f"## 逢Q盖帽: which cards (`{FENG_Q_CARDS}`)" in md and "**The coach's worth for**" in md
    not_studied = md.split("## Not studied")[1]
    for m in MAXIMS:
        assert (f"`{m.key}`" in not_studied) == (m.key not in SUPPORTED)
    path = tmp_path / "maxims.md"
    path.write_text(md.replace("Kept as it is.", "Edited by hand."), encoding="utf-8")
    assert header_of(path) == "# Hand-written\n\nEdited by hand.\n\n"
    assert header_of(tmp_path / "absent.md") == study.DEFAULT_HEADER


def test_shipped_report_covers_every_maxim() -> None:
    md = (ROOT / "docs" / "maxims.md").read_text(encoding="utf-8")
    assert MARKER in md
    for m in MAXIMS:  # a split maxim by its rows, one per question
        assert m.saying in md and all(f"`{k}`" in md for k in study.expand([m.key]))


def _parted(key: str) -> list[tuple[study.Pair, int]]:
    """The pairs of a question where the runs part, with the index of the first difference."""
    out = []
    for p in pairs(key):
        f, b = p.logs
        split = first_difference(f.events, b.events)
        if split is not None:
            out.append((p, split))
    assert out, f"{key}: the runs never parted"
    return out


def _plain(cards: tuple) -> bool:
    return not any(c.rank >= RANK_2 for c in cards)


def test_feng_q_asks_one_question_at_a_time() -> None:
    for p, i in _parted(FENG_Q_ANSWER):  # answer with As, or decline
        f, b = p.follow.log.events[i], p.break_.log.events[i]
        assert f.action == "play" and {c.rank for c in f.cards} == {RANK_A}
        assert b.action in ("pass", "kou")
    for p, i in _parted(FENG_Q_CARDS):  # both answer: As, or Ks
        f, b = p.follow.log.events[i], p.break_.log.events[i]
        assert f.action == b.action == "play" and f.seat == b.seat
        assert {c.rank for c in f.cards} == {RANK_A} and make_set(b.cards).base == RANK_K  # Ks (a 2 may ride)


def test_dang_san_asks_one_question_at_a_time() -> None:
    for p, i in _parted(DANG_SAN_ANSWER):  # no natural answer held: decline, or spend 2s or jokers
        st = p.follow.states[i]
        f, b = p.follow.log.events[i], p.break_.log.events[i]
        assert st.table is not None and st.table.base == 4
        assert not [s for s in Replay(p.follow.log).engine.plays_for(st, f.seat) if _plain(s)]
        assert f.action in ("pass", "kou") and b.action == "play" and not _plain(b.cards)
    for p, i in _parted(DANG_SAN_CARDS):  # both answer: a natural set, or one with 2s or jokers
        f, b = p.follow.log.events[i], p.break_.log.events[i]
        assert f.action == b.action == "play" and _plain(f.cards) and not _plain(b.cards)


def test_a_pair_is_the_deal_simulate_deal_plays_and_only_a_gouji_one() -> None:
    """The study plays 够级's simulator with the seed record simulate_deal makes: with the policy following nothing
    the pair is simulate_deal's deal; a profile of another game is refused by name."""
    key = QUESTIONS[0]
    p = play_pair(key, 7, 0)
    bot = MaximPolicy(random.Random(7), follow={key}, at=range(0, 6, 2), noise=study.NOISE)
    assert p.follow.log == simulate_deal(7, study.PROFILE, bot=bot).log
    with pytest.raises(ValueError, match="the study plays gouji deals, not baohuang"):
        play_pair(key, 7, 0, "baohuang")
