"""The LogError a text log raises, checked for its place: the notation reader's tests
(tests/replay/formats/notation/) and the decisions' (tests/replay/formats/test_decisions.py) share it."""

from __future__ import annotations

import re

import pytest

from replay.formats.log import LogError
from replay.formats.notation.read import parse_text


def error(text: str, source: str = "<log>") -> LogError:
    """The LogError that reading ``text`` raises."""
    with pytest.raises(LogError) as info:
        parse_text(text, source)
    return info.value


def located(text: str, line: int, col: int, message: str) -> LogError:
    """The LogError that reading ``text`` (as sheet.txt) raises, checked to stand at ``line``, ``col``
    and to match ``message``, in a message of reasonable length (a long token is quoted in part)."""
    exc = error(text, "sheet.txt")
    assert (exc.line, exc.col) == (line, col), exc.reason
    assert re.search(message, exc.reason), exc.reason
    assert str(exc).startswith(f"sheet.txt:{line}:{col}: ")
    assert exc.source == "sheet.txt"
    assert len(exc.reason) < 600, exc.reason
    return exc
