"""升级 in the dashboard (``VIEW``): the parts of its pages drawn with Streamlit, and what the pages ask of
the game (``views.parts.game_view``). Its table, words and trick history are ``views.games.shengji.table``
(no Streamlit), its figures and frames ``views.games.shengji.charts``.

- Replay page: the square table, narrower beside its panel (four full hands), and below them the trick
  history: each finished trick (leader, the four plays, winner, points, each side's running points) and
  the trick in progress, the current trick highlighted.
- Timeline page: the points each side has won over the deal (``shengji_charts.timeline_figure``).
- Scoring page: 升级 has no places. Its score is the points per trick, the defenders' total with the kitty
  and its multiplier, the level change by the SJ-POINTS table (with the explain rows) and, when the log
  names a match, the match's level ladder: each side's level before and after each stored deal of the
  match, in deal order (the deals from the library's deal list, their levels from their replays).
- Coach page: the cards a seat held, by suit class in the deal's trump order.
- Dispute desk: the actions in the order of the phases, cards with suits, a typed position's hands by
  suit and the two sides' levels.
"""

from __future__ import annotations

import itertools

import pandas as pd
import streamlit as st

from coach.findings import Finding
from data import queries
from replay.games.shengji.engine import LEVEL_SEQUENCES, ShengjiState
from replay.games.shengji.engine import team as side_of
from replay.games.shengji.score import shengji_extras
from replay.replay import Replay
from replay.rules.profile import ProfileError
from replay.rules.profile_loader import log_profile
from replay.score import Score
from views.games.shengji.charts import (
    deal_name,
    kitty_parts,
    ladder_figure,
    ladder_frame,
    ladder_row_of,
    level_table,
    timeline_figure,
    trick_points_frame,
)
from views.games.shengji.players import players_page
from views.games.shengji.table import (
    hand_text,
    level_token,
    role_word,
    seat_side,
    seat_trumps,
    side_label,
    styled_tricks,
    table_html,
    trick_frame,
    trumps_text,
)
from views.parts.common import lang, stored, t
from views.parts.downloads import deal_csv
from views.parts.figures import show
from views.parts.game_view import Desk, GameView, Timeline
from views.parts.score_parts import HIGHLIGHT_BG, claims, explain, void
from views.parts.table import card_text
from views.parts.texts import EMPTY_CELL, md, rule_quote, who

PHASES = ("declare", "pass", "exchange", "bury", "play")  # its actions in the order of its phases

# -- the Replay page -------------------------------------------------------------------------------


def tricks_panel(rep: Replay, step: int, lang_: str) -> None:
    """The tricks so far, the current one highlighted."""
    st.subheader(t("墩", "Tricks"))
    frame, row = trick_frame(rep, step, lang_)
    if frame.empty:
        st.caption(t("还没有出牌。", "No trick has been played yet."))
        return
    st.caption(
        t(
            "每一墩：领出的座位、四家出的牌（★ 为赢家）、分数和两方的累计得分；当前一墩高亮。",
            "Each trick: who led, the four plays (★ the winner), its points and each side's running total; "
            "the current trick is highlighted.",
        )
    )
    st.dataframe(styled_tricks(frame, row, HIGHLIGHT_BG), hide_index=True, width="stretch", placeholder=EMPTY_CELL)


# -- the Coach page --------------------------------------------------------------------------------


def held_text(rep: Replay, f: Finding, lang_: str) -> str:
    """The cards a finding's seat held, by suit class in the deal's trump order at the finding's event."""
    k = max(0, min(f.index if f.index is not None else len(rep.states) - 1, len(rep.states) - 1))
    st_ = rep.states[k]
    assert isinstance(st_, ShengjiState)
    return hand_text(f.evidence.held, seat_trumps(st_, f.seat or 0), lang_)


# -- the dispute desk ------------------------------------------------------------------------------


def level_lines(profile: str) -> list[str]:
    """A typed position's header line of the two sides' levels before the deal (none when the profile
    names no ladder: then both start at its first)."""
    try:
        ladder = LEVEL_SEQUENCES[log_profile(profile).options["levels"]]  # a name: shipped or the club folder
    except (ProfileError, KeyError):
        return []
    c1, c2 = st.columns(2)
    a = c1.selectbox(t("座位0、2 一方的级", "Level of seats 0 and 2"), ladder, key=f"pos_level0_{profile}")
    b = c2.selectbox(t("座位1、3 一方的级", "Level of seats 1 and 3"), ladder, key=f"pos_level1_{profile}")
    return [f"levels {a} {b}"]


