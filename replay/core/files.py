"""The one way a log or profile file is opened: ``open_regular`` opens a regular file (a symlink followed) and refuses
a FIFO, a socket, a device or a folder before it is opened (``NotRegular``, saying what it is): opening a FIFO
waits for a writer for ever."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

from replay.core.errors import FupanError
from replay.core.said import Said, said

#: what a file is when it is not a regular file: (test of its mode, English, Chinese)
_KINDS = (
    (stat.S_ISFIFO, "a FIFO", "命名管道（FIFO）"),
    (stat.S_ISSOCK, "a socket", "套接字"),
    (stat.S_ISCHR, "a character device", "字符设备"),
    (stat.S_ISBLK, "a block device", "块设备"),
    (stat.S_ISDIR, "a folder", "文件夹"),
    (stat.S_ISLNK, "a symlink", "符号链接"),
)


class NotRegular(FupanError):
    """A path that is not a regular file, found before it was opened; ``reason`` says what it is."""

    def __init__(self, reason: Said) -> None:
        super().__init__(reason)
        self.reason = reason


def not_regular(mode: int) -> Said | None:
    """Why a file of this mode (``os.stat``'s ``st_mode``) is not read: "not a regular file: a FIFO"; or None."""
    if stat.S_ISREG(mode):
        return None
    en, zh = next(((en, zh) for test, en, zh in _KINDS if test(mode)), ("a special file", "特殊文件"))
    return said(f"不是普通文件：是{zh}", f"not a regular file: {en}")


def open_regular(path: str | Path) -> BinaryIO:
    """The file at ``path`` opened for reading in binary, when it is a regular file (a symlink followed);
    ``NotRegular`` for anything else, found by ``os.stat`` before it is opened, and again by ``fstat`` on the
    descriptor opened without blocking (a FIFO put in its place in between is never waited on); ``OSError``
    when it cannot be opened."""
    why = not_regular(os.stat(path).st_mode)
    if why is not None:
        raise NotRegular(why)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        why = not_regular(os.fstat(fd).st_mode)
        if why is not None:
            raise NotRegular(why)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
