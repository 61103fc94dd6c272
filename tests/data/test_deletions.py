"""Deleting a deal and restoring it (issue 38, item 5; ``data.deletions``): a referee's deletion takes the deal out of
every table and of the match's totals, standings and season, and records it; who may delete and restore; the
restored deal is the one deleted (its hash, verdicts, findings, seats, decisions with their referees and accounts,
variations, evaluations) under its old id when free; a deal imported again meanwhile takes what the archive holds;
a failure half-way leaves everything as it was. Each on SQLite and on PostgreSQL (the ``engine`` fixture)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, update
from sqlalchemy.engine import Engine
from sqlmodel import SQLModel

import data.deletions as deletions_module
from coach.evaluate import evaluate_replay
from coach.prices import Settings
from data import queries
from data.accounts import OWNER, NotPermitted, add_user, disable_user, get_user, record_decision
from data.decisions import deal_decisions
from data.deletions import DeletionError, delete_deal, deletion_of, deletions, get_deletion, restore_deal
from data.evaluations import save_evaluation
from data.importer import import_log, import_paths
from data.match_totals import team_points
from data.models import (
    Deal,
    DealDeletion,
    DealSeat,
    EvaluationRow,
    EvaluationSeatRow,
    EventRow,
    FindingRow,
    User,
    table_of,
)
from data.season_rows import season_of
from data.variations import add_variation, deal_variations
from replay.core.said import zh_of
from replay.formats.decisions import Decision
from replay.formats.log import Log, parse_json_log, read_log
from replay.lines import Line
from replay.replay import Replay

SAMPLES = Path(__file__).resolve().parents[2] / "data" / "samples" / "gouji"
MATCH_FILES = sorted(SAMPLES.glob("gouji-2026-09-01-d*.json"))  # one match, six deals
PASSWORD = "a long password"
SMALL = Settings(rollouts=2, max_candidates=2)


pytestmark = pytest.mark.usefixtures("cheap_hashes")  # tests/conftest.py


@pytest.fixture(scope="module")
def third() -> Log:
    """The match's third deal."""
    return read_log(MATCH_FILES[2])


@pytest.fixture(scope="module")
def evaluated(third: Log) -> Any:
    return evaluate_replay(Replay(third), SMALL, jobs=1, seats=[0, 3])


@pytest.fixture
def library(engine: Engine, third: Log, evaluated: Any) -> dict[str, Any]:
    """The match stored, the accounts (a member, a referee, an admin, a disabled referee), and on its third deal two
    rulings (a referee's and an admin's), a variation and an evaluation."""
    results = import_paths(engine, MATCH_FILES, jobs=1)
    assert [r.status for r in results] == ["added"] * len(MATCH_FILES)
    add_user(engine, "会员", PASSWORD, "member")
    add_user(engine, "裁判甲", PASSWORD, "referee")
    add_user(engine, "admin", PASSWORD, "admin")
    add_user(engine, "old", PASSWORD, "referee")
    disable_user(engine, "old")
    deal_id = results[2].deal_id
    assert deal_id is not None
    ruling = Decision(event=4, decision="overruled", text="出错了牌", referee="x", at="2026-12-01T20:00:00Z")
    record_decision(engine, deal_id, ruling, "裁判甲")
    record_decision(engine, deal_id, ruling._replace(decision="upheld", at="2026-12-02T08:00:00Z"), "admin")
    add_variation(engine, deal_id, Line(kind="variation", at=5, events=tuple(third.events[5:8]), name="试试"), "裁判甲")
    save_evaluation(engine, deal_id, evaluated)
    return {"deal_id": deal_id, "ids": [r.deal_id for r in results], "match": third.meta["match"]}


def counts(engine: Engine) -> dict[str, int]:
    """The rows of every table (to see that nothing changed)."""
    with engine.connect() as conn:
        return {
            t.name: int(conn.execute(select(func.count()).select_from(t)).scalar_one())
            for t in SQLModel.metadata.sorted_tables
        }


