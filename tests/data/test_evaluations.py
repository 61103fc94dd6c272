"""Stored evaluations (data/evaluations.py, migration 0004) and ``coach.evaluate``'s ``from_json``: the JSON
round trip, then save, replace and load on SQLite (a file in tmp_path) and on PostgreSQL (a fresh database
per test on the server at FUPAN_TEST_PG_URL), atomicity, concurrent saves, the seat and player accuracy
queries, and the upgrade of a 0003 library to 0004 keeping its deals.

The PostgreSQL half is skipped when FUPAN_TEST_PG_URL is unset, unless CI=true: there it fails.
`make test-pg` (or `bash .ci/pg.sh COMMAND`) runs a command beside a throwaway server that sets it.

The evaluations are made small (2 rollouts, 2 candidates, two or three seats) so that the module runs in
seconds.
"""

from __future__ import annotations

import json
import threading
from dataclasses import replace

import pytest
from alembic import command
from sqlalchemy import func, inspect, select, text
from sqlalchemy.engine import Engine
from sqlmodel import Session
from storage_dbs import HEAD, import_into_old_schema

import data.evaluations as evaluations
from coach.evaluate import evaluate_replay
from coach.prices import Evaluation, Settings
from data.database import alembic_config, current_revision, make_engine, migrate, open_db
from data.evaluations import (
    StoredEvaluationError,
    evaluation_json,
    load_evaluation,
    player_accuracy,
    save_evaluation,
    seat_accuracies,
    settings_from_key,
    settings_key,
    stored_evaluations,
)
from data.importer import import_log
from data.models import Deal, EvaluationRow, EvaluationSeatRow
from replay.formats.log import Seat
from replay.replay import Replay
from replay.simulate import simulate_deal

SMALL = Settings(rollouts=2, max_candidates=2)
OTHER = Settings(rollouts=3, max_candidates=2, seed=7)


# ---------------------------------------------------------------------------------------------
# Deals and evaluations (made once)


def _gouji_log():
    log = simulate_deal(1, "gouji").log
    names = ["Ann", "Bo", "Cai", "Dong", "Eve", ""]  # seat 5 unnamed
    seats = tuple(Seat(s.seat, names[s.seat]) for s in log.seats)
    return replace(log, seats=seats)


@pytest.fixture(scope="module")
def gouji() -> tuple[object, Replay]:
    log = _gouji_log()
    return log, Replay(log)


@pytest.fixture(scope="module")
def small(gouji) -> Evaluation:
    return evaluate_replay(gouji[1], SMALL, jobs=1, seats=[0, 1])


@pytest.fixture(scope="module")
def other(gouji) -> Evaluation:
    """3 rollouts: means and losses that 3 decimals do not hold exactly."""
    return evaluate_replay(gouji[1], OTHER, jobs=1, seats=[2, 5])


# ---------------------------------------------------------------------------------------------
# from_json


def test_from_json_inverts_to_json(small: Evaluation) -> None:
    assert small.decisions, "the fixture prices some decisions"
    doc = json.loads(json.dumps(small.to_json()))
    back = Evaluation.from_json(doc)
    assert back.to_json() == doc
    assert back.settings == small.settings and back.n_seats == small.n_seats == 6
    assert back.skipped == small.skipped and back.rollouts_done == small.rollouts_done
    for a, b in zip(back.decisions, small.decisions, strict=True):
        assert (a.index, a.seat, a.notes, a.view, a.grade) == (b.index, b.seat, b.notes, b.view, b.grade)
        assert [(c.event, c.actual, c.policy, c.label()) for c in a.candidates] == [
            (c.event, c.actual, c.policy, c.label()) for c in b.candidates
        ]
        assert a.accuracy == pytest.approx(b.accuracy, abs=0.05)
    # the rounded JSON is a fixed point
    assert Evaluation.from_json(back.to_json()).to_json() == doc


def test_from_json_of_the_unrounded_json_is_the_same_evaluation(small: Evaluation, other: Evaluation) -> None:
    for ev in (small, other):
        doc = json.loads(json.dumps(evaluation_json(ev)))
        back = Evaluation.from_json(doc)
        assert back == ev  # every field: decisions (events, values, losses), settings, seconds, skipped
        assert back.to_json() == ev.to_json()
        assert back.seat_summary() == ev.seat_summary()


