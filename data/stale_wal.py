"""A SQLite library's write-ahead log left by another file: found and set aside before SQLite opens the library.

SQLite finds a database's write-ahead log by name (``fupan.db-wal``, with its index ``fupan.db-shm``): nothing in
the database file names its log. When the library file is replaced while a program has it open (a backup restored
by ``mv backup.db fupan.db`` while the dashboard runs), the old file's log stays beside the new one, and SQLite
would apply the old file's pages to the restored one: it reads as damaged, or as the library that was replaced
(the restore undone). ``set_aside_stale_wal`` looks first, and renames a log that is not the file's
(``fupan.db-wal.stale-20261203T120000Z``, and the ``-shm`` with it): never deleted, never applied.

A log is the file's own, and left alone, when any doubt remains; it is another file's when:

1. a connection uses the log (it holds the read lock every connection keeps on the ``-shm``'s "dead man switch"
   byte) and no connection holds this database file (every connection in WAL mode keeps a shared lock on its
   database file, taken before and given back after the one on the ``-shm``): it has another file open (the
   dashboard, or this process, had the library open when the file was replaced). The locks are read from
   ``/proc/locks`` (every process's, this one's too; elsewhere than Linux with ``F_GETLK``);
2. no connection holds either, and the log's page size is not the database's; or the database file's metadata
   changed after its last write and after the log's last write (its ctime is later than its own mtime and than
   the log's mtime: a rename or a copy into place; SQLite's checkpoint writes the file, so mtime = ctime), and the
   log's pages do not follow from this file: the change counter of its first page 1 (bytes 24-27; every commit
   that writes page 1 stores the counter it read plus one, and its first one read the database file's) is not the
   file's plus one, nor is the file's counter one of the log's (a checkpoint copied that one in); or, without a
   page 1 in the log, a copy of the file reads sound alone (``PRAGMA quick_check``) and damaged with the log.

A log used together with this file is always left alone (the file is in use: its log is current). Limit: a
backup copied at the very state the log started from (a checkpoint), restored by rename when no connection holds
the old log, is not told from a crash's log and a ``chmod``: the log is applied (the replaced library read, and
nothing lost).
Only the frames SQLite itself would read are looked at: those after the header whose salts are the header's (the
chain of checksums is not recomputed: a frame torn at the end changes nothing in the rules above).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sqlite3
import struct
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from replay.core.said import Said, said, zh_of

WAL_HEADER = 32
FRAME_HEADER = 24
_PENDING_BYTE = 0x40000000  # SQLite's lock bytes in the database file (os_unix.c): SHARED is a range after it
_SHARED_FIRST, _SHARED_SIZE = _PENDING_BYTE + 2, 510
_SHM_DMS = 128  # the "dead man switch" byte of the -shm (UNIX_SHM_BASE + SQLITE_SHM_NLOCK)


def _held(path: Path, start: int, length: int) -> bool:
    """Whether a process (this one too) holds a lock on bytes of ``path``: read from ``/proc/locks`` (Linux), which
    opens nothing; elsewhere ``F_GETLK`` (this process's own locks are not seen there, and opening and closing
    the file drops them: the caller has made sure this process does not hold it)."""
    st = path.stat()
    try:
        table = Path("/proc/locks").read_text(encoding="ascii", errors="replace")
    except OSError:
        return _held_fcntl(path, start, length)
    device = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    last = start + length - 1
    for line in table.splitlines():
        fields = line.split()
        if "->" in fields or device not in fields:
            continue  # a process waiting for a lock holds none
        at = fields.index(device)
        if len(fields) < at + 3:
            continue
        first, end = int(fields[at + 1]), fields[at + 2]
        if first <= last and (end == "EOF" or int(end) >= start):
            return True
    return False


def _held_fcntl(path: Path, start: int, length: int) -> bool:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        query = struct.pack("hhqqi", fcntl.F_WRLCK, os.SEEK_SET, start, length, 0)
        kind = struct.unpack("hhqqi", fcntl.fcntl(fd, fcntl.F_GETLK, query))[0]
        return bool(kind != fcntl.F_UNLCK)
    finally:
        os.close(fd)


def _page_size(raw: int) -> int:
    return 65536 if raw == 1 else raw


def _page1_counters(wal: Path, db_page_size: int) -> list[int] | None:
    """The change counters of the log's page-1 frames, oldest first (None: the log's page size is not
    ``db_page_size``). Reads the frames' headers, and 4 bytes of each page 1."""
    with wal.open("rb") as f:
        header = f.read(WAL_HEADER)
        if len(header) < WAL_HEADER:
            return []
        magic, _version, size, _seq, salt1, salt2 = struct.unpack(">IIIIII", header[:24])
        if magic not in (0x377F0682, 0x377F0683):
            return []  # not a log's header: SQLite reads no frame of it
        if _page_size(size) != db_page_size:
            return None
        found = []
        at = WAL_HEADER
        end = wal.stat().st_size
        while at + FRAME_HEADER + db_page_size <= end:
            f.seek(at)
            page, _commit, s1, s2 = struct.unpack(">IIII", f.read(16))
            if (s1, s2) != (salt1, salt2):
                break
            if page == 1:
                f.seek(at + FRAME_HEADER + 24)
                found.append(struct.unpack(">I", f.read(4))[0])
            at += FRAME_HEADER + db_page_size
    return found


