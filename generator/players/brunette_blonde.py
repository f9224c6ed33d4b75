"""The no-peek player of «Брюнетка и блондинка»: foundations first, then clear the waste, then turn."""

from __future__ import annotations

from generator.games import Move
from generator.games.brunette_blonde import FOUNDATION, PILE, STOCK, WASTE, BrunetteBlondeState
from generator.players.base import Player


class BrunetteBlondePlayer(Player[BrunetteBlondeState]):
    def choose(self, state: BrunetteBlondeState, moves: list[Move]) -> Move | None:
        """Foundations first; then clear the waste; only then turn the next card.

        A card from the waste or the turned card goes up if it can, else onto
        a basic-row pile, else into an empty place: an empty place is always
        filled at once, since a card in the row stays reachable and a card in
        the waste may be buried (on deals 501..1500 this beats keeping empty
        places for high cards by a wide margin). The turned card goes to the
        waste only when it has no other place. The waste is turned over when
        nothing else is left. The stock is looked at only once the player has
        decided to turn its top card, exactly as at the table; every move is
        one-way, so the player cannot loop.
        """
        table = [m for m in moves if m.src >= WASTE]  # from the waste or a pile (a redeal's source is -1)
        for move in table:
            if move.dst >= FOUNDATION:
                return move
        for move in table:
            if state.piles[move.dst - PILE]:
                return move
        if table:
            return table[0]  # the waste top into an empty place
        turned = [m for m in moves if m.src == STOCK]
        if turned:
            for move in turned:
                if move.dst >= FOUNDATION:
                    return move
            for move in turned:
                if move.dst != WASTE and state.piles[move.dst - PILE]:
                    return move
            return turned[0]  # an empty place, or the waste when there is none
        return next((move for move in moves if move.is_redeal), None)

