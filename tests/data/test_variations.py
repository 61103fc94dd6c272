"""The variations of a deal (issue 36, item 2; ``data.variations``): stored with the deal, numbered per deal, named,
checked field by field, written by a referee or an admin only, read back as a log, kept by export and import,
deleted with their deal, and migration 0011 up and down; each on SQLite and on PostgreSQL (``db_url``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import func, inspect, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from storage_dbs import HEAD, temp_db_url

import cli
from data.accounts import NotPermitted, add_user, disable_user
from data.database import alembic_config, current_revision, migrate, open_db
from data.exporter import export_deals
from data.importer import import_log, import_paths
from data.models import VariationRow, table_of
from data.variations import (
    VariationError,
    add_variation,
    add_variation_json,
    deal_variations,
    delete_variation,
    get_variation,
    rename_variation,
    variation_log,
)
from replay.formats.log import Log, parse_json_log
from replay.formats.notation.read import parse_text
from replay.lines import Line
from replay.simulate import simulate_deal, write_deals
from replay.version import ENGINE_VERSION

TABLE = table_of(VariationRow)
PASSWORD = "a long password"


def rows(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(TABLE)).scalar_one())


@pytest.fixture
def stored(engine: Engine) -> tuple[int, Log]:
    """A stored 够级 deal, and a referee and an admin who may write, a disabled referee who may not."""
    log = simulate_deal(7, "gouji").log
    deal_id = import_log(engine, log, "sim").deal_id
    assert deal_id is not None
    add_user(engine, "裁判甲", PASSWORD, "referee")
    add_user(engine, "admin", PASSWORD, "admin")
    add_user(engine, "old", PASSWORD, "referee")
    disable_user(engine, "old")
    return deal_id, log


def line_of(log: Log, at: int, take: int = 3, name: str = "试试", kind: str = "variation") -> Line:
    """A line leaving the record at ``at`` with ``take`` of the record's later events as its own."""
    return Line(kind=kind, at=at, events=tuple(log.events[at : at + take]), name=name)


def test_a_variation_is_stored_numbered_and_read_back(engine: Engine, stored: tuple[int, Log]) -> None:
    deal_id, log = stored
    first = line_of(log, 5, name=" 出对子 ")
    assert add_variation(engine, deal_id, first, "裁判甲") == 1
    assert add_variation(engine, deal_id, line_of(log, 0, 0, "", "ruled"), "admin") == 2
    found = deal_variations(engine, deal_id)
    assert [(v.number, v.name, v.kind, v.at, v.made_by) for v in found] == [
        (1, "出对子", "variation", 5, "裁判甲"),
        (2, "", "ruled", 0, "admin"),
    ]
    one = get_variation(engine, deal_id, 1)
    assert one.events == first.events and one.engine_version == ENGINE_VERSION
    assert one.created.tzinfo is not None
    with engine.connect() as conn:  # stored as the log's own event JSON
        stored_json = conn.execute(select(TABLE.c.events_json).where(TABLE.c.number == 1)).scalar_one()
    assert json.loads(stored_json) == [e.to_json() for e in first.events]


def test_numbers_are_per_deal_and_never_reused_below_the_highest(engine: Engine, stored: tuple[int, Log]) -> None:
    deal_id, log = stored
    other = import_log(engine, simulate_deal(8, "gouji").log, "other").deal_id
    assert other is not None
    assert [add_variation(engine, deal_id, line_of(log, k), "admin") for k in (1, 2, 3)] == [1, 2, 3]
    assert add_variation(engine, other, line_of(log, 0, 0), "admin") == 1
    delete_variation(engine, deal_id, 2, "admin")
    assert add_variation(engine, deal_id, line_of(log, 4), "admin") == 4
    assert [v.number for v in deal_variations(engine, deal_id)] == [1, 3, 4]
    with pytest.raises(VariationError, match="no variation 2"):
        get_variation(engine, deal_id, 2)


