"""升级's part of the coach (``coach_for("shengji")``): rule violations with their evidence, and notes a learner needs.

Violations: every event the replay found illegal (a revoke, a wrong shape, out of turn, a bad
declaration, exchange or bury …), with the seat's hand before it, the trick so far and who led it.

The seeds give no 升级 maxims, so the notes are marked ``from_seeds: false`` (kind ``note``). Each is
judged only from what the acting seat could know when it acted: its own hand, the cards played so far
(every trick, the trick in progress) and, for the declarer, the cards it buried. A card no one has
shown is *unseen*; a play in the trick *can be beaten* when some set of unseen cards of the lead's
shape would beat it (a ruff counts whenever unseen trumps of that shape exist: a seat's voids are not
assumed). Notes need the acting seat's hand to be known in full, and each names a concrete alternative
(``evidence.instead``), a play the rules allowed the seat then:

- ``points-given-away``: a seat following to a trick put point cards (5, 10, K) into it, the other
  side won it, and the seat held a legal play without point cards that spends no more trumps (no more
  of them, none higher); the alternative is the lowest such play. A ``mistake`` when the seat could know
  the trick was lost as it played (an opponent's play was the best, the seat had no play that would beat
  it, and no seat still to play could beat it, which holds when the seat played last); else a ``hint``.
- ``trumps-on-partners-trick``: the partner's play was the best in the trick and the seat could know
  the partner had won it (the seat played last, or no unseen cards could beat the partner's play), yet
  the seat spent trumps: it played more trumps than a legal alternative needed (it ruffed or over-ruffed
  its partner, or put trumps under it when it could discard), or as many but a high one (a joker, a level
  card or a fixed 5, 3, 2) where a lower trump would do. The alternative is the legal play with the
  fewest and lowest trumps (and, among those, the most points: points fed to a won trick stay with the
  side). A ``mistake``; a ``hint`` when the seat's trumps carried more points than the alternative does.
- ``points-not-taken``: the seat played last, an opponent's play was winning a trick that held points,
  and the seat had a legal play that would have won it (with the points on the table and those it would
  add, 10 or more). The alternative is the cheapest winning play. A ``mistake`` from 20 points, else a
  ``hint``. (This note takes the place of ``points-given-away`` on the same play.)
- ``points-buried-lost``: the declarer buried point cards, the defenders won the last trick and took
  the kitty (multiplied), and the declarer held enough cards without points to bury instead. A ``hint``:
  who wins the last trick cannot be known when burying.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from coach.findings import Evidence, Finding, violation_of
from coach.games import GameCoach, Pricing, Teams
from coach.games.shengji import policy as shengji_policy
from coach.games.shengji import worlds as shengji_worlds
from coach.games.shengji.policy import ShengjiPolicy
from coach.moment import Moment, acts_on
from coach.report_marks import Figure, ReportMarks, ScoreLine
from coach.worlds import unseen_cards
from replay import games
from replay.core.cards import RANK_A, Card, card_words, full_decks
from replay.core.events import Bury, Event, Play
from replay.core.said import seat_name
from replay.core.seats import opposite, side_seats
from replay.games.shengji.engine import (
    TRUMP,
    Combo,
    ShengjiState,
    Trick,
    Trumps,
    card_points,
    has_tractor,
    team,
    tractors,
    trick_winner,
    why_not_follow,
)
from replay.games.shengji.score import shengji_extras
from replay.replay import Replay
from replay.score import Score

if TYPE_CHECKING:
    from replay.games.shengji.engine import Shengji

POINTS_GIVEN = "points-given-away"
TRUMPS_ON_PARTNER = "trumps-on-partners-trick"
POINTS_NOT_TAKEN = "points-not-taken"
POINTS_BURIED = "points-buried-lost"

STAKE = 10  # points-not-taken: the least a trick must be worth (table and the winning play's own points)
BIG_STAKE = 20  # points-not-taken: from here a mistake
HIGH_TRUMP = RANK_A  # a trump of higher order than any card of the trump suit: joker, level card, 5, 3, 2
_CAP = 3_000  # most combinations tried for one play before the choice is narrowed to the likely cards
_ANY_SEAT = 9  # a seat number for a card set that no seat at the table played (beatability)


# -- cards --------------------------------------------------------------------------------------------


def _tokens(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(c.token for c in cards)


def _cards(cards: Sequence[Card]) -> tuple[str, str]:
    return card_words(cards)


def _high_first(cards: Sequence[Card], tr: Trumps) -> tuple[Card, ...]:
    """An alternative as shown: its cards high first in the deal's order (trumps above the rest)."""
    return tuple(sorted(cards, key=lambda c: (tr.key(c)[0] != TRUMP, -tr.key(c)[1], c.slot)))


