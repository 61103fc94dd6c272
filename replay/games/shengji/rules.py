"""升级 (三五番)'s rules: seed 000's two lines, and RULES.md §5's reading where they are silent: rows of the rule
register (``replay.rules.register``)."""

from __future__ import annotations

from replay.rules.quotes import BY_FUPAN, BY_RULES_MD, RuleRow, reading, seed_quote

_SJ_STANDARD = "种子未言；RULES.md 按标准升级规则解读："


ROWS: list[RuleRow] = [
    (
        "SJ-DEAL",
        "发牌",
        "the deal",
        ("shengji",),
        {
            "": (seed_quote("000", "四個人,兩付牌.圍圈而坐,相對的兩個人同夥"),),
            # the kitty (底牌, 扣底): seed 000's two lines say nothing of it
            "kitty": (
                reading(
                    BY_RULES_MD,
                    "种子未言底牌；RULES.md 读作：留出底牌（选项 kitty，默认 4 张），定主后庄家拿底、再扣回同样张数 "
                    "(seed 000 is silent on the kitty; RULES.md's reading: cards set aside, option kitty, default 4; the "
                    "declarer takes them and buries as many)",
                ),
            ),
        },
    ),
    ("SJ-LEVEL", "级", "levels", ("shengji",), {"": (seed_quote("000", "升級的時候從A到2 3 4 5 6 7 8 9 10 J Q K"),)}),
    (
        "SJ-DECLARE",
        "定主",
        "declaring trumps",
        ("shengji",),
        {
            "": (
                seed_quote(
                    "000",
                    "定主必須要有王,大王小王都可以,王加上一對同色牌就定主了,定主的時候把牌蓋住,一人定完主別人也可以定,"
                    "摸完牌後比大小,大的把小的吃掉",
                ),
            ),
            "pass": (
                reading(
                    BY_FUPAN,
                    "种子未言无人定主；读作：每家可说一次不定主，四家都不定主则本局作废、重新发牌 (the seed is silent on a deal "
                    "nobody declares: each seat may pass once; four passes void the deal)",
                ),
            ),
        },
    ),
    (
        "SJ-EXCHANGE",
        "换三张",
        "the exchange",
        ("shengji",),
        {"": (seed_quote("000", "然後在換三張牌給對方,吃什麼色給什麼色的牌,吃的王要回張固定主(2、3、5）"),)},
    ),
    (
        "SJ-TRUMPS",
        "主牌",
        "trumps",
        ("shengji",),
        {"": (seed_quote("000", "定的那一色叫臨時主，其他的三色是負牌，臨時主和固定主能吃它"),)},
    ),
    (
        "SJ-TRICK",
        "出牌",
        "tricks",
        ("shengji",),
        {
            "": (
                reading(
                    BY_RULES_MD,
                    _SJ_STANDARD
                    + "首家出单张、对子、拖拉机（或甩牌），其余按顺序跟同样张数，最大者得这一墩并领出下一墩 "
                    "(seed 000 is silent; RULES.md's reading of the standard rules of 升级)",
                ),
            )
        },
    ),
    (
        "SJ-FOLLOW",
        "跟牌",
        "following suit",
        ("shengji",),
        {
            "": (
                reading(
                    BY_RULES_MD,
                    _SJ_STANDARD + "有首家那一门须跟那一门，有对跟对，有拖拉机跟拖拉机，没有才可毙或垫 "
                    "(seed 000 is silent; RULES.md's reading of the standard rules of 升级)",
                ),
            )
        },
    ),
    (
        "SJ-POINTS",
        "得分",
        "points and the level table",
        ("shengji",),
        {
            "": (
                reading(
                    BY_RULES_MD,
                    _SJ_STANDARD
                    + "5 计 5 分，10 和 K 计 10 分；闲家得分定升级，80 分以上庄家不升级、闲家每多 40 分升一级；"
                    "闲家赢最后一墩则扣底分加倍归闲家 (seed 000 is silent; RULES.md's reading of the standard rules of 升级)",
                ),
            )
        },
    ),
]
