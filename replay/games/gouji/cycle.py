"""够级's table: the seats (对头, 联邦, 无头), who is entitled to answer the set on the table, who may
burn it (烧牌), the answer cycle that finds who acts next or closes the round (扣), and a set put on
the table, with going out, 够死级 and 四人乱缠 (RULES.md §2-3); who may act now, how and why (``actors``, ``why``)
and the two teams (``sides``). The events are ruled on in
``replay.games.gouji.engine`` (plays and declines) and ``replay.games.gouji.setup`` (before the first lead)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from replay.climbing.state import OVER, PLAY, SETUP, bit, evolve, seats_of
from replay.climbing.table import Climbing, Outcome
from replay.climbing.view import climbing_view
from replay.core.cards import RANK_SJ, Card
from replay.core.hand import Hand
from replay.core.said import said, seat_name
from replay.core.seats import OPPOSITE, side
from replay.core.sets import CardSet, SetFormError, make_set
from replay.core.verdicts import Reading
from replay.engine import Problem
from replay.games.gouji.sets import GOUJI_NEED
from replay.games.gouji.state import GoujiState, close_round, put_set, turn
from replay.games.gouji.step_view import GoujiStepExtras
from replay.rules.profile import Profile
from replay.score import place_words
from replay.scoring import places_at
from replay.view import StepView

OPP = OPPOSITE[6]  # 对头: the seat across (replay.core.seats)

# What a round's close and a burn say, made once (a round closes many times a deal)
ROUND_CLOSED = said("本轮结束", "round closed")
WINDOW_CLOSED = said("本轮结束：无人烧够死级的牌", "round closed: no one burned the 够死级 set")
CLOSED_BY = tuple(
    said(f"{seat_name(s)}扣牌，本轮结束", f"round closed by {seat_name(s, en=True)} (扣牌)") for s in range(6)
)
BURNS = tuple(said(f"{seat_name(s)}烧牌", f"{seat_name(s, en=True)} burns (烧牌)") for s in range(6))
# the seats the answer cycle of seat o's set still asks once it reached the seat d places after o (d = 0: o itself),
# in play order: _AHEAD[o * 6 + d] (a table: every turn of the cycle looks it up)
_AHEAD = tuple(tuple((o + k) % 6 for k in range(d + 1, 6)) for o in range(6) for d in range(6))


class Why(NamedTuple):
    """Why something may not be done: in Chinese, in English, and the rule's reason (a register key)."""

    zh: str
    en: str
    reason: str


