"""A referee's stored decisions on a deal's events: the log's ``decisions``.

In a log a decision names its event by the number people read (the first event is 1, ``replay.core.numbering``):
``"event": 27`` and ``decision 27 …`` are on 第 27 手 in format ``fupan/2``, the form every writer writes. Format
``fupan/1`` counted them from 0 (``"event": 26`` for 第 27 手); its files are still read, each decision turned into
the same ``Decision`` (``decision_from_json``'s ``first``). In memory, as everywhere in code, ``Decision.event``
is the event's index in the log, from 0 (``log.events[d.event]``), as the library stores it (``decision.idx``).

A decision says of one event whether the referee **upholds** the engine's verdict or **overrules**
it, in the referee's own words (``text``), who decided (``referee``) and when (``at``, UTC, ISO 8601
with a ``Z``), optionally with the rule it cites. Decisions are kept in the order they were made; a
later decision on the same event supersedes the earlier ones, which stay as its history.

Decisions are not part of the deal: two logs that differ only in their decisions are the same deal
(the deal library identifies a deal by its log without decisions, and merges the decisions).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from replay.core.errors import FupanError
from replay.core.numbering import event_number
from replay.core.record import Record
from replay.core.said import said

if TYPE_CHECKING:
    from datetime import datetime

UPHELD, OVERRULED = "upheld", "overruled"
OUTCOMES = (UPHELD, OVERRULED)
DECISION_KEYS = ("event", "decision", "rule", "text", "referee", "at")
MAX_TEXT = 4000  # characters of a decision's text
MAX_NAME = 200  # characters of a referee's name
_AT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
_RULE = re.compile(r"^[A-Z][A-Z0-9-]{0,39}$")


class DecisionError(FupanError):
    """A decision that cannot be stored; ``key`` is the field at fault."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        super().__init__(message)


class Decision(Record):
    """A referee's decision on the event at index ``event`` (from 0) of a deal: 第 ``event + 1`` 手 (``number``)."""

    event: int
    decision: str
    text: str
    referee: str
    at: str
    rule: str | None = None

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem is not None:
            raise DecisionError(*problem)

    @property
    def number(self) -> int:
        """The number a person reads for the event decided on (from 1), as the log's ``event`` names it."""
        return event_number(self.event)

    @property
    def upheld(self) -> bool:
        """True when the referee upholds the engine's verdict."""
        return self.decision == UPHELD

    def to_json(self) -> dict[str, Any]:
        """The decision as a JSON object of the log format (``fupan/2``: ``event`` its event's number, from 1), keys in
        canonical order."""
        out: dict[str, Any] = {"event": self.number, "decision": self.decision}
        if self.rule is not None:
            out["rule"] = self.rule
        out.update(text=self.text, referee=self.referee, at=self.at)
        return out

    @property
    def key(self) -> tuple[int, str, str, str, str, str]:
        """What makes two decisions the same one (a decision imported twice is stored once)."""
        return (self.event, self.decision, self.rule or "", self.text, self.referee, self.at)


def _problem(d: Decision) -> tuple[str, str] | None:
    """(key, what was expected) for the first bad field, or None."""
    if type(d.event) is not int or d.event < 0:
        return "event", said(
            f"应为事件在记录中的位置（从 0 数起），不是 {d.event!r}",
            f"expected the event's index in the log (from 0), got {d.event!r}",
        )
    if d.decision not in OUTCOMES:
        return (
            "decision",
            said(
                f'应为 "upheld"（维持）或 "overruled"（推翻），不是 {d.decision!r}',
                f'expected "upheld" or "overruled", got {d.decision!r}',
            ),
        )
    if not isinstance(d.text, str) or not d.text.strip():
        return ("text", said("应有裁定的文字（不能为空）", "expected the ruling's text (not empty)"))
    if len(d.text) > MAX_TEXT:
        return (
            "text",
            said(
                f"文字有 {len(d.text)} 个字符；最多 {MAX_TEXT} 个",
                f"the text is {len(d.text)} characters long; at most {MAX_TEXT}",
            ),
        )
    if not isinstance(d.referee, str) or not d.referee.strip() or len(d.referee) > MAX_NAME:
        return (
            "referee",
            said(f"应有裁判的名字（1..{MAX_NAME} 个字符）", f"expected the referee's name (1..{MAX_NAME} characters)"),
        )
    if not isinstance(d.at, str) or not _AT.match(d.at) or _parse_at(d.at) is None:
        return (
            "at",
            said(
                f'应为 UTC 时间，如 "2026-12-01T20:15:00Z"，不是 {d.at!r}',
                f'expected a UTC time like "2026-12-01T20:15:00Z", got {d.at!r}',
            ),
        )
    if d.rule is not None and (not isinstance(d.rule, str) or not _RULE.match(d.rule)):
        return (
            "rule",
            said(f"应为规则编号，如 GJ-BURN，不是 {d.rule!r}", f"expected a rule ID such as GJ-BURN, got {d.rule!r}"),
        )
    return None


