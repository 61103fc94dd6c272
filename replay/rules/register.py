"""The rule register: every rule ID a verdict may cite, its names, the games it belongs to, and for each
reason a verdict may give the seed passage that supports it.

A quote is the seed's words, verbatim (whitespace aside; ``……`` only elides): ``tests/replay/rules/test_register.py``
finds every quote in its seed file under ``../shared/seeds/``. Where no seed speaks, the quote says
whose reading the rule is (``Quote.by``: RULES.md, fupan's own reading in docs/rules-as-implemented.md,
or a house rule of a profile option). A rule may have several reasons (GJ-BURN: the burn condition,
过牌不烧, an undeclared burn …); a ruling quotes the passage of its reason, in the seed its profile
follows when the rule has one there.

The rows are the climbing family's (``replay.climbing.rules``), then each registered game's (its
``GameType.rules``: ``replay.games.gouji.rules``, …), then the rules of every game (below).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from replay import games
from replay.climbing import rules as climbing_rules
from replay.rules.quotes import (
    BY_FUPAN,
    BY_HOUSE,
    BY_RULES_MD,
    EVERY_GAME,
    SEED_FILES,
    SEED_TITLES,
    Quote,
    RuleRow,
    reading,
)

__all__ = ["BY_FUPAN", "BY_HOUSE", "BY_RULES_MD", "RULES", "SEED_FILES", "SEED_TITLES", "Quote", "Rule", "rules_of"]


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


EVERY_GAMES_ROWS: list[RuleRow] = [
    (
        "LOG",
        "记录",
        "the log",
        EVERY_GAME,
        {
            "": (
                reading(
                    BY_FUPAN,
                    "记录自相矛盾：无法按记录还原这一步 (the record contradicts itself: an event the engine cannot place)",
                ),
            )
        },
    ),
]


def _rows() -> list[RuleRow]:
    rows = list(climbing_rules.ROWS)
    for game in games.GAMES:
        rows += game.rules()
    return rows + EVERY_GAMES_ROWS


RULES: dict[str, Rule] = {
    rid: Rule(rid, zh, en, applies, MappingProxyType(quotes)) for rid, zh, en, applies, quotes in _rows()
}


def rules_of(game: str) -> list[Rule]:
    """The rules a game's verdicts may cite, in register order."""
    return [r for r in RULES.values() if r.belongs_to(game)]
