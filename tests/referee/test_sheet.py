"""The ruling sheet in the reader's language (referee/sheet.py; issue 35, item 6): in Chinese no English but the
log's own text and the seeds' words; the cards as every page shows them (♠5, not 5S); the profile by its short name
beside its id; a stored deal named in words; the options that decided it in words; a reading without its English.
(The sheet says each message in the other language too, muted beside it: by design, for a club of the other
language.)"""

from __future__ import annotations

import html
import re

from ui_words import CARD_CODE, latin_words

from data.make_samples import SAMPLES_DIR
from referee.ruling import ruling_of
from referee.sheet import ruling_sheet
from replay.formats.log import Log, parse_json_log, parse_log, read_log
from replay.replay import Replay
from replay.rules.profile_loader import profile_words
from replay.rules.register import RULES

SHENGJI = SAMPLES_DIR / "shengji" / "shengji-2026-09-05-d1.json"
GJ = "fupan/1 gouji\nprofile gouji-logged\n"


def _text(page: str, beside: bool = True) -> str:
    """The sheet's text as drawn (its style and tags taken out); without what it says in the other language beside
    its own (``beside`` False: the muted second language of ``_Sheet.both``, by design)."""
    if not beside:
        page = re.sub(r"<span class='muted'>[^<]*</span>", "", page)
    return html.unescape(re.sub(r"<style.*?</style>|<[^>]+>", "\n", page, flags=re.S))


def _data(log: Log) -> list[str]:
    """The log's own text (names, meta, source), its profile's id beside its short name, and the seeds' words, which a
    sheet shows as they are."""
    seeds = [q.text for rule in RULES.values() for qs in rule.quotes.values() for q in qs if q.seed]
    meta = [str(v) for v in log.meta.values()]
    profile = profile_words(log.profile_name, zh=True)
    return [log.player(s) for s in range(len(log.seats))] + meta + [log.source, profile] + seeds


def test_a_shengji_sheet_in_chinese_has_no_english_and_shows_cards_as_the_pages_do() -> None:
    log = read_log(SHENGJI)
    rep = Replay(log)
    r = ruling_of(rep, 40)  # a lead: the reading of RULES.md where seed 000 is silent, and the lawful leads
    assert r.quote is not None and not r.quote.seed and "seed 000 is silent" in r.quote.text
    text = _text(ruling_sheet(r, log, "zh"))
    assert latin_words(_text(ruling_sheet(r, log, "zh"), beside=False), _data(log)) == [], text
    assert "seed 000 is silent" not in text and "种子未言" in text  # the reading said in Chinese
    cards = re.findall(r"<span class='cards'>([^<]*)</span>", ruling_sheet(r, log, "zh"))
    assert cards and not any(CARD_CODE.search(c) for c in cards), cards  # ♣A, not AC
    assert "♣A" in cards
    assert "升级（三五番） shengji-35" in text
    english = _text(ruling_sheet(r, log, "en"))
    assert "seed 000 is silent" in english and "Shengji, 三五番 (shengji-35)" in english
    assert "♣A" in english  # the same cards in either language


def test_a_stored_deal_is_named_in_words_not_as_deal_88() -> None:
    log = read_log(SHENGJI)
    stored = parse_json_log(SHENGJI.read_text(encoding="utf-8"), "deal 88")  # as views.parts.common.replay_of reads it
    r = ruling_of(Replay(stored), 40)
    zh, en = _text(ruling_sheet(r, stored, "zh")), _text(ruling_sheet(r, stored, "en"))
    assert "deal 88" not in zh and "牌局库中编号 88 的牌局" in zh
    assert "the library's deal #88" in en
    assert str(SHENGJI) in _text(ruling_sheet(ruling_of(Replay(log), 40), log, "zh"))  # a file: its path


def test_the_options_that_decided_a_ruling_are_worded_in_chinese() -> None:
    log = parse_log(GJ + "events\n0 play K K\n1 play A A\n")
    r = ruling_of(Replay(log), 1)
    assert {o.name for o in r.options} == {"undeclared_burn", "burn_seats", "burn_needs_head"}
    zh, en = _text(ruling_sheet(r, log, "zh")), _text(ruling_sheet(r, log, "en"))
    assert "undeclared_burn" not in zh and "= burn" not in zh
    assert "非对头在够级牌上不按顺序出牌即读作烧牌" in zh  # what the value means
    assert "undeclared_burn = burn" in en  # the profile file's line, in English
    assert "够级（记录） gouji-logged" in zh
