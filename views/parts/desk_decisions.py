"""The dispute desk's referee panel: signing in and out, and the referee's decisions on the chosen event
of a stored deal (the history, oldest first, the standing one marked, and the form that records one).

Signing in checks the name and password with ``data.accounts.verify_user``, attempts slowed per name and
address (``views.parts.signin.attempt``); the session then keeps the account's name and a token bound to the
browser's connection (``views.parts.signin``): no password, no role. Every write first checks the token
(``signed_in``: a session joined by another websocket, an expired or forged token is signed out, with the
reason, and nothing is written), then goes through ``data.accounts.record_decision`` with that name, which
reads the account again in the transaction of the insert and refuses unless it exists, is enabled and is a
referee or an admin: an account disabled after signing in is refused there (``NotPermitted``). The decision's
referee is the account's name (never typed), its time ``now_utc()``. A refusal or a bad decision is
shown as one plain message, never a traceback.
"""

from __future__ import annotations

import streamlit as st

from data.accounts import NotPermitted, record_decision
from referee.ruling import Ruling
from referee.sheet import LABELS
from replay.core.numbering import event_words
from replay.core.said import error_in
from replay.formats.decisions import OUTCOMES, UPHELD, Decision, DecisionError, now_utc
from replay.rules.register import RULES
from views.parts.common import engine, forget_deals, lang, t
from views.parts.ruling_view import show_history
from views.parts.signin import attempt, dropped, sign_out, signed_in
from views.parts.texts import esc

FLASH = "desk_flash"  # the outcome of the last write, shown once on the next run


def account_box() -> str | None:
    """Who is signed in (with a sign-out button), or a small sign-in form; the signed-in name."""
    name = signed_in()
    if name is not None:
        left, right = st.columns([4, 1], vertical_alignment="center")
        left.caption(esc(t(f"已登录：{name}", f"Signed in as {name}")))
        right.button(t("退出", "Sign out"), key="desk_sign_out", on_click=sign_out)
        return name
    why = dropped()
    if why is not None:
        st.warning(esc(why))
    with st.expander(t("裁判登录（记录裁定需要）", "Referee sign-in (to record decisions)")):
        with st.form("desk_sign_in", clear_on_submit=True, border=False):
            user = st.text_input(t("用户名", "Name"), key="desk_user_name", autocomplete="username")
            password = st.text_input(
                t("密码", "Password"), type="password", key="desk_password", autocomplete="current-password"
            )
            sent = st.form_submit_button(t("登录", "Sign in"), key="desk_sign_in_button")
        if not sent:
            return None
        try:
            outcome = attempt(engine(), user, password)
        except Exception as exc:  # the library cannot be read: say so plainly
            st.error(t("无法登录：", "Cannot sign in: ") + esc(f"{type(exc).__name__}: {exc}"))
            return None
        if outcome.user is None:
            st.error(esc(outcome.message))
            return None
    st.rerun()


def _prefill(r: Ruling) -> str:
    """The ruling's text as the decision's first draft: its message and its consequence."""
    message, consequence = t(*r.message), t(*r.consequence)
    if not message:
        return consequence
    return f"{message}。{consequence}" if lang() == "zh" else f"{message}. {consequence}"


def _keys(deal_id: int, event: int) -> dict[str, str]:
    base = f"{deal_id}_{event}"
    return {
        "outcome": f"decide_outcome_{base}",
        "text": f"decide_text_{base}_{lang()}",
        "rule": f"decide_rule_{base}",
    }


