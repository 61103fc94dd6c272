"""The text notation of a log (format ``fupan/2`` or ``fupan/1``): what a scorer types from a score sheet.

One line per item, UTF-8, tokens separated by spaces, tabs or ideographic spaces (U+3000)::

    fupan/2 gouji
    profile gouji
    option score_mode net
    date 2026-11-29
    deal 3
    previous finish 0 2 4 1 3 5
    seat 0 张三
    hand 0 3S 3S ?? BJ
    hand 1 ?
    hand 2 ?36
    events
    0 play 3S 3S
    1 pass
    5 tribute 0 BJ SJ # a note
    0: 5H 5H
    result finish 0 2 4 1 3 5
    result team 0 2 4 = 12
    decision 3 upheld 2026-12-01T20:15:00Z 老王 rule GJ-BURN # 过牌不烧

(``hand 1 ?``: a wholly unknown hand; ``hand 2 ?36``: 36 unknown cards.) A 保皇 log may also say
which seat was dealt the marked big joker (``marked 2``) and which is the 保皇派 (``loyalist 4``).
A 升级 log may give the kitty (``kitty 3S 4H 5D 6C``) and the two sides' levels before the deal
(``levels A 5``: side 0 = seats 0 and 2, side 1 = seats 1 and 3); its events are ``declare``,
``exchange`` (``1 exchange 0 SJ 10C 10C``: seat 1 gives seat 0), ``bury`` and ``play``, and its
claimed result ``result points defenders 85 kitty 20`` and ``result levels before A 5 after 2 5``.
A ``decision`` line is a referee's decision on an event (``Log.decisions``), named by its number (the first event
is 1; in a ``fupan/1`` log by its index, from 0: ``decision 2`` there is ``decision 3`` here). A log without decisions
reads the same under either header and is written ``fupan/1`` (``replay.formats.log_doc.format_of``).

Typed on a Chinese keyboard the same log reads the same: tokens are read in their NFKC form
(``０：５Ｈ`` is ``0:5H``), cards and seats of a list may be separated by ``,``, ``，`` or ``、``, and
the Chinese action words of ``replay.formats.notation.words`` (``0 出 3S 3S``, ``1 过``, ``裁定 3 维持 …``) stand for
the keywords. Free text (names, notes, meta text) is kept as typed.

``parse_text`` reads it into a ``replay.formats.log.Log`` and ``format_text`` writes a Log back in the
canonical form (ASCII keywords); the two round-trip. Every problem is a ``LogError`` naming the line
and column of the offending token. docs/log-format.md describes the notation in full.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from replay import games
from replay.core.cards import CardError
from replay.core.said import said, said_of, seat_name, zh_of
from replay.formats.doc_reader import SEATS, log_from_doc
from replay.formats.event_json import UNKNOWN, doc_int
from replay.formats.limits import LIMITS, Limits
from replay.formats.log_doc import FORMAT_1, FORMATS, KITTY_UNKNOWN, MAX_KITTY, Log, LogError
from replay.formats.notation.events import COUNT, Path
from replay.formats.notation.lex import (
    SEP,
    UNKNOWN_HAND,
    Line,
    Syntax,
    Tok,
    clip,
    is_comment,
    is_int,
    or_list,
    or_list_zh,
    parse_value,
    profile_value,
    split_short,
    to_int,
    unescape,
)
from replay.formats.notation.results import ResultReader
from replay.formats.notation.words import DECISION_WORDS
from replay.formats.notation.write import MAX_UNKNOWN, format_decision, format_event, format_text
from replay.formats.words import twice
from replay.rules.profile import ProfileError, validate_options
from replay.rules.profile_loader import default_profile, options_for, profile_of

__all__ = ["UNKNOWN_HAND", "format_decision", "format_event", "format_text", "parse_text"]

DEAL_SEATS = ("marked", "loyalist")  # the deal's seat lines, in the order they are written
SHENGJI_DEAL = ("kitty", "levels")  # the 升级 deal lines, in the order they are written
TEXT_META = ("date", "venue", "match", "table", "notes")
PREVIOUS_WORDS = {
    "finish": "finish_order",
    "finish_order": "finish_order",
    "first_leader": "first_leader",
    "revolution": "revolution",
}
KEYWORDS = (
    "profile",
    "option",
    *TEXT_META,
    "deal",
    "previous",
    "seat",
    "hand",
    *DEAL_SEATS,
    *SHENGJI_DEAL,
    "events",
    "result",
)


def _headers() -> str:
    """The header lines a text log may begin with, one per registered game (``fupan/2`` too)."""
    return or_list([f'"{FORMAT_1} {game}"' for game in SEATS]) + " (or fupan/2)"


def _headers_zh() -> str:
    """``_headers`` in Chinese."""
    return or_list_zh([f'"{FORMAT_1} {game}"' for game in SEATS]) + "（或 fupan/2）"


def parse_text(text: str, source: str = "<log>", limits: Limits = LIMITS) -> Log:
    """A log from the text notation; raises LogError with the line and column of a problem (also for a
    log larger than ``limits`` allow: its size before it is read, its events as they are)."""
    problem = limits.text_problem(text)
    if problem:
        raise LogError(problem, source)
    return _Reader(source, limits).read(text)


class _Reader(ResultReader):
    """The state of reading one text log, line by line: the header, the deal's and meta lines, then
    the events, result and decision lines (LineReader, ResultReader)."""

    def __init__(self, source: str, limits: Limits = LIMITS) -> None:
        super().__init__(source, limits)
        self.profile: str | None = None
        self.overrides: dict[str, Any] = {}
        self.meta: dict[str, Any] = {}
        self.seats: list[dict[str, Any]] = []
        self.hands: dict[int, list[str] | int | None] | None = None
        self.deal_seats: dict[str, int] = {}
        self.kitty: list[str] | None = None
        self.levels: list[str] | None = None
        self.in_events = False

    #: each keyword's line and the method that reads it (by name: bound methods kept on the reader would make it
    #: a reference cycle, left to the garbage collector, which ``fupan check`` pauses: tests/cli/test_cli_start.py)
    HANDLERS: ClassVar[dict[str, str]] = {
        "profile": "_profile",
        "option": "_option",
        "deal": "_deal",
        "previous": "_previous",
        "seat": "_seat_line",
        "hand": "_hand",
        **dict.fromkeys(DEAL_SEATS, "_deal_seat"),
        "kitty": "_kitty",
        "levels": "_levels",
        "events": "_events_line",
        "result": "_result",
        **dict.fromkeys(TEXT_META, "_meta_text"),
    }

    # -- the lines

    def read(self, text: str) -> Log:
        """Read every line and build the log."""
        header_seen = False
        for number, raw in enumerate(text.removeprefix("\ufeff").split("\n"), 1):
            raw = raw.removesuffix("\r")
            stripped = raw.strip()
            if not stripped or is_comment(stripped):
                continue
            line = Line.of(number, raw)
            if not header_seen:
                self._header(line)
                header_seen = True
            else:
                self._line(line)
        if not header_seen:
            self.fail(
                said(f"记录是空的：应以开头行 {_headers_zh()} 开始", f"empty log: expected the header {_headers()}"),
                1,
                1,
            )
        return self._build()

    def _header(self, line: Line) -> None:
        words = line.words
        first = words[0] if words else line.tokens[0]
        if first.word not in FORMATS:
            if first.word.startswith("fupan/"):
                self.fail(
                    said(
                        f"不支持的格式 {first.shown}（应为 {' 或 '.join(FORMATS)}）",
                        f"unsupported format {first.shown} (expected {' or '.join(FORMATS)})",
                    ),
                    line,
                    first.col,
                )
            self.fail(
                said(
                    f"第一行应为开头行 {_headers_zh()}，不是 {first.shown}",
                    f"expected the header {_headers()} as the first line, got {first.shown}",
                ),
                line,
                first.col,
            )
        games, games_zh = or_list(list(SEATS)), or_list_zh(list(SEATS))
        if len(words) < 2:
            self.fail(
                said(f"{first.word} 后面应为游戏名：{games_zh}", f"expected the game after {first.word}: {games}"),
                line,
                first.end,
            )
        game = words[1]
        if game.word not in SEATS:
            self.fail(
                said(f"没有游戏 {game.shown}（应为 {games_zh}）", f"unknown game {game.shown} (expected {games})"),
                line,
                game.col,
            )
        self.no_more(line, words[2:], "the game")
        self.game, self.n, self.version = game.word, SEATS[game.word], first.word
        self.note(("profile",), line, game.col)

    def _line(self, line: Line) -> None:
        first = line.first
        word = first.word
        event = is_int(word) or split_short(first) is not None
        decision = DECISION_WORDS.get(word, word) == "decision"
        if self.in_events:
            if word == "result":
                self._result(line)
            elif decision:
                self._decision(line)
            elif word == "events":
                self.fail(twice("'events'"), line, first.col)
            elif word in KEYWORDS or word in FORMATS:
                self.fail(
                    said(
                        f"{word!r} 行必须在 'events' 行之前（'events' 之后只能有事件、result 和裁定行）",
                        f"a {word!r} line must come before the 'events' line (only events, result and decision lines may"
                        " follow it)",
                    ),
                    line,
                    first.col,
                )
            elif not event:
                self.fail(
                    said(
                        f"应为事件行 '<座位> <动作> ...'（或 '<座位>: 牌'）、result 行或裁定行，不是 {first.shown}",
                        "expected an event '<seat> <action> ...' (or '<seat>: cards'), a result or a decision line,"
                        f" got {first.shown}",
                    ),
                    line,
                    first.col,
                )
            else:
                self._event(line)
            return
        if event:
            self.fail(
                said(
                    "事件行出现在 'events' 之前：请在第一个事件前写一行 'events'",
                    "event line before 'events': write a line 'events' before the first event",
                ),
                line,
                first.col,
            )
        if decision:
            self.fail(
                said(
                    "裁定行必须在 'events' 行之后（它按序号指明第几手）",
                    "a decision line must come after the 'events' line (it names an event by its number)",
                ),
                line,
                1,
            )
        if word in FORMATS:
            self.fail(
                said(
                    f"开头行 {word} 只能出现一次，在第一行",
                    f"the header {word} may appear only once, on the first line",
                ),
                line,
                first.col,
            )
        name = self.HANDLERS.get(word)
        if name is None:
            self.fail(
                said(
                    f"没有关键词 {first.shown}（应为 {', '.join(KEYWORDS)} 之一，或 'events' 之后的事件）",
                    f"unknown keyword {first.shown} (expected one of {', '.join(KEYWORDS)}, or an event after 'events')",
                ),
                line,
                first.col,
            )
        handler: Callable[[Line], None] = getattr(self, name)
        handler(line)

    def _profile(self, line: Line) -> None:
        if self.profile is not None:
            self.fail(twice("profile"), line, line.tokens[0].col)
        name, col = profile_value(line)
        if not name:
            self.fail(
                said(
                    "'profile' 后面应为规则配置的名字或 .toml 文件的路径",
                    "expected a profile name or a path to a .toml after 'profile'",
                ),
                line,
                col,
            )
        self.profile = name
        self.note(("profile",), line, col)
        try:
            profile_of(Log(game=self.game, profile_name=name))
        except ProfileError as exc:
            self.fail(said_of(exc), line, col)

    def _option(self, line: Line) -> None:
        words = line.words
        if len(words) < 2:
            self.fail(
                said("'option' 后面应为选项名和它的值", "expected an option name and its value after 'option'"),
                line,
                words[0].end,
            )
        key = words[1]
        if key.word in self.overrides:
            self.fail(twice(f"option {key.word}"), line, key.col)
        text, col = line.rest(key)
        try:
            value = parse_value(text)
        except Syntax as exc:
            self.fail(
                said(f"option {key.word}：{zh_of(exc.message)}", f"option {key.word}: {exc.message}"),
                line,
                col + exc.offset,
            )
        value_col = col + len(text) - len(text.lstrip(SEP))
        self.overrides[key.word] = value
        self.note(("overrides", key.word), line, value_col)
        declared = options_for(self.game)
        try:
            validate_options(declared, self.game, {key.word: value}, "log overrides")
        except ProfileError as exc:
            known = key.word in declared
            self.fail(said_of(exc), line, value_col if known else key.col)

    def _meta_text(self, line: Line) -> None:
        key = line.tokens[0]
        if key.word in self.meta:
            self.fail(twice(key.word), line, key.col)
        text, col = line.rest(key)
        self.meta[key.word] = unescape(text)
        self.note(("meta", key.word), line, col)

    def _deal(self, line: Line) -> None:
        words = line.words
        if "deal" in self.meta:
            self.fail(twice("deal"), line, words[0].col)
        if len(words) < 2:
            self.fail(said("'deal' 后面应为局号", "expected the deal number after 'deal'"), line, words[0].end)
        self.meta["deal"] = self.integer(line, words[1], "the deal number")
        self.note(("meta", "deal"), line, words[1].col)
        self.no_more(line, words[2:], "the deal number")

    def _previous(self, line: Line) -> None:
        words = line.words
        previous = self.meta.setdefault("previous", {})
        self.where.setdefault(("meta", "previous"), (line.number, words[0].col))
        if len(words) == 1:
            return
        key = words[1]
        name = PREVIOUS_WORDS.get(key.word)
        if name is None:
            self.fail(
                said(
                    f"'previous' 后面没有键 {key.shown}（应为 finish、first_leader 或 revolution）",
                    f"unknown key {key.shown} after 'previous' (expected finish, first_leader or revolution)",
                ),
                line,
                key.col,
            )
        if name in previous:
            self.fail(twice(f"previous {key.word}"), line, key.col)
        path: Path = ("meta", "previous", name)
        self.note(path, line, key.col)
        if name == "finish_order":
            previous[name] = self.order(line, words[2:], path)
            return
        if len(words) < 3:
            self.fail(
                said(f"'previous {key.word}' 后面应为座位号", f"expected a seat after 'previous {key.word}'"),
                line,
                key.end,
            )
        previous[name] = self.seat(line, words[2], path)
        self.no_more(line, words[3:], "the seat")

    def _seat_line(self, line: Line) -> None:
        words = line.tokens
        if len(words) < 2:
            self.fail(
                said("'seat' 后面应为座位号和牌手的名字", "expected a seat number and the player's name after 'seat'"),
                line,
                words[0].end,
            )
        i = len(self.seats)
        seat = self.seat(line, words[1], ("seats", i, "seat"))
        if any(s["seat"] == seat for s in self.seats):
            self.fail(
                said(f"{seat_name(seat)}列了两次", f"{seat_name(seat, en=True)} listed twice"), line, words[1].col
            )
        name, col = line.rest(words[1])
        self.note(("seats", i), line, words[0].col)
        self.note(("seats", i, "player"), line, col)
        self.seats.append({"seat": seat, "player": unescape(name)})

    def _hand(self, line: Line) -> None:
        words = line.words
        if len(words) < 2:
            self.fail(
                said(
                    "'hand' 后面应为座位号和它的牌（或 ?）", "expected a seat number and its cards (or ?) after 'hand'"
                ),
                line,
                words[0].end,
            )
        seat = self.seat(line, words[1], ("deal", "hands"))
        hands = {} if self.hands is None else self.hands
        if seat in hands:
            self.fail(
                said(f"{seat_name(seat)}的手牌写了两次", f"hand of {seat_name(seat, en=True)} given twice"),
                line,
                words[1].col,
            )
        self.note(("deal", "hands", seat), line, words[0].col)
        cards = self.items(line, words[2:], "a card")
        count = COUNT.fullmatch(cards[0].word) if len(cards) == 1 else None
        if len(cards) == 1 and cards[0].word == UNKNOWN_HAND:
            hands[seat] = None
        elif count:
            number = to_int(count[1])
            if number is None:
                self.fail(
                    said(
                        f"'{UNKNOWN_HAND}' 后面应为不明牌的张数（1..{MAX_UNKNOWN}）",
                        f"expected a number of unknown cards (1..{MAX_UNKNOWN}) after '{UNKNOWN_HAND}'",
                    ),
                    line,
                    cards[0].col,
                )
            path: Path = ("deal", "hands", seat)
            self.note(path, line, cards[0].col)
            hands[seat] = self.checked(doc_int, number, list(path), "a number of unknown cards", 1, MAX_UNKNOWN)
        else:
            for j, tok in enumerate(cards):
                self.note(("deal", "hands", seat, j), line, tok.col)
            hands[seat] = [self.card(line, tok, allow_unknown=True) for tok in cards]
        self.hands = hands

    def _deal_seat(self, line: Line) -> None:
        """``marked SEAT`` or ``loyalist SEAT``: a seat of the deal (JSON ``deal.marked``, ``deal.loyalist``)."""
        words = line.words
        key = words[0]
        if key.word in self.deal_seats:
            self.fail(twice(key.word), line, key.col)
        if len(words) < 2:
            self.fail(said(f"'{key.word}' 后面应为座位号", f"expected a seat after '{key.word}'"), line, key.end)
        self.deal_seats[key.word] = self.seat(line, words[1], ("deal", key.word))
        self.no_more(line, words[2:], "the seat")

    def _own_deal_key(self, line: Line, tok: Tok, path: str) -> None:
        """Fail at ``tok`` unless this game's deal has the key ``path`` (``deal.kitty``) stands for."""
        problem = games.misplaced("deal", path.removeprefix("deal."), self.game)
        if problem is not None:
            self.fail(problem, line, tok.col)

    def _kitty(self, line: Line) -> None:
        """``kitty CARDS...``: the 升级 kitty as dealt (JSON ``deal.kitty``); ``kitty`` alone: none."""
        words = line.words
        key = words[0]
        self._own_deal_key(line, key, "deal.kitty")
        if self.kitty is not None:
            self.fail(twice("kitty"), line, key.col)
        self.note(("deal", "kitty"), line, key.col)
        cards = self.items(line, words[1:], "a card")
        for j, tok in enumerate(cards):
            if tok.word in (UNKNOWN, UNKNOWN_HAND) or COUNT.fullmatch(tok.word):
                self.fail(said_of(CardError(clip(tok.raw), KITTY_UNKNOWN)), line, tok.col)
            if j == MAX_KITTY:
                self.fail(
                    said(
                        f"底牌 {len(cards)} 张：最多 {MAX_KITTY} 张",
                        f"a kitty of {len(cards)} cards: at most {MAX_KITTY}",
                    ),
                    line,
                    tok.col,
                )
            self.note(("deal", "kitty", j), line, tok.col)
        self.kitty = [self.card(line, tok, allow_unknown=False) for tok in cards]

    def _levels(self, line: Line) -> None:
        """``levels L0 L1``: the levels of side 0 (seats 0, 2) and side 1 before the deal (JSON ``deal.levels``)."""
        words = line.words
        key = words[0]
        self._own_deal_key(line, key, "deal.levels")
        if self.levels is not None:
            self.fail(twice("levels"), line, key.col)
        self.note(("deal", "levels"), line, key.col)
        self.levels = self.level_pair(line, key, words[1:], ("deal", "levels"), "'levels'")

    def _events_line(self, line: Line) -> None:
        self.no_more(line, line.words[1:], "'events'")
        self.in_events = True

    # -- the log

    def _build(self) -> Log:
        doc: dict[str, Any] = {
            "format": self.version,
            "game": self.game,
            "profile": default_profile(self.game) if self.profile is None else self.profile,
        }
        if self.overrides:
            doc["overrides"] = self.overrides
        if self.meta:
            doc["meta"] = self.meta
        doc["seats"] = self.seats
        deal: dict[str, Any] = {}
        if self.hands is not None:
            deal["hands"] = [self.hands.get(s) for s in range(self.n)]
        deal.update((key, self.deal_seats[key]) for key in DEAL_SEATS if key in self.deal_seats)
        if self.kitty is not None:
            deal["kitty"] = self.kitty
        if self.levels is not None:
            deal["levels"] = self.levels
        if deal:
            doc["deal"] = deal
        doc["events"] = self.events
        if self.result is not None:
            doc["result"] = self.result
        if self.decisions:
            doc["decisions"] = self.decisions
        log: Log = self.checked(log_from_doc, doc, self.source, self.limits)
        return log._replace(positions=tuple(self.positions))
