"""The no-peek player of «Деревенский пасьянс»: foundations first, then short series of
marriages that free a card, then marriages that unbury soon-wanted cards.

Its marriages each strictly lower a measure that only irreversible moves can raise, so it
never loops; it never looks at the order of the stock.
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games import Move
from generator.games.village import PILE, STOCK, SUITS, UP, VillageState, fitting_moves, lies_backwards
from generator.players.base import Player

#: The no-peek player's horizon: cards more than this many places from fitting weigh 1.
URGENCY = 6


class VillagePlayer(Player[VillageState]):
    #: States the marriage search may look at before it gives up.
    SEARCH_LIMIT = 3000

    def _goal(self, state: VillageState) -> bool:
        """A position that makes irreversible progress possible: a top card fits a
        foundation, or (while the stock lasts) a pile is empty and waits for its refill."""
        return self.game.forced(state) or fitting_moves(state) > 0

    @cython.locals(marriages=list, src=cython.int, dst=cython.int, pile_at=cython.int, up=cython.int)
    def _marriages(self, state: VillageState) -> list[Move]:
        """The marriages the engine offers in ``state``."""
        marriages = []
        pile_at, up = PILE, UP  # (C ints)
        for move in self.game.legal_moves(state):
            _, src, dst = cython.cast(tuple, move)  # (compiled, ``move.src`` looked a property up in the type)
            if pile_at <= src < up and pile_at <= dst < up:
                marriages.append(move)
        return marriages

    @cython.locals(seen=set, layer=list, frontier=list, piles=tuple, limit=cython.Py_ssize_t)
    def _marriage_path(self, state: VillageState) -> Move | None:
        """First marriage of a shortest sequence of marriages that reaches a goal, or None.

        Breadth first over the engine's positions, so each step strictly shortens the
        distance to the goal: the player cannot loop. Only marriages are made, so the
        order of the stock never comes into it.
        """
        apply = self.game.apply
        heights = cython.cast(tuple, state)[2]
        seen = {cython.cast(tuple, state)[1]}
        layer: list[tuple[VillageState, Move | None]] = [(state, None)]
        limit = self.SEARCH_LIMIT
        while layer and len(seen) < limit:
            frontier: list[tuple[VillageState, Move | None]] = []
            for here, first in layer:
                for move in self._marriages(here):
                    if _wrong_way(heights, move, cython.cast(tuple, here)[1]):
                        continue
                    after = apply(here, move)
                    piles = cython.cast(tuple, after)[1]
                    if piles in seen:
                        continue
                    seen.add(piles)
                    step = first or move
                    if self._goal(after):
                        return step
                    frontier.append((after, step))
            layer = frontier
        return None

    @cython.locals(heights=tuple, piles=tuple, pile=bytes, weight=cython.int[52], load=cython.int[8],
                   card=cython.int, src=cython.int, dst=cython.int, suit=cython.int, rank=cython.int,
                   up_gap=cython.int, down_gap=cython.int, gap=cython.int, total=cython.int, i=cython.int,
                   count=cython.int, gain=cython.int, best_gain=cython.int, c=cython.int, suits=cython.int,
                   urgency=cython.int)
    def _improving_marriage(self, state: VillageState) -> Move | None:
        """The marriage that most lowers the burial of wanted cards, or None.

        Burial = the sum over pile cards of (weight × cards above it). Moving the top
        of A onto B lowers it by weight(rest of A) − weight(B); only moves that lower
        it strictly are made, so these moves cannot loop either.

        A card's weight says how soon it is wanted on a foundation: the fewer cards of its suit still to come
        before it fits, the heavier (``URGENCY``).
        """
        if not cython.compiled:
            weight = [0] * 52
            load = [0] * 8
        heights = cython.cast(tuple, state)[2]
        suits, urgency = SUITS, URGENCY  # (C ints)
        for card in range(52):
            suit = card // 13
            rank = card % 13
            up_gap = rank - heights[suit]
            down_gap = (12 - rank) - heights[suits + suit]
            gap = min(up_gap if up_gap >= 0 else 99, down_gap if down_gap >= 0 else 99)
            weight[card] = 1 << max(0, urgency - gap)
        piles = cython.cast(tuple, state)[1]
        count = len(piles)
        for i in range(count):
            pile = piles[i]
            total = 0
            for c in pile:
                total += weight[c]
            load[i] = total
        best, best_gain = None, 0
        for move in self._marriages(state):
            if _wrong_way(heights, move, piles):
                continue
            card, src, dst = cython.cast(tuple, move)
            gain = load[src - PILE] - weight[card] - load[dst - PILE]
            if gain > best_gain:
                best, best_gain = move, gain
        return best

    @cython.locals(ups=list, best_count=cython.int, count=cython.int, dst=cython.int, src=cython.int)
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
        ups = []
        for move in moves:
            _, _, dst = cython.cast(tuple, move)  # (a redeal's ``dst`` is -1)
            if dst >= UP:
                ups.append(move)
        if ups:
            best = ups[0]
            if len(ups) > 1:  # the first of those after which most foundation moves are on offer
                best_count = fitting_moves(state, best)
                for move in ups[1:]:
                    count = fitting_moves(state, move)
                    if count > best_count:
                        best, best_count = move, count
            return best
        step = self._marriage_path(state)
        if step is not None:
            return step
        step = self._improving_marriage(state)
        if step is not None:
            return step
        for move in moves:
            _, src, _ = cython.cast(tuple, move)
            if src <= STOCK:  # the next round, or the redeal (whose ``src`` is -1)
                return move
        return None


@cython.cfunc
@cython.locals(card=cython.int, dst=cython.int)
def _wrong_way(heights: tuple[int, ...], move: Move, piles: tuple[bytes, ...]) -> bool:
    """A marriage that stacks two cards of a suit in the order their foundations cannot take
    them (``lies_backwards``). The player never makes one: it is what locks the last cards
    of a game."""
    card, _, dst = cython.cast(tuple, move)
    return lies_backwards(card, piles[dst - PILE][-1], heights)
