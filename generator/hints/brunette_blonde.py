"""Search hints of «Брюнетка и блондинка»: safe moves by simulation, restarts, and a dead-end test
by a relaxed game after the redeal (two_cards only); each proved beside it.

Under the variants ``free_waste`` and ``stuck_redeal`` (see ``BrunetteBlonde``): the dead-end
test is two_cards' only, and ``acyclic`` holds (a card held back on the waste
leaves the stock like any turned card; ``stuck_redeal`` only takes the redeal away). The safe
moves are proved for each variant beside them; the first rule is off under ``stuck_redeal``
before the redeal.
"""

from __future__ import annotations

import random
from itertools import chain

try:
    import cython
except ImportError:  # Cython is optional: its declarations are then no-ops
    from generator import cython_shadow as cython  # type: ignore[no-redef]

from generator.games import Move
from generator.games.brunette_blonde import (
    CODE,
    CODES,
    FOUNDATION,
    HOLDS,
    PRED,
    ROW,
    STOCK,
    SUCC,
    TO_CODE,
    TWO_CARDS_LIMIT,
    UNDER,
    WASTE,
    BrunetteBlonde,
    BrunetteBlondeState,
)
from generator.hints.adaptation import adaptations, move_in_deal
from generator.hints.base import Restarts, SearchHints, shuffled_restarts
from generator.hints.nested import Slices, cards_on_foundations, player_rollout, runs, seed_of


@cython.locals(n=cython.int[28], held=cython.int[28], bagged=cython.int[28], waste=bytes, todo=list, free=cython.int,
               top=cython.int, code=cython.int, succ=cython.int, index=cython.int)
def _greedy_lost(up: list[int], cells: list[int], bag: list[int], waste: bytes) -> bool:
    """Whether the bag game (see ``BrunetteBlonde.dead_end``) is lost: cards up, in cells and in
    the bag by code (``CODES`` of each, not changed), and the waste as codes, bottom first.
    (Compiled, the three counts are C arrays: hence the copies and the loops written out.)"""
    n = list(up)
    held = list(cells)
    bagged = list(bag)
    free = ROW * TWO_CARDS_LIMIT
    for index in range(CODES):
        free -= held[index]
    top = len(waste)
    todo = [code for code in range(2, CODES) if held[code] or bagged[code]]
    while True:
        while todo:  # cell and bag cards first, as long as any may go up
            code = todo.pop()
            while (held[code] or bagged[code]) and (code < 4 or n[code] < n[PRED[code]]):
                n[code] += 1
                if held[code]:
                    held[code] -= 1
                    free += 1
                else:
                    bagged[code] -= 1
                succ = SUCC[code]
                if held[succ] or bagged[succ]:
                    todo.append(succ)
        if not top:
            if free < ROW * TWO_CARDS_LIMIT:
                return True
            for index in range(CODES):  # noqa: SIM110 (compiled, a C array: a plain loop)
                if bagged[index]:
                    return True
            return False
        code = waste[top - 1]
        top -= 1
        if code < 4 or n[code] < n[PRED[code]]:
            n[code] += 1
            succ = SUCC[code]
            if held[succ] or bagged[succ]:
                todo.append(succ)
        elif free:
            held[code] += 1
            free -= 1
        else:
            return True


class _Shown:
    """An object whose ``repr`` is the given text (``seed_of`` takes a position's ``repr``)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _as_tuples(state: BrunetteBlondeState) -> _Shown:
    """``state`` shown with its places as tuples of ints, as ``BrunetteBlondeState`` held them before they were
    bytes: the searches' seed (``seed_of``) is taken from this, so the seeds, and the lines, stay as they were."""
    return _Shown(f"BrunetteBlondeState(stock={tuple(state.stock)!r}, waste={tuple(state.waste)!r}, "
                  f"piles={tuple(map(tuple, state.piles))!r}, foundations={tuple(map(tuple, state.foundations))!r}, "
                  f"redeals={state.redeals!r}, dealing={state.dealing!r})")


