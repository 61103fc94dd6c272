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

from types import MappingProxyType

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
    Rule,
    RuleRow,
    reading,
)

__all__ = ["BY_FUPAN", "BY_HOUSE", "BY_RULES_MD", "RULES", "SEED_FILES", "SEED_TITLES", "Quote", "Rule", "rules_of"]

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
