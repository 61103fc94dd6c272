"""Tests of a referee's decisions in the deal library (data/decisions.py, data/importer.py, the Library
query): a log's decisions stored with its deal or merged into the stored one, the history kept, bad
decisions refused with their place, export and import round trips (also from SQLite to PostgreSQL and
back), concurrent imports, the migration 0004 -> 0005, and what ``fupan import`` reports. Each runs on
SQLite and on PostgreSQL (FUPAN_TEST_PG_URL, see tests/storage_dbs.py)."""

from __future__ import annotations

import json
import multiprocessing
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import func, inspect, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import col
from storage_dbs import HEAD, import_into_old_schema, temp_db_url

import cli
import data.database as database
import data.decisions as stored
from data import queries
from data.database import alembic_config, current_revision, make_engine, migrate, open_db, shown_url
from data.decisions import deal_decisions, decisions_of, standing_decisions
from data.exporter import export_deals
from data.importer import content_hash, import_log, import_paths
from data.models import Deal, DealSeat, DecisionRow, EventRow, FindingRow
from replay import games
from replay.formats.decisions import Decision, in_order
from replay.formats.log import Log, read_log
from replay.simulate import simulate_deal


def count(engine: Engine, model: Any, *where: Any) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(model).where(*where)).scalar_one())


def dec(
    event: int, at: str, decision: str = "upheld", text: str = "裁定", referee: str = "老王", **kw: Any
) -> Decision:
    return Decision(event=event, decision=decision, text=text, referee=referee, at=at, **kw)


def with_decisions(log: Log, *decisions: Decision) -> Log:
    return replace(log, decisions=in_order(decisions))


