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


@pytest.mark.parametrize("bad", [0, -1, "abc", 2**70, "1.5", "", True, MAX_DEAL + 1])
def test_invalid_deal_numbers_are_refused(bad):
    with pytest.raises(DealNumberError):
        check_deal_number(bad)


def test_largest_deal_number_is_accepted():
    assert len(stock_for("quadrille", MAX_DEAL)) == 52
