"""A profile option as a game declares it (``replay/games/<game>/options.py``): its name, the rule it changes,
its allowed values (or a type), its default in that game and what each value means, in words.

The games' options are read through ``replay.rules.profile_loader`` (``options_for(game)``, ``option_defaults(name)``),
which asks the games.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from replay.core.record import Record, field

RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A", 15: "2"}


class Option(Record):
    """One profile option of a game: its rule, allowed values (a tuple) or type, its default in the game that
    declares it, its help in English (and Chinese), and what each of its values means at the table, in words
    (zh, en): a ruling names the options that decided it this way, not by raw values."""

    name: str
    rule: str
    kind: type | tuple[Any, ...]
    default: Any
    help_en: str
    help_zh: str = ""
    meanings: Mapping[Any, tuple[str, str]] = field(default_factory=lambda: MappingProxyType({}), compare=False)

    def check(self, value: Any) -> str | None:
        """None when ``value`` is allowed, else what was expected."""
        if isinstance(self.kind, tuple):
            if value not in self.kind:
                return "one of " + ", ".join(repr(v) for v in self.kind)
            return None
        if self.kind is bool:
            return None if isinstance(value, bool) else "true or false"
        if self.kind is list:
            ok = isinstance(value, list) and all(type(v) is int and 3 <= v <= 15 for v in value)
            return (
                None
                if ok and len(set(value)) == len(value)
                else "a list of distinct ranks 3..15 (11 = J, 14 = A, 15 = 2)"
            )
        return None if isinstance(value, self.kind) else f"a {self.kind.__name__}"

    def meaning(self, value: Any) -> tuple[str, str]:
        """What a value of the option means at the table, in words (zh, en)."""
        if self.kind is list:
            ranks = ", ".join(RANK_NAMES.get(v, str(v)) for v in value) if value else ""
            return (
                (f"去掉点数 {ranks}", f"ranks {ranks} are taken out")
                if ranks
                else ("整副牌，不去点数", "the full decks")
            )
        key = value if not isinstance(value, bool) else bool(value)
        found = self.meanings.get(key)
        return found if found is not None else (f"{self.name} = {value}", f"{self.name} = {value}")
