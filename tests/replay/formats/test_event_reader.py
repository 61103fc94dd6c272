"""The reader's scanner hook (replay.formats.event_json._event): a log's text read with it gives exactly what reading the
dicts ``json.loads`` makes gives (the same events, or the same error at the same place), whatever the events' keys,
their order, repeats, types and values."""

from __future__ import annotations

import json
from typing import Any

import pytest
from corrupt import json_places, put
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.core.events import CARD_ACTIONS, EVENT_TYPES, TARGET_ACTIONS, Pass, Play
from replay.formats.event_json import DocError
from replay.formats.json_locate import locate
from replay.formats.limits import LIMITS
from replay.formats.log import Log, LogError, _path_str, log_from_doc, parse_json_log
from replay.simulate import simulate_deal

BASE = {profile: simulate_deal(5, profile).log.dumps() for profile in ("gouji", "baohuang", "shengji-35")}


def reference(text: str) -> Log:
    """What parse_json_log gave before the hook: json.loads's dicts read by log_from_doc, errors placed in the text."""
    doc = json.loads(text)
    try:
        return log_from_doc(doc, "<log>", LIMITS, text=text, fresh=True)
    except DocError as exc:
        line, col = locate(text, exc.path, exc.at_key)
        raise LogError(exc.message, "<log>", line, col, _path_str(exc.path)) from None


def outcome(read: Any, text: str) -> tuple[str, Any]:
    try:
        log = read(text)
    except LogError as exc:
        return "error", str(exc)
    return "log", (log.events, log.meta, log.result, log.hands, log.seats)


def with_events(profile: str, lines: list[str]) -> str:
    """The base log of ``profile`` with its events replaced by ``lines`` (JSON object texts, as written)."""
    text = BASE[profile]
    head = text[: text.index('"events": [') + len('"events": [')]
    return head + "\n    " + ",\n    ".join(lines) + "\n  ]\n}\n"


def same(text: str) -> None:
    assert outcome(parse_json_log, text) == outcome(reference, text)


TOKENS = ["3C", "4D", "10H", "QS", "AS", "2H", "SJ", "BJ", "Q", "??", "ZZ", "", 3]
KEYS = ["seat", "action", "cards", "note", "to", "count", "extra"]
VALUES: dict[str, st.SearchStrategy[Any]] = {
    "seat": st.one_of(st.integers(-2, 8), st.sampled_from(["1", None, True, 1.0])),
    "action": st.one_of(st.sampled_from([*EVENT_TYPES, "bogus", ""]), st.integers(0, 3), st.none()),
    "cards": st.one_of(st.lists(st.sampled_from(TOKENS), max_size=4), st.sampled_from(["3C", None, {}])),
    "note": st.one_of(st.sampled_from(["", "好牌", "<b>x</b>"]), st.integers(0, 2), st.none()),
    "to": st.one_of(st.integers(-1, 6), st.none()),
    "count": st.integers(-1, 30),
    "extra": st.sampled_from([0, "x", None]),
}


@st.composite
def event_text(draw: st.DrawFn) -> str:
    """One event object as text: usually the log format's key order, sometimes other orders, missing, repeated
    or unknown keys, any types."""
    if draw(st.booleans()):
        keys = ["seat", "action", *draw(st.sampled_from([[], ["cards"], ["note"], ["cards", "note"]]))]
    else:
        keys = draw(st.lists(st.sampled_from(KEYS), max_size=5))
    pairs = [f"{json.dumps(k)}: {json.dumps(draw(VALUES[k]), ensure_ascii=False)}" for k in keys]
    return "{" + ", ".join(pairs) + "}"


@settings(max_examples=600, deadline=None)
@given(profile=st.sampled_from(sorted(BASE)), lines=st.lists(event_text(), min_size=1, max_size=6))
def test_hook_reads_as_the_dicts_do(profile: str, lines: list[str]) -> None:
    same(with_events(profile, lines))


@pytest.mark.parametrize("profile", sorted(BASE))
def test_whole_logs_read_the_same(profile: str) -> None:
    for seed in range(1, 21):
        text = simulate_deal(seed, profile, deal_number=seed % 6 + 1).log.dumps()
        same(text)
        assert parse_json_log(text).dumps() == text


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ('{"seat": 1, "action": "pass"}', Pass),
        ('{"seat": 1, "action": "pass", "note": ""}', Pass),
        ('{"seat": 1, "action": "pass", "note": "想了很久"}', Pass),
        ('{"seat": 2, "action": "play", "cards": ["3C", "3C"]}', Play),
        ('{"seat": 2, "action": "play", "cards": ["3C"], "note": "x"}', Play),
        ('{"action": "play", "seat": 2, "cards": ["3C"]}', Play),  # another key order: the dict path
    ],
)
def test_common_events(line: str, kind: type) -> None:
    text = with_events("gouji", [line])
    ev = parse_json_log(text).events[0]
    assert type(ev) is kind
    assert ev == reference(text).events[0]


