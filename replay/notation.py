"""The text notation of a log (format ``fupan/1``): what a scorer types from a score sheet.

One line per item, UTF-8, tokens separated by spaces, tabs or ideographic spaces (U+3000)::

    fupan/1 gouji
    profile gouji
    option score_mode net
    date 2026-11-29
    deal 3
    previous finish 0 2 4 1 3 5
    seat 0 张三
    hand 0 3S 3S ?? BJ
    hand 1 ?
    hand 2 ?36
    events
    0 play 3S 3S
    1 pass
    5 tribute 0 BJ SJ # a note
    0: 5H 5H
    result finish 0 2 4 1 3 5
    result team 0 2 4 = 12

(``hand 1 ?``: a wholly unknown hand; ``hand 2 ?36``: 36 unknown cards.) A 保皇 log may also say
which seat was dealt the marked big joker (``marked 2``) and which is the 保皇派 (``loyalist 4``).
A 升级 log may give the kitty (``kitty 3S 4H 5D 6C``) and the two sides' levels before the deal
(``levels A 5``: side 0 = seats 0 and 2, side 1 = seats 1 and 3); its events are ``declare``,
``exchange`` (``1 exchange 0 SJ 10C 10C``: seat 1 gives seat 0), ``bury`` and ``play``, and its
claimed result ``result points defenders 85 kitty 20`` and ``result levels before A 5 after 2 5``.

``parse_text`` reads it into a ``replay.log.Log`` and ``format_text`` writes a Log back in the
canonical form; the two round-trip. Every problem is a ``LogError`` naming the line and column of
the offending token. docs/log-format.md describes the notation in full.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, NamedTuple, NoReturn

from replay.cards import Card, CardError
from replay.events import CARD_ACTIONS, EVENT_TYPES, TARGET_ACTIONS, Event
from replay.log import (
    FORMAT,
    KITTY_UNKNOWN,
    LEVEL_NAMES,
    LEVELS_KEYS,
    MAX_KITTY,
    META_KEYS,
    POINTS_KEYS,
    SEATS,
    SHENGJI_RESULT_KEYS,
    UNKNOWN,
    Log,
    LogError,
    _check_order,
    _DocError,
    _int,
    event_from_json,
    log_from_doc,
)
from replay.profile import Profile, ProfileError, default_profile, options_for

__all__ = ["UNKNOWN_HAND", "format_event", "format_text", "parse_text"]

UNKNOWN_HAND = "?"  # a hand line's only token when the whole hand is unknown; "?N": N unknown cards
MAX_UNKNOWN = 216  # the largest N of a "?N" hand (the range log.py allows for a JSON count)
DEAL_SEATS = ("marked", "loyalist")  # the deal's seat lines, in the order they are written
SHENGJI_DEAL = ("kitty", "levels")  # the 升级 deal lines, in the order they are written
PASS_MARK = "-"  # "<seat>: -" is a pass in the shorthand
TEXT_META = ("date", "venue", "match", "table", "notes")
PREVIOUS_WORDS = {
    "finish": "finish_order",
    "finish_order": "finish_order",
    "first_leader": "first_leader",
    "revolution": "revolution",
}
KEYWORDS = (
    "profile",
    "option",
    *TEXT_META,
    "deal",
    "previous",
    "seat",
    "hand",
    *DEAL_SEATS,
    *SHENGJI_DEAL,
    "events",
    "result",
)

_SEP = " \t\u3000"
_TOKEN = re.compile(r"[^ \t\u3000]+")
_INT = re.compile(r"-?[0-9]+")
_FLOAT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|-?inf")
_SHORT = re.compile(r"(-?[0-9]+):(.*)")
_COUNT = re.compile(r"\?(-?[0-9]+)")  # "?N": a hand of N unknown cards
_ESCAPED = re.compile(r"\\([\\nr])")
_UNESCAPE = {"\\": "\\", "n": "\n", "r": "\r"}

_Path = tuple[str | int, ...]


def _or(words: list[str]) -> str:
    """``a, b or c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


_HEADERS = _or([f'"{FORMAT} {game}"' for game in SEATS])


# ---------------------------------------------------------------------------------------------
# Writing


