"""A variation entered and handled on the Replay page (issue 36, item 2), under AppTest: a move made by clicking the
cards of the seat to act (``views.parts.move_cards``: a card picked, the picked set said, Play refused with its rule
and the seed's words where the rules refuse it, a legal one continuing the table, the variation continued at its last
table staying one variation), its text-notation download, its rename and delete (the session's own; a stored one for
a signed-in referee only, refused by the library once the account may no longer write), its price by the evaluation
in both views beside the recorded move, and a ``.variations`` file uploaded in the Library."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from app_pages import empty_library, redrawn
from streamlit.testing.v1 import AppTest
from test_app_address import _open, _query
from test_app_lines import _entry

from data.importer import import_log
from replay.core.cards import Card
from replay.core.events import Event, Pass, Play
from replay.formats.log import parse_log
from replay.lines import MoveError, branch, fold, line_log
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.parts.move_cards import actions_shown, cards_key, hand_cards

PASSWORD = "红桃A-大王-小王"


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def _said(at: AppTest) -> str:
    return "\n".join(e.value for e in (*at.warning, *at.info, *at.error, *at.success, *at.caption, *at.markdown))


def singles(rep: Replay[Any], step: int) -> tuple[int, list[int], list[int]]:
    """The seat to act at ``step``, the indices (in the hand the page shows) of its single cards the rules let it
    play there and of those they refuse."""
    seat = next(iter(rep.view(step).to_act))
    cards, _unknown = hand_cards(rep, step, seat)
    legal, illegal = [], []
    for i, tok in enumerate(cards):
        rule = rep.engine.step(rep.states[step], Play(seat, (Card(tok),))).rule
        (legal if rule is None else illegal).append(i)
    return seat, legal, illegal


def mixed_step(rep: Replay[Any]) -> int:
    """A step whose seat to act holds a single card it may play and one it may not."""
    for step in range(1, len(rep.log.events)):
        if rep.view(step).to_act:
            _seat, legal, illegal = singles(rep, step)
            if legal and illegal:
                return step
    raise AssertionError("no table with a legal and an illegal single")


@pytest.fixture
def library(tmp_path, monkeypatch):
    """A library holding a simulated 够级 deal (every hand known): (its id, its Replay)."""
    eng = empty_library(tmp_path, monkeypatch)
    log = simulate_deal(10, "gouji").log
    res = import_log(eng, log, "sim.json")
    eng.dispose()
    assert res.deal_id is not None
    return res.deal_id, Replay(log)


def _pick(at: AppTest, key: str, indices: list[int], button: str) -> AppTest:
    at.button_group(key=key).set_value(indices).run()
    _ok(at)
    return _ok(at.button(key=button).click().run())


def _variation(at: AppTest, number: int) -> Any:
    """The session's variation ``number`` (a Line)."""
    _deal, line = at.session_state["lines_variations"][number]
    return line


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_card_move_refused_then_a_legal_one_continues_the_table(library, lang):
    deal_id, rep = library
    step = mixed_step(rep)
    seat, legal, illegal = singles(rep, step)
    cards, _ = hand_cards(rep, step, seat)
    at = _entry(_open({"deal": str(deal_id), "step": str(step), "lang": lang}))
    key = cards_key("played", step, seat)
    pills = at.button_group(key=key)
    assert pills.value == [] and len(pills.options) == len(cards)
    assert at.button(key="lines_card_play").disabled  # no card picked: nothing to play
    assert not at.button(key="lines_card_pass").disabled
    # an illegal single: refused with its rule and the seed's words, no variation made
    bad = Play(seat, (Card(cards[illegal[0]]),))
    with pytest.raises(MoveError) as refused:
        branch(rep, step, (bad,))
    at.button_group(key=key).set_value([illegal[0]]).run()
    picked = "已选：" if lang == "zh" else "Picked: "
    assert any(c.value.startswith(picked) and "1" in c.value for c in at.caption)  # the picked set said
    _ok(at.button(key="lines_card_play").click().run())
    error = at.error[-1].value
    assert refused.value.rule and refused.value.rule.replace("-", "\\-") in error
    assert ("不合规则" if lang == "zh" else "refused") in error
    quote = refused.value.quote
    assert quote is not None
    assert any(m.value.startswith(f"> {quote.text}") for m in at.markdown)  # the seed's words, verbatim
    assert "var" not in _query(at)
    # a legal single: the variation goes on from there
    good = Play(seat, (Card(cards[legal[0]]),))
    _pick(at, key, [legal[0]], "lines_card_play")
    assert not at.error, [e.value for e in at.error]
    query = _query(at)
    assert query["var"] == "1" and query["step"] == str(step + 1)
    line = _variation(at, 1)
    assert (line.at, line.events) == (step, (good,))
    assert all(v.legal for v in fold(rep, line).verdicts[step:])
    # on the variation, at its last table, the next seat's move continues the same variation
    shown = Replay(line_log(rep, line), profile=rep.profile)
    nxt = next(iter(shown.view(step + 1).to_act))
    move: Event = Pass(nxt)
    button = "lines_card_pass"
    if shown.engine.step(shown.states[step + 1], move).rule is not None:  # a lead: its first legal single
        _s, ok, _bad = singles(shown, step + 1)
        move = Play(nxt, (Card(hand_cards(shown, step + 1, nxt)[0][ok[0]]),))
        at.button_group(key=cards_key("var1", step + 1, nxt)).set_value([ok[0]]).run()
        button = "lines_card_play"
    _ok(at.button(key=button).click().run())
    assert _query(at)["var"] == "1" and _query(at)["step"] == str(step + 2)
    assert _variation(at, 1).events == (good, move)
    assert 2 not in at.session_state["lines_variations"]


