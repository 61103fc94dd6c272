"""The move log of one deal (format ``fupan/1``): the ``Log`` record, its errors, its canonical JSON, and the
reading of a parsed JSON document into a Log (``log_from_doc``, used by the JSON and the text reader alike).

A log holds the game, the rule profile (by name, with inline overrides), meta data, the
seats with player names, the deal (each seat's hand; a hand may be unknown, wholly or in part) and
the events. Reading a file in either form is ``replay.formats.log``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from replay import games
from replay.core.cards import CARDS_BY_TOKEN, Card, CardError
from replay.core.clip import clip, cut, shown
from replay.core.errors import FupanError
from replay.core.events import Event
from replay.core.record import Record, field
from replay.core.said import Said, said, said_of, seat_name, where_zh, zh_of
from replay.formats.checks import (
    LEVELS_KEYS,
    POINTS_KEYS,
    PREVIOUS_KEYS,
    RESULT_KEYS,
    _check_levels,
    _check_previous,
    _check_result,
)
from replay.formats.decisions import Decision, DecisionError, decision_from_json, in_order
from replay.formats.event_json import UNKNOWN, DocError, doc_card, doc_int, json_text, read_events
from replay.formats.json_locate import event_positions
from replay.formats.limits import LIMITS, Limits
from replay.formats.words import OBJECT, OPTIONS_OBJECT, SEAT_LIST
from replay.rules.profile import Profile, ProfileError
from replay.rules.profile_loader import default_profile, log_profile

_j = json_text  # a value as the canonical text writes it

FORMAT = "fupan/1"
SEATS: Mapping[str, int] = games.GAMES.view(lambda g: g.seats)  # seats per game (the registry's, replay.games)
META_KEYS = ("date", "venue", "match", "deal", "table", "notes", "previous")
DEAL_KEYS = ("hands", "marked", "loyalist", "kitty", "levels")
MAX_KITTY = 12  # the most cards a 升级 kitty may list
KITTY_UNKNOWN = said(
    "底牌要么全部给出，要么不写，不能只给一部分", "the kitty is given in full or left out, never in part"
)
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
    def n_seats(self) -> int:
        """Number of seats of the game."""
        return SEATS[self.game]

    def profile(self) -> Profile:
        """The rule profile the log names (``log_profile``: never a file the log points at), with the log's
        overrides applied; ProfileError if it is unusable."""
        prof = log_profile(self.profile_name)
        if prof.game != self.game:
            raise ProfileError(
                said(
                    f"规则配置 {shown(self.profile_name, zh=True)} 是 {prof.game} 的，这份记录是 {self.game}",
                    f"profile {shown(self.profile_name)} is for {prof.game}, the log is {self.game}",
                )
            )
        return prof.with_overrides(self.overrides, "log overrides")

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
            return f"{self.source} (event {index})"
        return f"{self.source}:{pos[0]}:{pos[1]}"

    def to_json(self) -> dict[str, Any]:
        """The log as a JSON-ready dict in canonical key order."""
        out: dict[str, Any] = {"format": FORMAT, "game": self.game, "profile": self.profile_name}
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


def _path_str(path: Sequence[str | int]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


def log_from_doc(doc: Any, source: str = "<log>", limits: Limits = LIMITS, text: str = "", fresh: bool = False) -> Log:
    """A Log from a parsed JSON document (``text``: its source text, kept by the log); raises DocError with the
    JSON path of a problem. ``fresh``: the document was made for this call and no one else holds it (``json.loads``
    of the text), so the log may keep its meta and result instead of copies."""
    if not isinstance(doc, dict):
        raise DocError([], said("记录必须是一个 JSON 对象", "a log must be a JSON object"))
    for key in doc:
        if key not in TOP_KEYS:
            raise DocError(
                [key],
                said(
                    f"没有键 {key!r}（应为 {', '.join(TOP_KEYS)} 之一）",
                    f"unknown key {key!r} (expected one of {', '.join(TOP_KEYS)})",
                ),
            )
    if doc.get("format") != FORMAT:
        raise DocError(["format"], said(f'应为 "format": "{FORMAT}"', f'expected "format": "{FORMAT}"'))
    game = doc.get("game")
    known = games.names()  # asked now: a game registered after this module was imported is known too
    if game not in known:
        raise DocError(
            ["game"],
            said(
                f"game 应为 {'、'.join(known)} 之一，不是 {_j(game)}",
                f"expected game one of {', '.join(known)}, got {_j(game)}",
            ),
        )
    n = SEATS[game]
    prof = doc.get("profile", default_profile(game))
    overrides: dict[str, Any] = {}
    if isinstance(prof, dict):
        for key in prof:
            if key not in ("name", "overrides"):
                raise DocError(["profile", key], said(f"profile 中没有键 {key!r}", f"unknown key {key!r} in profile"))
        inner = prof.get("overrides") or {}
        if not isinstance(inner, dict):
            raise DocError(["profile", "overrides"], OPTIONS_OBJECT)
        overrides = dict(inner)
        prof = prof.get("name", default_profile(game))
    if not (isinstance(prof, str) and prof != ""):
        raise DocError(["profile"], said("应为规则配置的名字", "expected a profile name"))
    if "overrides" in doc:
        if not isinstance(doc["overrides"], dict):
            raise DocError(["overrides"], OPTIONS_OBJECT)
        overrides.update(doc["overrides"])
    meta = doc.get("meta", {})
    if not isinstance(meta, dict):
        raise DocError(["meta"], OBJECT)
    for key, value in meta.items():
        if key not in META_KEYS:
            raise DocError(
                ["meta", key],
                said(
                    f"meta 中没有键 {key!r}（应为 {', '.join(META_KEYS)} 之一）",
                    f"unknown meta key {key!r} (expected {', '.join(META_KEYS)})",
                ),
            )
        if key == "deal":
            doc_int(value, ["meta", key], "a deal number", 1, 10**6)
        elif key == "previous":
            _check_previous(value, n)
        else:
            if not isinstance(value, str):
                raise DocError(["meta", key], said(f"应为文字，不是 {_j(value)}", f"expected text, got {_j(value)}"))
    seats = _read_seats(doc.get("seats", []), n)
    hands, marked, loyalist = _read_deal(doc.get("deal"), n)
    for key, value in (("marked", marked), ("loyalist", loyalist)):
        why = None if value is None else games.misplaced("deal", key, game)
        if why:
            raise DocError(["deal", key], why)
    kitty, levels = _read_shengji_deal(doc.get("deal"), game)
    events, _ = read_events(doc.get("events", []), n, limits)
    result = doc.get("result")
    if result is not None:
        _check_result(result, n, game)
    decisions = _read_decisions(doc.get("decisions", []), len(events))
    log = Log(
        game=game,
        profile_name=prof,
        overrides=overrides,
        meta=meta if fresh else _copied(meta),
        seats=seats,
        hands=hands,
        marked=marked,
        loyalist=loyalist,
        kitty=kitty,
        levels=levels,
        events=tuple(events),
        result=result if fresh else _copied(result),
        decisions=decisions,
        source=source,
        text=text,
    )
    try:
        log.profile()
    except ProfileError as exc:
        raise DocError(["profile"], said_of(exc)) from None
    return log


def _read_decisions(raw: Any, n_events: int) -> tuple[Decision, ...]:
    """The log's ``decisions``: each a valid decision on one of its events, kept in the order made."""
    if not isinstance(raw, list):
        raise DocError(["decisions"], said("应为裁定的列表", "expected a list of decisions"))
    out = []
    for i, item in enumerate(raw):
        try:
            d = decision_from_json(item)
        except DecisionError as exc:
            raise DocError(["decisions", i, exc.key] if exc.key else ["decisions", i], said_of(exc)) from None
        if not (d.event < n_events):
            raise DocError(
                ["decisions", i, "event"],
                said(
                    f"这份记录没有第 {d.event} 手（共 {n_events} 手）",
                    f"no event {d.event} in this log ({n_events} events)",
                ),
            )
        out.append(d)
    return in_order(out)


