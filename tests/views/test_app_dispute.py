"""The dispute desk (views/pages/dispute.py and the desk_* modules, views/parts/ruling_view.py) under Streamlit's
AppTest, on a temporary SQLite library: the ruling on a recorded or a typed event, its downloads, who may
act, a disputed position typed at the desk. The referee's decisions: tests/views/test_app_desk_decisions.py."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from app_pages import links_to
from paths import CASE_LOGS, ROOT
from streamlit.testing.v1 import AppTest
from ui_words import latin_words

from data.database import open_db
from data.importer import import_log
from referee.ruling import ruling_of
from referee.sheet import ruling_sheet
from replay import games
from replay.core.events import EVENT_TYPES
from replay.formats.log import read_log
from replay.replay import Replay
from replay.rules.register import RULES
from views.parts.desk_position import counts_hands, empty_grid, position_text, suits_hands, where_typed

CASES = CASE_LOGS
SAMPLE = sorted((ROOT / "data" / "samples" / "gouji").glob("*.json"))[0]
DISPUTE = ROOT / "data" / "samples" / "disputes" / "01-burn-after-pass.txt"
BURN_QUOTE = "過牌不燒，燒牌優先"

SCRIPT = """
import streamlit as st
from views.pages import dispute

st.session_state.setdefault("lang", "en")
dispute.render()
"""


@pytest.fixture
def db(tmp_path: Path, point_app: Callable[[str], str]) -> str:
    """An empty SQLite library in FUPAN_DB, with Streamlit's caches cleared before and after."""
    return point_app(f"sqlite:///{tmp_path / 'fupan.db'}")


def _app(lang: str = "en", deal_id: int | None = None, step: int = 0) -> AppTest:
    at = AppTest.from_string(SCRIPT, default_timeout=30)
    at.session_state["lang"] = lang
    if deal_id is not None:
        at.session_state["deal_id"] = deal_id
        at.session_state["step"] = step
    return at.run()


