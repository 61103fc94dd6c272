"""保皇's action-to-rule map (``GameType.rulings``, the referee's): the rule a legal event of each action answers
to when no reading names one, beside its rule rows (``rules``)."""

from __future__ import annotations

from types import MappingProxyType

from replay.rules.rulings import Rulings

#: the rule each action of a 保皇 event answers to
RULINGS = Rulings(
    MappingProxyType(
        {
            "lead": ("LEAD", ""),
            "answer": ("SET-RANK", ""),
            "pass": ("PASS", ""),
            "kou": ("BH-KOU", ""),
            "rang": ("BH-RANG", ""),
            "jiefeng": ("JIEFENG", ""),
            "call": ("BH-CALL", ""),
            "yield": ("BH-YIELD", ""),
            "grab": ("BH-GRAB", ""),
            "reveal": ("BH-LOYALIST", ""),
        }
    )
)
