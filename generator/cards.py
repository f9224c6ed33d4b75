"""Cards as small immutable values, with the book's notation and Russian names.

A card is also an int 0..51 (``suit * 13 + rank - 1``): engines keep states as
tuples of those ints, and ``Card`` is the friendly face of the same number.
"""

from __future__ import annotations

import enum
from typing import NamedTuple


class Suit(enum.IntEnum):
    """The four French suits, in the book's order ♠ ♣ ♥ ♦."""

    SPADES = 0
    CLUBS = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def colour(self) -> str:
        """``"red"`` or ``"black"``: what alternating-colour rules compare."""
        return "red" if self.is_red else "black"

    @property
    def name_ru(self) -> str:
        """Nominative plural, as a suit is named: «пики»."""
        return _SUIT_NOMINATIVE[self]

    @property
    def genitive_ru(self) -> str:
        """Genitive plural, as in «десятка пик»."""
        return _SUIT_GENITIVE[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        try:
            return _SUIT_BY_TEXT[text.strip().lower()]
        except KeyError:
            raise ValueError(f"unknown suit {text!r}: use one of ♠ ♣ ♥ ♦") from None


SUIT_SYMBOLS = ("♠", "♣", "♥", "♦")
_SUIT_NOMINATIVE = ("пики", "трефы", "червы", "бубны")
_SUIT_GENITIVE = ("пик", "треф", "червей", "бубен")
_SUIT_BY_TEXT = {
    **{symbol: Suit(i) for i, symbol in enumerate(SUIT_SYMBOLS)},
    # Text-presentation and outlined variants people paste from elsewhere.
    "♤": Suit.SPADES, "♧": Suit.CLUBS, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS,
    "s": Suit.SPADES, "c": Suit.CLUBS, "h": Suit.HEARTS, "d": Suit.DIAMONDS,
}

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS = range(1, 14)

#: Rank symbols of the book: Т (туз), В (валет), Д (дама), К (король).
RANK_SYMBOLS = ("", "Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")
_RANK_NOMINATIVE = (
    "", "туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка",
    "восьмёрка", "девятка", "десятка", "валет", "дама", "король",
)
_RANK_PLURAL = (
    "", "тузы", "двойки", "тройки", "четвёрки", "пятёрки", "шестёрки", "семёрки",
    "восьмёрки", "девятки", "десятки", "валеты", "дамы", "короли",
)
_RANK_BY_TEXT = {symbol.lower(): rank for rank, symbol in enumerate(RANK_SYMBOLS) if symbol}
# Latin look-alikes and English letters, so a user can type on any keyboard.
_RANK_BY_TEXT.update({"t": ACE, "a": ACE, "1": ACE, "j": JACK, "b": JACK, "q": QUEEN, "k": KING})


def rank_symbol(rank: int) -> str:
    return RANK_SYMBOLS[rank]


def rank_name_ru(rank: int, *, plural: bool = False) -> str:
    return (_RANK_PLURAL if plural else _RANK_NOMINATIVE)[rank]


def parse_rank(text: str) -> int:
    try:
        return _RANK_BY_TEXT[text.strip().lower()]
    except KeyError:
        raise ValueError(f"unknown rank {text!r}: use Т 2 3 4 5 6 7 8 9 10 В Д К") from None


class Card(NamedTuple):
    """One playing card: ``Card(12, Suit.SPADES)`` is «Д♠», the queen of spades."""

    rank: int
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read the book's notation (``Т♠``, ``10♥``, ``Д♦``); Latin look-alikes accepted."""
        text = text.strip()
        if len(text) < 2:
            raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. Д♠ or 10♥)")
        return cls(parse_rank(text[:-1]), Suit.parse(text[-1]))

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise ValueError(f"card index {index} is outside 0..51")
        return cls(index % 13 + 1, Suit(index // 13))

    @property
    def index(self) -> int:  # type: ignore[override]  # the card's number, not tuple.index
        """The card as the int 0..51 that engine states hold."""
        return self.suit * 13 + self.rank - 1

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @property
    def name_ru(self) -> str:
        """Full Russian name in the book's style: «десятка пик», «дама червей»."""
        return f"{_RANK_NOMINATIVE[self.rank]} {self.suit.genitive_ru}"

    def __str__(self) -> str:
        return RANK_SYMBOLS[self.rank] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


ALL_CARDS: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(52))


def card_str(index: int) -> str:
    """Notation of a card given as an engine int: hot path for records and text."""
    return _CARD_STRINGS[index]


_CARD_STRINGS = tuple(str(card) for card in ALL_CARDS)

#: Each card as a one-byte string: the engines keep their piles as ``bytes`` and add a card with
#: ``pile + CARD_BYTE[card]``.
CARD_BYTE = tuple(bytes((card,)) for card in range(52))


def parse_card_index(text: str) -> int:
    return Card.parse(text).index


def new_pack(packs: int = 1) -> tuple[Card, ...]:
    """Fresh, unshuffled pack(s): ♠ Т…К, ♣, ♥, ♦, repeated ``packs`` times."""
    if packs not in (1, 2):
        raise ValueError("a patience uses one or two packs")
    return ALL_CARDS * packs


def suit_of(index: int) -> int:
    return index // 13


def rank_of(index: int) -> int:
    return index % 13 + 1


def is_red(index: int) -> bool:
    return index // 13 >= 2