def test_from_json_of_a_baohuang_evaluation() -> None:
    rep = Replay(simulate_deal(1, "baohuang").log)
    ev = evaluate_replay(rep, SMALL, jobs=1, seats=[0])
    actions = {c.event.action for d in ev.decisions for c in d.candidates}
    assert {"call", "yield"} & actions  # the bids are priced too
    doc = json.loads(json.dumps(ev.to_json()))
    back = Evaluation.from_json(doc)
    assert back.n_seats == 5 and back.to_json() == doc


def test_from_json_refuses_a_bad_event(small: Evaluation) -> None:
    doc = small.to_json()
    doc["decisions"][0]["candidates"][0]["event"]["seat"] = 9  # no seat 9 at a 6-seat table
    with pytest.raises(Exception, match="seat"):
        Evaluation.from_json(doc)


def test_settings_key_is_canonical() -> None:
    key = settings_key(Settings(rollouts=5, max_candidates=3, seed=2, views=("all",)))
    assert key == (
        '{"max_candidates":3,"max_rollouts":20,"noise":0.08,"rollouts":5,"sampling":"uniform","seat_noise":0.0,'
        '"seed":2,"views":["all"]}'
    )
    assert settings_from_key(key) == Settings(rollouts=5, max_candidates=3, seed=2, views=("all",))
    assert settings_key(Settings()) != settings_key(Settings(seed=1))
    assert settings_key(Settings()) != settings_key(Settings(noise=0.2))  # the noise is part of the key
    assert settings_from_key(settings_key(Settings(noise=0.2))).noise == 0.2
    old = '{"max_candidates":3,"rollouts":5,"seed":2,"views":["all"]}'  # stored before the noise was kept
    # as made then: the all view's noise in the seat view too, no rollouts beyond ``rollouts``
    made = Settings(rollouts=5, max_candidates=3, seed=2, views=("all",), sampling="uniform", seat_noise=0.08)
    assert settings_from_key(old) == replace(made, max_rollouts=5)


# ---------------------------------------------------------------------------------------------
# Backends


@pytest.fixture
def deal_id(engine: Engine, gouji) -> int:
    res = import_log(engine, gouji[0], "gouji.json")
    assert res.status == "added" and res.deal_id is not None
    return res.deal_id


def _count(engine: Engine, model: object) -> int:
    with engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(model)).scalar_one()


def _seat_rows(engine: Engine) -> list[tuple]:
    t = EvaluationSeatRow.__table__
    cols = (t.c.evaluation_id, t.c.seat, t.c.decisions, t.c.accuracy, t.c.inaccuracy, t.c.mistake, t.c.blunder)
    with engine.connect() as conn:
        return [tuple(r) for r in conn.execute(select(*cols).order_by(t.c.evaluation_id, t.c.seat))]


# ---------------------------------------------------------------------------------------------
# Save and load


def test_save_and_load(engine: Engine, deal_id: int, small: Evaluation, other: Evaluation) -> None:
    assert load_evaluation(engine, deal_id) is None and stored_evaluations(engine, deal_id) == []
    first = save_evaluation(engine, deal_id, small)
    back = load_evaluation(engine, deal_id)
    assert back == small  # exact, from the unrounded JSON
    assert load_evaluation(engine, deal_id, SMALL) == small
    assert load_evaluation(engine, deal_id, OTHER) is None
    summary = {s["seat"]: s for s in small.seat_summary()}
    assert _seat_rows(engine) == [
        (first, s, summary[s]["decisions"], summary[s]["accuracy"], *(summary[s][g] for g in ("inaccuracy", "mistake", "blunder")))
        for s in range(6)
    ]  # fmt: skip

    # the same settings again: replaced in place (one row, its seats rewritten)
    again = replace(small, seconds=99.5)
    assert save_evaluation(engine, deal_id, again) == first
    assert _count(engine, EvaluationRow) == 1 and _count(engine, EvaluationSeatRow) == 6
    assert load_evaluation(engine, deal_id).seconds == 99.5

    # other settings: a second row; None gives the latest
    second = save_evaluation(engine, deal_id, other)
    assert second != first and _count(engine, EvaluationRow) == 2 and _count(engine, EvaluationSeatRow) == 12
    assert load_evaluation(engine, deal_id) == other
    assert load_evaluation(engine, deal_id, SMALL) == again
    listed = stored_evaluations(engine, deal_id)
    assert [(s.id, s.settings, s.n_decisions) for s in listed] == [
        (second, OTHER, len(other.decisions)),
        (first, SMALL, len(small.decisions)),
    ]
    # saving the older settings again makes them the latest
    save_evaluation(engine, deal_id, small)
    assert load_evaluation(engine, deal_id) == small
    assert [s.settings for s in stored_evaluations(engine, deal_id)] == [SMALL, OTHER]