class BrunetteBlondeHints(SearchHints[BrunetteBlondeState]):
    game: BrunetteBlonde

    #: Failures (positions searched to the end without a win) of the solver's first restart
    #: attempt; later ones follow Luby's sequence.
    restart_unit = 100
    #: The same in two_cards, where short attempts pay: on 20 deals that 100 left unknown at 2 s,
    #: 40,000 positions each decided 0 of them at 100, 2 at 30, 4 at 10 and 5 at 3; over deals 1..400
    #: at the same bound, 394 decided in 546,895 positions at 100, 395 in 411,350 at 10; over 10,000
    #: deals at 2 s, 77 unknown against 129, in half the time (2026-12-03). Not every deal gains: at
    #: 20,000 positions deals 1..200 are 196 decided at 100 and 195 at 10 (deal 5 is lost to the bound).
    two_cards_restart_unit = 10

    #: Every move is one-way: a stock card leaves the stock, a waste card the waste, a pile card
    #: goes up, and the redeal happens once. So (redeals, -stock, -waste, cards up) grows with
    #: every move, compared in that order, and no line comes back to a position: the solver's
    #: restarts may keep what earlier attempts searched to the end.
    acyclic = True

    #: Nested searches between the restart attempts (``SearchHints.nested``): level 2, one per playout policy
    #: (how often a playout departs from the no-peek choice), this many playouts per position of the attempts.
    nested_share = 0.2
    nested_level = 2
    nested_eps = (0.05, 0.0, 0.1)
    #: Policy adaptations (``generator.hints.adaptation``) run first, one per bias toward the no-peek choice.
    adaptation_level = 2
    adaptation_iterations = 100
    adaptation_biases: tuple[float, ...] = (1.0, 2.0, 1.0, 2.0)

    def nested(self, root: BrunetteBlondeState) -> Slices[BrunetteBlondeState]:
        """Policy adaptations, then level-2 nested searches, from ``root``, over the no-peek player's choices and
        scored by the cards up. The adaptations alone won 28 of the 41 deals two_cards left unknown at 2 s
        (19 within a second), the nested searches 10 of 20 (docs/notes/solver-gallery.md §11, §12)."""
        game = self.game
        score, seed = cards_on_foundations(game), seed_of(_as_tuples(root))
        rollouts = [player_rollout(game, self.player.choose, self.safe_move, eps) for eps in self.nested_eps]
        adapted = adaptations(game, root, self.adaptation_level, self.adaptation_biases,
                              iterations=self.adaptation_iterations, code=move_in_deal, prefer=self._prefer,
                              score=score, safe=self.safe_move, seed=seed, prune=self.prune)
        return Slices(chain(adapted, runs(game, root, self.nested_level, rollouts, score=score, safe=self.safe_move,
                                          seed=seed, prune=self.prune)))

    def _prefer(self, state: BrunetteBlondeState, moves: list[Move]) -> Move:
        """The policy adaptations' bias: the no-peek player's choice."""
        return self.player.choose(state, moves) or moves[0]

    def restarts(self) -> Restarts[BrunetteBlondeState]:
        """``perturb`` seeded by the attempt's number for the solver's restarts, in every variant.

        A plain depth-first search stays in the subtree of its first choices, and after the
        redeal a wrong early choice is only undone once everything after it has been tried.
        In two_cards most deals it cannot decide in a second are won by a restart. The others
        too: the 13 deals of 1..10,000 that one search of the basic game left unknown at 2 s
        (it wins 1031 and 2720 at 296,108 and 184,497 positions) are won by restarts within
        3,146 positions; over deals 1..1500 restarts took the basic game's solves from 9.6 s to
        4.6 s, ``stuck_redeal``'s from 8.0 to 4.0 and ``free_waste``'s from 25.3 to 6.9 (measured
        on 2026-12-03, every deal won). Restarts only reorder moves; a position the solver keeps as
        searched to the end is one (``acyclic``), so a loss is still a whole search.
        """
        two_cards = self.game.limit == TWO_CARDS_LIMIT
        return shuffled_restarts(self.two_cards_restart_unit if two_cards else self.restart_unit, self.perturb)

    def perturb(self, state: BrunetteBlondeState, moves: list[Move], rng: random.Random) -> list[Move]:
        """The order of a restart: ``order`` at three positions in four, else shuffled."""
        ordered = self.order(state, moves)
        if len(ordered) < 2 or rng.random() < 0.75:
            return ordered
        ordered = list(ordered)
        rng.shuffle(ordered)
        return ordered

    @cython.locals(stock=bytes, waste=bytes, foundations=tuple, cards=bytes, card=cython.int, dst=cython.int,
                   code=cython.int, d=cython.int, e=cython.int, f=cython.int, pred=cython.int, count=cython.int,
                   short=cython.bint)
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
        # Unpacked in C (``cython.cast``: the ``NamedTuple`` read as the tuple it is), not looked up by name.
        stock, waste, _, foundations, redeals, _ = cython.cast(tuple, state)
        present = None
        first_rule = not (self.game.stuck_redeal and not redeals)  # why: at the end of its proof
        for move in moves if first_rule else ():
            card, _, dst = cython.cast(tuple, move)
            if dst < FOUNDATION:
                continue
            code = CODE[card]
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
            # free_waste: in case 4 the card t may fit in P too; Q puts it on the waste as well
            # (always allowed there), and (a)-(c) hold unchanged; nothing else is less free.
            # stuck_redeal: case 5 fails. P may turn its waste over because nothing else can
            # move, while Q, with more cards up and a card of P's (a U card, of code d or e) gone
            # from a pile or the waste top, may still have a move and so no redeal. So the rule
            # is off there until the redeal is made; from then on the variant is the game as
            # printed (it changes nothing but the redeal), and the proof stands.
            if present is None:  # the codes still to be turned
                present = (stock if redeals else stock + waste).translate(TO_CODE)
            d = SUCC[code]
            e = SUCC[d]
            short = not d or d not in present or not e or e not in present
            if not short and self.game.limit == TWO_CARDS_LIMIT:
                f = SUCC[e]
                short = not f or f not in present
            if short:
                if code < 4:
                    return move
                pred = PRED[code]  # free: all four pred(c) cards are up (a loop, not a generator: compiled,
                count = 0  # a generator could not see the C-typed locals)
                for cards in foundations:
                    if cards and pred in HOLDS[CODE[cards[-1]]]:
                        count += 1
                if count == 4:
                    return move
        # The turned card fits nothing and no table move is left: it goes to the waste, and an
        # empty place is no better. Proof: "into an empty place" gives the position that "to the
        # waste" followed by "the waste top into that place" gives, and both of those are legal.
        # free_waste: the waste is on offer even when the card fits, and the same proof covers
        # every other destination: the waste top may go to any foundation, pile or empty place the
        # turned card may go to. stuck_redeal: the same (no redeal comes between the two moves).
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
        if self.game.limit != TWO_CARDS_LIMIT or not state.redeals:
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
        for code in state.stock.translate(TO_CODE):
            bag[code] += 1
        return _greedy_lost(up, cells, bag, state.waste.translate(TO_CODE))
