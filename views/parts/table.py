"""The table drawing: one step of a replayed deal as self-contained HTML (no Streamlit, no external assets).

``table_html(rep, step, seat_view, lang)`` draws the seats around the table in play order, as a hexagon
(够级) or a pentagon (保皇), counter-clockwise from the bottom as the game is played (升级: a square table,
drawn by ``views.games.shengji.table``). The seats sit in the cells of a CSS grid (``data-pos``: the place
counted from the bottom), never positioned over one another: three columns, the seats staggered around the
middle, or two on a narrow table (a phone: a container query on the table's own width), so a box grows
with its hand and no box covers another, the middle or the page beside it. Each seat with its
player, its cards grouped by rank, its count under 报牌 and its place once out; in the middle the set on
the table and its owner; the seats that may act are highlighted with how and why. What is a game's own
comes from the game's view as ``TableMarks``: what a seat's box says under its name, its badges (its state
in the round), the marks of the set and of the round (``views.games.gouji``: teams, passed, burning, 无头 …;
``views.games.baohuang``: the roles as the viewer knew them, the called card …); this module knows none.

``seat_view=None`` is the review: every hand (and the game's marks as they truly are). ``seat_view=s`` is
what seat ``s`` saw: its own cards, the other seats' counts, and what the game's marks say it knew.

Every string that comes from a log (player names above all) is escaped with ``html.escape``; the
returned HTML may be handed to ``st.html``. The module also holds the labels the replay, timeline and
coach pages share (actions, places, cards); other pages may import them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any, NamedTuple

from coach.findings import UNPRICED_EN, UNPRICED_ZH, Finding
from replay.core.cards import RANK_BJ, RANK_NAME, RANK_ZH, Card, CardError, card_read
from replay.core.numbering import step_words
from replay.core.said import seat_name
from replay.formats.notation.words import action_name
from replay.replay import Replay, StepView
from replay.score import place_words
from views.parts.texts import SEVERITY_MARK, count

__all__ = ["SEVERITY_MARK"]  # a finding's severity as a mark (views.parts.texts), shared by the pages from here

UNKNOWN = "??"


def tr(lang: str, zh: str, en: str) -> str:
    """The text in ``lang`` (the pure twin of ``views.parts.common.t``)."""
    return zh if lang == "zh" else en


# what an action is called in one game when it differs (升级: to pass is to declare nothing, 不定主)
def action_label(action: str, lang: str, game: str | None = None) -> str:
    """An event's action in words (as ``game`` calls it, when given; ``replay.formats.notation.words.action_name``)."""
    return tr(lang, *action_name(action, game))


def place_label(n: int, place: int, lang: str) -> str:
    """A finishing place at a table of ``n`` seats in words: 头科 … 大落 (1st … 6th), ``replay.scoring``'s."""
    return tr(lang, *place_words(place, n))


def seat_label(rep: Replay, seat: int | None, lang: str) -> str:
    """ "座位3 张伟" / "seat 3 张伟" (raw)."""
    if seat is None:
        return tr(lang, "整局", "whole deal")
    name = rep.log.player(seat)
    head = tr(lang, f"{seat_name(seat)}", f"{seat_name(seat, en=True)}")
    return head if name == f"{seat_name(seat, en=True)}" else f"{head} {name}"


def worth_words(worth: Mapping[str, Any] | None, lang: str) -> str:
    """A maxim finding's worth in the study (``Finding.worth``, from ``coach.effects.worth``) as plain text in
    ``lang``, labelled; "" for a finding without one (escape it for the place it is shown in)."""
    if not worth:
        return ""
    return f"{tr(lang, '模拟研究中的价值：', 'Worth in the study: ')}{tr(lang, worth['zh'], worth['en'])}"


def judgement_words(f: Finding, lang: str) -> str:
    """A finding's move's one judgement (``Finding.judgement``, from ``coach.judgement.judge``: the price decides,
    the same on every page) as plain text in ``lang``, labelled; "not priced" for a finding at an event no stored
    evaluation priced; "" for a violation or a finding on the whole deal (escape it for the place it is shown in)."""
    j, label = f.told_judgement, tr(lang, "判断：", "Judgement: ")
    if j is not None:
        return f"{label}{j.text(lang)}"
    return f"{label}{tr(lang, UNPRICED_ZH, UNPRICED_EN)}" if f.unpriced else ""


