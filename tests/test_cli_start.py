"""A command imports what it needs, no more (issue 17): ``fupan check`` and ``fupan score`` of a 够级 log import
neither the deal library (SQLAlchemy, SQLModel, the data package), nor the dashboard's libraries, nor the coach,
the referee's modules or another game's engine. Each runs in a fresh interpreter, which then lists its modules.
(How long the start takes is measured by ``bench/bench_cli.py``, not here.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from data.make_samples import SAMPLES_DIR

ROOT = Path(__file__).resolve().parent.parent
GOUJI = sorted((SAMPLES_DIR / "gouji").glob("*.json"))[0]
#: the first part of a module's name that a command on one 够级 log must not import
NEVER = {
    "sqlalchemy",
    "sqlmodel",
    "alembic",
    "psycopg",
    "pandas",
    "numpy",
    "plotly",
    "streamlit",
    "data",
    "coach",
    "referee",
    "views",
    "cli_shengji",
    "hashlib",
}
#: modules of the other games (their rows of the rule register, ``replay.*_rules``, are the register's)
OTHER_GAMES = ("replay.baohuang", "replay.shengji")

PROBE = """
import json, sys
import cli
code = cli.main(sys.argv[1:])
sys.stdout.flush()
print("\\nMODULES " + json.dumps(sorted(sys.modules)))
sys.exit(code)
"""


def _imported(*args: str) -> tuple[int, set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("MODULES "), done.stdout[-2000:] + done.stderr[-2000:]
    return done.returncode, set(json.loads(last.removeprefix("MODULES ")))


@pytest.mark.parametrize("command", ["check", "score"])
def test_a_command_on_one_gouji_log_imports_no_library_dashboard_coach_or_other_game(command: str) -> None:
    code, modules = _imported(command, str(GOUJI))
    assert code == 0
    assert "replay.gouji" in modules  # it did replay the deal
    other = [m for m in modules if m.startswith(OTHER_GAMES) and not m.endswith("_rules")]
    wrong = sorted([m for m in modules if m.split(".")[0] in NEVER] + other)
    assert wrong == []


def test_the_library_commands_still_tell_their_errors_apart(tmp_path: Path) -> None:
    """The lazy imports do not break a command that does use the library: its errors are still told apart
    (a damaged database: exit 2 and one line, not an internal error)."""
    bad = tmp_path / "damaged.db"
    bad.write_bytes(b"not a database " * 100)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "export", "--db", f"sqlite:///{bad}", "--out", str(tmp_path / "out")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "damaged" in done.stderr and "internal error" not in done.stderr
