"""The move log of one deal (format ``fupan/2``, or ``fupan/1``: ``format_of``): the ``Log`` record, its errors and its canonical JSON. Reading a
parsed JSON document into a Log is ``replay.formats.doc_reader``; the profile a log names,
``replay.rules.profile_loader.profile_of``; its number of seats, its game's (``replay.games``).

A log holds the game, the rule profile (by name, with inline overrides), meta data, the
seats with player names, the deal (each seat's hand; a hand may be unknown, wholly or in part) and
the events. Reading a file in either form is ``replay.formats.log``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from replay.core.cards import Card
from replay.core.clip import clip, cut
from replay.core.errors import FupanError
from replay.core.events import Event
from replay.core.numbering import event_number
from replay.core.record import Record, field
from replay.core.said import Said, said, seat_name, where_zh, zh_of
from replay.formats.decisions import Decision
from replay.formats.event_json import UNKNOWN, json_text
from replay.formats.json_locate import event_positions

_j = json_text  # a value as the canonical text writes it

FORMAT = "fupan/2"  # the current version: a decision names its event by its number, the first event 1
FORMAT_1 = "fupan/1"  # the first version: a decision named its event by its index, from 0; the rest is the same
FORMATS = (FORMAT_1, FORMAT)  # the versions read
FIRST_EVENT = {FORMAT_1: 0, FORMAT: 1}  # per version, the number a decision's "event" gives the log's first event
META_KEYS = ("date", "venue", "match", "deal", "table", "notes", "previous")
DEAL_KEYS = ("hands", "marked", "loyalist", "kitty", "levels")
MAX_KITTY = 12  # the most cards a 升级 kitty may list
KITTY_UNKNOWN = said(
    "底牌要么全部给出，要么不写，不能只给一部分", "the kitty is given in full or left out, never in part"
)
PREVIOUS_KEYS = ("finish_order", "first_leader", "revolution")
RESULT_KEYS = (
    "finish_order", "teams", "sweep", "points", "levels", "void", "revolution", "emperor", "solo", "grab", "open",
    "declarer",
)  # fmt: skip
#: the result keys a score sheet without moves gives beside the places and points (a played deal's are claims checked
#: against its events, as every result key): each a yes/no ("flag") or a seat ("seat"); which game has which is the
#: game's ``GameType.result_keys``
SHEET_KEYS = {
    "void": "flag", "revolution": "seat", "emperor": "seat", "solo": "flag", "grab": "flag", "open": "flag",
    "declarer": "seat",
}  # fmt: skip
POINTS_KEYS = ("defenders", "kitty")  # result.points of 升级, in canonical order
LEVELS_KEYS = ("before", "after")  # result.levels of 升级, in canonical order
TOP_KEYS = ("format", "game", "profile", "overrides", "meta", "seats", "deal", "events", "result", "decisions")


class LogError(FupanError):
    """A log that cannot be read. ``where`` is "file:line:col" (or the JSON path) of the problem."""

    def __init__(
        self, message: str, source: str = "<log>", line: int | None = None, col: int | None = None, path: str = ""
    ) -> None:
        message, path = clip(message), clip(path)  # a message never echoes megabytes of its input
        self.source, self.line, self.col, self.path, self.reason = source, line, col, path, message
        self.file, self.column = source, col
        where = source
        if line is not None:
            where += f":{line}" + (f":{col}" if col is not None else "")
        if path:
            where += f" ({path})"
        self.where = where
        super().__init__(f"{where}: {message}")

    @property
    def reason_zh(self) -> str:
        """What is wrong, in Chinese (the English ``reason`` where no Chinese was written)."""
        return zh_of(self.reason)

    @property
    def where_zh(self) -> str:
        """The place in Chinese: the file, "第 3 行，第 5 列" and the JSON path."""
        place = where_zh(self.line, self.col)
        where = f"{self.source}，{place}" if place else self.source
        return where + (f"（JSON 路径 {self.path}）" if self.path else "")

    @property
    def zh(self) -> str:
        """The whole message in Chinese: where, then what (``str()`` stays English, for the command line)."""
        return f"{self.where_zh}：{self.reason_zh}"

    def said(self) -> Said:
        """The message in both languages (``zh`` and the English ``str()``)."""
        return said(self.zh, str(self))


class Seat(Record):
    """A seat at the table and the player on it."""

    seat: int
    player: str = ""


class Log(Record):
    """One deal as recorded. ``hands[s]`` is None when seat s's hand is unknown; a known hand may
    hold None entries for unknown cards. ``positions[i]`` is (line, col) of event i in its source."""

    game: str
    profile_name: str
    overrides: Mapping[str, Any] = field(default_factory=dict)
    meta: Mapping[str, Any] = field(default_factory=dict)
    seats: tuple[Seat, ...] = ()
    hands: tuple[tuple[Card | None, ...] | None, ...] | None = None
    marked: int | None = None  # 保皇: the seat dealt the marked big joker
    loyalist: int | None = None  # 保皇: the 保皇派 as the record names it (for logs without hands)
    kitty: tuple[Card, ...] | None = None  # 升级: the kitty (底牌) as dealt
    levels: tuple[str, str] | None = None  # 升级: the levels of sides 0 (seats 0, 2) and 1 before the deal
    events: tuple[Event, ...] = ()
    result: Mapping[str, Any] | None = None
    decisions: tuple[Decision, ...] = ()  # a referee's decisions on events (replay.formats.decisions), oldest first
    source: str = "<log>"
    positions: tuple[tuple[int, int] | None, ...] = field(default=(), compare=False, repr=False)
    text: str = field(default="", compare=False, repr=False)

    @property
    def result_only(self) -> bool:
        """A score sheet without moves: a result recorded and no event (its game's ``GameType.sheet`` makes the
        finished deal it records; docs/log-format.md, "Score sheets")."""
        return not self.events and bool(self.result)

    def player(self, seat: int) -> str:
        """The player's name on a seat (its first 80 characters and "…" when longer, ``replay.core.clip.cut``: every page
        and sheet names players by it), or "seat N"."""
        for s in self.seats:
            if s.seat == seat and s.player:
                return cut(s.player)
        return f"{seat_name(seat, en=True)}"

    @cached_property
    def _places(self) -> tuple[tuple[int, int] | None, ...]:
        """(line, col) of each event: as the reader noted them, or found once in the JSON text."""
        if not self.positions and self.text.lstrip().startswith("{"):
            return event_positions(self.text)
        return self.positions

    def where(self, index: int) -> str:
        """The source place of event ``index``: "file:line:col"."""
        positions = self._places
        pos = positions[index] if index < len(positions) else None
        if pos is None:
            return f"{self.source} (event {event_number(index)})"
        return f"{self.source}:{pos[0]}:{pos[1]}"

    def to_json(self) -> dict[str, Any]:
        """The log as a JSON-ready dict in canonical key order."""
        out: dict[str, Any] = {"format": format_of(self), "game": self.game, "profile": self.profile_name}
        if self.overrides:
            out["overrides"] = {k: _copied(self.overrides[k]) for k in sorted(self.overrides)}
        if self.meta:
            out["meta"] = {k: _canonical(k, self.meta[k]) for k in META_KEYS if k in self.meta}
        out["seats"] = [{"seat": s.seat, "player": s.player} for s in self.seats]
        deal: dict[str, Any] = {}
        if self.hands is not None:
            deal["hands"] = [_hand_json(h) for h in self.hands]
        if self.marked is not None:
            deal["marked"] = self.marked
        if self.loyalist is not None:
            deal["loyalist"] = self.loyalist
        if self.kitty is not None:
            deal["kitty"] = [c.token for c in self.kitty]
        if self.levels is not None:
            deal["levels"] = list(self.levels)
        if deal:
            out["deal"] = deal
        out["events"] = [e.to_json() for e in self.events]
        if self.result is not None:
            out["result"] = _canonical("result", self.result)
        if self.decisions:
            out["decisions"] = [d.to_json() for d in self.decisions]
        return out

    def dumps(self) -> str:
        """The canonical JSON text: fixed key order, one seat, hand, event and decision per line (each event's line
        made once per distinct event: ``event_line``)."""
        doc = self._replace(events=()).to_json()  # "events" kept in its place, its lines made apart
        return dumps_canonical(doc, [event_line(ev) for ev in self.events])

    def deal_only(self) -> Log:
        """The log without its referee's decisions: the deal itself (what identifies it)."""
        return self if not self.decisions else self._replace(decisions=(), text="")


