"""Cards of the climbing games: ranks, suits, parsing and printing.

A card is a rank (3 … A, 2, small joker, big joker) and, for ranks 3 … 2, a suit. A card may also be
*suitless* (``Q``, ``10``): score sheets of 够级 seldom note suits because suits never matter for
beating (CARD-ORDER). Cards are interned value objects: ``Card("QH") is Card("qh")``.

Accepted tokens: ``9S``, ``TS`` or ``10S``, ``QH``, ``SJ``, ``BJ``; suit symbols before or after the
rank (``♠9``, ``9♠``); Chinese joker names 大王/小王/大花/小花 (also 大鬼/小鬼, 大虎/小虎); a bare rank
(``Q``, ``10``, ``2``) for a suitless card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import ClassVar

from replay.core.clip import CARDS_LIMIT, cards_shown
from replay.core.errors import FupanError
from replay.core.said import said, zh_of

# Ranks: 3..14 are 3..A, 15 is the 2, 16 the small joker, 17 the big joker.
RANK_3, RANK_10, RANK_J, RANK_Q, RANK_K, RANK_A = 3, 10, 11, 12, 13, 14
RANK_2, RANK_SJ, RANK_BJ = 15, 16, 17
RANKS = tuple(range(3, 18))
PLAIN_RANKS = tuple(range(3, 16))  # ranks that have suits (3 … 2)

SUITS = "SHDC"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_ZH = {"S": "黑桃", "H": "红桃", "D": "方块", "C": "梅花"}

RANK_NAME = {
    3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    11: "J", 12: "Q", 13: "K", 14: "A", 15: "2", 16: "SJ", 17: "BJ",
}  # fmt: skip
RANK_ZH = {**{r: RANK_NAME[r] for r in range(3, 16)}, RANK_SJ: "小王", RANK_BJ: "大王"}
_RANK_TOKEN = {name: r for r, name in RANK_NAME.items() if r < RANK_SJ}
_RANK_TOKEN["T"] = 10
_JOKER_TOKEN = {
    "SJ": RANK_SJ, "BJ": RANK_BJ, "小王": RANK_SJ, "大王": RANK_BJ, "小花": RANK_SJ,
    "大花": RANK_BJ, "小鬼": RANK_SJ, "大鬼": RANK_BJ, "小虎": RANK_SJ, "大虎": RANK_BJ,
    "RJ": RANK_BJ, "LJ": RANK_SJ,
}  # fmt: skip

# Slots: every card maps to a slot index in a 15 x 5 grid (rank, suit or "no suit").
N_SLOTS = 75


def slot_of(rank: int, suit: str | None) -> int:
    """The slot index of a (rank, suit) pair; suit None means suitless or a joker."""
    return (rank - 3) * 5 + (4 if suit is None else SUITS.index(suit))


_REASON_ZH = {  # why a token is no card, in Chinese
    "rank out of range": "牌点超出范围",
    "the suit must be one of S, H, D, C": "花色必须是 S、H、D、C 之一",
    "jokers have no suit": "王没有花色",
    "not a string": "不是文字",
    "empty": "是空的",
}


class CardError(FupanError):
    """A token that is not a card."""

    def __init__(self, token: str, reason: str = "") -> None:
        self.token = token
        msg = f"unknown card {token!r}"
        zh = f"不认识的牌 {token!r}"
        if reason:
            msg += f": {reason}"
            zh += f"：{_REASON_ZH.get(reason, zh_of(reason))}"
        msg += " (expected e.g. 9S, 10S or TS, QH, SJ, BJ, ♠9, 大王; or a bare rank such as Q)"
        zh += "（应如 9S、10S 或 TS、QH、SJ、BJ、♠9、大王；或只写牌点，如 Q）"
        super().__init__(said(zh, msg))


class Card:
    """One card: a rank and a suit (None for jokers and for suitless cards).

    ``Card("10S")`` parses a token and returns the interned card; ``str(card)`` is the canonical
    token (``10S``, ``QH``, ``SJ``, ``Q`` for a suitless queen).
    """

    __slots__ = ("rank", "slot", "suit", "token")
    _interned: ClassVar[dict[tuple[int, str | None], Card]] = {}
    _by_token: ClassVar[dict[str, Card]] = {}

    rank: int
    suit: str | None
    slot: int
    token: str

    def __new__(cls, token: str) -> Card:
        card = cls._by_token.get(token)
        if card is None:
            card = cls._parse(token)
            cls._by_token[token] = card
        return card

    @classmethod
    def of(cls, rank: int, suit: str | None = None) -> Card:
        """The interned card of a rank and suit."""
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is None:
            if rank not in RANKS:
                raise CardError(f"{rank}", "rank out of range")
            if suit is not None and suit not in SUITS:
                raise CardError(f"{RANK_NAME[rank]}{suit}", "the suit must be one of S, H, D, C")
            if suit is not None and rank >= RANK_SJ:
                raise CardError(f"{RANK_NAME[rank]}{suit}", "jokers have no suit")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "slot", slot_of(rank, suit))
            name = RANK_NAME[rank]
            object.__setattr__(card, "token", name + (suit or ""))
            cls._interned[key] = card
        return card

    @classmethod
    def _parse(cls, token: str) -> Card:
        if not isinstance(token, str):
            raise CardError(repr(token), "not a string")
        text = token.strip()
        if not text:
            raise CardError(token, "empty")
        joker = _JOKER_TOKEN.get(text.upper()) or _JOKER_TOKEN.get(text)
        if joker:
            return cls.of(joker)
        suit: str | None = None
        if text[0] in SUIT_SYMBOLS:
            suit, text = SUIT_SYMBOLS[text[0]], text[1:]
        elif text[-1] in SUIT_SYMBOLS:
            suit, text = SUIT_SYMBOLS[text[-1]], text[:-1]
        elif len(text) >= 2 and text[-1].upper() in SUITS and text[:-1].upper() in _RANK_TOKEN:
            suit, text = text[-1].upper(), text[:-1]
        rank = _RANK_TOKEN.get(text.upper())
        if rank is None:
            raise CardError(token)
        return cls.of(rank, suit)

    @property
    def is_joker(self) -> bool:
        """True for the small and the big joker."""
        return self.rank >= RANK_SJ

    @property
    def suitless(self) -> bool:
        """True for a card of rank 3 … 2 written without its suit."""
        return self.suit is None and self.rank < RANK_SJ

    def zh(self) -> str:
        """The card in Chinese: 黑桃Q, 小王, Q (suitless)."""
        if self.suit is None:
            return RANK_ZH[self.rank]
        return SUIT_ZH[self.suit] + RANK_ZH[self.rank]

    def glyph(self) -> str:
        """The card with a suit symbol: ♠Q, SJ."""
        if self.suit is None:
            return RANK_NAME[self.rank]
        return SUIT_GLYPH[self.suit] + RANK_NAME[self.rank]

    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        return f"Card({self.token!r})"

    def __lt__(self, other: Card) -> bool:
        return self.slot < other.slot

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (self.token,))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")


# Every suited card and the jokers, in rank order: the 54 cards of one deck.
DECK: tuple[Card, ...] = tuple(
    [Card.of(r, s) for r in PLAIN_RANKS for s in SUITS] + [Card.of(RANK_SJ), Card.of(RANK_BJ)]
)
SJ = Card.of(RANK_SJ)
BJ = Card.of(RANK_BJ)


#: every token read so far -> its card (``Card(token)`` adds to it): the log reader's fast path looks tokens up here
CARDS_BY_TOKEN: dict[str, Card] = Card._by_token


def card_read(token: str, zh: bool = False) -> str:
    """One card as every page and the ruling sheet show it: a suited card by its suit's mark and its rank (♠Q), a
    suitless one by its rank (Q), the jokers 小王 大王 in Chinese (SJ BJ in English), a token that is no card ?."""
    card = CARDS_BY_TOKEN.get(token)
    if card is None:
        try:
            card = Card(token)
        except CardError:
            return "?"
    if card.suit is None:
        return RANK_ZH[card.rank] if zh else RANK_NAME[card.rank]
    return card.glyph()


def cards_read(tokens: Iterable[str], zh: bool = False) -> list[str]:
    """Cards as every page shows them (``card_read``), in their order."""
    return [card_read(token, zh) for token in tokens]


def parse_cards(tokens: str | Iterable[str]) -> list[Card]:
    """Cards from a whitespace- or comma-separated string or from an iterable of tokens."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    return [Card(t) for t in tokens]


