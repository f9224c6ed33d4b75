"""«Кадриль» (seed 002): one pack, three passes, and not a single choice.

Queens go to the centre, fives and sixes round them; on a five its suit's
4, 3, 2, Т, К; on a six 7, 8, 9, 10, В. Only the turned card and the top of
the waste are ever available («не нарушая порядка колоды»), and a card goes
up as soon as it fits, so every position has exactly one legal move and the
shuffle alone decides the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from generator.cards import QUEEN, SUIT_SYMBOLS
from generator.games.rules import Rules
from generator.games.values import Move, Place, PlaceKind, redeal

STOCK, WASTE = 0, 1
QUEEN_PLACE = 2  # queen:♠ … queen:♦ are 2..5
FIVE_PLACE = 6  # five:♠ … are 6..9
SIX_PLACE = 10  # six:♠ … are 10..13

#: Ranks laid on a five, in order (the five itself first) and on a six.
FIVE_SEQUENCE = (5, 4, 3, 2, 1, 13)
SIX_SEQUENCE = (6, 7, 8, 9, 10, 11)
PASSES = 3

# For each card (0..51): which build it belongs to and its position in it.
_BUILD_OF: list[tuple[int, int]] = []
for _index in range(52):
    _suit, _rank = divmod(_index, 13)
    _rank += 1
    if _rank in FIVE_SEQUENCE:
        _BUILD_OF.append((FIVE_PLACE + _suit, FIVE_SEQUENCE.index(_rank)))
    elif _rank in SIX_SEQUENCE:
        _BUILD_OF.append((SIX_PLACE + _suit, SIX_SEQUENCE.index(_rank)))
    else:
        _BUILD_OF.append((QUEEN_PLACE + _suit, 0))
BUILD_OF = tuple(_BUILD_OF)


def fits(built: Sequence[int], card: int, *, queens_first: bool) -> int | None:
    """The place ``card`` goes up to, given how many cards each place holds (``built``); None if none.

    The one statement of where a card fits: the engine's moves and ``comes_out`` both ask it.
    A card fits when its build has exactly the cards below it; with ``queens_first``, fives and
    sixes (and what goes on them) wait until all four queens are out.
    """
    place, position = BUILD_OF[card]
    if built[place] != position:
        return None
    if queens_first and place >= FIVE_PLACE and sum(built[QUEEN_PLACE:FIVE_PLACE]) < 4:
        return None
    return place


#: Every card movement, made once: ``_MOVES[card][src][dst]`` (sources the stock and the waste; a line is a hundred
#: moves or more, all forced, and a ``Move`` made anew each time was most of the cost of dealing one).
_MOVES = tuple(tuple(tuple(Move(card, src, dst) for dst in range(SIX_PLACE + 4)) for src in (STOCK, WASTE))
               for card in range(52))


class QuadrilleState(NamedTuple):
    stock: tuple[int, ...]  # top card first
    waste: tuple[int, ...]  # bottom card first
    built: tuple[int, ...]  # cards on each place by place id (0 for stock/waste slots)
    passes_done: int  # redeals so far: 0 in the first pass


class Quadrille(Rules[QuadrilleState]):
    """No hints and no player of its own: every position has one move, so plain search and the
    generic player play the one line there is."""

    id = "quadrille"
    title = "Кадриль"
    packs = 1
    variants = {"queens_first": "no five, six or building until all four queens are out"}
    places = (
        Place("stock", PlaceKind.STOCK),
        Place("waste", PlaceKind.WASTE),
        *(Place(f"{group}:{s}", PlaceKind.FOUNDATION) for group in ("queen", "five", "six") for s in SUIT_SYMBOLS),
    )

    def initial_state(self, stock: Sequence[int]) -> QuadrilleState:
        return QuadrilleState(tuple(stock), (), (0,) * len(self.places), 0)

    def destination(self, state: QuadrilleState, card: int) -> int | None:
        """Where ``card`` fits now, or None."""
        return fits(state.built, card, queens_first=self.variant == "queens_first")

    def legal_moves(self, state: QuadrilleState) -> list[Move]:
        if state.waste:
            top = state.waste[-1]
            place = self.destination(state, top)
            if place is not None:
                return [_MOVES[top][WASTE][place]]
        if state.stock:
            card = state.stock[0]
            place = self.destination(state, card)
            return [_MOVES[card][STOCK][WASTE if place is None else place]]
        if state.waste and state.passes_done < PASSES - 1:
            return [redeal(state.passes_done + 1)]
        return []

    def apply(self, state: QuadrilleState, move: Move) -> QuadrilleState:
        stock, waste, built, passes = state
        if move.is_redeal:
            return QuadrilleState(waste, (), built, passes + 1)
        if move.src == STOCK:
            stock = stock[1:]
        else:
            waste = waste[:-1]
        if move.dst == WASTE:
            waste = (*waste, move.card)
        else:
            built = (*built[: move.dst], built[move.dst] + 1, *built[move.dst + 1 :])
        return QuadrilleState(stock, waste, built, passes)

    def forced(self, state: QuadrilleState) -> bool:
        return True

    def deal_forced(self, state: QuadrilleState, moves: list[Move], *, stock_floor: int = 0) -> QuadrilleState:
        """The pass in one loop on lists, as ``legal_moves`` would make it move by move (every move is forced):
        the waste's top up while it fits, else the next card turned, up or onto the waste; until the stock holds
        ``stock_floor`` cards (the turn-over of the waste is left to ``legal_moves``)."""
        stock, waste, built, passes = state
        queens_first = self.variant == "queens_first"
        pile, counts = list(waste), list(built)
        at, end = 0, len(stock) - stock_floor
        made = len(moves)
        while at < end:
            if pile:
                top = pile[-1]
                place = fits(counts, top, queens_first=queens_first)
                if place is not None:
                    moves.append(_MOVES[top][WASTE][place])
                    pile.pop()
                    counts[place] += 1
                    continue
            card = stock[at]
            at += 1
            place = fits(counts, card, queens_first=queens_first)
            if place is None:
                moves.append(_MOVES[card][STOCK][WASTE])
                pile.append(card)
            else:
                moves.append(_MOVES[card][STOCK][place])
                counts[place] += 1
        if len(moves) == made:
            return state
        return QuadrilleState(stock[at:], tuple(pile), tuple(counts), passes)

    def laid_out(self, state: QuadrilleState) -> bool:
        """No deal to lay out: every move is forced, so the book shows the table once the first card is turned."""
        return state.passes_done > 0 or len(state.stock) < 52

    def is_won(self, state: QuadrilleState) -> bool:
        return not state.stock and not state.waste

    def redeals_done(self, state: QuadrilleState) -> int:
        return state.passes_done

    def contents(self, state: QuadrilleState) -> dict[int, tuple[int, ...]]:
        places: dict[int, tuple[int, ...]] = {}
        if state.stock:
            places[STOCK] = state.stock[::-1]
        if state.waste:
            places[WASTE] = state.waste
        for suit in range(4):
            base = suit * 13 - 1
            if state.built[QUEEN_PLACE + suit]:
                places[QUEEN_PLACE + suit] = (base + QUEEN,)
            for first, sequence in ((FIVE_PLACE, FIVE_SEQUENCE), (SIX_PLACE, SIX_SEQUENCE)):
                count = state.built[first + suit]
                if count:
                    places[first + suit] = tuple(base + rank for rank in sequence[:count])
        return places


def comes_out(stock: Sequence[int], *, queens_first: bool = False) -> bool:
    """Does this stock (top card first) come out? The engine's one line of play, without records.

    Every position of «Кадриль» has exactly one legal move (``Quadrille.legal_moves``): the top
    of the waste goes up if it fits, else the next card is turned, up if it fits (``fits``, the
    same test the engine asks), else onto the waste; the waste is turned over for the next pass.
    This walks that line on plain lists, fast enough for the odds of many thousands of deals; a
    test holds it to the engine's outcome on the first 400 deals of each variant.
    """
    built = [0] * 14
    deck = list(stock)
    for _ in range(PASSES):
        waste: list[int] = []
        for card in deck:
            place = fits(built, card, queens_first=queens_first)
            if place is None:
                waste.append(card)
                continue
            built[place] += 1
            while waste:
                place = fits(built, waste[-1], queens_first=queens_first)
                if place is None:
                    break
                waste.pop()
                built[place] += 1
        if not waste:
            return True
        deck = waste
    return False
