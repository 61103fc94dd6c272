"""One line of moves in the text notation, as a person types a variation (``fupan branch --play``, the dashboard's
move box): the event lines of a text log (``SEAT ACTION [TO] [CARDS]``, the Chinese action words of the log's game,
the shorthand ``SEAT: CARDS`` / ``SEAT: -``), several moves separated by ``;`` (``；``) or a new line. The text log's
own event reader reads them (``replay.formats.notation.events.LineReader``), so a move is refused at its column as a
log's event line is.
"""

from __future__ import annotations

import re

from replay.core.events import Event
from replay.core.said import said
from replay.formats.event_json import event_from_json
from replay.formats.limits import LIMITS
from replay.formats.log_doc import LogError
from replay.formats.notation.events import LineReader
from replay.formats.notation.lex import Line, is_comment

_SPLIT = re.compile(r"[;；\n]")


def read_moves(text: str, game: str, n: int, source: str = "<moves>") -> tuple[Event, ...]:
    """The events of ``text`` (one or more moves of ``game``'s ``n`` seats); LogError at the move's column
    (``line`` is the move's number in ``text``, from 1) for anything a log's event line would refuse."""
    reader = LineReader(source, LIMITS)
    reader.game, reader.n = game, n
    number = 0
    for part in _SPLIT.split(text.removesuffix("\r")):
        stripped = part.strip()
        if not stripped or is_comment(stripped):
            continue
        number += 1
        reader._event(Line.of(number, part))
    if not reader.events:
        raise LogError(
            said("没有着法：应为如 “3 出 Q Q Q Q”", 'no move: expected one such as "3 play Q Q Q Q"'), source
        )
    return tuple(event_from_json(raw, i, n) for i, raw in enumerate(reader.events))
