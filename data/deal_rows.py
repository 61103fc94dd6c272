"""The rows the library stores of one deal, and how they are written (``data.importer`` imports with them).

``rows_of`` replays and coaches a log (``data.derive``) into ``Rows``: the deal and its match as columns by name,
its seats, events and findings as plain tuples (cheap to hand over from a worker process, and inserted many at
once by the driver: ``add_rows``). ``unstorable_rows`` says why rows cannot be stored alike on every backend.
``store_rows`` adds one deal in the connection's transaction, what it refers to (stored deals, players, matches)
looked up once per transaction (``Known``). Rows are locked in one order (match, deal, players by name), so
concurrent imports cannot deadlock. In a SQLite write transaction (which holds the database alone) deals may be
staged instead and inserted together (``Staged``): the same rows, with the ids the database would have given them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import chain, groupby
from operator import itemgetter
from typing import Any

from sqlalchemy import Table
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlmodel import select

from data.database import ignoring_insert, insert_ignore
from data.derive import EVENT_FIELDS, derive
from data.models import (
    NOTES_CHARS,
    Deal,
    DealDeletion,
    DealSeat,
    EventRow,
    FindingRow,
    Match,
    Player,
    PlayerAlias,
    table_of,
)
from replay.core.errors import FupanError
from replay.core.said import said
from replay.formats.log import Log

DEAL, DEAL_SEAT, EVENT, FINDING, MATCH, PLAYER, PLAYER_ALIAS = (
    table_of(m) for m in (Deal, DealSeat, EventRow, FindingRow, Match, Player, PlayerAlias)
)
#: the deleted deals, whose ids ``_tops`` keeps from new deals (None: a schema before them, as tests/storage_dbs.py's)
DEAL_DELETION: Table | None = table_of(DealDeletion)

#: the columns of the rows ``Rows`` holds as tuples, in order (a seat's player, by name, follows its columns)
SEAT_COLUMNS = ("seat", "side", "place", "points")
EVENT_COLUMNS = EVENT_FIELDS  # as ``derive`` makes them
FINDING_COLUMNS = (
    "idx", "seat", "kind", "severity", "rule", "maxim", "message_zh", "message_en", "evidence_json",
    "engine_version", "coach_version",
)  # fmt: skip


@dataclass
class Rows:
    """Everything one deal stores, worked out before the database is touched: the deal and its match as
    columns by name, its seats, events and findings as plain tuples (``SEAT_COLUMNS`` and the player's name,
    ``EVENT_COLUMNS``, ``FINDING_COLUMNS``), cheap to hand over from a worker and to insert many at once."""

    deal: dict[str, Any]
    match: dict[str, Any] | None
    seats: list[tuple[Any, ...]]
    events: list[tuple[Any, ...]]
    findings: list[tuple[Any, ...]]


class AlreadyStored(FupanError):
    """The deal's hash was stored by another transaction first."""


def rows_of(log: Log, digest: str, source: str, text: str) -> Rows:
    """Replay and coach the deal (``data.derive``); the rows to store (no ids yet). ``text``: the deal's
    canonical log (``data.importer.content_hash`` hashes it)."""
    made = derive(log)
    key = log.meta.get("match")
    match = None
    if key:
        match = {"key": str(key), "game": log.game, "venue": str(log.meta.get("venue", "")),
                 "date": str(log.meta.get("date", ""))}  # fmt: skip
    deal = {
        "content_hash": digest,
        "game": log.game,
        "profile": log.profile_name,
        "date": str(log.meta.get("date", "")),
        "venue": str(log.meta.get("venue", "")),
        "deal_number": log.meta.get("deal"),
        "notes": str(log.meta.get("notes") or "")[:NOTES_CHARS],
        "source": source.encode("utf-8", "replace").decode("utf-8")[:1000],  # a file name may not be UTF-8
        "imported_at": datetime.now(UTC),
        **made.deal,
        "log_json": text,
    }
    names = {s.seat: s.player for s in log.seats}
    seat = itemgetter(*SEAT_COLUMNS)
    seats = [(*seat(s), names.get(s["seat"], "")) for s in made.seats]
    finding = itemgetter(*FINDING_COLUMNS)
    return Rows(deal, match, seats, made.events, [finding(f) for f in made.findings])


