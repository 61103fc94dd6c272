"""The words and the style of a deal's HTML report (``coach.report``: the CLI's and the dashboard's): its
bilingual labels (Chinese, English), the names of kinds, grades, views, severities, sureness, roles and actions, and its one
inline style sheet.

The names of kinds, grades, views, severities, sureness and roles are also the dashboard's
(``views.parts.texts`` reads them from here): one word for each, in each language, and no word for two of them
(``tests/replay/formats/notation/test_words.py``)."""

from __future__ import annotations

from coach.grades import GRADE_ZH, GRADES

LANGS = ("zh", "en")

LABELS: dict[str, tuple[str, str]] = {
    "title": ("复盘点评", "Coach report"),
    "meta": ("牌局信息", "The deal"),
    "date": ("日期", "Date"),
    "venue": ("地点", "Venue"),
    "match": ("比赛", "Match"),
    "deal": ("局号", "Deal"),
    "table": ("桌号", "Table"),
    "notes": ("备注", "Notes"),
    "previous": ("上局", "Previous deal"),
    "game": ("游戏", "Game"),
    "profile": ("规则", "Rule profile"),
    "source": ("记录", "Log"),
    "players": ("座位与牌手", "Seats and players"),
    "seat": ("座位", "Seat"),
    "player": ("牌手", "Player"),
    "role": ("身份", "Role"),
    "team": ("联邦", "Team"),
    "place": ("名次", "Place"),
    "points": ("得分", "Points"),
    "dealt": ("发牌", "The hands as dealt"),
    "cards": ("张数", "Cards"),
    "hand": ("手牌", "Hand"),
    "unknown_hand": ("未记录", "not recorded"),
    "unknown_cards": ("张未知", "unknown"),
    "score": ("计分", "Score"),
    "unfinished": ("牌局未打完：这局没有计分", "the deal did not finish: no score"),
    "void": ("本局作废，不计分", "the deal is void: no score"),
    "sweep": ("串三户：得分翻倍", "串三户 (sweep): scores doubled"),
    "teams": ("各方", "Sides"),
    "sum": ("名次分合计", "sum of places"),
    "summary": ("统计", "Summary"),
    "total": ("合计", "Total"),
    "all": ("全部", "All"),  # every seat; the whole deal (a finding of no one event) is "whole", 整局
    "findings": ("教练发现", "Findings"),
    "none": ("没有发现问题", "nothing to report"),
    "whole": ("整局", "The whole deal"),
    "event": ("第几手", "Event"),  # a column of event numbers (replay.core.numbering: the first is 1)
    "rule": ("规则", "Rule"),
    "maxim": ("俗语", "Maxim"),
    "reading": ("解读", "Reading"),
    "sureness": ("把握", "Sureness"),
    "evidence": ("依据", "Evidence"),
    "held": ("手中", "Held"),
    "on_table": ("桌面", "On the table"),
    "did": ("所为", "Did"),
    "instead": ("可改为", "Instead"),
    "facts": ("其他", "Facts"),
    "stood": ("当时牌桌", "The table as it stood"),
    "empty": ("空", "empty"),
    "by": ("出牌者", "played by"),
    "may_act": ("可行动", "May act"),
    "nobody": ("无人", "nobody"),
    "status": ("状态", "Status"),
    "out": ("已走", "out"),
    "acting": ("行动者", "acting"),
    "shown": ("报牌", "shown"),
    "unverified": ("未能核实", "Unverified"),
    "generated": ("由 fupan 生成", "made by fupan"),
    "evaluation": ("模拟评估", "Evaluation by simulation"),
    "accuracy": ("准确率", "Accuracy"),
    "decisions": ("评估的决定", "Decisions priced"),
    "lost": ("失分（有等级的）", "Points lost (graded)"),
    "price": ("模拟定价", "Price by simulation"),
    "judgement": ("判断", "Judgement"),  # the move's one judgement (coach.judgement)
    "unpriced": ("未估价", "not priced"),
    "loss": ("损失", "Loss"),
    "best": ("最佳", "Best"),
    "graded": ("有等级的决定", "Graded decisions"),
    "undecided": ("未定", "undecided"),  # no grade earned, a serious one left open (coach.grades.undecided)
    "perhaps": ("或为", "perhaps a"),
    "eval_settings": ("设置", "Settings"),
    "worth": ("模拟研究中的价值", "Worth in the study"),
    # the dashboard's options: the library's number, the rule check and the referee's decisions
    "deal_title": ("牌局报告", "Deal report"),
    "library": ("库里的编号", "Library number"),
    "rank": ("科", "Rank"),
    "check": ("规则检查", "Rule check"),
    "all_legal": ("每一手都合法（共 {n} 手）。", "Every event is legal ({n} event{ns})."),
    "illegal_n": ("{n} 处违规（共 {total} 手）：", "{n} rule violation{ns} ({total} event{ts}):"),
    "action": ("动作", "Action"),
    "why": ("说明", "Why"),
    "rulings": ("裁判裁定", "The referee's decisions"),
    "no_rulings": ("这一局没有存入裁判裁定。", "No referee's decision is stored on this deal."),
    "ruling": ("裁定", "Decision"),
    "upheld": ("维持", "upheld"),
    "overruled": ("推翻", "overruled"),
    "stands": ("现行", "stands"),
    "superseded": ("已被取代", "superseded"),
    "referee": ("裁判", "Referee"),
    "at": ("时间", "When"),
    "reasons": ("理由", "Reasons"),
}

