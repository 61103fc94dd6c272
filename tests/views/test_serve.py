"""views/parts/serve.py (``make run``'s server): the warm-up begins before Streamlit runs app.py with the options given."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from streamlit.web import cli

from views.parts import serve, warm


def test_the_library_is_opening_before_streamlit_runs_app_py(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(warm, "_STARTED", set())
    monkeypatch.setattr(warm, "_OPENING", {})
    monkeypatch.setenv("FUPAN_DB", f"sqlite:///{tmp_path / 'lib.db'}")
    seen: dict[str, object] = {}

    def streamlit_main() -> None:
        seen["argv"] = list(sys.argv)
        seen["opening"] = dict(warm._OPENING)
        seen["started"] = set(warm._STARTED)
        raise SystemExit(0)

    monkeypatch.setattr(cli, "main", streamlit_main)
    monkeypatch.setattr(sys, "argv", list(sys.argv))
    assert serve.main(["--server.port", "8765"]) == 0
    assert seen["argv"] == ["streamlit", "run", "app.py", "--server.port", "8765"]
    assert seen["started"] == {"open", "import first page"}
    assert seen["opening"]  # the library was being opened already
    engine = warm.opened()  # and app.py's first page is handed it
    assert engine is not None
    engine.dispose()
    assert warm.open_soon() is None  # app.py's own call starts nothing more
