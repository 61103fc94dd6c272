"""What the Replay page offers on a variation shown (issue 36, item 2; drawn by ``views.parts.lines_view.summary``):

- ``downloads``: the variation as a log, in JSON and in the text notation (``replay.formats.notation.write``), the
  record's deal and first events then the variation's, as ``fupan branch`` writes one;
- ``manage``: rename and delete it. A variation stored in the library is renamed or deleted by a signed-in referee or
  admin only: ``data.variations`` checks the account again in the write's own transaction (a refusal is said on the
  page, nothing changed); the buttons are shown to a signed-in account only. A variation kept in this session only
  is the session's own: renamed or deleted there.
- ``pricing``: the variation priced by the evaluation (``coach.evaluate.evaluate_line``, the Evaluation page's pricing
  of a decision: rollouts in both views, the seat's knowledge and all cards known), its first move beside the
  recorded one and its next moves up to ``PRICED_MOVES``; each shown with its loss ± its standard error and grade per
  view, and the first move's candidates in the Evaluation page's table and bars (± 2 standard errors). A visitor not
  signed in prices with at most ``views.parts.bounds.ANON_ROLLOUTS`` rollouts.

Text from a log or a person is escaped where it is drawn (``md``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from coach.choices import shape
from coach.prices import DEFAULT_CANDIDATES, DEFAULT_ROLLOUTS, Decision, Settings
from replay.core.events import Event
from replay.core.numbering import event_words
from replay.core.said import error_in
from replay.formats.notation.write import format_text
from replay.lines import Line, line_log
from replay.replay import Replay
from views import games
from views.parts.texts import EMPTY_CELL, lang, md, t

PRICED_MOVES = 6  # a variation's own moves priced at most (the first beside the record's)
PRICES = "lines_prices"  # session state: {(deal, number, line): (rollouts, [Decision])}
RENAME_BOX, ROLLOUTS_BOX = "lines_rename", "lines_price_rollouts"
SAID = "lines_tool_said"  # session state: what a rename or delete said ("success"/"error", text), said once


@dataclass(frozen=True)
class Shown:
    """What the tools need of the variation shown: the deal, its number, the line, its replay and the record's."""

    deal_id: int
    number: int
    line: Line
    rep: Replay
    record: Replay
    kept_here: bool  # kept in this session only (not in the library)


# -- downloads ---------------------------------------------------------------------------------------------


def log_json(record: Replay, line: Line) -> str:
    """The line as a log, JSON (``replay.lines.line_log``)."""
    return line_log(record, line).dumps()


def log_text(record: Replay, line: Line) -> str:
    """The line as a log in the text notation (the project's writer, ``format_text``)."""
    return format_text(line_log(record, line))


def downloads(v: Shown) -> None:
    """The variation's log to download, JSON and text."""
    from views.parts.downloads import file_name

    with st.container(horizontal=True, gap="small"):
        st.download_button(
            t("下载变着的记录（JSON）", "Download the variation's log (JSON)"),
            log_json(v.record, v.line),
            file_name=file_name(f"deal{v.deal_id}", f"var{v.number}", suffix="json"),
            mime="application/json",
            key="lines_download",
            on_click="ignore",
        )
        st.download_button(
            t("下载变着的记录（记谱法文本）", "Download the variation's log (text notation)"),
            log_text(v.record, v.line),
            file_name=file_name(f"deal{v.deal_id}", f"var{v.number}", suffix="txt"),
            mime="text/plain",
            key="lines_download_text",
            on_click="ignore",
        )


# -- rename and delete -------------------------------------------------------------------------------------


def rename_stored(deal_id: int, number: int, name: str) -> None:
    """Rename a stored variation for the signed-in account (refused by ``data.variations`` unless it may write)."""
    from data.accounts import NotPermitted
    from data.variations import VariationError, rename_variation
    from views.parts.common import engine
    from views.parts.signin import signed_in

    try:
        new = rename_variation(engine(), deal_id, number, name, signed_in() or "")
    except (NotPermitted, VariationError) as exc:
        st.session_state[SAID] = ("error", t("没有改名：", "Not renamed: ") + md(error_in(exc, lang())))
        return
    st.session_state[SAID] = ("success", t(f"变着 #{number} 改名为：", f"Variation #{number} renamed: ") + md(new))


