"""A season's score sheets as CSV: one row a deal, read into result-only logs (docs/log-format.md, "A season as
CSV"; ``Log.result_only``). Each row is made into the log's JSON document and read by the JSON reader, so a row
is checked as any log is; a problem is a ``LogError`` at the row's line and the column it stands in (CSV line and
column, 1-based, the column's name as the path). A bad header refuses the whole file; a bad row refuses itself
only (``SheetRow.error``), the others read on.

Columns (a header row names them, in any order; names are case-insensitive; an unknown name is refused, never
ignored): ``game`` (required: gouji, baohuang, shengji, or 够级, 保皇, 升级); ``profile``; the meta ``date``,
``venue``, ``match``, ``deal``, ``table``, ``notes``; ``seat0`` … ``seat5`` (the players; a seat the game does
not have stays empty); ``finish`` (the places: seats, first place first, separated by spaces or commas);
``void``, ``solo``, ``grab``, ``open`` (yes/no: ``true``, ``yes``, ``1``, ``是`` or ``false``, ``no``, ``0``, ``否``,
empty for no); ``revolution``, ``emperor``, ``loyalist``, ``marked``, ``declarer`` (seats); ``defenders``,
``kitty`` (升级's points); ``levels`` and ``levels_after`` (升级's two sides' levels, before and after).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from replay import games
from replay.core.said import said
from replay.formats.doc_reader import log_from_doc
from replay.formats.event_json import DocError
from replay.formats.limits import LIMITS, Limits
from replay.formats.log_doc import FORMAT, Log, LogError

Fail = Callable[[str, str, str], LogError]  # (column, Chinese, English) -> the row's error there
MAX_SEATS = 6
META = ("date", "venue", "match", "deal", "table", "notes")
SEAT_COLUMNS = tuple(f"seat{s}" for s in range(MAX_SEATS))
FLAGS = ("void", "solo", "grab", "open")
SEATS_OF_RESULT = ("revolution", "emperor", "declarer")
SEATS_OF_DEAL = ("loyalist", "marked")
COLUMNS = (
    "game", "profile", *META, *SEAT_COLUMNS, "finish", *FLAGS, *SEATS_OF_RESULT, *SEATS_OF_DEAL,
    "defenders", "kitty", "levels", "levels_after",
)  # fmt: skip
YES, NO = ("true", "yes", "1", "是", "y"), ("false", "no", "0", "否", "n", "")
_SPLIT = re.compile(r"[\s,，、;；]+")


@dataclass(frozen=True)
class SheetRow:
    """One row of a season CSV: its line, the log it reads to or the ``LogError`` that refuses it, and its date and
    match cells as written (read or not: ``data.sheets`` numbers a row's deal by them)."""

    line: int
    log: Log | None
    error: LogError | None = None
    day: tuple[str, str] = ("", "")


def read_sheets(text: str, source: str = "<csv>", limits: Limits = LIMITS) -> list[SheetRow]:
    """Every row of a season CSV (``text``), in order; raises ``LogError`` where the file itself cannot be read (no
    header, an unknown or repeated column, no ``game`` column, more text than ``limits`` allow)."""
    problem = limits.text_problem(text)
    if problem:
        raise LogError(problem, source)
    rows = list(_rows(text, source))
    if not rows:
        raise LogError(said("CSV 是空的：第一行应为列名", "the CSV is empty: its first line names the columns"), source)
    header_line, header = rows[0]
    columns = _columns(header, source, header_line)
    out = []
    for line, cells in rows[1:]:
        if not any(c.strip() for c in cells):
            continue  # a blank row
        cell = {name: cells[k].strip() for k, name in enumerate(columns) if k < len(cells)}
        day = (cell.get("date", ""), cell.get("match", ""))
        try:
            out.append(SheetRow(line, _log(columns, cells, source, line, limits), None, day))
        except LogError as exc:
            out.append(SheetRow(line, None, exc, day))
    return out


def _rows(text: str, source: str) -> Iterator[tuple[int, list[str]]]:
    """(line, cells) of each CSV record (a cell quoted over several lines: the line it starts on)."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""))
    line = 1
    try:
        for cells in reader:
            yield line, cells
            line = reader.line_num + 1
    except csv.Error as exc:
        raise LogError(said(f"CSV 读不了：{exc}", f"the CSV cannot be read: {exc}"), source, reader.line_num) from None


def _columns(header: list[str], source: str, line: int) -> list[str]:
    """The header's column names, checked: each known and once, ``game`` among them."""
    names = [h.strip().lower() for h in header]
    seen: set[str] = set()
    for k, name in enumerate(names):
        if name not in COLUMNS:
            raise LogError(
                said(
                    f"没有列 {name!r}（应为 {', '.join(COLUMNS)} 之一）",
                    f"unknown column {name!r} (expected one of {', '.join(COLUMNS)})",
                ),
                source,
                line,
                k + 1,
                name,
            )
        if name in seen:
            raise LogError(said(f"列 {name!r} 出现两次", f"column {name!r} appears twice"), source, line, k + 1, name)
        seen.add(name)
    if "game" not in seen:
        raise LogError(said("缺少列 game", "no column 'game': each row names its game"), source, line, 1)
    return names


def _log(columns: list[str], cells: list[str], source: str, line: int, limits: Limits) -> Log:
    """The row's log, read as its JSON document is (a problem raised at the row's line and the column it is in)."""
    if len(cells) > len(columns):
        raise LogError(
            said(
                f"这一行有 {len(cells)} 格，列名只有 {len(columns)} 个", f"{len(cells)} cells, {len(columns)} columns"
            ),
            source,
            line,
            len(columns) + 1,
        )
    row = {name: cells[k].strip() if k < len(cells) else "" for k, name in enumerate(columns)}
    where = {name: k + 1 for k, name in enumerate(columns)}
    try:
        return sheet_log(row, f"{source}:{line}", limits)
    except LogError as exc:
        raise LogError(exc.reason, source, line, where.get(exc.path, 1), exc.path) from None


def sheet_log(cells: Mapping[str, str], source: str = "<sheet>", limits: Limits = LIMITS) -> Log:
    """The score sheet a row's cells write (column name -> text, the columns of ``COLUMNS``; an absent one empty),
    read as its JSON document is: a problem is a ``LogError`` whose ``path`` is the column it stands in (the
    dashboard's score-sheet form builds its sheet here too)."""
    unknown = sorted(set(cells) - set(COLUMNS))
    if unknown:
        raise ValueError(f"unknown columns {unknown}")  # a caller's mistake, never a user's: the form names its own
    row = {name: str(cells.get(name, "")).strip() for name in COLUMNS}

    def fail(name: str, zh: str, en: str) -> LogError:
        return LogError(said(zh, en), source, None, None, name)

    doc = _doc(row, fail)
    seated = [f"seat{t['seat']}" for t in doc["seats"]]
    try:
        return log_from_doc(doc, source, limits, fresh=True)
    except DocError as exc:
        path = list(exc.path)
        at = path[1] if path[:1] == ["seats"] and len(path) > 1 else None
        name = seated[at] if isinstance(at, int) and at < len(seated) else _column_of(path)
        raise LogError(exc.message, source, None, None, name) from None


def _doc(row: dict[str, str], fail: Fail) -> dict[str, Any]:
    """The row as a log's JSON document (numbers and yes/no read here; everything else the JSON reader checks)."""
    game = _game(row["game"], fail)
    doc: dict[str, Any] = {"format": FORMAT, "game": game}
    if row.get("profile"):
        doc["profile"] = row["profile"]
    meta: dict[str, Any] = {k: row[k] for k in META if row.get(k)}
    if "deal" in meta:
        meta["deal"] = _int(row, "deal", fail)
    if meta:
        doc["meta"] = meta
    doc["seats"] = [{"seat": s, "player": row[f"seat{s}"]} for s in range(MAX_SEATS) if row.get(f"seat{s}")]
    deal: dict[str, Any] = {k: _int(row, k, fail) for k in SEATS_OF_DEAL if row.get(k)}
    if row.get("levels"):
        deal["levels"] = _SPLIT.split(row["levels"])
    if deal:
        doc["deal"] = deal
    result: dict[str, Any] = {}
    if row.get("finish"):
        result["finish_order"] = [_seat(tok, "finish", fail) for tok in _SPLIT.split(row["finish"]) if tok]
    for k in FLAGS:
        if row.get(k):
            result[k] = _flag(row, k, fail)
    for k in SEATS_OF_RESULT:
        if row.get(k):
            result[k] = _int(row, k, fail)
    points = {k: _int(row, k, fail) for k in ("defenders", "kitty") if row.get(k)}
    if points:
        result["points"] = points
    if row.get("levels_after"):
        result["levels"] = {"after": _SPLIT.split(row["levels_after"])}
    if not result:
        raise fail(
            "finish",
            "这一行没有结果：写出名次（finish）或其他结果列",
            "the row records no result: give the places (finish) or the game's result columns",
        )
    doc["result"] = result
    return doc


def _game(cell: str, fail: Fail) -> str:
    names = {**{g: g for g in games.names()}, **{games.get(g).name_zh: g for g in games.names()}}
    key = cell.strip().lower() if cell.isascii() else cell.strip()
    if key not in names:
        raise fail(
            "game",
            f"game 应为 {'、'.join(names)} 之一，不是 {cell!r}",
            f"expected game one of {', '.join(names)}, got {cell!r}",
        )
    return names[key]


def _int(row: dict[str, str], name: str, fail: Fail) -> int:
    cell = row[name]
    if not re.fullmatch(r"-?[0-9]+", cell):
        raise fail(name, f"{name} 应为整数，不是 {cell!r}", f"expected a whole number in {name}, got {cell!r}")
    return int(cell)


def _seat(tok: str, name: str, fail: Fail) -> int:
    if not tok.isdigit():
        raise fail(name, f"{name} 应为座位号，不是 {tok!r}", f"expected seat numbers in {name}, got {tok!r}")
    return int(tok)


def _flag(row: dict[str, str], name: str, fail: Fail) -> bool:
    cell = row[name].lower()
    if cell in YES:
        return True
    if cell in NO:
        return False
    raise fail(
        name, f"{name} 应为 true 或 false（是、否），不是 {cell!r}", f"expected yes or no in {name}, got {cell!r}"
    )


#: a JSON path's first keys -> the column that wrote it
_PATH_COLUMN = {
    ("result", "finish_order"): "finish",
    ("result", "points"): "defenders",
    ("result", "levels"): "levels_after",
    ("deal", "levels"): "levels",
}


def _column_of(path: list[Any]) -> str:
    """The CSV column that wrote the document's ``path``."""
    if not path:
        return "game"
    head = tuple(path[:2])
    if head in _PATH_COLUMN:
        if head == ("result", "points") and len(path) > 2:
            return str(path[2])
        return _PATH_COLUMN[head]
    if path[0] in ("result", "deal", "meta") and len(path) > 1:
        return str(path[1])
    return str(path[0])
