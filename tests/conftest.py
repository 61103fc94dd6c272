"""Shared test fixtures."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _keep_main_module() -> Iterator[None]:
    """Put ``sys.modules["__main__"]`` back after each test: Streamlit's AppTest installs the app script
    as ``__main__`` and leaves it there, and a later ``multiprocessing`` spawn in the same pytest worker
    (tests/test_storage.py's concurrent imports) would then re-run that script in its children."""
    main = sys.modules.get("__main__")
    yield
    if main is not None:
        sys.modules["__main__"] = main