_WHAT = {
    "deal": "the deal",
    "match": "meta.match",
    "player": "a player's name",
    "deal_seat": "a seat",
    "event": "an event",
    "finding": "a finding",
}
_WHAT_ZH = {
    "deal": "这一局",
    "match": "meta.match",
    "player": "牌手的名字",
    "deal_seat": "座位",
    "event": "一个事件",
    "finding": "一条教练发现",
}


def unstorable_rows(rows: Rows) -> str | None:
    """Why the rows cannot be stored alike on every backend (a text longer than its column, a NUL
    character, which PostgreSQL cannot store), or None. SQLite would take them, PostgreSQL not: such a
    file is refused on both, with the reason."""
    tables: list[tuple[Table, tuple[str, ...], list[tuple[Any, ...]]]] = [
        (DEAL, tuple(rows.deal), [tuple(rows.deal.values())]),
        (MATCH, tuple(rows.match or ()), [tuple(rows.match.values())] if rows.match else []),
        (PLAYER, ("name",), [(s[-1],) for s in rows.seats if s[-1]]),
        (EVENT, EVENT_COLUMNS, rows.events),
        (FINDING, FINDING_COLUMNS, rows.findings),
    ]
    for table, columns, items in tables:
        lengths = _lengths(table)
        by_column = zip(*items, strict=True)  # none when there are no items
        if all(_column_fits(lengths.get(name), column) for name, column in zip(columns, by_column, strict=False)):
            continue  # the common case, told by one look at each whole column
        for item in items:  # the first bad value, in the order of the rows and their columns
            for name, value in zip(columns, item, strict=True):
                if not isinstance(value, str) or _fits(lengths.get(name), [value]):
                    continue
                column = f"{table.name}.{name}"
                where, where_zh = f"{_WHAT[table.name]} ({column})", f"{_WHAT_ZH[table.name]}（{column}）"
                if "\x00" in value:
                    return said(
                        f"{where_zh}含有 NUL 字符，数据库存不了",
                        f"{where} holds a NUL character, which the database cannot store",
                    )
                return said(
                    f"{where_zh}超过 {lengths[name]} 个字符（{len(value)} 个），数据库存不了",
                    f"{where} is longer than {lengths[name]} characters ({len(value)}), which the database cannot store",
                )
    return None


_NOT_TEXT = frozenset({int, float, bool, type(None)})
_TEXT = frozenset({str, type(None)})


def _column_fits(length: int | None, column: tuple[Any, ...]) -> bool:
    """``_fits`` of a column's texts (its values that are ``str``), told at C speed for a column of plain values."""
    kinds = set(map(type, column))
    if kinds <= _NOT_TEXT:
        return True
    if kinds <= _TEXT:
        return _fits(length, [v for v in column if v is not None] if type(None) in kinds else list(column))
    return _fits(length, [v for v in column if isinstance(v, str)])


def _fits(length: int | None, texts: list[str]) -> bool:
    """True when none of ``texts`` holds a NUL character or is longer than ``length`` (None: any length)."""
    return not texts or ("\x00" not in "".join(texts) and (length is None or max(map(len, texts)) <= length))


_LENGTHS: dict[str, dict[str, int | None]] = {}


def _lengths(table: Table) -> dict[str, int | None]:
    """Each column's length limit (None: none), looked up once per table."""
    found = _LENGTHS.get(table.name)
    if found is None:
        found = _LENGTHS[table.name] = {c.name: getattr(c.type, "length", None) for c in table.c}
    return found


def _add_or_get(conn: Connection, table: Table, values: dict[str, Any], unique: tuple[str, ...]) -> int:
    """The id of a row the transaction's ``Known`` did not find when it looked: added, or (when another import added
    it since) read."""
    new = insert_ignore(conn, table, values, unique)
    if new is not None:
        return int(new)
    return int(conn.execute(select(table.c.id).where(*[table.c[k] == values[k] for k in unique])).scalar_one())