def _card(token: str) -> Card | None:
    try:
        return Card(token)
    except CardError:
        return None


def rank_text(rank: int, lang: str) -> str:
    """A rank's short name (jokers: 大王/小王 in Chinese)."""
    return RANK_ZH[rank] if lang == "zh" else RANK_NAME[rank]


def card_text(token: str, lang: str) -> str:
    """One card for reading: ♠Q, 小王, ? (raw)."""
    return card_read(token, lang == "zh")


def cards_text(tokens: tuple[str, ...] | list[str], lang: str) -> str:
    """Cards for reading, space separated (raw)."""
    return " ".join(card_text(tok, lang) for tok in tokens)


def group_by_rank(tokens: list[str] | tuple[str, ...]) -> list[tuple[int | None, list[str]]]:
    """Cards grouped by rank, high first; unknown cards (``??``) last under rank None."""
    groups: dict[int | None, list[str]] = {}
    for tok in tokens:
        c = _card(tok)
        groups.setdefault(None if c is None else c.rank, []).append(tok)
    known = sorted((r for r in groups if r is not None), reverse=True)
    out: list[tuple[int | None, list[str]]] = [(r, groups[r]) for r in known]
    if None in groups:
        out.append((None, groups[None]))
    return out


def hand_text(tokens: list[str] | tuple[str, ...], lang: str) -> str:
    """A hand grouped by rank for reading: "大王 2×3 A×2 … ?×4" (raw)."""
    parts = []
    for rank, toks in group_by_rank(tokens):
        name = "?" if rank is None else rank_text(rank, lang)
        parts.append(name if len(toks) == 1 else f"{name}×{len(toks)}")
    return " ".join(parts)


@dataclass(frozen=True)
class BestMove:
    """The stored evaluation's best move for the seat to act at a step, as the table marks it: the seat, the
    cards of the best candidate (none for a pass), and its price in words (raw text, escaped where drawn);
    made by ``views.parts.evaluation_parts.best_move``."""

    seat: int
    cards: tuple[str, ...]
    words: str
    view: str  # the evaluation's view it is priced in: "seat" (what the seat knew) or "all" (all cards known)


def best_counts(best: BestMove | None, seat: int) -> dict[str, int]:
    """How many of each card token the best move of ``seat`` plays ({} when ``best`` is another seat's)."""
    if best is None or best.seat != seat:
        return {}
    counts: dict[str, int] = {}
    for tok in best.cards:
        counts[tok] = counts.get(tok, 0) + 1
    return counts


def best_line(best: BestMove | None, seat: int, css: str) -> str:
    """The seat box's line naming its best move and price (``class=css``, ``data-best`` the seat), or ""."""
    if best is None or best.seat != seat:
        return ""
    return f'<div class="{css}" data-best="{seat}" data-best-view="{escape(best.view)}">{escape(best.words)}</div>'


# -- HTML ------------------------------------------------------------------------------------------