class GoujiCycle(Climbing[GoujiState]):
    """够级's table and answer cycle (the base of ``replay.games.gouji.engine.Gouji``)."""

    game = "gouji"
    state_type = GoujiState
    game_zh = "够级"
    n = 6
    hand_size = 36
    decks = 4
    void_reason = ("GJ-REVOLUTION", "void", "两人以上革命，本局作废", "two revolutions: the deal is void")

    def __init__(self, profile: Profile, meta: Mapping[str, Any] | None = None) -> None:
        super().__init__(profile, meta)
        o = profile.options
        self.in_turn = o["passed_answer"] == "in_turn"
        self.chaos_free = o["chaos_pass"] == "free"
        self.any_dipai = o["deadlevel"] == "any_dipai"
        self.burn_between = o["burn_seats"] == "between"
        self.burn_needs_head: bool = o["burn_needs_head"]
        self.undeclared_burn = o["undeclared_burn"]

    def _deal_sizes(self, hands: tuple[tuple[Card | None, ...] | None, ...]) -> list[Problem]:
        """GJ-DEAL: 36 cards a seat."""
        return [
            (
                "GJ-DEAL",
                s,
                f"{seat_name(s)}的牌有{len(h)}张，应为{self.hand_size}张",
                f"{seat_name(s, en=True)} holds {len(h)} cards; expected {self.hand_size}",
            )
            for s, h in enumerate(hands)
            if h is not None and len(h) != self.hand_size
        ]

    def _quiet_decline(self, st: GoujiState, s: int) -> GoujiState:
        if st.to_act != s:
            return evolve(st, responded=st.responded | bit(s))
        nxt = evolve(st, responded=st.responded | bit(s), cursor=s)
        if st.final:
            return self._close(nxt)
        return self._advance(nxt, nxt.responded, nxt.locked, nxt.cursor, nxt.let_seat)

    # -- seats ----------------------------------------------------------------------------------

    #: 联邦: 0 for seats 0, 2, 4 and 1 for seats 1, 3, 5 (GJ-TEAMS): the sides of ``replay.core.seats``
    team = staticmethod(side)

    def headless_seats(self, st: GoujiState) -> tuple[int, ...]:
        """The seats still in that play without a head (无头)."""
        return tuple(s for s in range(st.n) if st.active(s) and self.headless(st, s))

    def headless(self, st: GoujiState, seat: int) -> bool:
        """无头: the seat's 对头 is out (or sits out a 革命 whose 够死级 plays are spent or waived)."""
        t = OPP[seat]
        if t in st.out:
            return True
        return t == st.revolution and (st.waived or st.rev_plays == 0)

    def _sits_out(self, st: GoujiState, s: int) -> Outcome[GoujiState] | None:
        """GJ-REVOLUTION: the revolutionary sits the deal out."""
        if s != st.revolution:
            return None
        return Outcome(
            st,
            "GJ-REVOLUTION",
            f"{seat_name(s)}已革命，不参与本局",
            f"{seat_name(s, en=True)} declared 革命 and sits out",
            reason="sits-out",
        )

    def closed_by(self, st: GoujiState) -> tuple[str, str]:
        """After a round closed on a 够死级 set nobody burned, seed 000's 够死级 passage says who leads (除有燒牌者外，
        夠死級者即或重新發牌權), not the round rule."""
        return ("GJ-DEADLEVEL", "leads") if st.dead_lead else self.confirm_rule

    def _wrong_leader(self, st: GoujiState, s: int) -> Outcome[GoujiState]:
        """A lead by another seat than the leader: after a round closed on a 够死级 set nobody burned, GJ-DEADLEVEL
        (its owner leads); else the climbing games' reading (接风, the round's last player)."""
        if st.dead_lead and st.leader == st.last_owner:
            return Outcome(
                st,
                "GJ-DEADLEVEL",
                f"{seat_name(st.leader)}的够死级牌无人烧：应由{seat_name(st.leader)}发牌，不是{seat_name(s)}",
                f"nobody burned {seat_name(st.leader, en=True)}'s 够死级 set: it leads, not {seat_name(s, en=True)}",
                reason="leads",
            )
        return super()._wrong_leader(st, s)

    def _leads_anew(self, st: GoujiState, seat: int) -> bool:
        """In the window after a 够死级 set nobody burned, its owner leads anew."""
        return st.window and seat == st.owner

    def sure(self, st: GoujiState, seat: int, kind: str) -> bool:
        """The frequent legal events known without a step (``Gouji._play``'s, ``_pass``'s and ``_kou``'s first
        cases): a lead (the first one by the seat GJ-FIRST-LEAD names, or by any seat when it names none, once no
        tribute or return is owed), an
        answer in turn (with a set that beats the table), a decline in turn, the 对头's 扣 in turn."""
        if not st.live >> seat & 1 or st.phase not in (SETUP, PLAY):
            return False
        if st.phase == SETUP:
            return kind == "play" and st.table is None and "play" in self.opening_actors(st).get(seat, ())
        if st.table is None:
            return kind == "play" and (st.leader == -1 or seat == st.leader)
        if seat != st.to_act or st.window or seat == st.owner:
            return False
        return kind in ("play", "pass") or (kind == "kou" and seat == OPP[st.owner])

    def view(self, st: GoujiState, step: int, profile: Profile) -> StepView:
        """The table after ``step`` events, with 够级's marks: the 够级 set, passed seats, burners, 无头,
        四人乱缠, 够死级 and 革命."""
        marks = GoujiStepExtras(
            table_gouji=st.table_gouji,
            passed=tuple(seats_of(st.locked, st.n)),
            burners=tuple(seats_of(st.burners, st.n)),
            failed_burners=st.failed,
            headless=self.headless_seats(st),
            chaos=st.chaos,
            deadlevel=st.dead_seat if st.dead_seat != -1 else None,
            revolution=st.revolution if st.revolution != -1 else None,
        )
        return climbing_view(self, st, step, profile)._replace(extras=marks)

    # -- entitlement ------------------------------------------------------------------------------

    def _entitled(self, st: GoujiState, s: int, o: int, locked: int) -> bool:
        """May seat ``s`` answer ``o``'s set in its turn (``locked``: seats bound by a pass)?"""
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        if s == o or not v["live"] >> s & 1:  # not st.active(s)
            return False
        if locked >> s & 1:
            if v["dead_round"]:
                if s != v["dead_seat"]:
                    return False
            elif not (self.in_turn and o == OPP[s]):
                return False
        if v["let_only"] == o:
            return s == OPP[o]
        if v["dead_set"]:
            return False
        if v["table_gouji"]:  # s == OPP[o] or self.headless(st, o) or self.headless(st, s), headless's lines inline
            if s == OPP[o]:
                return True
            t, u, out, revolution = OPP[o], OPP[s], v["out"], v["revolution"]  # each one's 对头: out, or sitting out
            if t in out or u in out:  # a 革命 whose 够死级 plays are spent
                return True
            return revolution in (t, u) and (v["waived"] or v["rev_plays"] == 0)
        return True

    def _burn_block(self, st: GoujiState, s: int) -> Why | None:
        """Why seat ``s`` may not burn the table set now (zh, en and the GJ-BURN reason), or None when it may."""
        o = st.owner
        if st.table is None or not st.table_gouji:
            return Why("桌上的牌不是够级牌", "the set on the table is not 够级", "not-gouji")
        if s == o:
            return Why("不能烧自己的牌", "a seat cannot burn its own set", "own-set")
        if s == OPP[o]:
            return Why("对头直接上牌，不是烧牌", "the 对头 answers; it does not burn", "opposite")
        if st.locked >> s & 1 or st.responded >> s & 1:
            return Why("本轮已过牌，过牌不烧", "it passed in this round (过牌不烧)", "passed")
        if st.let_only == o:
            return Why("让牌后所顺的牌只有对头可上", "after a 让 only the 对头 may answer this set", "after-rang")
        if self.burn_between and s not in ((o + 1) % 6, (o + 2) % 6):
            return Why(
                "本规则只有够级者与其对头之间的两家可烧", "this profile lets only the two seats between burn", "between"
            )
        if self.burn_needs_head and not st.active(OPP[s]):
            return Why(
                "本规则要求烧牌者的对头仍有牌", "this profile needs the burner's own 对头 to hold cards", "needs-head"
            )
        if st.table.dead:
            return Why("大花挂牌为死牌，无人能烧", "a big joker attached makes the set dead", "dead")
        return None

    def must_hang(self, st: GoujiState, seat: int) -> bool:
        """True while the seat is bound by its burn's condition (a joker in every set but the last; 四人乱缠
        lifts it)."""
        return st.burners >> seat & 1 == 1 and not st.chaos

    def burners(self, st: GoujiState) -> list[int]:
        """Seats that may burn the set on the table now."""
        if st.table is None or not st.table_gouji or st.chaos:
            return []
        return [s for s in range(6) if st.active(s) and self._burn_block(st, s) is None]

    # -- the answer cycle -------------------------------------------------------------------------

    def _advance(
        self, st: GoujiState, responded: int, locked: int, cursor: int, let_seat: int, owned: bool = False
    ) -> GoujiState:
        """Find who acts next on the table set, or close the round, after the answer-cycle fields
        take the given values (``owned``: ``st`` is the caller's own, made by it and seen by no one else, so the
        next turn or the closed round may be set in it, see ``put_set``)."""
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        o = v["owner"]
        live = v["live"]
        simple = not v["table_gouji"] and not v["dead_set"] and v["let_only"] != o
        asked = live & ~responded  # the seats still playing that have not declined, but the one that let
        if let_seat != -1:
            asked &= ~(1 << let_seat)
        free = asked & ~locked if simple else 0  # asked in turn without the entitlement's questions
        for s in _AHEAD[o * 6 + (cursor - o) % 6]:
            if not asked >> s & 1:
                continue
            if free >> s & 1 or self._entitled(st, s, o, locked):
                return turn(st, s, False, False, responded, locked, cursor, let_seat, owned)
        t = OPP[o]
        if live >> t & 1 and not responded >> t & 1 and self._may_close(st, t, locked):
            return turn(st, t, True, False, responded, locked, (o + 5) % 6, let_seat, owned)
        if v["dead_set"]:
            nxt = turn(st, -1, False, False, responded, locked, cursor, let_seat)
            if self.burners(nxt):
                return evolve(nxt, to_act=o if st.active(o) else -1, window=True)
        return self._close(st, owned)

    def _turn_to_come(self, st: GoujiState, s: int) -> bool:
        """Will seat ``s`` still be asked, in turn or as the closer, about the set on the table?"""
        if st.window or st.to_act == -1 or st.responded >> s & 1 or not st.active(s):
            return False
        o = st.owner
        if s == OPP[o] and self._may_close(st, s, st.locked):
            return True
        if s == st.let_seat:
            return True
        ahead = (s - o) % 6 > (st.to_act - o) % 6
        return ahead and self._entitled(st, s, o, st.locked)

    def _nothing_to_answer(self, st: GoujiState, s: int) -> tuple[str, str]:
        """Why seat ``s`` has nothing to answer on the table set (zh, en)."""
        o, t = st.owner, OPP[st.owner]
        if st.table_gouji and not st.chaos:
            if st.table is not None and st.table.dead:
                return (f"{seat_name(o)}的牌挂了大花，是死牌，无人能上，只待对头扣牌", f"{seat_name(o, en=True)}'s set carries a big joker: "
                        "a dead set nobody may answer; only its 对头 closes it")  # fmt: skip
            if st.let_only == o:
                return ("让牌后所顺的牌只有对头可上", "after a 让 only the 对头 may answer this set")
            block = self._burn_block(st, s) or ("", "")
            if st.dead_set:
                return (f"够死级的牌只能被烧，而{seat_name(s)}不能烧：{block[0]}",
                        f"only a burn may take this 够死级 set, and {seat_name(s, en=True)} may not burn: {block[1]}")  # fmt: skip
            return (f"够级牌只有对头（{seat_name(t)}）能上，而{seat_name(s)}不能烧：{block[0]}",
                    f"a 够级 set is answered only by its 对头 ({seat_name(t, en=True)}), and {seat_name(s, en=True)} may not burn it: {block[1]}")  # fmt: skip
        return (
            f"{seat_name(s)}在{seat_name(o)}的这套牌上已没有发言机会",
            f"{seat_name(s, en=True)} has no turn left on {seat_name(o, en=True)}'s set",
        )

    @staticmethod
    def _closing(st: GoujiState, new: GoujiState, s: int, written: str) -> Reading | None:
        """How a decline that closes the round was read: the 对头's pass as its 扣 (None when the log wrote
        the 扣, or when the round simply runs out: the 对头 declined before, or is out)."""
        o, t = st.owner, OPP[st.owner]
        if s != t or written == "kou":
            return None  # the 扣 as written, or the round runs out by the rule (the 对头 declined before, or is out)
        lead = new.leader
        return Reading(
            "pass-as-kou",
            f"过牌读作扣牌：{seat_name(s)}是{seat_name(o)}的对头、法定扣牌人，它不上牌即扣牌，本轮结束，{seat_name(lead)}发牌",
            f"pass read as 扣: {seat_name(s, en=True)} is {seat_name(o, en=True)}'s 对头, the lawful closer; its decline closes the round "
            f"and {seat_name(lead, en=True)} leads",
            rule="GJ-KOU",
        )

    def _may_close(self, st: GoujiState, t: int, locked: int) -> bool:
        """May the 对头 still play over the set at the end of the cycle?"""
        if st.dead_round and locked >> t & 1 and t != st.dead_seat:
            return False
        return not st.dead_set

    def _close(self, st: GoujiState, owned: bool = False) -> GoujiState:
        """End the round: the owner of the last set leads, or its 下家 if it is out (接风); ``owned``: in ``st``
        itself (see ``put_set``)."""
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        o = v["owner"]
        leader = o if v["live"] >> o & 1 else st.next_active(o)
        chaos = v["chaos"] or len(v["out"]) >= 2
        return close_round(st, leader, chaos, 0 if chaos else v["burners"], OPP[o], owned)

    def _put(
        self,
        st: GoujiState,
        s: int,
        cs: CardSet,
        cards: tuple[Card, ...],
        hand: Hand,
        burn: bool,
        words: bool = True,
        owned: bool = False,
    ) -> tuple[GoujiState, list[str]]:
        """Seat ``s`` puts ``cs`` on the table; the answer cycle restarts from it (``words``: False leaves the
        place of a seat going out unworded, for ``advance``; ``owned``: ``st`` is the caller's own, changed in place,
        see ``put_set``)."""
        fx: list[str] = []
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        seats_hands = list(v["hands"])
        seats_hands[s] = hand
        hands = tuple(seats_hands)
        burners, failed, chaos, left = v["burners"], v["failed"], v["chaos"], hand.size
        joker = cs.sj > 0 or cs.bj > 0 or cs.base >= RANK_SJ  # cs.has_joker, read from the fields
        if burners >> s & 1 and not chaos and not joker and left > 0:
            failed = (*failed, s)
            burners &= ~bit(s)
            dalao = self.profile.burn_fail == "dalao"
            fx.append(
                said(
                    f"GJ-BURN：{seat_name(s)}出了不带王的牌，违反烧牌条件" + ("（成为大落）" if dalao else ""),
                    f"GJ-BURN: {seat_name(s, en=True)} breaks its burn condition: a set without a joker"
                    + (" (becomes 大落)" if dalao else ""),
                )
            )
        if burn and left > 0 and not chaos and not self.one_set_left(hand):
            burners |= bit(s)
        gouji = not chaos and (joker or cs.n >= GOUJI_NEED[cs.base])  # is_gouji(cs)
        dead_set = False
        rev_plays = v["rev_plays"]
        dead_seat = v["dead_seat"]
        revolution = v["revolution"]
        if s == dead_seat and v["table"] is not None and not v["live"] >> v["owner"] & 1:
            dead_set = True
            fx.append(
                said(
                    f"GJ-DEADLEVEL：{seat_name(s)}用它的够死级机会；只有烧牌能管这手牌",
                    f"GJ-DEADLEVEL: {seat_name(s, en=True)} takes its 够死级 chance; only a burn may take this set",
                )
            )
        elif gouji and revolution != -1 and s == OPP[revolution] and rev_plays > 0 and not v["waived"]:
            dead_set = True
            rev_plays -= 1
            fx.append(
                said(
                    f"GJ-REVOLUTION：{seat_name(s)}的够死级出牌（还剩{rev_plays}次）",
                    f"GJ-REVOLUTION: 够死级 play by {seat_name(s, en=True)} ({rev_plays} left)",
                )
            )
        let_only = s if (v["final"] and v["let_seat"] == s) else -1
        over = v["played"] or v["jiefeng"] != -1  # read before put_set changes an owned st
        new = put_set(
            st,
            hands,
            cs,
            cards,
            gouji,
            s,
            let_only,
            burners,
            failed,
            dead_set,
            -1 if dead_set else dead_seat,
            rev_plays,
            owned,
        )
        if over:
            new = self._played_over(st, new, s, cards, fx)
        if left == 0:
            new, more = self._goes_out(new, s, gouji, words)
            fx += more
            if new.phase == OVER:
                return new, fx
        return self._advance(new, 0, new.__dict__["locked"], s, -1, True), fx  # owned: new, made here, unseen

    def one_set_left(self, hand: Hand) -> bool:
        """GJ-BURN's second branch: after its burn the burner holds one set (seed 004: 手中只剩下一套牌; seed 000, the
        narrower: 手中所剩牌為同一點數的牌, one rank), so no later play of it breaks the condition. A hand the record
        does not know in full is not read as one set (its later plays are held to the first branch)."""
        if not hand.fully_known:
            return False
        cards = hand.known_cards()
        if not self.profile.source.startswith("seed 004"):
            return len({c.rank for c in cards}) == 1
        try:
            make_set(cards, self.twos_attach)
        except SetFormError:
            return False
        return True

    def _goes_out(self, st: GoujiState, s: int, gouji: bool, words: bool = True) -> tuple[GoujiState, list[str]]:
        """Seat ``s`` played its last card: it is out in the next place, the deal over once one seat is left, a
        够死级 chance or 四人乱缠 begins. ``st`` is the state ``_put`` has just made, seen by no one yet: changed in
        place."""
        values = st.__dict__
        out = (*st.out, s)
        place = len(out)
        values["out"] = out
        values["burners"] = st.burners & ~bit(s)
        values["live"] = st.live & ~bit(s)
        if st.live.bit_count() <= 1:  # one seat left playing
            values.update(phase=OVER, to_act=-1, table=None, table_cards=(), owner=-1)
            return st, [self._out_text(st, s)] if words else []
        fx = [self._out_text(st, s)] if words else []
        t = OPP[s]
        if place <= 2 and st.active(t) and (self.any_dipai or gouji):
            fx.append(
                said(
                    f"GJ-DEADLEVEL：{seat_name(t)}对这手底牌有一次够死级机会",
                    f"GJ-DEADLEVEL: {seat_name(t, en=True)} has one 够死级 chance on this 底牌",
                )
            )
            values["dead_round"] = self.any_dipai or st.dead_round
            values["dead_seat"] = t
        elif place >= 2 and not st.chaos:
            st = self._start_chaos(st)
            fx.append(said("GJ-CHAOS：四人乱缠开始", "GJ-CHAOS: 四人乱缠 begins"))
        return st, fx

    def _out_text(self, st: GoujiState, s: int) -> str:
        """Seat ``s`` going out, with its place once decided (革命 and failed burns move places)."""
        k = places_at(st, self.profile).get(s)
        if k is None:
            nth = len(st.out)
            return said(
                f"{seat_name(s)}第{nth}个出完（名次未定）",
                f"{seat_name(s, en=True)} goes out ({place_words(nth, 6)[1]} out; its place is not decided yet)",
            )
        zh, en = place_words(k, 6)
        return said(f"{seat_name(s)}出完：{zh}", f"{seat_name(s, en=True)} goes out: {en} ({zh})")

    def _start_chaos(self, st: GoujiState) -> GoujiState:
        return evolve(st, chaos=True, table_gouji=False, burners=0, locked=0 if self.chaos_free else st.locked)

    # -- who may act now, and why ---------------------------------------------------------------

    def actors(self, st: GoujiState) -> dict[int, tuple[str, ...]]:
        """Each seat that may act now and how: play, pass, kou, rang, burn, jiefeng."""
        out: dict[int, tuple[str, ...]] = {}
        if st.terminal:
            return out
        if st.table is None:
            if st.phase == SETUP:  # the tributes and returns owed, then the first leader
                return self.opening_actors(st)
            if st.leader != -1:
                out[st.leader] = ("play",)
            else:
                for s in st.active_seats():
                    out[s] = ("play",)
            return out
        o = st.owner
        t = OPP[o]
        if st.window:
            if st.active(o):
                out[o] = ("play",)
        elif st.to_act != -1:
            acts = ["play", "kou" if st.to_act == t else "pass"]
            if st.to_act == t and not st.final and st.let_seat == -1 and not (st.chaos and self.chaos_free):
                acts.append("rang")
            out[st.to_act] = tuple(acts)
        for b in self.burners(st):
            if b not in out:
                out[b] = ("burn", "pass")
            elif "burn" not in out[b]:  # the seat in turn may also burn (a headless seat's 够级 set): it is lawful
                out[b] = (*out[b], "burn")
        if not st.active(o):
            n = st.next_active(o)
            if n != -1 and not st.responded >> n & 1 and st.jiefeng != n:
                out[n] = (*out.get(n, ()), "jiefeng")
        return out

    def opening_actors(self, st: GoujiState) -> dict[int, tuple[str, ...]]:
        """Who may act before the first lead (``replay.games.gouji.setup``: the tributes and returns owed, then the
        first leader)."""
        raise NotImplementedError

    def opening_why(self, st: GoujiState, seat: int) -> tuple[str, str]:
        """Why a seat may act before the first lead (``replay.games.gouji.setup``)."""
        raise NotImplementedError

    def sides(self, st: GoujiState) -> dict[int, str]:
        """The two teams, seats alternating ("0": seats 0, 2 …; "1": seats 1, 3 …)."""
        return {s: str(side(s)) for s in range(self.n)}

    def why(self, st: GoujiState, seat: int) -> tuple[str, str]:
        """Why a seat may act now (zh, en), for the table view and the dispute desk."""
        if st.table is None:
            if st.phase == SETUP:
                return self.opening_why(st, seat)
            lo = st.last_owner
            if lo != -1 and not st.active(lo):
                return (
                    f"{seat_name(lo)}的底牌无人上：接风发牌",
                    f"{seat_name(lo, en=True)}'s last set stood: it leads (接风)",
                )
            return ("上一轮最后出牌：发牌", "won the last round: it leads")
        o, t = st.owner, OPP[st.owner]
        if st.window and seat == o:
            return ("够死级无人烧：可发牌", "nobody burned its 够死级 set: it leads next")
        if seat == st.to_act:
            if st.final:
                return (
                    f"{seat_name(o)}的对头、法定扣牌人：最后发言（上牌或扣牌）",
                    f"{seat_name(o, en=True)}'s 对头, the lawful closer: last word (answer or close)",
                )
            if seat == t:
                return (f"{seat_name(o)}的对头：轮到发言", f"{seat_name(o, en=True)}'s 对头: its turn to answer")
            if self.headless(st, o) or self.headless(st, seat):
                if seat in self.burners(st):
                    return ("无头：按顺序上牌，也可烧牌", "headless: answers in turn, or burns")
                return ("无头：按顺序上牌", "headless: answers in turn")
            return ("按顺序轮到（循序渐进）", "its turn (in play order)")
        if seat in self.burners(st):
            return (
                f"可烧{seat_name(o)}的够级牌（烧牌优先）",
                f"may burn {seat_name(o, en=True)}'s 够级 set (烧牌优先)",
            )
        if not st.active(o) and seat == st.next_active(o):
            return (f"可对{seat_name(o)}的底牌申请接风", f"may ask for 接风 on {seat_name(o, en=True)}'s last set")
        return ("", "")
