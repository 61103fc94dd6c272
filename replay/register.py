"""The rule register: every rule ID a verdict may cite, its names, the games it belongs to, and for each
reason a verdict may give the seed passage that supports it.

A quote is the seed's words, verbatim (whitespace aside; ``……`` only elides): ``tests/test_register.py``
finds every quote in its seed file under ``../shared/seeds/``. Where no seed speaks, the quote says
whose reading the rule is (``Quote.by``: RULES.md, fupan's own reading in docs/rules-as-implemented.md,
or a house rule of a profile option). A rule may have several reasons (GJ-BURN: the burn condition,
过牌不烧, an undeclared burn …); a ruling quotes the passage of its reason, in the seed its profile
follows when the rule has one there.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

# The source texts (../shared/seeds/): number -> file name, and what each holds.
SEED_FILES = {
    "000": "000_c3417a29fb903ad9.txt",
    "002": "002_4e75e75f59bdbfb9.txt",
    "003": "003_55dbf240d1995ecf.txt",
    "004": "004_5204f6b466b5b72b.txt",
}
SEED_TITLES = {
    "000": (
        "升级两行；够级（经典“够级大纲”）与够级俗语；保皇",
        "升级 in two lines; 够级 (the classic rules) and its sayings; 保皇",
    ),
    "002": ("保皇（简体，牌到 6）", "保皇 (simplified Chinese, ranks down to 6)"),
    "003": ("保皇（繁体，牌到 3）", "保皇 (traditional Chinese, ranks down to 3)"),
    "004": ("够级，网络平台的玩法", "够级 as an online platform plays it"),
}
# Whose reading a quote without a seed gives.
BY_RULES_MD = "RULES.md"
BY_FUPAN = "fupan"
BY_HOUSE = "house rule"
CLIMBING = ("gouji", "baohuang")


class Quote(NamedTuple):
    """A passage that supports a rule: the seed's words (``seed`` its number), or, when no seed speaks
    (``seed`` ""), the reading and whose it is (``by``)."""

    seed: str
    text: str
    by: str = ""

    @property
    def file(self) -> str:
        """The seed's file name under ../shared/seeds/ ("" when no seed speaks)."""
        return SEED_FILES.get(self.seed, "")

    def to_json(self) -> dict[str, str | None]:
        """``{"seed", "file", "text", "by"}``."""
        return {"seed": self.seed or None, "file": self.file or None, "text": self.text, "by": self.by or None}


class Rule(NamedTuple):
    """A rule of RULES.md: ID, short names, the games it belongs to, and its quotes per reason (the
    reason "" is the rule itself; each tuple lists the passages in the order they are preferred)."""

    id: str
    name_zh: str
    name_en: str
    games: tuple[str, ...]
    quotes: Mapping[str, tuple[Quote, ...]]

    @property
    def reasons(self) -> tuple[str, ...]:
        """The reasons a verdict citing this rule may give ("" first)."""
        return tuple(self.quotes)

    def quote_for(self, reason: str = "", seed: str = "") -> Quote:
        """The passage for ``reason`` (the rule's own when the reason has none), in ``seed`` when the
        rule has a passage there."""
        found = self.quotes.get(reason) or self.quotes[""]
        return next((q for q in found if q.seed == seed), found[0]) if seed else found[0]

    @property
    def quote(self) -> str:
        """The rule's own passage (reason "")."""
        return self.quote_for().text

    @property
    def seed(self) -> str:
        """The seed of the rule's own passage ("-" when no seed speaks)."""
        return self.quote_for().seed or "-"


def _q(seed: str, text: str) -> Quote:
    return Quote(seed, text)


def _by(by: str, text: str) -> Quote:
    return Quote("", text, by)


