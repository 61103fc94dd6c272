"""JSON written a part at a time, byte for byte as ``json.dumps(doc, ensure_ascii=False, indent=2)`` writes the whole.

``fupan replay --json`` writes one document of every step's table (``{"steps": [...]}``): a 100,000-event log
within the limits (``replay.limits``) makes some 400 MB of it. Built whole, as ``json.dumps`` builds it (every
step's dict kept, then the standard library's indenting encoder, which is pure Python, a list of some 30 million
pieces, the string they join to and its UTF-8 copy), that took gigabytes and minutes (issue 33, item 14).
``write_items`` writes such a document one item at a time, each item encoded as it comes and then dropped, so the
memory is that of one item whatever the number of items; ``indented`` encodes one value. It is quicker than the
standard encoder on these documents because the parts that repeat from item to item (a hand of cards, which
stays the same over most steps) are encoded once: a list of strings is kept encoded by its content and indent.
What it does not know (a float, a key that is not a string, a subclass) is left to ``json.dumps``, so the text is
always what ``json.dumps`` gives (tests/test_replay_memory.py compares them)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from json.encoder import encode_basestring  # the C encoder of one string when there is one, as json.dumps uses
from typing import Any, TextIO

#: lists of strings encoded, by (indent, content); cleared when it grows past ``_MEMO_MAX``
_MEMO: dict[tuple[str, tuple[str, ...]], str] = {}
_MEMO_MAX = 20_000
#: dict keys encoded with their colon, by the key (cleared likewise)
_KEYS: dict[str, str] = {}
_SCALARS: dict[Any, str] = {True: "true", False: "false", None: "null"}


def indented(value: Any, newline: str = "\n") -> str:
    """``value`` as ``json.dumps(value, ensure_ascii=False, indent=2)`` encodes it, written where ``newline`` (a
    newline and the spaces of the current indent) starts its lines: ``"\\n"`` at the top of a document."""
    kind = type(value)
    if kind is str:
        text: str = encode_basestring(value)
        return text
    if kind is int:
        return int.__repr__(value)
    if kind is bool or value is None:
        return _SCALARS[value]
    inner = newline + "  "
    if kind is list or kind is tuple:
        if not value:
            return "[]"
        key = (newline, tuple(value))
        try:
            found = _MEMO.get(key)  # (only lists of strings are kept: a list equal to one of them is one)
        except TypeError:  # a list holding a list or a dict
            found = None
        if found is not None:
            return found
        if set(map(type, value)) == {str}:  # (one pass in C) a hand, a set of cards, the actions a seat may take
            if len(_MEMO) >= _MEMO_MAX:
                _MEMO.clear()
            found = _MEMO[key] = "[" + inner + ("," + inner).join(map(encode_basestring, value)) + newline + "]"
            return found
        return "[" + inner + ("," + inner).join([indented(v, inner) for v in value]) + newline + "]"
    if kind is dict:
        if not value:
            return "{}"
        items = []
        for k, v in value.items():
            head = _KEYS.get(k)  # (only strings are kept: a key equal to one of them is one)
            if head is None:
                if type(k) is not str:
                    return _standard(value, newline)
                if len(_KEYS) >= _MEMO_MAX:
                    _KEYS.clear()
                head = _KEYS[k] = encode_basestring(k) + ": "
            t = type(v)
            items.append(head + (encode_basestring(v) if t is str else _SCALARS[v] if t is bool else indented(v, inner)))
        return "{" + inner + ("," + inner).join(items) + newline + "}"
    return _standard(value, newline)


def _standard(value: Any, newline: str) -> str:
    """What ``indented`` does not know (a float, a key that is not a string, a subclass) as json.dumps writes it, its
    lines indented to ``newline`` (no string in JSON text holds a newline: json.dumps writes one as an escape)."""
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", newline)


def write_items(out: TextIO, key: str, items: Iterable[Any]) -> None:
    """``{key: [items...]}`` to ``out`` as ``print(json.dumps({key: list(items)}, ensure_ascii=False, indent=2))``
    prints it, one item at a time: each item is encoded when the iterable gives it and dropped once written."""
    out.write("{\n  " + encode_basestring(key) + ": [")
    sep, newline = "\n    ", "\n    "
    written = False
    for item in items:
        out.write(sep)
        out.write(indented(item, newline))
        sep, written = ",\n    ", True
    out.write("\n  ]\n}\n" if written else "]\n}\n")
