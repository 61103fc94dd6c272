"""Page: the dispute desk. A referee's ruling on one event of a deal, and their decision on it.

Pick the deal (``views.parts.desk_source``: a stored deal, a pasted log, or a disputed position typed at the
desk, ``views.parts.desk_position``), then a step with the slider. The desk shows the table at that step and
who may act now (each seat, how and why), then the ruling (``referee.ruling``) on the event asked about:
by default the event the log records at that step (``log.events[step]``), or an event the referee types
with the seat, action and cards selectors (``ruling(rep, step, event)``). The ruling is the one
``fupan ruling`` gives, drawn by ``views.parts.ruling_view`` in the chosen language, with the ruling sheet
(HTML) and the JSON as downloads. On a stored deal the referee's decisions on that event follow, and a
signed-in referee records one (``views.parts.desk_decisions``).

All text that comes from a log (player names, pasted text, error messages quoting it) reaches the
page through plain-text widgets or is Markdown-escaped (``views.parts.texts.esc``); no HTML is written here
except the shared table drawing, which escapes its own input.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pandas as pd
import streamlit as st

from referee.ruling import Ruling, ruling, ruling_of
from replay import games as game_types
from replay.core.cards import cards_read
from replay.core.clip import CARDS_LIMIT, cards_shown
from replay.core.events import EVENT_TYPES, TARGET_ACTIONS, Event, Report
from replay.core.numbering import event_words
from replay.core.said import seat_name
from replay.formats.decisions import history
from replay.formats.notation.words import action_name
from replay.replay import Replay
from views import games
from views.parts import address
from views.parts.common import decisions_stored, guarded, lang, open_deal, t
from views.parts.desk_decisions import decisions_panel
from views.parts.desk_source import Picked, pick_deal
from views.parts.links import step_link
from views.parts.move_cards import build_event
from views.parts.ruling_view import seat_words, show_ruling
from views.parts.texts import EMPTY_CELL, esc, game_name, md, profile_name

RECORDED, TYPED = "recorded", "typed"


def game_actions(game: str) -> list[str]:
    """The actions a seat may be asked about in a game (``replay.games``), in the game's order
    (``Desk.action_order``: 升级's phases) or else the log format's order of actions."""
    order = games.view(game).desk.action_order or tuple(EVENT_TYPES)
    return [a for a in order if a in game_types.get(game).actions]


def action_label(action: str, game: str | None = None) -> str:
    """An action's name in the chosen language (as ``game`` calls it)."""
    return t(*action_name(action, game))


# -- what the table looks like --------------------------------------------------------------------


def _event_text(rep: Replay, i: int) -> str:
    ev = rep.log.events[i]
    cards = cards_shown(
        cards_read([c.token for c in ev.cards[: CARDS_LIMIT + 1]], lang() == "zh"), lang() == "zh", len(ev.cards)
    )
    extra = f" → {ev.to}" if hasattr(ev, "to") and getattr(ev, "to", -1) >= 0 else ""
    if isinstance(ev, Report):
        extra = f" {ev.count}"
    return f"{t(seat_name(ev.seat), seat_name(ev.seat, en=True))} {action_label(ev.action, rep.log.game)} {cards}{extra}".rstrip()


def show_events(rep: Replay, step: int) -> None:
    """Where the step is: the event just played and the one recorded next."""
    n_events = len(rep.log.events)
    lines = []
    if step > 0:
        v = rep.verdicts[step - 1]
        ok = "✓ " + t("合规", "legal") if v.legal else f"✗ {v.rule}"
        lines.append(t("刚才：", "Just played: ") + f"{t(*event_words(step - 1))} {_event_text(rep, step - 1)} ({ok})")
    else:
        lines.append(t("刚发完牌，还没有动作。", "As dealt: no event yet."))
    if step < n_events:
        lines.append(t("记录中的下一手：", "Recorded next: ") + f"{t(*event_words(step))} {_event_text(rep, step)}")
    elif rep.stopped_at is None:
        lines.append(t("记录到此为止。", "The record ends here."))
    st.markdown("  \n".join(esc(line) for line in lines))


def show_table(rep: Replay, step: int) -> None:
    """The table at the step (the table before the event ruled on): the shared drawing, or a plain
    summary when it cannot be drawn."""
    if _table_html(rep, step):
        return
    view = rep.view(step)
    rows = [
        {
            t("座位", "seat"): s,
            t("牌手", "player"): rep.log.player(s),
            t("手牌张数", "cards held"): len(view.hands.get(s, [])),
            t("状态", "status"): _status(view, s),
        }
        for s in range(rep.final.n)
    ]
    on_table = (
        cards_shown(cards_read(view.table_cards, lang() == "zh"), lang() == "zh")
        if view.table_cards
        else t("（空）", "(empty)")
    )
    owner = (
        ""
        if view.table_seat is None
        else t(f"（{seat_name(view.table_seat)}的）", f" ({seat_name(view.table_seat, en=True)}'s)")
    )
    st.text(t("桌上：", "On the table: ") + on_table + owner)
    st.dataframe(pd.DataFrame(rows), hide_index=True, placeholder=EMPTY_CELL)


def _status(view: Any, seat: int) -> str:
    place = view.places.get(seat)  # its place as the score ranks it, once decided
    if place is not None:
        return t(place.zh, place.en)
    if seat in view.finished:
        return t("已出完", "out")
    if seat in dict(view.extras.seat_groups()).get("passed", ()):
        return t("已过牌", "passed")
    if seat in view.to_act:
        return t("可行动", "may act")
    return ""


def _table_html(rep: Replay, step: int) -> bool:
    """Show the deal's table (``views.games.table_html``, as the Replay page draws it); False when it
    cannot be drawn."""
    try:
        html = games.table_html(rep, step, None, lang())
    except Exception:
        return False
    if not isinstance(html, str) or not html:
        return False
    st.html(html)  # table_html escapes every string that comes from the log
    return True


def actors(rep: Replay, step: int) -> list[tuple[int, str, list[str], str]]:
    """Who may act at ``step``: (seat, player, the ways it may act, why), in the engine's order."""
    view = rep.view(step)
    out = []
    for s, how in view.to_act.items():
        zh, en = view.why.get(s, ("", ""))
        out.append((s, rep.log.player(s), [action_label(a, rep.log.game) for a in how], t(zh, en)))
    return out


def who_may_act(rep: Replay, step: int) -> None:
    """Each seat that may act now, how and why (one box per seat)."""
    found = actors(rep, step)
    if not found:
        st.info(t("现在没有人可以行动（牌局已结束或作废）。", "No one may act now (the deal is over or void)."))
        return
    for seat, player, how, why in found:
        with st.container(border=True):
            st.markdown(
                f"**{esc(t(seat_name(seat), seat_name(seat, en=True)))} · {esc(player)}** — {esc(', '.join(how))}"
            )
            st.caption(esc(why))


# -- the event ruled on ---------------------------------------------------------------------------


def typed_event(rep: Replay, step: int) -> Event | None:
    """The form of an event to rule on at ``step``: the event once "Judge" is pressed, else None."""
    game, n = rep.log.game, rep.final.n
    view = rep.view(step)
    actions = game_actions(game)
    labels = {a: action_label(a, game) for a in actions}
    players = {s: f"{s} · {rep.log.player(s)}" for s in range(n)}
    first_seat = next(iter(view.to_act), 0)
    first_action = view.to_act.get(first_seat, ("play",))[0]
    with st.form("dispute_typed", border=True):
        c1, c2 = st.columns(2)
        seat = int(c1.selectbox(t("座位", "Seat"), list(range(n)), index=first_seat, key=f"dispute_seat_{game}",
                                format_func=players.__getitem__))  # fmt: skip
        action = str(
            c2.selectbox(
                t("动作", "Action"),
                actions,
                index=actions.index(first_action) if first_action in actions else 0,
                key=f"dispute_action_{game}",
                format_func=labels.__getitem__,
            )
        )
        cards_text = st.text_input(t(*games.view(game).desk.cards_hint), key="dispute_cards")
        to, count = -1, 0
        if any(a in TARGET_ACTIONS for a in actions):
            to = int(st.selectbox(t("给座位（进贡、还贡、换三张）", "To seat (tribute, return, exchange)"),
                                  list(range(n)), key=f"dispute_to_{game}", format_func=players.__getitem__))  # fmt: skip
        if any(EVENT_TYPES[a] is Report for a in actions):
            count = int(
                st.number_input(t("报的张数（报牌）", "Count announced (report)"), 0, 216, 10, key="dispute_count")
            )
        sent = st.form_submit_button(t("裁定", "Judge"), key="dispute_judge", type="primary")
    if not sent:
        return None
    event = build_event(action, seat, cards_text, to, count)
    if isinstance(event, str):
        st.warning(esc(event))
        return None
    return event


def chosen_ruling(picked: Picked, step: int) -> tuple[Ruling, str] | None:
    """The ruling asked for at ``step`` and its downloads' file stem: on the recorded event (the
    default) or on a typed one."""
    rep = picked.rep
    if step < len(rep.log.events) and step < len(rep.states):
        doc = rep.log.events[step].to_json()
        names = {
            RECORDED: t(f"记录中的{event_words(step)[0]}", f"recorded {event_words(step)[1]}")
            + f": {md(_event_words(rep, doc))}",
            TYPED: t("我输入的动作", "an event I type"),
        }
        what = st.radio(t("裁定哪个动作", "Rule on"), [RECORDED, TYPED], key="dispute_what", horizontal=True,
                        format_func=names.__getitem__)  # fmt: skip
        if what == RECORDED:
            return ruling_of(rep, step), f"{picked.stem}-event{step}"
    else:
        st.caption(
            t(
                "记录在这一步没有动作：输入要裁定的动作。",
                "The record has no event at this step: type the event to rule on.",
            )
        )
    event = typed_event(rep, step)
    if event is None:
        return None
    return ruling(rep, step, event), f"{picked.stem}-step{step}-typed"


def _event_words(rep: Replay, doc: dict[str, Any]) -> str:
    act = t(*action_name(doc["action"], rep.log.game))
    cards = cards_shown(cards_read(doc.get("cards", []), lang() == "zh"), lang() == "zh")
    return f"{seat_words(rep.log, int(doc['seat']))} {act} {cards}".rstrip()


# -- the page -------------------------------------------------------------------------------------


def _step(picked: Picked) -> int:
    rep = picked.rep
    last = len(rep.states) - 1
    st.caption(
        esc(
            t(
                f"{game_name(rep.log.game)} · 规则 {profile_name(rep.profile.name)} · {len(rep.log.events)} 个动作",
                f"{game_name(rep.log.game)} · profile {profile_name(rep.profile.name)} · {len(rep.log.events)} events",
            )
        )
    )
    if last <= 0:
        st.caption(
            t("这份记录没有动作：只能问发牌后的局面。", "This log has no events: only the deal can be asked about.")
        )
        return 0
    return int(
        st.slider(
            t("第几步（0 = 刚发完牌，k = 第 k 手之后的桌面；裁定的是下一手，第 k + 1 手）",
              "Step (0 = as dealt, k = the table after event k; the ruling is on the next event, k + 1)"),
            0,
            last,
            min(picked.step, last),
            key=f"dispute_step_{picked.key}",
        )
    )  # fmt: skip


def _render() -> None:
    """Render the page."""
    st.title(t("争议台", "Dispute desk"))
    st.caption(
        t(
            "选一局和一个时刻：现在谁可以行动？这一动作的裁定（规则编号、种子原文、相关选项、后果、当时可以合规做的），"
            "可下载裁定书；登录的裁判可以记录裁定。",
            "Pick a deal and a moment: who may act now, and the ruling on an event (rule ID, the seed's words, "
            "the deciding options, what follows, what the seat could lawfully have done), with the ruling sheet "
            "to download; a signed-in referee records a decision.",
        )
    )
    picked = pick_deal(lambda game: games.view(game).desk)
    if picked is None:
        return
    rep = picked.rep
    step = _step(picked)
    if picked.deal_id is None:
        address.narrow(())  # a pasted log or a typed position: the address names no stored deal
    else:
        open_deal(picked.deal_id, step)  # the desk's deal and step are the open ones: its address names them
        step_link(picked.deal_id, step, t("在“复盘”中打开这一步", "Open this step in Replay"))
    show_events(rep, step)
    left, right = st.columns([3, 2])
    with left:
        show_table(rep, step)
    with right:
        st.subheader(t("现在谁可以行动？", "Who may act now?"))
        who_may_act(rep, step)
    st.subheader(t("裁定", "The ruling"))
    found = chosen_ruling(picked, step)
    if found is None:
        return
    r, stem = found
    stored = picked.deal_id is not None and r.event is not None
    if stored:
        assert picked.deal_id is not None and r.event is not None
        try:
            decided = [s.decision for s in decisions_stored(picked.deal_id)]
        except Exception as exc:  # the ruling stands without the library
            st.error(t("无法读取裁判的裁定：", "Cannot read the referee's decisions: ") + esc(exc))
            decided = []
        r = replace(r, decisions=history(decided, r.event))
    show_ruling(r, rep.log, stem, f"{picked.key}_{stem}", decisions=not stored, profile=rep.profile)
    if stored:
        assert picked.deal_id is not None
        decisions_panel(picked.deal_id, r)
    elif picked.deal_id is not None:
        st.caption(
            t(
                "输入的动作不在记录中：裁判的裁定记在记录中的动作上（选“记录中的第 N 个动作”）。",
                "A typed event is not in the log: a referee's decision is recorded on a recorded event "
                "(choose “recorded event N”).",
            )
        )


render = guarded(_render, needs_library=False)
"""Render the page (it works without the library: a pasted log or a typed position needs none)."""
