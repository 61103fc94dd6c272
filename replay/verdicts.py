"""Verdicts and the rule register: every rule ID a verdict may cite, with its name and source.

A verdict says of one event: legal, or illegal with the rule it breaks, in Chinese and in English.
The rule IDs are those of RULES.md; ``RULES[rule_id]`` gives the names and the seed text the rule
rests on, for the dispute desk and the reports.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Rule(NamedTuple):
    """A rule of RULES.md: its ID, short names, the seed text it rests on (``seed`` "-" when no seed
    speaks: ``quote`` then says whose reading it is) and the profile options that change it."""

    id: str
    name_zh: str
    name_en: str
    seed: str
    quote: str
    options: tuple[str, ...] = ()


_R = [
    ("CARD-DECK", "牌数", "the decks", "000", "夠級是由 6 人用 4 付撲克進行"),
    ("CARD-ORDER", "牌点大小", "card order", "000", "不論花色，點數為準"),
    ("SET-FORM", "一套牌", "a set", "000", "所發（順）牌必須是同一點數，不同點數牌不可混合發出，花、錢例外"),
    ("SET-COUNT", "张数相同", "same number of cards", "004", "下家所出牌的張數必須和上家牌的張數相同"),
    ("SET-RANK", "步步高", "strictly higher", "000", "下家所發牌的點數必須高於上家牌的點數"),
    (
        "SET-BIGJOKER",
        "大花死牌",
        "big joker attached: dead set",
        "000",
        "大花掛任何牌時，發牌均為死牌，對頭應無條件為之扣牌",
    ),
    (
        "SET-SMALLJOKER",
        "小花挂牌",
        "small joker attached",
        "000",
        "小花掛牌時，須由大花掛高於小花所掛牌一點以上的牌方能滅之，且大花不得少於小花數量",
    ),
    ("TURN-ORDER", "循序渐进", "turn order", "000", "按反時針方向逐個進行，不得越、搶"),
    ("LEAD", "发牌", "lead", "004", "每輪第一個玩家出牌，稱為發牌"),
    ("PASS", "过牌", "pass", "000", "上家發牌後，下家有順牌或不順牌的權利，如不順牌，應宣告過牌"),
    (
        "PASS-LOCK",
        "过牌后无权发言",
        "a pass binds the round",
        "000",
        "過牌者除對頭牌外，這一輪再無權發牌，直至新一輪重新發牌",
    ),
    ("ROUND-END", "一轮结束", "end of a round", "004", "以後每輪都由上一輪的最後出牌人發牌"),
    ("DIPAI", "底牌", "last set", "000", "持牌人所發最後一次牌為底牌"),
    ("JIEFENG", "接风", "taking the lead after a last set", "000", "持牌人對上家的底牌可暫不上牌而申請由自己重新發牌"),
    ("FINISH", "争科", "finish order", "000", "以先發完牌者為勝，第一名為頭科，第二名為二科"),
    ("GJ-DEAL", "抓牌", "the deal", "000", "夠級分（抓）牌時人均 36 張"),
    ("GJ-TEAMS", "联邦", "teams", "000", "交叉 3 人為一方，稱聯邦"),
    ("GJ-OPPOSITE", "对头", "facing seats", "000", "對門為各自的夠級物件，稱對頭"),
    (
        "GJ-FIRST-LEAD",
        "上班",
        "first lead",
        "000",
        "最先摸到並亮出兩張同色 3 者為首發牌人……亮出同花色 3 多者可取代前首發牌人",
    ),
    (
        "GJ-GOUJI-SET",
        "够级牌",
        "a 够级 set",
        "000",
        "1 張大、小花及錢，2 張 A，2 張 K，3 張 Q，4 張 J，5 張 10 為法定最低級別、最少數量的夠級牌",
    ),
    (
        "GJ-GOUJI-ANSWER",
        "够级",
        "answering a 够级 set",
        "000",
        "當發出牌是夠級牌時，除燒牌或無頭外，只有對頭才有資格上牌",
    ),
    (
        "GJ-ANSWER-ORDER",
        "发言",
        "who answers a set that is not 够级",
        "000",
        "對頭的非夠級牌，其他人均不發言時，可由對頭發言。過牌後此輪中即失去發言權",
    ),
    (
        "GJ-KOU",
        "扣牌",
        "closing a round",
        "000",
        "對頭互為法定扣牌人，對頭未扣牌前，重新發牌無效，非對頭未徵得法定扣牌人認可扣牌無效",
    ),
    (
        "GJ-RANG",
        "让牌",
        "letting",
        "000",
        "持牌人對上兩家過牌的對頭牌……可宣告讓牌，即讓下兩家先上牌……對讓牌人順的牌，唯有對頭才有上牌權",
    ),
    (
        "GJ-BURN",
        "烧牌",
        "burning",
        "000",
        "首先用能蓋住所發夠級牌的牌將其滅掉，然後每次所發牌中必須掛一小花或大花，但最後一次發牌可除外",
    ),
    ("GJ-REPORT", "报牌", "showing counts", "000", "持牌人手中剩餘牌等於或少於 10 張，其手中持牌數量應顯示給其他玩家"),
    (
        "GJ-DEADLEVEL",
        "够死级",
        "last chance on a 底牌",
        "000",
        "頭科、二科的底牌，其對頭分別有一次無對頭夠級機會……過牌者在此輪中均不可再出牌",
    ),
    (
        "GJ-HEADLESS",
        "无头",
        "headless",
        "000",
        "頭科產生後，其對頭的夠級物件不復存在，稱無頭。其他持牌人按發牌對無頭者所發的任何牌都可滅之",
    ),
    (
        "GJ-CHAOS",
        "四人乱缠",
        "four-way melee",
        "000",
        "頭科、二科產生後，其餘四人不再按夠級、過牌、讓牌、燒牌等規則進行",
    ),
    ("GJ-SCORE", "计分", "scoring", "000", "頭科得 4 分，二科得 2 分，三科、四科均得 0 分，二落得 -2 分，大落得 -4 分"),
    ("GJ-SWEEP", "串三户", "sweep", "000", "如一方分獲頭科、二科、三科，則稱對方被串三戶。串三戶記分翻番"),
    ("GJ-TRIBUTE", "进贡", "tribute", "000", "大落向頭科進 2 張貢牌，二落向二科進 1 張貢牌"),
    ("GJ-REVOLUTION", "革命", "revolution", "000", "在摸取的 36 張牌中，大花、小花、錢均無時，可宣告革命"),
    ("BH-DEAL", "开牌", "the deal", "003", "由打牌伺服器將牌任意均分給 5 人"),
    (
        "BH-CALL",
        "叫庄",
        "calling",
        "003",
        "發牌時拿到有特殊標記的大王的玩家可以叫莊，叫莊需要有 3 張或 4 張同點數同花色的牌（大王、小王也可以作為叫莊牌）",
    ),
    (
        "BH-YIELD",
        "让庄",
        "yielding",
        "003",
        "拿到有特殊標記的大王的玩家放棄叫莊，可以按順時針方向將特殊標記的大王讓給下一位玩家叫莊",
    ),
    (
        "BH-FORCE",
        "逼庄",
        "forced call",
        "003",
        "如果 5 個玩家都沒有叫莊，就從第一個玩家開始按順時針方向逼莊：如果玩家手裡有且只有 3 張同點數同花色的牌就必須叫莊",
    ),
    ("BH-VOID", "黄庄", "void deal", "003", "如果沒有玩家符合逼莊的條件就算黃莊，重新發牌"),
    (
        "BH-GRAB",
        "抢庄",
        "grabbing",
        "003",
        "玩家可以強行將有特殊標記的大王拿到自己手裡，不需要有 3 張同點數同花色的牌，也不需要等別人讓莊就是搶莊。搶莊的情況下沒有保皇派",
    ),
    (
        "BH-LOYALIST",
        "保皇派",
        "the loyalist",
        "003",
        "手中有與皇帝叫莊牌同點數同花色牌的玩家為保皇派……可以在開牌前直接選擇明保按鈕，告知其他人自己的身份",
    ),
    ("BH-SOLO", "独保", "playing alone", "003", "如果莊家的叫莊牌有 4 張，那麼莊家就是獨保，既皇帝和保皇派為同一玩家"),
    ("BH-PLAY", "出牌", "play", "003", "默認每局最初都由皇帝開牌，其後每輪都由上一輪的最後出牌人發牌"),
    ("BH-PASS", "过牌", "passing", "003", "第一圈選擇過牌的玩家在第二圈也視為過牌"),
    (
        "BH-RANG",
        "让牌",
        "letting",
        "003",
        "對於前面人出的牌，第一圈可以選擇讓牌。如果一套牌第一圈沒有玩家順牌，選擇讓牌的玩家可以在第二圈選擇順牌/過牌",
    ),
    (
        "BH-KOU",
        "扣牌",
        "closing a round",
        "003",
        "如果每輪最後一套牌過牌 2 圈還沒人上牌，既視為扣牌，由最後一套牌的出牌人發牌",
    ),
    (
        "BH-SCORE",
        "计分",
        "scoring",
        "003",
        "頭科得 6 分，二科得 3 分，第三無分，二落得 -3 分，大落得 -6 分……皇帝的得分為：組分*2/3，保皇派的得分為：組分/3，革命黨的得分：組分/3。如果打明保分數翻倍",
    ),
    (
        "BH-SCORE-SOLO",
        "独保计分",
        "scoring a solo",
        "003",
        "頭科得 16 分，二科得 4 分，第三無分，二落得 -4 分，大落得 -16 分……革命黨的得分：組分/4……如果皇帝打明獨分數翻倍",
    ),
    (
        "BH-SCORE-GRAB",
        "抢杠计分",
        "scoring a grab",
        "003",
        "搶槓的情況下，皇帝頭科得 40 分，革命黨每人得 -10 分；皇帝不是頭科得 -40，革命黨每人得 10 分",
    ),
    # 升级 (三五番): seed 000's two lines, and RULES.md §5's reading of the standard rules where they are silent.
    ("SJ-DEAL", "发牌", "the deal", "000", "四個人,兩付牌.圍圈而坐,相對的兩個人同夥", ("kitty",)),
    ("SJ-LEVEL", "级", "levels", "000", "升級的時候從A到2 3 4 5 6 7 8 9 10 J Q K", ("levels",)),
    (
        "SJ-DECLARE",
        "定主",
        "declaring trumps",
        "000",
        "定主必須要有王,大王小王都可以,王加上一對同色牌就定主了,定主的時候把牌蓋住,一人定完主別人也可以定,"
        "摸完牌後比大小,大的把小的吃掉",
        ("declare_compare",),
    ),
    (
        "SJ-EXCHANGE",
        "换三张",
        "the exchange",
        "000",
        "然後在換三張牌給對方,吃什麼色給什麼色的牌,吃的王要回張固定主(2、3、5）",
    ),
    (
        "SJ-TRUMPS",
        "主牌",
        "trumps",
        "000",
        "吃的王要回張固定主(2、3、5）。定的那一色叫臨時主，其他的三色是負牌，臨時主和固定主能吃它",
    ),
    (
        "SJ-TRICK",
        "出牌",
        "tricks",
        "-",
        "种子未言；RULES.md 按标准升级规则解读：首家出单张、对子、拖拉机（或甩牌），其余按顺序跟同样张数，"
        "最大者得这一墩并领出下一墩 (seed 000 is silent; RULES.md's reading of the standard rules of 升级)",
        ("throws",),
    ),
    (
        "SJ-FOLLOW",
        "跟牌",
        "following suit",
        "-",
        "种子未言；RULES.md 按标准升级规则解读：有首家那一门须跟那一门，有对跟对，有拖拉机跟拖拉机，没有才可毙或垫 "
        "(seed 000 is silent; RULES.md's reading of the standard rules of 升级)",
    ),
    (
        "SJ-POINTS",
        "得分",
        "points and the level table",
        "-",
        "种子未言；RULES.md 按标准升级规则解读：5 计 5 分，10 和 K 计 10 分；闲家得分定升级，80 分上台；"
        "闲家赢最后一墩则扣底分加倍归闲家 (seed 000 is silent; RULES.md's reading of the standard rules of 升级)",
        ("kitty_multiplier",),
    ),
    ("LOG", "记录", "the log", "-", "an event the engine cannot place"),
]
RULES: dict[str, Rule] = {r[0]: Rule(*r) for r in _R}


class Reading(NamedTuple):
    """How the engine read an event where the log leaves a reading open (a ``play`` over a 够级 set
    read as 烧牌, a ``pass`` read as the closing 扣, a pass that changes nothing, a failed burn, a 革命
    place ...). ``code`` is stable for tools; ``zh``/``en`` say it to a person; ``rule`` and ``reason``
    name the register entry whose seed passage supports the reading."""

    code: str
    zh: str
    en: str
    rule: str = ""  # the rule that supports the reading (its quote backs it in a ruling)
    reason: str = ""  # which of the rule's quotes

    def to_json(self) -> dict[str, str]:
        """The reading as JSON: ``{"code", "zh", "en", "rule"}``."""
        return {"code": self.code, "zh": self.zh, "en": self.en, "rule": self.rule}


class Verdict(NamedTuple):
    """The ruling on one event: ``legal``, or the ``rule`` it breaks with messages in zh and en.

    ``index`` is the event's index in the log (None for the deal itself); ``effects`` lists what
    the event brought about that a reader should know (a seat out, a round closed, a burn failed);
    ``reading`` says how the event was read where the log leaves it open; ``reason`` names which of
    the rule's reasons applies (the register quotes the seed passage for each reason).
    """

    index: int | None
    seat: int | None
    action: str
    cards: tuple[str, ...]
    legal: bool
    rule: str | None = None
    message_zh: str = ""
    message_en: str = ""
    effects: tuple[str, ...] = ()
    reading: Reading | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        """The verdict as the stable JSON of ``fupan check --json``."""
        return {
            "index": self.index,
            "seat": self.seat,
            "action": self.action,
            "cards": list(self.cards),
            "legal": self.legal,
            "rule": self.rule,
            "reason": self.reason or None,
            "message_zh": self.message_zh,
            "message_en": self.message_en,
            "reading": None if self.reading is None else self.reading.to_json(),
        }

    def line(self, lang: str = "en") -> str:
        """A one-line human reading: place, then the ruling."""
        where = "deal" if self.index is None else f"event {self.index}"
        who = "" if self.seat is None else f", seat {self.seat}"
        msg = self.message_zh if lang == "zh" else self.message_en
        if self.legal:
            read = "" if self.reading is None else f" ({self.reading.zh if lang == 'zh' else self.reading.en})"
            return f"{where}{who}: {self.action} {' '.join(self.cards)}".rstrip() + f" — ok{read}"
        return f"{where}{who}: [{self.rule}] {msg}"


class IllegalEventError(ValueError):
    """Raised in strict mode for the first illegal event; carries its verdict."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(verdict.line())
