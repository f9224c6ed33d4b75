"""The toy game's rules: nothing but a ``Rules`` subclass (no hints, no player of its own)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from generator.cards import SUIT_SYMBOLS
from generator.games import Move, Place, PlaceKind, Rules, redeal

STOCK, WASTE, FOUNDATION = 0, 1, 2


class ToyState(NamedTuple):
    stock: tuple[int, ...]  # top card first
    waste: tuple[int, ...]  # bottom card first
    heights: tuple[int, ...]  # cards on each suit's foundation
    redeals: int


class Toy(Rules[ToyState]):
    id = "toy"
    title = "Простой пасьянс"
    packs = 1
    variants = {"no_redeal": "the waste is never turned over"}
    places = (
        Place("stock", PlaceKind.STOCK),
        Place("waste", PlaceKind.WASTE),
        *(Place(f"foundation:{s}", PlaceKind.FOUNDATION) for s in SUIT_SYMBOLS),
    )

    def initial_state(self, stock: Sequence[int]) -> ToyState:
        return ToyState(tuple(stock), (), (0, 0, 0, 0), 0)

    def _fits(self, state: ToyState, card: int) -> bool:
        return state.heights[card // 13] == card % 13

    def legal_moves(self, state: ToyState) -> list[Move]:
        moves = []
        if state.waste and self._fits(state, state.waste[-1]):
            card = state.waste[-1]
            moves.append(Move(card, WASTE, FOUNDATION + card // 13))
        if state.stock:
            card = state.stock[0]
            if self._fits(state, card):
                moves.append(Move(card, STOCK, FOUNDATION + card // 13))
            moves.append(Move(card, STOCK, WASTE))
        elif state.waste and state.redeals < (0 if self.variant == "no_redeal" else 1):
            moves.append(redeal(state.redeals + 1))
        return moves

    def apply(self, state: ToyState, move: Move) -> ToyState:
        stock, waste, heights, redeals = state
        if move.is_redeal:
            return ToyState(waste, (), heights, redeals + 1)
        if move.src == STOCK:
            stock = stock[1:]
        else:
            waste = waste[:-1]
        if move.dst == WASTE:
            waste = (*waste, move.card)
        else:
            suit = move.card // 13
            heights = (*heights[:suit], heights[suit] + 1, *heights[suit + 1 :])
        return ToyState(stock, waste, heights, redeals)

    def is_won(self, state: ToyState) -> bool:
        return sum(state.heights) == 52

    def redeals_done(self, state: ToyState) -> int:
        return state.redeals

    def contents(self, state: ToyState) -> dict[int, tuple[int, ...]]:
        places: dict[int, tuple[int, ...]] = {}
        if state.stock:
            places[STOCK] = state.stock[::-1]
        if state.waste:
            places[WASTE] = state.waste
        for suit, height in enumerate(state.heights):
            if height:
                places[FOUNDATION + suit] = tuple(range(suit * 13, suit * 13 + height))
        return places
