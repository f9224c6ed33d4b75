"""«Македонская фаланга»: the dead-end test by the relaxed game in which pushed cards stay in reach
(``generator.hints.phalanx_relaxed``), held to exhaustive search and to random real lines."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from generator.deals import stock_indices
from generator.games import Game, Result, make_game
from generator.games.phalanx import CARDS, STOCK, PhalanxState
from generator.hints import SearchHints, hints_for
from generator.hints.phalanx import PhalanxHints, foundation_heights
from generator.hints.phalanx_relaxed import relaxed_pile_empties
from generator.players import player_for
from generator.solver import Budget, solve, solve_position
from tests.games.test_phalanx_solver import SPECS, _off_winning_lines, _positions

GAME = make_game("phalanx")
HINTS = hints_for(GAME)
PLAYER = player_for(GAME)


def _relaxed(state: PhalanxState) -> bool:
    return relaxed_pile_empties(state, foundation_heights(state))


@pytest.mark.parametrize("spec", SPECS)
def test_a_position_the_relaxation_calls_lost_is_lost_by_exhaustive_search(spec):
    """Positions 10 to 1 stock cards from the end of random lines of deals 1..14, and positions a
    few random moves off the solver's won lines: wherever the relaxed game's eager line cannot empty
    the pile, the plain search (every line, no hint; under may_hold, holds too) finds no win. Both
    answers of the relaxation occur."""
    game = make_game(spec)
    seen: Counter[tuple[bool, Result]] = Counter()
    near_the_end = [state for deal in range(1, 15)
                    for state in _positions(deal, seed=deal, least_dealt=94, game=game)[::3][:3]]
    for state in near_the_end + _off_winning_lines(game):
        plain = solve_position(game, state, budget=Budget(seconds=None, nodes=6_000),
                               hints=SearchHints(game, player_for(game)))
        if not plain.decided:  # a few, most under may_hold, whose holds multiply the lines
            continue
        relaxed = _relaxed(state)
        assert relaxed or plain.result is Result.LOST, (state.base, state.dealt)
        seen[relaxed, plain.result] += 1
    assert sum(seen.values()) >= 36 and seen[False, Result.LOST] and seen[True, Result.WON], seen


def _random_line_empties_the_pile(state: PhalanxState, rng: random.Random, game: Game = GAME) -> bool:
    """Play a random real line from ``state``; True if its collecting pile is ever empty. (Under
    may_hold the last move offered is the hold when the turned card fits: this line holds it.)"""
    while True:
        if not state.waste:
            return True
        moves = game.legal_moves(state)
        if not moves:
            return False
        plays = [m for m in moves if m.src != STOCK]
        state = game.apply(state, rng.choice(plays) if plays and rng.random() < 0.5 else moves[-1])


@pytest.mark.parametrize("spec", SPECS)
def test_no_real_line_empties_the_pile_when_the_relaxed_eager_line_does_not(spec):
    """Claim 1 and 2 of the module together, on earlier positions than exhaustive search reaches:
    from phase-two positions of deals 1..20 (any point of phase two), 20 random real lines each;
    a line that empties the pile means the relaxed eager line must empty it too."""
    game = make_game(spec)
    emptied = 0
    for deal in range(1, 21):
        rng = random.Random(deal)
        for state in _positions(deal, seed=deal + 100, least_dealt=27, game=game)[::7]:
            if state.dealt == CARDS:
                continue
            relaxed = _relaxed(state)
            for _ in range(20):
                if _random_line_empties_the_pile(state, rng, game):
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
