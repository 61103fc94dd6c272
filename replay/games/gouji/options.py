"""够级's profile options: each with the rule it changes, its values, its default and what it means."""

from __future__ import annotations

from types import MappingProxyType

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
        meanings=MappingProxyType(
            {
                "liang3": (
                    "首发看亮3：先亮两张同色3者首发，亮同色3更多者顶班（种子 000）",
                    "the first lead goes by 亮3: the first to show two 3s of one suit leads, more of one suit takes it over (seed 000)",
                ),
                "rotate": (
                    "首发轮换：第一局座位0，以后每局由上局首发的下家首发（种子 004）",
                    "the first lead rotates: seat 0 in the first deal, then the next seat after the previous first leader (seed 004)",
                ),
                "logged": ("首发按记录，不核查", "the first lead is taken from the log, not checked"),
            }
        ),
    ),
    Option(
        "passed_answer",
        "GJ-ANSWER-ORDER",
        ("in_turn", "at_kou"),
        "in_turn",
        "when a passed seat may answer its 对头's set",
        "过牌者何时可对对头牌发言",
        meanings=MappingProxyType(
            {
                "in_turn": (
                    "过牌者轮到时仍可上对头的牌（种子 000：过牌者除对头牌外）",
                    "a seat that passed may still answer its 对头's sets in its turn (seed 000: 过牌者除对头牌外)",
                ),
                "at_kou": (
                    "过牌者只能在最后作为扣牌人再出一次牌（种子 004）",
                    "a seat that passed may play again only at the end, as the closer (seed 004)",
                ),
            }
        ),
    ),
    Option(
        "burn_fail",
        "GJ-BURN",
        ("dalao", "flag"),
        "flag",
        "a burner who breaks the burn condition becomes 大落, or is flagged only",
        "烧牌失败：大落或仅标记",
        meanings=MappingProxyType(
            {
                "dalao": (
                    "烧牌失败者记为大落，第二个记为二落（种子 004）",
                    "a burner who breaks the burn condition becomes 大落, a second one 二落 (seed 004)",
                ),
                "flag": (
                    "烧牌失败只作标记，名次不变（种子 000 未定罚则）",
                    "a failed burn is flagged only; places stand (seed 000 names no penalty)",
                ),
            }
        ),
    ),
    Option(
        "undeclared_burn",
        "GJ-BURN",
        ("burn", "illegal"),
        "illegal",
        "a play over a 够级 set by a seat other than its 对头, out of turn, with no 'burn' in the log: read as "
        "a burn, or illegal (a burn is declared: 宣告烧牌)",
        "非对头在够级牌上不按顺序出牌、记录未写“烧”时：读作烧牌，或判违规（烧牌须宣告）",
        meanings=MappingProxyType(
            {
                "illegal": (
                    "烧牌须宣告：记录未写“烧”的出牌不算烧牌，判违规（种子 000、004）",
                    "a burn is declared: a play not logged as a burn is no burn, and is illegal (seeds 000, 004)",
                ),
                "burn": (
                    "非对头在够级牌上不按顺序出牌即读作烧牌（按记分单记录）",
                    "a play over another seat's 够级 set by a seat that is not its 对头, out of turn, is read as a burn (as a score sheet writes it)",
                ),
            }
        ),
    ),
    Option(
        "burn_seats",
        "GJ-BURN",
        ("any", "between"),
        "any",
        "which seats may burn: any but the 对头, or only the two between",
        "可烧牌的座位",
        meanings=MappingProxyType(
            {
                "any": ("除对头外任何一家都可烧牌（两个种子）", "any seat but the 对头 may burn (both seeds)"),
                "between": (
                    "只有够级者与其对头之间的两家可烧牌（俱乐部规则）",
                    "only the two seats between the 够级 player and its 对头 may burn (house rule)",
                ),
            }
        ),
    ),
    Option(
        "burn_needs_head",
        "GJ-BURN",
        bool,
        False,
        "a burner's own 对头 must still hold cards (house rule)",
        "烧牌者的对头须仍有牌（俱乐部规则）",
        meanings=MappingProxyType(
            {
                True: (
                    "烧牌者自己的对头须仍有牌（俱乐部规则）",
                    "a burner's own 对头 must still hold cards (house rule)",
                ),
                False: (
                    "烧牌不看烧牌者自己的对头（两个种子）",
                    "a burn does not depend on the burner's own 对头 (both seeds)",
                ),
            }
        ),
    ),
    Option(
        "deadlevel",
        "GJ-DEADLEVEL",
        ("any_dipai", "gouji_dipai"),
        "any_dipai",
        "which 底牌 of 头科/二科 give the 对头 a 够死级 chance",
        "哪些底牌给对头够死级机会",
        meanings=MappingProxyType(
            {
                "any_dipai": (
                    "头科、二科的任何底牌都给对头一次够死级机会；此后过牌者本轮不可再出（种子 000）",
                    "any 底牌 of 头科 or 二科 gives its 对头 one 够死级 chance; seats that passed may not play again in that round (seed 000)",
                ),
                "gouji_dipai": (
                    "只有够级底牌才给对头够死级机会（种子 004）",
                    "only a 够级 底牌 gives the 对头 a 够死级 chance (seed 004)",
                ),
            }
        ),
    ),
    Option(
        "chaos_pass",
        "GJ-CHAOS",
        ("free", "lock"),
        "free",
        "in 四人乱缠 a pass binds only the set on the table, or locks as usual",
        "四人乱缠中过牌的效力",
        meanings=MappingProxyType(
            {
                "free": (
                    "四人乱缠中过牌只对桌上这套牌有效，也不能让牌（种子 000）",
                    "in 四人乱缠 a pass binds only the set on the table, and there is no 让 (seed 000)",
                ),
                "lock": (
                    "四人乱缠中过牌照常锁住本轮（种子 004）",
                    "in 四人乱缠 a pass locks the round as usual (seed 004)",
                ),
            }
        ),
    ),
    Option(
        "score_mode",
        "GJ-SCORE",
        ("positive_only", "net"),
        "positive_only",
        "record only the winning team's points, or both teams' net sums",
        "只记正分，或双方净分",
        meanings=MappingProxyType(
            {
                "positive_only": (
                    "只记正分，不记负分（种子 000）",
                    "only the winning team records its points (seed 000: 只记正分，不记负分)",
                ),
                "net": ("双方都记净分（种子 004）", "both teams record their net sums (seed 004)"),
            }
        ),
    ),
    Option(
        "tribute",
        "GJ-TRIBUTE",
        bool,
        False,
        "play 进贡/还贡 between deals",
        "是否进贡",
        meanings=MappingProxyType(
            {
                True: ("下一局进贡、还贡（种子 004）", "tribute is given and returned before the next deal (seed 004)"),
                False: (
                    "不进贡（种子 000：采取积分制一般不再进贡）",
                    "no tribute (seed 000: a points game usually plays without it)",
                ),
            }
        ),
    ),
    Option(
        "tribute_after_sweep",
        "GJ-TRIBUTE",
        ("opposite", "redeal"),
        "redeal",
        "after a 串三户: each loser gives its 对头 one card, or no tribute",
        "串三户后的进贡方式",
        meanings=MappingProxyType(
            {
                "opposite": ("串三户后输方各向对头进贡一张", "after a 串三户 each losing seat gives its 对头 one card"),
                "redeal": (
                    "串三户后不进贡，重新开牌（种子 000）",
                    "after a 串三户 there is no tribute: a new deal (seed 000)",
                ),
            }
        ),
    ),
    Option(
        "revolution",
        "GJ-REVOLUTION",
        bool,
        True,
        "革命 may be declared",
        "允许革命",
        meanings=MappingProxyType(
            {
                True: ("允许革命", "革命 may be declared"),
                False: ("不玩革命", "no 革命"),
            }
        ),
    ),
    Option(
        "lead_preference",
        "MAXIM",
        ("singles", "threes"),
        "singles",
        "the coach's side of 有单不发3: lead singles before 3s, or 3s first (有3不发单)",
        "教练对“有单不发3”的取舍：先发单张，或先发3",
        meanings=MappingProxyType(
            {
                "singles": ("教练：有单不发3，先发单张", "coach: lead singles before 3s (有单不发3)"),
                "threes": ("教练：有3不发单，先发3", "coach: lead 3s first (有3不发单)"),
            }
        ),
    ),
)
