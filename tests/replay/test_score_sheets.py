"""Score sheets without moves (docs/log-format.md, "Score sheets"): a log with a result and no events is a deal
scored from its places and roles by the game's own scoring.

The central check: a simulated deal played out, written down as the sheet a club would keep (its places, 革命, roles,
declarer and points), scores the same as the deal itself, in every game. Then each fault a sheet can have, by its
rule, beside a sheet that passes; and the sheet keys of a played deal, checked as claims."""

from __future__ import annotations

import json
from typing import Any

import pytest

from replay.formats.log import parse_json_log, parse_log
from replay.formats.notation.write import format_text
from replay.replay import Replay
from replay.simulate import simulate_deal

GOUJI, BAOHUANG, SHENGJI = "fupan/1 gouji\n", "fupan/1 baohuang\n", "fupan/1 shengji\n"


def sheet(text: str) -> Replay[Any]:
    return Replay(parse_log(text, "sheet.txt"))


def rules(rep: Replay[Any]) -> set[str | None]:
    return {v.rule for v in rep.illegal}


def sheet_of(played: Replay[Any]) -> str:
    """The score sheet a club would keep of a played deal: its places and the facts its game's sheet asks for."""
    log, st, score = played.log, played.final, played.score()
    assert score is not None
    lines = [f"fupan/1 {log.game}", f"profile {log.profile_name}"]
    facts = played.engine.sides(st)
    if score.void:
        return "\n".join([*lines, "result void true"]) + "\n"
    if score.finish_order:
        lines.append("result finish " + " ".join(map(str, score.finish_order)))
    extras = score.to_json()
    if "levels" in extras:  # 升级
        lines.insert(2, "levels " + " ".join(extras["levels"]["before"]))
        lines.append(f"result declarer {st.declarer}")
        lines.append(f"result points defenders {extras['points']['defenders']} kitty {extras['points']['kitty']}")
    elif "roles" in extras:  # 保皇
        roles = extras["roles"]
        lines.append(f"result emperor {roles['emperor']}")
        if roles.get("loyalist") is not None and roles["loyalist"] != roles["emperor"]:
            lines.insert(2, f"loyalist {roles['loyalist']}")
        for key in ("solo", "grab"):
            if roles.get(key):
                lines.append(f"result {key} true")
        if roles.get("revealed"):
            lines.append("result open true")
    elif getattr(st, "revolution", -1) != -1:  # 够级
        lines.append(f"result revolution {st.revolution}")
    assert facts is not None
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("profile", ["gouji", "gouji-online", "baohuang", "shengji-35"])
@pytest.mark.parametrize("seed", range(12))
def test_a_played_deal_and_its_sheet_score_alike(profile: str, seed: int) -> None:
    played = Replay(simulate_deal(seed, profile).log)
    score = played.score()
    assert score is not None
    text = sheet_of(played)
    rep = sheet(text)
    assert rep.log.result_only and rep.ok, [v.line() for v in rep.illegal]
    got = rep.score()
    assert got is not None
    want, have = score.to_json(), got.to_json()
    if "levels" in want:  # 升级: the declarers' card points are not on a sheet; everything else is
        defenders = 1 - played.final.declarers
        assert [t for t in have["teams"] if defenders * 1 in t["seats"] or defenders + 2 in t["seats"]] == [
            t for t in want["teams"] if defenders in t["seats"]
        ]
        want.pop("teams"), have.pop("teams")
    assert have == want, text
    assert rep.engine.sides(rep.final) == played.engine.sides(played.final)


