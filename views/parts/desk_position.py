"""The dispute desk's third source: a disputed position typed at the desk, ruled on and never stored.

The referee chooses the game and the profile, gives each seat's hand in a grid, types the events that
led to the moment in the text notation (Chinese words allowed: ``0 出 K K``, ``1 过``) and, if they
like, the disputed event as one more line (else they build it with the desk's seat, action and cards
selectors). The desk writes the log (``position_text``), reads it with ``parse_text`` and replays it
leniently like a pasted log.

The grids: the climbing games, whose logs may give cards without suits, have rows = seats and columns =
ranks 3 … A, 2, 小王, 大王, each cell the number of such cards (``counts_hands``); a game where suits matter
(``Desk.suits``: 升级) has rows = seats and columns the suits (``replay.core.cards.SUIT_GLYPH``) and 王, each
cell the ranks typed like ``A K K 10 5`` (王: ``小王 大王`` or ``SJ BJ``; ``suits_hands``). A seat left empty
is a hand the record does not know (``hand N ?``). What differs per game (the grid, the placeholders, 升级's
levels) is the game's ``Desk`` (``views.parts.game_view``), which the page hands in.

Errors in the typed text are LogErrors of the built log; ``where_typed`` tells them by the box and the
line and column the referee typed (the hands' lines are the desk's own).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from replay import games
from replay.core.cards import RANK_BJ, RANK_NAME, RANK_ZH, SUIT_GLYPH, CardError, parse_cards
from replay.core.said import error_in, said_in, seat_name
from replay.formats.log import LogError
from replay.formats.notation.read import format_text
from replay.replay import Replay
from replay.rules.profile import ProfileError
from replay.rules.profile_loader import club_profiles, default_profile, log_profile, shipped_profiles
from views.parts.common import replay_of_text, t, too_large
from views.parts.game_view import Desk
from views.parts.texts import EMPTY_CELL, esc, game_name, lang, profile_name

# 够级 / 保皇 grid: column label -> card token (suitless ranks, then the jokers)
RANK_COLUMNS: dict[str, str] = {RANK_ZH[r]: RANK_NAME[r] for r in range(3, RANK_BJ + 1)}
# the grid by suits (升级): column label -> suit letter ("" for the jokers' column)
SUIT_COLUMNS: dict[str, str] = {**{glyph: suit for suit, glyph in SUIT_GLYPH.items()}, "王": ""}
MAX_OF_A_RANK = 16  # four decks hold 16 of a rank (4 of each joker)
SOURCE = "<position>"
DeskOf = Callable[[str], Desk]  # a game's part of the desk, by the game's name


@dataclass(frozen=True)
class Position:
    """A position typed at the desk: its log's text, the number of its header lines (before the first
    typed event), of the typed event lines, and whether the last line is the disputed event."""

    text: str
    header_lines: int
    typed_lines: int
    disputed: bool


def seat_names(game: str) -> list[str]:
    """The grid's row labels."""
    return [t(f"{seat_name(s)}", f"{seat_name(s, en=True)}") for s in range(games.get(game).seats)]


def empty_grid(game: str, suits: bool) -> pd.DataFrame:
    """The grid of a game with no cards: counts per rank, or empty texts per suit (``suits``: 升级)."""
    names = seat_names(game)
    if suits:
        return pd.DataFrame({c: [""] * len(names) for c in SUIT_COLUMNS}, index=names)
    return pd.DataFrame({c: [0] * len(names) for c in RANK_COLUMNS}, index=names)


def counts_hands(grid: pd.DataFrame) -> list[list[str] | None]:
    """Each seat's hand from a grid of counts: suitless card tokens, or None for a row of no cards."""
    out: list[list[str] | None] = []
    for _, row in grid.iterrows():
        hand: list[str] = []
        for col, token in RANK_COLUMNS.items():
            value = row.get(col, 0)
            n = 0 if value is None or pd.isna(value) else int(value)
            if n < 0 or n > MAX_OF_A_RANK:
                raise ValueError(
                    t(
                        f"{row.name}的 {col}：{n} 张不行（0 到 {MAX_OF_A_RANK}）",
                        f"{row.name}, {col}: {n} cards cannot be (0 to {MAX_OF_A_RANK})",
                    )
                )
            hand += [token] * n
        out.append(hand or None)
    return out


