"""升级 (三五番) in the dashboard: the table, the words and the trick history, without Streamlit (what the
pages ask of the game is ``views.games.shengji.view``).

- ``table_html(rep, step, seat_view, lang)``: the square table. Four seats around it in play order
  (counter-clockwise from the bottom: the viewer, or seat 0 in the review, at the bottom, the partner
  opposite; on a narrow table, a phone's, the two side seats side by side above the middle), each with its player, side (甲方 (0·2) / 乙方 (1·3), 庄家 or 闲家 once a declaration stands), its
  declaration, its hand grouped by suit class (the trumps first in trump order, then the side suits) and
  how and why it may act; in the middle the phase, the trump suit and level card, the declarer, the
  points each side has won, and the trick in progress at the seats that played it (who led, which play
  is biggest so far), or the trick just won.
- ``trick_spans`` / ``trick_frame``: the trick history (leader, the four plays, winner, points, the
  running points per side) and which row is the current trick.
- the words (sides, roles, phases, trumps, levels) the other 升级 parts and the pages use.

The timeline figure and the Scoring page's charts and frames are ``views.games.shengji.charts``, the parts
drawn with Streamlit ``views.games.shengji.view``.

Every string from a log (player names) is escaped: ``html.escape`` in HTML and Plotly labels; DataFrame
cells are shown as text by Streamlit and need nothing.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from html import escape
from typing import Any

import pandas as pd

from replay.core.cards import RANK_BJ, RANK_NAME, SUIT_GLYPH, Card, CardError
from replay.core.numbering import step_words
from replay.core.said import seat_name, side_name
from replay.core.seats import opposite
from replay.games.shengji.engine import (
    DECLARE,
    EXCHANGE,
    KITTY,
    OVER,
    PLAY,
    RANK_LEVEL,
    TRUMP,
    VOID,
    ShengjiState,
    Trumps,
    card_points,
    team,
    trick_winner,
)
from replay.replay import Replay
from views.parts.table import BestMove, action_label, best_counts, best_line, card_text, seat_label, tr

SIDE_COLORS = ("#2563eb", "#dc2626")
SUIT_ORDER = ("S", "H", "C", "D")  # side suits, black and red alternating
PHASES = {
    DECLARE: ("定主", "declaring"),
    EXCHANGE: ("换三张", "the exchange (换三张)"),
    KITTY: ("扣底", "burying the kitty"),
    PLAY: ("出牌", "tricks"),
    OVER: ("牌局结束", "deal over"),
    VOID: ("作废（无人定主）", "void (nobody declared)"),
}
THRESHOLD = 80  # SJ-POINTS: from 80 the declarers do not go up (who declares next is the next 定主)


# -- words -----------------------------------------------------------------------------------------


def side_label(side: int, lang: str) -> str:
    """A side by its one name (``replay.core.said.side_name``): 甲方 (0·2) / 乙方 (1·3), Team A (0·2) / Team B (1·3)."""
    return tr(lang, *side_name(side, 4))


def role_word(st: ShengjiState, side: int, lang: str) -> str:
    """庄家 / 闲家 (declarers / defenders) once a declaration stands, else ""."""
    if st.declarer == -1:
        return ""
    return tr(lang, "庄家", "declarers") if team(st.declarer) == side else tr(lang, "闲家", "defenders")


def side_text(st: ShengjiState, side: int, lang: str) -> str:
    """A side with its role: "甲方 (0·2)（庄家）"."""
    role = role_word(st, side, lang)
    return side_label(side, lang) + (tr(lang, f"（{role}）", f" ({role})") if role else "")


def seat_side(rep: Replay, seat: int, lang: str) -> str:
    """A seat's side at the end of the deal and whether it declared (甲方 (0·2)（庄家）)."""
    final = rep.final
    assert isinstance(final, ShengjiState)
    return side_text(final, team(seat), lang)


def phase_label(phase: str, lang: str) -> str:
    """The phase of the deal in words."""
    zh, en = PHASES.get(phase, (phase, phase))
    return tr(lang, zh, en)


def level_token(rank: int) -> str:
    """A level rank as its token: 14 → A, 15 → 2, 10 → 10."""
    return RANK_LEVEL.get(rank, RANK_NAME.get(rank, str(rank)))