def _no_exception(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    for el in (*at.markdown, *at.caption, *at.error, *at.warning, *at.info, *at.success):
        assert not getattr(el.proto, "allow_html", False), el.value


def _markdown(at: AppTest) -> str:
    """All markdown on the page, with the markdown escapes taken out."""
    return "\n".join(m.value for m in at.markdown).replace("\\", "")


def _texts(at: AppTest) -> str:
    kinds = ("markdown", "caption", "error", "warning", "info", "success")
    return "\n".join(str(getattr(e, "value", "")) for kind in kinds for e in at.get(kind)).replace("\\", "")


def _paste(at: AppTest, text: str) -> AppTest:
    at.radio(key="dispute_source").set_value("paste").run()
    at.text_area(key="dispute_paste").input(text).run()
    return at


def _ask(at: AppTest, seat: int, action: str, cards: str = "", game: str = "gouji") -> AppTest:
    if [r for r in at.radio if r.key == "dispute_what"]:  # at the record's end there is nothing else
        at.radio(key="dispute_what").set_value("typed").run()
    at.selectbox(key=f"dispute_seat_{game}").set_value(seat)
    at.selectbox(key=f"dispute_action_{game}").set_value(action)
    at.text_input(key="dispute_cards").input(cards)
    at.button(key="dispute_judge").click().run()
    _no_exception(at)
    return at


def _stored(db: str, path: Path = DISPUTE) -> int:
    result = import_log(open_db(db), read_log(path), str(path))
    assert result.status == "added" and result.deal_id is not None
    return result.deal_id


# -- the page -------------------------------------------------------------------------------------


def test_page_runs_on_an_empty_library(db: str) -> None:
    at = _app()
    _no_exception(at)
    assert at.title[0].value == "Dispute desk"
    assert at.radio(key="dispute_source").value == "paste"  # nothing stored: the paste box
    assert len(at.text_area) == 1


def test_page_runs_in_chinese(db: str) -> None:
    at = _app("zh")
    _no_exception(at)
    assert at.title[0].value == "争议台"


def test_a_stored_deal_is_offered_and_asked_about(db: str) -> None:
    deal_id = _stored(db, SAMPLE)
    at = _app()
    _no_exception(at)
    assert at.radio(key="dispute_source").value == "db"
    assert at.selectbox(key="dispute_deal").value == deal_id
    slider = at.slider[0]
    assert slider.max > 10
    slider.set_value(5).run()
    _no_exception(at)
    assert len(_who(at)) >= 1
    assert "recorded event 6" in at.radio(key="dispute_what").options[0]  # step 5: the ruling is on event 6
    # the desk's deal and step are the open ones, and its link opens them on the Replay page
    assert at.session_state["deal_id"] == deal_id and at.session_state["step"] == 5
    assert links_to(at) == [{"deal": str(deal_id), "step": "5", "lang": at.session_state["lang"]}]


# -- the ruling on the recorded event -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "zh",
            ["违规 — GJ-BURN · 烧牌", "过牌不烧", "原文：", "种子 000 (000_c3417a29fb903ad9.txt)", "后果："],
        ),
        ("en", ["Illegal — GJ-BURN · burning", "(过牌不烧)", "The source text:", "seed 000", "What follows:"]),
    ],
)
def test_the_desk_shows_the_ruling_on_a_stored_dispute(
    db: str, served: dict[str, bytes], lang: str, words: list[str]
) -> None:
    deal_id = _stored(db)
    at = _app(lang, deal_id, 3)
    _no_exception(at)
    assert at.slider[0].value == 3
    assert at.radio(key="dispute_what").value == "recorded"
    assert len(at.error) == 1
    text = _texts(at)
    for w in words:
        assert w in text, w
    # the seed's words verbatim, in a quote block of their own
    assert f"> {BURN_QUOTE}" in [m.value.replace("\\", "") for m in at.markdown]
    # the same ruling as fupan ruling: the options in words, the consequence, the alternatives
    rep = Replay(read_log(DISPUTE))
    r = ruling_of(rep, 3)
    assert (r.consequence[0] if lang == "zh" else r.consequence[1]) in text
    assert sorted(served) == [f"ruling-deal{deal_id}-event3.html", f"ruling-deal{deal_id}-event3.json"]
    assert [b.proto.label for b in at.get("download_button")] == (
        ["下载裁定书（HTML）", "下载 JSON"]
        if lang == "zh"
        else ["Download the ruling sheet (HTML)", "Download the JSON"]
    )


def test_the_downloads_are_the_sheet_and_the_json(db: str, served: dict[str, bytes]) -> None:
    deal_id = _stored(db)
    at = _app("zh", deal_id, 3)
    _no_exception(at)
    rep = Replay(read_log(DISPUTE))
    sheet = served[f"ruling-deal{deal_id}-event3.html"].decode("utf-8")
    stored = replace(rep.log, source=f"deal {deal_id}")  # a stored deal's log is named by its id
    assert sheet == ruling_sheet(ruling_of(rep, 3), stored, "zh")
    assert BURN_QUOTE in sheet and "<!DOCTYPE html>" in sheet
    doc = json.loads(served[f"ruling-deal{deal_id}-event3.json"].decode("utf-8"))
    assert doc == ruling_of(rep, 3).to_json()
    assert doc["rule"] == "GJ-BURN" and doc["reason"] == "passed" and doc["quote"]["text"] == BURN_QUOTE


def test_a_legal_event_cites_the_rule_it_answers_to(db: str) -> None:
    deal_id = _stored(db)
    at = _app("en", deal_id, 2)
    _no_exception(at)
    assert not at.error and len(at.success) == 1
    assert at.success[0].value.replace("\\", "").startswith("Legal — SET-RANK")


def test_the_end_of_the_record_offers_a_typed_event_only(db: str) -> None:
    deal_id = _stored(db)
    at = _app("en", deal_id, 4)
    _no_exception(at)
    assert not [r for r in at.radio if r.key == "dispute_what"]  # no recorded event: the form only
    assert "The record has no event at this step" in _texts(at)
    assert not at.get("download_button")  # nothing judged yet
    at.slider[0].set_value(3).run()  # back to the recorded event
    assert at.radio(key="dispute_what").value == "recorded" and len(at.error) == 1


