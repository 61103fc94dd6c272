"""What counts as an English word in Chinese UI text, for the tests that hold the dashboard and the engine's texts
to "Chinese throughout" (issue 18): a Latin word of two letters or more that is not on the allow-list.

Not words: rule IDs (``GJ-BURN``, ``SJ-FOLLOW``), addresses and paths (``sqlite:///…``, ``/replay?deal=1``),
single letters (card ranks J Q K A), digits. Allowed as they are: the names of formats and programs (``fupan``,
``JSON``, ``CSV``…) and whatever the caller passes as data (player names, venues, notes, profile names read
from the logs shown).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

ALLOWED = frozenset({"fupan", "JSON", "CSV", "PNG", "HTML", "SQLite", "PostgreSQL", "MB", "kB", "URL"})

RULE_ID = re.compile(r"\b[A-Z]{2,}(?:-[A-Z0-9]+)+\b")
ADDRESS = re.compile(r"\b[a-z][a-z0-9+.-]*://\S*|(?<![\w/])/[\w./?=&%-]+")
WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def latin_words(text: str, data: Iterable[str] = ()) -> list[str]:
    """The English words in ``text`` (a Chinese page's or message's text): none is allowed but those in
    ``ALLOWED`` and the words of ``data`` (text from the logs: names, venues, notes)."""
    allowed = set(ALLOWED)
    for item in data:
        allowed.update(WORD.findall(item))
    text = ADDRESS.sub(" ", RULE_ID.sub(" ", text))
    return [w for w in WORD.findall(text) if w not in allowed]
