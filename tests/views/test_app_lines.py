"""A deal's lines on the Replay page (views/parts/lines_view.py; issue 36, items 1 and 2), under AppTest: the line
picker (as played, as ruled for a deal with an illegal event, the session's variations), the as-played table after
the illegal event marked naming it, the as-ruled line's verdicts with the as-played reading beside, a variation
typed at a step (a refused move with its rule and the seed's words; a legal one continuing the table, its download),
the address keeping ``&line`` and ``&var``, and the Scoring page saying which line counts."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from app_pages import drawn_html, empty_library, redrawn, table_of
from streamlit.testing.v1 import AppTest
from test_app_address import _open, _query

from data.importer import import_log
from replay.core.events import Event, Play
from replay.formats.log import Log, parse_log
from replay.formats.notation.moves import read_moves
from replay.lines import MoveError, branch, fold, line_log, ruled
from replay.replay import Replay
from replay.simulate import simulate_deal
from views.parts.lines_view import ENTRY

# seat 4 answers after a 让 (illegal, GJ-RANG); as ruled the 对头's J J is the lawful answer to seat 3's 10 10,
# as played it does not beat the J J that stood
RANG = """fupan/1 gouji
profile gouji-logged
events
0 出 9 9
1 过
2 过
3 让
4 过
5 过
3 出 10 10
4 出 J J
0 出 J J
"""


def out_of_turn(rep: Replay[Any], k: int) -> Event:
    """A play at step ``k`` by a seat that may not act there (one card it holds)."""
    state = rep.states[k]
    for seat in range(state.n):
        cards = [c for c in rep.log.hands[seat] or () if c is not None] if rep.log.hands else []
        if seat in rep.engine.actors(state) or not cards:
            continue
        ev = Play(seat, (cards[0],))
        if rep.engine.step(state, ev).rule is not None:
            return ev
    raise AssertionError("no illegal play found")


def _stored(eng: Any, log: Log, name: str) -> int:
    res = import_log(eng, log, name)
    assert res.status == "added", res
    assert res.deal_id is not None
    return res.deal_id


@pytest.fixture
def library(tmp_path, monkeypatch):
    """A library with the 让 deal (an illegal event, hands unknown) and a simulated 够级 deal with an illegal play
    injected at event 10 (every hand known): {"rang": (id, Replay), "sim": (id, Replay), "clean": (id, Replay)}."""
    eng = empty_library(tmp_path, monkeypatch)
    rang = parse_log(RANG)
    clean = simulate_deal(10, "gouji").log  # as played the forced play breaks the record: no score
    base = Replay(clean)
    sim = clean._replace(
        events=(*clean.events[:10], out_of_turn(base, 10), *clean.events[10:]), result=None, text="", positions=()
    )
    departs = parse_log(RANG.replace("0 出 J J", "5 出 Q Q"))  # answers the withdrawn J J: the record departs
    out = {}
    for key, log in (("rang", rang), ("sim", sim), ("clean", clean), ("departs", departs)):
        out[key] = (_stored(eng, log, f"{key}.json"), Replay(log))
    eng.dispose()
    return out


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def _said(at: AppTest) -> str:
    return "\n".join(e.value for e in (*at.warning, *at.info, *at.error, *at.success, *at.caption, *at.markdown))


def _mark(at: AppTest) -> str:
    m = re.search(r'<div class="fp-line" data-line="(\w+)"[^>]*>([^<]*)</div>', table_of(at))
    assert m, "the table says no line"
    return f"{m.group(1)}: {m.group(2)}"


# -- the line picker, the marked table, the verdicts as ruled ----------------------------------------------


def test_a_clean_deal_has_one_line_and_no_picker(library):
    deal_id, _ = library["clean"]
    at = _open({"deal": str(deal_id), "step": "5"})
    assert "lines_picker" not in [s.key for s in at.selectbox]
    assert 'class="fp-line"' not in table_of(at)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_as_played_table_after_the_illegal_event_is_marked_naming_it(library, lang):
    deal_id, rep = library["rang"]
    bad = rep.illegal[0].index
    assert bad == 7
    at = _open({"deal": str(deal_id), "step": str(bad + 1), "lang": lang})
    assert at.selectbox(key="lines_picker").value == "played"
    words = {
        "zh": "按记录的牌桌：第 8 手的违规动作在此照打",
        "en": "the table as played: the illegal event 8 stands on it",
    }
    assert _mark(at) == f"played: {words[lang]}"
    assert ("按记录 · " if lang == "zh" else "as played · ") in at.error[0].value  # the verdict says its line
    before = _open({"deal": str(deal_id), "step": str(bad), "lang": lang})
    assert "两条线路在此相同" in _mark(before) or "the two lines agree here" in _mark(before)


def test_the_picker_shows_the_line_as_ruled_with_its_verdicts_and_the_reading_as_played_beside(library):
    deal_id, rep = library["rang"]
    at = _open({"deal": str(deal_id), "step": "8"})
    at.selectbox(key="lines_picker").set_value("ruled").run()
    _ok(at)
    assert _query(at)["line"] == "ruled"
    # a browser that draws the picker anew without its value sends its default: the line shown, not the record
    redrawn(at, "selectbox", "lines_picker", ["played", "ruled"])
    assert _query(at)["line"] == "ruled"
    said = _said(at)
    assert "第 8 手的违规动作撤回" in said  # what the line as ruled withdrew, said once
    info = ruled(rep)
    # the 对头's J J: event 8 of the record, event 7 of the line as ruled, lawful there
    at.session_state["step"] = 8
    at.run()
    _ok(at)
    assert _mark(at).startswith("ruled: 牌桌：按规则")
    verdict = at.success[0].value
    assert "按规则 · 第 8 手" in verdict and "✓" in verdict
    said = _said(at)
    assert "记录中的第 9 手，在按规则的牌桌上判定" in said
    played = next(j.played for j in info.judged if j.index == 8)
    assert played is not None and not played.legal
    assert f"按记录的判定：✗ [{played.rule}]" in said
    assert len(fold(rep, info.line).verdicts) == 8  # the line: 7 events of the record, then the 对头's answer


def test_the_departure_is_said_once_and_the_line_as_ruled_ends_there(library):
    deal_id, rep = library["departs"]
    info = ruled(rep)
    assert info.departs == 8
    at = _open({"deal": str(deal_id), "step": "8", "line": "ruled", "lang": "zh"})
    said = [w.value for w in at.warning if "记录自此偏离规则" in w.value]
    assert len(said) == 1 and "第 9 手起" in said[0] and "GJ\\-RANG" in said[0]
    assert at.session_state["step"] == 7  # the line as ruled has 7 events: the step is moved within it
    at = _open({"deal": str(deal_id), "step": "9", "lang": "zh"})  # the record: its own verdicts, as played
    assert "记录自此偏离规则" not in _said(at)


def test_a_link_with_line_ruled_opens_it_and_one_the_deal_has_not_is_said(library):
    deal_id, _ = library["rang"]
    at = _open({"deal": str(deal_id), "step": "8", "line": "ruled", "lang": "en"})
    assert at.selectbox(key="lines_picker").value == "ruled"
    assert _mark(at).startswith("ruled: the table: as ruled")
    clean_id, _ = library["clean"]
    at = _open({"deal": str(clean_id), "step": "3", "line": "ruled", "lang": "en"})
    assert "lines_picker" not in [s.key for s in at.selectbox]
    assert "the record as played is shown" in _said(at)
    assert "line" not in _query(at)
    at = _open({"deal": str(clean_id), "var": "7", "lang": "en"})
    assert "lives only in the session that made it" in _said(at)
    assert "var" not in _query(at)


# -- variations --------------------------------------------------------------------------------------------


def _entry(at: AppTest) -> AppTest:
    """The variation entry opened at the page's step, as a click on it does (drawn only while open)."""
    at.session_state[f"{ENTRY}_{at.session_state['step']}"] = True
    at.run()
    _ok(at)
    return at