# -- a typed event ---------------------------------------------------------------------------------


def _turn_order(db: str) -> AppTest:
    at = _paste(_app(), (CASES / "TURN-ORDER.illegal.txt").read_text(encoding="utf-8"))
    _no_exception(at)
    assert not at.error or "TURN-ORDER" in at.error[0].value.replace("\\", "")
    at.slider[0].set_value(1).run()
    _no_exception(at)
    return at


def _who(at: AppTest) -> dict[int, str]:
    """The seats listed under "Who may act now?", each with its line (how, from the markdown)."""
    found = {}
    for m in at.markdown:
        text = m.value.replace("\\", "")
        if text.startswith("**seat ") and " — " in text:
            seat = int(text[len("**seat ") :].split(" ", 1)[0])
            found[seat] = text
    return found


def test_who_may_act_lists_the_right_seat(db: str) -> None:
    at = _turn_order(db)
    who = _who(at)
    assert list(who) == [1]
    assert "play" in who[1] and "pass" in who[1]
    assert any(c.value.replace("\\", "") == "its turn (in play order)" for c in at.caption)
    at.slider[0].set_value(2).run()  # the referee carries on with seat 2's 6 on the table
    assert list(_who(at)) == [3]


def test_a_typed_illegal_event_gets_its_ruling(db: str, served: dict[str, bytes]) -> None:
    at = _ask(_turn_order(db), 2, "play", "6")
    assert len(at.error) == 1
    verdict = at.error[0].value.replace("\\", "")
    assert "TURN-ORDER" in verdict and "not seat 2's turn" in verdict
    rule = RULES["TURN-ORDER"]
    assert rule.name_en in verdict and rule.name_zh not in verdict  # the rule's name in the page's language
    assert "> " + rule.quote_for().text in _markdown(at)
    assert "(typed at the dispute desk, not in the log)" in _texts(at)
    names = sorted(n for n in served if "typed" in n)
    assert len(names) == 2 and names[0].startswith("ruling-pasted-") and names[0].endswith("-step1-typed.html")
    assert json.loads(served[names[1]])["event"] is None


def test_a_typed_legal_event_is_legal(db: str) -> None:
    at = _ask(_turn_order(db), 1, "play", "6")
    assert not at.error
    assert len(at.success) == 1 and at.success[0].value.startswith("Legal")


def test_a_typed_event_on_a_stored_deal(db: str, served: dict[str, bytes]) -> None:
    deal_id = _stored(db)
    at = _ask(_app("zh", deal_id, 3), 0, "burn", "A A")
    verdict = at.error[0].value.replace("\\", "") if at.error else at.success[0].value.replace("\\", "")
    assert "GJ-BURN" in verdict
    typed = sorted(n for n in served if "typed" in n)
    assert typed == [f"ruling-deal{deal_id}-step3-typed.html", f"ruling-deal{deal_id}-step3-typed.json"]
    assert "记录裁定" not in [b.label for b in at.button]  # a typed event is not in the log: no decision on it


def test_the_profile_options_of_the_rule_are_shown(db: str) -> None:
    at = _paste(_app(), (CASES / "GJ-BURN.illegal.opposite.txt").read_text(encoding="utf-8"))
    last = at.slider[0].max
    at.slider[0].set_value(last - 1).run()
    _no_exception(at)
    assert "GJ-BURN" in at.error[0].value.replace("\\", "")
    assert not any("option" in d.value.columns for d in at.dataframe)  # folded: not drawn
    assert any(e.label == "Where clubs differ · GJ-BURN" for e in at.expander)
    at.session_state["clubs_differ_GJ-BURN"] = True
    at.run()
    _no_exception(at)
    opts = next(d.value for d in at.dataframe if "option" in d.value.columns)
    assert set(opts["option"]) == {"burn_fail", "undeclared_burn", "burn_seats", "burn_needs_head"}
    row = opts.set_index("option").loc["burn_seats"]
    assert row["allowed"] == "any / between"
    assert "Gouji, online (gouji-online)" in opts.columns  # the shipped profiles side by side: where clubs differ
    assert any(e.label.startswith("Where clubs differ") for e in at.expander)