_FUPAN_KOU_OUT = _by(
    BY_RULES_MD,
    "GJ-KOU: 扣牌的对头已出完时，其余有牌的人都表态不上，这一轮即结束 (If the last player's 对头 is out, the round "
    "closes when every other active seat has declined.)",
)
_PASS_LOCK = (
    _q("000", "過牌者除“對頭牌”外，這一輪再無權發牌，直至新一輪重新發牌"),
    _q("004", "过牌者在这一轮里无权再出牌，直至新一轮重新发牌"),
)
_BURN_DECLARED = (
    _q("000", "當任意一人發夠級牌時，符合下列條件可優先於夠級者的對頭宣告“燒牌”"),
    _q("004", "当任意一人发够级牌时，符合下列捎牌条件者可优先于够级者的对门声明“捎牌”"),
)
_BURN_CONDITION = (
    _q(
        "000",
        "燒牌的條件是：首先用能蓋住所發夠級牌的牌將其滅掉，然後每次所發牌中必須掛一小花或大花，但最後一次發牌可除外，"
        "或者滅掉所發夠級牌後，手中所剩牌為同一點數的牌（即只剩一手牌）",
    ),
    _q(
        "004",
        "捎牌的条件是：首先用大于被捎牌者所发够级牌的牌将其灭掉，然后每次所发牌中必须挂花（多少不限），但最后一次发牌可除外。"
        "或者灭掉所发够级牌后，手中只剩下一套牌。",
    ),
)
_REV_PLACE = _q(
    "000",
    "革命者通常視為四科，不影響對方串三戶……當革命者的 2 個同夥分獲頭科、二科時，則革命者視為三科，即對方被串三戶。",
)
_TRIBUTE_RETURN = _q(
    "000",
    "頭科、二科吃貢後，須向大落、二落返還同等數量的牌，稱“還貢”。若進貢一方沒有與還貢牌點數相同的牌，可拒絕此張還貢牌，請吃貢方換",
)
_SJ_STANDARD = "种子未言；RULES.md 按标准升级规则解读："

