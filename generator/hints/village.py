"""Search hints of «Деревенский пасьянс»: safe foundation moves, pruned marriages, the order of
moves, restarts over first-deal orders, and a dead-end test; each proved beside it.

Phases: the first deal (the redeal still to come), the second deal (redeal used, stock left)
and the end (redeal used, stock out). Nothing below touches the first deal: there every card on
the table is part of the sequence the redeal will gather, so removing or moving one changes
where every later card of the second deal falls (``at_once``'s safe move is the exception, and
its proof says why).

Under the variants. Both only take moves away (the same ``apply``, fewer moves on offer), so
every line of a variant is a line of the game as printed: whatever is proved of *every* line
(a card that can never leave its pile, a marriage after which a card never leaves) holds under
both. ``stuck_redeal`` takes away only the redeal, so after the redeal it is the printed game
itself: every hint below, all of which act after the redeal only or merely order moves, holds
as proved. ``at_once`` forces foundation moves, so a proof that rebuilds a winning line with
a card moved somewhere else must keep those moves legal too; ``safe_move`` and the second rule
of ``prune`` do not, and are replaced or switched off there (see each).
"""

from __future__ import annotations

import random

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games import Move
from generator.games.village import (
    _DOWN0,
    _NEIGHBOURS,
    _RANK0,
    _SUIT,
    PILE,
    PILES,
    REDEALS,
    STOCK,
    SUITS,
    UP,
    Village,
    VillageState,
    lies_backwards,
)
from generator.hints.base import Restarts, SearchHints, shuffled_restarts


