"""A deal's variations as rows (table ``variation``, ``data.models.VariationRow``): the events' JSON both ways, the
checks of a variation's fields, and the reads and writes in a caller's transaction (``data.variations`` adds the
accounts' check; ``data.importer`` and ``data.exporter`` carry variations in an export's ``.variations`` file).

A variation's events are stored as a JSON list, each event as the log writes it (``Event.to_json``, written with
the log's encoder ``replay.formats.event_json.json_text``) and read back with the log's reader
(``event_from_json``): never pickled, never evaluated.

Every check raises ``VariationError`` (a ValueError) naming the field, in Chinese and English.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.engine import Connection

from data.decisions import lock_deal, utc
from data.models import VARIATION_KINDS, VARIATION_NAME, Deal, VariationRow, table_of
from replay.core.errors import FupanError
from replay.core.events import Event
from replay.core.said import said, said_of, zh_of
from replay.formats.event_json import DocError, event_from_json, json_text

TABLE = table_of(VariationRow)
_DEAL = table_of(Deal)
MAX_EVENTS = 5000  # the most events a variation holds (a deal of any game has far fewer)


class VariationError(FupanError, ValueError):
    """A variation that cannot be stored or found: a bad field (named), no such deal or variation."""


@dataclass(frozen=True)
class Variation:
    """A stored variation: the line (``kind``, ``at``, ``events``, ``name``: ``replay.lines.Line``'s fields) and what
    storage keeps beside it."""

    id: int
    deal_id: int
    number: int
    name: str
    kind: str
    at: int
    events: tuple[Event, ...]
    made_by: str
    created: datetime
    engine_version: int


# -- the events' JSON -----------------------------------------------------------------------------


def events_json(events: Sequence[Event]) -> str:
    """The events' JSON list as stored (each event's ``to_json``, the log's own encoder)."""
    return json_text([e.to_json() for e in events])


def events_from_json(raw: Any, seats: int) -> tuple[Event, ...]:
    """The events of a JSON list (parsed) for a game of ``seats`` seats; VariationError naming ``events[i].key``."""
    if not isinstance(raw, list):
        raise VariationError(said("events：应为动作的列表", "events: expected a list of events"))
    if len(raw) > MAX_EVENTS:
        raise VariationError(
            said(
                f"events：最多 {MAX_EVENTS} 个动作（这里 {len(raw)} 个）",
                f"events: at most {MAX_EVENTS} (got {len(raw)})",
            )
        )
    out = []
    for i, item in enumerate(raw):
        try:
            out.append(event_from_json(item, i, seats))
        except DocError as exc:
            place = "events" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in exc.path[1:])
            raise VariationError(said(f"{place}：{zh_of(exc.message)}", f"{place}: {exc.message}")) from None
    return tuple(out)


def events_of_text(text: str, seats: int) -> tuple[Event, ...]:
    """The events of a stored ``events_json`` text."""
    try:
        raw = json.loads(text)
    except ValueError as exc:
        raise VariationError(said(f"events：不是 JSON（{exc}）", f"events: not JSON ({exc})")) from None
    return events_from_json(raw, seats)


# -- checks ---------------------------------------------------------------------------------------


def _bad_text(value: str) -> bool:
    """A control character (NUL, a line break …) or a lone surrogate."""
    return any(unicodedata.category(c) in ("Cc", "Cs") for c in value)


def check_name(name: Any) -> str:
    """A variation's name as stored (NFC, without surrounding spaces; may be empty); VariationError naming ``name``."""
    if not isinstance(name, str):
        raise VariationError(said("name：应为文字", "name: expected text"))
    norm = unicodedata.normalize("NFC", name).strip() if not _bad_text(name) else name
    if _bad_text(norm):
        raise VariationError(said("name：含有控制字符或无效字符", "name: holds a control character or invalid text"))
    if len(norm) > VARIATION_NAME:
        raise VariationError(
            said(
                f"name：最多 {VARIATION_NAME} 个字（这个 {len(norm)} 个）",
                f"name: at most {VARIATION_NAME} characters (this one {len(norm)})",
            )
        )
    return norm


def check_kind(kind: Any) -> str:
    """The kind (``ruled`` or ``variation``); VariationError naming ``kind``."""
    if kind not in VARIATION_KINDS:
        raise VariationError(
            said(f"kind：应为 ruled 或 variation，不是 {kind!r}", f"kind: expected ruled or variation, got {kind!r}")
        )
    return str(kind)


