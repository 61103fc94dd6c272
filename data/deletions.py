"""Deleting a deal, recorded so that an admin can undo it (issue 38, item 5; table ``deal_deletion``,
``data.models.DealDeletion``).

A deletion takes the deal out of every table in one transaction, and leaves a row that says which deal it was (its
id, game, label, content hash), who deleted it, when and why, with an archive that brings it back: a JSON document of
its canonical log with its stored decisions, its decisions as stored (the referee's name, when stored, the account
that stored it), its variations' file (``data.variation_rows.file_text``, or null), its source and import time, and
its stored evaluations with their seats' lines (kept as stored: an evaluation costs minutes of rollouts). What the
engine and the coach derive (verdicts, seats, findings, levels) is not archived: a restore replays the log, as an
import does. The deal's match and players stay (a match without deals shows in no list, standing or season).

- ``delete_deal(engine, deal_id, actor, reason="")``: a referee or above (``data.accounts.DELETE``) or the owner;
  the ``Deletion``.
- ``restore_deal(engine, deletion_id, actor)``: an admin (``RESTORE``) or the owner; the id the deal came back as.
  The deal takes back its old id: a deleted deal's id is given to no other deal (``data.deal_rows``: also on SQLite,
  whose own choice would give the highest id again), so an old link opens it again; a new id only where another deal
  holds the old one (a library an older fupan wrote). The same deal imported again meanwhile (its content hash) takes
  the archive's decisions, variations and evaluations it does not hold, and the restore names it.
- ``deletions(engine, restored=False)``, ``get_deletion(engine, deletion_id)``, ``deletion_of(engine, deal_id)``.

Each write is one transaction, the account checked first in it (``data.accounts.writer``): nothing of it stays
when it fails. A missing deal or deletion, one restored already, a bad reason raise ``DeletionError`` (a
ValueError), in Chinese and English.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection, Engine

from data import deal_rows
from data.accounts import DELETE, RESTORE, USERS, Actor, writer
from data.database import WRITE
from data.deal_rows import DEAL, DEAL_SEAT, EVENT, FINDING, MATCH
from data.decisions import TABLE as DECISIONS
from data.decisions import at_time, deal_decisions, key_hash, lock_deal, utc
from data.models import (
    DELETION_LABEL,
    DELETION_REASON,
    DealDeletion,
    EvaluationFailure,
    EvaluationRow,
    EvaluationSeatRow,
    table_of,
)
from data.variation_rows import TABLE as VARIATIONS
from data.variation_rows import deal_facts, file_text, merge_file, variations_in
from replay.core.errors import FupanError
from replay.core.said import said
from replay.formats.decisions import Decision
from replay.formats.limits import LIMITS, Limits
from replay.formats.log import Log, parse_json_log

TABLE = table_of(DealDeletion)
EVALUATION, EVALUATION_SEAT = table_of(EvaluationRow), table_of(EvaluationSeatRow)
FAILURE = table_of(EvaluationFailure)  # a season run's failed evaluations: not archived (a rerun tries again)
FORMAT = "fupan-deletion 1"  # the archive's format
#: the tables whose rows hang on a deal, deleted before it (a decision names its event)
HANGING = (EVALUATION, FAILURE, DECISIONS, VARIATIONS, FINDING, EVENT, DEAL_SEAT)
_EVALUATION_COLUMNS = (
    "settings_key", "created_at", "n_decisions", "seconds", "evaluation_json", "engine_version", "coach_version",
)  # fmt: skip
_SEAT_COLUMNS = ("seat", "decisions", "accuracy", "inaccuracy", "mistake", "blunder", "lost")


class DeletionError(FupanError, ValueError):
    """A deletion that cannot be made or undone: no such deal or deletion, one restored already, a bad reason."""


@dataclass(frozen=True)
class Deletion:
    """A deal deleted (a row of ``deal_deletion`` without its archive); ``restored_as`` the deal it came back as."""

    id: int
    deal_id: int
    game: str
    label: str
    content_hash: str
    reason: str
    deleted_at: datetime
    deleted_by: str  # the account's name; "" for the owner
    deleted_by_id: int | None
    restored_at: datetime | None = None
    restored_by: str = ""
    restored_as: int | None = None

    @property
    def restored(self) -> bool:
        """Whether an admin brought the deal back."""
        return self.restored_at is not None


def check_reason(reason: str) -> str:
    """The reason as stored: one line (its spaces and line breaks run together), at most ``DELETION_REASON``
    characters; DeletionError for text it cannot hold."""
    text = " ".join(unicodedata.normalize("NFC", reason).split()) if isinstance(reason, str) else None
    if text is None or any(unicodedata.category(c) in ("Cc", "Cs") for c in text):
        raise DeletionError(said("删除的理由含有无效字符", "the reason holds a control character or invalid text"))
    if len(text) > DELETION_REASON:
        zh, en = f"删除的理由最多 {DELETION_REASON} 个字", f"the reason has at most {DELETION_REASON} characters"
        raise DeletionError(said(f"{zh}（这个 {len(text)} 个）", f"{en} (this one {len(text)})"))
    return text


def _time(moment: datetime) -> str:
    return utc(moment).isoformat()


def _label(conn: Connection, deal: Any) -> str:
    """The deal's date, match and number as stored, e.g. ``2026-09-01 · 周二够级 · #3``."""
    match = conn.execute(select(MATCH.c.key).where(MATCH.c.id == deal.match_id)).scalar() if deal.match_id else None
    parts = [deal.date, match, None if deal.deal_number is None else f"#{deal.deal_number}"]
    return " · ".join(str(p) for p in parts if p)[:DELETION_LABEL]


