"""保皇's rules: rows of the rule register (``replay.rules.register``)."""

from __future__ import annotations

from types import MappingProxyType

from replay.rules.quotes import RuleRow, seed_quote
from replay.rules.rulings import Rulings

ROWS: list[RuleRow] = [
    (
        "BH-DEAL",
        "开牌",
        "the deal",
        ("baohuang",),
        {
            "": (
                seed_quote("003", "由打牌伺服器將牌任意均分給 5 人"),
                seed_quote("002", "由打牌服务器将牌任意均分给5人"),
            )
        },
    ),
    (
        "BH-CALL",
        "叫庄",
        "calling",
        ("baohuang",),
        {
            "": (
                seed_quote(
                    "003",
                    "發牌時拿到有特殊標記的大王的玩家可以叫莊，叫莊需要有 3 張或 4 張同點數同花色的牌（大王、小王也可以作為叫莊牌）",
                ),
                seed_quote(
                    "002",
                    "发牌时拿到有特殊标记的大王的玩家可以叫庄，叫庄需要有3张或4张同点数同花色的牌（大王、小王也可以作为叫庄牌）",
                ),
            ),
            "chosen": (seed_quote("003", "叫莊或搶莊的玩家為皇帝。"),),
        },
    ),
    (
        "BH-YIELD",
        "让庄",
        "yielding",
        ("baohuang",),
        {
            "": (
                seed_quote(
                    "003", "如果拿到有特殊標記的大王的玩家放棄叫莊，可以按順時針方向將特殊標記的大王讓給下一位玩家叫莊"
                ),
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
                seed_quote(
                    "003",
                    "如果 5 個玩家都沒有叫莊，就從第一個玩家開始按順時針方向逼莊：如果玩家手裡有且只有 3 張同點數同花色的牌就必須叫莊",
                ),
                seed_quote(
                    "002",
                    "如果5个玩家都没有叫庄，就从第一个玩家开始按顺时针方向逼庄：如果玩家手里有一个或者多个3张(且仅3张)同点数同花色的牌"
                    "就必须叫庄",
                ),
            )
        },
    ),
    (
        "BH-VOID",
        "黄庄",
        "void deal",
        ("baohuang",),
        {"": (seed_quote("003", "如果沒有玩家符合逼莊的條件就算黃莊，重新發牌"),)},
    ),
    (
        "BH-GRAB",
        "抢庄",
        "grabbing",
        ("baohuang",),
        {
            "": (
                seed_quote(
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
                seed_quote(
                    "003",
                    "手中有與皇帝叫莊牌同點數同花色牌的玩家為“保皇派”。保皇派如果覺得實力夠強，可以在開牌前直接選擇“明保”按鈕，"
                    "告知其他人自己的身份。",
                ),
            ),
            "grab": (seed_quote("003", "搶莊的情況下沒有保皇派"),),
        },
    ),
    (
        "BH-SOLO",
        "独保",
        "playing alone",
        ("baohuang",),
        {"": (seed_quote("003", "如果莊家的叫莊牌有 4 張，那麽莊家就是獨保，既皇帝和保皇派為同一玩家"),)},
    ),
    (
        "BH-PLAY",
        "出牌",
        "play",
        ("baohuang",),
        {
            "": (seed_quote("003", "默認每局最初都由皇帝開牌，其後每輪都由上一輪的最後出牌人發牌"),),
            "twos": (seed_quote("003", "由“同點數牌 N 張 + X 個小王 + Y 個大王”組成"),),
        },
    ),
    (
        "BH-PASS",
        "过牌",
        "passing",
        ("baohuang",),
        {
            "": (
                seed_quote("003", "第一圈選擇過牌的玩家在第二圈也視為過牌"),
                seed_quote("002", "第一圈选择过牌的玩家在第二圈也视为过牌"),
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
                seed_quote(
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
        {"": (seed_quote("003", "如果每輪最後一套牌過牌 2 圈還沒人上牌，既視為扣牌，由最後一套牌的出牌人發牌"),)},
    ),
    (
        "BH-SCORE",
        "计分",
        "scoring",
        ("baohuang",),
        {
            "": (
                seed_quote(
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
                seed_quote(
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
                seed_quote(
                    "003",
                    "搶槓的情況下，皇帝“頭科”得 40 分，革命黨每人得 -10 分；皇帝不是“頭科”得 -40 ，革命黨每人得 10 分",
                ),
            )
        },
    ),
]

#: the rule each action of a 保皇 event answers to
RULINGS = Rulings(
    MappingProxyType(
        {
            "lead": ("LEAD", ""),
            "answer": ("SET-RANK", ""),
            "pass": ("PASS", ""),
            "kou": ("BH-KOU", ""),
            "rang": ("BH-RANG", ""),
            "jiefeng": ("JIEFENG", ""),
            "call": ("BH-CALL", ""),
            "yield": ("BH-YIELD", ""),
            "grab": ("BH-GRAB", ""),
            "reveal": ("BH-LOYALIST", ""),
        }
    )
)
