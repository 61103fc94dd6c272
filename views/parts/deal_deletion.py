"""The Library's "delete or restore deals" box: a referee (or the owner of a dashboard of one's own) deletes a deal by
its number in the library, with a reason; the deletions are listed (who, when, why), and an admin (or the owner)
restores one (``data.deletions``: the deal archived and taken out in one transaction, brought back from the archive).

The box is drawn only for whoever may delete (``views.parts.access.offered``), the restore only for whoever may
restore; each write checks the account again in its own transaction (``data.accounts.writer``): a session whose
account was disabled or lowered meanwhile is refused there, said plainly, nothing changed. ``views.parts.deleted.gone`` tells a
page asked for a deal that is no longer there that it was deleted, by whom and when, or restored as another deal.
"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
import streamlit as st

from data.accounts import DELETE, RESTORE, Actor, NotPermitted, Right
from data.database import DatabaseStateError
from data.deletions import Deletion, DeletionError, delete_deal, deletions, restore_deal
from replay.core.said import error_in
from views.parts.access import actor, offered, refusal
from views.parts.clock import local_time
from views.parts.common import current, engine, forget_deals, t
from views.parts.deleted import who as _who
from views.parts.signin import dropped
from views.parts.texts import EMPTY_CELL, esc, lang

KEY = "deletion_"
BOX = KEY + "box"
DEAL, REASON, CHOSEN = KEY + "deal", KEY + "reason", KEY + "chosen"
SAID = KEY + "said"  # what the last delete or restore said: (kind, text)
SHOWN = 50  # the most deletions listed


def box() -> None:
    """The box (folded; drawn only while open), for whoever may delete."""
    if not offered(DELETE):
        return
    folded = st.expander(t("删除或恢复牌局", "Delete or restore deals"), key=BOX, on_change="rerun")
    if folded.open:
        with folded:
            _inside()


def _inside() -> None:
    found = st.session_state.pop(SAID, None)
    if found is not None:
        kind, text = found
        (st.success if kind == "success" else st.error)(esc(text))
    deal_id, _ = current()
    if DEAL not in st.session_state and deal_id is not None:
        st.session_state[DEAL] = int(deal_id)  # the open deal, to start with
    left, right = st.columns([1, 3])
    left.number_input(t("牌局编号", "Deal number"), min_value=1, step=1, value=None, key=DEAL)
    right.text_input(t("原因（记录在删除记录里）", "Reason (kept with the deletion)"), key=REASON, max_chars=500)
    st.button(t("删除这一局", "Delete this deal"), key=KEY + "go", type="primary", on_click=_delete)
    st.caption(
        t(
            "删除会被记录（谁、何时、为什么），连同这一局的记录、裁定、变着和评估一起保存：管理员可以恢复。",
            "A deletion is recorded (who, when, why) with the deal's log, rulings, variations and evaluations: an "
            "admin can restore it.",
        )
    )
    listed = deletions(engine(), restored=True)[:SHOWN]
    if not listed:
        return
    st.dataframe(_table(listed), hide_index=True, width="stretch", placeholder=EMPTY_CELL)
    waiting = [d for d in listed if d.restored_at is None]
    if not waiting or not offered(RESTORE):
        return
    labels = {
        d.id: t(f"第 {d.id} 号：第 {d.deal_id} 局 · {d.label}", f"No. {d.id}: deal {d.deal_id} · {d.label}")
        for d in waiting
    }
    st.selectbox(
        t("要恢复的删除", "Deletion to undo"),
        list(labels),
        key=CHOSEN,
        format_func=labels.__getitem__,
        placeholder=t("选一项", "Choose one"),
    )
    st.button(t("恢复这一局", "Restore this deal"), key=KEY + "restore", on_click=_restore)


def _table(listed: list[Deletion]) -> pd.DataFrame:
    """The deletions as the page lists them (text from the library is data: shown as cells, never as Markdown)."""
    rows = []
    for d in listed:
        restored = (
            t(f"已恢复为第 {d.restored_as} 局（{_who(d.restored_by)}，{local_time(d.restored_at)}）",
              f"restored as deal {d.restored_as} ({_who(d.restored_by)}, {local_time(d.restored_at)})")
            if d.restored_at is not None
            else ""
        )  # fmt: skip
        rows.append(
            {
                t("编号", "No."): d.id,
                t("牌局", "Deal"): d.deal_id,
                t("内容", "What"): d.label,
                t("删除者", "Deleted by"): _who(d.deleted_by),
                t("时间", "When"): local_time(d.deleted_at),
                t("原因", "Reason"): d.reason,
                t("恢复", "Restored"): restored,
            }
        )
    return pd.DataFrame(rows)


def _refused(exc: Exception) -> str:
    if isinstance(exc, (NotPermitted, DeletionError)):
        return error_in(exc, lang())
    return f"{type(exc).__name__}: {exc}"


def _write(right: Right, chosen: str, not_done: str, choose_first: str, do: Callable[[Actor, int], str]) -> None:
    """A button's callback: ``do`` the write for whoever may (``right``; checked again in the write's transaction)
    on the number the box holds at ``chosen``, and keep what it said (or why nothing was done) for the next run."""
    state = st.session_state
    who, number = actor(right), state.get(chosen)
    if who is None:
        state[SAID] = ("error", not_done + (dropped() or refusal(right)))
        return
    if number is None:
        state[SAID] = ("error", choose_first)
        return
    try:
        message = do(who, int(number))
    except (NotPermitted, DeletionError, DatabaseStateError) as exc:
        state[SAID] = ("error", not_done + _refused(exc))
        return
    forget_deals()
    state[SAID] = ("success", message)


def _deleted(who: Actor, deal_id: int) -> str:
    done = delete_deal(engine(), deal_id, who, str(st.session_state.get(REASON, "")))
    st.session_state[REASON] = ""
    return t(
        f"已删除第 {done.deal_id} 局（{done.label}），删除记录第 {done.id} 号。",
        f"Deleted deal {done.deal_id} ({done.label}): deletion No. {done.id}.",
    )


def _restored(who: Actor, deletion_id: int) -> str:
    deal_id = restore_deal(engine(), deletion_id, who)
    st.session_state.pop(CHOSEN, None)
    return t(f"已恢复为第 {deal_id} 局。", f"Restored as deal {deal_id}.")


def _delete() -> None:
    """The delete button's callback."""
    _write(DELETE, DEAL, t("没有删除：", "Not deleted: "),
           t("先填要删除的牌局编号。", "Give the number of the deal to delete first."), _deleted)  # fmt: skip


def _restore() -> None:
    """The restore button's callback."""
    _write(RESTORE, CHOSEN, t("没有恢复：", "Not restored: "),
           t("先选要恢复的删除。", "Choose the deletion to undo first."), _restored)  # fmt: skip
