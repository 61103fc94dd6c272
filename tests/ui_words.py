"""What counts as an English word in Chinese UI text, for the tests that hold the dashboard and the engine's texts
to "Chinese throughout" (issue 18): a Latin word of two letters or more that is not on the allow-list; and, for the
English pages, what Chinese may stand in English text (``chinese_words``); and which marks need an emoji font
(``emoji_marks``).

Not words: rule IDs (``GJ-BURN``, ``SJ-FOLLOW``), addresses, paths and file names (``sqlite:///…``,
``/replay?deal=1``, ``RULES.md``), card codes (``AS``, ``10H``, ``BJ``: the log's own notation), single letters
(card ranks J Q K A), digits. Allowed as they are: the names of formats and programs (``fupan``, ``JSON``,
``CSV``…), the names on the keys (``Home``, ``End``) and whatever the caller passes as data (player names, venues,
notes, profile names read from the logs shown: see ``without_data``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

ALLOWED = frozenset({"fupan", "JSON", "CSV", "PNG", "HTML", "SQLite", "PostgreSQL", "MB", "kB", "URL"})
#: the names printed on the keys a page's keyboard help names (a Chinese keyboard's keys say them too)
KEY_NAMES = frozenset({"Home", "End", "Esc", "Enter", "Tab", "Shift", "Ctrl", "Alt", "PgUp", "PgDn"})

RULE_ID = re.compile(r"(?<![A-Za-z0-9-])[A-Z]{2,}(?:-[A-Z0-9]+)+(?![A-Za-z0-9])")
CARD_CODE = re.compile(r"(?<![\w-])(?:(?:[2-9]|10|[JQKA])[SHDC]|[SB]J)(?![\w-])")
ADDRESS = re.compile(
    r"\b[a-z][a-z0-9+.-]*://\S*|(?<![\w/])/[\w./?=&%-]+|(?<![A-Za-z0-9_.-])[A-Za-z0-9_-]+\.(?:md|txt|json|toml|html|csv|png)(?![A-Za-z0-9])"
)
WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def without_data(text: str, data: Iterable[str]) -> tuple[str, set[str]]:
    """``text`` with every occurrence of each ``data`` item taken out (the longest first), and the words a data item
    of one word (a name, a profile's name) allows wherever it stands. A data item of several words allows its
    words only where the whole item stands: a log's note "simulated deal (random legal play)" does not make "deal"
    or "legal" Chinese."""
    patterns, names = _data_patterns(tuple(sorted({d for d in data if d and d.strip()})))
    for item, pattern in patterns:
        if item in text:  # the pattern matches only where the item stands
            text = pattern.sub(" ", text)
    return text, set(names)


@lru_cache(maxsize=8)
def _data_patterns(items: tuple[str, ...]) -> tuple[tuple[tuple[str, re.Pattern[str]], ...], frozenset[str]]:
    """Each data item (the longest first) and its pattern, compiled once for a walk's thousands of texts; the items
    of one word."""
    patterns = []
    for item in sorted(items, key=len, reverse=True):  # whole: "J" (a level) is taken out of "J 10" but not "JSON"
        head = r"(?<![A-Za-z0-9])" if item[0].isascii() and item[0].isalnum() else ""
        tail = r"(?![A-Za-z0-9])" if item[-1].isascii() and item[-1].isalnum() else ""
        patterns.append((item, re.compile(head + re.escape(item) + tail)))
    return tuple(patterns), frozenset(item.strip() for item in items if not any(c.isspace() for c in item.strip()))


def latin_words(text: str, data: Iterable[str] = ()) -> list[str]:
    """The English words in ``text`` (a Chinese page's or message's text): none is allowed but those in
    ``ALLOWED`` and the text of ``data`` (text from the logs: names, venues, notes; see ``without_data``)."""
    text, names = without_data(text, data)
    allowed = set(ALLOWED | KEY_NAMES) | {name for name in names if WORD.fullmatch(name)}
    text = CARD_CODE.sub(" ", ADDRESS.sub(" ", RULE_ID.sub(" ", text)))
    return [w for w in WORD.findall(text) if w not in allowed]


# -- English pages: Chinese only where it is a game's term beside its English, or data ------------------------------

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
#: The language switch names each language in its own script, and the app's name is 复盘 fupan.
NAMES_ZH = frozenset({"中文", "语言", "复盘"})
#: Terms of the games with no English word, that English text uses as names (the seeds' own words; the English
#: gloss, when there is one, is beside them where they are introduced).
GAME_TERMS = frozenset(
    {"够级", "保皇", "升级", "三五番", "串三户", "够死级", "四人乱缠", "对头", "扣", "让", "接风", "亮3", "皇帝", "保皇派", "革命",
     "明保", "明独", "独保", "抢庄", "底分", "定"}
)  # fmt: skip
_BESIDE = re.compile(
    r"(?P<zh>[\u3400-\u9fff]+)\s*[(（]\s*[A-Za-z0-9][^()（）\u3400-\u9fff]*[)）]"  # 头科 (1st)
    r"|[A-Za-z0-9][^()（）\u3400-\u9fff]*\s*[(（]\s*(?P<zh2>[\u3400-\u9fff][^()（）]*?)\s*[)）]"  # 1st (头科)
)


def chinese_words(text: str, data: Iterable[str] = ()) -> list[str]:
    """The Chinese words in ``text`` (an English page's or message's text) that are not allowed: a run of Chinese is
    allowed when it is a game's term (``GAME_TERMS``), the language switch's or the app's name (``NAMES_ZH``), stands
    beside its English in brackets ("头科 (1st)", "1st (头科)"), or comes from ``data`` (log text: names, venues,
    notes)."""
    text, names = without_data(text, data)  # data first: a name may hold a game's term
    allowed = set(NAMES_ZH | GAME_TERMS)
    for name in names:
        allowed.update(CJK.findall(name))
    text = _BESIDE.sub(lambda m: m.group(0).replace(m.group("zh") or m.group("zh2") or "", " "), text)
    return [w for w in CJK.findall(text) if w not in allowed]


# -- marks that need an emoji font ------------------------------------------------------------------------------------

#: The characters whose default presentation is an emoji (Unicode's Emoji_Presentation, emoji-data.txt) outside the
#: planes of pictographs, which are taken whole below (U+1F000 to U+1FAFF: mahjong and playing-card symbols too, which
#: few text fonts have).
_EMOJI_BMP = (
    "\u231a\u231b\u23e9-\u23ec\u23f0\u23f3\u25fd\u25fe\u2614\u2615\u2648-\u2653\u267f\u2693\u26a1\u26aa\u26ab"
    "\u26bd\u26be\u26c4\u26c5\u26ce\u26d4\u26ea\u26f2\u26f3\u26f5\u26fa\u26fd\u2705\u270a\u270b\u2728\u274c\u274e"
    "\u2753-\u2755\u2757\u2795-\u2797\u27b0\u27bf\u2b1b\u2b1c\u2b50\u2b55"
)
EMOJI = re.compile(f"[{_EMOJI_BMP}\U0001f000-\U0001faff]|.\ufe0f", re.DOTALL)


def emoji_marks(text: str) -> list[str]:
    """The characters of ``text`` that a machine without an emoji font shows as boxes: those presented as emoji by
    default, and any character asked to be one (followed by U+FE0F). ♠♥♦♣ ✓ ✗ without U+FE0F are text."""
    return EMOJI.findall(text)
