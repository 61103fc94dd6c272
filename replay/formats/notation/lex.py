"""The lexical layer of the text notation (``replay.formats.notation.read``): tokens, their columns and their forms.

A line is split into tokens at spaces, tabs and ideographic spaces (U+3000). Each token keeps the
text as typed (``raw``) and its 1-based column in characters, and is read in its NFKC form
(``word``): full-width ``０１２``, ``ＫＳ``, ``：`` and ``？`` read as ``012``, ``KS``, ``:`` and
``?``. Free text (names, notes, meta text, a decision's text) is never normalised: it is taken from
the line as typed. In a list of cards or seats, ``,``, ``，`` and ``、`` also separate the items.

Shared by the reader (``replay.formats.notation.read``) and the writer (``replay.formats.notation.write``).
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import cached_property
from itertools import islice
from typing import Any, NamedTuple

from replay.core.cards import Card, CardError
from replay.core.errors import FupanError
from replay.core.record import Record
from replay.core.said import said
from replay.formats.words import phrase_zh

SEP = " \t\u3000"  # token separators
ITEM_SEPS = ",，、"  # separators of the items of a card or seat list (besides SEP)
COLONS = ":："  # the colon of the shorthand "0: 5H 5H"
QUOTES = '"＂“”「」『』'  # a bare name may not start with one: '"' starts a JSON string, the others are refused
UNKNOWN_HAND = "?"  # a hand line's only token when the whole hand is unknown; "?N": N unknown cards
MAX_QUOTED = 80  # characters of a token quoted in an error message

_TOKEN = re.compile(r"[^ \t\u3000]+")
_PIECE = re.compile(f"[{ITEM_SEPS}]|[^{ITEM_SEPS}]+")
_INT = re.compile(r"-?[0-9]+")
_ESCAPED = re.compile(r"\\([\\nr])")
_UNESCAPE = {"\\": "\\", "n": "\n", "r": "\r"}


def fold(text: str) -> str:
    """The NFKC form of a token (ASCII is its own)."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def clip(text: str) -> str:
    """``text`` cut to MAX_QUOTED characters (and "…"), for an error message."""
    return text if len(text) <= MAX_QUOTED else text[:MAX_QUOTED] + "…"


def quote(text: str) -> str:
    """``text`` quoted for an error message, cut to MAX_QUOTED characters."""
    return repr(clip(text))


def or_list(words: list[str]) -> str:
    """``a, b or c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def or_list_zh(words: list[str]) -> str:
    """``a、b 或 c``."""
    return words[0] if len(words) == 1 else "、".join(words[:-1]) + " 或 " + words[-1]


class Tok(NamedTuple):
    """A token of a line: its NFKC form, its 1-based column and its text as typed."""

    word: str
    col: int
    raw: str

    @classmethod
    def at(cls, raw: str, col: int) -> Tok:
        """The token of text ``raw`` typed at column ``col``."""
        return cls(fold(raw), col, raw)

    @property
    def end(self) -> int:
        """The column where a token that should follow this one would stand."""
        return self.col + len(self.raw) + 1

    @property
    def shown(self) -> str:
        """The token as typed, quoted for an error message."""
        return quote(self.raw)

    @property
    def is_hash(self) -> bool:
        """True when the token starts a comment, a note or a decision's text (``#``, ``＃``)."""
        return self.word.startswith("#")


def is_comment(stripped: str) -> bool:
    """True for a line (stripped of white space) that is a comment: it starts with ``#`` or ``＃``."""
    return fold(stripped[:1]) == "#"


class Line(Record):
    """One non-blank line: its 1-based number, text and tokens (split when first asked for; ``bulk``: a stretch of
    the text left out of them, a long list of cards that ``notation_events`` reads in one go)."""

    number: int
    text: str
    bulk: tuple[int, int] = (0, 0)

    @classmethod
    def of(cls, number: int, text: str) -> Line:
        """The line, to be split into tokens."""
        return cls(number, text)

    @cached_property
    def tokens(self) -> tuple[Tok, ...]:
        """The line's tokens; with a ``bulk`` (start, end), those before it and the one at its end only."""
        start, end = self.bulk
        found = list(_TOKEN.finditer(self.text, 0, start or len(self.text)))
        if end:
            after = _TOKEN.search(self.text, end)
            found += [after] if after else []
        return tuple([Tok.at(m.group(), m.start() + 1) for m in found])

    @property
    def first(self) -> Tok:
        """The first token (the line is not blank), without splitting the rest."""
        m = _TOKEN.search(self.text)
        assert m is not None  # a line is not blank
        return Tok.at(m.group(), m.start() + 1)

    @property
    def cut(self) -> int:
        """Index of the first token that starts with "#" (a comment or a note), or len(tokens)."""
        for i, tok in enumerate(self.tokens):
            if tok.is_hash:
                return i
        return len(self.tokens)

    @property
    def words(self) -> tuple[Tok, ...]:
        """The tokens before a trailing comment."""
        return self.tokens[: self.cut]

    def rest(self, tok: Tok) -> tuple[str, int]:
        """The text after ``tok`` less one separator, and the column where it starts."""
        return self.after(tok.col - 1 + len(tok.raw))

    def after(self, i: int) -> tuple[str, int]:
        """The text from index ``i`` less one separator there, and the column where it starts."""
        if i < len(self.text) and self.text[i] in SEP:
            i += 1
        return self.text[i:], i + 1

    def hash_text(self, cut: int) -> str:
        """The escaped text after the ``#`` token at index ``cut`` (and one separator), unescaped;
        "" when there is none."""
        if cut >= len(self.tokens):
            return ""
        return unescape(self.after(self.tokens[cut].col)[0])


