"""Writing the text notation (``replay.formats.notation.read``): a Log in the canonical form, ASCII keywords only.

``format_text`` writes what ``replay.formats.notation.read.parse_text`` reads back to an equal log; both are
importable from ``replay.formats.notation.read``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from replay.core.cards import Card
from replay.core.events import Event
from replay.core.said import seat_name
from replay.formats.decisions import Decision
from replay.formats.event_json import UNKNOWN
from replay.formats.log_doc import LEVELS_KEYS, META_KEYS, POINTS_KEYS, SHEET_KEYS, Log, format_of
from replay.formats.notation.lex import QUOTES, SEP, UNKNOWN_HAND, Line, Syntax, Tok, escape, parse_value, profile_value

MAX_UNKNOWN = 216  # the largest N of a "?N" hand (the range log.py allows for a JSON count)


def format_text(log: Log) -> str:
    """The log in the canonical text notation (ends with a newline); ``parse_text`` reads it back.

    Raises ValueError only for a profile name the notation cannot hold (one with a line break,
    surrounding spaces or a " #")."""
    out = [f"{format_of(log)} {log.game}", f"profile {_profile_text(log.profile_name)}"]
    out += [f"option {key} {format_value(value)}" for key, value in log.overrides.items()]
    for key in META_KEYS:
        if key not in log.meta:
            continue
        value = log.meta[key]
        if key == "previous":
            out += _previous_lines(value)
        elif key == "deal":
            out.append(f"deal {value}")
        else:
            out.append(_with_text(key, str(value)))
    out += [_with_text(f"{seat_name(s.seat, en=True)}", s.player) for s in log.seats]
    if log.hands is not None:
        out += [f"hand {seat} {_hand_text(hand)}".rstrip(" ") for seat, hand in enumerate(log.hands)]
    if log.marked is not None:
        out.append(f"marked {log.marked}")
    if log.loyalist is not None:
        out.append(f"loyalist {log.loyalist}")
    if log.kitty is not None:
        out.append(" ".join(["kitty", *(c.token for c in log.kitty)]))
    if log.levels is not None:
        out.append(" ".join(["levels", *log.levels]))
    out.append("events")
    out += [format_event(e) for e in log.events]
    if log.result is not None:
        out += _result_lines(log.result)
    out += [format_decision(d) for d in log.decisions]
    return "\n".join(out) + "\n"


def _hand_text(hand: tuple[Card | None, ...] | None) -> str:
    """A hand as written after ``hand N``: ``?`` (unknown), ``?N`` (N unknown cards) or its cards
    (``??`` for an unknown one; nothing for an empty hand)."""
    if hand is None:
        return UNKNOWN_HAND
    if 0 < len(hand) <= MAX_UNKNOWN and all(c is None for c in hand):
        return f"{UNKNOWN_HAND}{len(hand)}"
    return " ".join(UNKNOWN if c is None else c.token for c in hand)


def format_event(event: Event) -> str:
    """One event as a line of the notation: ``<seat> <action> [to] [cards] [count] [# note]``."""
    raw = event.to_json()
    parts = [str(raw["seat"]), raw["action"]]
    if "to" in raw:
        parts.append(str(raw["to"]))
    parts += raw.get("cards", [])
    if "count" in raw:
        parts.append(str(raw["count"]))
    line = " ".join(parts)
    if raw.get("note"):
        line += " # " + escape(raw["note"])
    return line


def format_decision(decision: Decision) -> str:
    """A referee's decision as a line of the notation:
    ``decision EVENT upheld|overruled AT REFEREE [rule RULE] # TEXT``, EVENT the event's number (from 1, ``fupan/2``)."""
    parts = ["decision", str(decision.number), decision.decision, decision.at, name_text(decision.referee)]
    if decision.rule is not None:
        parts += ["rule", decision.rule]
    return " ".join(parts) + " # " + escape(decision.text)


def name_text(name: str) -> str:
    """A name as one token of a line: as it is when it reads back so (no space, no line break, no
    leading quote or ``#``), else as a JSON string."""
    bare = name and not any(ch in SEP or ch in "\n\r" for ch in name) and name[0] not in QUOTES
    if bare and not Tok.at(name[0], 1).is_hash:
        return name
    return json.dumps(name, ensure_ascii=False)


def _with_text(prefix: str, text: str) -> str:
    return f"{prefix} {escape(text)}" if text else prefix


def _profile_text(name: str) -> str:
    line = Line.of(0, f"profile {name}")
    if "\n" in name or "\r" in name or profile_value(line)[0] != name:
        raise ValueError(f"profile name {name!r} cannot be written in the text notation")
    return name


def format_value(value: Any) -> str:
    """An option value as written after ``option KEY``: bare when it reads back the same."""
    if isinstance(value, bool):
        return "true" if value else "false"
    bare: str | None = None
    if isinstance(value, int | str):
        bare = str(value)
    elif isinstance(value, list) and all(isinstance(v, int | str) and not isinstance(v, bool) for v in value):
        bare = "[" + ",".join(str(v) for v in value) + "]"
    if bare is not None and "\n" not in bare and "\r" not in bare:
        try:
            if same(parse_value(bare), value):
                return bare
        except Syntax:
            pass
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types throughout (so 1, True and "1" differ)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _previous_lines(previous: Mapping[str, Any]) -> list[str]:
    if not previous:
        return ["previous"]
    out = []
    for key, value in previous.items():
        if key == "finish_order":
            out.append(" ".join(["previous finish", *map(str, value)]))
        else:
            out.append(f"previous {key} {value}")
    return out


def _result_lines(result: Mapping[str, Any]) -> list[str]:
    if not result:
        return ["result"]
    out = []
    for key, value in result.items():
        if key == "finish_order":
            out.append(" ".join(["result finish", *map(str, value)]))
        elif key == "sweep" or SHEET_KEYS.get(key) == "flag":
            out.append(f"result {key} {'true' if value else 'false'}")
        elif SHEET_KEYS.get(key) == "seat":
            out.append(f"result {key} {value}")
        elif key == "teams" and not value:
            out.append("result teams")
        elif key == "teams":
            for team in value:
                out.append(" ".join(["result team", *map(str, team["seats"]), "=", _format_points(team["points"])]))
        elif key == "points":
            out.append(" ".join(["result points", *(f"{k} {value[k]}" for k in POINTS_KEYS if k in value)]))
        elif key == "levels":
            out.append(" ".join(["result levels", *(f"{k} {' '.join(value[k])}" for k in LEVELS_KEYS if k in value)]))
    return out


def _format_points(points: int | float) -> str:
    return str(points) if isinstance(points, int) else repr(float(points))
