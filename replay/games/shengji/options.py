"""升级's profile options: each with the rule it changes, its values, its default and what it means."""

from __future__ import annotations

from types import MappingProxyType

from replay.rules.option import Option

OPTIONS: tuple[Option, ...] = (
    Option(
        "kitty",
        "SJ-DEAL",
        (0, 4, 8),
        4,
        "cards set aside as the kitty (底牌); the rest deal evenly to the four seats",
        "底牌张数",
        meanings=MappingProxyType(
            {
                0: ("没有底牌", "no kitty"),
                4: ("底牌 4 张，每家 26 张", "a kitty of 4 cards, 26 to each seat"),
                8: ("底牌 8 张，每家 25 张", "a kitty of 8 cards, 25 to each seat"),
            }
        ),
    ),
    Option(
        "levels",
        "SJ-LEVEL",
        ("A-K", "2-A"),
        "A-K",
        "the level ladder: A, 2, 3 … K as the seed says, or 2 … K, A",
        "升级的级序：种子的 A、2、3…K，或 2…K、A",
        meanings=MappingProxyType(
            {
                "A-K": ("级序 A、2、3……K（种子 000）", "the level ladder A, 2, 3 … K (seed 000)"),
                "2-A": ("级序 2、3……K、A", "the level ladder 2, 3 … K, A"),
            }
        ),
    ),
    Option(
        "declare_compare",
        "SJ-DECLARE",
        ("first", "pair_rank"),
        "first",
        "declarations with the same joker: the earlier stands, or the higher pair",
        "同一种王定主时：先定者大，或对子大者大",
        meanings=MappingProxyType(
            {
                "first": ("同一种王定主时先定者大", "with the same joker the earlier declaration stands"),
                "pair_rank": ("同一种王定主时对子大者大", "with the same joker the higher pair stands"),
            }
        ),
    ),
    Option(
        "throws",
        "SJ-TRICK",
        bool,
        False,
        "甩牌: several sets of one suit led at once",
        "允许甩牌",
        meanings=MappingProxyType(
            {
                True: ("允许甩牌", "throws (甩牌) are allowed"),
                False: ("不许甩牌：只出单张、对子、拖拉机", "no throws: singles, pairs and tractors only"),
            }
        ),
    ),
    Option(
        "kitty_multiplier",
        "SJ-POINTS",
        (1, 2, 4),
        2,
        "the kitty's points count this many times for the side that wins the last trick (defenders only)",
        "扣底分的倍数",
        meanings=MappingProxyType(
            {
                1: ("扣底分不加倍", "the kitty counts once"),
                2: ("闲家赢最后一墩时扣底分加倍", "the kitty counts double for defenders who win the last trick"),
                4: ("闲家赢最后一墩时扣底分乘四", "the kitty counts four times for defenders who win the last trick"),
            }
        ),
    ),
)