class ItemError(FupanError):
    """A list with a separator where an item should be: the message and the separator's column."""

    def __init__(self, message: str, col: int) -> None:
        self.message, self.col = message, col
        self.column = col
        super().__init__(message)


def items(toks: tuple[Tok, ...], what: str) -> tuple[Tok, ...]:
    """The items of a list of cards or seats: ``toks`` split also at ``,``, ``，`` and ``、``.

    A separator needs an item on either side (white space around it is fine): ``3S,,3S``, a leading
    or a trailing separator raise ItemError at that separator, naming ``what`` was expected."""
    out: list[Tok] = []
    sep: Tok | None = None  # the last separator, while no item has followed it
    for tok in toks:
        for m in _PIECE.finditer(tok.raw):
            piece = Tok.at(m.group(), tok.col + m.start())
            if m.group() not in ITEM_SEPS:
                out.append(piece)
                sep = None
            elif sep is not None or not out:
                raise ItemError(
                    said(f"{piece.shown} 之前应有{phrase_zh(what)}", f"expected {what} before {piece.shown}"), piece.col
                )
            else:
                sep = piece
    if sep is not None:
        raise ItemError(said(f"{sep.shown} 之后应有{phrase_zh(what)}", f"expected {what} after {sep.shown}"), sep.col)
    return tuple(out)


def split_short(tok: Tok) -> tuple[Tok, Tok | None] | None:
    """The seat and the rest of a shorthand token ``0:5H`` or ``0：`` (None when it is not one)."""
    at = next((i for i, ch in enumerate(tok.raw) if ch in COLONS), -1)
    if at < 0:
        return None
    seat = Tok.at(tok.raw[:at], tok.col)
    if not _INT.fullmatch(seat.word):
        return None
    rest = tok.raw[at + 1 :]
    return seat, (Tok.at(rest, tok.col + at + 1) if rest else None)


def is_int(word: str) -> bool:
    """True when a token's NFKC form spells an integer (ASCII digits, an optional minus sign)."""
    return _INT.fullmatch(word) is not None


def to_int(word: str) -> int | None:
    """The integer a token spells (ASCII digits, an optional minus sign), or None."""
    if not _INT.fullmatch(word) or len(word) > 4000:
        return None
    return int(word)


# ---------------------------------------------------------------------------------------------
# Free text: escaped to the end of a line, or quoted as a JSON string


