"""Shared test fixtures."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine
from storage_dbs import BACKENDS, temp_db_url

from data.database import open_db


@pytest.fixture(autouse=True, scope="session")
def _no_real_library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test opens the user's own library: the default library's folder (the user's data folder) is a
    temporary one, and neither FUPAN_DB nor DATABASE_URL comes from the shell that runs the tests."""
    import os

    keep = {k: os.environ.get(k) for k in ("XDG_DATA_HOME", "FUPAN_DB", "DATABASE_URL")}
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data-home"))
    os.environ.pop("FUPAN_DB", None)
    os.environ.pop("DATABASE_URL", None)
    yield
    for k, v in keep.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


@pytest.fixture
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Passwords hashed with argon2id at its cheapest parameters (the default costs about a second a hash on a test
    machine): ``data.accounts``' hasher swapped for the test. A module of account tests uses it with
    ``pytestmark = pytest.mark.usefixtures("cheap_hashes")``."""
    from argon2 import PasswordHasher
    from argon2.profiles import CHEAPEST

    from data import accounts

    monkeypatch.setattr(accounts, "HASHER", PasswordHasher.from_parameters(CHEAPEST))


@pytest.fixture(autouse=True)
def _own_dashboard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts on a dashboard of one's own: no club mode (``FUPAN_ACCESS``, what ``fupan serve`` sets)
    from the shell or left behind by another test; a test of the club's server sets it itself."""
    monkeypatch.setenv("FUPAN_ACCESS", "")  # recorded, so put back as it was after the test


@pytest.fixture(autouse=True)
def _keep_main_module() -> Iterator[None]:
    """Put ``sys.modules["__main__"]`` back after each test: Streamlit's AppTest installs the app script
    as ``__main__`` and leaves it there, and a later ``multiprocessing`` spawn in the same pytest worker
    (tests/data/test_storage.py's concurrent imports) would then re-run that script in its children."""
    main = sys.modules.get("__main__")
    yield
    if main is not None:
        sys.modules["__main__"] = main


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty database: a SQLite file, or a new database on the PostgreSQL test server
    (``tests/storage_dbs.py``): a storage test that takes it runs on both backends."""
    with temp_db_url(request.param, tmp_path, "fupan_t") as url:
        yield url


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """An empty deal library (schema up to date) at ``db_url``."""
    eng = open_db(db_url)
    yield eng
    eng.dispose()


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """What the page's download buttons serve, by file name (recorded as Streamlit stores them)."""
    from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

    found: dict[str, bytes] = {}
    keep = MemoryMediaFileStorage.load_and_get_id

    def record(
        self: MemoryMediaFileStorage, data: str | bytes, mimetype: str, kind: object, filename: str | None = None
    ) -> str:
        if filename is not None and isinstance(data, bytes):
            found[filename] = data
        return keep(self, data, mimetype, kind, filename)  # type: ignore[arg-type]  # passed through as given

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", record)
    return found


def _is_browser_test(nodeid: str) -> bool:
    """Whether a test is one of the browser tests (tests/test_e2e*.py)."""
    return Path(nodeid.split("::", 1)[0]).stem.startswith("test_e2e")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests first (they go to one worker before everything else, so that the many short tests fill in
    around them and the workers end together); the order within them and among the rest kept."""
    items.sort(key=lambda item: not _is_browser_test(item.nodeid))


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """``make test`` runs ``pytest -n 4`` on two cores: the browser tests go, all of them, to one worker, one module
    after another (each module's server, sample library and walk made once; two browsers and servers never
    compete), first; every other test is a unit of its own for the other workers. The browser tests and the tests
    that start commands, servers and databases wait much of the time, so four workers keep two cores busy (on
    2026-12-03, on this machine: 11.9 min with four, 13.2 with three, 16 with two). (pytest-xdist's ``--dist
    loadgroup`` would group them with an ``xdist_group`` mark, but it renames the test's ``_nodeid``, which pytest
    9.2 no longer reads: the marks are ignored.)"""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "browser" if _is_browser_test(nodeid) else nodeid

    config.option.loadscopereorder = False  # the collection's order: the browser tests first
    return BrowserTestsTogether(config, log)  # type: ignore[arg-type]  # xdist's Producer, passed through
