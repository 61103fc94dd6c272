"""Tests of the coach with prices: ``fupan coach LOG --evaluate`` (cli.py), the prices attached to
findings and the weak choices no maxim names (coach/coach.py), and the evaluation in the HTML report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cli
from coach.coach import coach_replay, weak_choice, with_prices
from coach.findings import Evidence, Finding
from coach.prices import Candidate, Decision, Evaluation, Loss, Settings, Value
from coach.report import html_report
from replay.core.events import Pass, Play
from replay.formats.log import Seat
from replay.replay import Replay
from replay.simulate import simulate_deal

FAST = ("--rollouts", "2", "--candidates", "2", "--jobs", "1")


def write_sim(tmp_path: Path, seed: int = 5, game: str = "gouji", name: str | None = None) -> Path:
    log = simulate_deal(seed, game).log
    if name is not None:
        from dataclasses import replace

        log = replace(log, seats=tuple(Seat(s.seat, name if s.seat == 1 else s.player) for s in log.seats))
    path = tmp_path / f"{game}-{seed}.json"
    path.write_text(log.dumps(), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_evaluate_json_prices_the_seats_decisions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_sim(tmp_path)
    code, out, err = run(capsys, "coach", path, "--evaluate", "--seat", "1", "--json", *FAST)
    assert code == 0, err
    doc = json.loads(out)
    ev = doc["evaluation"]
    assert ev["settings"] == {
        "rollouts": 2,
        "max_candidates": 2,
        "seed": 0,
        "noise": 0.08,
        "views": ["seat", "all"],
        "sampling": "uniform",
        "seat_noise": 0.0,
        "max_rollouts": 8,
    }
    assert ev["decisions"], "seat 1 made priced decisions"
    events = Replay(simulate_deal(5, "gouji").log).log.events
    for d in ev["decisions"]:
        assert d["seat"] == 1
        assert events[d["index"]].to_json() == d["candidates"][0]["event"]
        assert d["candidates"][0]["actual"] is True
        assert 2 <= len(d["candidates"]) <= 2
        assert set(d["losses"]) == {"seat", "all"}
        for c in d["candidates"]:
            assert 2 <= c["values"]["seat"]["n"] <= 8 and 2 <= c["values"]["all"]["n"] <= 8  # 2, more if undecided
    seat_rows = {r["seat"]: r for r in ev["seats"]}
    assert seat_rows[1]["decisions"] == len(ev["decisions"])
    assert all(seat_rows[s]["decisions"] == 0 for s in seat_rows if s != 1)
    priced = {d["index"]: d for d in ev["decisions"]}
    for f in doc["findings"]:
        if f["index"] in priced:
            assert f["price"]["grade"] == priced[f["index"]]["grade"]
        if f["kind"] == "evaluation":
            assert f["seat"] == 1 and f["price"]["grade"] in ("mistake", "blunder")


def test_evaluate_text_lists_accuracy_and_graded_decisions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_sim(tmp_path)
    code, out, _ = run(capsys, "coach", path, "--evaluate", "--seat", "2", *FAST)
    assert code == 0
    assert "evaluation: " in out and "decisions priced" in out
    assert "seat 2" in out and "accuracy" in out


def test_evaluate_is_deterministic_for_a_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_sim(tmp_path, seed=8)
    outs = []
    for _ in range(2):
        _, out, _ = run(capsys, "coach", path, "--evaluate", "--seat", "0", "--json", "--seed", "7", *FAST)
        doc = json.loads(out)["evaluation"]
        doc.pop("seconds")
        outs.append(doc)
    assert outs[0] == outs[1]


@pytest.mark.parametrize(
    ("option", "value", "word"),
    [("--rollouts", "1", "--rollouts 1"), ("--candidates", "1", "--candidates 1"), ("--jobs", "-1", "--jobs -1")],
)
def test_bad_evaluate_options_are_input_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, value: str, word: str
) -> None:
    path = write_sim(tmp_path)
    code, out, err = run(capsys, "coach", path, "--evaluate", option, value)
    assert code == 2 and out == ""
    assert err.startswith("fupan: ") and word in err and "Traceback" not in err


# -- prices on findings, with a hand-made evaluation ------------------------------------------


def _decision(replay: Replay, index: int, loss: float, se: float) -> Decision:
    ev = replay.log.events[index]
    other = Pass(ev.seat) if isinstance(ev, Play) else Play(ev.seat, cards=())
    values = {"all": Value(0.0, 0.1, 20)}
    best = {"all": Value(loss, 0.1, 20)}
    return Decision(
        index,
        ev.seat,
        (Candidate(ev, True, False, values), Candidate(other, False, True, best)),
        {"all": Loss(1, loss, se)},
    )


def test_with_prices_attaches_prices_and_adds_weak_choices() -> None:
    replay = Replay(simulate_deal(5, "gouji").log)
    plays = [i for i, e in enumerate(replay.log.events) if isinstance(e, Play) and i > 0]
    spoken, silent, small = plays[0], plays[1], plays[2]
    maxim = Finding(spoken, replay.log.events[spoken].seat, "maxim", "hint", "甲", "a", maxim="feng-q-gai-mao")
    evaluation = Evaluation(
        (
            _decision(replay, spoken, 2.0, 0.2),  # a mistake where a maxim already speaks
            _decision(replay, silent, 3.5, 0.2),  # a blunder no finding names
            _decision(replay, small, 0.6, 0.5),  # within the noise: no grade
        ),
        Settings(rollouts=20),
        6,
        240,
        1.0,
    )
    out = with_prices(replay, [maxim], evaluation)
    by_index = {f.index: f for f in out}
    assert by_index[spoken].kind == "maxim" and by_index[spoken].price is not None
    assert by_index[spoken].price["grade"] == "mistake"
    weak = by_index[silent]
    assert weak.kind == "evaluation" and weak.severity == "mistake" and not weak.from_seeds
    assert weak.price is not None and weak.price["grade"] == "blunder" and weak.price["loss"] == 3.5
    assert small not in by_index  # an ungraded decision adds nothing
    assert [f.index for f in out] == sorted(f.index for f in out if f.index is not None)


def test_weak_choice_names_both_choices_and_the_evidence() -> None:
    replay = Replay(simulate_deal(5, "gouji").log)
    i = next(i for i, e in enumerate(replay.log.events) if isinstance(e, Play) and i > 3)
    d = _decision(replay, i, 4.0, 0.5)
    f = weak_choice(replay, d)
    ev = replay.log.events[i]
    assert f.evidence.did == "play" and f.evidence.did_cards == tuple(c.token for c in ev.cards)
    assert f.evidence.held == tuple(c.token for c in replay.states[i].hands[ev.seat].known_cards())
    assert "4.00" in f.message_en and "blunder" in f.message_en and "pass" in f.message_en
    assert "大错" in f.message_zh and "过" in f.message_zh
    assert isinstance(f.evidence, Evidence)


def test_report_json_and_html_carry_the_evaluation(tmp_path: Path) -> None:
    hostile = "<script>alert(1)</script>"
    path = write_sim(tmp_path, name=hostile)
    from replay.formats.log import read_log

    replay = Replay(read_log(path))
    evaluation = Evaluation((_decision(replay, 5, 3.5, 0.2),), Settings(rollouts=20), 6, 40, 0.5)
    report = coach_replay(replay, None, evaluation)
    doc: dict[str, Any] = report.to_json()
    assert doc["evaluation"]["decisions"][0]["grade"] == "blunder"
    page = html_report(report)
    assert 'id="evaluation"' in page and "g-blunder" in page
    assert hostile not in page and "&lt;script&gt;" in page
    plain = coach_replay(replay).to_json()
    assert "evaluation" not in plain and all("price" not in f for f in plain["findings"])


def _burn_deal() -> tuple[Replay, int]:
    import random

    from replay.core.events import Burn
    from replay.simulate import RandomBot

    for seed in range(200):
        log = simulate_deal(seed, "gouji", bot=RandomBot(random.Random(seed), burn_rate=0.9)).log
        rep = Replay(log)
        burns = [i for i, e in enumerate(log.events) if isinstance(e, Burn) and e.seat != rep.states[i].to_act]
        if burns:
            return rep, burns[0]
    raise AssertionError("no out-of-turn burn in 200 seeds")


def test_a_burn_is_priced_against_letting_play_go_on() -> None:
    from coach.evaluate import evaluate_decision
    from coach.prices import Wait

    rep, i = _burn_deal()
    d = evaluate_decision(rep.engine, rep.states, rep.log.events, i, Settings(rollouts=3, max_candidates=3))
    assert d is not None
    waits = [c for c in d.candidates if isinstance(c.event, Wait)]
    assert len(waits) == 1 and waits[0].event.seat == d.seat and not waits[0].actual
    assert waits[0].label() == "wait" and set(waits[0].values) == {"seat", "all"}
    back = Decision.from_json(json.loads(json.dumps(d.to_json())), 6)
    assert [type(c.event) for c in back.candidates] == [type(c.event) for c in d.candidates]


def test_workers_replay_with_the_replays_profile(tmp_path: Path) -> None:
    """With --profile the workers price the deal as the parent's replay reads it (jobs=2 equals jobs=1)."""
    from coach.evaluate import evaluate_replay
    from replay.rules.profile_loader import load_profile

    log = simulate_deal(4, "gouji").log
    rep = Replay(log, profile=load_profile("gouji-online"))
    settings = Settings(rollouts=2, max_candidates=2)
    one = evaluate_replay(rep, settings, jobs=1, seats=[3]).to_json()
    two = evaluate_replay(rep, settings, jobs=2, seats=[3]).to_json()
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_weak_choice_in_a_trick_game() -> None:
    """升级 is priced too: a weak choice no finding names reads the seat's hand from the game's own state (a
    升级 state has no climbing table: its evidence is the trick so far, as its coach's findings give it)."""
    replay = Replay(simulate_deal(5, "shengji-35").log)
    i = next(i for i, e in enumerate(replay.log.events) if isinstance(e, Play) and i > 8)
    d = _decision(replay, i, 4.0, 0.5)
    f = weak_choice(replay, d)
    ev = replay.log.events[i]
    assert f.kind == "evaluation" and f.evidence.did == "play"
    assert f.evidence.did_cards == tuple(c.token for c in ev.cards)
    assert f.evidence.held == tuple(c.token for c in replay.states[i].hands[ev.seat].known_cards())
    trick = replay.states[i].trick  # the cards each seat played to the trick so far, the leader first
    assert f.evidence.table == tuple(c.token for _, cards in trick for c in cards)
    assert f.evidence.table_seat == (trick[0][0] if trick else None)
    assert f.evidence.instead == () and "blunder" in f.message_en


