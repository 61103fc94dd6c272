"""The log files a command is given: files named, and the logs found (recursively) in folders named, so
that a referee checks an evening's folder in one call (``fupan check``, ``fupan score``, ``fupan import``)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

#: the endings of a log file found in a folder (a file named on its own is read whatever its name)
LOG_SUFFIXES = (".json", ".txt", ".fupan")


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """A name's sort key with its runs of digits compared as numbers: d2 before d10 (a club names an evening's
    deals d1 .. d12)."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", name) if part)


def log_files(paths: Iterable[str | Path]) -> list[Path]:
    """The log files named or found (recursively) in the given files and folders, in order (a folder's
    names in natural order: ``natural_key``). Never
    raises: a path that cannot be looked at (a name too long, a folder that cannot be listed) is kept
    as it is, and the command reports it with the reason when it cannot read it."""
    out: list[Path] = []
    for p in map(Path, paths):
        try:
            is_dir = p.is_dir()
        except OSError:
            is_dir = False
        if not is_dir:
            out.append(p)
            continue
        unlisted: list[OSError] = []  # folders os.walk cannot list: kept, to be reported by import_paths
        for root, dirs, files in os.walk(p, onerror=unlisted.append):
            dirs.sort(key=natural_key)
            out += [Path(e.filename) for e in unlisted]
            unlisted.clear()
            out += [Path(root) / f for f in sorted(files, key=natural_key) if Path(f).suffix in LOG_SUFFIXES]
        out += [Path(e.filename) for e in unlisted]
    return out
