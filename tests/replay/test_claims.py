"""A claimed entry's name and value in words (replay/claims.py; issue 35, item 6): the Scoring page and the ruling on
a claimed result name ``finish_order`` and ``teams[0]`` as 出完顺序 and 第一队, and say yes and no as 是 and 否."""

from __future__ import annotations

from paths import ROOT
from ui_words import latin_words

from replay.claims import ENTRY_NAMES, entry_name, value_text
from replay.formats.log import read_log
from replay.replay import Replay
from replay.scoring import claim_entries


def test_each_entry_has_a_name_in_words() -> None:
    assert entry_name("finish_order") == ("出完顺序", "finish order")
    assert entry_name("teams[0]") == ("第一队", "team 1")
    assert entry_name("teams[1]") == ("第二队", "team 2")
    # given the score's teams, a team of alternating seats is called by its one name (replay.core.said.side_name)
    assert entry_name("teams[1]", [(0, 2, 4), (1, 3, 5)], 6) == ("乙方 (1·3·5)", "Team B (1·3·5)")
    assert entry_name("teams[0]", [(0, 3), (1, 2, 4)], 5) == ("一方 (0·3)", "side (0·3)")  # 保皇's sides change
    assert entry_name("points.defenders") == ("闲家得分", "defenders' points")
    assert entry_name("something-new") == ("something-new", "something-new")  # an unknown key: itself
    for zh, en in ENTRY_NAMES.values():
        assert zh and en and not latin_words(zh)


def test_every_entry_the_samples_claim_is_named_in_chinese() -> None:
    keys = set()
    for path in sorted((ROOT / "tests" / "replay" / "games").glob("*/cases/*SCORE*")):  # logs that claim a result
        rep = Replay(read_log(path))
        if rep.log.result:
            keys |= {d.key for d in claim_entries(rep.log.result, rep.score(), rep.log.game, rep.final)}
    assert keys & {"finish_order", "teams[0]"}, keys  # the samples claim what the issue names
    for key in keys:
        zh, _ = entry_name(key)
        assert zh != key and not latin_words(zh), key


def test_values_in_words() -> None:
    assert value_text(True, zh=True) == "是" and value_text(False, zh=True) == "否"
    assert value_text(True) == "true"  # as the log writes it (fupan score's table)
    assert value_text({"seats": [0, 2, 4], "points": 2}, zh=True) == "0 2 4 = 2"
    assert value_text(None, zh=True) == "-"
