"""Tests of the deal library (data/): import, duplicates, bad files, atomicity, export, aliases,
matches, the CLI's import/export, concurrent imports and migrations, each on SQLite (a file in
tmp_path) and on PostgreSQL (a fresh database per test on the server at FUPAN_TEST_PG_URL).

The PostgreSQL half is skipped when FUPAN_TEST_PG_URL is unset, unless CI=true: there it fails.
`make test-pg` (or `bash .ci/pg.sh COMMAND`) runs a command beside a throwaway server that sets it.
"""

from __future__ import annotations

import json
import multiprocessing
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from paths import CASE_LOGS
from sqlalchemy import func, inspect, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session
from sqlmodel import SQLModel
from storage_dbs import HEAD

import cli
import data.deal_rows as deal_rows
import data.importer as importer
from coach.coach import coach_replay
from data.database import current_revision, make_engine, migrate, open_db, public_url, shown_url
from data.exporter import export_deals
from data.importer import content_hash, import_log, import_paths
from data.models import Deal, DealSeat, EventRow, FindingRow, Match, Player, PlayerAlias
from replay import games
from replay.core.events import Play
from replay.formats.log import Log, read_log
from replay.formats.notation.read import format_text
from replay.games.shengji.engine import card_points
from replay.replay import Replay
from replay.simulate import simulate_deal, write_deals

CASES = CASE_LOGS


def lib(url: str) -> str:
    """The line the library commands write first on standard error."""
    return f"library: {shown_url(url)}\n"


def count(engine: Engine, model: Any, *where: Any) -> int:
    with Session(engine) as db:
        stmt = select(func.count()).select_from(model)
        for w in where:
            stmt = stmt.where(w)
        return db.scalar(stmt) or 0


def rows(engine: Engine, model: Any, *where: Any, order: Any = None) -> list[Any]:
    with Session(engine) as db:
        stmt = select(model)
        for w in where:
            stmt = stmt.where(w)
        if order is not None:
            stmt = stmt.order_by(order)
        return list(db.scalars(stmt))


# ---------------------------------------------------------------------------------------------
# Logs


