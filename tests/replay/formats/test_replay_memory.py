"""A log within the limits costs little (issue 33, item 14): ``fupan replay --json`` of a 100,000-event, 2.7 MB log
took 213 s and 2.2 GB, the whole document built before a byte was written. The JSON of every command is now
written in parts, byte for byte what ``json.dumps(doc, ensure_ascii=False, indent=2)`` gave (replay/formats/json_out.py),
and ``replay --json`` makes each step's view as it writes it. Each command on such a log runs within 10 times the
CPU time of ``fupan check`` of it, and under 1 GB."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

from data.make_samples import SAMPLES_DIR
from replay.formats.json_out import indented, write_json
from replay.formats.limits import MAX_EVENTS, MAX_LOG_BYTES
from replay.formats.log import parse_log, read_log
from replay.replay import Replay

GB = 1 << 30


def standard(doc: Any) -> str:
    """What the commands printed before: the whole document at once."""
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def written(doc: Any) -> str:
    out = io.StringIO()
    write_json(out, doc)
    return out.getvalue()


# ---------------------------------------------------------------------------------------------
# The same bytes


ODD = [
    {},
    [],
    "",
    0,
    -7,
    1.5,
    float("inf"),
    None,
    True,
    {"a": []},
    {"a": {}},
    [[], {}, [[]]],
    ["AS", "AS", "??"],
    ["AS", 1, True, None, 2.5],
    [1, True],
    [True, 1],  # equal to [1, True] as tuples: a memo by value alone would mix them up
    ("10C", "10C"),
    {"1": "a", 1: "b", None: "d", 2.5: "e"},  # keys json.dumps turns into strings
    {"x": 1, False: "c"},
    {"zh": '头科 "引号" \\ \n\t\u2028', "en": "1st"},
    {"nested": {"deep": {"deeper": ["x", ["y", {"z": [1, 2.0]}]]}}},
    {"hands": {"0": ["BJ", "SJ"], "1": []}, "cards": ["BJ", "SJ"]},  # one list at two indents
]


@pytest.mark.parametrize("doc", ODD, ids=[json.dumps(d, ensure_ascii=False)[:30] for d in ODD])
def test_json_is_written_as_json_dumps_writes_it(doc: Any) -> None:
    assert written(doc) == standard(doc)
    assert indented(doc) == json.dumps(doc, ensure_ascii=False, indent=2)
    assert written({"steps": [doc, doc], "n": 2}) == standard({"steps": [doc, doc], "n": 2})


def test_an_iterator_is_written_as_the_list_it_gives() -> None:
    items = [{"step": k, "hands": {"0": ["AS"] * k}} for k in range(4)]
    assert written({"steps": iter(items)}) == standard({"steps": items})
    assert written({"steps": iter([])}) == standard({"steps": []})
    assert written(iter(items)) == standard(items)


def test_each_item_is_written_before_the_next_is_made() -> None:
    out = io.StringIO()

    def steps() -> Iterator[dict[str, int]]:
        for k in range(3):
            assert out.getvalue().count('"step"') == k  # the ones before are written already
            yield {"step": k}

    write_json(out, {"steps": steps()})
    assert json.loads(out.getvalue()) == {"steps": [{"step": 0}, {"step": 1}, {"step": 2}]}


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji", "disputes"])
def test_every_steps_json_is_what_it_was(game: str) -> None:
    """``replay --json`` of samples of every game (the disputes with illegal events, which leave the table as it
    was): ``Replay.steps_json`` is every step's view, and written in parts it is the text of the whole."""
    for path in sorted((SAMPLES_DIR / game).iterdir())[:3]:
        rep = Replay(read_log(path))
        views = [rep.view(k).to_json() for k in range(len(rep.states))]
        assert list(rep.steps_json()) == views, path
        assert written({"steps": rep.steps_json()}) == standard({"steps": views}), path


def test_a_step_that_changes_nothing_is_the_step_before_with_its_number() -> None:
    rep = Replay(parse_log(json.dumps(long_log(300))))
    steps = list(rep.steps_json())
    same = [k for k in range(1, len(steps)) if rep.states[k] is rep.states[k - 1]]
    assert len(same) > 250  # the passes out of turn
    assert all(steps[k]["hands"] is steps[k - 1]["hands"] and steps[k]["step"] == k for k in same)
    assert steps == [rep.view(k).to_json() for k in range(len(rep.states))]
    assert written({"steps": rep.steps_json()}) == standard({"steps": steps})


# ---------------------------------------------------------------------------------------------
# A log at the limits, as separate processes


