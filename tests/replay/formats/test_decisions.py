"""Tests of a referee's stored decisions in the log format (replay/formats/decisions.py, ``decisions`` in a log), in
JSON and in the text notation (``decision`` lines). A decision names its event by its number, the first event 1
(format ``fupan/2``, what is written); a ``fupan/1`` log counted from 0 and is still read, to the same decisions."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from log_errors import located

from replay.formats.decisions import Decision, DecisionError, history, merge, standing
from replay.formats.log import LogError, parse_log
from replay.formats.notation.read import format_text, parse_text

LOG = """fupan/2 gouji
profile gouji-logged
events
0 play 5
1 play 6
2 pass
"""
LOG_1 = LOG.replace("fupan/2", "fupan/1", 1)  # the same deal under the first version's header


def _doc(decisions: list[dict[str, object]], version: str = "fupan/2") -> str:
    doc = parse_log(LOG).to_json()
    doc["format"], doc["decisions"] = version, decisions
    return json.dumps(doc, ensure_ascii=False, indent=2)


def _d(event: int, decision: str, at: str, text: str = "裁定", referee: str = "老王") -> Decision:
    return Decision(event=event, decision=decision, text=text, referee=referee, at=at)


def _item(event: object, at: str = "2026-12-01T20:00:00Z", **more: object) -> dict[str, object]:
    return {"event": event, "decision": "upheld", "text": "过牌合规", "referee": "老王", "at": at, **more}


def test_decisions_round_trip_in_canonical_order() -> None:
    text = _doc(
        [
            {"event": 3, "decision": "upheld", "text": "过牌合规", "referee": "老王", "at": "2026-12-01T20:00:00Z"},
            {
                "event": 2,
                "decision": "overruled",
                "rule": "TURN-ORDER",
                "text": "seat 1 <b>played</b> early",
                "referee": "Li",
                "at": "2026-12-01T19:30:00Z",
            },
        ]
    )
    log = parse_log(text)
    assert [d.event for d in log.decisions] == [1, 2]  # kept in the order made; indexes in memory (events 2 and 3)
    assert [d.number for d in log.decisions] == [2, 3]
    assert [log.events[d.event].seat for d in log.decisions] == [1, 2]  # event 2 is seat 1's play, 3 seat 2's pass
    dumped = log.dumps()
    assert dumped.startswith('{\n  "format": "fupan/2",')
    assert '{"event": 2, "decision": "overruled", "rule": "TURN-ORDER"' in dumped
    again = parse_log(dumped)
    assert again == log and again.dumps() == dumped
    assert log.deal_only().dumps() == parse_log(LOG).dumps()  # the deal itself is unchanged


def test_an_old_log_reads_each_decision_on_the_same_event_and_is_written_as_people_count() -> None:
    """fupan/1 counted a decision's event from 0: "event": 0 was the first event. Read, it is the same decision as
    fupan/2's "event": 1, and it is written so, in JSON and in the text, under the header fupan/2."""
    old_json = parse_log(_doc([_item(0), _item(2, "2026-12-01T20:01:00Z")], "fupan/1"))
    new_json = parse_log(_doc([_item(1), _item(3, "2026-12-01T20:01:00Z")]))
    assert [d.event for d in old_json.decisions] == [0, 2] and old_json == new_json
    assert [old_json.events[d.event].seat for d in old_json.decisions] == [0, 2]  # seat 0's play, seat 2's pass
    assert old_json.dumps() == new_json.dumps()
    assert '"event": 1,' in old_json.dumps() and '"event": 3,' in old_json.dumps()
    old_text = parse_text(
        LOG_1 + "decision 0 upheld 2026-12-01T20:00:00Z 老王 # 过牌合规\n"
        "裁定 2 维持 2026-12-01T20:01:00Z 老王 # 过牌合规\n"
    )
    assert old_text == new_json
    written = format_text(old_text)
    assert written.startswith("fupan/2 gouji\n")
    assert written.splitlines()[-2:] == [
        "decision 1 upheld 2026-12-01T20:00:00Z 老王 # 过牌合规",
        "decision 3 upheld 2026-12-01T20:01:00Z 老王 # 过牌合规",
    ]
    assert parse_text(written) == new_json  # and back


def test_round_trips_are_exact() -> None:
    log = parse_log(_doc([_item(3), _item(1, "2026-12-01T19:00:00Z", rule="GJ-BURN")]))
    text, dumped = format_text(log), log.dumps()
    assert parse_text(text).dumps() == dumped  # JSON -> text -> JSON, byte for byte
    assert format_text(parse_log(dumped)) == text  # text -> JSON -> text
    assert format_text(parse_text(text)) == text and parse_log(dumped).dumps() == dumped


def test_the_deal_keeps_its_identity_whatever_the_version_of_its_decisions() -> None:
    """A deal is known by its log without decisions (the library's hash of ``deal_only().dumps()``): a log without
    decisions is written fupan/1, the same bytes as before fupan/2, so a library stored then still matches."""
    plain = parse_log(LOG_1)
    assert plain.dumps().startswith('{\n  "format": "fupan/1",')
    assert parse_log(LOG).dumps() == plain.dumps()  # a header fupan/2 without decisions: the same deal, same bytes
    assert format_text(parse_log(LOG)) == format_text(plain) and format_text(plain).startswith("fupan/1 gouji\n")
    for version, event in (("fupan/1", 1), ("fupan/2", 2)):
        decided = parse_log(_doc([_item(event)], version))
        assert decided.deal_only().dumps() == plain.dumps()
        assert parse_text(format_text(decided)).deal_only().dumps() == plain.dumps()


