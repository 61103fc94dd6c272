"""升级 (三五番): four seats, two decks, partners opposite (0+2 against 1+3); a trick-taking game.

The deal (SJ-DEAL), declarations with a joker and a pair (SJ-DECLARE), 换三张 between the declaration
that won and each it ate (SJ-EXCHANGE), the kitty taken and buried by the winning declarer, tricks
(SJ-TRICK) with following (SJ-FOLLOW) under the trump order (SJ-TRUMPS), points and levels
(SJ-POINTS, SJ-LEVEL). RULES.md §5 reads seed 000's two lines with the common Shandong form and the
standard rules of 升级; docs/rules-as-implemented.md says where this engine decides what they leave open.

The engine has the interface of the climbing games: ``initial``, ``step(state, event) -> Outcome``,
``verify``/``can``/``apply``, ``actors``, ``why``, ``legal_actions``; a state is an immutable
``ShengjiState`` built by folding events.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from replay.core.cards import RANK_SJ, Card, card_words, format_cards, format_cards_zh
from replay.core.events import Bury, Declare, Event, Exchange, Pass, Play
from replay.core.hand import Hand
from replay.core.said import said, seat_name
from replay.core.seats import side
from replay.engine import Engine, Outcome, legal, not_held
from replay.games.shengji.cards import (
    FIXED,
    LEVEL_SEQUENCES,
    LEVEL_TOKENS,
    RANK_LEVEL,
    SUIT_EN,
    SUIT_ZH,
    SUITLESS,
    TRUMP,
    Combo,
    Trumps,
    card_points,
    combo,
    follow_options,
    follows_in_suit,
    has_tractor,
    level_rank,
    longest_tractor,
    pairs_of,
    team,
    tractors,
    trick_strength,
    trick_winner,
    why_not_follow,
    why_off_suit,
)
from replay.games.shengji.deal import ShengjiDeal
from replay.games.shengji.state import DECLARE, EXCHANGE, KITTY, OVER, PLAY, VOID, ShengjiState, Trick
from replay.games.shengji.step_view import LastTrick, ShengjiStepExtras
from replay.rules.profile import Profile
from replay.view import StepView, tokens

__all__ = [
    "DECLARE", "EXCHANGE", "FIXED", "KITTY", "LEVEL_SEQUENCES", "LEVEL_TOKENS", "OVER", "PLAY", "RANK_LEVEL",
    "SUIT_EN", "SUIT_ZH", "TRUMP", "VOID", "Combo", "Shengji", "ShengjiState", "Trick", "Trumps", "card_points", "combo",
    "follow_options", "follows_in_suit", "has_tractor", "level_rank", "longest_tractor", "team", "tractors",
    "trick_strength", "trick_winner", "why_not_follow",
]  # fmt: skip

_cards = card_words


_new = tuple.__new__  # a state or a trick by place: NamedTuple's generated __new__ is interpreted code


class Shengji(ShengjiDeal):
    """The rules of one 升级 deal under one profile."""

    def view(self, st: ShengjiState, step: int, profile: Profile) -> StepView:
        """The table after ``step`` events, as plain values."""
        return shengji_view(self, st, step)

    # -- stepping ---------------------------------------------------------------------------------

    def step(self, st: ShengjiState, ev: Event) -> Outcome[ShengjiState]:
        """The next state and the ruling on ``ev`` (illegal events leave the state unchanged)."""
        if type(ev) is Play and st.phase == PLAY:  # most events: what the checks below and _play's come to for them
            s, cards = ev.seat, ev.cards
            if s == st.to_act:  # (in play, to_act is a seat, 0-3)
                for c in cards:  # (a loop, not SUITLESS.isdisjoint: its bound method costs more than one card)
                    if c in SUITLESS:
                        break
                else:
                    return self._played(st, s, cards)
        if st.terminal:
            if st.phase == VOID:
                return Outcome(st, "SJ-DECLARE", "无人定主：本局作废，重新发牌", "nobody declared: the deal is void")
            return Outcome(st, "SJ-TRICK", "本局已结束", "the deal is over")
        if not 0 <= ev.seat < 4:
            return Outcome(st, "LOG", f"没有{seat_name(ev.seat)}", f"no {seat_name(ev.seat, en=True)} in shengji (0-3)")
        bare = [c for c in ev.cards if c in SUITLESS]
        if bare:
            return Outcome(
                st,
                "LOG",
                f"升级的牌须记花色：{format_cards_zh(bare)}",
                f"shengji cards need their suits: {format_cards(bare)}",
            )
        if isinstance(ev, Declare):
            return self._declare(st, ev)
        if type(ev) is Pass and st.phase == DECLARE:
            return self._pass(st, ev.seat)
        if st.phase == DECLARE:
            if not st.declarations:
                return Outcome(
                    st._replace(phase=VOID),
                    "SJ-DECLARE",
                    "无人定主就不能往下打：本局作废，重新发牌",
                    "nobody declared, so play cannot go on: the deal is void",
                )
            st = self._resolve(st)
        if isinstance(ev, Exchange):
            return self._exchange(st, ev)
        if st.phase == EXCHANGE:
            p = st.pending[0]
            return Outcome(
                st,
                "SJ-EXCHANGE",
                f"先换三张：{seat_name(p[0])}给{seat_name(p[1])}",
                f"the exchange comes first: {seat_name(p[0], en=True)} gives {seat_name(p[1], en=True)} three cards",
            )
        if isinstance(ev, Bury):
            return self._bury(st, ev)
        if st.phase == KITTY:
            return Outcome(
                st,
                "SJ-DEAL",
                f"庄家{seat_name(st.declarer)}须先扣底{st.kitty_size}张",
                f"the declarer, {seat_name(st.declarer, en=True)}, buries {st.kitty_size} cards first",
                reason="kitty",  # the kitty's reading (seed 000 is silent on it), not the deal's passage
            )
        if type(ev) is Play:
            return self._play(st, ev)
        return Outcome(st, "LOG", f"升级中没有“{ev.action}”这一动作", f"no action {ev.action!r} in shengji")

    def force(self, st: ShengjiState, ev: Event) -> ShengjiState:
        """The table after an illegal event, as a referee carries on: a card play the seat could make
        in its turn is taken as played; any event after a declaration phase with no declaration leaves
        the deal void; anything else is ignored."""
        if st.phase == DECLARE and not st.declarations and not isinstance(ev, (Declare, Pass)):
            return st._replace(phase=VOID)
        if type(ev) is not Play or st.phase != PLAY or ev.seat != st.to_act:
            return st
        hand = st.hands[ev.seat].remove(ev.cards)
        if hand is None or (st.trick and st.lead is not None and len(ev.cards) != st.lead.size):
            return st
        return self._put(st, ev.seat, ev.cards, hand)

    # -- tricks -----------------------------------------------------------------------------------

    def _play(self, st: ShengjiState, ev: Play) -> Outcome[ShengjiState]:
        s, cards = ev.seat, ev.cards
        if st.phase != PLAY:
            return Outcome(st, "SJ-TRICK", "还不到出牌的时候", "play has not begun")
        if s != st.to_act:
            return Outcome(
                st,
                "SJ-TRICK",
                f"轮到{seat_name(st.to_act)}出牌，不是{seat_name(s)}",
                f"it is {seat_name(st.to_act, en=True)}'s turn, not {seat_name(s, en=True)}'s",
            )
        return self._played(st, s, cards)

    def _played(self, st: ShengjiState, s: int, cards: tuple[Card, ...]) -> Outcome[ShengjiState]:
        """The ruling on seat ``s``'s play of ``cards`` in its turn."""
        before = st.hands[s]
        trick, tr, lead = st.trick, st.trumps, st.lead
        assert tr is not None
        known = not before.unknown  # (fully_known, without the property's call)
        # the cards held, listed only for a follow that may break SJ-FOLLOW (the play follows whatever the hand holds
        # otherwise), and before the remove: the hand after it inherits them then (Hand.remove), and lists them cheaply
        held = None
        if trick and known and lead is not None and not follows_in_suit(lead, cards, tr):
            held = before.known_cards()
        hand = before.remove(cards)
        if hand is None:
            return not_held(st, s, cards)
        if not trick:
            c = combo(cards, tr)
            if c.kind == "mixed":
                zh, en = _cards(cards)
                natural = {x.suit for x in cards if x.rank < RANK_SJ}
                rule = "SJ-TRUMPS" if len(natural) == 1 else "SJ-TRICK"
                return Outcome(
                    st,
                    rule,
                    f"{zh} 不是同一门：主牌（王、级牌、2、3、5 和主花色）算一门，其余各花色各一门",
                    f"{en} is not of one suit: trumps (jokers, level cards, 2, 3, 5 and the trump suit) are one suit",
                )
            if c.kind == "throw":
                if not self.throws:
                    zh, en = _cards(cards)
                    return Outcome(
                        st,
                        "SJ-TRICK",
                        f"{zh} 不是单张、对子或拖拉机（本规则不许甩牌）",
                        f"{en} is not a single, a pair or a tractor (this profile allows no throws)",
                    )
                why = self._why_not_throw(st, s, cards, tr)
                if why is not None:
                    return Outcome(st, "SJ-TRICK", why[0], why[1])
                if [k for k, h in enumerate(st.hands) if k != s and not h.fully_known]:  # (a list: see _put)
                    unverified = (
                        said(
                            f"{seat_name(s)}甩牌：其他各家的手牌不全，未核实",
                            f"a throw by {seat_name(s, en=True)}: other hands are not all known, so it was not checked",
                        ),
                    )
                    return Outcome(self._put(st, s, cards, hand, c), unverified=unverified)
            return legal(self._put(st, s, cards, hand, c))
        assert lead is not None
        if len(cards) != lead.size:
            return Outcome(
                st,
                "SJ-FOLLOW",
                f"首家出{lead.size}张，须跟{lead.size}张，不是{len(cards)}张",
                f"{lead.size} cards were led: the seat must play {lead.size}, not {len(cards)}",
            )
        if not known:
            unverified = (
                said(
                    f"{seat_name(s)}的手牌不全：未核实跟牌",
                    f"{seat_name(s, en=True)}'s hand is not fully known: following was not checked",
                ),
            )
            return Outcome(self._put(st, s, cards, hand), unverified=unverified)
        if held is not None:
            why = why_off_suit(held, lead, cards, tr)
            if why is not None:
                zh, en = _cards(cards)
                return Outcome(
                    st, "SJ-FOLLOW", f"{seat_name(s)}出 {zh}：{why[0]}", f"{seat_name(s, en=True)} plays {en}: {why[1]}"
                )
        return legal(self._put(st, s, cards, hand))

    def _why_not_throw(self, st: ShengjiState, s: int, cards: Sequence[Card], tr: Trumps) -> tuple[str, str] | None:
        """A throw (甩牌) stands when no other seat can beat any of its singles or pairs in that suit."""
        cls = tr.key(cards[0])[0]
        pairs = pairs_of(cards)
        singles = [c for c in cards if c not in pairs]
        low_single = min((tr.key(c)[1] for c in singles), default=None)
        low_pair = min((tr.key(c)[1] for c in pairs), default=None)
        for k, h in enumerate(st.hands):
            if k == s or not h.fully_known:
                continue
            theirs = [c for c in h.known_cards() if tr.key(c)[0] == cls]
            if low_single is not None and any(tr.key(c)[1] > low_single for c in theirs):
                return (
                    f"甩牌失败：{seat_name(k)}能管住其中的单张",
                    f"the throw fails: {seat_name(k, en=True)} can beat a single in it",
                )
            if low_pair is not None and any(tr.key(c)[1] > low_pair for c in pairs_of(theirs)):
                return (
                    f"甩牌失败：{seat_name(k)}能管住其中的对子",
                    f"the throw fails: {seat_name(k, en=True)} can beat a pair in it",
                )
        return None

    def _put(
        self, st: ShengjiState, s: int, cards: Sequence[Card], hand: Hand, lead: Combo | None = None
    ) -> ShengjiState:
        """The state after seat ``s`` plays ``cards`` to the trick (closing it after the fourth play); ``lead``: the
        cards' ``combo`` when they lead (worked out here when not given)."""
        # st's fields by place, and the next state made by place: st._replace(...) without its keywords and its list
        # (tests/replay/games/shengji/test_shengji.py holds the states made here to those _replace makes)
        # fmt: off
        (n, phase, hands, kitty, ksize, levels, decl, winner, tr, declarer, pending, buried,
         leader, _, trick, led, tricks, points, kp, passed) = st
        # fmt: on
        assert tr is not None
        h0, h1, h2, h3 = hands  # (four seats: the new tuple made at once, without a list)
        hands = (
            (hand, h1, h2, h3)
            if s == 0
            else (h0, hand, h2, h3)
            if s == 1
            else (h0, h1, hand, h3)
            if s == 2
            else (h0, h1, h2, hand)
        )
        if trick:
            lead = led
        elif lead is None:
            lead = combo(cards, tr)
        trick = trick + ((s, tuple(cards)),)  # noqa: RUF005  # one tuple made: compiled, (*trick, play) makes a list
        if len(trick) < 4:  # the trick goes on: the next seat's turn
            # fmt: off
            return _new(ShengjiState, (n, phase, hands, kitty, ksize, levels, decl, winner, tr, declarer, pending, buried,
                                  leader, (s + 1) % 4, trick, lead, tricks, points, kp, passed))
            # fmt: on
        win = trick_winner(trick, tr, lead)
        pts = card_points([c for _, cs in trick for c in cs])
        points = (points[0] + pts, points[1]) if team(win) == 0 else (points[0], points[1] + pts)
        done = _new(Trick, (trick[0][0], trick, win, pts))  # Trick(...) without its interpreted __new__
        tricks = tricks + (done,)  # noqa: RUF005  # (as the trick above)
        to_act = win
        h0, h1, h2, h3 = hands
        if not (h0.size or h1.size or h2.size or h3.size):  # the last trick: the deal is over
            phase, to_act, kp = OVER, -1, card_points(buried) * self.kitty_multiplier
        # fmt: off
        return _new(ShengjiState, (n, phase, hands, kitty, ksize, levels, decl, winner, tr, declarer, pending, buried,
                              win, to_act, (), None, tricks, points, kp, passed))
        # fmt: on

    # -- who may act ------------------------------------------------------------------------------

    def actors(self, st: ShengjiState) -> dict[int, tuple[str, ...]]:
        """Each seat that may act now and how: declare, exchange, bury, play."""
        if st.terminal:
            return {}
        if st.phase == DECLARE:
            spoken = {d[0] for d in st.declarations} | set(st.passed)
            out: dict[int, tuple[str, ...]] = {s: ("declare", "pass") for s in range(4) if s not in spoken}
            if st.declarations:
                nxt = self._resolve(st)
                if nxt.phase == EXCHANGE:
                    out.setdefault(nxt.pending[0][0], ())
                    out[nxt.pending[0][0]] = (*out[nxt.pending[0][0]], "exchange")
                elif nxt.phase == KITTY:
                    out[nxt.declarer] = (*out.get(nxt.declarer, ()), "bury")
                else:
                    out[nxt.declarer] = (*out.get(nxt.declarer, ()), "play")
            return out
        if st.phase == EXCHANGE:
            return {st.pending[0][0]: ("exchange",)}
        if st.phase == KITTY:
            return {st.declarer: ("bury",)}
        return {st.to_act: ("play",)}

    def sides(self, st: ShengjiState) -> dict[int, str]:
        """The two teams, seats alternating ("0": seats 0, 2 …; "1": seats 1, 3 …)."""
        return {s: str(side(s)) for s in range(self.n)}

    def why(self, st: ShengjiState, seat: int) -> tuple[str, str]:
        """Why a seat may act now (zh, en)."""
        if st.phase == DECLARE:
            if st.declarations and seat in {d[0] for d in st.declarations} | set(st.passed):
                return self.why(self._resolve(st), seat)  # it acts next once the declarations are over
            return (
                "可用一张王加一对同色牌定主，或不定主（四家都不定则本局作废）",
                "may declare with a joker and a pair of one suit, or pass (if all four pass the deal is void)",
            )
        if st.phase == EXCHANGE:
            _frm, to, kind, _ = st.pending[0]
            if kind == "eaten":
                return (
                    f"定主被吃：把所定的三张交给{seat_name(to)}",
                    f"its declaration was eaten: it hands its three cards to {seat_name(to, en=True)}",
                )
            return (
                f"吃了{seat_name(to)}的主：换给它三张",
                f"it ate {seat_name(to, en=True)}'s declaration: it gives three cards back",
            )
        if st.phase == KITTY:
            return ("庄家拿底后扣底", "the declarer took the kitty and buries as many cards")
        if not st.trick:
            return (
                "上一墩最大：领出" if st.tricks else "庄家首出",
                "won the last trick: it leads" if st.tricks else "the declarer leads the first trick",
            )
        return ("按顺序跟牌", "follows in turn")

    # -- legal actions ----------------------------------------------------------------------------

    def legal_actions(self, st: ShengjiState) -> Iterator[Event]:
        """Legal events now (a lazy view): declarations, and passes while no one has declared, the due
        exchange, a bury of the kitty's size (the lowest cards only: every choice of cards is legal),
        and plays to the trick."""
        if st.terminal:
            return
        if st.phase == DECLARE:
            for s in range(4):
                if any(d[0] == s for d in st.declarations) or s in st.passed:
                    continue
                held = st.hands[s].known_cards()
                jokers = sorted({c for c in held if c.rank >= RANK_SJ}, key=lambda c: c.rank)
                for pair in pairs_of([c for c in held if c.rank < RANK_SJ]):
                    for j in jokers:
                        yield Declare(s, cards=(j, pair, pair))
            if not st.declarations:
                yield from (Pass(s) for s in range(4) if s not in st.passed)
                return
            st = self._resolve(st)
        if st.phase == EXCHANGE:
            frm, to, kind, k = st.pending[0]
            if kind == "eaten":
                yield Exchange(frm, cards=st.declarations[k][1], to=to)
                return
            yield from (e for e in self._returns(st, frm, to, k) if self.can(st, e))
            return
        if st.phase == KITTY:
            tr = st.trumps
            assert tr is not None  # a declaration stands once the kitty is taken
            held = sorted(st.hands[st.declarer].known_cards(), key=lambda c: (tr.key(c)[0] == TRUMP, tr.key(c)[1]))
            if len(held) >= st.kitty_size:
                yield Bury(st.declarer, cards=tuple(held[: st.kitty_size]))
            return
        yield from (Play(st.to_act, cards=c) for c in self.plays_for(st, st.to_act))

    def _returns(self, st: ShengjiState, frm: int, to: int, k: int) -> Iterator[Exchange]:
        held = st.hands[frm].known_cards()
        suit = next(c.suit for c in st.declarations[k][1] if c.rank < RANK_SJ)
        of_suit = [c for c in held if c.suit == suit and c.rank < RANK_SJ]
        fixed = [c for c in held if c.rank in FIXED]
        for f in fixed[:1] or held[:1]:
            # first the fixed trump with up to two other cards of the suit, no second copy of it; when that
            # owes more of the suit (a second copy of the fixed trump is of the suit too), with it
            rest = [c for c in of_suit if c is not f][:2]
            others = [c for c in held if c is not f and c not in rest]
            first = (f, *rest, *others[: 2 - len(rest)])
            if len(first) == 3 and self.can(st, Exchange(frm, cards=first, to=to)):
                yield Exchange(frm, cards=first, to=to)
                continue
            left = list(held)
            left.remove(f)  # one copy: a hand may hold the same card twice (two decks)
            again: list[Card] = []
            for c in of_suit:
                if len(again) < 2 and c in left:
                    left.remove(c)
                    again.append(c)
            cards = (f, *again, *left[: 2 - len(again)])
            if len(cards) == 3:
                yield Exchange(frm, cards=cards, to=to)

    def plays_for(self, st: ShengjiState, seat: int) -> list[tuple[Card, ...]]:
        """The plays worth listing for the seat now: every single, pair and tractor to lead; to
        follow, the plays that follow (all of them for a single, the shapes that follow otherwise)."""
        tr = st.trumps
        if tr is None or st.phase != PLAY:
            return []
        held = st.hands[seat].known_cards()
        if not st.trick:
            out: list[tuple[Card, ...]] = [(c,) for c in dict.fromkeys(held)]
            pairs = pairs_of(held)
            out += [(c, c) for c in pairs]
            by_cls: dict[str, list[Card]] = {}
            for c in pairs:
                by_cls.setdefault(tr.key(c)[0], []).append(c)
            for cls, ps in by_cls.items():
                ladder = tr.ladder(cls)
                ps.sort(key=lambda c: ladder.index(tr.key(c)[1]))
                for i in range(len(ps)):
                    run = [ps[i]]
                    for j in range(i + 1, len(ps)):
                        if ladder.index(tr.key(ps[j])[1]) == ladder.index(tr.key(run[-1])[1]) + 1:
                            run.append(ps[j])
                            out.append(tuple(c for p in run for c in (p, p)))
                        elif tr.key(ps[j])[1] != tr.key(run[-1])[1]:
                            break
            return [c for c in out if combo(c, tr).kind != "mixed"]
        lead = st.lead
        assert lead is not None
        return [p for p in follow_options(held, lead, tr)]


