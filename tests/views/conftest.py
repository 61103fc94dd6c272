"""What the dashboard's tests share: ``point_app``, which points the app at a library (``FUPAN_DB``, with Streamlit's
caches emptied before and after), and ``library``, an empty library so pointed at (a module that needs deals in it
defines its own ``library``, which takes the place of this one)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import streamlit as st


@pytest.fixture
def point_app(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], str]]:
    """A function that makes ``url`` the app's library (``FUPAN_DB``; ``DATABASE_URL`` unset) and empties Streamlit's
    caches, returning ``url``; the caches are emptied again after the test."""

    def point(url: str) -> str:
        monkeypatch.setenv("FUPAN_DB", url)
        monkeypatch.delenv("DATABASE_URL", raising=False)
        st.cache_data.clear()
        st.cache_resource.clear()
        return url

    yield point
    st.cache_resource.clear()
    st.cache_data.clear()


@pytest.fixture
def library(tmp_path: Path, point_app: Callable[[str], str]) -> Path:
    """An empty library as the app's FUPAN_DB."""
    path = tmp_path / "club.db"
    point_app(f"sqlite:///{path}")
    return path
