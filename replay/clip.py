"""Input quoted in a message is cut short: a message names the bad token and its place, and a token
of a hostile or broken file may be megabytes long. ``shown`` quotes one value; ``clip`` shortens every
over-long run of a finished message (a message is built in many places, and none may echo a whole
line)."""

from __future__ import annotations

import re

from replay.said import Said, said

QUOTE_LIMIT = 80  # characters of the input a message quotes at most, per token
MESSAGE_LIMIT = 600  # characters of a message's text at most

_LONG_RUN = re.compile(r"\S{" + str(QUOTE_LIMIT + 11) + ",}")  # longer than a token quoted in part already is


def shown(text: str, limit: int = QUOTE_LIMIT, zh: bool = False) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters (saying how long it was; ``zh``: in Chinese)."""
    if len(text) <= limit:
        return repr(text)
    return repr(text[:limit]) + (f"…（共 {len(text)} 个字符）" if zh else f"… ({len(text)} characters)")


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
