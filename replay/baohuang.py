"""保皇 (Baohuang): the bidding for 皇帝, the roles, play in two laps, and who knew what (RULES.md §4).

Five seats in play order, four decks. The seat dealt the marked big joker calls (叫庄) with 3 or 4
identical cards, or yields it to its 上家 (让庄); anyone may grab it (抢庄); when all five declined,
the first seat clockwise from the start holding exactly three identical cards must call (逼庄), and
if none does the deal is void (黄庄). The 皇帝 leads; everyone may answer every set; a pass declines
the set for both laps over it, a 让 in the first lap keeps the second lap open to the seat.

Readings where the seeds are silent (docs/rules-as-implemented.md says more):
- The marked joker is a card: 让庄 moves it to the 上家's hand, 抢庄 to the grabber's, and a forced
  call (逼庄) moves it to the forced caller.
- The 保皇派 is the seat holding the remaining copy of the called card; when the 皇帝 holds all four
  it plays alone (独保). Everyone learns who the 保皇派 is at 明保 or when it plays the called card.
- 明保 / 明独 are declared after the call and before the first lead.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from replay.cards import RANK_2, RANK_BJ, Card, format_cards
from replay.climbing import Climbing, Outcome, _cards, not_held, repeated
from replay.events import Call, Event, Grab, Jiefeng, Kou, Pass, Play, Rang, Reveal, Yield
from replay.hand import Hand
from replay.sets import CardSet, SetFormError, why_not_beats
from replay.state import OVER, PLAY, SETUP, VOID, State, bit, close_round, evolve, put_set, with_turn
from replay.verdicts import Reading

BJ = Card.of(RANK_BJ)
ROLE_ZH = {"emperor": "皇帝", "loyalist": "保皇派", "rebel": "革命党", "solo": "皇帝（独保）"}


class Baohuang(Climbing):
    """The rules of 保皇 for one deal under one profile."""

    game = "baohuang"
    game_zh = "保皇"
    n = 5
    decks = 4
    void_reason = ("BH-VOID", "", "黄庄：无人叫庄，本局作废，重新发牌", "黄庄: nobody called; the deal is void, redeal")
    confirm_rule = ("BH-PASS", "")

    def __init__(self, profile: Any, meta: Mapping[str, Any] | None = None) -> None:
        super().__init__(profile, meta)
        self.force_from_marked = profile.options["force_from"] == "marked"

    # -- the deal ---------------------------------------------------------------------------------

    def initial(self, hands: Any, extra: Mapping[str, Any] | None = None) -> State:
        """The state as dealt; ``extra`` gives the seat dealt the marked joker and a named 保皇派."""
        st = super().initial(hands)
        extra = extra or {}
        marked = extra.get("marked")
        loyalist = extra.get("loyalist")
        return evolve(
            st,
            marked=-1 if marked is None else marked,
            to_act=-1 if marked is None else marked,
            loyalist=-1 if loyalist is None else loyalist,
        )

    def _deal_sizes(self, hands: tuple[tuple[Card | None, ...] | None, ...]) -> list[tuple[str, int | None, str, str]]:
        """BH-DEAL: the whole deck dealt out, the hands differing by at most one card."""
        sizes = [len(h) for h in hands if h is not None]
        out: list[tuple[str, int | None, str, str]] = []
        total = sum(self.hand_sizes())
        if len(sizes) == self.n and sum(sizes) != total:
            out.append(
                (
                    "BH-DEAL",
                    None,
                    f"共发{sum(sizes)}张，应为{total}张",
                    f"{sum(sizes)} cards dealt; the deck has {total}",
                )
            )
        if sizes and max(sizes) - min(sizes) > 1:
            out.append(
                ("BH-DEAL", None, f"各家牌数 {sizes} 相差超过一张", f"hand sizes {sizes} differ by more than one")
            )
        return out

    def roles_view(self, st: State) -> dict[str, Any] | None:
        """保皇 roles: the truth, and what each seat knew (the hidden 保皇派 hidden from the others)."""
        return {
            "truth": {str(s): r for s, r in self.roles(st).items()},
            "known_to": {str(v): {str(s): r for s, r in self.roles_known_to(st, v).items()} for v in range(st.n)},
            "called": None if st.called is None else st.called.token,
            "marked": st.marked if st.marked != -1 else None,
            "revealed": st.open_loyal or st.open_solo,
            "second_lap": st.final and st.table is not None,
        }

    def check_start(self, st: State) -> list[tuple[str, int | None, str, str]]:
        """The marked joker's seat against the hands (BH-DEAL)."""
        return self.check_marked(st)

    def check_marked(self, st: State) -> list[tuple[str, int | None, str, str]]:
        """BH-DEAL: the seat said to be dealt the marked big joker must hold a big joker."""
        s = st.marked
        if s == -1:
            return []
        if st.hands[s].fully_known and BJ not in st.hands[s].known_cards():
            return [
                (
                    "BH-DEAL",
                    s,
                    f"座位{s}没有大王，不可能拿到特殊标记的大王",
                    f"seat {s} holds no big joker: it cannot have been dealt the marked one",
                )
            ]
        return []

    # -- roles ------------------------------------------------------------------------------------

    def roles(self, st: State) -> dict[int, str | None]:
        """The truth: each seat's role (None while unknown)."""
        out: dict[int, str | None] = dict.fromkeys(range(self.n))
        if st.emperor == -1:
            return out
        if st.grab or st.solo or st.loyalist != -1:
            for s in range(self.n):
                out[s] = "rebel"
        out[st.emperor] = "solo" if st.solo else "emperor"
        if st.loyalist not in (-1, st.emperor) and not st.grab:
            out[st.loyalist] = "loyalist"
        return out

    def roles_known_to(self, st: State, viewer: int) -> dict[int, str | None]:
        """Each seat's role as ``viewer`` knew it (the hidden 保皇派 stays hidden from the others)."""
        truth = self.roles(st)
        if st.emperor == -1:
            return truth
        knows_all = (
            st.grab
            or st.loyal_public
            or st.open_solo
            or (viewer == st.loyalist and st.loyalist != -1)
            or (viewer == st.emperor and st.solo)
        )
        if knows_all:
            return truth
        out: dict[int, str | None] = dict.fromkeys(range(self.n))
        out[st.emperor] = "emperor"
        if truth[viewer] is not None:  # every seat knows its own role: it holds the called card or not
            out[viewer] = truth[viewer]
        return out

    # -- the answer cycle: two laps -----------------------------------------------------------------

    def _advance(self, st: State, responded: int, lets: int, cursor: int, second: bool) -> State:
        """Who acts next on the table set: in the first lap every seat that has not passed or let,
        in the second lap the seats that let; after that the round closes (BH-KOU)."""
        o, n, live = st.owner, self.n, st.live
        for k in range((cursor - o) % n + 1, n):
            s = (o + k) % n
            if not live >> s & 1 or responded >> s & 1:
                continue
            if (not second and not lets >> s & 1) or (second and lets >> s & 1):
                st = with_turn(st, s, second, False, responded, st.locked, cursor, -1)
                return evolve(st, lets=lets) if lets != st.lets else st
        if not second and lets & ~responded:
            return self._advance(evolve(st, lets=lets), responded, lets, o, True)
        return self._close(st)

    def _close(self, st: State) -> State:
        o = st.owner
        leader = o if st.active(o) else st.next_active(o)
        return close_round(st, leader, False, 0, -1)

    def _quiet_decline(self, st: State, s: int) -> State:
        if st.to_act != s:
            return evolve(st, responded=st.responded | bit(s))
        return self._advance(st, st.responded | bit(s), st.lets, s, st.final)

    # -- bidding ----------------------------------------------------------------------------------

    def forced_order(self, st: State) -> list[int]:
        """逼庄: the seats in the order they are asked, clockwise from the start seat."""
        start = st.marked if self.force_from_marked and st.marked != -1 else 0
        return [(start - k) % self.n for k in range(self.n)]

    def triples(self, hand: Hand) -> list[Card] | None:
        """The cards the hand holds exactly three copies of (None when unknown cards hide some)."""
        counts: dict[Card, int] = {}
        for c in hand.known_cards():
            counts[c] = counts.get(c, 0) + 1
        if hand.size > len(hand.known_cards()) or any(c.suitless for c in counts):
            return None
        return [c for c, k in counts.items() if k == 3]

    def _bidding_over(self, st: State) -> bool:
        return st.emperor != -1

    @staticmethod
    def _holder_only(st: State, rule: str, verb_zh: str, verb_en: str) -> Outcome:
        """The ruling on a bid that only the holder of the marked big joker may make."""
        return Outcome(
            st,
            rule,
            f"只有持特殊标记大王的座位{st.marked}可以{verb_zh}",
            f"only seat {st.marked}, holding the marked big joker, may {verb_en}",
        )

    def _call(self, st: State, ev: Call) -> Outcome:
        s, cards = ev.seat, ev.cards
        if st.phase != SETUP or self._bidding_over(st):
            return Outcome(st, "BH-CALL", "已有皇帝，不能再叫庄", "the 皇帝 is already chosen", reason="chosen")
        first = cards[0]
        same = all(c is first for c in cards)
        if len(cards) not in (3, 4) or not same:
            return Outcome(
                st,
                "BH-CALL",
                "叫庄需要 3 张或 4 张同点数同花色的牌",
                f"a call needs 3 or 4 identical cards (same rank and suit), not {format_cards(cards)}",
            )
        if st.forced == -1 and st.marked != -1 and s != st.marked:
            return self._holder_only(st, "BH-CALL", "叫庄", "call")
        hand = st.hands[s].remove(cards)
        if hand is None:
            return not_held(st, s, cards)
        unv: list[str] = []
        if first.suitless:
            unv.append(f"call by seat {s}: the suits of {format_cards(cards)} were not recorded")
        hands = st.hands
        fx: list[str] = []
        if st.forced != -1:
            order = self.forced_order(st)
            pos = order.index(s)
            if pos < st.forced:
                return Outcome(st, "BH-FORCE", f"座位{s}已放过逼庄", f"seat {s} was already asked in the forced round")
            for earlier in order[st.forced : pos]:
                trip = self.triples(st.hands[earlier])
                if trip:
                    return Outcome(
                        st,
                        "BH-FORCE",
                        f"座位{earlier}有三张同样的牌（{trip[0].zh()}），应由它被逼叫庄",
                        f"seat {earlier} holds exactly three {trip[0]}: it must be forced to call first",
                    )
                if trip is None:
                    unv.append(f"逼庄: seat {earlier}'s hand is not fully known")
            held = st.hands[s].known_cards().count(first) if st.hands[s].fully_known else 3
            if len(cards) != 3 or held != 3:
                return Outcome(
                    st,
                    "BH-FORCE",
                    "逼庄须以恰好三张同样的牌叫庄",
                    "a forced call is made with exactly three identical cards",
                )
            if st.marked != -1 and st.marked != s:
                hands = self._move_marked(hands, st.marked, s)
                if hands is None:
                    return not_held(st, st.marked, (BJ,))
            fx.append(f"seat {s} is forced to call (逼庄)")
        elif st.marked != -1 and s != st.marked:
            return Outcome(
                st,
                "BH-CALL",
                f"只有持特殊标记大王的座位{st.marked}可以叫庄",
                f"only seat {st.marked}, holding the marked big joker, may call",
            )
        elif st.marked == -1:
            unv.append("call: the seat dealt the marked big joker is not recorded")
        loyalist, solo = self._find_loyalist(st, s, first, len(cards), hands)
        if loyalist == -1 and not solo:
            unv.append("the 保皇派 cannot be found: the hands are not fully known")
        new = evolve(
            st,
            hands=hands,
            emperor=s,
            called=first,
            solo=solo,
            loyalist=s if solo else loyalist,
            marked=s,
            to_act=s,
            leader=s,
            forced=-1,
        )
        fx.append(f"seat {s} calls with {format_cards(cards)} and is 皇帝" + (" playing alone (独保)" if solo else ""))
        return Outcome(new, None, effects=tuple(fx), unverified=tuple(unv))

    def _find_loyalist(
        self, st: State, emperor: int, card: Card, shown: int, hands: tuple[Hand, ...]
    ) -> tuple[int, bool]:
        """(保皇派, 独保): the seat holding the remaining copy of the called card."""
        if shown == 4:
            return emperor, True
        if st.loyalist != -1:  # named by the record
            return st.loyalist, st.loyalist == emperor
        if card.suitless:
            return -1, False
        own = hands[emperor].known_cards().count(card)
        if own >= 4:
            return emperor, True
        # three copies are shown, so the one known elsewhere is the fourth: its holder is the 保皇派
        others = [s for s, h in enumerate(hands) if s != emperor and card in h.known_cards()]
        if len(others) == 1:
            return others[0], False
        return -1, False

    def _move_marked(self, hands: tuple[Hand, ...], src: int, dst: int) -> tuple[Hand, ...] | None:
        taken = hands[src].remove((BJ,))
        if taken is None:
            return None
        out = list(hands)
        out[src], out[dst] = taken, hands[dst].add((BJ,))
        return tuple(out)

    def _yield(self, st: State, ev: Yield) -> Outcome:
        s = ev.seat
        if st.phase != SETUP or self._bidding_over(st) or st.forced != -1:
            return Outcome(st, "BH-YIELD", "此时不能让庄", "no 让庄 now: the bidding is over or in its forced round")
        if st.marked != -1 and s != st.marked:
            return self._holder_only(st, "BH-YIELD", "让庄", "yield it")
        to = (s - 1) % self.n
        hands = st.hands
        unv: tuple[str, ...] = ()
        if st.marked != -1:
            moved = self._move_marked(hands, s, to)
            if moved is None:
                return not_held(st, s, (BJ,))
            hands = moved
        else:
            unv = ("让庄: the seat dealt the marked big joker is not recorded",)
        yields = st.yields + 1
        fx = [f"seat {s} yields the marked big joker to seat {to} (让庄)"]
        if yields < self.n:
            new = evolve(st, hands=hands, marked=to, to_act=to, yields=yields)
            return Outcome(new, None, effects=tuple(fx), unverified=unv)
        new = evolve(st, hands=hands, marked=to, yields=yields, forced=0)
        fx.append("all five declined: 逼庄")
        if all(self.triples(h) == [] for h in hands):
            fx.append("nobody holds exactly three identical cards: 黄庄, the deal is void")
            return Outcome(evolve(new, phase=VOID, to_act=-1), None, effects=tuple(fx), unverified=unv)
        return Outcome(self._next_forced(new, fx), None, effects=tuple(fx), unverified=unv)

    def _next_forced(self, st: State, fx: list[str]) -> State:
        """Set who is asked next in the forced round, or void the deal when no one is left."""
        order = self.forced_order(st)
        if st.forced >= len(order):
            fx.append("nobody holds exactly three identical cards: 黄庄, the deal is void")
            return evolve(st, phase=VOID, to_act=-1)
        return evolve(st, to_act=order[st.forced])

    def _forced_pass(self, st: State, s: int) -> Outcome:
        order = self.forced_order(st)
        if s in order[: st.forced]:
            return repeated(
                st,
                f"逼庄已问过座位{s}，它已过：再说过牌不改变什么",
                f"the forced round already asked seat {s}, which passed: saying it again changes nothing",
                "BH-FORCE",
            )
        if s != order[st.forced]:
            return Outcome(
                st,
                "BH-FORCE",
                f"逼庄现在问座位{order[st.forced]}",
                f"the forced round asks seat {order[st.forced]} now",
            )
        trip = self.triples(st.hands[s])
        if trip:
            return Outcome(
                st,
                "BH-FORCE",
                f"座位{s}有三张同样的牌（{trip[0].zh()}），必须叫庄",
                f"seat {s} holds exactly three {trip[0]}: it must call",
            )
        unv = (f"逼庄: seat {s}'s hand is not fully known",) if trip is None else ()
        fx: list[str] = [f"seat {s} has no three identical cards"]
        new = self._next_forced(evolve(st, forced=st.forced + 1), fx)
        checked = (
            ("（手牌不全，未能核实）", " (its hand is not fully known: not checked)") if trip is None else ("", "")
        )
        reading = Reading(
            "forced-pass",
            f"逼庄中的过牌：座位{s}表示手中没有恰好三张同点同花色的牌，不必叫庄{checked[0]}",
            f"a pass in the forced round (逼庄): seat {s} says it holds no card exactly three times, so it need not "
            f"call{checked[1]}",
            rule="BH-FORCE",
        )
        return Outcome(new, None, effects=tuple(fx), unverified=unv, reading=reading)

    def _grab(self, st: State, ev: Grab) -> Outcome:
        s = ev.seat
        if st.phase != SETUP or self._bidding_over(st):
            return Outcome(st, "BH-GRAB", "已有皇帝，不能再抢庄", "the 皇帝 is already chosen: no 抢庄")
        hands = st.hands
        unv: tuple[str, ...] = ()
        if st.marked != -1 and st.marked != s:
            moved = self._move_marked(hands, st.marked, s)
            if moved is None:
                return not_held(st, st.marked, (BJ,))
            hands = moved
        elif st.marked == -1:
            unv = ("抢庄: the seat dealt the marked big joker is not recorded",)
        new = evolve(st, hands=hands, emperor=s, grab=True, loyalist=-1, marked=s, to_act=s, leader=s, forced=-1)
        return Outcome(
            new, None, effects=(f"seat {s} grabs the marked big joker (抢庄): 皇帝 with no 保皇派",), unverified=unv
        )

    def _reveal(self, st: State, ev: Reveal) -> Outcome:
        s = ev.seat
        if st.emperor == -1:
            return Outcome(st, "BH-LOYALIST", "还没有皇帝", "no 皇帝 yet: nothing to reveal")
        if st.phase != SETUP:
            return Outcome(st, "BH-LOYALIST", "明保、明独须在开牌前", "明保 / 明独 is declared before the first lead")
        if s == st.emperor:
            if not st.solo:
                return Outcome(
                    st, "BH-SOLO", "皇帝不是独保，不能明独", f"seat {s} is not playing alone (独保): no 明独"
                )
            if st.open_solo:
                return Outcome(st, "BH-SOLO", "已明独", "明独 was already declared")
            return Outcome(evolve(st, open_solo=True, loyal_public=True), None, effects=(f"seat {s} declares 明独",))
        if st.grab:
            return Outcome(st, "BH-LOYALIST", "抢庄的牌局没有保皇派", "a 抢庄 deal has no 保皇派", reason="grab")
        if st.solo:
            return Outcome(st, "BH-LOYALIST", "皇帝独保，没有保皇派", "the 皇帝 plays alone: there is no 保皇派")
        if st.loyalist != -1 and s != st.loyalist:
            return Outcome(
                st,
                "BH-LOYALIST",
                f"座位{s}没有皇帝叫庄的牌，不是保皇派",
                f"seat {s} does not hold the called {st.called}: it is not the 保皇派",
            )
        if st.open_loyal:
            return Outcome(st, "BH-LOYALIST", "已明保", "明保 was already declared")
        unv = (f"明保 by seat {s}: the 保皇派 could not be checked",) if st.loyalist == -1 else ()
        new = evolve(st, loyalist=s, open_loyal=True, loyal_public=True)
        return Outcome(new, None, effects=(f"seat {s} declares 明保: it is the 保皇派",), unverified=unv)

    # -- play ------------------------------------------------------------------------------------

    def _play(self, st: State, ev: Play) -> Outcome:
        s, cards = ev.seat, ev.cards
        taken = self._take(st, s, cards)
        if isinstance(taken, Outcome):
            return taken
        cs, hand = taken
        if st.phase == SETUP:
            if st.emperor == -1:
                where = "逼庄" if st.forced != -1 else "叫庄"
                return Outcome(
                    st, "BH-CALL", f"{where}未完，还没有皇帝", f"no 皇帝 yet: the bidding ({where}) is not over"
                )
            if s != st.emperor:
                return Outcome(
                    st,
                    "BH-PLAY",
                    f"皇帝（座位{st.emperor}）先发牌",
                    f"the 皇帝 (seat {st.emperor}) leads first, not seat {s}",
                )
            st = evolve(st, phase=PLAY, first_leader=s)
        table = st.table
        if table is None:
            if st.leader != -1 and s != st.leader:
                return self._wrong_leader(st, s)
        else:
            if s == st.owner:
                return Outcome(
                    st,
                    "BH-KOU",
                    f"座位{s}的牌还没过两圈，不能重新发牌",
                    f"seat {s}'s set has not gone two laps unanswered: it may not lead again yet",
                )
            why = why_not_beats(cs, table)
            if why is not None:
                return self._no_beat(st, why, cs, *_cards(cards))
            if s != st.to_act:
                return self._out_of_turn(st, s)
        new, fx = self._put(st, s, cs, cards, hand, False)
        return Outcome(new, None, "", "", tuple(fx), ())

    def _form_error(self, st: State, cards: tuple[Card, ...], exc: SetFormError) -> Outcome:
        """BH-PLAY for 2s attached to another base (not done in 保皇), else SET-FORM."""
        if any(c.rank == RANK_2 for c in cards):
            zh, en = _cards(cards)
            return Outcome(
                st, "BH-PLAY", f"{zh}：保皇中2不能贴在别的牌上", f"{en}: 2s are not attached in 保皇", reason="twos"
            )
        return super()._form_error(st, cards, exc)

    def _put(
        self, st: State, s: int, cs: CardSet, cards: tuple[Card, ...], hand: Hand, burn: bool
    ) -> tuple[State, list[str]]:
        fx: list[str] = []
        hands = (*st.hands[:s], hand, *st.hands[s + 1 :])
        new = put_set(st, hands, cs, cards, False, s, -1, 0, st.failed, False, -1, 0)
        if s == st.loyalist != st.emperor and not st.loyal_public and st.called is not None and st.called in cards:
            new = evolve(new, loyal_public=True)
            fx.append(f"seat {s} plays the called {st.called}: everyone now knows it is the 保皇派")
        if st.played:
            played = list(st.played)
            for c in cards:
                played[c.slot] += 1
            new = evolve(new, played=tuple(played))
        if st.jiefeng != -1:
            fx.append(f"JIEFENG: seat {st.jiefeng}'s 接风 fails: seat {s} plays over")
        if hand.size == 0:
            out = (*st.out, s)
            fx.append(f"seat {s} goes out: place {len(out)}")
            new = evolve(new, out=out, live=new.live & ~bit(s))
            if len(new.active_seats()) <= 1:
                return evolve(new, phase=OVER, to_act=-1, table=None, table_cards=(), owner=-1), fx
        return self._advance(new, 0, 0, s, False), fx

    def _out_of_turn(self, st: State, s: int) -> Outcome:
        if st.responded >> s & 1:
            return Outcome(
                st,
                "BH-PASS",
                f"座位{s}已对这套牌过牌，两圈内都算过牌",
                f"seat {s} passed on this set: its pass holds for both laps",
            )
        if st.final and not st.lets >> s & 1:
            return Outcome(
                st, "BH-RANG", "第二圈只有第一圈让牌的人可以上牌", "in the second lap only the seats that let may play"
            )
        who = st.to_act
        return Outcome(
            st, "TURN-ORDER", f"还未轮到座位{s}，现在轮到座位{who}", f"not seat {s}'s turn: seat {who} is to act"
        )

    def _pass(self, st: State, ev: Pass) -> Outcome:
        s = ev.seat
        if not st.live >> s & 1:
            return self._inactive(st, s)
        if st.phase == SETUP and st.forced != -1:
            return self._forced_pass(st, s)
        if st.table is None:
            return self._pass_on_empty_table(st, s)
        if s == st.owner:
            return Outcome(st, "PASS", f"座位{s}不能对自己的牌过牌", f"seat {s} cannot pass on its own set")
        if s == st.to_act:
            new = self._advance(st, st.responded | bit(s), st.lets, s, st.final)
            if new.table is not None:
                return Outcome(new, None)
            return Outcome(new, None, effects=("round closed (扣牌)",))
        if st.responded >> s & 1:
            second = st.final
            return repeated(
                st,
                f"座位{s}已对这套牌过牌{'，第二圈也算过牌' if second else ''}：再说过牌不改变什么",
                f"seat {s} already passed on this set{' and counts as passing in the second lap' if second else ''}"
                ": saying it again changes nothing",
                "BH-PASS",
                f"seat {s} had already passed",
            )
        return self._out_of_turn(st, s)

    def _kou(self, st: State, ev: Kou) -> Outcome:
        """A logged 扣 is read as the seat's pass: in 保皇 the round closes by itself after two laps."""
        out = self._pass(st, Pass(ev.seat, note=ev.note))
        if out.rule is not None:
            return out
        said = "" if out.reading is None else f"；{out.reading.zh}"
        said_en = "" if out.reading is None else f"; {out.reading.en}"
        return out._replace(
            reading=Reading(
                "kou-as-pass",
                f"扣牌读作过牌：保皇中一套牌过两圈无人上即自动扣牌{said}",
                f"扣 read as a pass: in 保皇 a set that goes two laps unanswered closes the round by itself{said_en}",
                rule="BH-KOU",
            )
        )

    def _rang(self, st: State, ev: Rang) -> Outcome:
        s = ev.seat
        if not st.live >> s & 1:
            return self._inactive(st, s)
        if st.table is None:
            return self._nothing_on_table(st, s, "rang")
        if s != st.to_act:
            return Outcome(st, "BH-RANG", f"还未轮到座位{s}", f"seat {s} may not 让 now: it is not its turn")
        if st.final:
            return Outcome(st, "BH-RANG", "让牌只能在第一圈", "a 让 is made in the first lap only")
        new = self._advance(st, st.responded, st.lets | bit(s), s, False)
        return Outcome(new, None, effects=(f"seat {s} lets (让牌): it may still play in the second lap",))

    # -- who may act ------------------------------------------------------------------------------

    def actors(self, st: State) -> dict[int, tuple[str, ...]]:
        """Each seat that may act now and how: call, yield, grab, reveal, play, pass, rang, jiefeng."""
        out: dict[int, tuple[str, ...]] = {}
        if st.terminal:
            return out
        if st.phase == SETUP:
            if st.emperor == -1:
                if st.forced != -1:
                    out[st.to_act] = ("call", "pass")
                elif st.to_act != -1:
                    out[st.to_act] = ("call", "yield")
                for s in range(self.n):
                    out[s] = (*out.get(s, ()), "grab")
                return out
            out[st.emperor] = ("play",) + (("reveal",) if st.solo and not st.open_solo else ())
            if not st.grab and not st.solo and not st.open_loyal and st.loyalist != -1:
                out[st.loyalist] = ("reveal",)
            return out
        if st.table is None:
            out[st.leader] = ("play",)
            return out
        kinds = ["play", "pass"] + ([] if st.final else ["rang"])
        out[st.to_act] = tuple(kinds)
        o = st.owner
        if not st.active(o):
            n = st.next_active(o)
            if n != -1 and not st.responded >> n & 1 and st.jiefeng != n:
                out[n] = (*out.get(n, ()), "jiefeng")
        return out

    def why(self, st: State, seat: int) -> tuple[str, str]:
        """Why a seat may act now (zh, en)."""
        if st.phase == SETUP:
            if st.emperor == -1:
                if seat == st.to_act and st.forced != -1:
                    return (
                        "逼庄：有恰好三张同样的牌就必须叫庄",
                        "逼庄: must call if it holds exactly three identical cards",
                    )
                if seat == st.to_act:
                    return ("持特殊标记的大王：可叫庄或让庄", "holds the marked big joker: may call or yield")
                return ("可抢庄", "may grab the marked big joker (抢庄)")
            if seat == st.emperor:
                return ("皇帝先发牌", "the 皇帝 leads first")
            return ("保皇派：可明保", "the 保皇派: may declare 明保")
        if st.table is None:
            return ("上一轮最后出牌：发牌", "won the last round: it leads")
        if seat == st.to_act:
            if st.final:
                return ("第一圈让牌，第二圈可上牌或过牌", "let in the first lap: may play or pass in the second")
            return ("按顺序轮到（循序渐进）", "its turn (in play order)")
        return (f"可对座位{st.owner}的底牌申请接风", f"may ask for 接风 on seat {st.owner}'s last set")

    def bid_events(self, st: State) -> Iterator[Event]:
        """Legal bidding events now (calls with each card held three or four times, yields, grabs)."""
        for seat, kinds in self.actors(st).items():
            for kind in kinds:
                if kind == "call":
                    counts: dict[Card, int] = {}
                    for c in st.hands[seat].known_cards():
                        counts[c] = counts.get(c, 0) + 1
                    for card, k in counts.items():
                        for m in (3, 4) if k >= 4 else (3,) if k >= 3 else ():
                            ev: Event = Call(seat, cards=(card,) * m)
                            if self.can(st, ev):
                                yield ev
                elif kind in ("yield", "grab", "reveal", "pass"):
                    ev = {"yield": Yield, "grab": Grab, "reveal": Reveal, "pass": Pass}[kind](seat)
                    if self.can(st, ev):
                        yield ev

    def legal_actions(self, st: State) -> Iterator[Event]:
        """Every legal event now (a lazy view): bidding events, then plays and declines."""
        if st.phase == SETUP:
            yield from self.bid_events(st)
            if st.emperor != -1:
                for cards in self.plays_for(st, st.emperor):
                    ev = Play(st.emperor, cards=cards)
                    if self.can(st, ev):
                        yield ev
            return
        yield from super().legal_actions(st)


Baohuang.HANDLERS = {
    Play: Baohuang._play,
    Pass: Baohuang._pass,
    Kou: Baohuang._kou,
    Rang: Baohuang._rang,
    Jiefeng: Baohuang._jiefeng,
    Call: Baohuang._call,
    Yield: Baohuang._yield,
    Grab: Baohuang._grab,
    Reveal: Baohuang._reveal,
}