def hanging(engine: Engine, deal_id: int) -> dict[str, int]:
    """The rows of each table that names a deal by a foreign key, for ``deal_id`` (and its evaluations' seat lines)."""
    out = {}
    with engine.connect() as conn:
        for t in SQLModel.metadata.sorted_tables:
            if any(fk.column.table.name == "deal" for fk in t.foreign_keys):
                out[t.name] = int(conn.execute(select(func.count()).where(t.c.deal_id == deal_id)).scalar_one())
        out["deal"] = int(conn.execute(select(func.count()).where(table_of(Deal).c.id == deal_id)).scalar_one())
        out["evaluation_seat"] = int(
            conn.execute(select(func.count()).select_from(table_of(EvaluationSeatRow))).scalar_one()
        )
    return out


def facts(engine: Engine, deal_id: int) -> dict[str, Any]:
    """What a deal is, its ids aside: its row, seats, events with their verdicts, findings, decisions, variations and
    evaluations."""

    def rows(model: type[SQLModel], *where: Any, drop: tuple[str, ...] = ("id", "deal_id")) -> list[dict[str, Any]]:
        table = table_of(model)
        stmt = select(table).where(*where).order_by(*table.primary_key.columns)
        with engine.connect() as conn:
            return [{k: v for k, v in r._mapping.items() if k not in drop} for r in conn.execute(stmt)]

    evaluations = table_of(EvaluationRow)
    with engine.connect() as conn:
        eval_ids = list(conn.execute(select(evaluations.c.id).where(evaluations.c.deal_id == deal_id)).scalars())
    seats = table_of(EvaluationSeatRow)
    return {
        "deal": rows(Deal, table_of(Deal).c.id == deal_id, drop=("id", "match_id")),
        "seats": rows(DealSeat, table_of(DealSeat).c.deal_id == deal_id),
        "events": rows(EventRow, table_of(EventRow).c.deal_id == deal_id),
        "findings": rows(FindingRow, table_of(FindingRow).c.deal_id == deal_id),
        "decisions": [(s.decision, s.created_at, s.user_id) for s in deal_decisions(engine, deal_id)],
        "variations": [
            (v.number, v.name, v.kind, v.at, v.events, v.made_by, v.created, v.engine_version)
            for v in deal_variations(engine, deal_id)
        ],
        "evaluations": rows(EvaluationRow, evaluations.c.deal_id == deal_id),
        "evaluation_seats": rows(EvaluationSeatRow, seats.c.evaluation_id.in_(eval_ids), drop=("id", "evaluation_id")),
    }


def test_a_referees_deletion_takes_the_deal_out_of_every_table_and_records_it(
    engine: Engine, library: dict[str, Any]
) -> None:
    deal_id, match = library["deal_id"], library["match"]
    held = hanging(engine, deal_id)
    assert all(held[t] > 0 for t in ("deal", "deal_seat", "event", "finding", "decision", "variation", "evaluation"))
    assert deal_id in set(team_points(engine, match)["deal_id"]) and deal_id in set(
        queries.match_standings(engine, match)["deal_id"]
    )
    assert deal_id in {r.deal_id for r in season_of(engine, "gouji").results}
    digest = queries.deals(engine).set_index("id")  # the deal's row before
    referee = get_user(engine, "裁判甲")
    assert referee is not None

    gone = delete_deal(engine, deal_id, "裁判甲", "  wrong\n table ")

    assert (gone.deal_id, gone.game, gone.reason, gone.deleted_by, gone.deleted_by_id) == (
        deal_id, "gouji", "wrong table", "裁判甲", referee.id,
    )  # fmt: skip
    assert gone.label == f"{digest.loc[deal_id, 'date']} · {match} · #3" and not gone.restored
    assert gone.deleted_at.tzinfo is not None
    assert set(hanging(engine, deal_id).values()) == {0}  # nothing of it in any table
    assert not queries.has_deal(engine, deal_id) and deal_id not in set(queries.deals(engine)["id"])
    totals, standings = team_points(engine, match), queries.match_standings(engine, match)
    assert deal_id not in set(totals["deal_id"]) and deal_id not in set(standings["deal_id"])
    assert len(set(standings["deal_id"])) == len(MATCH_FILES) - 1  # the others stay
    assert deal_id not in {r.deal_id for r in season_of(engine, "gouji").results}
    assert deletions(engine) == [gone] == deletions(engine, restored=True)
    assert get_deletion(engine, gone.id) == gone == deletion_of(engine, deal_id)
    assert deletion_of(engine, library["ids"][0]) is None and get_deletion(engine, gone.id + 1) is None
    assert repr(gone).startswith(f"Deletion(id={gone.id}, deal_id={deal_id}, ")