def trumps_text(trumps: Trumps | None, lang: str) -> str:
    """The trump suit and level card: "主 ♣ · 打 5" ("trumps ♣ · level 5")."""
    if trumps is None:
        return tr(lang, "未定主", "no trumps yet")
    glyph = SUIT_GLYPH.get(trumps.suit, trumps.suit)
    return tr(
        lang, f"主 {glyph} · 打 {level_token(trumps.level)}", f"trumps {glyph} · level {level_token(trumps.level)}"
    )


def seat_trumps(st: ShengjiState, seat: int) -> Trumps:
    """The trump order a seat's hand is sorted by: the deal's, or before a declaration stands the fixed
    trumps and the jokers with the seat's side's level (no trump suit yet)."""
    if st.trumps is not None:
        return st.trumps
    return Trumps("", st.levels[team(seat)])


def _card(token: str) -> Card | None:
    try:
        return Card(token)
    except CardError:
        return None


def suit_groups(tokens: list[str] | tuple[str, ...], trumps: Trumps) -> list[tuple[str | None, list[str]]]:
    """Cards grouped by suit class: the trumps (``T``) first, high to low in trump order, then the side
    suits (♠ ♥ ♣ ♦), high first; unknown cards (``??``) last under None."""
    groups: dict[str | None, list[tuple[int, int, str]]] = {}
    for tok in tokens:
        c = _card(tok)
        if c is None:
            groups.setdefault(None, []).append((0, 0, tok))
            continue
        cls, order = trumps.key(c)
        suit_rank = SUIT_ORDER.index(c.suit) if c.suit in SUIT_ORDER else -1
        groups.setdefault(cls, []).append((order, -suit_rank, tok))
    keys: list[str | None] = [k for k in (TRUMP, *SUIT_ORDER) if k in groups]
    keys += [k for k in groups if k not in keys and k is not None]
    if None in groups:
        keys.append(None)
    return [(k, [tok for *_, tok in sorted(groups[k], reverse=True)]) for k in keys]


def class_label(cls: str | None, lang: str) -> str:
    """A suit class's short name: 主 (trumps), ♠ …, ? for unknown cards."""
    if cls is None:
        return "?"
    if cls == TRUMP:
        return tr(lang, "主", "trumps")
    return SUIT_GLYPH.get(cls, cls)


def hand_text(tokens: list[str] | tuple[str, ...], trumps: Trumps, lang: str) -> str:
    """A hand by suit class for reading: "主：大王 ♣5×2 · ♠：A K 9" (raw)."""
    parts = []
    for cls, toks in suit_groups(tokens, trumps):
        counted: dict[str, int] = {}
        for tok in toks:
            counted[tok] = counted.get(tok, 0) + 1
        cards = " ".join(card_text(t, lang) + (f"×{k}" if k > 1 else "") for t, k in counted.items())
        parts.append(f"{class_label(cls, lang)}{tr(lang, '：', ': ')}{cards}")
    return " · ".join(parts)


# -- the table -------------------------------------------------------------------------------------

