"""English counts that agree with their number: "1 card", "2 cards", "0 deals" (the CLI's and the dashboard's one
helper; Chinese needs none: "1 张", "2 张")."""

from __future__ import annotations

#: nouns whose plural is not the noun and "s"
IRREGULAR = {"candidate's": "candidates'", "match": "matches", "is": "are", "was": "were", "has": "have"}


def plural(noun: str, n: int) -> str:
    """``noun`` as it agrees with ``n``: itself for 1, else its plural ("card" -> "cards", "match" -> "matches")."""
    if n == 1:
        return noun
    return IRREGULAR.get(noun, noun + "s")


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` and its noun: "1 card", "2 cards", "0 cards" (``many`` when the plural is not ``plural(one, n)``)."""
    return f"{n} {one if n == 1 else (many or plural(one, n))}"
