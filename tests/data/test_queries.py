"""Tests of the deal library's queries (data/queries.py), on SQLite and (when FUPAN_TEST_PG_URL names a
server, as under `make test-pg`) on PostgreSQL, on a library filled by importing a few simulated deals of both games and four hand-made logs whose players, places and points are known:

- "Test Cup" deal 1 (够级, 2026-10-01): the deal of GJ-SCORE.legal, seats 0..5 Ann, Bo, Cai, Dong,
  Eve, Fei; they go out in seat order, so places 1..6 and points 4, 2, 0, 0, -2, -4.
- "Test Cup" deal 2: the same deal with the players moved one seat on (Fei, Ann, Bo, Cai, Dong, Eve).
- "Test BH" deal 1 (保皇, 2026-10-02): the deal of BH-SCORE.legal, seats 0..4 Ann, Bo, Cai, Dong, Gu;
  places Gu 1 (6 points, 皇帝), Ann 2 (3, 保皇派), Bo 3, Cai 4, Dong 5 (-3 each).
- an unfinished 够级 deal (2026-10-03, no match): PASS-LOCK.illegal with Ann..Fei: Bo plays after
  passing, one violation (PASS-LOCK) on Bo's seat.

The 升级 tests use a second library (``sj_library``): the first three 升级 sample deals (one match,
the levels carried from deal to deal) beside "Test Cup" deal 1.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pandas as pd
import pytest
from paths import CASE_LOGS, ROOT
from sqlalchemy import func
from sqlalchemy.engine import Engine
from sqlmodel import Session, select
from storage_dbs import BACKENDS, temp_db_url

from coach.findings import SEVERITIES
from data import queries
from data.database import open_db
from data.importer import import_paths
from data.models import Deal, DealSeat, FindingRow, Player, PlayerAlias
from replay.formats.log import read_log
from replay.replay import Replay
from replay.score import Score
from replay.simulate import NAMES, write_deals

CASES = CASE_LOGS
GOUJI = ["Ann", "Bo", "Cai", "Dong", "Eve", "Fei"]
HAND_MADE = {*GOUJI, "Gu"}


def _hand_made(case: str, players: list[str], meta: dict[str, str | int]) -> str:
    """A case file's log with meta and seat lines added after its profile line."""
    lines = (CASES / case).read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("profile ")) + 1
    extra = [f"{k} {v}" for k, v in meta.items()] + [f"seat {s} {name}" for s, name in enumerate(players)]
    return "\n".join(lines[:at] + extra + lines[at:]) + "\n"


@contextmanager
def new_db(backend: str, folder: Path) -> Iterator[Engine]:
    """An empty library: a SQLite file in ``folder``, or a new database on the PostgreSQL test server."""
    with temp_db_url(backend, folder, "fupan_q") as url:
        eng = open_db(url)
        try:
            yield eng
        finally:
            eng.dispose()


