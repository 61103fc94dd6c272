"""Export the deal library: every stored deal's canonical log, with its stored decisions (oldest first),
one file per deal, and beside a deal with variations their file (the log's name with ``.variations``:
``data.variation_rows.file_text``).

A file is named by what the deal is, never by a row id of the database: the game, the date and the
deal's number in its match when the log gives them, and the first 12 hex digits of the deal's content
hash (``gouji-2026-10-01-d02-0123456789ab.json``), so the same deals exported from any library (SQLite
or PostgreSQL, imported in any order) give the same files, byte for byte.

A damaged library is exported as far as it can be read: each deal is read on its own, a deal whose row
cannot be read (a damaged page, text that is not UTF-8, a value missing), or whose stored text no longer
matches its content hash, is skipped and listed (``Unreadable``) and the others are written. On SQLite a
deal's text is read as bytes and decoded here, so that undecodable text is said with its column, never
raised by the driver for a whole query.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import LargeBinary, String, cast, func, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.types import TypeEngine

from data.database import DamagedDatabase
from data.decisions import decisions_of
from data.models import Deal, table_of
from data.variation_rows import FILE_SUFFIX, deal_facts, file_text, variations_in
from data.variation_rows import TABLE as VARIATIONS
from replay.formats.log import parse_json_log

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


def _textual(kind: TypeEngine[Any]) -> bool:
    """A column of text (sqlmodel's AutoString is a decorated String)."""
    return isinstance(kind, String) or isinstance(getattr(kind, "impl", None), String)


def _deal(engine: Engine, deal_id: int) -> Deal | None:
    """The stored deal of that id (None: there is none); its text read as bytes on SQLite and decoded here.
    A column that is not UTF-8 text or is missing raises ``DamagedDatabase`` naming it."""
    with engine.connect() as conn:
        raw = conn.dialect.name == "sqlite"
        columns = [cast(c, LargeBinary).label(c.name) if raw and _textual(c.type) else c for c in DEALS.c]
        row = conn.execute(select(*columns).where(DEALS.c.id == deal_id)).mappings().first()
    if row is None:
        return None
    values = {}
    for column in DEALS.c:
        value = row[column.name]
        if isinstance(value, bytes):
            try:
                value = value.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise DamagedDatabase(
                    f"its {column.name} is not UTF-8 text (byte {value[exc.start]:#04x} at {exc.start})"
                ) from None
        if value is None and not column.nullable:
            raise DamagedDatabase(f"its {column.name} is missing (NULL)")
        values[column.name] = value
    return Deal(**values)


_UNDECODABLE = re.compile(r"(Could not decode to UTF-8 column '[^']*').*", re.S)


def _reason(exc: Exception) -> str:
    """Why a deal cannot be read, in a line (the driver's message without the undecodable text it quotes)."""
    if isinstance(exc, SQLAlchemyError):
        exc = getattr(exc, "orig", None) or exc
    first = (str(exc).splitlines() or [""])[0]
    return _UNDECODABLE.sub(r"\1", first)[:300]


def _one(engine: Engine, deal_id: int) -> tuple[Deal, str] | None:
    """A stored deal and its log text with its decisions (None when there is no deal of that id)."""
    deal = _deal(engine, deal_id)
    if deal is None:
        return None
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
    there instead and the others are read on (whatever in its row cannot be read: the driver's errors
    and a log that no longer parses too)."""
    for deal_id in _deal_ids(engine):
        try:
            found = _one(engine, deal_id)
        except (DamagedDatabase, SQLAlchemyError, ValueError) as exc:
            if skipped is None:
                raise
            skipped.append(Unreadable(deal_id, str(exc) if isinstance(exc, DamagedDatabase) else _reason(exc)))
            continue
        if found is not None:
            yield found


def export_deals(engine: Engine, out_dir: str | Path, skipped: list[Unreadable] | None = None) -> list[Path]:
    """Write every stored deal's canonical log, with its stored decisions, to ``out_dir``, and beside a deal with
    variations their file (the log's name with the suffix ``.variations``; not a log: ``fupan import`` of the
    folder reads it with its log, ``data.importer.import_paths``); the paths of the logs written (a deal
    without decisions byte-identical to its canonical import; an export imported into another library
    and exported again gives the same bytes and names). ``skipped``: as ``stored_logs``."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    varied = _varied(engine)
    for deal, body in stored_logs(engine, skipped):
        path = folder / file_name(deal)
        path.write_text(body, encoding="utf-8", newline="")
        paths.append(path)
        try:
            side = _variations_file(engine, deal) if varied is None or deal.id in varied else None
        except (DamagedDatabase, SQLAlchemyError, ValueError) as exc:
            if skipped is None or deal.id is None:
                raise
            why = str(exc) if isinstance(exc, DamagedDatabase) else _reason(exc)
            skipped.append(Unreadable(deal.id, f"its log is written, its variations cannot be read: {why}"))
            continue
        if side is not None:
            path.with_suffix(FILE_SUFFIX).write_text(side, encoding="utf-8", newline="")
    return paths


def _varied(engine: Engine) -> set[int] | None:
    """The ids of the deals that have variations (read once: most deals have none); None when the table cannot be
    read whole (a damaged file: each deal's are read on their own, ``_variations_file``)."""
    try:
        with engine.connect() as conn:
            return set(conn.execute(select(VARIATIONS.c.deal_id).distinct()).scalars())
    except (DamagedDatabase, SQLAlchemyError):
        return None


def _variations_file(engine: Engine, deal: Deal) -> str | None:
    """The text of the deal's variations' file (``data.variation_rows.file_text``), None when it has none."""
    assert deal.id is not None
    with engine.connect() as conn:
        found = variations_in(conn, deal_facts(conn, deal.id))
    return file_text(deal.content_hash, found) if found else None
