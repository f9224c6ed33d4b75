"""The no-peek player of «Македонская фаланга»: everything that fits goes up at once."""

from __future__ import annotations

from generator.games import Move
from generator.games.phalanx import PYRAMID, WASTE, PhalanxState
from generator.players.base import Player


class PhalanxPlayer(Player[PhalanxState]):
    def choose(self, state: PhalanxState, moves: list[Move]) -> Move | None:
        """Everything that fits goes up at once, pyramid cards first, then the top of the collecting
        pile; the stock is turned only when nothing else fits. Every move is progress, so no loop.

        Not always best: a pyramid card going up pulls the current top of the collecting pile into
        the pyramid, and holding it back to rescue a later card sometimes wins a deal this loses
        (simple "hold unless the pulled card goes up at once" rules did far worse on deals 1..500).
        """
        best = moves[0]
        for move in moves:
            if move.src >= PYRAMID:
                return move
            if move.src == WASTE:
                best = move
        return best
