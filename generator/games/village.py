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
``key`` is exact within one deal, and the no-peek player's marriages each
strictly lower a measure that only irreversible moves can raise, so it never
loops. The solver's hints (``safe_move``, ``order_moves``, ``dead_end``) each
carry their proof.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import chain
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
_SUIT_RANK = tuple((card // 13, card % 13) for card in range(52))


def _move(card: int, src: int, dst: int, _new=tuple.__new__) -> Move:
    """``Move(card, src, dst)``, a little faster (the solver makes millions)."""
    return _new(Move, (card, src, dst))


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


def _state(*fields, _new=tuple.__new__) -> VillageState:
    """``VillageState(*fields)``, a little faster."""
    return _new(VillageState, fields)


class Village(Game):
    id = "village"
    title = "Деревенский пасьянс"
    packs = 2
    places = ("stock", *(f"pile:{i}" for i in range(1, 9)), *(f"foundation:{i}" for i in range(1, 9)))

    def __init__(self, variant: str | None = None) -> None:
        super().__init__(variant)
        self._last: tuple[VillageState, tuple[Move, ...]] | None = None

    # -- the rules --------------------------------------------------------------

    def initial_state(self, stock: Sequence[int]) -> VillageState:
        stock = tuple(stock)
        return VillageState(stock, _EMPTY_PILES, (0,) * 8, (0,) * 8, 1 if stock else 0, 0)

    def legal_moves(self, state: VillageState) -> list[Move]:
        stock, piles, _, _, dealing, _ = state
        if stock:
            if dealing:
                return [Move(stock[0], STOCK, dealing)]
            if () in piles:  # a refill, at once
                return [Move(stock[0], STOCK, PILE + piles.index(()))]
        # The solver asks twice for the moves of each position it stops at: keep the last answer.
        last = self._last
        if last is not None and last[0] is state:
            return list(last[1])
        moves = self._free_moves(state)
        self._last = (state, tuple(moves))
        return moves

    def _free_moves(self, state: VillageState) -> list[Move]:
        """The player's moves when nothing is forced: per pile in order its foundation moves,
        then the marriages, then the next round (or the redeal)."""
        stock, piles, heights, where, _, redeals = state
        moves: list[Move] = []
        on_top: dict[int, list[int]] = {}
        src = STOCK
        for pile in piles:
            src += 1
            if not pile:
                continue
            card = pile[-1]
            suit, rank = _SUIT_RANK[card]
            if heights[suit] == rank:
                moves.append(_move(card, src, where[suit] or UP + SUITS - where[:SUITS].count(0)))
            if heights[suit + SUITS] == 12 - rank:
                moves.append(_move(card, src, where[suit + SUITS] or DOWN + SUITS - where[SUITS:].count(0)))
            sources = on_top.get(card)
            if sources is None:
                on_top[card] = [src]
            else:
                sources.append(src)
        if len(on_top) > 1:
            for card, sources in on_top.items():
                for neighbour in _NEIGHBOURS[card]:
                    targets = on_top.get(neighbour)
                    if targets is not None:
                        for dst in targets:
                            for src in sources:
                                moves.append(_move(card, src, dst))
        if stock:
            moves.append(_move(stock[0], STOCK, PILE))  # the next round
        elif redeals < REDEALS and on_top:
            moves.append(REDEAL)
        return moves

    def apply(self, state: VillageState, move: Move) -> VillageState:
        stock, piles, heights, where, dealing, redeals = state
        card, src, dst = move
        if card < 0:  # the redeal
            gathered = tuple(card for pile in piles for card in pile)
            return _state(gathered, _EMPTY_PILES, heights, where, 1 if gathered else 0, redeals + 1)
        if src == STOCK:
            stock = stock[1:]
            if dealing:
                dealing = dealing + 1 if dealing < ROUND else 0
            elif dst == PILE and piles[0]:
                dealing = 2  # the player starts a round; its other cards follow
            if not stock:
                dealing = 0
            j = dst - PILE
            piles = (*piles[:j], (*piles[j], card), *piles[j + 1 :])
            return _state(stock, piles, heights, where, dealing, redeals)
        i = src - PILE
        if dst < UP:
            j = dst - PILE
            moved = list(piles)
            moved[i] = piles[i][:-1]
            moved[j] = (*piles[j], card)
            return _state(stock, tuple(moved), heights, where, dealing, redeals)
        piles = (*piles[:i], piles[i][:-1], *piles[i + 1 :])
        slot = _SUIT[card] + (0 if dst < DOWN else SUITS)
        heights = (*heights[:slot], heights[slot] + 1, *heights[slot + 1 :])
        if not where[slot]:
            where = (*where[:slot], dst, *where[slot + 1 :])
        return _state(stock, piles, heights, where, dealing, redeals)

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
        """The solver's table key, exact up to renaming places within one deal.

        Foundations are named by suit, not by number of arrival (``where`` is dropped). In the
        first deal the stock is always a suffix of the deal's stock, so its length names it: two
        states of the same deal with equal keys have the same future (states of different deals
        may share a key; the solver compares keys within one search only). After the redeal the
        stock is the gathered sequence, which differs from line to line, so it is kept whole.
        Once the stock is out and the redeal used, nothing can tell the piles apart: they are
        a sorted multiset. The three shapes cannot be equal (an int, a tuple of ints and a
        tuple of eight ints lead them).
        """
        stock, piles, heights, _, dealing, redeals = state
        if redeals < REDEALS:
            return (len(stock), piles, heights, dealing)
        if stock:
            return (stock, piles, heights, dealing)
        return (heights, tuple(sorted(piles)))

    # -- hints for the solver -----------------------------------------------------
    #
    # Phases: the first deal (the redeal still to come), the second deal (redeal used, stock
    # left) and the end (redeal used, stock out). Nothing below touches the first deal: there
    # every card on the table is part of the sequence the redeal will gather, so removing or
    # moving one changes where every later card of the second deal falls.

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
        """
        stock, piles, heights, _, _, redeals = state
        if redeals < REDEALS:
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

    def order_moves(self, state: VillageState, moves: list[Move]) -> list[Move]:
        """Foundation moves first, then marriages that uncover a card that fits a foundation
        or (stock left) empty a pile, then other marriages, then the next round or the redeal;
        after the redeal, marriages that stack a card the wrong way (``_backwards``) come last.

        After the redeal two kinds of marriage are left out, both provably useless:

        - a marriage that locks (``_locks``): the married card can never leave again, so no
          winning line makes it;
        - at the end (stock out), a marriage of a card X that is alone in its pile. The emptied
          pile stays empty, so in any winning line that makes it, keeping X where it was and
          making every later move of the cards lying on X from its old pile instead is legal,
          until X leaves (from then on the positions are the same). That line is one move
          shorter and makes no more such marriages (X's next move, if a marriage, becomes one;
          the skipped one is gone). So every shortest win makes none: leaving them out, like
          the safe moves, keeps a shortest win in reach.
        """
        if len(moves) < 2:
            return moves
        stock, piles, heights, _, _, redeals = state
        later = redeals >= REDEALS
        ups: list[Move] = []
        freeing: list[Move] = []
        other: list[Move] = []
        rounds: list[Move] = []
        backwards: list[Move] = []
        for move in moves:
            if move.dst >= UP:
                ups.append(move)
            elif move.src == STOCK or move.is_redeal:
                rounds.append(move)
            elif not later:
                (freeing if _frees(move, piles, heights, stock) else other).append(move)
            else:
                target = piles[move.dst - PILE][-1]
                if not stock and len(piles[move.src - PILE]) == 1:
                    continue
                if _locks(move.card, target, heights):
                    continue
                if _backwards(move.card, target, heights):
                    backwards.append(move)
                else:
                    (freeing if _frees(move, piles, heights, stock) else other).append(move)
        return ups + freeing + other + rounds + backwards

    def perturb_moves(self, state: VillageState, moves: list[Move], rng: random.Random) -> list[Move]:
        """``order_moves`` with its marriages shuffled in the first deal (foundation moves stay
        first, the next round or the redeal last), for a solver that restarts its search with
        other orders: how the first deal is played decides the sequence the redeal gathers,
        and a search that sticks to one first deal can spend all its time after the redeal."""
        ordered = self.order_moves(state, moves)
        if state.redeals >= REDEALS or len(ordered) < 3:
            return ordered
        piles, heights, stock = state.piles, state.heights, state.stock
        ups, freeing, other, rounds = [], [], [], []
        for move in ordered:
            if move.dst >= UP:
                ups.append(move)
            elif move.src == STOCK or move.is_redeal:
                rounds.append(move)
            else:
                (freeing if _frees(move, piles, heights, stock) else other).append(move)
        rng.shuffle(freeing)
        rng.shuffle(other)
        return ups + freeing + other + rounds

    #: Short first attempts: on the deals a 1 s search left open (deals 1..300), 20 decided all
    #: but one within 1.4 s, where 200 (the default) left one in ten open.
    restart_unit = 20

    def dead_end(self, state: VillageState) -> bool:
        """True only if the position cannot be won: after the redeal, some card can never leave
        its pile (``_stuck``; in the first deal never: the redeal regathers all)."""
        return state.redeals >= REDEALS and _stuck(state.piles, state.heights)

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
            fits = [m for m in legal if m.card == move.card and m.src == move.src and m.dst >= UP]
            if fits:
                return f"{card_str(move.card)} goes to {self.places[fits[0].dst]}"
            return f"{card_str(move.card)} fits no foundation now"
        return super().explain_illegal(state, move)

    # -- the careful player without second sight ----------------------------------

    #: States the marriage search may look at before it gives up.
    SEARCH_LIMIT = 3000

    def _goal(self, state: VillageState) -> bool:
        """A position that makes irreversible progress possible: a top card fits a
        foundation, or (while the stock lasts) a pile is empty and waits for its refill."""
        return self.forced(state) or any(move.dst >= UP for move in self.legal_moves(state))

    def _marriages(self, state: VillageState) -> list[Move]:
        """The marriages the engine offers in ``state``."""
        return [move for move in self.legal_moves(state) if PILE <= move.src < UP and PILE <= move.dst < UP]

    def _marriage_path(self, state: VillageState) -> Move | None:
        """First marriage of a shortest sequence of marriages that reaches a goal, or None.

        Breadth first over the engine's positions, so each step strictly shortens the
        distance to the goal: the player cannot loop. Only marriages are made, so the
        order of the stock never comes into it.
        """
        seen = {state.piles}
        layer: list[tuple[VillageState, Move | None]] = [(state, None)]
        while layer and len(seen) < self.SEARCH_LIMIT:
            frontier = []
            for here, first in layer:
                for move in self._marriages(here):
                    if self._wrong_way(state, move, here.piles):
                        continue
                    after = self.apply(here, move)
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
        for move in self._marriages(state):
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


def _frees(move: Move, piles: tuple[tuple[int, ...], ...], heights: tuple[int, ...], stock: tuple[int, ...]) -> bool:
    """Does this marriage uncover a card that fits a foundation, or empty a pile the stock refills?"""
    pile = piles[move.src - PILE]
    if len(pile) == 1:
        return bool(stock)
    under = pile[-2]
    suit = _SUIT[under]
    return heights[suit] == _RANK0[under] or heights[suit + SUITS] == _DOWN0[under]


def _backwards(card: int, target: int, heights: tuple[int, ...]) -> bool:
    """Would ``card`` lie on ``target`` the wrong way for the foundations: on the next higher
    card when it can only go down the king foundation (which takes the higher one first), or on
    the next lower one when it can only go up the ace foundation? It must then be married off
    again to get out. (A hint for the order of moves only.)"""
    suit, rank = _SUIT[card], _RANK0[card]
    if target > card:
        return heights[suit] > rank
    return heights[suit + SUITS] > 12 - rank


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


def _stuck(piles: tuple[tuple[int, ...], ...], heights: tuple[int, ...]) -> bool:
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
    free = off[:]  # copies not (yet) shown to be in L: in the stock, or peeled off
    for card in chain.from_iterable(piles):
        free[card] -= 1
    tops = free[:]  # copies that may come on top: in the stock, or not strictly under L
    for pile in piles:
        if pile:
            tops[pile[-1]] += 1
    ups = heights[:SUITS]
    downs = tuple(12 - height for height in heights[SUITS:])
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
    share = [len(pile) for pile in piles]
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
    return any(share)
