"""Each verdict quotes the passage that decides it (issue 36, item 5), checked on the ruling a referee reads: the
quote is the seed's words verbatim (a substring of its file) and holds the words that decide the case, or, where
the seed is silent, says so. A kitty rule of 升级 (seed 000's two lines say nothing of a kitty); a set with jokers
attached (the joker passages, not 不論花色); a lead after a 够死级 set nobody burned under the classic profile (seed
000's 够死级 passage, not seed 004's round rule); a finish order a failed burn moved (seed 004's 大落 passage)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest
from paths import CASE_LOGS, ROOT, SEEDS_COPY

from referee.ruling import Ruling, result_ruling, ruling_of
from replay.formats.log import parse_json_log, parse_log
from replay.replay import Replay
from replay.rules.quotes import SEED_FILES, Quote
from replay.simulate import RandomBot, simulate_deal

GJ_CLASSIC = "fupan/1 gouji\nprofile gouji\noption first_lead logged\n"


def _seed_text(seed: str) -> str:
    return re.sub(r"\s+", "", (SEEDS_COPY / SEED_FILES[seed]).read_text(encoding="utf-8"))


def verbatim(quote: Quote | None, seed: str, *words: str) -> Quote:
    """Assert ``quote`` is seed ``seed``'s words, found verbatim in its file (whitespace aside), holding ``words``."""
    assert quote is not None and quote.seed == seed, quote
    assert re.sub(r"\s+", "", quote.text) in _seed_text(seed), quote.text
    for w in words:
        assert w in quote.text, (w, quote.text)
    return quote


def _last(text: str) -> Ruling:
    rep = Replay(parse_log(text))
    return ruling_of(rep, len(rep.log.events) - 1)


# -- a kitty rule the seed is silent on ------------------------------------------------------------------------------


def test_the_shengji_seed_says_nothing_of_a_kitty() -> None:
    shengji = (SEEDS_COPY / SEED_FILES["000"]).read_text(encoding="utf-8").splitlines()[:2]  # its two lines of 升级
    assert not any(w in line for line in shengji for w in ("底", "扣底", "留牌"))


@pytest.mark.parametrize("last", [None, {"seat": 0, "action": "play", "cards": ["AS"]}])
def test_a_kitty_ruling_says_the_seed_is_silent(last: dict[str, object] | None) -> None:
    """A bury of the wrong size, and a play before the declarer buried (须先扣底), quote SJ-DEAL's kitty reading."""
    doc = json.loads((CASE_LOGS / "SJ-DEAL.illegal.bury.json").read_text(encoding="utf-8"))
    if last is not None:
        doc["events"][-1] = last
    rep = Replay(parse_json_log(json.dumps(doc, ensure_ascii=False)))
    r = ruling_of(rep, len(rep.log.events) - 1)
    assert not r.legal and (r.rule, r.reason) == ("SJ-DEAL", "kitty")
    assert r.quote is not None and r.quote.seed == "" and r.quote.by == "RULES.md"
    assert r.quote.text.startswith("种子未言底牌") and "seed 000 is silent on the kitty" in r.quote.text
    assert "四個人" not in r.quote.text  # not the deal's passage


# -- jokers attached -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("events", "rule", "reason", "words"),
    [
        ("0 play 9 9\n1 play 9 SJ", "CARD-ORDER", "joker", ("花、錢例外",)),
        ("0 play 9 SJ\n3 play 9 BJ", "CARD-ORDER", "small-joker", ("小花掛牌時", "大花")),
        ("0 play 9 SJ\n3 play 10 10", "SET-SMALLJOKER", "", ("小花掛牌時", "大花不得少於小花數量")),
        ("0 play 9 BJ\n3 play 10 BJ", "SET-BIGJOKER", "", ("大花掛任何牌時", "死牌")),
    ],
)
def test_a_set_with_jokers_attached_quotes_the_joker_passage(
    events: str, rule: str, reason: str, words: tuple[str, ...]
) -> None:
    r = _last(GJ_CLASSIC + "events\n" + events + "\n")
    assert not r.legal and (r.rule, r.reason) == (rule, reason)
    verbatim(r.quote, "000", *words)
    assert "不論花色" not in r.quote.text  # type: ignore[union-attr]
    assert "suits never matter" not in r.message[1]


def test_a_plain_set_of_the_same_rank_still_quotes_suits_never_matter() -> None:
    r = _last(GJ_CLASSIC + "events\n0 play 9 9\n1 play 9 9\n")
    assert (r.rule, r.reason) == ("CARD-ORDER", "")
    verbatim(r.quote, "000", "不論花色")


# -- 够死级 under the classic profile --------------------------------------------------------------------------------

