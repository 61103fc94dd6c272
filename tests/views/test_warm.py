"""views/parts/warm.py: the library opened early and handed to the first page once; the pages' modules imported
in the background; each once per process."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from data.database import DatabaseStateError
from views.parts import warm


@pytest.fixture(autouse=True)
def fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a server that has started nothing yet."""
    monkeypatch.setattr(warm, "_STARTED", set())
    monkeypatch.setattr(warm, "_OPENING", {})


def test_the_library_opened_early_is_handed_over_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{tmp_path / 'lib.db'}")
    thread = warm.open_soon()
    assert thread is not None
    assert warm.open_soon() is None  # once per process
    engine = warm.opened()
    assert engine is not None
    with engine.connect() as conn:  # a library with its schema: open_db's work was done
        assert conn.execute(text("SELECT count(*) FROM deal")).scalar() == 0
    engine.dispose()
    assert warm.opened() is None  # handed over once: the next asks open it themselves


def test_a_library_named_after_the_opening_began_is_not_handed_the_early_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{tmp_path / 'one.db'}")
    thread = warm.open_soon()
    assert thread is not None
    thread.join(60)
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{tmp_path / 'two.db'}")
    assert warm.opened() is None
    assert warm.opened("sqlite:///elsewhere.db") is None


def test_what_opening_raised_is_raised_to_the_page_that_asks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "not-a-library.db"
    bad.write_bytes(b"this is not a SQLite file" * 100)
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{bad}")
    warm.open_soon()
    with pytest.raises(DatabaseStateError):
        warm.opened()
    assert warm.opened() is None


def test_the_pages_modules_are_imported_in_the_background(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "fupan_warm_probe.py").write_text("LOADED = True\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "fupan_warm_probe", raising=False)
    thread = warm.import_soon(["fupan_warm_no_such_module", "fupan_warm_probe"], after=0.0)  # one fails, the rest go on
    assert thread is not None
    thread.join(120)
    assert not thread.is_alive()
    assert sys.modules["fupan_warm_probe"].LOADED
    assert warm.import_soon(["fupan_warm_probe"], after=0.0) is None  # once per process