def test_a_graded_mistake_is_shown_as_one_beside_an_on_trial_saying() -> None:
    """Issue 37, item 7: a decision the rollouts grade a mistake or a blunder is shown as such, also where an
    on-trial saying (severity ``trial``) stands at the same step; and an on-trial saying at an ungraded step
    stays on trial, never a mistake."""
    from coach.effects import ON_TRIAL

    replay = Replay(simulate_deal(5, "gouji").log)
    plays = [i for i, e in enumerate(replay.log.events) if isinstance(e, Play) and i > 0]
    graded, clean = plays[0], plays[1]
    trial = [
        Finding(i, replay.log.events[i].seat, "maxim", "trial", "甲", "a", maxim="you-dan-bu-fa-3", status=ON_TRIAL)
        for i in (graded, clean)
    ]
    evaluation = Evaluation(
        (_decision(replay, graded, 4.0, 0.2), _decision(replay, clean, 0.1, 0.2)), Settings(rollouts=20), 6, 80, 1.0
    )
    out = {f.index: f for f in with_prices(replay, trial, evaluation)}
    shown = out[graded]
    assert shown.severity == "mistake" and shown.judgement is not None and shown.judgement.is_mistake
    assert shown.judgement.grade == "blunder" and shown.judgement.zh.startswith("大错：")
    assert out[clean].severity == "trial" and out[clean].judgement is not None
    assert not out[clean].judgement.is_mistake


def test_an_undecided_decision_is_said_in_the_report_and_the_cli(tmp_path: Path) -> None:
    """A loss whose interval leaves a mistake open (1.2 ± 0.5: no grade, undecided) is listed as such: in the JSON
    (``undecided``), in the HTML report's table of graded decisions (未定, or a mistake) and in the CLI's lines."""
    from cli.coach import _evaluation_lines

    replay = Replay(simulate_deal(5, "gouji").log)
    plays = [i for i, e in enumerate(replay.log.events) if isinstance(e, Play) and i > 0]
    evaluation = Evaluation((_decision(replay, plays[0], 1.2, 0.5),), Settings(rollouts=20), 6, 40, 0.5)
    report = coach_replay(replay, None, evaluation)
    (d,) = report.to_json()["evaluation"]["decisions"]
    assert d["grade"] is None and d["undecided"] == {"all": "mistake"}
    page = html_report(report)
    assert "g-undecided" in page and "未定" in page and "或为" in page
    lines = "\n".join(_evaluation_lines(report, None))
    assert "no grade (perhaps a mistake: undecided)" in lines
    assert "20 to 80 rollouts per candidate and view" in lines
