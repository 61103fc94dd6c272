"""What each value of each profile option means at the table, in words (zh, en): a ruling names the options that
decided it this way, not by raw values (``replay.rules.profile.Option.meaning``)."""

from __future__ import annotations

from typing import Any

RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A", 15: "2"}

# What each value of each option means, in words (zh, en): a ruling names the options that decided it
# this way, not by raw values.
MEANINGS: dict[tuple[str, Any], tuple[str, str]] = {
    ("twos_attach", True): (
        "2 可贴在任何牌上，算作那一点（贴钱）",
        "2s may be attached to any set and count as its rank (贴钱)",
    ),
    ("twos_attach", False): ("2 不能贴在别的牌上", "2s are not attached to other ranks"),
    ("first_lead", "liang3"): (
        "首发看亮3：先亮两张同色3者首发，亮同色3更多者顶班（种子 000）",
        "the first lead goes by 亮3: the first to show two 3s of one suit leads, more of one suit takes it over (seed 000)",
    ),
    ("first_lead", "rotate"): (
        "首发轮换：第一局座位0，以后每局由上局首发的下家首发（种子 004）",
        "the first lead rotates: seat 0 in the first deal, then the next seat after the previous first leader (seed 004)",
    ),
    ("first_lead", "logged"): ("首发按记录，不核查", "the first lead is taken from the log, not checked"),
    ("passed_answer", "in_turn"): (
        "过牌者轮到时仍可上对头的牌（种子 000：过牌者除对头牌外）",
        "a seat that passed may still answer its 对头's sets in its turn (seed 000: 过牌者除对头牌外)",
    ),
    ("passed_answer", "at_kou"): (
        "过牌者只能在最后作为扣牌人再出一次牌（种子 004）",
        "a seat that passed may play again only at the end, as the closer (seed 004)",
    ),
    ("burn_fail", "dalao"): (
        "烧牌失败者记为大落，第二个记为二落（种子 004）",
        "a burner who breaks the burn condition becomes 大落, a second one 二落 (seed 004)",
    ),
    ("burn_fail", "flag"): (
        "烧牌失败只作标记，名次不变（种子 000 未定罚则）",
        "a failed burn is flagged only; places stand (seed 000 names no penalty)",
    ),
    ("undeclared_burn", "illegal"): (
        "烧牌须宣告：记录未写“烧”的出牌不算烧牌，判违规（种子 000、004）",
        "a burn is declared: a play not logged as a burn is no burn, and is illegal (seeds 000, 004)",
    ),
    ("undeclared_burn", "burn"): (
        "非对头在够级牌上不按顺序出牌即读作烧牌（按记分单记录）",
        "a play over another seat's 够级 set by a seat that is not its 对头, out of turn, is read as a burn (as a score sheet writes it)",
    ),
    ("burn_seats", "any"): ("除对头外任何一家都可烧牌（两个种子）", "any seat but the 对头 may burn (both seeds)"),
    ("burn_seats", "between"): (
        "只有够级者与其对头之间的两家可烧牌（俱乐部规则）",
        "only the two seats between the 够级 player and its 对头 may burn (house rule)",
    ),
    ("burn_needs_head", True): (
        "烧牌者自己的对头须仍有牌（俱乐部规则）",
        "a burner's own 对头 must still hold cards (house rule)",
    ),
    ("burn_needs_head", False): (
        "烧牌不看烧牌者自己的对头（两个种子）",
        "a burn does not depend on the burner's own 对头 (both seeds)",
    ),
    ("deadlevel", "any_dipai"): (
        "头科、二科的任何底牌都给对头一次够死级机会；此后过牌者本轮不可再出（种子 000）",
        "any 底牌 of 头科 or 二科 gives its 对头 one 够死级 chance; seats that passed may not play again in that round (seed 000)",
    ),
    ("deadlevel", "gouji_dipai"): (
        "只有够级底牌才给对头够死级机会（种子 004）",
        "only a 够级 底牌 gives the 对头 a 够死级 chance (seed 004)",
    ),
    ("chaos_pass", "free"): (
        "四人乱缠中过牌只对桌上这套牌有效，也不能让牌（种子 000）",
        "in 四人乱缠 a pass binds only the set on the table, and there is no 让 (seed 000)",
    ),
    ("chaos_pass", "lock"): (
        "四人乱缠中过牌照常锁住本轮（种子 004）",
        "in 四人乱缠 a pass locks the round as usual (seed 004)",
    ),
    ("score_mode", "positive_only"): (
        "只记正分，不记负分（种子 000）",
        "only the winning team records its points (seed 000: 只记正分，不记负分)",
    ),
    ("score_mode", "net"): ("双方都记净分（种子 004）", "both teams record their net sums (seed 004)"),
    ("tribute", True): (
        "下一局进贡、还贡（种子 004）",
        "tribute is given and returned before the next deal (seed 004)",
    ),
    ("tribute", False): (
        "不进贡（种子 000：采取积分制一般不再进贡）",
        "no tribute (seed 000: a points game usually plays without it)",
    ),
    ("tribute_after_sweep", "opposite"): (
        "串三户后输方各向对头进贡一张",
        "after a 串三户 each losing seat gives its 对头 one card",
    ),
    ("tribute_after_sweep", "redeal"): (
        "串三户后不进贡，重新开牌（种子 000）",
        "after a 串三户 there is no tribute: a new deal (seed 000)",
    ),
    ("revolution", True): ("允许革命", "革命 may be declared"),
    ("revolution", False): ("不玩革命", "no 革命"),
    ("lead_preference", "singles"): ("教练：有单不发3，先发单张", "coach: lead singles before 3s (有单不发3)"),
    ("lead_preference", "threes"): ("教练：有3不发单，先发3", "coach: lead 3s first (有3不发单)"),
    ("kitty", 0): ("没有底牌", "no kitty"),
    ("kitty", 4): ("底牌 4 张，每家 26 张", "a kitty of 4 cards, 26 to each seat"),
    ("kitty", 8): ("底牌 8 张，每家 25 张", "a kitty of 8 cards, 25 to each seat"),
    ("levels", "A-K"): ("级序 A、2、3……K（种子 000）", "the level ladder A, 2, 3 … K (seed 000)"),
    ("levels", "2-A"): ("级序 2、3……K、A", "the level ladder 2, 3 … K, A"),
    ("declare_compare", "first"): ("同一种王定主时先定者大", "with the same joker the earlier declaration stands"),
    ("declare_compare", "pair_rank"): ("同一种王定主时对子大者大", "with the same joker the higher pair stands"),
    ("throws", True): ("允许甩牌", "throws (甩牌) are allowed"),
    ("throws", False): ("不许甩牌：只出单张、对子、拖拉机", "no throws: singles, pairs and tractors only"),
    ("kitty_multiplier", 1): ("扣底分不加倍", "the kitty counts once"),
    ("kitty_multiplier", 2): (
        "闲家赢最后一墩时扣底分加倍",
        "the kitty counts double for defenders who win the last trick",
    ),
    ("kitty_multiplier", 4): (
        "闲家赢最后一墩时扣底分乘四",
        "the kitty counts four times for defenders who win the last trick",
    ),
    ("force_from", "marked"): (
        "逼庄从拿到特殊标记大王的座位开始",
        "逼庄 starts at the seat dealt the marked big joker",
    ),
    ("force_from", "seat0"): ("逼庄从座位0开始", "逼庄 starts at seat 0"),
}