@pytest.mark.parametrize(
    ("version", "event", "message"),
    [
        ("fupan/2", 4, r"no event 4 in this log \(3 events: 1 to 3\)"),
        ("fupan/2", 0, r"expected the event's number \(1 or more\), got 0"),
        ("fupan/2", -1, r"expected the event's number \(1 or more\), got -1"),
        ("fupan/1", 3, r"no event at index 3 in this log \(fupan/1 counts from 0: 3 events, 0 to 2\)"),
        ("fupan/1", -1, r"expected the event's index \(fupan/1 counts from 0: 0 is event 1\), got -1"),
    ],
)
def test_an_event_out_of_range_is_refused_at_its_place(version: str, event: int, message: str) -> None:
    import re

    with pytest.raises(LogError) as err:
        parse_log(_doc([_item(2, "2026-12-01T19:00:00Z"), _item(event)], version), "deal.json")
    assert err.value.path == "decisions[1].event" and err.value.source == "deal.json"
    assert re.search(message, err.value.reason), err.value.reason
    assert "第" in err.value.zh  # the Chinese names the event as people count (第 N 手) or says where it counts from


def test_an_event_out_of_range_in_the_text_is_refused_at_its_line_and_column() -> None:
    located(LOG + "decision 4 upheld 2026-12-01T20:00:00Z a # b\n", 7, 10, r"no event 4 in this log \(3 events")
    located(LOG + "decision 0 upheld 2026-12-01T20:00:00Z a # b\n", 7, 10, r"expected the event's number \(1 or")
    located(LOG_1 + "decision 3 upheld 2026-12-01T20:00:00Z a # b\n", 7, 10, "no event at index 3 .*fupan/1 counts")
    located(
        LOG + "decision 3 upheld 2026-12-01T20:00:00Z a # b\n" + "decision 5 overruled 2026-12-01T20:00:00Z a # c\n",
        8,
        10,
        "no event 5",
    )


def test_a_log_with_no_events_has_no_event_to_decide_on() -> None:
    located("fupan/2 gouji\nevents\ndecision 1 upheld 2026-12-01T20:00:00Z a # b\n", 3, 10, "this log has no events")


@pytest.mark.parametrize("header", ["fupan/3 gouji", "fupan/0 gouji"])
def test_an_unknown_version_is_refused(header: str) -> None:
    located(header + "\nevents\n", 1, 1, r"unsupported format 'fupan/\d' \(expected fupan/1 or fupan/2\)")
    with pytest.raises(LogError) as err:
        parse_log(_doc([], header.split()[0]))
    assert err.value.path == "format" and 'expected "format": "fupan/1" or "format": "fupan/2"' in err.value.reason


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
        ({"event": 1.0, "decision": "upheld", "text": "x", "referee": "a", "at": "2026-12-01T20:00:00Z"}, "event"),
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
    + """decision 3 upheld 2026-12-01T20:00:00Z 老王 # 过牌合规
decision 2 overruled 2026-12-01T19:30:00Z "Li Ming" rule TURN-ORDER # seat 1 <b>played</b> early
"""
)


def test_text_decisions_read_as_the_json_ones() -> None:
    json_log = parse_log(
        _doc(
            [
                {"event": 3, "decision": "upheld", "text": "过牌合规", "referee": "老王", "at": "2026-12-01T20:00:00Z"},
                {
                    "event": 2,
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
        'decision 2 overruled 2026-12-01T19:30:00Z "Li Ming" rule TURN-ORDER # seat 1 <b>played</b> early',
        "decision 3 upheld 2026-12-01T20:00:00Z 老王 # 过牌合规",
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
        + "裁定 ３ 维持 2026-12-01T20:00:00Z 老王 ＃ 过牌合规\n裁定 2 推翻 2026-12-01T19:30:00Z 老王 规则 TURN-ORDER # x\n"
    )
    log = parse_text(typed)
    assert [(d.event, d.decision, d.rule) for d in log.decisions] == [
        (1, "overruled", "TURN-ORDER"),
        (2, "upheld", None),
    ]
    assert log.decisions[1].text == "过牌合规"


def test_decision_lines_may_stand_among_the_events() -> None:
    log = parse_text("fupan/2 gouji\nevents\n0 play 5\ndecision 2 upheld 2026-12-01T20:00:00Z a # b\n1 play 6\n")
    assert len(log.events) == 2 and log.decisions[0].event == 1  # event 2, seat 1's play
    assert format_text(log).endswith("1 play 6\ndecision 2 upheld 2026-12-01T20:00:00Z a # b\n")


D = "decision 1 upheld 2026-12-01T20:00:00Z"


@pytest.mark.parametrize(
    ("line", "col", "message"),
    [
        ("decision", 10, "expected the event's number after 'decision'"),
        ("decision x upheld 2026-12-01T20:00:00Z a # b", 10, r"expected the event's number \(an integer\), got 'x'"),
        ("decision 9 upheld 2026-12-01T20:00:00Z a # b", 10, r"no event 9 in this log \(3 events: 1 to 3\)"),
        ("decision -1 upheld 2026-12-01T20:00:00Z a # b", 10, r"expected the event's number \(1 or more\)"),
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
        parse_text("fupan/2 gouji\n裁定 1 维持 2026-12-01T20:00:00Z a # b\nevents\n0 play 5\n")
    assert (err.value.line, err.value.col) == (2, 1)
    assert "must come after the 'events' line" in err.value.reason