def format_cards(cards: Iterable[Card], high_first: bool = True) -> str:
    """Cards as canonical tokens separated by spaces, sorted by rank (high first by default), for a message: the
    first ``CARDS_LIMIT`` of them then how many there are ("… (633,000 cards)", ``replay.core.clip.cards_shown``)."""
    ordered, count = _first(cards, high_first)
    return cards_shown([c.token for c in ordered], total=count)


def format_cards_zh(cards: Iterable[Card]) -> str:
    """Cards in Chinese (大王 小王 2 A …), sorted high first, suits shown as symbols; cut as ``format_cards``."""
    ordered, count = _first(cards, True)
    return cards_shown([_zh_word(c) for c in ordered], zh=True, total=count)


def card_words(cards: Iterable[Card]) -> tuple[str, str]:
    """Cards as a message names them, (``format_cards_zh``, ``format_cards``), the list read once."""
    ordered, count = _first(cards, True)
    return (
        cards_shown([_zh_word(c) for c in ordered], zh=True, total=count),
        cards_shown([c.token for c in ordered], total=count),
    )


def _zh_word(card: Card) -> str:
    return RANK_ZH[card.rank] if card.suit is None else card.glyph()


def _slot(card: Card) -> int:
    return card.slot


def _first(cards: Iterable[Card], high_first: bool) -> tuple[list[Card], int]:
    """The first ``CARDS_LIMIT`` cards in rank order and how many there are: a long list is counted (cards are one
    object each), not sorted."""
    cards = cards if isinstance(cards, (list, tuple)) else list(cards)
    if len(cards) <= CARDS_LIMIT:
        return sorted(cards, key=_slot, reverse=high_first), len(cards)
    counts = Counter(cards)
    out: list[Card] = []
    for card in sorted(counts, key=_slot, reverse=high_first):
        out += [card] * min(counts[card], CARDS_LIMIT - len(out))
        if len(out) == CARDS_LIMIT:
            break
    return out, len(cards)


def rank_name(rank: int) -> str:
    """The short name of a rank: 3 … 10, J, Q, K, A, 2, SJ, BJ."""
    return RANK_NAME[rank]


def full_decks(n: int, removed_ranks: Iterable[int] = ()) -> list[Card]:
    """n complete decks (54 cards each), less every card of the removed ranks."""
    removed = set(removed_ranks)
    return [c for c in DECK if c.rank not in removed for _ in range(n)]
