"""升级's action-to-rule map (``GameType.rulings``, the referee's): the rule a legal event of each action answers
to when no reading names one, beside its rule rows (``rules``)."""

from __future__ import annotations

from types import MappingProxyType

from replay.rules.rulings import Rulings

#: the rule each action of a 升级 event answers to (a lead is a trick's, an answer follows it, a pass is 不定主)
RULINGS = Rulings(
    MappingProxyType(
        {
            "lead": ("SJ-TRICK", ""),
            "answer": ("SJ-FOLLOW", ""),
            "pass": ("SJ-DECLARE", "pass"),
            "declare": ("SJ-DECLARE", ""),
            "exchange": ("SJ-EXCHANGE", ""),
            "bury": ("SJ-DEAL", "kitty"),
        }
    )
)