_ROWS: list[tuple[str, str, str, tuple[str, ...], dict[str, tuple[Quote, ...]]]] = [
    # -- cards and sets (够级, 保皇) -----------------------------------------------------------------
    (
        "CARD-DECK",
        "牌数",
        "the decks",
        CLIMBING,
        {"": (_q("000", "夠級是由 6 人用 4 付撲克"), _q("003", "使用牌數：四副牌"))},
    ),
    (
        "CARD-ORDER",
        "牌点大小",
        "card order",
        CLIMBING,
        {
            "": (
                _q("000", "按照不論花色，點數為準的原則"),
                _q("003", "不論花色，點數相同即大小一樣。未掛花的牌按照牌點大小比較。"),
            )
        },
    ),
    (
        "SET-FORM",
        "一套牌",
        "a set",
        CLIMBING,
        {
            "": (
                _q("000", "所發（順）牌必須是同一點數，不同點數牌不可混合發出，花、錢例外"),
                _q(
                    "004",
                    "一套牌： 指游戏者一次发出的牌，按照不论花色、点数为准的原则，由“同点数牌N张 + X个2 + Y个小王 + Z个大王”组成",
                ),
                _q("003", "由“同點數牌 N 張 + X 個小王 + Y 個大王”組成"),
            )
        },
    ),
    (
        "SET-COUNT",
        "张数相同",
        "same number of cards",
        CLIMBING,
        {
            "": (
                _q("004", "出牌按照“张数相同”的原则进行，即下家所出牌的张数必须和“上家”牌的张数相同。"),
                _q("003", "出牌按照“張數相同”的原則進行，即下家所出牌的張數必須和“上家”牌的張數相同。"),
            )
        },
    ),
    (
        "SET-RANK",
        "步步高",
        "strictly higher",
        CLIMBING,
        {
            "": (
                _q("000", "發牌按照“步步高”的原則進行，即下家所發牌的點數必須高於“上家”牌的點數。"),
                _q("004", "出牌按照“步步高”的原则进行，即下家所出牌的点数必须高于“上家”牌的点数。"),
                _q("003", "出牌按照“步步高”的原則進行，即下家所出牌的點數必須高於“上家”牌的點數。"),
            )
        },
    ),
    (
        "SET-BIGJOKER",
        "大花死牌",
        "big joker attached: dead set",
        CLIMBING,
        {"": (_q("000", "大花掛任何牌時，發牌均為死牌，對頭應無條件為之“扣牌”"), _q("003", "掛大花的牌是最大的。"))},
    ),
    (
        "SET-SMALLJOKER",
        "小花挂牌",
        "small joker attached",
        CLIMBING,
        {
            "": (
                _q("000", "小花掛牌時，須由大花掛高於小花所掛牌一點以上的牌方能滅之，且大花不得少於小花數量"),
                _q(
                    "004",
                    "挂小花的牌必须用挂大花的牌来管，如2个小花+3个九，如果要大过此牌，必须在花和牌点两个方面都大过此牌，"
                    "如用2个大花带3个J大过（也可以用3个大花带2个J大过）。",
                ),
                _q("003", "掛小花的牌必須用掛大花的牌來管"),
            )
        },
    ),
    # -- the flow of play (够级, 保皇) -----------------------------------------------------------------
    (
        "TURN-ORDER",
        "循序渐进",
        "turn order",
        CLIMBING,
        {
            "": (
                _q("000", "發牌按照“循序漸進”的辦法進行，即除“燒牌”和夠級牌外，按反時針方向逐個進行，不得越、搶"),
                _q("004", "出牌按照“循序渐进”的办法进行，即按逆时针方向逐个玩家进行。"),
                _q("003", "出牌按照“循序漸進”的辦法進行，即按逆時針方向逐個玩家進行。"),
            )
        },
    ),
    (
        "LEAD",
        "发牌",
        "lead",
        CLIMBING,
        {"": (_q("004", "发牌： 每轮第一个玩家出牌，称为“发牌”。"), _q("003", "每輪第一個玩家出牌，稱為“發牌”。"))},
    ),
    (
        "PASS",
        "过牌",
        "pass",
        CLIMBING,
        {
            "": (
                _q("000", "上家發牌後，下家有順牌或不順牌的權利，如不順牌，應宣告“過牌”"),
                _q("004", "过牌： 对前面人出的牌不要，称为“过牌”。"),
                _q("003", "對前面人出的牌不要，稱為過牌。"),
            )
        },
    ),
    ("PASS-LOCK", "过牌后无权发言", "a pass binds the round", ("gouji",), {"": _PASS_LOCK}),
    (
        "ROUND-END",
        "一轮结束",
        "end of a round",
        CLIMBING,
        {
            "": (_q("004", "以后每轮都由上一轮的最后出牌人发牌"), _q("003", "其後每輪都由上一輪的最後出牌人發牌")),
            "all-pass": (
                _q("004", "一轮： 从一个玩家“发牌”后，经过若干玩家上牌，直到所有玩家都宣布“过牌”，称为一轮牌"),
                _q("003", "從一個玩家“發牌”後，經過若干玩家上牌，直到所有玩家都宣布“過牌”，稱為一輪牌"),
            ),
        },
    ),
    (
        "DIPAI",
        "底牌",
        "last set",
        CLIMBING,
        {"": (_q("000", "持牌人所發最後一次牌為“底牌”"), _q("003", "持牌人所發最後一套牌為底牌。"))},
    ),
    (
        "JIEFENG",
        "接风",
        "taking the lead after a last set",
        CLIMBING,
        {
            "": (
                _q("000", "持牌人對上家的底牌可暫不上牌而申請由自己重新發牌，稱“申請接風”"),
                _q("004", "接风： 对上家的“底牌”可暂不上牌而申请由自己重新“发牌”，称“申请接风”。"),
            ),
            "leads": (_q("000", "上家的底牌無人滅時，稱“接風”。下家接風后將獲得發牌權"),),
        },
    ),
    (
        "FINISH",
        "争科",
        "finish order",
        CLIMBING,
        {
            "": (
                _q("000", "以先發 ( 順 ) 完牌者為勝，謂“爭科”。第一名為“頭科”，第二名為“二科”"),
                _q("003", "第一個出完手中所有牌的玩家稱為“頭科”。"),
            ),
            "over": (
                _q("004", "一局结束： 当除一玩家外其他玩家都已经出完了手中的牌时，一局牌结束"),
                _q("003", "當除一玩家外其他玩家都已經出完了手中的牌時，一局牌結束"),
            ),
        },
    ),
    # -- 够级 ----------------------------------------------------------------------------------------
    ("GJ-DEAL", "抓牌", "the deal", ("gouji",), {"": (_q("000", "夠級分（抓）牌時人均 36 張"),)}),
    ("GJ-TEAMS", "联邦", "teams", ("gouji",), {"": (_q("000", "交叉 3 人為一方，稱“聯邦”"),)}),
    (
        "GJ-OPPOSITE",
        "对头",
        "facing seats",
        ("gouji",),
        {
            "": (_q("000", "對門為各自的夠級物件 , 稱“對頭”"),),
            "kou": (
                _q("000", "對頭互為法定扣牌人，對頭未扣牌前，重新發牌無效，非對頭未徵得法定扣牌人認可扣牌無效"),
                _q("004", "对门互为法定扣牌人"),
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
                _q(
                    "000",
                    "首次開牌或重新開牌後，最先摸到並亮出兩張同色 3 者為首發牌人，稱“亮 3 ”，此後，亮出同花色 3 多者可取代前首發牌人，"
                    "稱“頂班”。獲得首發牌權稱“上班”",
                ),
            ),
            "rotate": (
                _q("004", "第一局第一轮由本桌第一入座人发牌，其后每局第一轮发牌人为上局第一轮发牌人的逆时针邻座"),
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
                _q(
                    "000",
                    "1 張大、小花及錢， 2 張 A ， 2 張 K ， 3 張 Q ， 4 張 J ， 5 張 10 為法定最低級別、最少數量的夠級牌。",
                ),
                _q(
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
                _q("000", "當發出牌是“夠級牌”時，除“燒牌”或“無頭”外，只有對頭才有資格上牌，是為“夠級”"),
                _q(
                    "004",
                    "当发出的牌是“够级牌”时，除“捎牌”、“无头”或“四人乱缠”情况外，只有发牌者的对门才有资格上牌，是为“够级”。",
                ),
            )
        },
    ),
    (
        "GJ-ANSWER-ORDER",
        "发言",
        "who answers a set that is not 够级",
        ("gouji",),
        {
            "": (_q("000", "對頭的非夠級牌，其他人均不發言時，可由對頭髮言。過牌後此輪中即失去發言權"),),
            "at-kou": (_q("004", "但是，如果在本轮最后，过牌者成为扣牌人，那么他在扣牌前还可以再有一次出牌的机会"),),
        },
    ),
    (
        "GJ-KOU",
        "扣牌",
        "closing a round",
        ("gouji",),
        {
            "": (
                _q("000", "對頭互為法定扣牌人，對頭未扣牌前，重新發牌無效，非對頭未徵得法定扣牌人認可扣牌無效"),
                _q("004", "扣牌： 一轮结束前，对无人再要的牌必须作“扣牌”处理，表示本轮牌结束。对门互为法定扣牌人"),
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
                _q(
                    "000",
                    "持牌人對上兩家過牌的對頭牌，即不想過牌，又不原意立即上牌時，可宣告“讓牌”，即讓下兩家先上牌，"
                    "如下家均宣告過牌，再由持牌人確定上牌或扣牌。",
                ),
            ),
            "after": (_q("000", "對讓牌人順的牌，唯有對頭才有上牌權"),),
        },
    ),
    (
        "GJ-BURN",
        "烧牌",
        "burning",
        ("gouji",),
        {
            "": _BURN_CONDITION,
            "burn": (*_BURN_DECLARED, _q("004", "捎牌： 当不是自己对门发够级牌时，玩家可强行出牌灭之，称为“捎牌”。")),
            "undeclared": _BURN_DECLARED,
            "passed": (_q("000", "過牌不燒，燒牌優先"), *_PASS_LOCK),
            "not-gouji": _BURN_DECLARED,
            "no-set": _BURN_DECLARED,
            "opposite": _BURN_DECLARED,
            "own-set": (_by(BY_FUPAN, "烧牌是灭别人的够级牌：不能烧自己的牌 (a burn takes another seat's 够级 set)"),),
            "after-rang": (_q("000", "對讓牌人順的牌，唯有對頭才有上牌權"),),
            "dead": (_q("000", "大花掛任何牌時，發牌均為死牌，對頭應無條件為之“扣牌”"),),
            "between": (
                _by(
                    BY_HOUSE,
                    "burn_seats = between：只有够级者与其对头之间的两家可以烧牌 (only the two seats between burn)",
                ),
            ),
            "needs-head": (
                _by(
                    BY_HOUSE, "burn_needs_head = true：烧牌者自己的对头须仍有牌 (the burner's own 对头 must hold cards)"
                ),
            ),
            "failed": (
                _q(
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
        {"": (_q("000", "持牌人手中剩餘牌等於或少於 10 張，其手中持牌數量應顯示給其他玩家"),)},
    ),
    (
        "GJ-DEADLEVEL",
        "够死级",
        "last chance on a 底牌",
        ("gouji",),
        {
            "": (
                _q("000", "頭科、二科的底牌，其對頭分別有一次無對頭夠級機會，稱“夠死級”"),
                _q(
                    "004",
                    "够死级： 对于头科、二科的底牌是够级牌的情况，其对门如果上牌，则可以取得一次无对门够级机会，称“够死级”。",
                ),
            ),
            "passed": (_q("000", "頭科或二科發底牌後，除對頭外，過牌者在此輪中均不可再出牌"),),
            "only-burn": (
                _q("000", "除有燒牌者外，夠死級者即或重新發牌權"),
                _q("004", "如果够死级，则其他人还可以捎牌"),
            ),
            "leads": (_q("000", "除有燒牌者外，夠死級者即或重新發牌權"),),
        },
    ),
    (
        "GJ-HEADLESS",
        "无头",
        "headless",
        ("gouji",),
        {
            "": (
                _q(
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
                _q("000", "頭科、二科產生後，其餘四人不再按夠級、過牌、讓牌、燒牌等規則進行，稱“四人亂纏”"),
                _q("004", '头科、二科产生后，则任何牌都不再算作够级牌，与够级牌相关的规定也都作废，称"四人乱缠"'),
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
                _q(
                    "000",
                    "頭科得 4 分，二科得 2 分，三科、四科均得 0 分，二落得 -2 分，大落得 -4 分，每局中聯邦 3 人得分之和 ( 相抵之後 ) "
                    "按照“只記正分，不記負分”的原則記為該方積分",
                ),
                _q("004", "游戏规定“头科”得4分，“二科”得2分，第三、第四0分，“二落”得-2分，“大落”得-4分。"),
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
                _q("000", "如一方分獲頭科、二科、三科，則稱對方被“串三戶”。串三戶記分翻番，即獲勝一方積 12 分"),
                _q("004", "串三户时得分翻番。"),
            )
        },
    ),
    (
        "GJ-TRIBUTE",
        "进贡",
        "tribute",
        ("gouji",),
        {
            "": (_q("000", "大落向頭科進 2 張貢牌，二落向二科進 1 張貢牌。"),),
            "off": (_q("000", "採取積分制一般不再進貢"),),
            "when": (_q("004", "一局： 从开牌到打完所有的牌，称为一局，下一局将根据上一局的结果决定如何“进贡”。"),),
            "cards": (_q("000", "大花、小花、錢是法定貢牌，按牌點大小取大者進貢"),),
            "sweep": (
                _q("000", "串三戶的進貢方式是被串三戶的一方向各自的對頭進 1 張貢牌，串三戶一般不進貢，應重新開牌"),
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
            "": (_q("000", "在摸取的 36 張牌中，大花、小花、錢均無時，可宣告“革命”"),),
            "off": (
                _by(
                    BY_RULES_MD, "revolution = false：本规则不玩革命 (a profile option: this table plays without 革命)"
                ),
            ),
            "sits-out": (_q("000", "可宣告“革命”，即棄牌不在參與此局的夠級活動"),),
            "void": (_q("000", "如同時出現 2 個 ( 含 2 個 ) 以上革命者，則該局作廢"),),
            "waive": (_q("000", "其對頭取得三次夠死級的權力。宣告放棄此權力即視為無頭"),),
            "place": (_REV_PLACE,),
        },
    ),
    # -- 保皇 ----------------------------------------------------------------------------------------
    (
        "BH-DEAL",
        "开牌",
        "the deal",
        ("baohuang",),
        {"": (_q("003", "由打牌伺服器將牌任意均分給 5 人"), _q("002", "由打牌服务器将牌任意均分给5人"))},
    ),
    (
        "BH-CALL",
        "叫庄",
        "calling",
        ("baohuang",),
        {
            "": (
                _q(
                    "003",
                    "發牌時拿到有特殊標記的大王的玩家可以叫莊，叫莊需要有 3 張或 4 張同點數同花色的牌（大王、小王也可以作為叫莊牌）",
                ),
                _q(
                    "002",
                    "发牌时拿到有特殊标记的大王的玩家可以叫庄，叫庄需要有3张或4张同点数同花色的牌（大王、小王也可以作为叫庄牌）",
                ),
            ),
            "chosen": (_q("003", "叫莊或搶莊的玩家為皇帝。"),),
        },
    ),
    (
        "BH-YIELD",
        "让庄",
        "yielding",
        ("baohuang",),
        {
            "": (
                _q("003", "如果拿到有特殊標記的大王的玩家放棄叫莊，可以按順時針方向將特殊標記的大王讓給下一位玩家叫莊"),
            )
        },
    ),
    (
        "BH-FORCE",
        "逼庄",
        "forced call",
        ("baohuang",),
        {
            "": (
                _q(
                    "003",
                    "如果 5 個玩家都沒有叫莊，就從第一個玩家開始按順時針方向逼莊：如果玩家手裡有且只有 3 張同點數同花色的牌就必須叫莊",
                ),
                _q(
                    "002",
                    "如果5个玩家都没有叫庄，就从第一个玩家开始按顺时针方向逼庄：如果玩家手里有一个或者多个3张(且仅3张)同点数同花色的牌"
                    "就必须叫庄",
                ),
            )
        },
    ),
    ("BH-VOID", "黄庄", "void deal", ("baohuang",), {"": (_q("003", "如果沒有玩家符合逼莊的條件就算黃莊，重新發牌"),)}),
    (
        "BH-GRAB",
        "抢庄",
        "grabbing",
        ("baohuang",),
        {
            "": (
                _q(
                    "003",
                    "玩家可以強行將有特殊標記的大王拿到自己手裡，不需要有 3 張同點數同花色的牌，也不需要等別人讓莊就是搶莊。"
                    "搶莊的情況下沒有保皇派",
                ),
            )
        },
    ),
    (
        "BH-LOYALIST",
        "保皇派",
        "the loyalist",
        ("baohuang",),
        {
            "": (
                _q(
                    "003",
                    "手中有與皇帝叫莊牌同點數同花色牌的玩家為“保皇派”。保皇派如果覺得實力夠強，可以在開牌前直接選擇“明保”按鈕，"
                    "告知其他人自己的身份。",
                ),
            ),
            "grab": (_q("003", "搶莊的情況下沒有保皇派"),),
        },
    ),
    (
        "BH-SOLO",
        "独保",
        "playing alone",
        ("baohuang",),
        {"": (_q("003", "如果莊家的叫莊牌有 4 張，那麽莊家就是獨保，既皇帝和保皇派為同一玩家"),)},
    ),
    (
        "BH-PLAY",
        "出牌",
        "play",
        ("baohuang",),
        {
            "": (_q("003", "默認每局最初都由皇帝開牌，其後每輪都由上一輪的最後出牌人發牌"),),
            "twos": (_q("003", "由“同點數牌 N 張 + X 個小王 + Y 個大王”組成"),),
        },
    ),
    (
        "BH-PASS",
        "过牌",
        "passing",
        ("baohuang",),
        {
            "": (
                _q("003", "第一圈選擇過牌的玩家在第二圈也視為過牌"),
                _q("002", "第一圈选择过牌的玩家在第二圈也视为过牌"),
            )
        },
    ),
    (
        "BH-RANG",
        "让牌",
        "letting",
        ("baohuang",),
        {
            "": (
                _q(
                    "003",
                    "對於前面人出的牌，第一圈可以選擇“讓牌”。如果一套牌第一圈沒有玩家順牌，選擇“讓牌”的玩家可以在第二圈選擇順牌 / 過牌",
                ),
            )
        },
    ),
    (
        "BH-KOU",
        "扣牌",
        "closing a round",
        ("baohuang",),
        {"": (_q("003", "如果每輪最後一套牌過牌 2 圈還沒人上牌，既視為扣牌，由最後一套牌的出牌人發牌"),)},
    ),
    (
        "BH-SCORE",
        "计分",
        "scoring",
        ("baohuang",),
        {
            "": (
                _q(
                    "003",
                    "遊戲規定“頭科”得 6 分，“二科”得 3 分，第三無分，“二落”得 -3 分，“大落”得 -6 分。……皇帝的得分為：組分 *2/3 ，"
                    "保皇派的得分為：組分 /3 ，革命黨的得分：組分 /3 。 如果打明保分數翻倍",
                ),
            )
        },
    ),
    (
        "BH-SCORE-SOLO",
        "独保计分",
        "scoring a solo",
        ("baohuang",),
        {
            "": (
                _q(
                    "003",
                    "“獨保”的算分規則：“頭科”得 16 分，“二科”得 4 分，第三無分，“二落”得 -4 分，“大落”得 -16 分。……革命黨的得分：組分 /4=-4 。"
                    "如果皇帝打“明獨”分數翻倍",
                ),
            )
        },
    ),
    (
        "BH-SCORE-GRAB",
        "抢杠计分",
        "scoring a grab",
        ("baohuang",),
        {
            "": (
                _q(
                    "003",
                    "搶槓的情況下，皇帝“頭科”得 40 分，革命黨每人得 -10 分；皇帝不是“頭科”得 -40 ，革命黨每人得 10 分",
                ),
            )
        },
    ),
    # -- 升级 (三五番): seed 000's two lines, and RULES.md §5's reading where they are silent --------------
    ("SJ-DEAL", "发牌", "the deal", ("shengji",), {"": (_q("000", "四個人,兩付牌.圍圈而坐,相對的兩個人同夥"),)}),
    ("SJ-LEVEL", "级", "levels", ("shengji",), {"": (_q("000", "升級的時候從A到2 3 4 5 6 7 8 9 10 J Q K"),)}),
    (
        "SJ-DECLARE",
        "定主",
        "declaring trumps",
        ("shengji",),
        {
            "": (
                _q(
                    "000",
                    "定主必須要有王,大王小王都可以,王加上一對同色牌就定主了,定主的時候把牌蓋住,一人定完主別人也可以定,"
                    "摸完牌後比大小,大的把小的吃掉",
                ),
            ),
            "pass": (
                _by(
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
        {"": (_q("000", "然後在換三張牌給對方,吃什麼色給什麼色的牌,吃的王要回張固定主(2、3、5）"),)},
    ),
    (
        "SJ-TRUMPS",
        "主牌",
        "trumps",
        ("shengji",),
        {"": (_q("000", "定的那一色叫臨時主，其他的三色是負牌，臨時主和固定主能吃它"),)},
    ),
    (
        "SJ-TRICK",
        "出牌",
        "tricks",
        ("shengji",),
        {
            "": (
                _by(
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
                _by(
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
                _by(
                    BY_RULES_MD,
                    _SJ_STANDARD
                    + "5 计 5 分，10 和 K 计 10 分；闲家得分定升级，80 分以上庄家不升级、闲家每多 40 分升一级；"
                    "闲家赢最后一墩则扣底分加倍归闲家 (seed 000 is silent; RULES.md's reading of the standard rules of 升级)",
                ),
            )
        },
    ),
    (
        "LOG",
        "记录",
        "the log",
        ("gouji", "baohuang", "shengji"),
        {
            "": (
                _by(
                    BY_FUPAN,
                    "记录自相矛盾：无法按记录还原这一步 (the record contradicts itself: an event the engine cannot place)",
                ),
            )
        },
    ),
]

RULES: dict[str, Rule] = {
    rid: Rule(rid, zh, en, games, MappingProxyType(quotes)) for rid, zh, en, games, quotes in _ROWS
}


def rules_of(game: str) -> list[Rule]:
    """The rules a game's verdicts may cite, in register order."""
    return [r for r in RULES.values() if game in r.games]