_CSS = """
.fp-wrap{container-type:inline-size;width:100%}
.fp-table{position:relative;display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:8px;padding:10px;
width:100%;background:#14532d;border-radius:14px;font-family:system-ui,-apple-system,"Segoe UI",
"PingFang SC","Microsoft YaHei",sans-serif;font-size:13px;color:#1f2933;box-sizing:border-box}
.fp-table *{box-sizing:border-box}
.fp-felt{position:absolute;left:0;top:0;width:100%;height:100%;background:#166534}
.fp-seat{position:relative;min-width:0;align-self:center;background:#fff;
border:2px solid #cbd2d9;border-top-width:6px;border-radius:8px;padding:5px 7px;
box-shadow:0 1px 3px rgba(0,0,0,.15)}
.fp-seat.fp-t0{border-top-color:#2563eb}.fp-seat.fp-t1{border-top-color:#dc2626}
.fp-seat.fp-r-emperor,.fp-seat.fp-r-solo{border-top-color:#d97706}
.fp-seat.fp-r-loyalist{border-top-color:#f59e0b}.fp-seat.fp-r-rebel{border-top-color:#4b5563}
.fp-seat.fp-act{border-color:#f97316;box-shadow:0 0 0 3px rgba(249,115,22,.35)}
.fp-seat.fp-out{background:#e5e7eb;color:#52606d}
.fp-seat.fp-me{background:#fffbeb}
.fp-name{font-weight:600;font-size:14px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fp-sub{color:#52606d;font-size:12px}
.fp-badge{display:inline-block;border-radius:9px;padding:0 6px;margin:1px 2px 1px 0;font-size:11px;
background:#e4e7eb;color:#323f4b}
.fp-badge.fp-place{background:#059669;color:#fff}.fp-badge.fp-warn{background:#fee2e2;color:#991b1b}
.fp-badge.fp-report{background:#fef3c7;color:#92400e}.fp-badge.fp-owner{background:#dbeafe;color:#1e40af}
.fp-hand{margin-top:3px;line-height:1.9}
.fp-g{display:inline-block;border:1px solid #cbd2d9;border-radius:4px;padding:0 4px;margin:0 2px 2px 0;
background:#f8fafc;font-weight:600;line-height:1.5}
.fp-g sub{font-weight:400;color:#52606d;font-size:10px}
.fp-count{font-size:22px;font-weight:700;color:#323f4b}
.fp-act-line{margin-top:3px;color:#c2410c;font-size:12px}
.fp-g.fp-best{background:#fde047;border-color:#a16207;box-shadow:0 0 0 2px #facc15}
.fp-best-line{margin-top:3px;padding:1px 5px;border-radius:4px;background:#fef9c3;color:#713f12;font-size:12px;
border-left:3px solid #ca8a04}
.fp-mid{position:relative;min-width:0;align-self:center;text-align:center;color:#f0fdf4;padding:6px 2px;
overflow-wrap:anywhere;grid-column:1/-1}
.fp-mid .fp-card{display:inline-block;background:#fff;color:#111;border-radius:4px;padding:2px 5px;
margin:2px;font-weight:700;font-size:16px;min-width:26px;box-shadow:0 1px 2px rgba(0,0,0,.4)}
.fp-card.fp-red{color:#dc2626}
.fp-mid .fp-step{font-size:12px;opacity:.9}
.fp-mid .fp-gouji{display:inline-block;background:#facc15;color:#422006;border-radius:9px;padding:0 7px;
font-size:12px;font-weight:700}
.fp-mid .fp-last{font-size:12px;margin-top:6px;padding:3px 6px;border-radius:6px;background:rgba(0,0,0,.25)}
.fp-table[data-n="6"] [data-pos="3"]{grid-area:1/2/3/3}
.fp-table[data-n="6"] [data-pos="4"]{grid-area:2/1/4/2}.fp-table[data-n="6"] [data-pos="2"]{grid-area:2/3/4/4}
.fp-table[data-n="6"] .fp-mid{grid-area:3/2/5/3}
.fp-table[data-n="6"] [data-pos="5"]{grid-area:4/1/6/2}.fp-table[data-n="6"] [data-pos="1"]{grid-area:4/3/6/4}
.fp-table[data-n="6"] [data-pos="0"]{grid-area:5/2/7/3}
.fp-table[data-n="5"] [data-pos="3"]{grid-area:1/1/3/2}.fp-table[data-n="5"] [data-pos="2"]{grid-area:1/3/3/4}
.fp-table[data-n="5"] .fp-mid{grid-area:1/2/4/3}
.fp-table[data-n="5"] [data-pos="4"]{grid-area:3/1/5/2}.fp-table[data-n="5"] [data-pos="1"]{grid-area:3/3/5/4}
.fp-table[data-n="5"] [data-pos="0"]{grid-area:4/2/6/3}
@container (max-width:520px){
.fp-table{grid-template-columns:repeat(2,minmax(0,1fr));padding:6px;gap:5px;font-size:12px;zoom:.92}
.fp-table[data-n="6"] [data-pos="3"]{grid-area:1/1/2/3}
.fp-table[data-n="6"] [data-pos="4"]{grid-area:2/1/3/2}.fp-table[data-n="6"] [data-pos="2"]{grid-area:2/2/3/3}
.fp-table[data-n="6"] .fp-mid{grid-area:3/1/4/3}
.fp-table[data-n="6"] [data-pos="5"]{grid-area:4/1/5/2}.fp-table[data-n="6"] [data-pos="1"]{grid-area:4/2/5/3}
.fp-table[data-n="6"] [data-pos="0"]{grid-area:5/1/6/3}
.fp-table[data-n="5"] [data-pos="3"]{grid-area:1/1/2/2}.fp-table[data-n="5"] [data-pos="2"]{grid-area:1/2/2/3}
.fp-table[data-n="5"] .fp-mid{grid-area:2/1/3/3}
.fp-table[data-n="5"] [data-pos="4"]{grid-area:3/1/4/2}.fp-table[data-n="5"] [data-pos="1"]{grid-area:3/2/4/3}
.fp-table[data-n="5"] [data-pos="0"]{grid-area:4/1/5/3}
.fp-seat{padding:3px 5px;border-top-width:4px}
.fp-name{font-size:13px}.fp-sub{font-size:11px}
.fp-hand{margin-top:1px;line-height:1.45}
.fp-g{padding:0 3px;margin:0 1px 1px 0;line-height:1.35}
.fp-act-line,.fp-best-line{margin-top:1px;font-size:11px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fp-mid{padding:2px}
.fp-mid .fp-card{font-size:14px;padding:1px 4px;margin:1px}
.fp-mid .fp-last{margin-top:3px;padding:2px 5px}
}
"""