def format_text(log: Log) -> str:
    """The log in the canonical text notation (ends with a newline); ``parse_text`` reads it back.

    Raises ValueError only for a profile name the notation cannot hold (one with a line break,
    surrounding spaces or a " #")."""
    out = [f"{FORMAT} {log.game}", f"profile {_profile_text(log.profile_name)}"]
    out += [f"option {key} {_format_value(value)}" for key, value in log.overrides.items()]
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
    out += [_with_text(f"seat {s.seat}", s.player) for s in log.seats]
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
        line += " # " + _escape(raw["note"])
    return line


def _escape(text: str) -> str:
    """Text made safe for the rest of a line: backslash, newline and carriage return escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def _unescape(text: str) -> str:
    """The text an escaped rest-of-line stands for (``\\\\``, ``\\n``, ``\\r``; other backslashes
    stay as they are)."""
    if "\\" not in text:
        return text
    return _ESCAPED.sub(lambda m: _UNESCAPE[m[1]], text)


def _with_text(prefix: str, text: str) -> str:
    return f"{prefix} {_escape(text)}" if text else prefix


def _profile_text(name: str) -> str:
    line = _Line.of(0, f"profile {name}")
    if "\n" in name or "\r" in name or _profile_value(line)[0] != name:
        raise ValueError(f"profile name {name!r} cannot be written in the text notation")
    return name


def _format_value(value: Any) -> str:
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
            if _same(_parse_value(bare), value):
                return bare
        except _Syntax:
            pass
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same types throughout (so 1, True and "1" differ)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
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
        elif key == "sweep":
            out.append(f"result sweep {'true' if value else 'false'}")
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


# ---------------------------------------------------------------------------------------------
# Reading


class _Tok(NamedTuple):
    """A token of a line and its 1-based column."""

    word: str
    col: int

    @property
    def end(self) -> int:
        """The column where a token that should follow this one would stand."""
        return self.col + len(self.word) + 1


@dataclass(frozen=True)
class _Line:
    """One non-blank line: its 1-based number, text and tokens."""

    number: int
    text: str
    tokens: tuple[_Tok, ...]

    @classmethod
    def of(cls, number: int, text: str) -> _Line:
        """The line split into tokens."""
        toks = tuple(_Tok(m.group(), m.start() + 1) for m in _TOKEN.finditer(text))
        return cls(number, text, toks)

    @property
    def cut(self) -> int:
        """Index of the first token that starts with "#" (a comment or a note), or len(tokens)."""
        for i, tok in enumerate(self.tokens):
            if tok.word.startswith("#"):
                return i
        return len(self.tokens)

    @property
    def words(self) -> tuple[_Tok, ...]:
        """The tokens before a trailing comment."""
        return self.tokens[: self.cut]

    def rest(self, tok: _Tok) -> tuple[str, int]:
        """The text after ``tok`` less one separator, and the column where it starts."""
        i = tok.col - 1 + len(tok.word)
        if i < len(self.text) and self.text[i] in _SEP:
            i += 1
        return self.text[i:], i + 1


class _Syntax(Exception):
    """A malformed option value: what was expected and the offset of the problem."""

    def __init__(self, message: str, offset: int = 0) -> None:
        self.message, self.offset = message, offset
        super().__init__(message)


def _parse_value(text: str) -> Any:
    """An option value: true/false, an integer, a list ``[3,4,5]`` or ``[Q,K]`` (or any JSON list),
    a JSON string ``"..."``, else the word as a string. A trailing ``# comment`` is ignored."""
    body = text.lstrip(_SEP)
    off = len(text) - len(body)
    if body.startswith(('"', "[")):
        try:
            value, end = json.JSONDecoder().raw_decode(body)
        except json.JSONDecodeError:
            end = -1
        if end < 0 and body.startswith('"'):
            raise _Syntax("malformed quoted string (expected JSON string syntax)", off)
        if end < 0:
            end = body.find("]") + 1
            if end == 0:
                raise _Syntax("expected ']' to close the list", off + len(body))
            value = _bare_list(body[1 : end - 1], off + 1)
        _expect_end(body[end:], off + end)
        return value
    words = _Line.of(0, body).words
    if not words:
        raise _Syntax("expected a value", off)
    if len(words) > 1:
        raise _Syntax(
            f'expected one value, got also {words[1].word!r} (quote text with spaces as "...")', off + words[1].col - 1
        )
    word = words[0].word
    if word in ("true", "false"):
        return word == "true"
    number = _to_int(word)
    return word if number is None else number


