"""Tests of the ``fupan`` command (cli.py), run in-process with ``cli.main([...])``: check, score, replay,
simulate, profiles and demo; exit codes 0 (legal), 1 (illegal), 2 (unreadable input), 3 (internal error)."""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from paths import CASE_LOGS

import cli
from replay.rules.profile_loader import shipped_profiles

CASES = CASE_LOGS
LEGAL = CASES / "TURN-ORDER.legal.txt"
ILLEGAL = CASES / "TURN-ORDER.illegal.txt"
FINISH = CASES / "FINISH.legal.txt"

VERDICT_KEYS = {
    "index",
    "event",
    "seat",
    "action",
    "cards",
    "legal",
    "rule",
    "reason",
    "message_zh",
    "message_en",
    "reading",
}


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, Any]:
    code, out, err = run(capsys, *args)
    assert err == ""
    return code, json.loads(out)


def place_of(path: Path, event_line: str) -> tuple[int, int]:
    """(line, col) of an event line in a text-notation case file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return lines.index(event_line) + 1, 1


def assert_input_error(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2
    assert out == ""
    assert err.startswith("fupan: ")
    assert err.endswith("\n") and err.count("\n") == 1, err  # one line
    assert "Traceback" not in err
    for w in words:
        assert w in err


# ---------------------------------------------------------------------------------------------
# check


def test_check_legal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", LEGAL)
    assert code == 0
    assert err == ""
    assert out.splitlines()[-1] == f"{LEGAL}: 3 events, all legal"


def test_check_illegal_names_file_line_col_event_seat_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", ILLEGAL)
    assert code == 1
    assert err == ""
    line, col = place_of(ILLEGAL, "2 play 6")
    first = out.splitlines()[0]
    assert first.startswith(f"{ILLEGAL}:{line}:{col}: event 2, seat 2: [TURN-ORDER] ")  # the second event: 2
    assert "not seat 2's turn" in first  # English message
    assert "座位2" in first  # Chinese message
    assert "strict mode" in out
    assert out.splitlines()[-1] == f"{ILLEGAL}: 2 events, 1 illegal"


def test_check_lenient_reads_on(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--lenient", ILLEGAL)
    assert code == 1
    assert "strict mode" not in out
    assert "[TURN-ORDER]" in out


@pytest.mark.parametrize(
    "name",
    ["SET-COUNT.illegal.txt", "SET-SMALLJOKER.illegal.txt", "GJ-GOUJI-ANSWER.illegal.txt", "PASS-LOCK.illegal.txt"],
)
def test_check_cites_the_rule_of_each_illegal_case(capsys: pytest.CaptureFixture[str], name: str) -> None:
    path = CASES / name
    code, out, _ = run(capsys, "check", path)
    assert code == 1
    rule = name.split(".")[0]
    assert f"[{rule}]" in out
    assert f"{path}:" in out


def test_check_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "check", "--json", ILLEGAL)
    assert code == 1
    assert set(doc) == {"ok", "events", "verdicts", "unverified"}
    assert doc["ok"] is False
    assert doc["events"] == 2
    assert isinstance(doc["unverified"], list) and all(isinstance(u, str) for u in doc["unverified"])
    assert len(doc["verdicts"]) == 2
    for v in doc["verdicts"]:
        assert set(v) == VERDICT_KEYS
    first, second = doc["verdicts"]
    assert first == {
        "index": 0,
        "event": 1,
        "seat": 0,
        "action": "play",
        "cards": ["5"],
        "legal": True,
        "rule": None,
        "reason": None,
        "message_zh": "",
        "message_en": "",
        "reading": None,
    }
    assert (second["index"], second["seat"], second["action"], second["cards"]) == (1, 2, "play", ["6"])
    assert second["legal"] is False
    assert second["rule"] == "TURN-ORDER"
    assert second["message_zh"] and second["message_en"]


def test_check_json_legal(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "check", "--json", FINISH)
    assert code == 0
    assert doc["ok"] is True
    assert doc["events"] == len(doc["verdicts"]) > 40
    assert all(v["legal"] and v["rule"] is None for v in doc["verdicts"])
    assert [v["index"] for v in doc["verdicts"]] == list(range(doc["events"]))
    assert [v["event"] for v in doc["verdicts"]] == list(range(1, doc["events"] + 1))  # as people count: from 1


def test_check_json_deal_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "check", "--json", CASES / "GJ-DEAL.illegal.txt")
    assert code == 1
    bad = [v for v in doc["verdicts"] if not v["legal"]]
    assert bad and all(set(v) == VERDICT_KEYS for v in bad)
    assert {v["rule"] for v in bad} == {"GJ-DEAL"}
    assert all(v["index"] is None and v["action"] == "deal" for v in bad)


# ---------------------------------------------------------------------------------------------
# score


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "score", "--json", FINISH)
    assert code == 0
    assert set(doc) == {"finish_order", "places", "teams", "sweep", "void", "claimed", "differs"}
    assert doc["finish_order"] == [0, 1, 2, 3, 4, 5]
    assert len(doc["places"]) == 6
    for p in doc["places"]:
        assert set(p) == {"seat", "place", "points"}
    assert [(p["seat"], p["place"], p["points"]) for p in doc["places"]] == [
        (0, 1, 4),
        (1, 2, 2),
        (2, 3, 0),
        (3, 4, 0),
        (4, 5, -2),
        (5, 6, -4),
    ]
    for t in doc["teams"]:
        assert set(t) == {"seats", "points"}
    # the log's profile (gouji-logged) records positive points only
    assert doc["teams"] == [{"seats": [0, 2, 4], "points": 2}, {"seats": [1, 3, 5], "points": 0}]
    assert doc["sweep"] is False


def test_score_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", FINISH)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["place", "seat", "points"]
    assert lines[1].split() == ["1", "0", "4"]
    assert lines[6].split() == ["6", "5", "-4"]
    assert "Team A (0·2·4): 2 (sum 2)" in out
    assert "Team B (1·3·5): 0 (sum -2)" in out
    assert "[GJ-SCORE]" in out


def test_score_with_profile_override(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "score", "--json", "--profile", "gouji-online", FINISH)
    assert code == 0
    # gouji-online scores net: both teams record their sums
    assert doc["teams"] == [{"seats": [0, 2, 4], "points": 2}, {"seats": [1, 3, 5], "points": -2}]


def test_score_of_an_unfinished_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "score", "--json", LEGAL)
    assert code == 0
    assert doc["places"] == [] and doc["teams"] == []
    assert doc.get("finished") is False
    code, out, _ = run(capsys, "score", LEGAL)
    assert "not finished" in out


# ---------------------------------------------------------------------------------------------
# --profile


def test_check_with_profile_override(capsys: pytest.CaptureFixture[str]) -> None:
    code, own = run_json(capsys, "check", "--json", LEGAL)
    assert code == 0
    code, online = run_json(capsys, "check", "--json", "--profile", "gouji-online", LEGAL)
    assert code == 0
    # gouji-online rotates the first lead; the log has no deal number, so that cannot be checked
    new = set(online["unverified"]) - set(own["unverified"])
    assert any("first lead" in u for u in new), online["unverified"]


def test_check_with_profile_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    club = tmp_path / "club.toml"
    club.write_text('base = "gouji-logged"\n[options]\nscore_mode = "net"\n', encoding="utf-8")
    code, doc = run_json(capsys, "score", "--json", "--profile", club, FINISH)
    assert code == 0
    assert doc["teams"][1]["points"] == -2


def test_profile_of_another_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bh = tmp_path / "bh.toml"
    bh.write_text('game = "baohuang"\n', encoding="utf-8")
    code, out, err = run(capsys, "check", "--profile", bh, LEGAL)
    assert_input_error(code, out, err, str(bh), "baohuang", "gouji")


def test_unknown_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--profile", "gouji-classic", LEGAL)
    assert_input_error(code, out, err, "'gouji-classic'", "gouji-online")


def test_bad_profile_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "gouji"\n[options]\nscore_mode = "gross"\n', encoding="utf-8")
    code, out, err = run(capsys, "score", "--profile", bad, FINISH)
    assert_input_error(code, out, err, str(bad), "score_mode", "'net'")


# ---------------------------------------------------------------------------------------------
# replay


def test_replay_step_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "replay", "--step", "1", "--json", FINISH)
    assert code == 0
    assert {"step", "to_act", "table", "hands", "finished"} <= set(doc)
    assert doc["step"] == 1
    assert {"seat", "cards"} <= set(doc["table"])
    assert doc["table"]["seat"] == 0
    assert doc["table"]["cards"] == ["3"] * 16
    assert set(doc["hands"]) == {str(s) for s in range(6)}
    assert len(doc["hands"]["0"]) == 36 - 16
    assert len(doc["hands"]["1"]) == 36
    assert doc["finished"] == []
    assert "1" in doc["to_act"]
    assert all(isinstance(a, list) for a in doc["to_act"].values())


def test_replay_first_and_last_step(capsys: pytest.CaptureFixture[str]) -> None:
    code, start = run_json(capsys, "replay", "--step", "0", "--json", FINISH)
    assert code == 0
    assert start["step"] == 0
    assert start["table"]["seat"] is None and start["table"]["cards"] == []
    assert all(len(h) == 36 for h in start["hands"].values())
    code, doc = run_json(capsys, "check", "--json", FINISH)
    last = doc["events"]
    code, end = run_json(capsys, "replay", "--step", str(last), "--json", FINISH)
    assert code == 0
    assert end["step"] == last
    assert end["finished"] == [0, 1, 2, 3, 4]
    assert [len(end["hands"][str(s)]) for s in range(5)] == [0] * 5
    assert len(end["hands"]["5"]) > 0


@pytest.mark.parametrize("step", ["9999", "-1"])
def test_replay_step_out_of_range(capsys: pytest.CaptureFixture[str], step: str) -> None:
    code, out, err = run(capsys, "replay", "--step", step, FINISH)
    assert_input_error(code, out, err, f"--step {step}", "expected 0..")


def test_replay_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", ILLEGAL)
    assert code == 1
    assert "ILLEGAL [TURN-ORDER]" in out
    code, out, _ = run(capsys, "replay", "--step", "2", FINISH)
    assert code == 0
    assert out.startswith("step 2 of ")


def test_replay_json_all_steps(capsys: pytest.CaptureFixture[str]) -> None:
    code, doc = run_json(capsys, "replay", "--json", LEGAL)
    assert code == 0
    assert [s["step"] for s in doc["steps"]] == [0, 1, 2, 3]


# ---------------------------------------------------------------------------------------------
# Input: standard input, missing and malformed files


def test_check_reads_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(ILLEGAL.read_text(encoding="utf-8")))
    code, out, err = run(capsys, "check", "-")
    assert code == 1
    assert err == ""
    line, col = place_of(ILLEGAL, "2 play 6")
    assert out.startswith(f"<stdin>:{line}:{col}: event 2, seat 2: [TURN-ORDER]")
    assert out.splitlines()[-1] == "<stdin>: 2 events, 1 illegal"


def test_score_reads_json_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from replay.formats.log import read_log

    monkeypatch.setattr(sys, "stdin", io.StringIO(read_log(FINISH).dumps()))
    code, doc = run_json(capsys, "score", "--json", "-")
    assert code == 0
    assert doc["finish_order"] == [0, 1, 2, 3, 4, 5]


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "absent.txt"
    for command in ("check", "score", "replay"):
        code, out, err = run(capsys, command, path)
        assert_input_error(code, out, err, str(path), "cannot read file")


def test_malformed_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "fupan/1",\n "game": "gouji", "events": [}\n', encoding="utf-8")
    code, out, err = run(capsys, "check", path)
    assert_input_error(code, out, err, f"{path}:2:", "malformed JSON")


def test_malformed_text_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("fupan/1 gouji\nevents\n0 play 3X\n", encoding="utf-8")
    code, out, err = run(capsys, "check", path)
    assert_input_error(code, out, err, f"{path}:3:8:", "'3X'")


def test_non_utf8_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"fupan/1 gouji\nvenue Caf\xe9\nevents\n")
    code, out, err = run(capsys, "score", path)
    assert_input_error(code, out, err, f"{path}:2", "UTF-8")


def test_internal_error_is_one_line_exit_3(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(args: object) -> int:
        raise RuntimeError("kaput")

    monkeypatch.setattr(cli, "cmd_check", boom)
    code, out, err = run(capsys, "check", LEGAL)
    assert code == 3
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "internal error" in err and "RuntimeError: kaput" in err


def test_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["check"])
    assert info.value.code == 2
    assert "usage" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# simulate, profiles, demo


def test_simulate_writes_deals_that_check_passes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_dir = tmp_path / "sim"
    code, out, err = run(capsys, "simulate", "--deals", "3", "--seed", "5", "--out", out_dir)
    assert code == 0
    assert err == ""
    assert f"wrote 3 deals to {out_dir}" in out
    files = sorted(out_dir.iterdir())
    assert len(files) == 3
    for path in files:
        code, doc = run_json(capsys, "check", "--json", path)
        assert code == 0, [v for v in doc["verdicts"] if not v["legal"]]
        assert doc["ok"] is True and doc["events"] > 0
        code, score = run_json(capsys, "score", "--json", path)
        assert code == 0
        assert sorted(score["finish_order"]) == list(range(6))


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    assert run(capsys, "simulate", "--deals", "1", "--seed", "11", "--out", a)[0] == 0
    assert run(capsys, "simulate", "--deals", "1", "--seed", "11", "--out", b)[0] == 0
    (fa,), (fb,) = list(a.iterdir()), list(b.iterdir())
    assert fa.name == fb.name
    assert fa.read_text(encoding="utf-8") == fb.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--deals", "0"], ["--deals"]),
        (["--game", "chess"], ["--game chess", "gouji, baohuang, shengji"]),
        (["--game", "shengji", "--profile", "gouji"], ["gouji", "shengji"]),
        (["--game", "baohuang", "--profile", "gouji"], ["gouji", "baohuang"]),
        (["--profile", "nosuch"], ["nosuch"]),
    ],
)
def test_simulate_bad_arguments(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], words: list[str]
) -> None:
    code, out, err = run(capsys, "simulate", "--out", tmp_path / "x", *args)
    assert_input_error(code, out, err, *words)


def test_profiles_lists_the_shipped_profiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "profiles")
    assert code == 0 and err == ""
    lines = out.splitlines()
    names = ["baohuang", "baohuang-no345", "gouji", "gouji-logged", "gouji-online", "shengji-35"]
    assert [line.split()[0] for line in lines] == shipped_profiles() == names
    assert [line.split()[1] for line in lines] == ["baohuang"] * 2 + ["gouji"] * 3 + ["shengji"]


def test_profiles_shows_one_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles", "gouji-online")
    assert code == 0
    assert out.startswith("gouji-online (gouji)")
    assert "score_mode = 'net'  [GJ-SCORE]" in out
    assert "first_lead = 'rotate'  [GJ-FIRST-LEAD]" in out
    assert "tribute = True  [GJ-TRIBUTE]" in out
    code, out, err = run(capsys, "profiles", "nosuch")
    assert_input_error(code, out, err, "'nosuch'")


def test_demo_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "demo")
    assert code == 0
    assert err == ""
    assert out.startswith("simulated 够级 deal, seed 7, profile gouji")
    assert "place  seat  points" in out
    assert out.count("goes out") == 5


def test_demo_with_seed_and_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "demo", "--seed", "3", "--profile", "gouji-online")
    assert code == 0
    assert "seed 3, profile gouji-online" in out
    assert "net mode" in out


# ---------------------------------------------------------------------------------------------
# 升级 (shengji): check, replay, score, simulate, demo and profiles


@pytest.fixture(scope="module")
def sj_deal() -> Any:
    """A simulated 升级 deal whose declarations were eaten (so it has 换三张 exchanges)."""
    from replay.simulate import simulate_deal

    for seed in range(1, 50):
        deal = simulate_deal(seed, "shengji-35")
        if any(e.action == "exchange" for e in deal.log.events):
            return deal
    raise AssertionError("no simulated deal with an exchange")


@pytest.fixture
def sj_json(sj_deal: Any, tmp_path: Path) -> Path:
    path = tmp_path / "sj.json"
    path.write_text(sj_deal.log.dumps(), encoding="utf-8")
    return path


@pytest.fixture
def sj_text(sj_deal: Any, tmp_path: Path) -> Path:
    from replay.formats.notation.read import format_text

    path = tmp_path / "sj.txt"
    path.write_text(format_text(sj_deal.log), encoding="utf-8")
    return path


def revoke(deal: Any) -> tuple[int, str]:
    """(index, text line) of a follow changed into a revoke: a single led, and the seat plays a card of another
    suit while it holds the suit led (SJ-FOLLOW)."""
    from replay.core.events import Play

    for k, (st, ev) in enumerate(zip(deal.states, deal.log.events, strict=False)):
        if not isinstance(ev, Play) or len(st.trick) == 0 or st.lead.size != 1:
            continue
        tr = st.trumps
        held = st.hands[ev.seat].known_cards()
        if sum(tr.key(c)[0] == st.lead.cls for c in held) < 1:
            continue
        other = next((c for c in held if tr.key(c)[0] != st.lead.cls), None)
        if other is not None:
            return k, f"{ev.seat} play {other.token}"
    raise AssertionError("no follow to change")


def test_shengji_check(capsys: pytest.CaptureFixture[str], sj_json: Path, sj_text: Path, sj_deal: Any) -> None:
    n = len(sj_deal.log.events)
    for path in (sj_json, sj_text):
        code, out, err = run(capsys, "check", path)
        assert (code, err) == (0, "")
        assert out.splitlines()[-1] == f"{path}: {n} events, all legal"
    code, doc = run_json(capsys, "check", "--json", sj_json)
    assert code == 0 and doc["ok"] is True and doc["events"] == n and doc["unverified"] == []
    assert {v["action"] for v in doc["verdicts"]} >= {"declare", "exchange", "bury", "play"}


def test_shengji_check_a_revoke(capsys: pytest.CaptureFixture[str], sj_deal: Any, tmp_path: Path) -> None:
    from replay.formats.notation.read import format_text

    k, line = revoke(sj_deal)
    lines = format_text(sj_deal.log).splitlines()
    at = lines.index("events") + 2 + k  # the event's line, 1-based
    lines[at - 1] = line
    path = tmp_path / "revoke.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "check", path)
    assert code == 1 and err == ""
    assert out.startswith(f"{path}:{at}:1: event {k + 1}, seat {line.split()[0]}: [SJ-FOLLOW] ")
    assert "strict mode" in out
    code, out, _ = run(capsys, "check", "--lenient", path)
    assert code == 1 and out.startswith(f"{path}:{at}:1: event {k + 1}, seat {line.split()[0]}: [SJ-FOLLOW] ")
    assert out.splitlines()[-1].startswith(f"{path}: {len(sj_deal.log.events)} events, ")  # and what follows from it
    code, out, _ = run(capsys, "replay", path)
    assert code == 1 and "ILLEGAL [SJ-FOLLOW]" in out


def test_shengji_unreadable_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("fupan/1 shengji\nkitty 3S 4X\nevents\n", encoding="utf-8")
    for command in ("check", "score", "replay"):
        code, out, err = run(capsys, command, path)
        assert_input_error(code, out, err, f"{path}:2:10:", "'4X'")
    path = tmp_path / "bad.json"
    path.write_text('{"format": "fupan/1", "game": "shengji",\n "deal": {"levels": ["A", "1"]}}\n', encoding="utf-8")
    code, out, err = run(capsys, "check", path)
    assert_input_error(code, out, err, f"{path}:2:", "(deal.levels[1])", "expected a level")


def test_shengji_score_json(capsys: pytest.CaptureFixture[str], sj_json: Path, sj_deal: Any) -> None:
    code, doc = run_json(capsys, "score", "--json", sj_json)
    assert code == 0
    assert set(doc) == {"finish_order", "places", "teams", "sweep", "void", "points", "levels", "claimed", "differs"}
    assert set(doc["points"]) == {"defenders", "kitty"} and set(doc["levels"]) == {"before", "after"}
    assert doc["levels"]["before"] == list(sj_deal.log.levels)
    assert doc["finish_order"] == [] and doc["places"] == [] and doc["sweep"] is False
    final = sj_deal.states[-1]
    defenders = 1 - final.declarer % 2
    assert doc["points"]["defenders"] == final.defenders_points
    assert [t["seats"] for t in doc["teams"]] == [[0, 2], [1, 3]]
    assert doc["teams"][defenders]["points"] == doc["points"]["defenders"]


def test_shengji_score_text(capsys: pytest.CaptureFixture[str], sj_text: Path, sj_deal: Any) -> None:
    code, out, err = run(capsys, "score", sj_text)
    assert (code, err) == (0, "")
    final = sj_deal.states[-1]
    lines = out.splitlines()
    assert lines[0].startswith("trumps: ") and f"declarer (庄) seat {final.declarer}" in lines[0]
    assert lines[1].startswith("tricks: Team A (0·2) won ") and f"{final.points[0]} points" in lines[1]
    assert lines[2].startswith("kitty (底牌) buried: " + " ".join(c.token for c in final.buried))
    defenders = 1 - final.declarer % 2
    assert (
        lines[3] == f"defenders Team {'AB'[defenders]} ({defenders}·{defenders + 2}): {final.defenders_points} points"
    )
    before = sj_deal.log.levels
    assert lines[4].startswith(f"levels: Team A (0·2) {before[0]} -> ") and f"Team B (1·3) {before[1]} -> " in lines[4]
    assert "[SJ-POINTS]" in out and "[SJ-LEVEL]" in out


def test_shengji_score_of_an_unfinished_deal(capsys: pytest.CaptureFixture[str], sj_deal: Any, tmp_path: Path) -> None:
    from dataclasses import replace

    path = tmp_path / "part.json"
    path.write_text(replace(sj_deal.log, events=sj_deal.log.events[:12]).dumps(), encoding="utf-8")
    code, doc = run_json(capsys, "score", "--json", path)
    assert code == 0 and doc == {
        "finished": False,
        "finish_order": [],
        "places": [],
        "teams": [],
        "sweep": False,
        "void": False,
        "claimed": None,
        "differs": [],
    }
    code, out, _ = run(capsys, "score", path)
    assert code == 0 and out.startswith("trumps: ") and out.splitlines()[-1] == "the deal is not finished: no score"


def test_shengji_claimed_result_is_checked(capsys: pytest.CaptureFixture[str], sj_deal: Any, tmp_path: Path) -> None:
    from dataclasses import replace

    from replay.replay import Replay

    score = Replay(sj_deal.log).score()
    assert score is not None and score.to_json().get("points") is not None and score.to_json().get("levels") is not None
    good = {"points": dict(score.to_json().get("points")), "levels": {"after": score.to_json().get("levels")["after"]}}
    path = tmp_path / "claimed.json"
    path.write_text(replace(sj_deal.log, result=good).dumps(), encoding="utf-8")
    assert run(capsys, "check", path)[0] == 0
    bad = {"points": {"defenders": score.to_json().get("points")["defenders"] + 5}}
    path.write_text(replace(sj_deal.log, result=bad).dumps(), encoding="utf-8")
    code, out, _ = run(capsys, "check", path)
    assert code == 1 and f"{path}: result: [SJ-POINTS] " in out


def test_shengji_replay_step_json(capsys: pytest.CaptureFixture[str], sj_json: Path, sj_deal: Any) -> None:
    events = sj_deal.log.events
    first_play = next(k for k, e in enumerate(events) if e.action == "play")
    step = first_play + 2  # two cards on the first trick
    code, doc = run_json(capsys, "replay", "--step", str(step), "--json", sj_json)
    assert code == 0 and doc["step"] == step
    assert set(doc["hands"]) == {"0", "1", "2", "3"}
    sj = doc["shengji"]
    final = sj_deal.states[-1]
    assert sj["phase"] == "play" and sj["declarer"] == final.declarer and sj["trump_suit"] == final.trumps.suit
    assert [p["seat"] for p in sj["trick"]] == [events[first_play].seat, events[first_play + 1].seat]
    assert sj["trick"][0]["cards"] == [c.token for c in events[first_play].cards]
    assert sj["tricks_done"] == 0 and sj["last_trick"] is None
    assert doc["table"]["seat"] == events[first_play].seat
    assert list(doc["to_act"]) == [str((events[first_play].seat + 2) % 4)]
    code, start = run_json(capsys, "replay", "--step", "0", "--json", sj_json)
    assert start["shengji"]["phase"] == "declare" and start["shengji"]["trump_suit"] is None
    assert all(len(h) == 26 for h in start["hands"].values())


def test_shengji_replay_text(capsys: pytest.CaptureFixture[str], sj_text: Path, sj_deal: Any) -> None:
    code, out, err = run(capsys, "replay", sj_text)
    assert (code, err) == (0, "")
    final = sj_deal.states[-1]
    n = len(final.tricks)
    assert out.startswith("step 0 of ") and "phase: declare; levels: Team A (0·2) " in out
    assert "trumps: not declared yet" in out and "kitty: " in out
    assert "exchange" in out and " -> seat " in out
    assert out.count("      trumps: ") == 1  # once, when the declarations are over
    assert "trick 1: seat " in out and f"trick {n}: seat " in out
    assert out.count(" wins trick ") == n
    last = final.tricks[-1]
    side = last.winner % 2
    assert f"= seat {last.winner} wins trick {n}: {last.points} points to Team {'AB'[side]} ({side}·{side + 2})" in out
    assert out.splitlines()[-1].startswith("  [SJ-")


def test_shengji_replay_step_text(capsys: pytest.CaptureFixture[str], sj_json: Path, sj_deal: Any) -> None:
    events = sj_deal.log.events
    plays = [k for k, e in enumerate(events) if e.action == "play"]
    step = plays[5]  # the second trick has begun
    code, out, _ = run(capsys, "replay", "--step", str(step), sj_json)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"step {step} of {len(events)} (after event {step})"
    assert lines[1].startswith(f"last event: event {step}, seat {events[step - 1].seat} play ") and lines[1].endswith(
        "legal"
    )
    assert any(x.startswith("trumps: ") and "level" in x for x in lines)
    assert any(x.startswith("declarations: ") and "(stands)" in x for x in lines)
    assert any(x.startswith("kitty buried by seat ") for x in lines)
    assert any(x.startswith("trick 2: seat ") for x in lines)
    assert any(x.startswith("last trick (1): ") and "won by seat" in x for x in lines)
    assert any(x.startswith("points: Team A (0·2) ") for x in lines)
    assert sum(x.startswith("  seat ") and " cards " in x for x in lines) >= 4


def test_simulate_shengji(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_dir = tmp_path / "sj"
    code, out, err = run(capsys, "simulate", "--game", "shengji", "--deals", "2", "--seed", "5", "--out", out_dir)
    assert (code, err) == (0, "") and f"wrote 2 deals to {out_dir}" in out
    files = sorted(out_dir.iterdir())
    assert [f.name for f in files] == ["shengji-35-000005.json", "shengji-35-000006.json"]
    for path in files:
        code, doc = run_json(capsys, "check", "--json", path)
        assert code == 0 and doc["ok"] is True
        assert json.loads(path.read_text(encoding="utf-8"))["profile"] == "shengji-35"
    again = tmp_path / "again"
    assert (
        run(capsys, "simulate", "--game", "shengji", "--profile", "shengji-35", "--seed", "5", "--out", again)[0] == 0
    )
    assert (again / files[0].name).read_text(encoding="utf-8") == files[0].read_text(encoding="utf-8")


def test_simulate_takes_each_games_default_profile(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for game, profile in (("gouji", "gouji"), ("baohuang", "baohuang"), ("shengji", "shengji-35")):
        out_dir = tmp_path / game
        assert run(capsys, "simulate", "--game", game, "--seed", "3", "--out", out_dir)[0] == 0
        (path,) = out_dir.iterdir()
        assert path.name == f"{profile}-000003.json"


def test_demo_shengji(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "demo", "--profile", "shengji-35")
    assert (code, err) == (0, "")
    assert out.startswith("simulated 升级 deal, seed 7, profile shengji-35\n")
    assert "  kitty (底牌): " in out and "  levels: Team A (0·2) " in out
    assert " declare " in out and " bury " in out and "trick 1: seat " in out and " wins trick " in out
    assert "\nlevels: Team A (0·2) " in out and "[SJ-LEVEL]" in out


def test_profiles_shows_shengji(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "profiles", "shengji-35")
    assert code == 0
    assert out.startswith("shengji-35 (shengji)")
    for line in ("kitty = 4  [SJ-DEAL]", "levels = 'A-K'  [SJ-LEVEL]", "kitty_multiplier = 2  [SJ-POINTS]"):
        assert line in out


def _parsers(parser: argparse.ArgumentParser, name: str = "fupan") -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every parser of the command line: ``fupan``, its commands, their subcommands."""
    yield name, parser
    for action in parser._actions:  # argparse keeps its subparsers here only
        if isinstance(action, argparse._SubParsersAction):
            for sub, p in action.choices.items():
                yield from _parsers(p, f"{name} {sub}")


def test_every_option_and_argument_of_every_command_says_what_it_is() -> None:
    """``fupan CMD --help`` explains every option (issue 18, item 10: ``--step STEP`` had no word)."""
    silent = [
        f"{name}: {'/'.join(a.option_strings) or a.dest}"
        for name, p in _parsers(cli.build_parser())
        for a in p._actions
        if not a.help and not isinstance(a, argparse._HelpAction)
    ]
    assert silent == []
