"""Deal numbers: the shuffled stock PySolFC gives for a game number.

The algorithm (so any program can reproduce a deal):

1. Build the unshuffled pack(s) as pysol-cards' ``createCards(packs)`` does:
   for each pack, suits in the order ♣ ♠ ♥ ♦, each from Т up to К.
2. Shuffle with ``pysol_cards.random.shuffle(cards, number, DEALS_PYSOLFC)``.
   For ``n`` from the last position down to 1 it swaps positions ``n`` and
   ``j``, where ``j`` in ``0..n`` comes from: for numbers up to 32000, the
   Microsoft C ``rand()`` generator (``seed = (seed * 214013 + 2531011) mod
   2**32`` from ``seed = number``, ``r = (seed >> 16) & 0x7fff``,
   ``j = r % (n + 1)``), a single 52-card pack being first rearranged into
   Microsoft's order (rank by rank, ♣ ♦ ♥ ♠ — ``ms_rearrange``); for larger
   numbers, ``rng = random.Random(number)`` and ``j = int(rng.random() * (n + 1))``.
3. The *last* card of the shuffled list is the top of the stock (it is dealt
   first). Our API returns the stock top card first, i.e. the list reversed.
"""

from __future__ import annotations

import re

from pysol_cards.cards import createCards
from pysol_cards.random import shuffle
from pysol_cards.random_base import RandomBase

from generator.cards import Card, Suit

#: PySolFC's range of game numbers ends here (``MAX_SEED = 100000000000000000000``, "20 digits", in
#: PySolFC's ``pysolrandom.py`` and ``pysol_cards.random_base``). It starts at 0 there; pysol-cards'
#: Microsoft generator refuses 0, and so do we: deals run 1..MAX_DEAL.
MAX_DEAL = 10**20
_MAX_TEXT = "10**20 (100000000000000000000)"
#: Numbers up to this one use the Microsoft generator.
MS_DEAL_LIMIT = 32000

# pysol-cards numbers its suits ♣ ♠ ♥ ♦; ours are ♠ ♣ ♥ ♦.
_SUIT_FROM_PYSOL = (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


class DealNumberError(ValueError):
    """A deal number that PySolFC would not accept."""


def check_deal_number(number: object) -> int:
    """Return ``number`` as an int, or raise ``DealNumberError`` saying what is allowed."""
    if isinstance(number, bool):
        raise DealNumberError(f"deal number must be a whole number, not {number!r}")
    if isinstance(number, str):
        text = number.strip()
        if not re.fullmatch(r"[+-]?[0-9]+", text):  # ASCII digits: "²".isdigit() is True, int("²") fails
            raise DealNumberError(f"deal number must be a whole number from 1 to {_MAX_TEXT}, not {number!r}")
        number = int(text)
    if not isinstance(number, int):
        raise DealNumberError(f"deal number must be a whole number, not {number!r}")
    if not 1 <= number <= MAX_DEAL:
        raise DealNumberError(f"deal number {number} is out of range: use 1 to {_MAX_TEXT}")
    return number


def shuffled_pack(packs: int, number: int) -> tuple[Card, ...]:
    """The stock for ``packs`` pack(s) and deal ``number``, top card first."""
    number = check_deal_number(number)
    if packs not in (1, 2):
        raise ValueError("a patience uses one or two packs")
    cards = shuffle(createCards(packs), number, RandomBase.DEALS_PYSOLFC)
    return tuple(Card(c.rank, _SUIT_FROM_PYSOL[c.suit]) for c in reversed(cards))


def stock_for(game: str, number: int) -> tuple[Card, ...]:
    """The shuffled stock of ``game`` (an id such as ``"quadrille"``) for a deal number."""
    from generator.games import get_game_class

    return shuffled_pack(get_game_class(game).packs, number)


def stock_indices(game: str, number: int) -> tuple[int, ...]:
    """The same stock as engine ints (0..51), the form game states hold."""
    return tuple(card.index for card in stock_for(game, number))
