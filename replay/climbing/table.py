"""What the climbing games (够级, 保皇) share: the deal, stepping, verdict messages, 接风 and
legal plays. A game is a subclass that says who may act and what each event does, over its own state
type (a ``replay.climbing.state.State``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import chain
from typing import Any, ClassVar

from replay.climbing.moves import legal_events, shaped_plays
from replay.climbing.state import OVER, PLAY, SETUP, VOID, S, bit, evolve
from replay.climbing.view import climbing_view
from replay.core.cards import N_SLOTS, RANK_SJ, Card, card_words
from replay.core.events import Burn, Event, Jiefeng, Play
from replay.core.hand import Hand
from replay.core.said import said, seat_name
from replay.core.sets import SETS, CardSet, SetFormError, make_set
from replay.core.verdicts import Reading
from replay.engine import Dealt, IllegalAction, Outcome, Problem, Rules, dealt_hands, not_held, repeated
from replay.rules.profile import Profile
from replay.score import place_words
from replay.scoring import places_at
from replay.view import StepView

__all__ = ["Climbing", "IllegalAction", "Outcome", "not_held", "repeated"]

_cards = card_words


_VERBS = {
    "play": ("出", "plays"), "burn": ("烧牌", "burns with"), "call": ("叫庄", "calls with"), "show": ("亮", "shows"),
    "tribute": ("进贡", "gives"), "return": ("还贡", "returns"), "refuse": ("拒收", "refuses"),
}  # fmt: skip


class Climbing(Rules[S]):
    """The rules of one deal of a climbing game under one profile (``meta``: deal number, previous deal),
    over states of type ``state_type`` (a ``State``). The hooks a game may override have defaults that
    fit a climbing game with nothing of its own."""

    game_zh: ClassVar[str] = ""
    n: ClassVar[int] = 0
    decks: ClassVar[int] = 4
    state_type: type[S]
    HANDLERS: ClassVar[dict[type[Event], Any]] = {}  # event type -> the method ruling on it: (self, st, ev) -> Outcome
    void_reason: ClassVar[tuple[str, str, str, str]] = (
        "FINISH",
        "",
        "本局作废",
        "the deal is void",
    )  # rule, reason, zh, en
    # the rule (and reason) whose seed passage backs a pass that confirms a closed round
    confirm_rule: ClassVar[tuple[str, str]] = ("ROUND-END", "all-pass")

    def __init__(self, profile: Profile, meta: Mapping[str, Any] | None = None) -> None:
        super().__init__(profile, meta)
        self.twos_attach: bool = profile.options["twos_attach"]
        self._sets_made = SETS[1 if self.twos_attach else 0]  # the sets make_set made for this game, by their cards
        self.removed_ranks: frozenset[int] = frozenset(profile.options.get("removed_ranks", ()))

    # -- what the replay and the views ask of every game's engine

    def deal_extra(self, log: Any) -> dict[str, Any]:
        """What the game's deal holds beside the hands, from the log (passed to check_deal and initial)."""
        return {}

    def check_start(self, st: S) -> list[Problem]:
        """Problems with the deal's start that the hands alone do not show (rule, seat, zh, en)."""
        return []

    def view(self, st: S, step: int, profile: Profile) -> StepView:
        """The table after ``step`` events, as plain values."""
        return climbing_view(self, st, step, profile)

    def hand_sizes(self) -> list[int]:
        """How many cards each seat is dealt."""
        total = (54 - 4 * len(self.removed_ranks)) * self.decks
        return [total // self.n + (1 if s < total % self.n else 0) for s in range(self.n)]

    def _deal_sizes(self, hands: tuple[tuple[Card | None, ...] | None, ...]) -> list[Problem]:
        """Problems with the hand sizes as dealt (the game's deal rule)."""
        return []

    def _form_error(self, st: S, cards: tuple[Card, ...], exc: SetFormError) -> Outcome[S]:
        """The ruling on cards that form no set (SET-FORM)."""
        zh, en = _cards(cards)
        return Outcome(st, "SET-FORM", f"{zh} 不成一套牌：不同点数不能混出（2、王除外）", f"{en} is not one set: {exc}")

    def _take(self, st: S, s: int, cards: tuple[Card, ...]) -> tuple[CardSet, Hand] | Outcome[S]:
        """The set a seat plays and its hand after it, or the ruling that stops the play before any
        question of turn: the seat is out, the cards form no set, the seat cannot hold them, or four
        decks do not hold them."""
        v = st.__dict__  # the fields, read from the dict: cheaper than attributes in the compiled hot path
        if not v["live"] >> s & 1:
            return self._inactive(st, s)
        cs = self._sets_made.get(cards) if type(cards) is tuple else None  # make_set's, without its call (every play)
        if cs is None:
            try:
                cs = make_set(cards, self.twos_attach)
            except SetFormError as exc:
                return self._form_error(st, cards, exc)
        hand = v["hands"][s].remove(cards)
        if hand is None:
            return not_held(st, s, cards)
        if v["played"]:
            over = self._over_deck(st, cards)
            if over is not None:
                return over
        return cs, hand

    def _quiet_decline(self, st: S, s: int) -> S:
        """Seat ``s`` declines the table set without being bound by a pass (接风)."""
        raise NotImplementedError

    def _close(self, st: S) -> S:
        raise NotImplementedError

    def _put(self, st: S, s: int, cs: CardSet, cards: tuple[Card, ...], hand: Hand, burn: bool) -> tuple[S, list[str]]:
        raise NotImplementedError

    def _played_over(self, st: S, new: S, s: int, cards: tuple[Card, ...], fx: list[str]) -> S:
        """After seat ``s`` put ``cards`` on the table (``st`` before, ``new`` after): the cards counted as
        played (kept when some hand is not fully known), and a 接风 asked on the set before is said to fail."""
        if st.played:
            played = list(st.played)
            for c in cards:
                played[c.slot] += 1
            new = evolve(new, played=tuple(played))
        if st.jiefeng != -1:
            fx.append(
                said(
                    f"接风：{seat_name(st.jiefeng)}的接风落空，{seat_name(s)}管上了",
                    f"JIEFENG: {seat_name(st.jiefeng, en=True)}'s 接风 fails: {seat_name(s, en=True)} plays over",
                )
            )
        return new

    def _went_out(self, new: S, s: int, fx: list[str]) -> S:
        """Seat ``s`` played its last card: it is out in the next place, and the deal is over once one seat
        is left (a game whose places move, such as 够级's, has its own)."""
        out = (*new.out, s)
        fx.append(said(f"{seat_name(s)}出完：第{len(out)}名", f"{seat_name(s, en=True)} goes out: place {len(out)}"))
        new = evolve(new, out=out, live=new.live & ~bit(s))
        if len(new.active_seats()) <= 1:
            return evolve(new, phase=OVER, to_act=-1, table=None, table_cards=(), owner=-1)
        return new

    def actors(self, st: S) -> dict[int, tuple[str, ...]]:
        """Each seat that may act now and how."""
        raise NotImplementedError

    def why(self, st: S, seat: int) -> tuple[str, str]:
        """Why a seat may act now (zh, en)."""
        raise NotImplementedError

    def first_leader(self, st: S) -> tuple[int, tuple[str, ...]]:
        """Who must lead the first round (-1: any seat, as the log says) and what could not be checked:
        the leader the deal names (a game with a rule of its own for the first lead overrides this)."""
        return st.leader, ()

    def sides(self, st: S) -> dict[int, str]:
        """Each seat plays for itself (a game with teams or roles says otherwise)."""
        return {s: str(s) for s in range(self.n)}

    def must_hang(self, st: S, seat: int) -> bool:
        """True when every set the seat plays but its last must carry a joker (够级's burn condition)."""
        return False

    def burners(self, st: S) -> list[int]:
        """Seats that may burn the set on the table now (none in games without 烧牌)."""
        return []

    def initial(self, hands: Dealt, extra: Mapping[str, Any] | None = None) -> S:
        """The state as dealt (an unknown hand holds as many unknown cards as the deal gives it);
        ``extra`` holds what else the record says of the deal (保皇: the marked joker's seat)."""
        built = dealt_hands(hands, self.hand_sizes())
        live = sum(bit(s) for s, h in enumerate(built) if h.size > 0)
        played = () if all(h.fully_known for h in built) else (0,) * N_SLOTS
        return self.state_type(n=self.n, phase=SETUP, hands=built, live=live, played=played)

    def _over_deck(self, st: S, cards: tuple[Card, ...]) -> Outcome[S] | None:
        """CARD-DECK for a record with unknown hands: no card is played more often than 4 decks hold."""
        played = list(st.played)
        for c in cards:
            played[c.slot] += 1
        for c in cards:
            b = (c.rank - 3) * 5
            if c.rank >= RANK_SJ:
                total, limit, name = played[b + 4], self.decks, c.token
            else:
                total, limit, name = sum(played[b : b + 5]), self.decks * 4, Card.of(c.rank).token
                if c.suit is not None and played[c.slot] > self.decks:
                    total, limit, name = played[c.slot], self.decks, c.token
            if total > limit:
                return Outcome(
                    st,
                    "CARD-DECK",
                    f"{name}已出{total}张，四副牌只有{limit}张",
                    f"{total} x {name} played in all; {self.decks} decks hold {limit}",
                )
        return None

    def check_deal(self, hands: Dealt, unverified: list[str], extra: Mapping[str, Any] | None = None) -> list[Problem]:
        """Problems of a deal as (rule, seat, zh, en): CARD-DECK and the game's deal rule; what cannot
        be checked is appended to ``unverified``."""
        problems: list[Problem] = []
        if hands is None:
            unverified.append(
                said("发牌：没有记录手牌，未核实各家的牌", "deal: no hands recorded; cards held were not checked")
            )
            return problems
        problems += self._deal_sizes(hands)
        known: list[tuple[Card | None, ...]] = []  # the hands recorded
        removed = self.removed_ranks
        for s, h in enumerate(hands):
            if h is None:
                unverified.append(
                    said(
                        f"发牌：{seat_name(s)}的手牌不明，未核实它的牌",
                        f"deal: hand of {seat_name(s, en=True)} unknown; its cards were not checked",
                    )
                )
                continue
            if any(c is None for c in h):  # not ``None in h``: that compares every card with None (Card's ordering)
                unverified.append(
                    said(
                        f"发牌：{seat_name(s)}的手牌中有不明的牌",
                        f"deal: hand of {seat_name(s, en=True)} has unknown cards",
                    )
                )
            known.append(h)
            for c in h if removed else ():
                if c is not None and c.rank in removed:
                    problems.append(
                        (
                            "CARD-DECK",
                            s,
                            f"{seat_name(s)}有{c.zh()}，本规则已去掉此点数",
                            f"{seat_name(s, en=True)} holds {c}: this profile removes that rank",
                        )
                    )
        # every card dealt, counted in C (the deal's hundreds of cards) in one call
        counted: Counter[Card | None] = Counter(chain.from_iterable(known))
        decks = self.decks
        tally: dict[Card, int] = {}  # each card with its suit (and each joker): how often dealt
        ranks: dict[int, int] = {}  # each rank, its suitless cards with the rest
        for c, k in counted.items():
            if c is None:
                continue
            r = c.rank
            ranks[r] = ranks.get(r, 0) + k
            if c.suit is not None or r >= RANK_SJ:  # not c.suitless
                tally[c] = k
        for c, k in sorted([(c, k) for c, k in tally.items() if k > decks], key=lambda kv: kv[0].slot):
            problems.append(
                (
                    "CARD-DECK",
                    None,
                    f"{c.zh()}出现{k}次，四副牌只有{decks}张",
                    f"{c} appears {k} times; {decks} decks hold {decks}",
                )
            )
        for r, k in sorted(ranks.items()):
            limit = decks * (1 if r >= RANK_SJ else 4)
            if k > limit:
                name = Card.of(r).token
                problems.append(
                    (
                        "CARD-DECK",
                        None,
                        f"点数{name}共{k}张，超过{limit}张",
                        f"rank {name} appears {k} times; {decks} decks hold {limit}",
                    )
                )
        return problems

    # -- stepping ---------------------------------------------------------------------------------

    def step(self, st: S, ev: Event) -> Outcome[S]:
        """The next state and the ruling on ``ev`` (illegal events leave the state unchanged)."""
        try:
            handler = self.HANDLERS[type(ev)]
        except KeyError:
            return Outcome(
                st, "LOG", f"{self.game_zh}中没有“{ev.action}”这一动作", f"no action {ev.action!r} in {self.game}"
            )
        phase = st.phase
        if phase is not PLAY and phase in (OVER, VOID):  # (PLAY, the phase of nearly every event, by identity first)
            if phase == VOID:
                rule, reason, zh, en = self.void_reason
                return Outcome(st, rule, zh, en, reason=reason)
            return Outcome(
                st, "FINISH", "本局已结束（只剩一家有牌）", "the deal is over (one seat left with cards)", reason="over"
            )
        s = ev.seat
        if not 0 <= s < self.n:
            return Outcome(
                st, "LOG", f"没有{seat_name(s)}", f"no {seat_name(s, en=True)} in {self.game} (0-{self.n - 1})"
            )
        out: Outcome[S] = handler(self, st, ev)
        if out.rule is not None:
            return self._worded(out, ev)
        return out

    def _worded(self, out: Outcome[S], ev: Event) -> Outcome[S]:
        """The ruling ``out`` on ``ev``, which broke a rule: its messages say which cards the seat played, when the
        event has cards and the messages do not name them yet (``step``'s last word)."""
        if not ev.cards:
            return out
        zh, en = _cards(ev.cards)
        if en in out.message_en:
            return out
        s = ev.seat
        verb_zh, verb_en = _VERBS.get(ev.action, (ev.action, ev.action))
        return out._replace(
            message_zh=f"{seat_name(s)}{verb_zh} {zh}：{out.message_zh}",
            message_en=f"{seat_name(s, en=True)} {verb_en} {en}: {out.message_en}",
        )

    def force(self, st: S, ev: Event) -> S:
        """The table after an illegal event, as a referee would carry on: a play that the seat could
        physically make takes the table; anything else is ignored."""
        if not isinstance(ev, Play | Burn) or st.terminal or not 0 <= ev.seat < self.n or not st.active(ev.seat):
            return st
        try:
            cs = make_set(ev.cards, self.twos_attach)
        except SetFormError:
            return st
        hand = st.hands[ev.seat].remove(ev.cards)
        if hand is None:
            return st
        if st.phase == SETUP:
            st = evolve(st, phase=PLAY, first_leader=ev.seat)
        new, _ = self._put(st, ev.seat, cs, ev.cards, hand, burn=False)
        return new

    # -- events every climbing game shares ---------------------------------------------------------

    def _jiefeng(self, st: S, ev: Jiefeng) -> Outcome[S]:
        s = ev.seat
        if not st.active(s):
            return self._inactive(st, s)
        if st.table is None:
            return self._nothing_on_table(st, s, "jiefeng")
        o = st.owner
        if st.active(o):
            return Outcome(
                st,
                "DIPAI",
                f"{seat_name(o)}还有牌，桌上的牌不是底牌，不能接风",
                f"{seat_name(o, en=True)} still holds cards: the set is not its last (底牌); no 接风",
            )
        n = st.next_active(o)
        if s != n:
            return Outcome(
                st,
                "JIEFENG",
                f"只有{seat_name(o)}的下家（{seat_name(n)}）可以申请接风",
                f"only {seat_name(o, en=True)}'s next seat ({seat_name(n, en=True)}) may ask for 接风",
            )
        if st.responded >> s & 1 or st.jiefeng == s:
            return Outcome(
                st, "JIEFENG", f"{seat_name(s)}已对此牌表态", f"{seat_name(s, en=True)} already declined this set"
            )
        return Outcome(
            self._quiet_decline(evolve(st, jiefeng=s), s),
            None,
            effects=(said(f"{seat_name(s)}申请接风", f"{seat_name(s, en=True)} asks for 接风"),),
        )

    # -- messages ---------------------------------------------------------------------------------

    def _sits_out(self, st: S, s: int) -> Outcome[S] | None:
        """The ruling on an event of a seat that sits the deal out (够级's 革命), or None."""
        return None

    def _inactive(self, st: S, s: int) -> Outcome[S]:
        sits_out = self._sits_out(st, s)
        if sits_out is not None:
            return sits_out
        place = places_at(st, self.profile).get(s)  # the scoring's place, once it is decided
        zh, en = place_words(place, st.n) if place is not None else ("", "")
        return Outcome(
            st,
            "FINISH",
            f"{seat_name(s)}已出完牌" + (f"（{zh}）" if zh else ""),
            f"{seat_name(s, en=True)} is already out" + (f" ({en})" if en else ""),
        )

    def _own_set(self, st: S, s: int) -> Outcome[S]:
        """PASS: the owner of the table set cannot pass on it."""
        return Outcome(
            st, "PASS", f"{seat_name(s)}不能对自己的牌过牌", f"{seat_name(s, en=True)} cannot pass on its own set"
        )

    def _not_its_turn(self, st: S, s: int) -> Outcome[S]:
        """TURN-ORDER: another seat is to act."""
        who = st.to_act
        return Outcome(
            st,
            "TURN-ORDER",
            f"还未轮到{seat_name(s)}，现在轮到{seat_name(who)}",
            f"not {seat_name(s, en=True)}'s turn: {seat_name(who, en=True)} is to act",
        )

    def _pass_on_empty_table(self, st: S, s: int) -> Outcome[S]:
        """A 过 with nothing on the table. Before any set was played there is nothing to pass on (LEAD),
        and the seat that must lead may not pass (LEAD). Once a round has closed, another seat's 过
        confirms the close and changes nothing: legal (保皇's second-lap pass, 第一圈选择过牌的玩家在第二圈也
        视为过牌; the closer's 扣 written as a pass; a seat repeating its decline)."""
        if not st.rounds or s == st.leader:
            return self._nothing_on_table(st, s, "pass")
        lo = st.last_owner
        rule, reason = self.closed_by(st)
        return Outcome(
            st,
            None,
            reading=Reading(
                "confirming-pass",
                f"本轮已在{seat_name(lo)}的牌上结束，{seat_name(s)}的过牌只是确认，不改变什么",
                f"the round already closed on {seat_name(lo, en=True)}'s set: {seat_name(s, en=True)}'s pass confirms it and changes nothing",
                rule=rule,
                reason=reason,
            ),
        )

    def closed_by(self, st: S) -> tuple[str, str]:
        """The rule (and reason) whose passage says who leads after the round just closed (``confirm_rule``; 够级's
        round closed on a 够死级 set says its own)."""
        return self.confirm_rule

    def _nothing_on_table(self, st: S, s: int, action: str) -> Outcome[S]:
        if st.phase == SETUP or st.leader == -1:
            return Outcome(
                st,
                "LEAD",
                f"桌上无牌，{seat_name(s)}不能{action}：应先发牌",
                f"nothing on the table: {seat_name(s, en=True)} cannot {action}; a set must be led first",
            )
        return Outcome(
            st,
            "LEAD",
            f"桌上无牌，应由{seat_name(st.leader)}发牌，{seat_name(s)}不能{action}",
            f"nothing on the table: {seat_name(st.leader, en=True)} leads; {seat_name(s, en=True)} cannot {action}",
        )

    def _wrong_leader(self, st: S, s: int) -> Outcome[S]:
        lo = st.last_owner
        if lo != -1 and not st.active(lo):
            return Outcome(
                st,
                "JIEFENG",
                f"{seat_name(lo)}的底牌无人上，应由其下家{seat_name(st.leader)}接风发牌",
                f"{seat_name(lo, en=True)}'s last set stood: its next seat, {seat_name(st.leader, en=True)}, leads (接风), not {seat_name(s, en=True)}",
                reason="leads",
            )
        return Outcome(
            st,
            "ROUND-END",
            f"上一轮由{seat_name(lo)}的牌收尾，应由{seat_name(st.leader)}发牌",
            f"the last round ended on {seat_name(lo, en=True)}'s set: {seat_name(st.leader, en=True)} leads, not {seat_name(s, en=True)}",
        )

    def _no_beat(self, st: S, why: str, cs: CardSet, zh: str, en: str) -> Outcome[S]:
        tz, te = _cards(st.table_cards)
        table = st.table
        assert table is not None  # a set answers only a set on the table
        msgs = {
            "SET-COUNT": (
                f"{zh} 是{cs.size}张，桌上的 {tz} 是{table.size}张：张数须相同",
                f"{en} has {cs.size} cards; {te} on the table has {table.size}: counts must match",
            ),
            "SET-BIGJOKER": (
                f"桌上的 {tz} 挂了大花，是死牌，无人能上",
                f"{te} carries a big joker: a dead set, nothing beats it",
            ),
            "CARD-ORDER": (
                f"{zh} 与 {tz} 点数相同：不论花色，同点数一样大",
                f"{en} is the same rank as {te}: suits never matter",
            ),
            "SET-RANK": (f"{zh} 不比 {tz} 大：须步步高", f"{en} is not higher than {te}"),
            "SET-SMALLJOKER": (
                f"{tz} 挂了{table.sj}个小花，须用不少于{table.sj}个大花挂更大的牌来管",
                f"{te} carries {table.sj} small joker(s): an answer needs a higher base "
                f"and at least {table.sj} big joker(s)",
            ),
        }
        if why == "CARD-ORDER" and (cs.sj or cs.bj or table.sj or table.bj) and cs.base < RANK_SJ:
            # jokers attached (挂花): the joker passage, not 不論花色 (suits never matter)
            if table.sj:
                return Outcome(
                    st,
                    "CARD-ORDER",
                    f"{tz} 挂了小花：须由大花挂高于小花所挂牌一点以上的牌方能灭之，{zh} 与它点数相同",
                    f"{te} carries a small joker: only a big joker on a higher rank beats it; {en} is the same rank",
                    reason="small-joker",
                )
            return Outcome(
                st,
                "CARD-ORDER",
                f"{zh} 与 {tz} 点数相同：挂花不改变一套牌的点数，须步步高",
                f"{en} is the same rank as {te}: jokers attached do not raise a set's rank",
                reason="joker",
            )
        z, e = msgs[why]
        return Outcome(st, why, z, e)

    # -- legal actions ----------------------------------------------------------------------------

    def _leads_anew(self, st: S, seat: int) -> bool:
        """True when the seat plays a new set over the one on the table (够级's window after a 够死级 set)."""
        return False

    def plays_for(self, st: S, seat: int) -> list[tuple[Card, ...]]:
        """Every set the seat could play now (lead, answer or burn), as concrete cards, generated by shape
        (``replay.climbing.moves``)."""
        table = st.table if st.table is not None and not self._leads_anew(st, seat) else None
        return shaped_plays(st.hands[seat].by_rank(), self.twos_attach, table)

    def sure(self, st: S, seat: int, kind: str) -> bool:
        """True when the seat's ``kind`` of event (play, burn: with any set it holds that beats the table) is surely
        legal now, known without a step (a game's frequent cases); False leaves it to the step."""
        return False

    def legal_actions(self, st: S) -> Iterator[Event]:
        """Every legal event now, over all seats that may act (a lazy view: ``replay.climbing.moves``)."""
        return legal_events(self, st)