def test_a_seats_plain_events_are_one_object() -> None:
    text = with_events("gouji", ['{"seat": 1, "action": "pass"}', '{"seat": 2, "action": "pass"}'] * 2)
    events = parse_json_log(text).events
    assert events[0] is events[2] and events[1] is events[3] and events[0] is not events[1]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ('{"seat": 6, "action": "pass"}', "seat"),  # a seat 够级 has not: found after the scan, named in place
        ('{"seat": 1, "action": "play", "cards": []}', "cards"),
        ('{"seat": 1, "action": "play", "cards": ["ZZ"]}', "ZZ"),
        ('{"seat": 1, "action": "pass", "cards": ["3C"]}', "cards"),
        ('{"seat": 1, "action": "pass", "note": 3}', "note"),
        ('{"seat": 1, "action": "pass", "seat": 9}', "seat"),  # the last of repeated keys counts, as in a dict
    ],
)
def test_refused_events_are_placed(line: str, words: str) -> None:
    text = with_events("gouji", ['{"seat": 0, "action": "pass"}', line])
    with pytest.raises(LogError) as err:
        parse_json_log(text)
    assert words in str(err.value)
    assert err.value.line == text.count("\n", 0, text.index(line)) + 1
    same(text)


def test_a_byte_order_mark_is_named() -> None:
    with pytest.raises(LogError, match="BOM"):
        parse_json_log("\ufeff" + BASE["gouji"])


def test_plain_events_of_no_games_seat_are_not_kept() -> None:
    """Plain events are made once per seat for the seats of games only: a log's wild seat numbers add nothing that
    stays in the process."""
    from replay.formats import event_json as log_module

    before = len(log_module._PLAIN)
    for seat in range(100, 140):
        with pytest.raises(LogError, match="seat"):
            parse_json_log(with_events("gouji", [f'{{"seat": {seat}, "action": "pass"}}']))
    assert len(log_module._PLAIN) == before


def shaped(action: str, n: int) -> dict[str, Any]:
    """An event-shaped object of ``action`` as the log format writes the event (seat 1, with cards, a target or a
    count as the action has them)."""
    out: dict[str, Any] = {"seat": 1, "action": action}
    if action in CARD_ACTIONS:
        out["cards"] = ["3C", "BJ"]
    if action in TARGET_ACTIONS:
        out["to"] = n - 1
    if action == "report":
        out["count"] = 3
    return out


def kinds_of_place(doc: Any) -> list[tuple[str | int, ...]]:
    """The places of a document (``json_places``), of each kind (its path with every index as ``*``: ``events.*.cards.*``)
    the first two and the last."""
    kinds: dict[tuple[str | int, ...], list[tuple[str | int, ...]]] = {}
    for path in json_places(doc):
        kinds.setdefault(tuple("*" if isinstance(p, int) else p for p in path), []).append(path)
    return [p for found in kinds.values() for p in dict.fromkeys([*found[:2], found[-1]])]


@pytest.mark.parametrize("profile", sorted(BASE))
def test_an_event_shaped_object_in_every_place_is_a_plain_value(profile: str) -> None:
    """Issue 33, item 10: the hook made an event of every event-shaped object wherever it was (``meta.deal``, a hand,
    a card, ``deal.levels``, the whole document ...), and the reader crashed on it ("Object of type Pass is not JSON
    serializable"). Events are made from the ``events`` list only: put in for a value of every kind of place (each
    object's value, each array's element, the top level; every action near the top, three in turn deeper), it reads as
    ``json.loads``'s dicts read: refused at its place, or (in ``events``) an event."""
    doc = json.loads(BASE[profile])
    doc["meta"]["previous"] = {"finish_order": [0, 1], "first_leader": 1}
    doc["result"] = {"finish_order": [0, 1]}
    n = len(doc["seats"])
    actions = sorted(EVENT_TYPES)
    for k, path in enumerate(kinds_of_place(doc)):
        for action in actions if len(path) <= 2 else [actions[(k * 3 + j) % len(actions)] for j in range(3)]:
            same(json.dumps(put(json.loads(json.dumps(doc)), path, shaped(action, n)), ensure_ascii=False))
