"""Stored rows carry the versions that made them; stale rows are known and ``fupan recoach`` derives them
again (data/recoach.py), on SQLite and PostgreSQL: the same rows as a fresh import, the referee's decisions
kept, idempotent, and an interrupted run leaves every deal either as it was or done. Migration 0006 adds the
versions (0 for old rows: stale) and fills a 升级 deal's stored levels and declaring side."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import inspect, select, text, update
from sqlalchemy.engine import Engine
from storage_dbs import HEAD

import cli
import data.recoach as recoach_module
from coach.evaluate import evaluate_replay
from coach.prices import Settings
from coach.version import COACH_VERSION
from data import queries
from data.database import alembic_config, current_revision, make_engine, migrate, open_db
from data.evaluations import save_evaluation, seat_accuracies, stale_evaluation_ids, stored_evaluations
from data.importer import import_log
from data.models import Deal, DealSeat, EvaluationRow, EventRow, FindingRow, table_of
from data.recoach import recoach, recoach_deal, stale_deal_ids, stale_findings, staleness
from replay.formats.decisions import Decision
from replay.formats.log import Log
from replay.replay import Replay
from replay.simulate import simulate_deal
from replay.version import ENGINE_VERSION

DEAL, DEAL_SEAT, EVENT, FINDING, EVALUATION = (
    table_of(m) for m in (Deal, DealSeat, EventRow, FindingRow, EvaluationRow)
)
DERIVED_DEAL = ("n_events", "legal", "finished", "n_findings", "extras_json", "engine_version", "coach_version")


def _logs() -> list[Log]:
    """A 够级, a 保皇 and two 升级 deals (one of them illegal, so its verdicts say something)."""
    sj = simulate_deal(7, "shengji-35").log
    broken = replace(sj, events=(sj.events[3], *sj.events[:3], *sj.events[4:]))
    return [simulate_deal(3, "gouji").log, simulate_deal(4, "baohuang").log, simulate_deal(5, "shengji-35").log, broken]


def snapshot(engine: Engine, deal_id: int) -> dict[str, Any]:
    """Everything derived of a deal, without ids."""
    with engine.connect() as conn:
        deal = conn.execute(select(*(DEAL.c[k] for k in DERIVED_DEAL)).where(DEAL.c.id == deal_id)).one()
        seats = conn.execute(
            select(DEAL_SEAT.c.seat, DEAL_SEAT.c.player_id, DEAL_SEAT.c.side, DEAL_SEAT.c.place, DEAL_SEAT.c.points)
            .where(DEAL_SEAT.c.deal_id == deal_id)
            .order_by(DEAL_SEAT.c.seat)
        ).all()
        events = conn.execute(
            select(EVENT.c.id, EVENT.c.idx, EVENT.c.seat, EVENT.c.action, EVENT.c.cards, EVENT.c.legal, EVENT.c.rule)
            .where(EVENT.c.deal_id == deal_id)
            .order_by(EVENT.c.idx)
        ).all()
        cols = [c for c in FINDING.c if c.name not in ("id", "deal_id")]
        findings = conn.execute(select(*cols).where(FINDING.c.deal_id == deal_id).order_by(FINDING.c.id)).all()
    return {"deal": tuple(deal), "seats": [tuple(s) for s in seats], "events": [tuple(e) for e in events],
            "findings": [tuple(f) for f in findings]}  # fmt: skip


def age(engine: Engine, deal_id: int, engine_version: int = 0, coach_version: int = COACH_VERSION) -> None:
    """Make a deal look as an older fupan left it: old versions, wrong verdicts and results, no findings."""
    with engine.begin() as conn:
        conn.execute(
            update(DEAL)
            .where(DEAL.c.id == deal_id)
            .values(
                engine_version=engine_version,
                coach_version=coach_version,
                n_findings=0,
                legal=False,
                extras_json=None,
            )
        )
        conn.execute(update(DEAL_SEAT).where(DEAL_SEAT.c.deal_id == deal_id).values(place=None, points=None, side="?"))
        conn.execute(update(EVENT).where(EVENT.c.deal_id == deal_id).values(legal=False, rule="OLD"))
        conn.execute(FINDING.delete().where(FINDING.c.deal_id == deal_id))


@pytest.fixture
def stored(engine: Engine) -> list[int]:
    return [import_log(engine, log, f"deal{k}").deal_id or 0 for k, log in enumerate(_logs())]


def test_rows_carry_the_versions_that_made_them(engine: Engine, stored: list[int]) -> None:
    with engine.connect() as conn:
        deals = conn.execute(select(DEAL.c.engine_version, DEAL.c.coach_version)).all()
        found = conn.execute(select(FINDING.c.engine_version, FINDING.c.coach_version).distinct()).all()
    assert set(deals) == {(ENGINE_VERSION, COACH_VERSION)} and len(deals) == len(stored)
    assert set(found) == {(ENGINE_VERSION, COACH_VERSION)}
    assert stale_deal_ids(engine) == [] and stale_findings(engine) == 0
    assert staleness(engine).to_dict("records") == [
        {"engine_version": ENGINE_VERSION, "coach_version": COACH_VERSION, "deals": len(stored),
         "findings": sum(snapshot(engine, d)["deal"][3] for d in stored), "stale": False}
    ]  # fmt: skip


def test_recoach_makes_the_rows_a_fresh_import_makes(engine: Engine, stored: list[int]) -> None:
    fresh = {d: snapshot(engine, d) for d in stored}
    for d in stored[::2]:
        age(engine, d)
    age(engine, stored[1], engine_version=ENGINE_VERSION, coach_version=0)  # the coach's version alone is old
    assert stale_deal_ids(engine) == sorted([*stored[::2], stored[1]])
    versions = staleness(engine)
    assert list(zip(versions["engine_version"], versions["coach_version"], versions["stale"], strict=True)) == [
        (ENGINE_VERSION, COACH_VERSION, False),
        (ENGINE_VERSION, 0, True),
        (0, COACH_VERSION, True),
    ]
    seen: list[tuple[int, int]] = []
    results = recoach(engine, progress=lambda done, total: seen.append((done, total)))
    assert [(r.what, r.status) for r in results] == [("deal", "done")] * 3
    assert seen[-1] == (3, 3)
    assert {d: snapshot(engine, d) for d in stored} == fresh  # events updated in place: the same row ids
    assert stale_deal_ids(engine) == []
    assert recoach(engine) == []  # idempotent: nothing left to do
    again = recoach(engine, every=True)
    assert [r.status for r in again] == ["done"] * len(stored)
    assert {d: snapshot(engine, d) for d in stored} == fresh


def test_recoach_keeps_the_referees_decisions(engine: Engine, stored: list[int]) -> None:
    deal_id = stored[3]
    decision = Decision(event=1, decision="overruled", text="misdealt", referee="张", at="2026-12-01T02:00:00Z")
    assert import_log(engine, replace(_logs()[3], decisions=(decision,)), "again").decisions_added == 1
    age(engine, deal_id)
    assert [r.status for r in recoach(engine)] == ["done"]
    with engine.connect() as conn:
        kept = conn.execute(text("SELECT idx, decision FROM decision WHERE deal_id = :d"), {"d": deal_id}).all()
    assert [tuple(k) for k in kept] == [(1, "overruled")]


def test_a_deal_done_meanwhile_is_left_alone(engine: Engine, stored: list[int]) -> None:
    age(engine, stored[0])
    with engine.begin() as conn:  # another process brought it up to date after this one listed it
        conn.execute(update(DEAL).where(DEAL.c.id == stored[0]).values(engine_version=ENGINE_VERSION))
    assert recoach_deal(engine, stored[0]).status == "current"
    assert snapshot(engine, stored[0])["findings"] == []  # untouched


def test_an_interrupted_run_leaves_nothing_half_written(
    engine: Engine, stored: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = {d: snapshot(engine, d) for d in stored}
    for d in stored:
        age(engine, d)
    aged = {d: snapshot(engine, d) for d in stored}
    real = recoach_module._write
    calls = []

    def dies_on_the_third(conn: Any, deal_id: int, made: Any) -> None:
        calls.append(deal_id)
        if len(calls) == 3:
            real(conn, deal_id, made)  # halfway through its rows ...
            raise KeyboardInterrupt  # ... the run is interrupted
        real(conn, deal_id, made)

    monkeypatch.setattr(recoach_module, "_write", dies_on_the_third)
    with pytest.raises(KeyboardInterrupt):
        recoach(engine)
    after = {d: snapshot(engine, d) for d in stored}
    assert [after[d] == fresh[d] for d in stored] == [True, True, False, False]
    assert after[stored[2]] == aged[stored[2]] and after[stored[3]] == aged[stored[3]]  # as they were
    monkeypatch.setattr(recoach_module, "_write", real)
    assert [r.id for r in recoach(engine)] == stored[2:]  # a second run finishes
    assert {d: snapshot(engine, d) for d in stored} == fresh


def test_a_stale_evaluation_is_evaluated_again_with_its_settings(engine: Engine, stored: list[int]) -> None:
    deal_id = stored[1]
    settings = Settings(rollouts=2, max_candidates=2, seed=3)
    rep = Replay(_logs()[1])
    save_evaluation(engine, deal_id, evaluate_replay(rep, settings, jobs=1))
    assert stale_evaluation_ids(engine) == [] and not stored_evaluations(engine, deal_id)[0].stale
    with engine.begin() as conn:
        conn.execute(update(EVALUATION).values(coach_version=0, n_decisions=-1))
    assert stored_evaluations(engine, deal_id)[0].stale
    assert seat_accuracies(engine, deal_id)["stale"].all()
    results = recoach(engine, jobs=1)
    assert [(r.what, r.status) for r in results] == [("evaluation", "done")]
    (now,) = stored_evaluations(engine, deal_id)
    assert not now.stale and now.settings == settings and now.n_decisions > 0
    assert not seat_accuracies(engine, deal_id)["stale"].any()


def test_levels_are_stored_at_import_and_read_without_a_replay(engine: Engine, stored: list[int]) -> None:
    rows = queries.level_rows(engine)
    assert [r.deal_id for r in rows] == stored[2:]  # the 升级 deals only
    for row, log in zip(rows, _logs()[2:], strict=True):
        rep = Replay(log)
        score = rep.score()
        assert row.before == (
            tuple(score.to_json().get("levels")["before"]) if score and score.to_json().get("levels") else log.levels
        )
        if score is not None and score.to_json().get("levels") is not None:
            assert (
                row.after == tuple(score.to_json().get("levels")["after"])
                and row.steps == score.to_json().get("levels")["steps"]
            )
            assert (
                row.up == score.to_json().get("levels")["up"] and row.passed == score.to_json().get("levels")["passed"]
            )
        declarer = getattr(rep.final, "declarer", -1)
        assert row.declarers == (None if declarer == -1 else declarer % 2)
        assert row.players == tuple(s.player for s in log.seats)


def test_cli_recoach(db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engine = open_db(db_url)
    try:
        ids = [import_log(engine, log).deal_id or 0 for log in _logs()[:2]]
        age(engine, ids[0])
    finally:
        engine.dispose()
    assert cli.main(["recoach", "--db", db_url, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert f"engine 0, coach {COACH_VERSION}: 1 deals" in out and "(stale)" in out
    assert "to do: 1 stale deals, 0 stale evaluations" in out
    assert cli.main(["recoach", "--db", db_url]) == 0
    out = capsys.readouterr().out
    assert "deals: 1 recoached, 0 up to date already, 0 not recoached" in out
    assert cli.main(["recoach", "--db", db_url, "--all"]) == 0
    assert "deals: 2 recoached" in capsys.readouterr().out


def test_migration_0006_fills_levels_and_marks_old_rows_stale(db_url: str) -> None:
    logs = _logs()
    engine = make_engine(db_url)
    try:
        migrate(engine, "0005")
        with engine.begin() as conn:
            for deal_id, log in enumerate((logs[0], logs[2]), start=1):
                conn.execute(
                    text(
                        "INSERT INTO deal (id, content_hash, game, profile, date, venue, source, imported_at, "
                        "n_events, legal, finished, n_findings, log_json) VALUES (:id, :h, :g, :p, '', '', '', :t, "
                        ":n, :y, :y, 1, :log)"
                    ),
                    {
                        "id": deal_id,
                        "h": str(deal_id) * 64,
                        "g": log.game,
                        "p": log.profile_name,
                        "n": len(log.events),
                        "t": "2026-11-29 20:00:00+00:00",
                        "y": True,
                        "log": log.deal_only().dumps(),
                    },
                )
                conn.execute(
                    text("INSERT INTO finding (deal_id, kind, severity, message_zh, message_en, evidence_json) "
                         "VALUES (:d, 'note', 'hint', '旧', 'old', '{}')"),
                    {"d": deal_id},
                )  # fmt: skip
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT setval(pg_get_serial_sequence('deal', 'id'), 10)"))
    finally:
        engine.dispose()
    engine = open_db(db_url)
    try:
        assert current_revision(engine) == HEAD
        with engine.connect() as conn:
            got = conn.execute(select(DEAL.c.id, DEAL.c.extras_json, DEAL.c.engine_version)).all()
        by_id = {r.id: r for r in got}
        assert by_id[1].extras_json is None  # 够级 stores nothing more
        score = Replay(logs[2]).score()
        assert score is not None and score.to_json().get("levels") is not None
        extras = json.loads(by_id[2].extras_json)  # filled by 0006, moved into one column by 0010
        assert extras["after"] == list(score.to_json()["levels"]["after"])
        assert extras["declarers"] == Replay(logs[2]).final.declarer % 2
        assert stale_deal_ids(engine) == [1, 2] and stale_findings(engine) == 2
        assert [r.status for r in recoach(engine)] == ["done", "done"]
        assert stale_findings(engine) == 0 and stale_deal_ids(engine) == []
    finally:
        engine.dispose()


def test_migration_0010_moves_the_levels_into_one_extras_column_and_back(db_url: str) -> None:
    """0010 moves 升级's ``levels_json`` and ``declarers`` into the game's ``extras_json`` (the same JSON a fresh
    import writes) and drops them; its downgrade puts them back; ``recoach`` fills the column of a row stored
    before without it."""
    engine = open_db(db_url)
    try:
        logs = _logs()
        ids = [import_log(engine, log, f"deal{k}").deal_id or 0 for k, log in enumerate(logs)]
        with engine.connect() as conn:
            fresh: dict[int, str | None] = {
                r.id: r.extras_json for r in conn.execute(select(DEAL.c.id, DEAL.c.extras_json))
            }
        assert [fresh[d] is not None for d in ids] == [log.game == "shengji" for log in logs]
        command.downgrade(alembic_config(engine), "0009")
        assert current_revision(engine) == "0009"
        with engine.connect() as conn:
            old = {r.id: r for r in conn.execute(text("SELECT id, levels_json, declarers FROM deal"))}
        for d in ids:
            if fresh[d] is None:
                assert old[d].levels_json is None and old[d].declarers is None
            else:
                extras = json.loads(fresh[d])
                assert old[d].declarers == extras.pop("declarers") and json.loads(old[d].levels_json) == extras
        assert "ix_deal_game_levels" in {ix["name"] for ix in inspect(engine).get_indexes("deal")}
        migrate(engine)
        assert current_revision(engine) == HEAD
        columns = {c["name"] for c in inspect(engine).get_columns("deal")}
        assert "extras_json" in columns and not {"levels_json", "declarers"} & columns
        with engine.connect() as conn:
            assert dict(conn.execute(select(DEAL.c.id, DEAL.c.extras_json)).all()) == fresh
        leveled = ids[[log.game for log in logs].index("shengji")]
        age(engine, leveled)  # a row stored before the column was filled: recoach fills it
        with engine.connect() as conn:
            assert conn.execute(select(DEAL.c.extras_json).where(DEAL.c.id == leveled)).scalar_one() is None
        assert [r.status for r in recoach(engine)] == ["done"]
        with engine.connect() as conn:
            assert conn.execute(select(DEAL.c.extras_json).where(DEAL.c.id == leveled)).scalar_one() == fresh[leveled]
    finally:
        engine.dispose()
