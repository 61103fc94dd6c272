"""A deal's variations (issue 36, item 2): lines of a deal kept with it in the library (table ``variation``:
``data.models.VariationRow``, rows and checks in ``data.variation_rows``).

A variation is a ``replay.lines.Line`` of kind ``ruled`` (the line as ruled, made by the engine) or ``variation``
(made by a person): the deal's first ``at`` recorded events, then its own ``events``, and a name. Each deal numbers
its variations from 1 (the dashboard addresses one as ``&var=N``): a new one takes one more than the deal's
highest, so a number is never reused while a higher one stands. A variation is deleted with its deal.

- ``add_variation(engine, deal_id, line, user_name)``: store a line; its number.
- ``deal_variations(engine, deal_id)``, ``get_variation(engine, deal_id, number)``: read them.
- ``rename_variation(engine, deal_id, number, name, user_name)``, ``delete_variation(engine, deal_id, number,
  user_name)``, ``extend_variation(engine, deal_id, number, events, user_name)`` (its events replaced: a variation
  continued move by move).
- ``import_variations_file(engine, text, user_name)``: an export's ``.variations`` file merged into the stored deal
  its hash names (the dashboard's upload; ``fupan import`` merges the file beside a log).
- ``variation_log(engine, deal_id, number, form="json")``: the variation as a log to download (the deal's log with
  its first ``at`` events then the variation's, written as canonical JSON or in the text notation).

A write is for a signed-in referee or admin only, checked in the write's own transaction the way
``data.accounts.record_decision`` checks it (``NotPermitted`` otherwise; nothing stored); ``made_by`` is the
account's name. Each write is one transaction: nothing of it stays when it fails. A bad field raises
``VariationError`` (a ValueError) naming it, in Chinese and English; so do a missing deal or variation.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy import delete, select, update
from sqlalchemy.engine import Engine

from data.accounts import VARY, writer
from data.database import WRITE
from data.variation_rows import (
    MAX_EVENTS,
    TABLE,
    Variation,
    VariationError,
    check_at,
    check_kind,
    check_name,
    deal_facts,
    events_from_json,
    events_json,
    events_of_text,
    insert_variation,
    merge_file,
    no_variation,
    variations_in,
)
from replay.core.said import said

if TYPE_CHECKING:
    from replay.core.events import Event
    from replay.lines import Line

__all__ = [
    "Variation",
    "VariationError",
    "add_variation",
    "deal_variations",
    "delete_variation",
    "extend_variation",
    "get_variation",
    "import_variations_file",
    "rename_variation",
    "variation_log",
]

FORMS = ("json", "text")


def add_variation(engine: Engine, deal_id: int, line: Line, user_name: str) -> int:
    """Store ``line`` (kind ``ruled`` or ``variation``) with the deal for the signed-in account ``user_name``; the
    number it takes. NotPermitted unless the account may write; VariationError for no such deal, ``at`` out of
    0 .. the deal's events, a bad name or kind, events this game cannot hold (their JSON read back as the log's)."""
    with engine.execution_options(**WRITE).begin() as conn:
        row = writer(conn, user_name, VARY)
        deal = deal_facts(conn, deal_id, lock=True)
        return insert_variation(
            conn, deal, name=line.name, kind=line.kind, at=line.at, events=line.events, made_by=row.name
        )


def add_variation_json(engine: Engine, deal_id: int, doc: object, user_name: str) -> int:
    """``add_variation`` of a variation's JSON object (``{"kind", "at", "events": [...], "name"}``, the events as a
    log writes them), as a form or a request sends it; VariationError naming the field that is wrong."""
    from replay.lines import Line

    if not isinstance(doc, dict):
        raise VariationError(said("变例：应为 JSON 对象", "a variation: expected a JSON object"))
    unknown = sorted(set(doc) - {"kind", "at", "events", "name"})
    if unknown:
        raise VariationError(
            said(
                f"{unknown[0]}：变例没有这个字段（kind, at, events, name）",
                f"{unknown[0]}: not a field of a variation (kind, at, events, name)",
            )
        )
    with engine.connect() as conn:
        deal = deal_facts(conn, deal_id)
    at = check_at(doc.get("at"), deal.n_events)
    events = events_from_json(doc.get("events"), deal.seats)
    line = Line(kind=check_kind(doc.get("kind", "variation")), at=at, events=events, name=doc.get("name", ""))
    return add_variation(engine, deal_id, line, user_name)


def deal_variations(engine: Engine, deal_id: int) -> list[Variation]:
    """The deal's variations by number ([] for none); VariationError for no such deal."""
    with engine.connect() as conn:
        return variations_in(conn, deal_facts(conn, deal_id))


def get_variation(engine: Engine, deal_id: int, number: int) -> Variation:
    """The deal's variation ``number``; VariationError when the deal or the variation is not there."""
    with engine.connect() as conn:
        found = variations_in(conn, deal_facts(conn, deal_id), number)
    if not found:
        raise no_variation(deal_id, number)
    return found[0]


