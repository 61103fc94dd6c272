"""One event's ruling (referee/ruling.py, referee/sheet.py, ``fupan ruling`` and ``fupan rules``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cli
from data.make_samples import SAMPLES_DIR
from referee.ruling import ruling, ruling_of
from referee.sheet import ruling_sheet
from replay.core.cards import parse_cards
from replay.core.events import Burn, Pass
from replay.formats.log import parse_log, read_log
from replay.replay import Replay
from replay.rules.register import RULES

DISPUTE = SAMPLES_DIR / "disputes" / "01-burn-after-pass.txt"
GJ = "fupan/1 gouji\nprofile gouji-logged\n"
RULING_KEYS = {
    "index", "event", "step", "game", "profile", "seat", "action", "cards", "to", "legal", "rule", "reason", "rule_name",
    "message", "reading", "quote", "options", "consequence", "alternatives", "more_alternatives", "effects",
    "unverified", "before", "decisions", "line", "as_played",
}  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_passed_then_burned_quotes_the_passage_about_passing_and_burning() -> None:
    r = ruling_of(Replay(read_log(DISPUTE)), 3)
    assert not r.legal and (r.rule, r.reason) == ("GJ-BURN", "passed")
    assert r.quote is not None and r.quote.text == "過牌不燒，燒牌優先" and r.quote.seed == "000"
    assert "燒牌的條件" not in r.quote.text
    assert r.options == ()  # 过牌不烧 holds whatever a profile's burn options say
    assert "does not stand" in r.consequence[1] and "不成立" in r.consequence[0]


def test_a_profile_following_seed_004_quotes_seed_004() -> None:
    log = read_log(DISPUTE)
    from replay.rules.profile_loader import load_profile

    rep = Replay(log, profile=load_profile("gouji-online").with_overrides({"first_lead": "logged"}))
    r = ruling_of(rep, 3)
    assert (r.rule, r.reason) == ("GJ-BURN", "passed")
    assert r.quote is not None and r.quote.seed == "004" and "过牌者在这一轮里无权再出牌" in r.quote.text


def test_the_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "ruling", DISPUTE, "--event", "4", "--json")
    assert code == 1 and err == ""
    doc = json.loads(out)
    assert set(doc) == RULING_KEYS
    assert doc["rule"] == "GJ-BURN" and doc["rule_name"] == {"zh": "烧牌", "en": "burning"}
    assert doc["quote"]["seed"] == "000" and doc["quote"]["file"] == "000_c3417a29fb903ad9.txt"
    assert doc["before"]["step"] == 3 and "to_act" in doc["before"]
    assert set(doc["consequence"]) == {"zh", "en"}


def test_a_reading_and_the_options_that_decided_it() -> None:
    rep = Replay(parse_log(GJ + "events\n0 play K K\n1 play A A\n"))
    r = ruling_of(rep, 1)
    assert r.legal and r.reading is not None and r.reading.code == "play-as-burn"
    assert (r.rule, r.reason) == ("GJ-BURN", "burn")
    names = {o.name: o for o in r.options}
    assert set(names) == {"undeclared_burn", "burn_seats", "burn_needs_head"}
    assert names["undeclared_burn"].value == "burn" and "read as a burn" in names["undeclared_burn"].meaning[1]
    assert "stands as a burn" in r.consequence[1]


@pytest.mark.parametrize(("fail", "words"), [("dalao", "last place"), ("flag", "flagged only")])
def test_a_failed_burn_follows_the_profile(fail: str, words: str) -> None:
    hand = "hand 1 A A 7 7 8 8 " + " ".join(["9"] * 30) + "\n"
    text = GJ + f"option burn_fail {fail}\n" + hand + "events\n0 play K K\n1 burn A A\n4 pass\n1 play 7\n"
    r = ruling_of(Replay(parse_log(text)), 3)
    assert r.legal and r.reading is not None and r.reading.code == "failed-burn"
    assert words in r.consequence[1]
    assert [o.name for o in r.options] == ["burn_fail"] and r.options[0].value == fail


def test_alternatives_are_what_the_seat_could_lawfully_do() -> None:
    hand = "hand 1 A A 7 7 8 8 " + " ".join(["9"] * 30) + "\n"
    rep = Replay(parse_log(GJ + hand + "events\n0 play 5\n1 play 6\n"))
    r = ruling_of(rep, 1)  # seat 1 has no 6: the record contradicts itself
    assert not r.legal and r.rule == "LOG"
    alts = {(a["action"], tuple(a["cards"])) for a in r.alternatives}
    assert ("pass", ()) in alts and ("play", ("7",)) in alts and ("play", ("A", "A")) not in alts
    assert all(a["seat"] == 1 for a in r.alternatives)


def test_an_event_typed_at_the_desk_is_ruled_on_the_table_at_that_step() -> None:
    rep = Replay(read_log(DISPUTE))
    r = ruling(rep, 3, Pass(1))
    assert r.event is None and r.legal and r.reading is not None and r.reading.code == "redundant-pass"
    r2 = ruling(rep, 2, Burn(1, cards=tuple(parse_cards("A A"))))
    assert r2.event is None and r2.step == 2


def test_stored_decisions_on_the_event_are_in_its_ruling() -> None:
    log = read_log(DISPUTE)
    doc = log.to_json()
    doc["format"] = "fupan/2"  # decisions name events as people count: "event": 4 is the fourth (index 3)
    doc["decisions"] = [
        {
            "event": 4,
            "decision": "upheld",
            "text": "过牌不烧 <b>x</b>",
            "referee": "老王",
            "at": "2026-12-01T20:00:00Z",
        },
        {"event": 3, "decision": "upheld", "text": "ok", "referee": "老王", "at": "2026-12-01T20:01:00Z"},
    ]
    rep = Replay(parse_log(json.dumps(doc, ensure_ascii=False)))
    r = ruling_of(rep, 3)
    assert [d.event for d in r.decisions] == [3]
    assert [d["event"] for d in r.to_json()["decisions"]] == [4] == [r.to_json()["event"]]  # one number in the JSON
    page = ruling_sheet(r, rep.log, "zh")
    assert "过牌不烧 &lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page


def test_the_sheet_is_self_contained_escaped_and_holds_the_quote(tmp_path: Path) -> None:
    text = DISPUTE.read_text(encoding="utf-8").replace("\nvenue ", "\nvenue <script>alert(1)</script> ", 1)
    assert "<script>" in text
    path = tmp_path / "d.txt"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "sheet.html"
    assert cli.main(["ruling", str(path), "--event", "4", "--html", str(out), "--lang", "en"]) == 1
    page = out.read_text(encoding="utf-8")
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "過牌不燒，燒牌優先" in page and "000_c3417a29fb903ad9.txt" in page
    assert "http" not in page.split("</style>")[1] and "<link" not in page and "<img" not in page
    assert "Referee&#x27;s signature" in page  # a line to sign


def test_an_unwritable_sheet_is_refused_by_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "ruling", DISPUTE, "--event", "4", "--html", tmp_path)  # a folder
    assert (code, out, err) == (2, "", f"fupan: {tmp_path}: cannot write the ruling sheet (Is a directory)\n")


def test_bad_event_index_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "ruling", DISPUTE, "--event", "99")
    assert code == 2 and out == "" and "--event 99: expected 1..4" in err and "Traceback" not in err


def test_rules_lists_the_register(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--json", "--game", "baohuang")
    assert code == 0
    doc = json.loads(out)
    ids = [r["id"] for r in doc["rules"]]
    assert "BH-PASS" in ids and "GJ-BURN" not in ids and "SET-RANK" in ids
    bh_pass = next(r for r in doc["rules"] if r["id"] == "BH-PASS")
    assert bh_pass["quotes"][0]["text"] == RULES["BH-PASS"].quote and bh_pass["quotes"][0]["seed"] == "003"
    force = next(r for r in doc["rules"] if r["id"] == "BH-FORCE")
    opt = force["options"][0]
    assert opt["name"] == "force_from" and opt["profiles"]["baohuang"] == {
        "baohuang": "marked",
        "baohuang-no345": "marked",
    }
    assert {v["value"] for v in opt["values"]} == {"marked", "seat0"}
    assert set(doc["seeds"]) == {"000", "002", "003", "004"}
    code, out, _ = run(capsys, "rules", "--game", "gouji", "--lang", "en")
    assert code == 0 and "GJ-BURN" in out and "(passed) seed 000" in out and "house rule reading" in out
    code, _, err = run(capsys, "rules", "--game", "chess")
    assert code == 2 and "--game chess" in err


def test_every_event_of_the_samples_gets_a_ruling() -> None:
    for path in sorted((SAMPLES_DIR / "disputes").iterdir()):
        rep = Replay(read_log(path))
        for i in range(len(rep.states) - 1):
            r = ruling_of(rep, i)
            assert (r.legal == rep.verdicts[i].legal and r.rule is not None) or r.legal, (path.name, i)
            if not r.legal:
                assert r.rule == rep.verdicts[i].rule and r.quote is not None


def test_a_wrong_claimed_score_is_corrected(capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES_DIR / "disputes" / "05-wrong-score-gouji.txt"
    code, out, _ = run(capsys, "ruling", path, "--result", "--json")
    assert code == 1
    entries = {e["key"]: e for e in json.loads(out)["result"]}
    team = entries["teams[0]"]
    assert team["differs"] and team["rule"] == "GJ-SCORE" and team["computed"]["points"] != team["claimed"]["points"]
    assert "corrected to the deal's 0 2 4 = 2" in team["consequence"]["en"] and "改为" in team["consequence"]["zh"]
    assert team["quote"]["seed"] == "000" and "只記正分" in team["quote"]["text"]
    assert not entries["finish_order"]["differs"] and "stands" in entries["finish_order"]["consequence"]["en"]
    code, _, err = run(capsys, "ruling", DISPUTE, "--result")
    assert code == 2 and "claims no result" in err
    with pytest.raises(SystemExit) as stop:  # argparse: one of --event and --result is required
        run(capsys, "ruling", str(DISPUTE))
    assert stop.value.code == 2 and "--event" in capsys.readouterr().err


def test_the_text_ruling_gives_the_table_before_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ruling", DISPUTE, "--event", "4")
    assert code == 1
    lines = out.splitlines()
    assert lines[1] == "桌面: K K (出牌人 座位2)"
    assert "  可以行动: 座位0 烧牌、过牌 — 可烧座位2的够级牌（烧牌优先）" in lines
    assert "  本轮已过牌: 座位1" in lines
    assert not any("burn, pass" in line for line in lines)  # action words in Chinese, not keywords
    code, out, _ = run(capsys, "ruling", DISPUTE, "--event", "4", "--lang", "en")
    assert "table: K K (owner seat 2)" in out and "  passed: seat 1" in out
    assert "  may act: seat 0 burn, pass" in out


def test_alternatives_of_a_seat_whose_hand_is_unknown_say_they_are_partial(capsys: pytest.CaptureFixture[str]) -> None:
    rep = Replay(parse_log(GJ + "events\n0 play 9 9\n1 pass\n"))
    r = ruling_of(rep, 1)
    assert r.legal and [a["action"] for a in r.alternatives] == ["pass"]
    assert any("seat 1's hand is not fully in the record" in u for u in r.unverified)
    hand = "hand 1 A A 7 7 8 8 " + " ".join(["9"] * 30) + "\n"
    known = ruling_of(Replay(parse_log(GJ + hand + "events\n0 play 5\n1 pass\n")), 1)
    assert not any("not fully in the record" in u for u in known.unverified)


def test_the_sheet_names_the_actions_of_who_may_act_in_its_language() -> None:
    rep = Replay(read_log(DISPUTE))
    r = ruling_of(rep, 3)
    zh = ruling_sheet(r, rep.log, "zh")
    assert "烧牌、过牌 — " in zh and "burn, pass —" not in zh
    assert "burn, pass — " in ruling_sheet(r, rep.log, "en")


@pytest.mark.parametrize("name", ["gouji", "baohuang", "shengji"])
def test_each_game_maps_its_actions_to_its_own_rules(name: str) -> None:
    """The referee's action-to-rule map is the game's (``replay/games/<game>/rulings.py``'s ``RULINGS``): each rule
    belongs to the game, each action is one of its events' (a play is a lead or an answer), and the options that
    decide a reason are the game's."""
    from replay import games
    from replay.rules.register import RULES

    game = games.get(name)
    rulings = game.rulings
    assert set(rulings.actions) - {"lead", "answer"} <= game.actions and {"lead", "answer"} <= set(rulings.actions)
    for rule, _ in rulings.actions.values():
        assert name in RULES[rule].games, rule
    own = {o.name for o in game.options}
    for (rule, _), deciding in rulings.deciding.items():
        assert name in RULES[rule].games and set(deciding) <= own, rule


RANG_ANSWERED = SAMPLES_DIR / "disputes" / "02-rang-then-answer.txt"


def test_an_illegal_events_consequence_names_both_lines_and_which_counts() -> None:
    r = ruling_of(Replay(read_log(DISPUTE)), 3)
    zh, en = r.consequence
    assert "as played:" in en and "as ruled (the events that do not stand withdrawn):" in en
    assert "按记录（照打）" in zh and "按规则" in zh
    assert "no referee has decided event 4 yet: scored as played until one does" in en
    assert r.line == "played" and r.as_played is None


def test_the_dui_tou_answer_after_a_withdrawn_play_is_ruled_on_the_as_ruled_table() -> None:
    log = read_log(RANG_ANSWERED)
    log = log._replace(events=(*log.events, *parse_log(GJ + "events\n0 play J J\n").events))
    rep = Replay(log)
    assert rep.verdicts[8].rule == "CARD-ORDER"  # as played, against the illegal J J that stood
    r = ruling_of(rep, 8)
    assert r.legal and r.line == "ruled" and r.before.table_seat == 3
    assert r.as_played is not None and "CARD-ORDER" in r.as_played[1] and r.as_played[1].startswith("as played")
    doc = r.to_json()
    assert doc["line"] == "ruled" and doc["as_played"]["zh"].startswith("按记录：违规")
    sheet = ruling_sheet(r, log, "en")
    assert "Judged on the as-ruled table" in sheet and "As played" in sheet


def test_the_departing_event_says_the_record_departs_from_the_rules() -> None:
    log = read_log(RANG_ANSWERED)
    log = log._replace(events=(*log.events, *parse_log(GJ + "events\n5 play Q Q\n").events))
    r = ruling_of(Replay(log), 8)
    assert r.line == "played" and "记录自此偏离规则" in r.consequence[0]
    assert "the record departs from the rules here" in r.consequence[1]


def test_a_withdrawn_event_of_a_finished_deal_states_places_and_points_in_both_lines() -> None:
    from replay.core.events import Play
    from replay.formats.decisions import Decision
    from replay.simulate import simulate_deal

    log = simulate_deal(5, "gouji").log
    base = Replay(log)
    k = 10
    st = base.states[k]
    seat = next(s for s in range(6) if s not in base.engine.actors(st))
    bad = Play(seat, (st.hands[seat].known_cards()[0],))
    assert base.engine.step(st, bad).rule is not None
    log = log._replace(events=(*log.events[:k], bad, *log.events[k:]), result=None, text="")
    upheld = Decision(event=k, decision="upheld", text="不成立", referee="老王", at="2026-12-01T20:15:00Z")
    rep = Replay(log._replace(decisions=(upheld,)))
    r = ruling_of(rep, k)
    zh, en = r.consequence
    score = base.score()
    assert score is not None
    order = " ".join(map(str, score.finish_order))
    # as ruled the deal is the one without the illegal play; as played the forced play broke the record after it
    assert f"as ruled (the events that do not stand withdrawn): places {order}" in en and f"名次 {order}" in zh
    assert rep.score() is None and "as played: the deal is not finished" in en
    assert "the referee upheld that event 11 does not stand: scored as ruled" in en and "按规则计分" in zh


# each verdict quotes the passage that decides it (issue 36)
GJ_CLASSIC = "fupan/1 gouji\nprofile gouji\noption first_lead logged\n"


def test_a_joker_attached_set_of_the_same_rank_quotes_what_a_set_is_not_suits() -> None:
    r = ruling_of(Replay(parse_log(GJ_CLASSIC + "events\n0 play 9 9\n1 play 9 SJ\n")), 1)
    assert not r.legal and (r.rule, r.reason) == ("CARD-ORDER", "joker")
    assert r.quote is not None and r.quote.seed == "000" and "花、錢例外" in r.quote.text
    assert "suits never matter" not in r.message[1] and "不论花色" not in r.message[0]
    plain = ruling_of(Replay(parse_log(GJ_CLASSIC + "events\n0 play 9 9\n1 play 9 9\n")), 1)
    assert (plain.rule, plain.reason) == ("CARD-ORDER", "") and "suits never matter" in plain.message[1]


def test_a_small_joker_set_answered_at_its_own_rank_quotes_the_small_joker_passage() -> None:
    r = ruling_of(Replay(parse_log(GJ_CLASSIC + "events\n0 play 9 SJ\n3 play 9 BJ\n")), 1)
    assert not r.legal and (r.rule, r.reason) == ("CARD-ORDER", "small-joker")
    assert r.quote is not None and r.quote.seed == "000" and "小花掛牌時" in r.quote.text


def test_a_kitty_rule_the_seed_is_silent_on_says_so() -> None:
    from paths import CASE_LOGS

    rep = Replay(read_log(CASE_LOGS / "SJ-DEAL.illegal.bury.json"))
    bad = rep.illegal[0]
    r = ruling_of(rep, bad.index)
    assert (r.rule, r.reason) == ("SJ-DEAL", "kitty")
    assert r.quote is not None and r.quote.seed == "" and r.quote.text.startswith("种子未言底牌")
    assert "seed 000 is silent on the kitty" in r.quote.text


def test_the_chinese_ruling_s_unverified_line_is_chinese(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text(GJ + "events\n0 play K K\n", encoding="utf-8")
    _, out, _ = run(capsys, "ruling", path, "--event", "1", "--lang", "zh")
    line = next(x for x in out.splitlines() if x.startswith("未能核实"))
    assert "手牌没有完整记录" in line and "not fully in the record" not in line, line
    _, out, _ = run(capsys, "ruling", path, "--event", "1", "--lang", "en")
    assert any(x.startswith("unverified") and "not fully in the record" in x for x in out.splitlines())


def test_a_finish_order_moved_by_a_failed_burn_quotes_the_da_luo_passage(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from referee.ruling import result_ruling

    rep = Replay(read_log(SAMPLES_DIR / "disputes" / "05-wrong-score-gouji.txt"))
    score = rep.score()
    assert score is not None
    claimed = list(rep.log.result["finish_order"])
    moved = (*claimed[1:], claimed[0])  # the claimed 头科 fell to 大落 by a failed burn
    fell = replace(score, finish_order=moved, explain=(("GJ-BURN", "seat broke its burn condition: 大落"),))
    monkeypatch.setattr(rep, "score", lambda: fell)
    entry = next(e for e in result_ruling(rep) if e.key == "finish_order")
    assert entry.differs and entry.quote is not None and "大落" in entry.quote.text, entry.quote
    monkeypatch.setattr(rep, "score", lambda: replace(score, finish_order=moved))
    plain = next(e for e in result_ruling(rep) if e.key == "finish_order")
    assert plain.quote is not None and "大落" not in plain.quote.text  # nothing moved places: the finish rule's own


def test_a_baohuang_ruling_names_the_emperor_and_the_loyalist_once_known(capsys: pytest.CaptureFixture[str]) -> None:
    from paths import CASE_LOGS

    path = CASE_LOGS / "BH-PLAY.legal.txt"
    rep = Replay(read_log(path))
    last = len(rep.log.events) - 1
    r = ruling_of(rep, last)
    sheet = ruling_sheet(r, rep.log, "zh")
    assert "皇帝：座位0" in sheet
    _, out, _ = run(capsys, "ruling", path, "--event", str(last), "--lang", "en")
    assert "皇帝 (emperor): seat 0" in out
    first = ruling_of(rep, 0)  # before the call: no 皇帝 yet
    assert "皇帝：" not in ruling_sheet(first, rep.log, "zh")
