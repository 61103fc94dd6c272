"""Reading the text notation (``replay.formats.notation.read``), part two: the reader's token helpers and the lines
that follow ``events``: events (keywords or Chinese action words, ``replay.formats.notation.words``) and a referee's
decisions (the result lines are ``replay.formats.notation.results``). ``replay.formats.notation.read._Reader`` adds
the header, the deal and the meta lines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NoReturn

from replay.core.cards import Card, CardError
from replay.core.events import CARD_ACTIONS, EVENT_TYPES, TARGET_ACTIONS
from replay.core.said import said, said_of, zh_of
from replay.formats.checks import LEVEL_NAMES, _check_order
from replay.formats.decisions import OUTCOMES, DecisionError, decision_from_json
from replay.formats.event_json import UNKNOWN, DocError, doc_int, event_from_json
from replay.formats.limits import LIMITS, Limits
from replay.formats.log_doc import FIRST_EVENT, FORMAT, LogError
from replay.formats.notation.lex import (
    _ITEM,
    _SEPARATOR,
    CHUNK,
    LONG_LINE,
    MAX_QUOTED,
    QUOTES,
    SEP,
    UNKNOWN_HAND,
    ItemError,
    Line,
    Syntax,
    Tok,
    clip,
    fold,
    is_card,
    item_at,
    items,
    json_string,
    split_short,
    to_int,
    with_bulk,
)
from replay.formats.notation.words import DECISION_WORDS, OUTCOME_WORDS, action_of, meaning, meaning_zh, words_of
from replay.formats.words import phrase_zh

Path = tuple[str | int, ...]  # a path in the JSON document of the log

PASS_MARK = "-"  # "<seat>: -" is a pass in the shorthand
COUNT = re.compile(r"\?(-?[0-9]+)")  # "?N": a hand of N unknown cards


class LineReader:
    """The state of reading one text log that events, results and decisions need, the token helpers
    (errors at a line and column, seats, cards, lists, levels) and the lines after ``events``."""

    def __init__(self, source: str, limits: Limits = LIMITS) -> None:
        self.source = source
        self.limits = limits
        self.game = ""
        self.n = 0
        self.events: list[dict[str, Any]] = []
        self.positions: list[tuple[int, int]] = []
        self.result: dict[str, Any] | None = None
        self.decisions: list[dict[str, Any]] = []
        self.version = FORMAT  # the header's format: fupan/2, or fupan/1 (its decisions count events from 0)
        self.where: dict[Path, tuple[int, int]] = {}

    # -- errors

    def fail(self, message: str, line: Line | int, col: int) -> NoReturn:
        """Raise the LogError of a problem at ``line``, ``col``."""
        number = line if isinstance(line, int) else line.number
        raise LogError(message, self.source, number, col)

    def note(self, path: Path, line: Line, col: int) -> None:
        """Remember where the value at a document path was written."""
        self.where[path] = (line.number, col)

    def checked(self, check: Callable[..., Any], *args: Any) -> Any:
        """``check(*args)`` with a DocError of log.py turned into a LogError at its token."""
        try:
            return check(*args)
        except DocError as exc:
            path: Path = tuple(exc.path)
            while path and path not in self.where:
                path = path[:-1]
            line, col = self.where.get(path, (None, None))
            raise LogError(exc.message, self.source, line, col) from None

    # -- tokens

    def integer(self, line: Line, tok: Tok, what: str) -> int:
        """The integer a token spells, or a LogError naming what was expected."""
        value = to_int(tok.word)
        if value is None:
            self.fail(
                said(
                    f"应为{phrase_zh(what)}（整数），不是 {tok.shown}", f"expected {what} (an integer), got {tok.shown}"
                ),
                line,
                tok.col,
            )
        if len(tok.word) > MAX_QUOTED:  # no integer of the notation is this long but option values
            digits = len(tok.word)
            self.fail(
                said(
                    f"应为{phrase_zh(what)}（整数），不是 {tok.shown}（{digits} 位数字）",
                    f"expected {what} (an integer), got {tok.shown} ({digits} digits)",
                ),
                line,
                tok.col,
            )
        return value

    def items(self, line: Line, toks: tuple[Tok, ...], what: str) -> tuple[Tok, ...]:
        """The items of a list of cards or seats (also separated by ``,``, ``，``, ``、``)."""
        try:
            return items(toks, what)
        except ItemError as exc:
            self.fail(exc.message, line, exc.col)

    def seat(self, line: Line, tok: Tok, path: Path) -> int:
        """A seat number of this game (0 … n-1) at document ``path``."""
        value = self.integer(line, tok, "a seat number")
        self.note(path, line, tok.col)
        self.checked(doc_int, value, list(path), "a seat", 0, self.n - 1)
        return value

    def card(self, line: Line, tok: Tok, allow_unknown: bool) -> str:
        """A card token (checked; ``??`` only where ``allow_unknown``) in its NFKC form."""
        if tok.word == UNKNOWN:
            if allow_unknown:
                return UNKNOWN
            err = CardError(UNKNOWN, said("不明的牌只能写在手牌行中", "an unknown card may stand only in a hand line"))
            self.fail(said_of(err), line, tok.col)
        if tok.word == UNKNOWN_HAND and allow_unknown:
            self.fail(
                said(
                    f"'{UNKNOWN_HAND}'（整手不明的牌）必须单独写；一张不明的牌写 {UNKNOWN}",
                    f"'{UNKNOWN_HAND}' (a wholly unknown hand) must stand alone; write {UNKNOWN} for one unknown card",
                ),
                line,
                tok.col,
            )
        if allow_unknown and COUNT.fullmatch(tok.word):
            self.fail(
                said(
                    f"{tok.shown}（一手不明的牌）必须单独写；一张不明的牌写 {UNKNOWN}",
                    f"{tok.shown} (a hand of unknown cards) must stand alone; write {UNKNOWN} for one unknown card",
                ),
                line,
                tok.col,
            )
        try:
            Card(tok.word)
        except CardError as exc:
            self.fail(said_of(exc) if clip(tok.raw) == tok.word else said_of(CardError(clip(tok.raw))), line, tok.col)
        return tok.word

    def order(self, line: Line, toks: tuple[Tok, ...], path: Path) -> list[int]:
        """A finish order: distinct seats at document ``path``."""
        toks = self.items(line, toks, "a seat")
        order = [self.seat(line, t, (*path, j)) for j, t in enumerate(toks)]
        for j, seat in enumerate(order):
            if seat in order[:j]:
                self.note(path, line, toks[j].col)  # the error names the repeated seat
                break
        self.checked(_check_order, order, self.n, list(path))
        return order

    def no_more(self, line: Line, toks: tuple[Tok, ...], after: str) -> None:
        """Fail on the first of ``toks``, which should not be there."""
        if toks:
            self.fail(
                said(f"{phrase_zh(after)}后面不应有 {toks[0].shown}", f"unexpected {toks[0].shown} after {after}"),
                line,
                toks[0].col,
            )

    def level_pair(self, line: Line, after: Tok, toks: tuple[Tok, ...], path: Path, what: str) -> list[str]:
        """Two level tokens (side 0, then side 1) at the start of ``toks``; more tokens are an error."""
        if len(toks) < 2:
            at = toks[-1].end if toks else after.end
            self.fail(
                said(
                    f"{what} 后面应为两方的级（先方0，后方1），如 A 5",
                    f"expected the two sides' levels after {what} (side 0, then side 1), e.g. A 5",
                ),
                line,
                at,
            )
        out = [self.level(line, tok, (*path, j)) for j, tok in enumerate(toks[:2])]
        self.no_more(line, toks[2:], "the two levels")
        return out

    def level(self, line: Line, tok: Tok, path: Path) -> str:
        """A level token (``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``; ``T`` and lower case accepted)."""
        word = tok.word.upper()
        word = "10" if word == "T" else word
        if word not in LEVEL_NAMES:
            listed = ", ".join(LEVEL_NAMES)
            self.fail(
                said(
                    f"应为一个级，{listed} 之一；不是 {tok.shown}",
                    f"expected a level, one of {listed}; got {tok.shown}",
                ),
                line,
                tok.col,
            )
        self.note(path, line, tok.col)
        return word

    # -- the lines after "events"

    def _event(self, line: Line) -> None:
        """``SEAT ACTION [TO] [CARDS] [COUNT] [# NOTE]``, or the shorthand ``SEAT: CARDS`` / ``SEAT: -``."""
        if len(line.text) > LONG_LINE and line.bulk == (0, 0):
            line = with_bulk(line)
        cut = line.cut
        note = line.hash_text(cut)
        words = line.tokens[:cut]
        first = words[0]
        i = len(self.events)
        path: Path = ("events", i)
        self.note(path, line, first.col)
        self.note((*path, "note"), line, line.tokens[cut].col if note else first.col)
        short = split_short(first)
        if short:
            seat_tok, rest = short
            args = words[1:] if rest is None else (rest, *words[1:])
            seat = self.seat(line, seat_tok, (*path, "seat"))
            if not args:
                self.fail(
                    said(
                        f"{first.shown} 后面应为牌或 {PASS_MARK}", f"expected cards or {PASS_MARK} after {first.shown}"
                    ),
                    line,
                    first.end,
                )
            action, action_tok = "play", first
            if args[0].word == PASS_MARK:
                action, action_tok, args = "pass", args[0], args[1:]
                self.no_more(line, args, f"'{PASS_MARK}' (a pass)")
        else:
            seat_tok = first
            seat = self.seat(line, seat_tok, (*path, "seat"))
            if len(words) < 2:
                listed = ", ".join(EVENT_TYPES)
                self.fail(
                    said(f"座位号后面应为动作：{listed}", f"expected an action after the seat: {listed}"),
                    line,
                    first.end,
                )
            action_tok, args = words[1], words[2:]
            action = self.action(line, action_tok)
        self.note((*path, "action"), line, action_tok.col)
        raw: dict[str, Any] = {"seat": seat, "action": action}
        if action in TARGET_ACTIONS:
            if not args:
                self.fail(
                    said(
                        f"{action_tok.shown} 后面应为给牌的座位", f"expected the seat given to after {action_tok.shown}"
                    ),
                    line,
                    action_tok.end,
                )
            raw["to"] = self.seat(line, args[0], (*path, "to"))
            action_tok, args = args[0], args[1:]
        if action in CARD_ACTIONS:
            cards = self.items(line, args, "a card")
            if not cards:
                self.fail(
                    said(f"{action_tok.shown} 后面应为牌", f"expected the cards after {action_tok.shown}"),
                    line,
                    action_tok.end,
                )
            if line.bulk != (0, 0):  # a long line: the cards after its first tokens read in one go
                self.note((*path, "cards"), line, cards[0].col)
                raw["cards"] = [self.card(line, tok, allow_unknown=False) for tok in cards]
                raw["cards"] += self._bulk_cards(line, path)
            else:
                for j, tok in enumerate(cards):
                    self.note((*path, "cards", j), line, tok.col)
                raw["cards"] = [self.card(line, tok, allow_unknown=False) for tok in cards]
        elif action == "report":
            if not args:
                self.fail(
                    said(f"{action_tok.shown} 后面应为张数", f"expected the card count after {action_tok.shown}"),
                    line,
                    action_tok.end,
                )
            raw["count"] = self.integer(line, args[0], "the card count")
            self.note((*path, "count"), line, args[0].col)
            self.no_more(line, args[1:], "the card count")
        else:
            self.no_more(line, args, f"{action_tok.shown} (it takes no cards)")
        if note:
            raw["note"] = note
        self.checked(event_from_json, raw if line.bulk == (0, 0) else {**raw, "cards": raw["cards"][:1]}, i, self.n)
        problem = self.limits.events_problem(len(self.events) + 1)
        if problem:
            self.fail(problem, line, seat_tok.col)
        self.events.append(raw)
        self.positions.append((line.number, seat_tok.col))

    def _bulk_cards(self, line: Line, path: Path) -> list[str]:
        """The cards of a long line's ``bulk`` (``_with_bulk``), each distinct token checked once, the first bad one
        refused at its column as ``card`` refuses it."""
        text, (pos, end) = line.text, line.bulk
        known: dict[str, str] = {}
        out: list[str] = []
        while pos < end:
            stop = _SEPARATOR.search(text, min(pos + CHUNK, end), end)
            stop_at = stop.start() if stop else end
            items = _ITEM.findall(text, pos, stop_at)
            new = set(items).difference(known)
            bad = [raw for raw in new if not is_card(raw)]
            if bad:
                at = min(item_at(text, raw, pos, stop_at) for raw in bad)
                self.note((*path, "cards"), line, at + 1)
                self.card(line, Tok.at(_ITEM.findall(text, at, stop_at)[0], at + 1), allow_unknown=False)
            known.update((raw, fold(raw)) for raw in new)
            out += map(known.__getitem__, items)
            pos = stop_at
        return out

    def action(self, line: Line, tok: Tok) -> str:
        """The action an action token stands for: a keyword (any game's: the engine judges it) or a
        Chinese word of this log's game (replay.formats.notation.words); anything else is an error at the token."""
        if tok.word in EVENT_TYPES:
            return tok.word
        action = action_of(tok.word, self.game)
        if action is not None:
            return action
        elsewhere = meaning(tok.word)
        if elsewhere:
            self.fail(
                said(
                    f"{tok.shown} 不是 {self.game} 的动作（它在别的游戏里表示：{meaning_zh(tok.word)}）；{self.game} 的词有 "
                    + ", ".join(words_of(self.game)),
                    f"{tok.shown} is no action of {self.game} (it stands for {elsewhere}); the {self.game} words are "
                    + ", ".join(words_of(self.game)),
                ),
                line,
                tok.col,
            )
        shown = json.dumps(clip(tok.raw), ensure_ascii=False)
        self.fail(
            said(
                f"没有动作 {shown}（应为 {', '.join(EVENT_TYPES)} 之一；或 {self.game} 的词："
                + ", ".join(words_of(self.game))
                + "）",
                f"unknown action {shown} (expected one of {', '.join(EVENT_TYPES)}; or a word of {self.game}: "
                + ", ".join(words_of(self.game))
                + ")",
            ),
            line,
            tok.col,
        )

    def _decision(self, line: Line) -> None:
        """``decision EVENT upheld|overruled AT REFEREE [rule RULE] # TEXT`` (JSON ``decisions``; EVENT the event's
        number, from 1, or in a ``fupan/1`` log its index, from 0); also
        ``裁定``, ``维持``, ``推翻``, ``规则``. REFEREE is one token as typed or a JSON string ``"..."``."""
        path: Path = ("decisions", len(self.decisions))
        self.note(path, line, line.tokens[0].col)
        toks = list(line.tokens[1:])  # not cut at a "#": a quoted referee may hold one
        what = "the event's number" if FIRST_EVENT[self.version] == 1 else "the event's index"
        event = self.take(line, toks, line.tokens[0], what, (*path, "event"))
        raw: dict[str, Any] = {"event": self.integer(line, event, what)}
        outcome = self.take(line, toks, event, "upheld or overruled (维持 or 推翻)", (*path, "decision"))
        raw["decision"] = OUTCOME_WORDS.get(outcome.word, outcome.word)
        if raw["decision"] not in OUTCOMES:
            self.fail(
                said(
                    f"应为维持或推翻（upheld 或 overruled），不是 {outcome.shown}",
                    f"expected upheld or overruled (维持 or 推翻), got {outcome.shown}",
                ),
                line,
                outcome.col,
            )
        at = self.take(line, toks, outcome, 'the time, e.g. "2026-12-01T20:15:00Z"', (*path, "at"))
        raw["at"] = clip(at.word)  # checked with the others below; quoted in part if long
        raw["referee"], toks = self.referee(line, at, toks, (*path, "referee"))
        if toks and not toks[0].is_hash:
            key = toks.pop(0)
            if DECISION_WORDS.get(key.word, key.word) != "rule":
                self.fail(
                    said(
                        f"应为 'rule' 或裁定文字前的 '#'，不是 {key.shown}",
                        f"expected 'rule' or the '#' before the ruling's text, got {key.shown}",
                    ),
                    line,
                    key.col,
                )
            raw["rule"] = clip(self.take(line, toks, key, "a rule ID (e.g. GJ-BURN)", (*path, "rule")).word)
        if not toks:
            self.fail(
                said("裁定行末应为 '#' 和裁定的文字", "expected '#' and the ruling's text at the end of the decision"),
                line,
                len(line.text) + 1,
            )
        if not toks[0].is_hash:
            self.fail(
                said(
                    f"'#' 和裁定文字之前不应有 {toks[0].shown}",
                    f"unexpected {toks[0].shown} before the '#' and the ruling's text",
                ),
                line,
                toks[0].col,
            )
        self.note((*path, "text"), line, toks[0].col)
        raw["text"] = line.hash_text(line.tokens.index(toks[0]))
        try:
            decision_from_json(raw, FIRST_EVENT[self.version])
        except DecisionError as exc:
            self.fail(said_of(exc), line, self.where[(*path, exc.key)][1])
        self.decisions.append(raw)

    def take(self, line: Line, toks: list[Tok], after: Tok, what: str, path: Path) -> Tok:
        """The first of ``toks`` (taken off the list), the value at document ``path``; an error after
        token ``after`` when there is none before the ``#``."""
        if not toks or toks[0].is_hash:
            self.fail(
                said(f"{after.shown} 后面应为{phrase_zh(what)}", f"expected {what} after {after.shown}"),
                line,
                after.end,
            )
        tok = toks.pop(0)
        self.note(path, line, tok.col)
        return tok

    def referee(self, line: Line, after: Tok, toks: list[Tok], path: Path) -> tuple[str, list[Tok]]:
        """The referee's name after token ``after`` (one token as typed, or a JSON string) and the
        tokens after it."""
        tok = self.take(line, toks, after, "the referee's name", path)
        if tok.raw[0] in QUOTES and tok.raw[0] != '"':
            self.fail(
                said(
                    f'名字要用半角双引号 "..." 括起，不是 {tok.raw[0]!r}',
                    f'quote a name in ASCII double quotes, "...", not {tok.raw[0]!r}',
                ),
                line,
                tok.col,
            )
        if tok.raw[0] != '"':
            return tok.raw, toks
        try:
            name, end = json_string(line.text[tok.col - 1 :])
        except Syntax as exc:
            self.fail(said(f"裁判的名字：{zh_of(exc.message)}", f"the referee's name: {exc.message}"), line, tok.col)
        stop = tok.col - 1 + end  # the index just past the closing quote
        if stop < len(line.text) and line.text[stop] not in SEP:
            self.fail(said("引号括起的名字后面应有空格", "expected a space after the quoted name"), line, stop + 1)
        return name, [t for t in toks if t.col > stop]
