"""升级 (三五番): four seats, two decks, partners opposite (0+2 against 1+3); a trick-taking game.

The deal (SJ-DEAL), declarations with a joker and a pair (SJ-DECLARE), 换三张 between the declaration
that won and each it ate (SJ-EXCHANGE), the kitty taken and buried by the winning declarer, tricks
(SJ-TRICK) with following (SJ-FOLLOW) under the trump order (SJ-TRUMPS), points and levels
(SJ-POINTS, SJ-LEVEL). RULES.md §5 reads seed 000's two lines with the common Shandong form and the
standard rules of 升级; docs/rules-as-implemented.md says where this engine decides what they leave open.

The engine has the interface of the climbing games: ``initial``, ``step(state, event) -> Outcome``,
``verify``/``can``/``apply``, ``actors``, ``why``, ``legal_actions``; a state is an immutable
``SjState`` built by folding events.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from replay.cards import RANK_2, RANK_A, RANK_BJ, RANK_K, RANK_SJ, Card, format_cards, format_cards_zh
from replay.climbing import IllegalAction, Outcome, repeated
from replay.events import Bury, Declare, Event, Exchange, Pass, Play
from replay.hand import Hand
from replay.profile import Profile
from replay.view import StepView, tokens

DECLARE, EXCHANGE, KITTY, PLAY, OVER, VOID = "declare", "exchange", "kitty", "play", "over", "void"
TRUMP = "T"  # the suit class of every trump
SUIT_ZH = {"S": "黑桃", "H": "红桃", "D": "方块", "C": "梅花", TRUMP: "主牌"}
SUIT_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", TRUMP: "trumps"}
FIXED = (5, 3, RANK_2)  # 固定主, high to low (SJ-TRUMPS)
LEVEL_TOKENS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
LEVEL_SEQUENCES = {  # SJ-LEVEL, option ``levels``
    "A-K": LEVEL_TOKENS,  # seed 000: 升级的时候从A到2 3 4 5 6 7 8 9 10 J Q K
    "2-A": (*LEVEL_TOKENS[1:], "A"),  # the common 升级 ladder: 2 up to A
}
_LEVEL_RANK = {t: r for t, r in zip(LEVEL_TOKENS, (RANK_A, RANK_2, *range(3, 14)), strict=True)}
RANK_LEVEL = {r: t for t, r in _LEVEL_RANK.items()}


def level_rank(token: str) -> int:
    """The card rank of a level token (``A`` = 14, ``2`` = 15, ``10`` = 10)."""
    return _LEVEL_RANK[token]


def card_points(cards: Sequence[Card]) -> int:
    """Points of cards (SJ-POINTS): each 5 counts 5, each 10 and K counts 10."""
    return sum(5 if c.rank == 5 else 10 if c.rank in (10, RANK_K) else 0 for c in cards)


def team(seat: int) -> int:
    """The side of a seat: 0 (seats 0 and 2) or 1 (seats 1 and 3)."""
    return seat % 2


_KEYS: dict[Any, dict[Card, tuple[str, int]]] = {}  # Trumps -> card -> key (52 x 13 orders at most)


class Trumps(NamedTuple):
    """The trump order of a deal: the trump suit and the level rank (SJ-TRUMPS)."""

    suit: str
    level: int

    def fixed(self) -> tuple[int, ...]:
        """The fixed trumps' ranks, high to low (a fixed rank that is the level is the level card)."""
        return tuple(r for r in FIXED if r != self.level)

    def key(self, c: Card) -> tuple[str, int]:
        """(suit class, order): the suit a card follows as (``T`` for every trump) and its strength
        within it; cards of equal order (the level card of two side suits) are equal."""
        table = _KEYS.get(self)
        if table is None:
            table = _KEYS[self] = {}
        found = table.get(c)
        if found is None:
            found = table[c] = self._key(c)
        return found

    def _key(self, c: Card) -> tuple[str, int]:
        r = c.rank
        if r == RANK_BJ:
            return TRUMP, 100
        if r == RANK_SJ:
            return TRUMP, 99
        if r == self.level:
            return TRUMP, 98 if c.suit == self.suit else 97
        fixed = self.fixed()
        if r in fixed:
            k = fixed.index(r)
            return TRUMP, (96 if c.suit == self.suit else 95) - 2 * k
        if c.suit == self.suit:
            return TRUMP, r
        return str(c.suit), r

    def ladder(self, cls: str) -> tuple[int, ...]:
        """Every order a card of suit class ``cls`` can have, high to low (adjacent = consecutive)."""
        plain = tuple(r for r in range(RANK_A, 3, -1) if r != self.level and r not in FIXED)
        if cls != TRUMP:
            return plain
        tops = [100, 99, 98, 97] + [o for k in range(len(self.fixed())) for o in (96 - 2 * k, 95 - 2 * k)]
        return (*tops, *plain)


