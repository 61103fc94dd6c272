"""The sidebar's account box, on every page: who is signed in (name and role) with a sign-out button, or a small
sign-in form; on a club server (``views.parts.access.club``) a line on who may do what.

Signing in checks the name and password with ``data.accounts.verify_user``, attempts slowed per name and per
address (``views.parts.signin.attempt``); the session then keeps the account's name and a token bound to the
browser's connection, never a password nor a role: each write reads the account again in its own transaction
(``data.accounts.writer``). A sign-in dropped on this run (expired, another connection) is said here once.
"""

from __future__ import annotations

import streamlit as st

from data.accounts import ROLE_ZH, get_user
from views.parts.access import club
from views.parts.common import engine, t
from views.parts.signin import attempt, dropped, sign_out, signed_in
from views.parts.texts import esc

FORM = "sign_in"
NAME, PASSWORD, SEND, OUT = "sign_in_name", "sign_in_password", "sign_in_button", "sign_out"
FAILED = "sign_in_failed"  # why the last attempt failed, said once inside the form's expander


def _role(name: str) -> str:
    """The account's role in words ("" when it cannot be read now)."""
    try:
        user = get_user(engine(), name)
    except Exception:  # the library cannot be read: the page says so; the box stays
        return ""
    if user is None:
        return ""
    return t(ROLE_ZH.get(user.role, user.role), user.role) + (t("，已停用", ", disabled") if user.disabled else "")


def _send() -> None:
    """The form's callback: try the name and password (the form is cleared either way: no password stays)."""
    state = st.session_state
    name, password = state.get(NAME, ""), state.get(PASSWORD, "")
    state[PASSWORD] = ""
    try:
        outcome = attempt(engine(), name, password)
    except Exception as exc:  # the library cannot be read: say so plainly
        state[FAILED] = t("无法登录：", "Cannot sign in: ") + f"{type(exc).__name__}: {exc}"
        return
    if outcome.user is None:
        state[FAILED] = outcome.message
    else:
        state[NAME] = ""


def account_box() -> str | None:
    """Draw the account box (in the caller's container: the sidebar) and give the signed-in name."""
    name = signed_in()
    if name is not None:
        role = _role(name)
        st.caption(esc(t(f"已登录：{name}", f"Signed in as {name}") + (t(f"（{role}）", f" ({role})") if role else "")))
        st.button(t("退出登录", "Sign out"), key=OUT, on_click=sign_out)
        return name
    why = dropped()
    if why is not None:
        st.warning(esc(why))
    failed = st.session_state.pop(FAILED, None)
    with st.expander(t("登录", "Sign in"), expanded=failed is not None):
        if club():
            st.caption(
                t(
                    "任何人都可以查看。会员登录后导入记录、录入成绩单；裁判还可以记录裁定、删除牌局；管理员还可以恢复删除的牌局。",
                    "Anyone may look. Members sign in to import logs and enter score sheets; referees also record "
                    "rulings and delete deals; admins also restore deleted deals.",
                )
            )
        with st.form(FORM, clear_on_submit=False, border=False):
            st.text_input(t("用户名", "Name"), key=NAME, autocomplete="username")
            st.text_input(t("密码", "Password"), type="password", key=PASSWORD, autocomplete="current-password")
            st.form_submit_button(t("登录", "Sign in"), key=SEND, on_click=_send)
        if isinstance(failed, str):
            st.error(esc(failed))
    return None
