"""够级 (Gouji): who may act, what is legal, and how each event changes the table (RULES.md §2-3).

``Gouji(profile, meta)`` is the rules of one deal under one profile. ``step(state, event)`` returns
the next state and the ruling; ``verify`` raises, ``can`` answers, ``apply`` returns the next state
of a legal event (pokerkit's verify/can/do). ``legal_actions`` lists what each seat may do now.

Reading of the seeds, where they are silent (docs/rules-as-implemented.md says more):
- The answer cycle of a set goes round once from its owner. A seat is asked in turn when it is
  entitled (not locked by a pass, or the 对头 exception; for a 够级 set only the 对头 and headless
  seats). The last player's 对头 closes the round (扣); if it was not asked in turn (locked under
  ``at_kou``, or it let), it has the last word. If the 对头 is out, the round closes when every
  other seat has declined.
- A burn (烧牌) may come out of turn, at any moment before the round closes, from any seat the
  profile allows; a play over a 够级 set by a seat that is not to act is read as a burn.
- Breaking a burn's condition is not an illegal play: it is recorded as a failed burn (``failed``),
  and under ``burn_fail = "dalao"`` fixes the seat's place at the bottom.
- A pass that was not needed (a locked seat passing again, a seat declining to burn) is legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from replay.cards import RANK_2, RANK_3, RANK_BJ, RANK_SJ, Card, format_cards
from replay.climbing import Climbing, Outcome, _cards, not_held, repeated
from replay.events import (
    Burn,
    Jiefeng,
    Kou,
    Pass,
    Play,
    Rang,
    Refuse,
    Report,
    Return,
    Revolution,
    Show,
    Tribute,
    Waive,
)
from replay.gouji_score import gouji_finish_order
from replay.hand import Hand
from replay.profile import Profile
from replay.scoring import place_words, places_at
from replay.seats import OPPOSITE
from replay.sets import CardSet, why_not_beats
from replay.state import OVER, PLAY, SETUP, VOID, State, bit, close_round, evolve, put_set, with_turn
from replay.verdicts import Reading

OPP = OPPOSITE[6]  # 对头: the seat across (replay.seats)


class Why(NamedTuple):
    """Why something may not be done: in Chinese, in English, and the rule's reason (a register key)."""

    zh: str
    en: str
    reason: str