def _type(at: AppTest, moves: str, name: str = "", button: str = "lines_by_hand") -> AppTest:
    if not any(box.key == "lines_moves" for box in at.text_input):
        _entry(at)
    at.text_input(key="lines_moves").set_value(moves)
    at.text_input(key="lines_name").set_value(name)
    at.button(key=button).click().run()
    _ok(at)
    return at


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_an_illegal_move_is_refused_with_its_rule_and_the_seeds_words(library, lang):
    deal_id, rep = library["rang"]
    at = _open({"deal": str(deal_id), "step": "7", "lang": lang})
    # after 3 让, seat 4 may not answer: GJ-RANG, typed with the Chinese action word
    _type(at, "4 出 J J")
    error = at.error[-1].value
    assert "GJ-RANG" in error
    assert ("不合规则" if lang == "zh" else "refused") in error
    quote = next(m.value for m in at.markdown if m.value.startswith("> "))
    with pytest.raises(MoveError) as refused:  # the seed's words the engine gives, verbatim
        branch(rep, 7, read_moves("4 出 J J", "gouji", 6))
    assert refused.value.quote is not None and refused.value.quote.seed
    assert quote.startswith(f"> {refused.value.quote.text}\n")
    assert refused.value.quote.file.replace("_", "\\_").replace(".", "\\.") in quote  # the seed's file named
    assert "var" not in _query(at)  # no variation made
    assert at.selectbox(key="lines_picker").value == "played"