def delete_stored(deal_id: int, number: int, after: Callable[[], None]) -> None:
    """Delete a stored variation for the signed-in account (refused by ``data.variations`` unless it may write);
    ``after`` (the record shown again) once it is gone."""
    from data.accounts import NotPermitted
    from data.variations import VariationError, delete_variation
    from views.parts.common import engine
    from views.parts.signin import signed_in

    try:
        delete_variation(engine(), deal_id, number, signed_in() or "")
    except (NotPermitted, VariationError) as exc:
        st.session_state[SAID] = ("error", t("没有删除：", "Not deleted: ") + md(error_in(exc, lang())))
        return
    st.session_state[SAID] = ("success", t(f"变着 #{number} 已删除。", f"Variation #{number} deleted."))
    after()


def _renamed(v: Shown, rename_here: Callable[[str], None]) -> None:
    name = str(st.session_state.get(f"{RENAME_BOX}_{v.number}", ""))
    if v.kept_here:
        from data.variation_rows import check_name
        from data.variations import VariationError

        try:
            new = check_name(name)
        except VariationError as exc:
            st.session_state[SAID] = ("error", t("没有改名：", "Not renamed: ") + md(error_in(exc, lang())))
            return
        rename_here(new)
        st.session_state[SAID] = (
            "success",
            t(f"变着 #{v.number} 改名为：", f"Variation #{v.number} renamed: ") + md(new),
        )
        return
    rename_stored(v.deal_id, v.number, name)


def _deleted(v: Shown, delete_here: Callable[[], None], after: Callable[[], None]) -> None:
    if v.kept_here:
        delete_here()
        st.session_state[SAID] = ("success", t(f"变着 #{v.number} 已删除。", f"Variation #{v.number} deleted."))
        after()
        return
    delete_stored(v.deal_id, v.number, after)


def said() -> None:
    """What the last rename or delete said, once."""
    found = st.session_state.pop(SAID, None)
    if found:
        getattr(st, found[0])(found[1])


def manage(
    v: Shown, rename_here: Callable[[str], None], delete_here: Callable[[], None], after: Callable[[], None]
) -> None:
    """Rename and delete the variation: the session's own here; a stored one for a signed-in account (its right
    checked by the library on each write)."""
    from views.parts.signin import signed_in

    if not v.kept_here and signed_in() is None:
        st.caption(t("存入牌局库的变着由登录的裁判改名或删除。", "A stored variation is renamed or deleted by a signed-in "
                     "referee."))  # fmt: skip
        return
    with st.popover(t("改名或删除", "Rename or delete"), icon=":material/edit:", key="lines_manage"):
        box = f"{RENAME_BOX}_{v.number}"  # one box a variation, holding its name at first
        if st.session_state.get(box) is None:
            st.session_state[box] = v.line.name
        st.text_input(t("新名称", "New name"), key=box, max_chars=200)
        left, right = st.columns(2)
        left.button(t("改名", "Rename"), key="lines_rename_go", on_click=_renamed, args=(v, rename_here))
        right.button(t("删除这个变着", "Delete this variation"), key="lines_delete_go", type="primary",
                     on_click=_deleted, args=(v, delete_here, after))  # fmt: skip


# -- priced by the evaluation ------------------------------------------------------------------------------


def recorded_at(v: Shown) -> Event | None:
    """The record's event where the variation leaves it (None at the record's end)."""
    events = v.record.log.events
    return events[v.line.at] if v.line.at < len(events) else None


def price(v: Shown, rollouts: int) -> list[Decision]:
    """The variation's own moves priced (``coach.evaluate.evaluate_line``): the first beside the record's event."""
    from coach.evaluate import evaluate_line
    from views.parts.bounds import rollout_budget

    budget = rollout_budget(rollouts)  # a visitor not signed in: no more than the cap, added rollouts too
    settings = Settings(rollouts=rollouts, max_candidates=DEFAULT_CANDIDATES, seed=0, max_rollouts=budget)
    return evaluate_line(v.rep, v.line.at, recorded_at(v), settings, PRICED_MOVES)


def _key(v: Shown) -> tuple[int, int, Line]:
    return (v.deal_id, v.number, v.line)


def _priced(v: Shown) -> None:
    from views.parts.bounds import evaluation_refusal

    rollouts = int(st.session_state.get(ROLLOUTS_BOX, DEFAULT_ROLLOUTS) or DEFAULT_ROLLOUTS)
    refusal = evaluation_refusal(rollouts, len(v.rep.log.events))
    prices: dict[tuple[int, int, Line], tuple[int, list[Decision] | str]] = st.session_state.setdefault(PRICES, {})
    if refusal:
        prices[_key(v)] = (rollouts, refusal)
        return
    try:
        found: list[Decision] | str = price(v, rollouts)
    except Exception as exc:  # a game not priced, a deal whose hands the record does not give: said
        found = md(error_in(exc, lang()))
    prices[_key(v)] = (rollouts, found)


