"""cli.common.progress_bar: tqdm's bar with the time left of ``coach.eta`` (measured on the work done so far, by the
units' predicted costs), and the bar of ``fupan coach --evaluate`` told of each decision priced."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

import cli
from cli.common import progress_bar
from coach.eta import Eta

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "samples" / "gouji" / "gouji-2026-09-22-d5.json"


class _Terminal(io.StringIO):
    """Standard error as a terminal (the bars are drawn only there)."""

    def isatty(self) -> bool:
        return True


def test_the_bar_says_estimating_then_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    eta = Eta([90.0, 5.0, 3.0, 2.0])
    show = progress_bar("deals", eta=eta)
    show(0, 4)  # nothing done yet
    assert "0/4" in err.getvalue() and "time left: estimating…" in err.getvalue()
    show(4, 4)  # the bar counts in order the units the run did not tell of (all four here)
    assert eta.done == 4 and eta.fraction == 1.0
    assert "4/4" in err.getvalue() and "0 s left" in err.getvalue().split("\r")[-1]


def test_an_import_predicts_each_file_by_its_bytes(tmp_path: Path) -> None:
    from cli.library import FILE_COST, file_costs
    from replay.formats.logfiles import LogFile

    big, small = tmp_path / "big.json", tmp_path / "small.json"
    big.write_bytes(b"x" * 50_000)
    small.write_bytes(b"x" * 100)
    costs = file_costs([LogFile(big), LogFile(small), LogFile(tmp_path / "gone.json"), LogFile(small, skip="fifo")])
    assert costs == [50_000 + FILE_COST, 100 + FILE_COST, FILE_COST, FILE_COST]


def test_coach_evaluate_draws_the_time_left_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    code = cli.main(["coach", str(SAMPLE), "--evaluate", "--rollouts", "2", "--candidates", "2", "--jobs", "1"])
    monkeypatch.undo()
    capsys.readouterr()
    bar = err.getvalue()
    assert code in (0, 1)
    assert "decisions/s" in bar and "estimating…" in bar and " s left" in bar
    last = bar.split("\r")[-1]
    assert "100%" in last and "0 s left" in last