_CSS = """
.sj-wrap{container-type:inline-size;width:100%}
.sj-table{display:grid;grid-template-columns:minmax(0,31fr) minmax(0,38fr) minmax(0,31fr);grid-template-rows:auto auto auto;gap:8px;
padding:8px;background:#166534;border-radius:14px;font-family:system-ui,-apple-system,"Segoe UI",
"PingFang SC","Microsoft YaHei",sans-serif;font-size:13px;color:#1f2933;box-sizing:border-box;width:100%}
.sj-table *{box-sizing:border-box}
.sj-seat{background:#fff;border:2px solid #cbd2d9;border-top-width:6px;border-radius:8px;padding:5px 7px;
box-shadow:0 1px 3px rgba(0,0,0,.15);align-self:center;min-width:0}
.sj-pos0{grid-column:1/4;grid-row:3;justify-self:center;width:74%}
.sj-pos2{grid-column:1/4;grid-row:1;justify-self:center;width:74%}
.sj-pos1{grid-column:3;grid-row:2}.sj-pos3{grid-column:1;grid-row:2}
.sj-seat.sj-s0{border-top-color:#2563eb}.sj-seat.sj-s1{border-top-color:#dc2626}
.sj-seat.sj-act{border-color:#f97316;box-shadow:0 0 0 3px rgba(249,115,22,.35)}
.sj-seat.sj-me{background:#fffbeb}
.sj-name{font-weight:600;font-size:14px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.sj-sub{color:#52606d;font-size:12px}
.sj-badge{display:inline-block;border-radius:9px;padding:0 6px;margin:1px 2px 1px 0;font-size:11px;
background:#e4e7eb;color:#323f4b}
.sj-badge.sj-zhuang{background:#d97706;color:#fff;font-weight:700}
.sj-badge.sj-decl{background:#dbeafe;color:#1e40af}
.sj-hand{margin-top:3px;line-height:1.8}
.sj-suit{white-space:normal}
.sj-cls{display:inline-block;min-width:30px;font-weight:700;color:#52606d;font-size:12px}
.sj-c{display:inline-block;border:1px solid #cbd2d9;border-radius:4px;padding:0 2px;margin:0 1px 2px 0;
background:#f8fafc;font-weight:600;line-height:1.45}
.sj-c.sj-red{color:#dc2626}.sj-c.sj-trump{background:#fef9c3}
.sj-c sub{font-weight:400;color:#52606d;font-size:10px}
.sj-count{font-size:22px;font-weight:700;color:#323f4b}
.sj-act-line{margin-top:3px;color:#c2410c;font-size:12px}
.sj-c.sj-best{background:#fde047;border-color:#a16207;box-shadow:0 0 0 2px #facc15}
.sj-best-line{margin-top:3px;padding:1px 5px;border-radius:4px;background:#fef9c3;color:#713f12;font-size:12px;
border-left:3px solid #ca8a04}
.sj-mid{grid-column:2;grid-row:2;color:#f0fdf4;text-align:center;align-self:center;min-width:0}
.sj-info{font-size:12px;line-height:1.5}
.sj-info b{color:#fff}
.sj-trumps{display:inline-block;background:#facc15;color:#422006;border-radius:9px;padding:0 8px;
font-weight:700;font-size:13px}
.sj-pts{display:inline-block;border-radius:9px;padding:0 7px;margin:2px;font-weight:700;color:#fff}
.sj-pts.sj-p0{background:#2563eb}.sj-pts.sj-p1{background:#dc2626}
.sj-trick{display:grid;grid-template-columns:1fr 1fr 1fr;grid-template-rows:auto auto auto;gap:3px;
margin-top:6px;min-height:120px;align-items:center;justify-items:center}
.sj-trick.sj-done{opacity:.75}
.sj-slot{min-height:34px}
.sj-slot0{grid-column:2;grid-row:3}.sj-slot1{grid-column:3;grid-row:2}
.sj-slot2{grid-column:2;grid-row:1}.sj-slot3{grid-column:1;grid-row:2}
.sj-tcenter{grid-column:2;grid-row:2;font-size:11px;opacity:.9}
.sj-card{display:inline-block;background:#fff;color:#111;border-radius:4px;padding:1px 4px;margin:1px;
font-weight:700;font-size:15px;min-width:24px;box-shadow:0 1px 2px rgba(0,0,0,.4)}
.sj-card.sj-red{color:#dc2626}
.sj-tag{display:inline-block;font-size:10px;border-radius:7px;padding:0 5px;margin-left:2px;
background:#e4e7eb;color:#1f2933}
.sj-tag.sj-lead{background:#a7f3d0;color:#065f46}.sj-tag.sj-top{background:#facc15;color:#422006}
.sj-last{font-size:12px;margin-top:4px;padding:3px 6px;border-radius:6px;background:rgba(0,0,0,.25)}
@container (max-width:520px){
.sj-table{grid-template-columns:minmax(0,1fr) minmax(0,1fr);padding:5px;gap:5px;font-size:12px;zoom:.88}
.sj-pos2{grid-column:1/3;grid-row:1}.sj-pos3{grid-column:1;grid-row:2}.sj-pos1{grid-column:2;grid-row:2}
.sj-mid{grid-column:1/3;grid-row:3}.sj-pos0{grid-column:1/3;grid-row:4}
.sj-pos0,.sj-pos2{width:100%}
.sj-seat{padding:3px 5px;border-top-width:4px}
.sj-sub{font-size:11px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.sj-hand{margin-top:1px;line-height:1.4}
.sj-hand:not(.sj-hidden)>.sj-sub{display:none}
.sj-mid .sj-info{display:inline-block;margin:0 4px;line-height:1.4}
.sj-cls{min-width:24px;font-size:11px}
.sj-c{line-height:1.3;margin:0 1px 1px 0;padding:0 1px;font-size:11.5px}
.sj-act-line,.sj-best-line{margin-top:1px;font-size:11px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.sj-trick{min-height:0;margin-top:2px;gap:1px}
.sj-slot{min-height:0}
.sj-card{font-size:13px;padding:0 3px}
.sj-badge{font-size:10px;padding:0 4px;margin:0 2px 1px 0}
}
"""


