"""«Картинная галерея»: a proof that no pile can ever be emptied in time, so the position is lost.

A second proof of lost positions beside the relaxed game (``gallery_relax``), cheaper and blunter:
it plays one line of a world with no options at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.games.gallery_cards import ACE, DEALS, KIND, KING, PILES, QUEEN
from generator.games.gallery_positions import GalleryState
from generator.hints.gallery_relax import KING_CARD, counts_up


def never_split(state: GalleryState) -> bool:
    """True if no pile can ever be emptied in time to matter, so no card ever leaves its pile's order: lost.

    The world *G*: rule 1's foundations, every dealt card that does not go up laid on the newest
    pile, no diversion, no cover, every card sent up as soon as it may (so *G* ends with the
    fewest cards left, by the deletion lemma with no option to copy), to the end of the last
    deal. Claim: if *G* ends with a card on every one of the eight piles, ``state`` is lost.
    Proof: take a winning real line *L*. Until its first diversion or cover, *L* is a line of *G*'s
    rules, so every pile of *G* is the same pile of *L* less cards *G* has up. A diversion or a
    cover needs a pile *j* with no card on its king in *L* (not the newest, for a diversion), so
    *G*'s pile *j* is empty then; it never takes a card again in *G* (only the newest pile does,
    and after a redeal its part of the stock is empty), so *G* ends with pile *j* empty. And if
    *L* has no diversion and no cover at all, *G* has up every card *L* has, that is all of them.
    Either way *G* ends with an empty pile. (Under ``optional_cover`` and ``cover_before_gathering`` a cover
    still needs a pile with no card on its king, so the proof stands as it is.)
    """
    count = counts_up(state.found)
    need = bytes(2 if n == 1 else 1 for n in count)
    piles: list[list[int]] = [list(pile[1:]) for pile in state.piles]
    newest = PILES - state.piles.count(b"") - 1

    def close() -> None:
        changed = True
        while changed:
            changed = False
            for pile in piles:
                while pile and count[pile[-1] - 1] >= need[pile[-1]]:
                    count[pile.pop()] += 1
                    changed = True

    stock: Sequence[int] = state.stock
    for deal in range(state.redeals, DEALS):
        if deal > state.redeals:  # a redeal: gather the piles, pile 1 first, each from its king up
            stock = [card for pile in piles for card in (KING_CARD, *pile)]
            piles = [[] for _ in range(PILES)]
            newest = -1
        close()
        for card in stock:
            kind = KIND[card]
            if kind == KING:
                newest += 1
            elif kind == ACE or (kind != QUEEN and count[card - 1] >= need[card]):
                count[card] += 1
                close()
            elif kind != QUEEN:
                piles[newest].append(card)
        close()
    return all(piles)
