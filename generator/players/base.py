"""The careful player without second sight: ``Player[S]``, and a default any game can use.

A no-peek player is a fixed strategy that never looks at the order of the stock (its size is
fair game: a player can see how thick it is). It chooses among the legal moves, or gives up
(None) where only aimless moves are left; it must never loop. The odds print its win rate
beside the solver's, and the solver tries its choice first. A game names its own player in
the registry; one that names none is played by ``FoundationsFirst``.
"""

from __future__ import annotations

from typing import Any, Generic

from generator.games import Game, Move, PlaceKind, Rules, S, game_spec


class Player(Generic[S]):
    """The no-peek player of one game (under one variant)."""

    def __init__(self, game: Rules[S]) -> None:
        self.game = game

    def choose(self, state: S, moves: list[Move]) -> Move | None:
        """The choice among ``moves`` (never empty), or None to give up."""
        raise NotImplementedError


class FoundationsFirst(Player[S]):
    """The generic player: a card to a foundation if any can go, else the next card from the
    stock, else the redeal, else give up.

    It never loops: each of its moves makes (redeals done, cards on the foundations, cards
    dealt from the stock in this pass) larger, compared in that order — foundation cards never
    come back and the number of redeals is bounded — and it never makes any other kind of move.
    """

    def choose(self, state: S, moves: list[Move]) -> Move | None:
        places = self.game.places
        stock_move = redeal = None
        for move in moves:
            if move.is_redeal:
                redeal = redeal or move
            elif places[move.dst].kind is PlaceKind.FOUNDATION:
                return move
            elif stock_move is None and places[move.src].kind is PlaceKind.STOCK:
                stock_move = move
        return stock_move or redeal


def player_for(game: Game) -> Player[Any]:
    """The registered no-peek player of ``game`` (``FoundationsFirst`` if it names none)."""
    spec = game_spec(game.id)
    if spec.player is None:
        return FoundationsFirst(game)
    player: Player[Any] = spec.load(spec.player)(game)
    return player
