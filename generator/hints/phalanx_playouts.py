"""The play-out simulations of «Македонская фаланга»'s hints: what happens if every card that can go up goes
up, or if the stock is turned to the end, computed on counts and foundation heights rather than through the
engine (a test holds them to the engine's own play-outs). Apart from ``phalanx`` so that each file holds one
concern: there the safe moves, order, restarts and dead end that use these answers."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games import Move
from generator.games.phalanx import CARDS, OFFSET, STOCK, SUIT, WASTE, PhalanxState
from generator.hints.phalanx_relaxed import CODE


@cython.locals(offset=tuple, heights=list, slot=cython.int, top=cython.int)
def foundation_heights(state: PhalanxState) -> list[int]:
    """Cards up per foundation, two slots per suit (2s, 2s + 1): a foundation's next card lies that far
    from the base rank."""
    offset = OFFSET[state.base]
    heights = [0] * 8
    for top in state.tops:
        if top >= 0:
            slot = 2 * SUIT[top]
            if heights[slot]:
                slot += 1
            heights[slot] = offset[top] + 1
    return heights


@cython.cfunc
@cython.inline
@cython.locals(shown=cython.int, h=cython.p_int, todo=list, slot=cython.int, k=cython.int)
def _show(shown: int, h: list[int], todo: list[int]) -> None:
    """``shown`` (a code) has come into reach: the slots of its suit waiting for it go on ``todo``.
    (Compiled, a C function on the C array ``h`` of the two play-outs below; ``phalanx_relaxed``
    writes the step out, as a C function cannot be shared between modules without a ``.pxd``.)"""
    slot = (shown // 13) << 1
    k = shown % 13
    if h[slot] == k:
        todo.append(slot)
    if h[slot + 1] == k:
        todo.append(slot + 1)


@cython.locals(code=tuple, h=cython.int[8], reach=cython.int[52], left=cython.int, pile=list, stock=tuple,
               dealt=cython.int, todo=list, slot=cython.int, k=cython.int, index=cython.int, shown=cython.int,
               card=cython.int)
def playing_everything_wins(state: PhalanxState, heights: list[int] | None = None) -> bool:
    """Whether this line wins: play every card that fits (each play brings in the next pile card,
    or the next stock card when the pile is empty), turn the next stock card only when nothing
    fits, and so on to the end.

    The plays are driven by events, as in ``phalanx_relaxed``: a slot is looked at again only
    when its height changed or a card of its suit came into reach; after a push nothing new fits.
    (Compiled, ``h`` and ``reach`` are C arrays; ``_show`` takes ``h`` as a pointer.)
    """
    code = CODE[state.base]
    h = list(foundation_heights(state) if heights is None else heights)
    reach = [0] * 52  # the pyramid and the top of the pile, by code
    left = 0  # cards not up yet
    for card in state.pyramid:
        if card >= 0:
            reach[code[card]] += 1
            left += 1
    pile = [code[card] for card in state.waste]
    if pile:
        reach[pile[-1]] += 1
    stock = state.stock
    dealt = state.dealt
    left += len(pile) + CARDS - dealt
    todo = [0, 1, 2, 3, 4, 5, 6, 7]
    while True:
        while todo:  # play everything that fits
            slot = todo.pop()
            k = h[slot]
            if k == 13:
                continue
            index = (slot >> 1) * 13 + k
            if not reach[index]:
                continue
            reach[index] -= 1
            h[slot] = k + 1
            left -= 1
            todo.append(slot)
            # the pile loses its top either way (it went up, or into the emptied pyramid
            # place); its next card comes into reach, or a stock card refills the place
            if pile:
                pile.pop()
                if not pile:
                    continue
                shown = pile[-1]
            elif dealt < CARDS:
                shown = code[stock[dealt]]
                dealt += 1
            else:
                continue
            reach[shown] += 1
            _show(shown, h, todo)
        if dealt == CARDS:
            return left == 0
        card = code[stock[dealt]]
        dealt += 1
        slot = (card // 13) << 1
        k = card % 13
        if h[slot] == k or h[slot + 1] == k:
            slot += h[slot] != k
            h[slot] = k + 1
            left -= 1
            todo.append(slot)
        else:  # onto the pile: the old top goes out of reach, the new card is the top
            if pile:
                reach[pile[-1]] -= 1
            pile.append(card)
            reach[card] += 1


@cython.locals(code=tuple, h=cython.int[8], reach=cython.int[52], pile=cython.Py_ssize_t, waste=bytes, stock=tuple,
               dealt=cython.int, todo=list, slot=cython.int, k=cython.int, index=cython.int, shown=cython.int,
               card=cython.int, a=cython.int, b=cython.int, s=cython.int, key=list)
def closure_key(state: PhalanxState, heights: list[int]) -> bytes:
    """The position every play that can be made without turning leads to (the closure, as the
    first loop of ``playing_everything_wins``), as a key within one deal: the stock cards dealt,
    the two heights of each suit (lower first: twins are alike), and the pile's cards (the bottom
    of the pile now: plays only take its top). The pyramid is the rest of the dealt cards, so
    this says the whole position."""
    code = CODE[state.base]
    h = list(heights)
    reach = [0] * 52
    for card in state.pyramid:
        if card >= 0:
            reach[code[card]] += 1
    waste = state.waste
    pile = len(waste)
    if pile:
        reach[code[waste[pile - 1]]] += 1
    stock = state.stock
    dealt = state.dealt
    todo = [0, 1, 2, 3, 4, 5, 6, 7]
    while todo:
        slot = todo.pop()
        k = h[slot]
        if k == 13:
            continue
        index = (slot >> 1) * 13 + k
        if not reach[index]:
            continue
        reach[index] -= 1
        h[slot] = k + 1
        todo.append(slot)
        if pile:
            pile -= 1
            if not pile:
                continue
            shown = code[waste[pile - 1]]
        elif dealt < CARDS:
            shown = code[stock[dealt]]
            dealt += 1
        else:
            continue
        reach[shown] += 1
        _show(shown, h, todo)
    key = [dealt]
    for s in range(4):
        a, b = h[2 * s], h[2 * s + 1]
        key.append(a * 16 + b if a <= b else b * 16 + a)
    return bytes(key) + bytes(waste[:pile])  # every number below 256: bytes hash faster than a tuple


@cython.locals(moves=list, first=list, second=list, third=list, src=cython.int)
def by_source(moves: list[Move]) -> list[Move]:
    """The moves from the stock, then from the pile, then from the pyramid, each group in the
    order given (a stable sort on the source, without a key function per move)."""
    first, second, third = [], [], []
    for move in moves:
        src = move[1]
        if src == STOCK:
            first.append(move)
        elif src == WASTE:
            second.append(move)
        else:
            third.append(move)
    return first + second + third


@cython.locals(code=tuple, h=cython.int[8], reach=cython.int[52], pile=cython.int[104], size=cython.int,
               stock=tuple, dealt=cython.int, card=cython.int, k=cython.int, slot=cython.int, left=cython.int,
               todo=list, index=cython.int, shown=cython.int)
def turning_everything_wins(state: PhalanxState) -> bool:
    """Whether this line wins: turn every stock card (up if it fits, else onto the pile) with no
    play in between, then play everything that fits (the order does not matter: confluence).
    (Compiled, ``h``, ``reach`` and ``pile`` are C arrays.)"""
    code = CODE[state.base]
    h = foundation_heights(state)
    pile = [0] * 104
    size = 0
    for card in state.waste:
        pile[size] = code[card]
        size += 1
    stock = state.stock
    for dealt in range(state.dealt, CARDS):
        card = code[stock[dealt]]
        slot = (card // 13) << 1
        k = card % 13
        if h[slot] == k:
            h[slot] = k + 1
        elif h[slot + 1] == k:
            h[slot + 1] = k + 1
        else:
            pile[size] = card
            size += 1
    reach = [0] * 52  # the pyramid and the top of the pile, by code
    left = size  # cards not up yet
    for card in state.pyramid:
        if card >= 0:
            reach[code[card]] += 1
            left += 1
    if size:
        size -= 1
        reach[pile[size]] += 1
    todo = [0, 1, 2, 3, 4, 5, 6, 7]
    while todo:  # as ``stock_play_out``
        slot = todo.pop()
        k = h[slot]
        if k == 13:
            continue
        index = (slot >> 1) * 13 + k
        if not reach[index]:
            continue
        reach[index] -= 1
        h[slot] = k + 1
        left -= 1
        todo.append(slot)
        if size:
            size -= 1
            shown = pile[size]
            reach[shown] += 1
            _show(shown, h, todo)
    return left == 0


@cython.locals(offset=tuple, waste=bytes, h=cython.int[8], reach=cython.int[52], next_pile=cython.int, card=cython.int,
               plays=cython.int, todo=list, slot=cython.int, k=cython.int, index=cython.int, shown=cython.int)
def stock_play_out(heights: list[int], offset: tuple[int, ...], pool: list[int], waste: bytes) -> int:
    """How many plays can be made without turning the stock: the pyramid and the pile top are
    available, each play brings the next pile card in; stops when nothing fits or the pile is
    empty and nothing more fits. ``heights`` is not changed. Driven by events, as ``playing_everything_wins``."""
    h = list(heights)
    reach = [0] * 52  # by suit * 13 + offset
    for card in pool:
        reach[SUIT[card] * 13 + offset[card]] += 1
    next_pile = len(waste) - 1
    if next_pile >= 0:
        card = waste[next_pile]
        reach[SUIT[card] * 13 + offset[card]] += 1
        next_pile -= 1
    plays = 0
    todo = [0, 1, 2, 3, 4, 5, 6, 7]
    while todo:
        slot = todo.pop()
        k = h[slot]
        if k == 13:
            continue
        index = (slot >> 1) * 13 + k
        if not reach[index]:
            continue
        reach[index] -= 1
        h[slot] = k + 1
        plays += 1
        todo.append(slot)
        if next_pile >= 0:
            card = waste[next_pile]
            next_pile -= 1
            shown = SUIT[card] * 13 + offset[card]
            reach[shown] += 1
            _show(shown, h, todo)
    return plays
