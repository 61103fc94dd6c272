"""The parts of a rule of the register (``replay.rules.register``): the seeds, a quote and whose words it is,
and a rule's row; each game's rules are rows in a module named after it (``replay.games.gouji.rules``, …),
the rules its family shares in ``replay.climbing.rules``.

What a quote must be (the seed's words, verbatim) is said in ``replay.rules.register``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from replay import games

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

    def to_json(self) -> dict[str, str | None]:
        """``{"seed", "file", "text", "by"}``."""
        return {"seed": self.seed or None, "file": self.file or None, "text": self.text, "by": self.by or None}


class Rule(NamedTuple):
    """A rule of RULES.md: ID, short names, whom it applies to, and its quotes per reason (the
    reason "" is the rule itself; each tuple lists the passages in the order they are preferred)."""

    id: str
    name_zh: str
    name_en: str
    applies: tuple[str, ...]  # games, families (``"climbing"``) or ``"*"`` (every game)
    quotes: Mapping[str, tuple[Quote, ...]]

    @property
    def games(self) -> tuple[str, ...]:
        """The registered games the rule belongs to, in the registry's order."""
        return tuple(g for g in games.names() if self.belongs_to(g))

    def belongs_to(self, game: str) -> bool:
        """True when the rule is one of ``game``'s (by its name, its family, or every game's)."""
        a = self.applies
        return "*" in a or game in a or (game in games.names() and games.get(game).family in a)

    @property
    def reasons(self) -> tuple[str, ...]:
        """The reasons a verdict citing this rule may give ("" first)."""
        return tuple(self.quotes)

    def quote_for(self, reason: str = "", seed: str = "") -> Quote:
        """The passage for ``reason`` (the rule's own when the reason has none), in ``seed`` when the
        rule has a passage there."""
        found = self.quotes.get(reason) or self.quotes[""]
        return next((q for q in found if q.seed == seed), found[0]) if seed else found[0]

    @property
    def quote(self) -> str:
        """The rule's own passage (reason "")."""
        return self.quote_for().text

    @property
    def seed(self) -> str:
        """The seed of the rule's own passage ("-" when no seed speaks)."""
        return self.quote_for().seed or "-"


def seed_quote(seed: str, text: str) -> Quote:
    """A seed's words."""
    return Quote(seed, text)


def reading(by: str, text: str) -> Quote:
    """A reading where no seed speaks, and whose it is."""
    return Quote("", text, by)


RuleRow = tuple[str, str, str, tuple[str, ...], dict[str, tuple[Quote, ...]]]  # id, zh, en, applies, quotes
