"""升级's cards (RULES.md §5): points (SJ-POINTS), the level ladder (SJ-LEVEL), the trump order
(SJ-TRUMPS), what a set of cards is under it (single, pair, tractor, throw), following (SJ-FOLLOW) and
who wins a trick (SJ-TRICK). Plain functions of cards, used by the engine (``replay.games.shengji.engine``)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from replay.core import seats
from replay.core.cards import PLAIN_RANKS, RANK_2, RANK_A, RANK_BJ, RANK_K, RANK_SJ, SUITS, Card

TRUMP = "T"  # the suit class of every trump
SUIT_ZH = {"S": "黑桃", "H": "红桃", "D": "方块", "C": "梅花", TRUMP: "主牌"}
SUIT_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", TRUMP: "trumps"}
SUITLESS = frozenset(Card.of(r) for r in PLAIN_RANKS)  # the cards written without their suit (Card interns them)
FIXED = (5, 3, RANK_2)  # 固定主, high to low (SJ-TRUMPS)
LEVEL_TOKENS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
LEVEL_SEQUENCES = {  # SJ-LEVEL, option ``levels``
    "A-K": LEVEL_TOKENS,  # seed 000: 升级的时候从A到2 3 4 5 6 7 8 9 10 J Q K
    "2-A": (*LEVEL_TOKENS[1:], "A"),  # the common 升级 ladder: 2 up to A
}
_LEVEL_RANK: dict[str, int] = {t: r for t, r in zip(LEVEL_TOKENS, (RANK_A, RANK_2, *range(3, 14)), strict=True)}
RANK_LEVEL = {r: t for t, r in _LEVEL_RANK.items()}


def level_rank(token: str) -> int:
    """The card rank of a level token (``A`` = 14, ``2`` = 15, ``10`` = 10)."""
    return _LEVEL_RANK[token]


_RANK_POINTS = tuple(5 if r == 5 else 10 if r in (10, RANK_K) else 0 for r in range(RANK_BJ + 1))  # by rank


def card_points(cards: Sequence[Card]) -> int:
    """Points of cards (SJ-POINTS): each 5 counts 5, each 10 and K counts 10."""
    points = 0
    for c in cards:
        points += _RANK_POINTS[c.rank]
    return points


#: the side of a seat: 0 (seats 0 and 2) or 1 (seats 1 and 3), as ``replay.core.seats`` tells it
team = seats.side


_new = tuple.__new__  # a Combo by place, without its class's interpreted __new__ (and its lookup on tuple)
#: every card there is (each rank of each suit, the jokers, and the suitless cards a record may write)
_EVERY_CARD = (*(Card.of(r, s) for r in PLAIN_RANKS for s in (*SUITS, None)), Card.of(RANK_SJ), Card.of(RANK_BJ))


class _Orders(dict["Trumps", dict[Card, tuple[str, int]]]):
    """Trumps -> its keys, card -> (suit class, order), every card's made the first time the order is asked for (4
    suits x 13 levels at most). The keys are a plain dict: an item of a dict subclass (one with ``__missing__``, as
    this one) is a call of ``__getitem__`` through its slot, several times a plain dict's item, and the loops over a
    trick's or a hand's cards take one item a card; this table's item is taken once a loop."""

    def __missing__(self, tr: Trumps) -> dict[Card, tuple[str, int]]:
        fixed = tr.fixed()
        found = self[tr] = {c: tr._key(c, fixed) for c in _EVERY_CARD}
        return found


_KEYS = _Orders()


def keys_of(tr: Trumps) -> dict[Card, tuple[str, int]]:
    """``tr.key`` as a mapping, card -> (suit class, order): for the loops over many cards."""
    return _KEYS[tr]  # (an item, not .get: no bound method made a call)


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
        return _KEYS[self][c]  # (keys_of(self)[c], without its call)

    def _key(self, c: Card, fixed: tuple[int, ...]) -> tuple[str, int]:
        """``key`` worked out (``fixed``: ``self.fixed()``)."""
        r = c.rank
        if r == RANK_BJ:
            return TRUMP, 100
        if r == RANK_SJ:
            return TRUMP, 99
        if r == self.level:
            return TRUMP, 98 if c.suit == self.suit else 97
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


class _Singles(dict[tuple[str, int], Combo]):
    """A card's key (suit class, order) -> the single of it, each made the first time it is asked for (a Combo is
    a value: one of each will do)."""

    def __missing__(self, key: tuple[str, int]) -> Combo:
        found = self[key] = _new(Combo, ("single", key[0], 1, 0, key[1], 0))
        return found


