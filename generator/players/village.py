"""The no-peek player of «Деревенский пасьянс»: foundations first, then short series of
marriages that free a card, then marriages that unbury soon-wanted cards.

Its marriages each strictly lower a measure that only irreversible moves can raise, so it
never loops; it never looks at the order of the stock.
"""

from __future__ import annotations

from generator.games import Move
from generator.games.village import _RANK0, _SUIT, PILE, STOCK, SUITS, UP, VillageState, _state, lies_backwards
from generator.players.base import Player

#: The no-peek player's horizon: cards more than this many places from fitting weigh 1.
URGENCY = 6


class VillagePlayer(Player[VillageState]):
    #: States the marriage search may look at before it gives up.
    SEARCH_LIMIT = 3000

    def _goal(self, state: VillageState) -> bool:
        """A position that makes irreversible progress possible: a top card fits a
        foundation, or (while the stock lasts) a pile is empty and waits for its refill."""
        return self.game.forced(state) or any(move.dst >= UP for move in self.game.legal_moves(state))

    def _marriages(self, state: VillageState) -> list[Move]:
        """The marriages the engine offers in ``state``."""
        return [move for move in self.game.legal_moves(state) if PILE <= move.src < UP and PILE <= move.dst < UP]

    def _marriage_path(self, state: VillageState) -> Move | None:
        """First marriage of a shortest sequence of marriages that reaches a goal, or None.

        Breadth first over the engine's positions, so each step strictly shortens the
        distance to the goal: the player cannot loop. Only marriages are made, so the
        order of the stock never comes into it.
        """
        seen = {state.piles}
        layer: list[tuple[VillageState, Move | None]] = [(state, None)]
        while layer and len(seen) < self.SEARCH_LIMIT:
            frontier: list[tuple[VillageState, Move | None]] = []
            for here, first in layer:
                for move in self._marriages(here):
                    if self._wrong_way(state, move, here.piles):
                        continue
                    after = self.game.apply(here, move)
                    if after.piles in seen:
                        continue
                    seen.add(after.piles)
                    step = first or move
                    if self._goal(after):
                        return step
                    frontier.append((after, step))
            layer = frontier
        return None

    def _weights(self, state: VillageState) -> list[int]:
        """How soon each card (0..51) is wanted on a foundation: the fewer cards of its
        suit still to come before it fits, the heavier."""
        heights = state.heights
        weights = []
        for card in range(52):
            suit, rank = _SUIT[card], _RANK0[card]
            up_gap, down_gap = rank - heights[suit], (12 - rank) - heights[SUITS + suit]
            gap = min(up_gap if up_gap >= 0 else 99, down_gap if down_gap >= 0 else 99)
            weights.append(1 << max(0, URGENCY - gap))
        return weights

    def _follow_ups(self, state: VillageState, move: Move) -> int:
        """How many foundation moves the table offers after ``move`` (the refill unseen)."""
        after = self.game.apply(state, move)
        after = _state(b"", *after[1:])  # ``_replace(stock=b"")``, without its Python-level call
        return sum(1 for m in self.game.legal_moves(after) if m.dst >= UP)  # (a redeal's ``dst`` is -1)

    @staticmethod
    def _wrong_way(state: VillageState, move: Move, piles: tuple[bytes, ...]) -> bool:
        """A marriage that stacks two cards of a suit in the order their foundations cannot take
        them (``lies_backwards``). The player never makes one: it is what locks the last cards
        of a game."""
        return lies_backwards(move.card, piles[move.dst - PILE][-1], state.heights)

    def _improving_marriage(self, state: VillageState) -> Move | None:
        """The marriage that most lowers the burial of wanted cards, or None.

        Burial = the sum over pile cards of (weight × cards above it). Moving the top
        of A onto B lowers it by weight(rest of A) − weight(B); only moves that lower
        it strictly are made, so these moves cannot loop either.
        """
        weights = self._weights(state)
        piles = state.piles
        load = [sum(weights[c] for c in pile) for pile in piles]
        best, best_gain = None, 0
        for move in self._marriages(state):
            if self._wrong_way(state, move, piles):
                continue
            i, j = move.src - PILE, move.dst - PILE
            gain = load[i] - weights[move.card] - load[j]
            if gain > best_gain:
                best, best_gain = move, gain
        return best

    def choose(self, state: VillageState, moves: list[Move]) -> Move | None:
        """The careful player, in this order of preference:

        1. a foundation move (of several, the one after which the table offers most);
        2. the first marriage of a shortest series that brings a card to a foundation
           or empties a pile while the stock lasts;
        3. the marriage that most lowers the burial of soon-wanted cards;
        4. the next round; once the stock is out, the redeal;
        5. give up: only aimless shuttling is left.

        It never makes a marriage that stacks two cards the wrong way for their
        foundations (see ``_wrong_way``), and never looks at the order of the stock.
        Steps 2 and 3 each strictly lower a measure that only a foundation move, a
        refill, a round or the redeal can raise again, so the player never loops.
        """
        if self.game.forced(state):
            return moves[0]
        ups = [move for move in moves if move.dst >= UP]
        if ups:
            if len(ups) == 1:
                return ups[0]
            return max(ups, key=lambda move: self._follow_ups(state, move))
        step = self._marriage_path(state)
        if step is not None:
            return step
        step = self._improving_marriage(state)
        if step is not None:
            return step
        for move in moves:
            if move.src <= STOCK:  # the next round, or the redeal (whose ``src`` is -1)
                return move
        return None