# -- the Scoring page ------------------------------------------------------------------------------


def score_page(rep: Replay, deal_id: int, score: Score | None) -> None:
    """A 升级 deal's score: tricks, the defenders' total and the kitty, the level change, the ladder."""
    lang_ = lang()
    st_ = rep.final
    assert isinstance(st_, ShengjiState)
    if score is not None and score.void:
        void(score)
        claims(rep, score)
        return
    if score is None:
        st.info(
            t(
                f"这局还没打完（记录到此为止）：没有计分。已打 {len(st_.tricks)} 墩，"
                f"甲方 (0·2) 得 {st_.points[0]} 分，乙方 (1·3) 得 {st_.points[1]} 分。",
                f"This deal is not finished (the record stops here): no score. {len(st_.tricks)} trick(s) played; "
                f"Team A (0·2) has {st_.points[0]} points, Team B (1·3) {st_.points[1]}.",
            )
        )
    _sj_sides(rep, score)
    _sj_tricks(rep, lang_)
    if score is not None:
        _sj_defenders(rep, score, lang_)
        _sj_levels(rep, score, lang_)
        explain(score)
    claims(rep, score)


def _sj_sides(rep: Replay, score: Score | None) -> None:
    st.subheader(t("两方", "Sides"))
    log, final = rep.log, rep.final
    assert isinstance(final, ShengjiState)
    levels = shengji_extras(score)
    before = list(levels.before) if levels is not None else [level_token(r) for r in final.levels]
    after = levels.after if levels is not None else None
    rows = []
    for side in (0, 1):
        team_score = next((x for x in score.teams if side_of(x.seats[0]) == side), None) if score is not None else None
        rows.append(
            {
                t("一方", "Side"): side_label(side, lang()),
                t("身份", "Role"): role_word(final, side, lang()),
                t("座位", "Seats"): f"{side}, {side + 2}",
                t("牌手", "Players"): ", ".join(log.player(s) for s in (side, side + 2)),
                t("墩分", "Points in tricks"): final.points[side],
                t("含底分", "With the kitty"): team_score.points if team_score is not None else None,
                t("本局前的级", "Level before"): str(before[side]),
                t("本局后的级", "Level after"): "" if after is None else str(after[side]),
            }
        )
    sides = pd.DataFrame(rows)
    st.dataframe(sides, hide_index=True, placeholder=EMPTY_CELL)
    deal_csv(sides, "sides")
    if final.declarer != -1:
        d = final.declarer
        st.caption(
            t(
                f"庄家：{who(log, d)}，{side_label(side_of(d), 'zh')}；{trumps_text(final.trumps, 'zh')}。",
                f"Declarer: {who(log, d)}, {side_label(side_of(d), 'en')}; {trumps_text(final.trumps, 'en')}.",
            )
        )


def _sj_tricks(rep: Replay, lang_: str) -> None:
    st.subheader(t("每墩得分", "Points per trick"))
    frame = trick_points_frame(rep, lang_)
    if frame.empty:
        st.caption(t("还没有打完的墩。", "No trick has been finished yet."))
        return
    st.caption(
        t(
            "分牌：5 算 5 分，10 和 K 各 10 分（SJ-POINTS）。",
            "Point cards: each 5 counts 5, each 10 and K 10 (SJ-POINTS).",
        )
    )
    st.dataframe(frame, hide_index=True, placeholder=EMPTY_CELL)
    deal_csv(frame, "tricks")