def test_the_buttons_are_play_pass_and_the_other_lawful_actions():
    game = ("play", "pass", "burn", "rang", "tribute")
    assert actions_shown(game, ("play", "pass")) == ["play", "pass"]
    assert actions_shown(game, ("pass",)) == ["play", "pass"]  # play always offered: the engine says why not
    assert actions_shown(game, ("play", "pass", "burn")) == ["play", "pass", "burn"]
    assert actions_shown(("play", "pass", "kou"), ("kou",)) == ["play", "pass", "kou"]


def test_the_variation_downloads_in_the_text_notation_too(library):
    from views.parts.variation_tools import log_json, log_text

    deal_id, rep = library
    step = mixed_step(rep)
    seat, legal, _ = singles(rep, step)
    at = _entry(_open({"deal": str(deal_id), "step": str(step), "lang": "en"}))
    _pick(at, cards_key("played", step, seat), [legal[0]], "lines_card_play")
    keys = sorted(d.key for d in at.get("download_button") if d.key and d.key.startswith("lines_download"))
    assert keys == ["lines_download", "lines_download_text"]
    line = _variation(at, 1)
    text = log_text(rep, line)
    assert text.startswith("fupan/1 gouji")
    from_text, from_json = parse_log(text), parse_log(log_json(rep, line))
    assert from_text.events == from_json.events == rep.log.events[:step] + line.events
    assert Replay(from_text).ok


def test_a_session_variation_is_renamed_and_deleted_here(library):
    deal_id, rep = library
    step = mixed_step(rep)
    seat, legal, _ = singles(rep, step)
    at = _entry(_open({"deal": str(deal_id), "step": str(step), "lang": "en"}))
    _pick(at, cards_key("played", step, seat), [legal[0]], "lines_card_play")
    at.text_input(key="lines_rename_1").set_value("<i>lead low</i>")
    _ok(at.button(key="lines_rename_go").click().run())
    assert _variation(at, 1).name == "<i>lead low</i>"
    picker = at.selectbox(key="lines_picker")
    assert picker.format_func(1) == "variation: <i>lead low</i> (#1)"
    _ok(at.button(key="lines_delete_go").click().run())
    assert 1 not in at.session_state["lines_variations"]
    assert "var" not in _query(at)
    assert "Variation #1 deleted." in _said(at)
    assert "lines_picker" not in [s.key for s in at.selectbox]  # one line left: the record