def test_a_bad_card_token_is_a_message(db: str) -> None:
    at = _ask(_turn_order(db), 1, "play", "6 XQ")
    assert not at.error and not at.success
    assert len(at.warning) == 1 and "XQ" in at.warning[0].value


def test_no_cards_is_a_message(db: str) -> None:
    at = _ask(_turn_order(db), 1, "play")
    assert len(at.warning) == 1 and not at.success


def test_a_bad_paste_is_an_error_and_the_page_goes_on(db: str) -> None:
    at = _paste(_app(), "fupan/1 gouji\nprofile gouji-logged\nevents\n0 play 5\n2 fly 6\n")
    _no_exception(at)
    assert len(at.error) == 1 and "cannot be read" in at.error[0].value
    assert not at.slider
    at = _paste(at, '{"format": "fupan/1", "game": "gouji",')
    _no_exception(at)
    assert "malformed JSON" in at.error[0].value
    at.text_area(key="dispute_paste").input((CASES / "TURN-ORDER.legal.txt").read_text(encoding="utf-8")).run()
    _no_exception(at)
    assert not at.error
    assert at.slider[0].max >= 2


def test_an_unknown_profile_is_an_error(db: str) -> None:
    at = _paste(_app(), "fupan/1 gouji\nprofile no-such-club\nevents\n0 play 5\n")
    _no_exception(at)
    assert len(at.error) == 1


def test_baohuang_actions_and_rule(db: str) -> None:
    at = _paste(_app(), (CASES / "BH-YIELD.illegal.txt").read_text(encoding="utf-8"))
    _no_exception(at)
    at.slider[0].set_value(0).run()
    who = _who(at)
    assert list(who) == [0, 1, 2, 3, 4]  # the holder calls or yields; anyone may grab
    assert "call" in who[0] and "yield" in who[0]
    assert "call" not in who[1] and "grab" in who[1]
    at.radio(key="dispute_what").set_value("typed").run()
    actions = at.selectbox(key="dispute_action_baohuang").options
    assert {"call", "yield", "grab", "reveal"} <= set(actions) and "burn" not in actions
    at = _ask(at, 1, "yield", game="baohuang")
    assert "BH-YIELD" in at.error[0].value.replace("\\", "")
    assert RULES["BH-YIELD"].quote_for().text in _markdown(at)
    at = _ask(at, 0, "yield", game="baohuang")
    assert not at.error and len(at.success) == 1


def test_judging_in_chinese(db: str) -> None:
    at = _paste(_app("zh"), (CASES / "TURN-ORDER.illegal.txt").read_text(encoding="utf-8"))
    at.slider[0].set_value(1).run()
    at = _ask(at, 2, "play", "6")
    assert at.error[0].value.replace("\\", "").startswith("违规 — TURN-ORDER")
    assert "还未轮到座位2" in at.error[0].value
    assert RULES["TURN-ORDER"].quote_for().text in _markdown(at)


def test_log_text_is_escaped(db: str) -> None:
    log = "fupan/1 gouji\nprofile gouji-logged\nseat 1 **Bold**<b>x</b>[y](http://e)\nevents\n0 play 5\n"
    at = _paste(_app(), log)
    _no_exception(at)
    at.slider[0].set_value(1).run()
    line = next(m.value for m in at.markdown if "Bold" in m.value)
    assert r"\*\*Bold\*\*\<b\>x\<\/b\>\[y\]\(http\:" in line
    at = _ask(at, 1, "play", "<i>")  # a bad token is quoted back escaped too
    assert r"\<i\>" in at.warning[0].value


# -- a disputed position typed at the desk -------------------------------------------------------------


def _position(at: AppTest, game: str = "gouji") -> AppTest:
    at.radio(key="dispute_source").set_value("position").run()
    if game != "gouji":
        at.selectbox(key="pos_game").set_value(game).run()
    _no_exception(at)
    return at


