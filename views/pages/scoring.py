"""Page: the score of the open deal. Places and points per seat with the players' names, the team
sums, 串三户 (sweep) doubling, for 保皇 the roles (皇帝, 保皇派, 革命党; 独保, 抢庄; 明保, 明独) and their
doublings, and every figure's rule (``Score.explain``). When the log names a match (``meta.match``)
the match's running totals follow, deal by deal.

升级 has no places: its score is the points per trick, the defenders' total with the kitty and its
multiplier, the level change by the SJ-POINTS table (with the explain rows) and, when the log names a
match, the match's level ladder: each side's level before and after each stored deal of the match, in
deal order (the deals from the library's deal list, their levels from their replays).
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from data import queries
from replay.claims import claim_entries, value_text
from replay.log import Log
from replay.replay import Replay
from replay.scoring import Score
from replay.shengji import LEVEL_SEQUENCES, SjState
from replay.shengji import team as side_of
from views.games import baohuang, gouji, shengji, shengji_charts
from views.parts.common import deals_frame, engine, guarded, lang, need_deal, t
from views.parts.table import card_text
from views.parts.texts import chart, game_name, md, place_name, role_name, rule_name, rule_quote, who

HIGHLIGHT_BG = "background-color: #fde68a"

_SEAT = re.compile(r"\bseat (\d+)\b")


@guarded
def render() -> None:
    """Render the page."""
    st.title(t("计分", "Scoring"))
    got = need_deal()
    if got is None:
        return
    deal_id, rep = got
    log = rep.log
    _header(deal_id, log)
    if not rep.ok:
        st.warning(
            t(
                f"记录里有 {len(rep.illegal)} 处违规（见“复盘”“争议台”）；下面按记录里实际打出的结果计分。",
                f"The record breaks {len(rep.illegal)} rule(s) (see Replay, Dispute desk); the score below "
                "follows what the record shows was played.",
            )
        )
    score = rep.score()
    if log.game == "shengji":
        _shengji(rep, deal_id, score)
        return
    if score is None:
        _unfinished(rep)
    elif score.void:
        _void(score)
    else:
        _places(rep, score)
        if log.game == "gouji":
            gouji.score_section(rep, score)
        else:
            baohuang.score_section(rep, score)
        _explain(score)
    _claims(rep, score)
    _match(log, deal_id)


def _header(deal_id: int, log: Log) -> None:
    parts = [t(f"第 {deal_id} 局", f"Deal {deal_id}"), game_name(log.game), md(log.profile_name)]
    meta = log.meta
    for key in ("date", "venue"):
        if meta.get(key):
            parts.append(md(meta[key]))
    if meta.get("match"):
        number = meta.get("deal")
        parts.append(md(meta["match"]) + (t(f" 第 {number} 局", f" deal {number}") if number is not None else ""))
    st.caption(" · ".join(parts))


def _unfinished(rep: Replay) -> None:
    st.info(
        t("这局还没打完（记录到此为止）：没有计分。", "This deal is not finished (the record stops here): no score.")
    )
    out = list(rep.final.out)
    if out:
        places = rep.view(len(rep.states) - 1).places  # decided places only, as the score will rank them
        who = t("、", ", ").join(
            who(rep.log, s) + (f" {t(places[s].zh, places[s].en)}" if s in places else "") for s in out
        )
        st.markdown(t("已经走完（按出完的先后）：", "Out so far (in the order they went out): ") + who)


SEAT_RULES = ("GJ-REVOLUTION", "GJ-BURN")  # explain lines about one seat's place ("seat N …")
TEAM_RULES = ("GJ-SWEEP",)  # about a team's score


def _seat_rules(score: Score, seat: int) -> str:
    """The rules behind a seat's place and points: those of every seat (the scoring rule, a doubling)
    and those of explain lines naming this seat (革命, a failed burn)."""
    rules = [r for r, _ in score.explain if r not in SEAT_RULES + TEAM_RULES]
    rules += [r for r, text in score.explain if r in SEAT_RULES and seat in map(int, _SEAT.findall(text))]
    return ", ".join(dict.fromkeys(rules))


def _side(rep: Replay, seat: int) -> str:
    if rep.log.game == "gouji":
        team = seat % 2
        return t(
            f"{team} 队（{'·'.join(map(str, range(team, 6, 2)))}）",
            f"team {team} ({', '.join(map(str, range(team, 6, 2)))})",
        )
    return role_name(rep.engine.roles(rep.final).get(seat))


def _places(rep: Replay, score: Score) -> None:
    st.subheader(t("名次与得分", "Places and points"))
    game, log = rep.log.game, rep.log
    rows = [
        {
            t("名次", "Place"): p.place,
            t("科", "Rank"): place_name(p.place, game),
            t("座位", "Seat"): p.seat,
            t("牌手", "Player"): log.player(p.seat),
            t("队", "Team") if game == "gouji" else t("身份", "Role"): _side(rep, p.seat),
            t("得分", "Points"): p.points,
            t("规则", "Rule"): _seat_rules(score, p.seat),
        }
        for p in score.places
    ]
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    if score.unsplit:
        st.info(
            t(
                "保皇派不明（没有手牌、记录也没写）：只列名次分，不分到两边。",
                "The 保皇派 is not known (no hands, none named): place points only, not split between the sides.",
            )
        )


def _void(score: Score) -> None:
    """A void deal: why, with its rule, and no score."""
    rule, zh, en = score.void_reason or ("", "", "")
    st.warning(
        t(f"这局作废，不计分：{md(zh)}", f"This deal is void, no score: {md(en)}")
        + (f"　`{rule}` {md(rule_name(rule))}" if rule else "")
    )
    _explain(score)


def _explain(score: Score) -> None:
    st.subheader(t("计分依据", "How the score came about"))
    if not score.explain:
        st.caption(t("（没有说明）", "(no explanation)"))
    for rule, text in score.explain:
        st.markdown(f"- `{rule}` **{md(rule_name(rule))}**{t('：', ': ')}{md(text)}", help=rule_quote(rule) or None)


def _claims(rep: Replay, score: Score | None) -> None:
    """The result the log claims beside the computed one, entry by entry, each that differs marked with
    its rule (``replay.claims``: the comparison the claimed-result verdicts come from)."""
    entries = claim_entries(rep.log.result, score, rep.log.game, rep.final)
    if not entries:
        return
    st.subheader(t("记录的结果与牌局", "The claimed result and the deal"))
    frame = pd.DataFrame(
        [
            {
                t("项目", "Entry"): d.key,
                t("记录的", "Claimed"): value_text(d.claimed),
                t("牌局的", "Computed"): value_text(d.computed),
                t("不符", "Differs"): "✗" if d.differs else "",
                t("规则", "Rule"): d.rule,
                t("说明", "Why"): t(d.message_zh, d.message_en),
            }
            for d in entries
        ]
    )
    differs = [d.differs for d in entries]
    st.dataframe(
        frame.style.apply(lambda row: [HIGHLIGHT_BG if differs[row.name] else ""] * len(row), axis=1),
        hide_index=True,
    )
    bad = sum(differs)
    if bad:
        st.error(
            t(
                f"记录的结果有 {bad} 处与牌局不符（见上表的规则）。",
                f"{bad} claimed entr{'y differs' if bad == 1 else 'ies differ'} from the deal (rules above).",
            )
        )
    else:
        st.success(t("记录的结果与牌局相符。", "The claimed result agrees with the deal."))


def _match(log: Log, deal_id: int) -> None:
    key = log.meta.get("match")
    if not key:
        return
    standings = queries.match_standings(engine(), str(key), log.game)
    if standings.empty:
        return
    st.subheader(t("比赛累计", "Match standings") + " · " + md(key))
    standings = standings.copy()
    standings["label"] = [
        (t(f"第{d}局", f"deal {d}") if pd.notna(d) else f"#{i}")
        for d, i in zip(standings["deal"], standings["deal_id"], strict=True)
    ]
    order = list(dict.fromkeys(standings["label"]))
    fig = go.Figure()
    for player, rows in standings.groupby("player", sort=True):
        fig.add_scatter(
            x=rows["label"],
            y=rows["total"],
            mode="lines+markers",
            name=chart(player),
            hovertemplate="%{x}: %{y}<extra>" + chart(player) + "</extra>",
        )
    fig.update_xaxes(type="category", categoryorder="array", categoryarray=order)
    fig.update_layout(
        yaxis_title=t("累计得分", "running total"), legend_title_text=t("牌手", "player"), margin={"t": 30}
    )
    here = standings.loc[standings["deal_id"] == deal_id, "label"]
    if not here.empty:
        fig.add_vline(x=order.index(here.iloc[0]), line_dash="dot", line_color="grey")
    st.plotly_chart(fig)
    wide: Any = standings.pivot_table(index="label", columns="player", values="total", aggfunc="last", sort=False)
    wide = wide.reindex(order)
    wide.index.name = t("局", "Deal")
    st.dataframe(wide)


# -- 升级 ------------------------------------------------------------------------------------------


def _shengji(rep: Replay, deal_id: int, score: Score | None) -> None:
    """A 升级 deal's score: tricks, the defenders' total and the kitty, the level change, the ladder."""
    lang_ = lang()
    st_ = rep.final
    assert isinstance(st_, SjState)
    if score is not None and score.void:
        _void(score)
        _claims(rep, score)
        _ladder(rep, deal_id)
        return
    if score is None:
        st.info(
            t(
                f"这局还没打完（记录到此为止）：没有计分。已打 {len(st_.tricks)} 墩，"
                f"甲方 0·2 得 {st_.points[0]} 分，乙方 1·3 得 {st_.points[1]} 分。",
                f"This deal is not finished (the record stops here): no score. {len(st_.tricks)} trick(s) played; "
                f"side 0·2 has {st_.points[0]} points, side 1·3 {st_.points[1]}.",
            )
        )
    _sj_sides(rep, score)
    _sj_tricks(rep, lang_)
    if score is not None:
        _sj_defenders(rep, score, lang_)
        _sj_levels(rep, score, lang_)
        _explain(score)
    _claims(rep, score)
    _ladder(rep, deal_id)


def _sj_sides(rep: Replay, score: Score | None) -> None:
    st.subheader(t("两方", "Sides"))
    log, final = rep.log, rep.final
    assert isinstance(final, SjState)
    levels = (score.levels or {}) if score is not None else {}
    before = levels.get("before") or [shengji.level_token(r) for r in final.levels]
    after = levels.get("after")
    rows = []
    for side in (0, 1):
        team_score = next((x for x in score.teams if x.seats[0] % 2 == side), None) if score is not None else None
        rows.append(
            {
                t("一方", "Side"): shengji.side_label(side, lang()),
                t("身份", "Role"): shengji.role_word(final, side, lang()),
                t("座位", "Seats"): f"{side}, {side + 2}",
                t("牌手", "Players"): ", ".join(log.player(s) for s in (side, side + 2)),
                t("墩分", "Points in tricks"): final.points[side],
                t("含底分", "With the kitty"): team_score.points if team_score is not None else None,
                t("本局前的级", "Level before"): str(before[side]),
                t("本局后的级", "Level after"): "" if after is None else str(after[side]),
            }
        )
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    if final.declarer != -1:
        d = final.declarer
        st.caption(
            t(
                f"庄家：{who(log, d)}，{shengji.side_label(side_of(d), 'zh')}；{shengji.trumps_text(final.trumps, 'zh')}。",
                f"Declarer: {who(log, d)}, {shengji.side_label(side_of(d), 'en')}; "
                f"{shengji.trumps_text(final.trumps, 'en')}.",
            )
        )


def _sj_tricks(rep: Replay, lang_: str) -> None:
    st.subheader(t("每墩得分", "Points per trick"))
    frame = shengji_charts.trick_points_frame(rep, lang_)
    if frame.empty:
        st.caption(t("还没有打完的墩。", "No trick has been finished yet."))
        return
    st.caption(
        t(
            "分牌：5 算 5 分，10 和 K 各 10 分（SJ-POINTS）。",
            "Point cards: each 5 counts 5, each 10 and K 10 (SJ-POINTS).",
        )
    )
    st.dataframe(frame, hide_index=True)


def _sj_defenders(rep: Replay, score: Score, lang_: str) -> None:
    st.subheader(t("闲家得分与底牌", "The defenders' points and the kitty"))
    final = rep.final
    assert isinstance(final, SjState)
    kitty = shengji_charts.kitty_parts(rep, score)
    total = (score.points or {}).get("defenders", final.defenders_points)
    in_tricks = total - kitty["to_defenders"]
    a, b, c = st.columns(3)
    a.metric(t("闲家墩分", "Defenders in tricks"), in_tricks)
    b.metric(
        t("底分", "Kitty"),
        kitty["to_defenders"],
        help=t(
            f"底牌 {kitty['raw']} 分 × {kitty['multiplier']}（闲家赢最后一墩才算）",
            f"kitty {kitty['raw']} points × {kitty['multiplier']} (only when the defenders win the last trick)",
        ),
    )
    c.metric(t("闲家合计", "Defenders' total"), total)
    buried = " ".join(card_text(tok, lang_) for tok in kitty["buried"]) or t("（无）", "(none)")
    last = kitty["last_winner"]
    if kitty["defenders_won_last"]:
        how = t(
            f"闲家的{who(rep.log, last)}赢了最后一墩：底牌 {kitty['raw']} 分 × {kitty['multiplier']} = "
            f"{kitty['to_defenders']} 分归闲家。",
            f"The defenders ({who(rep.log, last)}) won the last trick: the kitty's {kitty['raw']} points × "
            f"{kitty['multiplier']} = {kitty['to_defenders']} go to them.",
        )
    elif last is not None:
        how = t(
            f"庄家一方的{who(rep.log, last)}赢了最后一墩：底牌的 {kitty['raw']} 分不归闲家。",
            f"The declarers ({who(rep.log, last)}) won the last trick: the kitty's {kitty['raw']} points do not go "
            "to the defenders.",
        )
    else:
        how = ""
    st.markdown(t("底牌（庄家扣下的）：", "The kitty (buried by the declarer): ") + md(buried) + "  \n" + how)


def _sj_levels(rep: Replay, score: Score, lang_: str) -> None:
    st.subheader(t("升级", "Levels"))
    lv = score.levels or {}
    total = (score.points or {}).get("defenders", 0)
    up, steps, passed = lv.get("up"), int(lv.get("steps", 0)), lv.get("passed")
    before, after = lv.get("before") or ["", ""], lv.get("after") or ["", ""]
    final = rep.final
    assert isinstance(final, SjState)
    defenders = None if final.declarer == -1 else 1 - side_of(final.declarer)
    if up is not None:
        side = shengji.side_label(up, lang_)
        if defenders is not None and up == defenders:  # 80 or more
            text = t(
                f"闲家得 {total} 分，够 80 分：庄家（{shengji.side_label(1 - up, lang_)}）不升级；"
                + (
                    f"闲家（{side}）升 {steps} 级（{before[up]} → {after[up]}）。"
                    if steps
                    else "闲家也不升（每多 40 分升一级）。"
                ),
                f"The defenders took {total} points, 80 or more: the declarers ({shengji.side_label(1 - up, lang_)}) "
                "do not go up; "
                + (
                    f"the defenders ({side}) go up {steps} (from {before[up]} to {after[up]})."
                    if steps
                    else "the defenders do not go up either (1 level per further 40)."
                ),
            )
        else:
            text = t(
                f"闲家得 {total} 分，不到 80 分：庄家（{side}）升 {steps} 级（{before[up]} → {after[up]}）。",
                f"The defenders took {total} points, under 80: the declarers ({side}) go up {steps} "
                f"(from {before[up]} to {after[up]}).",
            )
        text += t("下一局谁坐庄由下一局定主决定。", " The next deal's declarers are decided by its 定主.")
        st.markdown(text + "　`SJ-POINTS` `SJ-LEVEL`", help=rule_quote("SJ-LEVEL") or None)
    if passed is not None:
        st.success(
            t(
                f"{shengji.side_label(passed, 'zh')} 过了最后一级：赢得比赛（SJ-LEVEL）。",
                f"{shengji.side_label(passed, 'en')} passed the last level: it wins the match (SJ-LEVEL).",
            )
        )
    table, row = shengji_charts.level_table(total, lang_)
    st.caption(
        t(
            "闲家得分与升级（SJ-POINTS），本局所在的一行高亮：",
            "The defenders' points and the levels (SJ-POINTS); this deal's row is highlighted:",
        )
    )
    st.dataframe(shengji.styled_tricks(table, row, HIGHLIGHT_BG), hide_index=True)


def ladder_ids(match_key: str) -> list[int]:
    """The stored 升级 deals of a match, in deal order (deal number, then import order)."""
    frame = deals_frame(game="shengji")
    if frame.empty:
        return []
    mine = frame[frame["match"] == match_key]
    mine = mine.assign(_n=mine["deal"]).sort_values(["_n", "id"], na_position="last", kind="stable")
    return [int(i) for i in mine["id"]]


def _ladder(rep: Replay, deal_id: int) -> None:
    key = rep.log.meta.get("match")
    if not key:
        return
    ids = ladder_ids(str(key))
    if deal_id not in ids:
        ids.append(deal_id)
    rows = [r for r in (shengji_charts.ladder_row_of(i) for i in ids) if r is not None]
    if not rows:
        return
    lang_ = lang()
    st.subheader(t("比赛的级", "The match's levels") + " · " + md(key))
    st.caption(
        t(
            f"库里这场比赛的 {len(rows)} 局，按局序；每一点是一方在这一局之后的级（打几）。",
            f"The {len(rows)} stored deal(s) of this match in deal order; each point is a side's level after that deal.",
        )
    )
    sequence = tuple(getattr(rep.engine, "levels", LEVEL_SEQUENCES["A-K"]))
    st.plotly_chart(shengji_charts.ladder_figure(rows, sequence, deal_id, lang_), key="scoring_ladder")
    frame = shengji_charts.ladder_frame(rows, lang_)
    here = next((k for k, r in enumerate(rows) if r.deal_id == deal_id), None)
    st.dataframe(shengji.styled_tricks(frame, here, HIGHLIGHT_BG), hide_index=True)
    gaps = [
        shengji_charts.deal_name(b, lang_)
        for a, b in itertools.pairwise(rows)
        if a.after is not None and tuple(a.after) != tuple(b.before)
    ]
    if gaps:
        st.caption(
            t(
                "这几局开始时的级与上一局之后的不同（中间有局没存进库？）：",
                "These deals start from other levels than the deal before left (a deal missing from the library?): ",
            )
            + md(t("、", ", ").join(gaps))
        )
