"""A referee's sign-in in the dashboard, bound to the browser's live connection (issue 33, items 1 and 4).

Streamlit lets a new websocket that names an existing session id join that session (its id is in every upload
URL): the session's state alone cannot say who is at the keyboard. So signing in (``sign_in``, after
``data.accounts.verify_user``) tags the session's live connection (Streamlit's ``SessionClient``, which a
joining websocket replaces) with a random nonce kept by the server, and keeps in session state the account's
name (``USER``) and a token (``TOKEN``, ``data.signin.Signer``: an HMAC under a secret of this server process
over the name, the expiry, 8 hours on, and the nonce). ``signed_in()`` checks the token on every run and every
write: its MAC, its expiry, its name and the nonce of the connection live now. When the check fails the
session is signed out (``dropped()`` says why, once, on the page) and the caller writes nothing.

Without a Streamlit server (AppTest, whose runtime is a mock, or ``python app.py``) there is no websocket another
browser could join: the connection is then a stand-in kept per session id, tagged the same way; a test replaces
it (``forget_local_connections``) to play a session joined by another connection.

``attempt(name, password)`` signs in through the process's ``Limiter`` (per name and per client address,
``st.context.ip_address``); ``data.accounts.verify_user`` checks at most two passwords at once.
"""

from __future__ import annotations

import secrets
import threading
import weakref
from dataclasses import dataclass

import streamlit as st
from sqlalchemy.engine import Engine
from streamlit import runtime
from streamlit.runtime.scriptrunner import get_script_run_ctx

from data.accounts import Busy, normalize_name, verify_user
from data.models import User
from data.signin import Attempt, Limiter, Refusal, Signer
from views.parts.texts import t

USER = "user"  # the session state key of the signed-in account's name
TOKEN = "user_token"  # the session state key of its token
DROPPED = "user_dropped"  # why the sign-in was dropped, said once on the page

SIGNER = Signer()  # the server process's secret: a restarted server asks everyone to sign in again
LIMITER = Limiter()

_NONCES: weakref.WeakKeyDictionary[object, str] = weakref.WeakKeyDictionary()  # a live connection -> its nonce
_LOCAL: dict[str, object] = {}  # without a server: a session id -> the stand-in of its connection
_LOCK = threading.Lock()


class _Local:
    """The connection of a session run without a Streamlit server (AppTest, raw mode)."""


def _connection() -> object | None:
    """The session's live connection: the server's client of this session (None when it has none now), or
    without a server the session's stand-in."""
    ctx = get_script_run_ctx()
    if ctx is None:
        return None
    server = runtime.get_instance() if runtime.exists() else None
    if issubclass(type(server), runtime.Runtime):  # a real server (AppTest's stand-in is a mock of it)
        assert server is not None
        return server.get_client(ctx.session_id)
    with _LOCK:
        return _LOCAL.setdefault(ctx.session_id, _Local())


def forget_local_connections() -> None:
    """Without a server: forget every session's stand-in connection, as if each session had been joined by
    another connection (for tests)."""
    with _LOCK:
        _LOCAL.clear()


def _nonce_now() -> str | None:
    found = _connection()
    if found is None:
        return None
    with _LOCK:
        return _NONCES.get(found)


def sign_in(name: str) -> bool:
    """Sign the session in as the account ``name`` (its password checked by the caller): tag the live connection
    and keep the name and its token. False when the session has no live connection (nothing kept)."""
    found = _connection()
    if found is None:
        return False
    nonce = secrets.token_urlsafe(24)
    with _LOCK:
        _NONCES[found] = nonce
    st.session_state[TOKEN] = SIGNER.issue(name, nonce)
    st.session_state[USER] = name
    st.session_state.pop(DROPPED, None)
    return True


def sign_out() -> None:
    """Forget the session's sign-in."""
    for key in (USER, TOKEN):
        st.session_state.pop(key, None)


_WHY = {
    Refusal.EXPIRED: ("登录已过期（8 小时）", "the sign-in expired (after 8 hours)"),
    Refusal.OTHER_CONNECTION: (
        "这个会话现在由另一个连接使用（或连接断开后重连了）",
        "this session is now used by another connection (or the connection was made again)",
    ),
}


def signed_in() -> str | None:
    """The signed-in account's name when its token checks (see the module's text), else None; a failing token
    signs the session out (said by ``dropped``). Not a permission: every write checks the account again
    (``data.accounts``)."""
    state = st.session_state
    name = state.get(USER)
    if name is None and TOKEN not in state:
        return None
    refusal = (
        SIGNER.check(state.get(TOKEN), name, _nonce_now()) if isinstance(name, str) and name else Refusal.MALFORMED
    )
    if refusal is None:
        assert isinstance(name, str)
        return name
    sign_out()
    zh, en = _WHY.get(refusal, ("登录凭据无效", "the sign-in's token is not valid"))
    state[DROPPED] = t(
        f"已退出登录：{zh}。没有写入任何内容；请重新登录。", f"Signed out: {en}. Nothing was written; sign in again."
    )
    return None


def dropped() -> str | None:
    """Why the session's sign-in was just dropped (once), or None."""
    found = st.session_state.pop(DROPPED, None)
    return found if isinstance(found, str) else None


@dataclass(frozen=True)
class Outcome:
    """What a sign-in attempt gave: the account, or the message to show (plain text)."""

    user: User | None
    message: str = ""


def wait_words(seconds: float) -> str:
    """A wait in words: whole seconds up to two minutes, else minutes (rounded up); in Chinese with a space
    before the number, none after the unit."""
    secs = max(1, int(seconds + 0.999))
    if secs <= 120:
        return t(f" {secs} 秒", f"{secs} s")
    mins = (secs + 59) // 60
    return t(f" {mins} 分钟", f"{mins} min")


def attempt(engine: Engine, name: str, password: str) -> Outcome:
    """Try to sign in (``verify_user`` through the limiter); on success the session is signed in. An unknown
    name, a wrong password and a disabled account get the same answer, and so does a wait."""
    key = normalize_name(name) if isinstance(name, str) else ""
    begun = LIMITER.begin(key, st.context.ip_address)
    if not isinstance(begun, Attempt):
        return Outcome(
            None,
            t(
                f"登录尝试太多：请{wait_words(begun)}后再试（提前再试会等得更久）。",
                f"Too many sign-in attempts: try again in {wait_words(begun)} (trying earlier makes the wait longer).",
            ),
        )
    try:
        account = verify_user(engine, name, password)
    except Busy:
        return Outcome(None, t("登录的人太多：请稍后再试。", "Too many sign-ins at once: try again shortly."))
    if account is None:
        return Outcome(
            None, t("用户名或密码不对，或账号已停用。", "Wrong name or password, or the account is disabled.")
        )
    LIMITER.succeeded(begun)
    if not sign_in(account.name):
        return Outcome(None, t("连接已断开：请重新打开页面。", "The connection is gone: open the page again."))
    return Outcome(account)
