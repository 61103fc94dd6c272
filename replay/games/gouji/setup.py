"""够级 before the first lead (RULES.md §2): 亮3 shows and the first leader (GJ-FIRST-LEAD), 革命 and
its waiver (GJ-REVOLUTION), tribute, its return and a refused return (GJ-TRIBUTE)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement
from typing import NamedTuple

from replay.climbing.moves import legal_events, legal_plays
from replay.climbing.state import PLAY, SETUP, VOID, bit, evolve
from replay.climbing.table import Outcome, not_held
from replay.core.cards import RANK_2, RANK_3, RANK_BJ, RANK_SJ, Card, format_cards
from replay.core.events import Event, Play, Refuse, Return, Revolution, Show, Tribute, Waive
from replay.core.hand import Hand
from replay.core.said import said, seat_name
from replay.core.verdicts import Reading
from replay.games.gouji.cycle import OPP, GoujiCycle
from replay.games.gouji.state import GoujiState


class Debt(NamedTuple):
    """What a seat still owes before the first lead (GJ-TRIBUTE): a tribute or a return (``kind``), to whom, how
    many cards, and whether the record shows it owes them (``sure`` False: its hand is not fully known and shows
    no tribute card, so whether it owes one could not be verified)."""

    seat: int
    kind: str  # "tribute" | "return"
    to: int
    cards: int
    sure: bool


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
            given = sum(k for g, r, k, _ in st.tributes if g == s and r == to)
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
        return Outcome(self._pass_cards(st, s, to, cards, hand, (s, to, len(cards), 0)), None, unverified=tuple(unv))

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
        owed = sum(k - back for g, r, k, back in st.tributes if g == to and r == s)
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
        return Outcome(self._pass_cards(st, s, to, cards, hand, (to, s, 0, len(cards))), None)

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
        returned = sum(back for g, r, _, back in st.tributes if g == s and r == to)
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
        return Outcome(self._pass_cards(st, s, to, cards, hand, (s, to, 0, -len(cards))), None)

    @staticmethod
    def _pass_cards(
        st: GoujiState, s: int, to: int, cards: tuple[Card, ...], hand: Hand, record: tuple[int, int, int, int]
    ) -> GoujiState:
        """Seat ``s`` (holding ``hand`` once the cards are gone) hands ``cards`` to seat ``to``; the
        tribute ledger gets ``record`` (giver, receiver, cards given in tribute, cards returned: a refused
        return counts as returned cards taken back)."""
        hands = list(st.hands)
        hands[s], hands[to] = hand, hands[to].add(cards)
        return evolve(st, hands=tuple(hands), tributes=(*st.tributes, record))

    def owed_tributes(self) -> dict[int, tuple[int, int]] | None:
        """The tribute the previous finish order owes (giver -> receiver, cards), {} for none, None when the profile
        plays without tribute or the log does not give the previous finish order. The givers come from the last
        place up, as seed 000 names them (大落向頭科進 2 張貢牌，二落向二科進 1 張貢牌)."""
        prev = self._previous()
        if not self.profile.tribute or prev is None:
            return None
        if len({self.team(x) for x in prev[:3]}) == 1:  # 串三户
            return {} if self.profile.tribute_after_sweep == "redeal" else {x: (OPP[x], 1) for x in prev[:2:-1]}
        return {prev[5]: (prev[0], 2), prev[4]: (prev[1], 1)}

    def debts(self, st: GoujiState) -> list[Debt]:
        """The tributes and returns still owed before the first lead (GJ-TRIBUTE), in the order seed 000 says they
        are made: the tributes first, from the last place up (大落向頭科進 2 張貢牌，二落向二科進 1 張貢牌), then the
        returns, each receiver in the order of its tribute (頭科、二科吃貢後，須向大落、二落返還同等數量的牌).

        A tribute is not owed between teammates (進貢在聯邦中進行時，可自行商定是否進貢: made, it is returned as any
        other), nor by a seat that holds no tribute card (若沒有摸到法定貢牌，則不予進貢); a seat whose hand is not fully
        known and shows none may owe one (``Debt.sure`` False). A return is owed for every tribute card received and
        not yet returned (a refused card is owed again)."""
        if st.phase != SETUP:
            return []
        want = self.owed_tributes() or {}
        tributes: list[Debt] = []
        for giver, (receiver, k) in want.items():
            given = sum(n for g, r, n, _ in st.tributes if g == giver and r == receiver)
            if given >= k or self.team(giver) == self.team(receiver) or not st.active(giver):
                continue
            hand = st.hands[giver]
            held = hand.count_of(RANK_2) + hand.count_of(RANK_SJ) + hand.count_of(RANK_BJ)
            unknown = hand.size > sum(hand.rank_counts())
            if held or unknown:
                left = k - given if unknown else min(k - given, held)
                tributes.append(Debt(giver, "tribute", receiver, left, held > 0))
        order = list(want)
        pairs = sorted(
            dict.fromkeys((g, r) for g, r, _, _ in st.tributes),
            key=lambda p: order.index(p[0]) if p[0] in order else len(order),
        )
        returns: list[Debt] = []
        for giver, receiver in pairs:
            left = sum(n - back for g, r, n, back in st.tributes if g == giver and r == receiver)
            if left > 0:
                returns.append(Debt(receiver, "return", giver, left, True))
        return tributes + returns

    def opening_actors(self, st: GoujiState) -> dict[int, tuple[str, ...]]:
        """Who may act before the first lead: the seats that still owe a tribute or a return (``debts``, in its
        order), then, once no seat surely owes one, the first leader (GJ-FIRST-LEAD; every seat still in when the
        profile or the record names none). The declarations a seat may make (亮3, 革命) are not listed."""
        out: dict[int, tuple[str, ...]] = {}
        debts = self.debts(st)
        for d in debts:
            if d.kind not in out.get(d.seat, ()):
                out[d.seat] = (*out.get(d.seat, ()), d.kind)
        if any(d.sure for d in debts):
            return out
        leader = self.first_leader(st)[0]
        for s in [leader] if leader != -1 else st.active_seats():
            out[s] = (*out.get(s, ()), "play")
        return out

    def opening_why(self, st: GoujiState, seat: int) -> tuple[str, str]:
        """Why a seat may act before the first lead (zh, en): what it owes, or that it leads first."""
        zh: list[str] = []
        en: list[str] = []
        for d in self.debts(st):
            if d.seat != seat:
                continue
            if d.kind == "tribute":
                zh.append(f"欠{seat_name(d.to)} {d.cards} 张贡牌：进贡")
                en.append(f"owes {seat_name(d.to, en=True)} {d.cards} tribute card(s): gives them (进贡)")
                if not d.sure:
                    zh[-1] += "（手牌不全，未能核实它有无贡牌）"
                    en[-1] += " (its hand is not fully known: whether it holds a tribute card could not be verified)"
            else:
                zh.append(f"欠{seat_name(d.to)} {d.cards} 张还贡：还贡")
                en.append(f"owes {seat_name(d.to, en=True)} {d.cards} returned card(s): returns them (还贡)")
        if "play" in self.opening_actors(st).get(seat, ()):
            zh.append("首发（上班）")
            en.append("leads the first round (上班)")
        return "；".join(zh), "; ".join(en)

    def legal_actions(self, st: GoujiState) -> Iterator[Event]:
        """Every legal event now (a lazy view): before the first lead, the tributes and returns owed and the first
        leader's plays; in play, ``Climbing.legal_actions``."""
        if st.phase != SETUP:
            return legal_events(self, st)
        return self._opening_events(st)

    def _opening_events(self, st: GoujiState) -> Iterator[Event]:
        """The legal events of the seats ``opening_actors`` names, in its order: the first leader's plays, a tribute
        of the highest tribute cards (all it owes, or fewer), a return of any cards it holds (as many as it owes,
        or fewer)."""
        debts = self.debts(st)
        for seat, kinds in self.opening_actors(st).items():
            if "play" in kinds:
                yield from legal_plays(self, st, seat, Play)
            for d in debts:
                if d.seat != seat:
                    continue
                known = st.hands[seat].known_cards()
                if d.kind == "tribute":
                    top = sorted((c for c in known if c.rank >= RANK_2), key=lambda c: c.rank, reverse=True)
                    sets = [tuple(top[:n]) for n in range(1, min(d.cards, len(top)) + 1)]
                    made: list[Event] = [Tribute(seat, cards=c, to=d.to) for c in sets]
                else:
                    distinct = sorted(set(known), key=lambda c: (c.rank, c.token), reverse=True)
                    made = [
                        Return(seat, cards=c, to=d.to)
                        for n in range(1, d.cards + 1)
                        for c in combinations_with_replacement(distinct, n)
                    ]
                yield from (ev for ev in made if self.can(st, ev))

    def _tribute_owed(self, st: GoujiState) -> Outcome[GoujiState] | tuple[str, ...]:
        """At the first lead: a tribute owed and not made by a seat holding a tribute card (a joker or a 2: 大花、
        小花、錢是法定貢牌) is illegal (GJ-TRIBUTE, reason *owed*), and so is a return owed and not made (reason
        *return*: 須向大落、二落返還); where the record cannot tell (the seat's hand is not known) a tribute is said
        unverified (未能核实)."""
        notes: list[str] = []
        for d in self.debts(st):
            giver, receiver, k = d.seat, d.to, d.cards
            if d.kind == "return":
                return Outcome(
                    st,
                    "GJ-TRIBUTE",
                    f"{seat_name(giver)}欠{seat_name(receiver)} {k} 张还贡，未还贡就开牌",
                    f"{seat_name(giver, en=True)} owes {seat_name(receiver, en=True)} {k} returned card(s), yet the "
                    "deal opens without them",
                    reason="return",
                )
            if not d.sure:
                notes.append(
                    said(
                        f"进贡：{seat_name(giver)}欠{seat_name(receiver)} {k} 张贡牌未进，其手牌不全，未能核实它有无贡牌",
                        f"tribute: {seat_name(giver, en=True)} owes {seat_name(receiver, en=True)} {k} card(s) not "
                        "given; its hand is not fully known, so whether it held a tribute card could not be verified",
                    )
                )
            else:
                return Outcome(
                    st,
                    "GJ-TRIBUTE",
                    f"{seat_name(giver)}欠{seat_name(receiver)} {k} 张贡牌，手中有贡牌（大花、小花或钱），未进贡就开牌",
                    f"{seat_name(giver, en=True)} owes {seat_name(receiver, en=True)} {k} tribute card(s) and holds "
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
