"""Import logs into the deal library, and export them back.

Import is idempotent (a deal is known by the hash of its canonical log without the referee's
decisions, ``Log.deal_only()``: the same deal twice is stored once and reported as a duplicate) and
atomic per deal (a bad file is reported with its reason and nothing of it is stored; the other files
go in). Each deal is replayed and coached, and its verdicts and findings are stored with it. A log's
decisions (``Log.decisions``) are merged into the stored deal's in the same transaction: those the deal
does not hold yet are added (the same decision, by ``Decision.key``, is stored once), so a duplicate
deal may still bring new decisions (``ImportResult.decisions_added``). Export (``data.exporter``) writes
each stored canonical log back with all its stored decisions, oldest first (``data.decisions``).
A log's ``.variations`` file beside it (an export's: the deal's variations, ``data.variation_rows``) is merged into
its deal by ``import_paths`` after the deals are stored, a file a transaction, all of it or none
(``ImportResult.variations_added``, or the reason in ``ImportResult.reason`` with the deal still stored).

Every game is stored alike: the deal, its seats (who sat there, its side, and the place and points
the score gives: 够级 and 保皇 a place and its points; 升级 no place, the two teams (0, 2) and (1, 3) as
sides "0" and "1", and the card points the seat's team took, the kitty included), the events and the
findings. What a game stores beside these (升级: its levels before and after, and its declaring side) is its
own record, stored as JSON with the deal (``deal.extras_json``: ``data.derive.extras_column``), so that the
statistics need not replay it. What the engine and the coach derive is ``data.derive``, stored with the versions that made it
(``deal.engine_version`` and ``coach_version``, and on each finding): ``data.recoach`` redoes stale deals.

``import_log`` stores one log in its own transaction; ``import_paths`` imports many files: read, replayed and
coached on worker processes (forked from a frozen heap, ``CHUNK`` files a task; the rows handed back as plain
tuples: ``data.deal_rows``), stored up to ``BATCH`` deals a transaction (fewer when the workers are busy and
``IDLE_BATCH`` are ready), with one look per batch at what its deals refer to. On SQLite, whose write transaction
holds the database alone, and on PostgreSQL, a batch's new deals are staged and inserted together, a few statements
for the whole batch (``deal_rows.Staged``: a deal found bad while staged is taken back whole; when the database
refuses the deals together, or another import stored one of them or a new player meanwhile, the batch is stored
again, each deal in a savepoint of its own); elsewhere each deal is stored in a savepoint of its own. A batch on SQLite commits without waiting for the disk (``data.database.BULK_WRITE``: WAL,
synchronous=NORMAL).

Concurrent imports into one database are safe: a deal is replayed and coached before its
transaction opens; in it the match, the deal and new players are added with INSERT … ON CONFLICT DO
NOTHING in one fixed order (match, deal, players by name), so a deal another process stored first
turns into ``duplicate`` and no two imports deadlock; decisions are added to a deal only with its row
locked (``data.decisions.lock_deal``), so two imports bringing decisions to one deal go one after the
other, and each decision is stored once (INSERT … ON CONFLICT DO NOTHING on the deal and the key). On SQLite the transaction begins IMMEDIATE
(writers queue on the busy timeout); a transaction that still fails for a passing reason (deadlock,
serialization failure, busy database, a unique clash) is tried again, a few times.
"""

from __future__ import annotations

import gc
import hashlib
import json
import multiprocessing as mp
import os
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError, SQLAlchemyError
from sqlmodel import select

from data import deal_rows
from data.database import BULK_WRITE, WRITE, transient
from data.deal_rows import DEAL
from data.decisions import GONE, DealGone, store_decisions, unstorable
from data.states import DatabaseStateError
from replay.core.clip import clip
from replay.core.errors import FupanError
from replay.core.said import said, said_of, where_zh, zh_of
from replay.formats.decisions import Decision, decision_from_json
from replay.formats.json_locate import locate
from replay.formats.limits import LIMITS, Limits
from replay.formats.log import Log, LogError, read_log
from replay.formats.logfiles import LogFile, log_files
from replay.formats.words import os_reason_zh
from replay.rules.profile import ProfileError


