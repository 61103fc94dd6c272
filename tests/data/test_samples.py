"""Tests of the shipped sample library (data/samples/, data/make_samples.py) and ``fupan samples``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import cli
from data import queries
from data.database import open_db
from data.make_samples import FOLDERS, ROSTER, SAMPLES_DIR, VENUE, make_samples, sample_folders
from replay import games
from replay.formats.log import read_log
from replay.replay import Replay


def _files(folder: str) -> list[Path]:
    return sorted(p for p in (SAMPLES_DIR / folder).iterdir() if p.is_file())


def test_the_samples_are_shipped() -> None:
    assert [p.name for p in sample_folders()] == list(FOLDERS)
    assert len(_files("gouji")) == 30 and all(p.suffix == ".json" for p in _files("gouji"))
    assert len(_files("baohuang")) == 30 and all(p.suffix == ".json" for p in _files("baohuang"))
    assert len(_files("shengji")) == 20 and all(p.suffix == ".json" for p in _files("shengji"))
    assert 5 <= len(_files("disputes")) <= 8 and all(p.suffix == ".txt" for p in _files("disputes"))


@pytest.mark.parametrize("game", ["gouji", "baohuang"])
def test_simulated_samples_look_like_a_clubs_evenings(game: str) -> None:
    matches: dict[str, list[int]] = {}
    seen: Counter[str] = Counter()
    for path in _files(game):
        log = read_log(path)
        assert log.game == game and log.profile_name == game
        assert path.read_text(encoding="utf-8") == log.dumps()  # canonical JSON
        rep = Replay(log)
        assert rep.ok and rep.score() is not None, path
        names = [s.player for s in log.seats]
        assert len(names) == games.get(log.game).seats and set(names) <= set(ROSTER) and len(set(names)) == len(names)
        meta = log.meta
        assert meta["venue"] == VENUE and meta["match"].endswith(meta["date"])
        assert "simulated" in meta["notes"]
        matches.setdefault(meta["match"], []).append(meta["deal"])
        seen.update(names)
    assert len(matches) == 5
    assert all(sorted(deals) == [1, 2, 3, 4, 5, 6] for deals in matches.values())
    assert sum(1 for n in seen.values() if n >= 12) >= 3  # players who come back evening after evening


def test_shengji_samples_are_one_match_with_levels_carried_on() -> None:
    deals = sorted(((read_log(p), p) for p in _files("shengji")), key=lambda d: d[0].meta["deal"])
    logs = [log for log, _ in deals]
    assert [log.meta["deal"] for log in logs] == list(range(1, 21))
    assert len({log.meta["match"] for log in logs}) == 1 and len({log.meta["date"] for log in logs}) == 1
    players = {tuple(s.player for s in log.seats) for log in logs}
    assert len(players) == 1  # one table: the same four players in the same seats
    (names,) = players
    assert len(set(names)) == 4 and set(names) <= set(ROSTER)
    assert logs[0].levels == ("A", "A")
    after = None
    for log, path in deals:
        assert log.game == "shengji" and log.profile_name == "shengji-35"
        assert path.read_text(encoding="utf-8") == log.dumps()  # canonical JSON
        assert log.meta["venue"] == VENUE and "simulated" in log.meta["notes"]
        rep = Replay(log)
        score = rep.score()
        assert rep.ok and score is not None and not score.void and score.to_json().get("levels") is not None, path
        if after is not None:
            assert list(log.levels) == after  # each deal starts where the previous one left the levels
        assert (
            score.to_json().get("levels")["before"] == list(log.levels)
            and score.to_json().get("levels")["passed"] is None
        )
        after = score.to_json().get("levels")["after"]
    assert after != ["A", "A"]  # the sides went up over the match


def test_the_shengji_generator_is_deterministic(tmp_path: Path) -> None:
    a = make_samples(tmp_path / "a", {"shengji": 3})
    b = make_samples(tmp_path / "b", {"shengji": 3})
    assert [p.name for p in a["shengji"]] == [f"shengji-2026-09-05-d{k}.json" for k in (1, 2, 3)]
    assert [p.read_bytes() for p in a["shengji"]] == [p.read_bytes() for p in b["shengji"]]
    assert [p.read_bytes() for p in a["shengji"]] == [
        (SAMPLES_DIR / "shengji" / p.name).read_bytes() for p in a["shengji"]
    ]


def test_some_gouji_samples_break_maxims_on_purpose() -> None:
    notes = [json.loads(p.read_text(encoding="utf-8"))["meta"]["notes"] for p in _files("gouji")]
    assert sum("breaks maxims" in n for n in notes) == 10


def test_disputes_say_their_question() -> None:
    for path in _files("disputes"):
        lines = path.read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("# 争议"), path
        header = lines[: next(i for i, x in enumerate(lines) if x.startswith("fupan/1"))]
        assert all(line.startswith("#") for line in header) and any("Dispute" in line for line in header)
        assert any("?" in line or "？" in line for line in header)
        log = read_log(path)
        assert log.meta["venue"] == VENUE and log.meta["match"] and log.meta["deal"]
        assert len(log.seats) == games.get(log.game).seats and all(s.player in ROSTER for s in log.seats)


def test_the_generator_is_deterministic(tmp_path: Path) -> None:
    a = make_samples(tmp_path / "a", {"gouji": 3, "baohuang": 2})
    b = make_samples(tmp_path / "b", {"gouji": 3, "baohuang": 2})
    assert (
        [p.name for p in a["gouji"]]
        == [p.name for p in b["gouji"]]
        == [
            "gouji-2026-09-01-d1.json",
            "gouji-2026-09-01-d2.json",
            "gouji-2026-09-01-d3.json",
        ]
    )
    for game in ("gouji", "baohuang"):
        for x, y in zip(a[game], b[game], strict=True):
            assert x.read_bytes() == y.read_bytes()
    third = json.loads(a["gouji"][2].read_text(encoding="utf-8"))
    assert "breaks maxims on purpose" in third["meta"]["notes"]  # every third deal: MaximBot
    assert not (tmp_path / "a" / "disputes").exists()  # hand-written, never generated
    again = make_samples(tmp_path / "a", {"gouji": 1, "baohuang": 1})  # stale files are removed
    assert sorted(p.name for p in (tmp_path / "a" / "gouji").iterdir()) == [p.name for p in again["gouji"]]


def test_fupan_samples_loads_them_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'lib.db'}"
    assert cli.main(["samples", "--db", url]) == 0
    out = capsys.readouterr().out
    n_disputes = len(_files("disputes"))
    assert "gouji: 30 added, 0 duplicate, 0 not imported" in out
    assert "baohuang: 30 added, 0 duplicate, 0 not imported" in out
    assert "shengji: 20 added, 0 duplicate, 0 not imported" in out
    assert f"disputes: {n_disputes} added, 0 duplicate, 0 not imported" in out
    assert f"samples: {80 + n_disputes} added, 0 duplicate, 0 not imported" in out
    assert cli.main(["samples", "--db", url]) == 0
    assert f"samples: 0 added, {80 + n_disputes} duplicate, 0 not imported" in capsys.readouterr().out

    engine = open_db(url)
    deals = queries.deals(engine)
    assert len(deals) == 80 + n_disputes
    assert (~deals["legal"]).sum() >= 5  # the disputes that rule a move or a claimed score out
    assert set(queries.player_names(engine)) <= set(ROSTER)
    findings = queries.player_findings(engine, game="gouji")
    assert (findings["kind"] == "maxim").any() and (findings["kind"] == "violation").any()
    match = deals[deals["game"] == "gouji"]["match"].iloc[0]
    standings = queries.match_standings(engine, match)
    assert standings["deal"].tolist() == [d for d in range(1, 7) for _ in range(6)]
    totals = standings.groupby("player")["total"].last()
    assert totals.sum() == pytest.approx(0)  # classic 够级 places sum to zero in every deal
    sj = deals[deals["game"] == "shengji"]
    assert len(sj) == 20 and sj["legal"].all() and sj["finished"].all()
    standings = queries.match_standings(engine, sj["match"].iloc[0], "shengji")
    assert standings["deal"].tolist() == [d for d in range(1, 21) for _ in range(4)]
    assert standings["place"].isna().all() and standings["level_before"].iloc[:4].tolist() == ["A"] * 4
    notes = queries.player_findings(engine, game="shengji")
    assert set(notes["kind"]) == {"note"} and set(notes["player"]) <= set(ROSTER)  # the coach's notes on 升级
    engine.dispose()