def _signed_in_replay(user: str) -> None:
    import streamlit as st

    from views.pages import replay
    from views.parts import address, links, signin

    st.session_state.setdefault("lang", "en")
    if not st.session_state.get("test_signed_in"):
        st.session_state["test_signed_in"] = True
        assert signin.sign_in(user)
    address.follow()
    replay.render()
    address.show(links.BY_URL["replay"].query)


@pytest.fixture
def referee(monkeypatch):
    from argon2 import PasswordHasher
    from argon2.profiles import CHEAPEST

    from data import accounts
    from data.database import open_db

    monkeypatch.setattr(accounts, "HASHER", PasswordHasher.from_parameters(CHEAPEST))
    eng = open_db(os.environ["FUPAN_DB"])
    accounts.add_user(eng, "王老师", PASSWORD, "referee")
    yield eng
    eng.dispose()


def test_a_stored_variation_is_renamed_and_deleted_by_a_referee_and_refused_once_the_account_may_not(library, referee):
    from data.accounts import disable_user
    from data.variations import deal_variations

    deal_id, rep = library
    step = mixed_step(rep)
    seat, legal, _ = singles(rep, step)
    at = AppTest.from_function(_signed_in_replay, kwargs={"user": "王老师"}, default_timeout=60)
    at.query_params.update({"deal": str(deal_id), "step": str(step), "lang": "en"})
    _entry(_ok(at.run()))
    _pick(at, cards_key("played", step, seat), [legal[0]], "lines_card_play")
    (stored,) = deal_variations(referee, deal_id)
    assert (stored.number, stored.made_by, len(stored.events)) == (1, "王老师", 1)
    at.text_input(key="lines_rename_1").set_value("低牌先出")
    _ok(at.button(key="lines_rename_go").click().run())
    assert deal_variations(referee, deal_id)[0].name == "低牌先出"
    assert "Variation #1 renamed: 低牌先出" in _said(at)
    _ok(at.button(key="lines_delete_go").click().run())
    assert deal_variations(referee, deal_id) == []
    assert "var" not in _query(at) and "Variation #1 deleted." in _said(at)
    # another stored variation; its referee's account disabled while the page is open: the page still shows the
    # buttons (the session is signed in), the library refuses each write
    from data.variations import add_variation

    number = add_variation(referee, deal_id, stored_line(rep, step, seat, legal[0]), "王老师")
    assert number == 1  # the deal's highest was deleted: its number is free again
    other = AppTest.from_function(_signed_in_replay, kwargs={"user": "王老师"}, default_timeout=60)
    other.query_params.update({"deal": str(deal_id), "step": str(step + 1), "var": "1", "lang": "en"})
    _ok(other.run())
    assert other.selectbox(key="lines_picker").value == 1
    disable_user(referee, "王老师")
    other.text_input(key="lines_rename_1").set_value("another")
    _ok(other.button(key="lines_rename_go").click().run())
    assert "Not renamed" in other.error[-1].value
    _ok(other.button(key="lines_delete_go").click().run())
    assert "Not deleted" in other.error[-1].value
    assert [(v.number, v.name) for v in deal_variations(referee, deal_id)] == [(1, "")]
    # a visitor sees a stored variation without the buttons
    visitor = _open({"deal": str(deal_id), "step": str(step + 1), "var": "1", "lang": "en"})
    assert visitor.selectbox(key="lines_picker").value == 1
    assert "lines_rename_go" not in [b.key for b in visitor.button]
    assert "renamed or deleted by a signed-in referee" in _said(visitor)


def stored_line(rep: Replay[Any], step: int, seat: int, index: int) -> Any:
    from replay.lines import Line

    return Line("variation", step, (Play(seat, (Card(hand_cards(rep, step, seat)[0][index]),)),), "")


