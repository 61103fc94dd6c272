"""A move entered by clicking cards (issue 36, item 2): on the Replay page, while a variation is entered
(``views.parts.lines_view.entry``), the hand of the seat to act is shown as cards to pick (``st.pills`` in its
"multi" mode: a click picks a card or puts it back; they wrap on a phone's narrow window), the cards picked said
beside, and a button for each way the seat may act: 出牌 (play) and 过 (pass) always, the others (烧, 让, 扣 …)
where the engine says the seat may take them now. The move made is handed to the caller (``on_move``), which checks
it with the engine as a typed move is checked (a move the rules refuse is said with its rule and the seed's words).

The cards are Streamlit buttons, not a text box: the page's keys (←, →, Home, End …: ``views.parts.live_html``'s key
filter) keep working after a card is clicked. ``build_event`` (an action, a seat, cards as text, a target seat and a
count as an event) is the dispute desk's too.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from replay.core.cards import CardError, parse_cards
from replay.core.events import CARD_ACTIONS, EVENT_TYPES, TARGET_ACTIONS, Event, Report
from replay.core.said import seat_name
from replay.formats.notation.words import action_name
from replay.replay import Replay
from views.parts.table import card_text, group_by_rank
from views.parts.texts import lang, md, t

CARDS = "lines_cards"  # the pills' key (with the line, the step and the seat: a new, empty pick at each table)
SEAT = "lines_card_seat"  # the seat picked when several may act
TO, COUNT = "lines_card_to", "lines_card_count"
ALWAYS = ("play", "pass")  # the buttons shown at every table; the others where the seat may take them


def build_event(action: str, seat: int, cards_text: str, to: int, count: int) -> Event | str:
    """The event of ``action`` by ``seat`` with the cards of ``cards_text`` (a target seat ``to`` and a ``count``
    where the action has them), or what is wrong with it (in the chosen language)."""
    cls = EVENT_TYPES[action]
    if action not in CARD_ACTIONS:
        return Report(seat, count=count) if cls is Report else cls(seat)
    try:
        cards = tuple(parse_cards(cards_text))
    except CardError as exc:
        return t(f"读不懂牌“{exc.token}”：", f"cannot read the card {exc.token!r}: ") + str(exc)
    if not cards:
        return t("请填写牌，例如 6 或 KS KH。", "Type the cards, e.g. 6 or KS KH.")
    if action in TARGET_ACTIONS:
        return cls(seat, cards=cards, to=to)  # type: ignore[call-arg]  # cls: an event type with cards and a target
    return cls(seat, cards=cards)  # type: ignore[call-arg]  # cls: an event type with cards (EVENT_TYPES is typed by the base)


def hand_cards(rep: Replay, step: int, seat: int) -> tuple[list[str], int]:
    """The cards ``seat`` holds at ``step`` that the record names (tokens, high first, grouped by rank), and how
    many it holds that the record does not name."""
    tokens = rep.view(step).hands.get(seat, [])
    known = [tok for rank, toks in group_by_rank(tokens) if rank is not None for tok in toks]
    return known, len(tokens) - len(known)


def actions_shown(game_actions: tuple[str, ...], lawful: tuple[str, ...]) -> list[str]:
    """The buttons for a seat: play and pass (where the game has them) and every other action it may take now."""
    shown = [a for a in ALWAYS if a in game_actions]
    return shown + [a for a in lawful if a not in shown and a in EVENT_TYPES]


def pill_labels(cards: list[str], lang_: str) -> list[str]:
    """Each card's pill label: the card as read, a second card alike (4 decks hold four of each) told apart by
    zero-width spaces after it (Streamlit knows a picked option by its label: two alike would be one)."""
    seen: dict[str, int] = {}
    out = []
    for tok in cards:
        text = card_text(tok, lang_)
        out.append(text + "\u200b" * seen.get(text, 0))
        seen[text] = seen.get(text, 0) + 1
    return out


def cards_key(line_key: str, step: int, seat: int) -> str:
    """The pills' key at one table: a pick is the table's own."""
    return f"{CARDS}_{line_key}_{step}_{seat}"


def _picked(key: str, options: list[str]) -> list[str]:
    chosen = st.session_state.get(key) or []
    return [options[i] for i in sorted(chosen) if isinstance(i, int) and 0 <= i < len(options)]


def _chosen(key: str, options: list[str], action: str, seat: int, on_move: Callable[[Event], None]) -> None:
    """A button's callback: the move of ``action`` with the cards picked, handed on (what is wrong said)."""
    cards = " ".join(_picked(key, options)) if action in CARD_ACTIONS else ""
    to, count = st.session_state.get(TO), st.session_state.get(COUNT)
    to, count = (-1 if to is None else int(to)), (0 if count is None else int(count))  # seat 0 is a seat
    made = build_event(action, seat, cards, to, count)
    if isinstance(made, str):
        st.session_state[f"{CARDS}_said"] = made
        return
    on_move(made)


