"""Where a JSON path lies in a log's source text (line, column), for error messages that name the place:
``locate(text, ["events", 3, "cards"])``, and the position of each event of a JSON log."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence

_WS = re.compile(r"[ \t\n\r]*")

# json.decoder's string scanner (text, index after the quote) -> (string, index after it); typeshed omits it
_scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]  # not in typeshed

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")


def locate(text: str, path: Sequence[str | int], at_key: bool = False) -> tuple[int | None, int | None]:
    """(line, col) where the value at ``path`` starts in JSON ``text`` (its key, with ``at_key``)."""
    path = list(path)
    while True:
        try:
            pos = _seek(text, 0, path, at_key)
            break
        except (ValueError, IndexError):
            if not path:
                return None, None
            path, at_key = path[:-1], False  # a missing key: point at the object that lacks it
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col


def _skip(text: str, pos: int) -> int:
    m = _WS.match(text, pos)
    return m.end() if m else pos


def _seek(text: str, pos: int, path: list[str | int], at_key: bool = False) -> int:
    pos = _skip(text, pos)
    if not path:
        return pos
    head, rest = path[0], path[1:]
    ch = text[pos]
    if ch == "{":
        pos = _skip(text, pos + 1)
        while text[pos] != "}":
            key_pos = pos
            key, pos = _scanstring(text, pos + 1)
            pos = _skip(text, pos)
            pos = _skip(text, pos + 1)  # the colon
            if key == head:
                return key_pos if not rest and at_key else _seek(text, pos, rest, at_key)
            pos = _skip(text, _end(text, pos))
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
        raise ValueError(head)
    if ch == "[":
        pos = _skip(text, pos + 1)
        i = 0
        while text[pos] != "]":
            if i == head:
                return _seek(text, pos, rest, at_key)
            pos = _skip(text, _end(text, pos))
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
            i += 1
        raise ValueError(head)
    raise ValueError(head)


# A stretch of JSON text up to its next bracket: other characters and whole strings (possessive: no backtracking,
# whatever the length of a string or of a list of them)
_FLAT = re.compile(r'(?:[^\[\]{}"]++|"(?:[^"\\]++|\\.)*+")*+')


def _end(text: str, pos: int) -> int:
    """The index just past the JSON value starting at ``pos`` (the text is JSON that was read: an object or an array
    is skipped from bracket to bracket, the strings and numbers between them in one match each stretch)."""
    ch = text[pos]
    if ch == '"':
        return _scanstring(text, pos + 1)[1]
    if ch in "{[":
        depth = 0
        while True:
            ch = text[pos]
            if ch in "{[":
                depth += 1
            elif ch in "]}":
                depth -= 1
                if depth == 0:
                    return pos + 1
            else:
                raise ValueError(pos)  # a string left open
            m = _FLAT.match(text, pos + 1)
            pos = m.end() if m else pos + 1  # (it matches: the pattern matches the empty text too)
    for word in ("true", "false", "null"):
        if text.startswith(word, pos):
            return pos + len(word)
    m = _NUMBER.match(text, pos)
    if not m:
        raise ValueError(pos)
    return m.end()


def event_positions(text: str) -> tuple[tuple[int, int] | None, ...]:
    """(line, col) of each event object in JSON ``text``, in one pass."""
    try:
        pos = _seek(text, 0, ["events"])
    except (ValueError, IndexError):
        return ()
    if text[pos] != "[":
        return ()
    starts: list[int] = []
    pos = _skip(text, pos + 1)
    try:
        while text[pos] != "]":
            starts.append(pos)
            pos = _skip(text, _end(text, pos))
            if text[pos] == ",":
                pos = _skip(text, pos + 1)
    except (ValueError, IndexError):
        pass
    out: list[tuple[int, int] | None] = []
    line, last, line_start = 1, 0, 0  # each stretch of text is looked at once: linear in the text
    for p in starts:
        newlines = text.count("\n", last, p)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", last, p) + 1
        last = p
        out.append((line, p - line_start + 1))
    return tuple(out)