def _trump_orders(cards: Sequence[Card], tr: Trumps) -> tuple[int, ...]:
    """The orders of the trumps among ``cards``, high first."""
    return tuple(sorted((tr.key(c)[1] for c in cards if tr.key(c)[0] == TRUMP), reverse=True))


def _spend(cards: Sequence[Card], tr: Trumps) -> tuple[int, tuple[int, ...]]:
    """What a play spends in trumps: how many, and their orders high first (compare: fewer, then lower)."""
    t = _trump_orders(cards, tr)
    return len(t), t


def _low(cards: Sequence[Card], tr: Trumps) -> int:
    return sum(tr.key(c)[1] for c in cards)


def _cheap(tr: Trumps) -> Callable[[Sequence[Card]], Any]:
    """Order of plays: fewest and lowest trumps, then the most points, then the lowest cards."""
    return lambda p: (_spend(p, tr), -card_points(p), _low(p, tr), _tokens(p))


def _lowest(tr: Trumps) -> Callable[[Sequence[Card]], Any]:
    """Order of plays: fewest and lowest trumps, then the lowest cards."""
    return lambda p: (_spend(p, tr), _low(p, tr), _tokens(p))


def _multisets(cards: Sequence[Card], k: int) -> list[tuple[Card, ...]]:
    """The distinct choices of ``k`` cards out of ``cards`` (two decks: a card may be there twice)."""
    if k == 0:
        return [()]
    return list(dict.fromkeys(tuple(sorted(c, key=lambda x: x.slot)) for c in itertools.combinations(cards, k)))


def _fills(cards: Sequence[Card], k: int, tr: Trumps) -> list[tuple[Card, ...]]:
    """Choices of ``k`` cards out of ``cards``: all of them when they are not too many, else those the
    notes' alternatives are made of: the lowest (trumps last), the lowest without points, the most points
    (trumps last), the most points."""
    if math.comb(len(cards), k) <= _CAP:
        return _multisets(cards, k)
    keys: list[Callable[[Card], Any]] = [
        lambda c: (tr.key(c)[0] == TRUMP, tr.key(c)[1], card_points([c])),
        lambda c: (card_points([c]) > 0, tr.key(c)[0] == TRUMP, tr.key(c)[1]),
        lambda c: (tr.key(c)[0] == TRUMP, -card_points([c]), tr.key(c)[1]),
        lambda c: (-card_points([c]), tr.key(c)[0] == TRUMP, tr.key(c)[1]),
    ]
    return list(dict.fromkeys(tuple(sorted(cards, key=lambda c: (key(c), c.slot))[:k]) for key in keys))


