"""A referee's decisions on a deal's events, as the deal library stores them (table ``decision``).

A decision (``replay.formats.decisions.Decision``) is a row that is only ever added: a later decision on the
same event supersedes the earlier ones, which stay as its history. The same decision (the same
``Decision.key``: event, outcome, rule, text, referee and time) is stored once per deal, whether it came
in twice with imported logs or was recorded twice from the dashboard.

Order: decisions are in the order they were made, by ``at``; decisions made in the same second keep
the order they were stored in (the row id). The log of an exported deal lists them so, and importing
that log into another library stores them in that order again: export -> import -> export gives the
same bytes.

- ``deal_decisions(db, deal_id)``: every decision of a deal with what was stored about it, oldest first;
  ``decision_by_id(db, id)``: one of them.
- ``standing_decisions(db, deal_id)``: the decision that stands on each decided event.
- ``decisions_of(db, deal_ids=None)``: the plain decisions per deal (for the export).
- ``store_decisions(conn, deal_id, decisions, user_id=None)``: add the ones the deal does not hold yet,
  in the caller's transaction (``data.importer``, ``data.accounts.record_decision``).

``db`` is an Engine or a Connection (read in the caller's transaction).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection, Engine

from data.database import insert_ignore
from data.models import Deal, DecisionRow, table_of
from replay.core.errors import FupanError
from replay.core.said import said
from replay.formats.decisions import Decision, at_of

AT_FORMAT = "%Y-%m-%dT%H:%M:%SZ"  # the text of Decision.at
TABLE = table_of(DecisionRow)
_DEAL = table_of(Deal)


class DealGone(FupanError, LookupError):
    """The deal decisions were to be added to is not there (deleted meanwhile, ``data.deletions``)."""


GONE = said("它重复的那一局刚被删除；请再导入一次", "the stored deal it repeats was removed meanwhile; import it again")


@dataclass(frozen=True)
class StoredDecision:
    """A stored decision: the decision itself, its row id and deal, when it was stored and by which
    account (``user_id`` None: it came in with an imported log)."""

    id: int
    deal_id: int
    decision: Decision
    created_at: datetime
    user_id: int | None

    @property
    def event(self) -> int:
        """The index of the event decided on."""
        return self.decision.event


def key_hash(decision: Decision) -> str:
    """The SHA-256 of the decision's ``key``: what makes two stored decisions the same one."""
    text = json.dumps(list(decision.key), ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def at_time(decision: Decision) -> datetime:
    """The decision's ``at`` as an aware UTC datetime (the column's value)."""
    return datetime.strptime(decision.at, AT_FORMAT).replace(tzinfo=UTC)


def unstorable(decision: Decision) -> tuple[str, str] | None:
    """(field, why) when a valid decision still cannot be stored alike on every backend: a NUL
    character (PostgreSQL cannot store one) or a lone surrogate (not Unicode text); else None."""
    for name in ("text", "referee"):
        value: str = getattr(decision, name)
        if "\x00" in value:
            return name, said("含有 NUL 字符，数据库存不了", "holds a NUL character, which the database cannot store")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return name, said(
                "含有不是有效 Unicode 的文字（孤立的代理字符）",
                "holds text that is not valid Unicode (a lone surrogate)",
            )
    return None


def _values(decision: Decision, deal_id: int, user_id: int | None, now: datetime) -> dict[str, Any]:
    return {
        "deal_id": deal_id,
        "idx": decision.event,
        "decision": decision.decision,
        "rule": decision.rule,
        "text": decision.text,
        "referee": decision.referee,
        "at": at_time(decision),
        "key_hash": key_hash(decision),
        "created_at": now,
        "user_id": user_id,
    }


def lock_deal(conn: Connection, deal_id: int) -> bool:
    """Lock the deal's row for the transaction (PostgreSQL: FOR UPDATE; a SQLite write transaction
    holds the whole database already); False when there is no such deal. Every writer of decisions
    takes this lock first, so two transactions adding decisions to one deal go one after the other
    (none waits on the other's new rows while holding what that one needs: no deadlock)."""
    found = conn.execute(select(_DEAL.c.id).where(_DEAL.c.id == deal_id).with_for_update()).scalar()
    return found is not None


def store_decisions(
    conn: Connection, deal_id: int, decisions: Iterable[Decision], user_id: int | None = None
) -> list[int | None]:
    """Add to the deal the decisions it does not hold yet, in the given order, in the connection's
    transaction (the deal's row locked first, ``lock_deal``; DealGone when it is not there); for each decision the
    new row's id, or None when the deal held it already (or it came twice)."""
    todo = list(decisions)
    if not todo:
        return []
    if not lock_deal(conn, deal_id):  # deleted since the caller found it: nothing to add them to
        raise DealGone(GONE)
    table = TABLE
    held = set(conn.execute(select(table.c.key_hash).where(table.c.deal_id == deal_id)).scalars())
    now = datetime.now(UTC)
    out: list[int | None] = []
    for d in todo:
        values = _values(d, deal_id, user_id, now)
        if values["key_hash"] in held:
            out.append(None)
            continue
        held.add(values["key_hash"])
        out.append(insert_ignore(conn, table, values, ("deal_id", "key_hash")))
    return out


def stored_id(conn: Connection, deal_id: int, decision: Decision) -> int:
    """The id of a decision the deal holds."""
    table = TABLE
    where = (table.c.deal_id == deal_id, table.c.key_hash == key_hash(decision))
    return int(conn.execute(select(table.c.id).where(*where)).scalar_one())


# -- reading ------------------------------------------------------------------------------------


@contextmanager
def _reading(db: Engine | Connection) -> Iterator[Connection]:
    if isinstance(db, Connection):
        yield db
        return
    with db.connect() as conn:
        yield conn


def utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC datetime (SQLite gives it back naive)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _decision(row: Any) -> Decision:
    return Decision(
        event=row.idx, decision=row.decision, text=row.text, referee=row.referee, at=at_of(row.at), rule=row.rule
    )


def _rows(db: Engine | Connection, *where: Any) -> list[Any]:
    stmt = select(TABLE).where(*where).order_by(TABLE.c.deal_id, TABLE.c.at, TABLE.c.id)
    with _reading(db) as conn:
        return list(conn.execute(stmt).all())


def _stored(row: Any) -> StoredDecision:
    return StoredDecision(row.id, row.deal_id, _decision(row), utc(row.created_at), row.user_id)


def deal_decisions(db: Engine | Connection, deal_id: int) -> list[StoredDecision]:
    """Every decision stored on the deal, in the order they were made (oldest first; the last one on an
    event stands); [] for a deal without decisions or no such deal."""
    return [_stored(row) for row in _rows(db, TABLE.c.deal_id == deal_id)]


def decision_by_id(db: Engine | Connection, decision_id: int) -> StoredDecision | None:
    """The stored decision of that row id, or None."""
    found = _rows(db, TABLE.c.id == decision_id)
    return _stored(found[0]) if found else None


def standing_decisions(db: Engine | Connection, deal_id: int) -> dict[int, StoredDecision]:
    """The decision that stands on each decided event of the deal (the latest one), by event index."""
    out: dict[int, StoredDecision] = {}
    for stored in deal_decisions(db, deal_id):
        out[stored.event] = stored
    return dict(sorted(out.items()))


def decisions_of(db: Engine | Connection, deal_ids: Sequence[int] | None = None) -> dict[int, tuple[Decision, ...]]:
    """The decisions of each deal that has any (of ``deal_ids``, or of every deal), oldest first."""
    out: dict[int, list[Decision]] = {}
    where = [] if deal_ids is None else [TABLE.c.deal_id.in_(list(deal_ids))]
    for row in _rows(db, *where):
        out.setdefault(row.deal_id, []).append(_decision(row))
    return {k: tuple(v) for k, v in out.items()}
