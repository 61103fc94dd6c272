"""够级's rules: rows of the rule register (``replay.rules.register``)."""

from __future__ import annotations

from replay.rules.quotes import BY_FUPAN, BY_HOUSE, BY_RULES_MD, RuleRow, reading, seed_quote

_FUPAN_KOU_OUT = reading(
    BY_RULES_MD,
    "GJ-KOU: 扣牌的对头已出完时，其余有牌的人都表态不上，这一轮即结束 (If the last player's 对头 is out, the round "
    "closes when every other active seat has declined.)",
)
_PASS_LOCK = (
    seed_quote("000", "過牌者除“對頭牌”外，這一輪再無權發牌，直至新一輪重新發牌"),
    seed_quote("004", "过牌者在这一轮里无权再出牌，直至新一轮重新发牌"),
)
_BURN_DECLARED = (
    seed_quote("000", "當任意一人發夠級牌時，符合下列條件可優先於夠級者的對頭宣告“燒牌”"),
    seed_quote("004", "当任意一人发够级牌时，符合下列捎牌条件者可优先于够级者的对门声明“捎牌”"),
)
_BURN_CONDITION = (
    seed_quote(
        "000",
        "燒牌的條件是：首先用能蓋住所發夠級牌的牌將其滅掉，然後每次所發牌中必須掛一小花或大花，但最後一次發牌可除外，"
        "或者滅掉所發夠級牌後，手中所剩牌為同一點數的牌（即只剩一手牌）",
    ),
    seed_quote(
        "004",
        "捎牌的条件是：首先用大于被捎牌者所发够级牌的牌将其灭掉，然后每次所发牌中必须挂花（多少不限），但最后一次发牌可除外。"
        "或者灭掉所发够级牌后，手中只剩下一套牌。",
    ),
)
_REV_PLACE = seed_quote(
    "000",
    "革命者通常視為四科，不影響對方串三戶……當革命者的 2 個同夥分獲頭科、二科時，則革命者視為三科，即對方被串三戶。",
)
_TRIBUTE_RETURN = seed_quote(
    "000",
    "頭科、二科吃貢後，須向大落、二落返還同等數量的牌，稱“還貢”。若進貢一方沒有與還貢牌點數相同的牌，可拒絕此張還貢牌，請吃貢方換",
)

