"""The no-peek player of «Картинная галерея»: up first, always."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games import Move
from generator.games.gallery import Gallery, fits_mask
from generator.games.gallery_cards import FOUNDATION, PILE, QUEEN_ROW, STOCK, middle_king
from generator.games.gallery_positions import GalleryState
from generator.players.base import Player


class GalleryPlayer(Player[GalleryState]):
    game: Gallery

    @cython.locals(piles=tuple, found=bytes, redeals=cython.int, pile=bytes, card=cython.int, src=cython.int,
                   dst=cython.int, below=cython.int, n=cython.Py_ssize_t, fits=cython.ulonglong,
                   score=cython.int, best_score=cython.int, uncovers=cython.bint, up=cython.int, top_row=cython.int,
                   first_pile=cython.int, from_stock=cython.int)
    def choose(self, state: GalleryState, moves: list[Move]) -> Move | None:
        """Up first, always: pile tops that fit (before turning a card), then the turned card.

        Pile tops go up before the next card is turned (that choice never looks
        at the stock); among them, the one that uncovers another fitting card
        first, then the one from the longest pile. The turned card goes up when
        it fits. A cover takes the top of the pile whose next card then fits,
        else of the longest pile, onto the leftmost bare king. The piles are
        gathered only when nothing else is left.

        Under ``any_king`` it draws the king nearest the middle, as the rules as printed do (it does not
        look into the stock for a better one); under the cover variants it covers once no play is left.
        """
        _, piles, found, _, redeals = cython.cast(tuple, state)  # unpacked in C (``gallery._deals``)
        if not redeals and not piles[0] and self.game.choosing(state):  # (``choosing`` needs both)
            middle = middle_king(state.stock)
            return next(move for move in moves if self.game.drawn_index(state, move) == middle)
        # The places as C ints (compiled, each sum or test with a module's name was made of Python ints).
        up, top_row, first_pile, from_stock = FOUNDATION, QUEEN_ROW, PILE, STOCK
        fits = fits_mask(found)  # ``below - 1 in found``: bit ``below`` (a pile card below its top is never an ace)
        best = None
        best_score = -1
        for move in moves:
            card, src, dst = cython.cast(tuple, move)
            if card < 0 or src == from_stock:  # the redeal, or the turned card
                continue
            pile = piles[src - first_pile]
            n = len(pile)
            # Does the card uncovered by this move fit now (or once this card is up)?
            uncovers = False
            if n > 2:
                below = pile[n - 2]
                uncovers = bool((fits >> below) & 1) or (dst >= up and below - 1 == card)
            # The order of (goes up, uncovers, len(pile), -src, -dst) as one number (a pile holds at most 104
            # cards; places are below 64): compared as the tuple was, the first best kept; no tuple made.
            score = ((((dst >= up) * 2 + uncovers) * 128 + n) * 64 + (63 - src)) * 64 + (63 - dst)
            if score > best_score:
                best, best_score = move, score
        if best is not None:
            return best
        for move in moves:
            card, src, dst = cython.cast(tuple, move)
            if card >= 0 and up <= dst < top_row:
                return move  # the turned card fits a foundation
        return moves[0]  # the turned card's only place, or the redeal