def test_a_match_left_without_deals_shows_in_no_list(engine: Engine, library: dict[str, Any]) -> None:
    match = library["match"]
    for deal_id in library["ids"]:
        delete_deal(engine, deal_id, OWNER)
    assert team_points(engine, match).empty and queries.match_standings(engine, match).empty
    assert queries.match_deals(engine, match) == [] and queries.deals(engine).empty
    assert season_of(engine, "gouji").results == () and queries.player_names(engine) == []
    assert len(deletions(engine)) == len(MATCH_FILES)


@pytest.mark.parametrize("actor", ["", "nobody", "会员", "old"])
def test_a_deletion_is_refused_to_anyone_below_a_referee(engine: Engine, library: dict[str, Any], actor: str) -> None:
    before = counts(engine)
    with pytest.raises(NotPermitted):
        delete_deal(engine, library["deal_id"], actor)
    assert counts(engine) == before and queries.has_deal(engine, library["deal_id"])


def test_only_an_admin_restores_and_the_deal_comes_back_the_same(engine: Engine, library: dict[str, Any]) -> None:
    deal_id = library["deal_id"]
    before = facts(engine, deal_id)
    assert [s[0].referee for s in before["decisions"]] == ["裁判甲", "admin"]
    assert all(s[2] is not None for s in before["decisions"]) and before["variations"] and before["evaluations"]
    gone = delete_deal(engine, deal_id, "裁判甲", "wrong table")
    deleted = counts(engine)
    for actor in ("裁判甲", "会员", "", "nobody"):
        with pytest.raises(NotPermitted):
            restore_deal(engine, gone.id, actor)
    assert counts(engine) == deleted and not queries.has_deal(engine, deal_id)

    assert restore_deal(engine, gone.id, "admin") == deal_id  # its old id: links to it work again
    assert facts(engine, deal_id) == before
    back = get_deletion(engine, gone.id)
    assert back is not None and back.restored and back.restored_by == "admin" and back.restored_as == deal_id
    assert back.restored_at is not None and back.restored_at >= gone.deleted_at
    assert deletions(engine) == [] and deletions(engine, restored=True) == [back]
    with pytest.raises(DeletionError, match=f"restored already, by admin on .* as deal {deal_id}") as caught:
        restore_deal(engine, gone.id, "admin")
    said_zh = zh_of(caught.value.args[0])
    assert "admin" in said_zh and "恢复" in said_zh and str(deal_id) in said_zh
    assert facts(engine, deal_id) == before


def test_a_deal_imported_again_takes_the_archive(engine: Engine, library: dict[str, Any], third: Log) -> None:
    deal_id = library["deal_id"]
    before = facts(engine, deal_id)
    gone = delete_deal(engine, deal_id, "裁判甲")
    with engine.connect() as conn:  # the archive's log holds its rulings: imported again, they come back account-less
        archived = conn.execute(select(table_of(DealDeletion).c.archive)).scalar_one()
    log = parse_json_log(json.loads(archived)["log"])
    assert len(log.decisions) == 2
    again = import_log(engine, log, "again.json")
    assert again.status == "added" and again.deal_id is not None and again.deal_id != deal_id
    assert [s.user_id for s in deal_decisions(engine, again.deal_id)] == [None, None]

    assert restore_deal(engine, gone.id, "admin") == again.deal_id
    after = facts(engine, again.deal_id)
    assert after["deal"][0]["content_hash"] == before["deal"][0]["content_hash"]
    assert [d[0] for d in after["decisions"]] == [d[0] for d in before["decisions"]]  # each once
    assert after["variations"] == before["variations"] and after["evaluations"] == before["evaluations"]
    assert after["evaluation_seats"] == before["evaluation_seats"]
    assert not queries.has_deal(engine, deal_id)
    back = get_deletion(engine, gone.id)
    assert back is not None and back.restored_as == again.deal_id