def test_rename_and_delete(engine: Engine, stored: tuple[int, Log]) -> None:
    deal_id, log = stored
    add_variation(engine, deal_id, line_of(log, 2), "admin")
    assert rename_variation(engine, deal_id, 1, "  新名字 ", "裁判甲") == "新名字"
    assert get_variation(engine, deal_id, 1).name == "新名字"
    with pytest.raises(VariationError, match="name: at most 200"):
        rename_variation(engine, deal_id, 1, "长" * 201, "裁判甲")
    assert get_variation(engine, deal_id, 1).name == "新名字"
    with pytest.raises(VariationError, match="no variation 9"):
        rename_variation(engine, deal_id, 9, "x", "admin")
    delete_variation(engine, deal_id, 1, "admin")
    assert deal_variations(engine, deal_id) == []
    with pytest.raises(VariationError, match="no variation 1"):
        delete_variation(engine, deal_id, 1, "admin")


@pytest.mark.parametrize("who", ["nobody", "old", ""])
def test_only_an_enabled_referee_or_admin_writes(engine: Engine, stored: tuple[int, Log], who: str) -> None:
    deal_id, log = stored
    with pytest.raises(NotPermitted):
        add_variation(engine, deal_id, line_of(log, 1), who)
    assert rows(engine) == 0
    add_variation(engine, deal_id, line_of(log, 1), "admin")
    with pytest.raises(NotPermitted):
        rename_variation(engine, deal_id, 1, "x", who)
    with pytest.raises(NotPermitted):
        delete_variation(engine, deal_id, 1, who)
    assert get_variation(engine, deal_id, 1).name == "试试"


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"at": -1, "events": []}, "at: expected a whole number 0.."),
        ({"at": 10_000, "events": []}, "at: expected a whole number 0.."),
        ({"at": "3", "events": []}, "at: expected"),
        ({"at": 0, "events": [], "kind": "played"}, "kind: expected ruled or variation"),
        ({"at": 0, "events": [], "name": "x" * 201}, "name: at most 200"),
        ({"at": 0, "events": [], "name": "a\x00b"}, "name: holds a control character"),
        ({"at": 0, "events": [], "name": 3}, "name: expected text"),
        ({"at": 0, "events": "play"}, "events: expected a list"),
        ({"at": 0, "events": [{"seat": 9, "action": "pass"}]}, r"events\[0\]\.seat"),
        ({"at": 0, "events": [{"seat": 0, "action": "fly"}]}, r"events\[0\]\.action"),
        ({"at": 0, "events": [{"seat": 0, "action": "play", "cards": ["ZZ"]}]}, r"events\[0\]\.cards\[0\]"),
        ({"at": 0, "events": [], "colour": "red"}, "colour: not a field"),
    ],
)
def test_a_bad_field_is_named_and_nothing_stored(
    engine: Engine, stored: tuple[int, Log], doc: dict[str, object], field: str
) -> None:
    deal_id, _ = stored
    with pytest.raises(VariationError, match=field) as caught:
        add_variation_json(engine, deal_id, doc, "admin")
    assert getattr(caught.value.args[0], "zh", "")  # Chinese too
    assert rows(engine) == 0


def test_a_good_json_variation_and_a_missing_deal(engine: Engine, stored: tuple[int, Log]) -> None:
    deal_id, log = stored
    doc = {"at": 4, "events": [e.to_json() for e in log.events[4:6]], "name": "json"}
    assert add_variation_json(engine, deal_id, doc, "admin") == 1
    assert get_variation(engine, deal_id, 1).events == log.events[4:6]
    with pytest.raises(VariationError, match="no deal 999"):
        add_variation(engine, 999, line_of(log, 0), "admin")
    assert rows(engine) == 1