class VillageHints(SearchHints[VillageState]):
    game: Village

    def safe_move(self, state: VillageState, moves: list[Move]) -> Move | None:
        """A foundation move that loses nothing, or None: after the redeal, a card X that fits
        foundation f while its twin (the other copy) is already up, provided the stock is out
        or X is not alone in its pile.

        Proof. The twin is on the other foundation g, so g has passed X's rank r and f has not:
        each rank from r on (f's way) and each rank g still needs has at most one copy off the
        foundations (on the table or in the stock), and that copy can only go to f, resp. g, in
        order. Take any winning line L from here and replay it with X already up, keeping a set
        V of cards that are up in the replay but still on the table in L (at first V = {X}; V is
        always the next cards of f's and of g's way, and the replay's table is L's table less
        V). A move of a card of V is skipped. A foundation move of another card is legal in the
        replay too (a card of V's ranks would be a second copy). A marriage of a card A onto a
        card B of V is made in the replay as a foundation move and A joins V: A is the next card
        of B's way (any other rank next to B is up, or a second copy). Every other move is the
        same. No card of V is ever the bottom card of a pile (X is not; a card joins V by lying
        on one; they move only onto cards), so a pile is empty in the replay exactly when it is
        in L: every refill and every round falls the same. L ends won, so the replay does too,
        at least one move shorter. So the shortest win gets shorter by one with each safe move,
        and the solver still finds a win whenever there is one. Not in the first deal: there
        every card on the table goes into the sequence the redeal gathers.

        Under ``at_once`` that replay can break: a card of the replay's table may fit its higher
        foundations where L's does not, and then only foundation moves are legal in the replay.
        The same move is safe there, in every deal, by another proof (an exchange). While X is
        on top and fits f, every move of any winning line L is a foundation move or a refill
        (the rule), nothing is put on X (marriages and rounds wait; refills go to empty piles)
        and no other card can go on f (X's rank on f has one copy off the foundations: X), so
        L is: foundation moves F1 … Fk with their refills, X up, the rest. Then X up, F1 … Fk
        (refills alike), the rest is legal too: X's move empties no pile that the stock refills
        (X is not alone, or the stock is out), so every refill falls as in L; each Fi is a
        pile top going to a foundation other than f (f takes only X), legal as before, and with
        only foundation moves in between the rule is kept. After those k + 1 moves both lines
        stand in the same position, up to the numbers of foundations started meanwhile (no
        redeal came between: it waits too), so a win as short as L starts with the safe move.
        """
        stock, piles, heights, _, _, redeals = cython.cast(tuple, state)  # unpacked in C, not iterated
        if redeals < REDEALS and not self.game.at_once:
            return None
        for move in moves:
            if move.dst < UP:  # a marriage, a dealt card or the redeal
                continue
            card = move.card
            suit, rank = _SUIT[card], _RANK0[card]
            if (rank < heights[suit]) + (rank > 12 - heights[suit + SUITS]) != 1:
                continue  # the twin is not up (or the card fits both foundations)
            if not stock or len(piles[move.src - PILE]) > 1:
                return move
        return None

    def prune(self, state: VillageState, moves: list[Move]) -> list[Move]:
        """After the redeal two kinds of marriage are left out, both provably useless:

        - a marriage that locks (``_locks``): the married card can never leave again, so no
          winning line makes it;
        - at the end (stock out), a marriage of a card X that is alone in its pile. The emptied
          pile stays empty, so in any winning line that makes it, keeping X where it was and
          making every later move of the cards lying on X from its old pile instead is legal,
          until X leaves (from then on the positions are the same). That line is one move
          shorter and makes no more such marriages (X's next move, if a marriage, becomes one;
          the skipped one is gone). So every shortest win makes none: leaving them out, like
          the safe moves, keeps a shortest win in reach.

        Under ``at_once`` only the first rule (a fact about every line, see the module). The
        second rebuilds a line with X left in its pile, which uncovers the card X lay on; that
        card may come to fit a foundation while L still covers it, and then the rebuilt line
        must play it up where L does not: the proof fails, so the rule is off.
        """
        if len(moves) < 2 or state.redeals < REDEALS:
            return moves
        stock, piles, heights = state.stock, state.piles, state.heights
        alone_useless = not stock and not self.game.at_once
        kept = []
        for move in moves:
            if PILE <= move.src < UP and PILE <= move.dst < UP:  # a marriage
                if alone_useless and len(piles[move.src - PILE]) == 1:
                    continue
                if _locks(move.card, piles[move.dst - PILE][-1], heights):
                    continue
            kept.append(move)
        return kept

    def order(self, state: VillageState, moves: list[Move]) -> list[Move]:
        """Foundation moves first, then marriages that uncover a card that fits a foundation
        or (stock left) empty a pile, then other marriages, then the next round or the redeal;
        after the redeal, marriages that stack a card the wrong way (``lies_backwards``) come last."""
        if len(moves) < 2:
            return moves
        stock, piles, heights, _, _, redeals = cython.cast(tuple, state)  # unpacked in C, not iterated
        later = redeals >= REDEALS
        ups: list[Move] = []
        freeing: list[Move] = []
        other: list[Move] = []
        rounds: list[Move] = []
        backwards: list[Move] = []
        for move in moves:
            if move.dst >= UP:
                ups.append(move)
            elif move.src <= STOCK:  # the next round, or the redeal (whose ``src`` is -1)
                rounds.append(move)
            elif later and lies_backwards(move.card, piles[move.dst - PILE][-1], heights):
                backwards.append(move)
            else:
                (freeing if _frees(move, piles, heights, stock) else other).append(move)
        return ups + freeing + other + rounds + backwards

    def perturb(self, state: VillageState, moves: list[Move], rng: random.Random) -> list[Move]:
        """``order`` with its marriages shuffled in the first deal (foundation moves stay
        first, the next round or the redeal last), for a solver that restarts its search with
        other orders: how the first deal is played decides the sequence the redeal gathers,
        and a search that sticks to one first deal can spend all its time after the redeal."""
        ordered = self.order(state, moves)
        if state.redeals >= REDEALS or len(ordered) < 3:
            return ordered
        piles, heights, stock = state.piles, state.heights, state.stock
        ups: list[Move] = []
        freeing: list[Move] = []
        other: list[Move] = []
        rounds: list[Move] = []
        for move in ordered:
            if move.dst >= UP:
                ups.append(move)
            elif move.src <= STOCK:  # the next round, or the redeal (whose ``src`` is -1)
                rounds.append(move)
            else:
                (freeing if _frees(move, piles, heights, stock) else other).append(move)
        rng.shuffle(freeing)
        rng.shuffle(other)
        return ups + freeing + other + rounds

    #: Failures of the first restart attempt (positions searched to the end without a win). Deals
    #: 1..300 at 20,000 positions: 10, 20 and 35 leave the same two open, 20 the fastest.
    restart_unit = 20

    def restarts(self) -> Restarts[VillageState]:
        """Restarts over first-deal orders (``perturb``): how the first deal is played decides
        what the redeal gathers."""
        return shuffled_restarts(self.restart_unit, self.perturb)

    def dead_end(self, state: VillageState) -> bool:
        """True only if the position cannot be won: after the redeal, some card can never leave
        its pile (``_stuck``; in the first deal never: the redeal regathers all)."""
        return state.redeals >= REDEALS and _stuck(state.piles, state.heights)