def _archive(conn: Connection, deal: Any) -> dict[str, Any]:
    """Everything that brings the deal back (see the module's text), read in the deletion's transaction."""
    deal_id = int(deal.id)
    stored = deal_decisions(conn, deal_id)  # oldest first, as the log lists them
    decided = tuple(s.decision for s in stored)
    log = _log(deal.log_json, deal_id)._replace(decisions=decided).dumps() if decided else deal.log_json
    decisions = [
        {
            **{k: getattr(s.decision, k) for k in Decision._fields},
            "created_at": _time(s.created_at),
            "user_id": s.user_id,
        }
        for s in stored
    ]
    found = variations_in(conn, deal_facts(conn, deal_id))
    evaluations = []
    for e in conn.execute(select(EVALUATION).where(EVALUATION.c.deal_id == deal_id).order_by(EVALUATION.c.id)):
        seats = conn.execute(
            select(*(EVALUATION_SEAT.c[k] for k in _SEAT_COLUMNS))
            .where(EVALUATION_SEAT.c.evaluation_id == e.id)
            .order_by(EVALUATION_SEAT.c.seat)
        )
        item = {k: getattr(e, k) for k in _EVALUATION_COLUMNS}
        evaluations.append({**item, "created_at": _time(e.created_at), "seats": [dict(s._mapping) for s in seats]})
    return {
        "format": FORMAT,
        "log": log,
        "source": deal.source,
        "imported_at": _time(deal.imported_at),
        "decisions": decisions,
        "variations": file_text(deal.content_hash, found) if found else None,
        "evaluations": evaluations,
    }


def _remove(conn: Connection, deal_id: int) -> None:
    """Delete the deal and every row hanging on it (no ON DELETE CASCADE relied on)."""
    evaluations = select(EVALUATION.c.id).where(EVALUATION.c.deal_id == deal_id)
    conn.execute(delete(EVALUATION_SEAT).where(EVALUATION_SEAT.c.evaluation_id.in_(evaluations)))
    for table in HANGING:
        conn.execute(delete(table).where(table.c.deal_id == deal_id))
    conn.execute(delete(DEAL).where(DEAL.c.id == deal_id))


def _record(conn: Connection, values: dict[str, Any]) -> int:
    """Insert the deletion's row; its id."""
    return int(conn.execute(insert(TABLE).values(values).returning(TABLE.c.id)).scalar_one())


