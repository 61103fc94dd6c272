"""保皇's bidding for 皇帝 (RULES.md §4): the deal and the marked big joker (BH-DEAL), the call (叫庄),
让庄, 抢庄, the forced round (逼庄) and 黄庄, the 保皇派 found from the called card, 明保 and 明独. Play
in two laps is ``replay.games.baohuang.engine``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from replay.climbing.state import SETUP, VOID, evolve
from replay.climbing.table import Climbing, Outcome, not_held, repeated
from replay.core.cards import RANK_BJ, Card, format_cards, format_cards_zh
from replay.core.events import Call, Event, Grab, Pass, Reveal, Yield
from replay.core.hand import Hand
from replay.core.said import said, seat_name
from replay.core.verdicts import Reading
from replay.engine import Dealt, Problem
from replay.games.baohuang.state import BaohuangState
from replay.rules.profile import Profile

BJ = Card.of(RANK_BJ)
_VOID = said(
    "没有人恰好有三张同样的牌：黄庄，本局作废", "nobody holds exactly three identical cards: 黄庄, the deal is void"
)


def copies(cards: list[Card], card: Card) -> int:
    """How many of ``cards`` are ``card``: cards are interned, so by identity (``list.count`` and ``in`` compare
    every other card through Card's ordering, a Python call each)."""
    return sum(1 for c in cards if c is card)


class BaohuangBidding(Climbing[BaohuangState]):
    """保皇's deal and bidding (the base of ``replay.games.baohuang.engine.Baohuang``)."""

    game = "baohuang"
    state_type = BaohuangState
    game_zh = "保皇"
    n = 5
    decks = 4
    void_reason = ("BH-VOID", "", "黄庄：无人叫庄，本局作废，重新发牌", "黄庄: nobody called; the deal is void, redeal")
    confirm_rule = ("BH-PASS", "")

    def __init__(self, profile: Profile, meta: Mapping[str, Any] | None = None) -> None:
        super().__init__(profile, meta)
        self.force_from_marked = profile.options["force_from"] == "marked"

    # -- the deal ---------------------------------------------------------------------------------

    def deal_extra(self, log: Any) -> dict[str, Any]:
        """The seat dealt the marked big joker and a 保皇派 the record names (for ``initial``)."""
        return {"marked": log.marked, "loyalist": log.loyalist}

    def initial(self, hands: Dealt, extra: Mapping[str, Any] | None = None) -> BaohuangState:
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

    def _deal_sizes(self, hands: tuple[tuple[Card | None, ...] | None, ...]) -> list[Problem]:
        """BH-DEAL: the whole deck dealt out, the hands differing by at most one card."""
        sizes = [len(h) for h in hands if h is not None]
        out: list[Problem] = []
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

    def check_start(self, st: BaohuangState) -> list[Problem]:
        """The marked joker's seat against the hands (BH-DEAL)."""
        return self.check_marked(st)

    def check_marked(self, st: BaohuangState) -> list[Problem]:
        """BH-DEAL: the seat said to be dealt the marked big joker must hold a big joker."""
        s = st.marked
        if s == -1:
            return []
        if st.hands[s].fully_known and not copies(st.hands[s].known_cards(), BJ):
            return [
                (
                    "BH-DEAL",
                    s,
                    f"{seat_name(s)}没有大王，不可能拿到特殊标记的大王",
                    f"{seat_name(s, en=True)} holds no big joker: it cannot have been dealt the marked one",
                )
            ]
        return []

    # -- bidding ----------------------------------------------------------------------------------

    def forced_order(self, st: BaohuangState) -> list[int]:
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

    def _bidding_over(self, st: BaohuangState) -> bool:
        return st.emperor != -1

    @staticmethod
    def _holder_only(st: BaohuangState, rule: str, verb_zh: str, verb_en: str) -> Outcome[BaohuangState]:
        """The ruling on a bid that only the holder of the marked big joker may make."""
        return Outcome(
            st,
            rule,
            f"只有持特殊标记大王的{seat_name(st.marked)}可以{verb_zh}",
            f"only {seat_name(st.marked, en=True)}, holding the marked big joker, may {verb_en}",
        )

    def _call(self, st: BaohuangState, ev: Call) -> Outcome[BaohuangState]:
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
            unv.append(
                said(
                    f"{seat_name(s)}叫庄：{format_cards_zh(cards)}的花色没有记录",
                    f"call by {seat_name(s, en=True)}: the suits of {format_cards(cards)} were not recorded",
                )
            )
        hands = st.hands
        fx: list[str] = []
        if st.forced != -1:
            order = self.forced_order(st)
            pos = order.index(s)
            if pos < st.forced:
                return Outcome(
                    st,
                    "BH-FORCE",
                    f"{seat_name(s)}已放过逼庄",
                    f"{seat_name(s, en=True)} was already asked in the forced round",
                )
            for earlier in order[st.forced : pos]:
                trip = self.triples(st.hands[earlier])
                if trip:
                    return Outcome(
                        st,
                        "BH-FORCE",
                        f"{seat_name(earlier)}有三张同样的牌（{trip[0].zh()}），应由它被逼叫庄",
                        f"{seat_name(earlier, en=True)} holds exactly three {trip[0]}: it must be forced to call first",
                    )
                if trip is None:
                    unv.append(
                        said(
                            f"逼庄：{seat_name(earlier)}的手牌不全",
                            f"逼庄: {seat_name(earlier, en=True)}'s hand is not fully known",
                        )
                    )
            held = copies(st.hands[s].known_cards(), first) if st.hands[s].fully_known else 3
            if len(cards) != 3 or held != 3:
                return Outcome(
                    st,
                    "BH-FORCE",
                    "逼庄须以恰好三张同样的牌叫庄",
                    "a forced call is made with exactly three identical cards",
                )
            if st.marked != -1 and st.marked != s:
                moved = self._move_marked(hands, st.marked, s)
                if moved is None:
                    return not_held(st, st.marked, (BJ,))
                hands = moved
            fx.append(said(f"{seat_name(s)}被逼叫庄（逼庄）", f"{seat_name(s, en=True)} is forced to call (逼庄)"))
        elif st.marked != -1 and s != st.marked:
            return Outcome(
                st,
                "BH-CALL",
                f"只有持特殊标记大王的{seat_name(st.marked)}可以叫庄",
                f"only {seat_name(st.marked, en=True)}, holding the marked big joker, may call",
            )
        elif st.marked == -1:
            unv.append(
                said(
                    "叫庄：没有记录发到特殊标记大王的座位", "call: the seat dealt the marked big joker is not recorded"
                )
            )
        loyalist, solo = self._find_loyalist(st, s, first, len(cards), hands)
        if loyalist == -1 and not solo:
            unv.append(said("手牌不全，找不出保皇派", "the 保皇派 cannot be found: the hands are not fully known"))
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
        fx.append(
            said(
                f"{seat_name(s)}以{format_cards_zh(cards)}叫庄，成为皇帝" + ("，独保" if solo else ""),
                f"{seat_name(s, en=True)} calls with {format_cards(cards)} and is 皇帝"
                + (" playing alone (独保)" if solo else ""),
            )
        )
        return Outcome(new, None, effects=tuple(fx), unverified=tuple(unv))

    def _find_loyalist(
        self, st: BaohuangState, emperor: int, card: Card, shown: int, hands: tuple[Hand, ...]
    ) -> tuple[int, bool]:
        """(保皇派, 独保): the seat holding the remaining copy of the called card."""
        if shown == 4:
            return emperor, True
        if st.loyalist != -1:  # named by the record
            return st.loyalist, st.loyalist == emperor
        if card.suitless:
            return -1, False
        own = copies(hands[emperor].known_cards(), card)
        if own >= 4:
            return emperor, True
        # three copies are shown, so the one known elsewhere is the fourth: its holder is the 保皇派
        others = [s for s, h in enumerate(hands) if s != emperor and copies(h.known_cards(), card)]
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

    def _yield(self, st: BaohuangState, ev: Yield) -> Outcome[BaohuangState]:
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
            unv = (
                said(
                    "让庄：没有记录发到特殊标记大王的座位", "让庄: the seat dealt the marked big joker is not recorded"
                ),
            )
        yields = st.yields + 1
        fx: list[str] = [
            said(
                f"{seat_name(s)}把特殊标记大王让给{seat_name(to)}（让庄）",
                f"{seat_name(s, en=True)} yields the marked big joker to {seat_name(to, en=True)} (让庄)",
            )
        ]
        if yields < self.n:
            new = evolve(st, hands=hands, marked=to, to_act=to, yields=yields)
            return Outcome(new, None, effects=tuple(fx), unverified=unv)
        new = evolve(st, hands=hands, marked=to, yields=yields, forced=0)
        fx.append(said("五家都不叫：逼庄", "all five declined: 逼庄"))
        if all(self.triples(h) == [] for h in hands):
            fx.append(_VOID)
            return Outcome(evolve(new, phase=VOID, to_act=-1), None, effects=tuple(fx), unverified=unv)
        return Outcome(self._next_forced(new, fx), None, effects=tuple(fx), unverified=unv)

    def _next_forced(self, st: BaohuangState, fx: list[str]) -> BaohuangState:
        """Set who is asked next in the forced round, or void the deal when no one is left."""
        order = self.forced_order(st)
        if st.forced >= len(order):
            fx.append(_VOID)
            return evolve(st, phase=VOID, to_act=-1)
        return evolve(st, to_act=order[st.forced])

    def _forced_pass(self, st: BaohuangState, s: int) -> Outcome[BaohuangState]:
        order = self.forced_order(st)
        if s in order[: st.forced]:
            return repeated(
                st,
                f"逼庄已问过{seat_name(s)}，它已过：再说过牌不改变什么",
                f"the forced round already asked {seat_name(s, en=True)}, which passed: saying it again changes nothing",
                "BH-FORCE",
            )
        if s != order[st.forced]:
            return Outcome(
                st,
                "BH-FORCE",
                f"逼庄现在问{seat_name(order[st.forced])}",
                f"the forced round asks {seat_name(order[st.forced], en=True)} now",
            )
        trip = self.triples(st.hands[s])
        if trip:
            return Outcome(
                st,
                "BH-FORCE",
                f"{seat_name(s)}有三张同样的牌（{trip[0].zh()}），必须叫庄",
                f"{seat_name(s, en=True)} holds exactly three {trip[0]}: it must call",
            )
        unv = (
            (said(f"逼庄：{seat_name(s)}的手牌不全", f"逼庄: {seat_name(s, en=True)}'s hand is not fully known"),)
            if trip is None
            else ()
        )
        fx: list[str] = [
            said(f"{seat_name(s)}没有三张同样的牌", f"{seat_name(s, en=True)} has no three identical cards")
        ]
        new = self._next_forced(evolve(st, forced=st.forced + 1), fx)
        checked = (
            ("（手牌不全，未能核实）", " (its hand is not fully known: not checked)") if trip is None else ("", "")
        )
        reading = Reading(
            "forced-pass",
            f"逼庄中的过牌：{seat_name(s)}表示手中没有恰好三张同点同花色的牌，不必叫庄{checked[0]}",
            f"a pass in the forced round (逼庄): {seat_name(s, en=True)} says it holds no card exactly three times, so it need not "
            f"call{checked[1]}",
            rule="BH-FORCE",
        )
        return Outcome(new, None, effects=tuple(fx), unverified=unv, reading=reading)

    def _grab(self, st: BaohuangState, ev: Grab) -> Outcome[BaohuangState]:
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
            unv = (
                said(
                    "抢庄：没有记录发到特殊标记大王的座位", "抢庄: the seat dealt the marked big joker is not recorded"
                ),
            )
        new = evolve(st, hands=hands, emperor=s, grab=True, loyalist=-1, marked=s, to_act=s, leader=s, forced=-1)
        return Outcome(
            new,
            None,
            effects=(
                said(
                    f"{seat_name(s)}抢到特殊标记大王（抢庄）：皇帝没有保皇派",
                    f"{seat_name(s, en=True)} grabs the marked big joker (抢庄): 皇帝 with no 保皇派",
                ),
            ),
            unverified=unv,
        )

    def _reveal(self, st: BaohuangState, ev: Reveal) -> Outcome[BaohuangState]:
        s = ev.seat
        if st.emperor == -1:
            return Outcome(st, "BH-LOYALIST", "还没有皇帝", "no 皇帝 yet: nothing to reveal")
        if st.phase != SETUP:
            return Outcome(st, "BH-LOYALIST", "明保、明独须在开牌前", "明保 / 明独 is declared before the first lead")
        if s == st.emperor:
            if not st.solo:
                return Outcome(
                    st,
                    "BH-SOLO",
                    "皇帝不是独保，不能明独",
                    f"{seat_name(s, en=True)} is not playing alone (独保): no 明独",
                )
            if st.open_solo:
                return Outcome(st, "BH-SOLO", "已明独", "明独 was already declared")
            return Outcome(
                evolve(st, open_solo=True, loyal_public=True),
                None,
                effects=(said(f"{seat_name(s)}明独", f"{seat_name(s, en=True)} declares 明独"),),
            )
        if st.grab:
            return Outcome(st, "BH-LOYALIST", "抢庄的牌局没有保皇派", "a 抢庄 deal has no 保皇派", reason="grab")
        if st.solo:
            return Outcome(st, "BH-LOYALIST", "皇帝独保，没有保皇派", "the 皇帝 plays alone: there is no 保皇派")
        if st.loyalist != -1 and s != st.loyalist:
            return Outcome(
                st,
                "BH-LOYALIST",
                f"{seat_name(s)}没有皇帝叫庄的牌，不是保皇派",
                f"{seat_name(s, en=True)} does not hold the called {st.called}: it is not the 保皇派",
            )
        if st.open_loyal:
            return Outcome(st, "BH-LOYALIST", "已明保", "明保 was already declared")
        unv = (
            (
                said(
                    f"{seat_name(s)}明保：未能核实保皇派",
                    f"明保 by {seat_name(s, en=True)}: the 保皇派 could not be checked",
                ),
            )
            if st.loyalist == -1
            else ()
        )
        new = evolve(st, loyalist=s, open_loyal=True, loyal_public=True)
        return Outcome(
            new,
            None,
            effects=(
                said(f"{seat_name(s)}明保：它是保皇派", f"{seat_name(s, en=True)} declares 明保: it is the 保皇派"),
            ),
            unverified=unv,
        )

    def bid_events(self, st: BaohuangState) -> Iterator[Event]:
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
