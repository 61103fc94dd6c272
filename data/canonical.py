"""A deal's canonical text and content hash, as the importer stores and identifies it: the text of
``log.deal_only().dumps()`` (``replay.log.dumps_canonical``), byte for byte, made in a third of the time.

The text is laid out line by line as ``dumps_canonical`` lays it out (tests/test_canonical.py holds the two equal on
every log of the tests and simulated deals of every game), each line's JSON made by the standard library's C encoder
made once (``JSONEncoder.encode`` makes a new one for every line), and an event's line taken from a memo of the
events met before: an event is a value (equal events have equal fields and the same JSON), and a worker's deals
repeat a few thousand distinct events (every pass of a seat, say) over and over.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from typing import Any

from replay.events import Event
from replay.log import Log


def _make_encoder() -> Callable[[Any], str]:
    """One value's JSON text as ``replay.log``'s encoder gives it (``ensure_ascii=False``, separators ", " and ": ")."""
    plain = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
    make = getattr(json.encoder, "c_make_encoder", None)  # typeshed does not list it
    if make is None:  # an interpreter without the C encoder
        return plain.encode
    # the arguments JSONEncoder.iterencode gives it for one value, but no markers: a log's JSON holds no cycle
    encode = make(None, plain.default, json.encoder.encode_basestring, None, ": ", ", ", False, False, True)
    join = "".join
    return lambda value: join(encode(value, 0))


_j = _make_encoder()

#: each event's JSON line met so far (by the event: equal events, equal lines); emptied when it grows past ``MEMO``
_LINES: dict[Event, str] = {}
MEMO = 50_000


def _event_line(ev: Event) -> str:
    line = _LINES.get(ev)
    if line is None:
        if len(_LINES) >= MEMO:
            _LINES.clear()
        line = _LINES[ev] = _j(ev.to_json())
    return line


def canonical_deal(log: Log) -> tuple[str, str]:
    """The deal's canonical log text (``log.deal_only().dumps()``) and its SHA-256 (``data.importer.content_hash``)."""
    text = canonical_text(log.deal_only())
    return text, hashlib.sha256(text.encode("utf-8")).hexdigest()


def canonical_text(log: Log) -> str:
    """``log.dumps()``: the canonical JSON text, one seat, hand, event and decision a line."""
    doc = log._replace(events=()).to_json()  # the events' lines come from the memo
    lines = ["{"]
    last = len(doc) - 1
    for i, (key, value) in enumerate(doc.items()):
        comma = "," if i < last else ""
        if key == "events" and log.events:
            _listed(lines, key, map(_event_line, log.events), comma)
        elif key in ("seats", "decisions") and value:
            _listed(lines, key, map(_j, value), comma)
        elif key == "deal" and value.get("hands") is not None:
            hands = value["hands"]
            lines.append('  "deal": {')
            lines.append('    "hands": [')
            lines += [f"      {_j(h)}" + ("," if j < len(hands) - 1 else "") for j, h in enumerate(hands)]
            rest = [f'    "{k}": {_j(v)}' for k, v in value.items() if k != "hands"]
            lines.append("    ]" + ("," if rest else ""))
            lines += [x + ("," if j < len(rest) - 1 else "") for j, x in enumerate(rest)]
            lines.append(f"  }}{comma}")
        else:
            lines.append(f"  {_j(key)}: {_j(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _listed(lines: list[str], key: str, items: Iterable[str], comma: str) -> None:
    """A list of the document laid out one item a line (``items``: their JSON texts)."""
    lines.append(f'  "{key}": [')
    lines += [f"    {item}," for item in items]
    lines[-1] = lines[-1][:-1]  # the last item has no comma
    lines.append(f"  ]{comma}")
