"""升级 before the first trick (RULES.md §5): the deal (SJ-DEAL), declarations with a joker and a pair
(SJ-DECLARE) and which stands, 换三张 between the declaration that won and each it ate (SJ-EXCHANGE),
the kitty taken and buried by the declarer. The tricks are ``replay.games.shengji.engine``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from replay.core.cards import RANK_SJ, Card, card_words, format_cards, format_cards_zh
from replay.core.events import Bury, Declare, Exchange
from replay.core.hand import Hand
from replay.core.said import said, seat_name
from replay.engine import Dealt, Outcome, Problem, Rules, dealt_hands, not_held, repeated
from replay.games.shengji.cards import (
    _LEVEL_RANK,
    FIXED,
    LEVEL_SEQUENCES,
    SUIT_EN,
    SUIT_ZH,
    SUITLESS,
    Trumps,
    counted,
    level_rank,
    team,
)
from replay.games.shengji.state import DECLARE, EXCHANGE, KITTY, PLAY, VOID, ShengjiState
from replay.rules.profile import Profile

_cards = card_words


class ShengjiDeal(Rules[ShengjiState]):
    """升级's deal, declarations, exchange and kitty (the base of ``replay.games.shengji.engine.Shengji``)."""

    game = "shengji"
    game_zh: ClassVar[str] = "升级"
    n: ClassVar[int] = 4
    decks: ClassVar[int] = 2
    removed_ranks: frozenset[int] = frozenset()
    twos_attach = False

    def __init__(self, profile: Profile, meta: Mapping[str, Any] | None = None) -> None:
        super().__init__(profile, meta)
        opts = profile.options
        self.kitty_size: int = opts["kitty"]
        self.levels: tuple[str, ...] = LEVEL_SEQUENCES[opts["levels"]]
        self.declare_compare: str = opts["declare_compare"]
        self.throws: bool = opts["throws"]
        self.kitty_multiplier: int = opts["kitty_multiplier"]

    # -- the deal ---------------------------------------------------------------------------------

    def hand_sizes(self) -> list[int]:
        """How many cards each seat is dealt (the kitty aside)."""
        return [(108 - self.kitty_size) // 4] * 4

    def initial(self, hands: Dealt, extra: Mapping[str, Any] | None = None) -> ShengjiState:
        """The state as dealt; ``extra`` gives the kitty (cards or None) and the sides' levels (tokens)."""
        extra = extra or {}
        built = dealt_hands(hands, self.hand_sizes())
        kitty = extra.get("kitty")
        levels = extra.get("levels") or (self.levels[0], self.levels[0])
        lv = tuple(level_rank(t) if t in _LEVEL_RANK else level_rank(self.levels[0]) for t in levels)
        return ShengjiState(
            4,
            DECLARE,
            built,
            None if kitty is None else tuple(kitty),
            self.kitty_size,
            (lv[0], lv[1]),
        )

    def deal_extra(self, log: Any) -> dict[str, Any]:
        """The kitty and the sides' levels, from the log (passed to check_deal and initial)."""
        return {"kitty": log.kitty, "levels": log.levels}

    def check_start(self, st: ShengjiState) -> list[Problem]:
        """Nothing beyond check_deal."""
        return []

    def check_deal(self, hands: Dealt, unverified: list[str], extra: Mapping[str, Any] | None = None) -> list[Problem]:
        """Problems with the deal (SJ-DEAL: sizes, two decks; SJ-LEVEL: the levels); ``extra`` gives the
        kitty and the levels (``deal_extra``)."""
        kitty: Sequence[Card] | None = (extra or {}).get("kitty")
        levels: Sequence[str] | None = (extra or {}).get("levels")
        out: list[Problem] = []
        size = self.hand_sizes()[0]
        for s, h in enumerate(hands or ()):
            if h is not None and len(h) != size:
                out.append(
                    (
                        "SJ-DEAL",
                        s,
                        f"{seat_name(s)}发到{len(h)}张，应为{size}张",
                        f"{seat_name(s, en=True)} was dealt {len(h)} cards, not {size}",
                    )
                )
        if kitty is not None and len(kitty) != self.kitty_size:
            out.append(
                (
                    "SJ-DEAL",
                    None,
                    f"底牌{len(kitty)}张，应为{self.kitty_size}张",
                    f"a kitty of {len(kitty)}, not {self.kitty_size}",
                )
            )
        dealt = [c for h in (hands or ()) if h is not None for c in h]
        known = [c for c in dealt if c is not None] + list(kitty or ())
        counts = counted([c for c in known if c not in SUITLESS])  # (a suitless card may be any of its rank)
        over = [c for c, k in counts.items() if k > 2]
        if over:
            over.sort(key=lambda c: c.slot)
            out.append(
                (
                    "SJ-DEAL",
                    None,
                    f"两副牌中每张牌只有两张：{format_cards_zh(over)} 多于两张",
                    f"two decks hold each card twice: {format_cards(over)} appear(s) more often",
                )
            )
        # (an unknown card by the counts: ``None in hand`` compares every card with None through Card's ordering)
        if hands is None or kitty is None or None in hands or len(known) != len(dealt) + len(kitty):
            unverified.append(
                said(
                    "发牌：手牌和底牌没有全部给出，未完整核实两副牌",
                    "deal: not every hand and the kitty are given, so the two decks were not checked in full",
                )
            )
        for k, t in enumerate(levels or ()):
            if t not in self.levels:
                out.append(
                    (
                        "SJ-LEVEL",
                        None,
                        f"第{k}方的级 {t!r} 不在级序 {' '.join(self.levels)} 中",
                        f"side {k}'s level {t!r} is not in the level sequence {' '.join(self.levels)}",
                    )
                )
        return out

    # -- declarations and the exchange ----------------------------------------------------------------

    def _declare(self, st: ShengjiState, ev: Declare) -> Outcome[ShengjiState]:
        s, cards = ev.seat, ev.cards
        if st.phase != DECLARE:
            return Outcome(
                st,
                "SJ-DECLARE",
                f"定主已结束，{seat_name(s)}不能再定",
                f"declarations are over: {seat_name(s, en=True)} cannot declare now",
            )
        jokers = [c for c in cards if c.rank >= RANK_SJ]
        rest = [c for c in cards if c.rank < RANK_SJ]
        if len(cards) != 3 or len(jokers) != 1 or len(rest) != 2 or rest[0] != rest[1] or rest[0].suit is None:
            zh, en = _cards(cards)
            return Outcome(
                st,
                "SJ-DECLARE",
                f"{zh} 不能定主：须一张王加一对同色牌",
                f"{en} cannot declare: it takes one joker and a pair of one suit",
            )
        if any(d[0] == s for d in st.declarations):
            return Outcome(
                st, "SJ-DECLARE", f"{seat_name(s)}已经定过主", f"{seat_name(s, en=True)} has declared already"
            )
        if s in st.passed:
            return Outcome(
                st, "SJ-DECLARE", f"{seat_name(s)}已说不定主", f"{seat_name(s, en=True)} said it does not declare"
            )
        if st.hands[s].remove(cards) is None:
            return not_held(st, s, cards)
        return Outcome(st._replace(declarations=(*st.declarations, (s, tuple(cards)))))

    def _pass(self, st: ShengjiState, s: int) -> Outcome[ShengjiState]:
        """不定主: the seat declares nothing this deal. When all four seats pass, the deal is void."""
        if any(d[0] == s for d in st.declarations):
            zh, en = (
                f"{seat_name(s)}已经定主：它的不定主不改变什么，定主照旧",
                f"{seat_name(s, en=True)} has declared already: its pass changes nothing and its declaration stands",
            )
            return repeated(st, zh, en, "SJ-DECLARE", reason="pass")
        if s in st.passed:
            zh, en = (
                f"{seat_name(s)}已说过不定主：再说一遍不改变什么",
                f"{seat_name(s, en=True)} has passed already: saying it again changes nothing",
            )
            return repeated(st, zh, en, "SJ-DECLARE", reason="pass")
        new = st._replace(passed=(*st.passed, s))
        if len(new.passed) == 4:
            fx = (said("无人定主，重新发牌", "nobody declared: the deal is void (无人定主，重新发牌)"),)
            return Outcome(new._replace(phase=VOID), effects=fx)
        return Outcome(new)

    def declaration_key(self, k: int, cards: Sequence[Card]) -> tuple[int, ...]:
        """How strong the ``k``-th declaration is (bigger eats smaller; SJ-DECLARE, ``declare_compare``)."""
        joker = max(c.rank for c in cards)
        pair = min(c.rank for c in cards)
        if self.declare_compare == "pair_rank":
            return (joker, pair, -k)
        return (joker, -k)

    def _resolve(self, st: ShengjiState) -> ShengjiState:
        """Compare the declarations: the biggest stands, trumps and sides follow, exchanges fall due."""
        decl = st.declarations
        win = max(range(len(decl)), key=lambda k: self.declaration_key(k, decl[k][1]))
        seat, cards = decl[win]
        suit = next(c.suit for c in cards if c.rank < RANK_SJ)
        lv = st.levels[team(seat)]
        pending: list[tuple[int, int, str, int]] = []
        for k, (other, _) in enumerate(decl):
            if k != win:
                pending += [(other, seat, "eaten", k), (seat, other, "back", k)]
        phase = EXCHANGE if pending else (KITTY if st.kitty_size else PLAY)
        new = st._replace(winner=win, trumps=Trumps(str(suit), lv), declarer=seat, pending=tuple(pending), phase=phase)
        return self._after_exchange(new) if not pending else new

    def _after_exchange(self, st: ShengjiState) -> ShengjiState:
        """The declarer takes the kitty (when there is one), or leads the first trick."""
        if st.kitty_size:
            hand = st.hands[st.declarer]
            taken = hand.add(st.kitty) if st.kitty is not None else _with_unknown(hand, st.kitty_size)
            hands = tuple(taken if s == st.declarer else h for s, h in enumerate(st.hands))
            return st._replace(phase=KITTY, hands=hands, to_act=st.declarer)
        return st._replace(phase=PLAY, leader=st.declarer, to_act=st.declarer)

    def _exchange(self, st: ShengjiState, ev: Exchange) -> Outcome[ShengjiState]:
        s, cards = ev.seat, ev.cards
        if st.phase != EXCHANGE or not st.pending:
            return Outcome(st, "SJ-EXCHANGE", "现在没有要换的牌", "no exchange is due now")
        frm, to, kind, k = st.pending[0]
        if (s, ev.to) != (frm, to):
            return Outcome(
                st,
                "SJ-EXCHANGE",
                f"现在该{seat_name(frm)}给{seat_name(to)}换牌，不是{seat_name(s)}给{seat_name(ev.to)}",
                f"{seat_name(frm, en=True)} gives {seat_name(to, en=True)} now, not {seat_name(s, en=True)} to {seat_name(ev.to, en=True)}",
            )
        hand = st.hands[s].remove(cards)
        if hand is None:
            return not_held(st, s, cards)
        declared = st.declarations[k][1]
        if kind == "eaten":
            if counted(cards) != counted(declared):
                (zh, en), (dzh, den) = _cards(cards), _cards(declared)
                return Outcome(
                    st,
                    "SJ-EXCHANGE",
                    f"被吃的一方交出所定的牌 {dzh}，不是 {zh}",
                    f"the eaten declaration hands over its cards {den}, not {en}",
                )
        else:
            why = self._why_not_return(st.hands[s], declared, cards)
            if why is not None:
                return Outcome(st, "SJ-EXCHANGE", why[0], why[1])
        hands = list(st.hands)
        hands[s] = hand
        hands[to] = hands[to].add(cards)
        new = st._replace(hands=tuple(hands), pending=st.pending[1:])
        if not new.pending:
            new = self._after_exchange(new)
        return Outcome(new)

    def _why_not_return(self, hand: Hand, declared: Sequence[Card], cards: Sequence[Card]) -> tuple[str, str] | None:
        """Why ``cards`` are not what the winner owes the declaration it ate (吃什么色给什么色的牌，
        吃的王要回张固定主): as many cards of the eaten suit as it holds, up to two, and a fixed trump
        (2, 3 or 5) for the eaten joker when it holds one; or None."""
        if len(cards) != 3:
            return (f"换三张：给了{len(cards)}张", f"the exchange is three cards, not {len(cards)}")
        suit = next(c.suit for c in declared if c.rank < RANK_SJ)
        held = hand.known_cards()
        exact = hand.unknown == 0
        has_fixed = any(c.rank in FIXED for c in held)
        for k in range(-1, 3):  # which card stands for the fixed trump (-1: none)
            if k >= 0 and cards[k].rank not in FIXED:
                continue
            if k == -1 and has_fixed:
                continue
            rest = [c for j, c in enumerate(cards) if j != k][:2] if k >= 0 else list(cards)
            of_suit = sum(1 for c in rest if c.suit == suit and c.rank < RANK_SJ)
            avail = sum(1 for c in held if c.suit == suit and c.rank < RANK_SJ) - (
                1 if k >= 0 and cards[k].suit == suit else 0
            )
            need = min(2, avail) if exact else 0
            if of_suit >= need:
                return None
        zh, en = _cards(cards)
        return (
            f"{zh} 不合“吃什么色给什么色的牌，吃的王要回张固定主”：须给{SUIT_ZH[str(suit)]}两张（有几张给几张）和一张固定主（2、3、5）",
            f"{en} is not what the eaten side is owed: up to two {SUIT_EN[str(suit)]} and a fixed trump (2, 3 or 5)",
        )

    def _bury(self, st: ShengjiState, ev: Bury) -> Outcome[ShengjiState]:
        s, cards = ev.seat, ev.cards
        if st.phase != KITTY:
            return Outcome(
                st, "SJ-DEAL", "现在不是扣底的时候", "this is not the time to bury the kitty", reason="kitty"
            )
        if s != st.declarer:
            return Outcome(
                st,
                "SJ-DEAL",
                f"只有庄家{seat_name(st.declarer)}扣底",
                f"only the declarer, {seat_name(st.declarer, en=True)}, buries",
                reason="kitty",
            )
        if len(cards) != st.kitty_size:
            return Outcome(
                st,
                "SJ-DEAL",
                f"扣底须{st.kitty_size}张，扣了{len(cards)}张",
                f"the kitty is {st.kitty_size} cards, {len(cards)} were buried",
                reason="kitty",
            )
        hand = st.hands[s].remove(cards)
        if hand is None:
            return not_held(st, s, cards)
        hands = tuple(hand if k == s else h for k, h in enumerate(st.hands))
        return Outcome(st._replace(hands=hands, buried=tuple(cards), phase=PLAY, leader=s, to_act=s))


def _with_unknown(hand: Hand, k: int) -> Hand:
    """A hand that received ``k`` unknown cards."""
    return Hand(hand.supply, hand.demand, hand.unknown + k, hand.deficit, hand.size + k)