def format_of(log: Log) -> str:
    """The version a log is written in: the oldest that holds it. A log with decisions is ``fupan/2`` (its decisions
    name events by their numbers, from 1); one without is ``fupan/1``, the same text in both versions but readable by
    every fupan, and the same bytes as ever: a deal is known by its log without decisions (``deal_only``), so the deals
    of a library stored before ``fupan/2`` keep their identity."""
    return FORMAT if log.decisions else FORMAT_1


def _copied(value: Any) -> Any:
    """A deep copy of a JSON value (``copy`` imported here: reading a log needs none, and every start would pay it)."""
    import copy

    return copy.deepcopy(value)


def _canonical(key: str, value: Any) -> Any:
    """A deep copy of a meta or result value with its keys in the format's order."""
    if key == "previous" and isinstance(value, dict):
        return {k: _copied(value[k]) for k in PREVIOUS_KEYS if k in value}
    if key == "result" and isinstance(value, dict):
        out: dict[str, Any] = {}
        for k in RESULT_KEYS:
            if k == "teams" and k in value:
                out[k] = [{"seats": list(t["seats"]), "points": t["points"]} for t in value[k]]
            elif k == "points" and isinstance(value.get(k), dict):
                out[k] = {p: value[k][p] for p in POINTS_KEYS if p in value[k]}
            elif k == "levels" and isinstance(value.get(k), dict):
                out[k] = {p: list(value[k][p]) for p in LEVELS_KEYS if p in value[k]}
            elif k in value:
                out[k] = _copied(value[k])
        return out
    return _copied(value)


