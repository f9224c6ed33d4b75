"""Whether dealing the next card of «Картинная галерея» commutes with the pile-top plays that could come before it.

``GalleryHints`` (``safe_move``'s rule (C), ``prune`` (1)) leaves such plays until the card is dealt; the test is
here, apart from the hints that use it, because it is the one place that reasons about which plays could happen
before a card is dealt (``reach``), with the foundations over-approximated.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games.gallery import _pile_for, fits_mask
from generator.games.gallery_cards import KIND, ORDINARY, PILE, PILES
from generator.games.gallery_positions import GalleryState


@cython.locals(piles=tuple, found=bytes, pile=bytes, fits=cython.ulonglong, played=cython.ulonglong,
               one=cython.ulonglong, depth=cython.int[8], bare=cython.bint, changed=cython.bint, i=cython.int,
               j=cython.int, card=cython.int)
def reach(state: GalleryState) -> tuple[int, bool]:
    """Every pile top that could go up before the next card is dealt (a superset, as a bit mask: bit ``c`` for
    card ``c``), and whether a king could go bare.

    The foundations are over-approximated by the set of every top card they
    could show, so a card counts as playable as soon as its predecessor could be
    (``fits``: the cards one above such a top; a foundation's top is at most a jack, a pile card never an ace).
    """
    _, piles, found, _, _ = cython.cast(tuple, state)  # unpacked in C (``gallery._deals``)
    one = 1  # compiled, 64 bits wide before a shift
    fits = fits_mask(found)
    played = 0
    depth = [len(pile) - 1 for pile in piles]
    bare = False
    changed = True
    while changed:
        changed = False
        for i in range(PILES):
            pile = piles[i]
            j = depth[i]
            while j > 0:
                card = pile[j]
                if not (fits >> card) & 1:
                    break
                played |= one << card
                fits |= one << (card + 1)
                j -= 1
            if j != depth[i]:
                changed = True
                depth[i] = j
                bare = bare or j == 0
    return played, bare


@cython.locals(stock=bytes, piles=tuple, card=cython.int, played=cython.ulonglong, bare=cython.bint, pile=bytes)
def independent(state: GalleryState) -> bool:
    """Dealing the next card commutes with every pile-top play that could be made before it.

    Needs two stock cards or more (the last card starts the covers). An ace, a
    queen or a king goes where it goes whatever is played. An ordinary card's
    places depend only on the bare kings and on which pile is the newest, and
    on which foundation tops it continues: it commutes unless some play could
    bare a king, could put its predecessor on top of a foundation, or could
    take the top card of the pile it would land on.
    """
    stock, piles, _, _, _ = cython.cast(tuple, state)  # unpacked in C (``gallery._deals``)
    if len(stock) < 2:
        return False
    card = stock[0]
    if KIND[card] != ORDINARY:
        return True
    played, bare = reach(state)
    if not played:
        return True
    if bare or (played >> (card - 1)) & 1:
        return False
    pile = piles[_pile_for(piles) - PILE]
    if len(pile) > 1:
        card = pile[-1]
        return not (played >> card) & 1
    return True