def _red(c: Card | None) -> bool:
    return c is not None and (c.suit in ("H", "D") or c.rank == RANK_BJ)


def _hand_chips(tokens: list[str], trumps: Trumps, lang: str, best: dict[str, int] | None = None) -> str:
    rows = []
    for cls, toks in suit_groups(tokens, trumps):
        counted: dict[str, int] = {}
        for tok in toks:
            counted[tok] = counted.get(tok, 0) + 1
        chips = []
        for tok, k in counted.items():
            c = _card(tok)
            cls_names = ["sj-c"] + (["sj-red"] if _red(c) else []) + (["sj-trump"] if cls == TRUMP else [])
            count = f"<sub>×{k}</sub>" if k > 1 else ""
            picked = min(k, (best or {}).get(tok, 0))  # of these, how many the best move plays
            if picked:
                cls_names.append("sj-best")
            mark = f' data-best-cards="{picked}"' if picked else ""
            chips.append(f'<span class="{" ".join(cls_names)}"{mark}>{escape(card_text(tok, lang))}{count}</span>')
        rows.append(
            f'<div class="sj-suit" data-class="{escape(cls or "?")}"><span class="sj-cls">'
            f"{escape(class_label(cls, lang))} {len(toks)}</span>{''.join(chips)}</div>"
        )
    return "".join(rows)


def _mid_cards(tokens: list[str] | tuple[str, ...], lang: str) -> str:
    out = []
    for tok in tokens:
        cls = "sj-card sj-red" if _red(_card(tok)) else "sj-card"
        out.append(f'<span class="{cls}">{escape(card_text(tok, lang))}</span>')
    return "".join(out)


def table_html(rep: Replay, step: int, seat_view: int | None, lang: str, best: BestMove | None = None) -> str:
    """The 升级 table after ``step`` events as self-contained HTML (see the module's docstring); ``best``: the seat to
    act's best move by the stored evaluation, its cards marked (``sj-best``) and its price under them."""
    step = max(0, min(step, len(rep.states) - 1))
    st = rep.states[step]
    assert isinstance(st, ShengjiState)
    view = rep.view(step)
    if seat_view is not None and not 0 <= seat_view < 4:
        seat_view = None
    rot = 0 if seat_view is None else seat_view
    parts = [
        f"<style>{_CSS}</style>",
        '<div class="sj-wrap">',
        f'<div class="sj-table fp-table" data-game="shengji" data-step="{step}" '
        f'data-view="{"review" if seat_view is None else seat_view}" data-phase="{escape(st.phase)}">',
    ]
    for seat in range(4):
        parts.append(_seat_box(rep, st, view.to_act, view.why, seat, seat_view, (seat - rot) % 4, lang, best))
    parts.append(_middle(rep, st, step, seat_view, rot, lang))
    parts.append("</div></div>")
    return "".join(parts)