def test_a_deleted_deals_id_is_never_given_to_another_so_its_link_says_it_was_deleted(
    engine: Engine, library: dict[str, Any]
) -> None:
    last = library["ids"][-1]  # the highest id: a SQLite table without AUTOINCREMENT would give it again
    gone = delete_deal(engine, last, OWNER)
    one = import_log(engine, read_log(SAMPLES / "gouji-2026-09-08-d1.json"), "other.json")  # one deal
    batch = import_paths(engine, sorted(SAMPLES.glob("gouji-2026-09-08-d[2-4].json")), jobs=1)  # a batch, staged
    new = [one.deal_id, *(r.deal_id for r in batch)]
    assert all(isinstance(i, int) and i > last for i in new), (last, new)
    found = deletion_of(engine, last)  # the old link: the deal it was, deleted (no other deal in its place)
    assert found is not None and found.id == gone.id
    second = delete_deal(engine, library["ids"][-2], OWNER)
    assert restore_deal(engine, gone.id, OWNER) == last  # its old id again
    assert restore_deal(engine, second.id, OWNER) == library["ids"][-2]
    after = import_log(engine, read_log(SAMPLES / "gouji-2026-09-08-d5.json"), "more.json")
    assert after.deal_id == max(new) + 1


def test_an_id_taken_meanwhile_brings_the_deal_back_under_a_new_one(engine: Engine, library: dict[str, Any]) -> None:
    last, first = library["ids"][-1], library["ids"][0]
    gone = delete_deal(engine, last, OWNER)
    deletions_table = table_of(DealDeletion)
    with engine.begin() as conn:  # as in a library where an older fupan gave a deleted deal's id to the next import
        conn.execute(update(deletions_table).where(deletions_table.c.id == gone.id).values(deal_id=first))
    restored = restore_deal(engine, gone.id, OWNER)
    assert restored not in library["ids"][:-1]  # not the id another deal holds: the next free one
    record = get_deletion(engine, gone.id)
    assert record is not None and record.restored_as == restored