def test_a_variation_is_priced_in_both_views_beside_the_recorded_move(library):
    from coach.evaluate import evaluate_line
    from coach.prices import DEFAULT_CANDIDATES, Settings

    deal_id, rep = library
    step = mixed_step(rep)
    seat, legal, _ = singles(rep, step)
    at = _entry(_open({"deal": str(deal_id), "step": str(step), "lang": "en"}))
    _pick(at, cards_key("played", step, seat), [legal[0]], "lines_card_play")
    at.number_input(key="lines_price_rollouts").set_value(4)
    _ok(at.button(key="lines_price").click().run())
    assert not at.error, [e.value for e in at.error]
    line = _variation(at, 1)
    # the same pricing as the Evaluation page's (coach.evaluate), the recorded move offered beside the variation's
    line_rep = Replay(line_log(rep, line), profile=rep.profile)
    recorded = rep.log.events[step]
    found = evaluate_line(line_rep, step, recorded, Settings(rollouts=4, max_candidates=DEFAULT_CANDIDATES), 6)
    first = found[0]
    assert first.index == step and first.actual.event == line.events[0]
    assert {"seat", "all"} <= set(first.losses)  # both views: the seat's knowledge and all cards known
    mine = first.actual.values
    said = next(m.value for m in at.markdown if m.value.startswith("The first move and the record's"))
    assert f"seat's view {mine['seat'].mean:+.2f} ± {mine['seat'].se:.2f}" in said
    assert f"all cards known {mine['all'].mean:+.2f} ± {mine['all'].se:.2f}" in said
    theirs = next(c for c in first.candidates if c.event == recorded)  # the record's move is priced among them
    assert f"the record: {recorded.action}" in said
    assert f"seat's view {theirs.values['seat'].mean:+.2f} ± {theirs.values['seat'].se:.2f}" in said
    table = at.dataframe[0].value
    loss = first.losses["seat"]
    assert table["seat's view loss"].iloc[0] == f"{loss.loss:.2f} ± {loss.se:.2f}"
    assert "all cards known loss" in table.columns
    assert len(at.dataframe[1].value) == len(first.candidates)  # the candidates, as the Evaluation page lists them


def test_evaluate_line_offers_the_recorded_move_only_where_it_is_lawful(library):
    from coach.evaluate import evaluate_line
    from coach.prices import Settings

    _deal_id, rep = library
    step = mixed_step(rep)
    seat, legal, illegal = singles(rep, step)
    cards, _ = hand_cards(rep, step, seat)
    settings = Settings(rollouts=2, max_candidates=2, views=("all",))
    line = branch(rep, step, (Play(seat, (Card(cards[legal[0]]),)),))
    line_rep = Replay(line_log(rep, line), profile=rep.profile)
    lawful = Pass(seat)
    assert rep.engine.step(rep.states[step], lawful).rule is None
    (priced,) = evaluate_line(line_rep, step, lawful, settings, 1)
    assert lawful in [c.event for c in priced.candidates] and len(priced.candidates) == 3  # one more than asked
    refused = Play(seat, (Card(cards[illegal[0]]),))
    (plain,) = evaluate_line(line_rep, step, refused, settings, 1)
    assert refused not in [c.event for c in plain.candidates] and len(plain.candidates) == 2


