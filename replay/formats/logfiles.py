"""The log files a command is given: files named, and the logs found (recursively) in folders named, so
that a referee checks an evening's folder in one call (``fupan check``, ``fupan score``, ``fupan import``);
each opened the one way a log or profile file is opened (``replay.core.files.open_regular``); and how a log's text tells its form, JSON or
the text notation (``log_form``: past blank and comment lines).

Only regular files are read. A file named on the command line is taken as named (a symlink is followed),
but a FIFO, a socket, a device or a folder is refused before it is opened ("not a regular file: a FIFO"):
opening a FIFO waits for a writer for ever. In a folder, the files whose names end in ``LOG_SUFFIXES``
are the logs; of them, a FIFO, socket or device is listed with the reason and never opened, and a
symlink is followed only when it leads to a regular file inside the folder named (a symlink to a file
elsewhere, to ``/proc/self/environ`` say, to nothing, or in a loop is listed with the reason, and nothing
of its target is read). A symlink to a folder is not followed (listed with the reason, whatever its name),
so a link back up the tree cannot loop."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from replay.core.files import not_regular
from replay.core.said import Said, said
from replay.formats.notation.lex import fold, is_comment

#: the endings of a log file found in a folder (a file named on its own is read whatever its name)
LOG_SUFFIXES = (".json", ".txt", ".fupan")


class LogFile(NamedTuple):
    """A log file to read, or, with ``skip``, a file found in a folder that is not read, and why."""

    path: Path
    skip: Said | None = None


_SPACE = re.compile(r"[\s\ufeff]*")  # blank lines, white space (U+3000 too) and a byte order mark


def first_word(text: str) -> tuple[int, int]:
    """Where a log's first line that is neither blank nor a comment starts (``len(text)`` when there is none), and
    the number of the first comment line before it (0: none). Linear, copying nothing of a long line."""
    pos, comment = 0, 0
    while True:
        blank = _SPACE.match(text, pos)
        pos = blank.end() if blank else pos
        if pos >= len(text) or not is_comment(text[pos]):
            return pos, comment
        comment = comment or text.count("\n", 0, pos) + 1
        stop = text.find("\n", pos)
        if stop < 0:
            return len(text), comment
        pos = stop + 1


def log_form(text: str) -> str | None:
    """How a log's text is written, told by its first line that is neither blank nor a comment (``#``, as the text
    notation has them before its header): "json" when it starts with ``{``, "text" when with the text notation's
    header (``fupan/``), None when with neither: not a fupan log (the dashboard says so; ``parse_log`` reads it
    as text, whose reader names the line)."""
    pos, _ = first_word(text)
    if text.startswith("{", pos):
        return "json"
    return "text" if fold(text[pos : pos + 6]) == "fupan/" else None


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """A name's sort key with its runs of digits compared as numbers: d2 before d10 (a club names an evening's
    deals d1 .. d12)."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", name) if part)


def _link_problem(path: Path, top: str) -> Said | None:
    """Why the symlink ``path``, found in the folder whose real path is ``top``, is not followed; or None when it
    leads to a regular file inside that folder."""
    try:
        target = os.path.realpath(path, strict=True)
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return said(
            "符号链接指向不存在的文件，未跟随", "a symlink to nothing (its target does not exist), not followed"
        )
    except (OSError, RuntimeError):  # a loop of links (ELOOP), a target that cannot be looked at
        return said("符号链接无法解析（循环？），未跟随", "a symlink that cannot be resolved (a loop?), not followed")
    if os.path.commonpath([target, top]) != top:
        return said(
            "符号链接指向所给文件夹之外，未跟随（要读它，请在命令行上直接给出该文件）",
            "a symlink to a file outside the folder, not followed (name the file itself to read it)",
        )
    why = not_regular(mode)
    if why is not None:
        return said(f"符号链接，未跟随：{why.zh}", f"a symlink, not followed: {why}")
    return None


_LINKED_FOLDER = said(
    "符号链接指向文件夹，未跟随（要读它，请直接给出该文件夹）",
    "a symlink to a folder, not followed (name the folder itself to read it)",
)


def _folder_entries(root: str, dirs: list[str], files: list[str], top: str) -> list[LogFile]:
    """The logs of one folder of a walk (``os.walk``'s ``root``, ``dirs`` and ``files``), in natural order, and the
    entries that are not read with why; ``dirs`` loses its symlinks (never walked)."""
    found: list[tuple[str, LogFile]] = []
    for name in list(dirs):
        path = Path(root) / name
        if os.path.islink(path):
            dirs.remove(name)
            found.append((name, LogFile(path, _LINKED_FOLDER)))
    for name in files:
        if not name.endswith(LOG_SUFFIXES):
            continue
        path = Path(root) / name
        try:
            mode = os.lstat(path).st_mode
        except OSError:
            found.append((name, LogFile(path)))  # gone or unreadable: reading it says why
            continue
        why = _link_problem(path, top) if stat.S_ISLNK(mode) else not_regular(mode)
        found.append((name, LogFile(path, why)))
    found.sort(key=lambda item: natural_key(item[0]))
    return [f for _, f in found]


def log_files(paths: Iterable[str | Path | LogFile]) -> list[LogFile]:
    """The log files named or found (recursively) in the given files and folders, in order (a folder's
    names in natural order: ``natural_key``), each with why it is not read when it is not (see the module's
    rules: special files, symlinks). Never raises: a path that cannot be looked at (a name too long, a
    folder that cannot be listed) is kept as it is, and the command reports it with the reason when it
    cannot read it. A ``LogFile`` given (what this function found before) is kept as it is."""
    out: list[LogFile] = []
    for given in paths:
        if isinstance(given, LogFile):
            out.append(given)
            continue
        p = Path(given)
        try:
            is_dir = p.is_dir()
        except OSError:
            is_dir = False
        if not is_dir:
            out.append(LogFile(p))
            continue
        top = os.path.realpath(p)
        unlisted: list[OSError] = []  # folders os.walk cannot list: kept, to be reported by import_paths
        for root, dirs, files in os.walk(p, onerror=unlisted.append):
            out += [LogFile(Path(e.filename)) for e in unlisted]
            unlisted.clear()
            out += _folder_entries(root, dirs, files, top)
            dirs.sort(key=natural_key)
        out += [LogFile(Path(e.filename)) for e in unlisted]
    return out