@dataclass(frozen=True)
class ImportResult:
    """What became of one file: ``added``, ``duplicate`` or ``error`` (with the reason), and how many
    of its decisions were new to the stored deal (``decisions_added``; 0 for an error)."""

    source: str
    status: str
    deal_id: int | None = None
    reason: str = ""
    decisions_added: int = 0
    variations_added: int = 0  # from the log's ``.variations`` file beside it (an export's: ``data.exporter``)


def content_hash(log: Log) -> str:
    """The hash that identifies a deal: SHA-256 of its canonical log without decisions (a log's
    decisions are not part of the deal: ``Log.deal_only``)."""
    return _canonical_deal(log)[1]


def _canonical_deal(log: Log) -> tuple[str, str]:
    """The deal's canonical log text (stored as ``deal.log_json``) and its ``content_hash``, made once."""
    text = log.deal_only().dumps()
    return text, hashlib.sha256(text.encode("utf-8")).hexdigest()


class ImportStopped(FupanError):
    """The database failed (full disk, lost connection …) during ``import_paths``: the run stopped.
    ``results`` holds what became of each file up to then, the failing file last (nothing of it
    stored); what was added before stays added."""

    def __init__(self, results: list[ImportResult], reason: str) -> None:
        self.results, self.reason = results, reason
        super().__init__(reason)


def _read_problem(path: Path) -> str | None:
    """Why ``path`` cannot be read as a log file (a folder, say), before it is opened; or None."""
    try:
        if path.is_dir():
            return said("是一个无法列出的文件夹（没有权限？）", "a folder that cannot be listed (permission denied?)")
    except OSError as exc:
        return said(f"读不了文件：{os_reason_zh(exc)}", f"cannot read file: {exc.strerror or exc}")
    return None


def _unstorable_decisions(log: Log) -> str | None:
    """Why one of the log's decisions cannot be stored (``data.decisions.unstorable``: a NUL character,
    a lone surrogate), naming the bad field by its JSON path in the file (and its line and column), or
    None."""
    for k, d in enumerate(log.decisions):
        problem = unstorable(d)
        if problem is None:
            continue
        field, why = problem
        i = _source_index(log, k)
        line, col = locate(log.text, ["decisions", i, field]) if _is_json(log) else (None, None)
        where = f" (line {line}, column {col})" if line is not None else ""
        place = f"（{where_zh(line, col)}）" if line is not None else ""
        return said(f"decisions[{i}].{field}{place}{zh_of(why)}", f"decisions[{i}].{field}{where} {why}")
    return None


def _is_json(log: Log) -> bool:
    return log.text.lstrip().startswith("{")


def _source_index(log: Log, k: int) -> int:
    """The index in the source JSON of the log's decision ``k`` (a log keeps its decisions in the order
    they were made; the file may list them in another)."""
    if not _is_json(log):
        return k
    try:
        raw = json.loads(log.text).get("decisions", [])
        return next(i for i, item in enumerate(raw) if decision_from_json(item) == log.decisions[k])
    except (ValueError, StopIteration, AttributeError):
        return k


def _counted(added: list[int | None]) -> int:
    """How many decisions ``store_decisions`` added (None: one the deal held already)."""
    return sum(a is not None for a in added)


def _stored_id(engine: Engine, digest: str) -> int | None:
    with engine.connect() as conn:
        found = conn.execute(select(DEAL.c.id).where(DEAL.c.content_hash == digest)).scalar()
    return None if found is None else int(found)


ATTEMPTS = 5


Authorize = Callable[[Connection], int | None]
"""A check of who imports, run first in the import's write transaction: it raises to refuse (nothing of
the file is stored) or returns the id of the account the file's decisions are stored for
(``data.accounts.import_as``)."""