def _seat_number(seat: Seat) -> int:
    return seat.seat


def _read_seats(raw: Any, n: int) -> tuple[Seat, ...]:
    if not isinstance(raw, list):
        raise DocError(["seats"], SEAT_LIST)
    out: list[Seat] = []
    listed = 0  # the seats listed so far, a bit each
    for i, s in enumerate(raw):
        if not isinstance(s, dict):
            raise DocError(
                ["seats", i], said('应为 {"seat": 座位号, "player": "名字"}', 'expected {"seat": N, "player": "name"}')
            )
        for key in s:
            if key not in ("seat", "player"):
                raise DocError(["seats", i, key], said(f"座位中没有键 {key!r}", f"unknown key {key!r} in a seat"))
        got = s.get("seat")
        seat = got if type(got) is int and 0 <= got < n else doc_int(got, ["seats", i, "seat"], "a seat", 0, n - 1)
        player = s.get("player", "")
        if not isinstance(player, str):
            raise DocError(["seats", i, "player"], said("牌手的名字应为文字", "expected the player's name as text"))
        if listed >> seat & 1:
            raise DocError(
                ["seats", i, "seat"], said(f"{seat_name(seat)}列了两次", f"{seat_name(seat, en=True)} listed twice")
            )
        listed |= 1 << seat
        out.append(Seat(seat, player))
    return tuple(sorted(out, key=_seat_number))


