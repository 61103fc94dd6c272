"""The coach on 升级 (coach/games/shengji/coach.py): violations with their evidence, and the notes, each on a
hand-made position where it must fire and on its near neighbours where it must not.

Every hand-made deal is the same frame: seat 0 declares with the big joker and a pair of 4♣ (clubs are
trumps), both sides are at level 6 (so the trumps are the jokers, the 6s, 5s, 3s and 2s, and clubs), the
declarer buries the kitty as dealt and leads the first trick. A position names the cards that matter for
each seat; the rest of each hand is dealt from what is left of the two decks (shuffled by a fixed seed),
never of the suit classes a seat must be void in.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from coach.coach import coach_log, coach_replay
from coach.findings import Finding
from coach.games.shengji.coach import (
    POINTS_BURIED,
    POINTS_GIVEN,
    POINTS_NOT_TAKEN,
    TRUMPS_ON_PARTNER,
    can_be_beaten,
    follows,
    unseen,
)
from replay.core.cards import Card, full_decks
from replay.core.events import Bury, Declare, Event, Play
from replay.formats.log import Log, Seat
from replay.games.shengji.engine import TRUMP, Trumps, card_points, trick_winner
from replay.replay import Replay
from replay.simulate import simulate_deal

TR = Trumps("C", 6)
DECLARATION = ("BJ", "4C", "4C")
PLAYERS = ("甲", "乙", "丙", "丁")


def cards(tokens: str | Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card(t) for t in (tokens.split() if isinstance(tokens, str) else tokens))


def _tokens(cs: Sequence[Card]) -> list[str]:
    return [c.token for c in cs]


def cls(c: Card) -> str:
    return TR.key(c)[0]


def position(
    spec: dict[int, str], plays: Sequence[tuple[int, str]], void: dict[int, str] | None = None, seed: int = 0
) -> Log:
    """A deal where seat ``s`` holds ``spec[s]``, the cards it plays and (seat 0) the declaration, and
    never gets a filler of a suit class in ``void[s]`` (``S``, ``H``, ``D`` or ``T`` for trumps); then the
    declaration, the bury and ``plays`` (seat, cards)."""
    void = void or {}
    fixed = {s: list(cards(spec.get(s, ""))) for s in range(4)}
    needs = {s: Counter(c for k, t in plays if k == s for c in cards(t)) for s in range(4)}
    needs[0] |= Counter(cards(DECLARATION))
    for s in range(4):
        for c, k in needs[s].items():
            fixed[s] += [c] * max(0, k - Counter(fixed[s])[c])
    pool = Counter(full_decks(2))
    for s in range(4):
        pool.subtract(fixed[s])
    assert all(k >= 0 for k in pool.values()), "a card is named more often than two decks hold it"
    rest = sorted(pool.elements(), key=lambda c: c.slot)
    random.Random(seed).shuffle(rest)
    hands: dict[int, list[Card]] = {}
    for s in sorted(range(4), key=lambda s: -len(void.get(s, ""))):
        need = 26 - len(fixed[s])
        take = [c for c in rest if cls(c) not in void.get(s, "")][:need]
        assert len(take) == need, f"seat {s} cannot be filled"
        for c in take:
            rest.remove(c)
        hands[s] = fixed[s] + take
    kitty = tuple(rest)
    assert len(kitty) == 4
    events: list[Event] = [Declare(0, cards=cards(DECLARATION)), Bury(0, cards=kitty)]
    events += [Play(s, cards=cards(t)) for s, t in plays]
    return Log(
        game="shengji",
        profile_name="shengji-35",
        meta={"date": "2026-12-05", "match": "hand-made", "deal": 1},
        seats=tuple(Seat(s, PLAYERS[s]) for s in range(4)),
        hands=tuple(tuple(sorted(hands[s], key=lambda c: c.slot, reverse=True)) for s in range(4)),
        kitty=kitty,
        levels=("6", "6"),
        events=tuple(events),
    )


def notes(log: Log) -> list[Finding]:
    report = coach_log(log)
    assert report.replay.ok, [v.message_en for v in report.replay.illegal]
    return [f for f in report.findings if f.kind == "note"]


def at(log: Log, k: int) -> int:
    """The event index of the k-th play (0 = the first lead)."""
    return 2 + k


def only(found: list[Finding], index: int, note: str) -> Finding:
    assert [(f.index, f.evidence.facts["note"]) for f in found] == [(index, note)], [f.message_en for f in found]
    (f,) = found
    assert f.kind == "note" and not f.from_seeds and f.rule is None and f.maxim is None
    return f


# -- points given away --------------------------------------------------------------------------------


def test_points_dropped_last_into_a_lost_trick_is_a_mistake() -> None:
    # seat 0 leads A♠ and wins; seat 3 plays last and drops K♠ while it holds 8♠
    log = position({1: "4S", 2: "7S", 3: "KS 8S"}, [(0, "AS"), (1, "4S"), (2, "7S"), (3, "KS")], {3: "S"})
    f = only(notes(log), at(log, 3), POINTS_GIVEN)
    assert f.seat == 3 and f.severity == "mistake"
    assert f.evidence.instead == ("8S",) and f.evidence.did_cards == ("KS",)
    assert f.evidence.table == ("AS", "4S", "7S") and f.evidence.table_seat == 0
    assert f.evidence.facts["leader"] == 0 and f.evidence.facts["winner"] == 0 and f.evidence.facts["known"]
    assert f.evidence.facts["trick"] == [{"seat": 0, "cards": ["AS"]}, {"seat": 1, "cards": ["4S"]},
                                         {"seat": 2, "cards": ["7S"]}]  # fmt: skip
    assert "KS" in f.evidence.held and "8S" in f.evidence.held and len(f.evidence.held) == 26
    assert "10 points" in f.message_en and "8S" in f.message_en and "♠8" in f.message_zh


def test_no_points_given_away_without_a_pointless_alternative_or_points() -> None:
    low = position({1: "4S", 2: "7S", 3: "KS 8S"}, [(0, "AS"), (1, "4S"), (2, "7S"), (3, "8S")], {3: "S"})
    assert notes(low) == []  # it kept the K
    forced = position({1: "4S", 2: "7S", 3: "KS 10S"}, [(0, "AS"), (1, "4S"), (2, "7S"), (3, "KS")], {3: "S"})
    assert notes(forced) == []  # every spade it held had points


def test_a_pointless_alternative_must_not_cost_a_trump() -> None:
    # seat 3 is void in spades and holds no side card without points: only trumps would have kept the K
    log = position({1: "4S", 2: "7S", 3: "KH KD"}, [(0, "AS"), (1, "4S"), (2, "7S"), (3, "KH")], {3: "SHD"})
    held = log.hands[3]
    assert held is not None and any(cls(c) == TRUMP and card_points([c]) == 0 for c in held)
    assert notes(log) == []


def test_points_dropped_before_the_outcome_is_known_is_a_hint() -> None:
    # seat 1 plays second and drops K♠ under A♠: its partner (seat 3) might still have ruffed
    log = position({1: "KS 4S", 2: "7S", 3: "8S"}, [(0, "AS"), (1, "KS"), (2, "7S"), (3, "8S")], {1: "S", 3: "S"})
    f = only(notes(log), at(log, 1), POINTS_GIVEN)
    assert f.seat == 1 and f.severity == "hint" and f.evidence.instead == ("4S",)
    assert not f.evidence.facts["known"]


def test_points_dropped_second_under_an_unbeatable_card_is_a_mistake() -> None:
    # the big joker leads: nothing beats it (the other big joker ties and the first played wins)
    log = position({1: "KC 7C", 2: "8C", 3: "9C"}, [(0, "BJ"), (1, "KC"), (2, "8C"), (3, "9C")], {1: "T"})
    f = only(notes(log), at(log, 1), POINTS_GIVEN)
    assert f.seat == 1 and f.severity == "mistake" and f.evidence.instead == ("7C",)


# -- trumps on the partner's trick --------------------------------------------------------------------


def test_ruffing_the_partners_won_trick_is_a_mistake() -> None:
    # seat 1's A♦ is the best; seat 3, last and void in diamonds, ruffs it
    log = position({1: "AD", 2: "7D", 3: "7C"}, [(0, "4D"), (1, "AD"), (2, "7D"), (3, "7C")], {3: "D"})
    f = only(notes(log), at(log, 3), TRUMPS_ON_PARTNER)
    assert f.seat == 3 and f.severity == "mistake" and "ruffed" in f.message_en
    assert f.evidence.facts["partner"] == 1 and f.evidence.facts["trumps_spent"] == 1
    (alt,) = cards(f.evidence.instead)
    held = [c for c in log.hands[3] or () if cls(c) != TRUMP]
    assert cls(alt) != TRUMP and card_points([alt]) == max(card_points([c]) for c in held)  # feeds the most points


def test_over_ruffing_the_partner_is_a_mistake() -> None:
    log = position({1: "7C", 2: "7D", 3: "9C"}, [(0, "4D"), (1, "7C"), (2, "7D"), (3, "9C")], {1: "D", 3: "D"})
    f = only(notes(log), at(log, 3), TRUMPS_ON_PARTNER)
    assert "over-ruffed" in f.message_en and "盖毙" in f.message_zh


def test_a_high_trump_on_the_partners_unbeatable_card_is_a_mistake() -> None:
    log = position({1: "9C", 2: "SJ 8C", 3: "10C"}, [(0, "BJ"), (1, "9C"), (2, "SJ"), (3, "10C")], {2: "T"})
    found = notes(log)
    f = next(f for f in found if f.evidence.facts["note"] == TRUMPS_ON_PARTNER)
    assert (f.index, f.seat, f.severity, f.evidence.instead) == (at(log, 2), 2, "mistake", ("8C",))
    assert "high trump" in f.message_en
    low = position({1: "9C", 2: "SJ 8C", 3: "10C"}, [(0, "BJ"), (1, "9C"), (2, "8C"), (3, "10C")], {2: "T"})
    assert not [f for f in notes(low) if f.evidence.facts["note"] == TRUMPS_ON_PARTNER]
    # a fixed 5 fed to the partner's trick: five points for the side, a high trump spent; a hint
    five = position({1: "9C", 2: "5C 8C", 3: "10C"}, [(0, "BJ"), (1, "9C"), (2, "5C"), (3, "10C")], {2: "T"})
    f = next(f for f in notes(five) if f.evidence.facts["note"] == TRUMPS_ON_PARTNER)
    assert (f.seat, f.severity, f.evidence.instead) == (2, "hint", ("8C",)) and "trumps kept" in f.message_en


def test_no_trump_note_without_a_cheaper_play_or_before_the_trick_is_safe() -> None:
    discard = position({1: "AD", 2: "7D", 3: "4H"}, [(0, "4D"), (1, "AD"), (2, "7D"), (3, "4H")], {3: "D"})
    assert notes(discard) == []
    # seat 3 holds nothing but trumps and ruffs with its lowest: nothing cheaper was allowed
    spec = {1: "AD", 2: "7D"}
    only_trumps = position(spec, [(0, "4D"), (1, "AD"), (2, "7D")], {3: "SHD"})
    hand = only_trumps.hands[3] or ()
    lowest = min(hand, key=lambda c: (TR.key(c)[1], card_points([c])))
    ruff = position(spec, [(0, "4D"), (1, "AD"), (2, "7D"), (3, lowest.token)], {3: "SHD"})
    assert not [f for f in notes(ruff) if f.evidence.facts["note"] == TRUMPS_ON_PARTNER]
    # seat 2 ruffs its partner's A♦ third: seat 3 might still have ruffed over it, so it is not judged
    unsure = position({1: "4D", 2: "7C", 3: "7D"}, [(0, "AD"), (1, "4D"), (2, "7C"), (3, "7D")], {2: "D"})
    assert notes(unsure) == []


# -- points not taken ---------------------------------------------------------------------------------


def test_letting_a_trick_with_points_go_when_it_could_be_won() -> None:
    # K♠ and 10♠ on the table, seat 0 winning; seat 3 plays last and holds A♠
    log = position({1: "10S", 2: "7S", 3: "AS 8S"}, [(0, "KS"), (1, "10S"), (2, "7S"), (3, "8S")], {1: "S", 3: "S"})
    f = only(notes(log), at(log, 3), POINTS_NOT_TAKEN)
    assert f.seat == 3 and f.severity == "mistake" and f.evidence.instead == ("AS",)
    assert f.evidence.facts["stake"] == 20 and f.evidence.facts["winner"] == 0
    small = position({1: "10S", 2: "7S", 3: "AS 8S"}, [(0, "QS"), (1, "10S"), (2, "7S"), (3, "8S")], {1: "S", 3: "S"})
    f = only(notes(small), at(small, 3), POINTS_NOT_TAKEN)
    assert f.severity == "hint" and f.evidence.facts["stake"] == 10


def test_points_not_taken_speaks_for_points_given_on_the_same_play() -> None:
    log = position(
        {1: "10S", 2: "7S", 3: "AS 10S 8S"}, [(0, "KS"), (1, "10S"), (2, "7S"), (3, "10S")], {1: "S", 3: "S"}
    )
    f = only(notes(log), at(log, 3), POINTS_NOT_TAKEN)
    assert "10 points of its own" in f.message_en


def test_no_points_not_taken_when_it_won_or_could_not() -> None:
    won = position({1: "10S", 2: "7S", 3: "AS 8S"}, [(0, "KS"), (1, "10S"), (2, "7S"), (3, "AS")], {1: "S", 3: "S"})
    assert notes(won) == []
    unable = position({1: "10S", 2: "7S", 3: "9S 8S"}, [(0, "KS"), (1, "10S"), (2, "7S"), (3, "8S")], {1: "S", 3: "S"})
    assert notes(unable) == []
    nothing = position({1: "4S", 2: "7S", 3: "AS 8S"}, [(0, "QS"), (1, "4S"), (2, "7S"), (3, "8S")], {1: "S", 3: "S"})
    assert notes(nothing) == []  # no points on the table: nothing to take


# -- the kitty ----------------------------------------------------------------------------------------


def _bury_notes(seed: int) -> tuple[Replay, list[Finding]]:
    rep = Replay(simulate_deal(seed, "shengji-35").log)
    return rep, [f for f in coach_replay(rep).findings if f.evidence.facts.get("note") == POINTS_BURIED]


def test_points_buried_and_lost_with_the_last_trick() -> None:
    lost = kept = 0
    for seed in range(60):
        rep, found = _bury_notes(seed)
        score = rep.score()
        i = next(k for k, e in enumerate(rep.log.events) if e.action == "bury")
        buried = card_points(rep.log.events[i].cards)
        if score is None or score.void or not buried:
            assert found == []
            continue
        if score.to_json().get("points") and score.to_json().get("points")["kitty"]:
            (f,) = found
            assert (f.index, f.seat, f.severity) == (i, rep.states[i].declarer, "hint")
            alt = cards(f.evidence.instead)
            held = rep.states[i].hands[f.seat].known_cards()
            assert len(alt) == 4 and card_points(alt) == 0 and not Counter(alt) - Counter(held)
            assert (
                f.evidence.facts["kitty"] == score.to_json().get("points")["kitty"]
                and f"{buried} points" in f.message_en
            )
            lost += 1
        else:
            assert found == []  # the declarers won the last trick: the buried points stayed theirs
            kept += 1
        if lost >= 2 and kept >= 2:
            break
    assert lost >= 2 and kept >= 2


# -- violations ---------------------------------------------------------------------------------------


def test_violations_carry_the_hand_and_the_trick() -> None:
    revoke = position({1: "4S 9H"}, [(0, "AS"), (1, "9H")])
    report = coach_log(revoke)
    (f,) = [f for f in report.findings if f.kind == "violation"]
    assert (f.index, f.seat, f.rule, f.severity) == (at(revoke, 1), 1, "SJ-FOLLOW", "violation")
    assert f.evidence.table == ("AS",) and f.evidence.table_seat == 0 and f.evidence.did_cards == ("9H",)
    assert "4S" in f.evidence.held and f.evidence.facts["leader"] == 0
    assert f.evidence.facts["trick"] == [{"seat": 0, "cards": ["AS"]}] and f.evidence.facts["phase"] == "play"

    turn = position({}, [(0, "AS"), (2, "AS")])
    (f,) = [f for f in coach_log(turn).findings if f.kind == "violation"]
    assert (f.seat, f.rule) == (2, "SJ-TRICK") and "seat 1's turn" in f.message_en

    shape = position({0: "7S 7S", 1: "9S 9S 8S"}, [(0, "7S 7S"), (1, "9S 8S")], {1: "S"})
    (f,) = [f for f in coach_log(shape).findings if f.kind == "violation"]
    assert (f.seat, f.rule) == (1, "SJ-FOLLOW") and "must follow with 1 pair" in f.message_en
    assert f.evidence.table == ("7S", "7S") and f.evidence.did_cards == ("9S", "8S")


def test_the_coach_json_of_a_shengji_deal() -> None:
    log = position({1: "4S 9H", 3: "KS 8S"}, [(0, "AS"), (1, "9H"), (2, "7S"), (3, "KS")], {3: "S"})
    report = coach_log(log)
    doc = json.loads(json.dumps(report.to_json(), ensure_ascii=False))
    kinds = [(f["kind"], f["seat"], f["from_seeds"]) for f in doc["findings"]]
    assert kinds == [("violation", 1, True), ("note", 3, False)]
    for f in doc["findings"]:
        assert set(f) >= {"index", "seat", "kind", "rule", "maxim", "severity", "message_zh", "message_en", "evidence"}
        assert f["evidence"]["table"]["seat"] == 0
    assert doc["summary"]["all"]["by_kind"] == {"violation": 1, "note": 1}
    assert [t["seats"] for t in doc["summary"]["teams"]] == [[0, 2], [1, 3]]
    assert [f.seat for f in coach_log(log, seat=3).findings] == [3]
    assert coach_log(log, seat=2).findings == ()


def test_no_notes_on_a_seat_whose_hand_is_not_known() -> None:
    log = position({1: "4S", 2: "7S", 3: "KS 8S"}, [(0, "AS"), (1, "4S"), (2, "7S"), (3, "KS")], {3: "S"})
    hands = list(log.hands or ())
    hands[3] = None
    report = coach_log(Log(**{**log.__dict__, "hands": tuple(hands)}))
    assert report.findings == ()


# -- what a seat can know, and the notes on simulated deals -------------------------------------------


def test_unseen_cards_and_beatable_plays() -> None:
    log = position({1: "4S", 2: "7S"}, [(0, "AS"), (1, "4S")])
    rep = Replay(log)
    st = rep.states[-1]
    left, held, played = unseen(st, 2), Counter(st.hands[2].known_cards()), Counter(cards("AS 4S"))
    assert sum(left.values()) == 108 - 26 - 2
    assert all(left[c] + held[c] + played[c] == 2 for c in set(full_decks(2)))
    assert sum(unseen(st, 0).values()) == 108 - 25 - 2 - 4  # the declarer knows what it buried
    assert can_be_beaten(st, 2)  # seat 3 may be void in spades and ruff
    bj = Replay(position({}, [(0, "BJ")])).states[-1]
    assert not can_be_beaten(bj, 1)


@pytest.mark.parametrize("seed", range(8))
def test_notes_on_simulated_deals_hold_up(seed: int) -> None:
    rep = Replay(simulate_deal(seed, "shengji-35").log)
    report = coach_replay(rep)
    json.dumps(report.to_json(), ensure_ascii=False)
    for f in report.findings:
        assert f.kind == "note" and not f.from_seeds and f.severity in ("hint", "mistake")
        st, ev = rep.states[f.index], rep.log.events[f.index]
        alt = cards(f.evidence.instead)
        note = f.evidence.facts["note"]
        if note == POINTS_BURIED:
            continue
        assert rep.engine.can(st, Play(f.seat, cards=alt)), f.message_en  # the alternative was legal
        assert sorted(f.evidence.instead) in [
            sorted(_tokens(p)) for p in follows(st.hands[f.seat].known_cards(), st.lead, st.trumps)
        ]
        trick = rep.final.tricks[len(st.tricks)]
        if note == POINTS_GIVEN:
            assert card_points(ev.cards) > 0 == card_points(alt) and trick.winner % 2 != f.seat % 2
        elif note == POINTS_NOT_TAKEN:
            assert len(st.trick) == 3 and trick_winner((*st.trick, (f.seat, alt)), st.trumps) == f.seat
        else:
            assert trick_winner(st.trick, st.trumps) == (f.seat + 2) % 4 and trick.winner % 2 == f.seat % 2
