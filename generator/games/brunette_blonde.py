"""«Брюнетка и блондинка» (seed 000): two packs, alternating colours, one redeal.

Eight cards are dealt to the basic row («основной ряд»); an ace dealt then
goes straight up and the next card takes its place. Then the stock is turned
one card at a time. Foundations start with an ace of any suit and rise to the
king in alternating colours; the basic-row piles are built down in alternating
colours. Suits never matter, only rank and colour.

The turned card may go to a foundation, onto a basic-row pile or into an empty
basic-row place; only a card that fits neither a foundation nor a pile goes to
the waste («кон»): «Те карты, которые не подходят ни к тузам, ни к основной
линии, кладут перед собой в кон». At any time the waste top or a pile top may
go to a foundation, and the waste top onto a pile or into an empty place. No
card ever moves from one pile to another. Once the stock is out the player may
turn the waste over, unshuffled, for one more pass; the basic row stays.

Every move is one-way (stock → anything, waste → table, table → foundation),
so the position graph has no cycles and every game ends.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from generator.cards import card_str
from generator.games.base import REDEAL, Game, Move

STOCK, WASTE = 0, 1
PILE = 2  # pile:1 … pile:8 are 2..9
FOUNDATION = 10  # foundation:1 … foundation:8 are 10..17
PLACES = 18
ROW = 8
REDEALS = 1
TWO_CARDS_LIMIT = 2
NO_LIMIT = 1_000

#: A card's rank and colour in one small int: rank * 2 + (1 if red): the only thing the rules look at.
CODE = tuple((index % 13 + 1) * 2 + (index // 13 >= 2) for index in range(52))
RANK = tuple(index % 13 + 1 for index in range(52))
#: The code a foundation top must have for the card to go on it (aces: 0 = an empty foundation).
FOUNDATION_NEEDS = tuple(0 if RANK[c] == 1 else (RANK[c] - 1) * 2 + 1 - CODE[c] % 2 for c in range(52))
#: The code a pile top must have for the card to go on it (kings: none).
PILE_NEEDS = tuple(-1 if RANK[c] == 13 else (RANK[c] + 1) * 2 + 1 - CODE[c] % 2 for c in range(52))
IS_ACE = tuple(RANK[c] == 1 for c in range(52))
#: ``bytes(cards).translate(TO_CODE)``: a row of cards as their codes, in one C call.
TO_CODE = bytes(CODE) + bytes(256 - 52)
#: Codes run 2 (black ace) … 27 (red king); 28 slots.
CODES = 28
#: The code one rank higher in the other colour (what goes on it on a foundation), 0 past the king.
SUCC = tuple(((code // 2 + 1) * 2 + 1 - code % 2) if 2 <= code < 26 else 0 for code in range(CODES))
#: The code one rank lower in the other colour (what it goes on on a foundation), 0 for aces.
PRED = tuple(((code // 2 - 1) * 2 + 1 - code % 2) if code >= 4 else 0 for code in range(CODES))
#: UNDER[top] lists the codes of a foundation whose top has code ``top``, ace first (colours alternate).
UNDER = tuple(
    tuple((rank * 2 + (top % 2 if (top // 2 - rank) % 2 == 0 else 1 - top % 2)) for rank in range(1, top // 2 + 1))
    if top >= 2
    else ()
    for top in range(CODES)
)
#: HOLDS[top]: the codes of a foundation whose top has code ``top``.
HOLDS = tuple(frozenset(codes) for codes in UNDER)
#: The engine's moves, made once: ``MOVE[(card * PLACES + src) * PLACES + dst]``.
MOVE = tuple(Move(card, src, dst) for card in range(52) for src in range(PLACES) for dst in range(PLACES))


def _greedy_lost(up: list[int], cells: list[int], bag: list[int], waste: bytes) -> bool:
    """Whether the bag game (see ``BrunetteBlonde.dead_end``) is lost; changes its lists."""
    free = ROW * TWO_CARDS_LIMIT - sum(cells)
    top = len(waste)
    todo = [code for code in range(2, CODES) if cells[code] or bag[code]]
    while True:
        while todo:  # cell and bag cards first, as long as any may go up
            code = todo.pop()
            while (cells[code] or bag[code]) and (code < 4 or up[code] < up[PRED[code]]):
                up[code] += 1
                if cells[code]:
                    cells[code] -= 1
                    free += 1
                else:
                    bag[code] -= 1
                succ = SUCC[code]
                if cells[succ] or bag[succ]:
                    todo.append(succ)
        if not top:
            return free < ROW * TWO_CARDS_LIMIT or any(bag)
        code = waste[top - 1]
        top -= 1
        if code < 4 or up[code] < up[PRED[code]]:
            up[code] += 1
            succ = SUCC[code]
            if cells[succ] or bag[succ]:
                todo.append(succ)
        elif free:
            cells[code] += 1
            free -= 1
        else:
            return True


class BrunetteBlondeState(NamedTuple):
    stock: tuple[int, ...]  # top card first
    waste: tuple[int, ...]  # bottom card first (the first card wasted is waste[0])
    piles: tuple[tuple[int, ...], ...]  # the basic row, 8 piles, each bottom card first
    foundations: tuple[tuple[int, ...], ...]  # 8 foundations in order of arrival, ace first
    redeals: int  # 0 in the first pass, 1 after the waste was turned over
    dealing: bool  # the first eight cards are still being dealt to the basic row


def _replace(row: tuple[tuple[int, ...], ...], index: int, value: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*row[:index], value, *row[index + 1 :])


class BrunetteBlonde(Game):
    id = "brunette_blonde"
    title = "Брюнетка и блондинка"
    packs = 2
    variants = {"two_cards": "a basic-row pile holds at most two cards"}
    places = (
        "stock",
        "waste",
        *(f"pile:{i}" for i in range(1, 9)),
        *(f"foundation:{i}" for i in range(1, 9)),
    )

    def __init__(self, variant: str | None = None) -> None:
        super().__init__(variant)
        #: Most cards a basic-row pile may hold.
        self.limit = TWO_CARDS_LIMIT if variant == "two_cards" else NO_LIMIT
        self._last_state: BrunetteBlondeState | None = None
        self._last_moves: list[Move] = []

    # -- the rules ------------------------------------------------------------------

    def initial_state(self, stock: Sequence[int]) -> BrunetteBlondeState:
        empty = ((),) * ROW
        return BrunetteBlondeState(tuple(stock), (), empty, empty, 0, bool(stock))

    def legal_moves(self, state: BrunetteBlondeState) -> list[Move]:
        if state is self._last_state:  # the solver asks twice for each state it keeps
            return list(self._last_moves)
        moves = self._legal_moves(state)
        self._last_state, self._last_moves = state, moves
        return list(moves)

    def _legal_moves(self, state: BrunetteBlondeState) -> list[Move]:
        stock, waste, piles, foundations, redeals, dealing = state
        if dealing:
            card = stock[0]
            if IS_ACE[card]:
                return [Move(card, STOCK, FOUNDATION + foundations.index(()))]
            return [Move(card, STOCK, PILE + piles.index(()))]
        # Foundation tops as codes (0: empty, so an ace's need of 0 finds the free ones);
        # pile tops as codes (-2: empty or full, which nothing is built on).
        ftops = [CODE[cards[-1]] if cards else 0 for cards in foundations]
        limit = self.limit
        ptops = [CODE[cards[-1]] if cards and len(cards) < limit else -2 for cards in piles]
        empty = [PILE + i for i, cards in enumerate(piles) if not cards]
        moves: list[Move] = []
        add = moves.append
        # To the foundations: pile tops, the waste top, the turned card. An ace only to the lowest free one.
        for i, cards in enumerate(piles):
            if cards:
                card = cards[-1]
                need = FOUNDATION_NEEDS[card]
                if need in ftops:
                    base = (card * PLACES + PILE + i) * PLACES + FOUNDATION
                    if need:
                        for j, top in enumerate(ftops):
                            if top == need:
                                add(MOVE[base + j])
                    else:
                        add(MOVE[base + ftops.index(0)])
        if waste:
            card = waste[-1]
            base = (card * PLACES + WASTE) * PLACES
            need = FOUNDATION_NEEDS[card]
            if need in ftops:
                if need:
                    for j, top in enumerate(ftops):
                        if top == need:
                            add(MOVE[base + FOUNDATION + j])
                else:
                    add(MOVE[base + FOUNDATION + ftops.index(0)])
            need = PILE_NEEDS[card]
            if need in ptops:
                for j, top in enumerate(ptops):
                    if top == need:
                        add(MOVE[base + PILE + j])
            for dst in empty:
                add(MOVE[base + dst])
        if stock:
            card = stock[0]
            base = card * PLACES * PLACES
            fits = False
            need = FOUNDATION_NEEDS[card]
            if need in ftops:
                fits = True
                if need:
                    for j, top in enumerate(ftops):
                        if top == need:
                            add(MOVE[base + FOUNDATION + j])
                else:
                    add(MOVE[base + FOUNDATION + ftops.index(0)])
            need = PILE_NEEDS[card]
            if need in ptops:
                fits = True
                for j, top in enumerate(ptops):
                    if top == need:
                        add(MOVE[base + PILE + j])
            for dst in empty:
                add(MOVE[base + dst])
            if not fits:
                add(MOVE[base + WASTE])
        elif waste and redeals < REDEALS:
            add(REDEAL)
        return moves

    def apply(self, state: BrunetteBlondeState, move: Move) -> BrunetteBlondeState:
        stock, waste, piles, foundations, redeals, dealing = state
        if move.is_redeal:
            # The waste turned over unshuffled: its first card is dealt first again.
            return BrunetteBlondeState(waste, (), piles, foundations, redeals + 1, False)
        card, src, dst = move
        if src == STOCK:
            stock = stock[1:]
        elif src == WASTE:
            waste = waste[:-1]
        else:
            piles = _replace(piles, src - PILE, piles[src - PILE][:-1])
        if dst == WASTE:
            waste = (*waste, card)
        elif dst >= FOUNDATION:
            foundations = _replace(foundations, dst - FOUNDATION, (*foundations[dst - FOUNDATION], card))
        else:
            piles = _replace(piles, dst - PILE, (*piles[dst - PILE], card))
        if dealing:
            dealing = bool(stock) and () in piles
        return BrunetteBlondeState(stock, waste, piles, foundations, redeals, dealing)

    def forced(self, state: BrunetteBlondeState) -> bool:
        return state.dealing

    def is_won(self, state: BrunetteBlondeState) -> bool:
        return all(len(cards) == 13 for cards in state.foundations)

    def redeals_done(self, state: BrunetteBlondeState) -> int:
        return state.redeals

    def stock_left(self, state: BrunetteBlondeState) -> int:
        return len(state.stock)

    def contents(self, state: BrunetteBlondeState) -> dict[int, tuple[int, ...]]:
        places: dict[int, tuple[int, ...]] = {}
        if state.stock:
            places[STOCK] = state.stock[::-1]
        if state.waste:
            places[WASTE] = state.waste
        for i, cards in enumerate(state.piles):
            if cards:
                places[PILE + i] = cards
        for i, cards in enumerate(state.foundations):
            if cards:
                places[FOUNDATION + i] = cards
        return places

    def key(self, state: BrunetteBlondeState) -> tuple:
        """Every card as its rank and colour, piles in any order, each foundation as its top only.

        Why two states with the same key have the same future (the same lines
        of (from, to) places win from both, up to renaming the places):

        - Rank and colour only. Let two states show the same code (rank and
          colour, ``CODE``) at every position of every place: stock, waste,
          piles, foundations. ``legal_moves`` reads cards only through
          ``CODE``, ``FOUNDATION_NEEDS``, ``PILE_NEEDS`` and ``IS_ACE``, all
          functions of the code, and through the sizes of the places; so
          both states allow moves with the same (from, to) places, the moved
          card being the top of ``from`` in each. ``apply`` moves that top card
          (or turns the whole waste over), so the two results again show the
          same codes everywhere, and ``is_won`` counts cards only. By
          induction the two game trees are the same. Suits never matter, and
          nor does which of the two packs a card came from.
        - The eight basic-row places are interchangeable: no rule names a
          place, so permuting them maps the legal moves of one state onto the
          other's (during the first deal the leftmost empty place is filled,
          and every empty place is alike).
        - The foundations are interchangeable in the same way, and a
          foundation's buried cards never move again: what goes on it depends
          only on its top's code, and its height is its top's rank.
        """
        stock, waste, piles, foundations, redeals, dealing = state
        return (
            bytes(stock).translate(TO_CODE),
            bytes(waste).translate(TO_CODE),
            tuple(sorted(bytes(cards).translate(TO_CODE) for cards in piles)),
            bytes(sorted(CODE[cards[-1]] if cards else 0 for cards in foundations)),
            redeals,
            dealing,
        )

    # -- hints for the solver -----------------------------------------------------------

    #: Positions of the solver's first restart attempt (later ones follow Luby's sequence).
    restart_unit = 100

    def restart_order(self, attempt: int):
        """two_cards only: ``perturb_moves`` seeded by ``attempt`` for the solver's restarts.

        A plain depth-first search stays in the subtree of its first choices, and after the
        redeal a wrong early choice is only undone once everything after it has been tried;
        in two_cards most deals it cannot decide in a second are won by a restart. The basic
        game needs none (one exhaustive search).
        """
        return super().restart_order(attempt) if self.limit == TWO_CARDS_LIMIT else None

    def perturb_moves(self, state: BrunetteBlondeState, moves: list[Move], rng: random.Random) -> list[Move]:
        """The order of a restart: ``order_moves`` at three positions in four, else shuffled."""
        ordered = self.order_moves(state, moves)
        if len(ordered) < 2 or rng.random() < 0.75:
            return ordered
        ordered = list(ordered)
        rng.shuffle(ordered)
        return ordered

    def safe_move(self, state: BrunetteBlondeState, moves: list[Move]) -> Move | None:
        """A move that cannot lose a win; see the proofs beside each case.

        Notation: a card's *code* is its rank and colour; ``pred(c)`` is the
        code one rank lower in the other colour (what a ``c`` card goes on in a
        foundation), ``succ(c)`` the code one rank higher in the other colour.
        There are four cards of each code. Let ``n(c)`` be how many ``c`` cards
        are up: a ``c`` card may go up exactly when ``n(c) < n(pred(c))``
        (aces: always, as eight foundations start with the eight aces). A code
        ``c`` is *free* when it is an ace's or all four ``pred(c)`` cards are
        up: then every ``c`` card may go up at any time, and no card can ever
        be built on a ``c`` card on a pile (its cards, ``pred(c)``, are all up).
        """
        if len(moves) == 1:
            return moves[0]  # no other choice: taking it loses nothing
        stock, waste, foundations = state.stock, state.waste, state.foundations
        present = None
        for move in moves:
            if move.dst < FOUNDATION:
                continue
            code = CODE[move.card]
            # Rule: a card x of a free code c goes up (from a pile, the waste or the stock) if one of
            # d = succ(c), e = succ(d) -- and, in two_cards, f = succ(e) -- has no card left to be
            # turned: none in the stock, nor in the waste while the redeal is still to come (a
            # king's succ does not exist and counts as absent).
            # Proof, by simulation. Let P be any position reached from here by a line L that wins,
            # Q the position reached from here with x up first. Invariant: there is a set U of cards
            # that are up in Q but not in P such that (a) every place of Q holds the cards of the
            # same place of P minus those of U, in the same order; (b) U holds codes c, d, e only,
            # with U(d) <= U(c) and U(e) <= U(d) (U(k): the U cards of code k), and e only in
            # two_cards; (c) if a card u of U lies under a card y in P's pile, Q's pile is [y],
            # u has code e and y code d. At first U = {x}. Each move of L is answered in Q:
            # 1. a U card moves: nothing in Q (it is up there); U drops it if it went up.
            # 2. a card y of code k not in U goes up: by (a) it is on top of the same place in Q, and
            #    it may go up there: n_Q(k) - n_P(k) = U(k) <= U(pred k) = n_Q(pred k) - n_P(pred k)
            #    by (b), or k = c, which is free.
            # 3. a card w not in U goes from the waste or the stock onto a pile or into an empty
            #    place: the same in Q, where the pile shows the same top by (a), or is empty because
            #    its only card u is in U: then w goes there too, unless w has code c (it goes up in Q,
            #    c is free, U takes it). On u of code c nothing can go (all pred(c) are up); on u of
            #    code d only a c card; on u of code e a d card: that is case (c).
            # 4. the turned card t goes to the waste in P, where it fits nothing. If it fits nothing
            #    in Q either, the same. If it fits a foundation of Q: n_P(t) = n_P(pred t) but
            #    n_Q(t) < n_Q(pred t), so pred t is in U with U(t) < U(pred t): t is a d or an e card
            #    (an f card when e is in U), goes up in Q and joins U, keeping (b). If it fits only a
            #    pile of Q: that pile has room that P's has not, so by (a) and (c) P's pile is [a, u]
            #    with u in U of t's code (a c card would fit a foundation in P), Q's is [a]; t goes
            #    onto a, and U swaps u for t: the codes in every place agree again. The code among
            #    d, e, f with no card left to be turned is never turned (cards never come back from a
            #    pile or a foundation to the stock or the waste), so U never gets it nor the codes
            #    after it.
            # 5. the redeal: Q's stock is empty too; Q turns its waste over (P's minus U), or, if that
            #    is empty, stays, and P's new stock is all in U (case 1).
            # When L has won, U is empty and Q is won. Without the two_cards limit, in case 3 the
            # card u of code e may lie on another card in P, which Q cannot copy: there the rule
            # asks for d or e absent, so that U holds codes c and d only and case (c) never arises.
            if present is None:  # the codes still to be turned
                present = bytes(stock) if state.redeals else bytes(stock) + bytes(waste)
                present = present.translate(TO_CODE)
            d = SUCC[code]
            e = SUCC[d]
            short = not d or d not in present or not e or e not in present
            if not short and self.limit == TWO_CARDS_LIMIT:
                f = SUCC[e]
                short = not f or f not in present
            if short and (code < 4 or sum(PRED[code] in HOLDS[CODE[cards[-1]]] for cards in foundations if cards) == 4):
                return move
        # The turned card fits nothing and no table move is left: it goes to the waste, and an
        # empty place is no better. Proof: "into an empty place" gives the position that "to the
        # waste" followed by "the waste top into that place" gives, and both of those are legal.
        if stock and moves[-1].dst == WASTE and all(move.src == STOCK for move in moves):
            return moves[-1]
        return None

    def dead_end(self, state: BrunetteBlondeState) -> bool:
        """True only for a position that cannot be won: two_cards after the redeal, by a relaxed game.

        The relaxed game. The cards now up stay up. The cards still in the
        stock lie in a *bag*: a bag card may go up at any time it is allowed
        (a card of code ``k`` may go up when fewer cards of code ``k`` are up
        than cards of code ``pred(k)``), and the bag has no limit. The piles'
        cards and any waste card put there later sit in 16 cells, reachable
        in any order; the waste keeps its order. Moves: a bag card, a cell
        card or the waste top goes up when allowed; the waste top goes into a
        free cell.

        A real line from here is a relaxed line, so a lost relaxed game means
        a lost position. The redeal is used, so the waste is never turned over
        again: a card thrown on it later (a stock card, in the bag here) lies
        above all of today's waste cards, and today's cards leave it from the
        top only, so whenever the real game moves one of them it is the
        relaxed waste top too. A real card going up may go up in the relaxed
        game (the same cards are up in both, and the rule is the same). A
        stock card stays in the bag until it goes up in the real game,
        wherever it went meanwhile (a pile or the waste). A today's waste card
        moved onto a pile goes into a cell: the cells then hold today's pile
        and waste cards still on the piles, at most 16.

        The greedy loop below decides the relaxed game: it puts a card up
        whenever one may go (a cell card before a bag card of the same code,
        both before the waste top) and moves the waste top into a cell only
        when nothing may go up. Putting a card x up loses nothing: if a
        winning relaxed line next puts up another card y of x's code instead,
        the line with x up now and y left in place wins too (y ends where x
        was: in a cell, in the bag, or on the waste top, which then goes into
        the cell x left free; x is the waste top only when no cell or bag
        holds a card of its code, as all cards of one code may go up together,
        and a deeper card y is reached only after x went into a cell; a cell
        card goes before a bag card, which needs no room); every other code
        only gains. When nothing may go up, moving the waste top into a cell
        is the only move.
        """
        if self.limit != TWO_CARDS_LIMIT or not state.redeals:
            return False
        up = [0] * CODES
        for cards in state.foundations:
            if cards:
                for code in UNDER[CODE[cards[-1]]]:
                    up[code] += 1
        cells = [0] * CODES  # cell cards by code
        for cards in state.piles:
            for card in cards:
                cells[CODE[card]] += 1
        bag = [0] * CODES  # the stock's cards by code
        for code in bytes(state.stock).translate(TO_CODE):
            bag[code] += 1
        return _greedy_lost(up, cells, bag, bytes(state.waste).translate(TO_CODE))

    def explain_illegal(self, state: BrunetteBlondeState, move: Move) -> str:
        legal = self.legal_moves(state)
        if not legal or move in legal:
            return super().explain_illegal(state, move)
        if move.is_redeal:
            if state.redeals >= REDEALS:
                return "only one redeal is allowed («раскладывают во второй раз»)"
            if state.stock:
                return "the waste may be turned over only once the stock is out"
            return "there is no waste to turn over"
        contents = self.contents(state)
        where = contents.get(move.src, ())
        if not where or where[-1] != move.card:
            return f"{card_str(move.card)} is not on top of {self.places[move.src]}"
        if state.dealing:
            return f"the first eight cards are dealt to the basic row first ({self.describe(legal[0])})"
        card, src, dst = move
        name = card_str(card)
        if src >= FOUNDATION:
            return "foundation cards never come back"
        if dst == STOCK:
            return "nothing goes back to the stock"
        if PILE <= src < FOUNDATION and PILE <= dst < FOUNDATION:
            return "no card moves from one basic-row pile to another"
        if PILE <= src < FOUNDATION and dst == WASTE:
            return "basic-row cards go only to the foundations"
        if dst == WASTE:
            return f"{name} fits a foundation or a basic-row pile, so it may not go to the waste"
        if dst >= FOUNDATION:
            if IS_ACE[card]:
                return f"an ace starts the lowest free foundation ({self.describe(legal[0])})"
            return f"{name} goes on a foundation topped by a card one lower of the other colour"
        pile = state.piles[dst - PILE]
        if pile and CODE[pile[-1]] == PILE_NEEDS[card] and len(pile) >= self.limit:
            return f"in this variant a basic-row pile holds at most {self.limit} cards"
        return f"{name} goes on a basic-row card one higher of the other colour, or into an empty place"

    # -- the careful player without second sight ----------------------------------

    def no_peek_move(self, state: BrunetteBlondeState, moves: list[Move]) -> Move | None:
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
        table = [m for m in moves if m.src != STOCK and not m.is_redeal]
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
        return REDEAL if REDEAL in moves else None
