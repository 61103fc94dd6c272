"""够级's profile options: each with the rule it changes, its values, its default and what it means."""

from __future__ import annotations

from replay.climbing.options import twos_attach
from replay.rules.option import Option

OPTIONS: tuple[Option, ...] = (
    twos_attach(True),
    Option(
        "first_lead",
        "GJ-FIRST-LEAD",
        ("liang3", "rotate", "logged"),
        "liang3",
        "who leads the first round: 亮3, rotation from seat 0, or as logged",
        "首发：亮3、轮换或按记录",
    ),
    Option(
        "passed_answer",
        "GJ-ANSWER-ORDER",
        ("in_turn", "at_kou"),
        "in_turn",
        "when a passed seat may answer its 对头's set",
        "过牌者何时可对对头牌发言",
    ),
    Option(
        "burn_fail",
        "GJ-BURN",
        ("dalao", "flag"),
        "flag",
        "a burner who breaks the burn condition becomes 大落, or is flagged only",
        "烧牌失败：大落或仅标记",
    ),
    Option(
        "undeclared_burn",
        "GJ-BURN",
        ("burn", "illegal"),
        "illegal",
        "a play over a 够级 set by a seat other than its 对头, out of turn, with no 'burn' in the log: read as "
        "a burn, or illegal (a burn is declared: 宣告烧牌)",
        "非对头在够级牌上不按顺序出牌、记录未写“烧”时：读作烧牌，或判违规（烧牌须宣告）",
    ),
    Option(
        "burn_seats",
        "GJ-BURN",
        ("any", "between"),
        "any",
        "which seats may burn: any but the 对头, or only the two between",
        "可烧牌的座位",
    ),
    Option(
        "burn_needs_head",
        "GJ-BURN",
        bool,
        False,
        "a burner's own 对头 must still hold cards (house rule)",
        "烧牌者的对头须仍有牌（俱乐部规则）",
    ),
    Option(
        "deadlevel",
        "GJ-DEADLEVEL",
        ("any_dipai", "gouji_dipai"),
        "any_dipai",
        "which 底牌 of 头科/二科 give the 对头 a 够死级 chance",
        "哪些底牌给对头够死级机会",
    ),
    Option(
        "chaos_pass",
        "GJ-CHAOS",
        ("free", "lock"),
        "free",
        "in 四人乱缠 a pass binds only the set on the table, or locks as usual",
        "四人乱缠中过牌的效力",
    ),
    Option(
        "score_mode",
        "GJ-SCORE",
        ("positive_only", "net"),
        "positive_only",
        "record only the winning team's points, or both teams' net sums",
        "只记正分，或双方净分",
    ),
    Option("tribute", "GJ-TRIBUTE", bool, False, "play 进贡/还贡 between deals", "是否进贡"),
    Option(
        "tribute_after_sweep",
        "GJ-TRIBUTE",
        ("opposite", "redeal"),
        "redeal",
        "after a 串三户: each loser gives its 对头 one card, or no tribute",
        "串三户后的进贡方式",
    ),
    Option("revolution", "GJ-REVOLUTION", bool, True, "革命 may be declared", "允许革命"),
    Option(
        "lead_preference",
        "MAXIM",
        ("singles", "threes"),
        "singles",
        "the coach's side of 有单不发3: lead singles before 3s, or 3s first (有3不发单)",
        "教练对“有单不发3”的取舍：先发单张，或先发3",
    ),
)
