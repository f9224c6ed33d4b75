"""A pack typed by a person: every notation a person uses, and a one-line error for every mistake."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.art.faces import card_code
from generator.cards import card_str
from generator.deals import stock_indices
from generator.stock_text import NAMED, StockError, parse_stock

ONE = stock_indices("quadrille", 7)
TWO = stock_indices("village", 3)


def _typed(stock: tuple[int, ...], seed: int) -> str:
    """The stock as a person might type it: book or Latin notation per card, any separators."""
    rng = random.Random(seed)
    text = ""
    for card in stock:
        word = rng.choice([card_str(card), card_code(card), card_code(card).upper(), card_str(card) + "\ufe0f"])
        text += word + rng.choice([" ", ", ", ",", "\n", "  \n", "; ", "\t"])
    return text


@given(seed=st.integers(0, 10**6), packs=st.sampled_from([1, 2]))
def test_any_mix_of_notations_and_separators_reads_back_the_stock(seed: int, packs: int) -> None:
    stock = ONE if packs == 1 else TWO
    assert parse_stock(_typed(stock, seed), packs) == stock


def test_the_book_notation_and_latin_codes_name_the_same_cards() -> None:
    book = " ".join(card_str(c) for c in ONE)
    latin = " ".join(card_code(c) for c in ONE)
    assert parse_stock(book, 1) == parse_stock(latin, 1) == ONE
    assert {card_code(c) for c in range(52)} >= {"Qs", "10h", "Ac", "Jd", "Kc"}


def _error(text: str, packs: int) -> str:
    with pytest.raises(StockError) as caught:
        parse_stock(text, packs)
    message = str(caught.value)
    assert "\n" not in message and message.startswith("stock: ")
    return message


def test_a_missing_and_a_doubled_card_are_named() -> None:
    cards = [card_str(c) for c in ONE]
    queen = cards.index("Д♠")
    jack = cards.index("В♣")
    cards[jack] = "Д♠"
    assert _error(" ".join(cards), 1).startswith("stock: В♣ is missing, Д♠ appears twice")
    del cards[queen]
    message = _error(" ".join(cards), 1)
    assert message.startswith("stock: В♣ is missing (51 cards given") and "Д♠" not in message


def test_two_packs_name_a_card_seen_once_or_three_times() -> None:
    cards = [card_str(c) for c in TWO]
    cards[cards.index("В♣")] = "Д♠"
    assert _error(",".join(cards), 2).startswith("stock: В♣ appears once, Д♠ appears 3 times")


def test_whole_packs_of_the_wrong_number_say_so() -> None:
    assert "one full pack given (52 cards); the game needs two full packs" in _error(" ".join(map(card_str, ONE)), 2)
    assert "two full packs given (104 cards); the game needs one full pack" in _error(" ".join(map(card_str, TWO)), 1)


def test_a_long_list_of_faults_is_cut_short() -> None:
    half = " ".join(card_str(c) for c in ONE[:26])
    message = _error(half, 1)
    assert message.count("is missing") == NAMED and f"and {26 - NAMED} more" in message


def test_a_latin_t_is_refused_as_ambiguous_and_the_cyrillic_one_is_an_ace() -> None:
    cards = [card_str(c) for c in ONE]
    ace = cards.index("Т♠")
    cards[ace] = "Ts"
    message = _error(" ".join(cards), 1)
    assert f"card {ace + 1} (Ts)" in message and "ambiguous" in message and "10s" in message and "As" in message
    cards[ace] = "Тs"  # Cyrillic Т
    assert parse_stock(" ".join(cards), 1) == ONE


@pytest.mark.parametrize("text", ["", "   \n ,, ", "Д♠ Ж♠", "Д♠ 11♠", "Д♠ Д", "Д♠ Дx"])
def test_nothing_or_nonsense_is_one_line(text: str) -> None:
    _error(text, 1)