def check_at(at: Any, n_events: int) -> int:
    """``at`` when it is 0 .. ``n_events`` (the deal's recorded events); VariationError naming ``at``."""
    if type(at) is not int or not 0 <= at <= n_events:
        raise VariationError(
            said(
                f"at：应为 0..{n_events} 的整数，不是 {at!r}", f"at: expected a whole number 0..{n_events}, got {at!r}"
            )
        )
    return at


def check_number(number: Any) -> int:
    """A variation's number (1 or more); VariationError naming ``number``."""
    if type(number) is not int or number < 1:
        raise VariationError(
            said(f"number：应为正整数，不是 {number!r}", f"number: expected 1 or more, got {number!r}")
        )
    return number


def no_deal(deal_id: int) -> VariationError:
    return VariationError(said(f"牌局库里没有第 {deal_id} 局", f"no deal {deal_id} in the library"))


def no_variation(deal_id: int, number: int) -> VariationError:
    return VariationError(said(f"第 {deal_id} 局没有变例 {number}", f"deal {deal_id} has no variation {number}"))


# -- rows -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealFacts:
    """What checking a variation reads of its deal."""

    id: int
    game: str
    n_events: int
    content_hash: str

    @property
    def seats(self) -> int:
        from replay import games

        return games.get(self.game).seats


def deal_facts(conn: Connection, deal_id: int, lock: bool = False) -> DealFacts:
    """The deal's game, events and hash (its row locked for the transaction with ``lock``); VariationError: none."""
    if lock and not lock_deal(conn, deal_id):
        raise no_deal(deal_id)
    cols = (_DEAL.c.id, _DEAL.c.game, _DEAL.c.n_events, _DEAL.c.content_hash)
    row = conn.execute(select(*cols).where(_DEAL.c.id == deal_id)).first()
    if row is None:
        raise no_deal(deal_id)
    return DealFacts(int(row.id), row.game, int(row.n_events), row.content_hash)


def next_number(conn: Connection, deal_id: int) -> int:
    """The number the deal's next variation takes: one more than its highest."""
    top = conn.execute(select(func.max(TABLE.c.number)).where(TABLE.c.deal_id == deal_id)).scalar()
    return int(top or 0) + 1


def insert_variation(
    conn: Connection,
    deal: DealFacts,
    *,
    name: str,
    kind: str,
    at: int,
    events: Sequence[Event],
    made_by: str = "",
    created: datetime | None = None,
    engine_version: int | None = None,
    number: int | None = None,
) -> int:
    """Check and add one variation to the deal (whose row the caller locked: ``deal_facts(lock=True)``) in the
    caller's transaction; its number (``number`` when given and free, else the next one)."""
    from replay.version import ENGINE_VERSION

    values = {
        "deal_id": deal.id,
        "name": check_name(name),
        "kind": check_kind(kind),
        "at": check_at(at, deal.n_events),
        "events_json": events_json(events),
        "made_by": made_by,
        "created_at": created if created is not None else datetime.now(UTC),
        "engine_version": ENGINE_VERSION if engine_version is None else engine_version,
    }
    if len(events) > MAX_EVENTS:
        raise VariationError(said(f"events：最多 {MAX_EVENTS} 个动作", f"events: at most {MAX_EVENTS}"))
    events_of_text(str(values["events_json"]), deal.seats)  # each event one of this game's (its seats)
    held = set(conn.execute(select(TABLE.c.number).where(TABLE.c.deal_id == deal.id)).scalars())
    if number is None or check_number(number) in held:
        number = next_number(conn, deal.id)
    conn.execute(insert(TABLE).values(number=number, **values))
    return number


def _variation(row: Any, seats: int) -> Variation:
    return Variation(
        id=int(row.id),
        deal_id=int(row.deal_id),
        number=int(row.number),
        name=row.name,
        kind=row.kind,
        at=int(row.at),
        events=events_of_text(row.events_json, seats),
        made_by=row.made_by,
        created=utc(row.created_at),
        engine_version=int(row.engine_version),
    )


def variations_in(conn: Connection, deal: DealFacts, number: int | None = None) -> list[Variation]:
    """The deal's variations by number (only ``number``'s when given)."""
    stmt = select(TABLE).where(TABLE.c.deal_id == deal.id)
    if number is not None:
        stmt = stmt.where(TABLE.c.number == number)
    return [_variation(row, deal.seats) for row in conn.execute(stmt.order_by(TABLE.c.number))]