def delete_deal(engine: Engine, deal_id: int, actor: Actor, reason: str = "") -> Deletion:
    """Delete the deal for ``actor`` (a referee or above, or the owner: NotPermitted otherwise, nothing changed),
    in one transaction: the deal archived in a new ``deal_deletion`` row and taken out of every table. DeletionError
    for no such deal or a bad reason."""
    reason = check_reason(reason)
    with engine.execution_options(**WRITE).begin() as conn:
        account = writer(conn, actor, DELETE)
        if not lock_deal(conn, deal_id):
            raise DeletionError(said(f"牌局库里没有第 {deal_id} 局", f"no deal {deal_id} in the library"))
        deal = conn.execute(select(DEAL).where(DEAL.c.id == deal_id)).one()
        values = {
            "deal_id": int(deal_id),
            "game": deal.game,
            "label": _label(conn, deal),
            "content_hash": deal.content_hash,
            "archive": json.dumps(_archive(conn, deal), ensure_ascii=False, separators=(",", ":")),
            "reason": reason,
            "deleted_at": datetime.now(UTC),
            "deleted_by": "" if account is None else account.name,
            "deleted_by_id": None if account is None else int(account.id),
            "restored_by": "",
        }
        _remove(conn, deal_id)
        new_id = _record(conn, values)
    return Deletion(id=new_id, **{k: v for k, v in values.items() if k != "archive"})


# -- reading ------------------------------------------------------------------------------------

_LISTED = [c for c in TABLE.c if c.name != "archive"]


def _deletion(row: Any) -> Deletion:
    values = {c.name: getattr(row, c.name) for c in _LISTED}
    values["deleted_at"] = utc(row.deleted_at)
    values["restored_at"] = None if row.restored_at is None else utc(row.restored_at)
    return Deletion(**values)


def _read(engine: Engine, *where: Any) -> list[Deletion]:
    stmt = select(*_LISTED).where(*where).order_by(TABLE.c.deleted_at.desc(), TABLE.c.id.desc())
    with engine.connect() as conn:
        return [_deletion(row) for row in conn.execute(stmt)]


def deletions(engine: Engine, restored: bool = False) -> list[Deletion]:
    """The deletions, newest first: those not restored (with ``restored``, every one)."""
    return _read(engine) if restored else _read(engine, TABLE.c.restored_at.is_(None))


def get_deletion(engine: Engine, deletion_id: int) -> Deletion | None:
    """The deletion of that number, or None."""
    found = _read(engine, TABLE.c.id == int(deletion_id))
    return found[0] if found else None


def deletion_of(engine: Engine, deal_id: int) -> Deletion | None:
    """The latest deletion of the deal that had the id ``deal_id`` (for a link to a deal no longer there; on SQLite
    another deal may hold the id since: ask the library for the deal first), or None."""
    found = _read(engine, TABLE.c.deal_id == int(deal_id))
    return max(found, key=lambda d: d.id) if found else None


# -- restoring ----------------------------------------------------------------------------------


def _restorable(row: Any, deletion_id: int) -> None:
    """DeletionError unless ``row`` is a deletion not restored yet."""
    if row is None:
        raise DeletionError(said(f"没有第 {deletion_id} 号删除记录", f"no deletion {deletion_id}"))
    if row.restored_at is not None:
        who_zh, who_en = (row.restored_by, row.restored_by) if row.restored_by else ("牌局库的主人", "the owner")
        when = f"{utc(row.restored_at):%Y-%m-%d %H:%M} UTC"
        raise DeletionError(
            said(
                f"第 {deletion_id} 号删除已由{who_zh}在 {when} 恢复，成为第 {row.restored_as} 局",
                f"deletion {deletion_id} was restored already, by {who_en} on {when}, as deal {row.restored_as}",
            )
        )


def _log(text: str, where: object) -> Log:
    """A stored log (no larger than the library took it: the default limits, or the text's own size)."""
    return parse_json_log(text, f"deal {where}", Limits(max(LIMITS.max_bytes, 4 * len(text)), 10**9))


def _prepare(row: Any) -> tuple[dict[str, Any], deal_rows.Rows]:
    """The archive of a deletion and the deal's rows, replayed and coached as an import makes them (before the
    restore's transaction); DeletionError when its log is no longer the deal deleted."""
    try:
        archive = json.loads(row.archive)
        log = _log(archive["log"], row.deal_id)
        text = log.deal_only().dumps()
        sound = archive["format"] == FORMAT and hashlib.sha256(text.encode("utf-8")).hexdigest() == row.content_hash
    except (ValueError, KeyError, TypeError):  # not JSON, a key missing, a log that no longer reads
        sound = False
    if not sound:
        raise DeletionError(
            said(f"第 {row.id} 号删除的存档已损坏", f"the archive of deletion {row.id} does not hold the deal deleted")
        )
    rows = deal_rows.rows_of(log, row.content_hash, archive["source"], text)
    rows.deal["imported_at"] = datetime.fromisoformat(archive["imported_at"])
    return archive, rows


