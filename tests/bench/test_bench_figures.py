"""make bench's one table (bench/figures.py, bench/run.py): ratios, targets, the rows collected from each bench."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from paths import ROOT

BENCH = ROOT / "bench"
sys.path.insert(0, str(BENCH))

import figures  # noqa: E402 - bench/ is not a package: its scripts import figures from beside them
import run  # noqa: E402
from figures import Figure  # noqa: E402


def test_ratio_and_targets() -> None:
    slow = Figure("check", 30.0, "ms", baseline="json", base_value=10.0, target=2.0, load=0.5)
    assert slow.ratio == pytest.approx(3.0)
    assert slow.met is False
    assert slow.target_words() == "≤ 2×"
    fast = Figure("import", 6.0, "×", baseline="before", base_value=1.0, target=5.0, higher=True, load=0.5)
    assert fast.met is True
    assert fast.target_words() == "≥ 5×"
    page = Figure("page", 1.2, "s", target=1.0, on="value", load=0.5)
    assert page.ratio is None
    assert page.met is False
    assert page.target_words() == "≤ 1 s"
    assert Figure("no target", 1.0, "s", load=0.5).met is None
    assert Figure.from_json(slow.to_json()) == slow


def test_table_marks_a_miss_and_escapes_pipes() -> None:
    text = figures.table([Figure("a | b", 3.0, "ms", baseline="x", base_value=1.0, target=2.0, load=1.25)])
    row = text.splitlines()[2]
    assert "a \\| b" in row
    assert "**no**" in row
    assert "3.00×" in row
    assert "1.25" in row


def test_report_appends_rows_and_says_whether_all_met(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "rows.jsonl"
    monkeypatch.setenv(figures.OUT, str(out))
    assert figures.report("first", [Figure("ok", 1.0, "ms", target=2.0, on="value", load=0.0)])
    assert not figures.report("second", [Figure("slow", 3.0, "ms", target=2.0, on="value", load=0.0)])
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["bench"], r["figure"]) for r in rows] == [("first", "ok"), ("second", "slow")]


def _bench(path: Path, body: str) -> str:
    path.write_text(f"import sys\nsys.path.insert(0, {str(BENCH)!r})\nfrom figures import Figure, report\n{body}")
    return str(path)


def test_runner_collects_every_bench_into_one_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    met = _bench(tmp_path / "a.py", "raise SystemExit(0 if report('A', [Figure('fa', 1.0, 'ms', load=0.0)]) else 1)")
    missed = _bench(
        tmp_path / "b.py",
        "raise SystemExit(0 if report('B', [Figure('fb', 3.0, 'ms', target=1.0, on='value', load=0.0)]) else 1)",
    )
    crashed = _bench(tmp_path / "c.py", "raise RuntimeError('boom')")
    silent = _bench(tmp_path / "d.py", "pass")
    monkeypatch.setattr(
        run,
        "BENCHES",
        [("a", met, []), ("b", missed, []), ("c", crashed, []), ("d", silent, []), ("e", str(tmp_path / "no.py"), [])],
    )
    rows, failed = run.run(["a", "b", "c", "d", "e"], quick=False)
    assert [(f.bench, f.figure, f.met) for f in rows] == [("a", "fa", None), ("b", "fb", False)]
    assert failed == ["c", "d", "e"]
