"""«Македонская фаланга»: the dead-end test by the relaxed game in which pushed cards stay in reach
(``generator.hints.phalanx_relaxed``), held to exhaustive search and to random real lines."""

from __future__ import annotations

import random
from collections import Counter

from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.games.phalanx import CARDS, STOCK, PhalanxState
from generator.hints import SearchHints, hints_for
from generator.hints.phalanx import PhalanxHints, _heights
from generator.hints.phalanx_relaxed import relaxed_pile_empties
from generator.players import player_for
from generator.solver import Budget, solve, solve_position
from tests.games.test_phalanx_solver import _positions

GAME = make_game("phalanx")
HINTS = hints_for(GAME)
PLAYER = player_for(GAME)


def _relaxed(state: PhalanxState) -> bool:
    return relaxed_pile_empties(state, _heights(state))


def test_a_position_the_relaxation_calls_lost_is_lost_by_exhaustive_search():
    """Positions 10 to 1 stock cards from the end of random lines of deals 1..14: wherever the
    relaxed game's eager line cannot empty the pile, the plain search (every line, no hint)
    finds no win. Both answers of the relaxation occur."""
    seen: Counter[tuple[bool, Result]] = Counter()
    for deal in range(1, 15):
        for state in _positions(deal, seed=deal, least_dealt=94)[::3][:3]:
            plain = solve_position(GAME, state, budget=Budget(seconds=None, nodes=200_000),
                                   hints=SearchHints(GAME, PLAYER))
            assert plain.decided
            relaxed = _relaxed(state)
            assert relaxed or plain.result is Result.LOST, (deal, state.dealt)
            seen[relaxed, plain.result] += 1
    assert seen[False, Result.LOST] and seen[True, Result.WON]


def _random_line_empties_the_pile(state: PhalanxState, rng: random.Random) -> bool:
    """Play a random real line from ``state``; True if its collecting pile is ever empty."""
    while True:
        if not state.waste:
            return True
        moves = GAME.legal_moves(state)
        if not moves:
            return False
        plays = [m for m in moves if m.src != STOCK]
        state = GAME.apply(state, rng.choice(plays) if plays and rng.random() < 0.5 else moves[-1])


def test_no_real_line_empties_the_pile_when_the_relaxed_eager_line_does_not():
    """Claim 1 and 2 of the module together, on earlier positions than exhaustive search reaches:
    from phase-two positions of deals 1..20 (any point of phase two), 20 random real lines each;
    a line that empties the pile means the relaxed eager line must empty it too."""
    emptied = 0
    for deal in range(1, 21):
        rng = random.Random(deal)
        for state in _positions(deal, seed=deal + 100, least_dealt=27)[::7]:
            if state.dealt == CARDS:
                continue
            relaxed = _relaxed(state)
            for _ in range(20):
                if _random_line_empties_the_pile(state, rng):
                    emptied += 1
                    assert relaxed, (deal, state.dealt)
    assert emptied


class _WithoutRelaxation(PhalanxHints):
    """The same hints with no dead end before the stock is out."""

    def dead_end(self, state: PhalanxState) -> bool:
        return state.dealt == CARDS and super().dead_end(state)


def test_a_deal_that_needs_the_relaxation_is_lost_with_it_and_open_without():
    stock = stock_indices("phalanx", 435)
    assert solve(GAME, stock, budget=Budget(seconds=None, nodes=200)).result is Result.LOST
    without = _WithoutRelaxation(GAME, PLAYER)
    assert solve(GAME, stock, budget=Budget(seconds=None, nodes=3000), hints=without).result is Result.UNKNOWN