def import_log(engine: Engine, log: Log, source: str = "", authorize: Authorize | None = None) -> ImportResult:
    """Store one log in its own transaction: ``added``, ``duplicate`` when the deal is already there, or
    ``error`` with the reason (nothing of it stored). The log's decisions the stored deal does not hold
    yet are added in the same transaction (``decisions_added``). ``authorize`` (if given) is called
    first in that transaction; what it raises is raised, nothing stored. Errors of the database itself
    (it cannot be reached, say) are raised."""
    ids: dict[str, int] = {}

    def stored(digest: str) -> bool:
        found = _stored_id(engine, digest)
        if found is not None:
            ids[digest] = found
        return found is not None

    ready = _ready(log, source, stored)
    if ready.error is not None:
        return ImportResult(source, "error", None, ready.error)
    digest, rows = ready.digest, ready.rows
    found = ids.get(digest)
    if found is not None and not log.decisions:
        return ImportResult(source, "duplicate", found)
    writer = engine.execution_options(**WRITE)
    last: DBAPIError | None = None
    for attempt in range(ATTEMPTS):
        try:
            with writer.begin() as conn:
                user_id = authorize(conn) if authorize is not None else None
                if found is None:
                    assert rows is not None
                    deal_id, status = deal_rows.store_rows(conn, rows), "added"
                else:
                    deal_id, status = found, "duplicate"
                added = store_decisions(conn, deal_id, log.decisions, user_id)
            return ImportResult(source, status, deal_id, decisions_added=_counted(added))
        except deal_rows.AlreadyStored:
            pass
        except DealGone:  # the deal it repeats was deleted after it was found: nothing of this file stored
            return ImportResult(source, "error", None, GONE)
        except DataError as exc:  # a value this backend refuses: this file only
            return ImportResult(source, "error", None, _refused(exc))
        except DBAPIError as exc:
            if not transient(exc):
                raise
            last = exc
        # nothing of this transaction was kept; look again (another process may have stored the deal meanwhile)
        if found is None:
            found = _stored_id(engine, digest)
            if found is not None:
                if not log.decisions:
                    return ImportResult(source, "duplicate", found)
                continue  # at once: merge the decisions into the deal the other process stored
        time.sleep(random.uniform(0.02, 0.1) * (attempt + 1))
    reason = str(last.orig).splitlines()[0] if last is not None else "the deal could not be stored"
    return ImportResult(source, "error", None, _busy(reason))


#: deals stored per write transaction by ``import_paths`` (each in its own savepoint): one commit, one sync, for
#: many deals; a killed import loses the open batch whole, never half a deal
BATCH = 50
#: while the workers are busy, the deals ready are stored once at least this many wait (a batch is cut short
#: rather than stored while the workers are idle, and the last one is small)
IDLE_BATCH = 10
#: files a worker prepares per task (fewer hand-overs between the processes; more files a task made the import
#: slower on a loaded machine: a task done waits for the one before it, and the last one keeps a worker alone)
CHUNK = 3
#: while the workers prepare the last this many files, the deals ready are stored at once (fewer are left to store
#: after the last file is prepared, when the workers are idle)
LAST_FILES = 4 * CHUNK
#: fewer files than this are prepared in this process (starting workers would cost more than it saves)
POOL_MIN = 8


@dataclass
class _Prepared:
    """One file made ready to store, before the database is touched: its rows, or why it cannot be stored."""

    source: str
    error: str | None = None
    digest: str = ""
    rows: deal_rows.Rows | None = None  # None for a deal stored already (its hash known when the import began)
    decisions: tuple[Decision, ...] = ()


def _ready(log: Log, source: str, stored: Callable[[str], bool]) -> _Prepared:
    """The log made ready to store: its hash, and its rows replayed and coached unless ``stored(hash)`` says the
    deal is there already; or why it cannot be stored (the checks of ``import_log`` and ``import_paths``)."""
    try:
        text, digest = _canonical_deal(log)
    except UnicodeEncodeError:
        return _Prepared(
            source,
            said(
                "记录中有不是有效 Unicode 的文字（孤立的代理字符）",
                "the log holds text that is not valid Unicode (a lone surrogate)",
            ),
        )
    why = _unstorable_decisions(log)
    if why is not None:
        return _Prepared(source, why)
    rows = None
    if not stored(digest):
        rows = deal_rows.rows_of(log, digest, source, text)
        why = deal_rows.unstorable_rows(rows)
        if why is not None:
            return _Prepared(source, why)
    return _Prepared(source, None, digest, rows, tuple(log.decisions))