def suits_hands(grid: pd.DataFrame) -> list[list[str] | None]:
    """Each seat's hand from a grid of typed ranks per suit (升级), or None for a row with nothing typed.
    ValueError names the seat, the column and the token that is not a rank."""
    out: list[list[str] | None] = []
    for _, row in grid.iterrows():
        hand: list[str] = []
        for col, suit in SUIT_COLUMNS.items():
            value = row.get(col, "")
            text = "" if value is None or (isinstance(value, float) and pd.isna(value)) else str(value)
            for raw in unicodedata.normalize("NFKC", text).replace(",", " ").replace("、", " ").split():
                token = raw.upper() + suit if suit else raw.upper() if raw.isascii() else raw
                try:
                    parse_cards([token])
                except CardError:
                    what = t("点数", "a rank") if suit else t("小王或大王", "小王 or 大王 (SJ, BJ)")
                    raise ValueError(
                        t(
                            f"{row.name}的 {col} 列：“{raw}”不是{what}",
                            f"{row.name}, column {col}: {raw!r} is not {what}",
                        )
                    ) from None
                hand.append(parse_cards([token])[0].token)
        out.append(hand or None)
    return out


def position_text(
    game: str,
    profile: str,
    hands: list[list[str] | None],
    events: str,
    disputed: str = "",
    header: tuple[str, ...] = (),
) -> Position:
    """The log of a position: header (with the game's own ``header`` lines after the hands: 升级's
    ``levels A B``), hands (``hand N ?`` for an unknown one), the typed events and the disputed event as
    the last line."""
    head = [f"fupan/1 {game}", f"profile {profile}"]
    head += [f"hand {s} " + ("?" if h is None else " ".join(h)) for s, h in enumerate(hands)]
    head += header
    head.append("events")
    typed = events.replace("\r\n", "\n").replace("\r", "\n").split("\n") if events.strip() else []
    lines = head + typed + ([disputed.strip()] if disputed.strip() else [])
    return Position("\n".join(lines) + "\n", len(head), len(typed), bool(disputed.strip()))


def where_typed(pos: Position, exc: LogError) -> str:
    """Where a LogError of a position's log is, in the referee's terms (the box, its line and column)."""
    reason = said_in(exc.reason, lang())
    line, col = exc.line, exc.col
    at_col = "" if col is None else t(f"第 {col} 列", f", column {col}")
    if line is None or line <= pos.header_lines:
        return t(f"手牌或规则：{reason}", f"the hands or the profile: {reason}")
    k = line - pos.header_lines
    if k <= pos.typed_lines:
        return t(
            f"之前的动作，第 {k} 行{at_col}：{reason}",
            f"the events before, line {k}{at_col}: {reason}",
        )
    return t(f"争议的动作{('，' + at_col) if at_col else ''}：{reason}", f"the disputed event{at_col}: {reason}")


def _profiles(game: str) -> list[str]:
    """The profiles a typed position of ``game`` may name: the shipped ones and the club's (FUPAN_PROFILES),
    the game's default first."""
    names = []
    for name in dict.fromkeys([*shipped_profiles(), *club_profiles()]):
        try:
            if log_profile(name).game == game:
                names.append(name)
        except ProfileError:
            continue
    first = default_profile(game)
    return sorted(names, key=lambda n: (n != first, n))


