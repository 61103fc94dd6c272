"""Who may write in this dashboard: the club server's roles, or the owner of a dashboard run on their own machine.

``fupan serve`` (``cli.serve``) runs the dashboard with ``FUPAN_ACCESS=club``: anyone with the link may look, and
every write needs a signed-in account whose role has the write's right (``data.accounts.Right``: a member imports
logs and score sheets, a referee also rules, keeps variations and deletes deals, an admin also restores a deleted
deal). Without it (``make run``, ``streamlit run app.py``) whoever opens the dashboard owns the library
(``data.accounts.OWNER``): imports, score sheets and deletions need no sign-in; a ruling and a kept variation still
carry a signed-in account's name, as before.

``actor(right)`` is who makes a write now: the signed-in account's name (its token checked,
``views.parts.signin.signed_in``), the owner on a dashboard of one's own, or None: nobody who may, and ``refusal``
says why in the page's language. It is never the permission itself: each write checks the account again in its own
transaction (``data.accounts.writer``), so a hidden button is a courtesy, not the guard.
"""

from __future__ import annotations

import os

from data.accounts import DECIDE, OWNER, VARY, WHO_MAY, Actor, Right, get_user
from views.parts.common import engine
from views.parts.signin import signed_in
from views.parts.texts import t

ACCESS_ENV = "FUPAN_ACCESS"  # set to CLUB by ``fupan serve``
CLUB = "club"
NAMED = (DECIDE, VARY)  # the writes that carry an account's name: they need one even on a dashboard of one's own


def club() -> bool:
    """Whether this dashboard is a club server (``fupan serve``): every write needs an account with the right."""
    return os.environ.get(ACCESS_ENV, "").strip().lower() == CLUB


def actor(right: Right) -> Actor | None:
    """Who makes a write needing ``right`` now: on a dashboard of one's own the owner (for the writes that carry no
    account's name, whoever is signed in); else the signed-in account's name (its token checked); else None."""
    if not club() and right not in NAMED:
        return OWNER
    return signed_in()


def offered(right: Right) -> bool:
    """Whether to offer a write needing ``right``: the owner, or a signed-in account that is enabled and whose role
    has the right (read now; the write checks it again in its own transaction)."""
    who = actor(right)
    if who is None:
        return False
    if not isinstance(who, str):
        return True
    try:
        user = get_user(engine(), who)
    except Exception:  # the library cannot be read: the page says so; the write would be refused too
        return False
    return user is not None and not user.disabled and right.allows(user.role)


def refusal(right: Right) -> str:
    """Why nobody here may make a write needing ``right`` (plain text, the page's language)."""
    zh, en = right.doing
    who_zh, who_en = WHO_MAY[right.role]
    return t(f"要{zh}，请以{who_zh}的账号登录（侧栏）。", f"To {en}, sign in as {who_en} (in the sidebar).")


__all__ = ["ACCESS_ENV", "CLUB", "actor", "club", "offered", "refusal"]
