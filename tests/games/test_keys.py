"""``generator.games.keys``: the canonical multiset of piles the engines' keys share (compiled, a sort in C)."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.keys import pile_multiset

PILE = st.binary(min_size=0, max_size=6).map(lambda raw: bytes(b % 52 for b in raw))


@settings(max_examples=300, deadline=None)
@given(st.lists(PILE, min_size=0, max_size=8), st.integers(0, 2), st.randoms(use_true_random=False))
def test_equal_for_equal_multisets_and_only_then(piles: list[bytes], skip: int, rng: random.Random) -> None:
    """Any order of the same piles gives the same tuple, which holds each pile less its first ``skip`` cards."""
    shuffled = piles[:]
    rng.shuffle(shuffled)
    canonical = pile_multiset(tuple(piles), skip)
    assert pile_multiset(tuple(shuffled), skip) == canonical
    assert sorted(canonical) == sorted(pile[skip:] for pile in piles)


def test_ties_of_top_cards_are_ordered_by_the_whole_pile() -> None:
    """Piles under like top cards (two packs) and piles of ``skip`` cards or fewer, in every order: one answer."""
    piles = (b"\x05\x07", b"\x03\x07", b"", b"\x0b", b"\x01\x05\x07", b"\x07")
    for skip in (0, 1):
        answers = {pile_multiset(order, skip) for order in itertools.permutations(piles)}
        assert len(answers) == 1
        assert sorted(answers.pop()) == sorted(pile[skip:] for pile in piles)
    assert pile_multiset((b"\x05\x07", b"\x03\x07"), 0) != pile_multiset((b"\x05\x07", b"\x04\x07"), 0)
