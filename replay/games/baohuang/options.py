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
        "bigjoker_answer",
        "SET-BIGJOKER",
        ("rank", "top"),
        "rank",
        "an answer with a big joker attached: ranked by its base like any set (步步高, RULES.md), or the biggest "
        "(seed 003: 掛大花的牌是最大的)",
        "挂大花的牌上牌：按点数步步高，或挂大花的牌最大",
        meanings=MappingProxyType(
            {
                "rank": (
                    "挂大花的牌也按点数比较：须步步高（RULES.md 的读法）",
                    "a set with a big joker attached is ranked by its base: it must be higher (步步高, RULES.md's reading)",
                ),
                "top": (
                    "挂大花的牌是最大的：可以上任何同张数、未挂大花的牌（种子 003）",
                    "a set with a big joker attached is the biggest: it beats any set of as many cards without one "
                    "(seed 003: 掛大花的牌是最大的)",
                ),
            }
        ),
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