def test_the_variation_downloads_as_a_log(engine: Engine, stored: tuple[int, Log]) -> None:
    deal_id, log = stored
    own = tuple(log.events[10:12])
    add_variation(engine, deal_id, Line("variation", 6, own, "v"), "admin")
    as_json = parse_json_log(variation_log(engine, deal_id, 1), "v.json")
    assert as_json.events == log.events[:6] + own
    assert as_json.seats == log.seats and as_json.hands == log.hands and as_json.result is None
    as_text = parse_text(variation_log(engine, deal_id, 1, "text"), "v.txt")
    assert as_text.events == as_json.events
    with pytest.raises(VariationError, match="form: expected json or text"):
        variation_log(engine, deal_id, 1, "pdf")
    with pytest.raises(VariationError, match="no variation 2"):
        variation_log(engine, deal_id, 2)


def test_variations_go_with_their_deal(engine: Engine, stored: tuple[int, Log]) -> None:
    deal_id, log = stored
    add_variation(engine, deal_id, line_of(log, 1), "admin")
    with engine.begin() as conn:  # a deal deleted (its rows first, then the deal): its variations with it
        for table in ("finding", "event", "deal_seat"):
            conn.execute(text(f"DELETE FROM {table} WHERE deal_id = :d"), {"d": deal_id})
        conn.execute(text("DELETE FROM deal WHERE id = :d"), {"d": deal_id})
    assert rows(engine) == 0


def test_export_and_import_keep_variations(db_url: str, tmp_path: Path) -> None:
    engine = open_db(db_url)
    try:
        write_deals(tmp_path / "logs", 2, 301, "gouji")
        results = import_paths(engine, [tmp_path / "logs"], jobs=1)
        add_user(engine, "admin", PASSWORD, "admin")
        deal_id = results[0].deal_id
        assert deal_id is not None
        log = parse_json_log((tmp_path / "logs").joinpath(Path(results[0].source).name).read_text(), "x")
        for k in (1, 2, 3):
            add_variation(engine, deal_id, line_of(log, k * 3, k, f"变例{k}"), "admin")
        delete_variation(engine, deal_id, 2, "admin")  # numbers 1 and 3 stay
        first = export_deals(engine, tmp_path / "out1")
        sides = sorted((tmp_path / "out1").glob("*.variations"))
        assert len(first) == 2 and len(sides) == 1
        before = deal_variations(engine, deal_id)
    finally:
        engine.dispose()
    backend = "postgresql" if db_url.startswith("postgresql") else "sqlite"
    with temp_db_url(backend, tmp_path, "fupan_t2") as url2:
        other = open_db(url2)
        try:
            again = import_paths(other, [tmp_path / "out1"], jobs=1)
            assert sorted(r.variations_added for r in again) == [0, 2]
            new_id = next(r.deal_id for r in again if r.variations_added)
            assert new_id is not None
            after = deal_variations(other, new_id)
            keep = [(v.number, v.name, v.kind, v.at, v.events, v.made_by, v.created, v.engine_version) for v in before]
            assert [
                (v.number, v.name, v.kind, v.at, v.events, v.made_by, v.created, v.engine_version) for v in after
            ] == keep
            assert import_paths(other, [tmp_path / "out1"], jobs=1)[0].variations_added == 0  # the same once
            export_deals(other, tmp_path / "out2")
            for path in sorted((tmp_path / "out1").iterdir()):
                assert (tmp_path / "out2" / path.name).read_bytes() == path.read_bytes()
        finally:
            other.dispose()


