"""How large a log may be. A deal's log is small (a 够级 deal has a few hundred events, its JSON some
tens of kilobytes); a file far larger is a mistake or an attack, and is refused before it is parsed
(its size) or as its events are read (their number), with a message that says the limit and how to
raise it. The command line raises them with ``--max-bytes`` and ``--max-events``; the dashboard takes
uploads and pastes of at most ``views.parts.common.MAX_UPLOAD_BYTES``."""

from __future__ import annotations

from replay.core.record import Record
from replay.core.said import said

MAX_LOG_BYTES = 20_000_000  # 20 MB: some hundred times the largest real deal
MAX_EVENTS = 100_000  # some hundred times the events of the longest real deal


class Limits(Record):
    """The largest log that is read: ``max_bytes`` of UTF-8 text and ``max_events`` events."""

    max_bytes: int = MAX_LOG_BYTES
    max_events: int = MAX_EVENTS

    def size_problem(self, size: int) -> str | None:
        """Why a log of ``size`` bytes is refused, or None. (A stream is read to one byte past the
        limit: a size of ``max_bytes + 1`` says only that it is larger.)"""
        if size <= self.max_bytes:
            return None
        known = "" if size == self.max_bytes + 1 else f" ({size:,} bytes)"
        known_zh = "" if size == self.max_bytes + 1 else f"（{size:,} 字节）"
        return said(
            f"记录超过了一份记录 {self.max_bytes:,} 字节的上限{known_zh}（可用 --max-bytes N 放宽）",
            f"the log is larger than the limit of {self.max_bytes:,} bytes for one log{known} "
            "(raise it with --max-bytes N)",
        )

    def text_problem(self, text: str) -> str | None:
        """Why a log's text is refused for its size, or None (counting UTF-8 bytes only when it matters)."""
        if len(text) * 4 <= self.max_bytes:  # no character takes more than 4 bytes
            return None
        return self.size_problem(len(text.encode("utf-8", errors="replace")))

    def events_problem(self, count: int) -> str | None:
        """Why a log of ``count`` events is refused, or None."""
        if count <= self.max_events:
            return None
        return said(
            f"记录超过了一份记录 {self.max_events:,} 手的上限（可用 --max-events N 放宽）",
            f"the log has more than {self.max_events:,} events, the limit for one log (raise it with --max-events N)",
        )


LIMITS = Limits()
"""The default limits."""