def long_log(events: int) -> dict[str, Any]:
    """The issue's log: a real 够级 deal (its hands and first 20 events), then passes round the table, each seat's
    in turn, to ``events`` events (mostly illegal: replayed leniently, as a referee reads on)."""
    doc: dict[str, Any] = json.loads((SAMPLES_DIR / "gouji" / "gouji-2026-09-01-d1.json").read_text(encoding="utf-8"))
    doc.pop("result", None)
    doc["events"] = doc["events"][:20]
    doc["events"] += [{"seat": k % 6, "action": "pass"} for k in range(events - 20)]
    return doc


#: the command run by a small Python of its own, which reports the command's exit code, CPU seconds and peak memory
#: (KiB). Not a child of the test's process: on Linux a child's ``ru_maxrss`` starts from its parent's resident memory
#: when it was forked (it carries over ``exec``), so a child of a pytest worker grown past 1 GB "peaked" at 1 GB
#: whatever it used (seen in CI: two commands at the same 1025 MB, to the byte)
LAUNCH = (
    "import os, subprocess, sys\n"
    "proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
    "_, status, usage = os.wait4(proc.pid, 0)\n"
    "print(os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss)\n"
)


def measured(args: list[str], path: Path) -> tuple[float, int]:
    """The CPU seconds and the peak memory in bytes of ``fupan ARGS PATH`` (its console script) alone, its output
    thrown away."""
    with tempfile.TemporaryFile() as err:
        launched = subprocess.run(
            [sys.executable, "-c", LAUNCH, sys.executable, "-c", "import cli; cli.run()", *args, str(path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            check=False,
        )
        err.seek(0)
        assert launched.returncode == 0, err.read().decode()
        code, cpu, kib = launched.stdout.split()
        assert int(code) in (0, 1), err.read().decode()  # 1: the log has illegal events
    return float(cpu), int(kib) * 1024


def test_the_peak_measured_is_the_commands_own_not_the_test_process(tmp_path: Path) -> None:
    """A test process holding 1.2 GB measures a small command at its own few MB (a direct child would read 1.2 GB)."""
    held = bytearray(1200 * 2**20)
    held[:: 1 << 12] = b"\1" * len(held[:: 1 << 12])  # resident, page by page
    path = tmp_path / "small.json"
    path.write_text(json.dumps(long_log(40), ensure_ascii=False), encoding="utf-8")
    _, peak = measured(["check"], path)
    assert peak < 300 * 2**20, f"{peak / 2**20:.0f} MB"
    del held


COMMANDS = (
    "replay --json",
    "replay",
    "score --json",
    "coach --json",
    "coach",
    "check --json --lenient",
    "check --lenient",
)


@pytest.fixture(scope="module")
def at_the_limit(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[float, int]]:
    """The CPU seconds and peak memory of each command on a 100,000-event log (2.7 MB), and of ``fupan check``
    (the least of two runs; of the others too when the first is near the limit: the machine is shared)."""
    path = tmp_path_factory.mktemp("limit") / "long.json"
    path.write_text(json.dumps(long_log(MAX_EVENTS), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    assert 2_500_000 < path.stat().st_size < MAX_LOG_BYTES
    found = {"check": min(measured(["check"], path) for _ in range(2))}
    for command in COMMANDS:
        found[command] = measured(command.split(), path)
        if found[command][0] > 7 * found["check"][0]:
            again = measured(command.split(), path)
            found[command] = (min(found[command][0], again[0]), min(found[command][1], again[1]))
    return found


@pytest.mark.parametrize("command", COMMANDS)
def test_a_log_at_the_event_limit_costs_at_most_ten_checks(
    command: str, at_the_limit: dict[str, tuple[float, int]]
) -> None:
    """CPU time within 10 times ``fupan check``'s of the same log, and under 1 GB (its own: ``LAUNCH``)."""
    (cpu, peak), check = at_the_limit[command], at_the_limit["check"][0]
    assert cpu <= 10 * check, f"{command}: {cpu:.2f} s of CPU, {cpu / check:.1f} times check's {check:.2f} s"
    assert peak < GB, f"{command}: {peak / 2**20:.0f} MB"


@pytest.mark.parametrize("command", ["replay", "coach", "check --lenient"])
def test_the_json_takes_little_memory_beside_the_text(command: str, at_the_limit: dict[str, tuple[float, int]]) -> None:
    """``--json`` writes as it goes: its peak is at most half as much again as the same command's in text (it was
    2.9 times for the coach, 8 for check and 30 for replay)."""
    words = command.split()
    json_form = " ".join([words[0], "--json", *words[1:]])
    text, as_json = at_the_limit[command][1], at_the_limit[json_form][1]
    assert as_json <= 1.5 * text, f"{json_form}: {as_json / 2**20:.0f} MB, {command}: {text / 2**20:.0f} MB"
