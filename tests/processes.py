"""What the tests of long work share (issue 33, item 5): child processes read from /proc, a wait for a condition,
the long logs a visitor may paste (item 6) and a number read from a library."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, ended but not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def children(pid: int) -> set[int]:
    """The live child processes of ``pid``, from /proc (Linux)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(c) for c in (task / "children").read_text().split()}
        except OSError:
            continue
    return {c for c in found if alive(c)}


def wait_for(check: Callable[[], bool], seconds: float) -> bool:
    """Whether ``check()`` came true within ``seconds`` (asked every 0.1 s)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return check()


def long_log(n: int) -> str:
    """A 够级 log of ``n`` + 1 events in the text notation: a lead, then one seat's illegal plays and passes, each a
    finding of the coach (some 8 bytes an event: 73,000 events in 600 KB, within the 2 MB of a paste)."""
    lines = ["fupan/1 gouji", "profile gouji-logged", "events", "0 play 5"]
    lines += ["1 pass" if k % 2 else "1 play 3" for k in range(n)]
    return "\n".join(lines) + "\n"


def long_json(n: int) -> str:
    """``long_log``'s log in JSON on one line, some 34 bytes an event (a text box of tens of thousands of lines stalls
    the browser itself)."""
    events: list[dict[str, object]] = [{"seat": 0, "action": "play", "cards": ["5"]}]
    events += [
        {"seat": 1, "action": "pass"} if k % 2 else {"seat": 1, "action": "play", "cards": ["3"]} for k in range(n)
    ]
    return json.dumps(
        {"format": "fupan/1", "game": "gouji", "profile": "gouji-logged", "events": events}, separators=(",", ":")
    )


def number_in(db_url: str, query: str) -> int:
    """The one number ``query`` (SQL) reads from the library at ``db_url``."""
    from sqlalchemy import text

    from data.database import open_db

    engine = open_db(db_url)
    try:
        with engine.connect() as c:
            return int(c.execute(text(query)).scalar_one())
    finally:
        engine.dispose()
