"""The coach asks a detector only about the events of the actions it is marked for (``coach.moment.acts_on``): each
marked detector finds nothing at any other event, and the coach's findings are those of asking every detector about
every legal event; ``Deal``'s public history (big jokers before each event, each seat's first small joker) is what
counting it event by event gives."""

from __future__ import annotations

import pytest
from paths import CASE_LOGS

from coach.coach import coach_replay, with_worth
from coach.games import coach_for
from coach.maxims import MAXIMS, maxims_for
from coach.moment import ACTIONS, Deal, Moment
from replay.core.cards import RANK_BJ, RANK_SJ
from replay.formats.log import LogError, read_log
from replay.replay import Replay
from replay.rules.profile import ProfileError
from replay.simulate import simulate_deal

CASES = CASE_LOGS


def _replays() -> list[Replay]:
    reps = [Replay(simulate_deal(k, ("gouji", "baohuang", "shengji-35")[k % 3]).log) for k in range(45)]
    for path in sorted(CASES.iterdir()):
        try:
            reps.append(Replay(read_log(path)))
        except (LogError, ProfileError):
            continue
    return reps


REPLAYS = _replays()


def test_the_detectors_of_every_game_are_marked() -> None:
    marked = [mx.detect for mx in MAXIMS if mx.detect is not None]
    marked += [d for game in ("gouji", "baohuang", "shengji") for d in coach_for(game).detectors]
    assert marked and all(d in ACTIONS for d in marked)


@pytest.mark.parametrize("game", ["gouji", "baohuang", "shengji"])
def test_a_detector_finds_nothing_at_an_action_it_is_not_marked_for(game: str) -> None:
    detectors = [mx.detect for mx in maxims_for(game) if mx.detect is not None] + list(coach_for(game).detectors)
    asked = 0
    for rep in REPLAYS:
        if rep.log.game != game:
            continue
        deal = Deal(rep, coach_for(game).opponents)
        for i, v in enumerate(rep.verdicts):
            if not v.legal:
                continue
            m = Moment(deal, i)
            for detect in detectors:
                if m.event.action not in ACTIONS[detect]:
                    asked += 1
                    assert list(detect(m)) == [], (detect, rep.log.source, i)
    assert asked > 100


def _asking_everyone(rep: Replay) -> list[object]:
    """The findings of asking every detector about every legal event (the coach before it was told the actions)."""
    game = coach_for(rep.log.game)
    deal = Deal(rep, game.opponents)
    detectors = [mx.detect for mx in maxims_for(rep.log.game) if mx.detect is not None] + list(game.detectors)
    out = []
    for i, v in enumerate(rep.verdicts):
        if v.legal:
            m = Moment(deal, i)
            for detect in detectors:
                out += [with_worth(f) for f in detect(m)]
    return out


def test_the_coach_finds_what_asking_every_detector_finds() -> None:
    found = 0
    for rep in REPLAYS:
        report = coach_replay(rep)
        at_events = [f for f in report.findings if f.index is not None and rep.verdicts[f.index].legal]
        assert [f for f in at_events if f.kind != "violation"] == _asking_everyone(rep)
        found += len(at_events)
    assert found > 50


def test_the_deals_public_history_counts_jokers_event_by_event() -> None:
    for rep in REPLAYS:
        deal = Deal(rep)
        seen, first = 0, {}
        for i, (v, ev) in enumerate(zip(rep.verdicts, rep.log.events, strict=False)):
            assert deal.bj_before[i] == seen
            if v.legal and ev.action in ("play", "burn"):
                seen += sum(c.rank == RANK_BJ for c in ev.cards)
                if any(c.rank == RANK_SJ for c in ev.cards):
                    first.setdefault(ev.seat, i)
        assert deal.bj_before[len(rep.verdicts)] == seen and deal.first_sj == first


def test_a_moments_shown_count_is_the_states() -> None:
    shown = 0
    for rep in REPLAYS:
        if not hasattr(rep.final, "shown_counts"):  # a game that shows no counts (升级)
            continue
        deal = Deal(rep)
        for i in range(len(rep.verdicts)):
            m = Moment(deal, i)
            counts = m.before.shown_counts()
            for seat in range(m.before.n):
                assert m.shown(seat) == counts.get(seat)
            shown += len(counts)
    assert shown > 1000
