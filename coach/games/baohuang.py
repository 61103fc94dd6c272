"""保皇's part of the coach, found as ``coach_for("baohuang")``: its notes, its sides (the 皇帝 and the
保皇派 against the rest), the rollout policy's bidding, what a seat can place in other hands, and its marks in
a deal's report (``REPORT``: the roles, and in the score the 皇帝, how it played and whether it was declared).

The seeds give no maxims for 保皇, so the coach reports role-aware facts a learner needs, marked as not
from the seeds. Each is judged from what the acting seat knew of the roles.

- The 保皇派 plays over its own 皇帝's set (it knows who the 皇帝 is).
- The 皇帝 plays over the 保皇派's set once it knows who the 保皇派 is (明保, the called card played,
  or it plays alone and so knows there is none).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from coach.climbing_pricing import climbing_pricing
from coach.findings import Evidence, Finding, climbing_table
from coach.games import GameCoach, Teams
from coach.moment import Moment, acts_on
from coach.report_marks import Note, ReportMarks, Roles
from coach.report_words import ROLE
from replay.climbing.state import SETUP
from replay.core.cards import BJ, RANK_2, Card
from replay.core.events import Call, Event, Pass, Yield
from replay.games.baohuang.score import baohuang_extras
from replay.games.baohuang.state import BaohuangState
from replay.games.baohuang.step_view import step_roles
from replay.replay import Replay
from replay.score import Score
from replay.view import StepView

if TYPE_CHECKING:
    from replay.games.baohuang.engine import Baohuang


@acts_on("play")
def detect(m: Moment[BaohuangState]) -> Iterator[Finding]:
    """Notes on the 皇帝's side playing over each other."""
    st = m.before
    ev = m.event
    if ev.action != "play" or st.table is None or not m.verdict.legal:
        return
    eng = m.engine
    known = eng.roles_known_to(st, m.seat)
    owner_role = known.get(st.owner)
    my_role = known.get(m.seat)
    if my_role == "loyalist" and owner_role in ("emperor", "solo"):
        zh, en = "保皇派管了自己皇帝的牌", "the 保皇派 played over its own 皇帝's set"
    elif my_role == "emperor" and owner_role == "loyalist":
        zh, en = "皇帝管了已知保皇派的牌", "the 皇帝 played over the set of a 保皇派 it knew"
    else:
        return
    yield Finding(
        index=m.index,
        seat=m.seat,
        kind="note",
        severity="hint",
        message_zh=f"{zh}（提示，非种子规则）",
        message_en=f"{en} (a hint, not from the seeds)",
        evidence=Evidence(
            held=m.held_tokens(),
            table=m.table_tokens(),
            table_seat=st.owner,
            did=ev.action,
            did_cards=tuple(c.token for c in ev.cards),
            facts={"roles_known": {str(k): v for k, v in known.items()}},
        ),
        from_seeds=False,
    )


def teams(replay: Replay[BaohuangState]) -> Teams:
    """The 皇帝 (with its 保皇派, unless it plays alone) against the rest, as the deal ended; none before a 皇帝."""
    st = replay.final
    if st.emperor == -1:
        return ()
    side = (st.emperor,) if st.grab or st.solo or st.loyalist == -1 else tuple(sorted({st.emperor, st.loyalist}))
    return (side, tuple(s for s in range(st.n) if s not in side))


def same_side(st: BaohuangState, a: int, b: int) -> bool:
    """The 皇帝 and the 保皇派 (as the state truly is) against the rest."""
    crown = (st.emperor, st.loyalist) if st.loyalist != -1 else (st.emperor,)
    return (a in crown) == (b in crown)


def bidding(st: BaohuangState) -> bool:
    """The bidding is on: no 皇帝 yet."""
    return st.phase == SETUP and st.emperor == -1


def bid(st: BaohuangState) -> Event:
    """The policy's bid: call with a triple on a strong hand (four 2s and jokers or more), else yield (a
    forced seat calls when it can)."""
    holder = st.to_act
    counts: dict[Card, int] = {}
    high = 0
    for c in st.hands[holder].known_cards():
        counts[c] = counts.get(c, 0) + 1
        high += c.rank >= RANK_2
    triples = [c for c, k in counts.items() if k >= 3]
    if st.forced != -1:
        exact = [c for c in triples if counts[c] == 3]
        return Call(holder, cards=(max(exact, key=lambda c: c.rank),) * 3) if exact else Pass(holder)
    if triples and high >= 4:
        return Call(holder, cards=(max(triples, key=lambda c: c.rank),) * 3)
    return Yield(holder)


def bid_options(eng: Baohuang, st: BaohuangState, seat: int) -> list[Event]:
    """The bids of ``seat`` worth pricing: call, yield, pass."""
    return [e for e in eng.bid_events(st) if e.seat == seat and isinstance(e, Call | Yield | Pass)]


def setup_seat(eng: Baohuang, st: BaohuangState) -> int | None:
    """During the setup: the bidding seat, then the 皇帝 (who leads)."""
    if st.phase != SETUP:
        return None
    return st.to_act if st.emperor == -1 else st.emperor


