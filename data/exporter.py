"""Export the deal library: every stored deal's canonical log, with its stored decisions (oldest first),
one file per deal.

A file is named by what the deal is, never by a row id of the database: the game, the date and the
deal's number in its match when the log gives them, and the first 12 hex digits of the deal's content
hash (``gouji-2026-10-01-d02-0123456789ab.json``), so the same deals exported from any library (SQLite
or PostgreSQL, imported in any order) give the same files, byte for byte.

A damaged library is exported as far as it can be read: each deal is read on its own, a deal whose row
cannot be read, or whose stored text no longer matches its content hash, is skipped and listed
(``Unreadable``) and the others are written.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select, text
from sqlalchemy.engine import Engine
from sqlmodel import Session

from data.database import DamagedDatabase
from data.decisions import decisions_of
from data.models import Deal, table_of
from replay.log import parse_json_log

DEALS = table_of(Deal)
ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Unreadable:
    """A stored deal that could not be read (its row id, and why)."""

    deal_id: int
    reason: str


def file_name(deal: Deal) -> str:
    """The export file name of a deal: game, date and deal number when known, and a short content hash."""
    parts = [deal.game]
    if deal.date and ISO_DAY.fullmatch(deal.date):
        parts.append(deal.date)
    if deal.deal_number is not None:
        parts.append(f"d{deal.deal_number:02d}")
    parts.append(deal.content_hash[:12])
    return "-".join(parts) + ".json"


def _deal_ids(engine: Engine) -> list[int]:
    """The ids of the stored deals, oldest first. When the deal table's pages cannot all be read (a
    damaged SQLite file), the ids its unique index of content hashes still holds, else every id up to
    the highest."""
    with engine.connect() as conn:
        try:
            return list(conn.execute(select(DEALS.c.id).order_by(DEALS.c.id)).scalars())
        except DamagedDatabase:
            pass
    with engine.connect() as conn:
        try:
            found = conn.execute(text("SELECT id FROM deal INDEXED BY ix_deal_content_hash")).scalars()
            return sorted(found)
        except DamagedDatabase:
            pass
    with engine.connect() as conn:
        return list(range(1, (conn.execute(select(func.max(DEALS.c.id))).scalar() or 0) + 1))


def _one(engine: Engine, deal_id: int) -> tuple[Deal, str] | None:
    """A stored deal and its log text with its decisions (None when there is no deal of that id)."""
    with Session(engine) as db:
        deal = db.get(Deal, deal_id)
        if deal is None:
            return None
        db.expunge(deal)
    if hashlib.sha256(deal.log_json.encode("utf-8")).hexdigest() != deal.content_hash:
        raise DamagedDatabase(f"deal {deal_id}: its stored log no longer matches its content hash")
    decisions = decisions_of(engine, [deal_id]).get(deal_id)
    if not decisions:
        return deal, deal.log_json
    log = parse_json_log(deal.log_json, f"deal {deal_id}")
    return deal, log._replace(decisions=decisions).dumps()


def stored_logs(engine: Engine, skipped: list[Unreadable] | None = None) -> Iterator[tuple[Deal, str]]:
    """Every stored deal with its canonical log text with its stored decisions (oldest first), in import
    order. A deal that cannot be read raises ``DamagedDatabase``; with ``skipped`` given, it is added
    there instead and the others are read on."""
    for deal_id in _deal_ids(engine):
        try:
            found = _one(engine, deal_id)
        except DamagedDatabase as exc:
            if skipped is None:
                raise
            skipped.append(Unreadable(deal_id, str(exc)))
            continue
        if found is not None:
            yield found


def export_deals(engine: Engine, out_dir: str | Path, skipped: list[Unreadable] | None = None) -> list[Path]:
    """Write every stored deal's canonical log, with its stored decisions, to ``out_dir`` (a deal
    without decisions byte-identical to its canonical import; an export imported into another library
    and exported again gives the same bytes and names). ``skipped``: as ``stored_logs``."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for deal, body in stored_logs(engine, skipped):
        path = folder / file_name(deal)
        path.write_text(body, encoding="utf-8", newline="")
        paths.append(path)
    return paths