_SINGLES = _Singles()


def pairs_of(cards: Sequence[Card]) -> list[Card]:
    """The cards held twice (one entry per pair): two decks hold each card at most twice."""
    return [c for c, k in counted(cards).items() if k >= 2]


def counted(cards: Sequence[Card]) -> dict[Card, int]:
    """Each card and how often it comes, in the order of first coming (``Counter(cards)``, without its
    interpreted constructor: a play's shape asks it)."""
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return counts


def _tractor_orders(pair_orders: Sequence[int], ladder: Sequence[int]) -> bool:
    """True when the distinct orders are consecutive on the ladder."""
    if len(set(pair_orders)) != len(pair_orders):
        return False
    pos = sorted([ladder.index(o) for o in pair_orders])
    return all([b == a + 1 for a, b in itertools.pairwise(pos)])


def combo(cards: Sequence[Card], tr: Trumps) -> Combo:
    """What a set of cards is under the trump order (``mixed`` when of several suit classes)."""
    table = _KEYS[tr]
    n = len(cards)
    if n == 1:  # a single: most leads of a deal
        return _SINGLES[table[cards[0]]]
    if n == 2 and cards[0] is cards[1]:  # a pair: one card twice (cards are interned)
        cls, top = table[cards[0]]
        return _new(Combo, ("pair", cls, 2, 1, top, 1))  # (by place: Combo's generated __new__ is interpreted)
    keys = [table[c] for c in cards]
    classes = {k[0] for k in keys}
    if len(classes) != 1:
        return Combo("mixed", "", n, len(pairs_of(cards)), 0)
    cls = keys[0][0]
    top = max([k[1] for k in keys])
    if n == 1:
        return Combo("single", cls, 1, 0, top)
    counts = counted(cards)
    if n % 2 == 0 and all([k == 2 for k in counts.values()]):
        orders = [table[c][1] for c in counts]
        if n == 2:
            return Combo("pair", cls, 2, 1, top, 1)
        if _tractor_orders(orders, tr.ladder(cls)):
            return Combo("tractor", cls, n, n // 2, top, n // 2)
    return Combo("throw", cls, n, len(pairs_of(cards)), top, longest_tractor(cards, cls, tr))


def longest_tractor(cards: Sequence[Card], cls: str, tr: Trumps) -> int:
    """The most pairs in one tractor that ``cards`` hold in suit class ``cls`` (1 for a lone pair, 0
    for none)."""
    orders = {tr.key(c)[1] for c in pairs_of(cards) if tr.key(c)[0] == cls}
    ladder = tr.ladder(cls)
    pos = sorted([ladder.index(o) for o in orders])
    run = best = 0
    for i, p in enumerate(pos):
        run = run + 1 if i and p == pos[i - 1] + 1 else 1
        best = max(best, run)
    return best


def has_tractor(cards: Sequence[Card], cls: str, length: int, tr: Trumps) -> bool:
    """True when ``cards`` hold a tractor of ``length`` pairs in suit class ``cls``."""
    return longest_tractor(cards, cls, tr) >= length


def follows_in_suit(lead: Combo, play: Sequence[Card], tr: Trumps) -> bool:
    """True when ``play`` follows ``lead`` whatever else the hand holds (``why_not_follow`` is None for any hand):
    no pair was led and every card played is of the suit class led (most follows)."""
    if lead.pairs or len(play) != lead.size:
        return False
    cls = lead.cls
    table = _KEYS[tr]
    for c in play:  # noqa: SIM110  # a loop, not all() of a generator: compiled, the generator costs an object a call
        if table[c][0] != cls:
            return False
    return True


def why_not_follow(hand: Sequence[Card], lead: Combo, play: Sequence[Card], tr: Trumps) -> tuple[str, str] | None:
    """Why ``play`` (from ``hand``, before it) does not follow ``lead`` (SJ-FOLLOW), or None."""
    if follows_in_suit(lead, play, tr):
        return None
    return why_off_suit(hand, lead, play, tr)


def why_off_suit(hand: Sequence[Card], lead: Combo, play: Sequence[Card], tr: Trumps) -> tuple[str, str] | None:
    """``why_not_follow`` of a play that ``follows_in_suit`` does not clear (the engine has asked that already)."""
    cls = lead.cls
    table = _KEYS[tr]
    played = [c for c in play if table[c][0] == cls]
    mine = [c for c in hand if table[c][0] == cls]
    need = min(len(mine), lead.size)
    if len(played) < need:
        zh_s, en_s = _suit_words(cls)
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
            f"a tractor was led and the seat holds a tractor of {_suit_words(cls)[1]}: it must follow with one",
        )
    held = len(pairs_of(mine))
    owed = min(lead.pairs, held)
    got = len(pairs_of(played))
    if got < owed:
        zh_s, en_s = _suit_words(cls)
        led_zh = {"pair": "首家出对", "tractor": "首家出拖拉机"}.get(lead.kind, "首家甩牌带对")
        led_en = {"pair": "a pair was led", "tractor": "a tractor was led"}.get(lead.kind, "a throw with pairs was led")
        return (
            f"{led_zh}，手中有{held}对{zh_s}，须跟{owed}对，只跟了{got}对",
            f"{led_en} and the seat holds {_n(held, 'pair')} of {en_s}: it must follow with {_n(owed, 'pair')}, "
            f"it played {got}",
        )
    return None