@pytest.mark.parametrize("step", ["_remove", "_record"])
def test_a_failed_deletion_changes_nothing(
    engine: Engine, library: dict[str, Any], monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    before, deal_id = counts(engine), library["deal_id"]
    done = getattr(deletions_module, step)

    def failing(*args: Any) -> None:
        done(*args)  # the step's writes are made, then the transaction fails
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(deletions_module, step, failing)
    with pytest.raises(RuntimeError, match="disk is full"):
        delete_deal(engine, deal_id, "裁判甲")
    assert counts(engine) == before and deletions(engine, restored=True) == []


def test_a_failed_restore_changes_nothing(
    engine: Engine, library: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_id = library["deal_id"]
    before = facts(engine, deal_id)
    gone = delete_deal(engine, deal_id, "裁判甲")
    deleted = counts(engine)
    put = deletions_module._put_evaluations

    def failing(*args: Any) -> None:
        put(*args)
        raise RuntimeError("the connection was lost")

    monkeypatch.setattr(deletions_module, "_put_evaluations", failing)
    with pytest.raises(RuntimeError, match="connection was lost"):
        restore_deal(engine, gone.id, "admin")
    assert counts(engine) == deleted and deletions(engine) == [gone]
    monkeypatch.undo()
    assert restore_deal(engine, gone.id, "admin") == deal_id and facts(engine, deal_id) == before


def test_a_restore_another_made_meanwhile_is_refused(
    engine: Engine, library: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_id = library["deal_id"]
    gone = delete_deal(engine, deal_id, "裁判甲")
    prepare = deletions_module._prepare

    def meanwhile(row: Any) -> Any:  # the deal is replayed; another admin's restore ends first
        made = prepare(row)
        monkeypatch.setattr(deletions_module, "_prepare", prepare)
        assert restore_deal(engine, gone.id, "admin") == deal_id
        return made

    monkeypatch.setattr(deletions_module, "_prepare", meanwhile)
    with pytest.raises(DeletionError, match="restored already"):
        restore_deal(engine, gone.id, "admin")
    assert counts(engine)["deal"] == len(MATCH_FILES) and len(deal_decisions(engine, deal_id)) == 2  # back once


def test_the_owner_deletes_and_restores(engine: Engine, library: dict[str, Any]) -> None:
    deal_id = library["deal_id"]
    gone = delete_deal(engine, deal_id, OWNER)
    assert (gone.deleted_by, gone.deleted_by_id) == ("", None)
    assert restore_deal(engine, gone.id, OWNER) == deal_id
    back = get_deletion(engine, gone.id)
    assert back is not None and (back.restored_by, back.restored_as) == ("", deal_id)
    with pytest.raises(DeletionError, match="by the owner"):
        restore_deal(engine, gone.id, OWNER)


def test_a_restored_ruling_keeps_its_account_while_it_exists(engine: Engine, library: dict[str, Any]) -> None:
    deal_id = library["deal_id"]
    gone = delete_deal(engine, deal_id, OWNER)
    admin, referee = get_user(engine, "admin"), get_user(engine, "裁判甲")
    assert admin is not None and referee is not None
    with engine.begin() as conn:  # the admin's account gone meanwhile (fupan deletes none: done here by hand)
        users = table_of(User)
        conn.execute(users.delete().where(users.c.id == admin.id))
    restore_deal(engine, gone.id, OWNER)
    stored = deal_decisions(engine, deal_id)
    assert [(s.decision.referee, s.user_id) for s in stored] == [("裁判甲", referee.id), ("admin", None)]


def test_no_such_deal_or_deletion_and_a_bad_reason(engine: Engine, library: dict[str, Any]) -> None:
    before = counts(engine)
    with pytest.raises(DeletionError, match="no deal 9999 in the library") as caught:
        delete_deal(engine, 9999, "裁判甲")
    assert "9999" in zh_of(caught.value.args[0]) and zh_of(caught.value.args[0]) != str(caught.value)
    with pytest.raises(DeletionError, match="no deletion 42"):
        restore_deal(engine, 42, "admin")
    with pytest.raises(DeletionError, match="at most 500 characters"):
        delete_deal(engine, library["deal_id"], "裁判甲", "x" * 501)
    with pytest.raises(DeletionError, match="control character"):
        delete_deal(engine, library["deal_id"], "裁判甲", "bad\x00reason")
    assert counts(engine) == before
    gone = delete_deal(engine, library["deal_id"], "裁判甲")
    with engine.begin() as conn:  # an archive damaged by hand
        conn.execute(table_of(DealDeletion).update().values(archive='{"format": "fupan-deletion 1"}'))
    deleted = counts(engine)
    with pytest.raises(DeletionError, match=f"the archive of deletion {gone.id} does not hold the deal deleted"):
        restore_deal(engine, gone.id, "admin")
    assert counts(engine) == deleted and deletions(engine) == [gone]


def test_an_import_of_decisions_for_a_deal_deleted_meanwhile_says_so(
    engine: Engine, library: dict[str, Any], third: Log, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An import that found the deal stored, then has it deleted before its transaction adds the log's decisions
    (another session's deletion, on PostgreSQL truly at the same time): the file is refused with that reason, at
    once (not tried again as if the database were busy), and nothing of it stored."""
    import data.importer as importer

    deal_id = library["deal_id"]
    delete_deal(engine, deal_id, "裁判甲", "重复")
    monkeypatch.setattr(importer, "_stored_id", lambda engine, digest: deal_id)  # as looked up before the deletion
    before = counts(engine)
    ruling = Decision(event=2, decision="upheld", text="维持", referee="x", at="2026-12-03T20:00:00Z")
    result = import_log(engine, third._replace(decisions=(ruling,)), "again.json")
    assert (result.status, result.deal_id) == ("error", None)
    assert "removed meanwhile; import it again" in result.reason and "刚被删除" in zh_of(result.reason)
    assert counts(engine) == before