@pytest.fixture(scope="module", params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def fresh(backend: str, tmp_path: Path) -> Iterator[Engine]:
    """An empty library on the module's backend."""
    with new_db(backend, tmp_path) as eng:
        yield eng


@pytest.fixture(scope="module")
def engine(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """The library of the module docstring, on SQLite and on PostgreSQL."""
    root = tmp_path_factory.mktemp("queries")
    sims = root / "sims"
    write_deals(sims, 3, 11, "gouji")
    write_deals(sims, 2, 21, "baohuang")
    hand = root / "hand"
    hand.mkdir()
    logs = {
        "cup-1.txt": _hand_made(
            "GJ-SCORE.legal.txt", GOUJI, {"date": "2026-10-01", "venue": "Club", "match": "Test Cup", "deal": 1}
        ),
        "cup-2.txt": _hand_made(
            "GJ-SCORE.legal.txt",
            GOUJI[-1:] + GOUJI[:-1],
            {"date": "2026-10-01", "venue": "Club", "match": "Test Cup", "deal": 2},
        ),
        "bh-1.txt": _hand_made(
            "BH-SCORE.legal.txt",
            ["Ann", "Bo", "Cai", "Dong", "Gu"],
            {"date": "2026-10-02", "venue": "Club", "match": "Test BH", "deal": 1},
        ),
        "lock.txt": _hand_made("PASS-LOCK.illegal.txt", GOUJI, {"date": "2026-10-03"}),
    }
    for name, text in logs.items():
        (hand / name).write_text(text, encoding="utf-8")
    with new_db(backend, root) as eng:
        results = import_paths(eng, [sims, hand])
        assert [r.status for r in results] == ["added"] * 9, results
        yield eng


def _row(df: pd.DataFrame, **where: object) -> pd.Series:
    mask = pd.Series(True, index=df.index)
    for k, v in where.items():
        mask &= df[k] == v
    rows = df[mask]
    assert len(rows) == 1, (where, rows)
    return rows.iloc[0]


# -- deals ---------------------------------------------------------------------------------------


def test_deals_one_row_per_deal_with_its_columns(engine: Engine) -> None:
    df = queries.deals(engine)
    assert list(df.columns) == queries.DEAL_COLUMNS
    assert len(df) == 9
    assert df["id"].is_unique
    with Session(engine) as db:
        assert len(df) == db.exec(select(func.count()).select_from(Deal)).one()
    cup1 = _row(df, match="Test Cup", deal=1)
    assert cup1["players"] == "Ann, Bo, Cai, Dong, Eve, Fei"
    assert cup1["game"] == "gouji" and cup1["profile"] == "gouji-logged"
    assert cup1["date"] == "2026-10-01" and cup1["venue"] == "Club"
    assert bool(cup1["legal"]) and bool(cup1["finished"])
    assert cup1["n_events"] == 44 and cup1["n_findings"] == 0
    assert _row(df, match="Test Cup", deal=2)["players"] == "Fei, Ann, Bo, Cai, Dong, Eve"
    assert _row(df, match="Test BH")["players"] == "Ann, Bo, Cai, Dong, Gu"
    lock = _row(df, date="2026-10-03")
    assert not lock["legal"] and not lock["finished"]
    assert lock["n_events"] == 8 and lock["n_findings"] == 1
    assert pd.isna(lock["match"]) and pd.isna(lock["deal"])


def test_deals_are_ordered_by_date_match_and_number(engine: Engine, fresh: Engine, tmp_path: Path) -> None:
    eng = fresh
    files = []
    for k, (date, match, deal) in enumerate(
        [("", "", 0), ("2026-10-02", "B", 2), ("2026-10-02", "A", 3), ("2026-10-02", "A", 1), ("2026-10-01", "", 0)]
    ):
        meta = {"date": date} if date else {}
        if match:
            meta |= {"match": match, "deal": deal}
        files.append(tmp_path / f"{k}.txt")
        files[-1].write_text(_hand_made("GJ-KOU.legal.txt", GOUJI, meta), encoding="utf-8")
    assert [r.status for r in import_paths(eng, files)] == ["added"] * 5
    got = queries.deals(eng)
    order = [(d, m if isinstance(m, str) else None, None if pd.isna(n) else int(n)) for d, m, n in
             zip(got["date"], got["match"], got["deal"], strict=True)]  # fmt: skip
    assert order == [
        ("2026-10-01", None, None),
        ("2026-10-02", "A", 1),
        ("2026-10-02", "A", 3),
        ("2026-10-02", "B", 2),
        ("", None, None),
    ]
    df = queries.deals(engine)
    dated = df["date"].tolist()
    assert dated == sorted(dated)
    cup = df[df["match"] == "Test Cup"]
    assert cup["deal"].tolist() == [1, 2]


def test_simulated_deals_list_their_players_in_seat_order(engine: Engine) -> None:
    df = queries.deals(engine)
    sims = df[df["date"] == "2026-11-29"]  # the simulator's date
    assert sorted(sims["game"]) == ["baohuang"] * 2 + ["gouji"] * 3
    for _, row in sims.iterrows():
        names = row["players"].split(", ")
        assert len(names) == (6 if row["game"] == "gouji" else 5)
        assert set(names) <= set(NAMES)
        assert row["legal"] and row["finished"] and row["n_events"] > 100


def test_deals_filters(engine: Engine) -> None:
    ids = lambda df: sorted(df["id"])  # noqa: E731
    every = queries.deals(engine)
    assert ids(queries.deals(engine, player="Gu")) == ids(every[every["match"] == "Test BH"])
    assert len(queries.deals(engine, player="Ann")) == 4
    assert len(queries.deals(engine, player="Ann", game="gouji")) == 3
    assert len(queries.deals(engine, player="nobody")) == 0
    assert len(queries.deals(engine, game="baohuang")) == 3
    assert len(queries.deals(engine, profile="gouji-logged")) == 3
    assert queries.deals(engine, date_from="2026-10-02", date_to="2026-10-02")["match"].tolist() == ["Test BH"]
    assert len(queries.deals(engine, date_from=dt.date(2026, 10, 1), date_to=dt.date(2026, 10, 3))) == 4
    assert len(queries.deals(engine, date_from="2026-11-01")) == 5  # the simulated ones
    assert len(queries.deals(engine, date_to="2026-10-01")) == 2
    with_findings = queries.deals(engine, has_findings=True)
    without = queries.deals(engine, has_findings=False)
    assert (with_findings["n_findings"] > 0).all() and (without["n_findings"] == 0).all()
    assert len(with_findings) + len(without) == 9
    assert {"Test Cup", "Test BH"} <= set(without["match"].dropna())
    assert len(queries.deals(engine, player="Bo", game="gouji", has_findings=True, date_from="2026-10-01")) == 1


FILTER_CASES = [
    {},
    {"player": "Ann"},
    {"player": "Ann", "game": "gouji"},
    {"game": "baohuang"},
    {"profile": "gouji-logged"},
    {"date_from": "2026-10-02", "date_to": "2026-10-02"},
    {"date_from": dt.date(2026, 10, 1), "date_to": dt.date(2026, 10, 3)},
    {"date_to": "2026-10-01"},
    {"has_findings": True},
    {"has_findings": False},
    {"decided": False},
    {"player": "Bo", "game": "gouji", "has_findings": True, "date_from": "2026-10-01"},
    {"player": "nobody"},
]


@pytest.mark.parametrize("filters", FILTER_CASES)
def test_the_deal_page_and_count_agree_with_the_list(engine: Engine, filters: dict[str, object]) -> None:
    """The Library's count and pages: the same deals as the whole filtered list, newest first (by date, undated
    last, then the latest imported first), each page the next slice, with the same columns and values."""
    every = queries.deals(engine, **filters)
    assert queries.deal_count(engine, **filters) == len(every)
    newest = every.assign(_undated=every["date"].eq("")).sort_values(
        ["_undated", "date", "id"], ascending=[True, False, False], kind="stable"
    )
    pages = [queries.deal_page(engine, offset=k, limit=2, **filters) for k in range(0, len(every) + 2, 2)]
    assert all(list(p.columns) == queries.DEAL_COLUMNS and len(p) <= 2 for p in pages)
    assert pages[-1].empty
    paged = pd.concat(pages, ignore_index=True)
    assert paged["id"].tolist() == newest["id"].tolist()
    expected = every.set_index("id").loc[paged["id"]].reset_index()[queries.DEAL_COLUMNS]
    pd.testing.assert_frame_equal(paged, expected, check_dtype=False)


def test_the_newest_deal_comes_first(engine: Engine) -> None:
    first = queries.deal_page(engine, limit=1)
    assert first["date"].tolist() == ["2026-11-29"]  # the simulator's date, the latest
    assert int(first["id"].iloc[0]) == max(int(i) for i in queries.deals(engine, date_from="2026-11-29")["id"])
    assert queries.deal_page(engine, limit=0).empty and list(queries.deal_page(engine, limit=0).columns) == (
        queries.DEAL_COLUMNS
    )


def test_profiles_and_has_deal(engine: Engine) -> None:
    every = queries.deals(engine)
    assert queries.profiles(engine) == sorted(set(every["profile"]))
    assert queries.profiles(engine, game="baohuang") == sorted(set(every[every["game"] == "baohuang"]["profile"]))
    assert queries.profiles(engine, game="shengji") == []
    assert all(queries.has_deal(engine, int(i)) for i in every["id"])
    assert not queries.has_deal(engine, int(every["id"].max()) + 1)


def test_match_deals_in_deal_order(engine: Engine) -> None:
    every = queries.deals(engine)
    cup = every[every["match"] == "Test Cup"]
    assert queries.match_deals(engine, "Test Cup") == [int(i) for i in cup.sort_values("deal")["id"]]
    assert queries.match_deals(engine, "Test Cup", game="baohuang") == []
    assert queries.match_deals(engine, "no such match") == []


def test_the_library_version_changes_with_the_library(fresh: Engine, tmp_path: Path) -> None:
    """What a page's cache is keyed by: the same while nothing changes, another after an import, a new alias."""
    empty = queries.library_version(fresh)
    assert queries.library_version(fresh) == empty
    write_deals(tmp_path / "one", 1, 5, "gouji")
    assert [r.status for r in import_paths(fresh, [tmp_path / "one"])] == ["added"]
    one = queries.library_version(fresh)
    assert one != empty and queries.library_version(fresh) == one
    with Session(fresh) as db:
        player = db.exec(select(Player)).first()
        assert player is not None and player.id is not None
        db.add(PlayerAlias(alias="someone else", player_id=player.id))
        db.commit()
    assert queries.library_version(fresh) != one


def test_deals_player_filter_follows_aliases(engine: Engine) -> None:
    with Session(engine) as db:
        ann = db.exec(select(Player.id).where(Player.name == "Ann")).one()
        db.add(PlayerAlias(alias="安妮", player_id=ann))
        db.commit()
    try:
        assert sorted(queries.deals(engine, player="安妮")["id"]) == sorted(queries.deals(engine, player="Ann")["id"])
    finally:
        with Session(engine) as db:
            for alias in db.exec(select(PlayerAlias).where(PlayerAlias.alias == "安妮")):
                db.delete(alias)
            db.commit()


# -- per player ----------------------------------------------------------------------------------


def test_player_places_exact_for_the_hand_made_deals(engine: Engine) -> None:
    gouji = queries.player_places(engine, game="gouji")
    assert list(gouji.columns) == queries.PLACE_COLUMNS
    ann = _row(gouji, player="Ann")
    assert (ann["deals"], ann["placed"], ann["place_1"], ann["place_2"]) == (3, 2, 1, 1)
    assert ann[["place_3", "place_4", "place_5", "place_6"]].tolist() == [0, 0, 0, 0]
    assert ann["mean_place"] == pytest.approx(1.5)
    fei = _row(gouji, player="Fei")
    assert (fei["deals"], fei["placed"], fei["place_1"], fei["place_6"], fei["mean_place"]) == (3, 2, 1, 1, 3.5)
    eve = _row(gouji, player="Eve")
    assert (eve["place_5"], eve["place_6"], eve["mean_place"]) == (1, 1, 5.5)
    assert "Gu" not in set(gouji["player"])

    both = queries.player_places(engine)
    ann = _row(both, player="Ann")
    assert (ann["deals"], ann["placed"], ann["place_1"], ann["place_2"]) == (4, 3, 1, 2)
    assert ann["mean_place"] == pytest.approx(5 / 3)
    gu = _row(both, player="Gu")
    assert (gu["deals"], gu["placed"], gu["place_1"], gu["mean_place"]) == (1, 1, 1, 1.0)
    dong = _row(queries.player_places(engine, game="baohuang"), player="Dong")
    assert (dong["deals"], dong["place_5"], dong["place_6"], dong["mean_place"]) == (1, 1, 0, 5.0)


def test_player_places_add_up(engine: Engine) -> None:
    df = queries.player_places(engine)
    places = df[[f"place_{k}" for k in range(1, 7)]]
    assert (places.sum(axis=1) == df["placed"]).all()
    assert (df["placed"] <= df["deals"]).all()
    with Session(engine) as db:
        seats = db.exec(select(func.count()).select_from(DealSeat).where(DealSeat.player_id.is_not(None))).one()
    assert df["deals"].sum() == seats
    mean = (places * list(range(1, 7))).sum(axis=1) / df["placed"]
    assert mean.tolist() == pytest.approx(df["mean_place"].tolist())


def test_player_points_exact_for_the_hand_made_deals(engine: Engine) -> None:
    gouji = queries.player_points(engine, game="gouji")
    assert list(gouji.columns) == queries.POINT_COLUMNS
    expect = {"Ann": 6, "Bo": 2, "Cai": 0, "Dong": -2, "Eve": -6, "Fei": 0}
    for name, total in expect.items():
        row = _row(gouji, player=name)
        assert (row["deals"], row["scored"], row["total_points"]) == (3, 2, total)
        assert row["mean_points"] == pytest.approx(total / 2)
    bh = queries.player_points(engine, game="baohuang")
    for name, total in {"Gu": 6, "Ann": 3, "Bo": -3, "Cai": -3, "Dong": -3}.items():
        row = _row(bh, player=name)
        assert (row["deals"], row["scored"], row["total_points"], row["mean_points"]) == (1, 1, total, total)
    ann = _row(queries.player_points(engine), player="Ann")
    assert (ann["deals"], ann["scored"], ann["total_points"], ann["mean_points"]) == (4, 3, 9, 3.0)


def test_player_points_of_simulated_gouji_deals_sum_to_zero(engine: Engine) -> None:
    # classic 够级 place points 4, 2, 0, 0, -2, -4 sum to 0 in every deal, so over all players too
    df = queries.player_points(engine, game="gouji")
    assert df["total_points"].sum() == pytest.approx(0)
    sims = df[df["player"].isin(NAMES)]
    assert sims["deals"].sum() == 18 and sims["scored"].sum() == 18


def test_player_findings_long_table(engine: Engine) -> None:
    df = queries.player_findings(engine)
    assert list(df.columns) == queries.FINDING_COLUMNS
    mine = df[df["player"].isin(HAND_MADE)]
    bo = _row(mine, player="Bo", kind="violation")
    assert (bo["rule"], bo["maxim"], bo["severity"], bo["count"], bo["deals"]) == ("PASS-LOCK", "", "violation", 1, 4)
    assert bo["per_deal"] == pytest.approx(1 / 4)
    assert len(mine[mine["kind"] == "violation"]) == 1
    bo_gouji = _row(queries.player_findings(engine, game="gouji"), player="Bo", kind="violation")
    assert (bo_gouji["count"], bo_gouji["deals"]) == (1, 3)
    assert queries.player_findings(engine, game="baohuang")["player"].isin(HAND_MADE).sum() == 0
    # every finding about a named seat is counted once
    with Session(engine) as db:
        seated = db.exec(
            select(func.count())
            .select_from(FindingRow)
            .join(DealSeat, (DealSeat.deal_id == FindingRow.deal_id) & (DealSeat.seat == FindingRow.seat))
            .where(DealSeat.player_id.is_not(None))
        ).one()
    assert df["count"].sum() == seated
    assert (df["per_deal"] == df["count"] / df["deals"]).all()
    assert set(df["severity"]) <= set(SEVERITIES)  # trial: a maxim on trial (coach.effects)
    assert set(df["kind"]) <= {"violation", "maxim", "note"}
    by_maxim = df[df["kind"] == "maxim"].groupby("maxim")["count"].sum()
    assert (by_maxim.index != "").all()


def test_match_standings_running_totals(engine: Engine) -> None:
    df = queries.match_standings(engine, "Test Cup")
    assert list(df.columns) == queries.STANDING_COLUMNS
    assert len(df) == 12
    assert df["deal"].tolist() == [1] * 6 + [2] * 6
    assert df["seat"].tolist() == list(range(6)) * 2
    first = df[df["deal"] == 1].set_index("player")
    assert first["points"].to_dict() == {"Ann": 4, "Bo": 2, "Cai": 0, "Dong": 0, "Eve": -2, "Fei": -4}
    assert first["place"].to_dict() == {"Ann": 1, "Bo": 2, "Cai": 3, "Dong": 4, "Eve": 5, "Fei": 6}
    second = df[df["deal"] == 2].set_index("player")
    assert second["points"].to_dict() == {"Fei": 4, "Ann": 2, "Bo": 0, "Cai": 0, "Dong": -2, "Eve": -4}
    assert second["total"].to_dict() == {"Fei": 0, "Ann": 6, "Bo": 2, "Cai": 0, "Dong": -2, "Eve": -6}
    assert set(first["side"]) == {"0", "1"}
    bh = queries.match_standings(engine, "Test BH").set_index("player")
    assert bh["points"].to_dict() == {"Ann": 3, "Bo": -3, "Cai": -3, "Dong": -3, "Gu": 6}
    assert bh.loc["Gu", "side"] == "emperor" and bh.loc["Ann", "side"] == "loyalist"
    wide = df.pivot(index="deal", columns="player", values="total")
    assert wide.loc[2].to_dict() == {"Ann": 6, "Bo": 2, "Cai": 0, "Dong": -2, "Eve": -6, "Fei": 0}
    assert queries.match_standings(engine, "no such match").empty


def test_names_and_games(engine: Engine) -> None:
    names = queries.player_names(engine)
    assert names == sorted(names)
    assert set(names) >= HAND_MADE
    assert set(names) - HAND_MADE <= set(NAMES)
    assert queries.games(engine) == ["baohuang", "gouji"]


def test_an_empty_library_gives_empty_frames_with_the_columns(fresh: Engine) -> None:
    eng = fresh
    for frame, columns in (
        (queries.deals(eng), queries.DEAL_COLUMNS),
        (queries.deals(eng, player="x", date_from="2026-01-01", has_findings=True), queries.DEAL_COLUMNS),
        (queries.player_places(eng), queries.PLACE_COLUMNS),
        (queries.player_points(eng, game="gouji"), queries.POINT_COLUMNS),
        (queries.player_findings(eng), queries.FINDING_COLUMNS),
        (queries.match_standings(eng, "x"), queries.STANDING_COLUMNS),
    ):
        assert frame.empty and list(frame.columns) == columns
    assert queries.player_names(eng) == [] and queries.games(eng) == []


def test_unnamed_seats_show_as_seat_numbers(fresh: Engine) -> None:
    eng = fresh
    assert [r.status for r in import_paths(eng, [CASES / "GJ-SCORE.legal.txt"])] == ["added"]
    assert [r.status for r in import_paths(eng, [CASES / "BH-SCORE.legal.txt"])] == ["added"]
    assert [r.status for r in import_paths(eng, [CASES / "GJ-DEADLEVEL.legal.txt"])] == ["added"]
    df = queries.deals(eng)
    assert df["players"].tolist() == [
        "seat 0, seat 1, seat 2, seat 3, seat 4, seat 5",
        "seat 0, seat 1, seat 2, seat 3, seat 4",
        "seat 0, seat 1, seat 2, seat 3, seat 4, seat 5",
    ]
    assert queries.player_places(eng).empty and queries.player_names(eng) == []  # no one to count them for


# -- 升级 (shengji): no places; team card points and levels --------------------------------------------


SJ_SAMPLES = sorted(
    (ROOT / "data" / "samples" / "shengji").glob("*.json"),
    key=lambda p: int(p.stem.rsplit("-d", 1)[1]),
)[:3]


@pytest.fixture(scope="module")
def sj_library(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """The first three 升级 sample deals (one match, levels carried on) and the hand-made 够级 deal "Test Cup" 1."""
    root = tmp_path_factory.mktemp("sj")
    cup = root / "cup-1.txt"
    cup.write_text(
        _hand_made(
            "GJ-SCORE.legal.txt", GOUJI, {"date": "2026-10-01", "venue": "Club", "match": "Test Cup", "deal": 1}
        ),
        encoding="utf-8",
    )
    with new_db(backend, root) as eng:
        assert [r.status for r in import_paths(eng, [*SJ_SAMPLES, cup])] == ["added"] * 4
        yield eng


def _sj_scores() -> list[tuple[list[str], Score]]:
    out = []
    for path in SJ_SAMPLES:
        log = read_log(path)
        score = Replay(log).score()
        assert score is not None
        out.append(([s.player for s in log.seats], score))
    return out


def test_shengji_is_left_out_of_place_and_point_statistics(sj_library: Engine) -> None:
    eng = sj_library
    (players,) = {tuple(p) for p, _ in _sj_scores()}
    assert set(queries.player_places(eng)["player"]) == set(GOUJI)  # 升级 has no places
    assert set(queries.player_points(eng)["player"]) == set(GOUJI)  # nor points to mix with places' points
    places = queries.player_places(eng, game="shengji").set_index("player")
    assert set(places.index) == set(players)
    assert (places["deals"] == 3).all() and (places["placed"] == 0).all() and places["mean_place"].isna().all()
    assert (places[[f"place_{k}" for k in queries.PLACES]] == 0).all().all()
    points = queries.player_points(eng, game="shengji").set_index("player")
    for seat, name in enumerate(players):
        mine = [next(t.points for t in score.teams if seat in t.seats) for _, score in _sj_scores()]
        assert points.loc[name, "scored"] == 3 and points.loc[name, "total_points"] == pytest.approx(sum(mine))
        assert points.loc[name, "mean_points"] == pytest.approx(sum(mine) / 3)
    gouji = queries.player_points(eng, game="gouji").set_index("player")
    assert gouji["total_points"].to_dict() == {"Ann": 4, "Bo": 2, "Cai": 0, "Dong": 0, "Eve": -2, "Fei": -4}


def test_shengji_deals_and_findings(sj_library: Engine) -> None:
    eng = sj_library
    df = queries.deals(eng, game="shengji")
    assert df["deal"].tolist() == [1, 2, 3] and df["legal"].all() and df["finished"].all()
    assert len(set(df["match"])) == 1 and all(len(p.split(", ")) == 4 for p in df["players"])
    assert queries.games(eng) == ["gouji", "shengji"]
    found = queries.player_findings(eng, game="shengji")
    assert set(found["kind"]) == {"note"} and (found["deals"] == 3).all()
    with Session(eng) as db:
        stored = db.exec(
            select(func.count()).select_from(FindingRow).join(Deal, Deal.id == FindingRow.deal_id)
            .where(Deal.game == "shengji")
        ).one()  # fmt: skip
    assert found["count"].sum() == stored > 0  # every 升级 note is about a seat


def test_shengji_match_standings_give_points_and_levels(sj_library: Engine) -> None:
    eng = sj_library
    match = queries.deals(eng, game="shengji")["match"].iloc[0]
    df = queries.match_standings(eng, match, "shengji")
    assert list(df.columns) == queries.STANDING_COLUMNS
    assert df["deal"].tolist() == [d for d in (1, 2, 3) for _ in range(4)] and df["place"].isna().all()
    assert df["side"].tolist() == ["0", "1"] * 6
    for k, (names, score) in enumerate(_sj_scores()):
        rows = df[df["deal"] == k + 1]
        assert rows["player"].tolist() == names
        assert rows["level_before"].tolist() == [score.to_json().get("levels")["before"][s % 2] for s in range(4)]
        assert rows["level_after"].tolist() == [score.to_json().get("levels")["after"][s % 2] for s in range(4)]
        assert rows["points"].tolist() == [next(t.points for t in score.teams if s in t.seats) for s in range(4)]
    after = df[df["deal"] == 1]["level_after"].tolist()
    assert df[df["deal"] == 2]["level_before"].tolist() == after  # the levels go on from deal to deal
    last = df[df["deal"] == 3].set_index("player")
    assert last["total"].to_dict() == df.groupby("player")["points"].sum().to_dict()
    cup = queries.match_standings(eng, "Test Cup")
    assert cup["level_before"].isna().all() and cup["level_after"].isna().all()