def _grid(at: AppTest, game: str, rows: Mapping[int, Mapping[str, object]]) -> AppTest:
    at.session_state[f"pos_grid_{game}"] = {"edited_rows": rows, "added_rows": [], "deleted_rows": []}
    return at


BURN_HANDS = {0: {"5": 2, "9": 2}, 1: {"A": 2, "7": 2}, 2: {"K": 2, "8": 1}, 3: {"Q": 1}, 4: {"J": 1}, 5: {"4": 1}}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_position_typed_at_the_desk_gets_its_ruling(db: str, served: dict[str, bytes], lang: str) -> None:
    at = _position(_app(lang))
    _grid(at, "gouji", BURN_HANDS)
    at.text_area(key="pos_events_gouji").input("0 出 5 5\n１ 过\n2 出 K、K")
    at.text_input(key="pos_disputed_gouji").input("1 烧 A A").run()
    _no_exception(at)
    assert at.slider[0].value == 3  # the disputed event
    assert at.radio(key="dispute_what").value == "recorded"
    assert "GJ-BURN" in at.error[0].value.replace("\\", "")
    assert f"> {BURN_QUOTE}" in [m.value.replace("\\", "") for m in at.markdown]
    code = at.code[0].value  # the position as a log, in the text notation, to copy or save
    assert "hand 1 7 7 A A" in code and "1 burn A A" in code and "0 play 5 5" in code
    assert "1 burn A A" in served["position.txt"].decode("utf-8")
    assert any(n.startswith("ruling-position-") and n.endswith("-event3.html") for n in served)
    assert links_to(at) == []  # nothing stored: nothing to open


def test_a_position_without_a_disputed_line_uses_the_selectors(db: str) -> None:
    at = _position(_app())
    _grid(at, "gouji", BURN_HANDS)
    at.text_area(key="pos_events_gouji").input("0 出 5 5\n1 过\n2 出 K K").run()
    _no_exception(at)
    assert at.slider[0].value == 3 and not [r for r in at.radio if r.key == "dispute_what"]
    at = _ask(at, 1, "burn", "A A")
    assert "GJ-BURN" in at.error[0].value.replace("\\", "")


def test_a_bad_typed_event_is_shown_with_its_line_and_column(db: str) -> None:
    at = _position(_app())
    _grid(at, "gouji", BURN_HANDS)
    at.text_area(key="pos_events_gouji").input("0 出 5 5\n1 飞 K").run()
    _no_exception(at)
    assert len(at.error) == 1
    err = at.error[0].value.replace("\\", "")
    assert "the events before, line 2, column 3" in err and "飞" in err
    assert not at.slider
    at.text_area(key="pos_events_gouji").input("0 出 5 5")
    at.text_input(key="pos_disputed_gouji").input("1 出 5X").run()
    err = at.error[0].value.replace("\\", "")
    assert "the disputed event, column 5" in err and "5X" in err


def test_a_bad_paste_and_a_bad_typed_event_are_said_in_chinese(db: str) -> None:
    """The reader's refusal and its place in the Chinese desk: no English word but the format's own (issue 18)."""
    keywords = [*EVENT_TYPES, *games.names(), "fupan"]
    at = _paste(_app("zh"), "fupan/1 gouji\nprofile gouji-logged\nevents\n0 play 5\n2 fly 6\n")
    _no_exception(at)
    err = at.error[0].value.replace("\\", "")
    assert "读不懂这份记录" in err and "第 5 行，第 3 列" in err and "fly" in err
    assert not latin_words(err, [*keywords, "fly"]), err
    at = _paste(at, '{"format": "fupan/1", "game": "gouji",')
    err = at.error[0].value.replace("\\", "")
    assert "JSON 格式有误" in err and not latin_words(err, keywords), err
    at = _position(_app("zh"))
    _grid(at, "gouji", BURN_HANDS)
    at.text_area(key="pos_events_gouji").input("0 出 5 5\n1 飞 K").run()
    _no_exception(at)
    err = at.error[0].value.replace("\\", "")
    assert "之前的动作，第 2 行第 3 列" in err and "飞" in err
    assert not latin_words(err, keywords), err