class Combo(NamedTuple):
    """A set of cards as played to a trick: ``kind`` single / pair / tractor / throw / mixed, the suit
    class, the number of cards, of pairs, and the order of the highest card (single) or pair."""

    kind: str
    cls: str
    size: int
    pairs: int
    top: int
    run: int = 0  # the most pairs in one tractor (or pair) within it: the shape a ruff of a throw must match


def _pairs(cards: Sequence[Card]) -> list[Card]:
    """The cards held twice (one entry per pair): two decks hold each card at most twice."""
    return [c for c, k in Counter(cards).items() if k >= 2]


def _tractor_orders(pair_orders: Sequence[int], ladder: Sequence[int]) -> bool:
    """True when the distinct orders are consecutive on the ladder."""
    if len(set(pair_orders)) != len(pair_orders):
        return False
    pos = sorted(ladder.index(o) for o in pair_orders)
    return all(b == a + 1 for a, b in itertools.pairwise(pos))


def combo(cards: Sequence[Card], tr: Trumps) -> Combo:
    """What a set of cards is under the trump order (``mixed`` when of several suit classes)."""
    keys = [tr.key(c) for c in cards]
    classes = {k[0] for k in keys}
    n = len(cards)
    if len(classes) != 1:
        return Combo("mixed", "", n, len(_pairs(cards)), 0)
    cls = keys[0][0]
    top = max(k[1] for k in keys)
    if n == 1:
        return Combo("single", cls, 1, 0, top)
    counts = Counter(cards)
    if n % 2 == 0 and all(k == 2 for k in counts.values()):
        orders = [tr.key(c)[1] for c in counts]
        if n == 2:
            return Combo("pair", cls, 2, 1, top, 1)
        if _tractor_orders(orders, tr.ladder(cls)):
            return Combo("tractor", cls, n, n // 2, top, n // 2)
    return Combo("throw", cls, n, len(_pairs(cards)), top, longest_tractor(cards, cls, tr))


def longest_tractor(cards: Sequence[Card], cls: str, tr: Trumps) -> int:
    """The most pairs in one tractor that ``cards`` hold in suit class ``cls`` (1 for a lone pair, 0
    for none)."""
    orders = {tr.key(c)[1] for c in _pairs(cards) if tr.key(c)[0] == cls}
    ladder = tr.ladder(cls)
    pos = sorted(ladder.index(o) for o in orders)
    run = best = 0
    for i, p in enumerate(pos):
        run = run + 1 if i and p == pos[i - 1] + 1 else 1
        best = max(best, run)
    return best


def has_tractor(cards: Sequence[Card], cls: str, length: int, tr: Trumps) -> bool:
    """True when ``cards`` hold a tractor of ``length`` pairs in suit class ``cls``."""
    return longest_tractor(cards, cls, tr) >= length


def why_not_follow(hand: Sequence[Card], lead: Combo, play: Sequence[Card], tr: Trumps) -> tuple[str, str] | None:
    """Why ``play`` (from ``hand``, before it) does not follow ``lead`` (SJ-FOLLOW), or None."""
    cls = lead.cls
    mine = [c for c in hand if tr.key(c)[0] == cls]
    played = [c for c in play if tr.key(c)[0] == cls]
    need = min(len(mine), lead.size)
    zh_s, en_s = SUIT_ZH.get(cls, cls), SUIT_EN.get(cls, cls)
    if len(played) < need:
        return (
            f"首家出{zh_s}，手中有{len(mine)}张{zh_s}，须跟{need}张，只跟了{len(played)}张",
            f"{en_s} were led and the seat holds {len(mine)}: it must follow with {need}, it played {len(played)}",
        )
    if lead.pairs == 0 or len(mine) <= lead.size:
        return None  # a single led, or every card of the suit played anyway
    if (
        lead.kind == "tractor"
        and has_tractor(mine, cls, lead.pairs, tr)
        and not has_tractor(played, cls, lead.pairs, tr)
    ):
        return (
            "首家出拖拉机，手中有同门拖拉机，须跟拖拉机",
            f"a tractor was led and the seat holds a tractor of {en_s}: it must follow with one",
        )
    held = len(_pairs(mine))
    owed = min(lead.pairs, held)
    got = len(_pairs(played))
    if got < owed:
        led_zh = {"pair": "首家出对", "tractor": "首家出拖拉机"}.get(lead.kind, "首家甩牌带对")
        led_en = {"pair": "a pair was led", "tractor": "a tractor was led"}.get(lead.kind, "a throw with pairs was led")
        return (
            f"{led_zh}，手中有{held}对{zh_s}，须跟{owed}对，只跟了{got}对",
            f"{led_en} and the seat holds {_n(held, 'pair')} of {en_s}: it must follow with {_n(owed, 'pair')}, "
            f"it played {got}",
        )
    return None


def _n(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def trick_strength(cards: Sequence[Card], lead: Combo, tr: Trumps, leading: bool) -> tuple[int, int] | None:
    """How strongly a play contends for the trick: (trumped, order), or None when it cannot win."""
    c = combo(cards, tr)
    if leading:
        return (1 if lead.cls == TRUMP else 0, lead.top)
    if lead.kind == "throw":  # only a ruff of the same shape (as many pairs, as long a tractor) contends
        if (
            lead.cls != TRUMP
            and c.cls == TRUMP
            and c.size == lead.size
            and c.pairs >= lead.pairs
            and longest_tractor(cards, TRUMP, tr) >= lead.run
        ):
            orders = [tr.key(x)[1] for x in (_pairs(cards) if lead.pairs else cards)]
            return (1, max(orders))
        return None
    if c.kind != lead.kind or c.size != lead.size:
        return None
    if c.cls == lead.cls:
        return (1 if lead.cls == TRUMP else 0, c.top)
    if c.cls == TRUMP:
        return (1, c.top)
    return None


def trick_winner(plays: Sequence[tuple[int, tuple[Card, ...]]], tr: Trumps) -> int:
    """The seat that wins a trick of (seat, cards) plays in order (the earlier of equals)."""
    lead = combo(plays[0][1], tr)
    best_seat, best = plays[0][0], trick_strength(plays[0][1], lead, tr, True)
    for seat, cards in plays[1:]:
        s = trick_strength(cards, lead, tr, False)
        if s is not None and best is not None and s > best:
            best_seat, best = seat, s
    return best_seat


class Trick(NamedTuple):
    """A finished trick: who led, the plays in order, the winner and the points it held."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int
    points: int


class SjState(NamedTuple):
    """One moment of a 升级 deal."""

    n: int
    phase: str
    hands: tuple[Hand, ...]
    kitty: tuple[Card, ...] | None  # the kitty as dealt (None when the record does not give it)
    kitty_size: int
    levels: tuple[int, int]  # each side's level rank before the deal
    declarations: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    winner: int = -1  # index in declarations of the declaration that stands
    trumps: Trumps | None = None
    declarer: int = -1  # the seat whose declaration stands (庄)
    pending: tuple[tuple[int, int, str, int], ...] = ()  # exchanges due: (from, to, kind, declaration index)
    buried: tuple[Card, ...] = ()
    leader: int = -1
    to_act: int = -1
    trick: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # plays of the trick in progress
    lead: Combo | None = None
    tricks: tuple[Trick, ...] = ()
    points: tuple[int, int] = (0, 0)  # card points won in tricks per side
    kitty_points: int = 0  # points of the buried cards that went to the last trick's side (multiplied)
    passed: tuple[int, ...] = ()  # seats that said they do not declare (不定主), in order

    @property
    def terminal(self) -> bool:
        """True when the deal is over (or void)."""
        return self.phase in (OVER, VOID)

    @property
    def declarers(self) -> int:
        """The declaring side (-1 before a declaration stands)."""
        return -1 if self.declarer == -1 else team(self.declarer)

    @property
    def defenders_points(self) -> int:
        """The defenders' points: tricks won, and the kitty when they won the last trick."""
        if self.declarer == -1:
            return 0
        d = 1 - team(self.declarer)
        return self.points[d] + (self.kitty_points if self.tricks and team(self.tricks[-1].winner) == d else 0)


def _cards(cards: Sequence[Card]) -> tuple[str, str]:
    return format_cards_zh(cards), format_cards(cards)


class Shengji:
    """The rules of one 升级 deal under one profile."""

    game: ClassVar[str] = "shengji"
    game_zh: ClassVar[str] = "升级"
    n: ClassVar[int] = 4
    decks: ClassVar[int] = 2
    removed_ranks: frozenset[int] = frozenset()
    twos_attach = False

    def __init__(self, profile: Profile, meta: Mapping[str, Any] | None = None) -> None:
        if profile.game != self.game:
            raise ValueError(f"profile {profile.name!r} is for {profile.game}, not {self.game}")
        self.profile = profile
        self.meta = dict(meta or {})
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

    def initial(
        self, hands: tuple[tuple[Card | None, ...] | None, ...] | None, extra: Mapping[str, Any] | None = None
    ) -> SjState:
        """The state as dealt; ``extra`` gives the kitty (cards or None) and the sides' levels (tokens)."""
        extra = extra or {}
        sizes = self.hand_sizes()
        if hands is None:
            built = tuple(Hand.unknown_of(sizes[s]) for s in range(4))
        else:
            built = tuple(Hand.unknown_of(sizes[s]) if h is None else Hand.dealt(h) for s, h in enumerate(hands))
        kitty = extra.get("kitty")
        levels = extra.get("levels") or (self.levels[0], self.levels[0])
        lv = tuple(level_rank(t) if t in _LEVEL_RANK else level_rank(self.levels[0]) for t in levels)
        return SjState(
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

    def check_start(self, st: SjState) -> list[tuple[str, int | None, str, str]]:
        """Nothing beyond check_deal."""
        return []

    def view(self, st: SjState, step: int, profile: Profile) -> StepView:
        """The table after ``step`` events, as plain values."""
        return shengji_view(self, st, step)

    def check_deal(
        self,
        hands: tuple[tuple[Card | None, ...] | None, ...] | None,
        unverified: list[str],
        kitty: Sequence[Card] | None = None,
        levels: Sequence[str] | None = None,
    ) -> list[tuple[str, int | None, str, str]]:
        """Problems with the deal (SJ-DEAL: sizes, two decks; SJ-LEVEL: the levels)."""
        out: list[tuple[str, int | None, str, str]] = []
        size = self.hand_sizes()[0]
        for s, h in enumerate(hands or ()):
            if h is not None and len(h) != size:
                out.append(
                    (
                        "SJ-DEAL",
                        s,
                        f"座位{s}发到{len(h)}张，应为{size}张",
                        f"seat {s} was dealt {len(h)} cards, not {size}",
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
        known = [c for h in (hands or ()) if h is not None for c in h if c is not None] + list(kitty or ())
        counts = Counter(c for c in known if c.suit is not None or c.rank >= RANK_SJ)
        over = sorted((c for c, k in counts.items() if k > 2), key=lambda c: c.slot)
        if over:
            out.append(
                (
                    "SJ-DEAL",
                    None,
                    f"两副牌中每张牌只有两张：{format_cards_zh(over)} 多于两张",
                    f"two decks hold each card twice: {format_cards(over)} appear(s) more often",
                )
            )
        if hands is None or any(h is None or None in h for h in hands) or kitty is None:
            unverified.append("deal: not every hand and the kitty are given, so the two decks were not checked in full")
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

    # -- stepping ---------------------------------------------------------------------------------

    def step(self, st: SjState, ev: Event) -> Outcome:
        """The next state and the ruling on ``ev`` (illegal events leave the state unchanged)."""
        if st.terminal:
            if st.phase == VOID:
                return Outcome(st, "SJ-DECLARE", "无人定主：本局作废，重新发牌", "nobody declared: the deal is void")  # type: ignore[arg-type]
            return Outcome(st, "SJ-TRICK", "本局已结束", "the deal is over")  # type: ignore[arg-type]
        if not 0 <= ev.seat < 4:
            return Outcome(st, "LOG", f"没有座位{ev.seat}", f"no seat {ev.seat} in shengji (0-3)")  # type: ignore[arg-type]
        bare = [c for c in ev.cards if c.suit is None and c.rank < RANK_SJ]
        if bare:
            return Outcome(
                st,  # type: ignore[arg-type]
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
                    st._replace(phase=VOID),  # type: ignore[arg-type]
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
                st,  # type: ignore[arg-type]
                "SJ-EXCHANGE",
                f"先换三张：座位{p[0]}给座位{p[1]}",
                f"the exchange comes first: seat {p[0]} gives seat {p[1]} three cards",
            )
        if isinstance(ev, Bury):
            return self._bury(st, ev)
        if st.phase == KITTY:
            return Outcome(
                st,  # type: ignore[arg-type]
                "SJ-DEAL",
                f"庄家座位{st.declarer}须先扣底{st.kitty_size}张",
                f"the declarer, seat {st.declarer}, buries {st.kitty_size} cards first",
            )
        if type(ev) is Play:
            return self._play(st, ev)
        return Outcome(st, "LOG", f"升级中没有“{ev.action}”这一动作", f"no action {ev.action!r} in shengji")  # type: ignore[arg-type]

    def verify(self, st: SjState, ev: Event) -> None:
        """Raise IllegalAction when ``ev`` is not legal in ``st``."""
        out = self.step(st, ev)
        if out.rule is not None:
            raise IllegalAction(out.rule, out.message_en, out.message_zh)

    def can(self, st: SjState, ev: Event) -> bool:
        """True when ``ev`` is legal in ``st``."""
        return self.step(st, ev).rule is None

    def apply(self, st: SjState, ev: Event) -> SjState:
        """The state after a legal ``ev``; raises IllegalAction otherwise."""
        out = self.step(st, ev)
        if out.rule is not None:
            raise IllegalAction(out.rule, out.message_en, out.message_zh)
        return out.state  # type: ignore[return-value]

    def force(self, st: SjState, ev: Event) -> SjState:
        """The table after an illegal event, as a referee carries on: a card play the seat could make
        in its turn is taken as played; any event after a declaration phase with no declaration leaves
        the deal void; anything else is ignored."""
        if st.phase == DECLARE and not st.declarations and not isinstance(ev, (Declare, Pass)):
            return st._replace(phase=VOID)
        if type(ev) is not Play or st.phase != PLAY or ev.seat != st.to_act:
            return st
        hand = st.hands[ev.seat].remove(ev.cards)
        if hand is None or (st.trick and len(ev.cards) != st.lead.size):  # type: ignore[union-attr]
            return st
        return self._put(st, ev.seat, ev.cards, hand)

    # -- declarations and the exchange ----------------------------------------------------------------

    def _declare(self, st: SjState, ev: Declare) -> Outcome:
        s, cards = ev.seat, ev.cards
        zh, en = _cards(cards)
        if st.phase != DECLARE:
            return Outcome(
                st, "SJ-DECLARE", f"定主已结束，座位{s}不能再定", f"declarations are over: seat {s} cannot declare now"
            )  # type: ignore[arg-type]
        jokers = [c for c in cards if c.rank >= RANK_SJ]
        rest = [c for c in cards if c.rank < RANK_SJ]
        if len(cards) != 3 or len(jokers) != 1 or len(rest) != 2 or rest[0] != rest[1] or rest[0].suit is None:
            return Outcome(
                st,  # type: ignore[arg-type]
                "SJ-DECLARE",
                f"{zh} 不能定主：须一张王加一对同色牌",
                f"{en} cannot declare: it takes one joker and a pair of one suit",
            )
        if any(d[0] == s for d in st.declarations):
            return Outcome(st, "SJ-DECLARE", f"座位{s}已经定过主", f"seat {s} has declared already")  # type: ignore[arg-type]
        if s in st.passed:
            return Outcome(st, "SJ-DECLARE", f"座位{s}已说不定主", f"seat {s} said it does not declare")  # type: ignore[arg-type]
        if st.hands[s].remove(cards) is None:
            return Outcome(st, "LOG", f"座位{s}手中没有 {zh}", f"seat {s} does not hold {en}")  # type: ignore[arg-type]
        return Outcome(st._replace(declarations=(*st.declarations, (s, tuple(cards)))))  # type: ignore[arg-type]

    def _pass(self, st: SjState, s: int) -> Outcome:
        """不定主: the seat declares nothing this deal. When all four seats pass, the deal is void."""
        if any(d[0] == s for d in st.declarations):
            zh, en = (
                f"座位{s}已经定主：它的不定主不改变什么，定主照旧",
                f"seat {s} has declared already: its pass changes nothing and its declaration stands",
            )
            return repeated(st, zh, en, "SJ-DECLARE", reason="pass")
        if s in st.passed:
            zh, en = (
                f"座位{s}已说过不定主：再说一遍不改变什么",
                f"seat {s} has passed already: saying it again changes nothing",
            )
            return repeated(st, zh, en, "SJ-DECLARE", reason="pass")
        new = st._replace(passed=(*st.passed, s))
        if len(new.passed) == 4:
            fx = ("nobody declared: the deal is void (无人定主，重新发牌)",)
            return Outcome(new._replace(phase=VOID), effects=fx)  # type: ignore[arg-type]
        return Outcome(new)  # type: ignore[arg-type]

    def declaration_key(self, k: int, cards: Sequence[Card]) -> tuple[int, ...]:
        """How strong the ``k``-th declaration is (bigger eats smaller; SJ-DECLARE, ``declare_compare``)."""
        joker = max(c.rank for c in cards)
        pair = min(c.rank for c in cards)
        if self.declare_compare == "pair_rank":
            return (joker, pair, -k)
        return (joker, -k)

    def _resolve(self, st: SjState) -> SjState:
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

    def _after_exchange(self, st: SjState) -> SjState:
        """The declarer takes the kitty (when there is one), or leads the first trick."""
        if st.kitty_size:
            hand = st.hands[st.declarer]
            taken = hand.add(st.kitty) if st.kitty is not None else _with_unknown(hand, st.kitty_size)
            hands = tuple(taken if s == st.declarer else h for s, h in enumerate(st.hands))
            return st._replace(phase=KITTY, hands=hands, to_act=st.declarer)
        return st._replace(phase=PLAY, leader=st.declarer, to_act=st.declarer)

    def _exchange(self, st: SjState, ev: Exchange) -> Outcome:
        s, cards = ev.seat, ev.cards
        zh, en = _cards(cards)
        if st.phase != EXCHANGE or not st.pending:
            return Outcome(st, "SJ-EXCHANGE", "现在没有要换的牌", "no exchange is due now")  # type: ignore[arg-type]
        frm, to, kind, k = st.pending[0]
        if (s, ev.to) != (frm, to):
            return Outcome(
                st,  # type: ignore[arg-type]
                "SJ-EXCHANGE",
                f"现在该座位{frm}给座位{to}换牌，不是座位{s}给座位{ev.to}",
                f"seat {frm} gives seat {to} now, not seat {s} to seat {ev.to}",
            )
        hand = st.hands[s].remove(cards)
        if hand is None:
            return Outcome(st, "LOG", f"座位{s}手中没有 {zh}", f"seat {s} does not hold {en}")  # type: ignore[arg-type]
        declared = st.declarations[k][1]
        if kind == "eaten":
            if Counter(cards) != Counter(declared):
                dzh, den = _cards(declared)
                return Outcome(
                    st,  # type: ignore[arg-type]
                    "SJ-EXCHANGE",
                    f"被吃的一方交出所定的牌 {dzh}，不是 {zh}",
                    f"the eaten declaration hands over its cards {den}, not {en}",
                )
        else:
            why = self._why_not_return(st.hands[s], declared, cards)
            if why is not None:
                return Outcome(st, "SJ-EXCHANGE", why[0], why[1])  # type: ignore[arg-type]
        hands = list(st.hands)
        hands[s] = hand
        hands[to] = hands[to].add(cards)
        new = st._replace(hands=tuple(hands), pending=st.pending[1:])
        if not new.pending:
            new = self._after_exchange(new)
        return Outcome(new)  # type: ignore[arg-type]

    def _why_not_return(self, hand: Hand, declared: Sequence[Card], cards: Sequence[Card]) -> tuple[str, str] | None:
        """Why ``cards`` are not what the winner owes the declaration it ate (吃什么色给什么色的牌，
        吃的王要回张固定主): as many cards of the eaten suit as it holds, up to two, and a fixed trump
        (2, 3 or 5) for the eaten joker when it holds one; or None."""
        zh, en = _cards(cards)
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
        return (
            f"{zh} 不合“吃什么色给什么色的牌，吃的王要回张固定主”：须给{SUIT_ZH[str(suit)]}两张（有几张给几张）和一张固定主（2、3、5）",
            f"{en} is not what the eaten side is owed: up to two {SUIT_EN[str(suit)]} and a fixed trump (2, 3 or 5)",
        )

    def _bury(self, st: SjState, ev: Bury) -> Outcome:
        s, cards = ev.seat, ev.cards
        zh, en = _cards(cards)
        if st.phase != KITTY:
            return Outcome(st, "SJ-DEAL", "现在不是扣底的时候", "this is not the time to bury the kitty")  # type: ignore[arg-type]
        if s != st.declarer:
            return Outcome(
                st, "SJ-DEAL", f"只有庄家座位{st.declarer}扣底", f"only the declarer, seat {st.declarer}, buries"
            )  # type: ignore[arg-type]
        if len(cards) != st.kitty_size:
            return Outcome(
                st,  # type: ignore[arg-type]
                "SJ-DEAL",
                f"扣底须{st.kitty_size}张，扣了{len(cards)}张",
                f"the kitty is {st.kitty_size} cards, {len(cards)} were buried",
            )
        hand = st.hands[s].remove(cards)
        if hand is None:
            return Outcome(st, "LOG", f"座位{s}手中没有 {zh}", f"seat {s} does not hold {en}")  # type: ignore[arg-type]
        hands = tuple(hand if k == s else h for k, h in enumerate(st.hands))
        return Outcome(st._replace(hands=hands, buried=tuple(cards), phase=PLAY, leader=s, to_act=s))  # type: ignore[arg-type]

    # -- tricks -----------------------------------------------------------------------------------

    def _play(self, st: SjState, ev: Play) -> Outcome:
        s, cards = ev.seat, ev.cards
        if st.phase != PLAY:
            return Outcome(st, "SJ-TRICK", "还不到出牌的时候", "play has not begun")  # type: ignore[arg-type]
        if s != st.to_act:
            return Outcome(
                st,  # type: ignore[arg-type]
                "SJ-TRICK",
                f"轮到座位{st.to_act}出牌，不是座位{s}",
                f"it is seat {st.to_act}'s turn, not seat {s}'s",
            )
        before = st.hands[s]
        if before.fully_known:
            before.known_cards()  # cached before the play: the hand after it inherits the cards
        hand = before.remove(cards)
        if hand is None:
            zh, en = _cards(cards)
            return Outcome(st, "LOG", f"座位{s}手中没有 {zh}", f"seat {s} does not hold {en}")  # type: ignore[arg-type]
        tr = st.trumps
        assert tr is not None
        unverified: tuple[str, ...] = ()
        if not st.trick:
            c = combo(cards, tr)
            if c.kind in ("mixed", "throw"):
                zh, en = _cards(cards)
            if c.kind == "mixed":
                natural = {x.suit for x in cards if x.rank < RANK_SJ}
                rule = "SJ-TRUMPS" if len(natural) == 1 else "SJ-TRICK"
                return Outcome(
                    st,  # type: ignore[arg-type]
                    rule,
                    f"{zh} 不是同一门：主牌（王、级牌、2、3、5 和主花色）算一门，其余各花色各一门",
                    f"{en} is not of one suit: trumps (jokers, level cards, 2, 3, 5 and the trump suit) are one suit",
                )
            if c.kind == "throw":
                if not self.throws:
                    return Outcome(
                        st,  # type: ignore[arg-type]
                        "SJ-TRICK",
                        f"{zh} 不是单张、对子或拖拉机（本规则不许甩牌）",
                        f"{en} is not a single, a pair or a tractor (this profile allows no throws)",
                    )
                why = self._why_not_throw(st, s, cards, tr)
                if why is not None:
                    return Outcome(st, "SJ-TRICK", why[0], why[1])  # type: ignore[arg-type]
                if any(not h.fully_known for k, h in enumerate(st.hands) if k != s):
                    unverified = (f"a throw by seat {s}: other hands are not all known, so it was not checked",)
            new = self._put(st, s, cards, hand)
            return Outcome(new, unverified=unverified)  # type: ignore[arg-type]
        lead = st.lead
        assert lead is not None
        if len(cards) != lead.size:
            return Outcome(
                st,  # type: ignore[arg-type]
                "SJ-FOLLOW",
                f"首家出{lead.size}张，须跟{lead.size}张，不是{len(cards)}张",
                f"{lead.size} cards were led: the seat must play {lead.size}, not {len(cards)}",
            )
        if before.fully_known:
            why = why_not_follow(before.known_cards(), lead, cards, tr)
            if why is not None:
                zh, en = _cards(cards)
                return Outcome(st, "SJ-FOLLOW", f"座位{s}出 {zh}：{why[0]}", f"seat {s} plays {en}: {why[1]}")  # type: ignore[arg-type]
        else:
            unverified = (f"seat {s}'s hand is not fully known: following was not checked",)
        return Outcome(self._put(st, s, cards, hand), unverified=unverified)  # type: ignore[arg-type]

    def _why_not_throw(self, st: SjState, s: int, cards: Sequence[Card], tr: Trumps) -> tuple[str, str] | None:
        """A throw (甩牌) stands when no other seat can beat any of its singles or pairs in that suit."""
        cls = tr.key(cards[0])[0]
        pairs = _pairs(cards)
        singles = [c for c in cards if c not in pairs]
        low_single = min((tr.key(c)[1] for c in singles), default=None)
        low_pair = min((tr.key(c)[1] for c in pairs), default=None)
        for k, h in enumerate(st.hands):
            if k == s or not h.fully_known:
                continue
            theirs = [c for c in h.known_cards() if tr.key(c)[0] == cls]
            if low_single is not None and any(tr.key(c)[1] > low_single for c in theirs):
                return (f"甩牌失败：座位{k}能管住其中的单张", f"the throw fails: seat {k} can beat a single in it")
            if low_pair is not None and any(tr.key(c)[1] > low_pair for c in _pairs(theirs)):
                return (f"甩牌失败：座位{k}能管住其中的对子", f"the throw fails: seat {k} can beat a pair in it")
        return None

    def _put(self, st: SjState, s: int, cards: Sequence[Card], hand: Hand) -> SjState:
        """The state after seat ``s`` plays ``cards`` to the trick (closing it after the fourth play)."""
        hands = tuple(hand if k == s else h for k, h in enumerate(st.hands))
        trick = (*st.trick, (s, tuple(cards)))
        tr = st.trumps
        assert tr is not None
        lead = st.lead if st.trick else combo(cards, tr)
        if len(trick) < 4:
            return st._replace(hands=hands, trick=trick, lead=lead, to_act=(s + 1) % 4)
        win = trick_winner(trick, tr)
        pts = card_points([c for _, cs in trick for c in cs])
        points = list(st.points)
        points[team(win)] += pts
        done = Trick(trick[0][0], trick, win, pts)
        new = st._replace(
            hands=hands,
            trick=(),
            lead=None,
            tricks=(*st.tricks, done),
            points=(points[0], points[1]),
            leader=win,
            to_act=win,
        )
        if all(h.size == 0 for h in hands):
            mult = self.kitty_multiplier
            new = new._replace(phase=OVER, to_act=-1, kitty_points=card_points(st.buried) * mult)
        return new

    # -- who may act ------------------------------------------------------------------------------

    def actors(self, st: SjState) -> dict[int, tuple[str, ...]]:
        """Each seat that may act now and how: declare, exchange, bury, play."""
        if st.terminal:
            return {}
        if st.phase == DECLARE:
            spoken = {d[0] for d in st.declarations} | set(st.passed)
            out = {s: ("declare", "pass") for s in range(4) if s not in spoken}
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

    def why(self, st: SjState, seat: int) -> tuple[str, str]:
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
                    f"定主被吃：把所定的三张交给座位{to}",
                    f"its declaration was eaten: it hands its three cards to seat {to}",
                )
            return (f"吃了座位{to}的主：换给它三张", f"it ate seat {to}'s declaration: it gives three cards back")
        if st.phase == KITTY:
            return ("庄家拿底后扣底", "the declarer took the kitty and buries as many cards")
        if not st.trick:
            return (
                "上一墩最大：领出" if st.tricks else "庄家首出",
                "won the last trick: it leads" if st.tricks else "the declarer leads the first trick",
            )
        return ("按顺序跟牌", "follows in turn")

    # -- legal actions ----------------------------------------------------------------------------

    def legal_actions(self, st: SjState) -> Iterator[Event]:
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
                for pair in _pairs([c for c in held if c.rank < RANK_SJ]):
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
            held = sorted(
                st.hands[st.declarer].known_cards(), key=lambda c: (st.trumps.key(c)[0] == TRUMP, st.trumps.key(c)[1])
            )  # type: ignore[union-attr]
            if len(held) >= st.kitty_size:
                yield Bury(st.declarer, cards=tuple(held[: st.kitty_size]))
            return
        yield from (Play(st.to_act, cards=c) for c in self.plays_for(st, st.to_act))

    def _returns(self, st: SjState, frm: int, to: int, k: int) -> Iterator[Exchange]:
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

    def plays_for(self, st: SjState, seat: int) -> list[tuple[Card, ...]]:
        """The plays worth listing for the seat now: every single, pair and tractor to lead; to
        follow, the plays that follow (all of them for a single, the shapes that follow otherwise)."""
        tr = st.trumps
        if tr is None or st.phase != PLAY:
            return []
        held = st.hands[seat].known_cards()
        if not st.trick:
            out: list[tuple[Card, ...]] = [(c,) for c in dict.fromkeys(held)]
            pairs = _pairs(held)
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


def tractors(cards: Sequence[Card], cls: str, length: int, tr: Trumps) -> list[tuple[Card, ...]]:
    """Every tractor of ``length`` pairs in suit class ``cls`` that ``cards`` hold, as played cards."""
    ladder = tr.ladder(cls)
    pairs = sorted((c for c in _pairs(cards) if tr.key(c)[0] == cls), key=lambda c: ladder.index(tr.key(c)[1]))
    out = []
    for i in range(len(pairs)):
        run = [pairs[i]]
        for c in pairs[i + 1 :]:
            step = ladder.index(tr.key(c)[1]) - ladder.index(tr.key(run[-1])[1])
            if step == 1:
                run.append(c)
                if len(run) == length:
                    out.append(tuple(x for p in run for x in (p, p)))
                    break
            elif step > 1:
                break
    return out


def follow_options(held: Sequence[Card], lead: Combo, tr: Trumps) -> list[tuple[Card, ...]]:
    """Plays that follow ``lead`` from ``held``: for a single every card it may play; for more cards
    the shapes a player weighs (tractors, the pairs it owes, then its lowest cards), each accepted by
    ``why_not_follow``."""
    n = lead.size
    mine = sorted((c for c in held if tr.key(c)[0] == lead.cls), key=lambda c: tr.key(c)[1])
    others = sorted((c for c in held if tr.key(c)[0] != lead.cls), key=lambda c: (tr.key(c)[0] == TRUMP, tr.key(c)[1]))
    if n == 1:
        return [(c,) for c in dict.fromkeys(mine or others)]
    out: list[tuple[Card, ...]] = []
    if len(mine) <= n:
        for k in range(max(1, min(3, len(others) - (n - len(mine)) + 1))):
            out.append(tuple(mine) + tuple(others[k : k + n - len(mine)]))
        if lead.cls != TRUMP and len(mine) == 0:  # void: a ruff of the same shape, too
            trumps = [c for c in held if tr.key(c)[0] == TRUMP]
            shaped = tractors(trumps, TRUMP, lead.pairs, tr) if lead.kind == "tractor" else []
            if lead.kind == "pair":
                shaped = [(c, c) for c in _pairs(trumps)]
            if lead.kind == "single":
                shaped = [(c,) for c in trumps]
            out += shaped
    else:
        starts: list[list[Card]] = [list(t) for t in tractors(mine, lead.cls, lead.pairs, tr)] if lead.pairs > 1 else []
        pairs = _pairs(mine)
        for k in range(len(pairs) + 1):
            starts.append([c for p in pairs[k : k + lead.pairs] for c in (p, p)])
        for chosen in starts:
            spare = Counter(mine)
            spare.subtract(chosen)
            rest = []
            for c in mine:
                if spare[c] > 0:
                    rest.append(c)
                    spare[c] -= 1
            cards = tuple(chosen + rest[: n - len(chosen)])
            if len(cards) == n:
                out.append(cards)
    return [c for c in dict.fromkeys(out) if len(c) == n and why_not_follow(held, lead, c, tr) is None]


def _with_unknown(hand: Hand, k: int) -> Hand:
    """A hand that received ``k`` unknown cards."""
    return Hand(hand.supply, hand.demand, hand.unknown + k, hand.deficit, hand.size + k)


def shengji_view(eng: Any, st: SjState, step: int) -> StepView:
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
        table_gouji=False,
        hands={s: h.cards_or_unknown() for s, h in enumerate(st.hands)},
        finished=(),
        counts_shown={},
        passed=(),
        burners=(),
        failed_burners=(),
        headless=(),
        chaos=False,
        deadlevel=None,
        revolution=None,
        tricks={
            "phase": st.phase,
            "trump_suit": None if tr is None else tr.suit,
            "level": None if tr is None else RANK_LEVEL[tr.level],
            "declarer": None if st.declarer == -1 else st.declarer,
            "declarations": [{"seat": s, "cards": list(tokens(cs))} for s, cs in st.declarations],
            "trick": [{"seat": s, "cards": list(tokens(cs))} for s, cs in st.trick],
            "tricks_done": len(st.tricks),
            "last_trick": None
            if last is None
            else {
                "leader": last.leader,
                "winner": last.winner,
                "points": last.points,
                "plays": [{"seat": s, "cards": list(tokens(cs))} for s, cs in last.plays],
            },
            "points": list(st.points),
            "defenders_points": st.defenders_points,
            "buried": list(tokens(st.buried)) if st.buried else [],
        },
    )
