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

from replay.climbing.state import OVER, PLAY, SETUP, bit, evolve
from replay.climbing.table import Climbing, Outcome, _cards, repeated
from replay.core.events import (
    Burn,
    Event,
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
from replay.core.said import said, seat_name
from replay.core.sets import make_set, why_not_beats
from replay.core.verdicts import Reading
from replay.engine import Engine, legal
from replay.games.gouji.cycle import BURNS, CLOSED_BY, OPP, ROUND_CLOSED, WINDOW_CLOSED, GoujiCycle, Why
from replay.games.gouji.score import gouji_finish_order
from replay.games.gouji.setup import GoujiSetup
from replay.games.gouji.state import GoujiState
from replay.score import place_words

__all__ = ["OPP", "Gouji", "GoujiCycle", "GoujiState", "Why"]

_step = Climbing.step  # the step of every climbing game (Gouji.step's events but its most frequent)


class Gouji(GoujiSetup):
    """The rules of 够级 for one deal under one profile (``meta`` gives deal number, previous deal)."""

    def step(self, st: GoujiState, ev: Event, owned: bool = False) -> Outcome[GoujiState]:
        """``Climbing.step``, its most frequent events ruled without its dispatch: a play in play (``_play``, its
        ruling worded as ``step`` words it) and a decline in turn (a pass, the 对头's 扣: ``_pass``'s and ``_kou``'s
        first case). tests/replay/climbing/test_fast_path.py holds it to ``Climbing.step`` on every seat's events. ``owned``
        (``judge``): ``st`` is the caller's own, and a lead, an answer or a decline in turn changes it in place and
        leaves the legal ruling's effects and reading out."""
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        if v["phase"] is PLAY:
            s = ev.seat
            if type(ev) is Play:
                if 0 <= s < 6:  # (n)
                    out = self._play(st, ev, owned)
                    return out if out.rule is None else self._worded(out, ev)
            elif (
                (type(ev) is Pass or type(ev) is Kou)
                and s == v["to_act"]
                and s >= 0
                and v["live"] >> s & 1
                and v["table"] is not None
                and not v["window"]
                and s != v["owner"]
            ):
                if type(ev) is Pass:
                    return self._decline(st, s, (), "pass", owned)
                if s == OPP[v["owner"]]:
                    return self._decline(st, s, (), "kou", owned)
        return _step(self, st, ev)

    def judge(self, st: GoujiState, ev: Event) -> Outcome[GoujiState]:
        """``Engine.judge``: ``step`` with ``st`` the caller's own (``owned``)."""
        return self.step(st, ev, True)

    def _play(self, st: GoujiState, ev: Play | Burn, owned: bool = False) -> Outcome[GoujiState]:
        s, cards = ev.seat, ev.cards
        explicit_burn = type(ev) is Burn  # (an event class is final)
        taken = self._take(st, s, cards)
        if isinstance(taken, Outcome):
            return taken
        cs, hand = taken
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        table = v["table"]
        if table is not None and not explicit_burn and s == v["to_act"] and not v["window"]:
            # the common case: an answer in turn
            why = why_not_beats(cs, table)
            if why is not None:
                return self._no_beat(st, why, cs, *_cards(cards))
            if owned:  # (see step)
                return legal(self._put(st, s, cs, cards, hand, False, words=False, owned=True)[0])
            new, fx = self._put(st, s, cs, cards, hand, False)
            out = legal(new, tuple(fx))
            if new.failed is not v["failed"] or new.phase == OVER:
                return self._read(st, new, s, out)
            return out
        effects: list[str] = []
        unv: tuple[str, ...] = ()
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
            if owned and not effects and not unv:  # a lead in play (see step)
                return legal(self._put(st, s, cs, cards, hand, False, words=False, owned=True)[0])
            new, fx = self._put(st, s, cs, cards, hand, False)
            return self._read(st, new, s, Outcome(new, None, "", "", tuple(effects + fx), unv))
        if st.window and s == st.owner and not explicit_burn:
            closed = self._close(st)
            effects.append(WINDOW_CLOSED)
            new, fx = self._put(closed, s, cs, cards, hand, burn=False)
            lead = Reading(
                "lead-after-window",
                f"无人烧{seat_name(s)}的够死级牌：本轮结束，{seat_name(s)}的这手牌是新一轮的发牌",
                f"nobody burned {seat_name(s, en=True)}'s 够死级 set: the round closes and this play leads the next round",
                rule="GJ-DEADLEVEL",
                reason="leads",
            )
            return self._read(st, new, s, Outcome(new, None, effects=tuple(effects + fx), reading=lead))
        o = st.owner
        if s == o:
            t = OPP[o]
            who = f"{seat_name(st.to_act, en=True)}" if st.to_act != -1 else f"its 对头 ({seat_name(t, en=True)})"
            return Outcome(
                st,
                "GJ-KOU",
                f"{seat_name(s)}在本轮未扣牌前重新发牌",
                f"{seat_name(s, en=True)} leads again before the round was closed; {who} has yet to act",
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
                    f"{seat_name(s)}不能烧牌：{block[0]}",
                    f"{seat_name(s, en=True)} may not burn: {block[1]}",
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
                    "GJ-GOUJI-ANSWER",
                    f"够级牌只有对头（{seat_name(t)}）才有资格上牌：{seat_name(s)}不是{seat_name(o)}的对头，不轮到它却在这套够级牌上出牌",
                    f"only the 对头 may answer a 够级 set: {seat_name(s, en=True)} is not {seat_name(o, en=True)}'s 对头 ({seat_name(t, en=True)}) "
                    "and plays over it out of turn",
                    reading=Reading(
                        "undeclared-burn",
                        f"若{seat_name(s)}是在烧牌：烧牌须宣告，记录未写“烧”；本规则（undeclared_burn = illegal）不把未宣告的出牌读作烧牌",
                        f"were {seat_name(s, en=True)} burning: a burn is declared (宣告烧牌) and the log does not say burn; "
                        "this profile (undeclared_burn = illegal) reads only a logged burn as one",
                        rule="GJ-BURN",
                        reason="undeclared",
                    ),
                    reason="undeclared",
                )
            burn = True
            reading = Reading(
                "play-as-burn",
                f"出牌读作烧牌：{seat_name(s)}不是{seat_name(o)}的对头（{seat_name(t)}），不轮到它却在这套够级牌上出牌，记录未写“烧”",
                f"play read as a burn (烧牌): {seat_name(s, en=True)} is not {seat_name(o, en=True)}'s 对头 ({seat_name(t, en=True)}) and plays over its 够级 set "
                "out of turn; the log does not say burn",
                rule="GJ-BURN",
                reason="burn",
            )
        else:
            return self._out_of_turn(st, s)
        new, fx = self._put(st, s, cs, cards, hand, burn=burn)
        if burn:
            fx.insert(0, BURNS[s])
        return self._read(st, new, s, Outcome(new, None, effects=tuple(effects + fx), reading=reading))

    def _read(self, before: GoujiState, after: GoujiState, s: int, out: Outcome[GoujiState]) -> Outcome[GoujiState]:
        """A legal play's outcome with the reading of what the log leaves open: a failed burn, the
        revolutionary's place when the deal ends."""
        if len(after.failed) > len(before.failed):
            if self.profile.burn_fail == "dalao":
                k = len(after.failed)
                place = {1: ("大落", "last"), 2: ("二落", "5th")}.get(k, ("", ""))
                then = (f"按本规则（burn_fail = dalao）{seat_name(s)}记为{place[0]}" if place[0] else "",
                        f"under burn_fail = dalao {seat_name(s, en=True)} takes the {place[1]} place" if place[1] else "")  # fmt: skip
            else:
                then = (
                    "本规则（burn_fail = flag）只作标记，名次不变",
                    "under burn_fail = flag it is flagged only: places stand",
                )
            return out._replace(
                reading=Reading(
                    "failed-burn",
                    f"烧牌失败：{seat_name(s)}烧牌后出了一手不挂花的牌，手中还有牌；{then[0]}",
                    f"a failed burn: {seat_name(s, en=True)}, bound by its burn, plays a set with no joker and still holds cards; "
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
                    f"本局结束：革命者{seat_name(v)}记为{place_words(k, 6)[0]}",
                    f"the deal is over: {seat_name(v, en=True)}, which declared 革命, is ranked {place_words(k, 6)[1]} "
                    f"({place_words(k, 6)[0]})",
                    rule="GJ-REVOLUTION",
                    reason="place",
                )
            )
        return out

    # -- declines ---------------------------------------------------------------------------------

    def _decline(
        self, st: GoujiState, s: int, fx: tuple[str, ...] = (), written: str = "pass", owned: bool = False
    ) -> Outcome[GoujiState]:
        """Seat ``s``, to act, declines the table set (``written``: as the log wrote it, pass or kou; ``owned``: see
        ``step``)."""
        if owned:
            return legal(self._declined(st, s, True))
        # _declined(st, s), inline (every decline; test_fast_path holds advance's, which calls it, to step's)
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        if v["final"]:
            new = self._close(st)
            fx = (*fx, CLOSED_BY[s])
            return legal(new, fx, self._closing(st, new, s, written))
        one = 1 << s
        lock = 0 if (v["chaos"] and self.chaos_free) else one
        new = self._advance(st, v["responded"] | one, v["locked"] | lock, s, v["let_seat"])
        if new.table is None:
            fx = (*fx, ROUND_CLOSED)
            return legal(new, fx, self._closing(st, new, s, written))
        return legal(new, fx)

    def _declined(self, st: GoujiState, s: int, owned: bool = False) -> GoujiState:
        """The table after seat ``s``, to act, declines the set: the round closes on the closer's 扣, else
        the seat is locked (not in 四人乱缠 under ``chaos_free``) and the cycle goes on."""
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        if v["final"]:
            return self._close(st, owned)
        one = 1 << s  # bit(s), without a call (every decline)
        lock = 0 if (v["chaos"] and self.chaos_free) else one
        return self._advance(st, v["responded"] | one, v["locked"] | lock, s, v["let_seat"], owned)

    def advance(self, st: GoujiState, ev: Event, owned: bool = False) -> GoujiState:
        """The state after ``ev``, known to be legal in ``st``: ``step(st, ev).state``, the frequent events of
        a rollout (a lead, an answer in turn, a decline in turn) without the checks and the ruling's words, in
        ``st`` itself when the caller owns it (``owned``, see ``Engine.advance``); any other event through
        ``step``."""
        kind = type(ev)
        s = ev.seat
        table = st.table
        if kind is Play and (
            (table is None and st.phase == PLAY) or (table is not None and s == st.to_act and not st.window)
        ):
            cards = ev.cards
            hand = st.hands[s].remove(cards)
            if hand is not None:
                cs = make_set(cards, self.twos_attach)
                return self._put(st, s, cs, cards, hand, False, False, owned)[0]  # not a burn, no words, owned
        elif (kind is Pass or kind is Kou) and table is not None and s == st.to_act and not st.window and s != st.owner:
            return self._declined(st, s, owned)
        return self.step(st, ev).state

    def _pass(self, st: GoujiState, ev: Pass) -> Outcome[GoujiState]:
        s = ev.seat
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        if not v["live"] >> s & 1:  # not st.active(s)
            return self._inactive(st, s)
        if v["table"] is None:
            return self._pass_on_empty_table(st, s)
        if s == v["owner"]:
            return self._own_set(st, s)
        if s == v["to_act"] and not v["window"]:
            return self._decline(st, s)
        if st.locked >> s & 1 or st.responded >> s & 1:
            return repeated(
                st,
                f"{seat_name(s)}本轮已过牌：再说过牌只是重复，不改变什么",
                f"{seat_name(s, en=True)} already passed in this round: saying it again changes nothing",
                "PASS-LOCK",
                said(f"{seat_name(s)}已经过过牌", f"{seat_name(s, en=True)} had already passed"),
            )
        if st.table_gouji and not st.chaos and self._burn_block(st, s) is None:
            nxt = evolve(st, locked=st.locked | bit(s))
            fx: tuple[str, ...] = (said(f"{seat_name(s)}不烧", f"{seat_name(s, en=True)} declines to burn"),)
            reading = Reading(
                "declined-burn",
                f"{seat_name(s)}可以烧{seat_name(st.owner)}的够级牌，它过牌即不烧，本轮算已过牌（过牌不烧）",
                f"{seat_name(s, en=True)} could burn {seat_name(st.owner, en=True)}'s 够级 set: its pass declines the burn and counts as its pass "
                "in this round (过牌不烧)",
                rule="GJ-BURN",
                reason="passed",
            )
            if st.window and not self.burners(nxt):
                return Outcome(self._close(nxt), None, effects=(*fx, ROUND_CLOSED), reading=reading)
            return Outcome(nxt, None, effects=fx, reading=reading)
        if self._turn_to_come(st, s):
            who = st.to_act
            return Outcome(
                st,
                "TURN-ORDER",
                f"{seat_name(s)}抢先过牌：现在轮到{seat_name(who)}，不得越、抢",
                f"{seat_name(s, en=True)} passes before its turn: {seat_name(who, en=True)} is to act (no skipping ahead)",
            )
        why_zh, why_en = self._nothing_to_answer(st, s)
        lock = 0 if (st.chaos and self.chaos_free) else bit(s)
        return Outcome(
            evolve(st, locked=st.locked | lock),
            None,
            reading=Reading(
                "nothing-to-answer",
                f"{why_zh}；{seat_name(s)}的过牌不改变牌局，本轮算已过牌",
                f"{why_en}; {seat_name(s, en=True)}'s pass changes nothing at the table and counts as its pass in this round",
                rule="GJ-GOUJI-ANSWER",
            ),
        )

    def _kou(self, st: GoujiState, ev: Kou) -> Outcome[GoujiState]:
        s = ev.seat
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        if not v["live"] >> s & 1:  # not st.active(s)
            return self._inactive(st, s)
        if v["table"] is None:
            if s == v["closer"]:
                return Outcome(
                    st,
                    None,
                    effects=(
                        said(
                            f"{seat_name(s)}确认本轮结束（扣牌）", f"{seat_name(s, en=True)} confirms the close (扣牌)"
                        ),
                    ),
                    reading=Reading(
                        "confirming-kou",
                        f"本轮已结束：{seat_name(s)}的扣牌是确认，不改变什么",
                        f"the round already closed: {seat_name(s, en=True)}'s 扣 confirms it and changes nothing",
                        rule="GJ-KOU",
                    ),
                )
            return self._nothing_on_table(st, s, "kou")
        if v["window"]:  # only burns may still come: a kou here is a decline like a pass
            return self._pass(st, Pass(s))
        o = v["owner"]
        t = OPP[o]
        if s != t:
            if s == v["to_act"] and not v["live"] >> t & 1:  # the 对头 is out
                out = self._decline(st, s, (), "kou")
                return out._replace(
                    reading=Reading(
                        "kou-as-pass",
                        f"{seat_name(o)}的对头已出完，没有法定扣牌人：{seat_name(s)}的扣牌读作过牌",
                        f"{seat_name(o, en=True)}'s 对头 is out, so there is no lawful closer: {seat_name(s, en=True)}'s 扣 is read as its pass",
                        rule="GJ-KOU",
                        reason="no-closer",
                    )
                )
            return Outcome(
                st,
                "GJ-OPPOSITE",
                f"只有{seat_name(o)}的对头（{seat_name(t)}）是法定扣牌人，{seat_name(s)}不能扣牌",
                f"only {seat_name(o, en=True)}'s 对头 ({seat_name(t, en=True)}) may close the round; {seat_name(s, en=True)} may not",
                reason="kou",
            )
        if s == v["to_act"]:  # (not in the window: see above)
            return self._decline(st, s, (), "kou")
        if st.responded >> s & 1:
            return repeated(
                st,
                f"{seat_name(s)}已对这套牌表态：再扣只是重复，不改变什么",
                f"{seat_name(s, en=True)} already declined this set: its 扣 repeats it and changes nothing",
                "PASS-LOCK",
                said(f"{seat_name(s)}已经表过态", f"{seat_name(s, en=True)} had already declined"),
            )
        return self._out_of_turn(st, s)

    def _rang(self, st: GoujiState, ev: Rang) -> Outcome[GoujiState]:
        s = ev.seat
        if not st.active(s):
            return self._inactive(st, s)
        if st.chaos and self.chaos_free:
            return Outcome(st, "GJ-CHAOS", "四人乱缠中不能让牌", "no 让 in 四人乱缠")
        if st.table is None:
            return self._nothing_on_table(st, s, "rang")
        o = st.owner
        if s != OPP[o]:
            return Outcome(
                st,
                "GJ-RANG",
                f"只有{seat_name(o)}的对头可以让牌",
                f"only {seat_name(o, en=True)}'s 对头 may 让 on its set",
            )
        if s != st.to_act or st.window:
            return Outcome(
                st,
                "GJ-RANG",
                f"{seat_name(s)}此时不能让牌：还未轮到它",
                f"{seat_name(s, en=True)} may not 让 now: it is not its turn",
            )
        if st.final or st.let_seat != -1:
            return Outcome(
                st,
                "GJ-RANG",
                "让牌只能在上两家过牌后、轮到自己时宣告一次",
                "a 让 is declared once, in turn, after the two seats before passed",
            )
        new = self._advance(st, st.responded, st.locked, s, s)
        return Outcome(
            new,
            None,
            effects=(
                said(
                    f"{seat_name(s)}让下两家先表态（让牌）",
                    f"{seat_name(s, en=True)} lets the next two seats act first (让牌)",
                ),
            ),
        )

    def _report(self, st: GoujiState, ev: Report) -> Outcome[GoujiState]:
        """GJ-REPORT: a seat that reports (报牌) must say the count it holds."""
        s = ev.seat
        if not st.active(s):
            return self._inactive(st, s)
        held = st.hands[s].size
        if ev.count != held:
            return Outcome(
                st,
                "GJ-REPORT",
                f"{seat_name(s)}报{ev.count}张，实有{held}张",
                f"{seat_name(s, en=True)} reports {ev.count} cards but holds {held}",
            )
        return Outcome(st, None)

    # -- messages ---------------------------------------------------------------------------------

    def _out_of_turn(self, st: GoujiState, s: int) -> Outcome[GoujiState]:
        o = st.owner
        t = OPP[o]
        who = st.to_act
        if st.let_only == o and s != t:
            return Outcome(
                st,
                "GJ-RANG",
                f"对让牌人顺的牌，唯有对头（{seat_name(t)}）才有上牌权",
                f"{seat_name(o, en=True)} played after its 让: only its 对头 ({seat_name(t, en=True)}) may answer",
                reason="after",
            )
        if st.dead_set:
            return Outcome(
                st,
                "GJ-DEADLEVEL",
                "够死级的牌只能被烧",
                f"{seat_name(o, en=True)}'s 够死级 set may only be burned; {seat_name(s, en=True)} may not burn it",
                reason="only-burn",
            )
        locked = st.locked >> s & 1
        if st.table_gouji and not st.chaos:
            if locked:
                return Outcome(
                    st,
                    "GJ-BURN",
                    f"{seat_name(s)}本轮已过牌，过牌不烧",
                    f"{seat_name(s, en=True)} passed in this round and may not burn (过牌不烧)",
                    reason="passed",
                )
            if self.headless(st, o) or self.headless(st, s):
                return Outcome(
                    st,
                    "GJ-HEADLESS",
                    f"无头时按顺序上牌，现在轮到{seat_name(who)}",
                    f"with a headless seat the set is answered in turn; {seat_name(who, en=True)} is to act",
                )
            if s == t:
                return Outcome(
                    st,
                    "TURN-ORDER",
                    f"还未轮到{seat_name(s)}，现在轮到{seat_name(who)}",
                    f"not {seat_name(s, en=True)}'s turn: {seat_name(who, en=True)} is to act",
                )
            block = self._burn_block(st, s) or ("", "")
            return Outcome(
                st,
                "GJ-GOUJI-ANSWER",
                f"够级牌只有对头（{seat_name(t)}）能上；{block[0]}",
                f"a 够级 set is answered only by its 对头 ({seat_name(t, en=True)}); {block[1]}",
            )
        if locked:
            if st.dead_round:
                return Outcome(
                    st,
                    "GJ-DEADLEVEL",
                    "头科、二科发底牌后，除对头外，过牌者在此轮中均不可再出牌",
                    f"after a 头科/二科 底牌, {seat_name(s, en=True)}, which passed, may not play again this round",
                    reason="passed",
                )
            if o == OPP[s] and not self.in_turn:
                return Outcome(
                    st,
                    "GJ-ANSWER-ORDER",
                    f"{seat_name(s)}已过牌，只能在最后作为扣牌人再出牌",
                    f"{seat_name(s, en=True)} passed: it may answer its 对头 only at the end, as the closer",
                    reason="at-kou",
                )
            return Outcome(
                st,
                "PASS-LOCK",
                f"{seat_name(s)}本轮已过牌，除对头牌外不能再出牌",
                f"{seat_name(s, en=True)} passed in this round and may not play again (except on its 对头's sets)",
            )
        if who == -1:
            return Outcome(st, "TURN-ORDER", f"现在不轮到{seat_name(s)}", f"not {seat_name(s, en=True)}'s turn")
        return self._not_its_turn(st, s)

    # -- who may act --------------------------------------------------------------------------------


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

_check: type[Engine[GoujiState]] = Gouji  # 够级's engine has the typed interface (checked by mypy)
