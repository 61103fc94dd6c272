"""Tests of replay/formats/log.py: reading a small hand-made JSON log, the deal (hands, counts of unknown cards,
the marked and loyalist seats of 保皇), every LogError with its line and column, the canonical JSON
(``Log.dumps``) and the source positions of events (``Log.where``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paths import CASE_LOGS

from replay import games
from replay.core.cards import BJ, Card
from replay.core.events import Bury, Call, Declare, Exchange, Grab, Pass, Play, Reveal, Show, Yield
from replay.formats.json_locate import event_positions
from replay.formats.log import (
    LogError,
    dumps_canonical,
    parse_json_log,
    parse_log,
    read_log,
)
from replay.rules.profile_files import shipped_files
from replay.rules.profile_loader import profile_of

CASES = CASE_LOGS

# A small log in canonical form (exactly as Log.dumps writes it).
LOG = """\
{
  "format": "fupan/1",
  "game": "gouji",
  "profile": "gouji-logged",
  "meta": {"date": "2026-11-29", "venue": "青岛", "deal": 2},
  "seats": [
    {"seat": 0, "player": "张三"},
    {"seat": 1, "player": "李四"}
  ],
  "deal": {
    "hands": [
      ["3S", "3S", "QH"],
      null,
      ["??", "BJ"],
      null,
      null,
      null
    ]
  },
  "events": [
    {"seat": 0, "action": "show", "cards": ["3S", "3S"]},
    {"seat": 0, "action": "play", "cards": ["QH"]},
    {"seat": 1, "action": "pass", "note": "不要"}
  ]
}
"""


def at(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """(line, col), 1-based, of the nth occurrence of ``needle`` in ``text``."""
    pos = -1
    for _ in range(nth):
        pos = text.index(needle, pos + 1)
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def error(text: str, source: str = "deal.json") -> LogError:
    with pytest.raises(LogError) as info:
        parse_json_log(text, source)
    err = info.value
    assert isinstance(err, ValueError)
    assert str(err) == f"{err.where}: {err.reason}"
    return err


def check_place(err: LogError, source: str, line: int, col: int, path: str) -> None:
    assert (err.source, err.line, err.col, err.path) == (source, line, col, path)
    suffix = f" ({path})" if path else ""
    assert err.where == f"{source}:{line}:{col}{suffix}"


# ---------------------------------------------------------------------------------------------
# Reading


def test_read_small_log() -> None:
    log = parse_json_log(LOG, "deal.json")
    assert log.game == "gouji"
    assert games.get(log.game).seats == 6
    assert log.profile_name == "gouji-logged"
    assert dict(log.meta) == {"date": "2026-11-29", "venue": "青岛", "deal": 2}
    assert [(s.seat, s.player) for s in log.seats] == [(0, "张三"), (1, "李四")]
    assert log.player(0) == "张三"
    assert log.player(3) == "seat 3"
    assert log.hands is not None and len(log.hands) == 6
    assert log.hands[0] == (Card("3S"), Card("3S"), Card("QH"))
    assert log.hands[1] is None
    assert log.hands[2] == (None, BJ)
    assert log.events == (Show(0, cards=(Card("3S"), Card("3S"))), Play(0, cards=(Card("QH"),)), Pass(1, note="不要"))
    assert log.events[2].note == "不要"
    assert log.result is None
    assert log.source == "deal.json"
    prof = profile_of(log)
    assert prof.name == "gouji-logged" and prof.first_lead == "logged"


def test_read_log_from_file_and_parse_log_dispatch(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(LOG, encoding="utf-8")
    log = read_log(path)
    assert log.source == str(path)
    assert log.to_json() == parse_json_log(LOG).to_json()
    assert parse_log("\n  " + LOG).to_json() == log.to_json()
    # a UTF-8 byte-order mark is allowed
    path.write_bytes(b"\xef\xbb\xbf" + LOG.encode("utf-8"))
    assert read_log(path).to_json() == log.to_json()
    # text given directly (standard input)
    assert read_log("<stdin>", LOG).source == "<stdin>"


def test_profile_overrides_are_read() -> None:
    doc = json.loads(LOG)
    doc["overrides"] = {"score_mode": "net"}
    log = parse_json_log(json.dumps(doc))
    assert dict(log.overrides) == {"score_mode": "net"}
    assert profile_of(log).score_mode == "net"
    doc["profile"] = {"name": "gouji-online", "overrides": {"tribute": False}}
    del doc["overrides"]
    log = parse_json_log(json.dumps(doc))
    assert log.profile_name == "gouji-online"
    assert profile_of(log).tribute is False


def test_minimal_log() -> None:
    log = parse_json_log('{"format": "fupan/1", "game": "gouji"}')
    assert log.profile_name == "gouji"
    assert log.hands is None
    assert log.events == ()
    assert log.seats == ()


# ---------------------------------------------------------------------------------------------
# The deal: counts of unknown cards, the marked seat and the loyalist

# LOG with a deal that holds every kind of hand and both seats, in canonical form.
DEAL = (
    LOG.replace(
        """      null,
      ["??", "BJ"],
      null,
      null,
      null
    ]
  },""",
        """      44,
      ["??", "BJ"],
      1,
      []
    ],
    "marked": 2,
    "loyalist": 4
  },""",
    )
    .replace('"game": "gouji"', '"game": "baohuang"')
    .replace('"profile": "gouji-logged"', '"profile": "baohuang"')
)


def test_deal_with_counts_marked_and_loyalist() -> None:
    assert DEAL != LOG
    log = parse_json_log(DEAL)
    assert log.hands == (
        (Card("3S"), Card("3S"), Card("QH")),
        (None,) * 44,
        (None, BJ),
        (None,),
        (),
    )
    assert (log.marked, log.loyalist) == (2, 4)
    assert log.to_json()["deal"] == {
        "hands": [["3S", "3S", "QH"], 44, ["??", "BJ"], 1, []],
        "marked": 2,
        "loyalist": 4,
    }
    assert log.dumps() == DEAL
    assert parse_log(log.dumps()).dumps() == DEAL


def test_deal_keys_in_any_order_and_null_seats() -> None:
    doc = json.loads(DEAL)
    doc["deal"] = {"loyalist": 4, "marked": 2, "hands": doc["deal"]["hands"]}
    assert parse_json_log(json.dumps(doc)).dumps() == DEAL
    doc["deal"] = {"hands": doc["deal"]["hands"], "marked": None, "loyalist": None}
    log = parse_json_log(json.dumps(doc))
    assert (log.marked, log.loyalist) == (None, None)
    assert "marked" not in log.dumps() and list(log.to_json()["deal"]) == ["hands"]


def test_all_unknown_hands_are_written_as_counts() -> None:
    doc = json.loads(LOG)
    doc["deal"]["hands"][1] = ["??", None, "??"]
    doc["deal"]["hands"][3] = [None]
    log = parse_json_log(json.dumps(doc))
    assert log.hands is not None and log.hands[1] == (None,) * 3 and log.hands[3] == (None,)
    assert log.to_json()["deal"]["hands"][:4] == [["3S", "3S", "QH"], 3, ["??", "BJ"], 1]
    assert '\n      3,\n      ["??", "BJ"],\n      1,\n' in log.dumps()
    assert parse_json_log(log.dumps()).to_json() == log.to_json()


@pytest.mark.parametrize(
    ("deal", "canonical"),
    [
        ({"marked": 3}, '  "deal": {"marked": 3},\n'),
        ({"loyalist": 0, "marked": 4}, '  "deal": {"marked": 4, "loyalist": 0},\n'),
        ({"hands": None, "loyalist": 1}, '  "deal": {"loyalist": 1},\n'),
    ],
)
def test_deal_without_hands(deal: dict[str, int | None], canonical: str) -> None:
    doc = json.loads(LOG)
    doc["game"], doc["profile"] = "baohuang", "baohuang"
    doc["deal"] = deal
    log = parse_json_log(json.dumps(doc))
    assert log.hands is None
    assert (log.marked, log.loyalist) == (deal.get("marked"), deal.get("loyalist"))
    out = log.dumps()
    assert canonical in out
    assert parse_json_log(out).dumps() == out
    assert parse_json_log(out).to_json() == log.to_json()


def test_empty_deal_is_no_deal() -> None:
    doc = json.loads(LOG)
    doc["deal"] = {}
    log = parse_json_log(json.dumps(doc))
    assert (log.hands, log.marked, log.loyalist) == (None, None, None)
    assert "deal" not in log.to_json()


@pytest.mark.parametrize(
    ("old", "new", "needle", "path", "message"),
    [
        ("      null,\n      [\"??\"", "      0,\n      [\"??\"", "0,\n      [", "deal.hands[1]",
         "expected a number of unknown cards (1..216), got 0"),
        ("      null,\n      [\"??\"", "      217,\n      [\"??\"", "217", "deal.hands[1]",
         "expected a number of unknown cards (1..216), got 217"),
        ("      null\n    ]", "      -1\n    ]", "-1\n    ]", "deal.hands[5]",
         "expected a number of unknown cards (1..216), got -1"),
        ("      null,\n      [\"??\"", "      true,\n      [\"??\"", "true", "deal.hands[1]",
         "expected a list of cards, a number of unknown cards, or null"),
        ("      null,\n      [\"??\"", "      4.0,\n      [\"??\"", "4.0", "deal.hands[1]",
         "expected a list of cards, a number of unknown cards, or null"),
        ('["??", "BJ"]', '["??", 3]', "3]", "deal.hands[2][1]", "expected a card token, got 3"),
        ("    ]\n  },", '    ],\n    "marked": 6\n  },', "6\n", "deal.marked", "expected a seat (0..5), got 6"),
        ("    ]\n  },", '    ],\n    "loyalist": -1\n  },', "-1\n", "deal.loyalist", "expected a seat (0..5), got -1"),
        ("    ]\n  },", '    ],\n    "marked": true\n  },', "true", "deal.marked", "expected a seat (0..5), got true"),
        ("    ]\n  },", '    ],\n    "loyalist": "3"\n  },', '"3"', "deal.loyalist",
         'expected a seat (0..5), got "3"'),
        ("    ]\n  },", '    ],\n    "emperor": 1\n  },', '"emperor"', "deal.emperor",
         "unknown key 'emperor' in deal (expected hands, marked, loyalist, kitty, levels)"),
    ],
)  # fmt: skip
def test_deal_errors(old: str, new: str, needle: str, path: str, message: str) -> None:
    text = LOG.replace(old, new, 1)
    assert text != LOG
    err = error(text)
    check_place(err, "deal.json", *at(text, needle), path)
    assert err.reason == message


def test_deal_must_be_an_object() -> None:
    text = LOG[: LOG.index('  "deal"')] + '  "deal": [44, 43],\n' + LOG[LOG.index('  "events"') :]
    err = error(text)
    check_place(err, "deal.json", *at(text, "[44"), "deal")


# ---------------------------------------------------------------------------------------------
# 保皇 events

BH_EVENTS = [
    ({"seat": 2, "action": "yield", "note": "让庄"}, Yield(2, note="让庄")),
    ({"seat": 1, "action": "call", "cards": ["7D", "♦7", "7d"]}, Call(1, cards=(Card("7D"),) * 3)),
    ({"seat": 1, "action": "call", "cards": ["BJ", "大王", "BJ", "BJ"], "note": "独保"}, Call(1, cards=(BJ,) * 4, note="独保")),
    ({"seat": 4, "action": "reveal", "note": "明保"}, Reveal(4, note="明保")),
    ({"seat": 0, "action": "grab"}, Grab(0)),
]  # fmt: skip


@pytest.mark.parametrize(("raw", "event"), BH_EVENTS)
def test_baohuang_events(raw: dict[str, object], event: object) -> None:
    doc = json.loads(LOG)
    doc["events"] = [raw]
    log = parse_json_log(json.dumps(doc))
    assert log.events == (event,)
    assert parse_json_log(log.dumps()).events == (event,)
    assert log.to_json()["events"][0]["action"] == raw["action"]


@pytest.mark.parametrize(
    ("raw", "path", "message"),
    [
        ('{"seat": 1, "action": "call"}', "events[0].cards", "expected a non-empty list of cards"),
        ('{"seat": 1, "action": "call", "cards": ["7D", "??"]}', "events[0].cards[1]", "unknown card"),
        ('{"seat": 1, "action": "yield", "cards": ["7D"]}', "events[0].cards", "unknown key 'cards' for action yield"),
        ('{"seat": 1, "action": "reveal", "to": 2}', "events[0].to", "unknown key 'to' for action reveal"),
        ('{"seat": 1, "action": "grab", "count": 2}', "events[0].count", "unknown key 'count' for action grab"),
    ],
)
def test_baohuang_event_errors(raw: str, path: str, message: str) -> None:
    text = '{"format": "fupan/1", "game": "gouji",\n "events": [\n  ' + raw + "\n]}\n"
    err = error(text)
    assert err.path == path and message in err.reason
    assert err.line == 3  # a missing key is placed at the object that lacks it (log.locate)


def test_baohuang_log_with_a_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "club.toml").write_text('name = "club"\ngame = "baohuang"\n', encoding="utf-8")
    monkeypatch.setenv("FUPAN_PROFILES", str(tmp_path))  # the server's folder of club profiles
    doc = {
        "format": "fupan/1",
        "game": "baohuang",
        "profile": "club",
        "deal": {"hands": [43, 43, 44, 43, 43], "marked": 2, "loyalist": 4},
        "events": [e for e, _ in BH_EVENTS],
    }
    log = parse_json_log(json.dumps(doc, ensure_ascii=False))
    assert games.get(log.game).seats == 5 and log.marked == 2 and log.loyalist == 4
    assert log.hands is not None and [len(h or ()) for h in log.hands] == [43, 43, 44, 43, 43]
    assert log.events == tuple(e for _, e in BH_EVENTS)
    assert parse_json_log(log.dumps()).dumps() == log.dumps()
    err = error(json.dumps({**doc, "deal": {"marked": 5}}))
    assert (err.path, err.reason) == ("deal.marked", "expected a seat (0..4), got 5")


@pytest.mark.skipif("baohuang" not in shipped_files(), reason="no shipped baohuang profile")
def test_shipped_baohuang_profile() -> None:
    log = parse_json_log(
        '{"format": "fupan/1", "game": "baohuang", "deal": {"hands": [43, 43, 44, 43, 43], "marked": 2}}'
    )
    assert log.profile_name == "baohuang" and profile_of(log).game == "baohuang"


# ---------------------------------------------------------------------------------------------
# Errors, each with its line and column


def test_malformed_json() -> None:
    text = '{\n  "format": "fupan/1"\n  "game": "gouji"\n}\n'
    err = error(text)
    check_place(err, "deal.json", 3, 3, "")
    assert "malformed JSON" in err.reason


def test_truncated_json() -> None:
    text = LOG[: LOG.index('    {"seat": 1, "action": "pass"')] + '    {"seat": 1, "act'
    err = error(text)
    assert err.line == text.count("\n") + 1
    assert "malformed JSON" in err.reason


def test_unknown_top_key() -> None:
    text = LOG.replace('"game": "gouji",', '"game": "gouji", "players": 6,')
    err = error(text)
    check_place(err, "deal.json", *at(text, '"players"'), "players")
    assert "unknown key 'players'" in err.reason
    assert "format, game, profile" in err.reason


def test_unknown_card_in_an_event() -> None:
    text = LOG.replace('"cards": ["QH"]', '"cards": ["QX"]')
    err = error(text)
    check_place(err, "deal.json", *at(text, '"QX"'), "events[1].cards[0]")
    assert "'QX'" in err.reason
    assert "expected" in err.reason


def test_unknown_card_later_in_an_event() -> None:
    text = LOG.replace('"cards": ["3S", "3S"]', '"cards": ["3S", "3Z"]')
    err = error(text)
    check_place(err, "deal.json", *at(text, '"3Z"'), "events[0].cards[1]")


def test_unknown_card_in_a_hand() -> None:
    text = LOG.replace('["3S", "3S", "QH"]', '["3S", "ZZ", "QH"]')
    err = error(text)
    check_place(err, "deal.json", *at(text, '"ZZ"'), "deal.hands[0][1]")
    assert "'ZZ'" in err.reason


def test_unknown_card_in_a_later_hand() -> None:
    text = LOG.replace('["??", "BJ"]', '["??", "BK"]')
    err = error(text)
    check_place(err, "deal.json", *at(text, '"BK"'), "deal.hands[2][1]")


def test_unknown_card_token_in_events_may_not_be_unknown() -> None:
    text = LOG.replace('"cards": ["QH"]', '"cards": ["??"]')
    err = error(text)
    check_place(err, "deal.json", *at(text, '"??"]}'), "events[1].cards[0]")


def test_seat_out_of_range() -> None:
    text = LOG.replace('{"seat": 1, "action": "pass"', '{"seat": 6, "action": "pass"')
    err = error(text)
    check_place(err, "deal.json", *at(text, "6, "), "events[2].seat")
    assert err.reason == "expected a seat (0..5), got 6"


def test_seat_out_of_range_in_seats() -> None:
    text = LOG.replace('{"seat": 1, "player": "李四"}', '{"seat": -1, "player": "李四"}')
    err = error(text)
    check_place(err, "deal.json", *at(text, '-1, "player"'), "seats[1].seat")


def test_unknown_action() -> None:
    text = LOG.replace('"action": "pass"', '"action": "fold"')
    err = error(text)
    check_place(err, "deal.json", *at(text, '"fold"'), "events[2].action")
    assert 'unknown action "fold"' in err.reason
    assert "play, burn, pass, kou" in err.reason


def test_bad_meta_key() -> None:
    text = LOG.replace('"venue"', '"weather"')
    err = error(text)
    check_place(err, "deal.json", *at(text, '"weather"'), "meta.weather")
    assert "unknown meta key 'weather'" in err.reason
    assert "date, venue, match" in err.reason


def test_bad_meta_value() -> None:
    text = LOG.replace('"deal": 2', '"deal": 0')
    err = error(text)
    check_place(err, "deal.json", *at(text, "0}"), "meta.deal")


@pytest.mark.parametrize(
    ("old", "new", "needle", "path", "words"),
    [
        ('"fupan/1"', '"fupan/3"', '"fupan/3"', "format", ["fupan/1", "fupan/2"]),
        ('"game": "gouji"', '"game": "chess"', '"chess"', "game", ["gouji", "baohuang"]),
        ('"gouji-logged"', '"nosuch"', '"nosuch"', "profile", ["unknown profile 'nosuch'"]),
        ('"action": "pass", "note"', '"action": "pass", "cards": ["3S"], "note"', '"cards": ["3S"]', "events[2].cards",
         ["unknown key 'cards'"]),
        ('"cards": ["QH"]', '"cards": []', "[]}", "events[1].cards", ["non-empty"]),
        ('{"seat": 1, "player": "李四"}', '{"seat": 0, "player": "李四"}', '0, "player": "李四"', "seats[1].seat",
         ["listed twice"]),
        ('"player": "李四"}', '"player": "李四", "age": 30}', '"age"', "seats[1].age", ["unknown key 'age'"]),
    ],
)  # fmt: skip
def test_other_errors(old: str, new: str, needle: str, path: str, words: list[str]) -> None:
    text = LOG.replace(old, new, 1)
    assert text != LOG
    err = error(text)
    check_place(err, "deal.json", *at(text, needle), path)
    for w in words:
        assert w in err.reason


def test_wrong_number_of_hands() -> None:
    text = LOG.replace('      ["??", "BJ"],\n', "")
    err = error(text)
    check_place(err, "deal.json", *at(text, '[\n      ["3S"'), "deal.hands")
    assert "6 hands" in err.reason


def test_profile_of_another_game() -> None:
    text = LOG.replace('"game": "gouji"', '"game": "baohuang"').replace("      null,\n      null\n", "      null\n")
    err = error(text)
    assert err.path == "profile"
    assert "gouji" in err.reason and "baohuang" in err.reason


def test_non_utf8_bytes(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{\n  "format": "fupan/1",\n  "game": "gouji",\n  "meta": {"venue": "Caf\xe9"}\n}\n')
    with pytest.raises(LogError) as info:
        read_log(path)
    err = info.value
    assert err.source == str(path)
    assert err.line == 4
    assert "UTF-8" in err.reason
    assert str(err).startswith(f"{path}:4")


def test_non_utf8_bytes_column(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{\n  "format": "fupan/1",\n  "game": "gouji",\n  "meta": {"venue": "Caf\xe9"}\n}\n')
    with pytest.raises(LogError) as info:
        read_log(path)
    assert (info.value.line, info.value.col) == (4, 25)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "absent.json"
    with pytest.raises(LogError) as info:
        read_log(path)
    err = info.value
    assert err.source == str(path)
    assert err.line is None and err.col is None
    assert "cannot read file" in err.reason
    assert str(err).startswith(f"{path}: cannot read file")


def test_a_directory_is_not_a_log(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="not a regular file: a folder"):
        read_log(tmp_path)


# ---------------------------------------------------------------------------------------------
# Canonical JSON


def test_dumps_of_the_canonical_log_is_itself() -> None:
    assert parse_json_log(LOG).dumps() == LOG


def test_dumps_is_stable() -> None:
    once = parse_json_log(LOG).dumps()
    assert parse_json_log(once).dumps() == once
    assert parse_log(once).to_json() == parse_json_log(LOG).to_json()


def test_dumps_canonicalises_any_json() -> None:
    doc = json.loads(LOG)
    doc["events"][1]["cards"] = ["♥Q"]
    doc["deal"]["hands"][0] = ["3s", "♠3", "qh"]
    doc["deal"]["hands"][2] = [None, "大王"]
    doc["meta"] = {"deal": 2, "venue": "青岛", "date": "2026-11-29"}  # keys out of order
    messy = {k: doc[k] for k in reversed(list(doc))}  # top keys out of order too
    for text in (json.dumps(messy), json.dumps(messy, indent=7, ensure_ascii=True)):
        out = parse_json_log(text).dumps()
        assert out == LOG
        assert parse_json_log(out).dumps() == out


def test_dumps_keeps_text_and_result() -> None:
    doc = json.loads(LOG)
    doc["meta"]["notes"] = '两行\n"引号"'
    doc["overrides"] = {"score_mode": "net"}
    doc["result"] = {"finish_order": [0, 1, 2, 3, 4, 5], "sweep": False}
    out = parse_json_log(json.dumps(doc)).dumps()
    assert '两行\\n\\"引号\\"' in out
    assert "\\u" not in out
    assert json.loads(out)["result"] == doc["result"]
    assert list(json.loads(out)) == ["format", "game", "profile", "overrides", "meta", "seats", "deal", "events",
                                      "result"]  # fmt: skip
    assert parse_json_log(out).dumps() == out
    assert dumps_canonical(parse_json_log(out).to_json()) == out


CASE_FILES = sorted(CASES.glob("*.txt"))


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.name for p in CASE_FILES])
def test_dumps_is_stable_for_every_case(path: Path) -> None:
    log = read_log(path)
    once = log.dumps()
    again = parse_log(once)
    assert again.dumps() == once
    assert again.to_json() == log.to_json()
    assert once.endswith("}\n")


# ---------------------------------------------------------------------------------------------
# Positions of events


def test_event_positions() -> None:
    expected = tuple(at(LOG, '{"seat": ', k) for k in (3, 4, 5))  # two seat lines come first
    assert event_positions(LOG) == expected == ((21, 5), (22, 5), (23, 5))


def test_where() -> None:
    log = parse_json_log(LOG, "deal.json")
    assert log.where(0) == "deal.json:21:5"
    assert log.where(1) == "deal.json:22:5"
    assert log.where(2) == "deal.json:23:5"
    assert log.where(3) == "deal.json (event 4)"  # no place noted: the event by its number (index 3 is event 4)
    assert log.where(99) == "deal.json (event 100)"


def test_where_in_compact_json() -> None:
    text = json.dumps(json.loads(LOG), ensure_ascii=False)
    assert "\n" not in text
    log = parse_json_log(text, "one-line.json")
    decoder = json.JSONDecoder()
    for i, ev in enumerate(log.events):
        source, line, col = log.where(i).rsplit(":", 2)
        assert (source, line) == ("one-line.json", "1")
        obj, _ = decoder.raw_decode(text, int(col) - 1)
        assert obj == ev.to_json()


@pytest.mark.parametrize("path", CASE_FILES[:12], ids=[p.name for p in CASE_FILES[:12]])
def test_where_points_at_each_event(path: Path) -> None:
    text_log = read_log(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    json_text = text_log.dumps()
    json_log = parse_json_log(json_text, "x.json")
    json_lines = json_text.splitlines()
    decoder = json.JSONDecoder()
    for i, ev in enumerate(text_log.events):
        _, line, col = text_log.where(i).rsplit(":", 2)
        assert lines[int(line) - 1][int(col) - 1 :].startswith(f"{ev.seat} {ev.action}")
        _, line, col = json_log.where(i).rsplit(":", 2)
        obj, _ = decoder.raw_decode(json_lines[int(line) - 1], int(col) - 1)
        assert obj == ev.to_json()


def test_marked_and_loyalist_belong_to_baohuang() -> None:
    doc = json.loads(LOG)
    doc["deal"]["marked"] = 1
    err = error(json.dumps(doc, indent=1))
    assert err.path == "deal.marked" and "baohuang" in err.reason and err.line is not None


# ---------------------------------------------------------------------------------------------
# 升级: the kitty, the levels, its events and its claimed result

SJ_LOG = """\
{
  "format": "fupan/1",
  "game": "shengji",
  "profile": "shengji-35",
  "seats": [
    {"seat": 0, "player": "张三"}
  ],
  "deal": {
    "hands": [
      26,
      ["BJ", "KC", "KC", "??"],
      null,
      26
    ],
    "kitty": ["3S", "4H", "5D", "6C"],
    "levels": ["A", "5"]
  },
  "events": [
    {"seat": 1, "action": "declare", "cards": ["BJ", "KC", "KC"]},
    {"seat": 1, "action": "exchange", "to": 3, "cards": ["2S", "KC", "AC"], "note": "换三张"},
    {"seat": 1, "action": "bury", "cards": ["3S", "4H", "5D", "6C"]},
    {"seat": 1, "action": "play", "cards": ["AS"]}
  ],
  "result": {"points": {"defenders": 85, "kitty": 20}, "levels": {"before": ["A", "5"], "after": ["2", "5"]}}
}
"""


def test_read_shengji_log() -> None:
    log = parse_json_log(SJ_LOG)
    assert (log.game, games.get(log.game).seats, log.profile_name) == ("shengji", 4, "shengji-35")
    assert log.kitty == tuple(Card(t) for t in ("3S", "4H", "5D", "6C"))
    assert log.levels == ("A", "5")
    assert log.hands is not None and log.hands[1] == (BJ, Card("KC"), Card("KC"), None)
    assert [e.action for e in log.events] == ["declare", "exchange", "bury", "play"]
    assert log.events[0] == Declare(1, cards=(BJ, Card("KC"), Card("KC")))
    assert log.events[1] == Exchange(1, cards=(Card("2S"), Card("KC"), Card("AC")), to=3, note="换三张")
    assert log.events[2] == Bury(1, cards=log.kitty)
    assert log.result == {
        "points": {"defenders": 85, "kitty": 20},
        "levels": {"before": ["A", "5"], "after": ["2", "5"]},
    }
    assert log.dumps() == SJ_LOG
    assert parse_json_log(log.dumps()).dumps() == SJ_LOG


def test_shengji_default_profile_and_no_deal() -> None:
    log = parse_json_log('{"format": "fupan/1", "game": "shengji", "deal": {"levels": ["K", "10"]}}')
    assert log.profile_name == "shengji-35" and profile_of(log).game == "shengji"
    assert (log.hands, log.kitty, log.levels) == (None, None, ("K", "10"))
    assert log.to_json()["deal"] == {"levels": ["K", "10"]}
    doc = json.loads(log.dumps())
    assert doc["profile"] == "shengji-35" and parse_json_log(log.dumps()).dumps() == log.dumps()
    empty = parse_json_log('{"format": "fupan/1", "game": "shengji", "deal": {"kitty": []}}')
    assert empty.kitty == () and empty.to_json()["deal"] == {"kitty": []}


def test_shengji_dumps_is_canonical_and_byte_stable() -> None:
    doc = json.loads(SJ_LOG)
    doc["deal"] = {"levels": doc["deal"]["levels"], "kitty": ["♠3", "4h", "5D", "6C"], "hands": doc["deal"]["hands"]}
    doc["result"] = {"levels": {"after": ["2", "5"], "before": ["A", "5"]}, "points": {"kitty": 20, "defenders": 85}}
    out = parse_json_log(json.dumps(doc, ensure_ascii=False)).dumps()
    assert out == SJ_LOG
    assert parse_json_log(out).dumps() == out


@pytest.mark.parametrize(
    ("deal", "needle", "path", "message"),
    [
        ('"kitty": "3S 4H"', '"3S 4H"', "deal.kitty", 'expected a list of cards (the kitty), got "3S 4H"'),
        ('"kitty": ["3S", "4X"]', '"4X"', "deal.kitty[1]", "unknown card '4X'"),
        ('"kitty": ["3S", "??"]', '"??"', "deal.kitty[1]", "unknown card '??': the kitty is given in full or left out"),
        ('"kitty": [3]', "3]", "deal.kitty[0]", "expected a card token, got 3"),
        ('"kitty": [' + ", ".join(['"3S"'] * 13) + "]", "[\"3S", "deal.kitty", "a kitty of 13 cards: at most 12"),
        ('"levels": ["A"]', '["A"]', "deal.levels", "expected the two sides' levels (side 0, side 1)"),
        ('"levels": "A 5"', '"A 5"', "deal.levels", "expected the two sides' levels"),
        ('"levels": ["A", "1"]', '"1"', "deal.levels[1]", 'expected a level, one of A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K; got "1"'),
        ('"levels": [14, "5"]', "14", "deal.levels[0]", "expected a level, one of A, 2"),
        ('"levels": ["a", "5"]', '"a"', "deal.levels[0]", 'got "a"'),
        ('"kitty": [], "dealer": 1', '"dealer"', "deal.dealer", "unknown key 'dealer' in deal (expected hands, marked, loyalist, kitty, levels)"),
        ('"marked": 1', "1}", "deal.marked", "deal.marked belongs to a baohuang log, not shengji"),
    ],
)  # fmt: skip
def test_shengji_deal_errors(deal: str, needle: str, path: str, message: str) -> None:
    text = '{"format": "fupan/1", "game": "shengji",\n "deal": {' + deal + "}}\n"
    err = error(text)
    check_place(err, "deal.json", *at(text, needle), path)
    assert message in err.reason, err.reason


@pytest.mark.parametrize(
    ("game", "key", "value"),
    [("gouji", "kitty", '["3S"]'), ("baohuang", "levels", '["A", "2"]'), ("gouji", "levels", "[]")],
)
def test_kitty_and_levels_belong_to_shengji(game: str, key: str, value: str) -> None:
    text = f'{{"format": "fupan/1", "game": "{game}",\n "deal": {{"{key}": {value}}}}}\n'
    err = error(text)
    check_place(err, "deal.json", 2, at(text, value)[1], f"deal.{key}")
    assert err.reason == f"deal.{key} belongs to a shengji log, not {game}"
    # null is the same as leaving the key out, in any game
    log = parse_json_log(text.replace(value, "null"))
    assert log.kitty is None and log.levels is None


@pytest.mark.parametrize(
    ("game", "result", "needle", "path", "message"),
    [
        ("shengji", '{"points": {"defenders": 85, "tricks": 3}}', '"tricks"', "result.points.tricks",
         "unknown key 'tricks' (expected defenders, kitty)"),
        ("shengji", '{"points": {"defenders": -5}}', "-5", "result.points.defenders",
         "expected a number of card points (0..1000000), got -5"),
        ("shengji", '{"points": {"kitty": 2.5}}', "2.5", "result.points.kitty", "expected a number of card points"),
        ("shengji", '{"points": [85, 20]}', "[85", "result.points", 'expected {"defenders": N, "kitty": N}'),
        ("shengji", '{"levels": {"after": ["2"]}}', '["2"]', "result.levels.after", "expected the two sides' levels"),
        ("shengji", '{"levels": {"after": ["2", "Z"]}}', '"Z"', "result.levels.after[1]", "expected a level"),
        ("shengji", '{"levels": {"during": ["2", "5"]}}', '"during"', "result.levels.during",
         "unknown key 'during' (expected before, after)"),
        ("shengji", '{"finish_order": [0, 1]}', "[0", "result.finish_order",
         "result.finish_order belongs to gouji and baohuang logs, not shengji"),
        ("shengji", '{"teams": []}', "[]", "result.teams", "result.teams belongs to gouji and baohuang logs"),
        ("gouji", '{"points": {"defenders": 85}}', "{\"defenders", "result.points",
         "result.points belongs to a shengji log, not gouji"),
        ("baohuang", '{"levels": {}}', "{}", "result.levels", "result.levels belongs to a shengji log, not baohuang"),
    ],
)  # fmt: skip
def test_shengji_result_errors(game: str, result: str, needle: str, path: str, message: str) -> None:
    text = f'{{"format": "fupan/1", "game": "{game}",\n "result": {result}}}\n'
    err = error(text)
    check_place(err, "deal.json", *at(text, needle), path)
    assert err.reason.startswith(message), err.reason


def test_shengji_events_need_their_fields() -> None:
    for raw, path, message in [
        ('{"seat": 1, "action": "exchange", "cards": ["2S"]}', "events[0].to", "expected a seat (0..3), got null"),
        (
            '{"seat": 1, "action": "exchange", "to": 4, "cards": ["2S"]}',
            "events[0].to",
            "expected a seat (0..3), got 4",
        ),
        ('{"seat": 1, "action": "declare"}', "events[0].cards", "expected a non-empty list of cards"),
        ('{"seat": 1, "action": "bury", "cards": []}', "events[0].cards", "expected a non-empty list of cards"),
        ('{"seat": 4, "action": "play", "cards": ["3S"]}', "events[0].seat", "expected a seat (0..3), got 4"),
    ]:
        err = error('{"format": "fupan/1", "game": "shengji",\n "events": [\n  ' + raw + "\n]}\n")
        assert (err.path, err.reason) == (path, message)
