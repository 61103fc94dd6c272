"""A deal's lines on the pages (issue 36, items 1 and 2): the record **as played**, the line **as ruled** (for a deal
with an illegal event) and the session's **variations** (``replay.lines``).

- ``shown_line(deal_id, rep)``: the line the Replay and Timeline pages show (session state ``LINE``, which the
  address holds as ``&line=ruled`` or ``&var=N``: ``views.parts.address``), with its own replay (``line_replay``:
  the line's log replayed, kept per deal).
- ``picker``: the line selector; ``summary``: what the line as ruled withdrew and where the record departs (said
  once); ``table_mark``: the words above each table saying which line it is (the as-played table after an illegal
  event names the event, ``played_mark``); ``verdict_words`` and ``beside``: which line a verdict is on, and the
  record's as-played reading beside an as-ruled verdict that reads otherwise.
- ``entry``: a variation typed at the open step (the text notation, Chinese action words included), continued by
  hand or played out by the coach's policy, a move the rules refuse said with its rule and the seed's words; a
  variation's download as a log.
- ``save_variation`` and ``variations``: a signed-in referee's variation is stored in the library
  (``data.variations``: numbered per deal, its link ``&var=N`` opens in any session); a visitor's is kept in the
  session only (numbered after the deal's, said so on the page).

Every text from a log is escaped where it is drawn (``md`` for Markdown, ``html.escape`` for HTML).
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from html import escape

import streamlit as st

from replay.core.events import Event
from replay.core.numbering import event_words
from replay.core.plural import count
from replay.core.said import error_in
from replay.formats.log_doc import LogError
from replay.formats.notation.moves import read_moves
from replay.lines import (
    LINE_NAMES,
    PLAYED,
    RULED,
    VARIATION,
    Line,
    MoveError,
    Policy,
    Ruled,
    branch,
    counting,
    events_words,
    line_log,
    played,
    played_mark,
    ruled,
)
from replay.replay import Replay
from replay.rules.register import RULES
from views.parts import address
from views.parts.texts import md, t

LINE, LINE_DEAL = address.LINE, address.LINE_DEAL  # session state: the line shown ("played", "ruled", a number)
VARIATIONS = "lines_variations"  # session state: {number: (deal_id, Line)}, the session's variations
PICKER = "lines_picker"
MOVES_BOX, NAME_BOX = "lines_moves", "lines_name"
REFUSED = "lines_refused"  # session state: the last refusal to say ((zh, en), rule, quote text, seed file)
UNSAVED = "lines_unsaved"  # session state: why a variation was kept in the session only (zh, en), said once
RERUN = "lines_rerun"  # session state: a variation was made in the stepper's run: the whole page shows it
ENTRY = "lines_entry"  # session state: f"{ENTRY}_{step}" is the variation entry's expander at that step, True when open
SEED = 1  # the coach policy's seed for a playout

#: the line a deal's score takes in the statistics and the match totals (``replay.lines.counting``, ``data.counted``)
COUNTED_LINE = (
    "各局按计分的线路：裁判维持违规动作不成立的局按规则，其余按记录",
    "each deal by the line that counts: as ruled where a referee upheld that its illegal events do not stand, else as "
    "played",
)
COUNTED = (f"（{COUNTED_LINE[0]}）", f" ({COUNTED_LINE[1]})")
_MARK_CSS = "margin:0 0 4px 0;padding:2px 8px;border-radius:4px;font-size:13px;"
_RULED: weakref.WeakKeyDictionary[Replay, Ruled] = weakref.WeakKeyDictionary()
_LINE_REPS: weakref.WeakKeyDictionary[Replay, dict[str, tuple[Line, Replay]]] = weakref.WeakKeyDictionary()
_LINE_OF: weakref.WeakKeyDictionary[Replay, Shown] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class Shown:
    """The line a page shows: its ``kind``, its ``number`` (a variation's), the ``line``, its replay (``rep``: the
    record's own for the record), the record's replay (``record``) and its name (zh, en)."""

    kind: str
    number: int | None
    line: Line
    rep: Replay
    record: Replay
    words: tuple[str, str]

    @property
    def is_record(self) -> bool:
        return self.kind == PLAYED


# -- the deal's variations: stored in the library (a signed-in referee's), else kept in the session ---------------


def save_variation(deal_id: int, line: Line) -> int:
    """Keep a variation of deal ``deal_id``: in the library for a signed-in referee (``data.variations``: it gets the
    deal's next number, a link ``&var=N`` anyone may open), else in this session only (numbered after the deal's
    variations); its number."""
    from data.accounts import NotPermitted
    from data.variations import add_variation
    from views.parts.common import engine
    from views.parts.signin import signed_in

    name = signed_in()
    if name is not None:
        try:
            return add_variation(engine(), deal_id, line, name)
        except NotPermitted as exc:  # an account that may not write: kept in the session, said why
            st.session_state[UNSAVED] = error_in(exc, "zh"), str(exc)
    kept: dict[int, tuple[int, Line]] = st.session_state.setdefault(VARIATIONS, {})
    number = max((*variations(deal_id), 0)) + 1
    kept[number] = (deal_id, line)
    return number


def _stored(deal_id: int) -> dict[int, Line]:
    from data.variations import deal_variations
    from views.parts.common import engine

    try:
        found = deal_variations(engine(), deal_id)
    except Exception:  # the library's variations cannot be read: the session's are still shown
        return {}
    return {v.number: Line(v.kind, v.at, v.events, v.name) for v in found}


def variations(deal_id: int) -> dict[int, Line]:
    """The variations of deal ``deal_id`` by number: the library's, then those kept in this session."""
    kept: dict[int, tuple[int, Line]] = st.session_state.get(VARIATIONS, {})
    found = _stored(deal_id)
    found.update({n: line for n, (d, line) in sorted(kept.items()) if d == deal_id and n not in found})
    return found


def unsaved(deal_id: int, number: int) -> bool:
    """Whether variation ``number`` of the deal is kept in this session only."""
    kept: dict[int, tuple[int, Line]] = st.session_state.get(VARIATIONS, {})
    return kept.get(number, (None,))[0] == deal_id and number not in _stored(deal_id)


# -- the lines of a deal ----------------------------------------------------------------------------------


def ruled_of(rep: Replay) -> Ruled:
    """``ruled(rep)``, worked out once per replay."""
    info = _RULED.get(rep)
    if info is None:
        info = _RULED[rep] = ruled(rep)
    return info


def line_replay(rep: Replay, key: str, line: Line, number: int | None = None) -> Shown:
    """The line ``line`` of ``rep`` (``key``: "ruled" or "varN") with its own replay (the line's log replayed),
    made once per deal and line."""
    kept = _LINE_REPS.setdefault(rep, {})
    memo = kept.get(key)
    if memo is None or memo[0] != line:
        memo = kept[key] = (line, Replay(line_log(rep, line), profile=rep.profile))
    words = line.words if line.kind == VARIATION and number is None else _named(line, number)
    kind = line.kind if number is None else VARIATION  # a numbered line (one stored as ruled too) is a variation here
    shown = Shown(kind, number, line, memo[1], rep, words)
    _LINE_OF[memo[1]] = shown
    return shown


def _named(line: Line, number: int | None) -> tuple[str, str]:
    zh, en = line.words
    if number is None:
        return zh, en
    return f"{zh}（#{number}）", f"{en} (#{number})"


def record_of(rep: Replay) -> Shown:
    """The record as played, as a line shown."""
    return Shown(PLAYED, None, played(rep), rep, rep, LINE_NAMES[PLAYED])


def shown_line(deal_id: int, rep: Replay) -> Shown:
    """The line the pages show of the open deal (session state ``LINE``; the record when it names none of this
    deal's lines: said once on the page)."""
    record = record_of(rep)
    asked = st.session_state.get(LINE, PLAYED)
    if st.session_state.get(LINE_DEAL) != deal_id or asked == PLAYED:
        return record
    if asked == RULED and ruled_of(rep).differs:
        return line_replay(rep, RULED, ruled_of(rep).line)
    lines = variations(deal_id) if isinstance(asked, int) else {}
    if isinstance(asked, int) and asked in lines:
        return line_replay(rep, f"var{asked}", lines[asked], asked)
    st.warning(
        t(
            "链接所指的线路这一局没有（没有存入牌局库的变着只在做它的会话里；按规则的线路只在有违规时才有）：显示按记录。",
            "This deal has no such line (a variation not stored in the library lives only in the session that made "
            "it; the line as ruled exists only after an illegal event): the record as played is shown.",
        )
    )
    choose(deal_id, PLAYED)
    return record


def choose(deal_id: int, line: str | int) -> None:
    """Show ``line`` of deal ``deal_id`` ("played", "ruled" or a variation's number)."""
    st.session_state[LINE], st.session_state[LINE_DEAL] = line, deal_id


def of_replay(rep: Replay) -> Shown | None:
    """The line a line's replay belongs to (None: the record's own replay)."""
    return _LINE_OF.get(rep)


# -- what the pages say of a line --------------------------------------------------------------------------


def _options(deal_id: int, rep: Replay) -> dict[str | int, str]:
    options: dict[str | int, str] = {PLAYED: t(*LINE_NAMES[PLAYED])}
    if ruled_of(rep).differs:
        options[RULED] = t(*LINE_NAMES[RULED])
    for number, line in variations(deal_id).items():
        options[number] = t(*_named(line, number))
    return options


def _picked(deal_id: int) -> None:
    choose(deal_id, st.session_state[PICKER])


def picker(deal_id: int, shown: Shown) -> None:
    """The line selector (as played; as ruled when the deal has an illegal event; the session's variations)."""
    from views.parts.common import held_index

    options = _options(deal_id, shown.record)
    if len(options) < 2:
        return
    value: str | int = shown.number if shown.number is not None else shown.kind
    st.session_state[PICKER] = value
    keys = list(options)
    st.selectbox(
        t("线路", "Line"), keys, index=held_index(keys, PICKER), format_func=options.__getitem__,
        key=PICKER, on_change=_picked,
        args=(deal_id,), help=t("按记录：实际打出的；按规则：违规动作撤回后；变着：另一种打法。",
                                "As played: what the record shows; as ruled: with the illegal event withdrawn; "
                                "a variation: other moves."),
    )  # fmt: skip


def summary(shown: Shown) -> None:
    """What the line shown is: the record with its illegal events; the line as ruled's withdrawn events and where
    the record departs from the rules (said once, here); a variation's branch point."""
    from views.parts.variation_tools import said

    said()  # what a rename or delete said (a deleted variation's page shows the record)
    if shown.kind == RULED:
        info = ruled_of(shown.record)
        zh, en = events_words(info.withdrawn)
        st.info(
            t(
                f"按规则：{zh}的违规动作撤回（牌回手中，该出的座位出牌），之后记录中合乎规则的动作照打。",
                f"As ruled: {en} withdrawn (the cards back, the seats that may act act); the recorded "
                "events that still fit the rules carry on.",
            )
        )
        zh, en = info.departure_words()
        if zh:
            st.warning(md(t(zh, en)))
    elif shown.kind == VARIATION:
        st.info(
            t(
                f"{md(shown.words[0])}：记录的前 {shown.line.at} 手，之后 {len(shown.line.events)} 手是变着。",
                f"{md(shown.words[1])}: the record's first {count(shown.line.at, 'event')}, then "
                f"{len(shown.line.events)} of its own.",
            )
        )
        deal_id = st.session_state.get(LINE_DEAL)
        if isinstance(deal_id, int) and shown.number is not None and unsaved(deal_id, shown.number):
            st.caption(
                t(
                    "这个变着只保存在本次会话里（裁判登录后做的变着存入牌局库，链接可以分享）。",
                    "This variation is kept in this session only (a signed-in referee's variations are stored in "
                    "the library, and their links can be shared).",
                )
            )
        why = st.session_state.pop(UNSAVED, None)
        if why:
            st.warning(md(t(*why)))
        if isinstance(deal_id, int) and shown.number is not None:
            _tools(deal_id, shown.number, shown)


def _tools(deal_id: int, number: int, shown: Shown) -> None:
    """The variation's downloads, its rename and delete, its price (``views.parts.variation_tools``)."""
    from views.parts import variation_tools as tools

    v = tools.Shown(deal_id, number, shown.line, shown.rep, shown.record, unsaved(deal_id, number))
    tools.downloads(v)
    tools.manage(v, partial(_rename_here, deal_id, number), partial(_delete_here, deal_id, number),
                 partial(choose, deal_id, PLAYED))  # fmt: skip
    tools.pricing(v)


def _rename_here(deal_id: int, number: int, name: str) -> None:
    kept: dict[int, tuple[int, Line]] = st.session_state.get(VARIATIONS, {})
    d, line = kept[number]
    kept[number] = (d, Line(line.kind, line.at, line.events, name))


def _delete_here(deal_id: int, number: int) -> None:
    kept: dict[int, tuple[int, Line]] = st.session_state.get(VARIATIONS, {})
    kept.pop(number, None)


def table_mark(rep: Replay, step: int, lang_: str) -> str:
    """The words above the table at ``step`` saying which line it is (HTML, escaped): a line's name; on the record of
    a deal with an illegal event, "as played", naming the illegal event that stands on it; "" for the record of a
    deal without one (there is only one line)."""
    shown = of_replay(rep)
    zh_en: tuple[str, str]
    if shown is not None:
        zh_en = (f"牌桌：{shown.words[0]}", f"the table: {shown.words[1]}")
        if step > shown.line.at:
            zh_en = (zh_en[0] + f"（第 {shown.line.at} 步起）", zh_en[1] + f" (from step {shown.line.at})")
        colour = "#dbeafe"
    elif rep.illegal:
        zh_en = played_mark(rep, step)
        if not zh_en[0]:
            zh_en = ("牌桌：按记录（两条线路在此相同）", "the table: as played (the two lines agree here)")
        colour = "#fee2e2" if step > (rep.illegal[0].index or 0) else "#f3f4f6"
    else:
        return ""
    text = zh_en[0] if lang_ == "zh" else zh_en[1]
    line = shown.kind if shown is not None else PLAYED
    return f'<div class="fp-line" data-line="{line}" style="{_MARK_CSS}background:{colour}">{escape(text)}</div>'


def verdict_words(rep: Replay, lang_: str) -> str:
    """The line a verdict is on, as its heading begins ("" for the record of a deal with one line)."""
    shown = of_replay(rep)
    if shown is None and not rep.illegal:
        return ""
    zh, en = shown.words if shown is not None else LINE_NAMES[PLAYED]
    return md(zh if lang_ == "zh" else en) + " · "


def beside(rep: Replay, index: int | None, lang_: str) -> None:
    """Beside an event of the line as ruled: the recorded event it is, and the record's as-played reading where it
    reads otherwise."""
    shown = of_replay(rep)
    if shown is None or shown.kind != RULED or index is None or index < shown.line.at:
        return
    kept = [j for j in ruled_of(shown.record).judged if not j.withdrawn]
    if index - shown.line.at >= len(kept):
        return
    judged = kept[index - shown.line.at]
    zh, en = event_words(judged.index)
    st.caption(t(f"记录中的{zh}，在按规则的牌桌上判定", f"the record's {en}, judged on the as-ruled table"))
    v = judged.played
    if v is not None:
        mark = "✓" if v.legal else f"✗ [{v.rule}]"
        msg = v.message_zh if lang_ == "zh" else v.message_en
        st.warning(t(f"按记录的判定：{mark} {md(msg)}", f"As played it reads: {mark} {md(msg)}"))


# -- a variation typed at the open step ----------------------------------------------------------------------


def _policy(rep: Replay) -> Policy:
    """The coach's policy for ``rep``'s game (its rollout bot, no noise, seeded: as ``fupan branch --playout``)."""
    from coach.games import pricing

    hands = rep.log.hands
    if hands is None or any(h is None or None in h for h in hands):
        raise MoveError("续打需要记录中每一手牌都完整 / a playout needs every hand known in the record", 0)
    bot: Policy = pricing(rep.engine).rollout_bot(random.Random(SEED), 0.0)
    return bot


def make_variation(shown: Shown, step: int, text: str, name: str, play_out: bool) -> Line:
    """The variation of the line ``shown`` at ``step``: the moves of ``text`` (checked by the engine: MoveError for
    one the rules refuse, LogError for one that cannot be read), then the deal played out by the coach's policy when
    ``play_out``; as a line of the record (a line's own events before ``step`` kept)."""
    rep = shown.rep
    moves = read_moves(text, rep.log.game, rep.engine.n, "变着 / variation") if text.strip() else ()
    return make_line(shown, step, moves, name, play_out)


def make_line(shown: Shown, step: int, moves: tuple[Event, ...], name: str, play_out: bool) -> Line:
    """The variation of the line ``shown`` at ``step``: ``moves`` (typed or clicked: each checked by the engine,
    MoveError for one the rules refuse), then the deal played out by the coach's policy when ``play_out``; as a line
    of the record (a line's own events before ``step`` kept)."""
    rep = shown.rep
    policy = _policy(rep) if play_out else None
    made = branch(rep, step, moves, name, policy)
    if shown.is_record or step <= shown.line.at:
        return Line(VARIATION, min(step, shown.line.at), made.events, name)
    return Line(VARIATION, shown.line.at, shown.line.events[: step - shown.line.at] + made.events, name)


def _continues(shown: Shown, step: int, line: Line) -> bool:
    """Whether ``line`` continues the variation shown from its last table (then it is that variation, longer)."""
    own = shown.line
    return (
        shown.number is not None
        and own.kind == VARIATION
        and step == own.at + len(own.events)
        and line.at == own.at
        and line.events[: len(own.events)] == own.events
    )


def _keep(deal_id: int, shown: Shown, step: int, line: Line) -> int:
    """Keep the variation made: the variation shown, continued, when it was made at its last table and this session
    may change it (its own, or a stored one for a signed-in referee); else a new one (``save_variation``)."""
    from data.accounts import NotPermitted
    from data.variations import VariationError, extend_variation
    from views.parts.common import engine
    from views.parts.signin import signed_in

    if not _continues(shown, step, line) or shown.number is None:
        return save_variation(deal_id, line)
    number = shown.number
    longer = Line(VARIATION, line.at, line.events, shown.line.name)
    kept: dict[int, tuple[int, Line]] = st.session_state.setdefault(VARIATIONS, {})
    if unsaved(deal_id, number):
        kept[number] = (deal_id, longer)
        return number
    name = signed_in()
    if name is not None:
        try:
            extend_variation(engine(), deal_id, number, longer.events, name)
            return number
        except (NotPermitted, VariationError) as exc:  # said, and kept as a new variation of this session
            st.session_state[UNSAVED] = error_in(exc, "zh"), str(exc)
    return save_variation(deal_id, line)


def _try(deal_id: int, shown: Shown, step: int, make: Callable[[], Line], typed: int) -> None:
    """Make a variation (``make``: MoveError for a move the rules refuse, LogError for one that cannot be read),
    keep it and show it at the table after the ``typed`` moves; a refusal kept to be said."""
    st.session_state.pop(REFUSED, None)
    try:
        line = make()
    except MoveError as exc:
        quote = exc.quote
        zh, _, en = str(exc).partition(" / ")  # a MoveError says its Chinese, then its English
        st.session_state[REFUSED] = ((zh, en or zh), exc.rule, quote.text if quote else "", quote.file if quote else "")
        return
    except (LogError, ValueError) as exc:
        st.session_state[REFUSED] = ((error_in(exc, "zh"), error_in(exc, "en")), "", "", "")
        return
    number = _keep(deal_id, shown, step, line)
    choose(deal_id, number)
    st.session_state["step"] = step + typed
    st.session_state[RERUN] = True


def _make(deal_id: int, shown: Shown, step: int, play_out: bool) -> None:
    text, name = str(st.session_state.get(MOVES_BOX, "")), str(st.session_state.get(NAME_BOX, "")).strip()
    if not text.strip() and not play_out:
        st.session_state[REFUSED] = (("没有着法：请输入如 “3 出 Q Q Q Q”", 'no move: type one such as "3 play Q Q Q Q"'),
                                     "", "", "")  # fmt: skip
        return
    try:
        typed = len(read_moves(text, shown.rep.log.game, shown.rep.engine.n)) if text.strip() else 0
    except LogError:
        typed = 0  # said by make_variation, at the move's place
    _try(deal_id, shown, step, lambda: make_variation(shown, step, text, name, play_out), typed)
    if RERUN in st.session_state:
        st.session_state[MOVES_BOX] = ""


def _clicked(deal_id: int, shown: Shown, step: int, move: Event) -> None:
    """A move made by clicking cards: checked and kept as a typed one."""
    name = str(st.session_state.get(NAME_BOX, "")).strip()
    _try(deal_id, shown, step, lambda: make_line(shown, step, (move,), name, False), 1)


def refused() -> None:
    """Say the last move refused: the rule and the seed's words (zh and en)."""
    said = st.session_state.get(REFUSED)
    if not said:
        return
    (zh, en), rule, quote, file = said
    entry = RULES.get(rule)
    name = t(entry.name_zh, entry.name_en) if entry is not None else ""
    head = t("着法不合规则，没有采用", "The move is refused") + (
        t("：", ": ") + f"**{rule}** {md(name)}" if rule else ""
    )
    st.error(f"{head}\n\n{md(t(zh, en))}")
    if quote:
        st.markdown(f"> {md(quote)}" + (f"\n\n{t('出处', 'Source')}：`{md(file)}`" if file else ""))


def entry(deal_id: int, shown: Shown, step: int) -> None:
    """The variation entry at ``step`` of the line shown: the seat to act's cards to click (``move_cards``), or moves
    typed in the notation, a name, continue by hand or play out to the end. Open while a variation is shown (one is
    being entered) or a move was refused."""
    from views.parts.move_cards import cards_entry

    if st.session_state.pop(RERUN, False):
        st.rerun()  # the new variation is the line shown: the whole page draws it
    entering = shown.kind == VARIATION or bool(st.session_state.get(REFUSED))
    key = f"{ENTRY}_{step}"
    if entering and not st.session_state.get(key):
        st.session_state[key] = True
    # drawn only while open (a rerun when it opens or closes): folded, its cards cost a step 0.2 s (make bench)
    box = st.expander(t(f"从第 {step} 步走变着", f"A variation from step {step}"), key=key, on_change="rerun")
    with box:
        if not box.open:
            return
        line_key = shown.kind if shown.number is None else f"var{shown.number}"
        cards_entry(shown.rep, step, line_key, _game_actions(shown.rep), partial(_clicked, deal_id, shown, step))
        st.text_input(
            t(
                "或者输入着法（记谱法，如 “3 出 Q Q Q Q；4 过”）",
                'Or type moves (the notation, e.g. "3 play Q Q Q Q; 4 pass")',
            ),
            key=MOVES_BOX,
            placeholder=t("3 出 Q Q Q Q", "3 play Q Q Q Q"),
        )
        st.text_input(t("名称（可选）", "Name (optional)"), key=NAME_BOX, max_chars=80)
        left, right = st.columns(2)
        left.button(t("继续手动打", "Continue by hand"), key="lines_by_hand", on_click=_make,
                    args=(deal_id, shown, step, False))  # fmt: skip
        right.button(t("用教练策略打到终局", "Play out to the end"), key="lines_play_out", on_click=_make,
                     args=(deal_id, shown, step, True))  # fmt: skip
        refused()


def _game_actions(rep: Replay) -> tuple[str, ...]:
    """The actions of the deal's game (``replay.games``)."""
    from replay import games

    return tuple(games.get(rep.log.game).actions)


def variation_log(shown: Shown) -> str:
    """The line shown as a log (JSON: the record's deal and first events, then the line's), as ``fupan branch``
    writes one."""
    return line_log(shown.record, shown.line).dumps()


__all__ = ["Shown", "entry", "line_replay", "picker", "save_variation", "shown_line", "summary", "variations"]


# -- which line's score counts (the Scoring page) -------------------------------------------------------------


def counted(deal_id: int, rep: Replay) -> Shown:
    """Say which line's score is the deal's and why (``counting`` by the referee's stored decisions; pending while
    none is taken), and give that line: the record, or the line as ruled (its score is the deal's)."""
    from views.parts.common import decisions_stored

    try:
        decisions = [s.decision for s in decisions_stored(deal_id)]
    except Exception:  # the library's decisions cannot be read: the log's own (the page says what is wrong)
        decisions = None
    said = counting(rep, decisions)
    zh, en = LINE_NAMES[said.kind]
    text = t(f"计分{zh}：{said.why[0]}", f"Scored {en}: {said.why[1]}")
    if not rep.illegal:
        return record_of(rep)
    (st.warning if said.pending else st.info)(md(text))
    if said.kind == RULED:
        shown = line_replay(rep, RULED, ruled_of(rep).line)
        if said.score is None:
            st.warning(t("按规则的线路没有打到终局：没有名次和得分。", "The line as ruled does not reach the end of "
                         "the deal: no places or points."))  # fmt: skip
        return shown
    return record_of(rep)


def record_note(rep: Replay) -> None:
    """On a page about the record of a deal with an illegal event: it shows the record as played (the line as ruled
    is on the Replay page)."""
    if rep.illegal:
        st.caption(
            t(
                "本页按记录（实际打出的）；按规则的线路见“复盘”页。",
                "This page shows the record as played; the line as ruled is on the Replay page.",
            )
        )


def players_note() -> None:
    """Which line the Players page's figures take: places and points each deal's line that counts
    (``data.counted``); the coach's findings and the accuracy, the moves of the record as played."""
    st.caption(
        t(
            f"名次和得分：{COUNTED_LINE[0]}。教练发现和准确率：按记录（实际打出的每一手）。",
            f"Places and points: {COUNTED_LINE[1]}. The coach's findings and the accuracy: the record as played (each "
            "move made).",
        )
    )
