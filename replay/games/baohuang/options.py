"""保皇's profile options: each with the rule it changes, its values, its default and what it means."""

from __future__ import annotations

from types import MappingProxyType

from replay.climbing.options import twos_attach
from replay.rules.option import Option

OPTIONS: tuple[Option, ...] = (
    twos_attach(False),
    Option(
        "removed_ranks",
        "BH-DEAL",
        list,
        [],
        "ranks taken out of the four decks (e.g. [3, 4, 5])",
        "去掉的点数",
    ),
    Option(
        "force_from",
        "BH-FORCE",
        ("marked", "seat0"),
        "marked",
        "where 逼庄 starts: the seat dealt the marked joker, or seat 0",
        "逼庄从哪个座位开始",
        meanings=MappingProxyType(
            {
                "marked": ("逼庄从拿到特殊标记大王的座位开始", "逼庄 starts at the seat dealt the marked big joker"),
                "seat0": ("逼庄从座位0开始", "逼庄 starts at seat 0"),
            }
        ),
    ),
)