@pytest.fixture(scope="module")
def sims(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of simulated canonical logs: three 够级 and three 保皇 deals."""
    folder = tmp_path_factory.mktemp("sims")
    write_deals(folder, 3, 101, "gouji")
    write_deals(folder, 3, 201, "baohuang")
    return folder


def write_log(path: Path, log: Log) -> Path:
    path.write_text(log.dumps(), encoding="utf-8")
    return path


def with_meta(log: Log, **meta: Any) -> Log:
    new = {k: v for k, v in {**log.meta, **meta}.items() if v is not None}
    return replace(log, meta=new)


def statuses(results: list[importer.ImportResult]) -> list[str]:
    return [r.status for r in results]


# ---------------------------------------------------------------------------------------------
# Import


def test_import_stores_deals_seats_events_findings(engine: Engine, sims: Path) -> None:
    results = import_paths(engine, [sims])
    assert statuses(results) == ["added"] * 6
    assert count(engine, Deal) == 6
    for r in results:
        log = read_log(r.source)
        rep = Replay(log)
        report = coach_replay(rep)
        score = rep.score()
        assert score is not None
        (deal,) = rows(engine, Deal, Deal.id == r.deal_id)
        assert deal.content_hash == content_hash(log)
        assert (deal.game, deal.profile) == (log.game, log.profile_name)
        assert (deal.date, deal.venue, deal.deal_number) == (log.meta["date"], log.meta["venue"], log.meta["deal"])
        assert deal.n_events == len(log.events) and deal.legal and deal.finished
        assert deal.log_json == log.dumps()
        assert deal.n_findings == len(report.findings)
        assert deal.source == r.source

        seats = rows(engine, DealSeat, DealSeat.deal_id == deal.id, order=DealSeat.seat)
        assert [s.seat for s in seats] == list(range(games.get(log.game).seats))
        players = {p.id: p.name for p in rows(engine, Player)}
        assert [players[s.player_id] for s in seats] == [s.player for s in log.seats]
        places = {p.seat: p for p in score.places}
        assert [(s.place, s.points) for s in seats] == [
            (places[s].place, places[s].points) for s in range(games.get(log.game).seats)
        ]
        if log.game == "gouji":
            assert [s.side for s in seats] == ["0", "1"] * 3
        else:
            roles = rep.engine.roles(rep.final)
            assert [s.side for s in seats] == [roles[s] or "" for s in range(5)]
            assert {"emperor", "solo"} & {s.side for s in seats}

        events = rows(engine, EventRow, EventRow.deal_id == deal.id, order=EventRow.idx)
        assert [(e.idx, e.seat, e.action, e.cards, e.legal, e.rule) for e in events] == [
            (v.index, v.seat, v.action, " ".join(v.cards), v.legal, v.rule) for v in rep.verdicts
        ]
        findings = rows(engine, FindingRow, FindingRow.deal_id == deal.id, order=FindingRow.id)
        assert [(f.idx, f.seat, f.kind, f.severity, f.rule, f.maxim, f.message_en) for f in findings] == [
            (f.index, f.seat, f.kind, f.severity, f.rule, f.maxim, f.message_en) for f in report.findings
        ]
        assert all(json.loads(f.evidence_json) is not None for f in findings)
    assert {p.name for p in rows(engine, Player)} == {
        s.player for r in results for s in read_log(r.source).seats
    }  # one player per name


def test_illegal_events_keep_their_verdicts(engine: Engine) -> None:
    path = CASES / "TURN-ORDER.illegal.txt"
    (r,) = import_paths(engine, [path])
    assert r.status == "added"
    rep = Replay(read_log(path))
    (deal,) = rows(engine, Deal)
    assert not deal.legal and not deal.finished
    events = rows(engine, EventRow, EventRow.deal_id == deal.id, order=EventRow.idx)
    assert [(e.legal, e.rule) for e in events] == [(v.legal, v.rule) for v in rep.verdicts]
    assert any(not e.legal and e.rule for e in events)
    assert deal.n_findings == count(engine, FindingRow, FindingRow.deal_id == deal.id) > 0


def test_same_deal_twice_is_stored_once(engine: Engine, sims: Path, tmp_path: Path) -> None:
    first = sorted(sims.glob("gouji-*.json"))[0]
    (a,) = import_paths(engine, [first])
    (b,) = import_paths(engine, [first])
    assert (a.status, b.status) == ("added", "duplicate")
    assert a.deal_id == b.deal_id is not None
    # the same deal under another name, and typed in the text notation: the same canonical log
    copy = tmp_path / "copy.json"
    copy.write_bytes(first.read_bytes())
    typed = tmp_path / "typed.txt"
    typed.write_text(format_text(read_log(first)), encoding="utf-8")
    assert statuses(import_paths(engine, [copy, typed])) == ["duplicate", "duplicate"]
    assert count(engine, Deal) == 1
    n = games.get(read_log(first).game).seats
    assert count(engine, DealSeat) == n and count(engine, Player) == n


def test_bad_files_are_reported_and_the_others_stored(engine: Engine, sims: Path, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    good = sorted(sims.glob("*.json"))[:2]
    for p in good:
        (folder / p.name).write_bytes(p.read_bytes())
    doc = json.loads(good[0].read_text(encoding="utf-8"))
    (folder / "a-malformed.json").write_text(good[0].read_text(encoding="utf-8")[:500], encoding="utf-8")
    bad_card = json.loads(json.dumps(doc))
    bad_card["deal"]["hands"][2][5] = "1X"
    (folder / "b-card.json").write_text(json.dumps(bad_card, ensure_ascii=False), encoding="utf-8")
    bad_profile = json.loads(json.dumps(doc))
    bad_profile["profile"] = "no-such-profile"
    (folder / "c-profile.json").write_text(json.dumps(bad_profile, ensure_ascii=False), encoding="utf-8")

    results = {Path(r.source).name: r for r in import_paths(engine, [folder])}
    assert {k: r.status for k, r in results.items()} == {
        "a-malformed.json": "error",
        "b-card.json": "error",
        "c-profile.json": "error",
        good[0].name: "added",
        good[1].name: "added",
    }
    assert "malformed JSON" in results["a-malformed.json"].reason
    assert "unknown card '1X'" in results["b-card.json"].reason
    assert "no-such-profile" in results["c-profile.json"].reason
    assert all(r.deal_id is None for r in results.values() if r.status == "error")
    assert count(engine, Deal) == 2
    assert {d.source for d in rows(engine, Deal)} == {str(folder / p.name) for p in good}
    seats = sum(games.get(read_log(p).game).seats for p in good)
    assert count(engine, DealSeat) == seats
    assert count(engine, EventRow) == sum(len(read_log(p).events) for p in good)


def test_values_the_database_cannot_store_are_refused_alike(engine: Engine, tmp_path: Path) -> None:
    """PostgreSQL refuses a text longer than its column and a NUL character; SQLite would take both.
    Such a log is refused on both backends, with the reason, and nothing of it is stored."""
    log = simulate_deal(5, "gouji").log
    long_name = replace(log, seats=(replace(log.seats[0], player="长" * 201), *log.seats[1:]))
    nul_venue = with_meta(log, venue="俱乐部\x00")
    long_match = with_meta(log, match="m" * 201)
    results = import_paths(
        engine,
        [write_log(tmp_path / "a.json", long_name), write_log(tmp_path / "b.json", nul_venue),
         write_log(tmp_path / "c.json", long_match)],
    )  # fmt: skip
    assert statuses(results) == ["error"] * 3
    assert "player" in results[0].reason and "longer than 200" in results[0].reason
    assert "NUL" in results[1].reason
    assert "meta.match" in results[2].reason and "longer than 200" in results[2].reason
    assert count(engine, Deal) == count(engine, Player) == count(engine, Match) == 0
    # a lone surrogate cannot be encoded at all
    odd = replace(log, seats=(replace(log.seats[0], player="\udc80"), *log.seats[1:]))
    r = import_log(engine, odd, "odd")
    assert r.status == "error" and "Unicode" in r.reason
    assert import_log(engine, log, "fine").status == "added"


# ---------------------------------------------------------------------------------------------
# Atomicity


def test_a_failure_halfway_through_a_deal_leaves_nothing_of_it(
    engine: Engine, sims: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = sorted(sims.glob("*.json"))
    (a,) = import_paths(engine, [files[0]])
    assert a.status == "added"
    before = {m: count(engine, m) for m in (Deal, DealSeat, EventRow, FindingRow, Player, Match)}
    real = deal_rows.add_rows
    calls: list[str] = []

    def failing(conn: Any, table: Any, items: list[tuple[Any, ...]]) -> None:
        calls.append(table.name)
        real(conn, table, items)  # stored, then the failure: the seats and events are already written
        if table.name == "finding":
            raise RuntimeError("disk on fire")

    monkeypatch.setattr(deal_rows, "add_rows", failing)
    log_b = read_log(files[3])
    with pytest.raises(RuntimeError, match="disk on fire"):
        import_log(engine, log_b, "b")
    assert calls == ["deal_seat", "event", "finding"]
    assert {m: count(engine, m) for m in before} == before  # no deal, seat, event, finding, player, match of b
    assert count(engine, Deal, Deal.content_hash == content_hash(log_b)) == 0

    # a database error halfway (here: one that never clears) is reported for that file; the others go in
    def busy(conn: Any, table: Any, items: list[tuple[Any, ...]]) -> None:
        real(conn, table, items)
        if table.name == "event":
            raise OperationalError("INSERT INTO event", {}, Exception("database is locked"))

    monkeypatch.setattr(deal_rows, "add_rows", busy)
    monkeypatch.setattr(importer.time, "sleep", lambda _s: None)
    (r,) = import_paths(engine, [files[3]])
    assert r.status == "error" and "database is locked" in r.reason and r.deal_id is None
    assert {m: count(engine, m) for m in before} == before

    monkeypatch.setattr(deal_rows, "add_rows", real)
    assert statuses(import_paths(engine, files)) == ["duplicate"] + ["added"] * 5
    assert count(engine, Deal) == 6
    (deal_a,) = rows(engine, Deal, Deal.id == a.deal_id)
    assert count(engine, EventRow, EventRow.deal_id == deal_a.id) == deal_a.n_events  # a untouched


# ---------------------------------------------------------------------------------------------
# Export


def test_export_is_byte_identical_to_the_canonical_import(engine: Engine, sims: Path, tmp_path: Path) -> None:
    import_paths(engine, [sims])
    paths = export_deals(engine, tmp_path / "out")
    assert len(paths) == 6
    assert sorted(p.read_bytes() for p in paths) == sorted(p.read_bytes() for p in sims.glob("*.json"))
    # and the export imports again as duplicates only
    assert statuses(import_paths(engine, [tmp_path / "out"])) == ["duplicate"] * 6


def test_text_notation_exports_as_canonical_json(engine: Engine, tmp_path: Path) -> None:
    typed = [CASES / "TURN-ORDER.legal.txt", CASES / "FINISH.legal.txt"]
    assert statuses(import_paths(engine, typed)) == ["added", "added"]
    paths = export_deals(engine, tmp_path / "out")
    assert [p.read_bytes() for p in paths] == [read_log(p).dumps().encode("utf-8") for p in typed]
    assert all(p.suffix == ".json" for p in paths)


# ---------------------------------------------------------------------------------------------
# 升级 (shengji): two teams, no places, team card points


@pytest.fixture(scope="module")
def sj_sims(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of three simulated 升级 deals (canonical logs)."""
    folder = tmp_path_factory.mktemp("sj")
    write_deals(folder, 3, 301, "shengji-35")
    return folder


def _out_of_turn(log: Log) -> Log:
    """The deal cut after the first lead of a trick, with the seat after next playing out of turn."""
    rep = Replay(log)
    i = next(k for k, st in enumerate(rep.states[:-1]) if st.phase == "play" and not st.trick)
    wrong = (log.events[i].seat + 2) % 4
    card = rep.states[i + 1].hands[wrong].known_cards()[0]
    return replace(log, events=(*log.events[: i + 1], Play(wrong, cards=(card,))))


def test_shengji_deals_store_teams_and_card_points(engine: Engine, sj_sims: Path, tmp_path: Path) -> None:
    results = import_paths(engine, [sj_sims])
    assert statuses(results) == ["added"] * 3
    for r in results:
        log = read_log(r.source)
        rep = Replay(log)
        score = rep.score()
        report = coach_replay(rep)
        assert score is not None and not score.void
        (deal,) = rows(engine, Deal, Deal.id == r.deal_id)
        assert (deal.game, deal.profile, deal.n_events) == ("shengji", "shengji-35", len(log.events))
        assert deal.legal and deal.finished and deal.log_json == log.dumps()
        assert deal.n_findings == len(report.findings) > 0  # the coach's notes
        seats = rows(engine, DealSeat, DealSeat.deal_id == deal.id, order=DealSeat.seat)
        assert [s.side for s in seats] == ["0", "1", "0", "1"]
        assert [s.place for s in seats] == [None] * 4
        team_points = {t.seats: t.points for t in score.teams}
        assert [s.points for s in seats] == [team_points[(s.seat % 2, s.seat % 2 + 2)] for s in seats]
        assert (
            seats[0].points + seats[1].points
            == 200 - card_points(rep.final.buried) + score.to_json().get("points")["kitty"]
        )
        findings = rows(engine, FindingRow, FindingRow.deal_id == deal.id, order=FindingRow.id)
        assert [(f.idx, f.seat, f.kind, f.severity, f.message_en) for f in findings] == [
            (f.index, f.seat, f.kind, f.severity, f.message_en) for f in report.findings
        ]
        assert all(json.loads(f.evidence_json)["facts"]["note"] for f in findings)
    players = {p.name for p in rows(engine, Player)}
    assert players == {s.player for r in results for s in read_log(r.source).seats}


def test_an_illegal_shengji_deal_keeps_its_verdicts(engine: Engine, sj_sims: Path, tmp_path: Path) -> None:
    log = _out_of_turn(read_log(sorted(sj_sims.glob("*.json"))[0]))
    (r,) = import_paths(engine, [write_log(tmp_path / "turn.json", log)])
    assert r.status == "added"
    (deal,) = rows(engine, Deal)
    assert not deal.legal and not deal.finished
    events = rows(engine, EventRow, EventRow.deal_id == deal.id, order=EventRow.idx)
    assert (events[-1].legal, events[-1].rule) == (False, "SJ-TRICK") and all(e.legal for e in events[:-1])
    (f,) = rows(engine, FindingRow, FindingRow.deal_id == deal.id, FindingRow.kind == "violation")
    evidence = json.loads(f.evidence_json)
    assert f.rule == "SJ-TRICK" and evidence["table"]["seat"] == log.events[-2].seat
    assert [s.points for s in rows(engine, DealSeat, DealSeat.deal_id == deal.id)] == [None] * 4


def test_shengji_export_is_byte_identical(engine: Engine, sj_sims: Path, tmp_path: Path) -> None:
    assert statuses(import_paths(engine, [sj_sims])) == ["added"] * 3
    paths = export_deals(engine, tmp_path / "out")
    assert [p.name.split("-")[0] for p in paths] == ["shengji"] * 3
    assert sorted(p.read_bytes() for p in paths) == sorted(p.read_bytes() for p in sj_sims.glob("*.json"))
    assert statuses(import_paths(engine, [tmp_path / "out"])) == ["duplicate"] * 3


def test_cli_import_and_export_of_shengji(
    db_url: str, sj_sims: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "import", sj_sims, "--db", db_url)
    assert (code, out.splitlines()[-1], err) == (0, "3 added, 0 duplicate, 0 not imported", lib(db_url))
    code, out, err = run(capsys, "import", sj_sims, "--db", db_url)
    assert (code, out.splitlines()[-1], err) == (0, "0 added, 3 duplicate, 0 not imported", lib(db_url))
    out_dir = tmp_path / "out"
    assert run(capsys, "export", "--db", db_url, "--out", out_dir) == (0, f"wrote 3 logs to {out_dir}\n", lib(db_url))
    assert sorted(p.read_bytes() for p in out_dir.iterdir()) == sorted(p.read_bytes() for p in sj_sims.glob("*.json"))


# ---------------------------------------------------------------------------------------------
# Players and matches


def test_a_player_alias_points_to_the_player(engine: Engine, tmp_path: Path) -> None:
    log = simulate_deal(11, "baohuang").log
    alias = log.seats[2].player
    with Session(engine) as db:
        player = Player(name="老王")
        db.add(player)
        db.flush()
        db.add(PlayerAlias(alias=alias, player_id=player.id))
        db.commit()
        pid = player.id
    (r,) = import_paths(engine, [write_log(tmp_path / "d.json", log)])
    assert r.status == "added"
    (seat,) = rows(engine, DealSeat, DealSeat.deal_id == r.deal_id, DealSeat.seat == 2)
    assert seat.player_id == pid
    names = {p.name for p in rows(engine, Player)}
    assert alias not in names and "老王" in names
    assert names == {"老王"} | {s.player for s in log.seats if s.player != alias}


def test_matches_group_deals(engine: Engine, tmp_path: Path) -> None:
    logs = [simulate_deal(seed, "gouji").log for seed in (21, 22, 23, 24)]
    club = dict(match="2026-11-29 老干部活动中心 第一桌", venue="老干部活动中心", date="2026-11-29")
    files = [
        write_log(tmp_path / "1.json", with_meta(logs[0], **club, deal=1)),
        write_log(tmp_path / "2.json", with_meta(logs[1], **club, deal=2)),
        write_log(tmp_path / "3.json", with_meta(logs[2], match="another table")),
        write_log(tmp_path / "4.json", with_meta(logs[3], match=None)),
    ]
    results = import_paths(engine, files)
    assert statuses(results) == ["added"] * 4
    matches = {m.key: m for m in rows(engine, Match)}
    assert set(matches) == {club["match"], "another table"}
    m = matches[club["match"]]
    assert (m.game, m.venue, m.date) == ("gouji", club["venue"], club["date"])
    deals = {d.id: d for d in rows(engine, Deal)}
    ids = [deals[r.deal_id].match_id for r in results]
    assert ids[0] == ids[1] == m.id
    assert ids[2] == matches["another table"].id != m.id
    assert ids[3] is None
    assert [deals[r.deal_id].deal_number for r in results[:2]] == [1, 2]


def test_a_match_key_names_one_match_per_game(engine: Engine, tmp_path: Path) -> None:
    club = dict(match="周五 第一桌", venue="茶馆", date="2026-11-27")
    files = [
        write_log(tmp_path / "g1.json", with_meta(simulate_deal(31, "gouji").log, **club, deal=1)),
        write_log(tmp_path / "b1.json", with_meta(simulate_deal(32, "baohuang").log, **club, deal=1)),
        write_log(tmp_path / "g2.json", with_meta(simulate_deal(33, "gouji").log, **club, deal=2)),
    ]
    results = import_paths(engine, files)
    assert statuses(results) == ["added"] * 3
    matches = sorted((m.key, m.game) for m in rows(engine, Match))
    assert matches == [(club["match"], "baohuang"), (club["match"], "gouji")]
    deals = {d.id: d for d in rows(engine, Deal)}
    g1, b1, g2 = (deals[r.deal_id].match_id for r in results)
    assert g1 == g2 != b1


# ---------------------------------------------------------------------------------------------
# The command line


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_import_and_export(db_url: str, sims: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(sims.glob("*.json"))
    code, out, err = run(capsys, "import", sims, "--db", db_url)
    assert (code, err) == (0, lib(db_url))
    assert out.splitlines() == [f"{f}: added as deal {k}" for k, f in enumerate(files, 1)] + [
        "6 added, 0 duplicate, 0 not imported"
    ]
    code, out, err = run(capsys, "import", sims, "--db", db_url)
    assert (code, err) == (0, lib(db_url))
    assert out.splitlines() == [f"{f}: duplicate of deal {k}" for k, f in enumerate(files, 1)] + [
        "0 added, 6 duplicate, 0 not imported"
    ]

    bad = tmp_path / "bad.json"
    bad.write_text("{ nope", encoding="utf-8")
    code, out, err = run(capsys, "import", bad, sorted(sims.glob("*.json"))[0], "--db", db_url)
    assert code == 2 and err == lib(db_url)
    lines = out.splitlines()
    assert lines[0].startswith(f"{bad}: not imported: ") and "malformed JSON" in lines[0]
    assert lines[1:] == [f"{files[0]}: duplicate of deal 1", "0 added, 1 duplicate, 1 not imported"]

    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = run(capsys, "import", empty, "--db", db_url)
    assert (code, out, err) == (2, "", f"fupan: no log files found in {empty}\n")

    out_dir = tmp_path / "out"
    code, out, err = run(capsys, "export", "--db", db_url, "--out", out_dir)
    assert (code, out, err) == (0, f"wrote 6 logs to {out_dir}\n", lib(db_url))
    assert sorted(p.read_bytes() for p in out_dir.iterdir()) == sorted(p.read_bytes() for p in sims.glob("*.json"))
    code, out, err = run(capsys, "export", "--db", db_url, "--out", bad / "sub")  # bad is a file
    assert (code, out) == (2, "") and err.startswith(lib(db_url) + f"fupan: {bad / 'sub'}: cannot write")
    assert err.count("\n") == 2
    assert current_revision(make_engine(db_url)) == HEAD


BAD_URLS = [
    "nonsense",
    "nosuchdriver://x/y",
    "postgresql://someone@127.0.0.1:notaport/db",
    "mysql://someone@127.0.0.1/db",  # its driver is not installed
    "sqlite:////proc/self/nowhere/fupan.db",  # the folder cannot be created
    "postgresql://someone@127.0.0.1:1/db",  # nobody listens there
]


@pytest.mark.parametrize("url", BAD_URLS)
@pytest.mark.parametrize("command", ["import", "export"])
def test_cli_bad_database_url(
    url: str, command: str, sims: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["import", sims] if command == "import" else ["export", "--out", tmp_path / "out"]
    code, out, err = run(capsys, *args, "--db", url)
    assert code == 2, err
    assert out == ""
    said = "fupan: cannot open the library " if url.endswith(":1/db") else "fupan: database error: "
    if command == "export" and url.startswith("sqlite:"):  # nothing to export: the file is not there
        said = "fupan: no deal library at "
    assert err.startswith(said) and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err and "internal error" not in err


def test_fupan_db_names_the_library_and_database_url_is_ignored(
    sims: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))  # where the default library goes
    monkeypatch.delenv("FUPAN_DB", raising=False)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'other' / 'env.db'}")
    code, out, err = run(capsys, "import", sims)
    default = tmp_path / "home" / "fupan" / "fupan.db"
    assert code == 0 and out.splitlines()[-1] == "6 added, 0 duplicate, 0 not imported"
    assert err == (
        f"fupan: DATABASE_URL is set but no longer read: FUPAN_DB names the library; using sqlite:///{default}\n"
        f"library: sqlite:///{default}\n"
    )
    assert default.is_file() and not (tmp_path / "other").exists()  # never silently another library
    named = tmp_path / "named" / "fupan.db"
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{named}")
    code, out, err = run(capsys, "import", sims)
    assert (code, err) == (0, f"library: sqlite:///{named}\n")  # FUPAN_DB set: nothing said of DATABASE_URL
    assert named.is_file()


def test_the_library_line_masks_the_password(tmp_path: Path) -> None:
    assert (
        shown_url("postgresql://ann:s3cret@db.example:5432/fupan")
        == "postgresql+psycopg://ann:***@db.example:5432/fupan"
    )


def test_the_dashboard_shows_a_server_librarys_name_only(tmp_path: Path) -> None:
    """Every visitor sees the sidebar: a club server's user, host and port stay off it."""
    shown = public_url("postgresql://ann:s3cret@db.example:5432/fupan")
    assert shown == "postgresql: fupan" and "ann" not in shown and "db.example" not in shown
    assert public_url(f"sqlite:///{tmp_path / 'lib.db'}") == f"sqlite:///{tmp_path / 'lib.db'}"


# ---------------------------------------------------------------------------------------------
# Concurrent imports


def _import_worker(url: str, files: list[str], barrier: Any, out: Any, k: int) -> None:
    try:
        barrier.wait(timeout=60)
        engine = open_db(url)  # a fresh database: the four processes also migrate it at once
        results = import_paths(engine, files)
        out.put((k, [(r.source, r.status, r.deal_id, r.reason) for r in results]))
        engine.dispose()
    except BaseException as exc:
        out.put((k, f"{type(exc).__name__}: {exc}"))
        raise


N_PROCESSES = 4


def test_concurrent_imports_store_each_deal_once(db_url: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Four processes import overlapping sets of the same 40 files into one fresh database at once."""
    folder = tmp_path_factory.mktemp("many")
    files = sorted(str(p) for p in write_deals(folder, 20, 301, "gouji") + write_deals(folder, 20, 401, "baohuang"))
    # each process takes 25 files, starting 10 apart (every file in two or three sets); odd ones backwards
    sets = []
    for k in range(N_PROCESSES):
        chosen = [files[(10 * k + j) % len(files)] for j in range(25)]
        sets.append(chosen[::-1] if k % 2 else chosen)
    assert set().union(*sets) == set(files)

    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(N_PROCESSES)
    out = ctx.Queue()
    procs = [ctx.Process(target=_import_worker, args=(db_url, sets[k], barrier, out, k)) for k in range(N_PROCESSES)]
    for p in procs:
        p.start()
    reports = dict(out.get(timeout=120) for _ in procs)
    for p in procs:
        p.join(timeout=60)
    for k, rep in reports.items():
        assert isinstance(rep, list), f"process {k}: {rep}"
        assert [src for src, *_ in rep] == sets[k]
        errors = [(src, reason) for src, status, _, reason in rep if status not in ("added", "duplicate")]
        assert errors == [], f"process {k}"

    assert [p.exitcode for p in procs] == [0] * N_PROCESSES
    engine = make_engine(db_url)
    try:
        assert current_revision(engine) == HEAD
        deals = rows(engine, Deal)
        hashes = {content_hash(read_log(f)) for f in files}
        assert len(deals) == len(files) == len(hashes)
        assert sorted(d.content_hash for d in deals) == sorted(hashes)  # each once, none lost
        added = [(src, deal_id) for rep in reports.values() for src, status, deal_id, _ in rep if status == "added"]
        assert sorted(src for src, _ in added) == files  # each file added by exactly one process
        by_id = {d.id: d for d in deals}
        for rep in reports.values():  # every process names the deal that is stored for its file
            for src, _, deal_id, _ in rep:
                assert by_id[deal_id].content_hash == content_hash(read_log(src))
        names = [p.name for p in rows(engine, Player)]
        assert len(names) == len(set(names))
        assert set(names) == {s.player for f in files for s in read_log(f).seats}
        assert count(engine, DealSeat) == sum(games.get(read_log(f).game).seats for f in files)
        assert count(engine, EventRow) == sum(d.n_events for d in deals)
        assert count(engine, FindingRow) == sum(d.n_findings for d in deals)
        keys = [m.key for m in rows(engine, Match)]
        assert len(keys) == len(set(keys))
    finally:
        engine.dispose()


# ---------------------------------------------------------------------------------------------
# Migrations


def test_migration_0001_to_head_keeps_rows_and_counts_findings(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        migrate(engine, "0001")
        assert current_revision(engine) == "0001"
        assert "n_findings" not in {c["name"] for c in inspect(engine).get_columns("deal")}
        with engine.begin() as conn:  # the old way: no n_findings
            conn.execute(text("INSERT INTO player (id, name) VALUES (1, '张伟'), (2, '王芳')"))
            conn.execute(text("INSERT INTO match (id, key, game, venue, date) VALUES (1, 'm1', 'gouji', 'v', 'd')"))
            for deal_id, digest in ((1, "a" * 64), (2, "b" * 64)):
                conn.execute(
                    text(
                        "INSERT INTO deal (id, content_hash, game, profile, date, venue, match_id, deal_number, "
                        "source, imported_at, n_events, legal, finished, log_json) VALUES (:id, :h, 'gouji', "
                        "'gouji', '2026-11-29', 'v', 1, :id, 'old.json', :t, 3, :legal, :finished, '{}')"
                    ),
                    {"id": deal_id, "h": digest, "t": "2026-11-29 20:00:00+00:00", "legal": True, "finished": True},
                )
            conn.execute(
                text("INSERT INTO deal_seat (deal_id, seat, player_id, side, place, points) VALUES "
                     "(1, 0, 1, '0', 1, 2.0), (1, 1, 2, '1', 2, -2.0)")
            )  # fmt: skip
            conn.execute(
                text("INSERT INTO event (deal_id, idx, seat, action, cards, legal, rule) VALUES "
                     "(1, 0, 0, 'play', '3S', :t, NULL), (1, 1, 1, 'play', '4S', :f, 'TURN-ORDER')"),
                {"t": True, "f": False},
            )  # fmt: skip
            for _ in range(3):
                conn.execute(
                    text("INSERT INTO finding (deal_id, idx, seat, kind, severity, maxim, message_zh, message_en, "
                         "evidence_json) VALUES (1, 0, 0, 'maxim', 'hint', 'dan-pai', '中', 'en', '{}')")
                )  # fmt: skip
            if engine.dialect.name == "postgresql":  # rows inserted with explicit ids: move the sequences on
                for table in ("player", "match", "deal"):
                    conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), 10)"))
    finally:
        engine.dispose()

    engine = open_db(db_url)
    try:
        assert current_revision(engine) == HEAD
        deals = rows(engine, Deal, order=Deal.id)
        assert [(d.id, d.content_hash, d.n_findings) for d in deals] == [(1, "a" * 64, 3), (2, "b" * 64, 0)]
        assert [(d.source, d.n_events, d.legal, d.finished, d.match_id, d.deal_number) for d in deals] == [
            ("old.json", 3, True, True, 1, 1),
            ("old.json", 3, True, True, 1, 2),
        ]
        assert deals[0].imported_at is not None
        assert [(s.seat, s.player_id, s.place, s.points) for s in rows(engine, DealSeat, order=DealSeat.seat)] == [
            (0, 1, 1, 2.0),
            (1, 2, 2, -2.0),
        ]
        assert [(e.legal, e.rule) for e in rows(engine, EventRow, order=EventRow.idx)] == [
            (True, None),
            (False, "TURN-ORDER"),
        ]
        assert count(engine, FindingRow) == 3 and count(engine, Player) == 2 and count(engine, Match) == 1
        assert "ix_finding_maxim" in {ix["name"] for ix in inspect(engine).get_indexes("finding")}
        # the upgraded database takes new deals
        assert import_log(engine, simulate_deal(3, "gouji").log, "new").status == "added"
        open_db(db_url).dispose()  # and opening it again changes nothing
        assert current_revision(engine) == HEAD
    finally:
        engine.dispose()


def test_migrations_build_the_models_schema(engine: Engine) -> None:
    """The schema the migrations build is the one the models describe (Alembic finds nothing to add)."""
    with engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), SQLModel.metadata)
    assert diffs == []