def rename_variation(engine: Engine, deal_id: int, number: int, name: str, user_name: str) -> str:
    """Give the variation a new name (checked: ``check_name``); the name stored."""
    new = check_name(name)
    with engine.execution_options(**WRITE).begin() as conn:
        writer(conn, user_name, VARY)
        deal_facts(conn, deal_id, lock=True)
        where = (TABLE.c.deal_id == deal_id, TABLE.c.number == number)
        if conn.execute(update(TABLE).where(*where).values(name=new)).rowcount == 0:
            raise no_variation(deal_id, number)
    return new


def delete_variation(engine: Engine, deal_id: int, number: int, user_name: str) -> None:
    """Delete the deal's variation ``number`` (the others keep their numbers)."""
    with engine.execution_options(**WRITE).begin() as conn:
        writer(conn, user_name, VARY)
        deal_facts(conn, deal_id, lock=True)
        where = (TABLE.c.deal_id == deal_id, TABLE.c.number == number)
        if conn.execute(delete(TABLE).where(*where)).rowcount == 0:
            raise no_variation(deal_id, number)


def extend_variation(engine: Engine, deal_id: int, number: int, events: Sequence[Event], user_name: str) -> None:
    """Give the deal's variation ``number`` (of kind ``variation``: a line as ruled is the engine's) the events
    ``events`` (a variation continued move by move: its own events then the new ones); checked as ``add_variation``
    checks them."""
    with engine.execution_options(**WRITE).begin() as conn:
        writer(conn, user_name, VARY)
        deal = deal_facts(conn, deal_id, lock=True)
        found = variations_in(conn, deal, number)
        if not found:
            raise no_variation(deal_id, number)
        if found[0].kind != "variation":
            raise VariationError(said("kind：按规则的线路不能续走", "kind: the line as ruled is not continued"))
        if len(events) > MAX_EVENTS:
            raise VariationError(said(f"events：最多 {MAX_EVENTS} 个动作", f"events: at most {MAX_EVENTS}"))
        text = events_json(events)
        events_of_text(text, deal.seats)  # each event one of this game's (its seats)
        where = (TABLE.c.deal_id == deal_id, TABLE.c.number == number)
        conn.execute(update(TABLE).where(*where).values(events_json=text))


def import_variations_file(engine: Engine, text: str, user_name: str) -> tuple[int, int]:
    """Merge an export's ``.variations`` file (``data.variation_rows.file_text``) into the stored deal whose content
    hash it names, in one transaction (``merge_file``: all of it or, VariationError naming the bad entry's place
    ``variations[i].field``, none), for the signed-in account ``user_name`` (NotPermitted unless it may write);
    the deal's id and how many variations were added (one the deal holds already is not added again)."""
    from data.models import Deal, table_of

    deals = table_of(Deal)
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise VariationError(said(f"不是 JSON（{exc}）", f"not JSON ({exc})")) from None
    digest = doc.get("deal") if isinstance(doc, dict) else None
    if not isinstance(digest, str):
        raise VariationError(said("deal：应为一局的哈希", "deal: expected a deal's content hash"))
    with engine.execution_options(**WRITE).begin() as conn:
        writer(conn, user_name, VARY)
        deal_id = conn.execute(select(deals.c.id).where(deals.c.content_hash == digest)).scalar()
        if deal_id is None:
            raise VariationError(
                said(
                    "deal：牌局库里没有这个哈希的牌局（先导入它的记录）",
                    "deal: no deal of this content hash in the library (import its log first)",
                )
            )
        return int(deal_id), merge_file(conn, int(deal_id), text)


def variation_log(engine: Engine, deal_id: int, number: int, form: str = "json") -> str:
    """The variation as a log to download: the deal's stored log with its first ``at`` recorded events then the
    variation's own, without the record's result and the referee's decisions (they are the record's), written as
    the canonical JSON (``form`` "json") or in the text notation ("text")."""
    from data.models import Deal, table_of
    from replay.formats.log import parse_json_log
    from replay.formats.notation.read import format_text

    if form not in FORMS:
        raise VariationError(
            said(f"form：应为 json 或 text，不是 {form!r}", f"form: expected json or text, got {form!r}")
        )
    deals = table_of(Deal)
    with engine.connect() as conn:
        deal = deal_facts(conn, deal_id)
        found = variations_in(conn, deal, number)
        text = conn.execute(deals.select().with_only_columns(deals.c.log_json).where(deals.c.id == deal_id)).scalar()
    if not found:
        raise no_variation(deal_id, number)
    v = found[0]
    log = parse_json_log(str(text), f"deal {deal_id}")
    made = log._replace(events=log.events[: v.at] + v.events, result=None, decisions=(), text="", positions=())
    return made.dumps() if form == "json" else format_text(made)