ROWS: list[RuleRow] = [
    ("PASS-LOCK", "过牌后无权发言", "a pass binds the round", ("gouji",), {"": _PASS_LOCK}),
    ("GJ-DEAL", "抓牌", "the deal", ("gouji",), {"": (seed_quote("000", "夠級分（抓）牌時人均 36 張"),)}),
    ("GJ-TEAMS", "联邦", "teams", ("gouji",), {"": (seed_quote("000", "交叉 3 人為一方，稱“聯邦”"),)}),
    (
        "GJ-OPPOSITE",
        "对头",
        "facing seats",
        ("gouji",),
        {
            "": (seed_quote("000", "對門為各自的夠級物件 , 稱“對頭”"),),
            "kou": (
                seed_quote("000", "對頭互為法定扣牌人，對頭未扣牌前，重新發牌無效，非對頭未徵得法定扣牌人認可扣牌無效"),
                seed_quote("004", "对门互为法定扣牌人"),
            ),
        },
    ),
    (
        "GJ-FIRST-LEAD",
        "上班",
        "first lead",
        ("gouji",),
        {
            "": (
                seed_quote(
                    "000",
                    "首次開牌或重新開牌後，最先摸到並亮出兩張同色 3 者為首發牌人，稱“亮 3 ”，此後，亮出同花色 3 多者可取代前首發牌人，"
                    "稱“頂班”。獲得首發牌權稱“上班”",
                ),
            ),
            "rotate": (
                seed_quote(
                    "004", "第一局第一轮由本桌第一入座人发牌，其后每局第一轮发牌人为上局第一轮发牌人的逆时针邻座"
                ),
            ),
        },
    ),
    (
        "GJ-GOUJI-SET",
        "够级牌",
        "a 够级 set",
        ("gouji",),
        {
            "": (
                seed_quote(
                    "000",
                    "1 張大、小花及錢， 2 張 A ， 2 張 K ， 3 張 Q ， 4 張 J ， 5 張 10 為法定最低級別、最少數量的夠級牌。",
                ),
                seed_quote(
                    "004",
                    "够级牌： 1张大、小花及钱，2张A，2张K，3张Q，4张J，5张10为法定最低级别、最少数量的够级牌，"
                    "张数多于上面任何一种类型的，也算够级牌。任何一套挂花的牌为够级牌。",
                ),
            )
        },
    ),
    (
        "GJ-GOUJI-ANSWER",
        "够级",
        "answering a 够级 set",
        ("gouji",),
        {
            "": (
                seed_quote("000", "當發出牌是“夠級牌”時，除“燒牌”或“無頭”外，只有對頭才有資格上牌，是為“夠級”"),
                seed_quote(
                    "004",
                    "当发出的牌是“够级牌”时，除“捎牌”、“无头”或“四人乱缠”情况外，只有发牌者的对门才有资格上牌，是为“够级”。",
                ),
            ),
            # a seat not the 对头 plays over a 够级 set out of turn, not as a logged burn: the 对头 passage, the
            # declared-burn passage beside it
            "undeclared": (
                seed_quote("000", "當發出牌是“夠級牌”時，除“燒牌”或“無頭”外，只有對頭才有資格上牌，是為“夠級”"),
                _BURN_DECLARED[0],
                seed_quote(
                    "004",
                    "当发出的牌是“够级牌”时，除“捎牌”、“无头”或“四人乱缠”情况外，只有发牌者的对门才有资格上牌，是为“够级”。",
                ),
                _BURN_DECLARED[1],
            ),
        },
    ),
    (
        "GJ-ANSWER-ORDER",
        "发言",
        "who answers a set that is not 够级",
        ("gouji",),
        {
            "": (seed_quote("000", "對頭的非夠級牌，其他人均不發言時，可由對頭髮言。過牌後此輪中即失去發言權"),),
            "at-kou": (
                seed_quote("004", "但是，如果在本轮最后，过牌者成为扣牌人，那么他在扣牌前还可以再有一次出牌的机会"),
            ),
        },
    ),
    (
        "GJ-KOU",
        "扣牌",
        "closing a round",
        ("gouji",),
        {
            "": (
                seed_quote("000", "對頭互為法定扣牌人，對頭未扣牌前，重新發牌無效，非對頭未徵得法定扣牌人認可扣牌無效"),
                seed_quote(
                    "004", "扣牌： 一轮结束前，对无人再要的牌必须作“扣牌”处理，表示本轮牌结束。对门互为法定扣牌人"
                ),
            ),
            "no-closer": (_FUPAN_KOU_OUT,),
        },
    ),
    (
        "GJ-RANG",
        "让牌",
        "letting",
        ("gouji",),
        {
            "": (
                seed_quote(
                    "000",
                    "持牌人對上兩家過牌的對頭牌，即不想過牌，又不原意立即上牌時，可宣告“讓牌”，即讓下兩家先上牌，"
                    "如下家均宣告過牌，再由持牌人確定上牌或扣牌。",
                ),
            ),
            "after": (seed_quote("000", "對讓牌人順的牌，唯有對頭才有上牌權"),),
        },
    ),
    (
        "GJ-BURN",
        "烧牌",
        "burning",
        ("gouji",),
        {
            "": _BURN_CONDITION,
            "burn": (
                *_BURN_DECLARED,
                seed_quote("004", "捎牌： 当不是自己对门发够级牌时，玩家可强行出牌灭之，称为“捎牌”。"),
            ),
            "undeclared": _BURN_DECLARED,
            "passed": (seed_quote("000", "過牌不燒，燒牌優先"), *_PASS_LOCK),
            "not-gouji": _BURN_DECLARED,
            "no-set": _BURN_DECLARED,
            "opposite": _BURN_DECLARED,
            "own-set": (
                reading(BY_FUPAN, "烧牌是灭别人的够级牌：不能烧自己的牌 (a burn takes another seat's 够级 set)"),
            ),
            "after-rang": (seed_quote("000", "對讓牌人順的牌，唯有對頭才有上牌權"),),
            "dead": (seed_quote("000", "大花掛任何牌時，發牌均為死牌，對頭應無條件為之“扣牌”"),),
            "between": (
                reading(
                    BY_HOUSE,
                    "burn_seats = between：只有够级者与其对头之间的两家可以烧牌 (only the two seats between burn)",
                ),
            ),
            "needs-head": (
                reading(
                    BY_HOUSE, "burn_needs_head = true：烧牌者自己的对头须仍有牌 (the burner's own 对头 must hold cards)"
                ),
            ),
            "failed": (
                seed_quote(
                    "004",
                    "选择“捎牌”后无法按照捎牌条件出牌的游戏者为“大落”，第二个选择“捎牌”后无法按照捎牌条件出牌的游戏者为“二落”。",
                ),
                *_BURN_CONDITION,
            ),
        },
    ),
    (
        "GJ-REPORT",
        "报牌",
        "showing counts",
        ("gouji",),
        {"": (seed_quote("000", "持牌人手中剩餘牌等於或少於 10 張，其手中持牌數量應顯示給其他玩家"),)},
    ),
    (
        "GJ-DEADLEVEL",
        "够死级",
        "last chance on a 底牌",
        ("gouji",),
        {
            "": (
                seed_quote("000", "頭科、二科的底牌，其對頭分別有一次無對頭夠級機會，稱“夠死級”"),
                seed_quote(
                    "004",
                    "够死级： 对于头科、二科的底牌是够级牌的情况，其对门如果上牌，则可以取得一次无对门够级机会，称“够死级”。",
                ),
            ),
            "passed": (seed_quote("000", "頭科或二科發底牌後，除對頭外，過牌者在此輪中均不可再出牌"),),
            "only-burn": (
                seed_quote("000", "除有燒牌者外，夠死級者即或重新發牌權"),
                seed_quote("004", "如果够死级，则其他人还可以捎牌"),
            ),
            "leads": (seed_quote("000", "除有燒牌者外，夠死級者即或重新發牌權"),),
        },
    ),
    (
        "GJ-HEADLESS",
        "无头",
        "headless",
        ("gouji",),
        {
            "": (
                seed_quote(
                    "000",
                    "頭科產生後，其對頭的夠級物件不復存在，稱“無頭”。其他持牌人按發牌對無頭者所發的任何牌都可滅之，"
                    "無頭者對其他持牌者亦行使同樣的職權",
                ),
            )
        },
    ),
    (
        "GJ-CHAOS",
        "四人乱缠",
        "four-way melee",
        ("gouji",),
        {
            "": (
                seed_quote("000", "頭科、二科產生後，其餘四人不再按夠級、過牌、讓牌、燒牌等規則進行，稱“四人亂纏”"),
                seed_quote(
                    "004", '头科、二科产生后，则任何牌都不再算作够级牌，与够级牌相关的规定也都作废，称"四人乱缠"'
                ),
            )
        },
    ),
    (
        "GJ-SCORE",
        "计分",
        "scoring",
        ("gouji",),
        {
            "": (
                seed_quote(
                    "000",
                    "頭科得 4 分，二科得 2 分，三科、四科均得 0 分，二落得 -2 分，大落得 -4 分，每局中聯邦 3 人得分之和 ( 相抵之後 ) "
                    "按照“只記正分，不記負分”的原則記為該方積分",
                ),
                seed_quote("004", "游戏规定“头科”得4分，“二科”得2分，第三、第四0分，“二落”得-2分，“大落”得-4分。"),
            )
        },
    ),
    (
        "GJ-SWEEP",
        "串三户",
        "sweep",
        ("gouji",),
        {
            "": (
                seed_quote("000", "如一方分獲頭科、二科、三科，則稱對方被“串三戶”。串三戶記分翻番，即獲勝一方積 12 分"),
                seed_quote("004", "串三户时得分翻番。"),
            )
        },
    ),
    (
        "GJ-TRIBUTE",
        "进贡",
        "tribute",
        ("gouji",),
        {
            "": (seed_quote("000", "大落向頭科進 2 張貢牌，二落向二科進 1 張貢牌。"),),
            "off": (seed_quote("000", "採取積分制一般不再進貢"),),
            "when": (
                seed_quote("004", "一局： 从开牌到打完所有的牌，称为一局，下一局将根据上一局的结果决定如何“进贡”。"),
            ),
            "cards": (seed_quote("000", "大花、小花、錢是法定貢牌，按牌點大小取大者進貢"),),
            "sweep": (
                seed_quote(
                    "000", "串三戶的進貢方式是被串三戶的一方向各自的對頭進 1 張貢牌，串三戶一般不進貢，應重新開牌"
                ),
            ),
            "owed": (
                seed_quote("000", "大落向頭科進 2 張貢牌，二落向二科進 1 張貢牌。"),
                seed_quote("000", "大花、小花、錢是法定貢牌，按牌點大小取大者進貢"),
            ),
            "return": (_TRIBUTE_RETURN,),
            "refuse": (_TRIBUTE_RETURN,),
        },
    ),
    (
        "GJ-REVOLUTION",
        "革命",
        "revolution",
        ("gouji",),
        {
            "": (seed_quote("000", "在摸取的 36 張牌中，大花、小花、錢均無時，可宣告“革命”"),),
            "off": (
                reading(
                    BY_RULES_MD, "revolution = false：本规则不玩革命 (a profile option: this table plays without 革命)"
                ),
            ),
            "sits-out": (seed_quote("000", "可宣告“革命”，即棄牌不在參與此局的夠級活動"),),
            "void": (seed_quote("000", "如同時出現 2 個 ( 含 2 個 ) 以上革命者，則該局作廢"),),
            "waive": (seed_quote("000", "其對頭取得三次夠死級的權力。宣告放棄此權力即視為無頭"),),
            "place": (_REV_PLACE,),
        },
    ),
]