class Gouji(Climbing):
    """The rules of 够级 for one deal under one profile (``meta`` gives deal number, previous deal)."""

    game = "gouji"
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

    def _deal_sizes(self, hands: tuple[tuple[Card | None, ...] | None, ...]) -> list[tuple[str, int | None, str, str]]:
        """GJ-DEAL: 36 cards a seat."""
        return [
            (
                "GJ-DEAL",
                s,
                f"座位{s}的牌有{len(h)}张，应为{self.hand_size}张",
                f"seat {s} holds {len(h)} cards; expected {self.hand_size}",
            )
            for s, h in enumerate(hands)
            if h is not None and len(h) != self.hand_size
        ]

    def _quiet_decline(self, st: State, s: int) -> State:
        if st.to_act != s:
            return evolve(st, responded=st.responded | bit(s))
        nxt = evolve(st, responded=st.responded | bit(s), cursor=s)
        if st.final:
            return self._close(nxt)
        return self._advance(nxt, nxt.responded, nxt.locked, nxt.cursor, nxt.let_seat)

    # -- seats ----------------------------------------------------------------------------------

    @staticmethod
    def opp(seat: int) -> int:
        """对头: the facing seat (GJ-OPPOSITE)."""
        return OPP[seat]

    @staticmethod
    def team(seat: int) -> int:
        """联邦: 0 for seats 0, 2, 4 and 1 for seats 1, 3, 5 (GJ-TEAMS)."""
        return seat % 2

    def headless_seats(self, st: State) -> tuple[int, ...]:
        """The seats still in that play without a head (无头)."""
        return tuple(s for s in range(st.n) if st.active(s) and self.headless(st, s))

    def headless(self, st: State, seat: int) -> bool:
        """无头: the seat's 对头 is out (or sits out a 革命 whose 够死级 plays are spent or waived)."""
        t = OPP[seat]
        if t in st.out:
            return True
        return t == st.revolution and (st.waived or st.rev_plays == 0)

    # -- the deal ---------------------------------------------------------------------------------

    # -- entitlement ------------------------------------------------------------------------------

    def _entitled(self, st: State, s: int, o: int, locked: int) -> bool:
        """May seat ``s`` answer ``o``'s set in its turn (``locked``: seats bound by a pass)?"""
        if s == o or not st.active(s):
            return False
        if locked >> s & 1:
            if st.dead_round:
                if s != st.dead_seat:
                    return False
            elif not (self.in_turn and o == OPP[s]):
                return False
        if st.let_only == o:
            return s == OPP[o]
        if st.dead_set:
            return False
        if st.table_gouji:
            return s == OPP[o] or self.headless(st, o) or self.headless(st, s)
        return True

    def _burn_block(self, st: State, s: int) -> Why | None:
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

    def burners(self, st: State) -> list[int]:
        """Seats that may burn the set on the table now."""
        if st.table is None or not st.table_gouji or st.chaos:
            return []
        return [s for s in range(6) if st.active(s) and self._burn_block(st, s) is None]

    # -- the answer cycle -------------------------------------------------------------------------

    def _advance(self, st: State, responded: int, locked: int, cursor: int, let_seat: int) -> State:
        """Find who acts next on the table set, or close the round, after the answer-cycle fields
        take the given values."""
        o = st.owner
        live = st.live
        simple = not st.table_gouji and not st.dead_set and st.let_only != o
        for k in range((cursor - o) % 6 + 1, 6):
            s = (o + k) % 6
            if not live >> s & 1 or responded >> s & 1 or s == let_seat:
                continue
            if (simple and not locked >> s & 1) or self._entitled(st, s, o, locked):
                return with_turn(st, s, False, False, responded, locked, cursor, let_seat)
        t = OPP[o]
        if live >> t & 1 and not responded >> t & 1 and self._may_close(st, t, locked):
            return with_turn(st, t, True, False, responded, locked, (o + 5) % 6, let_seat)
        if st.dead_set:
            nxt = with_turn(st, -1, False, False, responded, locked, cursor, let_seat)
            if self.burners(nxt):
                return evolve(nxt, to_act=o if st.active(o) else -1, window=True)
        return self._close(st)

    def _may_close(self, st: State, t: int, locked: int) -> bool:
        """May the 对头 still play over the set at the end of the cycle?"""
        if st.dead_round and locked >> t & 1 and t != st.dead_seat:
            return False
        return not st.dead_set

    def _close(self, st: State) -> State:
        """End the round: the owner of the last set leads, or its 下家 if it is out (接风)."""
        o = st.owner
        leader = o if st.active(o) else st.next_active(o)
        chaos = st.chaos or len(st.out) >= 2
        return close_round(st, leader, chaos, 0 if chaos else st.burners, OPP[o])

    # -- stepping ---------------------------------------------------------------------------------

    # -- plays ------------------------------------------------------------------------------------

    def _play(self, st: State, ev: Play) -> Outcome:
        s, cards = ev.seat, ev.cards
        explicit_burn = type(ev) is Burn
        taken = self._take(st, s, cards)
        if isinstance(taken, Outcome):
            return taken
        cs, hand = taken
        effects: list[str] = []
        unv: tuple[str, ...] = ()
        table = st.table
        if table is not None and not explicit_burn and s == st.to_act and not st.window:
            # the common case: an answer in turn
            why = why_not_beats(cs, table)
            if why is not None:
                return self._no_beat(st, why, cs, *_cards(cards))
            new, fx = self._put(st, s, cs, cards, hand, False)
            out = Outcome(new, None, "", "", tuple(fx), ())
            if new.failed is not st.failed or new.phase == OVER:
                return self._read(st, new, s, out)
            return out
        if st.phase == SETUP:
            res = self._first_lead(st, s)
            if isinstance(res, Outcome):
                return res
            st, fx, unv = res
            effects += fx
        if st.table is None:
            if explicit_burn:
                return Outcome(st, "GJ-BURN", "桌上无牌，无可烧", "nothing on the table to burn", reason="no-set")
            if st.leader != -1 and s != st.leader:
                return self._wrong_leader(st, s)
            new, fx = self._put(st, s, cs, cards, hand, False)
            return self._read(st, new, s, Outcome(new, None, "", "", tuple(effects + fx), unv))
        if st.window and s == st.owner and not explicit_burn:
            closed = self._close(st)
            effects.append("round closed: no one burned the 够死级 set")
            new, fx = self._put(closed, s, cs, cards, hand, burn=False)
            lead = Reading(
                "lead-after-window",
                f"无人烧座位{s}的够死级牌：本轮结束，座位{s}的这手牌是新一轮的发牌",
                f"nobody burned seat {s}'s 够死级 set: the round closes and this play leads the next round",
                rule="GJ-DEADLEVEL",
                reason="leads",
            )
            return self._read(st, new, s, Outcome(new, None, effects=tuple(effects + fx), reading=lead))
        o = st.owner
        if s == o:
            t = OPP[o]
            who = f"seat {st.to_act}" if st.to_act != -1 else f"its 对头 (seat {t})"
            return Outcome(
                st,
                "GJ-KOU",
                f"座位{s}在本轮未扣牌前重新发牌",
                f"seat {s} leads again before the round was closed; {who} has yet to act",
            )
        why = why_not_beats(cs, st.table)
        if why is not None:
            return self._no_beat(st, why, cs, *_cards(cards))
        in_turn = s == st.to_act and not st.window
        reading: Reading | None = None
        if explicit_burn:
            if st.chaos:
                return Outcome(st, "GJ-CHAOS", "四人乱缠中不再烧牌", "no burning in 四人乱缠")
            if not st.table_gouji:
                return Outcome(
                    st,
                    "GJ-GOUJI-SET",
                    f"桌上的 {_cards(st.table_cards)[0]} 不是够级牌，无可烧",
                    f"{_cards(st.table_cards)[1]} is not a 够级 set: there is nothing to burn",
                )
            block = self._burn_block(st, s)
            if block:
                return Outcome(
                    st,
                    "GJ-BURN",
                    f"座位{s}不能烧牌：{block[0]}",
                    f"seat {s} may not burn: {block[1]}",
                    reason=block.reason,
                )
            burn = True
        elif in_turn:
            burn = False
        elif st.table_gouji and not st.chaos and self._burn_block(st, s) is None:
            t = OPP[o]
            if self.undeclared_burn == "illegal":
                return Outcome(
                    st,
                    "GJ-BURN",
                    f"座位{s}不是对头（座位{t}），在座位{o}的够级牌上出牌：烧牌须宣告，记录中应写“烧”；本规则不把未宣告的出牌读作烧牌",
                    f"seat {s} is not the 对头 (seat {t}) and plays over seat {o}'s 够级 set out of turn: a burn is "
                    "declared (宣告烧牌); this profile reads only a logged burn as one",
                    reason="undeclared",
                )
            burn = True
            reading = Reading(
                "play-as-burn",
                f"出牌读作烧牌：座位{s}不是座位{o}的对头（座位{t}），不轮到它却在这套够级牌上出牌，记录未写“烧”",
                f"play read as a burn (烧牌): seat {s} is not seat {o}'s 对头 (seat {t}) and plays over its 够级 set "
                "out of turn; the log does not say burn",
                rule="GJ-BURN",
                reason="burn",
            )
        else:
            return self._out_of_turn(st, s)
        new, fx = self._put(st, s, cs, cards, hand, burn=burn)
        if burn:
            fx.insert(0, f"seat {s} burns (烧牌)")
        return self._read(st, new, s, Outcome(new, None, effects=tuple(effects + fx), reading=reading))

    def _read(self, before: State, after: State, s: int, out: Outcome) -> Outcome:
        """A legal play's outcome with the reading of what the log leaves open: a failed burn, the
        revolutionary's place when the deal ends."""
        if len(after.failed) > len(before.failed):
            if self.profile.burn_fail == "dalao":
                k = len(after.failed)
                place = {1: ("大落", "last"), 2: ("二落", "5th")}.get(k, ("", ""))
                then = (f"按本规则（burn_fail = dalao）座位{s}记为{place[0]}" if place[0] else "",
                        f"under burn_fail = dalao seat {s} takes the {place[1]} place" if place[1] else "")  # fmt: skip
            else:
                then = (
                    "本规则（burn_fail = flag）只作标记，名次不变",
                    "under burn_fail = flag it is flagged only: places stand",
                )
            return out._replace(
                reading=Reading(
                    "failed-burn",
                    f"烧牌失败：座位{s}烧牌后出了一手不挂花的牌，手中还有牌；{then[0]}",
                    f"a failed burn: seat {s}, bound by its burn, plays a set with no joker and still holds cards; "
                    f"{then[1]}",
                    rule="GJ-BURN",
                    reason="failed",
                )
            )
        if after.phase == OVER and before.phase != OVER and after.revolution != -1:
            order, _ = gouji_finish_order(after, self.profile)
            v = after.revolution
            k = order.index(v) + 1
            return out._replace(
                reading=Reading(
                    "revolution-place",
                    f"本局结束：革命者座位{v}记为{place_words(k, 6)[0]}",
                    f"the deal is over: seat {v}, which declared 革命, is ranked {place_words(k, 6)[1]} "
                    f"({place_words(k, 6)[0]})",
                    rule="GJ-REVOLUTION",
                    reason="place",
                )
            )
        return out

    def _put(
        self, st: State, s: int, cs: CardSet, cards: tuple[Card, ...], hand: Hand, burn: bool
    ) -> tuple[State, list[str]]:
        """Seat ``s`` puts ``cs`` on the table; the answer cycle restarts from it."""
        fx: list[str] = []
        hands = (*st.hands[:s], hand, *st.hands[s + 1 :])
        burners, failed = st.burners, st.failed
        if burners >> s & 1 and not st.chaos and not cs.has_joker and hand.size > 0:
            failed = (*failed, s)
            burners &= ~bit(s)
            penalty = " (becomes 大落)" if self.profile.burn_fail == "dalao" else ""
            fx.append(f"GJ-BURN: seat {s} breaks its burn condition: a set without a joker{penalty}")
        if burn and hand.size > 0 and not st.chaos:
            burners |= bit(s)
        gouji = not st.chaos and cs.is_gouji()
        dead_set = False
        rev_plays = st.rev_plays
        if st.table is not None and s == st.dead_seat and not st.active(st.owner):
            dead_set = True
            fx.append(f"GJ-DEADLEVEL: seat {s} takes its 够死级 chance; only a burn may take this set")
        elif gouji and st.revolution != -1 and s == OPP[st.revolution] and rev_plays > 0 and not st.waived:
            dead_set = True
            rev_plays -= 1
            fx.append(f"GJ-REVOLUTION: 够死级 play by seat {s} ({rev_plays} left)")
        let_only = s if (st.final and st.let_seat == s) else -1
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
            -1 if dead_set else st.dead_seat,
            rev_plays,
        )
        if st.played:
            played = list(st.played)
            for c in cards:
                played[c.slot] += 1
            new = evolve(new, played=tuple(played))
        if st.jiefeng != -1:
            fx.append(f"JIEFENG: seat {st.jiefeng}'s 接风 fails: seat {s} plays over")
        if hand.size == 0:
            new, more = self._goes_out(new, s, gouji)
            fx += more
        if new.phase == OVER:
            return new, fx
        return self._advance(new, 0, new.locked, s, -1), fx

    def _goes_out(self, st: State, s: int, gouji: bool) -> tuple[State, list[str]]:
        out = (*st.out, s)
        place = len(out)
        st = evolve(st, out=out, burners=st.burners & ~bit(s), live=st.live & ~bit(s))
        if len(st.active_seats()) <= 1:
            st = evolve(st, phase=OVER, to_act=-1, table=None, table_cards=(), owner=-1)
            return st, [self._out_text(st, s)]
        fx = [self._out_text(st, s)]
        t = OPP[s]
        if place <= 2 and st.active(t) and (self.any_dipai or gouji):
            fx.append(f"GJ-DEADLEVEL: seat {t} has one 够死级 chance on this 底牌")
            st = evolve(st, dead_seat=t, dead_round=self.any_dipai or st.dead_round)
        elif place >= 2 and not st.chaos:
            st = self._start_chaos(st)
            fx.append("GJ-CHAOS: 四人乱缠 begins")
        return st, fx

    def _out_text(self, st: State, s: int) -> str:
        """Seat ``s`` going out, with its place once decided (革命 and failed burns move places)."""
        k = places_at(st, self.profile).get(s)
        if k is None:
            return f"seat {s} goes out ({place_words(len(st.out), 6)[1]} out; its place is not decided yet)"
        zh, en = place_words(k, 6)
        return f"seat {s} goes out: {en} ({zh})"

    def _start_chaos(self, st: State) -> State:
        return evolve(st, chaos=True, table_gouji=False, burners=0, locked=0 if self.chaos_free else st.locked)

    # -- declines ---------------------------------------------------------------------------------

    def _decline(self, st: State, s: int, fx: tuple[str, ...] = (), written: str = "pass") -> Outcome:
        """Seat ``s``, to act, declines the table set (``written``: as the log wrote it, pass or kou)."""
        if st.final:
            new = self._close(st)
            return Outcome(
                new, None, effects=(*fx, f"round closed by seat {s} (扣牌)"), reading=self._closing(st, new, s, written)
            )
        lock = 0 if (st.chaos and self.chaos_free) else bit(s)
        new = self._advance(st, st.responded | bit(s), st.locked | lock, s, st.let_seat)
        if new.table is None:
            fx = (*fx, "round closed")
            return Outcome(new, None, effects=fx, reading=self._closing(st, new, s, written))
        return Outcome(new, None, effects=fx)

    @staticmethod
    def _closing(st: State, new: State, s: int, written: str) -> Reading | None:
        """How a decline that closes the round was read: the 对头's pass as its 扣 (None when the log wrote
        the 扣, or when the round simply runs out: the 对头 declined before, or is out)."""
        o, t = st.owner, OPP[st.owner]
        if s != t or written == "kou":
            return None  # the 扣 as written, or the round runs out by the rule (the 对头 declined before, or is out)
        lead = new.leader
        return Reading(
            "pass-as-kou",
            f"过牌读作扣牌：座位{s}是座位{o}的对头、法定扣牌人，它不上牌即扣牌，本轮结束，座位{lead}发牌",
            f"pass read as 扣: seat {s} is seat {o}'s 对头, the lawful closer; its decline closes the round "
            f"and seat {lead} leads",
            rule="GJ-KOU",
        )

    def _turn_to_come(self, st: State, s: int) -> bool:
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

    def _nothing_to_answer(self, st: State, s: int) -> tuple[str, str]:
        """Why seat ``s`` has nothing to answer on the table set (zh, en)."""
        o, t = st.owner, OPP[st.owner]
        if st.table_gouji and not st.chaos:
            if st.table is not None and st.table.dead:
                return (f"座位{o}的牌挂了大花，是死牌，无人能上，只待对头扣牌", f"seat {o}'s set carries a big joker: "
                        "a dead set nobody may answer; only its 对头 closes it")  # fmt: skip
            if st.let_only == o:
                return ("让牌后所顺的牌只有对头可上", "after a 让 only the 对头 may answer this set")
            block = self._burn_block(st, s) or ("", "")
            if st.dead_set:
                return (f"够死级的牌只能被烧，而座位{s}不能烧：{block[0]}",
                        f"only a burn may take this 够死级 set, and seat {s} may not burn: {block[1]}")  # fmt: skip
            return (f"够级牌只有对头（座位{t}）能上，而座位{s}不能烧：{block[0]}",
                    f"a 够级 set is answered only by its 对头 (seat {t}), and seat {s} may not burn it: {block[1]}")  # fmt: skip
        return (f"座位{s}在座位{o}的这套牌上已没有发言机会", f"seat {s} has no turn left on seat {o}'s set")

    def _pass(self, st: State, ev: Pass) -> Outcome:
        s = ev.seat
        if not st.active(s):
            return self._inactive(st, s)
        if st.table is None:
            return self._pass_on_empty_table(st, s)
        if s == st.owner:
            return Outcome(st, "PASS", f"座位{s}不能对自己的牌过牌", f"seat {s} cannot pass on its own set")
        if s == st.to_act and not st.window:
            return self._decline(st, s)
        if st.locked >> s & 1 or st.responded >> s & 1:
            return repeated(
                st,
                f"座位{s}本轮已过牌：再说过牌只是重复，不改变什么",
                f"seat {s} already passed in this round: saying it again changes nothing",
                "PASS-LOCK",
                f"seat {s} had already passed",
            )
        if st.table_gouji and not st.chaos and self._burn_block(st, s) is None:
            nxt = evolve(st, locked=st.locked | bit(s))
            fx: tuple[str, ...] = (f"seat {s} declines to burn",)
            reading = Reading(
                "declined-burn",
                f"座位{s}可以烧座位{st.owner}的够级牌，它过牌即不烧，本轮算已过牌（过牌不烧）",
                f"seat {s} could burn seat {st.owner}'s 够级 set: its pass declines the burn and counts as its pass "
                "in this round (过牌不烧)",
                rule="GJ-BURN",
                reason="passed",
            )
            if st.window and not self.burners(nxt):
                return Outcome(self._close(nxt), None, effects=(*fx, "round closed"), reading=reading)
            return Outcome(nxt, None, effects=fx, reading=reading)
        if self._turn_to_come(st, s):
            who = st.to_act
            return Outcome(
                st,
                "TURN-ORDER",
                f"座位{s}抢先过牌：现在轮到座位{who}，不得越、抢",
                f"seat {s} passes before its turn: seat {who} is to act (no skipping ahead)",
            )
        why_zh, why_en = self._nothing_to_answer(st, s)
        lock = 0 if (st.chaos and self.chaos_free) else bit(s)
        return Outcome(
            evolve(st, locked=st.locked | lock),
            None,
            reading=Reading(
                "nothing-to-answer",
                f"{why_zh}；座位{s}的过牌不改变牌局，本轮算已过牌",
                f"{why_en}; seat {s}'s pass changes nothing at the table and counts as its pass in this round",
                rule="GJ-GOUJI-ANSWER",
            ),
        )

    def _kou(self, st: State, ev: Kou) -> Outcome:
        s = ev.seat
        if not st.active(s):
            return self._inactive(st, s)
        if st.table is None:
            if s == st.closer:
                return Outcome(
                    st,
                    None,
                    effects=(f"seat {s} confirms the close (扣牌)",),
                    reading=Reading(
                        "confirming-kou",
                        f"本轮已结束：座位{s}的扣牌是确认，不改变什么",
                        f"the round already closed: seat {s}'s 扣 confirms it and changes nothing",
                        rule="GJ-KOU",
                    ),
                )
            return self._nothing_on_table(st, s, "kou")
        if st.window:  # only burns may still come: a kou here is a decline like a pass
            return self._pass(st, Pass(s))
        o = st.owner
        t = OPP[o]
        if s != t:
            if s == st.to_act and not st.active(t):
                out = self._decline(st, s, written="kou")
                return out._replace(
                    reading=Reading(
                        "kou-as-pass",
                        f"座位{o}的对头已出完，没有法定扣牌人：座位{s}的扣牌读作过牌",
                        f"seat {o}'s 对头 is out, so there is no lawful closer: seat {s}'s 扣 is read as its pass",
                        rule="GJ-KOU",
                        reason="no-closer",
                    )
                )
            return Outcome(
                st,
                "GJ-OPPOSITE",
                f"只有座位{o}的对头（座位{t}）是法定扣牌人，座位{s}不能扣牌",
                f"only seat {o}'s 对头 (seat {t}) may close the round; seat {s} may not",
                reason="kou",
            )
        if s == st.to_act and not st.window:
            return self._decline(st, s, written="kou")
        if st.responded >> s & 1:
            return repeated(
                st,
                f"座位{s}已对这套牌表态：再扣只是重复，不改变什么",
                f"seat {s} already declined this set: its 扣 repeats it and changes nothing",
                "PASS-LOCK",
                f"seat {s} had already declined",
            )
        return self._out_of_turn(st, s)

    def _rang(self, st: State, ev: Rang) -> Outcome:
        s = ev.seat
        if not st.active(s):
            return self._inactive(st, s)
        if st.chaos and self.chaos_free:
            return Outcome(st, "GJ-CHAOS", "四人乱缠中不能让牌", "no 让 in 四人乱缠")
        if st.table is None:
            return self._nothing_on_table(st, s, "rang")
        o = st.owner
        if s != OPP[o]:
            return Outcome(st, "GJ-RANG", f"只有座位{o}的对头可以让牌", f"only seat {o}'s 对头 may 让 on its set")
        if s != st.to_act or st.window:
            return Outcome(
                st, "GJ-RANG", f"座位{s}此时不能让牌：还未轮到它", f"seat {s} may not 让 now: it is not its turn"
            )
        if st.final or st.let_seat != -1:
            return Outcome(
                st,
                "GJ-RANG",
                "让牌只能在上两家过牌后、轮到自己时宣告一次",
                "a 让 is declared once, in turn, after the two seats before passed",
            )
        new = self._advance(st, st.responded, st.locked, s, s)
        return Outcome(new, None, effects=(f"seat {s} lets the next two seats act first (让牌)",))

    # -- setup events -----------------------------------------------------------------------------

    def _show(self, st: State, ev: Show) -> Outcome:
        s, cards = ev.seat, ev.cards
        if st.phase != SETUP:
            return Outcome(st, "GJ-FIRST-LEAD", "亮3须在开牌前", "3s are shown before the first lead")
        suits = {c.suit for c in cards}
        if any(c.rank != RANK_3 for c in cards) or len(suits) != 1 or None in suits or len(cards) < 2:
            return Outcome(
                st,
                "GJ-FIRST-LEAD",
                "亮3须亮出两张以上同花色的3",
                f"a show is two or more 3s of one suit, not {format_cards(cards)}",
            )
        if st.hands[s].remove(cards) is None:
            return not_held(st, s, cards)
        best = max((k for _, k in st.shows), default=0)
        fx = ()
        if len(cards) > best:
            fx = (f"seat {s} shows {len(cards)} 3s of one suit and takes the first lead (上班/顶班)",)
        return Outcome(evolve(st, shows=(*st.shows, (s, len(cards)))), None, effects=fx)

    def _revolution(self, st: State, ev: Revolution) -> Outcome:
        s = ev.seat
        if not self.profile.revolution:
            return Outcome(st, "GJ-REVOLUTION", "本规则不玩革命", "this profile plays without 革命", reason="off")
        if st.phase != SETUP:
            return Outcome(st, "GJ-REVOLUTION", "革命须在开牌前宣告", "革命 is declared before the first lead")
        if st.revolution == s:
            return Outcome(st, "GJ-REVOLUTION", "已宣告革命", f"seat {s} already declared 革命")
        held = st.hands[s].has_tribute_card()
        if held:
            return Outcome(
                st,
                "GJ-REVOLUTION",
                f"座位{s}有大花、小花或钱，不能革命",
                f"seat {s} holds a joker or a 2: it may not declare 革命",
            )
        unv = (f"革命 by seat {s}: its hand is not fully known",) if held is None else ()
        if st.revolution != -1:
            return Outcome(
                evolve(st, phase=VOID),
                None,
                effects=("two 革命: the deal is void (作废)",),
                unverified=unv,
                reading=Reading(
                    "void",
                    f"座位{st.revolution}已革命，座位{s}再革命：两人以上革命，本局作废",
                    f"seat {st.revolution} declared 革命 already: with seat {s} two revolutions void the deal",
                    rule="GJ-REVOLUTION",
                    reason="void",
                ),
            )
        return Outcome(
            evolve(st, revolution=s, rev_plays=3, live=st.live & ~bit(s)),
            None,
            effects=(f"seat {s} declares 革命 and sits out; seat {OPP[s]} gets three 够死级 plays",),
            unverified=unv,
        )

    def _waive(self, st: State, ev: Waive) -> Outcome:
        s = ev.seat
        if st.revolution == -1 or s != OPP[st.revolution]:
            return Outcome(
                st,
                "GJ-REVOLUTION",
                "只有革命者的对头可以放弃够死级",
                "only the revolutionary's 对头 may waive its 够死级 plays",
                reason="waive",
            )
        if st.waived or st.rev_plays == 0:
            return Outcome(
                st, "GJ-REVOLUTION", "够死级已用完或已放弃", "the 够死级 plays are spent or waived", reason="waive"
            )
        return Outcome(evolve(st, waived=True), None, effects=(f"seat {s} waives and is 无头",))

    def _previous(self) -> list[int] | None:
        prev = self.meta.get("previous") or {}
        order = prev.get("finish_order")
        return list(order) if order and len(order) == 6 else None

    def _tribute(self, st: State, ev: Tribute) -> Outcome:
        s, to, cards = ev.seat, ev.to, ev.cards
        if not self.profile.tribute:
            return Outcome(st, "GJ-TRIBUTE", "本规则不进贡", "this profile plays without tribute", reason="off")
        if st.phase != SETUP:
            return Outcome(st, "GJ-TRIBUTE", "进贡须在开牌前", "tribute is given before the first lead", reason="when")
        if any(c.rank < RANK_2 for c in cards):
            return Outcome(
                st,
                "GJ-TRIBUTE",
                "法定贡牌只有大花、小花、钱",
                f"tribute is jokers and 2s only, not {format_cards(cards)}",
                reason="cards",
            )
        prev = self._previous()
        unv: list[str] = []
        if prev is None:
            unv.append(f"tribute by seat {s}: the previous deal's finish order is not in the log")
        else:
            sweep = len({self.team(x) for x in prev[:3]}) == 1
            if sweep:
                if self.profile.tribute_after_sweep == "redeal":
                    return Outcome(
                        st,
                        "GJ-TRIBUTE",
                        "串三户后不进贡",
                        "after a 串三户 this profile gives no tribute",
                        reason="sweep",
                    )
                want = {x: (OPP[x], 1) for x in prev[3:]}
            else:
                want = {prev[5]: (prev[0], 2), prev[4]: (prev[1], 1)}
            if s not in want or want[s][0] != to:
                return Outcome(
                    st,
                    "GJ-TRIBUTE",
                    f"上局名次下座位{s}不应向座位{to}进贡",
                    f"by the previous finish order seat {s} owes no tribute to seat {to}",
                )
            given = sum(k for g, r, k in st.tributes if g == s and r == to and k > 0)
            if given + len(cards) > want[s][1]:
                return Outcome(
                    st, "GJ-TRIBUTE", f"座位{s}只应进贡{want[s][1]}张", f"seat {s} owes {want[s][1]} tribute card(s)"
                )
        hand = st.hands[s].remove(cards)
        if hand is None:
            return not_held(st, s, cards)
        low = min(c.rank for c in cards)
        higher = [r for r in (RANK_2, RANK_SJ, RANK_BJ) if r > low and hand.count_of(r) > 0]
        if higher:
            return Outcome(
                st,
                "GJ-TRIBUTE",
                "进贡须按牌点大小取大者",
                f"tribute must be the highest cards: seat {s} keeps a higher {Card.of(higher[-1])}",
                reason="cards",
            )
        if st.hands[s].unknown:
            unv.append(f"tribute by seat {s}: higher cards may hide among its unknown cards")
        return Outcome(self._pass_cards(st, s, to, cards, hand, (s, to, len(cards))), None, unverified=tuple(unv))

    def _return(self, st: State, ev: Return) -> Outcome:
        s, to, cards = ev.seat, ev.to, ev.cards
        if st.phase != SETUP:
            return Outcome(
                st, "GJ-TRIBUTE", "还贡须在开牌前", "cards are returned before the first lead", reason="when"
            )
        owed = sum(k for g, r, k in st.tributes if g == to and r == s)
        if len(cards) > owed:
            return Outcome(
                st,
                "GJ-TRIBUTE",
                f"座位{s}只欠座位{to} {owed} 张还贡",
                f"seat {s} owes seat {to} {owed} returned card(s), not {len(cards)}",
                reason="return",
            )
        hand = st.hands[s].remove(cards)
        if hand is None:
            return not_held(st, s, cards)
        return Outcome(self._pass_cards(st, s, to, cards, hand, (to, s, -len(cards))), None)

    def _refuse(self, st: State, ev: Refuse) -> Outcome:
        s, to, cards = ev.seat, ev.to, ev.cards
        if st.phase != SETUP:
            return Outcome(
                st,
                "GJ-TRIBUTE",
                "拒收还贡须在开牌前",
                "a returned card is refused before the first lead",
                reason="when",
            )
        returned = -sum(k for g, r, k in st.tributes if g == s and r == to and k < 0)
        if len(cards) > returned:
            return Outcome(
                st,
                "GJ-TRIBUTE",
                f"座位{to}没有还给座位{s}这些牌",
                f"seat {to} did not return these cards to seat {s}",
                reason="refuse",
            )
        hand = st.hands[s].remove(cards)
        if hand is None:
            return not_held(st, s, cards)
        for c in cards:
            if hand.count_of(c.rank) > 0:
                return Outcome(
                    st,
                    "GJ-TRIBUTE",
                    f"座位{s}有与还贡牌同点数的牌，不能拒收",
                    f"seat {s} holds another {Card.of(c.rank)}: it may not refuse the returned card",
                    reason="refuse",
                )
        return Outcome(self._pass_cards(st, s, to, cards, hand, (s, to, len(cards))), None)

    @staticmethod
    def _pass_cards(
        st: State, s: int, to: int, cards: tuple[Card, ...], hand: Hand, record: tuple[int, int, int]
    ) -> State:
        """Seat ``s`` (holding ``hand`` once the cards are gone) hands ``cards`` to seat ``to``; the
        tribute ledger gets ``record`` (giver, receiver, cards given - returned)."""
        hands = list(st.hands)
        hands[s], hands[to] = hand, hands[to].add(cards)
        return evolve(st, hands=tuple(hands), tributes=(*st.tributes, record))

    def first_leader(self, st: State) -> tuple[int, tuple[str, ...]]:
        """Who must lead the first round under GJ-FIRST-LEAD (-1: any, not checkable), and why not."""
        mode = self.profile.first_lead
        leader = -1
        unv: tuple[str, ...] = ()
        if mode == "liang3":
            if st.shows:
                best_seat, best = st.shows[0]
                for seat, k in st.shows[1:]:
                    if k > best:
                        best_seat, best = seat, k
                leader = best_seat
            else:
                unv = ("first lead: no 亮3 recorded; the first leader was not checked",)
        elif mode == "rotate":
            prev = (self.meta.get("previous") or {}).get("first_leader")
            if prev is not None:
                leader = (prev + 1) % 6
            elif self.meta.get("deal"):
                leader = (int(self.meta["deal"]) - 1) % 6
            else:
                unv = ("first lead: no deal number or previous first leader; not checked",)
        if leader != -1 and not st.active(leader):
            leader = st.next_active(leader)
        return leader, unv

    def _first_lead(self, st: State, s: int) -> Outcome | tuple[State, list[str], tuple[str, ...]]:
        """Check the first lead against GJ-FIRST-LEAD; return the state entering play."""
        mode = self.profile.first_lead
        leader, unv = self.first_leader(st)
        fx: list[str] = []
        if leader != -1 and s != leader:
            why = {"liang3": "亮3", "rotate": "轮换"}[mode]
            return Outcome(
                st,
                "GJ-FIRST-LEAD",
                f"首发应由座位{leader}（{why}），不是座位{s}",
                f"the first lead belongs to seat {leader} ({mode}), not seat {s}",
                reason="rotate" if mode == "rotate" else "",
            )
        fx.append(f"seat {s} leads the first round (上班)")
        return evolve(st, phase=PLAY, leader=s, to_act=s, first_leader=s), fx, unv

    # -- messages ---------------------------------------------------------------------------------

    def _out_of_turn(self, st: State, s: int) -> Outcome:
        o = st.owner
        t = OPP[o]
        who = st.to_act
        if st.let_only == o and s != t:
            return Outcome(
                st,
                "GJ-RANG",
                f"对让牌人顺的牌，唯有对头（座位{t}）才有上牌权",
                f"seat {o} played after its 让: only its 对头 (seat {t}) may answer",
                reason="after",
            )
        if st.dead_set:
            return Outcome(
                st,
                "GJ-DEADLEVEL",
                "够死级的牌只能被烧",
                f"seat {o}'s 够死级 set may only be burned; seat {s} may not burn it",
                reason="only-burn",
            )
        locked = st.locked >> s & 1
        if st.table_gouji and not st.chaos:
            if locked:
                return Outcome(
                    st,
                    "GJ-BURN",
                    f"座位{s}本轮已过牌，过牌不烧",
                    f"seat {s} passed in this round and may not burn (过牌不烧)",
                    reason="passed",
                )
            if self.headless(st, o) or self.headless(st, s):
                return Outcome(
                    st,
                    "GJ-HEADLESS",
                    f"无头时按顺序上牌，现在轮到座位{who}",
                    f"with a headless seat the set is answered in turn; seat {who} is to act",
                )
            if s == t:
                return Outcome(
                    st,
                    "TURN-ORDER",
                    f"还未轮到座位{s}，现在轮到座位{who}",
                    f"not seat {s}'s turn: seat {who} is to act",
                )
            block = self._burn_block(st, s) or ("", "")
            return Outcome(
                st,
                "GJ-GOUJI-ANSWER",
                f"够级牌只有对头（座位{t}）能上；{block[0]}",
                f"a 够级 set is answered only by its 对头 (seat {t}); {block[1]}",
            )
        if locked:
            if st.dead_round:
                return Outcome(
                    st,
                    "GJ-DEADLEVEL",
                    "头科、二科发底牌后，除对头外，过牌者在此轮中均不可再出牌",
                    f"after a 头科/二科 底牌, seat {s}, which passed, may not play again this round",
                    reason="passed",
                )
            if o == OPP[s] and not self.in_turn:
                return Outcome(
                    st,
                    "GJ-ANSWER-ORDER",
                    f"座位{s}已过牌，只能在最后作为扣牌人再出牌",
                    f"seat {s} passed: it may answer its 对头 only at the end, as the closer",
                    reason="at-kou",
                )
            return Outcome(
                st,
                "PASS-LOCK",
                f"座位{s}本轮已过牌，除对头牌外不能再出牌",
                f"seat {s} passed in this round and may not play again (except on its 对头's sets)",
            )
        if who == -1:
            return Outcome(st, "TURN-ORDER", f"现在不轮到座位{s}", f"not seat {s}'s turn")
        return Outcome(
            st, "TURN-ORDER", f"还未轮到座位{s}，现在轮到座位{who}", f"not seat {s}'s turn: seat {who} is to act"
        )

    # -- who may act --------------------------------------------------------------------------------

    def actors(self, st: State) -> dict[int, tuple[str, ...]]:
        """Each seat that may act now and how: play, pass, kou, rang, burn, jiefeng."""
        out: dict[int, tuple[str, ...]] = {}
        if st.terminal:
            return out
        if st.table is None:
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
        if not st.active(o):
            n = st.next_active(o)
            if n != -1 and not st.responded >> n & 1 and st.jiefeng != n:
                out[n] = (*out.get(n, ()), "jiefeng")
        return out

    def why(self, st: State, seat: int) -> tuple[str, str]:
        """Why a seat may act now (zh, en), for the table view and the dispute desk."""
        if st.table is None:
            if st.phase == SETUP:
                return ("首发（上班）", "leads the first round (上班)")
            lo = st.last_owner
            if lo != -1 and not st.active(lo):
                return (f"座位{lo}的底牌无人上：接风发牌", f"seat {lo}'s last set stood: it leads (接风)")
            return ("上一轮最后出牌：发牌", "won the last round: it leads")
        o, t = st.owner, OPP[st.owner]
        if st.window and seat == o:
            return ("够死级无人烧：可发牌", "nobody burned its 够死级 set: it leads next")
        if seat == st.to_act:
            if st.final:
                return (
                    f"座位{o}的对头、法定扣牌人：最后发言（上牌或扣牌）",
                    f"seat {o}'s 对头, the lawful closer: last word (answer or close)",
                )
            if seat == t:
                return (f"座位{o}的对头：轮到发言", f"seat {o}'s 对头: its turn to answer")
            if self.headless(st, o) or self.headless(st, seat):
                return ("无头：按顺序上牌", "headless: answers in turn")
            return ("按顺序轮到（循序渐进）", "its turn (in play order)")
        if seat in self.burners(st):
            return (f"可烧座位{o}的够级牌（烧牌优先）", f"may burn seat {o}'s 够级 set (烧牌优先)")
        if not st.active(o) and seat == st.next_active(o):
            return (f"可对座位{o}的底牌申请接风", f"may ask for 接风 on seat {o}'s last set")
        return ("", "")


Gouji.HANDLERS = {
    Play: Gouji._play,
    Burn: Gouji._play,
    Pass: Gouji._pass,
    Kou: Gouji._kou,
    Rang: Gouji._rang,
    Jiefeng: Gouji._jiefeng,
    Show: Gouji._show,
    Revolution: Gouji._revolution,
    Waive: Gouji._waive,
    Tribute: Gouji._tribute,
    Return: Gouji._return,
    Refuse: Gouji._refuse,
    Report: Gouji._report,
}
