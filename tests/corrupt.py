"""Corrupting a log for the fault tests (tests/replay/test_fuzz.py, tests/replay/test_properties.py, tests/replay/test_replay_keep.py):
its text's characters deleted, random characters inserted, or a span copied elsewhere; its events dropped,
repeated, swapped, given to another seat, other cards or another action; or an event-shaped object (any action of
any game, as the log format writes an event) put in any place of its JSON, or for a token of its text notation."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from replay.core.cards import Card
from replay.core.events import CARD_ACTIONS, EVENT_TYPES, Event
from replay.formats.log import SEATS, Log

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
            events[i] = any_event(data, ev.seat, SEATS[log.game], ev.cards or (CARDS[0],))
    return replace(log, events=tuple(events))


ACTIONS = sorted(EVENT_TYPES.values(), key=lambda c: c.action)  # every action of every game


def any_event(data: st.DataObject, seat: int, n: int, cards: tuple[Card, ...], note: str = "") -> Event:
    """An event of any action on ``seat`` (with ``cards`` if it has cards; a target or a count drawn for ``n`` seats)."""
    cls: type[Event] = data.draw(st.sampled_from(ACTIONS))
    kwargs: dict[str, Any] = {}
    if cls.action in CARD_ACTIONS:
        kwargs["cards"] = cards
    if "to" in cls.FIELDS:
        kwargs["to"] = data.draw(st.integers(0, n - 1))
    if "count" in cls.FIELDS:
        kwargs["count"] = data.draw(st.integers(0, 40))
    return cls(seat, note=note, **kwargs)


def event_object(data: st.DataObject, n: int) -> dict[str, Any]:
    """An event-shaped JSON object: an event of any action as the log format writes it (for ``n`` seats)."""
    cards = tuple(data.draw(st.lists(st.sampled_from(CARDS), min_size=1, max_size=4)))
    note = data.draw(st.sampled_from(("", "", "记")))
    return any_event(data, data.draw(st.integers(0, n - 1)), n, cards, note).to_json()


def json_places(doc: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every place of a JSON document: the top level, every object's value, every array's element."""
    out = [path]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += json_places(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out += json_places(value, (*path, i))
    return out


def put(doc: Any, path: tuple[str | int, ...], value: Any, insert: bool = False) -> Any:
    """``doc`` with ``value`` at ``path`` (in place): in for what was there, or, with ``insert``, before it in its
    array or beside it in its object (under the key ``"note"``, else ``"extra"``); the top level: ``value`` itself."""
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if insert and isinstance(parent, list):
        parent.insert(int(last), value)
    elif insert:
        parent["note" if "note" not in parent else "extra"] = value
    else:
        parent[last] = value
    return doc


def with_event_object(text: str, form: str, n: int, data: st.DataObject) -> str:
    """A log's text with an event-shaped object put in one of its places, drawn: JSON (``json_places``, in for
    the value there or inserted beside it) or the text notation (for a token, or before it)."""
    obj = event_object(data, n)
    insert = data.draw(st.booleans())
    if form == "json":
        doc = json.loads(text)
        doc = put(doc, data.draw(st.sampled_from(json_places(doc))), obj, insert)
        return json.dumps(doc, ensure_ascii=False, indent=data.draw(st.sampled_from((None, 2))))
    token = data.draw(st.sampled_from([m.span() for m in re.finditer(r"[^ \n]+", text)]))
    end = token[0] if insert else token[1]
    return text[: token[0]] + json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + text[end:]