def test_a_shengji_position_by_suits(db: str) -> None:
    at = _position(_app("zh"), "shengji")
    rows = {0: {"♠": "A K K 10 5", "王": "大王"}, 1: {"♥": "2 2"}, 2: {"♣": "3"}, 3: {"♦": "4"}}
    _grid(at, "shengji", rows)
    at.text_input(key="pos_disputed_shengji").input("1 定主 2H 2H").run()
    _no_exception(at)
    code = at.code[0].value
    assert "hand 0 AS KS KS 10S 5S BJ" in code and "hand 1 2H 2H" in code
    assert at.error or at.success  # a ruling on the 定主
    _grid(at, "shengji", {0: {"♠": "A Z"}}).run()
    assert "“Z”不是点数" in at.error[0].value.replace("\\", "")


# -- the position's pieces ----------------------------------------------------------------------------


def test_grids_make_hands() -> None:
    grid = empty_grid("baohuang", suits=False)
    assert len(grid) == 5 and list(grid.columns)[-2:] == ["小王", "大王"]
    grid.loc[grid.index[0], "3"] = 2
    grid.loc[grid.index[0], "大王"] = 1
    assert counts_hands(grid) == [["3", "3", "BJ"], None, None, None, None]
    grid.loc[grid.index[1], "K"] = 17
    with pytest.raises(ValueError, match="17"):
        counts_hands(grid)
    sj = empty_grid("shengji", suits=True)
    sj.loc[sj.index[2], "♦"] = "ｊ 10、q"
    sj.loc[sj.index[2], "王"] = "小王 BJ"
    assert suits_hands(sj) == [None, None, ["JD", "10D", "QD", "SJ", "BJ"], None]
    assert isinstance(sj, pd.DataFrame)


def test_where_typed_names_the_box() -> None:
    pos = position_text("gouji", "gouji", [None] * 6, "0 play 5\n1 pass", "2 play 6")
    assert pos.header_lines == 9 and pos.typed_lines == 2 and pos.disputed
    assert pos.text.endswith("events\n0 play 5\n1 pass\n2 play 6\n")
    from replay.formats.log import LogError

    # outside a page the desk speaks Chinese
    assert where_typed(pos, LogError("bad", "<position>", 11, 3)) == "之前的动作，第 2 行第 3 列：bad"
    assert where_typed(pos, LogError("bad", "<position>", 12, 1)) == "争议的动作，第 1 列：bad"
    assert where_typed(pos, LogError("bad", "<position>", 3, 1)) == "手牌或规则：bad"


def test_a_paste_over_the_upload_cap_is_refused_before_it_is_read(db: str) -> None:
    from views.parts.common import MAX_UPLOAD_BYTES

    text = "fupan/1 gouji\nevents\n" + "0 play 5\n" * (MAX_UPLOAD_BYTES // 9 + 1)
    at = _paste(_app(), text)
    _no_exception(at)
    assert len(at.error) == 1 and "too large" in at.error[0].value and f"{MAX_UPLOAD_BYTES:,}" in at.error[0].value
    assert not at.slider


def test_a_pasted_log_cannot_make_the_server_read_a_file(db: str, tmp_path: Path) -> None:
    secret = tmp_path / "secret.toml"
    secret.write_text('private_key = "s3cr3t"\n', encoding="utf-8")
    errors = []
    for where in (secret, tmp_path / "absent.toml"):  # names of one length: the message quotes them in part
        at = _paste(_app(), f'{{"format": "fupan/1", "game": "gouji", "profile": "{where}"}}')
        _no_exception(at)
        assert len(at.error) == 1
        errors.append(at.error[0].value.replace("secret", "NAME").replace("absent", "NAME"))  # Markdown-escaped
    assert "a log names its profile" in errors[0] and "private_key" not in errors[0]
    assert errors[0] == errors[1]  # nothing tells whether the file exists
