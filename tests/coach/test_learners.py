"""Simulated learners (coach/learners.py): a bot that breaks a maxim is caught by the coach at every
position where it broke it; a bot that follows the maxims is (almost) never told off for them.

Each configuration plays the same 40 seeded deals of 够级 (profile gouji, lead_preference "singles"
unless said otherwise); every deal must replay legal.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from coach import effects
from coach.coach import Report, coach_replay
from coach.learners import DAN_PAI, DANG_SAN, FENG_Q, GUA_4, SUPPORTED, YOU_DAN, MaximBot
from replay.core.cards import RANK_2, RANK_3, RANK_A, RANK_K, RANK_Q, RANK_SJ
from replay.core.events import Event
from replay.core.sets import make_set
from replay.replay import Replay
from replay.rules.profile import Profile
from replay.rules.profile_loader import load_profile
from replay.simulate import RandomBot, simulate_deal

SEEDS = range(40)


@pytest.fixture(autouse=True)
def no_study(monkeypatch: pytest.MonkeyPatch) -> None:
    """No study figures: every maxim finding is advice "not measured", at its detector's severity (the
    study's figures and the on-trial rule are tests/coach/test_advice.py's)."""
    monkeypatch.setattr(effects, "_shipped", dict)


THREES = load_profile("gouji").with_overrides({"lead_preference": "threes"}, "test")
# no study loaded here (the fixture above): a saying without a figure is a hint at most (coach.effects.supports_mistake)
SEVERITY = {FENG_Q: "hint", YOU_DAN: "hint", GUA_4: "hint", DAN_PAI: "hint", DANG_SAN: "hint"}


@cache
def play(
    follow: frozenset[str] = frozenset(), break_: frozenset[str] = frozenset(), threes: bool = False
) -> tuple[tuple[MaximBot, Replay, Report], ...]:
    """The 40 deals of one configuration: (bot, replay, coach report) for each seed."""
    profile: Profile = THREES if threes else load_profile("gouji")
    out = []
    for seed in SEEDS:
        bot = MaximBot(random.Random(seed), follow=follow, break_=break_)
        deal = simulate_deal(seed, profile, bot=bot)
        assert bot.events == len(deal.log.events), "the bot lost count of the events"
        rep = Replay(deal.log, profile=profile)
        assert not rep.illegal, [v.line() for v in rep.illegal]
        assert not rep.deal_verdicts
        out.append((bot, rep, coach_replay(rep)))
    return tuple(out)


def random_reports() -> list[Report]:
    reports = []
    for seed in SEEDS:
        deal = simulate_deal(seed, "gouji", bot=RandomBot(random.Random(seed)))
        reports.append(coach_replay(Replay(deal.log)))
    return reports


def count(reports: list[Report], maxim: str, severity: str | None = None) -> int:
    return sum(1 for r in reports for f in r.findings if f.maxim == maxim and severity in (None, f.severity))


def shape_ok(maxim: str, ev: Event, rep: Replay, i: int) -> bool:
    """The planted event looks like the break it stands for."""
    st = rep.states[i]
    table = st.table
    beats = list(rep.engine.plays_for(st, ev.seat)) if table is not None else []  # sets that beat the table
    if maxim == FENG_Q:
        caps = [s for s in beats if all(c.rank == RANK_A for c in s)]  # plain As, no 2s or jokers
        return ev.action == "play" and table.base == RANK_Q and make_set(ev.cards).base == RANK_K and bool(caps)
    if maxim == DANG_SAN:
        return ev.action == "play" and table.base == 4 and any(c.rank >= RANK_2 for c in ev.cards)
    if maxim == DAN_PAI:
        shown = st.shown_counts().get(st.owner)  # the owner still plays, its count shown (10 or fewer)
        return ev.action in ("pass", "kou") and table.base == RANK_3 and shown is not None and bool(beats)
    lead = table is None or (st.window and ev.seat == st.owner)
    if maxim == YOU_DAN:
        return ev.action == "play" and lead and all(c.rank == RANK_3 for c in ev.cards)
    if maxim == GUA_4:
        return ev.action == "play" and lead and any(c.rank == RANK_SJ for c in ev.cards)
    raise AssertionError(maxim)


@pytest.mark.parametrize("maxim", SUPPORTED)
def test_breaking_bot_is_caught_every_time(maxim: str) -> None:
    planted = 0
    for bot, rep, report in play(break_=frozenset({maxim})):
        at = {(f.index, f.seat) for f in report.findings if f.maxim == maxim and f.severity == SEVERITY[maxim]}
        for i in bot.planted[maxim]:
            ev = rep.log.events[i]
            assert shape_ok(maxim, ev, rep, i), (i, ev)
            assert (i, ev.seat) in at, f"{rep.log.source}: planted {maxim} at event {i} ({ev}) not found"
        planted += len(bot.planted[maxim])
    assert planted >= 20, f"only {planted} {maxim} breaks planted in {len(SEEDS)} deals"


WINDOW_SEED = 1112  # a deal where the 小花挂4 breaker leads in the 够死级 window


def window_breaks() -> tuple[Replay, Report, list[int]]:
    bot = MaximBot(random.Random(WINDOW_SEED), break_={GUA_4})
    rep = Replay(simulate_deal(WINDOW_SEED, "gouji", bot=bot).log)
    assert not rep.illegal
    return rep, coach_replay(rep), [i for i in bot.planted[GUA_4] if rep.states[i].window]


def test_the_breaker_also_leads_in_the_window() -> None:
    rep, _, planted = window_breaks()
    assert planted
    for i in planted:
        ev = rep.log.events[i]
        assert ev.seat == rep.states[i].owner and shape_ok(GUA_4, ev, rep, i)


def test_window_breaks_are_caught() -> None:
    _, report, planted = window_breaks()
    at = {f.index for f in report.findings if f.maxim == GUA_4}
    assert set(planted) <= at


def test_breaking_bot_on_the_threes_side() -> None:
    planted = 0
    for bot, rep, report in play(break_=frozenset({YOU_DAN}), threes=True):
        at = {f.index for f in report.findings if f.maxim == YOU_DAN}
        for i in bot.planted[YOU_DAN]:
            ev = rep.log.events[i]
            assert len(ev.cards) == 1 and RANK_3 < ev.cards[0].rank <= RANK_A
            assert i in at
        planted += len(bot.planted[YOU_DAN])
    assert planted >= 20


def test_following_bot_gives_few_findings() -> None:
    reports = [report for _, _, report in play(follow=frozenset(SUPPORTED))]
    assert count(reports, FENG_Q) == 0
    assert count(reports, DANG_SAN) == 0
    assert count(reports, DAN_PAI, "mistake") == 0
    assert count(reports, GUA_4) == 0
    followed = count(reports, YOU_DAN)
    randomly = count(random_reports(), YOU_DAN)
    assert randomly >= 50, randomly
    assert followed * 10 <= randomly, (followed, randomly)
    kept = Counter()
    for bot, rep, _ in play(follow=frozenset(SUPPORTED)):
        kept.update({k: len(v) for k, v in bot.kept.items()})
        for i in bot.kept[FENG_Q]:  # the cap is plain As: no 2s, no jokers
            assert all(c.rank == RANK_A for c in rep.log.events[i].cards), (rep.log.source, i)
        for i in bot.kept[DAN_PAI]:  # the 3s answered
            assert rep.log.events[i].action in ("play", "burn") and rep.states[i].table.base == RANK_3
    assert all(kept[k] > 0 for k in SUPPORTED), kept  # following changed the random choice somewhere


def test_following_bot_on_the_threes_side() -> None:
    reports = [report for _, _, report in play(follow=frozenset({YOU_DAN}), threes=True)]
    assert count(reports, YOU_DAN) == 0


def test_breaking_one_maxim_while_following_the_others() -> None:
    follow = frozenset(set(SUPPORTED) - {FENG_Q})
    deals = play(follow=follow, break_=frozenset({FENG_Q}))
    reports = [report for _, _, report in deals]
    planted = {(rep.log.source, i) for bot, rep, _ in deals for i in bot.planted[FENG_Q]}
    found = {(r.replay.log.source, f.index) for r in reports for f in r.findings if f.maxim == FENG_Q}
    assert planted and found == planted  # every 逢Q盖帽 finding is a planted one, and every planted one is found
    assert count(reports, DANG_SAN) == 0 and count(reports, DAN_PAI, "mistake") == 0


def test_without_maxims_it_plays_like_the_random_bot() -> None:
    for seed in range(5):
        ours = simulate_deal(seed, "gouji", bot=MaximBot(random.Random(seed)))
        theirs = simulate_deal(seed, "gouji", bot=RandomBot(random.Random(seed)))
        assert ours.log == theirs.log


def test_rates_reach_the_random_bot() -> None:
    bot = MaximBot(random.Random(0), break_={FENG_Q}, pass_rate=0.9, break_rate=0.5)
    assert (bot.pass_rate, bot.break_rate) == (0.9, 0.5)


@pytest.mark.parametrize(
    ("follow", "break_"),
    [
        pytest.param({"no-such-maxim"}, set(), id="unknown"),
        pytest.param(set(), {"fang-yi-da-er"}, id="not-played-by-the-bot"),
        pytest.param({FENG_Q}, {FENG_Q}, id="both-followed-and-broken"),
    ],
)
def test_bad_maxim_choices(follow: set[str], break_: set[str]) -> None:
    with pytest.raises(ValueError):
        MaximBot(random.Random(0), follow=follow, break_=break_)


def test_a_maxim_bot_plays_a_baohuang_deal_through_the_games_habits() -> None:
    """MaximBot's bid and reveals extend RandomBot's with ``super()``, and RandomBot's hand over to the 保皇 sim
    module's: with no maxim to play, it writes the events a RandomBot of the same seed writes, bids and reveals
    included, and counts them all."""
    actions: set[str] = set()
    for seed in range(6):
        bot = MaximBot(random.Random(seed))
        deal = simulate_deal(seed, "baohuang", bot=bot)
        plain = simulate_deal(seed, "baohuang", bot=RandomBot(random.Random(seed)))
        assert deal.log.events == plain.log.events
        assert bot.events == len(deal.log.events), "the bot lost count of the events"
        actions |= {ev.action for ev in deal.log.events}
    assert {"call", "yield", "reveal"} <= actions
