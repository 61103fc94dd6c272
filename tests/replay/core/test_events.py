"""Events are values (replay/core/events.py): equal by class and fields, hashable, a repr that is their constructor call,
pickled by their fields (the import's worker processes), immutable, copied with changes by ``_replace``; and the
log reader's fast path reads exactly what ``event_from_json`` reads."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from replay.core.cards import Card
from replay.core.events import (
    EVENT_TYPES,
    Burn,
    Event,
    Exchange,
    Kou,
    Pass,
    Play,
    Report,
    Tribute,
    card_event,
    plain_event,
)
from replay.formats.event_json import event_from_json, read_events
from replay.formats.limits import LIMITS
from replay.formats.log import LogError, parse_log

C3, C4, BJ = Card("3S"), Card("4H"), Card("BJ")


def every_kind() -> list[Event]:
    """One event of each action, with a note on some."""
    out: list[Event] = []
    for action, cls in EVENT_TYPES.items():
        kwargs: dict[str, Any] = {}
        if "cards" in cls.FIELDS:
            kwargs["cards"] = (C3, BJ)
        if "to" in cls.FIELDS:
            kwargs["to"] = 2
        if "count" in cls.FIELDS:
            kwargs["count"] = 7
        out.append(cls(1, note=action if len(out) % 2 else "", **kwargs))
    return out


def test_equal_by_class_and_fields() -> None:
    assert Play(0, cards=(C3,)) == Play(0, (C3,))
    assert Play(0, cards=(C3,)) != Burn(0, cards=(C3,))  # same fields, another action
    assert Pass(0) != Kou(0)
    assert Play(0, cards=(C3,)) != Play(0, cards=(C4,))
    assert Play(0, cards=(C3,)) != Play(0, cards=(C3,), note="x")
    assert Pass(0) != (0, "")  # a tuple of the same values is no event
    assert len({Play(0, cards=(C3,)), Play(0, cards=(C3,)), Pass(0), Kou(0)}) == 3
    assert hash(Tribute(1, (BJ,), 3)) == hash(Tribute(1, cards=(BJ,), to=3))


@pytest.mark.parametrize("ev", every_kind(), ids=lambda ev: ev.action)
def test_a_value(ev: Event) -> None:
    assert eval(repr(ev), {type(ev).__name__: type(ev), "Card": Card}) == ev  # the repr is the constructor call
    assert repr(ev).startswith(f"{type(ev).__name__}(seat=1, note=")
    for again in (pickle.loads(pickle.dumps(ev)), copy.copy(ev), copy.deepcopy(ev)):
        assert again == ev and type(again) is type(ev) and hash(again) == hash(ev)
    with pytest.raises(AttributeError):
        ev.seat = 2  # type: ignore[misc]  # what the test shows refused
    with pytest.raises(AttributeError):
        del ev.note
    assert ev.seat == 1
    moved = ev._replace(seat=4)
    assert moved.seat == 4 and ev.seat == 1 and moved == type(ev)(**{**fields(ev), "seat": 4})
    with pytest.raises(ValueError, match="no field"):
        ev._replace(colour="red")


def fields(ev: Event) -> dict[str, Any]:
    return dict(zip(ev.FIELDS, (getattr(ev, name) for name in ev.FIELDS), strict=True))


def test_fields_and_defaults() -> None:
    assert Pass(3).cards == () and Pass(3).note == ""
    assert Play(2).cards == ()
    assert Report(0).count == 0 and Report(0, 5).count == 5
    assert Exchange(0, (C3,)).to == -1
    match Tribute(1, (BJ,), 4):
        case Tribute(seat, cards, to):
            assert (seat, cards, to) == (1, (BJ,), 4)
    assert card_event(Play, 2, (C3,), "n") == Play(2, cards=(C3,), note="n")
    assert plain_event(Kou, 5) == Kou(5)


def test_the_fast_path_reads_what_event_from_json_reads() -> None:
    raw: list[Any] = [ev.to_json() for ev in every_kind()]
    raw += [
        {"seat": 0, "action": "play", "cards": ["10s", "♠4"]},  # tokens not read before
        {"seat": 5, "action": "pass", "note": "过"},
        {"seat": 1, "action": "burn", "cards": ["SJ"], "note": ""},
    ]
    got, _ = read_events(raw, 6, LIMITS)
    assert got == [event_from_json(item, i, 6) for i, item in enumerate(raw)]
    assert [type(ev) for ev in got] == [type(event_from_json(item, i, 6)) for i, item in enumerate(raw)]


def test_a_logs_repeated_plain_events_are_one_value_each() -> None:
    raw: list[Any] = [
        {"seat": 1, "action": "pass"},
        {"seat": 2, "action": "pass"},
        {"seat": 1, "action": "pass"},
        {"seat": 1, "action": "kou"},
        {"seat": 1, "action": "pass", "note": "想了想"},
        {"seat": 1, "action": "pass", "note": ""},
    ]
    got, _ = read_events(raw, 6, LIMITS)
    assert got == [Pass(1), Pass(2), Pass(1), Kou(1), Pass(1, note="想了想"), Pass(1)]
    assert got[0] is got[2] is got[5]  # a note-less pass of one seat: one immutable value, read once
    assert got[1] is not got[0] and got[3] is not got[0] and got[4] is not got[0]
    assert pickle.loads(pickle.dumps(got)) == got


@pytest.mark.parametrize(
    ("event", "where"),
    [
        ('{"seat": 6, "action": "pass"}', "events[1].seat"),
        ('{"seat": true, "action": "pass"}', "events[1].seat"),
        ('{"seat": 1, "action": "pass", "cards": ["3S"]}', "events[1].cards"),
        ('{"seat": 1, "action": "play", "cards": ["3S", "XX"]}', "events[1].cards[1]"),
        ('{"seat": 1, "action": "play", "cards": []}', "events[1].cards"),
        ('{"seat": 1, "action": "play", "cards": [["3S"]]}', "events[1].cards[0]"),
        ('{"seat": 1, "action": ["play"]}', "events[1].action"),
        ('{"seat": 1, "action": "pass", "note": 5}', "events[1].note"),
    ],
)
def test_the_fast_path_refuses_what_event_from_json_refuses(event: str, where: str) -> None:
    text = (
        '{"format": "fupan/1", "game": "gouji", "profile": "gouji", "seats": [], '
        f'"events": [{{"seat": 0, "action": "play", "cards": ["3S"]}}, {event}]}}'
    )
    with pytest.raises(LogError) as err:
        parse_log(text)
    assert err.value.path == where