def test_an_unknown_deal_is_refused(engine: Engine, deal_id: int, small: Evaluation) -> None:
    with pytest.raises(LookupError, match="no deal 999"):
        save_evaluation(engine, 999, small)
    assert _count(engine, EvaluationRow) == 0
    assert load_evaluation(engine, 999) is None


def test_a_failure_halfway_keeps_the_older_evaluation(
    engine: Engine, deal_id: int, small: Evaluation, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_evaluation(engine, deal_id, small)
    before = _seat_rows(engine)
    real = evaluations.insert

    def failing(table):
        if table.name == "evaluation_seat":  # after the evaluation row was updated and its seats deleted
            raise RuntimeError("disk on fire")
        return real(table)

    monkeypatch.setattr(evaluations, "insert", failing)
    with pytest.raises(RuntimeError, match="disk on fire"):
        save_evaluation(engine, deal_id, replace(small, seconds=1.0))
    with pytest.raises(RuntimeError, match="disk on fire"):
        save_evaluation(engine, deal_id, replace(small, settings=OTHER))
    monkeypatch.setattr(evaluations, "insert", real)
    assert load_evaluation(engine, deal_id) == small
    assert _seat_rows(engine) == before and _count(engine, EvaluationRow) == 1


def test_a_session_keeps_the_work_in_its_transaction(engine: Engine, deal_id: int, small: Evaluation) -> None:
    with Session(engine) as db:
        save_evaluation(db, deal_id, small)
        assert load_evaluation(db, deal_id) == small  # seen inside the transaction
        db.rollback()
    assert load_evaluation(engine, deal_id) is None
    with Session(engine) as db:
        deal = db.get(Deal, deal_id)
        assert deal is not None
        save_evaluation(db, deal_id, small)
        db.commit()
    assert load_evaluation(engine, deal_id) == small
    with Session(engine) as db, pytest.raises(LookupError):
        save_evaluation(db, 999, small)


def test_an_unreadable_stored_evaluation_says_so(engine: Engine, deal_id: int, small: Evaluation) -> None:
    save_evaluation(engine, deal_id, small)
    with engine.begin() as conn:
        conn.execute(text("UPDATE evaluation SET evaluation_json = :j"), {"j": '{"settings": {}}'})
    with pytest.raises(StoredEvaluationError, match=f"deal {deal_id}"):
        load_evaluation(engine, deal_id)


def test_concurrent_saves_leave_one_row(engine: Engine, deal_id: int, small: Evaluation) -> None:
    errors: list[BaseException] = []

    def work(k: int) -> None:
        try:
            for j in range(4):
                save_evaluation(engine, deal_id, replace(small, seconds=float(10 * k + j)))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=120)
    assert errors == []
    assert _count(engine, EvaluationRow) == 1 and _count(engine, EvaluationSeatRow) == 6
    assert load_evaluation(engine, deal_id).decisions == small.decisions


# ---------------------------------------------------------------------------------------------
# Accuracy per seat and per player


def test_seat_and_player_accuracy(engine: Engine, deal_id: int, small: Evaluation, other: Evaluation) -> None:
    assert seat_accuracies(engine).empty and player_accuracy(engine).empty
    assert list(seat_accuracies(engine).columns) == evaluations.SEAT_COLUMNS
    save_evaluation(engine, deal_id, small)
    rows = seat_accuracies(engine)
    summary = {s["seat"]: s for s in small.seat_summary()}
    assert rows["seat"].tolist() == [0, 1]  # the seats evaluated
    assert rows["player"].tolist() == ["Ann", "Bo"]
    for _, r in rows.iterrows():
        s = summary[r["seat"]]
        assert (r["deal_id"], r["game"], r["decisions"], r["blunder"]) == (
            deal_id,
            "gouji",
            s["decisions"],
            s["blunder"],
        )
        assert r["accuracy"] == pytest.approx(s["accuracy"]) and r["lost"] == pytest.approx(s["lost"])
        assert r["settings"] == settings_key(SMALL)
    players = player_accuracy(engine)
    assert players["player"].tolist() == ["Ann", "Bo"]
    assert players["deals"].tolist() == [1, 1]
    assert players["accuracy"].tolist() == pytest.approx([summary[0]["accuracy"], summary[1]["accuracy"]])

    # a later evaluation of other settings is the one counted: seats 2 and 5 (5 has no name)
    save_evaluation(engine, deal_id, other)
    rows = seat_accuracies(engine)
    assert rows["seat"].tolist() == [2, 5] and rows["player"].tolist() == ["Cai", "seat 5"]
    assert player_accuracy(engine)["player"].tolist() == ["Cai"]  # unnamed seats are left out
    assert seat_accuracies(engine, player="Cai")["seat"].tolist() == [2]
    assert seat_accuracies(engine, game="baohuang").empty
    assert seat_accuracies(engine, deal_id=deal_id + 1).empty
    assert player_accuracy(engine, game="baohuang").empty