def build_position(desk_of: DeskOf) -> tuple[Position, Replay] | None:
    """The position form; its log and replay, or None (nothing typed yet, or an error shown).
    ``desk_of``: a game's part of the desk (its grid, placeholders and header lines)."""
    names = {g: game_name(g) for g in games.names()}
    c1, c2 = st.columns(2)
    game = str(c1.selectbox(t("游戏", "Game"), list(names), key="pos_game", format_func=names.__getitem__))
    profiles = {name: profile_name(name) for name in _profiles(game)}  # worked out now, in the chosen language
    profile = str(
        c2.selectbox(t("规则", "Profile"), list(profiles), key=f"pos_profile_{game}", format_func=profiles.__getitem__)
    )
    desk = desk_of(game)
    header = tuple(desk.header(profile)) if desk.header is not None else ()
    if desk.suits:
        st.caption(
            t(
                "每个座位的手牌：每种花色一格，写点数，如 A K K 10 5；“王”一格写 小王 大王。空着的座位：手牌不明。",
                "Each seat's hand: one cell per suit with its ranks, like A K K 10 5; the 王 cell takes 小王 大王. "
                "A seat left empty: its hand is not known.",
            )
        )
        config = {c: st.column_config.TextColumn(c) for c in SUIT_COLUMNS}
    else:
        st.caption(
            t(
                "每个座位的手牌：每个点数有几张（不分花色）。全是 0 的座位：手牌不明。",
                "Each seat's hand: how many cards of each rank (suits left out). A seat of all 0: its hand is not known.",
            )
        )
        config = {
            c: st.column_config.NumberColumn(c, min_value=0, max_value=MAX_OF_A_RANK, step=1, width="small")
            for c in RANK_COLUMNS
        }
    grid = st.data_editor(
        empty_grid(game, desk.suits),
        key=f"pos_grid_{game}",
        column_config=config,
        width="stretch",
        placeholder=EMPTY_CELL,
    )
    events = st.text_area(
        t("之前的动作（文本记法，一行一个，可用中文：0 出 K K、1 过）", "The events before (the text notation, one a line; "
          "Chinese words allowed: 0 出 K K, 1 过)"),
        key=f"pos_events_{game}",
        height=140,
        placeholder=desk.events_placeholder,
    )  # fmt: skip
    disputed = st.text_input(
        t("争议的动作（一行；或空着，下面用座位、动作、牌来选）", "The disputed event (one line; or leave it empty and "
          "build it below with seat, action and cards)"),
        key=f"pos_disputed_{game}",
        placeholder=desk.disputed_placeholder,
    )  # fmt: skip
    try:
        hands = suits_hands(grid) if desk.suits else counts_hands(grid)
    except ValueError as exc:
        st.error(esc(exc))
        return None
    if all(h is None for h in hands) and not events.strip() and not disputed.strip():
        st.info(t("填上手牌和动作，就能裁定。", "Fill in the hands and the events to get a ruling."))
        return None
    pos = position_text(game, profile, hands, events, disputed, header)
    refusal = too_large(t("这一局面", "the position"), pos.text)
    if refusal:
        st.error(refusal)
        return None
    try:
        rep = replay_of_text(pos.text, SOURCE)
    except LogError as exc:
        st.error(t("读不懂：", "Cannot read: ") + esc(where_typed(pos, exc)))
        return None
    except ProfileError as exc:
        st.error(t("规则用不了：", "The profile cannot be used: ") + esc(error_in(exc, lang())))
        return None
    with st.expander(
        t("这一局面的记录（文本记法，可复制或下载）", "This position as a log (the text notation: copy or save it)")
    ):
        text = format_text(rep.log)
        st.code(text, language=None)
        st.download_button(
            t("下载记录", "Download the log"),
            text,
            file_name="position.txt",
            mime="text/plain",
            key="pos_log_download",
            on_click="ignore",
        )
        _deal_notes(rep)
    return pos, rep


def _deal_notes(rep: Replay) -> None:
    """The deal's checks: a position's hands are rarely whole, so these are notes, not rulings."""
    if not rep.deal_verdicts:
        return
    st.caption(
        t(
            "发牌检查（局面中的手牌通常不全，这些只是提示）：",
            "The deal's checks (a position's hands are rarely whole: these are notes only):",
        )
    )
    st.markdown("\n".join(f"- {esc(v.rule)}: {esc(t(v.message_zh, v.message_en))}" for v in rep.deal_verdicts))
