"""Score sheets into the deal library: a season's CSV (``replay.formats.sheet_csv``) and the dashboard's form, each
deal a result-only log (``Log.result_only``) stored as any log is (``data.importer.import_log``: its own
transaction, a duplicate known by its hash).

A sheet that cannot be (a seat missing from the places, a 革命 seat out of its place, 独保 with a 保皇派: any illegal
verdict of its replay) is refused with its reason and stores nothing; the rows around it go in. A row without a
deal number takes its place among the file's rows of its date and match (1, 2, …), so that one evening's
identical rows are two deals, and importing the same file again finds every deal a duplicate.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.engine import Engine

from data.importer import Authorize, ImportResult, import_log
from replay.core.said import Fault
from replay.formats.limits import LIMITS, Limits
from replay.formats.log_doc import Log, LogError
from replay.formats.sheet_csv import SheetRow, read_sheets
from replay.replay import Replay


def sheet_faults(log: Log) -> list[Fault]:
    """Why a sheet cannot be stored: (rule, Chinese, English) each (empty: it can)."""
    if not log.result_only:
        return [
            ("LOG", "不是成绩单：成绩单只记结果，不记出牌", "not a score sheet: a sheet records a result and no moves")
        ]
    return [(v.rule or "", v.message_zh, v.message_en) for v in Replay(log).illegal]


def sheet_problems(log: Log) -> list[str]:
    """Why a sheet cannot be stored, a line each with its rule, in both languages (empty: it can)."""
    return [f"[{rule}] {en} / {zh}" for rule, zh, en in sheet_faults(log)]


def numbered(rows: Sequence[SheetRow]) -> list[SheetRow]:
    """The rows, each without a deal number given its place among the file's rows of its date and match (1, 2, …;
    every row counted, read or not, so that mending one bad row renumbers no other)."""
    seen: dict[tuple[str, str], int] = {}
    out = []
    for r in rows:
        k = seen[r.day] = seen.get(r.day, 0) + 1
        if r.log is None or r.log.meta.get("deal") is not None:
            out.append(r)
        else:
            out.append(SheetRow(r.line, r.log._replace(meta={**r.log.meta, "deal": k}, text=""), None, r.day))
    return out


def import_sheets(
    engine: Engine, text: str, source: str, authorize: Authorize | None = None, limits: Limits = LIMITS
) -> list[ImportResult]:
    """Store every row of a season CSV (``text``, named ``source``), each in its own transaction: a row's result is
    ``source:line`` added, duplicate, or error with the reason (its column where the row cannot be read). Raises
    ``LogError`` where the file itself cannot be read (its header)."""
    results: list[ImportResult] = []
    for row in numbered(read_sheets(text, source, limits)):
        where = f"{source}:{row.line}"
        if row.log is None:
            assert row.error is not None
            results.append(ImportResult(where, "error", None, _reason(row.error)))
            continue
        problems = sheet_problems(row.log)
        if problems:
            results.append(ImportResult(where, "error", None, "; ".join(problems)))
            continue
        results.append(import_log(engine, row.log, where, authorize))
    return results


def next_deal_number(engine: Engine, game: str, date: str, match: str) -> int:
    """The next deal number of a game's date and match in the library (1 for the first; the match by its key)."""
    from sqlalchemy import func, select

    from data.models import Deal, Match, table_of

    deal, found = table_of(Deal), table_of(Match)
    stmt = select(func.max(deal.c.deal_number)).where(deal.c.date == date, deal.c.game == game)
    if match:
        stmt = stmt.join(found, found.c.id == deal.c.match_id).where(found.c.key == match)
    else:
        stmt = stmt.where(deal.c.match_id.is_(None))
    with engine.connect() as conn:
        top = conn.execute(stmt).scalar()
    return int(top or 0) + 1


def _reason(exc: LogError) -> str:
    """A row's reading error: its column and what is wrong."""
    col = f"column {exc.col} ({exc.path}): " if exc.col is not None else ""
    zh = exc.reason_zh
    return f"{col}{exc.reason}" + (f" / {zh}" if zh != exc.reason else "")