def test_a_sheet_claims_its_points_and_they_are_checked() -> None:
    base = GOUJI + "result finish 0 4 2 1 5 3\n"
    assert sheet(base + "result team 0 2 4 = 12\nresult team 1 3 5 = 0\nresult sweep true\n").ok
    wrong = sheet(base + "result team 0 2 4 = 6\n")
    assert rules(wrong) == {"GJ-SCORE"}
    assert "6" in wrong.illegal[0].message_en and "12" in wrong.illegal[0].message_en


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        (GOUJI + "result finish 0 4 2 1 5\n", "FINISH", "seat 3 missing"),
        (GOUJI + "result sweep false\n", "FINISH", "result finish"),
        (GOUJI + "result finish 0 3 2 4 5 1\nresult revolution 1\n", "GJ-REVOLUTION", "ranks 4th"),
        (GOUJI + "result finish 0 4 2 1 5 3\nresult revolution 3\n", "GJ-REVOLUTION", "ranks 4th"),
        (GOUJI + "result finish 0 4 1 2 5 3\nresult revolution 2\n", "GJ-REVOLUTION", "ranks 3rd"),
        (BAOHUANG + "result finish 0 3 2 1 4\n", "BH-SCORE", "names the 皇帝"),
        (
            BAOHUANG + "result finish 0 3 2 1 4\nresult emperor 0\nresult solo true\nresult grab true\n",
            "BH-SCORE-SOLO",
            "both",
        ),
        (
            BAOHUANG + "loyalist 3\nresult finish 0 3 2 1 4\nresult emperor 0\nresult solo true\n",
            "BH-SCORE-SOLO",
            "no 保皇派",
        ),
        (
            BAOHUANG + "loyalist 3\nresult finish 0 3 2 1 4\nresult emperor 0\nresult grab true\n",
            "BH-SCORE-GRAB",
            "no 保皇派",
        ),
        (
            BAOHUANG + "result finish 0 3 2 1 4\nresult emperor 0\nresult grab true\nresult open true\n",
            "BH-SCORE-GRAB",
            "明保",
        ),
        (BAOHUANG + "loyalist 0\nresult finish 0 3 2 1 4\nresult emperor 0\n", "BH-LOYALIST", "独保"),
        (SHENGJI + "result points defenders 85\n", "SJ-DECLARE", "names the declarer"),
        (SHENGJI + "result declarer 1\n", "SJ-POINTS", "defenders' points"),
        (SHENGJI + "result declarer 1\nresult points defenders 83\n", "SJ-POINTS", "fives"),
        (SHENGJI + "result declarer 1\nresult points defenders 20 kitty 40\n", "SJ-POINTS", "cannot be"),
        (SHENGJI + "result declarer 1\nresult points defenders 230\n", "SJ-POINTS", "at most 200"),
        (SHENGJI + "result declarer 1\nresult points defenders 85 kitty 15\n", "SJ-POINTS", "2 times"),
    ],
)
def test_an_impossible_sheet_is_refused_with_its_rule(text: str, rule: str, words: str) -> None:
    rep = sheet(text)
    assert rules(rep) == {rule}, [v.line() for v in rep.illegal]
    assert all(v.message_zh and v.message_en for v in rep.illegal)
    assert any(words in v.message_en for v in rep.illegal), [v.message_en for v in rep.illegal]
    assert rep.score() is None  # nothing is scored from a sheet that cannot be


@pytest.mark.parametrize(
    ("text", "points"),
    [
        (GOUJI + "result finish 0 3 2 4 5 1\nresult revolution 4\n", {0: 4, 3: 2, 2: 0, 4: 0, 5: -2, 1: -4}),
        (GOUJI + "result finish 0 2 4 1 5 3\nresult revolution 4\n", {0: 4, 2: 2, 4: 0, 1: 0, 5: -2, 3: -4}),
        (GOUJI + "result finish 0 4 2 1 5 3\nresult revolution 2\n", {0: 4, 4: 2, 2: 0, 1: 0, 5: -2, 3: -4}),
        (BAOHUANG + "loyalist 3\nresult finish 0 3 2 1 4\nresult emperor 0\n", {0: 6, 3: 3, 2: -3, 1: -3, 4: -3}),
        (BAOHUANG + "result finish 0 3 2 1 4\nresult emperor 0\nresult solo true\nresult open true\n", {0: 32, 1: -8}),
        (BAOHUANG + "result finish 1 3 2 0 4\nresult emperor 0\nresult grab true\n", {0: -40, 1: 10}),
    ],
)
def test_a_sheet_scores_by_the_games_rules(text: str, points: dict[int, int]) -> None:
    rep = sheet(text)
    assert rep.ok, [v.line() for v in rep.illegal]
    score = rep.score()
    assert score is not None
    got = {p.seat: p.points for p in score.places}
    assert {s: got[s] for s in points} == points