def write(path: Path, log: Log) -> Path:
    path.write_text(log.dumps(), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def deal() -> Log:
    """A simulated 够级 deal (no decisions)."""
    return simulate_deal(7, "gouji").log


A = dec(3, "2026-12-01T20:00:00Z")
B = dec(5, "2026-12-01T20:05:00Z", "overruled", "seat 5 passed out of turn", "Li", rule="TURN-ORDER")
C = dec(3, "2026-12-01T21:00:00Z", "overruled", "on second thought: <b>illegal</b>\n见规则 GJ-BURN", "老王")


# ---------------------------------------------------------------------------------------------
# Import


def test_a_log_with_decisions_stores_the_deal_without_them_and_the_decisions(engine: Engine, deal: Log) -> None:
    log = with_decisions(deal, B, A)
    r = import_log(engine, log, "a.json")
    assert (r.status, r.decisions_added) == ("added", 2) and r.deal_id is not None
    with engine.connect() as conn:
        (row,) = conn.execute(select(col(Deal.log_json), col(Deal.content_hash))).all()
    assert row.log_json == deal.dumps() and '"decisions"' not in row.log_json  # the deal itself
    assert row.content_hash == content_hash(deal) == content_hash(log)  # a hash of the deal only, as before
    got = deal_decisions(engine, r.deal_id)
    assert [s.decision for s in got] == [A, B]  # oldest first
    assert all(s.user_id is None and s.deal_id == r.deal_id for s in got)  # imported, not from the dashboard
    assert all(s.created_at.utcoffset() is not None for s in got)
    # the same file again: nothing new
    again = import_log(engine, log, "a.json")
    assert (again.status, again.deal_id, again.decisions_added) == ("duplicate", r.deal_id, 0)
    assert count(engine, DecisionRow) == 2


def test_a_duplicate_deal_brings_its_new_decisions(engine: Engine, deal: Log, tmp_path: Path) -> None:
    first = import_log(engine, deal, "plain.json")
    assert (first.status, first.decisions_added) == ("added", 0) and first.deal_id is not None
    before = {m: count(engine, m) for m in (Deal, DealSeat, EventRow, FindingRow)}
    files = [
        write(tmp_path / "1.json", with_decisions(deal, A, B)),
        write(tmp_path / "2.json", with_decisions(deal, B, C)),  # B is held already, C is new
        write(tmp_path / "3.json", with_decisions(deal, C, A, B)),  # nothing new
        write(tmp_path / "4.json", deal),
    ]
    results = import_paths(engine, files)
    assert [(r.status, r.deal_id, r.decisions_added) for r in results] == [
        ("duplicate", first.deal_id, 2),
        ("duplicate", first.deal_id, 1),
        ("duplicate", first.deal_id, 0),
        ("duplicate", first.deal_id, 0),
    ]
    assert {m: count(engine, m) for m in before} == before  # the deal itself untouched
    assert [s.decision for s in deal_decisions(engine, first.deal_id)] == [A, B, C]


def test_the_same_decision_twice_in_one_log_is_stored_once(engine: Engine, deal: Log) -> None:
    r = import_log(engine, with_decisions(deal, A, A, B), "twice.json")
    assert (r.status, r.decisions_added) == ("added", 2)
    assert count(engine, DecisionRow) == 2


def test_a_later_decision_supersedes_and_the_history_stays(engine: Engine, deal: Log) -> None:
    r = import_log(engine, with_decisions(deal, C, B), "late.json")
    assert r.deal_id is not None
    # an earlier decision on event 3 comes in afterwards: it is history, C still stands
    assert import_log(engine, with_decisions(deal, A), "early.json").decisions_added == 1
    every = deal_decisions(engine, r.deal_id)
    assert [s.decision for s in every] == [A, B, C]
    standing = standing_decisions(engine, r.deal_id)
    assert list(standing) == [3, 5]
    assert standing[3].decision == C and standing[5].decision == B
    assert [s.decision for s in every if s.event == 3] == [A, C]  # both kept
    assert decisions_of(engine) == {r.deal_id: (A, B, C)}


def test_decision_text_is_stored_verbatim(engine: Engine, deal: Log, tmp_path: Path) -> None:
    odd = "<script>alert('x')</script> & <i>判</i>\n第二行\r\n\ttabbed  \"quoted\" \\ back"
    d = dec(0, "2026-12-01T19:00:00Z", text=odd, referee="<b>王</b>")
    r = import_log(engine, with_decisions(deal, d), "odd.json")
    assert r.deal_id is not None
    (got,) = deal_decisions(engine, r.deal_id)
    assert got.decision.text == odd and got.decision.referee == "<b>王</b>"
    (path,) = export_deals(engine, tmp_path / "out")
    assert read_log(path).decisions == (d,)
    assert json.loads(path.read_text(encoding="utf-8"))["decisions"][0]["text"] == odd


def test_a_bad_decision_makes_its_file_an_error_and_the_others_go_in(engine: Engine, deal: Log, tmp_path: Path) -> None:
    other = simulate_deal(8, "gouji").log
    doc = with_decisions(deal, A).to_json()
    doc["decisions"].append({**B.to_json(), "event": len(deal.events) + 1})  # no such event (the last is len)
    (tmp_path / "a-event.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    nul = with_decisions(deal, B, replace(A, text="nul \x00 here"))
    write(tmp_path / "b-nul.json", nul)
    write(tmp_path / "c-good.json", with_decisions(other, A))
    results = {Path(r.source).name: r for r in import_paths(engine, [tmp_path])}
    assert {k: (r.status, r.decisions_added) for k, r in results.items()} == {
        "a-event.json": ("error", 0),
        "b-nul.json": ("error", 0),
        "c-good.json": ("added", 1),
    }
    assert "a-event.json" in results["a-event.json"].reason and "decisions[1].event" in results["a-event.json"].reason
    assert f"no event {len(deal.events) + 1} in this log" in results["a-event.json"].reason
    # A (event 3, earlier) is decisions[0] of the file, B decisions[1]: the NUL is in decisions[0].text
    reason = results["b-nul.json"].reason
    assert reason.startswith("decisions[0].text (line ") and "NUL" in reason, reason
    assert count(engine, Deal) == 1 and count(engine, DecisionRow) == 1
    # the deal stored already: a bad decision still adds none of the file's decisions
    assert import_log(engine, deal, "plain").status == "added"
    r = import_log(engine, read_log(tmp_path / "b-nul.json"), "b-nul.json")
    assert r.status == "error" and "NUL" in r.reason
    assert count(engine, DecisionRow) == 1


def test_a_failure_while_adding_decisions_leaves_nothing_of_the_file(
    engine: Engine, deal: Log, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = database.insert_ignore
    calls: list[str] = []

    def failing(conn: Any, table: Any, values: dict[str, Any], unique: tuple[str, ...]) -> Any:
        out = real(conn, table, values, unique)
        if table.name == "decision":
            calls.append(values["text"])
            if len(calls) == 2:
                raise RuntimeError("disk on fire")
        return out

    monkeypatch.setattr(stored, "insert_ignore", failing)
    with pytest.raises(RuntimeError, match="disk on fire"):
        import_log(engine, with_decisions(deal, A, B), "new")
    assert count(engine, Deal) == count(engine, DecisionRow) == count(engine, EventRow) == 0
    monkeypatch.setattr(stored, "insert_ignore", real)
    assert import_log(engine, deal, "plain").status == "added"
    monkeypatch.setattr(stored, "insert_ignore", failing)
    calls.clear()
    with pytest.raises(RuntimeError, match="disk on fire"):
        import_log(engine, with_decisions(deal, A, B), "dup")
    assert count(engine, DecisionRow) == 0 and count(engine, Deal) == 1


# ---------------------------------------------------------------------------------------------
# Export


def _library(engine: Engine, deal: Log) -> None:
    """Three deals: one with decisions that came in over two imports, one without, one 保皇 with one."""
    assert import_log(engine, with_decisions(deal, C, B), "1").status == "added"
    assert import_log(engine, simulate_deal(9, "gouji").log, "2").status == "added"
    assert import_log(engine, with_decisions(deal, A), "1 again").decisions_added == 1
    bh = simulate_deal(10, "baohuang").log
    assert import_log(engine, with_decisions(bh, dec(1, "2026-11-30T08:00:00Z", text="保皇 ok")), "3").status == "added"


@pytest.mark.parametrize(
    ("src", "dst"),
    [("sqlite", "sqlite"), ("sqlite", "postgresql"), ("postgresql", "sqlite"), ("postgresql", "postgresql")],
)
def test_export_import_export_is_byte_identical(src: str, dst: str, deal: Log, tmp_path: Path) -> None:
    with temp_db_url(src, tmp_path, "fupan_src") as a_url, temp_db_url(dst, tmp_path, "fupan_dst") as b_url:
        a, b = open_db(a_url), open_db(b_url)
        try:
            _library(a, deal)
            first = export_deals(a, tmp_path / "first")
            assert [len(read_log(p).decisions) for p in first] == [3, 0, 1]
            assert read_log(first[0]).decisions == (A, B, C)  # every stored decision, oldest first
            assert read_log(first[1]).dumps() == simulate_deal(9, "gouji").log.dumps()  # none: as imported
            # into the same library again: nothing new
            assert [(r.status, r.decisions_added) for r in import_paths(a, first)] == [("duplicate", 0)] * 3
            # into a fresh one, and out again: the same bytes
            assert [(r.status, r.decisions_added) for r in import_paths(b, first)] == [
                ("added", 3),
                ("added", 0),
                ("added", 1),
            ]
            second = export_deals(b, tmp_path / "second")
            assert [p.read_bytes() for p in second] == [p.read_bytes() for p in first]
        finally:
            a.dispose()
            b.dispose()


# ---------------------------------------------------------------------------------------------
# Queries


def test_the_library_filters_deals_by_decisions_and_counts_them(engine: Engine, deal: Log) -> None:
    _library(engine, deal)
    every = queries.deals(engine)
    assert list(every.columns) == queries.DEAL_COLUMNS and "n_decisions" in every.columns
    counts = dict(zip(every["id"], every["n_decisions"], strict=True))
    with engine.connect() as conn:
        ids = {str(row.source): int(row.id) for row in conn.execute(text("SELECT source, id FROM deal"))}
    assert counts == {ids["1"]: 3, ids["2"]: 0, ids["3"]: 1}
    assert every["n_decisions"].dtype.kind == "i"
    assert sorted(queries.deals(engine, decided=True)["id"]) == sorted([ids["1"], ids["3"]])
    assert queries.deals(engine, decided=False)["id"].tolist() == [ids["2"]]
    assert queries.deals(engine, decided=True, game="baohuang")["id"].tolist() == [ids["3"]]
    assert queries.deals(engine, decided=False, game="baohuang").empty
    assert list(queries.deals(engine, decided=False, game="baohuang").columns) == queries.DEAL_COLUMNS


# ---------------------------------------------------------------------------------------------
# Concurrent imports


def _worker(url: str, files: list[str], barrier: Any, out: Any, k: int) -> None:
    try:
        barrier.wait(timeout=60)
        engine = open_db(url)
        results = import_paths(engine, files)
        out.put((k, [(r.source, r.status, r.deal_id, r.decisions_added, r.reason) for r in results]))
        engine.dispose()
    except BaseException as exc:
        out.put((k, f"{type(exc).__name__}: {exc}"))
        raise


N_PROCESSES = 4


def test_concurrent_imports_of_one_deal_with_other_decisions(
    db_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Four processes import the same three deals at once into one fresh database, each file with
    another (overlapping) set of decisions: each deal is stored once, each decision once, none lost."""
    folder = tmp_path_factory.mktemp("decided")
    deals = [simulate_deal(seed, game).log for seed, game in ((41, "gouji"), (42, "baohuang"), (43, "gouji"))]
    pool = [
        [dec(e, f"2026-12-0{1 + j % 3}T2{j % 4}:0{j}:00Z", ("upheld", "overruled")[j % 2], f"第{j}条", f"ref{j % 3}")
         for j, e in enumerate(range(2, 14, 2))]
        for _ in deals
    ]  # fmt: skip
    sets: list[list[str]] = []
    for k in range(N_PROCESSES):
        files = []
        for n, log in enumerate(deals):
            mine = [pool[n][(k + j) % 6] for j in range(3)]  # three of six, shifted: the four sets hold all six
            files.append(str(write(folder / f"p{k}-d{n}.json", with_decisions(log, *mine))))
        sets.append(files if k % 2 == 0 else files[::-1])
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(N_PROCESSES)
    out = ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(db_url, sets[k], barrier, out, k)) for k in range(N_PROCESSES)]
    for p in procs:
        p.start()
    reports = dict(out.get(timeout=180) for _ in procs)
    for p in procs:
        p.join(timeout=60)
    assert [p.exitcode for p in procs] == [0] * N_PROCESSES
    results = []
    for k, rep in reports.items():
        assert isinstance(rep, list), f"process {k}: {rep}"
        assert [r[1] for r in rep if r[1] not in ("added", "duplicate")] == [], rep
        results += rep
    engine = make_engine(db_url)
    try:
        assert count(engine, Deal) == len(deals)
        assert sum(1 for r in results if r[1] == "added") == len(deals)  # each deal added by one process
        assert sum(r[3] for r in results) == count(engine, DecisionRow) == 6 * len(deals)  # none twice, none lost
        with engine.connect() as conn:
            by_hash = {
                str(row.content_hash): int(row.id) for row in conn.execute(text("SELECT content_hash, id FROM deal"))
            }
        for n, log in enumerate(deals):
            deal_id = by_hash[content_hash(log)]
            assert [s.decision for s in deal_decisions(engine, deal_id)] == list(in_order(pool[n]))
        assert count(engine, DealSeat) == sum(games.get(log.game).seats for log in deals)
    finally:
        engine.dispose()


# ---------------------------------------------------------------------------------------------
# Migration 0005


def test_migration_0004_to_0005_keeps_the_deals(db_url: str, deal: Log, monkeypatch: pytest.MonkeyPatch) -> None:
    eng = make_engine(db_url)
    try:
        migrate(eng, "0004")
        assert current_revision(eng) == "0004"
        assert "decision" not in inspect(eng).get_table_names()
        with monkeypatch.context() as m:
            import_into_old_schema(m, eng)
            old = import_log(eng, deal, "old.json")  # a library of the old schema
        assert old.status == "added"
        deal_id = old.deal_id
        with eng.connect() as conn:
            before = conn.execute(text("SELECT id, content_hash, log_json FROM deal")).all()
    finally:
        eng.dispose()

    eng = open_db(db_url)
    try:
        assert current_revision(eng) == HEAD
        assert {"decision", "user_account"} <= set(inspect(eng).get_table_names())
        with eng.connect() as conn:
            assert conn.execute(text("SELECT id, content_hash, log_json FROM deal")).all() == before
        # the upgraded library knows the old deal by the same hash and takes its decisions
        r = import_log(eng, with_decisions(deal, dec(1, "2026-12-01T20:00:00Z")), "new.json")
        assert (r.status, r.deal_id, r.decisions_added) == ("duplicate", deal_id, 1)
        open_db(db_url).dispose()  # opening it again changes nothing
        assert current_revision(eng) == HEAD
    finally:
        eng.dispose()

    eng = make_engine(db_url)  # and back down: the decisions and accounts go, the deals stay
    try:
        command.downgrade(alembic_config(eng), "0004")
        assert current_revision(eng) == "0004"
        assert not {"decision", "user_account"} & set(inspect(eng).get_table_names())
        with eng.connect() as conn:
            assert conn.execute(text("SELECT id, content_hash, log_json FROM deal")).all() == before
    finally:
        eng.dispose()


def test_a_decision_must_name_an_event_of_its_deal(engine: Engine, deal: Log) -> None:
    """The schema itself refuses a decision on an event the deal does not have (a foreign key)."""
    r = import_log(engine, deal, "d")
    assert r.deal_id is not None
    with pytest.raises(IntegrityError, match=r"(?i)foreign key"), engine.begin() as conn:
        stored.store_decisions(conn, r.deal_id, [dec(len(deal.events), "2026-12-01T20:00:00Z")])
    assert count(engine, DecisionRow) == 0


# ---------------------------------------------------------------------------------------------
# fupan import


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_import_reports_the_decisions_added(
    db_url: str, deal: Log, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = write(tmp_path / "plain.json", deal)
    assert run(capsys, "import", plain, "--db", db_url) == (
        0,
        f"{plain}: added as deal 1\n1 added, 0 duplicate, 0 not imported\n",
        f"library: {shown_url(db_url)}\n",
    )
    decided = write(tmp_path / "decided.json", with_decisions(deal, A, B))
    code, out, err = run(capsys, "import", decided, "--db", db_url)
    assert (code, err) == (0, f"library: {shown_url(db_url)}\n")
    assert out.splitlines() == [
        f"{decided}: duplicate of deal 1, 2 referee's decisions added",
        "0 added, 1 duplicate, 0 not imported; 2 referee's decisions added",
    ]
    assert run(capsys, "import", decided, "--db", db_url) == (
        0,
        f"{decided}: duplicate of deal 1\n0 added, 1 duplicate, 0 not imported\n",
        f"library: {shown_url(db_url)}\n",
    )
    new = write(tmp_path / "new.json", with_decisions(simulate_deal(12, "gouji").log, C))
    assert run(capsys, "import", new, "--db", db_url) == (
        0,
        f"{new}: added as deal 2, 1 referee's decision added\n"
        "1 added, 0 duplicate, 0 not imported; 1 referee's decision added\n",
        f"library: {shown_url(db_url)}\n",
    )
    out_dir = tmp_path / "out"
    assert run(capsys, "export", "--db", db_url, "--out", out_dir)[:2] == (0, f"wrote 2 logs to {out_dir}\n")
    assert sorted(len(read_log(p).decisions) for p in out_dir.iterdir()) == [1, 2]
