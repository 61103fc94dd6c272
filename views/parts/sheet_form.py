"""The Library's score-sheet form: a deal recorded without moves (docs/log-format.md, "Score sheets"), entered by
picking the players and clicking the finishing order.

The fields are the game's sheet keys, found from its declaration (``GameType.result_keys`` and ``deal_keys``: the
places, 革命, the 皇帝 and the 保皇派, 独保 / 抢庄 / 明保, the declarer, the points, the levels), so that no game is
named here. The sheet is written as the CSV columns write it (``replay.formats.sheet_csv.sheet_log``) and checked
as any sheet is (``data.sheets.sheet_faults``): an impossible one (a seat left out of the places, a 革命 seat out
of its place, 独保 with a 保皇派, points not in fives) is refused with the rule it breaks and stores nothing; a
good one is stored as its own deal (``data.importer.import_log``), its deal number the next of its date and
match unless one is typed. The form is a fragment: a name typed or a seat clicked redraws only the form, with
the players' names in the order's buttons. The order is clicked seat after seat (a multiselect keeps the order
of the clicks); the chosen order is shown as places beside it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import streamlit as st

from data.accounts import IMPORT, NotPermitted, authorize
from data.importer import import_log
from data.sheets import next_deal_number, sheet_faults
from replay import games
from replay.core.said import error_in, seat_name
from replay.formats.log import LogError
from replay.formats.sheet_csv import sheet_log
from replay.rules.profile_loader import club_profiles, default_profile, log_profile, profile_words, shipped_profiles
from views.parts.access import actor, offered, refusal
from views.parts.common import engine, forget_deals, open_deal, t
from views.parts.library_import import GO
from views.parts.signin import dropped
from views.parts.texts import lang, md

KEY = "sheet_"  # every widget's key starts so
SAID = "sheet_said"  # what the last sheet sent said: (kind, text, deal id or None)
GAME = KEY + "game"
ORDER = KEY + "finish"
ROUND = KEY + "round"  # a new set of widgets (emptied) after a sheet is stored

#: the label of each sheet field (its CSV column), in both languages
LABELS = {
    "revolution": ("革命的一家", "革命 seat"),
    "emperor": ("皇帝", "皇帝 (emperor)"),
    "loyalist": ("保皇派（不知道就不选）", "保皇派 (leave empty when not known)"),
    "declarer": ("庄家", "declarer (庄)"),
    "solo": ("独保", "独保 (emperor alone)"),
    "grab": ("抢庄", "抢庄 (grab)"),
    "open": ("明保 / 明独", "明保 / 明独 (declared)"),
    "void": ("本局作废", "the deal was void"),
    "defenders": ("闲家得分（含扣底）", "defenders' points (kitty included)"),
    "kitty": ("其中扣底分", "of which the kitty's"),
    "levels": ("局前两方的级（如 5 3）", "both sides' levels before (e.g. 5 3)"),
}
SEAT_FIELDS = ("revolution", "emperor", "loyalist", "declarer")
FLAG_FIELDS = ("solo", "grab", "open", "void")


def fields_of(game: str) -> list[str]:
    """The sheet fields (CSV columns) the game's sheet takes, beside the players and the meta."""
    g = games.get(game)
    have = set(g.result_keys) | set(g.deal_keys)
    out = ["finish"] if "finish_order" in have else []
    out += [k for k in SEAT_FIELDS if k in have]
    out += ["defenders", "kitty"] if "points" in have else []
    out += ["levels"] if "levels" in have else []
    return out + [k for k in FLAG_FIELDS if k in have]


def form(expanded: bool = False) -> None:
    """The form in an expander, drawn only while it is open (a Library page that does not enter a sheet pays for
    none of its widgets), and what the last sheet sent said; on a club server for a signed-in member or above only
    (else nothing: the import form above says why)."""
    if not offered(IMPORT):
        return
    box = st.expander(
        t("录入成绩单（只记名次，没有出牌记录）", "Enter a score sheet (places only, no moves)"),
        expanded=expanded,
        key=KEY + "box",
        on_change="rerun",
    )
    if box.open:
        with box:
            _form()