def test_a_move_that_cannot_be_read_is_said_at_its_place(library):
    deal_id, _ = library["clean"]
    at = _open({"deal": str(deal_id), "step": "0", "lang": "en"})
    _type(at, "0 fly 3 3")
    assert "variation" in at.error[-1].value


def test_a_legal_variation_continues_the_table_is_named_in_the_address_and_downloads_as_a_log(library):
    deal_id, rep = library["clean"]
    step = 4
    actor = sorted(rep.engine.actors(rep.states[step]))[0]
    at = _open({"deal": str(deal_id), "step": str(step), "lang": "zh"})
    _type(at, f"{actor} 过", name="试试过牌")
    query = _query(at)
    assert query["var"] == "1" and query["step"] == str(step + 1)
    assert at.selectbox(key="lines_picker").value == 1
    assert _mark(at).startswith("variation: 牌桌：变着：试试过牌（#1）（第 4 步起）")
    events = next(h for h in drawn_html(at) if 'class="fp-events"' in h)
    assert "<th>线路</th>" in events and "变着：试试过牌（#1）" in events  # the branch marked in the move list
    assert at.success[0].value.startswith("**变着：试试过牌（\\#1） · 第 5 手**")
    down = sorted(d.key for d in at.get("download_button") if d.key and d.key.startswith("lines_download"))
    assert down == ["lines_download", "lines_download_text"]  # the log in JSON and in the text notation
    # the download is the line's log: the record's first 4 events and the pass, read and checked clean
    shown_rep = Replay(parse_log(variation_log_of(at, rep)))
    assert len(shown_rep.log.events) == step + 1 and shown_rep.ok
    assert shown_rep.log.events[:step] == rep.log.events[:step]
    # the address keeps the variation: a rerun (another step) still shows it
    at.session_state["step"] = step
    at.run()
    assert _query(at)["var"] == "1"


def variation_log_of(at: AppTest, rep: Replay[Any]) -> str:
    """The variation's log the page offers (the session's first variation, written as the page writes it)."""
    from views.parts.lines_view import line_replay, variation_log

    _deal, line = at.session_state["lines_variations"][1]
    text = variation_log(line_replay(rep, "var1", line, 1))
    json.loads(text)
    return text


def test_a_variation_played_out_to_the_end_by_the_coachs_policy(library):
    deal_id, rep = library["sim"]
    step = 10  # the illegal play: a variation from the table before it
    at = _open({"deal": str(deal_id), "step": str(step), "lang": "en"})
    _type(at, "", button="lines_play_out")  # no move of its own: the policy plays from the table before it
    assert not at.error, [e.value for e in at.error]
    assert _query(at)["var"] == "1"
    _deal, line = at.session_state["lines_variations"][1]
    assert line.at == step and len(line.events) > 1
    assert fold(rep, line).final.terminal
    assert "the record's first 10 events, then" in _said(at)


# -- which line counts -----------------------------------------------------------------------------------------


def _decide(deal_id: int, event: int, outcome: str) -> None:
    import os

    from data.database import open_db
    from data.decisions import store_decisions
    from replay.formats.decisions import Decision

    eng = open_db(os.environ["FUPAN_DB"])
    with eng.begin() as conn:
        store_decisions(conn, deal_id, [Decision(event, outcome, "裁定", "老王", "2026-12-04T12:00:00Z")])
    eng.dispose()


def test_the_scoring_page_says_which_line_counts_and_why(library):
    deal_id, rep = library["sim"]
    at = _open({"deal": str(deal_id), "lang": "zh"}, page="scoring")
    assert any("计分按记录：第 11 手尚待裁判裁定" in w.value for w in at.warning)  # pending: as played
    assert rep.score() is None and "这局还没打完" in at.info[0].value  # as played, the record breaks off
    _decide(deal_id, 10, "upheld")
    at = _open({"deal": str(deal_id), "lang": "en"}, page="scoring")
    said = [i.value for i in at.info if i.value.startswith("Scored as ruled")]
    assert len(said) == 1 and "upheld that event 11 does not stand" in said[0]
    as_ruled = Replay(line_log(rep, ruled(rep).line), profile=rep.profile).score()
    assert as_ruled is not None
    shown = at.dataframe[0].value
    assert list(shown["Points"]) == [p.points for p in as_ruled.places]
    clean_id, _ = library["clean"]
    at = _open({"deal": str(clean_id), "lang": "en"}, page="scoring")
    assert not [i for i in (*at.info, *at.warning) if "Scored" in i.value]  # one line: nothing to say


