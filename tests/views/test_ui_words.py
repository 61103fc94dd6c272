"""The rules the language scans judge by (tests/ui_words.py): what is an English word on a Chinese page, what Chinese
may stand on an English page, and which marks need an emoji font."""

from __future__ import annotations

import ast

from paths import ROOT
from ui_words import chinese_words, emoji_marks, latin_words


def test_latin_words_finds_english_but_not_codes_ids_addresses_or_data() -> None:
    assert latin_words("第 3 手 · round closed") == ["round", "closed"]
    assert latin_words("GJ-BURN 烧牌：座位1 出 AS 10H BJ（见 RULES.md 与 /replay?deal=1）") == []
    assert latin_words("导出 JSON、CSV 与 PNG；fupan 0.1") == []
    assert latin_words("座位1 Bob · J 10 · JSON", ["Bob", "J"]) == []
    note = "模拟对局 / simulated deal (random legal play)"
    assert latin_words(f"备注：{note} · deal legal", [note]) == ["deal", "legal"]  # a note's words only where it is


def test_chinese_words_allows_terms_beside_english_game_terms_and_names() -> None:
    assert chinese_words("1st 头科 (1st), the sweep (串三户), the 皇帝's side, 对头 (opposite) 3") == []
    assert chinese_words("seat 3 张伟 · 上一手 last", ["张伟"]) == ["上一手"]
    assert chinese_words("notes: 模拟对局 / simulated · 模拟", ["模拟对局 / simulated"]) == ["模拟"]


def test_emoji_marks() -> None:
    assert emoji_marks("⚠️ 💡 ⛔ 🧪 🃏 ♥️") == ["⚠️", "💡", "⛔", "🧪", "🃏", "♥️"]
    assert emoji_marks("♠A ♥8 ♦J ♣3 ✓ ✗ ▶ ※ △ ! 大王") == []


def test_every_table_of_the_views_shows_an_empty_cell_as_a_dash() -> None:
    """Streamlit draws a missing value as the English "None": every ``st.dataframe`` and ``st.data_editor`` of
    views/ passes ``placeholder=EMPTY_CELL`` (–; tests/views/test_app_players.py sees it on a page)."""
    missing = []
    for path in sorted((ROOT / "views").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = node.func.attr if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) else ""
            if called in ("dataframe", "data_editor"):
                given = {k.arg: k.value for k in node.keywords}
                value = given.get("placeholder")
                if not (isinstance(value, ast.Name) and value.id == "EMPTY_CELL"):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not missing, missing
