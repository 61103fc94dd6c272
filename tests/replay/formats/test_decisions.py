"""Tests of a referee's stored decisions in the log format (replay/formats/decisions.py, ``decisions`` in a log), in
JSON and in the text notation (``decision`` lines)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from log_errors import located

from replay.formats.decisions import Decision, DecisionError, history, merge, standing
from replay.formats.log import LogError, parse_log
from replay.formats.notation.read import format_text, parse_text

LOG = """fupan/1 gouji
profile gouji-logged
events
0 play 5
1 play 6
2 pass
"""


def _doc(decisions: list[dict[str, object]]) -> str:
    doc = parse_log(LOG).to_json()
    doc["decisions"] = decisions
    return json.dumps(doc, ensure_ascii=False, indent=2)


def _d(event: int, decision: str, at: str, text: str = "裁定", referee: str = "老王") -> Decision:
    return Decision(event=event, decision=decision, text=text, referee=referee, at=at)


def test_decisions_round_trip_in_canonical_order() -> None:
    text = _doc(
        [
            {"event": 2, "decision": "upheld", "text": "过牌合规", "referee": "老王", "at": "2026-12-01T20:00:00Z"},
            {
                "event": 1,
                "decision": "overruled",
                "rule": "TURN-ORDER",
                "text": "seat 1 <b>played</b> early",
                "referee": "Li",
                "at": "2026-12-01T19:30:00Z",
            },
        ]
    )
    log = parse_log(text)
    assert [d.event for d in log.decisions] == [1, 2]  # kept in the order they were made
    again = parse_log(log.dumps())
    assert again == log and again.dumps() == log.dumps()
    assert '"rule": "TURN-ORDER"' in log.dumps()
    assert log.deal_only().dumps() == parse_log(LOG).dumps()  # the deal itself is unchanged


@pytest.mark.parametrize(
    ("item", "place"),
    [
        ({"event": 9, "decision": "upheld", "text": "x", "referee": "a", "at": "2026-12-01T20:00:00Z"}, "event"),
        ({"event": 1, "decision": "maybe", "text": "x", "referee": "a", "at": "2026-12-01T20:00:00Z"}, "decision"),
        ({"event": 1, "decision": "upheld", "text": " ", "referee": "a", "at": "2026-12-01T20:00:00Z"}, "text"),
        ({"event": 1, "decision": "upheld", "text": "x", "referee": "", "at": "2026-12-01T20:00:00Z"}, "referee"),
        ({"event": 1, "decision": "upheld", "text": "x", "referee": "a", "at": "2026-13-01T20:00:00Z"}, "at"),
        ({"event": 1, "decision": "upheld", "text": "x", "referee": "a", "at": "2026-12-01"}, "at"),
        ({"event": 1, "decision": "upheld", "text": "x", "referee": "a", "at": "2026-12-01T20:00:00Z", "by": 1}, "by"),
        ({"event": 1, "decision": "upheld", "text": "x", "at": "2026-12-01T20:00:00Z"}, ""),
        ({"event": True, "decision": "upheld", "text": "x", "referee": "a", "at": "2026-12-01T20:00:00Z"}, "event"),
    ],
)
def test_a_bad_decision_names_its_place(item: dict[str, object], place: str) -> None:
    with pytest.raises(LogError) as err:
        parse_log(_doc([item]), "deal.json")
    msg = str(err.value)
    assert msg.startswith("deal.json:") and "decisions[0]" in msg
    if place:
        assert f"decisions[0].{place}" in msg or place in msg


def test_the_latest_decision_stands_and_history_is_kept() -> None:
    a = _d(1, "upheld", "2026-12-01T19:00:00Z")
    b = _d(1, "overruled", "2026-12-01T21:00:00Z", "on second thought")
    c = _d(2, "upheld", "2026-12-01T20:00:00Z")
    assert standing([b, c, a]) == {1: b, 2: c}
    assert history([b, c, a], 1) == (a, b)
    assert merge([a, c], [c, b, b]) == (a, c, b)  # a decision imported twice is stored once


def test_a_decision_refuses_bad_values_when_made() -> None:
    with pytest.raises(DecisionError) as err:
        _d(-1, "upheld", "2026-12-01T19:00:00Z")
    assert err.value.key == "event"
    with pytest.raises(DecisionError):
        Decision(event=0, decision="upheld", text="x", referee="a", at="2026-12-01T19:00:00Z", rule="gj burn")


# ---------------------------------------------------------------------------------------------
# Decisions in the text notation


TEXT_LOG = (
    LOG
    + """decision 2 upheld 2026-12-01T20:00:00Z 老王 # 过牌合规
