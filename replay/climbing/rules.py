"""The rules every climbing game shares (cards and sets, turns, rounds, 底牌, 接风, the finish): rows of the
rule register (``replay.rules.register``)."""

from __future__ import annotations

from replay.rules.quotes import CLIMBING, RuleRow, seed_quote

_SMALL_JOKER = (
    seed_quote("000", "小花掛牌時，須由大花掛高於小花所掛牌一點以上的牌方能滅之，且大花不得少於小花數量"),
    seed_quote(
        "004",
        "挂小花的牌必须用挂大花的牌来管，如2个小花+3个九，如果要大过此牌，必须在花和牌点两个方面都大过此牌，"
        "如用2个大花带3个J大过（也可以用3个大花带2个J大过）。",
    ),
    seed_quote("003", "掛小花的牌必須用掛大花的牌來管"),
)

ROWS: list[RuleRow] = [
    # -- cards and sets (够级, 保皇) -----------------------------------------------------------------
    (
        "CARD-DECK",
        "牌数",
        "the decks",
        CLIMBING,
        {"": (seed_quote("000", "夠級是由 6 人用 4 付撲克"), seed_quote("003", "使用牌數：四副牌"))},
    ),
    (
        "CARD-ORDER",
        "牌点大小",
        "card order",
        CLIMBING,
        {
            "": (
                seed_quote("000", "按照不論花色，點數為準的原則"),
                seed_quote("003", "不論花色，點數相同即大小一樣。未掛花的牌按照牌點大小比較。"),
            ),
            # a set with jokers attached (掛花): its rank is its base, the passage on what a set is made of
            "joker": (
                seed_quote("000", "所發（順）牌必須是同一點數，不同點數牌不可混合發出，花、錢例外"),
                seed_quote(
                    "004",
                    "一套牌： 指游戏者一次发出的牌，按照不论花色、点数为准的原则，由“同点数牌N张 + X个2 + Y个小王 + Z个大王”组成",
                ),
                seed_quote("003", "由“同點數牌 N 張 + X 個小王 + Y 個大王”組成"),
            ),
            # an answer of the same rank over a set with a small joker attached: the small joker passage
            "small-joker": _SMALL_JOKER,
        },
    ),
    (
        "SET-FORM",
        "一套牌",
        "a set",
        CLIMBING,
        {
            "": (
                seed_quote("000", "所發（順）牌必須是同一點數，不同點數牌不可混合發出，花、錢例外"),
                seed_quote(
                    "004",
                    "一套牌： 指游戏者一次发出的牌，按照不论花色、点数为准的原则，由“同点数牌N张 + X个2 + Y个小王 + Z个大王”组成",
                ),
                seed_quote("003", "由“同點數牌 N 張 + X 個小王 + Y 個大王”組成"),
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
                seed_quote("004", "出牌按照“张数相同”的原则进行，即下家所出牌的张数必须和“上家”牌的张数相同。"),
                seed_quote("003", "出牌按照“張數相同”的原則進行，即下家所出牌的張數必須和“上家”牌的張數相同。"),
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
                seed_quote("000", "發牌按照“步步高”的原則進行，即下家所發牌的點數必須高於“上家”牌的點數。"),
                seed_quote("004", "出牌按照“步步高”的原则进行，即下家所出牌的点数必须高于“上家”牌的点数。"),
                seed_quote("003", "出牌按照“步步高”的原則進行，即下家所出牌的點數必須高於“上家”牌的點數。"),
            )
        },
    ),
    (
        "SET-BIGJOKER",
        "大花死牌",
        "big joker attached: dead set",
        CLIMBING,
        {
            "": (
                seed_quote("000", "大花掛任何牌時，發牌均為死牌，對頭應無條件為之“扣牌”"),
                seed_quote("003", "掛大花的牌是最大的。"),
            )
        },
    ),
    (
        "SET-SMALLJOKER",
        "小花挂牌",
        "small joker attached",
        CLIMBING,
        {"": _SMALL_JOKER},
    ),
    # -- the flow of play (够级, 保皇) -----------------------------------------------------------------
    (
        "TURN-ORDER",
        "循序渐进",
        "turn order",
        CLIMBING,
        {
            "": (
                seed_quote(
                    "000", "發牌按照“循序漸進”的辦法進行，即除“燒牌”和夠級牌外，按反時針方向逐個進行，不得越、搶"
                ),
                seed_quote("004", "出牌按照“循序渐进”的办法进行，即按逆时针方向逐个玩家进行。"),
                seed_quote("003", "出牌按照“循序漸進”的辦法進行，即按逆時針方向逐個玩家進行。"),
            )
        },
    ),
    (
        "LEAD",
        "发牌",
        "lead",
        CLIMBING,
        {
            "": (
                seed_quote("004", "发牌： 每轮第一个玩家出牌，称为“发牌”。"),
                seed_quote("003", "每輪第一個玩家出牌，稱為“發牌”。"),
            )
        },
    ),
    (
        "PASS",
        "过牌",
        "pass",
        CLIMBING,
        {
            "": (
                seed_quote("000", "上家發牌後，下家有順牌或不順牌的權利，如不順牌，應宣告“過牌”"),
                seed_quote("004", "过牌： 对前面人出的牌不要，称为“过牌”。"),
                seed_quote("003", "對前面人出的牌不要，稱為過牌。"),
            )
        },
    ),
    (
        "ROUND-END",
        "一轮结束",
        "end of a round",
        CLIMBING,
        {
            "": (
                seed_quote("004", "以后每轮都由上一轮的最后出牌人发牌"),
                seed_quote("003", "其後每輪都由上一輪的最後出牌人發牌"),
            ),
            "all-pass": (
                seed_quote("004", "一轮： 从一个玩家“发牌”后，经过若干玩家上牌，直到所有玩家都宣布“过牌”，称为一轮牌"),
                seed_quote("003", "從一個玩家“發牌”後，經過若干玩家上牌，直到所有玩家都宣布“過牌”，稱為一輪牌"),
            ),
        },
    ),
    (
        "DIPAI",
        "底牌",
        "last set",
        CLIMBING,
        {"": (seed_quote("000", "持牌人所發最後一次牌為“底牌”"), seed_quote("003", "持牌人所發最後一套牌為底牌。"))},
    ),
    (
        "JIEFENG",
        "接风",
        "taking the lead after a last set",
        CLIMBING,
        {
            "": (
                seed_quote("000", "持牌人對上家的底牌可暫不上牌而申請由自己重新發牌，稱“申請接風”"),
                seed_quote("004", "接风： 对上家的“底牌”可暂不上牌而申请由自己重新“发牌”，称“申请接风”。"),
            ),
            "leads": (seed_quote("000", "上家的底牌無人滅時，稱“接風”。下家接風后將獲得發牌權"),),
        },
    ),
    (
        "FINISH",
        "争科",
        "finish order",
        CLIMBING,
        {
            "": (
                seed_quote("000", "以先發 ( 順 ) 完牌者為勝，謂“爭科”。第一名為“頭科”，第二名為“二科”"),
                seed_quote("003", "第一個出完手中所有牌的玩家稱為“頭科”。"),
            ),
            "over": (
                seed_quote("004", "一局结束： 当除一玩家外其他玩家都已经出完了手中的牌时，一局牌结束"),
                seed_quote("003", "當除一玩家外其他玩家都已經出完了手中的牌時，一局牌結束"),
            ),
        },
    ),
]