@st.fragment
def _form() -> None:
    names = games.names()
    english = lang() != "zh"  # (read now: the widgets' labels are made from it, also where no session is at hand)
    called = {g: games.get(g).name_en if english else games.get(g).name_zh for g in names}
    choose = t("选一项", "Choose one")  # the select's placeholder (Streamlit's own is English)
    game = st.selectbox(
        t("这一局的游戏", "Game of the deal"), names, key=GAME, format_func=called.__getitem__, placeholder=choose
    )
    k = f"{KEY}{int(st.session_state.get(ROUND, 0))}_{game}_"
    n = games.get(game).seats
    profiles = [p for p in [*shipped_profiles(), *club_profiles()] if _game_of(p) == game]
    top = st.columns(3)
    # a text field, not Streamlit's calendar (whose months follow the browser's language); the reader checks it
    date = top[0].text_input(
        t("打牌的日期（年-月-日）", "Date played (YYYY-MM-DD)"),
        value=dt.date.today().isoformat(),
        key=k + "date",
        max_chars=10,
    )
    match = top[1].text_input(t("比赛名", "Match name"), key=k + "match", max_chars=200)
    venue = top[2].text_input(t("打牌的地点", "Where played"), key=k + "venue", max_chars=200)
    mid = st.columns(2)
    shown = {p: (log_profile(p).label_zh or p) if not english else profile_words(p) for p in profiles}
    profile = mid[0].selectbox(
        t("按哪套规则", "Rules played"),
        profiles,
        index=profiles.index(default_profile(game)),
        key=k + "profile",
        format_func=shown.__getitem__,
        placeholder=choose,
    )
    number = mid[1].number_input(
        t("第几局（0：接着这一天这场比赛的下一局）", "Deal number (0: the next of this date and match)"),
        min_value=0,
        max_value=10_000,
        step=1,
        key=k + "deal",
    )
    seats = st.columns(min(n, 3))
    players = [
        seats[s % len(seats)].text_input(seat_name(s, en=english), key=k + f"seat{s}", max_chars=200) for s in range(n)
    ]

    def who(s: int) -> str:
        return f"{seat_name(s, en=english)} {players[s]}".strip()

    cells: dict[str, Any] = {"game": game, "profile": profile, "date": date.strip()}
    cells |= {"match": match, "venue": venue, "deal": str(int(number)) if number else ""}
    cells |= {f"seat{s}": players[s] for s in range(n)}
    for name in fields_of(game):
        zh, en = LABELS.get(name, (name, name))
        label = t(zh, en)
        if name == "finish":
            order = st.multiselect(
                t("名次：依次点各家，头科先点", "Places: click the seats in order, first place first"),
                list(range(n)),
                key=k + "finish",
                format_func=who,
                placeholder=t("依次点各家", "Click the seats in order"),
            )
            if order:
                st.caption(" · ".join(f"{i + 1}. {md(who(s))}" for i, s in enumerate(order)))
            cells["finish"] = " ".join(map(str, order))
        elif name in SEAT_FIELDS:
            picked = st.selectbox(
                label,
                [None, *range(n)],
                key=k + name,
                format_func=lambda s: "—" if s is None else who(s),
                placeholder=choose,
            )
            cells[name] = "" if picked is None else str(picked)
        elif name in FLAG_FIELDS:
            cells[name] = "true" if st.checkbox(label, key=k + name) else ""
        elif name in ("defenders", "kitty"):
            cells[name] = str(int(st.number_input(label, min_value=0, max_value=1000, step=5, key=k + name)))
        else:
            cells[name] = st.text_input(label, key=k + name, max_chars=20)
    # the callback runs before the form is drawn again: a stored sheet leaves a new, empty form (``ROUND``)
    st.button(t("存入成绩单", "Store the sheet"), type="primary", key=k + "send", on_click=_send, args=(cells,))
    _show()


def _game_of(profile: str) -> str | None:
    from replay.rules.profile_loader import find_profile

    try:
        return find_profile(profile).game
    except Exception:  # a club profile that does not load is simply not offered
        return None


def _send(cells: dict[str, Any]) -> None:
    """Check the sheet and store it for whoever may (``views.parts.access``; the account read again in the write's
    transaction), or say why not (nothing stored)."""
    source = t("成绩单", "score sheet")
    who = actor(IMPORT)
    if who is None:
        st.session_state[SAID] = ("error", dropped() or refusal(IMPORT), None)
        return
    if not cells.get("deal"):
        cells = {
            **cells,
            "deal": str(next_deal_number(engine(), cells["game"], cells.get("date", ""), cells.get("match", ""))),
        }
    try:
        log = sheet_log({k: v for k, v in cells.items() if v not in (None, "")} | {"game": cells["game"]}, source)
    except LogError as exc:
        column = LABELS.get(exc.path, (exc.path, exc.path))
        st.session_state[SAID] = ("error", t(f"{column[0]}：{exc.reason_zh}", f"{column[1]}: {exc.reason}"), None)
        return
    problems = [f"[{rule}] {t(zh, en)}" for rule, zh, en in sheet_faults(log)]
    if problems:
        st.session_state[SAID] = (
            "error",
            t("这张成绩单不成立：", "This sheet cannot be: ") + "; ".join(problems),
            None,
        )
        return
    try:
        result = import_log(engine(), log, source, authorize(who, IMPORT))
    except NotPermitted as exc:
        st.session_state[SAID] = ("error", t("没有存入：", "Not stored: ") + error_in(exc, lang()), None)
        return
    if result.status == "error" or result.deal_id is None:
        st.session_state[SAID] = ("error", t("存不进库：", "It cannot be stored: ") + result.reason, None)
        return
    forget_deals()
    if result.status == "duplicate":
        said = t(
            f"这一局已经在库里（第 {result.deal_id} 局）。",
            f"This deal is already in the library (deal {result.deal_id}).",
        )
        st.session_state[SAID] = ("info", said, result.deal_id)
        return
    st.session_state[SAID] = (
        "success",
        t(f"已存入第 {result.deal_id} 局。", f"Stored as deal {result.deal_id}."),
        result.deal_id,
    )
    st.session_state[ROUND] = int(st.session_state.get(ROUND, 0)) + 1  # a new, empty form


def _show() -> None:
    said = st.session_state.get(SAID)
    if not said:
        return
    kind, text, deal_id = said
    getattr(st, kind)(md(text))
    if deal_id is not None and st.button(t(f"打开第 {deal_id} 局", f"Open deal {deal_id}"), key=KEY + "open"):
        open_deal(deal_id)
        st.session_state.pop(SAID, None)
        st.session_state[GO] = deal_id  # the Library page opens it on the Replay page (``views.pages.library``)
        st.rerun()