# -- an export's file of a deal's variations ------------------------------------------------------

FILE_FORMAT = "fupan-variations 1"
FILE_SUFFIX = ".variations"  # beside the deal's log (its name with this suffix): not a log file (LOG_SUFFIXES)


def _time_text(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def file_text(content_hash: str, variations: Sequence[Variation]) -> str:
    """The export file of a deal's variations: canonical JSON, one variation a line (the same variations, the same
    bytes)."""
    items = [
        {
            "number": v.number,
            "name": v.name,
            "kind": v.kind,
            "at": v.at,
            "events": [e.to_json() for e in v.events],
            "made_by": v.made_by,
            "created": _time_text(v.created),
            "engine_version": v.engine_version,
        }
        for v in variations
    ]
    lines = [
        "{",
        f'  "format": {json_text(FILE_FORMAT)},',
        f'  "deal": {json_text(content_hash)},',
        '  "variations": [',
    ]
    lines += [f"    {json_text(item)}" + ("," if i < len(items) - 1 else "") for i, item in enumerate(items)]
    return "\n".join([*lines, "  ]", "}"]) + "\n"


def read_file_items(text: str, content_hash: str) -> list[dict[str, Any]]:
    """The variations of an export's file for the deal of ``content_hash``; VariationError naming what is wrong."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise VariationError(said(f"不是 JSON（{exc}）", f"not JSON ({exc})")) from None
    if not isinstance(doc, dict) or doc.get("format") != FILE_FORMAT:
        raise VariationError(said(f"format：应为 {FILE_FORMAT!r}", f"format: expected {FILE_FORMAT!r}"))
    if doc.get("deal") != content_hash:
        raise VariationError(said("deal：不是这一局的哈希", "deal: not this deal's content hash"))
    items = doc.get("variations")
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise VariationError(said("variations：应为对象的列表", "variations: expected a list of objects"))
    return items


def time_of(value: Any, place: str) -> datetime:
    """A ``created`` time of an export's file (UTC); VariationError naming ``place``."""
    try:
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        moment = None
    if not isinstance(value, str) or moment is None or moment.tzinfo is None:
        raise VariationError(said(f"{place}：应为 UTC 时间（{value!r}）", f"{place}: expected a UTC time ({value!r})"))
    return moment.astimezone(UTC)


def merge_file(conn: Connection, deal_id: int, text: str) -> int:
    """Add to the deal (its row locked here) the variations of an export's file (``file_text``) it does not hold yet
    (the same kind, ``at``, events and name), in the caller's transaction; each keeps its number when the deal has
    it free, else takes the next. How many were added; VariationError naming the first bad field
    (``variations[i].field``), and then nothing of the file is to be kept (the caller's transaction rolls back)."""
    deal = deal_facts(conn, deal_id, lock=True)
    items = read_file_items(text, deal.content_hash)
    cols = (TABLE.c.kind, TABLE.c.at, TABLE.c.events_json, TABLE.c.name)
    held = {tuple(r) for r in conn.execute(select(*cols).where(TABLE.c.deal_id == deal_id))}
    added = 0
    for i, item in enumerate(items):
        try:
            events = events_from_json(item.get("events"), deal.seats)
            name = check_name(item.get("name", ""))
            key = (check_kind(item.get("kind")), check_at(item.get("at"), deal.n_events), events_json(events), name)
            if key in held:
                continue
            made_by, version = item.get("made_by", ""), item.get("engine_version", 0)
            if not isinstance(made_by, str) or len(made_by) > 200 or _bad_text(made_by):
                raise VariationError(said("made_by：应为账号名或空", "made_by: expected an account name or nothing"))
            if type(version) is not int or version < 0:
                raise VariationError(said("engine_version：应为非负整数", "engine_version: expected 0 or more"))
            number = check_number(item.get("number"))
            created = time_of(item.get("created"), "created")
        except VariationError as exc:
            why = said_of(exc)
            raise VariationError(said(f"variations[{i}].{zh_of(why)}", f"variations[{i}].{why}")) from None
        insert_variation(
            conn,
            deal,
            name=name,
            kind=key[0],
            at=key[1],
            events=events,
            made_by=made_by,
            created=created,
            engine_version=version,
            number=number,
        )
        held.add(key)
        added += 1
    return added