def _put_decisions(conn: Connection, deal_id: int, decisions: list[dict[str, Any]]) -> None:
    """Add the archived decisions the deal does not hold, oldest first, each with when and by which account it was
    stored (the account's link dropped when there is no such account)."""
    held = set(conn.execute(select(DECISIONS.c.key_hash).where(DECISIONS.c.deal_id == deal_id)).scalars())
    users = set(conn.execute(select(USERS.c.id)).scalars()) if decisions else set()
    for item in decisions:
        d = Decision(**{k: item[k] for k in Decision._fields})
        digest = key_hash(d)
        if digest in held:
            continue
        held.add(digest)
        conn.execute(
            insert(DECISIONS).values(
                deal_id=deal_id, idx=d.event, decision=d.decision, rule=d.rule, text=d.text, referee=d.referee,
                at=at_time(d), key_hash=digest, created_at=datetime.fromisoformat(item["created_at"]),
                user_id=item["user_id"] if item["user_id"] in users else None,
            )
        )  # fmt: skip


def _put_evaluations(conn: Connection, deal_id: int, evaluations: list[dict[str, Any]]) -> None:
    """Add the archived evaluations of settings the deal holds none of, with their seats' lines, as stored."""
    held = set(conn.execute(select(EVALUATION.c.settings_key).where(EVALUATION.c.deal_id == deal_id)).scalars())
    for item in evaluations:
        if item["settings_key"] in held:
            continue
        values = {k: item[k] for k in _EVALUATION_COLUMNS}
        values.update(deal_id=deal_id, created_at=datetime.fromisoformat(item["created_at"]))
        new_id = conn.execute(insert(EVALUATION).values(values).returning(EVALUATION.c.id)).scalar_one()
        if item["seats"]:
            conn.execute(insert(EVALUATION_SEAT), [{**s, "evaluation_id": new_id} for s in item["seats"]])


def _bring_back(conn: Connection, row: Any, archive: dict[str, Any], rows: deal_rows.Rows) -> int:
    """Store the deal again (its old id when free) or find the same deal imported since; add what the archive
    holds that it does not. The deal's id."""
    found = conn.execute(select(DEAL.c.id).where(DEAL.c.content_hash == row.content_hash)).scalar()
    if found is None:
        taken = conn.execute(select(DEAL.c.id).where(DEAL.c.id == row.deal_id)).scalar() is not None
        if not taken:
            rows.deal["id"] = int(row.deal_id)
        deal_id = deal_rows.store_rows(conn, rows)
    else:
        deal_id = int(found)
        lock_deal(conn, deal_id)
    _put_decisions(conn, deal_id, archive["decisions"])
    if archive["variations"]:
        merge_file(conn, deal_id, archive["variations"])
    _put_evaluations(conn, deal_id, archive["evaluations"])
    return deal_id


def restore_deal(engine: Engine, deletion_id: int, actor: Actor) -> int:
    """Bring back the deal of deletion ``deletion_id`` for ``actor`` (an admin, or the owner: NotPermitted
    otherwise, nothing changed), in one transaction, and mark the deletion restored; the deal's id (see the
    module's text). The log is replayed and coached before the transaction, once the account was checked.
    DeletionError for no such deletion, one restored already, an archive that no longer holds the deal."""
    with engine.connect() as conn:
        writer(conn, actor, RESTORE)
        found = conn.execute(select(TABLE).where(TABLE.c.id == deletion_id)).first()
    _restorable(found, deletion_id)
    archive, rows = _prepare(found)
    with engine.execution_options(**WRITE).begin() as conn:
        account = writer(conn, actor, RESTORE)
        row = conn.execute(select(TABLE).where(TABLE.c.id == deletion_id).with_for_update()).first()
        _restorable(row, deletion_id)
        deal_id = _bring_back(conn, row, archive, rows)
        done = {"restored_at": datetime.now(UTC), "restored_by": "" if account is None else account.name}
        conn.execute(update(TABLE).where(TABLE.c.id == deletion_id).values(**done, restored_as=deal_id))
    return deal_id
