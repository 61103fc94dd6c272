"""``fupan check`` and ``fupan score`` over several logs or a folder (issue 17): one line per log in order,
``--json`` a list (each object with its ``source``; a log that cannot be read gives its ``error``), and the exit
code the worst of the logs' (0 legal, 1 illegal, 2 unreadable, 3 a bug), every other log read all the same."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from paths import CASE_LOGS

import cli
from data.make_samples import SAMPLES_DIR

CASES = CASE_LOGS
LEGAL = CASES / "TURN-ORDER.legal.txt"
ILLEGAL = CASES / "TURN-ORDER.illegal.txt"


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, list[str], str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def _evening(tmp_path: Path) -> Path:
    """A folder of logs as a club night leaves them: two legal deals, an illegal one, a file that is no log, a
    note that is not a log file at all, and a sub-folder with one more deal."""
    night = tmp_path / "night"
    (night / "late").mkdir(parents=True)
    shutil.copy(LEGAL, night / "a-legal.txt")
    shutil.copy(ILLEGAL, night / "b-illegal.txt")
    (night / "c-broken.json").write_text('{"format": "fupan-log", "events": [', encoding="utf-8")
    (night / "notes.md").write_text("not a log", encoding="utf-8")
    shutil.copy(sorted((SAMPLES_DIR / "gouji").glob("*.json"))[0], night / "late" / "d-deal.json")
    return night


def test_check_of_a_folder_gives_one_line_per_log_and_the_worst_exit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    night = _evening(tmp_path)
    code, lines, err = run(capsys, "check", night)
    assert code == 2  # an unreadable log is the worst here
    assert err == ""
    assert [line.split(":")[0] for line in lines] == [
        str(night / "a-legal.txt"),
        str(night / "b-illegal.txt"),
        str(night / "c-broken.json"),
        str(night / "late" / "d-deal.json"),
    ]
    assert "all legal" in lines[0]
    assert "1 illegal; first: event" in lines[1] and "[TURN-ORDER]" in lines[1]
    assert lines[2].endswith("(not read)") and ":1:" in lines[2]  # the place in the broken file
    assert lines[3].endswith("all legal")  # a sample deal with its hands: nothing unverified


def test_check_of_several_legal_logs_exits_0_and_an_illegal_one_makes_it_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, lines, _ = run(capsys, "check", LEGAL, LEGAL)
    assert code == 0 and len(lines) == 2
    code, lines, _ = run(capsys, "check", LEGAL, ILLEGAL, "--lenient")
    assert code == 1 and len(lines) == 2
    assert "(strict" not in lines[1]  # --lenient reads on: no stop


def test_check_json_of_several_logs_is_a_list_with_sources(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    night = _evening(tmp_path)
    code = cli.main(["check", str(night), "--json"])
    docs: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    assert code == 2
    assert [Path(d["source"]).name for d in docs] == ["a-legal.txt", "b-illegal.txt", "c-broken.json", "d-deal.json"]
    assert docs[0]["ok"] is True and docs[1]["ok"] is False
    assert "error" in docs[2] and "verdicts" not in docs[2]
    single = cli.main(["check", str(LEGAL), "--json"])
    one = json.loads(capsys.readouterr().out)
    assert single == 0 and isinstance(one, dict)  # one log: the object as ever
    assert {k: v for k, v in docs[0].items() if k != "source"} == one


def test_score_of_several_logs_one_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    logs = [sorted((SAMPLES_DIR / g).glob("*.json"))[0] for g in ("gouji", "baohuang", "shengji")]
    code, lines, _ = run(capsys, "score", *logs)
    assert code == 0 and len(lines) == 3
    assert lines[0].startswith(f"{logs[0]}: places 1st to last: seats ") and "Team A (0·2·4)" in lines[0]
    assert "皇帝 seat" in lines[1]
    assert "levels Team A (0·2)" in lines[2] and "defenders" in lines[2]
    code = cli.main(["score", *map(str, logs), "--json"])
    docs = json.loads(capsys.readouterr().out)
    assert [d["source"] for d in docs] == [str(p) for p in logs]
    for path, doc in zip(logs, docs, strict=True):
        cli.main(["score", str(path), "--json"])
        assert {k: v for k, v in doc.items() if k != "source"} == json.loads(capsys.readouterr().out)


def test_stdin_is_read_alone_and_an_empty_folder_is_said(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "check", "-", LEGAL)
    assert code == 2 and "standard input" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run(capsys, "check", empty)
    assert code == 2 and "no log files" in err


def test_a_folder_lists_deals_in_natural_order(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An evening's d1 .. d12 are checked (and imported) as numbered, not as text sorts them (d1, d10, d11, d2)."""
    night = tmp_path / "night"
    for sub in ("day10", "day9"):
        (night / sub).mkdir(parents=True)
        for n in (10, 2, 1):
            shutil.copy(LEGAL, night / sub / f"d{n}.txt")
    code, lines, _ = run(capsys, "check", night)
    assert code == 0
    assert [line.split(":")[0] for line in lines] == [
        str(night / sub / f"d{n}.txt") for sub in ("day9", "day10") for n in (1, 2, 10)
    ]


def test_a_reading_command_refuses_a_library_file_that_does_not_exist(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """fupan export of a SQLite file that is not there says so (it used to make an empty library and write
    nothing), and makes neither the file nor its folder."""
    db = tmp_path / "nowhere" / "x.db"
    code, out, err = run(capsys, "export", "--out", str(tmp_path / "out"), "--db", f"sqlite:///{db}")
    assert code == 2
    assert f"no deal library at {db}" in err
    assert not db.parent.exists()
    assert out == []
