"""``fupan delete``, ``fupan deletions`` and ``fupan restore`` (``cli.deletions``) on a SQLite library file: what
each prints, the deal out of the library and back, and a bad number said in one line with exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

import cli
from data.database import open_db
from data.deletions import deletions
from data.make_samples import SAMPLES_DIR
from data.queries import deals, has_deal

MATCH = sorted((SAMPLES_DIR / "gouji").glob("gouji-2026-09-01-d*.json"))[:3]


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """``fupan ARGS``: the exit code, standard output and standard error."""
    code = cli.main([str(a) for a in args])
    return (code, *capsys.readouterr())


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """``--db`` of a library holding three deals of one match."""
    url = f"sqlite:///{tmp_path / 'lib.db'}"
    assert run(capsys, "import", *MATCH, "--jobs", "1", "--db", url)[0] == 0
    return ["--db", url]


def test_delete_list_and_restore(capsys: pytest.CaptureFixture[str], db: list[str]) -> None:
    engine = open_db(db[1])
    try:
        row = deals(engine).set_index("id").loc[2]
        code, out, err = run(capsys, "delete", "2", "--reason", "录错了 wrong table", *db)
        assert code == 0 and err.startswith("library: ")
        assert out.splitlines() == [
            f"deleted deal 2 ({row['date']} · {row['match']} · #{row['deal']}): deletion 1",
            "fupan restore 1 brings it back",
        ]
        assert not has_deal(engine, 2) and [d.deal_id for d in deletions(engine)] == [2]

        code, out, _ = run(capsys, "deletions", *db)
        (line,) = out.splitlines()
        number, when, who, deal, label, reason = line.split("\t")
        assert (number, who, deal, reason) == ("1", "by the owner", "deal 2", "录错了 wrong table")
        assert when.endswith(" UTC") and label == f"{row['date']} · {row['match']} · #{row['deal']}" and code == 0

        code, out, _ = run(capsys, "restore", "1", *db)
        assert (code, out) == (0, f"restored deletion 1 ({label}): deal 2\n") and has_deal(engine, 2)
        assert run(capsys, "deletions", *db)[:2] == (0, "no deletions to restore\n")
        code, out, _ = run(capsys, "deletions", "--all", *db)
        assert code == 0 and out.startswith(line + "\trestored as deal 2 on ") and out.endswith(" by the owner\n")
    finally:
        engine.dispose()


def test_a_bad_number_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], db: list[str], tmp_path: Path) -> None:
    assert run(capsys, "delete", "99", *db)[::2] == (2, "library: " + db[1] + "\nfupan: no deal 99 in the library\n")
    assert run(capsys, "restore", "7", *db)[2].splitlines()[-1] == "fupan: no deletion 7"
    assert run(capsys, "delete", "1", *db)[0] == 0
    assert run(capsys, "restore", "1", *db)[0] == 0
    code, out, err = run(capsys, "restore", "1", *db)
    assert (code, out) == (2, "")
    assert err.splitlines()[-1].startswith("fupan: deletion 1 was restored already, by the owner on ")
    assert err.endswith(" UTC, as deal 1\n")
    with pytest.raises(SystemExit) as argparse_exit:
        cli.main(["restore", "one", *db])
    assert argparse_exit.value.code == 2
    assert "argument DELETION_ID: invalid int value: 'one'" in capsys.readouterr().err
    missing = tmp_path / "elsewhere.db"
    assert run(capsys, "deletions", "--db", f"sqlite:///{missing}") == (2, "", f"fupan: no deal library at {missing}\n")
    assert not missing.exists()