def _suit_words(cls: str) -> tuple[str, str]:
    """A suit class as the rulings name it (zh, en): only a ruling that a play breaks SJ-FOLLOW needs them."""
    return SUIT_ZH.get(cls, cls), SUIT_EN.get(cls, cls)


def _n(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def trick_strength(cards: Sequence[Card], lead: Combo, tr: Trumps, leading: bool) -> tuple[int, int] | None:
    """How strongly a play contends for the trick: (trumped, order), or None when it cannot win."""
    if leading:
        return (1 if lead.cls == TRUMP else 0, lead.top)
    c = combo(cards, tr)
    if lead.kind == "throw":  # only a ruff of the same shape (as many pairs, as long a tractor) contends
        if (
            lead.cls != TRUMP
            and c.cls == TRUMP
            and c.size == lead.size
            and c.pairs >= lead.pairs
            and longest_tractor(cards, TRUMP, tr) >= lead.run
        ):
            orders = [tr.key(x)[1] for x in (pairs_of(cards) if lead.pairs else cards)]
            return (1, max(orders))
        return None
    if c.kind != lead.kind or c.size != lead.size:
        return None
    if c.cls == lead.cls:
        return (1 if lead.cls == TRUMP else 0, c.top)
    if c.cls == TRUMP:
        return (1, c.top)
    return None


def trick_winner(plays: Sequence[tuple[int, tuple[Card, ...]]], tr: Trumps, lead: Combo | None = None) -> int:
    """The seat that wins a trick of (seat, cards) plays in order (the earlier of equals); ``lead``: the first
    play's ``combo``, when the caller has it."""
    if lead is None:
        lead = combo(plays[0][1], tr)
    best_seat = plays[0][0]
    size = lead.size
    if size == 1 or lead.kind == "pair":  # a single or a pair led (most tricks): trick_strength by a key, no Combo made
        table = _KEYS[tr]
        cls = lead.cls
        best_trump, top = cls == TRUMP, lead.top  # a single (pair) of the suit led or of trumps contends, trumps above
        for seat, cards in plays[1:]:
            if len(cards) == size and cards[0] is cards[-1]:  # a single, or a pair: one card twice (cards are interned)
                c_cls, order = table[cards[0]]
                trump = c_cls == TRUMP
                if (c_cls == cls or trump) and (trump > best_trump or (trump == best_trump and order > top)):
                    best_seat, best_trump, top = seat, trump, order
        return best_seat
    best = trick_strength(plays[0][1], lead, tr, True)
    for seat, cards in plays[1:]:
        s = trick_strength(cards, lead, tr, False)
        if s is not None and best is not None and s > best:
            best_seat, best = seat, s
    return best_seat


def tractors(cards: Sequence[Card], cls: str, length: int, tr: Trumps) -> list[tuple[Card, ...]]:
    """Every tractor of ``length`` pairs in suit class ``cls`` that ``cards`` hold, as played cards."""
    ladder = tr.ladder(cls)
    pairs = sorted((c for c in pairs_of(cards) if tr.key(c)[0] == cls), key=lambda c: ladder.index(tr.key(c)[1]))
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
                shaped = [(c, c) for c in pairs_of(trumps)]
            if lead.kind == "single":
                shaped = [(c,) for c in trumps]
            out += shaped
    else:
        starts: list[list[Card]] = [list(t) for t in tractors(mine, lead.cls, lead.pairs, tr)] if lead.pairs > 1 else []
        pairs = pairs_of(mine)
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
