from __future__ import annotations

from collections import Counter

import pytest
from pysol_cards.cards import createCards
from pysol_cards.random import shuffle
from pysol_cards.random_base import RandomBase

from generator.deals import MAX_DEAL, DealNumberError, check_deal_number, stock_for

PYSOL_SUITS = "♣♠♥♦"  # pysol-cards numbers suits C S H D
# An independent spelling of the book's ranks, so the oracle does not use our parser.
BOOK_RANKS = ["", "Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К"]


def pysol_order(packs: int, number: int) -> list[str]:
    """The shuffled list exactly as pysol-cards gives it (last card = top of the stock)."""
    cards = shuffle(createCards(packs), number, RandomBase.DEALS_PYSOLFC)
    return [BOOK_RANKS[c.rank] + PYSOL_SUITS[c.suit] for c in cards]


@pytest.mark.parametrize("number", [1, 2, 31999, 32000, 32001, 10**12])
def test_quadrille_stock_is_pysol_order_with_top_card_first(number):
    expected_top_first = list(reversed(pysol_order(1, number)))
    assert [str(c) for c in stock_for("quadrille", number)] == expected_top_first


@pytest.mark.parametrize("game", ["village", "brunette_blonde", "gallery", "phalanx"])
def test_two_pack_games_get_104_cards_each_twice(game):
    stock = stock_for(game, 7)
    assert len(stock) == 104
    assert set(Counter(stock).values()) == {2}
    assert [str(c) for c in stock] == list(reversed(pysol_order(2, 7)))


def test_different_numbers_give_different_deals():
    assert stock_for("quadrille", 1) != stock_for("quadrille", 2)


def test_microsoft_deal_one_is_the_known_freecell_deal_one():
    # FreeCell #1 (Microsoft) starts J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥ as the first row; the
    # deal goes column by column, so those are cards 0, 1, .. 7 of the dealt list,
    # which pysol-cards deals from the end of its shuffled list: our top card first.
    first_row = [str(c) for c in stock_for("quadrille", 1)[:8]]
    assert first_row == ["В♦", "2♦", "9♥", "В♣", "5♦", "7♥", "7♣", "5♥"]


@pytest.mark.parametrize("bad", [0, -1, "abc", 2**70, "1.5", "", True, MAX_DEAL + 1, "²", "٣", "1_000", "--1", 7.0])
def test_invalid_deal_numbers_are_refused(bad):
    with pytest.raises(DealNumberError):
        check_deal_number(bad)


def test_largest_deal_number_is_accepted():
    assert len(stock_for("quadrille", MAX_DEAL)) == 52


# -- the README's recipe, redone without pysol-cards ----------------------------------------------


def _mt19937_random(number: int):
    """``random.Random(number).random`` as the README describes it for other languages."""
    state = [0] * 624
    state[0] = 19650218
    for i in range(1, 624):
        state[i] = (1812433253 * (state[i - 1] ^ (state[i - 1] >> 30)) + i) & 0xFFFFFFFF
    key = []
    while number:
        key.append(number & 0xFFFFFFFF)
        number >>= 32
    key = key or [0]
    i, j = 1, 0
    for _ in range(max(624, len(key))):
        state[i] = ((state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
        i, j = i + 1, (j + 1) % len(key)
        if i >= 624:
            state[0], i = state[623], 1
    for _ in range(623):
        state[i] = ((state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        i += 1
        if i >= 624:
            state[0], i = state[623], 1
    state[0] = 0x80000000
    index = 624

    def output() -> int:
        nonlocal index
        if index >= 624:
            for k in range(624):
                y = (state[k] & 0x80000000) | (state[(k + 1) % 624] & 0x7FFFFFFF)
                state[k] = state[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            index = 0
        y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def random() -> float:
        a, b = output() >> 5, output() >> 6
        return (a * 2**26 + b) / 2**53

    return random


def readme_stock(packs: int, number: int) -> list[str]:
    """The stock, top card first, made by following README.md's "Deal numbers" section alone."""
    cards = [rank + suit for _ in range(packs) for suit in "♣♠♥♦" for rank in BOOK_RANKS[1:]]
    if number <= 32000:
        if packs == 1:
            cards = [rank + suit for rank in BOOK_RANKS[1:] for suit in "♣♦♥♠"]
        seed = number

        def pick(n: int) -> int:
            nonlocal seed
            seed = (seed * 214013 + 2531011) % 2**32
            return ((seed >> 16) & 0x7FFF) % (n + 1)
    else:
        random = _mt19937_random(number)

        def pick(n: int) -> int:
            return int(random() * (n + 1))

    for n in range(len(cards) - 1, 0, -1):
        j = pick(n)
        cards[n], cards[j] = cards[j], cards[n]
    return cards[::-1]


@pytest.mark.parametrize("number", [1, 2, 617, 31999, 32000, 32001, 32002, 99999, 2**32 + 5, 10**12, MAX_DEAL])
@pytest.mark.parametrize("game", ["quadrille", "gallery"])
def test_the_readme_recipe_reproduces_the_deal(game, number):
    assert readme_stock(1 if game == "quadrille" else 2, number) == [str(c) for c in stock_for(game, number)]
