"""升级's profile options: each with the rule it changes, its values, its default and what it means."""

from __future__ import annotations

from replay.rules.option import Option

OPTIONS: tuple[Option, ...] = (
    Option(
        "kitty",
        "SJ-DEAL",
        (0, 4, 8),
        4,
        "cards set aside as the kitty (底牌); the rest deal evenly to the four seats",
        "底牌张数",
    ),
    Option(
        "levels",
        "SJ-LEVEL",
        ("A-K", "2-A"),
        "A-K",
        "the level ladder: A, 2, 3 … K as the seed says, or 2 … K, A",
        "升级的级序：种子的 A、2、3…K，或 2…K、A",
    ),
    Option(
        "declare_compare",
        "SJ-DECLARE",
        ("first", "pair_rank"),
        "first",
        "declarations with the same joker: the earlier stands, or the higher pair",
        "同一种王定主时：先定者大，或对子大者大",
    ),
    Option("throws", "SJ-TRICK", bool, False, "甩牌: several sets of one suit led at once", "允许甩牌"),
    Option(
        "kitty_multiplier",
        "SJ-POINTS",
        (1, 2, 4),
        2,
        "the kitty's points count this many times for the side that wins the last trick (defenders only)",
        "扣底分的倍数",
    ),
)