# -- the timeline ------------------------------------------------------------------------------------------------


def test_the_timeline_draws_the_line_shown_as_a_branch_beside_the_record(library):
    import page_charts

    deal_id, rep = library["sim"]
    at = _open({"deal": str(deal_id), "step": "3", "lang": "en"}, page="timeline")
    (plain,) = page_charts.figures(at)
    assert not [tr for tr in plain["data"] if tr.get("legendgroup") == "line"]
    at = _open({"deal": str(deal_id), "step": "3", "line": "ruled", "lang": "en"}, page="timeline")
    assert _query(at)["line"] == "ruled"
    (fig,) = page_charts.figures(at)
    branch_traces = [tr for tr in fig["data"] if tr.get("legendgroup") == "line"]
    line = ruled(rep).line
    as_ruled = fold(rep, line)
    assert len(branch_traces) == rep.final.n and branch_traces[0]["name"] == "as ruled"
    assert branch_traces[0]["x"][0] == line.at == 10 and branch_traces[0]["x"][-1] == as_ruled.events
    assert [tr["y"][-1] for tr in branch_traces] == [as_ruled.final.hands[s].size for s in range(rep.final.n)]
    assert "branching off the record at step 10" in _said(at)


# -- a signed-in referee's variation is stored in the library ----------------------------------------------------


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


def test_a_signed_in_referees_variation_is_stored_and_its_link_opens_in_another_session(library, monkeypatch):
    import os

    from argon2 import PasswordHasher
    from argon2.profiles import CHEAPEST

    from data import accounts
    from data.accounts import add_user
    from data.database import open_db
    from data.variations import deal_variations

    monkeypatch.setattr(accounts, "HASHER", PasswordHasher.from_parameters(CHEAPEST))
    eng = open_db(os.environ["FUPAN_DB"])
    add_user(eng, "王老师", "红桃A-大王-小王", "referee")
    deal_id, rep = library["clean"]
    actor = sorted(rep.engine.actors(rep.states[4]))[0]
    at = AppTest.from_function(_signed_in_replay, kwargs={"user": "王老师"}, default_timeout=60)
    at.query_params.update({"deal": str(deal_id), "step": "4", "lang": "en"})
    _ok(at.run())
    _type(at, f"{actor} pass", name="<b>stored</b>")
    assert _query(at)["var"] == "1"
    (stored,) = deal_variations(eng, deal_id)
    eng.dispose()
    assert (stored.number, stored.at, stored.name, stored.made_by) == (1, 4, "<b>stored</b>", "王老师")
    assert len(stored.events) == 1 and stored.events[0].seat == actor
    assert "kept in this session only" not in _said(at)
    # another session (no sign-in, no session state) opens the link: the stored variation is shown
    other = _open({"deal": str(deal_id), "step": "5", "var": "1", "lang": "en"})
    assert other.selectbox(key="lines_picker").value == 1
    mark = _mark(other)
    assert mark.startswith("variation: the table: variation: &lt;b&gt;stored&lt;/b&gt; (#1)")  # escaped: data


def test_a_visitors_variation_is_kept_in_the_session_and_said_so(library):
    deal_id, rep = library["clean"]
    actor = sorted(rep.engine.actors(rep.states[4]))[0]
    at = _open({"deal": str(deal_id), "step": "4", "lang": "en"})
    _type(at, f"{actor} pass")
    assert "kept in this session only" in _said(at)
    other = _open({"deal": str(deal_id), "step": "5", "var": "1", "lang": "en"})
    assert "lives only in the session that made it" in _said(other)


