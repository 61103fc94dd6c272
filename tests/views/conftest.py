"""What the dashboard's tests share: ``library``, an empty library as the app's FUPAN_DB (a module that needs deals in
it defines its own ``library``, which takes the place of this one)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty library as the app's FUPAN_DB, Streamlit's caches emptied before and after."""
    path = tmp_path / "club.db"
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{path}")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    st.cache_data.clear()
    st.cache_resource.clear()
    yield path
    st.cache_resource.clear()
    st.cache_data.clear()
