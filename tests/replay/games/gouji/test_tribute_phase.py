"""Who may act before the first lead of a 够级 deal (issue 36, item 5): the seats that still owe a tribute or a return,
in the order seed 000 names them (大落向頭科進 2 張貢牌，二落向二科進 1 張貢牌; 頭科、二科吃貢後，須向大落、二落返還), then the first
leader; the engine's ``actors``, ``legal_actions``, ``fupan replay --json`` and ``fupan ruling`` (its table, its
consequence, the sheet) all say so."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cli
from referee.ruling import ruling, ruling_of
from referee.sheet import ruling_sheet
from replay.core.cards import parse_cards
from replay.core.events import Play, Return, Tribute
from replay.formats.log import parse_text
from replay.replay import Replay

# 大落 seat 5 owes 头科 seat 0 two cards and holds two big jokers; 二落 seat 4 owes 二科 seat 1 one and holds one 2
HANDS = (
    "hand 0 " + " ".join(["3"] * 16 + ["4"] * 16 + ["5"] * 4) + "\n"
    "hand 1 " + " ".join(["K"] * 16 + ["Q"] * 16 + ["J"] * 4) + "\n"
    "hand 2 ?\nhand 3 ?\n"
    "hand 4 " + " ".join(["2"] + ["7"] * 14 + ["6"] * 16 + ["5"] * 5) + "\n"
    "hand 5 " + " ".join(["BJ", "BJ"] + ["9"] * 16 + ["8"] * 16 + ["7"] * 2) + "\n"
)
HEAD = "fupan/1 gouji\nprofile gouji-online\nprevious finish 0 1 2 3 4 5\nprevious first_leader 5\n"
EVENTS = ["5 tribute 0 BJ BJ", "4 tribute 1 2", "0 return 5 3 3", "1 return 4 J", "0 play 4", "1 pass"]


def _replay(text: str) -> Replay[Any]:
    return Replay(parse_text(text))


def _deal(events: list[str] = EVENTS, head: str = HEAD, hands: str = HANDS) -> Replay[Any]:
    return _replay(head + hands + "events\n" + "\n".join(events) + "\n")


def _acting(rep: Replay[Any], step: int) -> list[tuple[int, tuple[str, ...]]]:
    """The seats that may act at ``step`` and how, in the order the view names them."""
    return list(rep.view(step).to_act.items())


def test_to_act_names_the_seats_that_owe_then_the_first_leader_at_each_step() -> None:
    rep = _deal()
    assert rep.illegal == []
    assert [_acting(rep, k) for k in range(6)] == [
        [(5, ("tribute",)), (4, ("tribute",))],  # 大落 first, then 二落
        [(4, ("tribute",)), (0, ("return",))],  # the 头科 has eaten its tribute: it owes the return
        [(0, ("return",)), (1, ("return",))],
        [(1, ("return",))],
        [(0, ("play",))],  # nothing owed: the first leader (rotate: after seat 5 comes seat 0)
        [(1, ("play", "pass"))],
    ]
    why = rep.view(1).why
    assert why[4] == ("欠座位1 1 张贡牌：进贡", "owes seat 1 1 tribute card(s): gives them (进贡)")
    assert why[0] == ("欠座位5 2 张还贡：还贡", "owes seat 5 2 returned card(s): returns them (还贡)")
    assert rep.view(4).why[0] == ("首发（上班）", "leads the first round (上班)")


def test_legal_actions_in_the_tribute_phase_are_the_debts_and_then_the_leaders_plays() -> None:
    rep, eng = _deal(), _deal().engine
    first = list(eng.legal_actions(rep.states[0]))
    assert first == [
        Tribute(5, cards=tuple(parse_cards("BJ")), to=0),
        Tribute(5, cards=tuple(parse_cards("BJ BJ")), to=0),
        Tribute(4, cards=tuple(parse_cards("2")), to=1),
    ]
    returns = [e for e in eng.legal_actions(rep.states[3]) if e.seat == 1]
    assert returns and all(isinstance(e, Return) and e.to == 4 and len(e.cards) == 1 for e in returns)
    assert {e.cards[0].rank for e in returns} == {c.rank for c in rep.states[3].hands[1].known_cards()}
    for k in range(5):
        acts = rep.engine.actors(rep.states[k])
        for e in eng.legal_actions(rep.states[k]):
            assert eng.can(rep.states[k], e) and e.action in acts[e.seat], (k, e)
    leads = list(eng.legal_actions(rep.states[4]))
    assert leads and {e.seat for e in leads} == {0} and all(isinstance(e, Play) for e in leads)


@pytest.mark.parametrize(
    ("at", "reason", "owing"),
    [(0, "owed", [5, 4]), (2, "return", [0, 1]), (3, "return", [1])],
)
def test_a_lead_while_a_debt_is_owed_is_illegal_and_the_ruling_names_only_the_owing_seats(
    at: int, reason: str, owing: list[int]
) -> None:
    rep = _deal([*EVENTS[:at], "0 play 4"])
    v = rep.verdicts[at]
    assert (v.rule, v.reason) == ("GJ-TRIBUTE", reason)
    r = ruling_of(rep, at)
    assert list(r.before.to_act) == owing
    names = "、".join(f"座位{s}" for s in owing)
    assert f"由{names}行动" in r.consequence[0]
    assert ", ".join(f"seat {s}" for s in owing) + " may act" in r.consequence[1]
    sheet = ruling_sheet(r, rep.log, "en")
    may_act = sheet[sheet.index("may act") if "may act" in sheet else 0 :]
    assert sheet.count("owes seat") >= len(owing) and "leads the first round" not in sheet, may_act[:2000]
    assert ("returns them" if reason == "return" else "gives them") in sheet


def test_a_return_by_a_seat_that_owes_none_names_the_debtors_in_its_consequence() -> None:
    rep = _deal()
    r = ruling(rep, 1, Return(2, cards=tuple(parse_cards("3")), to=5))  # seat 2 received nothing
    assert not r.legal and r.rule == "GJ-TRIBUTE"
    assert list(r.before.to_act) == [4, 0]


def test_a_deal_with_no_tribute_names_only_the_first_leader() -> None:
    rotate = _replay("fupan/1 gouji\nprofile gouji-online\ndeal 3\nevents\n2 play 3\n")
    assert _acting(rotate, 0) == [(2, ("play",))]  # rotate: deal 3 is led by seat 2; nothing is owed
    assert list(rotate.engine.legal_actions(rotate.states[0])) == []  # its hand is not in the record
    off = _replay(HEAD.replace("gouji-online", "gouji") + "events\n0 show 3S 3S\n0 play 3S 3S\n")
    assert off.illegal == []
    assert _acting(off, 0) == [(s, ("play",)) for s in range(6)]  # liang3, no 3s shown yet: not checkable
    assert _acting(off, 1) == [(0, ("play",))]  # tribute off (seed 000): the seat that showed leads


def test_a_tribute_between_teammates_is_not_owed() -> None:
    """進貢在聯邦中進行時，可自行商定是否進貢: 大落 seat 2 and 头科 seat 0 are teammates; 二落 seat 4 owes 二科 seat 1."""
    head = HEAD.replace("previous finish 0 1 2 3 4 5", "previous finish 0 1 3 5 4 2")
    hands = "hand 2 BJ " + " ".join(["10"] * 16 + ["9"] * 16 + ["8"] * 3) + "\nhand 4 2 " + " ".join(["??"] * 35) + "\n"
    rep = _deal(["4 tribute 1 2", "1 return 4 K", "0 play 3"], head, hands)
    assert rep.illegal == []
    assert [_acting(rep, k) for k in range(3)] == [[(4, ("tribute",))], [(1, ("return",))], [(0, ("play",))]]


def test_an_unknown_hand_may_owe_so_the_first_leader_is_named_beside_it() -> None:
    rep = _replay(HEAD + "events\n0 play 6\n")
    assert rep.illegal == []
    assert _acting(rep, 0) == [(5, ("tribute",)), (4, ("tribute",)), (0, ("play",))]
    assert "未能核实" in rep.view(0).why[5][0] and "could not be verified" in rep.view(0).why[5][1]


def test_fupan_replay_json_shows_the_tribute_phase(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    log = tmp_path / "tribute.txt"
    log.write_text(HEAD + HANDS + "events\n" + "\n".join(EVENTS) + "\n", encoding="utf-8")
    assert cli.main(["replay", "--json", str(log)]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    assert [list(s["to_act"].items()) for s in steps[:5]] == [
        [("5", ["tribute"]), ("4", ["tribute"])],
        [("4", ["tribute"]), ("0", ["return"])],
        [("0", ["return"]), ("1", ["return"])],
        [("1", ["return"])],
        [("0", ["play"])],
    ]
    assert steps[1]["why"]["0"]["zh"] == "欠座位5 2 张还贡：还贡"
    bad = tmp_path / "early.txt"
    bad.write_text(HEAD + HANDS + "events\n5 tribute 0 BJ BJ\n0 play 4\n", encoding="utf-8")
    assert cli.main(["ruling", str(bad), "--event", "2", "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert (doc["rule"], doc["reason"]) == ("GJ-TRIBUTE", "owed")
    assert list(doc["before"]["to_act"]) == ["4", "0"]
    assert "由座位4、座位0行动" in doc["consequence"]["zh"]