GOU_SI_JI = (ROOT / "data" / "samples" / "disputes" / "03-gou-si-ji.txt").read_text(encoding="utf-8")
UNBURNED = "1 pass\n2 pass\n4 pass\n5 pass\n"  # nobody burns seat 3's 够死级 AAAA: the round closes, seat 3 leads


@pytest.mark.parametrize("profile", ["gouji", "gouji-logged", "gouji-online"])
@pytest.mark.parametrize(("last", "legal"), [("4 play 5", False), ("1 pass", True)])
def test_after_an_unburned_gou_si_ji_the_lead_quotes_seed_000s_gou_si_ji_passage(
    profile: str, last: str, legal: bool
) -> None:
    text = GOU_SI_JI.replace("profile gouji-logged", f"profile {profile}\noption first_lead logged")
    r = _last(text.replace("3 play 5 # 没人烧，陈国栋接着出", UNBURNED + last))
    assert r.legal is legal
    rule, reason = (r.rule, r.reason) if not legal else (r.reading.rule, r.reading.reason)  # type: ignore[union-attr]
    assert (rule, reason) == ("GJ-DEADLEVEL", "leads")
    verbatim(r.quote, "000", "夠死級者即或重新發牌權")
    assert "上一轮的最后出牌人" not in r.quote.text  # type: ignore[union-attr]  # not seed 004's round rule
    if not legal:
        assert "座位3" in r.message[0] and "够死级" in r.message[0]


def test_a_wrong_lead_after_an_ordinary_round_still_quotes_the_round_rule() -> None:
    r = _last(GJ_CLASSIC + "events\n0 play 9\n1 pass\n2 pass\n3 pass\n4 pass\n5 pass\n1 play 5\n")
    assert not r.legal and r.rule == "ROUND-END"


# -- a finish order corrected by a failed burn ------------------------------------------------------------------------


def test_a_finish_order_a_failed_burn_moved_quotes_the_da_luo_passage() -> None:
    bot = RandomBot(random.Random(0), burn_rate=1.0, reckless_rate=1.0)  # seed 0: two burners fail (大落, 二落)
    log = simulate_deal(0, "gouji-online", bot=bot).log
    rep = Replay(log)
    score, out = rep.score(), rep.final.out
    assert score is not None and any(rule == "GJ-BURN" for rule, _ in score.explain)
    as_went_out = [*out, *(s for s in range(6) if s not in out)]  # the order the seats went out, unmoved
    assert as_went_out != list(score.finish_order)
    claimed = Replay(replace(log, result={"finish_order": as_went_out}))
    entry = next(e for e in result_ruling(claimed) if e.key == "finish_order")
    assert entry.differs
    verbatim(entry.quote, "004", "大落", "捎牌条件")


# -- the alternatives list every lawful action, a burn included --------------------------------------------------------


def test_the_seat_in_turn_on_a_headless_seats_gouji_set_may_also_burn_and_the_alternatives_say_so() -> None:
    """Seat 0 is out, so seat 3 is headless and its 够级 K K is answered in turn: seat 4, in turn, may answer it or
    burn it (烧牌: then bound by the burn's condition); both are lawful, and the ruling lists both."""
    case = (CASE_LOGS / "GJ-HEADLESS.legal.txt").read_text(encoding="utf-8")
    rep = Replay(parse_log(case.replace("hand 4 ?", "hand 4 A A A A " + " ".join(["6"] * 16 + ["5"] * 16))))
    k = len(rep.log.events) - 1  # 4 play A A, in turn
    st = rep.states[k]
    assert st.to_act == 4 and 4 in rep.engine.burners(st)
    assert rep.engine.actors(st)[4] == ("play", "pass", "burn")
    assert rep.view(k).why[4] == ("无头：按顺序上牌，也可烧牌", "headless: answers in turn, or burns")
    r = ruling_of(rep, k)
    assert r.legal
    kinds = {(a["action"], tuple(a["cards"])) for a in r.alternatives}
    assert {("play", ("A", "A")), ("burn", ("A", "A")), ("pass", ())} <= kinds
    for a in r.alternatives:
        assert a["seat"] == 4
    assert r.before.to_act[1] == ("burn", "pass") and r.before.to_act[5] == ("burn", "pass")  # those out of turn


def test_a_burner_out_of_turn_lists_its_burns() -> None:
    r = _last(GJ_CLASSIC + "hand 1 A A A A " + " ".join(["6"] * 16 + ["5"] * 16) + "\nevents\n0 play K K\n1 burn A A\n")
    assert r.legal and r.rule == "GJ-BURN"
    assert {a["action"] for a in r.alternatives} == {"burn", "pass"}
    assert ("burn", ["A", "A"]) in [(a["action"], a["cards"]) for a in r.alternatives]
