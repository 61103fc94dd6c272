"""What a page says when it is asked for a deal that was deleted (a link sent before the deletion): by whom, when and
why, or the deal it was restored as (``data.deletions.deletion_of``). Kept apart from the Library's delete box
(``views.parts.deal_deletion``) so that ``views.parts.common`` can say it without importing the box."""

from __future__ import annotations

from sqlalchemy.engine import Engine

from data.deletions import deletion_of
from views.parts.clock import local_time
from views.parts.texts import t


def who(by: str) -> str:
    """Who deleted or restored: the account's name, or the owner of a library run on its own machine ("")."""
    return by or t("本机的主人", "this machine's owner")


def gone(engine: Engine, deal_id: int) -> str | None:
    """Why the library holds no deal ``deal_id`` when it was deleted (plain text), else None."""
    try:
        found = deletion_of(engine, deal_id)
    except Exception:  # an older library, or one that cannot be read now: the page's own message stands
        return None
    if found is None:
        return None
    by, when = who(found.deleted_by), local_time(found.deleted_at)
    why = t(f"，原因：{found.reason}", f"; reason: {found.reason}") if found.reason else ""
    if found.restored_as is not None:
        return t(
            f"第 {deal_id} 局已于 {when} 被{by}删除{why}；后来恢复为第 {found.restored_as} 局。",
            f"Deal {deal_id} was deleted by {by} at {when}{why}; it was restored since as deal {found.restored_as}.",
        )
    return t(
        f"第 {deal_id} 局已于 {when} 被{by}删除{why}（删除记录第 {found.id} 号；管理员可以在“牌局库”里恢复）。",
        f"Deal {deal_id} was deleted by {by} at {when}{why} (deletion No. {found.id}; an admin can restore it in "
        "the Library).",
    )
