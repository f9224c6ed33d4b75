"""Why a move is not legal in «Картинная галерея» (``Gallery.explain_illegal``): the messages ``pasyans check``
and ``pasyans play`` print, kept apart from the rules they describe (they decide nothing)."""

from __future__ import annotations

from generator.cards import card_str
from generator.games.gallery import Gallery
from generator.games.gallery_cards import AT, DEALS, FOUNDATION, PILE, QUEEN_ROW, STOCK
from generator.games.gallery_positions import GalleryState
from generator.games.rules import Rules
from generator.games.values import Move


def explain(game: Gallery, state: GalleryState, move: Move) -> str:
    """One line on why ``move`` is not legal in ``state``."""
    legal = game.legal_moves(state)
    if not legal:
        return "the game is already over"
    if not move.is_redeal and not (0 <= move.src < len(game.places) and 0 <= move.dst < len(game.places)):
        return "no such place in this reading of the game (stock:35 … stock:70 are any_king's only)"
    if game.any_king and game.choosing(state):
        if move.dst != PILE or move.is_redeal:
            return "the first move draws a king from the middle third of the stock onto pile:1"
        return (f"{card_str(move.card)} from {game.places[move.src]} is not a king the player may draw: "
                f"{', '.join(game.describe(m) for m in legal)}")
    if move.is_redeal:
        if state.stock:
            return "the piles are gathered only when the whole stock has been dealt"
        if state.redeals >= DEALS - 1:
            return "three deals in all: the kings are not laid out a fourth time"
        return "a bare king must be covered first"
    where = game.contents(state).get(move.src, ())
    if not where or where[-1] != move.card:
        return f"{card_str(move.card)} is not on top of {game.places[move.src]}"
    if PILE <= move.src < FOUNDATION and len(where) == 1:
        return "a king never moves"
    if move.src == STOCK:
        places = " or ".join(game.places[m.dst] for m in game._stock_moves(state))
        return f"{card_str(move.card)} from the stock goes to {places}"
    if move.src >= AT:
        return f"{game.places[move.src]} names a king drawn by the first move only"
    covers = [m for m in legal if not m.is_redeal and m.src != STOCK and m.dst < FOUNDATION]
    if covers and move not in covers and game.cover_first:
        return "a bare king must be covered first, with the top card of a pile holding two or more cards on it"
    if PILE <= move.dst < FOUNDATION:
        if state.stock:
            return "no card moves between piles while the stock has cards"
        if len(state.piles[move.dst - PILE]) != 1:
            return "a card moves to another pile only to cover a bare king"
        return f"{game.places[move.src]} cannot spare a card: it would leave its own king bare"
    if FOUNDATION <= move.dst < QUEEN_ROW:
        return f"{card_str(move.card)} does not continue {game.places[move.dst]}"
    return Rules.explain_illegal(game, state, move)
