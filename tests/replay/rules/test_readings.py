"""A reading is part of the verdict: where the log leaves an event's reading open, the verdict of that
event says how the engine read it (``Verdict.reading``, ``check --json``'s ``reading``), with the rule whose
seed passage supports it. And a pass that changes nothing is legal, in every game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paths import CASE_LOGS

import cli
from data.make_samples import SAMPLES_DIR
from replay.formats.log import parse_log, read_log
from replay.replay import Replay
from replay.rules.register import RULES

CASES_DIR = CASE_LOGS
GJ = "fupan/1 gouji\nprofile gouji-logged\n"
GJ_CLASSIC = "fupan/1 gouji\nprofile gouji\noption first_lead logged\n"
BH = "fupan/1 baohuang\nprofile baohuang\nmarked 0\n"
DEAD_9 = "hand 0 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 K K K K\n"
TO_DEADLEVEL = (
    "0 play 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9\n1 pass\n2 pass\n3 pass\n4 pass\n5 pass\n"
    "0 play 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8\n1 pass\n2 pass\n3 pass\n4 pass\n5 pass\n0 play K K K K\n3 play A A A A\n"
)

# (log, event index, reading code, rule that backs it)
CASES = {
    "play read as a burn": (GJ + "events\n0 play K K\n1 play A A\n", 1, "play-as-burn", "GJ-BURN"),
    "pass read as the closing 扣": (GJ + "events\n0 play K K\n3 pass\n", 1, "pass-as-kou", "GJ-KOU"),
    "a pass declines a burn": (GJ + "events\n0 play K K\n1 pass\n", 1, "declined-burn", "GJ-BURN"),
    "a pass on a dead set": (GJ + "events\n0 play 5 BJ\n1 pass\n", 1, "nothing-to-answer", "GJ-GOUJI-ANSWER"),
    "a pass repeated": (GJ + "events\n0 play 5\n1 pass\n1 pass\n", 2, "redundant-pass", "PASS-LOCK"),
    "a 扣 after the round closed": (
        GJ + "events\n0 play 5\n1 pass\n2 pass\n3 pass\n4 pass\n5 pass\n3 kou\n",
        6,
        "confirming-kou",
        "GJ-KOU",
    ),
    "the lead after an unburned 够死级 set": (
        GJ + DEAD_9 + "events\n" + TO_DEADLEVEL + "3 play 5\n",
        14,
        "lead-after-window",
        "GJ-DEADLEVEL",
    ),
    "a second-lap pass in 保皇": (
        BH + "events\n0 call QH QH QH\n0 play 5\n1 pass\n2 pass\n3 pass\n4 pass\n2 pass\n",
        6,
        "confirming-pass",
        "BH-PASS",
    ),
    "a 扣 in 保皇": (BH + "events\n0 call QH QH QH\n0 play 5\n1 kou\n", 2, "kou-as-pass", "BH-KOU"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_reading_is_on_the_event(name: str) -> None:
    text, index, code, rule = CASES[name]
    rep = Replay(parse_log(text))
    v = rep.verdicts[index]
    assert v.legal, v.line()
    assert v.reading is not None and v.reading.code == code, v
    assert v.reading.rule == rule
    assert v.reading.zh and v.reading.en
    others = [w for w in rep.verdicts if w.index != index and w.reading is not None and w.reading.code == code]
    assert not others, "the reading belongs to that event alone"


def test_check_json_shows_the_reading(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "burn.txt"
    path.write_text(CASES["play read as a burn"][0], encoding="utf-8")
    assert cli.main(["check", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    reading = doc["verdicts"][1]["reading"]
    assert reading["code"] == "play-as-burn" and reading["rule"] == "GJ-BURN"
    assert "烧牌" in reading["zh"] and "burn" in reading["en"]
    assert doc["verdicts"][0]["reading"] is None


def test_an_undeclared_burn_is_illegal_where_the_profile_says_a_burn_is_declared() -> None:
    rep = Replay(parse_log(GJ_CLASSIC + "events\n0 play K K\n1 play A A\n"))
    v = rep.verdicts[1]
    assert not v.legal and v.rule == "GJ-GOUJI-ANSWER" and v.reason == "undeclared"  # only the 对头 may answer
    assert v.reading is not None and (v.reading.rule, v.reading.reason) == ("GJ-BURN", "undeclared")  # beside it
    assert "只有對頭才有資格上牌" in RULES["GJ-GOUJI-ANSWER"].quote_for(v.reason, "000").text
    declared = Replay(parse_log(GJ_CLASSIC + "events\n0 play K K\n1 burn A A\n"))
    assert declared.ok and declared.verdicts[1].reading is None  # the log says burn: nothing to read


def test_a_failed_burn_is_read_with_the_profile_s_consequence() -> None:
    hand = "hand 1 A A 7 7 8 8 " + " ".join(["9"] * 30) + "\n"
    events = "events\n0 play K K\n1 burn A A\n4 pass\n1 play 7\n"
    flag = Replay(parse_log(GJ + hand + events))
    dalao = Replay(parse_log(GJ + "option burn_fail dalao\n" + hand + events))
    for rep, words in ((flag, "flagged only"), (dalao, "last place")):
        v = rep.verdicts[3]
        assert v.legal and v.reading is not None and v.reading.code == "failed-burn", v
        assert words in v.reading.en


def test_the_revolutionary_s_place_is_read_when_the_deal_ends() -> None:
    rep = Replay(read_log(CASES_DIR / "GJ-REVOLUTION.legal.txt"))
    assert all(v.reading is None or v.reading.code != "revolution-place" for v in rep.verdicts)  # unfinished
    from replay.simulate import simulate_deal

    for seed in range(200):
        deal = simulate_deal(seed, "gouji")
        rep = Replay(deal.log)
        if rep.final.revolution == -1:
            continue
        read = [v for v in rep.verdicts if v.reading is not None and v.reading.code == "revolution-place"]
        assert len(read) == 1 and read[0].index == len(rep.verdicts) - 1
        score = rep.score()
        assert score is not None
        place = score.place_of(rep.final.revolution)
        assert {3: "3rd", 4: "4th"}[place] in read[0].reading.en
        return
    pytest.skip("no simulated deal with a 革命 in 200 seeds")


def test_a_forced_pass_in_baohuang_is_read() -> None:
    rep = Replay(read_log(SAMPLES_DIR / "disputes" / "04-forced-call-skipped.txt"))
    forced = [v for v in rep.verdicts if v.reading is not None and v.reading.code == "forced-pass"]
    assert forced and all(v.action == "pass" and v.reading.rule == "BH-FORCE" for v in forced)


# -- a pass that changes nothing is legal, a pass that jumps the queue is not ---------------------


@pytest.mark.parametrize(
    ("text", "index", "legal", "rule"),
    [
        (GJ + "events\n0 play 5 5 BJ\n1 pass\n2 pass\n4 pass\n3 kou\n0 play 6\n", 3, True, None),  # dead set
        (GJ + "events\n0 play 5\n2 pass\n", 1, False, "TURN-ORDER"),  # ahead of seat 1
        (GJ + "events\n0 play K K\n3 pass\n", 1, True, None),  # the 对头 closes at once (扣)
        (GJ + "events\n0 play 5\n1 pass\n2 pass\n3 pass\n4 pass\n5 pass\n1 pass\n", 6, True, None),  # after close
        (GJ + "events\n0 play 5\n1 pass\n2 pass\n3 pass\n4 pass\n5 pass\n0 pass\n", 6, False, "LEAD"),  # leader
        (GJ + "events\n1 pass\n", 0, False, "LEAD"),  # nothing was ever played
        (BH + "events\n0 call QH QH QH\n0 play 5\n1 pass\n2 pass\n3 pass\n4 pass\n1 pass\n", 6, True, None),
        (BH + "events\n0 call QH QH QH\n0 play 5\n1 pass\n2 rang\n3 pass\n4 pass\n1 pass\n", 6, True, None),
        (BH + "events\n0 call QH QH QH\n0 play 5\n2 pass\n", 2, False, "TURN-ORDER"),
    ],
)
def test_passes(text: str, index: int, legal: bool, rule: str | None) -> None:
    v = Replay(parse_log(text)).verdicts[index]
    assert (v.legal, v.rule) == (legal, rule), v.line()


# GJ-BURN's second branch: after the burn the burner holds one set (seed 000: of one rank; seed 004: one set)
def _burn_late(left: str, profile: str, then: str) -> Replay:
    """Seat 1 plays out its 9s and 8s, leads 3 3; seat 2 plays K K over it and seat 1 burns with A A, keeping
    ``left`` (12 8s, a 3 3 and an A A and ``left`` make its 36 cards); ``then``: the events after."""
    rest = " ".join(["9"] * 16 + ["8"] * 12)
    all_pass = "".join(f"{s} pass\n" for s in (2, 3, 4, 5, 0))
    log = (
        f"fupan/1 gouji\nprofile {profile}\noption first_lead logged\nhand 1 {rest} 3 3 A A {left}\n"
        f"events\n1 play {' '.join(['9'] * 16)}\n{all_pass}1 play {' '.join(['8'] * 12)}\n{all_pass}"
        f"1 play 3 3\n2 play K K\n1 burn A A\n{then}"
    )
    return Replay(parse_log(log))


_PASSES_TO_1 = "".join(f"{s} pass\n" for s in (2, 3, 4, 5, 0))


@pytest.mark.parametrize("profile", ["gouji", "gouji-online"])
def test_a_burner_left_with_one_rank_has_not_failed(profile: str) -> None:
    rep = _burn_late("7 7 7 7", profile, _PASSES_TO_1 + "1 play 7 7\n" + _PASSES_TO_1 + "1 play 7 7\n")
    assert rep.ok, [v.line() for v in rep.illegal]
    assert not [v for v in rep.verdicts if v.reading is not None and v.reading.code == "failed-burn"]
    assert rep.states[-1].failed == ()


def test_a_burner_left_with_two_ranks_fails_on_a_jokerless_set() -> None:
    rep = _burn_late("7 7 6 6", "gouji", _PASSES_TO_1 + "1 play 7 7\n")
    assert rep.ok, [v.line() for v in rep.illegal]
    assert rep.verdicts[-1].reading is not None and rep.verdicts[-1].reading.code == "failed-burn"
    assert rep.states[-1].failed == (1,)


def test_one_set_of_two_ranks_frees_the_burner_under_seed_004_only() -> None:
    """7 7 7 2 is one set where 2s attach (seed 004: 只剩下一套牌) but not one rank (seed 000: 同一點數)."""
    then = _PASSES_TO_1 + "1 play 7 7\n"
    online = _burn_late("7 7 7 2", "gouji-online", then)
    classic = _burn_late("7 7 7 2", "gouji", then)
    assert online.states[-1].failed == () and classic.states[-1].failed == (1,)


def test_an_owed_tribute_the_record_cannot_check_is_said_unverified() -> None:
    rep = Replay(read_log(CASE_LOGS / "GJ-TRIBUTE.legal.unverified.txt"))
    assert rep.ok
    notes = [u for u in rep.unverified if "tribute" in u and "could not be verified" in u]
    assert len(notes) == 2, rep.unverified  # the 大落's two cards and the 二落's one
    owed = Replay(read_log(CASE_LOGS / "GJ-TRIBUTE.illegal.owed.txt"))
    v = owed.illegal[0]
    assert (v.rule, v.reason) == ("GJ-TRIBUTE", "owed") and v.index == 0
