"""What the engines' ``key`` methods share: canonical forms of a position's parts whose order does not matter.

Compiled (Cython's pure-Python mode, as the engines): a C call saves a game's key the sorts Python would make.
Part of the rules of each game that uses it (their ``RULES_PARTS``): a key decides what the solver counts as one
position.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]


@cython.ccall
@cython.locals(piles=tuple, skip=cython.Py_ssize_t, order=cython.int[8], tops=cython.int[8], count=cython.int,
               i=cython.int, j=cython.int, top=cython.int, pile=bytes, size=cython.Py_ssize_t, ordered=list,
               data=cython.p_char)
def pile_multiset(piles: tuple[bytes, ...], skip: int = 0) -> tuple[bytes, ...]:
    """The piles (``bytes``, bottom card first), each less its first ``skip`` cards, in an order that depends only
    on which piles there are: a key's part for piles whose order no longer matters (a sorted multiset).

    Ordered by top card (-1 for a pile of ``skip`` cards or fewer), piles with equal tops by their bytes: compiled,
    an insertion sort of up to eight in C, where ``sorted`` compared bytes objects (a tenth of a plain search of
    «Деревенский пасьянс» once its redeal is used, half of the gallery's keys once its last stock is out). Any
    total order gives equal tuples for equal multisets, which is all a key needs."""
    count = len(piles)
    if count > 8:  # more piles than any game has: the plain sort
        return tuple(sorted([pile[skip:] for pile in piles]))
    if not cython.compiled:
        tops = [0] * 8
        order = [0] * 8
    for i in range(count):
        pile = piles[i]
        size = len(pile)
        top = pile[size - 1] if size > skip else -1
        j = i
        while j > 0 and (tops[j - 1] > top or (tops[j - 1] == top and top >= 0
                                                and _after(piles[order[j - 1]], pile, skip))):
            tops[j] = tops[j - 1]
            order[j] = order[j - 1]
            j -= 1
        tops[j] = top
        order[j] = i
    if not skip:
        return tuple([piles[order[i]] for i in range(count)])
    ordered = []
    for i in range(count):
        pile = piles[order[i]]
        data = pile  # compiled, the bytes' buffer: sliced in C (a ``bytes`` slice goes through a slice object)
        ordered.append(data[skip:len(pile)] if len(pile) > skip else b"")
    return tuple(ordered)


@cython.cfunc
@cython.locals(pile=bytes, other=bytes, skip=cython.Py_ssize_t)
def _after(pile: bytes, other: bytes, skip: int) -> bool:
    """Does ``pile`` less its first ``skip`` cards sort after ``other`` less its first ``skip``?"""
    return pile[skip:] > other[skip:]
