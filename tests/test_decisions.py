"""Tests of a referee's stored decisions in the log format (replay/decisions.py, ``decisions`` in a log)."""

from __future__ import annotations

import json

import pytest

from replay.decisions import Decision, DecisionError, history, merge, standing
from replay.log import LogError, parse_log

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
