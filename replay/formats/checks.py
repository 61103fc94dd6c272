"""The checks of a log's claims beside its play (``replay.formats.log`` reads the rest): the previous deal in ``meta``, the
claimed ``result`` (finish order, teams, sweep; 升级's points and levels), each refused with a ``DocError`` at its
JSON path, in Chinese and English (``replay.core.said``).
"""

from __future__ import annotations

import math
from typing import Any

from replay import games
from replay.core.said import said
from replay.formats.event_json import DocError, doc_int, json_text
from replay.formats.log_doc import LEVELS_KEYS, POINTS_KEYS, PREVIOUS_KEYS, RESULT_KEYS, SHEET_KEYS
from replay.formats.words import OBJECT, SEAT_LIST, unknown_key

_j = json_text  # a value as the canonical text writes it

LEVEL_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")  # 升级 level tokens


def _check_previous(value: Any, n: int) -> None:
    path = ["meta", "previous"]
    if not isinstance(value, dict):
        raise DocError(path, OBJECT)
    for key, v in value.items():
        if key not in PREVIOUS_KEYS:
            raise DocError([*path, key], unknown_key(key, PREVIOUS_KEYS))
        if key == "finish_order":
            _check_order(v, n, [*path, key])
        else:
            doc_int(v, [*path, key], "a seat", 0, n - 1)


def _check_order(order: Any, n: int, path: list[Any]) -> None:
    if not isinstance(order, list):
        raise DocError(path, SEAT_LIST)
    for i, s in enumerate(order):
        doc_int(s, [*path, i], "a seat", 0, n - 1)
    if len(set(order)) != len(order):
        raise DocError(path, said("列表中有座位出现两次", "a seat appears twice in the list"))


def _check_result(result: Any, n: int, game: str) -> None:
    if not isinstance(result, dict):
        raise DocError(["result"], OBJECT)
    if not bool(result):
        raise DocError(
            ["result"],
            said(
                f"空的 result 什么也没有记：写出记录的结果（{'、'.join(games.get(game).result_keys)}），或者去掉 'result'",
                f"an empty result claims nothing: give what is claimed ({', '.join(games.get(game).result_keys)}), "
                "or leave 'result' out",
            ),
        )
    for key, v in result.items():
        if key not in RESULT_KEYS:
            raise DocError(["result", key], unknown_key(key, RESULT_KEYS))
        why = games.misplaced("result", key, game)
        if why:
            raise DocError(["result", key], why)
        if key == "finish_order":
            _check_order(v, n, ["result", key])
        elif key == "sweep" or SHEET_KEYS.get(key) == "flag":
            if not isinstance(v, bool):
                raise DocError(["result", key], said("应为 true 或 false", "expected true or false"))
        elif SHEET_KEYS.get(key) == "seat":
            doc_int(v, ["result", key], "a seat", 0, n - 1)
        elif key == "points":  # 升级
            _check_points(v)
        elif key == "levels":  # 升级
            _check_result_levels(v)
        else:
            if not isinstance(v, list):
                raise DocError(
                    ["result", key], said("应为 {seats, points} 的列表", "expected a list of {seats, points}")
                )
            for i, t in enumerate(v):
                p = ["result", key, i]
                if not (isinstance(t, dict) and set(t) == {"seats", "points"}):
                    raise DocError(
                        p, said('应为 {"seats": [...], "points": N}', 'expected {"seats": [...], "points": N}')
                    )
                _check_order(t["seats"], n, [*p, "seats"])
                pts = t["points"]
                if not (isinstance(pts, (int, float)) and not isinstance(pts, bool) and math.isfinite(pts)):
                    raise DocError([*p, "points"], said("应为有限的数", "expected a finite number"))


def _check_points(value: Any) -> None:
    """升级 result.points: {"defenders": N, "kitty": N}, each key optional, whole numbers."""
    path = ["result", "points"]
    if not isinstance(value, dict):
        raise DocError(path, said('应为 {"defenders": N, "kitty": N}', 'expected {"defenders": N, "kitty": N}'))
    for key, v in value.items():
        if key not in POINTS_KEYS:
            raise DocError([*path, key], unknown_key(key, POINTS_KEYS))
        doc_int(v, [*path, key], "a number of card points", 0, 10**6)


def _check_result_levels(value: Any) -> None:
    """升级 result.levels: {"before": [level, level], "after": [level, level]}, each key optional."""
    path = ["result", "levels"]
    if not isinstance(value, dict):
        raise DocError(
            path,
            said(
                '应为 {"before": [级, 级], "after": [级, 级]}',
                'expected {"before": [level, level], "after": [level, level]}',
            ),
        )
    for key, v in value.items():
        if key not in LEVELS_KEYS:
            raise DocError([*path, key], unknown_key(key, LEVELS_KEYS))
        _check_levels(v, [*path, key])


def _check_levels(value: Any, path: list[Any]) -> tuple[str, str]:
    """The two sides' levels (side 0 = seats 0 and 2, side 1 = seats 1 and 3), each a level token."""
    if not (isinstance(value, list) and len(value) == 2):
        raise DocError(
            path,
            said(
                f"应为两方的级（方0、方1），各为 {'、'.join(LEVEL_NAMES)} 之一；不是 {_j(value)}",
                f"expected the two sides' levels (side 0, side 1), each one of {', '.join(LEVEL_NAMES)}; got {_j(value)}",
            ),
        )
    for i, t in enumerate(value):
        if t not in LEVEL_NAMES:
            raise DocError(
                [*path, i],
                said(
                    f"应为一个级，{'、'.join(LEVEL_NAMES)} 之一；不是 {_j(t)}",
                    f"expected a level, one of {', '.join(LEVEL_NAMES)}; got {_j(t)}",
                ),
            )
    return value[0], value[1]
