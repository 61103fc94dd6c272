"""Input quoted in a message is cut short: a message names the bad token and its place, and a token
of a hostile or broken file may be megabytes long. ``shown`` quotes one value; ``clip`` shortens every
over-long run of a finished message (a message is built in many places, and none may echo a whole
line); ``cards_shown`` lists the first cards of a list (an event may move 633,000 cards) and how many it holds,
``few`` the first of any list, for the JSON a tool reads."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from replay.core.said import Said, said

T = TypeVar("T")

QUOTE_LIMIT = 80  # characters of the input a message quotes at most, per token
MESSAGE_LIMIT = 600  # characters of a message's text at most
CARDS_LIMIT = 24  # cards a message lists at most (a hand of 够级 shows in two lines; a play is never this long)

_LONG_RUN = re.compile(r"\S{" + str(QUOTE_LIMIT + 11) + ",}")  # longer than a token quoted in part already is


def shown(text: str, limit: int = QUOTE_LIMIT, zh: bool = False) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters (saying how long it was; ``zh``: in Chinese)."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + (f"…（共 {len(text)} 个字符）" if zh else f"… ({len(text)} characters)")


def cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as a message shows a name or a field of the input: its first ``limit`` characters, then "…"."""
    return text if len(text) <= limit else text[:limit] + "…"


def _cut(run: str, zh: bool) -> str:
    return f"{run[:QUOTE_LIMIT]}" + (f"…（共 {len(run)} 个字符）" if zh else f"… ({len(run)} characters)")


def clip(message: str) -> str:
    """``message`` with every run of more than QUOTE_LIMIT non-blank characters cut, and the whole cut
    to MESSAGE_LIMIT characters (keeping its end, which often says what was expected); a ``Said``'s Chinese
    likewise."""
    if len(message) <= QUOTE_LIMIT + 10 and not isinstance(message, Said):
        return message
    if isinstance(message, Said):
        return said(_clip(message.zh, zh=True), _clip(str.__str__(message)))
    return _clip(message)


def _clip(message: str, zh: bool = False) -> str:
    if len(message) <= QUOTE_LIMIT + 10:
        return message
    out = _LONG_RUN.sub(lambda m: _cut(m.group(), zh), message)
    if len(out) > MESSAGE_LIMIT:
        tail = QUOTE_LIMIT
        count = f"[共 {len(out)} 个字符]" if zh else f"[{len(out)} characters]"
        out = f"{out[: MESSAGE_LIMIT - tail - 20]} … {count} … {out[-tail:]}"
    return out


def cards_shown(words: Sequence[str], zh: bool = False, total: int | None = None) -> str:
    """Cards' words joined by spaces: all of them, or the first CARDS_LIMIT then "… (633,000 cards)" (``total``:
    how many the list holds, when ``words`` holds only its first ones)."""
    count = len(words) if total is None else total
    if count <= CARDS_LIMIT:
        return " ".join(words)
    head = " ".join(words[:CARDS_LIMIT])
    return head + (f" …（共 {count} 张）" if zh else f" … ({count:,} cards)")


def few(items: Sequence[T], limit: int = CARDS_LIMIT) -> list[T]:
    """The first ``limit`` items of a list (a copy), for a JSON that also gives how many there are."""
    return list(items[:limit])