def follows(held: Sequence[Card], lead: Combo, tr: Trumps) -> list[tuple[Card, ...]]:
    """The legal plays to follow ``lead`` from ``held`` that the notes weigh: every legal play when the
    seat must play within the led suit (narrowed to the likely cards when there are very many); when it
    is short of the suit, its cards of the suit with the rest chosen lowest (trumps last), lowest without
    points, with the most points (trumps last, and any), and every ruff of the lead's shape."""
    n = lead.size
    mine = [c for c in held if tr.key(c)[0] == lead.cls]
    rest = [c for c in held if tr.key(c)[0] != lead.cls]
    out: list[tuple[Card, ...]] = []
    if len(mine) >= n:
        if n == 1:
            out = [(c,) for c in dict.fromkeys(mine)]
        elif lead.kind == "tractor" and has_tractor(mine, lead.cls, lead.pairs, tr):
            out = list(tractors(mine, lead.cls, lead.pairs, tr))
        else:
            paired = [c for c, k in Counter(mine).items() if k >= 2]
            owed = min(lead.pairs, len(paired))
            for chosen in itertools.combinations(paired, owed):
                spare = Counter(mine)
                spare.subtract({c: 2 for c in chosen})
                pairs = tuple(c for p in chosen for c in (p, p))
                out += [pairs + fill for fill in _fills(list(spare.elements()), n - 2 * owed, tr)]
    else:
        out += [tuple(mine) + fill for fill in _fills(rest, n - len(mine), tr)]
        if not mine and lead.cls != TRUMP:  # void: a ruff of the lead's shape
            trumps = [c for c in held if tr.key(c)[0] == TRUMP]
            if lead.kind == "single":
                out += [(c,) for c in dict.fromkeys(trumps)]
            elif lead.kind == "pair":
                out += [(c, c) for c, m in Counter(trumps).items() if m >= 2]
            elif lead.kind == "tractor":
                out += list(tractors(trumps, TRUMP, lead.pairs, tr))
    return [p for p in dict.fromkeys(out) if len(p) == n and why_not_follow(held, lead, p, tr) is None]


# -- what a seat can know -----------------------------------------------------------------------------


def unseen(st: ShengjiState, seat: int) -> Counter[Card]:
    """The cards ``seat`` has not seen: two decks less its hand, every card played and, for the declarer,
    the cards it buried (``coach.worlds.unseen_cards``)."""
    played = [c for t in st.tricks for _, cs in t.plays for c in cs] + [c for _, cs in st.trick for c in cs]
    buried = list(st.buried) if seat == st.declarer else []
    return unseen_cards(full_decks(2), st.hands[seat].known_cards(), played + buried)


def can_be_beaten(st: ShengjiState, seat: int) -> bool:
    """Whether, as far as ``seat`` (next to play) can know, a seat still to play after it could beat the
    best play of the trick so far: some unseen cards of the lead's shape would beat it."""
    if len(st.trick) >= 3:
        return False
    tr, lead = st.trumps, st.lead
    assert tr is not None and lead is not None
    cards = unseen(st, seat)
    if lead.kind == "single":
        sets: list[tuple[Card, ...]] = [(c,) for c in cards]
    elif lead.kind == "pair":
        sets = [(c, c) for c, k in cards.items() if k >= 2]
    elif lead.kind == "tractor":
        pool = list(cards.elements())
        sets = [*tractors(pool, lead.cls, lead.pairs, tr), *tractors(pool, TRUMP, lead.pairs, tr)]
    else:  # a throw: only a ruff of a side suit's throw beats it (taken as possible when trumps enough are unseen)
        return lead.cls != TRUMP and sum(k for c, k in cards.items() if tr.key(c)[0] == TRUMP) >= lead.size
    return any(trick_winner((*st.trick, (_ANY_SEAT, s)), tr) == _ANY_SEAT for s in sets)


# -- findings -----------------------------------------------------------------------------------------


def _trick_facts(st: ShengjiState) -> dict[str, Any]:
    return {"leader": st.trick[0][0], "trick": [{"seat": s, "cards": list(_tokens(cs))} for s, cs in st.trick]}


def _evidence(
    st: ShengjiState, seat: int, did: Sequence[Card], instead: Sequence[Card] = (), action: str = "play", **facts: Any
) -> Evidence:
    """The seat's hand before it acted, the trick so far (and who led it), what it did and could have done."""
    table, led = trick_shown(st)
    return Evidence(
        held=_tokens(st.hands[seat].known_cards()),
        table=table,
        table_seat=led,
        did=action,
        did_cards=_tokens(did),
        instead=_tokens(instead),
        facts={**(_trick_facts(st) if st.trick else {}), **facts},
    )


def trick_shown(st: ShengjiState) -> tuple[tuple[str, ...], int | None]:
    """The trick so far as a finding shows it: its cards in the order played, and the seat that led it."""
    return tuple(c.token for _, cs in st.trick for c in cs), st.trick[0][0] if st.trick else None


