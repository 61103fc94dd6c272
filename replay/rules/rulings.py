"""A game's action-to-rule map (``GameType.rulings``, ``replay/games/<game>/rulings.py`` beside its rule rows):
the rule a legal event of each action answers to when no reading names one, and the options that decide a
rule's reason where not all of the rule's options do. The referee (``referee.ruling``) asks the game."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from replay.core.record import Record, field

#: (rule ID, reason) of an action
RuleReason = tuple[str, str]


class Rulings(Record):
    """``actions``: the rule (and reason) each action answers to, "lead" and "answer" for a play on an empty
    table and over a set; ``deciding``: the options that decide a (rule, reason) where not all of the rule's
    options do (the others are the same under every profile for that reason)."""

    actions: Mapping[str, RuleReason]
    deciding: Mapping[RuleReason, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