def test_player_accuracy_weights_decisions_over_deals(engine: Engine, small: Evaluation) -> None:
    """Two deals with Ann at seat 0: her accuracy is the mean over all her decisions."""
    base = _gouji_log()
    logs = [base, replace(base, meta={**base.meta, "deal": 2})]
    ids = []
    for k, log in enumerate(logs):
        res = import_log(engine, log, f"{k}.json")
        ids.append(res.deal_id)
    assert ids[0] != ids[1]
    second = evaluate_replay(Replay(logs[1]), Settings(rollouts=2, max_candidates=3), jobs=1, seats=[0])
    save_evaluation(engine, ids[0], small)
    save_evaluation(engine, ids[1], second)
    a = next(s for s in small.seat_summary() if s["seat"] == 0)
    b = next(s for s in second.seat_summary() if s["seat"] == 0)
    (ann,) = player_accuracy(engine).query("player == 'Ann'").to_dict("records")
    assert ann["deals"] == 2 and ann["decisions"] == a["decisions"] + b["decisions"]
    want = (a["accuracy"] * a["decisions"] + b["accuracy"] * b["decisions"]) / (a["decisions"] + b["decisions"])
    assert ann["accuracy"] == pytest.approx(want)


# ---------------------------------------------------------------------------------------------
# Migration 0004


def test_migration_0003_to_0004_keeps_the_deals(
    db_url: str, gouji, small: Evaluation, monkeypatch: pytest.MonkeyPatch
) -> None:
    eng = make_engine(db_url)
    try:
        migrate(eng, "0003")
        assert current_revision(eng) == "0003"
        assert "evaluation" not in inspect(eng).get_table_names()
        with monkeypatch.context() as m:
            import_into_old_schema(m, eng)
            res = import_log(eng, gouji[0], "old.json")  # a library of the old schema
        assert res.status == "added"
        with eng.connect() as conn:
            before = conn.execute(text("SELECT id, content_hash, log_json FROM deal")).all()
            n_events = conn.execute(text("SELECT COUNT(*) FROM event")).scalar_one()
    finally:
        eng.dispose()

    eng = open_db(db_url)
    try:
        assert current_revision(eng) == HEAD
        names = set(inspect(eng).get_table_names())
        assert {"evaluation", "evaluation_seat"} <= names
        with eng.connect() as conn:
            assert conn.execute(text("SELECT id, content_hash, log_json FROM deal")).all() == before
            assert conn.execute(text("SELECT COUNT(*) FROM event")).scalar_one() == n_events
        uniques = [set(u["column_names"]) for u in inspect(eng).get_unique_constraints("evaluation")]
        assert {"deal_id", "settings_key"} in uniques
        save_evaluation(eng, res.deal_id, small)  # the upgraded library takes evaluations
        assert load_evaluation(eng, res.deal_id) == small
        open_db(db_url).dispose()  # opening it again changes nothing
        assert current_revision(eng) == HEAD
    finally:
        eng.dispose()

    eng = make_engine(db_url)  # and back down: the evaluations go, the deals stay
    try:
        command.downgrade(alembic_config(eng), "0003")
        assert current_revision(eng) == "0003"
        assert "evaluation" not in inspect(eng).get_table_names()
        with eng.connect() as conn:
            assert conn.execute(text("SELECT id, content_hash, log_json FROM deal")).all() == before
    finally:
        eng.dispose()
