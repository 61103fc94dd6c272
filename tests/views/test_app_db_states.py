"""Every dashboard page with a library it cannot use (views.parts.common.guarded): written by a newer fupan,
damaged, an unreachable PostgreSQL URL; one clear message on the page, no exception, one line in the
server's log. Writes from the dashboard to a read-only library, and to a library file deleted while the
dashboard runs, say so and store nothing. The sidebar names the library (tests/bad_dbs.py makes the
bad libraries; pages run as in tests/app_pages.py)."""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from app_pages import run_page
from bad_dbs import (
    FUTURE,
    UNREACHABLE,
    as_reader,
    damage,
    fill,
    make_newer,
    marked,
    pg_read_only,
    read_only_file,
    shared_folder,
    snapshot,
)
from paths import ROOT
from storage_dbs import HEAD, temp_db_url
from streamlit.testing.v1 import AppTest

from data.database import library_state, open_db
from data.importer import import_log
from views.parts import common

PAGES = ["library", "replay", "timeline", "scoring", "coach", "evaluation", "dispute", "players", "season"]
SAID = {
    "newer": ("newer fupan", FUTURE, HEAD),
    "damaged": ("damaged", "fupan export"),
    "unreachable": ("cannot open the library", "127.0.0.1:1"),
}
DAMAGED_DEAL = 4  # the deal whose row tests/bad_dbs.damage makes unreadable (the fourth imported)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite library of eight deals (copied for each test)."""
    path = tmp_path_factory.mktemp("template") / "fupan.db"
    fill(f"sqlite:///{path}")
    return path


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Empty Streamlit caches before and after (the app's engine is a cached resource)."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    st.cache_data.clear()
    st.cache_resource.clear()
    yield
    st.cache_resource.clear()
    st.cache_data.clear()


def _library_in(state: str, template: Path, tmp_path: Path) -> str:
    if state == "unreachable":
        return UNREACHABLE
    path = tmp_path / "fupan.db"
    shutil.copy(template, path)
    url = f"sqlite:///{path}"
    if state == "newer":
        make_newer(url)
    else:
        damage(path)
    return url


def _errors(at: AppTest) -> list[str]:
    return [e.value.replace("\\", "") for e in at.error]


@pytest.mark.parametrize("state", list(SAID))
@pytest.mark.parametrize("page", PAGES)
def test_every_page_says_what_is_wrong_with_the_library(
    page: str,
    state: str,
    template: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    fresh: None,
) -> None:
    monkeypatch.setenv("FUPAN_DB", _library_in(state, template, tmp_path))
    with caplog.at_level(logging.WARNING):
        at = run_page(page, DAMAGED_DEAL, lang="en")
    assert not at.exception, [e.value for e in at.exception]
    errors = _errors(at)
    assert len(errors) == 1, errors
    assert errors[0].startswith("The deal library cannot be used: ")
    for word in SAID[state]:
        assert word in errors[0], (word, errors[0])
    logged = [r for r in caplog.records if r.levelno >= logging.WARNING and not _harness(r)]
    assert [r.name for r in logged] == ["fupan.dashboard"], [r.getMessage() for r in logged]
    assert "\n" not in logged[0].getMessage() and "Traceback" not in logged[0].getMessage()


def _harness(record: logging.LogRecord) -> bool:
    """A warning of AppTest itself (it runs parts of the page outside a script run), not of the page."""
    text = record.getMessage()
    return record.name.startswith("streamlit") and ("missing ScriptRunContext" in text or "No runtime found" in text)


def _paste(at: AppTest, text: str) -> AppTest:
    (area,) = [w for w in at.text_area if w.label == "Or paste the log text"]
    area.input(text)
    (button,) = [b for b in at.button if b.label == "Import and open"]
    return button.click().run()


def test_a_library_file_deleted_while_the_dashboard_runs_stores_nothing(
    template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: None
) -> None:
    path = tmp_path / "fupan.db"
    shutil.copy(template, path)
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{path}")
    at = run_page("library", None, lang="en")
    assert not at.exception and not at.error
    moved = tmp_path / "moved-away.db"  # the same file, no longer at the library's path
    for f in tmp_path.glob("fupan.db*"):
        f.rename(tmp_path / f.name.replace("fupan.db", "moved-away.db"))
    at = _paste(at, marked(40).dumps())
    assert not at.exception
    errors = _errors(at)
    assert len(errors) == 1 and "was deleted" in errors[0] and "nothing was stored" in errors[0], errors
    assert not at.success and "deal_id" not in at.session_state
    assert not path.exists()
    assert snapshot(f"sqlite:///{moved}")["deal"] == 8  # nothing written into the file the engine had open


def test_a_backup_restored_while_the_dashboard_runs_is_read_as_it_was(
    template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: None
) -> None:
    """The dashboard stores a deal (kept in its write-ahead log, its connections open), and a backup older than
    the file is restored by rename: the dashboard says the file was replaced and closes its connections to the old
    one; opened again (a restart) it reads the backup as it was, sets the old file's -wal and -shm aside and says
    so, and stores in the backup."""
    path = tmp_path / "fupan.db"
    shutil.copy(template, path)
    shutil.copy(template, tmp_path / "backup.db")
    url = f"sqlite:///{path}"
    engine = open_db(url)
    assert import_log(engine, marked(43), "after the backup").status == "added"
    engine.dispose()  # checkpointed: the backup is older than the file
    monkeypatch.setenv("FUPAN_DB", url)
    at = _paste(run_page("library", None, lang="en"), marked(44).dumps())
    assert not at.exception and not at.error and at.success
    wal = (tmp_path / "fupan.db-wal").read_bytes()
    assert len(wal) > 32 * 1024  # the pasted deal, not in the file
    os.replace(tmp_path / "backup.db", path)  # mv backup.db fupan.db
    at = run_page("library", None, lang="en")
    errors = _errors(at)
    assert len(errors) == 1 and "replaced by another file" in errors[0], errors
    assert common.engine().pool.checkedin() == 0  # not reused
    st.cache_resource.clear()  # fupan restarted
    at = run_page("library", None, lang="en")
    assert not at.exception and not at.error
    stale = sorted(p.name for p in tmp_path.glob("fupan.db-*.stale-*"))
    assert [name.split(".stale-")[0] for name in stale] == ["fupan.db-shm", "fupan.db-wal"], stale
    (warning,) = [w.value.replace("\\", "") for w in at.warning]
    assert f"set aside as {stale[1]} and {stale[0]}" in warning and "was another file's" in warning
    assert (tmp_path / stale[1]).read_bytes() == wal
    assert len(at.dataframe[0].value) == 8  # the backup's deals, as they were
    at = _paste(at, marked(45).dumps())
    assert not at.exception and at.success
    st.cache_resource.clear()
    assert snapshot(url)["deal"] == 9


def _refuses_an_upload(url: str) -> None:
    at = run_page("library", None, lang="en")
    assert not at.exception and not at.error and at.dataframe  # it reads
    at = _paste(at, marked(41).dumps())
    assert not at.exception
    errors = _errors(at)
    assert len(errors) == 1 and errors[0].startswith("pasted text: not stored: ") and "read-only" in errors[0], errors
    assert not at.success


def test_a_read_only_postgresql_library_refuses_an_upload(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: None
) -> None:
    with temp_db_url("postgresql", tmp_path, "fupan_app_ro") as url:
        fill(url, 2)
        before = snapshot(url)
        pg_read_only(url)
        monkeypatch.setenv("FUPAN_DB", url)
        try:
            _refuses_an_upload(url)
        finally:
            st.cache_resource.clear()  # its connections, before the database is dropped
        assert snapshot(url) == before


def test_a_read_only_sqlite_library_refuses_an_upload(monkeypatch: pytest.MonkeyPatch, fresh: None) -> None:
    with shared_folder() as top:
        (top / "lib").mkdir()
        url = f"sqlite:///{top / 'lib' / 'fupan.db'}"
        fill(url, 2)
        before = snapshot(url)
        monkeypatch.setenv("FUPAN_DB", url)
        with read_only_file(url, folder_too=True):
            # the dashboard's engine is opened by a user who cannot write the file or its folder (as root:
            # nobody); AppTest itself then runs as the test's user (it writes its script to a private folder)
            with as_reader():
                assert library_state(common.engine()).read_only == "its folder cannot be written"
            _refuses_an_upload(url)
        st.cache_resource.clear()
        assert snapshot(url) == before


def test_the_sidebar_names_the_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh: None) -> None:
    path = tmp_path / "named.db"
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{path}")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'other.db'}")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert not at.exception
    captions = [c.value.replace("\\", "") for c in at.sidebar.caption]
    assert captions == [f"牌局库：sqlite:///{path}"]  # FUPAN_DB set: nothing said of DATABASE_URL

    monkeypatch.delenv("FUPAN_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
    st.cache_resource.clear()
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert not at.exception
    captions = [c.value.replace("\\", "") for c in at.sidebar.caption]
    default = tmp_path / "home" / "fupan" / "fupan.db"
    assert captions == [
        f"牌局库：sqlite:///{default}",
        "DATABASE_URL is set but no longer read: FUPAN_DB names the library",
    ]
    assert not (tmp_path / "other.db").exists()