def _seat_xy(pos: int, n: int) -> tuple[float, float]:
    """Where seat position ``pos`` (0 = bottom) sits, in percent: counter-clockwise, as play goes."""
    angle = math.radians(-90 + pos * 360 / n)
    return 50 + 36 * math.cos(angle), 50 - 38 * math.sin(angle)


def _chip(rank: int | None, toks: list[str], lang: str, best: Mapping[str, int] | None = None) -> str:
    name = "?" if rank is None else rank_text(rank, lang)
    title = escape(cards_text(toks, lang))  # the suits of the rank's cards: ♠9 ♣9
    style = ' style="color:#b91c1c"' if rank == RANK_BJ else ""  # the big joker in red; suits are in the title
    count = f"<sub>×{len(toks)}</sub>" if len(toks) > 1 else ""
    picked = sum(best.get(tok, 0) for tok in set(toks)) if best else 0  # of these, how many the best move plays
    if picked:
        return (
            f'<span class="fp-g fp-best" title="{title}" data-best-cards="{picked}"{style}>{escape(name)}{count}</span>'
        )
    return f'<span class="fp-g" title="{title}"{style}>{escape(name)}{count}</span>'


def _mid_card(token: str, lang: str) -> str:
    c = _card(token)
    red = c is not None and (c.suit in ("H", "D") or c.rank == RANK_BJ)
    cls = "fp-card fp-red" if red else "fp-card"
    return f'<span class="{cls}">{escape(card_text(token, lang))}</span>'


# what a seat's box says under its name: (view, seat, seat_view, lang) -> (its CSS class or "", the words)
SeatHead = Callable[[StepView, int, "int | None", str], tuple[str, str]]


class Mark(NamedTuple):
    """A mark a game draws on its table: its words (zh, en; fixed text, escaped where drawn) and the CSS class it
    adds ("": none)."""

    zh: str
    en: str
    css: str = ""


def no_head(view: StepView, seat: int, seat_view: int | None, lang: str) -> tuple[str, str]:
    """Nothing under a seat's name (a game whose engine shows no sides or roles)."""
    return "", ""


def no_seat_marks(view: StepView, seat: int) -> list[Mark]:
    """No mark of a game's own on a seat."""
    return []


def no_marks(view: StepView) -> list[Mark]:
    """No mark of a game's own on the table."""
    return []


