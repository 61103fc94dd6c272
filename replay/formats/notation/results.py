"""Reading the text notation (``replay.formats.notation.read``), part three: the result lines (``result`` with the
places, the points, the levels and the teams), checked as the JSON reader checks a claimed result
(``replay.formats.checks``). ``replay.formats.notation.read._Reader`` adds the header, the deal and the meta lines.
"""

from __future__ import annotations

import re
from typing import Any

from replay import games
from replay.core.said import said
from replay.formats.event_json import doc_int
from replay.formats.log_doc import LEVELS_KEYS, POINTS_KEYS, SHEET_KEYS
from replay.formats.notation.events import LineReader, Path
from replay.formats.notation.lex import (
    Line,
    or_list,
    or_list_zh,
    to_int,
)
from replay.formats.words import twice

#: a number of points: an integer, a decimal, inf
_FLOAT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|-?inf")


class ResultReader(LineReader):
    """The reader of the result lines, over the token helpers and the event lines of LineReader."""

    def _result(self, line: Line) -> None:
        words = line.words
        result = {} if self.result is None else self.result
        self.result = result
        self.where.setdefault(("result",), (line.number, words[0].col))
        if len(words) == 1:
            return
        key = words[1]
        name = {"finish": "finish_order", "team": "teams"}.get(key.word, key.word)
        why = games.misplaced("result", name, self.game)
        if why:
            self.fail(why, line, key.col)
        if key.word == "points":
            self._points(line, result)
        elif key.word == "levels":
            self._result_levels(line, result)
        elif key.word in ("finish", "finish_order"):
            if "finish_order" in result:
                self.fail(twice("result finish"), line, key.col)
            path: Path = ("result", "finish_order")
            self.note(path, line, key.col)
            result["finish_order"] = self.order(line, words[2:], path)
        elif key.word == "sweep" or SHEET_KEYS.get(key.word) == "flag":
            self._flag(line, result)
        elif SHEET_KEYS.get(key.word) == "seat":
            if key.word in result:
                self.fail(twice(f"result {key.word}"), line, key.col)
            if len(words) < 3:
                self.fail(said(f"'{key.word}' 后面应为座位号", f"expected a seat after '{key.word}'"), line, key.end)
            path = ("result", key.word)
            self.note(path, line, key.col)
            result[key.word] = self.seat(line, words[2], path)
            self.no_more(line, words[3:], "a seat")
        elif key.word == "team":
            self._team(line, result.setdefault("teams", []))
        elif key.word == "teams":
            self.no_more(line, words[2:], "'teams' (write one 'result team SEATS = POINTS' line per team)")
            result.setdefault("teams", [])
        else:
            typed = {"finish_order": "finish", "teams": "team"}
            ok = [typed.get(k, k) for k in games.get(self.game).result_keys]
            self.fail(
                said(
                    f"'result' 后面没有键 {key.shown}（应为 {or_list_zh(ok)}）",
                    f"unknown key {key.shown} after 'result' (expected {or_list(ok)})",
                ),
                line,
                key.col,
            )

    def _flag(self, line: Line, result: dict[str, Any]) -> None:
        """``result sweep true`` and the other yes/no keys (``SHEET_KEYS``'s flags): ``true`` or ``false``."""
        words = line.words
        key = words[1]
        name = key.word
        if name in result:
            self.fail(twice(f"result {name}"), line, key.col)
        if len(words) < 3:
            self.fail(said(f"'{name}' 后面应为 true 或 false", f"expected true or false after '{name}'"), line, key.end)
        if words[2].word not in ("true", "false"):
            self.fail(
                said(
                    f"'{name}' 后面应为 true 或 false，不是 {words[2].shown}",
                    f"expected true or false after '{name}', got {words[2].shown}",
                ),
                line,
                words[2].col,
            )
        self.no_more(line, words[3:], "true or false")
        self.note(("result", name), line, key.col)
        result[name] = words[2].word == "true"

    def _points(self, line: Line, result: dict[str, Any]) -> None:
        """``result points [defenders N] [kitty N]`` (升级, JSON ``result.points``)."""
        key = line.words[1]
        if "points" in result:
            self.fail(twice("result points"), line, key.col)
        path: Path = ("result", "points")
        self.note(path, line, key.col)
        points: dict[str, int] = {}
        toks = line.words[2:]
        for k in range(0, len(toks), 2):
            name = toks[k]
            if name.word not in POINTS_KEYS:
                self.fail(
                    said(
                        f"'result points' 后面没有键 {name.shown}（应为 {or_list_zh(list(POINTS_KEYS))}）",
                        f"unknown key {name.shown} after 'result points' (expected {or_list(list(POINTS_KEYS))})",
                    ),
                    line,
                    name.col,
                )
            if name.word in points:
                self.fail(twice(f"result points {name.word}"), line, name.col)
            if k + 1 >= len(toks):
                self.fail(
                    said(f"'{name.word}' 后面应为分数", f"expected the points after '{name.word}'"), line, name.end
                )
            value = self.integer(line, toks[k + 1], f"the {name.word} points")
            self.note((*path, name.word), line, toks[k + 1].col)
            points[name.word] = self.checked(doc_int, value, [*path, name.word], "a number of card points", 0, 10**6)
        result["points"] = points

    def _result_levels(self, line: Line, result: dict[str, Any]) -> None:
        """``result levels [before L0 L1] [after L0 L1]`` (升级, JSON ``result.levels``)."""
        key = line.words[1]
        if "levels" in result:
            self.fail(twice("result levels"), line, key.col)
        path: Path = ("result", "levels")
        self.note(path, line, key.col)
        levels: dict[str, list[str]] = {}
        toks = line.words[2:]
        k = 0
        while k < len(toks):
            name = toks[k]
            if name.word not in LEVELS_KEYS:
                self.fail(
                    said(
                        f"'result levels' 后面没有键 {name.shown}（应为 {or_list_zh(list(LEVELS_KEYS))}）",
                        f"unknown key {name.shown} after 'result levels' (expected {or_list(list(LEVELS_KEYS))})",
                    ),
                    line,
                    name.col,
                )
            if name.word in levels:
                self.fail(twice(f"result levels {name.word}"), line, name.col)
            pair = toks[k + 1 : k + 3]
            levels[name.word] = self.level_pair(line, name, pair, (*path, name.word), f"'{name.word}'")
            k += 3
        result["levels"] = levels

    def _team(self, line: Line, teams: list[dict[str, Any]]) -> None:
        words = line.words[2:]
        eq = next((k for k, t in enumerate(words) if t.word == "="), None)
        if eq is None:
            at = words[-1].end if words else line.words[1].end
            self.fail(
                said(
                    "应为这一队的座位号，然后是 '=' 和它的分数（result team 0 2 4 = 12）",
                    "expected the team's seats, then '=' and its points (result team 0 2 4 = 12)",
                ),
                line,
                at,
            )
        path: Path = ("result", "teams", len(teams))
        self.note(path, line, line.words[1].col)
        seats = [self.seat(line, t, (*path, "seats", j)) for j, t in enumerate(self.items(line, words[:eq], "a seat"))]
        if eq + 1 >= len(words):
            self.fail(said("'=' 后面应为这一队的分数", "expected the team's points after '='"), line, words[eq].end)
        tok = words[eq + 1]
        number = to_int(tok.word)
        if number is not None:
            points: int | float = number
        elif _FLOAT.fullmatch(tok.word):
            points = float(tok.word)
        else:
            self.fail(
                said(
                    f"应为这一队的分数（一个数），不是 {tok.shown}",
                    f"expected the team's points (a number), got {tok.shown}",
                ),
                line,
                tok.col,
            )
        self.note((*path, "points"), line, tok.col)
        self.no_more(line, words[eq + 2 :], "the points")
        teams.append({"seats": seats, "points": points})