def test_a_bad_variations_file_is_refused_whole(engine: Engine, tmp_path: Path) -> None:
    write_deals(tmp_path / "logs", 1, 401, "gouji")
    (log_path,) = sorted((tmp_path / "logs").glob("*.json"))
    digest = import_paths(engine, [log_path], jobs=1)
    assert digest[0].deal_id is not None
    add_user(engine, "admin", PASSWORD, "admin")
    log = parse_json_log(log_path.read_text(), "x")
    add_variation(engine, digest[0].deal_id, line_of(log, 1), "admin")
    export_deals(engine, tmp_path / "out")
    (side,) = (tmp_path / "out").glob("*.variations")
    doc = json.loads(side.read_text())
    good = dict(doc["variations"][0], number=5, name="good")
    bad = dict(good, number=6, name="bad", at=-2)
    side.write_text(json.dumps(dict(doc, variations=[good, bad])), encoding="utf-8")
    (result,) = import_paths(engine, [next((tmp_path / "out").glob("*.json"))], jobs=1)
    assert result.status == "duplicate" and result.variations_added == 0
    assert "variations[1].at: expected" in result.reason
    assert [v.number for v in deal_variations(engine, digest[0].deal_id)] == [1]


def test_migration_0011_up_and_down(db_url: str) -> None:
    engine = open_db(db_url)
    try:
        assert current_revision(engine) == HEAD
        log = simulate_deal(9, "gouji").log
        deal_id = import_log(engine, log, "sim").deal_id
        add_user(engine, "admin", PASSWORD, "admin")
        assert deal_id is not None
        add_variation(engine, deal_id, line_of(log, 1), "admin")
        command.downgrade(alembic_config(engine), "0010")
        assert current_revision(engine) == "0010"
        assert "variation" not in inspect(engine).get_table_names()
        migrate(engine)
        assert current_revision(engine) == HEAD
        names = {c["name"] for c in inspect(engine).get_columns("variation")}
        assert {"deal_id", "number", "name", "kind", "at", "events_json", "made_by", "created_at"} <= names
        assert deal_variations(engine, deal_id) == []  # down dropped what it held
        assert add_variation(engine, deal_id, line_of(log, 1), "admin") == 1
        with pytest.raises(IntegrityError), engine.begin() as conn:  # (deal, number) is unique
            conn.execute(TABLE.insert().values(
                deal_id=deal_id, number=1, name="", kind="variation", at=0, events_json="[]", made_by="",
                created_at=get_variation(engine, deal_id, 1).created, engine_version=0,
            ))  # fmt: skip
    finally:
        engine.dispose()