def _seat_box(
    rep: Replay,
    st: ShengjiState,
    to_act: dict[int, tuple[str, ...]],
    why: dict[int, tuple[str, str]],
    seat: int,
    seat_view: int | None,
    pos: int,
    lang: str,
    best: BestMove | None = None,
) -> str:
    side = team(seat)
    classes = ["sj-seat", f"sj-pos{pos}", f"sj-s{side}"]
    acts = to_act.get(seat, ())  # 升级 has no action that tells a seat's side (保皇's 明保 is hidden from others)
    if acts:
        classes.append("sj-act")
    if seat_view == seat:
        classes.append("sj-me")
    head = tr(lang, f"{seat_name(seat)}", f"{seat_name(seat, en=True)}")
    name = rep.log.player(seat)
    partner = tr(lang, f"对家 {seat_name(opposite(seat, 4))}", f"partner: {seat_name(opposite(seat, 4), en=True)}")
    sub = f"{side_text(st, side, lang)} · {tr(lang, '打', 'level')} {level_token(st.levels[side])} · {partner}"
    badges = []
    if st.declarer == seat:
        badges.append(
            f'<span class="sj-badge sj-zhuang" data-declarer="{seat}">{tr(lang, "庄", "declarer (庄)")}</span>'
        )
    for k, (s, cards) in enumerate(st.declarations):
        if s != seat:
            continue
        shown = seat_view is None or seat_view == seat or st.phase != DECLARE
        what = " ".join(card_text(c.token, lang) for c in cards) if shown else tr(lang, "（暗）", "(face down)")
        stood = st.winner == k and st.phase != DECLARE
        word = tr(lang, "定主", "declared") + (tr(lang, "（成）", " (stands)") if stood else "")
        badges.append(f'<span class="sj-badge sj-decl">{escape(word)} {escape(what)}</span>')
    if seat in getattr(st, "passed", ()):
        badges.append(f'<span class="sj-badge" data-passed="{seat}">{tr(lang, "不定主", "no declaration")}</span>')
    if st.declarer == seat and st.buried:
        if seat_view is None or seat_view == seat:
            buried = " ".join(card_text(c.token, lang) for c in st.buried)
            badges.append(f'<span class="sj-badge">{tr(lang, "扣底", "buried")} {escape(buried)}</span>')
        else:
            badges.append(f'<span class="sj-badge">{tr(lang, "已扣底", "kitty buried")} {len(st.buried)}</span>')
    hand = st.hands[seat].cards_or_unknown()
    if seat_view is None or seat_view == seat:
        body = (
            f'<div class="sj-hand" data-hand="{seat}"><span class="sj-sub">{len(hand)} {tr(lang, "张", "cards")}</span>'
            f"{_hand_chips(hand, seat_trumps(st, seat), lang, best_counts(best, seat))}</div>"
        )
    else:
        body = (
            f'<div class="sj-hand sj-hidden" data-count="{seat}"><span class="sj-count">{len(hand)}</span> '
            f'<span class="sj-sub">{tr(lang, "张（牌面不可见）", "cards (hidden)")}</span></div>'
        )
    act_line = ""
    if acts:
        how = tr(lang, "、", ", ").join(action_label(a, lang, "shengji") for a in acts)
        zh, en = why.get(seat, ("", ""))
        reason = tr(lang, zh, en)
        act_line = (
            f'<div class="sj-act-line" data-act="{seat}">▶ {escape(how)}'
            + (f" — {escape(reason)}" if reason else "")
            + "</div>"
        )
    return (
        f'<div class="{" ".join(classes)}" data-seat="{seat}">'
        f'<div class="sj-name" title="{escape(name)}">{head} · {escape(name)}</div>'
        f'<div class="sj-sub">{escape(sub)}</div>'
        f"<div>{''.join(badges)}</div>{body}{best_line(best, seat, 'sj-best-line')}{act_line}</div>"
    )


def _trick_grid(
    rep: Replay,
    plays: tuple[tuple[int, tuple[Card, ...]], ...],
    top: int | None,
    rot: int,
    center: str,
    done: bool,
    lang: str,
) -> str:
    slots = []
    leader = plays[0][0] if plays else None
    for seat, cards in plays:
        tags = []
        if seat == leader:
            tags.append(f'<span class="sj-tag sj-lead">{tr(lang, "领出", "led")}</span>')
        if seat == top:
            word = tr(lang, "赢", "won") if done else tr(lang, "最大", "biggest")
            tags.append(f'<span class="sj-tag sj-top">{word}</span>')
        slots.append(
            f'<div class="sj-slot sj-slot{(seat - rot) % 4}" data-play="{seat}">'
            f"{_mid_cards([c.token for c in cards], lang)}{''.join(tags)}</div>"
        )
    tokens = " ".join(c.token for _, cs in plays for c in cs)
    cls = "sj-trick sj-done" if done else "sj-trick"
    return (
        f'<div class="{cls}" data-trick="{escape(tokens)}" data-leader="{"" if leader is None else leader}">'
        f'{"".join(slots)}<div class="sj-tcenter">{center}</div></div>'
    )


