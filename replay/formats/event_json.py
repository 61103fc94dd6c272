"""A log's events read from its JSON: each event's object checked and made (``event_from_json``, naming the place of
anything it refuses), the common ones on a fast path, most of them as the scanner reads the text (``scan``).

Beside them, what every part of the log's reader shares: ``DocError`` (a problem at a JSON path) and the checks of a
seat number or a card token that raise it (``doc_int``, ``doc_card``), and a value's JSON text as the canonical
text writes it (``json_text``: the log's lines, and the values its messages quote). ``replay.formats.log`` reads the rest of the log.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from replay.core.cards import CARDS_BY_TOKEN, Card, CardError
from replay.core.errors import FupanError
from replay.core.events import CARD_ACTIONS, EVENT_TYPES, TARGET_ACTIONS, Event, Report, card_event, plain_event
from replay.core.said import said, said_of
from replay.formats.limits import Limits
from replay.formats.words import expected

UNKNOWN = "??"


def _line_encoder() -> Callable[[Any], str]:
    """One JSON value's text as the canonical text writes it (``ensure_ascii=False``, separators ", " and ": "):
    ``JSONEncoder.encode``'s text from the standard library's C encoder made once (``encode`` makes one a call)."""
    plain = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
    make = getattr(json.encoder, "c_make_encoder", None)  # the C encoder's factory (not in typeshed)
    if make is None:  # an interpreter without it
        return plain.encode
    # JSONEncoder.iterencode's arguments for one value, without the cycle check (a log's JSON holds no cycle)
    encode = make(None, plain.default, json.encoder.encode_basestring, None, ": ", ", ", False, False, True)
    join = "".join
    return lambda value: join(encode(value, 0))


json_text = _line_encoder()  # a JSON value's text as the canonical text writes it (in messages too)
_j = json_text


class DocError(FupanError):
    """A problem in a log's JSON document at ``path`` (keys and indexes from the top)."""

    def __init__(self, path: Sequence[str | int], message: str) -> None:
        self.path, self.message = list(path), message
        self.at_key = message.startswith("unknown") and " key " in message  # (the English: the value of a Said)
        super().__init__(message)


def doc_card(token: Any, path: Sequence[str | int], allow_unknown: bool = False) -> Card | None:
    """The card of ``token`` (None for an unknown card, where ``allow_unknown``); else DocError at ``path``."""
    if allow_unknown and (token is None or token == UNKNOWN):
        return None
    if not isinstance(token, str):
        raise DocError(path, said(f"应为牌的记号，不是 {_j(token)}", f"expected a card token, got {_j(token)}"))
    try:
        return Card(token)
    except CardError as exc:
        raise DocError(path, said_of(exc)) from None


def doc_int(value: Any, path: Sequence[str | int], what: str, lo: int, hi: int) -> int:
    """``value`` when it is an int from ``lo`` to ``hi``; else DocError at ``path`` naming ``what`` was expected."""
    if type(value) is int and lo <= value <= hi:
        return value
    raise DocError(path, expected(what, lo, hi, _j(value)))


_ALLOWED: dict[str, frozenset[str]] = {
    action: frozenset(
        {"seat", "action", "note"}
        | ({"cards"} if action in CARD_ACTIONS else set())
        | ({"to"} if action in TARGET_ACTIONS else set())
        | ({"count"} if action == "report" else set())
    )
    for action in EVENT_TYPES
}