def violation(m: Moment[ShengjiState]) -> Finding:
    """The finding for an event the replay found illegal (a revoke, a wrong shape, out of turn …), with the
    seat's hand before it and the trick so far (its plays by seat, and who led it)."""
    st = m.before
    ev = m.event
    return violation_of(m.verdict, _evidence(st, ev.seat, ev.cards, action=ev.action, phase=st.phase))


def _note(i: int, seat: int, severity: str, zh: str, en: str, evidence: Evidence) -> Finding:
    return Finding(
        index=i,
        seat=seat,
        kind="note",
        severity=severity,
        message_zh=f"{zh}（非种子规则）",
        message_en=f"{en} (not from the seeds)",
        evidence=evidence,
        from_seeds=False,
    )


def _finished_trick(replay: Replay[ShengjiState], st: ShengjiState) -> Trick | None:
    """The trick that the play made in ``st`` belongs to, once finished (None when the deal stopped first)."""
    final = replay.final
    k = len(st.tricks)
    return final.tricks[k] if len(final.tricks) > k else None


def play_notes(replay: Replay[ShengjiState], i: int) -> Iterator[Finding]:
    """The notes on the legal play of event ``i`` when it follows to a trick."""
    st = replay.states[i]
    ev = replay.log.events[i]
    if type(ev) is not Play or not st.trick or st.trumps is None or st.lead is None:
        return
    s, play, tr, lead = ev.seat, tuple(ev.cards), st.trumps, st.lead
    hand = st.hands[s]
    if not hand.fully_known:
        return
    options = follows(hand.known_cards(), lead, tr)
    best = trick_winner(st.trick, tr)
    last = len(st.trick) == 3
    done = _finished_trick(replay, st)
    lost = done is not None and team(done.winner) != team(s)
    wins = [p for p in options if trick_winner((*st.trick, (s, p)), tr) == s]
    on_table = card_points([c for _, cs in st.trick for c in cs])
    given = card_points(play)
    zh_play, en_play = _cards(play)

    if last and lost and wins:
        alt = _high_first(min(wins, key=_cheap(tr)), tr)
        stake = on_table + card_points(alt)
        if stake >= STAKE:
            zh_alt, en_alt = _cards(alt)
            own_zh = f"，还垫了自己的{given}分" if given else ""
            own_en = f", and put in {given} points of its own" if given else ""
            yield _note(
                i,
                s,
                "mistake" if stake >= BIG_STAKE else "hint",
                f"{seat_name(s)}最后出牌，这一墩已有{on_table}分、对方{seat_name(best)}的牌最大；它本可以出 {zh_alt} 赢下这一墩"
                f"（连同这手牌共{stake}分），却出了 {zh_play} 让给对方{own_zh}",
                f"{seat_name(s, en=True)} played last to a trick holding {on_table} points that the other side ({seat_name(best, en=True)}) was "
                f"winning; it could have won it with {en_alt} ({stake} points with those cards) but played "
                f"{en_play} and let it go{own_en}",
                _evidence(st, s, play, alt, note=POINTS_NOT_TAKEN, winner=best, points=on_table, stake=stake),
            )
            return

    if given and lost:
        cost = _spend(play, tr)
        clean = [p for p in options if card_points(p) == 0 and _spend(p, tr) <= cost]
        if clean:
            assert done is not None
            alt = _high_first(min(clean, key=_lowest(tr)), tr)
            known = team(best) != team(s) and not wins and not can_be_beaten(st, s)
            zh_alt, en_alt = _cards(alt)
            when_zh = "（出牌时已知这一墩归对方）" if known else ""
            when_en = " (as it played, the trick was already the other side's)" if known else ""
            yield _note(
                i,
                s,
                "mistake" if known else "hint",
                f"{seat_name(s)}出 {zh_play}，把{given}分送进了对方（{seat_name(done.winner)}）赢的一墩{when_zh}；"
                f"本可以出不带分的 {zh_alt}",
                f"{seat_name(s, en=True)} played {en_play}, giving {given} points to a trick the other side ({seat_name(done.winner, en=True)}) "
                f"won{when_en}; it could have played {en_alt}, without points",
                _evidence(st, s, play, alt, note=POINTS_GIVEN, winner=done.winner, points=given, known=known),
            )

    mate = opposite(s, 4)
    spent = _spend(play, tr)
    if best != mate or not spent[0] or not (last or not can_be_beaten(st, s)):
        return
    alt = _high_first(min(options, key=_cheap(tr)), tr)
    cheaper = _spend(alt, tr)
    fewer = cheaper[0] < spent[0]
    lower = cheaper[0] == spent[0] and spent[1][0] > HIGH_TRUMP and cheaper[1][0] < spent[1][0]
    if not (fewer or lower):
        return
    bought = card_points(play) > card_points(alt)
    mate_play = next(cs for k, cs in st.trick if k == mate)
    if lower:
        how_zh, how_en = "在同伴已赢的一墩上花了大主", "spent a high trump on a trick its partner had won"
    elif lead.cls != TRUMP and all(tr.key(c)[0] == TRUMP for c in play):
        if all(tr.key(c)[0] == TRUMP for c in mate_play):
            how_zh, how_en = "用主牌盖毙了同伴", "over-ruffed its partner"
        else:
            how_zh, how_en = "用主牌毙了同伴已赢的一墩", "ruffed a trick its partner had won"
    else:
        how_zh, how_en = "在同伴已赢的一墩上垫了主牌", "put trumps on a trick its partner had won"
    why_zh = f"{seat_name(s)}最后出牌" if last else "余下未见的牌管不住"
    why_en = f"{seat_name(s, en=True)} played last" if last else "no unseen cards could beat it"
    zh_alt, en_alt = _cards(alt)
    yield _note(
        i,
        s,
        "hint" if bought else "mistake",
        f"同伴{seat_name(mate)}的牌已经最大（{why_zh}），{seat_name(s)}出 {zh_play}，{how_zh}；本可以出 {zh_alt}"
        + ("（少得些分，但留住了主牌）" if bought else ""),
        f"its partner ({seat_name(mate, en=True)}) had the trick ({why_en}); {seat_name(s, en=True)} played {en_play}: it {how_en}; "
        f"it could have played {en_alt}" + (" (fewer points, but its trumps kept)" if bought else ""),
        _evidence(
            st,
            s,
            play,
            alt,
            note=TRUMPS_ON_PARTNER,
            partner=mate,
            trumps_spent=spent[0],
            trumps_instead=cheaper[0],
        ),
    )