def _middle(rep: Replay, st: ShengjiState, step: int, seat_view: int | None, rot: int, lang: str) -> str:
    total = len(rep.states) - 1
    head = tr(lang, *step_words(step, total)) + " · " + phase_label(st.phase, lang)
    lines = [f'<div class="sj-info">{escape(head)}</div>']
    tr_attr = "" if st.trumps is None else f"{st.trumps.suit}{level_token(st.trumps.level)}"
    lines.append(
        f'<div class="sj-info" data-trumps="{escape(tr_attr)}"><span class="sj-trumps">'
        f"{escape(trumps_text(st.trumps, lang))}</span></div>"
    )
    if st.declarer != -1:
        who = seat_label(rep, st.declarer, lang)
        lines.append(
            f'<div class="sj-info" data-declarer="{st.declarer}">{tr(lang, "庄家", "declarer")}: '
            f"<b>{escape(who)}</b> · {escape(side_label(team(st.declarer), lang))}</div>"
        )
    pts = []
    for side in (0, 1):
        role = role_word(st, side, lang)
        label = side_label(side, lang) + (f" {role}" if role else "")
        pts.append(f'<span class="sj-pts sj-p{side}" data-points="{side}">{escape(label)} {st.points[side]}</span>')
    lines.append(f'<div class="sj-info">{tr(lang, "得分", "points")}: {"".join(pts)}</div>')
    if st.declarer != -1:
        d = st.defenders_points
        note = tr(
            lang,
            f"闲家 {d} 分，{THRESHOLD} 分起庄家不升级",
            f"defenders {d}; from {THRESHOLD} the declarers do not go up",
        )
        lines.append(f'<div class="sj-info" data-defenders="{d}">{escape(note)}</div>')
    if st.phase in (PLAY, OVER) and st.trumps is not None:
        if st.trick:
            number = len(st.tricks) + 1
            top = trick_winner(st.trick, st.trumps)
            pts_now = card_points([c for _, cs in st.trick for c in cs])
            center = escape(tr(lang, f"第 {number} 墩 · {pts_now} 分", f"trick {number} · {pts_now} pts"))
            lines.append(_trick_grid(rep, st.trick, top, rot, center, False, lang))
        elif st.tricks:
            last = st.tricks[-1]
            center = escape(
                tr(
                    lang,
                    f"第 {len(st.tricks)} 墩：{seat_name(last.winner)} 赢 {last.points} 分",
                    f"trick {len(st.tricks)}: {seat_name(last.winner, en=True)} won {last.points} pts",
                )
            )
            lines.append(_trick_grid(rep, last.plays, last.winner, rot, center, True, lang))
    elif st.phase == DECLARE and st.declarations and seat_view is None:
        decl = " · ".join(
            f"{seat_label(rep, s, lang)} {' '.join(card_text(c.token, lang) for c in cs)}" for s, cs in st.declarations
        )
        lines.append(f'<div class="sj-info">{tr(lang, "已定主", "declared")}: {escape(decl)}</div>')
    if step > 0:
        v = rep.verdicts[step - 1]
        mark = "✓" if v.legal else f"✗ {v.rule}"
        cards = " ".join(card_text(t, lang) for t in v.cards)
        lines.append(
            f'<div class="sj-last">{tr(lang, "上一手", "last")}: '
            f"{escape(seat_label(rep, v.seat, lang))} {escape(action_label(v.action, lang, 'shengji'))} "
            f"{escape(cards)} {escape(mark)}</div>"
        )
    return f'<div class="sj-mid">{"".join(lines)}</div>'


# -- the trick history -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TrickSpan:
    """Where a trick is in the event list: its number (1 = first), the events of its first and last play
    (``last`` None while it is in progress at the end of the record)."""

    number: int
    first: int
    last: int | None


_SPANS: weakref.WeakKeyDictionary[Replay, list[TrickSpan]] = weakref.WeakKeyDictionary()