def first_leader(eng: Baohuang, st: BaohuangState) -> int:
    """The 皇帝 leads the first round."""
    return st.emperor


def placed(eng: Baohuang, st: BaohuangState, seat: int, located: list[list[Card]]) -> tuple[Card | None, int]:
    """What ``seat`` can place: the marked big joker (its holder is public), the called card's last copy in
    the hand of a 保皇派 it knows, or in the 皇帝's when it knows the 皇帝 plays alone (明独, or it is that
    皇帝); a copy whose holder it does not know, with no seat barred: any other hand may hold it, the 皇帝's
    too (独保 kept hidden: ``placed`` reads only what the seat knew of the roles, never the true ``solo``)."""
    if st.marked not in (-1, seat):
        located[st.marked].append(BJ)
    if st.called is None or st.grab:
        return None, -1
    known = eng.roles_known_to(st, seat)
    if known.get(st.emperor) == "solo":
        if seat != st.emperor:
            located[st.emperor].append(st.called)  # the fourth copy, until played
        return None, -1
    holder = next((t for t, r in known.items() if r == "loyalist"), None)
    if holder is not None:
        if holder != seat:
            located[holder].append(st.called)  # its copy, until it plays it
        return None, -1
    return st.called, -1


def saw(st: BaohuangState, seat: int, ev: Event, located: list[list[Card]]) -> bool:
    """The cards the 皇帝 called with were shown to all: they stay in its hand until played."""
    if not (isinstance(ev, Call) and ev.seat == st.emperor and ev.seat != seat):
        return False
    # the marked big joker (placed already) may be one of the cards shown; the called card's last copy placed in a
    # 明独 皇帝's hand (``placed``) is not: it is the copy the call did not show
    marked = min(1, located[ev.seat].count(BJ))
    for c, k in Counter(ev.cards).items():
        located[ev.seat] += [c] * max(0, k - (marked if c == BJ else 0))
    return True


def as_known(eng: Baohuang, st: BaohuangState, seat: int) -> BaohuangState:
    """The state with the roles ``seat`` did not know taken out: with the 保皇派 unknown to it, no 保皇派 (the
    皇帝 alone on its side), so that no choice of its own is read from a role it could not see."""
    if st.called is None or st.grab:
        return st
    known = eng.roles_known_to(st, seat)
    if "loyalist" in known.values() or known.get(st.emperor) == "solo":
        return st
    return st._replace(loyalist=-1, solo=False)


def world(st: BaohuangState, new: BaohuangState, hands: Sequence[Sequence[Card]]) -> BaohuangState:
    """A sampled deal's roles, where the seat did not know them: the 保皇派 is whoever holds the called card's
    copy outside the 皇帝's hand; with no such hand the 皇帝 holds it and plays alone (独保). Where the roles
    are public (抢庄, 明保 or the copy played, 明独) the state's own stand."""
    if st.called is None or st.grab or st.loyal_public or st.open_solo:
        return new
    holder = next((t for t, h in enumerate(hands) if t != st.emperor and st.called in h), -1)
    if holder != -1:
        return new._replace(loyalist=holder, solo=False)
    return new._replace(loyalist=st.emperor, solo=True)


def report_roles(view: StepView) -> Roles:
    """Each seat's role at a step as it truly stands (None while unknown)."""
    known = step_roles(view)
    if known is None:
        return {}
    return {s: None if r is None else Note(*ROLE.get(r, (r, r))) for s, r in known.truth.items()}


def score_notes(score: Score) -> list[Note]:
    """The 皇帝, how it played (抢庄, 独保, or with its 保皇派) and whether it was declared (明保/明独)."""
    roles = baohuang_extras(score)
    if roles is None:
        return []
    notes = [Note("皇帝", "emperor", roles.emperor)]
    if roles.grab:
        notes.append(Note("抢庄", "grab"))
    elif roles.solo:
        notes.append(Note("独保", "solo"))
    elif roles.loyalist is not None:
        notes.append(Note("保皇派", "loyalist", roles.loyalist))
    if roles.revealed:
        notes.append(Note("明保/明独", "declared"))
    return notes


def team_sums(score: Score) -> bool:
    """The sides' points are not sums of places (where the score names the roles)."""
    return baohuang_extras(score) is None


#: 保皇's marks in a deal's report
REPORT = ReportMarks(roles=report_roles, score_notes=score_notes, team_sums=team_sums)

COACH: GameCoach[Baohuang, BaohuangState] = GameCoach(
    name="baohuang",
    detectors=(detect,),
    teams=teams,
    pricing=climbing_pricing(),
    same_side=same_side,
    bidding=bidding,
    bid=bid,
    bid_options=bid_options,
    setup_seat=setup_seat,
    first_leader=first_leader,
    placed=placed,
    saw=saw,
    as_known=as_known,
    world=world,
    table_shown=climbing_table,
    report=REPORT,
)