def bury_note(replay: Replay[ShengjiState], i: int) -> Iterator[Finding]:
    """The note on the bury of event ``i`` when the defenders took the kitty's points."""
    st = replay.states[i]
    ev = replay.log.events[i]
    if type(ev) is not Bury or st.trumps is None:
        return
    score = replay.score()
    buried = card_points(ev.cards)
    extras = shengji_extras(score)
    if extras is None or not extras.kitty or not buried:
        return
    hand = st.hands[ev.seat]
    if not hand.fully_known:
        return
    tr = st.trumps
    clean = sorted(
        (c for c in hand.known_cards() if card_points([c]) == 0),
        key=lambda c: (tr.key(c)[0] == TRUMP, tr.key(c)[1], c.slot),
    )
    if len(clean) < len(ev.cards):
        return
    alt = _high_first(clean[: len(ev.cards)], tr)
    zh, en = _cards(ev.cards)
    zh_alt, en_alt = _cards(alt)
    taken = extras.kitty
    yield _note(
        i,
        ev.seat,
        "hint",
        f"庄家{seat_name(ev.seat)}扣底扣了{buried}分（{zh}），闲家赢了最后一墩，底分翻倍共{taken}分归闲家；本可以扣不带分的 {zh_alt}",
        f"the declarer ({seat_name(ev.seat, en=True)}) buried {buried} points ({en}); the defenders won the last trick and took "
        f"the kitty, multiplied: {taken} points; it could have buried {en_alt}, without points",
        Evidence(
            held=tuple(c.token for c in hand.known_cards()),
            did="bury",
            did_cards=_tokens(ev.cards),
            instead=_tokens(alt),
            facts={"note": POINTS_BURIED, "points": buried, "kitty": taken},
        ),
    )