def _read_deal(raw: Any, n: int) -> tuple[tuple[tuple[Card | None, ...] | None, ...] | None, int | None, int | None]:
    """(hands, marked seat, loyalist seat) of the log's deal."""
    if raw is None:
        return None, None, None
    if not isinstance(raw, dict):
        raise DocError(["deal"], said('应为 {"hands": [...]}', 'expected {"hands": [...]}'))
    for key in raw:
        if key not in DEAL_KEYS:
            raise DocError(
                ["deal", key],
                said(
                    f"deal 中没有键 {key!r}（应为 {', '.join(DEAL_KEYS)} 之一）",
                    f"unknown key {key!r} in deal (expected {', '.join(DEAL_KEYS)})",
                ),
            )
    marked = raw.get("marked")
    if marked is not None:
        doc_int(marked, ["deal", "marked"], "a seat", 0, n - 1)
    loyalist = raw.get("loyalist")
    if loyalist is not None:
        doc_int(loyalist, ["deal", "loyalist"], "a seat", 0, n - 1)
    hands = raw.get("hands")
    if hands is None:
        return None, marked, loyalist
    if not (isinstance(hands, list) and len(hands) == n):
        raise DocError(["deal", "hands"], said(f"应为 {n} 手牌的列表", f"expected a list of {n} hands"))
    out: list[tuple[Card | None, ...] | None] = []
    for s, hand in enumerate(hands):
        if hand is None:
            out.append(None)
            continue
        if isinstance(hand, int) and not isinstance(hand, bool):
            out.append((None,) * doc_int(hand, ["deal", "hands", s], "a number of unknown cards", 1, 216))
            continue
        if not isinstance(hand, list):
            raise DocError(
                ["deal", "hands", s],
                said(
                    "应为牌的列表、不明牌的张数或 null", "expected a list of cards, a number of unknown cards, or null"
                ),
            )
        if not (len(hand) <= 216):
            raise DocError(
                ["deal", "hands", s],
                said(f"一手牌 {len(hand)} 张：四副牌只有 216 张", f"a hand of {len(hand)} cards: four decks hold 216"),
            )
        try:  # tokens read before (most are): looked up; any other is read by _card, which names a bad one
            out.append(tuple([None if t is None or t == UNKNOWN else CARDS_BY_TOKEN[t] for t in hand]))
        except (KeyError, TypeError):
            out.append(tuple(doc_card(t, ["deal", "hands", s, i], True) for i, t in enumerate(hand)))
    return tuple(out), marked, loyalist


def _read_shengji_deal(raw: Any, game: str) -> tuple[tuple[Card, ...] | None, tuple[str, str] | None]:
    """(kitty, levels) of a 升级 deal; either key (unless null) in another game's log is an error."""
    if not isinstance(raw, dict):
        return None, None
    for key in ("kitty", "levels"):
        why = None if raw.get(key) is None else games.misplaced("deal", key, game)
        if why:
            raise DocError(["deal", key], why)
    kitty = raw.get("kitty")
    if kitty is not None:
        if not isinstance(kitty, list):
            raise DocError(
                ["deal", "kitty"],
                said(
                    f"应为牌的列表（底牌），不是 {_j(kitty)}", f"expected a list of cards (the kitty), got {_j(kitty)}"
                ),
            )
        if not (len(kitty) <= MAX_KITTY):
            raise DocError(
                ["deal", "kitty"],
                said(
                    f"底牌 {len(kitty)} 张：最多 {MAX_KITTY} 张", f"a kitty of {len(kitty)} cards: at most {MAX_KITTY}"
                ),
            )
        for i, t in enumerate(kitty):
            if t is None or t == UNKNOWN:
                raise DocError(["deal", "kitty", i], said_of(CardError(UNKNOWN, KITTY_UNKNOWN)))
        try:  # tokens read before (most are): looked up; any other is read by doc_card, which names a bad one
            kitty = tuple([CARDS_BY_TOKEN[t] for t in kitty])
        except (KeyError, TypeError):
            kitty = tuple(doc_card(t, ["deal", "kitty", i]) for i, t in enumerate(kitty))
    levels = raw.get("levels")
    if levels is not None:
        levels = _check_levels(levels, ["deal", "levels"])
    return kitty, levels