@dataclass
class Known:
    """What one write transaction knows of the rows its deals refer to, looked up once for all its deals
    (``look``): the stored deals among them (by hash), the players by name (an alias's player first) and the
    matches by key and game. Rows a deal adds are remembered when its savepoint is kept (``keep``), forgotten
    when it is rolled back (``forget``)."""

    deals: dict[str, int]
    players: dict[str, int]
    matches: dict[tuple[str, str], int]
    new: list[tuple[dict[Any, int], Any]]  # what the deal being stored added: (deals, players or matches; its key)

    @classmethod
    def look(cls, conn: Connection, digests: list[str], all_rows: list[Rows]) -> Known:
        """What the transaction's deals (their hashes, their rows) refer to, in one query per table."""
        deals = {str(h): int(i) for h, i in _where_in(conn, DEAL, ("content_hash", "id"), "content_hash", digests)}
        names = sorted({s[-1] for rows in all_rows for s in rows.seats if s[-1]})
        players = dict(_where_in(conn, PLAYER_ALIAS, ("alias", "player_id"), "alias", names))
        rest = [n for n in names if n not in players]
        players.update(_where_in(conn, PLAYER, ("name", "id"), "name", rest))
        keys = sorted({rows.match["key"] for rows in all_rows if rows.match})
        matches: dict[tuple[str, str], int] = {}
        for key, game, i in _where_in(conn, MATCH, ("key", "game", "id"), "key", keys):
            matches.setdefault((str(key), str(game)), int(i))
        return cls(deals, {str(n): int(i) for n, i in players.items()}, matches, [])

    def keep(self) -> None:
        """The deal being stored is kept (its savepoint released): so are the rows it added."""
        self.new.clear()

    def add(self, where: dict[Any, int], key: Any, row_id: int) -> int:
        """Remember a row the deal being stored added (until ``keep`` or ``forget``)."""
        where[key] = row_id
        self.new.append((where, key))
        return row_id

    def forget(self) -> None:
        """The deal being stored was rolled back: so were the rows it added."""
        for where, key in self.new:
            where.pop(key, None)
        self.new.clear()


def _where_in(
    conn: Connection, table: Table, columns: tuple[str, ...], column: str, values: list[Any]
) -> list[tuple[Any, ...]]:
    """``columns`` of the rows of ``table`` whose ``column`` is one of ``values``: SELECT … WHERE column IN (…) as the
    driver takes it (no statement built and compiled by SQLAlchemy each time), ``MAX_PARAMETERS`` values a query."""
    if not values:
        return []
    quote = conn.dialect.identifier_preparer.quote
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    head = f"SELECT {', '.join(map(quote, columns))} FROM {quote(table.name)} WHERE {quote(column)} IN "
    found: list[tuple[Any, ...]] = []
    for k in range(0, len(values), MAX_PARAMETERS):
        part = tuple(values[k : k + MAX_PARAMETERS])
        found += [tuple(row) for row in conn.exec_driver_sql(head + f"({', '.join([mark] * len(part))})", part)]
    return found


def _match_id(conn: Connection, match: dict[str, Any], known: Known) -> int:
    key = (match["key"], match["game"])
    found = known.matches.get(key)
    if found is None:
        found = known.add(known.matches, key, _add_or_get(conn, MATCH, match, ("key", "game")))
    return found


def _player_ids(conn: Connection, names: Iterable[str], known: Known) -> dict[str, int]:
    """The player of each name (an alias's player, else the player of that name, added if new). Names
    are taken in sorted order, so concurrent imports lock new players in one order (no deadlock)."""
    ids = {}
    for name in sorted({n for n in names if n}):
        found = known.players.get(name)
        if found is None:
            found = known.add(known.players, name, _add_or_get(conn, PLAYER, {"name": name}, ("name",)))
        ids[name] = found
    return ids


#: the columns of the tuples ``_add_rows`` inserts into each table, in order
INSERTED = {
    DEAL_SEAT.name: (*SEAT_COLUMNS, "deal_id", "player_id"),
    EVENT.name: (*EVENT_COLUMNS, "deal_id"),
    FINDING.name: (*FINDING_COLUMNS, "deal_id"),
}


def add_rows(conn: Connection, table: Table, rows: list[tuple[Any, ...]]) -> None:
    """Insert many rows (tuples of the table's ``INSERTED`` columns) as the driver takes them, with no conversion
    of each row to SQLAlchemy's parameters (the values are plain ints, floats, texts, booleans and None): on
    PostgreSQL by COPY (``_copy_rows``), elsewhere by ``insert_many``."""
    if not rows:
        return
    columns = INSERTED[table.name]
    if conn.dialect.name == "postgresql":
        quote = conn.dialect.identifier_preparer.quote
        _copy_rows(conn, f"COPY {quote(table.name)} ({', '.join(map(quote, columns))}) FROM STDIN", rows)
        return
    insert_many(conn, table.name, columns, rows)