def test_the_library_merges_an_uploaded_variations_file(library, referee, tmp_path):
    from data.exporter import export_deals
    from data.variations import add_variation, deal_variations, delete_variation

    deal_id, rep = library
    step = mixed_step(rep)
    seat, legal, _ = singles(rep, step)
    add_variation(referee, deal_id, stored_line(rep, step, seat, legal[0]), "王老师")
    export_deals(referee, tmp_path / "out")
    (side,) = (tmp_path / "out").rglob("*.variations")
    text = side.read_text(encoding="utf-8")
    delete_variation(referee, deal_id, 1, "王老师")
    doc = json.loads(text)
    doc["variations"][0]["at"] = -1
    bad = json.dumps(doc)

    visitor = _library_page(None)
    _upload(visitor, [("deal.variations", text)])
    assert any("not imported (for a signed-in referee or admin only)" in w.value for w in visitor.warning)
    assert deal_variations(referee, deal_id) == []

    at = _library_page("王老师")
    _upload(at, [("bad.variations", bad)])
    error = at.error[-1].value
    assert "variations\\[0\\]" in error and "at" in error  # the bad entry named by its place
    assert deal_variations(referee, deal_id) == []
    _upload(at, [("deal.variations", text)])
    assert any(f"1 variation added to deal {deal_id}" in s.value for s in at.success)
    (back,) = deal_variations(referee, deal_id)
    assert (back.at, back.events) == (step, stored_line(rep, step, seat, legal[0]).events)
    _upload(at, [("deal.variations", text)])
    assert any("all of them are there already" in i.value for i in at.info)


def _library_script(user: str | None) -> None:
    import streamlit as st

    from views.pages import library
    from views.parts import signin

    st.session_state.setdefault("lang", "en")
    if user is not None and not st.session_state.get("test_signed_in"):
        st.session_state["test_signed_in"] = True
        assert signin.sign_in(user)
    library.render()


def _library_page(user: str | None) -> AppTest:
    return _ok(AppTest.from_function(_library_script, kwargs={"user": user}, default_timeout=60).run())


def _upload(at: AppTest, files: list[tuple[str, str]]) -> AppTest:
    (box,) = [u for u in at.file_uploader if u.label == "Log files"]
    box.set_value([(name, body.encode("utf-8"), "application/json") for name, body in files])
    (send,) = [b for b in at.button if b.label == "Import and open"]
    _ok(send.click().run())
    return at


def test_cards_alike_have_labels_apart_that_read_the_same():
    from views.parts.move_cards import pill_labels

    labels = pill_labels(["SJ", "QS", "QS", "QH", "QS"], "zh")
    assert len(set(labels)) == 5  # Streamlit knows a picked pill by its label
    assert [label.replace("\u200b", "") for label in labels] == ["小王", "♠Q", "♠Q", "♥Q", "♠Q"]


def test_where_several_seats_may_act_each_has_its_lawful_actions_and_a_burn_is_checked(library):
    from replay.core.events import Burn

    deal_id, rep = library
    step = next(s for s in range(len(rep.log.events)) if any("burn" in a for a in rep.view(s).to_act.values()))
    to_act = rep.view(step).to_act
    first = next(iter(to_act))
    burner = next(s for s, a in to_act.items() if "burn" in a)
    at = _entry(_open({"deal": str(deal_id), "step": str(step), "lang": "zh"}))
    seats = at.button_group(key="lines_card_seat")
    assert len(seats.options) == len(to_act) > 1 and seats.value == first  # who acts: each seat that may, the first
    buttons = {b.key for b in at.button if b.key and b.key.startswith("lines_card_")}
    assert buttons == {f"lines_card_{a}" for a in actions_shown(("play", "pass", *to_act[first]), to_act[first])}
    _ok(seats.set_value(burner).run())
    buttons = {b.key for b in at.button if b.key and b.key.startswith("lines_card_")}
    assert "lines_card_burn" in buttons and at.button(key="lines_card_burn").label == "烧牌"
    redrawn(at, "button_group", "lines_card_seat", list(to_act))  # drawn anew by a slow browser: the seat shown stays
    assert at.button_group(key="lines_card_seat").value == burner and "lines_card_burn" in {b.key for b in at.button}
    cards, _ = hand_cards(rep, step, burner)
    burn = Burn(burner, (Card(cards[-1]),))
    rule = rep.engine.step(rep.states[step], burn).rule
    _pick(at, cards_key("played", step, burner), [len(cards) - 1], "lines_card_burn")
    if rule is None:
        assert _query(at)["var"] == "1" and _variation(at, 1).events == (burn,)
    else:
        assert rule.replace("-", "\\-") in at.error[-1].value and "var" not in _query(at)
