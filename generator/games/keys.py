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

#: ``pile_tails``: the byte between two piles' cards (a card is 0..51, so it never stands for one).
SEPARATOR = 0xFF
#: ``pile_tails``, compiled: the most bytes it writes in C (two packs and a separator a pile); past it, the join.
_BUFFER = 128


@cython.ccall
@cython.locals(piles=tuple, order=cython.int[8], count=cython.int, i=cython.int)
def pile_multiset(piles: tuple[bytes, ...]) -> tuple[bytes, ...]:
    """The piles (``bytes``, bottom card first) in an order that depends only on which piles there are: a key's
    part for piles whose order no longer matters (a sorted multiset of the same ``bytes`` objects, whose hashes
    they keep).

    Ordered as ``_sort`` orders them; any total order gives equal tuples for equal multisets, which is all a key
    needs."""
    count = len(piles)
    if count > 8:  # more piles than any game has: the plain sort
        return tuple(sorted(piles))
    if not cython.compiled:
        order = [0] * 8
    _sort(piles, 0, order)
    return tuple([piles[order[i]] for i in range(count)])


@cython.ccall
@cython.locals(piles=tuple, skip=cython.Py_ssize_t, count=cython.int, i=cython.int, k=cython.Py_ssize_t,
               at=cython.Py_ssize_t, size=cython.Py_ssize_t, pile=bytes, data=cython.p_char, separator=cython.uchar)
def pile_tails(piles: tuple[bytes, ...], skip: int) -> bytes:
    """The piles less their first ``skip`` cards, as one ``bytes``: the tails in ``_sort``'s order, each followed
    by ``SEPARATOR``. Equal for equal multisets of tails and only then (a separator is never a card, so the bytes
    split back into the same tails): a key's part for piles whose order no longer matters and whose first cards
    are inert (the gallery's kings in its last deal).

    One new object, its hash taken once, where a tuple of the tails made one per pile and hashed each; compiled,
    written into a C buffer."""
    count = len(piles)
    if not cython.compiled or count > 8:  # plain Python (or more piles than any game has): the same bytes, sorted
        return _joined(piles, skip)
    at = 0
    for i in range(count):
        pile = piles[i]
        at += max(len(pile) - skip, 0) + 1
    if at > _BUFFER:  # more cards than the buffer holds: the same bytes, joined in Python
        return _joined(piles, skip)
    order = cython.declare(cython.int[8])
    buffer = cython.declare(cython.uchar[128])
    _sort(piles, skip, order)
    separator = SEPARATOR  # a C byte (the module's name is a Python int)
    at = 0
    for i in range(count):
        pile = piles[order[i]]
        size = len(pile)
        data = pile
        for k in range(skip, size):
            buffer[at] = data[k]
            at += 1
        buffer[at] = separator
        at += 1
    made: bytes = buffer[:at]  # (compiled, the array's first ``at`` bytes: one ``bytes`` made)
    return made


def _joined(piles: tuple[bytes, ...], skip: int) -> bytes:
    """``pile_tails`` in Python: the same order, the same bytes."""
    tails = sorted((pile[skip:] for pile in piles), key=lambda tail: (tail[-1] if tail else -1, tail))
    return b"".join(tail + bytes((SEPARATOR,)) for tail in tails)


@cython.cfunc
@cython.locals(piles=tuple, skip=cython.Py_ssize_t, order=cython.p_int, tops=cython.int[8], count=cython.int,
               i=cython.int, j=cython.int, top=cython.int, pile=bytes, size=cython.Py_ssize_t)
def _sort(piles: tuple[bytes, ...], skip: int, order: list[int]) -> None:
    """Fill ``order`` with the indices of ``piles`` (at most eight) by their tails' order: by top card (-1 for a
    pile of ``skip`` cards or fewer), tails under equal tops by their bytes. Compiled, an insertion sort in C (where
    ``sorted`` compared bytes objects: a tenth of a plain search of «Деревенский пасьянс» once its redeal is used,
    half of the gallery's keys once its last stock is out)."""
    count = len(piles)
    if not cython.compiled:
        tops = [0] * 8
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


@cython.cfunc
@cython.returns(cython.bint)
@cython.locals(pile=bytes, other=bytes, skip=cython.Py_ssize_t, a=cython.p_char, b=cython.p_char,
               size=cython.Py_ssize_t, other_size=cython.Py_ssize_t, k=cython.Py_ssize_t)
def _after(pile: bytes, other: bytes, skip: int) -> bool:
    """Does ``pile`` less its first ``skip`` cards sort after ``other`` less its first ``skip`` (as bytes do)?
    Compiled, compared in C (a slice made two ``bytes``)."""
    if not cython.compiled:
        return pile[skip:] > other[skip:]
    a = pile
    b = other
    size = len(pile)
    other_size = len(other)
    k = skip
    while k < size and k < other_size:
        if a[k] != b[k]:
            return a[k] > b[k]
        k += 1
    return size > other_size