def _frees(move: Move, piles: tuple[bytes, ...], heights: tuple[int, ...], stock: bytes) -> bool:
    """Does this marriage uncover a card that fits a foundation, or empty a pile the stock refills?"""
    pile = piles[move.src - PILE]
    if len(pile) == 1:
        return bool(stock)
    under = pile[-2]
    suit = _SUIT[under]
    return heights[suit] == _RANK0[under] or heights[suit + SUITS] == _DOWN0[under]


def _off(heights: tuple[int, ...], card: int) -> int:
    """Copies of ``card`` not on the foundations (in a full two-pack game): 2 less those up."""
    suit, rank = _SUIT[card], _RANK0[card]
    return 2 - (rank < heights[suit]) - (rank > 12 - heights[suit + SUITS])


def _locks(card: int, target: int, heights: tuple[int, ...]) -> bool:
    """Would ``card`` married onto ``target`` (a neighbour) stay there for ever?

    It would if ``target`` is the only copy of its card off the foundations, no copy of the
    card's other neighbour is off them (nothing else to marry onto, now or later: foundation
    cards never come back), and each foundation the card could still reach needs ``target``
    first (the ace foundation if ``target`` is one lower and not yet up there, the king
    foundation if one higher). ``target`` cannot go up while the card covers it. Valid once the
    redeal is used (before it, the redeal lifts the card off). With a partial pack, missing
    copies count as off the foundations, which only makes this say "no" more often.
    """
    if _off(heights, target) != 1:
        return False
    suit, rank, low = _SUIT[card], _RANK0[card], _RANK0[target]
    other = rank + (rank - low)  # the other neighbour rank
    if 0 <= other <= 12 and _off(heights, suit * 13 + other):
        return False
    up, down = heights[suit], 12 - heights[suit + SUITS]
    if rank >= up and not (low == rank - 1 and low >= up):
        return False  # the ace foundation does not wait for the target
    # nor the king foundation?
    return rank > down or (low == rank + 1 and low <= down)


_OFF_TABLES: dict[tuple[int, ...], list[int]] = {}


def _off_table(heights: tuple[int, ...]) -> list[int]:
    """``_off`` of every card for these foundation heights (cached: few heights recur a lot)."""
    table = _OFF_TABLES.get(heights)
    if table is None:
        table = []
        for suit in range(SUITS):
            up, down = heights[suit], 12 - heights[suit + SUITS]
            table.extend(2 - (rank < up) - (rank > down) for rank in range(13))
        if len(_OFF_TABLES) >= 100_000:
            _OFF_TABLES.clear()
        _OFF_TABLES[heights] = table
    return table


#: Per card, for ``_stuck``: suit, rank, and per neighbour (card, rank, the card of the other
#: neighbour rank or -1).
_PEEL = tuple(
    (
        card // 13,
        card % 13,
        tuple(
            (other, other % 13, card + (card - other) if 0 <= card % 13 + (card - other) <= 12 else -1)
            for other in _NEIGHBOURS[card]
        ),
    )
    for card in range(52)
)


