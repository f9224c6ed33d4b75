"""«Деревенский пасьянс» (seed 000): two packs, eight fanned piles, one redeal.

Eight cards are dealt one to each pile, then rounds of eight, one on each pile
from pile 1, each round a block with no play between its cards (the last one
may be short). Between rounds the player may move a pile's top card to a
foundation or onto another pile's top card of the same suit and one rank
higher or lower (a «марьяж»; Т and К are not neighbours). Each suit has an ace
foundation (Т up to К, `foundation:1`…`4`) and a king foundation (К down to Т,
`foundation:5`…`8`), numbered in order of arrival. A pile emptied while the
stock lasts is refilled at once; once the stock is out it stays empty. One
redeal: the piles gathered pile 1 first, each bottom to top, and dealt again
the same way from the gathered sequence's first card.

Moves on offer, and who makes them:

- a card of a dealt block (the first eight, or the 2nd…8th card of a round)
  and a refill: forced, the only move on offer;
- otherwise the player chooses among foundation moves, marriages, dealing the
  next round (`stock → pile:1`, when the stock has cards) and, once the stock
  is out, the redeal (if it has not been used).

Marriages let a card shuttle between two piles, so the move graph has cycles;
``key`` is exact, and the no-peek player's marriages each strictly lower a
measure that only irreversible moves can raise, so it never loops.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from generator.cards import card_str
from generator.games.base import REDEAL, Game, Move

STOCK = 0
PILES = 8
PILE = 1  # pile:1 … pile:8 are place ids 1..8
UP = 9  # foundation:1 … foundation:4 (ace foundations, Т → К) are 9..12
DOWN = 13  # foundation:5 … foundation:8 (king foundations, К → Т) are 13..16
SUITS = 4
ROUND = 8
REDEALS = 1
#: The no-peek player's horizon: cards more than this many places from fitting weigh 1.
URGENCY = 6

_SUIT = tuple(card // 13 for card in range(52))
_RANK0 = tuple(card % 13 for card in range(52))  # Т = 0 … К = 12: fits the ace foundation at that height
_DOWN0 = tuple(12 - card % 13 for card in range(52))  # fits the king foundation at that height
#: Same suit, rank one higher or lower; Т and К are not neighbours.
_NEIGHBOURS = tuple(
    tuple(other for other in (card - 1, card + 1) if 0 <= other < 52 and _SUIT[other] == _SUIT[card])
    for card in range(52)
)
_EMPTY_PILES: tuple[tuple[int, ...], ...] = ((),) * PILES


class VillageState(NamedTuple):
    stock: tuple[int, ...]  # top card first
    piles: tuple[tuple[int, ...], ...]  # pile:1 … pile:8, each bottom card first
    #: Cards on the foundations: heights[s] on the ace foundation of suit s
    #: (0..13, Т upwards), heights[4 + s] on its king foundation (К downwards).
    heights: tuple[int, ...]
    #: Place id of suit s's ace foundation (where[s]) and king foundation
    #: (where[4 + s]), 0 while it has not been started. Naming only: ``key`` drops it.
    where: tuple[int, ...]
    #: 0 in free play; k = 1..8 while a block (the first eight or a round) is
    #: being dealt and its next card goes, forced, to pile k.
    dealing: int
    redeals: int  # 0 in the first deal, 1 after the redeal


class Village(Game):
    id = "village"
    title = "Деревенский пасьянс"
    packs = 2
    places = ("stock", *(f"pile:{i}" for i in range(1, 9)), *(f"foundation:{i}" for i in range(1, 9)))

    # -- the rules --------------------------------------------------------------

    def initial_state(self, stock: Sequence[int]) -> VillageState:
        stock = tuple(stock)
        return VillageState(stock, _EMPTY_PILES, (0,) * 8, (0,) * 8, 1 if stock else 0, 0)

    def foundation_moves(self, state: VillageState, card: int, src: int) -> list[Move]:
        """Moves of ``card`` (on top of ``src``) to the foundations it fits: none, one or two."""
        suit, heights, where = _SUIT[card], state.heights, state.where
        moves = []
        if heights[suit] == _RANK0[card]:
            moves.append(Move(card, src, where[suit] or UP + SUITS - where[:SUITS].count(0)))
        if heights[suit + SUITS] == _DOWN0[card]:
            moves.append(Move(card, src, where[suit + SUITS] or DOWN + SUITS - where[SUITS:].count(0)))
        return moves

    def legal_moves(self, state: VillageState) -> list[Move]:
        stock, piles, heights, where, dealing, redeals = state
        if stock:
            if dealing:
                return [Move(stock[0], STOCK, dealing)]
            if () in piles:  # a refill, at once
                return [Move(stock[0], STOCK, PILE + piles.index(()))]
        moves: list[Move] = []
        on_top: dict[int, list[int]] = {}
        src = STOCK
        for pile in piles:
            src += 1
            if not pile:
                continue
            card = pile[-1]
            suit = _SUIT[card]
            if heights[suit] == _RANK0[card]:
                moves.append(Move(card, src, where[suit] or UP + SUITS - where[:SUITS].count(0)))
            if heights[suit + SUITS] == _DOWN0[card]:
                moves.append(Move(card, src, where[suit + SUITS] or DOWN + SUITS - where[SUITS:].count(0)))
            if card in on_top:
                on_top[card].append(src)
            else:
                on_top[card] = [src]
        for card, sources in on_top.items():
            for neighbour in _NEIGHBOURS[card]:
                if neighbour in on_top:
                    for dst in on_top[neighbour]:
                        for src in sources:
                            moves.append(Move(card, src, dst))
        if stock:
            moves.append(Move(stock[0], STOCK, PILE))  # the next round
        elif redeals < REDEALS and on_top:
            moves.append(REDEAL)
        return moves

    def apply(self, state: VillageState, move: Move) -> VillageState:
        stock, piles, heights, where, dealing, redeals = state
        if move.is_redeal:
            gathered = tuple(card for pile in piles for card in pile)
            return VillageState(gathered, _EMPTY_PILES, heights, where, 1 if gathered else 0, redeals + 1)
        card, src, dst = move
        if src == STOCK:
            stock = stock[1:]
            if dealing:
                dealing = dealing + 1 if dealing < ROUND else 0
            elif dst == PILE and piles[0]:
                dealing = 2  # the player starts a round; its other cards follow
            if not stock:
                dealing = 0
            piles = (*piles[: dst - PILE], (*piles[dst - PILE], card), *piles[dst - PILE + 1 :])
            return VillageState(stock, piles, heights, where, dealing, redeals)
        i = src - PILE
        if dst < UP:
            j = dst - PILE
            piles = list(piles)
            piles[i] = piles[i][:-1]
            piles[j] = (*piles[j], card)
            return VillageState(stock, tuple(piles), heights, where, dealing, redeals)
        piles = (*piles[:i], piles[i][:-1], *piles[i + 1 :])
        slot = _SUIT[card] + (0 if dst < DOWN else SUITS)
        heights = (*heights[:slot], heights[slot] + 1, *heights[slot + 1 :])
        if not where[slot]:
            where = (*where[:slot], dst, *where[slot + 1 :])
        return VillageState(stock, piles, heights, where, dealing, redeals)

    def forced(self, state: VillageState) -> bool:
        return bool(state.stock) and (state.dealing > 0 or () in state.piles)

    def is_won(self, state: VillageState) -> bool:
        """Every card on the foundations (with a full 104-card stock: all eight complete)."""
        return not state.stock and not any(state.piles)

    def redeals_done(self, state: VillageState) -> int:
        return state.redeals

    def stock_left(self, state: VillageState) -> int:
        return len(state.stock)

    def key(self, state: VillageState):
        """Exact up to renaming places: foundations by suit, not by number of arrival;
        the piles as a sorted multiset once neither a round nor a redeal can tell them apart."""
        if not state.stock and state.redeals >= REDEALS:
            return (state.heights, tuple(sorted(state.piles)))
        return (state.stock, state.piles, state.heights, state.dealing, state.redeals)

    def contents(self, state: VillageState) -> dict[int, tuple[int, ...]]:
        places: dict[int, tuple[int, ...]] = {}
        if state.stock:
            places[STOCK] = state.stock[::-1]
        for index, pile in enumerate(state.piles):
            if pile:
                places[PILE + index] = pile
        for suit in range(SUITS):
            ace, king = suit * 13, suit * 13 + 12
            if state.heights[suit]:
                places[state.where[suit]] = tuple(range(ace, ace + state.heights[suit]))
            if state.heights[SUITS + suit]:
                places[state.where[SUITS + suit]] = tuple(range(king, king - state.heights[SUITS + suit], -1))
        return places

    def explain_illegal(self, state: VillageState, move: Move) -> str:
        legal = self.legal_moves(state)
        if not legal:
            return "the game is already over"
        if move.is_redeal:
            if state.stock:
                return "the piles may be gathered only once the stock is out"
            return "only one redeal is allowed"
        where = self.contents(state).get(move.src, ())
        if not where or where[-1] != move.card:
            return f"{card_str(move.card)} is not on top of {self.places[move.src]}"
        if self.forced(state):
            if state.dealing:
                what = "the first eight cards are" if () in state.piles else "a round is"
                return f"{what} dealt as a block: the next card goes to pile:{state.dealing}, no play between"
            return f"an emptied pile is refilled at once: {self.describe(legal[0])} comes first"
        if move.src == STOCK:
            return "a round is dealt from pile:1, one card on each pile left to right"
        if move.src >= UP:
            return "foundation cards never come back"
        if PILE <= move.dst < UP:
            target = state.piles[move.dst - PILE]
            if not target:
                return "a card goes onto another pile's top card only: an empty pile stays empty once the stock is out"
            if move.dst == move.src:
                return "a card cannot go onto its own pile"
            top = target[-1]
            if _SUIT[top] != _SUIT[move.card]:
                return f"a marriage needs the same suit: {card_str(move.card)} cannot go on {card_str(top)}"
            if {_RANK0[top], _RANK0[move.card]} == {0, 12}:
                return "Т and К are not neighbours: a marriage needs ranks one apart"
            return f"a marriage needs ranks one apart: {card_str(move.card)} cannot go on {card_str(top)}"
        if move.dst >= UP:
            fits = self.foundation_moves(state, move.card, move.src)
            if fits:
                return f"{card_str(move.card)} goes to {self.places[fits[0].dst]}"
            return f"{card_str(move.card)} fits no foundation now"
        return super().explain_illegal(state, move)

    # -- the careful player without second sight ----------------------------------

    #: States the marriage search may look at before it gives up.
    SEARCH_LIMIT = 3000

    def _goal(self, state: VillageState, piles: tuple[tuple[int, ...], ...]) -> bool:
        """A position that makes irreversible progress possible: a top card fits a
        foundation, or (while the stock lasts) a pile is empty and will be refilled."""
        heights = state.heights
        for pile in piles:
            if not pile:
                if state.stock:
                    return True
                continue
            card = pile[-1]
            suit, rank = _SUIT[card], _RANK0[card]
            if heights[suit] == rank or heights[SUITS + suit] == 12 - rank:
                return True
        return False

    def _marriage_path(self, state: VillageState) -> Move | None:
        """First marriage of a shortest sequence of marriages that reaches a goal, or None.

        Breadth first, so each step strictly shortens the distance to the goal: the
        player cannot loop. Never looks at the stock's order.
        """
        seen = {state.piles}
        layer: list[tuple[tuple[tuple[int, ...], ...], Move | None]] = [(state.piles, None)]
        while layer and len(seen) < self.SEARCH_LIMIT:
            frontier = []
            for piles, first in layer:
                for move in _marriages(piles):
                    if self._wrong_way(state, move, piles):
                        continue
                    i, j = move.src - PILE, move.dst - PILE
                    after = list(piles)
                    after[i] = piles[i][:-1]
                    after[j] = (*piles[j], move.card)
                    after_t = tuple(after)
                    if after_t in seen:
                        continue
                    seen.add(after_t)
                    step = first or move
                    if self._goal(state, after_t):
                        return step
                    frontier.append((after_t, step))
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
        after = self.apply(state, move)._replace(stock=())
        return sum(1 for m in self.legal_moves(after) if not m.is_redeal and m.dst >= UP)

    def _wrong_way(self, state: VillageState, move: Move, piles: tuple[tuple[int, ...], ...]) -> bool:
        """A marriage that stacks two cards of a suit in the order their foundations cannot take
        them: the card lies on the next higher one but its ace-foundation copy is already up (it
        must go to the king foundation, after the card beneath it), or the other way round.

        The player never makes such a marriage: it is what locks the last cards of a game.
        """
        card, target = move.card, piles[move.dst - PILE][-1]
        suit, rank = _SUIT[card], _RANK0[card]
        if target > card:  # the card lies on the next higher one: it must leave by the ace foundation
            return state.heights[suit] > rank
        return state.heights[suit + SUITS] > 12 - rank  # on the next lower one: by the king foundation

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
        for move in _marriages(piles):
            if self._wrong_way(state, move, piles):
                continue
            i, j = move.src - PILE, move.dst - PILE
            gain = load[i] - weights[move.card] - load[j]
            if gain > best_gain:
                best, best_gain = move, gain
        return best

    def no_peek_move(self, state: VillageState, moves: list[Move]) -> Move | None:
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
        if self.forced(state):
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
            if move.src == STOCK or move.is_redeal:
                return move
        return None


def _marriages(piles: tuple[tuple[int, ...], ...]) -> list[Move]:
    """Every marriage between the piles' top cards."""
    on_top: dict[int, list[int]] = {}
    for index, pile in enumerate(piles):
        if pile:
            on_top.setdefault(pile[-1], []).append(PILE + index)
    moves = []
    for card, sources in on_top.items():
        for neighbour in _NEIGHBOURS[card]:
            targets = on_top.get(neighbour)
            if targets:
                for src in sources:
                    for dst in targets:
                        moves.append(Move(card, src, dst))
    return moves