def cards_entry(
    rep: Replay, step: int, line_key: str, game_actions: tuple[str, ...], on_move: Callable[[Event], None]
) -> None:
    """The hand of the seat to act at ``step`` of ``rep`` (the line shown) as cards to click, the cards picked, and
    a button per action; ``on_move`` gets the move made."""
    lang_ = lang()
    to_act = rep.view(step).to_act
    if not to_act:
        st.caption(t("这里没有人可以行动（牌局已结束）。", "No one may act here (the deal is over)."))
        return
    seats = list(to_act)
    seat = seats[0]
    if len(seats) > 1:
        if st.session_state.get(SEAT) not in seats:
            st.session_state[SEAT] = seat
        picked_seat = st.segmented_control(
            t("谁行动", "Who acts"), seats, key=SEAT, required=True, format_func=lambda s: seat_name(s, en=lang_ != "zh"),
            default=st.session_state[SEAT],  # held as its default too (a browser drawing it anew sends the seat shown)
        )  # fmt: skip
        seat = picked_seat if isinstance(picked_seat, int) else seat
    options, unknown = hand_cards(rep, step, seat)
    key = cards_key(line_key, step, seat)
    who = seat_name(seat, en=lang_ != "zh")
    if options:
        labels = pill_labels(options, lang_)
        st.pills(
            t(f"{who}的手牌：点牌选中，再点放回", f"{who}'s hand: click a card to pick it, again to put it back"),
            list(range(len(options))),
            selection_mode="multi",
            format_func=labels.__getitem__,
            key=key,
        )
    if unknown:
        st.caption(
            t(
                f"记录里有 {unknown} 张牌不知道是什么：要出它们请用记谱法输入。",
                f"{unknown} of its cards are not named by the record: type a move with them in the notation.",
            )
        )
    chosen = _picked(key, options)
    st.caption(
        t("已选：", "Picked: ")
        + (md(" ".join(card_text(c, lang_) for c in chosen)) + t(f"（{len(chosen)} 张）", f" ({len(chosen)})")
           if chosen else t("（没有）", "(none)"))
    )  # fmt: skip
    actions = actions_shown(game_actions, to_act[seat])
    if any(a in TARGET_ACTIONS for a in actions):
        st.selectbox(t("给座位", "To seat"), [s for s in range(rep.final.n) if s != seat], key=TO,
                     format_func=lambda s: seat_name(s, en=lang_ != "zh"))  # fmt: skip
    if any(EVENT_TYPES[a] is Report for a in actions):
        st.number_input(t("报的张数", "Count announced"), 0, 216, 10, key=COUNT)
    with st.container(horizontal=True, gap="small", key="lines_card_actions"):
        for action in actions:
            st.button(
                _label(action, rep.log.game),
                key=f"lines_card_{action}",
                type="primary" if action == "play" else "secondary",
                disabled=action in CARD_ACTIONS and not chosen,
                on_click=_chosen,
                args=(key, options, action, seat, on_move),
            )
    said = st.session_state.pop(f"{CARDS}_said", None)
    if said:
        st.warning(md(said))


def _label(action: str, game: str) -> str:
    zh, en = action_name(action, game)
    return t(zh, en[:1].upper() + en[1:])