@cython.locals(off=cython.int[52], free=cython.int[52], tops=cython.int[52], ups=cython.int[4], downs=cython.int[4],
               gap_up=cython.int[4], gap_down=cython.int[4], share=cython.int[8], pile=bytes, neighbours=tuple,
               card=cython.int, suit=cython.int, rank=cython.int, base=cython.int, index=cython.int,
               count=cython.int, start=cython.int, up=cython.int, down=cython.int, neighbour=cython.int,
               low=cython.int, other=cython.int, changed=cython.bint)
def _stuck(piles: tuple[bytes, ...], heights: tuple[int, ...]) -> bool:
    """True if, once the redeal is used, some card can never leave its pile (so the game is lost).

    Finds the largest set L of pile cards, each pile's share a bottom segment, such that the top
    card X of each share has every way out blocked by L:
    - a foundation: it needs, first, one copy of every rank between the foundation's next rank
      and X's, and all copies of some such rank off the foundations lie in L;
    - a marriage onto a neighbour copy N: N is strictly under a card of L, or on a foundation,
      or the marriage would lock X on N for ever (``_locks``).
    Cards in the stock are never in L (they count as free). If L is not empty, no card of L
    ever leaves: at the first move that took one away, the card leaving is the top of its
    share, and its way out needed a card of L to have moved, or to be on top (a card strictly
    under a card of L is never on top while that card stays), or it locks the game. L grows
    with what blocks, so the largest L is found by peeling cards off the tops while a way out
    stays open.
    """
    off = _off_table(heights)
    free = list(off)  # copies not (yet) shown to be in L: in the stock, or peeled off
    for pile in piles:
        for card in pile:
            free[card] -= 1
    tops = list(free)  # copies that may come on top: in the stock, or not strictly under L
    for pile in piles:
        if pile:
            tops[pile[-1]] += 1
    ups = list(heights[:SUITS])
    downs = [12 - height for height in heights[SUITS:]]
    # per suit, the first rank from the ace foundation's next one with no free copy (13: none),
    # and the last such rank down from the king foundation's next one (-1: none)
    gap_up = [13, 13, 13, 13]
    gap_down = [-1, -1, -1, -1]
    for suit in range(SUITS):
        base = suit * 13
        for rank in range(ups[suit], 13):
            if not free[base + rank]:
                gap_up[suit] = rank
                break
        for rank in range(downs[suit], -1, -1):
            if not free[base + rank]:
                gap_down[suit] = rank
                break
    share = [0, 0, 0, 0, 0, 0, 0, 0]  # per pile (PILES), its cards from the bottom still in L (compiled: a C array)
    for index, pile in enumerate(piles):
        share[index] = len(pile)
    changed = True
    while changed:
        changed = False
        for index, pile in enumerate(piles):
            count = share[index]
            if not count:
                continue
            start = count
            while count:
                card = pile[count - 1]
                suit, rank, neighbours = _PEEL[card]
                up = ups[suit]
                down = downs[suit]
                if not (up <= rank <= gap_up[suit] or gap_down[suit] <= rank <= down):
                    # no foundation: a marriage onto a neighbour that may come on top and
                    # would not lock the card there (``_locks``, written out)?
                    for neighbour, low, other in neighbours:
                        if not tops[neighbour]:
                            continue
                        if off[neighbour] != 1 or (other >= 0 and off[other]):
                            break
                        if rank >= up and not (low == rank - 1 and low >= up):
                            break
                        if rank <= down and not (low == rank + 1 and low <= down):
                            break
                    else:
                        break  # no way out: the card stays in L, and so does the rest below
                count -= 1  # peeled off
                if count:
                    tops[pile[count - 1]] += 1
                free[card] += 1
                if free[card] == 1:  # a gap may have closed
                    if rank == gap_up[suit]:
                        other = rank + 1
                        while other < 13 and free[suit * 13 + other]:
                            other += 1
                        gap_up[suit] = other
                    if rank == gap_down[suit]:
                        other = rank - 1
                        while other >= 0 and free[suit * 13 + other]:
                            other -= 1
                        gap_down[suit] = other
            if count != start:
                share[index] = count
                changed = True
    for index in range(PILES):  # noqa: SIM110 (compiled, share is a C array: a plain loop, no generator)
        if share[index]:
            return True
    return False