def test_fupan_import_says_the_variations_added_or_refused(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = open_db(db_url)
    try:
        write_deals(tmp_path / "logs", 1, 501, "gouji")
        (log_path,) = sorted((tmp_path / "logs").glob("*.json"))
        deal_id = import_paths(engine, [log_path], jobs=1)[0].deal_id
        assert deal_id is not None
        add_user(engine, "admin", PASSWORD, "admin")
        log = parse_json_log(log_path.read_text(), "x")
        for k in (1, 2):
            add_variation(engine, deal_id, line_of(log, k), "admin")
        export_deals(engine, tmp_path / "out")
    finally:
        engine.dispose()
    backend = "postgresql" if db_url.startswith("postgresql") else "sqlite"
    with temp_db_url(backend, tmp_path, "fupan_t3") as url2:
        (exported,) = (tmp_path / "out").glob("*.json")
        code = cli.main(["import", str(tmp_path / "out"), "--db", url2])
        out = capsys.readouterr().out
        assert code == 0 and out.splitlines()[0] == f"{exported}: added as deal 1, 2 variations added"
        side = exported.with_suffix(".variations")
        side.write_text("{ nope", encoding="utf-8")
        code = cli.main(["import", str(tmp_path / "out"), "--db", url2])
        line = capsys.readouterr().out.splitlines()[0]
        assert code == 2 and line.startswith(f"{exported}: duplicate of deal 1; {side.name}: its variations not")
        assert "not JSON" in line


def test_concurrent_adds_take_distinct_numbers(engine: Engine, stored: tuple[int, Log]) -> None:
    """Writers of one deal's variations go one after the other (its row locked): each number once."""
    from concurrent.futures import ThreadPoolExecutor

    deal_id, log = stored
    with ThreadPoolExecutor(4) as pool:
        numbers = list(pool.map(lambda k: add_variation(engine, deal_id, line_of(log, k), "admin"), range(8)))
    assert sorted(numbers) == list(range(1, 9))
    assert [v.at for v in sorted(deal_variations(engine, deal_id), key=lambda v: v.number)] == [
        numbers.index(n) for n in range(1, 9)
    ]


def test_a_variation_is_continued_in_place(engine: Engine, stored: tuple[int, Log]) -> None:
    from data.variations import extend_variation

    deal_id, log = stored
    add_variation(engine, deal_id, line_of(log, 4, take=1), "裁判甲")
    longer = tuple(log.events[4:7])
    extend_variation(engine, deal_id, 1, longer, "admin")
    back = get_variation(engine, deal_id, 1)
    assert (back.number, back.at, back.events, back.name) == (1, 4, longer, "试试")
    add_variation(engine, deal_id, line_of(log, 0, 0, "", "ruled"), "admin")
    with pytest.raises(VariationError, match="the line as ruled is not continued"):
        extend_variation(engine, deal_id, 2, longer, "admin")
    with pytest.raises(VariationError, match="no variation 9"):
        extend_variation(engine, deal_id, 9, longer, "admin")
    assert get_variation(engine, deal_id, 2).events == ()


@pytest.mark.parametrize("who", ["nobody", "old", ""])
def test_continuing_and_importing_a_file_need_a_referee_or_admin(
    engine: Engine, stored: tuple[int, Log], who: str
) -> None:
    from data.variation_rows import file_text
    from data.variations import extend_variation, import_variations_file

    deal_id, log = stored
    add_variation(engine, deal_id, line_of(log, 4, take=1), "admin")
    with pytest.raises(NotPermitted):
        extend_variation(engine, deal_id, 1, tuple(log.events[4:7]), who)
    assert len(get_variation(engine, deal_id, 1).events) == 1
    with engine.connect() as conn:
        digest = conn.execute(text("SELECT content_hash FROM deal WHERE id = :i"), {"i": deal_id}).scalar_one()
    side = file_text(digest, deal_variations(engine, deal_id))
    delete_variation(engine, deal_id, 1, "admin")
    with pytest.raises(NotPermitted):
        import_variations_file(engine, side, who)
    assert rows(engine) == 0


def test_a_variations_file_is_merged_into_the_deal_its_hash_names(engine: Engine, stored: tuple[int, Log]) -> None:
    from data.variation_rows import file_text
    from data.variations import import_variations_file

    deal_id, log = stored
    add_variation(engine, deal_id, line_of(log, 4), "admin")
    add_variation(engine, deal_id, line_of(log, 9, name="第二"), "admin")
    with engine.connect() as conn:
        digest = conn.execute(text("SELECT content_hash FROM deal WHERE id = :i"), {"i": deal_id}).scalar_one()
    side = file_text(digest, deal_variations(engine, deal_id))
    delete_variation(engine, deal_id, 2, "admin")
    assert import_variations_file(engine, side, "裁判甲") == (deal_id, 1)  # the one the deal lacked
    assert [(v.number, v.name) for v in deal_variations(engine, deal_id)] == [(1, "试试"), (2, "第二")]
    assert import_variations_file(engine, side, "裁判甲") == (deal_id, 0)
    doc = json.loads(side)
    doc["variations"][1]["events"][0]["seat"] = 17
    delete_variation(engine, deal_id, 2, "admin")
    with pytest.raises(VariationError, match=r"variations\[1\]\.events\[0\]\.seat"):  # the bad entry's place
        import_variations_file(engine, json.dumps(doc), "裁判甲")
    assert rows(engine) == 1  # nothing of the file
    doc["deal"] = "0" * 64
    with pytest.raises(VariationError, match="no deal of this content hash"):
        import_variations_file(engine, json.dumps(doc), "裁判甲")
    with pytest.raises(VariationError, match="not JSON"):
        import_variations_file(engine, "{", "裁判甲")
