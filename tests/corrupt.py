"""Corrupting a log for the fault tests (tests/test_fuzz.py, tests/test_properties.py, tests/test_replay_keep.py):
its text's characters deleted, random characters inserted, or a span copied elsewhere; or its events dropped,
repeated, swapped, given to another seat, other cards or another action."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from replay.cards import Card
from replay.events import CARD_ACTIONS, EVENT_TYPES, Event
from replay.log import SEATS, Log

CARDS = [Card(t) for t in ("3S", "5H", "10D", "QC", "KS", "AH", "2D", "SJ", "BJ", "Q", "3")]

JSON_NOISE = '{}[]",:0123456789-.eE +#?\n\\SHDCJQKABTnulltruefals大王小花张'
TEXT_NOISE = " \t\u3000\n#?:-=[],0123456789SHDCJQKABTplaypassburnkourangdeclarehandseatevents大王小花出过定主\\"

edits = st.lists(
    st.tuples(
        st.sampled_from(("delete", "insert", "copy")),
        st.integers(0, 10**6),
        st.integers(1, 12),
        st.integers(0, 10**6),
    ),
    min_size=1,
    max_size=5,
)


def edit(text: str, ops: list[tuple[str, int, int, int]], noise: str, data: st.DataObject) -> str:
    """``text`` with characters deleted, random characters inserted, or a span copied elsewhere."""
    for op, at, size, other in ops:
        i = at % (len(text) + 1)
        if op == "delete":
            text = text[:i] + text[i + size :]
        elif op == "insert":
            text = text[:i] + data.draw(st.text(alphabet=noise, min_size=1, max_size=size)) + text[i:]
        else:
            j = other % (len(text) + 1)
            text = text[:i] + text[j : j + size * 3] + text[i:]
    return text


def corrupt_events(log: Log, data: st.DataObject) -> Log:
    events = list(log.events)
    for _ in range(data.draw(st.integers(1, 4))):
        if len(events) < 2:
            break
        i = data.draw(st.integers(0, len(events) - 2))
        ev = events[i]
        op = data.draw(st.sampled_from(("drop", "repeat", "swap", "seat", "cards", "action")))
        if op == "drop":
            del events[i]
        elif op == "repeat":
            events.insert(i, ev)
        elif op == "swap":
            events[i], events[i + 1] = events[i + 1], ev
        elif op == "seat":
            events[i] = ev._replace(seat=data.draw(st.integers(0, SEATS[log.game] - 1)))
        elif op == "cards" and ev.action in CARD_ACTIONS:
            events[i] = ev._replace(cards=tuple(data.draw(st.lists(st.sampled_from(CARDS), min_size=1, max_size=5))))
        else:
            cls: type[Event] = data.draw(st.sampled_from(sorted(EVENT_TYPES.values(), key=lambda c: c.action)))
            kwargs: dict[str, Any] = {}
            if cls.action in CARD_ACTIONS:
                kwargs["cards"] = ev.cards or (CARDS[0],)
            if "to" in cls.FIELDS:
                kwargs["to"] = data.draw(st.integers(0, SEATS[log.game] - 1))
            if "count" in cls.FIELDS:
                kwargs["count"] = data.draw(st.integers(0, 40))
            events[i] = cls(ev.seat, **kwargs)
    return replace(log, events=tuple(events))
