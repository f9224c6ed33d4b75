"""``generator.games.keys``: the canonical multisets of piles the engines' keys share (compiled, a sort in C)."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.keys import SEPARATOR, _joined, pile_multiset, pile_tails

PILE = st.binary(min_size=0, max_size=6).map(lambda raw: bytes(b % 52 for b in raw))
#: Piles long enough that eight of them pass the compiled buffer (the join in Python takes over).
LONG_PILE = st.binary(min_size=0, max_size=30).map(lambda raw: bytes(b % 52 for b in raw))


@settings(max_examples=300, deadline=None)
@given(st.lists(PILE, min_size=0, max_size=8), st.randoms(use_true_random=False))
def test_equal_for_equal_multisets_and_only_then(piles: list[bytes], rng: random.Random) -> None:
    """Any order of the same piles gives the same tuple, which holds the piles."""
    shuffled = piles[:]
    rng.shuffle(shuffled)
    canonical = pile_multiset(tuple(piles))
    assert pile_multiset(tuple(shuffled)) == canonical
    assert sorted(canonical) == sorted(piles)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(PILE, LONG_PILE), min_size=0, max_size=8), st.integers(0, 2),
       st.randoms(use_true_random=False))
def test_tails_are_equal_for_equal_multisets_and_split_back_into_them(piles: list[bytes], skip: int,
                                                                     rng: random.Random) -> None:
    """Any order of the same piles gives the same bytes; split at the separators they are the tails, each once;
    the C buffer and the join in Python write the same bytes."""
    shuffled = piles[:]
    rng.shuffle(shuffled)
    canonical = pile_tails(tuple(piles), skip)
    assert pile_tails(tuple(shuffled), skip) == canonical
    assert canonical == _joined(tuple(piles), skip)
    assert canonical.endswith(bytes((SEPARATOR,))) or not piles
    assert sorted(canonical.split(bytes((SEPARATOR,)))[:-1]) == sorted(pile[skip:] for pile in piles)


def test_ties_of_top_cards_are_ordered_by_the_whole_pile() -> None:
    """Piles under like top cards (two packs) and piles of ``skip`` cards or fewer, in every order: one answer."""
    piles = (b"\x05\x07", b"\x03\x07", b"", b"\x0b", b"\x01\x05\x07", b"\x07")
    answers = {pile_multiset(order) for order in itertools.permutations(piles)}
    assert len(answers) == 1
    assert sorted(answers.pop()) == sorted(piles)
    assert pile_multiset((b"\x05\x07", b"\x03\x07")) != pile_multiset((b"\x05\x07", b"\x04\x07"))
    for skip in (0, 1):
        tails = {pile_tails(order, skip) for order in itertools.permutations(piles)}
        assert len(tails) == 1
        assert tails.pop() == _joined(piles, skip)
    assert pile_tails((b"\x00\x05\x07", b"\x00\x03\x07"), 1) != pile_tails((b"\x00\x05\x07", b"\x00\x04\x07"), 1)
    # A king moved from one pile to another, the same cards on them: the same tails.
    assert pile_tails((b"\x0c\x05", b"\x19"), 1) == pile_tails((b"\x19\x05", b"\x0c"), 1)