def shengji_view(eng: Shengji, st: ShengjiState, step: int) -> StepView:
    """A 升级 table after ``step`` events: hands, who acts and why, the trick in progress, points."""
    actors = eng.actors(st)
    tr = st.trumps
    last = st.tricks[-1] if st.tricks else None
    return StepView(
        step=step,
        to_act=actors,
        why={s: eng.why(st, s) for s in actors},
        table_seat=st.trick[0][0] if st.trick else None,
        table_cards=tuple(c.token for _, cs in st.trick for c in cs),
        hands={s: h.cards_or_unknown() for s, h in enumerate(st.hands)},
        finished=(),
        counts_shown={},
        extras=ShengjiStepExtras(
            phase=st.phase,
            trump_suit=None if tr is None else tr.suit,
            level=None if tr is None else RANK_LEVEL[tr.level],
            declarer=None if st.declarer == -1 else st.declarer,
            declarations=tuple((s, tokens(cs)) for s, cs in st.declarations),
            trick=tuple((s, tokens(cs)) for s, cs in st.trick),
            tricks_done=len(st.tricks),
            last_trick=None
            if last is None
            else LastTrick(last.leader, last.winner, last.points, tuple((s, tokens(cs)) for s, cs in last.plays)),
            points=tuple(st.points),
            defenders_points=st.defenders_points,
            buried=tokens(st.buried) if st.buried else (),
        ),
    )


_check: type[Engine[ShengjiState]] = Shengji  # 升级's engine has the typed interface (checked by mypy)
