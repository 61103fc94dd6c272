"""The dashboard's own frame (issue 18, item 11): the toolbar shows viewers no developer options, the tab has the
app's title and an icon that needs no emoji font, and every page ends with the version and the library in use."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from paths import ROOT
from streamlit.testing.v1 import AppTest

from replay.version import ENGINE_VERSION


def test_viewers_get_no_developer_options_and_no_english_menu() -> None:
    """No developer options (issue 18) and no main menu, which Streamlit words in English only (issue 35): "minimal"
    shows only the menu items an app sets, and the app sets none (tests/views/browser/test_e2e_language.py finds
    no menu to open)."""
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["client"]["toolbarMode"] == "minimal"
    app = (ROOT / "app.py").read_text(encoding="utf-8")
    assert "menu_items" not in app


def test_the_tab_has_the_apps_title_and_a_picture_for_its_icon(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    real = st.set_page_config

    def spy(**kwargs: Any) -> None:
        seen.update(kwargs)
        real(**kwargs)

    monkeypatch.setattr(st, "set_page_config", spy)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert not at.exception
    assert seen["page_title"] == "复盘 fupan"
    icon = Path(seen["page_icon"])
    assert icon.is_file() and icon.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"  # a picture, not an emoji


@pytest.mark.parametrize(("lang", "engine", "word"), [("zh", "引擎", "牌局库："), ("en", "engine", "library: ")])
def test_every_page_ends_with_the_version_and_the_library(library: Path, lang: str, engine: str, word: str) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception
    last = at.main.caption[-1].value.replace("\\", "")
    assert last == f"fupan {version('fupan')} · {engine} {ENGINE_VERSION} · {word}sqlite:///{library}"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_streamlits_own_widget_words_are_drawn_over_in_chinese(library: Path, lang: str) -> None:
    """The upload box's, the table toolbar's tooltips' and the Stop button's English (Streamlit's) are hidden and
    Chinese drawn in their place, on the Chinese pages only (views/parts/zh_widgets.py; tests/views/browser/
    test_e2e_language.py reads the page as drawn, the tooltips hovered)."""
    from views.parts import zh_widgets

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception
    styles = [h.value for h in at.html if zh_widgets.CSS in h.value]
    assert len(styles) == (1 if lang == "zh" else 0)
    for words in (
        "选择文件",
        "或把文件拖到这里",
        "stFileUploaderDropzoneInstructions",
        '[aria-label="Download as CSV"]',
        '"下载为 CSV"',
        '[aria-label="Show/hide columns"]',
        '"显示或隐藏列"',
        '[aria-label="Search"]',
        '[aria-label="Fullscreen"]',
        '"全屏"',
        "stStatusWidget",
        '"停止"',
        '[data-key="__select_all__"]',
        '"全选"',
        '[data-empty="true"]',
        "stDataFrameColumnVisibilityMenu",
    ):
        assert words in zh_widgets.CSS