def _prepare(found: LogFile, limits: Limits, known: frozenset[str]) -> _Prepared:
    """Read, replay and coach one file (``data.derive``), in whichever process: never raises. A file found in a
    folder that is not to be read (``LogFile.skip``: a FIFO, a symlink out of the folder) is never opened."""
    path, source = found.path, str(found.path)
    if found.skip is not None:
        return _Prepared(source, found.skip)
    try:
        problem = _read_problem(path)
        if problem is not None:
            return _Prepared(source, problem)
        return _ready(read_log(path, limits=limits), source, known.__contains__)
    except LogError as exc:
        return _Prepared(source, exc.said())
    except ProfileError as exc:
        return _Prepared(source, said_of(exc))
    except Exception as exc:  # one file's trouble (a bug it uncovers, say) never stops the others
        what = clip(f"{type(exc).__name__}: {exc}")
        return _Prepared(source, said(f"内部错误（{what}）；请报告", f"internal error ({what}); please report it"))


_WORKER: dict[str, Any] = {}


#: a worker runs its cyclic garbage collector once per this many files, not whenever allocations pile up (a file's
#: rows are freed by reference counting; the collector's passes over them cost some 8% of a worker's time)
COLLECT_EVERY = 200


def _init_worker(limits: Limits, known: frozenset[str]) -> None:
    _WORKER.update(limits=limits, known=known, since=0)
    gc.disable()  # the worker's own: collected every COLLECT_EVERY files (_prepare_in_worker)
    parent = os.getppid()

    def watch() -> None:  # a worker whose import was killed ends too, instead of waiting on its queue for ever
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _prepare_in_worker(paths: list[LogFile]) -> list[_Prepared]:
    done = [_prepare(path, _WORKER["limits"], _WORKER["known"]) for path in paths]
    _WORKER["since"] += len(paths)
    if _WORKER["since"] >= COLLECT_EVERY:
        _WORKER["since"] = 0
        gc.collect()  # whatever cycles the files made (a bug's, say) are freed now and then
    return done