@dataclass(frozen=True)
class TableMarks:
    """What a game draws on the climbing table beside the shared seats, hands and set, given by the game's view
    (``views.games.<game>``) to ``table_html``:

    - ``seat_head``: what a seat's box says under its name (its side or role, as the viewer knows it);
    - ``seat_badges``: a seat's badges after its place, its count shown and the table's owner (够级's passed,
      burning, 无头 …; 保皇's marked joker), each a ``Mark`` whose ``css`` is added to ``fp-badge``;
    - ``set_marks``: the marks beside the set's owner in the middle (够级's 够级 set), ``css`` their class;
    - ``table_flags``: the middle's flags of the round before "deal over" (四人乱缠; 保皇's called card …);
    - ``private_actions``: what a seat may do that tells its role, not shown to the other seats (保皇's 明保)."""

    seat_head: SeatHead = no_head
    seat_badges: Callable[[StepView, int], list[Mark]] = no_seat_marks
    set_marks: Callable[[StepView], list[Mark]] = no_marks
    table_flags: Callable[[StepView], list[Mark]] = no_marks
    private_actions: frozenset[str] = frozenset()


NO_MARKS = TableMarks()


def table_html(
    rep: Replay,
    step: int,
    seat_view: int | None,
    lang: str,
    marks: TableMarks = NO_MARKS,
    best: BestMove | None = None,
) -> str:
    """The climbing games' table after ``step`` events as self-contained HTML (see the module's docstring),
    with the game's ``marks`` (each seat's head and badges, the set's and the round's marks), and ``best``'s seat
    with the cards of its best move marked (``fp-best``) and its price under them; ``views.games.table_html``
    picks the deal's game's table."""
    step = max(0, min(step, len(rep.states) - 1))
    view = rep.view(step)
    st = rep.states[step]
    game = rep.log.game
    n = st.n
    if seat_view is not None and not 0 <= seat_view < n:
        seat_view = None
    places = {s: p.place for s, p in view.places.items()}  # decided places, as the score ranks them
    rot = 0 if seat_view is None else seat_view

    # the felt: a hexagon or pentagon through the seats, under the grid (CSS clip-path: st.html drops inline SVG)
    felt = ",".join(f"{x:.1f}% {y:.1f}%" for x, y in (_seat_xy(p, n) for p in range(n)))
    parts = [
        f"<style>{_CSS}</style>",
        '<div class="fp-wrap">',
        f'<div class="fp-table" data-game="{escape(game)}" data-step="{step}" '
        f'data-view="{"review" if seat_view is None else seat_view}" data-n="{n}">',
        f'<div class="fp-felt" style="clip-path:polygon({felt})"></div>',
    ]
    for seat in range(n):
        pos = (seat - rot) % n
        parts.append(_seat_box(rep, view, seat, seat_view, lang, marks, places, pos, best))
    parts.append(_middle(rep, view, step, lang, marks))
    parts.append("</div></div>")
    return "".join(parts)


