"""够级 before the first lead (RULES.md §2): 亮3 shows and the first leader (GJ-FIRST-LEAD), 革命 and
its waiver (GJ-REVOLUTION), tribute, its return and a refused return (GJ-TRIBUTE)."""

from __future__ import annotations

from replay.climbing.state import PLAY, SETUP, VOID, bit, evolve
from replay.climbing.table import Outcome, not_held
from replay.core.cards import RANK_2, RANK_3, RANK_BJ, RANK_SJ, Card, format_cards
from replay.core.events import Refuse, Return, Revolution, Show, Tribute, Waive
from replay.core.hand import Hand
from replay.core.said import said, seat_name
from replay.core.verdicts import Reading
from replay.games.gouji.cycle import OPP, GoujiCycle
from replay.games.gouji.state import GoujiState


class GoujiSetup(GoujiCycle):
    """够级's events before the first lead (a base of ``replay.games.gouji.engine.Gouji``)."""

    def _show(self, st: GoujiState, ev: Show) -> Outcome[GoujiState]:
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
        fx: tuple[str, ...] = ()
        if len(cards) > best:
            fx = (
                said(
                    f"{seat_name(s)}亮出{len(cards)}张同花色的3，取得首发（上班/顶班）",
                    f"{seat_name(s, en=True)} shows {len(cards)} 3s of one suit and takes the first lead (上班/顶班)",
                ),
            )
        return Outcome(evolve(st, shows=(*st.shows, (s, len(cards)))), None, effects=fx)

    def _revolution(self, st: GoujiState, ev: Revolution) -> Outcome[GoujiState]:
        s = ev.seat
        if not self.profile.revolution:
            return Outcome(st, "GJ-REVOLUTION", "本规则不玩革命", "this profile plays without 革命", reason="off")
        if st.phase != SETUP:
            return Outcome(st, "GJ-REVOLUTION", "革命须在开牌前宣告", "革命 is declared before the first lead")
        if st.revolution == s:
            return Outcome(st, "GJ-REVOLUTION", "已宣告革命", f"{seat_name(s, en=True)} already declared 革命")
        held = st.hands[s].has_tribute_card()
        if held:
            return Outcome(
                st,
                "GJ-REVOLUTION",
                f"{seat_name(s)}有大花、小花或钱，不能革命",
                f"{seat_name(s, en=True)} holds a joker or a 2: it may not declare 革命",
            )
        unv = (
            (
                said(
                    f"{seat_name(s)}革命：它的手牌不全", f"革命 by {seat_name(s, en=True)}: its hand is not fully known"
                ),
            )
            if held is None
            else ()
        )
        if st.revolution != -1:
            return Outcome(
                evolve(st, phase=VOID),
                None,
                effects=(said("两家革命：本局作废", "two 革命: the deal is void (作废)"),),
                unverified=unv,
                reading=Reading(
                    "void",
                    f"{seat_name(st.revolution)}已革命，{seat_name(s)}再革命：两人以上革命，本局作废",
                    f"{seat_name(st.revolution, en=True)} declared 革命 already: with {seat_name(s, en=True)} two revolutions void the deal",
                    rule="GJ-REVOLUTION",
                    reason="void",
                ),
            )
        return Outcome(
            evolve(st, revolution=s, rev_plays=3, live=st.live & ~bit(s)),
            None,
            effects=(
                said(
                    f"{seat_name(s)}革命，不再出牌；{seat_name(OPP[s])}得到三次够死级出牌",
                    f"{seat_name(s, en=True)} declares 革命 and sits out; {seat_name(OPP[s], en=True)} gets three 够死级 plays",
                ),
            ),
            unverified=unv,
        )

    def _waive(self, st: GoujiState, ev: Waive) -> Outcome[GoujiState]:
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
        return Outcome(
            evolve(st, waived=True),
            None,
            effects=(said(f"{seat_name(s)}放弃够死级，成为无头", f"{seat_name(s, en=True)} waives and is 无头"),),
        )

    def _previous(self) -> list[int] | None:
        prev = self.meta.get("previous") or {}
        order = prev.get("finish_order")
        return list(order) if order and len(order) == 6 else None

    def _tribute(self, st: GoujiState, ev: Tribute) -> Outcome[GoujiState]:
        s, to, cards = ev.seat, ev.to, ev.cards
        if not self.profile.tribute:
            return Outcome(st, "GJ-TRIBUTE", "本规则不进贡", "this profile plays without tribute", reason="off")
        if st.phase != SETUP:
            return Outcome(st, "GJ-TRIBUTE", "进贡须在开牌前", "tribute is given before the first lead", reason="when")
        if not 0 <= to < st.n or to == s:
            return Outcome(
                st,
                "GJ-TRIBUTE",
                f"{seat_name(s)}不能进贡给{seat_name(to)}：座位号须是 0-{st.n - 1} 中别的座位",
                f"{seat_name(s, en=True)} cannot give tribute to {seat_name(to, en=True)}: a seat is another of 0-{st.n - 1}",
            )
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
            unv.append(
                said(
                    f"{seat_name(s)}进贡：记录中没有上一局的名次",
                    f"tribute by {seat_name(s, en=True)}: the previous deal's finish order is not in the log",
                )
            )
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
                    f"上局名次下{seat_name(s)}不应向{seat_name(to)}进贡",
                    f"by the previous finish order {seat_name(s, en=True)} owes no tribute to {seat_name(to, en=True)}",
                )
            given = sum(k for g, r, k in st.tributes if g == s and r == to and k > 0)
            if given + len(cards) > want[s][1]:
                return Outcome(
                    st,
                    "GJ-TRIBUTE",
                    f"{seat_name(s)}只应进贡{want[s][1]}张",
                    f"{seat_name(s, en=True)} owes {want[s][1]} tribute card(s)",
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
                f"tribute must be the highest cards: {seat_name(s, en=True)} keeps a higher {Card.of(higher[-1])}",
                reason="cards",
            )
        if st.hands[s].unknown:
            unv.append(
                said(
                    f"{seat_name(s)}进贡：它不明的牌中可能有更大的牌",
                    f"tribute by {seat_name(s, en=True)}: higher cards may hide among its unknown cards",
                )
            )
        return Outcome(self._pass_cards(st, s, to, cards, hand, (s, to, len(cards))), None, unverified=tuple(unv))

    def _return(self, st: GoujiState, ev: Return) -> Outcome[GoujiState]:
        s, to, cards = ev.seat, ev.to, ev.cards
        if st.phase != SETUP:
            return Outcome(
                st, "GJ-TRIBUTE", "还贡须在开牌前", "cards are returned before the first lead", reason="when"
            )
        if not 0 <= to < st.n or to == s:
            return Outcome(
                st,
                "GJ-TRIBUTE",
                f"{seat_name(s)}不能还贡给{seat_name(to)}：座位号须是 0-{st.n - 1} 中别的座位",
                f"{seat_name(s, en=True)} cannot return cards to {seat_name(to, en=True)}: a seat is another of 0-{st.n - 1}",
                reason="return",
            )
        owed = sum(k for g, r, k in st.tributes if g == to and r == s)
        if len(cards) > owed:
            return Outcome(
                st,
                "GJ-TRIBUTE",
                f"{seat_name(s)}只欠{seat_name(to)} {owed} 张还贡",
                f"{seat_name(s, en=True)} owes {seat_name(to, en=True)} {owed} returned card(s), not {len(cards)}",
                reason="return",
            )
        hand = st.hands[s].remove(cards)
        if hand is None:
            return not_held(st, s, cards)
        return Outcome(self._pass_cards(st, s, to, cards, hand, (to, s, -len(cards))), None)

    def _refuse(self, st: GoujiState, ev: Refuse) -> Outcome[GoujiState]:
        s, to, cards = ev.seat, ev.to, ev.cards
        if st.phase != SETUP:
            return Outcome(
                st,
                "GJ-TRIBUTE",
                "拒收还贡须在开牌前",
                "a returned card is refused before the first lead",
                reason="when",
            )
        if not 0 <= to < st.n or to == s:
            return Outcome(
                st,
                "GJ-TRIBUTE",
                f"{seat_name(s)}不能拒收{seat_name(to)}的还贡：座位号须是 0-{st.n - 1} 中别的座位",
                f"{seat_name(s, en=True)} cannot refuse cards returned by {seat_name(to, en=True)}: a seat is another of 0-{st.n - 1}",
                reason="refuse",
            )
        returned = -sum(k for g, r, k in st.tributes if g == s and r == to and k < 0)
        if len(cards) > returned:
            return Outcome(
                st,
                "GJ-TRIBUTE",
                f"{seat_name(to)}没有还给{seat_name(s)}这些牌",
                f"{seat_name(to, en=True)} did not return these cards to {seat_name(s, en=True)}",
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
                    f"{seat_name(s)}有与还贡牌同点数的牌，不能拒收",
                    f"{seat_name(s, en=True)} holds another {Card.of(c.rank)}: it may not refuse the returned card",
                    reason="refuse",
                )
        return Outcome(self._pass_cards(st, s, to, cards, hand, (s, to, len(cards))), None)

    @staticmethod
    def _pass_cards(
        st: GoujiState, s: int, to: int, cards: tuple[Card, ...], hand: Hand, record: tuple[int, int, int]
    ) -> GoujiState:
        """Seat ``s`` (holding ``hand`` once the cards are gone) hands ``cards`` to seat ``to``; the
        tribute ledger gets ``record`` (giver, receiver, cards given - returned)."""
        hands = list(st.hands)
        hands[s], hands[to] = hand, hands[to].add(cards)
        return evolve(st, hands=tuple(hands), tributes=(*st.tributes, record))

    def owed_tributes(self) -> dict[int, tuple[int, int]] | None:
        """The tribute the previous finish order owes (giver -> receiver, cards), {} for none, None when the profile
        plays without tribute or the log does not give the previous finish order."""
        prev = self._previous()
        if not self.profile.tribute or prev is None:
            return None
        if len({self.team(x) for x in prev[:3]}) == 1:  # 串三户
            return {} if self.profile.tribute_after_sweep == "redeal" else {x: (OPP[x], 1) for x in prev[3:]}
        return {prev[5]: (prev[0], 2), prev[4]: (prev[1], 1)}

    def _tribute_owed(self, st: GoujiState) -> Outcome[GoujiState] | tuple[str, ...]:
        """At the first lead: a tribute owed and not made by a seat holding a tribute card (a joker or a 2: 大花、
        小花、錢是法定貢牌) is illegal (GJ-TRIBUTE, reason *owed*); where the record cannot tell (the seat's hand is not
        known) it is said unverified (未能核实)."""
        want = self.owed_tributes()
        if want is None:  # no tribute, or no previous finish order: a first deal owes none
            return ()
        notes: list[str] = []
        for giver, (receiver, k) in want.items():
            given = sum(n for g, r, n in st.tributes if g == giver and r == receiver and n > 0)
            if given >= k:
                continue
            held = st.hands[giver].has_tribute_card()
            if held is None:
                notes.append(
                    said(
                        f"进贡：{seat_name(giver)}欠{seat_name(receiver)} {k - given} 张贡牌未进，其手牌不全，未能核实它有无贡牌",
                        f"tribute: {seat_name(giver, en=True)} owes {seat_name(receiver, en=True)} {k - given} card(s) not "
                        "given; its hand is not fully known, so whether it held a tribute card could not be verified",
                    )
                )
            elif held:
                return Outcome(
                    st,
                    "GJ-TRIBUTE",
                    f"{seat_name(giver)}欠{seat_name(receiver)} {k - given} 张贡牌，手中有贡牌（大花、小花或钱），未进贡就开牌",
                    f"{seat_name(giver, en=True)} owes {seat_name(receiver, en=True)} {k - given} tribute card(s) and holds "
                    "a joker or a 2, yet the deal opens without the tribute",
                    reason="owed",
                )
        return tuple(notes)

    def first_leader(self, st: GoujiState) -> tuple[int, tuple[str, ...]]:
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
                unv = (
                    said(
                        "首发：没有记录亮3，未核实首发者",
                        "first lead: no 亮3 recorded; the first leader was not checked",
                    ),
                )
        elif mode == "rotate":
            prev = (self.meta.get("previous") or {}).get("first_leader")
            if prev is not None:
                leader = (prev + 1) % 6
            elif self.meta.get("deal"):
                leader = (int(self.meta["deal"]) - 1) % 6
            else:
                unv = (
                    said(
                        "首发：没有局号，也没有上一局的首发者，未核实",
                        "first lead: no deal number or previous first leader; not checked",
                    ),
                )
        if leader != -1 and not st.active(leader):
            leader = st.next_active(leader)
        return leader, unv

    def _first_lead(
        self, st: GoujiState, s: int
    ) -> Outcome[GoujiState] | tuple[GoujiState, list[str], tuple[str, ...]]:
        """Check the first lead against GJ-FIRST-LEAD; return the state entering play."""
        mode = self.profile.first_lead
        leader, unv = self.first_leader(st)
        owed = self._tribute_owed(st)
        if isinstance(owed, Outcome):
            return owed
        unv = (*unv, *owed)
        fx: list[str] = []
        if leader != -1 and s != leader:
            why = {"liang3": "亮3", "rotate": "轮换"}[mode]
            return Outcome(
                st,
                "GJ-FIRST-LEAD",
                f"首发应由{seat_name(leader)}（{why}），不是{seat_name(s)}",
                f"the first lead belongs to {seat_name(leader, en=True)} ({mode}), not {seat_name(s, en=True)}",
                reason="rotate" if mode == "rotate" else "",
            )
        fx.append(said(f"{seat_name(s)}首发（上班）", f"{seat_name(s, en=True)} leads the first round (上班)"))
        return evolve(st, phase=PLAY, leader=s, to_act=s, first_leader=s), fx, unv