def _prepared(
    engine: Engine, files: list[LogFile], limits: Limits, known: frozenset[str], jobs: int
) -> Iterator[_Prepared | None]:
    """Each file prepared, in order: on ``jobs`` worker processes (forked: they read and replay, never
    touch the database), at most a few batches ahead of the store, so that memory stays flat; None when the next
    files are not ready yet (the store may use the wait; said once per wait). The engine's
    idle connections are closed before the fork, so that no worker holds a copy of one (a killed import's
    transaction then ends with it, instead of holding its locks while a worker lives)."""
    from coach.evaluate import usable_cores  # the evaluation's own count of the cores this process may use

    n = jobs or usable_cores()
    if n <= 1 or len(files) < POOL_MIN:
        yield from (_prepare(f, limits, known) for f in files)
        return
    engine.dispose()
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    chunks = [files[k : k + CHUNK] for k in range(0, len(files), CHUNK)]
    ahead = max(2 * BATCH // CHUNK, 4 * n)
    gc.freeze()  # what the workers inherit is never traced by their collector (nor copied by touching it)
    try:
        with ProcessPoolExecutor(n, mp_context=ctx, initializer=_init_worker, initargs=(limits, known)) as pool:
            waiting: deque[Future[list[_Prepared]]] = deque()
            todo = iter(chunks)
            for chunk in todo:
                waiting.append(pool.submit(_prepare_in_worker, chunk))
                if len(waiting) >= ahead:
                    break
            while waiting:
                if not waiting[0].done():
                    yield None
                done = waiting.popleft().result()
                nxt = next(todo, None)
                if nxt is not None:
                    waiting.append(pool.submit(_prepare_in_worker, nxt))
                yield from done
    finally:
        gc.unfreeze()


def _store_prepared(
    conn: Connection, p: _Prepared, known: deal_rows.Known, staged: deal_rows.Staged | None = None
) -> ImportResult:
    """Store one prepared file in the batch's transaction, in a savepoint of its own: a deal the database
    refuses leaves nothing of itself, and the batch goes on. A deal stored already (``known.deals``: looked up
    for the batch, as ``import_log`` does for its deal) inserts nothing (on PostgreSQL even a skipped insert uses
    up an id). With ``staged`` (SQLite, PostgreSQL) a new deal without decisions is staged (``deal_rows.Staged``: nothing
    written yet; taken back whole when it fails, as its savepoint would be), the deals staged before are inserted
    before anything else is written."""
    if p.error is not None:
        return ImportResult(p.source, "error", None, p.error)
    found = known.deals.get(p.digest)
    if staged is not None and found is None and p.rows is not None and not p.decisions:
        mark = staged.mark()
        try:
            deal_id = deal_rows.store_rows(conn, p.rows, known, staged)
        except BaseException as exc:
            staged.undo(mark)
            known.forget()
            if isinstance(exc, DataError):  # as the savepoint's insert would be refused: this file only
                return ImportResult(p.source, "error", None, _refused(exc))
            raise
        known.keep()
        return ImportResult(p.source, "added", deal_id)
    if staged is not None and (p.decisions or (found is None and p.rows is not None)):
        staged.flush(conn)  # what comes next is written now: the deals staged before it go first
    try:
        if found is None and p.rows is not None:
            try:
                with conn.begin_nested():
                    deal_id = deal_rows.store_rows(conn, p.rows, known)
                    added = store_decisions(conn, deal_id, p.decisions)
                known.keep()
                if staged is not None:
                    staged.renumber(conn)  # the deals staged after this one are numbered after it
                return ImportResult(p.source, "added", deal_id, decisions_added=_counted(added))
            except deal_rows.AlreadyStored:  # another import stored it meanwhile
                known.forget()
                found = conn.execute(select(DEAL.c.id).where(DEAL.c.content_hash == p.digest)).scalar()
        if found is None:
            return ImportResult(p.source, "error", None, GONE)
        if not p.decisions:
            return ImportResult(p.source, "duplicate", int(found))
        with conn.begin_nested():
            added = store_decisions(conn, int(found), p.decisions)
        return ImportResult(p.source, "duplicate", int(found), decisions_added=_counted(added))
    except DealGone:  # the deal it repeats was deleted after the batch looked it up
        return ImportResult(p.source, "error", None, GONE)
    except DataError as exc:  # a value this backend refuses: this file only
        known.forget()
        return ImportResult(p.source, "error", None, _refused(exc))


def _refused(exc: DataError) -> str:
    why = str(exc.orig).splitlines()[0]
    return said(f"数据库拒绝了它：{why}", f"the database refused it: {why}")


def _busy(reason: str) -> str:
    return said(f"数据库一直忙（{reason}）；什么也没有存", f"the database stayed busy ({reason}); nothing was stored")


def _store_batch(engine: Engine, batch: list[_Prepared], stage: bool = True) -> list[ImportResult]:
    """Store a batch in one write transaction (``BULK_WRITE``), what its deals refer to looked up once
    (``deal_rows.Known``). On SQLite and PostgreSQL the new deals are staged and inserted together
    (``deal_rows.Staged``); when the database refuses them so (a value it cannot store, a deal or player another
    import stored meanwhile), the batch is stored again, each deal in its savepoint. On a passing failure (a busy database, a deadlock with
    another import: a batch locks the players and matches of many deals) the batch is stored again one deal a
    transaction, whose lock order (match, deal, players by name) cannot deadlock; one deal is tried again a few
    times."""
    writer = engine.execution_options(**BULK_WRITE)
    last: DBAPIError | None = None
    ready = [p for p in batch if p.error is None]
    for attempt in range(ATTEMPTS):
        staged = None
        try:
            with writer.begin() as conn:
                known = deal_rows.Known.look(
                    conn, [p.digest for p in ready], [p.rows for p in ready if p.rows is not None]
                )
                new = len({p.digest for p in ready if p.rows is not None and not p.decisions} - known.deals.keys())
                if stage and new and conn.dialect.name in ("sqlite", "postgresql"):  # the deals to be staged
                    staged = deal_rows.Staged.start(conn, new)
                results = [_store_prepared(conn, p, known, staged) for p in batch]
                if staged is not None:
                    staged.flush(conn)
                return results
        except DBAPIError as exc:
            if staged is not None and isinstance(exc, DataError | IntegrityError):
                return _store_batch(engine, batch, stage=False)  # each deal in its savepoint finds the one refused
            if not transient(exc):
                raise
            last = exc
        if len(batch) > 1:
            return [r for p in batch for r in _store_batch(engine, [p])]
        time.sleep(random.uniform(0.02, 0.1) * (attempt + 1))
    reason = str(last.orig).splitlines()[0] if last is not None else "the batch could not be stored"
    return [ImportResult(p.source, "error", None, _busy(reason)) for p in batch]


def _stored_hashes(engine: Engine) -> frozenset[str]:
    """The content hashes of the deals stored now (a deal among them is not replayed again)."""
    with engine.connect() as conn:
        return frozenset(str(h) for h in conn.execute(select(DEAL.c.content_hash)).scalars())


def import_paths(
    engine: Engine,
    paths: Iterable[str | Path | LogFile],
    progress: Callable[[int, int], None] | None = None,
    limits: Limits = LIMITS,
    jobs: int = 0,
    batch: int = BATCH,
) -> list[ImportResult]:
    """Import every log file named or found in ``paths``; one result per file, in order (a file larger than
    ``limits`` allow is refused; a special file or a symlink out of a folder found in one is refused unopened:
    ``replay.formats.logfiles``). The files are read, replayed and coached on ``jobs`` worker processes (0:
    every core; 1: in this process) and stored up to ``batch`` deals per transaction (``_store_batch``), each deal
    whole or not at all: a file that cannot be read or stored is refused with the reason, nothing of it stored, and the run goes
    on; a killed import leaves whole deals only. When the database itself fails, the batch is stored again one
    deal a transaction, and the run stops at the deal that fails with ``ImportStopped`` (holding the results so
    far, the failing file last).
    ``progress(done, total)`` is called first (0 done), then after each batch is stored."""
    files = log_files(paths)
    results: list[ImportResult] = []

    def stopped(exc: Exception, pending: list[_Prepared]) -> ImportStopped:
        reason = f"database error: {str(exc).splitlines()[0]}"
        results.extend(
            ImportResult(p.source, "error", None, f"{reason}; nothing of this file was stored") for p in pending
        )
        return ImportStopped(results, reason)

    try:
        known = _stored_hashes(engine) if files else frozenset()
    except (SQLAlchemyError, DatabaseStateError) as exc:  # the library's trouble, not the files'
        raise stopped(exc, [_Prepared(str(files[0].path))]) from None
    if progress is not None and files:
        progress(0, len(files))  # the clock starts here (a rate counts the first batch's time too)
    pending: list[_Prepared] = []
    for p in _prepared(engine, files, limits, known, jobs):
        if p is not None:
            pending.append(p)
            if len(pending) < max(1, batch) and len(results) + len(pending) < len(files):
                continue
        elif len(pending) < max(1, min(IDLE_BATCH, batch)) and (
            not pending or len(files) - len(results) - len(pending) > LAST_FILES
        ):
            continue  # the workers are busy, but too few deals wait to be worth a transaction (near the end: any)
        try:
            results.extend(_store_batch(engine, pending))
        except (SQLAlchemyError, DatabaseStateError) as exc:
            if len(pending) == 1:
                raise stopped(exc, pending) from None
            for p_one in pending:  # one deal a transaction: those before the failing one are kept, it stops the run
                try:
                    results.extend(_store_batch(engine, [p_one]))
                except (SQLAlchemyError, DatabaseStateError) as exc_one:
                    raise stopped(exc_one, [p_one]) from None
        pending = []
        if progress is not None:
            progress(len(results), len(files))
    return [_with_variations(engine, r) for r in results]


def _with_variations(engine: Engine, result: ImportResult) -> ImportResult:
    """The result with the variations of its log's ``.variations`` file (an export's, ``data.exporter``) merged into
    its deal, in one transaction of their own (``data.variation_rows.merge_file``): all of the file or, with the
    reason in ``reason``, none of it (the deal stays stored)."""
    from dataclasses import replace as changed

    from data.variation_rows import FILE_SUFFIX, VariationError, merge_file

    if result.deal_id is None or result.status == "error":
        return result
    side = Path(result.source).with_suffix(FILE_SUFFIX)
    try:
        if not side.is_file():
            return result
        text = side.read_text(encoding="utf-8")
        with engine.execution_options(**WRITE).begin() as conn:
            added = merge_file(conn, result.deal_id, text)
    except (OSError, UnicodeDecodeError, VariationError, DataError) as exc:
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return changed(result, reason=f"{side.name}: its variations not imported: {why}")
    return changed(result, variations_added=added)
