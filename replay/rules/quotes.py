"""The parts of a rule of the register (``replay.rules.register``, where a ``Rule`` is made of its row): the seeds,
a quote and whose words it is, and a rule's row (``RuleRow``); each game's rules are rows in a module named after
it (``replay.games.gouji.rules``, …), the rules its family shares in ``replay.climbing.rules``.

What a quote must be (the seed's words, verbatim) is said in ``replay.rules.register``.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# The source texts (../shared/seeds/): number -> file name, and what each holds.
SEED_FILES = {
    "000": "000_c3417a29fb903ad9.txt",
    "002": "002_4e75e75f59bdbfb9.txt",
    "003": "003_55dbf240d1995ecf.txt",
    "004": "004_5204f6b466b5b72b.txt",
}
SEED_TITLES = {
    "000": (
        "升级两行；够级（经典“够级大纲”）与够级俗语；保皇",
        "升级 in two lines; 够级 (the classic rules) and its sayings; 保皇",
    ),
    "002": ("保皇（简体，牌到 6）", "保皇 (simplified Chinese, ranks down to 6)"),
    "003": ("保皇（繁体，牌到 3）", "保皇 (traditional Chinese, ranks down to 3)"),
    "004": ("够级，网络平台的玩法", "够级 as an online platform plays it"),
}
# Whose reading a quote without a seed gives.
BY_RULES_MD = "RULES.md"
BY_FUPAN = "fupan"
BY_HOUSE = "house rule"
CLIMBING = ("climbing",)  # the rules of every climbing game (a GameType's ``family``)
EVERY_GAME = ("*",)
# the English a reading ends with, in brackets: "… (seed 000 is silent; RULES.md's reading …)"
_GLOSS = re.compile(r"\s*\([A-Za-z][^()]*\)\s*$")


class Quote(NamedTuple):
    """A passage that supports a rule: the seed's words (``seed`` its number), or, when no seed speaks
    (``seed`` ""), the reading and whose it is (``by``)."""

    seed: str
    text: str
    by: str = ""

    @property
    def file(self) -> str:
        """The seed's file name under ../shared/seeds/ ("" when no seed speaks)."""
        return SEED_FILES.get(self.seed, "")

    def shown(self, lang: str) -> str:
        """The passage as a page in ``lang`` shows it: a seed's words as they are, in either language; a reading
        (fupan's or RULES.md's words, not a seed's) in Chinese without the English it ends with in brackets."""
        if self.seed or lang != "zh":
            return self.text
        return _GLOSS.sub("", self.text)

    def to_json(self) -> dict[str, str | None]:
        """``{"seed", "file", "text", "by"}``."""
        return {"seed": self.seed or None, "file": self.file or None, "text": self.text, "by": self.by or None}


def seed_quote(seed: str, text: str) -> Quote:
    """A seed's words."""
    return Quote(seed, text)


def reading(by: str, text: str) -> Quote:
    """A reading where no seed speaks, and whose it is."""
    return Quote("", text, by)


RuleRow = tuple[str, str, str, tuple[str, ...], dict[str, tuple[Quote, ...]]]  # id, zh, en, applies, quotes