def _sound(db: Path, wal: Path | None) -> bool:
    """Whether a copy of ``db`` (with ``wal`` as its log) passes ``PRAGMA quick_check`` (read in a temporary folder)."""
    with tempfile.TemporaryDirectory(prefix="fupan-wal-") as tmp:
        copy = Path(tmp) / "copy.db"
        shutil.copyfile(db, copy)
        if wal is not None:
            shutil.copyfile(wal, Path(tmp) / "copy.db-wal")
        try:
            conn = sqlite3.connect(copy)
            try:
                return bool(conn.execute("PRAGMA quick_check(1)").fetchone()[0] == "ok")
            finally:
                conn.close()
        except sqlite3.DatabaseError:
            return False


def _foreign(db: Path, wal: Path) -> Said | None:
    """Why the log beside ``db``, which no process holds, is another file's (None: it may be the file's own)."""
    with db.open("rb") as f:
        head = f.read(100)
    if len(head) < 100 or not head.startswith(b"SQLite format 3\x00"):
        return None  # not a database: open_db says so, and nothing is set aside
    db_page_size = _page_size(struct.unpack(">H", head[16:18])[0])
    d, w = db.stat(), wal.stat()
    moved_in = d.st_mtime_ns < d.st_ctime_ns and w.st_mtime_ns <= d.st_ctime_ns
    counters = _page1_counters(wal, db_page_size)
    if counters is None:
        return said(
            f"它的页大小不是这个文件的（{db_page_size} 字节）",
            f"its page size is not the database's ({db_page_size} bytes)",
        )
    if not moved_in:
        return None  # written since the log was: a checkpoint; or nothing moved in
    mine = struct.unpack(">I", head[24:28])[0]
    if counters:
        if counters[0] != mine + 1 and mine not in counters:
            return said(
                f"它的页不是从这个文件接着写的：变更计数 {counters[0]}，文件的是 {mine}",
                f"its pages do not follow from this file: change counter {counters[0]} after {mine}",
            )
        return None
    if _sound(db, None) and not _sound(db, wal):
        return said("文件单独读是完好的，加上它就损坏了", "the file reads sound alone and damaged with it")
    return None


def _aside(path: Path, when: str) -> Path:
    target = path.with_name(f"{path.name}.stale-{when}")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.stale-{when}-{n}")
        n += 1
    os.rename(path, target)
    return target


def set_aside_stale_wal(db: Path) -> Said | None:
    """Rename the ``-wal`` (and ``-shm``) beside the SQLite file ``db`` when they are another file's (see the
    module's text); returns the sentence that says so (None: nothing was set aside). Called before SQLite opens
    the file (``data.database``), never while an engine of this process has connections to this very file."""
    wal, shm = Path(f"{db}-wal"), Path(f"{db}-shm")
    try:
        if not db.is_file() or not (wal.exists() or shm.exists()):
            return None
        if _held(db, _SHARED_FIRST, _SHARED_SIZE):
            return None  # the file is in use: its log is current
        if shm.exists() and _held(shm, _SHM_DMS, 1):
            why: Said | None = said("一个打开了另一个文件的连接正在用它", "a connection to another file uses it")
        elif not wal.exists() or wal.stat().st_size <= WAL_HEADER:
            return None  # no frames: nothing would be applied (a fresh -shm is made from the log)
        else:
            why = _foreign(db, wal)
        if why is None:
            return None
        when = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        moved = [_aside(f, when) for f in (wal, shm) if f.exists()]
    except OSError as exc:
        return said(
            f"没能检查牌局库 {db} 旁的预写日志（{exc.strerror or exc}）",
            f"the write-ahead log beside the library {db} could not be checked ({exc.strerror or exc})",
        )
    names = " and ".join(p.name for p in moved)
    return said(
        f"牌局库 {db} 旁的预写日志不属于这个文件（{zh_of(why)}）：没有应用，已改名放在一边：{names}",
        f"the write-ahead log beside the library {db} was another file's ({why}): not applied, set aside as {names}",
    )
