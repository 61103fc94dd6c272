"""The dispute desk (views/dispute.py) under Streamlit's AppTest, on a temporary SQLite library."""

from __future__ import annotations

from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from data.database import open_db
from data.importer import import_log
from replay.log import read_log
from replay.verdicts import RULES

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
SAMPLE = sorted((ROOT / "data" / "samples" / "gouji").glob("*.json"))[0]

SCRIPT = """
import streamlit as st
from views import dispute

st.session_state.setdefault("lang", "en")
dispute.render()
"""


@pytest.fixture
def db(tmp_path, monkeypatch):
    """An empty SQLite library in FUPAN_DB, with Streamlit's caches cleared before and after."""
    url = f"sqlite:///{tmp_path / 'fupan.db'}"
    monkeypatch.setenv("FUPAN_DB", url)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    st.cache_data.clear()
    st.cache_resource.clear()
    yield url
    st.cache_data.clear()
    st.cache_resource.clear()


def _app(lang: str = "en") -> AppTest:
    at = AppTest.from_string(SCRIPT, default_timeout=30)
    at.session_state["lang"] = lang
    return at.run()


def _no_exception(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def _markdown(at: AppTest) -> str:
    """All markdown on the page, with the markdown escapes taken out."""
    return "\n".join(m.value for m in at.markdown).replace("\\", "")


def _paste(at: AppTest, text: str) -> AppTest:
    at.radio(key="dispute_source").set_value("paste").run()
    at.text_area(key="dispute_paste").input(text).run()
    return at


def _ask(at: AppTest, seat: int, action: str, cards: str = "") -> AppTest:
    at.selectbox(key="dispute_seat_gouji").set_value(seat)
    at.selectbox(key="dispute_action_gouji").set_value(action).run()
    if cards:
        at.text_input(key="dispute_cards").input(cards)
    at.button(key="dispute_judge").click().run()
    _no_exception(at)
    return at


def test_page_runs_on_an_empty_library(db):
    at = _app()
    _no_exception(at)
    assert at.title[0].value == "Dispute desk"
    # nothing stored: the page offers the paste box
    assert at.radio(key="dispute_source").value == "paste"
    assert len(at.text_area) == 1


def test_page_runs_in_chinese(db):
    at = _app("zh")
    _no_exception(at)
    assert at.title[0].value == "争议台"


def test_a_stored_deal_is_offered_and_asked_about(db):
    engine = open_db(db)
    result = import_log(engine, read_log(SAMPLE), str(SAMPLE))
    assert result.status == "added"
    at = _app()
    _no_exception(at)
    assert at.radio(key="dispute_source").value == "db"
    assert at.selectbox(key="dispute_deal").value == result.deal_id
    slider = at.slider[0]
    assert slider.max > 10
    slider.set_value(5).run()
    _no_exception(at)
    assert len(_who(at)) >= 1
    # the button hands the deal and step to the replay page
    at.button(key="dispute_open").click().run()
    assert at.session_state["deal_id"] == result.deal_id
    assert at.session_state["step"] == 5


def _turn_order(db) -> AppTest:
    at = _paste(_app(), (CASES / "TURN-ORDER.illegal.txt").read_text(encoding="utf-8"))
    _no_exception(at)
    assert not at.error
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


def test_who_may_act_lists_the_right_seat(db):
    at = _turn_order(db)
    who = _who(at)
    assert list(who) == [1]
    assert "play" in who[1] and "pass" in who[1]
    assert any(c.value.replace("\\", "") == "its turn (in play order)" for c in at.caption)
    # after the illegal play the referee carries on with seat 2's 6 on the table: seat 3 answers
    at.slider[0].set_value(2).run()
    assert list(_who(at)) == [3]


def test_an_illegal_action_cites_rule_and_seed(db):
    at = _ask(_turn_order(db), 2, "play", "6")
    assert len(at.error) == 1
    assert "TURN-ORDER" in at.error[0].value.replace("\\", "")
    assert "not seat 2's turn" in at.error[0].value.replace("\\", "")
    text = _markdown(at)
    rule = RULES["TURN-ORDER"]
    assert rule.quote in text
    assert rule.name_zh in text and rule.name_en in text
    assert f"seed {rule.seed}" in text
    assert not at.success


def test_a_legal_action_is_legal(db):
    at = _ask(_turn_order(db), 1, "play", "6")
    assert not at.error
    assert len(at.success) == 1
    assert at.success[0].value.startswith("Legal")


def test_the_profile_options_of_the_rule_are_shown(db):
    at = _paste(_app(), (CASES / "GJ-BURN.illegal.txt").read_text(encoding="utf-8"))
    at.slider[0].set_value(3).run()
    at = _ask(at, 1, "burn", "A A")
    assert "GJ-BURN" in at.error[0].value.replace("\\", "")
    assert RULES["GJ-BURN"].quote in _markdown(at)
    opts = next(d.value for d in at.dataframe if "option" in d.value.columns)
    assert set(opts["option"]) == {"burn_fail", "undeclared_burn", "burn_seats", "burn_needs_head"}
    row = opts.set_index("option").loc["burn_seats"]
    assert row["this deal"] == "any"
    assert row["allowed"] == "any / between"
    assert "burn" in row["help"]
    assert "gouji-online" in opts.columns  # the shipped profiles side by side: where clubs differ
    assert "Where clubs differ" in _markdown(at)


def test_a_bad_card_token_is_a_message(db):
    at = _ask(_turn_order(db), 1, "play", "6 XQ")
    assert not at.error and not at.success
    assert len(at.warning) == 1
    assert "XQ" in at.warning[0].value


def test_no_cards_is_a_message(db):
    at = _ask(_turn_order(db), 1, "play")
    assert len(at.warning) == 1 and not at.success


def test_a_bad_paste_is_an_error_and_the_page_goes_on(db):
    at = _paste(_app(), "fupan/1 gouji\nprofile gouji-logged\nevents\n0 play 5\n2 fly 6\n")
    _no_exception(at)
    assert len(at.error) == 1
    assert "cannot be read" in at.error[0].value
    assert not at.slider
    at = _paste(at, '{"format": "fupan/1", "game": "gouji",')
    _no_exception(at)
    assert "malformed JSON" in at.error[0].value
    # a good log after a bad one works
    at.text_area(key="dispute_paste").input((CASES / "TURN-ORDER.illegal.txt").read_text(encoding="utf-8")).run()
    _no_exception(at)
    assert not at.error
    assert at.slider[0].max == 2


def test_an_unknown_profile_is_an_error(db):
    at = _paste(_app(), "fupan/1 gouji\nprofile no-such-club\nevents\n0 play 5\n")
    _no_exception(at)
    assert len(at.error) == 1


def test_baohuang_actions_and_rule(db):
    at = _paste(_app(), (CASES / "BH-YIELD.illegal.txt").read_text(encoding="utf-8"))
    _no_exception(at)
    who = _who(at)
    assert list(who) == [0, 1, 2, 3, 4]  # the holder calls or yields; anyone may grab
    assert "call" in who[0] and "yield" in who[0]
    assert "call" not in who[1] and "grab" in who[1]
    actions = at.selectbox(key="dispute_action_baohuang").options
    assert {"call", "yield", "grab", "reveal"} <= set(actions) and "burn" not in actions
    at.selectbox(key="dispute_seat_baohuang").set_value(1)
    at.selectbox(key="dispute_action_baohuang").set_value("yield").run()
    assert not at.text_input  # no cards to type for a yield
    at.button(key="dispute_judge").click().run()
    _no_exception(at)
    assert "BH-YIELD" in at.error[0].value.replace("\\", "")
    assert RULES["BH-YIELD"].quote in _markdown(at)
    at.selectbox(key="dispute_seat_baohuang").set_value(0).run()
    at.button(key="dispute_judge").click().run()
    assert not at.error and len(at.success) == 1


def test_judging_in_chinese(db):
    at = _paste(_app("zh"), (CASES / "TURN-ORDER.illegal.txt").read_text(encoding="utf-8"))
    at.slider[0].set_value(1).run()
    at = _ask(at, 2, "play", "6")
    assert at.error[0].value.replace("\\", "").startswith("违规 — TURN-ORDER")
    assert "还未轮到座位2" in at.error[0].value
    assert RULES["TURN-ORDER"].quote in _markdown(at)


def test_log_text_is_escaped(db):
    log = "fupan/1 gouji\nprofile gouji-logged\nseat 1 **Bold**<b>x</b>[y](http://e)\nevents\n0 play 5\n"
    at = _paste(_app(), log)
    _no_exception(at)
    at.slider[0].set_value(1).run()
    line = next(m.value for m in at.markdown if "Bold" in m.value)
    assert r"\*\*Bold\*\*\<b\>x\</b\>\[y\]\(http\:" in line
    # a bad token is quoted back escaped too
    at = _ask(at, 1, "play", "<i>")
    assert r"\<i\>" in at.warning[0].value