def escape(text: str) -> str:
    """Text made safe for the rest of a line: backslash, newline and carriage return escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def unescape(text: str) -> str:
    """The text an escaped rest-of-line stands for (``\\\\``, ``\\n``, ``\\r``; other backslashes
    stay as they are)."""
    if "\\" not in text:
        return text
    return _ESCAPED.sub(lambda m: _UNESCAPE[m[1]], text)


class Syntax(FupanError):
    """A malformed value: what was expected and the offset of the problem."""

    def __init__(self, message: str, offset: int = 0) -> None:
        self.message, self.offset = message, offset
        super().__init__(message)


def json_string(body: str) -> tuple[str, int]:
    """The JSON string ``"..."`` at the start of ``body`` and the offset just past it."""
    try:
        value, end = json.JSONDecoder().raw_decode(body)
    except json.JSONDecodeError:
        value, end = None, -1
    if not isinstance(value, str):
        raise Syntax(
            said(
                "引号括起的文字格式有误（应按 JSON 字符串的写法）",
                "malformed quoted string (expected JSON string syntax)",
            )
        )
    return value, end


def parse_value(text: str) -> Any:
    """An option value: true/false, an integer, a list ``[3,4,5]`` or ``[Q,K]`` (or any JSON list),
    a JSON string ``"..."``, else the word (in its NFKC form) as a string. A trailing ``# comment``
    is ignored."""
    body = text.lstrip(SEP)
    off = len(text) - len(body)
    if body.startswith('"'):
        try:
            text_value, end = json_string(body)
        except Syntax as exc:
            raise Syntax(exc.message, off) from None
        expect_end(body[end:], off + end)
        return text_value
    if body.startswith("["):
        value: Any
        try:
            value, end = json.JSONDecoder().raw_decode(body)
        except json.JSONDecodeError:
            end = body.find("]") + 1
            if end == 0:
                raise Syntax(said("列表应以 ']' 结束", "expected ']' to close the list"), off + len(body)) from None
            value = _bare_list(body[1 : end - 1], off + 1)
        expect_end(body[end:], off + end)
        return value
    words = Line.of(0, body).words
    if not words:
        raise Syntax(said("这里应有一个值", "expected a value"), off)
    if len(words) > 1:
        raise Syntax(
            said(
                f'应只有一个值，却还有 {words[1].shown}（有空格的文字请用 "..." 括起）',
                f'expected one value, got also {words[1].shown} (quote text with spaces as "...")',
            ),
            off + words[1].col - 1,
        )
    word = words[0].word
    if word in ("true", "false"):
        return word == "true"
    number = to_int(word)
    return word if number is None else number


def _bare_list(inner: str, off: int) -> list[int | str]:
    if not inner.strip(SEP):
        return []
    out: list[int | str] = []
    for item in inner.split(","):
        word = fold(item.strip(SEP))
        if not word:
            raise Syntax(said("列表中有空项", "empty item in the list"), off)
        number = to_int(word)
        out.append(word if number is None else number)
        off += len(item) + 1
    return out


def expect_end(tail: str, off: int) -> None:
    """Raise Syntax unless ``tail`` is blank or a ``# comment``."""
    rest = tail.lstrip(SEP)
    if rest and not is_comment(rest):
        word = _TOKEN.match(rest)
        shown = quote(word.group() if word else rest)
        raise Syntax(said(f"值后面不应有 {shown}", f"unexpected {shown} after the value"), off + len(tail) - len(rest))


def profile_value(line: Line) -> tuple[str, int]:
    """The profile name or path of a ``profile`` line (tokens up to a comment, as typed) and its column."""
    words = line.words[1:]
    if not words:
        return "", line.tokens[0].end
    start, last = words[0], words[-1]
    return line.text[start.col - 1 : last.col - 1 + len(last.raw)], start.col


# ---------------------------------------------------------------------------------------------
# A long event line: its list of cards read in one go (``notation_events.LineReader._bulk_cards``)

LONG_LINE = 4096  # characters: an event line this long has its cards read in one go
_HEAD = 4  # tokens of a long event line read one by one: its seat, action, target and first card at most
_HASH = re.compile("[#\uff03\ufe5f]")  # what a note's first token starts with (the characters NFKC makes "#")
_SEPARATOR = re.compile("[ \t\u3000,\uff0c\u3001]")  # between two items of a list
_SEPARATORS = re.compile("[,\uff0c\u3001]")  # an item separator other than white space
_NO_ITEM = re.compile("[,\uff0c\u3001][ \t\u3000]*(?:[,\uff0c\u3001]|$)")  # two separators, or one last
_ITEM = re.compile("[^ \t\u3000,\uff0c\u3001]+")
CHUNK = 1 << 20  # characters of a long list split at a time


def with_bulk(line: Line) -> Line:
    """A long event line with the tokens after its first ``_HEAD`` (up to its note) left out of ``tokens``, for
    ``LineReader._bulk_cards`` to read (a line of fewer tokens before its note is returned as it is)."""
    text = line.text
    end = _note_start(text)
    head = list(islice(_TOKEN.finditer(text, 0, end), _HEAD + 1))
    if len(head) <= _HEAD:
        return line
    start = head[_HEAD - 1].end()
    if text[start - 1] in ITEM_SEPS or (_SEPARATORS.search(text, start, end) and _NO_ITEM.search(text, start, end)):
        return line  # a separator with no card after it: ``items`` names it, token by token
    return Line(line.number, text, (start, end))


def _note_start(text: str) -> int:
    """Where the first token that starts a note begins (``Tok.is_hash``), or the length of ``text``."""
    pos = 0
    while True:
        m = _HASH.search(text, pos)
        if m is None:
            return len(text)
        if m.start() == 0 or text[m.start() - 1] in SEP:
            return m.start()
        pos = m.end()


def item_at(text: str, raw: str, start: int, end: int) -> int:
    """The index of the first item ``raw`` of the list in ``text[start:end]``."""
    m = re.compile("(?<![^ \t\u3000,\uff0c\u3001])" + re.escape(raw) + "(?![^ \t\u3000,\uff0c\u3001])").search(
        text, start, end
    )
    assert m is not None  # the item was found there
    return m.start()


def is_card(raw: str) -> bool:
    """True when ``LineReader.card`` (``notation_events``) takes the token ``raw`` as a card of an event."""
    word = fold(raw)
    if word == "??":  # an unknown card: in a hand line only
        return False
    try:
        Card(word)
    except CardError:
        return False
    return True