#: at most this many values in one INSERT of many rows (SQLite before 3.32 took no more than 999 parameters)
MAX_PARAMETERS = 999


def insert_many(conn: Connection, table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """Insert ``rows`` (tuples of ``columns``) into ``table`` as the driver takes them: as many rows as
    ``MAX_PARAMETERS`` allow in one INSERT … VALUES (…), (…), … (the database runs one statement for many rows:
    on SQLite a quarter faster than one per row), the statement run for every such group at once (executemany),
    the rows left over by one INSERT run for each (executemany)."""
    quote = conn.dialect.identifier_preparer.quote
    mark = "?" if conn.dialect.paramstyle == "qmark" else "%s"
    head = f"INSERT INTO {quote(table)} ({', '.join(map(quote, columns))}) VALUES "
    one = f"({', '.join([mark] * len(columns))})"
    per = max(1, MAX_PARAMETERS // len(columns))
    whole = len(rows) - len(rows) % per
    if whole:
        groups = [tuple(chain.from_iterable(rows[k : k + per])) for k in range(0, whole, per)]
        conn.exec_driver_sql(head + ", ".join([one] * per), groups)
    if whole < len(rows):
        conn.exec_driver_sql(head + one, rows[whole:])


def _copy_rows(conn: Connection, statement: str, rows: list[tuple[Any, ...]]) -> None:
    """COPY the rows in through psycopg, in the connection's transaction; the driver's error raised as SQLAlchemy
    raises it for a statement (``DataError`` for a value the column refuses, and so on)."""
    driver = conn.dialect.loaded_dbapi
    try:
        with conn.connection.dbapi_connection.cursor() as cur, cur.copy(statement) as copy:  # type: ignore[union-attr]  # psycopg's connection
            for row in rows:
                copy.write_row(row)
    except driver.Error as exc:
        raise DBAPIError.instance(statement, None, exc, driver.Error, dialect=conn.dialect) from exc


def store_rows(conn: Connection, rows: Rows, known: Known | None = None, staged: Staged | None = None) -> int:
    """Add one deal (with seats, events, findings) in the connection's transaction; returns its id.
    Raises AlreadyStored when its hash is there (committed by another transaction meanwhile).
    Rows are locked in one order (match, deal, players by name), so concurrent imports cannot deadlock.
    ``known``: the transaction's ``Known`` (looked up for this deal alone when not given). With ``staged``
    (SQLite: ``Staged``) nothing is written yet: the deal's rows, and the players and match it adds, are staged, to
    be inserted with the other deals of the transaction (``Staged.flush``)."""
    known = known if known is not None else Known.look(conn, [], [rows])
    if staged is not None:
        return staged.stage(rows, known)
    match_id = _match_id(conn, rows.match, known) if rows.match else None
    values = {**rows.deal, "match_id": match_id}
    if conn.dialect.name == "sqlite" and "id" not in values:  # never a deleted deal's id (``_tops``)
        values["id"] = _tops(conn)[DEAL.name]
    deal_id = conn.execute(_insert_deal(conn), values).scalar()
    if deal_id is None:
        raise AlreadyStored
    deal_id = known.add(known.deals, rows.deal["content_hash"], int(deal_id))
    players = _player_ids(conn, (s[-1] for s in rows.seats), known)
    add_rows(conn, DEAL_SEAT, [(*s[:-1], deal_id, players.get(s[-1])) for s in rows.seats])
    add_rows(conn, EVENT, [(*e, deal_id) for e in rows.events])
    add_rows(conn, FINDING, [(*f, deal_id) for f in rows.findings])
    return deal_id


def _tops(conn: Connection) -> dict[str, int]:
    """SQLite: the next id of a deal, match and player (one query): one more than the largest stored, and for a deal
    also than the largest deleted (``deal_deletion``), so that a deleted deal's id, its links in a chat group, is never
    given to another deal (SQLite's own choice without AUTOINCREMENT, the largest stored + 1, would give it again)."""
    quote = conn.dialect.identifier_preparer.quote
    names = [t.name for t in Staged.NUMBERED]
    tops = [f"(SELECT max(id) FROM {quote(name)})" for name in names]
    if DEAL_DELETION is not None:
        k = names.index(DEAL.name)
        deleted = f"(SELECT max(deal_id) FROM {quote(DEAL_DELETION.name)})"
        tops[k] = f"max(coalesce({tops[k]}, 0), coalesce({deleted}, 0))"
    found = conn.exec_driver_sql(f"SELECT {', '.join(tops)}").one()
    return {name: int(top or 0) + 1 for name, top in zip(names, found, strict=True)}


_INSERT_DEAL: dict[tuple[str, str, tuple[str, ...]], Any] = {}


def _insert_deal(conn: Connection) -> Any:
    """INSERT of a deal that does nothing when its hash is stored (``insert_ignore``), returning the new id: one
    statement per backend, made once (SQLAlchemy then finds it compiled in its cache)."""
    key = (conn.dialect.name, DEAL.name, tuple(DEAL.c.keys()))
    found = _INSERT_DEAL.get(key)
    if found is None:
        found = _INSERT_DEAL[key] = ignoring_insert(conn, DEAL, ("content_hash",)).returning(DEAL.c.id)
    return found


class Staged:
    """The rows of a write transaction's deals, staged one deal after the other (``stage``: no statement) and
    inserted together (``flush``: a few statements for all of them, instead of a few for each deal).

    The transaction has looked up what its deals refer to (``Known``); the new deals, players and matches are given
    their ids here. On SQLite, whose write transaction (``BEGIN IMMEDIATE``) holds the database alone, the ids the
    database would give them (one more than the largest stored; ``start``), which no other writer can take
    meanwhile; on PostgreSQL ids taken from the tables' sequences (a batch's deal ids in one query). A deal found bad
    after it was staged is taken back whole (``mark``, ``undo``), as a savepoint rolled back would take it back; a
    flush the database refuses (on PostgreSQL also a deal or player another import stored meanwhile) is the
    caller's to redo deal by deal (``data.importer``)."""

    #: the tables whose new rows the transaction gives ids (``next_ids``), and those of the rows that hang on a deal
    #: (``INSERTED``); the first inserted first (a row after those it names; match, deal, players: the order
    #: ``store_rows`` locks them in)
    NUMBERED, HANGING = (MATCH, DEAL, PLAYER), (DEAL_SEAT, EVENT, FINDING)

    def __init__(self, dialect: Any, next_ids: dict[str, int], conn: Connection | None = None) -> None:
        self.dialect = dialect
        #: the next new id of a deal, match and player (PostgreSQL: the index of the next in ``pools``)
        self.next_ids = next_ids
        self.conn = conn  # PostgreSQL: where more ids are taken from the sequences
        self.pools: dict[str, list[int]] | None = None if conn is None else {t.name: [] for t in self.NUMBERED}
        self.numbered: dict[str, list[tuple[tuple[str, ...], tuple[Any, ...]]]] = {t.name: [] for t in self.NUMBERED}
        self.hanging: dict[str, list[tuple[Any, ...]]] = {t.name: [] for t in self.HANGING}

    @classmethod
    def start(cls, conn: Connection, deals: int = 0) -> Staged:
        """Staging for the connection's transaction, for about ``deals`` new deals: the next ids looked up (one
        query; PostgreSQL: that many deal ids taken)."""
        if conn.dialect.name == "postgresql":
            staged = cls(conn.dialect, {t.name: 0 for t in cls.NUMBERED}, conn)
            staged._take(DEAL.name, deals)
            return staged
        return cls(conn.dialect, _tops(conn))

    def renumber(self, conn: Connection) -> None:
        """A deal was stored the usual way (its savepoint) while deals were staged, after those staged before it
        were flushed: the deals staged after it take ids after its own (SQLite: the next ids looked up again;
        PostgreSQL: the ids taken before it and not yet given are left unused)."""
        if self.pools is None:
            self.next_ids = Staged.start(conn).next_ids
            return
        for name, pool in self.pools.items():
            del pool[self.next_ids[name] :]

    def _take(self, table: str, n: int) -> None:
        """PostgreSQL: ``n`` more ids of ``table`` taken from its sequence into its pool (in the order taken)."""
        if n <= 0 or self.pools is None or self.conn is None:
            return
        name = self.dialect.identifier_preparer.quote(table)
        found = self.conn.exec_driver_sql(
            "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)", (name, n)
        )
        self.pools[table] += sorted(int(i) for (i,) in found)

    def _new_id(self, table: str) -> int:
        k = self.next_ids[table]
        self.next_ids[table] = k + 1
        if self.pools is None:
            return k  # SQLite: the id itself
        pool = self.pools[table]
        if k >= len(pool):
            self._take(table, max(8, k + 1 - len(pool)))
        return pool[k]

    def mark(self) -> tuple[dict[str, int], dict[str, int]]:
        """Where staging is now (``undo`` goes back there)."""
        lengths = {name: len(rows) for name, rows in self.numbered.items()}
        lengths.update((name, len(rows)) for name, rows in self.hanging.items())
        return dict(self.next_ids), lengths

    def undo(self, mark: tuple[dict[str, int], dict[str, int]]) -> None:
        """Take back what was staged since ``mark`` (the ids it took are given again)."""
        ids, lengths = mark
        self.next_ids.update(ids)
        for name, numbered in self.numbered.items():
            del numbered[lengths[name] :]
        for name, hanging in self.hanging.items():
            del hanging[lengths[name] :]

    def _add(self, table: Table, values: dict[str, Any]) -> int:
        """Stage a new row of a table whose ids the transaction gives: its id."""
        row_id = self._new_id(table.name)
        row = bound(self.dialect, table, values)
        self.numbered[table.name].append((("id", *row), (row_id, *row.values())))
        return row_id

    def stage(self, rows: Rows, known: Known) -> int:
        """Stage a deal's rows, and the match and players it adds (remembered in ``known`` as ``store_rows``
        remembers them): the deal's id."""
        match_id = None
        if rows.match:
            key = (rows.match["key"], rows.match["game"])
            match_id = known.matches.get(key)
            if match_id is None:
                match_id = known.add(known.matches, key, self._add(MATCH, rows.match))
        deal_id = self._add(DEAL, {**rows.deal, "match_id": match_id})
        known.add(known.deals, rows.deal["content_hash"], deal_id)
        players: dict[str, int] = {}
        for name in sorted({s[-1] for s in rows.seats if s[-1]}):
            found = known.players.get(name)
            if found is None:
                found = known.add(known.players, name, self._add(PLAYER, {"name": name}))
            players[name] = found
        self.hanging[DEAL_SEAT.name] += [(*s[:-1], deal_id, players.get(s[-1])) for s in rows.seats]
        self.hanging[EVENT.name] += [(*e, deal_id) for e in rows.events]
        self.hanging[FINDING.name] += [(*f, deal_id) for f in rows.findings]
        return deal_id

    def flush(self, conn: Connection) -> None:
        """Insert every staged row (``insert_many``), a table's rows after those they name; nothing stays staged."""
        for table in self.NUMBERED:
            numbered = self.numbered[table.name]
            for columns, group in groupby(numbered, itemgetter(0)):  # one group: a table's rows bind the same columns
                insert_many(conn, table.name, columns, [values for _, values in group])
            numbered.clear()
        for table in self.HANGING:
            hanging = self.hanging[table.name]
            if hanging:
                add_rows(conn, table, hanging)
                hanging.clear()


def bound(dialect: Any, table: Table, values: dict[str, Any]) -> dict[str, Any]:
    """A row's values as SQLAlchemy binds them for the dialect (a time as its text on SQLite, say), the columns not
    given filled with their fixed defaults, as an insert of ``values`` by SQLAlchemy stores them."""
    processors = _processors(dialect, table)
    out = {name: (value if (p := processors.get(name)) is None else p(value)) for name, value in values.items()}
    for column in table.c:
        default = column.default
        if column.name not in out and column.name != "id" and default is not None and default.is_scalar:
            value = default.arg  # type: ignore[attr-defined]  # a scalar default holds its value
            p = processors.get(column.name)
            out[column.name] = value if p is None else p(value)
    return out


_PROCESSORS: dict[tuple[str, str], dict[str, Any]] = {}


def _processors(dialect: Any, table: Table) -> dict[str, Any]:
    """Each column's bind processor for the dialect (a column that needs none left out), looked up once."""
    key = (dialect.name, table.name)
    found = _PROCESSORS.get(key)
    if found is None:
        found = {}
        for column in table.c:
            p = column.type.dialect_impl(dialect).bind_processor(dialect)
            if p is not None:
                found[column.name] = p
        _PROCESSORS[key] = found
    return found