KIND = {
    "violation": ("违规", "violation"),
    "maxim": ("俗语", "maxim"),
    "note": ("提示", "note"),
    "evaluation": ("评估", "evaluation"),  # the Evaluation page's word: a decision priced by rollouts
}
GRADE = {g: (GRADE_ZH[g], g) for g in GRADES}
#: the kinds of a move's one judgement (``coach.findings.JUDGEMENT_KINDS``; ``coach.judgement`` says when each is given)
JUDGEMENT = {
    "unpriced": ("未估价", "not priced"),
    "sound": ("估价合理", "sound"),
    "graded": ("估价评级", "graded"),
    "uncertain": ("估价难分", "uncertain"),
    "overruled": ("被估价否决", "overruled by the pricing"),
    "violation": ("违规", "violation"),  # the kind and the severity "violation": one concept
}
VIEW = {"seat": ("本座视角", "seat's view"), "all": ("明牌", "all cards known")}
SEVERITY = {
    "violation": ("违规", "violation"),
    "mistake": ("错误", "error"),  # not 失误/mistake: that is a grade (coach.grades), and a blunder is an error too
    "hint": ("提醒", "hint"),  # not 提示 (the kind "note") nor 建议 (a maxim's status "advice", coach.effects)
    "trial": ("试行", "on trial"),  # a maxim the study measured to cost points (coach.effects)
}
SURENESS = {
    "sure": ("确定", "sure"),
    "fair": ("较可靠", "fair"),
    "unsure": ("不确定", "unsure"),
    "disputed": ("有争议", "disputed"),
}
ROLE = {
    "emperor": ("皇帝", "emperor"),
    "loyalist": ("保皇派", "loyalist"),
    "rebel": ("革命党", "rebel"),
    "solo": ("皇帝（独保）", "emperor (solo)"),
}
ACTION = {
    "play": ("出牌", "play"),
    "pass": ("过", "pass"),
    "burn": ("烧牌", "burn"),
    "kou": ("扣牌", "kou"),
    "rang": ("让牌", "rang"),
    "jiefeng": ("接风", "jiefeng"),
    "show": ("亮3", "show"),
    "revolution": ("革命", "revolution"),
    "waive": ("放弃够死级", "waive"),
    "tribute": ("进贡", "tribute"),
    "return": ("还贡", "return"),
    "refuse": ("拒收还贡", "refuse"),
    "report": ("报牌", "report"),
    "call": ("叫庄", "call"),
    "yield": ("让庄", "yield"),
    "grab": ("抢庄", "grab"),
    "reveal": ("明保/明独", "reveal"),
    "wait": ("不烧", "no burn"),
    "deal": ("发牌", "deal"),
    "result": ("结果", "result"),
}

STYLE = """
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;
margin:0 auto;max-width:60rem;padding:1rem;color:#222;background:#fff;line-height:1.45}
h1{font-size:1.5rem;margin:.2rem 0}h2{font-size:1.2rem;border-bottom:2px solid #ddd;margin-top:1.6rem}
h3{font-size:1.05rem}.en{color:#555}
table{border-collapse:collapse;margin:.4rem 0}th,td{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;
vertical-align:top}th{background:#f4f4f4}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;margin:.5rem 0}
dl.meta dt{font-weight:600}dl.meta dd{margin:0}
.c{display:inline-block;min-width:1.6em;padding:0 .15em;margin:0 .05em;border:1px solid #ccc;
border-radius:3px;text-align:center;font-family:ui-monospace,Menlo,Consolas,monospace;background:#fafafa}
.c.red{color:#c00}.c.joker{color:#a0f;font-weight:600}.c.unk{color:#999}
.grp{display:inline-block;margin-right:.5em}
.badge{display:inline-block;padding:0 .45em;border-radius:.7em;font-size:.85em;color:#fff;margin-left:.3em}
.k-violation,.s-violation{background:#c62828}.k-maxim{background:#6a1b9a}.k-note{background:#00838f}
.k-evaluation{background:#37474f}.g-inaccuracy{background:#f9a825}.g-mistake{background:#ef6c00}
.g-blunder{background:#b71c1c}.g-undecided{background:#78909c}
.s-mistake{background:#ef6c00}.s-hint{background:#1565c0}.s-trial{background:#757575}.unseeded{background:#757575}
article.finding{border:1px solid #ddd;border-left:6px solid #1565c0;border-radius:4px;padding:.5rem .8rem;
margin:.8rem 0}
article.finding.s-violation{border-left-color:#c62828;background:#fff}
article.finding.s-mistake{border-left-color:#ef6c00;background:#fff}
article.finding.s-hint{border-left-color:#1565c0;background:#fff}
article.finding.s-trial{border-left-color:#9e9e9e;background:#fafafa}
.worth.trial{color:#6d4c41;font-weight:600}
.where{font-weight:600}.msg{margin:.3rem 0}.cite{margin:.3rem 0;color:#333}
dl.ev{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .8rem;margin:.3rem 0}
dl.ev dt{font-weight:600}dl.ev dd{margin:0}
tr.acting td{background:#fff8e1}tr.gone td{color:#999}
details{margin:.3rem 0}summary{cursor:pointer;font-weight:600}
footer{margin-top:2rem;color:#888;font-size:.85em}
.bad{color:#991b1b;font-weight:bold}.ok{color:#065f46}.muted{color:#555;font-size:.9rem}
@media print{body{max-width:none}h2{break-after:avoid}tr{break-inside:avoid}details{display:block}
article.finding{break-inside:avoid}}
"""
