"""The dispute desk's referee panel: the referee's decisions on the chosen event of a stored deal (the history,
oldest first, the standing one marked, and the form that records one, for a signed-in referee or admin: signing in
is in the sidebar, ``views.parts.account``).

The session keeps the account's name and a token bound to the browser's connection (``views.parts.signin``): no
password, no role. Every write first checks the token
(``signed_in``: a session joined by another websocket, an expired or forged token is signed out, with the
reason, and nothing is written), then goes through ``data.accounts.record_decision`` with that name, which
reads the account again in the transaction of the insert and refuses unless it exists, is enabled and is a
referee or an admin: an account disabled after signing in is refused there (``NotPermitted``). The decision's
referee is the account's name (never typed), its time ``now_utc()``. A refusal or a bad decision is
shown as one plain message, never a traceback.
"""

from __future__ import annotations

import streamlit as st

from data.accounts import DECIDE, NotPermitted, record_decision
from referee.ruling import Ruling
from referee.sheet import LABELS
from replay.core.numbering import event_words
from replay.core.said import error_in
from replay.formats.decisions import OUTCOMES, UPHELD, Decision, DecisionError, now_utc
from replay.rules.register import RULES
from views.parts.access import offered
from views.parts.clock import local_time
from views.parts.common import engine, forget_deals, lang, t
from views.parts.ruling_view import show_history
from views.parts.signin import dropped, signed_in
from views.parts.texts import esc

FLASH = "desk_flash"  # the outcome of the last write, shown once on the next run


def _prefill(r: Ruling) -> str:
    """The ruling's text as an upheld decision's first draft: its message and its consequence."""
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


def _outcome_changed(keys: dict[str, str], draft: str) -> None:
    """The outcome was chosen: an untouched text box follows it (the ruling's words for upheld, empty for
    overruled: an overrule is the referee's own words); a text the referee wrote stays."""
    state = st.session_state
    text = str(state.get(keys["text"], ""))
    if text.strip() in ("", draft.strip()):
        state[keys["text"]] = draft if state.get(keys["outcome"], UPHELD) == UPHELD else ""


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
            f"已记录：{event_words(event)[0]}，{outcome}（{stored.decision.referee}，{local_time(stored.decision.at)}）。",
            f"Recorded: {event_words(event)[1]} {outcome} by {stored.decision.referee} at {local_time(stored.decision.at)}.",
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
    if name is None or not offered(DECIDE):
        st.caption(
            t(
                "登录的裁判或管理员可以在这里记录裁定（维持或推翻引擎的判定）：在侧栏登录。",
                "A signed-in referee or admin records a decision here (upholding or overruling the engine's "
                "verdict): sign in in the sidebar.",
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
    draft = _prefill(r)
    state = st.session_state
    if keys["text"] not in state:  # an upheld verdict starts from the ruling's words, an overrule from nothing
        state[keys["text"]] = draft if state.get(keys["outcome"], UPHELD) == UPHELD else ""
    with st.container(border=True, key=f"desk_decide_{deal_id}_{event}"):
        st.radio(  # no form: choosing the outcome redraws an untouched text box's first draft
            t("裁定", "Decision"),
            list(OUTCOMES),
            key=keys["outcome"],
            horizontal=True,
            format_func=outcome_names.__getitem__,
            on_change=_outcome_changed,
            args=(keys, draft),
        )
        st.text_area(t("裁定的文字", "The ruling's text"), key=keys["text"], height=110)
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
                    f"裁判：{name}（登录的账号）；时间：记录的时刻（按 UTC 存，按你的时区显示）。后来的裁定取代之前的，历史都保留。",
                    f"Referee: {name} (the signed-in account); time: when recorded (stored in UTC, shown in your time "
                    "zone). A later decision supersedes the earlier ones, which stay as history.",
                )
            )
        )
        st.button(
            t("记录裁定", "Record the decision"),
            key="desk_record",
            type="primary",
            on_click=_record,
            args=(deal_id, event, keys),
        )