def _bare_list(inner: str, off: int) -> list[int | str]:
    if not inner.strip(_SEP):
        return []
    out: list[int | str] = []
    for item in inner.split(","):
        word = item.strip(_SEP)
        if not word:
            raise _Syntax("empty item in the list", off)
        number = _to_int(word)
        out.append(word if number is None else number)
        off += len(item) + 1
    return out


def _to_int(word: str) -> int | None:
    """The integer a token spells (ASCII digits, an optional minus sign), or None."""
    if not _INT.fullmatch(word) or len(word) > 4000:
        return None
    return int(word)


def _expect_end(tail: str, off: int) -> None:
    rest = tail.lstrip(_SEP)
    if rest and not rest.startswith("#"):
        word = _TOKEN.match(rest)
        raise _Syntax(f"unexpected {word.group() if word else rest!r} after the value", off + len(tail) - len(rest))


def _profile_value(line: _Line) -> tuple[str, int]:
    """The profile name or path of a ``profile`` line (tokens up to a comment) and its column."""
    words = line.words[1:]
    if not words:
        return "", line.tokens[0].end
    start, last = words[0], words[-1]
    return line.text[start.col - 1 : last.col - 1 + len(last.word)], start.col


def parse_text(text: str, source: str = "<log>") -> Log:
    """A log from the text notation; raises LogError with the line and column of a problem."""
    return _Reader(source).read(text)


