from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.cards import ALL_CARDS, Card, Suit, card_str, new_pack, parse_card_index, rank_name_ru, rank_symbol


def test_all_52_cards_round_trip_through_notation():
    assert len(set(ALL_CARDS)) == 52
    for card in ALL_CARDS:
        assert Card.parse(str(card)) == card
        assert card_str(card.index) == str(card)
        assert parse_card_index(str(card)) == card.index


def test_repr_is_valid_code():
    for card in ALL_CARDS:
        assert eval(repr(card), {"Card": Card}) == card


def test_notation_matches_the_rules():
    assert str(Card(1, Suit.SPADES)) == "Т♠"
    assert str(Card(10, Suit.HEARTS)) == "10♥"
    assert str(Card(12, Suit.DIAMONDS)) == "Д♦"
    assert str(Card(11, Suit.CLUBS)) == "В♣"


def test_latin_lookalikes_are_read():
    assert Card.parse("Qs") == Card.parse("Д♠")
    assert Card.parse("T♥") == Card.parse("Т♥")  # Latin T
    assert Card.parse("10d") == Card.parse("10♦")


@pytest.mark.parametrize("text", ["", "Д", "11♠", "Дx", "♠Д", "Ж♠"])
def test_bad_cards_are_refused(text):
    with pytest.raises(ValueError):
        Card.parse(text)


def test_colours_and_russian_names():
    assert [s.is_red for s in Suit] == [False, False, True, True]
    assert Card.parse("10♠").name_ru == "десятка пик"
    assert Card.parse("Д♥").name_ru == "дама червей"
    assert Card.parse("Т♦").name_ru == "туз бубен"
    assert Card.parse("К♣").name_ru == "король треф"
    assert Suit.CLUBS.name_ru == "трефы"


def test_two_packs_hold_every_card_twice():
    counts = Counter(new_pack(2))
    assert len(counts) == 52 and set(counts.values()) == {2}


@given(st.integers(0, 51))
def test_index_round_trip(index):
    assert Card.from_index(index).index == index


def test_rank_and_suit_names_in_russian():
    assert [rank_name_ru(rank) for rank in (1, 2, 4, 10, 11, 12, 13)] == [
        "туз", "двойка", "четвёрка", "десятка", "валет", "дама", "король",
    ]
    assert [rank_name_ru(rank, plural=True) for rank in (1, 6, 13)] == ["тузы", "шестёрки", "короли"]
    assert [s.genitive_ru for s in Suit] == ["пик", "треф", "червей", "бубен"]
    assert [s.name_ru for s in Suit] == ["пики", "трефы", "червы", "бубны"]
    assert [s.colour for s in Suit] == ["black", "black", "red", "red"]
    assert " ".join(rank_symbol(rank) for rank in range(1, 14)) == "Т 2 3 4 5 6 7 8 9 10 В Д К"
    assert Card.parse("Д♥").name_ru == f"{rank_name_ru(12)} {Suit.HEARTS.genitive_ru}"
