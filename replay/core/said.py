"""What the engine says to a person, in Chinese and English: an event's effects, the notes of what could not be
verified, a score's explanations, and why a log cannot be read.

A ``Said`` is a ``str`` whose value is the English text, exactly as the engine has always written it (``fupan
check --json``, ``score --json``, the golden files and a ``LogError``'s ``str()`` stay English), and which carries
its Chinese, written by hand beside it, as ``zh``. ``said(zh, en)`` makes one; ``said_in(text, lang)`` is what a
page shows: the Chinese when ``lang`` is "zh" and the text has it, else the text. A plain ``str`` passes through
unchanged, so a caller may hand over either.

A ``Said`` is made only where the engine speaks (a seat goes out, a round closes, a log is refused): a legal
ruling that says nothing makes none, so the engine's hot path pays nothing for it.
"""

from __future__ import annotations

from typing import Any


class Said(str):
    """English text (the ``str`` value) carrying its Chinese (``zh``)."""

    zh: str

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (said, (self.zh, str(self)))


Fault = tuple[str, str, str]
"""A rule broken, said: (rule ID, Chinese, English): what a score sheet's check gives (``GameType.sheet``)."""

_new = str.__new__


def said(zh: str, en: str) -> Said:
    """The text ``en`` carrying its Chinese ``zh``."""
    text = _new(Said, en)
    text.zh = zh
    return text


def zh_of(text: str) -> str:
    """The Chinese of ``text`` (a ``Said``'s ``zh``; a plain string is returned as it is)."""
    return text.zh if isinstance(text, Said) else text


def said_in(text: str, lang: str) -> str:
    """``text`` in ``lang``: its Chinese for "zh" when it carries one, else the English (a plain ``str``)."""
    if lang == "zh" and isinstance(text, Said):
        return text.zh
    return str.__str__(text)


def joined(parts: list[str] | tuple[str, ...], sep_zh: str = "；", sep_en: str = "; ") -> Said:
    """Several texts as one, each language joined with its own separator."""
    return said(sep_zh.join(zh_of(p) for p in parts), sep_en.join(parts))


def where_zh(line: int | None, col: int | None = None) -> str:
    """A place in a log's text said in Chinese: "第 3 行，第 5 列" ("" without a line)."""
    if line is None:
        return ""
    return f"第 {line} 行" + (f"，第 {col} 列" if col is not None else "")


def seat_name(seat: object, en: bool = False) -> str:
    """A seat as the texts name it: "座位3" in Chinese, "seat 3" in English (``en``); the one place a seat's name
    is made."""
    return f"seat {seat}" if en else f"座位{seat}"


def side_name(which: int, n: int) -> tuple[str, str]:
    """A team (a side, where the sides alternate round the table) as every page and the CLI name it, its seats
    beside it, (Chinese, English): side 0 is "甲方 (0·2·4)" / "Team A (0·2·4)", side 1 "乙方 (1·3·5)" / "Team B
    (1·3·5)" at a table of ``n`` (6: 够级; 4: 升级, "甲方 (0·2)"); the one place a team's name is made."""
    seats = "·".join(str(s) for s in range(which, n, 2))
    return f"{'甲乙丙丁'[which]}方 ({seats})", f"Team {'ABCD'[which]} ({seats})"


def team_words(seats: tuple[int, ...] | list[int], n: int) -> tuple[str, str]:
    """A team of ``seats`` at a table of ``n`` in words, (Chinese, English): a side of alternating seats by its one
    name (``side_name``: "甲方 (0·2·4)" / "Team A (0·2·4)"), any other team (保皇's) "一方 (0·3)" / "side (0·3)"."""
    found = tuple(seats)
    if found and n and found == tuple(range(found[0] % 2, n, 2)):
        return side_name(found[0] % 2, n)
    joined = "·".join(str(s) for s in found)
    return f"一方 ({joined})", f"side ({joined})"


def said_of(exc: BaseException) -> str:
    """An exception's message, with its Chinese when it was raised with a ``Said`` (``str(exc)`` would drop it)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Said) else str(exc)


def error_in(exc: BaseException, lang: str) -> str:
    """An error's message in ``lang``: in Chinese its ``zh`` (a ``LogError``'s, with the place) or the Chinese it
    was raised with; else ``str(exc)``."""
    if lang != "zh":
        return str(exc)
    zh = getattr(exc, "zh", None)
    return zh if isinstance(zh, str) else zh_of(said_of(exc))