def trick_spans(rep: Replay) -> list[TrickSpan]:
    """The tricks of the deal in order, with the events they took (memoised per replay)."""
    found = _SPANS.get(rep)
    if found is not None:
        return found
    spans: list[TrickSpan] = []
    start: int | None = None
    states = rep.states
    for k in range(1, len(states)):
        before, st = states[k - 1], states[k]
        if not isinstance(st, ShengjiState) or not isinstance(before, ShengjiState):
            break
        if not before.trick and st.trick:
            start = k - 1
        if len(st.tricks) > len(before.tricks):
            first = k - 1 if start is None else start
            spans.append(TrickSpan(len(st.tricks), first, k - 1))
            start = None
    if start is not None:
        spans.append(TrickSpan(len(spans) + 1, start, None))
    _SPANS[rep] = spans
    return spans


def current_trick(rep: Replay, step: int) -> int | None:
    """The number of the trick the last event shown at ``step`` belongs to (None before play or at 0)."""
    if step <= 0:
        return None
    i = step - 1
    for span in trick_spans(rep):
        if span.first <= i and (span.last is None or i <= span.last):
            return span.number
    return None


def _plays_row(rep: Replay, plays: Any, winner: int | None, lang: str) -> dict[str, str]:
    row = {}
    by_seat = {s: cs for s, cs in plays}
    for s in range(4):
        cards = by_seat.get(s)
        text = "" if cards is None else " ".join(card_text(c.token, lang) for c in cards)
        if cards is not None and s == winner:
            text += " ★"
        row[tr(lang, f"{seat_name(s)}", f"{seat_name(s, en=True)}")] = text
    return row


def trick_frame(rep: Replay, step: int, lang: str) -> tuple[pd.DataFrame, int | None]:
    """The tricks up to ``step``: one row per finished trick (and one for the trick in progress): number,
    leader, each seat's play (the winner's marked ★), winner, points, the side that took them, each
    side's running points; and the row of the current trick (None when there is none)."""
    st = rep.states[max(0, min(step, len(rep.states) - 1))]
    assert isinstance(st, ShengjiState)
    rows: list[dict[str, Any]] = []
    running = [0, 0]
    for k, t in enumerate(st.tricks, start=1):
        running[team(t.winner)] += t.points
        rows.append(
            {
                tr(lang, "墩", "trick"): k,
                tr(lang, "领出", "led by"): seat_label(rep, t.leader, lang),
                **_plays_row(rep, t.plays, t.winner, lang),
                tr(lang, "赢家", "winner"): seat_label(rep, t.winner, lang),
                tr(lang, "分", "points"): t.points,
                tr(lang, "得分方", "to"): side_text(st, team(t.winner), lang) if t.points else "",
                tr(lang, "甲方 (0·2) 累计", "Team A (0·2) total"): running[0],
                tr(lang, "乙方 (1·3) 累计", "Team B (1·3) total"): running[1],
            }
        )
    if st.trick and st.trumps is not None:
        top = trick_winner(st.trick, st.trumps)
        rows.append(
            {
                tr(lang, "墩", "trick"): len(st.tricks) + 1,
                tr(lang, "领出", "led by"): seat_label(rep, st.trick[0][0], lang),
                **_plays_row(rep, st.trick, None, lang),
                tr(lang, "赢家", "winner"): tr(
                    lang, f"（进行中，目前{seat_name(top)}最大）", f"(in progress: {seat_name(top, en=True)} biggest)"
                ),
                tr(lang, "分", "points"): card_points([c for _, cs in st.trick for c in cs]),
                tr(lang, "得分方", "to"): "",
                tr(lang, "甲方 (0·2) 累计", "Team A (0·2) total"): running[0],
                tr(lang, "乙方 (1·3) 累计", "Team B (1·3) total"): running[1],
            }
        )
    frame = pd.DataFrame(rows)
    cur = current_trick(rep, step)
    row = None if cur is None or cur > len(rows) else cur - 1
    return frame, row


def styled_tricks(frame: pd.DataFrame, row: int | None, bg: str) -> Any:
    """The trick table with the current trick's row painted ``bg``."""
    if row is None or frame.empty:
        return frame
    width = len(frame.columns)
    target = frame.index[row]

    def paint(r: pd.Series) -> list[str]:
        return [bg if r.name == target else ""] * width

    return frame.style.apply(paint, axis=1)