def _move_words(rep: Replay, ev: Event, lang_: str) -> str:
    from views.parts.table import action_label, cards_text, seat_label

    did = f"{action_label(ev.action, lang_, rep.log.game)} {cards_text([c.token for c in ev.cards], lang_)}".strip()
    return f"{seat_label(rep, ev.seat, lang_)} · {did}"


def pricing(v: Shown) -> None:
    """The button that prices the variation, and its price once made (with its uncertainty, as the Evaluation page
    shows a decision's)."""
    from coach.games import priced_games

    if v.record.log.game not in priced_games():
        return
    with st.container(horizontal=True, gap="small", vertical_alignment="bottom"):
        st.number_input(t("每个候选的模拟次数", "Rollouts per candidate"), 2, 400, DEFAULT_ROLLOUTS, key=ROLLOUTS_BOX,
                        width=180)  # fmt: skip
        st.button(t("评估这个变着", "Price this variation"), key="lines_price", icon=":material/query_stats:",
                  on_click=_priced, args=(v,))  # fmt: skip
    found = st.session_state.get(PRICES, {}).get(_key(v))
    if found is None:
        return
    _show_price(v, found[1])


def _show_price(v: Shown, found: list[Decision] | str) -> None:
    import pandas as pd

    from views.parts.evaluation_chart import candidates_figure
    from views.parts.evaluation_parts import candidate_label, candidates_frame, grade_label, view_label
    from views.parts.figures import show

    lang_ = lang()
    if isinstance(found, str):
        st.error(t("评估不了：", "Cannot price it: ") + found)
        return
    if not found:
        st.info(t("这个变着自己的着法里没有可评估的选择（每一手都只有一种合理走法）。",
                  "None of the variation's own moves had more than one option worth pricing."))  # fmt: skip
        return
    unit = games.view(v.record.log.game).value_unit
    rows = []
    for d in found:
        row: dict[str, str | None] = {
            "#": tr_event(d.index, lang_),
            t("着法", "move"): _move_words(v.rep, d.actual.event, lang_),
        }
        for view in ("seat", "all"):
            loss = d.losses.get(view)
            name = view_label(view, lang_)
            row[f"{name} {t('损失', 'loss')}"] = None if loss is None else f"{loss.loss:.2f} ± {loss.se:.2f}"
            row[f"{name} {t('评级', 'grade')}"] = (
                None if loss is None else grade_label(d.grade_in(view), lang_, d.undecided_in(view)) or "✓"
            )
        rows.append(row)
    st.markdown(
        t(
            f"**变着的评估**（损失以{unit[0]}计，± 标准误）",
            f"**The variation priced** (loss in {unit[1]}, ± standard error)",
        )
    )
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", placeholder=EMPTY_CELL)
    first = found[0]
    if first.index != v.line.at:
        return
    recorded = recorded_at(v)
    said = []
    for c in first.candidates:  # the record's move: itself, or the candidate of its shape (its ranks) priced for it
        is_record = recorded is not None and not c.actual and shape(c.event) == shape(recorded)
        if not (c.actual or is_record):
            continue
        whose = t("变着", "the variation") if c.actual else t("记录", "the record")
        vals = " · ".join(
            f"{view_label(view, lang_)} {val.mean:+.2f} ± {val.se:.2f}"
            for view, val in sorted(c.values.items(), reverse=True)
        )
        said.append(
            f"- {whose}：{md(candidate_label(c, lang_))} — {vals}"
            if lang_ == "zh"
            else f"- {whose}: {md(candidate_label(c, lang_))} — {vals}"
        )
    if said:
        st.markdown(
            t(
                f"第一手与记录的一手（期望{unit[0]} ± 标准误）：",
                f"The first move and the record's (expected {unit[1]} ± SE):",
            )
            + "\n"
            + "\n".join(said)
        )
    st.dataframe(candidates_frame(first, lang_), hide_index=True, width="stretch", placeholder=EMPTY_CELL)
    show(candidates_figure(first, lang_, unit), f"deal{v.deal_id}", f"var{v.number}", key="lines_price_chart")


def tr_event(index: int, lang_: str) -> str:
    zh, en = event_words(index)
    return zh if lang_ == "zh" else en