def event_from_json(raw: Any, i: int, n: int) -> Event:
    """One event from its JSON object; raises DocError naming events[i]."""
    if not isinstance(raw, dict):
        raise DocError(
            ["events", i], said('应为 {"seat": 座位号, "action": "..."}', 'expected {"seat": N, "action": "..."}')
        )
    action = raw.get("action")
    allowed = _ALLOWED.get(action) if isinstance(action, str) else None
    if allowed is None:
        raise DocError(
            ["events", i, "action"],
            said(
                f"没有动作 {_j(action)}（应为 {', '.join(EVENT_TYPES)} 之一）",
                f"unknown action {_j(action)} (expected one of {', '.join(EVENT_TYPES)})",
            ),
        )
    for key in raw:
        if key not in allowed:
            raise DocError(
                ["events", i, key], said(f"动作 {action} 没有键 {key!r}", f"unknown key {key!r} for action {action}")
            )
    seat = doc_int(raw.get("seat"), ["events", i, "seat"], "a seat", 0, n - 1)
    note = raw.get("note", "")
    if not isinstance(note, str):
        raise DocError(["events", i, "note"], said("应为文字", "expected text"))
    assert isinstance(action, str)  # a known action (allowed is not None)
    cls = EVENT_TYPES[action]
    if action in CARD_ACTIONS:
        cards = raw.get("cards")
        if not isinstance(cards, list) or not cards:
            raise DocError(["events", i, "cards"], said("应为不空的牌的列表", "expected a non-empty list of cards"))
        try:
            parsed = tuple([Card(t) for t in cards])
        except (CardError, TypeError):
            for j, t in enumerate(cards):  # names the bad one
                doc_card(t, ["events", i, "cards", j])
            raise
        if action in TARGET_ACTIONS:
            to = doc_int(raw.get("to"), ["events", i, "to"], "a seat", 0, n - 1)
            return cls(seat, note=note, cards=parsed, to=to)  # type: ignore[call-arg]  # a card event with a target
        return cls(seat, note=note, cards=parsed)  # type: ignore[call-arg]  # a card event (EVENT_TYPES: base-typed)
    if cls is Report:
        return Report(seat, note=note, count=doc_int(raw.get("count"), ["events", i, "count"], "a card count", 0, 216))
    return cls(seat, note=note)


# The events most logs are made of (a card action without a target, or a declaration with no field but its seat)
# read without ``event_from_json``'s checks one by one: action -> (class, the keys it may have, whether it has cards).
_COMMON: dict[str, tuple[type[Event], frozenset[str], bool]] = {
    action: (cls, _ALLOWED[action], action in CARD_ACTIONS)
    for action, cls in EVENT_TYPES.items()
    if action not in TARGET_ACTIONS and cls is not Report
}


_PLAIN: dict[tuple[type[Event], int], Event] = {}  # note-less plain events made by _event (seats below _PLAIN_SEATS)
_PLAIN_SEATS = 16  # a seat of no game: such events are made afresh (and refused later), never kept here


def _scanner() -> tuple[Callable[[list[tuple[str, Any]]], Any], Callable[[], int]]:
    """A ``json.loads`` ``object_pairs_hook`` for a log's text, and the number of events it has made so far.

    An object written as the log format writes a common event (``"seat"`` then ``"action"``, then ``"cards"`` if the
    action has cards, then ``"note"`` if any) becomes that event as the scanner reads it, with no dict made and read
    again; any other object becomes the dict ``json.loads`` would make (the last of repeated keys wins), for
    ``log_from_doc`` to read and judge as before. The event is what ``read_events``'s fast path makes of the same
    object; the seat is checked against the game's seats there. A seat's note-less plain event (a pass, a 扣 ...) is
    made once (``_PLAIN``): events are immutable values. The hook cannot see where an object lies: ``scan`` counts
    what it made, so that an event-shaped object anywhere but ``events`` stays a plain value."""
    made = 0

    def hook(pairs: list[tuple[str, Any]]) -> Any:
        nonlocal made
        m = len(pairs)
        if 2 <= m <= 4:
            key, seat = pairs[0]
            key2, action = pairs[1]
            if key == "seat" and key2 == "action" and type(seat) is int and seat >= 0:
                kind = _common(action) if type(action) is str else None
                if kind is not None:
                    note: Any = ""
                    if kind[2]:  # a card action: "cards" next, a non-empty list of tokens read before
                        key3, tokens = pairs[2] if m >= 3 else ("", None)
                        if m == 4:
                            key4, note = pairs[3]
                            if key4 != "note":
                                return dict(pairs)
                        if key3 == "cards" and type(tokens) is list and tokens and type(note) is str:
                            try:
                                cards = tuple([CARDS_BY_TOKEN[t] for t in tokens])
                            except (KeyError, TypeError):  # a token not read before: read (and judged) as a dict
                                return dict(pairs)
                            made += 1
                            return card_event(kind[0], seat, cards, note)
                    elif m <= 3:
                        if m == 3:
                            key3, note = pairs[2]
                            if key3 != "note" or type(note) is not str:
                                return dict(pairs)
                        made += 1
                        if note or seat >= _PLAIN_SEATS:
                            return plain_event(kind[0], seat, note)
                        ev = _plain((kind[0], seat))
                        if ev is None:
                            ev = _PLAIN[kind[0], seat] = plain_event(kind[0], seat)
                        return ev
        return dict(pairs)

    def count() -> int:
        return made

    return hook, count