def _sj_defenders(rep: Replay, score: Score, lang_: str) -> None:
    st.subheader(t("闲家得分与底牌", "The defenders' points and the kitty"))
    final = rep.final
    assert isinstance(final, ShengjiState)
    kitty = kitty_parts(rep, score)
    extras = shengji_extras(score)
    total = extras.defenders if extras is not None else final.defenders_points
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
    lv = shengji_extras(score)
    total = lv.defenders if lv is not None else 0
    up, steps, passed = (lv.up, lv.steps, lv.passed) if lv is not None else (None, 0, None)
    before, after = (lv.before, lv.after) if lv is not None else (("", ""), ("", ""))
    final = rep.final
    assert isinstance(final, ShengjiState)
    defenders = None if final.declarer == -1 else 1 - side_of(final.declarer)
    if up is not None:
        side = side_label(up, lang_)
        if defenders is not None and up == defenders:  # 80 or more
            text = t(
                f"闲家得 {total} 分，够 80 分：庄家（{side_label(1 - up, lang_)}）不升级；"
                + (
                    f"闲家（{side}）升 {steps} 级（{before[up]} → {after[up]}）。"
                    if steps
                    else "闲家也不升（每多 40 分升一级）。"
                ),
                f"The defenders took {total} points, 80 or more: the declarers ({side_label(1 - up, lang_)}) "
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
        text += t("下一局谁坐庄由下一局定主决定。", " The next deal's declarers are decided by its 定主 (declaring).")
        st.markdown(text + "　`SJ-POINTS` `SJ-LEVEL`", help=rule_quote("SJ-LEVEL") or None)
    if passed is not None:
        st.success(
            t(
                f"{side_label(passed, 'zh')} 过了最后一级：赢得比赛（SJ-LEVEL）。",
                f"{side_label(passed, 'en')} passed the last level: it wins the match (SJ-LEVEL).",
            )
        )
    table, row = level_table(total, lang_)
    st.caption(
        t(
            "闲家得分与升级（SJ-POINTS），本局所在的一行高亮：",
            "The defenders' points and the levels (SJ-POINTS); this deal's row is highlighted:",
        )
    )
    st.dataframe(styled_tricks(table, row, HIGHLIGHT_BG), hide_index=True, placeholder=EMPTY_CELL)
    deal_csv(table, "levels")


def ladder_ids(match_key: str) -> list[int]:
    """The stored 升级 deals of a match, in deal order (deal number, then import order)."""
    return stored(queries.match_deals, match_key=match_key, game="shengji")


def _ladder(rep: Replay, deal_id: int) -> bool:
    """The Scoring page's match tab: the match's level ladder, deal by deal (whether there was any deal to show)."""
    key = rep.log.meta.get("match")
    if not key:
        return False
    ids = ladder_ids(str(key))
    if deal_id not in ids:
        ids.append(deal_id)
    rows = [r for r in (ladder_row_of(i) for i in ids) if r is not None]
    if not rows:
        return False
    lang_ = lang()
    st.subheader(t("比赛的级", "The match's levels") + " · " + md(key))
    st.caption(
        t(
            f"库里这场比赛的 {len(rows)} 局，按局序；每一点是一方在这一局之后的级（打几）。",
            f"The {len(rows)} stored deal(s) of this match in deal order; each point is a side's level after that deal.",
        )
    )
    sequence = tuple(getattr(rep.engine, "levels", LEVEL_SEQUENCES["A-K"]))
    show(ladder_figure(rows, sequence, deal_id, lang_), f"deal{deal_id}", "levels", key="scoring_ladder")
    frame = ladder_frame(rows, lang_)
    here = next((k for k, r in enumerate(rows) if r.deal_id == deal_id), None)
    st.dataframe(styled_tricks(frame, here, HIGHLIGHT_BG), hide_index=True, placeholder=EMPTY_CELL)
    deal_csv(frame, "match")
    gaps = [
        deal_name(b, lang_)
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
    return True


TIMELINE_ZH = (
    "两条线是两方赢墩累计的分数（蓝：甲方 (0·2)，红：乙方 (1·3)；图例标出庄家、闲家）；圆点是赢下的墩，"
    "越大分越多；绿色虚线是 80 分，闲家到 80 分起庄家不升级；灰白相间的带是各墩；★ 闲家扣底，✕ 教练发现。"
    "点击图上的点即打开那一步，在“复盘”页查看。"
)
TIMELINE_EN = (
    "The two lines are the points each side has won in tricks (blue: Team A (0·2), red: Team B (1·3); the legend "
    "names the declarers and the defenders); dots are tricks won, larger for more points; the green "
    "dotted line is 80, from which the declarers do not go up; the bands are the tricks; ★ the kitty to the "
    "defenders, ✕ coach finding. Click a point to open that step, then see it on the Replay page."
)

VIEW = GameView(
    name="shengji",
    table_html=table_html,
    seat_side=seat_side,
    replay_columns=(2, 1),
    replay_below=tricks_panel,
    timeline=Timeline(timeline_figure, TIMELINE_ZH, TIMELINE_EN),
    score_page=score_page,
    score_match=_ladder,
    held_text=held_text,
    value_unit=("级", "levels"),  # a rollout's worth: the levels the side goes up (coach.games.shengji.coach)
    desk=Desk(
        action_order=PHASES,
        cards_hint=(
            "牌（空格分开，须带花色，例如 5C 5C、BJ 4D 4D）",
            "Cards (space-separated, with suits: 5C 5C, BJ 4D 4D)",
        ),
        suits=True,
        events_placeholder="0 定主 BJ 2H 2H\n1 不定主",
        disputed_placeholder="0 出 AS",
        header=level_lines,
    ),
    players_page=players_page,
)