class _Reader:
    """The state of reading one text log, line by line."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.game = ""
        self.n = 0
        self.profile: str | None = None
        self.overrides: dict[str, Any] = {}
        self.meta: dict[str, Any] = {}
        self.seats: list[dict[str, Any]] = []
        self.hands: dict[int, list[str] | int | None] | None = None
        self.deal_seats: dict[str, int] = {}
        self.kitty: list[str] | None = None
        self.levels: list[str] | None = None
        self.events: list[dict[str, Any]] = []
        self.positions: list[tuple[int, int]] = []
        self.result: dict[str, Any] | None = None
        self.in_events = False
        self.where: dict[_Path, tuple[int, int]] = {}
        self.handlers: dict[str, Callable[[_Line], None]] = {
            "profile": self._profile,
            "option": self._option,
            "deal": self._deal,
            "previous": self._previous,
            "seat": self._seat_line,
            "hand": self._hand,
            **dict.fromkeys(DEAL_SEATS, self._deal_seat),
            "kitty": self._kitty,
            "levels": self._levels,
            "events": self._events_line,
            "result": self._result,
            **dict.fromkeys(TEXT_META, self._meta_text),
        }

    # -- errors

    def fail(self, message: str, line: _Line | int, col: int) -> NoReturn:
        """Raise the LogError of a problem at ``line``, ``col``."""
        number = line if isinstance(line, int) else line.number
        raise LogError(message, self.source, number, col)

    def note(self, path: _Path, line: _Line, col: int) -> None:
        """Remember where the value at a document path was written."""
        self.where[path] = (line.number, col)

    def checked(self, check: Callable[..., Any], *args: Any) -> Any:
        """``check(*args)`` with a _DocError of log.py turned into a LogError at its token."""
        try:
            return check(*args)
        except _DocError as exc:
            path: _Path = tuple(exc.path)
            while path and path not in self.where:
                path = path[:-1]
            line, col = self.where.get(path, (None, None))
            raise LogError(exc.message, self.source, line, col) from None

    # -- tokens

    def integer(self, line: _Line, tok: _Tok, what: str) -> int:
        """The integer a token spells, or a LogError naming what was expected."""
        value = _to_int(tok.word)
        if value is None:
            self.fail(f"expected {what} (an integer), got {tok.word!r}", line, tok.col)
        return value

    def seat(self, line: _Line, tok: _Tok, path: _Path) -> int:
        """A seat number of this game (0 … n-1) at document ``path``."""
        value = self.integer(line, tok, "a seat number")
        self.note(path, line, tok.col)
        self.checked(_int, value, list(path), "a seat", 0, self.n - 1)
        return value

    def card(self, line: _Line, tok: _Tok, allow_unknown: bool) -> str:
        """A card token (checked; ``??`` only where ``allow_unknown``)."""
        if tok.word == UNKNOWN:
            if allow_unknown:
                return UNKNOWN
            err = CardError(UNKNOWN, "an unknown card may stand only in a hand line")
            self.fail(str(err), line, tok.col)
        if tok.word == UNKNOWN_HAND and allow_unknown:
            self.fail(
                f"'{UNKNOWN_HAND}' (a wholly unknown hand) must stand alone; write {UNKNOWN} for one unknown card",
                line,
                tok.col,
            )
        if allow_unknown and _COUNT.fullmatch(tok.word):
            self.fail(
                f"'{tok.word}' (a hand of unknown cards) must stand alone; write {UNKNOWN} for one unknown card",
                line,
                tok.col,
            )
        try:
            Card(tok.word)
        except CardError as exc:
            self.fail(str(exc), line, tok.col)
        return tok.word

    def order(self, line: _Line, toks: tuple[_Tok, ...], path: _Path) -> list[int]:
        """A finish order: distinct seats at document ``path``."""
        order = [self.seat(line, t, (*path, j)) for j, t in enumerate(toks)]
        for j, seat in enumerate(order):
            if seat in order[:j]:
                self.note(path, line, toks[j].col)  # the error names the repeated seat
                break
        self.checked(_check_order, order, self.n, list(path))
        return order

    def no_more(self, line: _Line, toks: tuple[_Tok, ...], after: str) -> None:
        """Fail on the first of ``toks``, which should not be there."""
        if toks:
            self.fail(f"unexpected {toks[0].word!r} after {after}", line, toks[0].col)

    # -- the lines

    def read(self, text: str) -> Log:
        """Read every line and build the log."""
        header_seen = False
        for number, raw in enumerate(text.removeprefix("\ufeff").split("\n"), 1):
            raw = raw.removesuffix("\r")
            stripped = raw.strip()
            if not stripped or stripped.startswith("#"):
                continue
            line = _Line.of(number, raw)
            if not header_seen:
                self._header(line)
                header_seen = True
            else:
                self._line(line)
        if not header_seen:
            self.fail(f"empty log: expected the header {_HEADERS}", 1, 1)
        return self._build()

    def _header(self, line: _Line) -> None:
        words = line.words
        first = words[0] if words else line.tokens[0]
        if first.word != FORMAT:
            if first.word.startswith("fupan/"):
                self.fail(f"unsupported format {first.word!r} (expected {FORMAT})", line, first.col)
            self.fail(
                f"expected the header {_HEADERS} as the first line, got {first.word!r}",
                line,
                first.col,
            )
        games = _or(list(SEATS))
        if len(words) < 2:
            self.fail(f"expected the game after {FORMAT}: {games}", line, first.end)
        game = words[1]
        if game.word not in SEATS:
            self.fail(f"unknown game {game.word!r} (expected {games})", line, game.col)
        self.no_more(line, words[2:], "the game")
        self.game, self.n = game.word, SEATS[game.word]
        self.note(("profile",), line, game.col)

    def _line(self, line: _Line) -> None:
        first = line.tokens[0]
        word = first.word
        if self.in_events:
            if word == "result":
                self._result(line)
            elif word == "events":
                self.fail("'events' given twice", line, first.col)
            elif word in KEYWORDS or word == FORMAT:
                self.fail(
                    f"a {word!r} line must come before the 'events' line (only events and result lines may follow it)",
                    line,
                    first.col,
                )
            elif not (_INT.fullmatch(word) or _SHORT.fullmatch(word)):
                self.fail(
                    f"expected an event '<seat> <action> ...' (or '<seat>: cards') or a result line, got {word!r}",
                    line,
                    first.col,
                )
            else:
                self._event(line)
            return
        if _INT.fullmatch(word) or _SHORT.fullmatch(word):
            self.fail("event line before 'events': write a line 'events' before the first event", line, first.col)
        if word == FORMAT:
            self.fail(f"the header {FORMAT} may appear only once, on the first line", line, first.col)
        handler = self.handlers.get(word)
        if handler is None:
            self.fail(
                f"unknown keyword {word!r} (expected one of {', '.join(KEYWORDS)}, or an event after 'events')",
                line,
                first.col,
            )
        handler(line)

    def _profile(self, line: _Line) -> None:
        if self.profile is not None:
            self.fail("profile given twice", line, line.tokens[0].col)
        name, col = _profile_value(line)
        if not name:
            self.fail("expected a profile name or a path to a .toml after 'profile'", line, col)
        self.profile = name
        self.note(("profile",), line, col)
        try:
            Log(game=self.game, profile_name=name).profile()
        except ProfileError as exc:
            self.fail(str(exc), line, col)

    def _option(self, line: _Line) -> None:
        words = line.words
        if len(words) < 2:
            self.fail("expected an option name and its value after 'option'", line, words[0].end)
        key = words[1]
        if key.word in self.overrides:
            self.fail(f"option {key.word} given twice", line, key.col)
        text, col = line.rest(key)
        try:
            value = _parse_value(text)
        except _Syntax as exc:
            self.fail(f"option {key.word}: {exc.message}", line, col + exc.offset)
        value_col = col + len(text) - len(text.lstrip(_SEP))
        self.overrides[key.word] = value
        self.note(("overrides", key.word), line, value_col)
        try:
            Profile("", self.game, MappingProxyType({})).with_overrides({key.word: value}, "log overrides")
        except ProfileError as exc:
            known = key.word in options_for(self.game)
            self.fail(str(exc), line, value_col if known else key.col)

    def _meta_text(self, line: _Line) -> None:
        key = line.tokens[0]
        if key.word in self.meta:
            self.fail(f"{key.word} given twice", line, key.col)
        text, col = line.rest(key)
        self.meta[key.word] = _unescape(text)
        self.note(("meta", key.word), line, col)

    def _deal(self, line: _Line) -> None:
        words = line.words
        if "deal" in self.meta:
            self.fail("deal given twice", line, words[0].col)
        if len(words) < 2:
            self.fail("expected the deal number after 'deal'", line, words[0].end)
        self.meta["deal"] = self.integer(line, words[1], "the deal number")
        self.note(("meta", "deal"), line, words[1].col)
        self.no_more(line, words[2:], "the deal number")

    def _previous(self, line: _Line) -> None:
        words = line.words
        previous = self.meta.setdefault("previous", {})
        self.where.setdefault(("meta", "previous"), (line.number, words[0].col))
        if len(words) == 1:
            return
        key = words[1]
        name = PREVIOUS_WORDS.get(key.word)
        if name is None:
            self.fail(
                f"unknown key {key.word!r} after 'previous' (expected finish, first_leader or revolution)",
                line,
                key.col,
            )
        if name in previous:
            self.fail(f"previous {key.word} given twice", line, key.col)
        path: _Path = ("meta", "previous", name)
        self.note(path, line, key.col)
        if name == "finish_order":
            previous[name] = self.order(line, words[2:], path)
            return
        if len(words) < 3:
            self.fail(f"expected a seat after 'previous {key.word}'", line, key.end)
        previous[name] = self.seat(line, words[2], path)
        self.no_more(line, words[3:], "the seat")

    def _seat_line(self, line: _Line) -> None:
        words = line.tokens
        if len(words) < 2:
            self.fail("expected a seat number and the player's name after 'seat'", line, words[0].end)
        i = len(self.seats)
        seat = self.seat(line, words[1], ("seats", i, "seat"))
        if any(s["seat"] == seat for s in self.seats):
            self.fail(f"seat {seat} listed twice", line, words[1].col)
        name, col = line.rest(words[1])
        self.note(("seats", i), line, words[0].col)
        self.note(("seats", i, "player"), line, col)
        self.seats.append({"seat": seat, "player": _unescape(name)})

    def _hand(self, line: _Line) -> None:
        words = line.words
        if len(words) < 2:
            self.fail("expected a seat number and its cards (or ?) after 'hand'", line, words[0].end)
        seat = self.seat(line, words[1], ("deal", "hands"))
        hands = {} if self.hands is None else self.hands
        if seat in hands:
            self.fail(f"hand of seat {seat} given twice", line, words[1].col)
        self.note(("deal", "hands", seat), line, words[0].col)
        cards = words[2:]
        count = _COUNT.fullmatch(cards[0].word) if len(cards) == 1 else None
        if len(cards) == 1 and cards[0].word == UNKNOWN_HAND:
            hands[seat] = None
        elif count:
            number = _to_int(count[1])
            if number is None:
                self.fail(
                    f"expected a number of unknown cards (1..{MAX_UNKNOWN}) after '{UNKNOWN_HAND}'", line, cards[0].col
                )
            path: _Path = ("deal", "hands", seat)
            self.note(path, line, cards[0].col)
            hands[seat] = self.checked(_int, number, list(path), "a number of unknown cards", 1, MAX_UNKNOWN)
        else:
            for j, tok in enumerate(cards):
                self.note(("deal", "hands", seat, j), line, tok.col)
            hands[seat] = [self.card(line, tok, allow_unknown=True) for tok in cards]
        self.hands = hands

    def _deal_seat(self, line: _Line) -> None:
        """``marked SEAT`` or ``loyalist SEAT``: a seat of the deal (JSON ``deal.marked``, ``deal.loyalist``)."""
        words = line.words
        key = words[0]
        if key.word in self.deal_seats:
            self.fail(f"{key.word} given twice", line, key.col)
        if len(words) < 2:
            self.fail(f"expected a seat after '{key.word}'", line, key.end)
        self.deal_seats[key.word] = self.seat(line, words[1], ("deal", key.word))
        self.no_more(line, words[2:], "the seat")

    def _shengji_only(self, line: _Line, tok: _Tok, path: str) -> None:
        """Fail at ``tok`` unless this is a 升级 log (``path``: the JSON key the line stands for)."""
        if self.game != "shengji":
            self.fail(f"{path} belongs to a shengji log, not {self.game}", line, tok.col)

    def _kitty(self, line: _Line) -> None:
        """``kitty CARDS...``: the 升级 kitty as dealt (JSON ``deal.kitty``); ``kitty`` alone: none."""
        words = line.words
        key = words[0]
        self._shengji_only(line, key, "deal.kitty")
        if self.kitty is not None:
            self.fail("kitty given twice", line, key.col)
        self.note(("deal", "kitty"), line, key.col)
        cards = words[1:]
        for j, tok in enumerate(cards):
            if tok.word in (UNKNOWN, UNKNOWN_HAND) or _COUNT.fullmatch(tok.word):
                self.fail(str(CardError(tok.word, KITTY_UNKNOWN)), line, tok.col)
            if j == MAX_KITTY:
                self.fail(f"a kitty of {len(cards)} cards: at most {MAX_KITTY}", line, tok.col)
            self.note(("deal", "kitty", j), line, tok.col)
        self.kitty = [self.card(line, tok, allow_unknown=False) for tok in cards]

    def _levels(self, line: _Line) -> None:
        """``levels L0 L1``: the levels of side 0 (seats 0, 2) and side 1 before the deal (JSON ``deal.levels``)."""
        words = line.words
        key = words[0]
        self._shengji_only(line, key, "deal.levels")
        if self.levels is not None:
            self.fail("levels given twice", line, key.col)
        self.note(("deal", "levels"), line, key.col)
        self.levels = self.level_pair(line, key, words[1:], ("deal", "levels"), "'levels'")

    def level_pair(self, line: _Line, after: _Tok, toks: tuple[_Tok, ...], path: _Path, what: str) -> list[str]:
        """Two level tokens (side 0, then side 1) at the start of ``toks``; more tokens are an error."""
        if len(toks) < 2:
            at = toks[-1].end if toks else after.end
            self.fail(f"expected the two sides' levels after {what} (side 0, then side 1), e.g. A 5", line, at)
        out = [self.level(line, tok, (*path, j)) for j, tok in enumerate(toks[:2])]
        self.no_more(line, toks[2:], "the two levels")
        return out

    def level(self, line: _Line, tok: _Tok, path: _Path) -> str:
        """A level token (``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``; ``T`` and lower case accepted)."""
        word = tok.word.upper()
        word = "10" if word == "T" else word
        if word not in LEVEL_NAMES:
            self.fail(f"expected a level, one of {', '.join(LEVEL_NAMES)}; got {tok.word!r}", line, tok.col)
        self.note(path, line, tok.col)
        return word

    def _events_line(self, line: _Line) -> None:
        self.no_more(line, line.words[1:], "'events'")
        self.in_events = True

    def _event(self, line: _Line) -> None:
        cut = line.cut
        note = ""
        if cut < len(line.tokens):
            start = line.tokens[cut].col  # just past the "#"
            if start < len(line.text) and line.text[start] in _SEP:
                start += 1
            note = _unescape(line.text[start:])
        words = line.tokens[:cut]
        first = words[0]
        i = len(self.events)
        path: _Path = ("events", i)
        self.note(path, line, first.col)
        self.note((*path, "note"), line, line.tokens[cut].col if note else first.col)
        short = _SHORT.fullmatch(first.word)
        if short:
            seat_tok = _Tok(short[1], first.col)
            args = words[1:]
            if short[2]:
                args = (_Tok(short[2], first.col + len(short[1]) + 1), *args)
            if not args:
                self.fail(f"expected cards or {PASS_MARK} after '{short[1]}:'", line, first.end)
            if args[0].word == PASS_MARK:
                action_tok, args = _Tok("pass", args[0].col), args[1:]
                self.no_more(line, args, f"'{PASS_MARK}' (a pass)")
            else:
                action_tok = _Tok("play", first.col)
        else:
            seat_tok = first
            if len(words) < 2:
                self.fail(f"expected an action after the seat: {', '.join(EVENT_TYPES)}", line, first.end)
            action_tok, args = words[1], words[2:]
        seat = self.seat(line, seat_tok, (*path, "seat"))
        action = action_tok.word
        self.note((*path, "action"), line, action_tok.col)
        raw: dict[str, Any] = {"seat": seat, "action": action}
        if action not in EVENT_TYPES:
            self.checked(event_from_json, raw, i, self.n)  # the unknown-action error
        if action in TARGET_ACTIONS:
            if not args:
                self.fail(f"expected the seat given to after '{action}'", line, action_tok.end)
            raw["to"] = self.seat(line, args[0], (*path, "to"))
            action_tok, args = args[0], args[1:]
        if action in CARD_ACTIONS:
            if not args:
                self.fail(f"expected the cards after '{action_tok.word}'", line, action_tok.end)
            for j, tok in enumerate(args):
                self.note((*path, "cards", j), line, tok.col)
            raw["cards"] = [self.card(line, tok, allow_unknown=False) for tok in args]
        elif action == "report":
            if not args:
                self.fail("expected the card count after 'report'", line, action_tok.end)
            raw["count"] = self.integer(line, args[0], "the card count")
            self.note((*path, "count"), line, args[0].col)
            self.no_more(line, args[1:], "the card count")
        else:
            self.no_more(line, args, f"'{action}' (it takes no cards)")
        if note:
            raw["note"] = note
        self.checked(event_from_json, raw, i, self.n)
        self.events.append(raw)
        self.positions.append((line.number, seat_tok.col))

    def _result(self, line: _Line) -> None:
        words = line.words
        result = {} if self.result is None else self.result
        self.result = result
        self.where.setdefault(("result",), (line.number, words[0].col))
        if len(words) == 1:
            return
        key = words[1]
        name = {"finish": "finish_order", "team": "teams"}.get(key.word, key.word)
        known = name in ("finish_order", "sweep", "teams", *SHENGJI_RESULT_KEYS)
        if known and (name in SHENGJI_RESULT_KEYS) != (self.game == "shengji"):
            owner = "a shengji log" if self.game != "shengji" else "the climbing games (gouji, baohuang)"
            self.fail(f"result.{name} belongs to {owner}, not {self.game}", line, key.col)
        if key.word == "points":
            self._points(line, result)
        elif key.word == "levels":
            self._result_levels(line, result)
        elif key.word in ("finish", "finish_order"):
            if "finish_order" in result:
                self.fail("result finish given twice", line, key.col)
            path: _Path = ("result", "finish_order")
            self.note(path, line, key.col)
            result["finish_order"] = self.order(line, words[2:], path)
        elif key.word == "sweep":
            if "sweep" in result:
                self.fail("result sweep given twice", line, key.col)
            if len(words) < 3:
                self.fail("expected true or false after 'sweep'", line, key.end)
            if words[2].word not in ("true", "false"):
                self.fail(f"expected true or false after 'sweep', got {words[2].word!r}", line, words[2].col)
            self.no_more(line, words[3:], "true or false")
            result["sweep"] = words[2].word == "true"
        elif key.word == "team":
            self._team(line, result.setdefault("teams", []))
        elif key.word == "teams":
            self.no_more(line, words[2:], "'teams' (write one 'result team SEATS = POINTS' line per team)")
            result.setdefault("teams", [])
        else:
            words_ok = "points or levels" if self.game == "shengji" else "finish, sweep or team"
            self.fail(f"unknown key {key.word!r} after 'result' (expected {words_ok})", line, key.col)

    def _points(self, line: _Line, result: dict[str, Any]) -> None:
        """``result points [defenders N] [kitty N]`` (升级, JSON ``result.points``)."""
        key = line.words[1]
        if "points" in result:
            self.fail("result points given twice", line, key.col)
        path: _Path = ("result", "points")
        self.note(path, line, key.col)
        points: dict[str, int] = {}
        toks = line.words[2:]
        for k in range(0, len(toks), 2):
            name = toks[k]
            if name.word not in POINTS_KEYS:
                self.fail(
                    f"unknown key {name.word!r} after 'result points' (expected {_or(list(POINTS_KEYS))})",
                    line,
                    name.col,
                )
            if name.word in points:
                self.fail(f"result points {name.word} given twice", line, name.col)
            if k + 1 >= len(toks):
                self.fail(f"expected the points after '{name.word}'", line, name.end)
            value = self.integer(line, toks[k + 1], f"the {name.word} points")
            self.note((*path, name.word), line, toks[k + 1].col)
            points[name.word] = self.checked(_int, value, [*path, name.word], "a number of card points", 0, 10**6)
        result["points"] = points

    def _result_levels(self, line: _Line, result: dict[str, Any]) -> None:
        """``result levels [before L0 L1] [after L0 L1]`` (升级, JSON ``result.levels``)."""
        key = line.words[1]
        if "levels" in result:
            self.fail("result levels given twice", line, key.col)
        path: _Path = ("result", "levels")
        self.note(path, line, key.col)
        levels: dict[str, list[str]] = {}
        toks = line.words[2:]
        k = 0
        while k < len(toks):
            name = toks[k]
            if name.word not in LEVELS_KEYS:
                self.fail(
                    f"unknown key {name.word!r} after 'result levels' (expected {_or(list(LEVELS_KEYS))})",
                    line,
                    name.col,
                )
            if name.word in levels:
                self.fail(f"result levels {name.word} given twice", line, name.col)
            pair = toks[k + 1 : k + 3]
            levels[name.word] = self.level_pair(line, name, pair, (*path, name.word), f"'{name.word}'")
            k += 3
        result["levels"] = levels

    def _team(self, line: _Line, teams: list[dict[str, Any]]) -> None:
        words = line.words[2:]
        eq = next((k for k, t in enumerate(words) if t.word == "="), None)
        if eq is None:
            at = words[-1].end if words else line.words[1].end
            self.fail("expected the team's seats, then '=' and its points (result team 0 2 4 = 12)", line, at)
        path: _Path = ("result", "teams", len(teams))
        self.note(path, line, line.words[1].col)
        seats = [self.seat(line, t, (*path, "seats", j)) for j, t in enumerate(words[:eq])]
        if eq + 1 >= len(words):
            self.fail("expected the team's points after '='", line, words[eq].end)
        tok = words[eq + 1]
        number = _to_int(tok.word)
        if number is not None:
            points: int | float = number
        elif _FLOAT.fullmatch(tok.word):
            points = float(tok.word)
        else:
            self.fail(f"expected the team's points (a number), got {tok.word!r}", line, tok.col)
        self.note((*path, "points"), line, tok.col)
        self.no_more(line, words[eq + 2 :], "the points")
        teams.append({"seats": seats, "points": points})

    # -- the log

    def _build(self) -> Log:
        doc: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "profile": default_profile(self.game) if self.profile is None else self.profile,
        }
        if self.overrides:
            doc["overrides"] = self.overrides
        if self.meta:
            doc["meta"] = self.meta
        doc["seats"] = self.seats
        deal: dict[str, Any] = {}
        if self.hands is not None:
            deal["hands"] = [self.hands.get(s) for s in range(self.n)]
        deal.update((key, self.deal_seats[key]) for key in DEAL_SEATS if key in self.deal_seats)
        if self.kitty is not None:
            deal["kitty"] = self.kitty
        if self.levels is not None:
            deal["levels"] = self.levels
        if deal:
            doc["deal"] = deal
        doc["events"] = self.events
        if self.result is not None:
            doc["result"] = self.result
        log: Log = self.checked(log_from_doc, doc, self.source)
        return replace(log, positions=tuple(self.positions))