@acts_on("play", "bury")
def notes(m: Moment[ShengjiState]) -> Iterator[Finding]:
    """The notes on a legal play or bury of a 升级 deal."""
    ev = m.event
    if type(ev) is Play:
        yield from play_notes(m.replay, m.index)
    elif type(ev) is Bury:
        yield from bury_note(m.replay, m.index)


def _teams(replay: Replay[ShengjiState]) -> Teams:
    return TEAMS


TEAMS: Teams = (side_seats(0, 4), side_seats(1, 4))


def levels_won(eng: Shengji, st: ShengjiState, seat: int) -> float:
    """What a finished deal is worth to ``seat``'s side: the levels it goes up, less those the other side goes
    up (SJ-POINTS, SJ-LEVEL as ``replay.games.shengji.score`` counts them); 0 for a void deal."""
    sc = shengji_extras(games.get(eng.game).scorer(st, eng.profile))
    if sc is None:
        return 0.0
    steps = float(sc.steps)
    return steps if sc.up == team(seat) else -steps


LEVEL_POINTS = 40  # SJ-POINTS: the defenders' card points between two levels (40, 80, 120, …)


def level_value(eng: Shengji, st: ShengjiState, seat: int) -> float:
    """What a finished deal is worth to ``seat``'s side in the pricing: its levels (``levels_won``) and the points
    toward the next level, so that 5 card points more or less are worth something even where they cross no level
    (the levels alone move in steps of 40 points, and most choices would be worth 0 or a whole level). For the
    declarers the levels less the share of the current 40 points the defenders took (with the table of SJ-POINTS,
    2 − defenders / 40 from 5 points on, 3 at 0: the levels where a band starts, falling by 1/8 per 5 points),
    for the defenders its opposite; 0 for a void deal."""
    sc = shengji_extras(games.get(eng.game).scorer(st, eng.profile))
    if sc is None:
        return 0.0
    side = team(st.declarer)
    declarers = float(sc.steps if sc.up == side else -sc.steps)
    if sc.defenders > 0:
        declarers -= (sc.defenders % LEVEL_POINTS) / LEVEL_POINTS
    return declarers if team(seat) == side else -declarers


def rollout_bot(rng: random.Random, noise: float) -> Callable[[Shengji, ShengjiState], Event]:
    """The rollout bot's choice: ``ShengjiPolicy``'s (升级 has no certain errors: no decline to judge)."""
    return ShengjiPolicy(rng, noise).choose


def score_lines(score: Score) -> list[ScoreLine]:
    """The report's lines under the score: the card points (the defenders', the kitty's), then the two sides'
    levels before and after the deal."""
    sj = shengji_extras(score)
    if sj is None:
        return []
    return [
        ScoreLine(
            None,
            (
                Figure("闲家得分", "The defenders' points", str(sj.defenders)),
                Figure("底牌分", "Kitty points", str(sj.kitty)),
            ),
        ),
        ScoreLine(
            ("级", "Levels"),
            (Figure("之前", "before", _levels(sj.before)), Figure("之后", "after", _levels(sj.after))),
            " ",
        ),
    ]


def _levels(value: Any) -> str:
    """The two sides' levels (or one value) as text."""
    if isinstance(value, list | tuple):
        return " / ".join(str(v) for v in value)
    return "" if value is None else str(value)


COACH: GameCoach[Shengji, ShengjiState] = GameCoach(
    name="shengji",
    detectors=(notes,),
    report=ReportMarks(team_sums=lambda score: False, score_lines=score_lines),  # no places: no sums of them
    violation=violation,
    table_shown=trick_shown,
    teams=_teams,
    fixed_teams=True,
    pricing=Pricing(
        rollout_bot=rollout_bot,
        candidates=shengji_policy.candidates,
        knowledge=shengji_worlds.knowledge,
        seat_worlds=shengji_worlds.seat_worlds,
    ),
    points=level_value,
    grade_unit=0.25,  # a quarter of a level, 10 card points: a mistake 3/8 of a level, a blunder 3/4 (docs/evaluation.md)
    missing=shengji_worlds.missing,
)