decision 1 overruled 2026-12-01T19:30:00Z "Li Ming" rule TURN-ORDER # seat 1 <b>played</b> early
"""
)


def test_text_decisions_read_as_the_json_ones() -> None:
    json_log = parse_log(
        _doc(
            [
                {"event": 2, "decision": "upheld", "text": "过牌合规", "referee": "老王", "at": "2026-12-01T20:00:00Z"},
                {
                    "event": 1,
                    "decision": "overruled",
                    "rule": "TURN-ORDER",
                    "text": "seat 1 <b>played</b> early",
                    "referee": "Li Ming",
                    "at": "2026-12-01T19:30:00Z",
                },
            ]
        )
    )
    log = parse_text(TEXT_LOG)
    assert log == json_log and log.dumps() == json_log.dumps()
    assert format_text(log).splitlines()[-2:] == [  # in the order made, after the events
        'decision 1 overruled 2026-12-01T19:30:00Z "Li Ming" rule TURN-ORDER # seat 1 <b>played</b> early',
        "decision 2 upheld 2026-12-01T20:00:00Z 老王 # 过牌合规",
    ]


@pytest.mark.parametrize(
    ("referee", "written"),
    [
        ("老王", "老王"),
        ("Wang Laoshi", '"Wang Laoshi"'),
        ("#2", '"#2"'),
        ("＃2", '"＃2"'),
        ("No.#2", "No.#2"),
        ('"Li"', '"\\"Li\\""'),
        ("“李”", '"“李”"'),
        ("a\\b", "a\\b"),
        ("line\nbreak", '"line\\nbreak"'),
        ("\u3000王 ", '"\u3000王 "'),
        ("<i>&amp;</i>", "<i>&amp;</i>"),
        ("rule", "rule"),
    ],
)
def test_referee_names_round_trip(referee: str, written: str) -> None:
    texts = [
        "x",
        "a # b",
        "#",
        "line\nbreak\r\n",
        "\\n is not a break",
        "<script>alert('x')</script> & &amp;",
        " 维持 ",
    ]
    decisions = tuple(
        Decision(event=i % 3, decision="upheld", text=t, referee=referee, at=f"2026-12-01T20:00:0{i}Z", rule=None)
        for i, t in enumerate(texts)
    )
    log = replace(parse_text(LOG), decisions=decisions)
    text = format_text(log)
    assert f" {written} # " in text.splitlines()[-1]
    again = parse_text(text)
    assert again == log
    assert parse_log(again.dumps()).dumps() == log.dumps()
    assert format_text(parse_log(log.dumps())) == text


def test_chinese_decision_words() -> None:
    typed = (
        LOG
        + "裁定 ２ 维持 2026-12-01T20:00:00Z 老王 ＃ 过牌合规\n裁定 1 推翻 2026-12-01T19:30:00Z 老王 规则 TURN-ORDER # x\n"
    )
    log = parse_text(typed)
    assert [(d.event, d.decision, d.rule) for d in log.decisions] == [
        (1, "overruled", "TURN-ORDER"),
        (2, "upheld", None),
    ]
    assert log.decisions[1].text == "过牌合规"


def test_decision_lines_may_stand_among_the_events() -> None:
    log = parse_text("fupan/1 gouji\nevents\n0 play 5\ndecision 1 upheld 2026-12-01T20:00:00Z a # b\n1 play 6\n")
    assert len(log.events) == 2 and log.decisions[0].event == 1
    assert format_text(log).endswith("1 play 6\ndecision 1 upheld 2026-12-01T20:00:00Z a # b\n")


D = "decision 1 upheld 2026-12-01T20:00:00Z"


@pytest.mark.parametrize(
    ("line", "col", "message"),
    [
        ("decision", 10, "expected the event's index after 'decision'"),
        ("decision x upheld 2026-12-01T20:00:00Z a # b", 10, r"expected the event's index \(an integer\), got 'x'"),
        ("decision 9 upheld 2026-12-01T20:00:00Z a # b", 10, r"no event 9 in this log \(3 events\)"),
        ("decision -1 upheld 2026-12-01T20:00:00Z a # b", 10, "expected an event index"),
        ("decision 1 # b", 12, "expected upheld or overruled"),
        ("decision 1 maybe 2026-12-01T20:00:00Z a # b", 12, "expected upheld or overruled .*, got 'maybe'"),
        ("decision 1 upheld 2026-12-01 a # b", 19, "expected a UTC time like"),
        ("decision 1 upheld " + "9" * 300 + " a # b", 19, "9" * 80 + "…'"),
        (D, 40, "expected the referee's name after '2026-12-01T20:00:00Z'"),
        (D + " # b", 40, "expected the referee's name after '2026-12-01T20:00:00Z'"),
        (D + " 老王", 42, "expected '#' and the ruling's text at the end of the decision"),
        (D + " 老王 #", 43, r"expected the ruling's text \(not empty\)"),
        (D + " 老王 #   ", 43, r"expected the ruling's text \(not empty\)"),
        (D + " 老王 GJ-BURN # b", 43, "expected 'rule' or the '#' before the ruling's text, got 'GJ-BURN'"),
        (D + " 老王 rule # b", 48, r"expected a rule ID \(e.g. GJ-BURN\) after 'rule'"),
        (D + " 老王 rule gj-burn # b", 48, "expected a rule ID such as GJ-BURN, got 'gj-burn'"),
        (D + " 老王 rule GJ-BURN x # b", 56, "unexpected 'x' before the '#'"),
        (D + ' "老王 # b', 40, "the referee's name: malformed quoted string"),
        (D + ' "老王"# b', 44, "expected a space after the quoted name"),
        (D + ' "" # b', 40, r"expected the referee's name \(1\.\.200 characters\)"),
        (D + " “老王” # b", 40, "quote a name in ASCII double quotes"),
        (D + " " + "王" * 201 + " # b", 40, r"expected the referee's name \(1\.\.200 characters\)"),
    ],
)
def test_decision_line_errors(line: str, col: int, message: str) -> None:
    located(LOG + line + "\n", 7, col, message)


def test_a_decision_line_before_the_events_is_an_error() -> None:
    with pytest.raises(LogError) as err:
        parse_text("fupan/1 gouji\n裁定 0 维持 2026-12-01T20:00:00Z a # b\nevents\n0 play 5\n")
    assert (err.value.line, err.value.col) == (2, 1)
    assert "must come after the 'events' line" in err.value.reason