def _record(deal_id: int, event: int, keys: dict[str, str]) -> None:
    """Record the decision of the form (a callback: the page then shows it on this very run)."""
    name = signed_in()  # the token checked on this write: the connection, the expiry, the signature
    state = st.session_state
    if name is None:
        state[FLASH] = ("error", dropped() or t("请先登录。", "Sign in first."))
        return
    rule = state.get(keys["rule"]) or None
    try:
        decision = Decision(
            event=event,
            decision=str(state.get(keys["outcome"], UPHELD)),
            text=str(state.get(keys["text"], "")).strip(),
            referee=name,
            at=now_utc(),
            rule=rule,
        )
        stored = record_decision(engine(), deal_id, decision, name)
    except NotPermitted as exc:
        state[FLASH] = ("error", t("不能记录：", "Not recorded: ") + error_in(exc, lang()))
        return
    except DecisionError as exc:
        state[FLASH] = ("error", t("不能记录：", "Not recorded: ") + f"{exc.key}{t('：', ': ')}{error_in(exc, lang())}")
        return
    except ValueError as exc:
        state[FLASH] = ("error", t("不能记录：", "Not recorded: ") + error_in(exc, lang()))
        return
    except Exception as exc:  # the library cannot be written: say so plainly
        state[FLASH] = ("error", t("不能记录：", "Not recorded: ") + f"{type(exc).__name__}: {exc}")
        return
    forget_deals()  # the Library's count of decisions and its filter
    outcome = t(*LABELS[stored.decision.decision])
    state[FLASH] = (
        "success",
        t(
            f"已记录：{event_words(event)[0]}，{outcome}（{stored.decision.referee}，{stored.decision.at}）。",
            f"Recorded: {event_words(event)[1]} {outcome} by {stored.decision.referee} at {stored.decision.at}.",
        ),
    )


def _flash() -> None:
    found = st.session_state.pop(FLASH, None)
    if found is None:
        return
    kind, text = found
    (st.success if kind == "success" else st.error)(esc(text))


def decisions_panel(deal_id: int, r: Ruling) -> None:
    """The stored decisions on the ruling's event (``r.decisions``, read after any write of this run)
    and, for a signed-in referee, the form that records one."""
    assert r.event is not None
    event = r.event
    zh, en = event_words(event)
    st.subheader(t(f"裁判的裁定 · {zh}", f"The referee's decisions · {en}"))
    _flash()
    show_history(r.decisions)
    name = signed_in()
    if name is None:
        st.caption(
            t(
                "登录的裁判可以在这里记录裁定（维持或推翻引擎的判定）。",
                "A signed-in referee records a decision here (upholding or overruling the engine's verdict).",
            )
        )
        return
    keys = _keys(deal_id, event)
    verdict = t("合规", "legal") if r.legal else t("违规", "illegal")
    outcome_names = {
        "upheld": t(f"维持（{verdict}）", f"upheld ({verdict})"),
        "overruled": t(f"推翻（改判为{'违规' if r.legal else '合规'}）", f"overruled (not {verdict})"),
    }
    rules = ["", *sorted(RULES)]
    rule_names = {
        k: (k + " · " + t(RULES[k].name_zh, RULES[k].name_en)) if k else t("（不引用）", "(none)") for k in rules
    }
    with st.form(f"desk_decide_{deal_id}_{event}", border=True):
        st.radio(
            t("裁定", "Decision"),
            list(OUTCOMES),
            key=keys["outcome"],
            horizontal=True,
            format_func=outcome_names.__getitem__,
        )
        st.text_area(t("裁定的文字", "The ruling's text"), value=_prefill(r), key=keys["text"], height=110)
        st.selectbox(
            t("引用的规则（可不填）", "Rule cited (optional)"),
            rules,
            index=rules.index(r.rule) if r.rule in rules else 0,
            key=keys["rule"],
            format_func=rule_names.__getitem__,
        )
        st.caption(
            esc(
                t(
                    f"裁判：{name}（登录的账号）；时间：记录时的 UTC 时间。后来的裁定取代之前的，历史都保留。",
                    f"Referee: {name} (the signed-in account); time: UTC when recorded. A later decision supersedes "
                    "the earlier ones, which stay as history.",
                )
            )
        )
        st.form_submit_button(
            t("记录裁定", "Record the decision"),
            key="desk_record",
            type="primary",
            on_click=_record,
            args=(deal_id, event, keys),
        )