def _event_expected(got: Any, first: int) -> str:
    """What a decision's ``event`` should have been: the event's number (from 1), or in ``fupan/1`` its index."""
    if first == 1:
        return said(
            f"应为事件的序号（第几手，从 1 数起），不是 {got!r}",
            f"expected the event's number (1 or more), got {got!r}",
        )
    return said(
        f"应为事件的序号（fupan/1 从 0 数起：0 为第 1 手），不是 {got!r}",
        f"expected the event's index (fupan/1 counts from 0: 0 is event 1), got {got!r}",
    )


def _parse_at(text: str) -> datetime | None:
    from datetime import UTC, datetime  # here: a log's decisions are few, and every command's start would pay it

    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return None


def now_utc() -> str:
    """The current time in the format of ``Decision.at``."""
    from datetime import UTC, datetime

    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def at_of(moment: datetime) -> str:
    """A datetime (naive ones are taken as UTC) in the format of ``Decision.at``."""
    from datetime import UTC

    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def decision_from_json(raw: Any, first: int = 1) -> Decision:
    """A Decision from a JSON object of the log format; DecisionError names the bad key. ``first``: the number its
    ``event`` gives the log's first event: 1 (format ``fupan/2``, as people count) or 0 (``fupan/1``)."""
    if not isinstance(raw, dict):
        raise DecisionError("", said("裁定必须是一个 JSON 对象", "a decision must be a JSON object"))
    for key in raw:
        if key not in DECISION_KEYS:
            listed = ", ".join(DECISION_KEYS)
            raise DecisionError(
                key,
                said(
                    f"裁定中没有键 {key!r}（应为 {listed} 之一）",
                    f"unknown key {key!r} in a decision (expected {listed})",
                ),
            )
    for key in ("event", "decision", "text", "referee", "at"):
        if key not in raw:
            raise DecisionError(key, said(f"裁定必须有 {key!r}", f"a decision needs {key!r}"))
    event = raw["event"]
    if type(event) is not int or event < first:
        raise DecisionError("event", _event_expected(event, first))
    return Decision(
        event=event - first,
        decision=raw["decision"],
        text=raw["text"],
        referee=raw["referee"],
        at=raw["at"],
        rule=raw.get("rule"),
    )


def in_order(decisions: Iterable[Decision]) -> tuple[Decision, ...]:
    """Decisions in the order they were made (by time; a stable sort keeps the given order on ties)."""
    return tuple(sorted(decisions, key=lambda d: d.at))


def standing(decisions: Sequence[Decision]) -> dict[int, Decision]:
    """The decision that stands on each event: the latest one (the others are its history)."""
    out: dict[int, Decision] = {}
    for d in in_order(decisions):
        out[d.event] = d
    return out


def history(decisions: Sequence[Decision], event: int) -> tuple[Decision, ...]:
    """Every decision on one event, oldest first (the last one stands)."""
    return tuple(d for d in in_order(decisions) if d.event == event)


def merge(old: Sequence[Decision], new: Iterable[Decision]) -> tuple[Decision, ...]:
    """``old`` with the decisions of ``new`` it does not hold yet, in the order they were made."""
    seen = {d.key for d in old}
    out = list(old)
    for d in new:
        if d.key not in seen:
            seen.add(d.key)
            out.append(d)
    return in_order(out)