_common = _COMMON.get  # (bound once: the hook runs for every object of every log)
_plain = _PLAIN.get


def scan(text: str) -> Any:
    """A log's JSON document (``json.JSONDecodeError`` and ``RecursionError`` as ``json.loads`` raises them): what
    ``json.loads`` makes, but for the objects of the ``events`` list written as common events, made events already
    (``_scanner``). Events are made from that list only: an event-shaped object anywhere else (in ``meta``, a hand,
    a card's place, another event, or the whole document) is a plain value there, for ``log_from_doc`` to refuse
    at its place as any other wrong value. When the scanner made more events than ``events`` holds (such an
    object, or a repeated key that dropped one), the text is read again with plain ``json.loads``: once, linear."""
    hook, made = _scanner()
    doc = json.JSONDecoder(object_pairs_hook=hook).decode(text)
    events = doc.get("events") if type(doc) is dict else None
    kept = 0
    if type(events) is list:
        for item in events:
            if isinstance(item, Event):
                kept += 1
    return doc if kept == made() else json.loads(text)


def read_events(raw: Any, n: int, limits: Limits) -> tuple[list[Event], None]:
    """The log's events. The common ones are read on a fast path that takes exactly what ``event_from_json``
    takes; anything else, and anything it would refuse, goes through ``event_from_json`` (which names the error).
    A seat's note-less plain event (a pass, a 扣 ...) is made once and repeated: events are immutable values."""
    if not isinstance(raw, list):
        raise DocError(["events"], said("应为事件的列表", "expected a list of events"))
    problem = limits.events_problem(len(raw))
    if problem:
        raise DocError(["events", limits.max_events], problem)
    out: list[Event] = []
    add = out.append
    common = _COMMON.get
    card = CARDS_BY_TOKEN
    plain: dict[tuple[type[Event], int], Event] = {}  # the log's note-less plain events, one object each (immutable)
    for i, item in enumerate(raw):
        if isinstance(item, Event):  # read as the text was scanned (scan)
            if item.seat < n:
                add(item)
                continue
            item = item.to_json()  # a seat this game has not: event_from_json names it
        if type(item) is dict:
            action = item.get("action")
            kind = common(action) if type(action) is str else None
            seat = item.get("seat")
            note = item.get("note", "")
            if (
                kind is not None
                and type(seat) is int
                and 0 <= seat < n
                and type(note) is str
                and item.keys() <= kind[1]
            ):
                if not kind[2]:
                    if note:
                        add(plain_event(kind[0], seat, note))
                        continue
                    ev = plain.get((kind[0], seat))
                    if ev is None:
                        ev = plain[kind[0], seat] = plain_event(kind[0], seat)
                    add(ev)
                    continue
                tokens = item.get("cards")
                if type(tokens) is list and tokens:
                    try:
                        cards = tuple([card[t] for t in tokens])
                    except (KeyError, TypeError):  # a token not read before, or no token: the slow path reads it
                        pass
                    else:
                        add(card_event(kind[0], seat, cards, note))
                        continue
        add(event_from_json(item, i, n))
    return out, None
