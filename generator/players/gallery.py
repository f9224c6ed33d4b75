"""The no-peek player of «Картинная галерея»: up first, always."""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games import Move
from generator.games.gallery import Gallery, GalleryState
from generator.games.gallery_cards import FOUNDATION, PILE, QUEEN_ROW, STOCK, middle_king
from generator.players.base import Player


class GalleryPlayer(Player[GalleryState]):
    game: Gallery

    @cython.locals(piles=tuple, found=tuple, pile=bytes, card=cython.int, src=cython.int, dst=cython.int)
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
        if self.game.choosing(state):
            middle = middle_king(state.stock)
            return next(move for move in moves if self.game.drawn_index(state, move) == middle)
        _, piles, found, _, _ = cython.cast(tuple, state)  # unpacked in C (``gallery._deals``)
        best = None
        best_score = None
        for move in moves:
            card, src, dst = cython.cast(tuple, move)
            if card < 0 or src == STOCK:  # the redeal, or the turned card
                continue
            pile = piles[src - PILE]
            # Does the card uncovered by this move fit now (or once this card is up)?
            below = pile[-2] if len(pile) > 2 else None
            uncovers = below is not None and (below - 1 in found or (dst >= FOUNDATION and below - 1 == card))
            score = (dst >= FOUNDATION, uncovers, len(pile), -src, -dst)
            if best_score is None or score > best_score:
                best, best_score = move, score
        if best is not None:
            return best
        for move in moves:
            if not move.is_redeal and FOUNDATION <= move.dst < QUEEN_ROW:
                return move  # the turned card fits a foundation
        return moves[0]  # the turned card's only place, or the redeal



