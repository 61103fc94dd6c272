"""够级's action-to-rule map (``GameType.rulings``, the referee's): the rule a legal event of each action answers
to when no reading names one, beside its rule rows (``rules``)."""

from __future__ import annotations

from types import MappingProxyType

from replay.rules.rulings import Rulings

#: the rule each action of a 够级 event answers to, and the options that decide the burn, tribute and 革命 rules
RULINGS = Rulings(
    MappingProxyType(
        {
            "lead": ("LEAD", ""),
            "answer": ("SET-RANK", ""),
            "burn": ("GJ-BURN", "burn"),
            "pass": ("PASS", ""),
            "kou": ("GJ-KOU", ""),
            "rang": ("GJ-RANG", ""),
            "jiefeng": ("JIEFENG", ""),
            "show": ("GJ-FIRST-LEAD", ""),
            "revolution": ("GJ-REVOLUTION", ""),
            "waive": ("GJ-REVOLUTION", "waive"),
            "tribute": ("GJ-TRIBUTE", ""),
            "return": ("GJ-TRIBUTE", "return"),
            "refuse": ("GJ-TRIBUTE", "refuse"),
            "report": ("GJ-REPORT", ""),
        }
    ),
    # GJ-BURN's 过牌不烧 holds whatever the burn options say
    MappingProxyType(
        {
            ("GJ-BURN", ""): ("burn_fail",),
            ("GJ-BURN", "burn"): ("undeclared_burn", "burn_seats", "burn_needs_head"),
            ("GJ-BURN", "undeclared"): ("undeclared_burn",),
            ("GJ-BURN", "failed"): ("burn_fail",),
            ("GJ-BURN", "between"): ("burn_seats",),
            ("GJ-BURN", "needs-head"): ("burn_needs_head",),
            ("GJ-BURN", "passed"): (),
            ("GJ-BURN", "not-gouji"): (),
            ("GJ-BURN", "no-set"): (),
            ("GJ-BURN", "opposite"): (),
            ("GJ-BURN", "own-set"): (),
            ("GJ-BURN", "after-rang"): (),
            ("GJ-BURN", "dead"): (),
            ("GJ-TRIBUTE", "sweep"): ("tribute_after_sweep",),
            ("GJ-TRIBUTE", "off"): ("tribute",),
            ("GJ-REVOLUTION", "off"): ("revolution",),
            ("GJ-REVOLUTION", "place"): (),
            ("GJ-REVOLUTION", "void"): (),
            ("GJ-REVOLUTION", "waive"): (),
        }
    ),
)
