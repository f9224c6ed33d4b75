"""«Деревенский пасьянс»: the key the solver merges positions by, one to one with its plain definition."""

from __future__ import annotations

from generator.games.village import VillageState
from tests.games.village_positions import G, cards, mv, position, start, step


def test_key_merges_foundation_numbering():
    state = start("Т♥ Т♠ 5♥ 9♦ 7♣ 8♠ 3♦ 6♣")  # the stock is out: nothing refills
    one = step(step(state, mv("Т♥", "pile:1", "foundation:1")), mv("Т♠", "pile:2", "foundation:2"))
    two = step(step(state, mv("Т♠", "pile:2", "foundation:1")), mv("Т♥", "pile:1", "foundation:2"))
    assert one != two and G.key(one) == G.key(two)
    assert G.contents(one) != G.contents(two)


def test_key_keeps_pile_order_while_a_round_or_the_redeal_can_tell_piles_apart():
    a = position(["5♥", "9♣ 2♦", "7♦"], stock="", redeals=0)
    b = position(["9♣ 2♦", "5♥", "7♦"], stock="", redeals=0)
    assert G.key(a) != G.key(b)  # the redeal would gather them in a different order
    a, b = a._replace(redeals=1), b._replace(redeals=1)
    assert G.key(a) == G.key(b)  # nothing can tell the piles apart any more
    a = position(["5♥", "9♣ 2♦", "7♦"], stock="4♣", redeals=1)
    b = position(["9♣ 2♦", "5♥", "7♦"], stock="4♣", redeals=1)
    assert G.key(a) != G.key(b)
    c = position(["5♥", "9♣ 2♦", "7♦"], stock="4♠", redeals=1)
    assert G.key(a) != G.key(c)


def _plain_key(state: VillageState) -> tuple[object, ...]:
    """The key's definition written out plainly: in the first deal the stock's length, after the redeal the stock
    itself, and once both are spent the piles as a sorted multiset."""
    if state.redeals < 1:
        return (len(state.stock), state.piles, state.heights, state.dealing)
    if state.stock:
        return (state.stock, state.piles, state.heights, state.dealing)
    return (state.heights, tuple(sorted(state.piles)))


def test_key_is_one_to_one_with_its_plain_definition() -> None:
    """Compiled, the spent piles are ordered by their top cards in C, not by ``sorted``: on positions of random
    lines the key must tell two positions apart exactly when the plain definition does."""
    from tests.conftest import assert_key_one_to_one

    spent = []

    def plain(state: VillageState) -> tuple[object, ...]:
        if state.redeals and not state.stock:
            spent.append(state)
        return _plain_key(state)

    assert_key_one_to_one(G, plain, seeds=12, at_least=2500, steps=1500)
    assert len({G.key(state) for state in spent}) >= 50  # the multiset shape is met, not only the others


def test_key_takes_the_spent_piles_as_a_multiset() -> None:
    """Once the stock and the redeal are spent the piles' order is forgotten, ties of top cards and empty piles
    included; a different card anywhere is another position."""
    piles = tuple(bytes(cards(text)) for text in ("", "3♠ 7♥", "9♣ 7♥", "", "К♦", "2♠ 7♥", "Т♣", "7♥"))
    heights = (1, 0, 0, 0, 0, 0, 0, 0)
    state = VillageState(b"", piles, heights, (9, 0, 0, 0, 0, 0, 0, 0), 0, 1)
    swapped = (piles[0], piles[2], piles[1], *piles[3:])  # two piles under like tops change places
    for shuffled in (piles[::-1], piles[1:] + piles[:1], swapped):
        assert shuffled != piles and G.key(state._replace(piles=shuffled)) == G.key(state)
    other = (*piles[:2], bytes(cards("8♣ 7♥")), *piles[3:])
    assert G.key(state._replace(piles=other)) != G.key(state)
    assert G.key(state._replace(piles=(*piles[:-1], b""))) != G.key(state)