def _seat_box(
    rep: Replay,
    view: StepView,
    seat: int,
    seat_view: int | None,
    lang: str,
    marks: TableMarks,
    places: dict[int, int],
    pos: int,
    best: BestMove | None = None,
) -> str:
    hand = view.hands.get(seat, [])
    classes = ["fp-seat"]
    css, sub = marks.seat_head(view, seat, seat_view, lang)
    if css:
        classes.append(css)
    acts = view.to_act.get(seat, ())
    if seat_view is not None and seat != seat_view:
        acts = tuple(a for a in acts if a not in marks.private_actions)
    if acts:
        classes.append("fp-act")
    if seat in view.finished:
        classes.append("fp-out")
    if seat_view == seat:
        classes.append("fp-me")
    head = tr(lang, f"{seat_name(seat)}", f"{seat_name(seat, en=True)}")
    name = rep.log.player(seat)
    badges = []
    if seat in places:
        badges.append(f'<span class="fp-badge fp-place">{escape(place_label(rep.final.n, places[seat], lang))}</span>')
    if seat in view.counts_shown:
        badges.append(
            f'<span class="fp-badge fp-report" data-report="{seat}">'
            f"{tr(lang, '报牌', 'shows')} {view.counts_shown[seat]}</span>"
        )
    if view.table_seat == seat:
        badges.append(f'<span class="fp-badge fp-owner">{tr(lang, "桌上牌主", "owns the table set")}</span>')
    for mark in marks.seat_badges(view, seat):
        cls = f" {mark.css}" if mark.css else ""
        badges.append(f'<span class="fp-badge{cls}">{escape(tr(lang, mark.zh, mark.en))}</span>')
    shows_hand = seat_view is None or seat_view == seat
    if shows_hand:
        picked = best_counts(best, seat)
        chips = "".join(_chip(r, toks, lang, picked) for r, toks in group_by_rank(hand))
        body = (
            f'<div class="fp-hand" data-hand="{seat}">'
            f'<span class="fp-sub">{count(len(hand), "张", "card", lang_=lang)}</span> {chips}</div>'
        )
    else:
        body = (
            f'<div class="fp-hand fp-hidden" data-count="{seat}"><span class="fp-count">{len(hand)}</span> '
            f'<span class="fp-sub">{tr(lang, "张（牌面不可见）", "card (hidden)" if len(hand) == 1 else "cards (hidden)")}'
            "</span></div>"
        )
    act_line = ""
    if acts:
        how = (
            "、".join(action_label(a, lang) for a in acts)
            if lang == "zh"
            else ", ".join(action_label(a, lang) for a in acts)
        )
        why = view.why.get(seat, ("", ""))
        reason = tr(lang, why[0], why[1])
        act_line = (
            f'<div class="fp-act-line" data-act="{seat}">▶ {escape(how)}'
            + (f" — {escape(reason)}" if reason else "")
            + "</div>"
        )
    return (
        f'<div class="{" ".join(classes)}" data-seat="{seat}" data-pos="{pos}">'
        f'<div class="fp-name" title="{escape(name)}">{head} · {escape(name)}</div>'
        f'<div class="fp-sub">{escape(sub)}</div>'
        f"<div>{''.join(badges)}</div>{body}{best_line(best, seat, 'fp-best-line')}{act_line}</div>"
    )


def _middle(rep: Replay, view: StepView, step: int, lang: str, marks: TableMarks) -> str:
    st = rep.states[step]
    total = len(rep.states) - 1
    lines = [
        f'<div class="fp-step">{tr(lang, *step_words(step, total))}'
        f" · {tr(lang, f'第 {st.rounds + 1} 轮', f'round {st.rounds + 1}')}</div>"
    ]
    tokens = " ".join(view.table_cards)
    if view.table_seat is not None and view.table_cards:
        cards = "".join(_mid_card(tok, lang) for tok in view.table_cards)
        set_marks = "".join(
            f' <span class="{escape(m.css)}">{escape(tr(lang, m.zh, m.en))}</span>' for m in marks.set_marks(view)
        )
        lines.append(f'<div class="fp-set" data-set="{escape(tokens)}">{cards}</div>')
        lines.append(f"<div>{escape(seat_label(rep, view.table_seat, lang))}{set_marks}</div>")
    else:
        lines.append(f'<div class="fp-set" data-set="">{tr(lang, "桌上无牌", "the table is empty")}</div>')
    flags = [tr(lang, m.zh, m.en) for m in marks.table_flags(view)]
    if st.terminal:
        flags.append(tr(lang, "牌局结束", "deal over"))
    if flags:
        lines.append(f"<div class='fp-step'>{escape(' · '.join(flags))}</div>")
    if step > 0:
        v = rep.verdicts[step - 1]
        mark = "✓" if v.legal else f"✗ {v.rule}"
        cards = f" {cards_text(v.cards, lang)}" if v.cards else ""
        lines.append(
            f'<div class="fp-last">{tr(lang, "上一手：", "last: ")}'
            f"{escape(seat_label(rep, v.seat, lang))} {escape(action_label(v.action, lang))}"
            f"{escape(cards)} {escape(mark)}</div>"
        )
    return f'<div class="fp-mid">{"".join(lines)}</div>'