def test_an_unknown_loyalist_leaves_the_points_unsplit() -> None:
    rep = sheet(BAOHUANG + "result finish 0 3 2 1 4\nresult emperor 0\n")
    score = rep.score()
    assert rep.ok and score is not None and score.unsplit and score.teams == ()


def test_a_shengji_sheet_goes_up_by_the_points() -> None:
    rep = sheet(SHENGJI + "levels 5 3\nresult declarer 1\nresult points defenders 25\nresult levels after 5 5\n")
    assert rep.ok, [v.line() for v in rep.illegal]
    score = rep.score()
    assert score is not None and score.to_json()["levels"]["after"] == ["5", "5"]  # declarers (side 1) up 2
    wrong = sheet(SHENGJI + "levels 5 3\nresult declarer 1\nresult points defenders 25\nresult levels after 5 4\n")
    assert rules(wrong) == {"SJ-LEVEL"}


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji"])
def test_a_void_sheet_is_void(game: str) -> None:
    rep = sheet(f"fupan/1 {game}\nresult void true\n")
    score = rep.score()
    assert rep.ok and score is not None and score.void


@pytest.mark.parametrize(
    "text",
    [
        GOUJI + "seat 0 张三\ndate 2026-11-01\nresult finish 0 3 2 4 5 1\nresult revolution 4\n",
        BAOHUANG + "loyalist 3\nresult finish 0 3 2 1 4\nresult emperor 0\nresult open true\n",
        SHENGJI + "levels 5 3\nresult declarer 1\nresult points defenders 85 kitty 20\n",
        GOUJI + "result void true\n",
    ],
)
def test_a_sheet_reads_back_as_written_in_both_forms(text: str) -> None:
    log = parse_log(text, "sheet.txt")
    assert log.result_only
    again = parse_log(format_text(log), "again.txt")
    assert again.to_json() == log.to_json() and again.result_only
    as_json = parse_json_log(json.dumps(log.to_json(), ensure_ascii=False), "sheet.json")
    assert as_json.to_json() == log.to_json() and as_json.result_only


def test_a_sheet_key_out_of_its_game_is_refused_where_it_stands() -> None:
    from replay.formats.log import LogError

    with pytest.raises(LogError) as exc:
        parse_log(GOUJI + "result emperor 2\n", "sheet.txt")
    assert (exc.value.line, exc.value.col) == (2, 8) and "baohuang" in exc.value.reason
    with pytest.raises(LogError) as exc:
        parse_log(GOUJI + "result void maybe\n", "sheet.txt")
    assert "true or false" in exc.value.reason


def test_a_played_deals_sheet_keys_are_claims_checked_against_its_events() -> None:
    played = Replay(simulate_deal(3, "gouji").log)
    assert played.final.revolution == -1 and played.ok
    log = played.log
    text = format_text(log) + "result revolution 2\nresult void false\n"
    rep = Replay(parse_log(text, "played.txt"))
    assert not rep.log.result_only
    assert rules(rep) == {"GJ-REVOLUTION"}
    assert [v.message_en for v in rep.illegal] == ["the record says 革命 seat 2, the deal gives -"]


def test_the_documented_sheets_are_legal() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "log-format.md").read_text(encoding="utf-8")
    part = doc.split("### Score sheets: a result without moves")[1].split("\n### ")[0]
    blocks = part.split("```text\n")[1:]
    assert len(blocks) == 3
    for block in blocks:
        rep = sheet(block.split("```")[0])
        assert rep.log.result_only and rep.ok and rep.score() is not None, [v.line() for v in rep.illegal]