def _hand_json(hand: tuple[Card | None, ...] | None) -> Any:
    """A hand in JSON: null (unknown), a count of unknown cards, or card tokens (?? unknown)."""
    if hand is None:
        return None
    if hand and all(c is None for c in hand):
        return len(hand)
    return [UNKNOWN if c is None else c.token for c in hand]


#: each event's canonical line met so far (equal events, equal lines; cards are interned); emptied when it holds
#: ``EVENT_LINES`` (the lines of a club's deals repeat: every seat's pass, the same plays)
_EVENT_LINES: dict[Event, str] = {}
EVENT_LINES = 50_000


def event_line(ev: Event) -> str:
    """An event's JSON text as the canonical text writes it (its ``to_json``, one line)."""
    line = _EVENT_LINES.get(ev)
    if line is None:
        if len(_EVENT_LINES) >= EVENT_LINES:
            _EVENT_LINES.clear()
        line = _EVENT_LINES[ev] = _j(ev.to_json())
    return line


def dumps_canonical(doc: Mapping[str, Any], event_lines: Sequence[str] = ()) -> str:
    """Canonical JSON text of a log document (byte-stable for equal logs); ``event_lines``: the text of each of the
    log's events when made apart (``Log.dumps``; the document's own ``events`` are then left unread)."""
    lines = ["{"]
    items = list(doc.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "events" and event_lines:
            lines.append('  "events": [')
            lines += [f"    {line}," for line in event_lines]
            lines[-1] = lines[-1][:-1]  # the last one has no comma
            lines.append(f"  ]{comma}")
        elif key in ("seats", "events", "decisions") and value:
            lines.append(f'  "{key}": [')
            lines += [f"    {_j(v)}" + ("," if j < len(value) - 1 else "") for j, v in enumerate(value)]
            lines.append(f"  ]{comma}")
        elif key == "deal" and value.get("hands") is not None:
            hands = value["hands"]
            lines.append('  "deal": {')
            lines.append('    "hands": [')
            lines += [f"      {_j(h)}" + ("," if j < len(hands) - 1 else "") for j, h in enumerate(hands)]
            rest = [f'    "{k}": {_j(v)}' for k, v in value.items() if k != "hands"]
            lines.append("    ]" + ("," if rest else ""))
            lines += [x + ("," if j < len(rest) - 1 else "") for j, x in enumerate(rest)]
            lines.append(f"  }}{comma}")
        else:
            lines.append(f"  {_j(key)}: {_j(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
