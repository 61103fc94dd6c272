"""JSON written a part at a time, byte for byte as ``json.dumps(doc, ensure_ascii=False, indent=2)`` writes the whole.

``fupan replay --json`` writes one document of every step's table (``{"steps": [...]}``): a 100,000-event log
within the limits (``replay.formats.limits``) makes some 400 MB of it. Built whole, as ``json.dumps`` builds it (every
step's dict kept, then the standard library's indenting encoder, which is pure Python, a list of some 30 million
pieces, the string they join to and its UTF-8 copy), that took gigabytes and minutes (issue 33, item 14).
``write_json`` writes such a document one item at a time, each item encoded as it comes and then dropped, so the
memory is that of one item whatever the number of items; ``indented`` encodes one value. It is quicker than the
standard encoder on these documents because the parts that repeat from item to item are encoded once: a list of
strings (a hand of cards, which stays the same over most steps) is kept encoded by its content and indent, and
a list or dict of an item that is the very object of the item before takes its text (``Replay.steps_json`` gives
a step that changed nothing as the one before with its number).
What it does not know (a float, a key that is not a string, a subclass) is left to ``json.dumps``, so the text is
always what ``json.dumps`` gives (tests/replay/formats/test_replay_memory.py compares them)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from json.encoder import encode_basestring  # the C encoder of one string when there is one, as json.dumps uses
from typing import Any, TextIO

#: lists of strings encoded, by indent and content; emptied when it holds ``_MEMO_MAX``
_MEMO: dict[tuple[str, tuple[Any, ...]], str] = {}
_MEMO_MAX = 4_096
#: dict keys encoded with their colon, by the key (cleared likewise)
_KEYS: dict[str, str] = {}
_SCALARS: dict[Any, str] = {True: "true", False: "false", None: "null"}
_Texts = dict[int, tuple[Any, str]]  # texts by the id of what they encode (kept beside it: the id is its own)


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
            text = "[" + inner + ("," + inner).join(map(encode_basestring, value)) + newline + "]"
            _keep(key, text)
            return text
        return "[" + inner + ("," + inner).join([indented(v, inner) for v in value]) + newline + "]"
    if kind is dict:
        return _dict(value, newline) if value else "{}"
    return _standard(value, newline)


def _dict(value: dict[Any, Any], newline: str, reuse: tuple[_Texts, _Texts] | None = None) -> str:
    """A dict that is not empty. ``reuse`` (an item of a list written in parts): the texts of the lists and dicts of
    the item before, by id, which this item's values that are the very same objects take; and where this item's go."""
    inner = newline + "  "
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
        if t is str:
            text = encode_basestring(v)
        elif t is bool:
            text = _SCALARS[v]
        elif reuse is not None and (t is list or t is dict):
            hit = reuse[0].get(id(v))
            text = hit[1] if hit is not None and hit[0] is v else indented(v, inner)
            reuse[1][id(v)] = (v, text)
        else:
            text = indented(v, inner)
        items.append(head + text)
    return "{" + inner + ("," + inner).join(items) + newline + "}"


def _keep(key: tuple[str, tuple[Any, ...]], text: str) -> None:
    """Keep an encoded value in ``_MEMO`` (emptied first when full)."""
    if len(_MEMO) >= _MEMO_MAX:
        _MEMO.clear()
    _MEMO[key] = text


def _standard(value: Any, newline: str) -> str:
    """What ``indented`` does not know (a float, a key that is not a string, a subclass) as json.dumps writes it, its
    lines indented to ``newline`` (no string in JSON text holds a newline: json.dumps writes one as an escape)."""
    return json.dumps(value, ensure_ascii=False, indent=2).replace("\n", newline)


def write_json(out: TextIO, doc: Any) -> None:
    """``doc`` to ``out`` as ``print(json.dumps(doc, ensure_ascii=False, indent=2))`` prints it, in parts: a dict at the
    top key by key, and a list or an iterator there or as one of its values item by item, each item encoded when it
    comes and dropped once written (an iterator stands for the list of what it gives, which json.dumps does not
    take: ``{"steps": (view(k) for k in ...)}`` never holds more than one step). A list or dict in an item that is
    the very object of the item before is encoded once (``Replay.steps_json`` gives a step whose table did not change
    as the one before with another number): an iterator must not change what it gave before."""
    _write(out, doc, "\n", 2)
    out.write("\n")


def _write(out: TextIO, value: Any, newline: str, depth: int) -> None:
    """``value`` written where ``newline`` starts its lines; its items written one by one ``depth`` levels down."""
    inner = newline + "  "
    if type(value) is dict and value and depth and all(type(k) is str for k in value):
        out.write("{")
        sep = inner
        for k, v in value.items():
            out.write(sep + encode_basestring(k) + ": ")
            _write(out, v, inner, depth - 1)
            sep = "," + inner
        out.write(newline + "}")
    elif (type(value) is list or type(value) is tuple or isinstance(value, Iterator)) and depth:
        sep, none = "[" + inner, True
        before: _Texts = {}
        for item in value:
            out.write(sep)
            if type(item) is dict and item:
                now: _Texts = {}
                out.write(_dict(item, inner, (before, now)))
                before = now
            else:
                out.write(indented(item, inner))
            sep, none = "," + inner, False
        out.write("[]" if none else newline + "]")
    else:
        out.write(indented(value, newline))
