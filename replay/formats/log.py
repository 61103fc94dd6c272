"""Reading a deal's move log (format ``fupan/2`` or ``fupan/1``) from a file or text in either form: ``read_log`` takes JSON or the
text notation (``replay.formats.notation.read``) and raises LogError, which names the file, line and column of the
bad token and what was expected.

The Log record itself, its canonical JSON and the reading of a JSON document are ``replay.formats.log_doc``; its
names are importable from here too, so that ``replay.formats.log`` is the one door to a log.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from replay.core.files import NotRegular, open_regular
from replay.core.said import said
from replay.formats.doc_reader import SEATS, _path_str, log_from_doc
from replay.formats.event_json import DocError, scan
from replay.formats.json_locate import locate
from replay.formats.limits import LIMITS, Limits
from replay.formats.log_doc import (
    DEAL_KEYS,
    FORMAT,
    FORMAT_1,
    FORMATS,
    KITTY_UNKNOWN,
    MAX_KITTY,
    META_KEYS,
    TOP_KEYS,
    Log,
    LogError,
    Seat,
    dumps_canonical,
    event_line,
)
from replay.formats.logfiles import first_word
from replay.formats.notation.read import parse_text
from replay.formats.words import json_problem, os_reason_zh

__all__ = [
    "DEAL_KEYS",
    "FORMAT",
    "FORMATS",
    "FORMAT_1",
    "KITTY_UNKNOWN",
    "MAX_KITTY",
    "META_KEYS",
    "SEATS",
    "TOP_KEYS",
    "Log",
    "LogError",
    "Seat",
    "decode_log",
    "dumps_canonical",
    "event_line",
    "log_from_doc",
    "parse_json_log",
    "parse_log",
    "read_log",
]


# ---------------------------------------------------------------------------------------------
# Reading


def read_log(path: str | Path, text: str | None = None, limits: Limits = LIMITS) -> Log:
    """Read a log file (JSON or text notation; "-" is standard input when ``text`` is given). A file
    larger than ``limits`` allows is refused before it is read."""
    source = str(path)
    if text is None:
        text = read_text(path, limits)
    return parse_log(text, source, limits)


def read_text(path: str | Path, limits: Limits = LIMITS) -> str:
    """The text of a log file (or of a season's CSV: ``replay.formats.sheet_csv``), UTF-8; a file larger than
    ``limits`` allows, or one that is no regular file, is refused (``LogError``) before it is read."""
    source = str(path)
    try:
        with open_regular(path) as fh:  # a FIFO, socket, device or folder is refused before it is opened
            problem = limits.size_problem(os.fstat(fh.fileno()).st_size)
            if problem:
                raise LogError(problem, source)
            raw = fh.read(limits.max_bytes + 1)  # a file that grows while it is read is still bounded
    except NotRegular as exc:
        raise LogError(exc.reason, source) from None
    except OSError as exc:
        raise LogError(
            said(f"读不了文件：{os_reason_zh(exc)}", f"cannot read file: {exc.strerror or exc}"), source
        ) from None
    return decode_log(raw, source, limits)


def decode_log(raw: bytes, source: str = "<log>", limits: Limits = LIMITS) -> str:
    """The text of a log's bytes (UTF-8, a byte order mark allowed); LogError at the line and column
    of the first byte that is not UTF-8, or for more bytes than ``limits`` allow."""
    problem = limits.size_problem(len(raw))
    if problem:
        raise LogError(problem, source)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        start = raw.rfind(b"\n", 0, exc.start) + 1
        col = len(raw[start : exc.start].decode("utf-8", errors="replace")) + 1
        bad = f"0x{raw[exc.start]:02x}"
        raise LogError(
            said(f"文件不是 UTF-8 文本（字节 {bad}）", f"file is not UTF-8 text (byte {bad})"), source, line, col
        ) from None


def parse_log(text: str, source: str = "<log>", limits: Limits = LIMITS) -> Log:
    """A log from JSON or text-notation source text (refused when larger than ``limits`` allow); which of the two
    is told by the first line that is neither blank nor a comment (``replay.formats.logfiles.log_form``)."""
    pos, comment = first_word(text)
    if text.startswith("{", pos):
        if comment:  # JSON has none
            raise LogError(
                said(
                    "JSON 记录不能有注释：请删去 { 之前的 # 行",
                    "a JSON log has no comments: remove the # lines before its {",
                ),
                source,
                comment,
                1,
            )
        return parse_json_log(text, source, limits)
    return parse_text(text, source, limits)


def parse_json_log(text: str, source: str = "<log>", limits: Limits = LIMITS) -> Log:
    """A log from canonical (or any well-formed) JSON text (refused when larger than ``limits`` allow)."""
    problem = limits.text_problem(text)
    if problem:
        raise LogError(problem, source)
    try:
        doc = json.loads(text) if text.startswith("\ufeff") else scan(text)  # (json.loads names a BOM)
    except json.JSONDecodeError as exc:
        raise LogError(json_problem(exc.msg), source, exc.lineno, exc.colno) from None
    except RecursionError:
        raise LogError(said("JSON 嵌套太深", "JSON nested too deeply"), source) from None
    try:
        return log_from_doc(doc, source, limits, text=text, fresh=True)
    except DocError as exc:
        line, col = locate(text, exc.path, exc.at_key)
        raise LogError(exc.message, source, line, col, _path_str(exc.path)) from None
