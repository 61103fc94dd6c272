"""One numbering of a deal's events and steps: the one rule every page, the CLI, the HTML report, the ruling sheet
and the CSV downloads number them by.

**The rule.** Events are counted as people count them: the first event of a deal is 1 ("第 1 手", "event 1").
Step 0 is the table as dealt; step k is the table after event k. So event k is played on the table of step k - 1
and leaves the table of step k, and the Replay page's step k shows event k as the one just played.

In code an event is its place in the log, counted from 0 (``log.events[i]``, ``Verdict.index``,
``Finding.index``, ``Decision.event``, the JSON's ``"index"``): event number ``i + 1`` (``event_number``),
played on ``replay.states[i]`` and leaving ``replay.states[i + 1]`` (``step_after``). A number a person typed
is turned back with ``event_index``. Words for an event come from ``event_words`` alone. A log's decisions name
their event by its number (format ``fupan/2``; ``fupan/1`` counted from 0: ``replay.formats.decisions``).
"""

from __future__ import annotations


def event_number(index: int) -> int:
    """The number a person reads for the event at ``index`` in the log (counted from 0): ``index + 1``."""
    return index + 1


def event_index(number: int) -> int:
    """The log's index (from 0) of event ``number`` (from 1), the inverse of ``event_number``."""
    return number - 1


def step_after(index: int) -> int:
    """The step that shows the table after the event at ``index``: step k is the table after event k."""
    return index + 1


def event_words(index: int) -> tuple[str, str]:
    """The event at ``index`` (from 0) in words, (Chinese, English): "第 27 手", "event 27" for index 26."""
    n = event_number(index)
    return f"第 {n} 手", f"event {n}"


def event_in(index: int, lang: str) -> str:
    """``event_words`` in ``lang`` ("zh" or "en")."""
    zh, en = event_words(index)
    return zh if lang == "zh" else en


def step_words(step: int, total: int | None = None) -> tuple[str, str]:
    """A step in words, (Chinese, English): "第 3 / 40 步", "step 3 / 40" (``total`` the last step), "第 3 步"."""
    if total is None:
        return f"第 {step} 步", f"step {step}"
    return f"第 {step} / {total} 步", f"step {step} / {total}"
