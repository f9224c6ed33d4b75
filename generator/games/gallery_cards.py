"""«Картинная галерея»: its cards, places and moves, and which king starts pile 1.

The numbers the rules (``generator.games.gallery``), the hints, the no-peek player and the figures share; and
the first king: the one nearest the middle of the stock as printed, or (``any_king``) any king of the middle
third, the player's choice, named by its place when its twin lies there too. Part of the rules: the rules
digest covers this file (``gallery.RULES_PARTS``).
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.games.values import Move

STOCK = 0
PILE = 1  # pile:1 … pile:8 are 1..8
FOUNDATION = 9  # foundation:1 … foundation:8 are 9..16
QUEEN_ROW = 17  # queen:1 … queen:8 are 17..24
PILES = 8
CARDS = 104
DEALS = 3
LAST = DEALS - 1  # redeals done in the last deal
EMPTY = -1
MIDDLE = (CARDS + 1) / 2  # 52.5
#: ``any_king``: the middle third of the stock, 0-based indices 34..69 (positions 35–70 from the top).
THIRD = range(34, 70)
#: ``any_king``: ``stock:35`` … ``stock:70`` are the place ids 25..60 (``stock:P`` is ``AT + P - 35``).
AT = 25

ORDINARY, ACE, QUEEN, KING = 0, 1, 2, 3
#: What each card (0..51) is to this game: 2…В are ordinary, they build on the aces.
KIND = tuple({1: ACE, 12: QUEEN, 13: KING}.get(card % 13 + 1, ORDINARY) for card in range(52))
#: The cards on a foundation whose top card is ``top``: its suit from the ace up to ``top``.
RUN = tuple(tuple(range(top - top % 13, top + 1)) for top in range(52))
NO_PILES: tuple[bytes, ...] = (b"",) * PILES
#: Every card movement, made once: ``MOVES[card][src][dst]`` (sources are the stock and the piles).
MOVES = tuple(tuple(tuple(Move(card, src, dst) for dst in range(25)) for src in range(9)) for card in range(52))


def foundations(tops: Sequence[int]) -> bytes:
    """The foundations of a position (``GalleryState.found``) with these top cards (``EMPTY`` before the ace):
    a byte each, its top card + 1, 0 before its ace (the engine reads them in C)."""
    return bytes(top + 1 for top in tops)


def tops(found: bytes) -> tuple[int, ...]:
    """Each foundation's top card, ``EMPTY`` before its ace (``foundations`` read back)."""
    return tuple(top - 1 for top in found)


#: Eight foundations before their aces.
NO_FOUNDATIONS = foundations((EMPTY,) * PILES)


def middle_king(stock: Sequence[int]) -> int:
    """Index (0-based, top card first) of the king drawn out of the middle of ``stock``."""
    kings = [i for i, card in enumerate(stock) if KIND[card] == KING]
    if not kings:
        raise ValueError("the stock holds no king")
    return min(kings, key=lambda i: (abs(i + 1 - MIDDLE), i))


def king_choices(stock: Sequence[int]) -> list[int]:
    """``any_king``: indices (0-based, top first) of the kings the player may draw: those in the middle third,
    else the middle king alone."""
    kings = [i for i in THIRD if KIND[stock[i]] == KING]
    return kings or [middle_king(stock)]


def king_moves(stock: bytes) -> list[Move]:
    """``any_king``'s first moves from the stock as dealt: each king the player may draw, ``stock → pile:1``, or
    ``stock:P → pile:1`` when the other copy of that king is a choice too (``К♠ stock:47 → pile:1``, a place of
    kind stock, «колода 47»: a record says which king, and ``check`` replays it)."""
    choices = king_choices(stock)
    cards = [stock[i] for i in choices]
    return [MOVES[stock[i]][STOCK][PILE] if cards.count(stock[i]) == 1 else Move(stock[i], AT + i - THIRD[0], PILE)
            for i in choices]


def drawn_index(stock: bytes, move: Move) -> int:
    """``any_king``: the index in the stock as dealt of the king ``move`` (one of ``king_moves``) draws."""
    if move.src >= AT:
        return move.src - AT + THIRD[0]
    return next(i for i in king_choices(stock) if stock[i] == move.card)


def adopt_first(stock: bytes, first: Move, *, any_king: bool) -> Move:
    """A line's first move as this reading names the draw of the first king (``Gallery.adopt_line``): the printed
    rules draw the middle king with a plain ``stock → pile:1``; ``any_king`` names it ``stock:P → pile:1`` when
    both copies of it lie in the middle third. Any other first move is left as it is."""
    i = middle_king(stock)
    if any_king:
        if first.src != STOCK or first.card != stock[i]:
            return first
        return next(move for move in king_moves(stock) if drawn_index(stock, move) == i)
    if first.src >= AT and first.src - AT + THIRD[0] == i and first.card == stock[i]:
        return MOVES[first.card][STOCK][PILE]
    return first