def test_a_variation_made_on_the_line_as_ruled_keeps_the_lines_own_events_before_it(library):
    from views.parts.lines_view import line_replay, make_variation, record_of

    _deal, rep = library["rang"]
    info = ruled(rep)
    shown = line_replay(rep, "ruled", info.line)
    assert info.line.at == 7 and len(info.line.events) == 1  # the 对头's J J, on the as-ruled table
    line = make_variation(shown, 8, "1 过", "", False)
    assert line.at == 7 and line.events == (*info.line.events, *read_moves("1 pass", "gouji", 6))
    assert all(v.legal for v in fold(rep, line).verdicts[7:])
    before = make_variation(shown, 5, "5 过", "", False)  # before the branch point: the record's events, then it
    assert before.at == 5 and before.events == read_moves("5 pass", "gouji", 6)
    on_record = make_variation(record_of(rep), 8, "1 过", "", False)  # the record: as played, after the forced J J
    assert on_record.at == 8
    with pytest.raises(MoveError, match="GJ-RANG"):  # on the line as ruled seat 4 may still not answer
        make_variation(shown, 7, "4 出 J J", "", False)


def test_the_pages_about_the_record_say_they_show_it_as_played(library):
    deal_id, _ = library["rang"]
    for page in ("coach", "evaluation"):
        at = _open({"deal": str(deal_id), "lang": "en"}, page=page)
        assert "This page shows the record as played" in _said(at), page
    clean_id, _ = library["clean"]
    at = _open({"deal": str(clean_id), "lang": "en"}, page="coach")
    assert "This page shows the record as played" not in _said(at)  # one line: nothing to say
    at = _open({"lang": "zh"}, page="players")
    assert "名次和得分：各局按计分的线路：裁判维持违规动作不成立的局按规则，其余按记录。" in _said(at)
    assert "教练发现和准确率：按记录（实际打出的每一手）。" in _said(at)


def test_the_players_page_states_its_line_and_counts_a_deal_as_ruled_once_upheld(library):
    """The summary takes each deal's line that counts: the injected deal (the same players as the clean one) has no
    place while pending (as played it does not finish), and the line as ruled's once a referee upheld event 11."""
    deal_id, rep = library["sim"]
    _clean_id, clean = library["clean"]
    clean_score = clean.score()
    as_ruled = Replay(line_log(rep, ruled(rep).line), profile=rep.profile).score()
    assert clean_score is not None and as_ruled is not None and rep.score() is None

    def summary() -> Any:
        at = _open({"lang": "en"}, page="players")
        _ok(at)
        assert "Places and points: each deal by the line that counts: as ruled where a referee upheld" in _said(at)
        return at.dataframe[0].value.set_index("Player")

    pending = summary()
    for p in clean_score.places:
        row = pending.loc[clean.log.player(p.seat)]
        assert (row["Deals"], row["Placed"], row["Total points"]) == (2, 1, p.points)
    _decide(deal_id, 10, "upheld")
    upheld = summary()
    ruled_points = {p.seat: p.points for p in as_ruled.places}
    for p in clean_score.places:
        row = upheld.loc[clean.log.player(p.seat)]
        assert (row["Deals"], row["Placed"], row["Total points"]) == (2, 2, p.points + ruled_points[p.seat])


def test_the_players_match_standings_on_the_scoring_page_take_the_counting_line(tmp_path, monkeypatch):
    """保皇 (each player's own points): the Scoring page's match standings say they take each deal's counting line,
    and show the line as ruled's points once a referee upheld that the injected play does not stand."""
    from app_pages import open_tab, run_page

    from replay.formats.decisions import Decision
    from views.parts.lines_view import COUNTED

    clean = simulate_deal(7, "baohuang").log
    base = Replay(clean)
    sim = clean._replace(
        events=(*clean.events[:10], out_of_turn(base, 10), *clean.events[10:]),
        result=None,
        text="",
        positions=(),
        meta={**clean.meta, "match": "Cup", "deal": 1},
        decisions=(Decision(10, "upheld", "不成立", "老王", "2026-12-04T12:00:00Z"),),
    )
    rep = Replay(sim)
    as_ruled = Replay(line_log(rep, ruled(rep).line), profile=rep.profile).score()
    assert as_ruled is not None and as_ruled.places
    assert rep.score() is None  # as played the forced play breaks the record: no points to sum
    eng = empty_library(tmp_path, monkeypatch)
    deal_id = _stored(eng, sim, "bh.json")
    eng.dispose()
    at = open_tab(run_page("scoring", deal_id, lang="zh"), "match", key="scoring_tab")
    _ok(at)
    assert any(f"每位牌手自己的得分，逐局累计{COUNTED[0]}。" == c.value for c in at.caption), [
        c.value for c in at.caption
    ]
    (wide,) = [d.value for d in at.dataframe if d.value.index.name == "局"]
    totals = wide.iloc[-1].to_dict()
    assert totals == {rep.log.player(p.seat): p.points for p in as_ruled.places}
