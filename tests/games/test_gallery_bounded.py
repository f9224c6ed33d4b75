"""«Картинная галерея» and the solver's bounded attempts: each start of a deal searches a bounded share.

The gallery's hints set ``phase`` (the deal a position is in) and ``phase_nodes``; the solver then cuts
the search below any start of the second or last deal past its share and tries again with shares four
times larger, keeping what it finished (the game is acyclic). Only an attempt that cut nothing may answer
``lost``.
"""

from __future__ import annotations

import pytest

from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.games.gallery_cards import LAST
from generator.games.gallery_positions import GalleryState
from generator.hints import hints_for
from generator.hints.gallery import GalleryHints
from generator.players import player_for
from generator.solver import Budget, _advance, _search, solve, solve_position
from tests.conftest import assert_record_wins
from tests.games.test_gallery_solver import GAME, end_of, hints, plain, small_positions


def bounded(share: int) -> GalleryHints:
    """The hints without leads, each last-deal start searching at most ``share`` positions an attempt at first."""
    h = hints(leads=False)
    h.phase_nodes = share
    return h


def test_the_phases_are_the_deals_and_the_game_is_declared_acyclic():
    h = hints()
    assert h.acyclic and h.phase_nodes > 0
    state = GAME.initial_state(stock_indices("gallery", 5))
    seen = set()
    while moves := GAME.legal_moves(state):
        seen.add(h.phase(state))
        before = (state.redeals, -len(state.stock))
        state = GAME.apply(state, moves[-1])  # the redeal whenever it is offered
        assert (state.redeals, -len(state.stock)) >= before
    assert seen == {0, 1, LAST}


@pytest.mark.parametrize(("share", "seed"), [(1, 31), (6, 32), (40, 33)])
def test_bounded_attempts_win_what_a_plain_search_wins(share, seed):
    """Positions late in the deal before the last, where every redeal starts a bounded last deal: the
    verdicts equal the plain exhaustive search's (these are all won), and the lines replay."""
    for state in small_positions(8, LAST - 1, 18, seed):
        exact = solve_position(GAME, state, budget=Budget(seconds=None, nodes=300_000), hints=plain())
        solution = solve_position(GAME, state, budget=Budget(seconds=None, nodes=300_000), hints=bounded(share))
        assert solution.result is exact.result is Result.WON, state
        assert GAME.is_won(end_of(state, solution.moves))
        interleaved = hints()
        interleaved.phase_nodes, interleaved.phase_interleave = share, 0.05
        solution = solve_position(GAME, state, budget=Budget(seconds=None, nodes=300_000), hints=interleaved)
        assert solution.result is Result.WON and GAME.is_won(end_of(state, solution.moves))


def end_of_the_second_deal(deal: int, left: int) -> GalleryState:
    """Deal ``deal`` played by the no-peek player until ``left`` cards are left in the second deal's stock."""
    player = player_for(GAME)
    state = GAME.initial_state(stock_indices("gallery", deal))
    while moves := GAME.legal_moves(state):
        if state.redeals == LAST - 1 and len(state.stock) <= left:
            return state
        state = GAME.apply(state, player.choose(state, moves) or moves[0])
    raise AssertionError("the deal ended before its last deal")


@pytest.mark.parametrize(("deal", "left"), [(346, 2), (5080, 4)])
def test_a_lost_position_is_lost_only_by_an_attempt_that_cut_nothing(deal, left):
    """Positions of deals proved lost, with the relaxed proofs off (they would settle them at once): the
    plain search proves them lost; the bounded one's first attempt is cut, and a later one, cutting
    nothing, proves the same."""
    state = end_of_the_second_deal(deal, left)
    exact = solve_position(GAME, state, budget=Budget(seconds=None, nodes=300_000), hints=plain())
    assert exact.result is Result.LOST
    h = bounded(1)
    h.relaxed_budget = 0
    root, moves = _advance(GAME, h, state, [])
    h.begin(root)
    first, _, _ = _search(GAME, h, root, moves, [], h.order, None, None, set(), None, 1)
    assert first == "cut"
    solution = solve_position(GAME, state, budget=Budget(seconds=None, nodes=300_000), hints=h)
    assert solution.result is Result.LOST
    # The same with the leads, the attempts going on between them in short resumed stretches.
    interleaved = hints()
    interleaved.phase_nodes, interleaved.relaxed_budget, interleaved.phase_interleave = 1, 0, 0.05
    again = solve_position(GAME, state, budget=Budget(seconds=None, nodes=300_000), hints=interleaved)
    assert again.result is Result.LOST


@pytest.mark.parametrize(("deal", "unbounded_nodes"), [(905, 100_000), (327, 20_000)])
def test_a_tail_deal_is_won_within_a_bound_the_unbounded_search_does_not_reach(deal, unbounded_nodes):
    """Deals the odds at 2 s left unknown: the unbounded search (no leads) is still in the variants of one
    early deal at ``unbounded_nodes`` positions (905 is still open at 200,000); the bounded attempts win
    within 10,000, and the line checks."""
    stock = stock_indices("gallery", deal)
    unbounded = solve(GAME, stock, budget=Budget(seconds=None, nodes=unbounded_nodes), hints=bounded(0))
    assert unbounded.result is Result.UNKNOWN
    solution = solve(GAME, stock, budget=Budget(seconds=None, nodes=10_000), hints=bounded(500))
    assert solution.result is Result.WON
    assert_record_wins(GAME, stock, solution.moves, deal)


def test_attempts_between_the_leads_win_a_deal_neither_the_leads_nor_the_attempts_after_them_win():
    """«Картинная галерея» with any king drawn, deal 1, at the sheets' 100,000 positions, without the nested
    searches and the policy adaptations: the other leads alone use the whole budget; with the bounded attempts
    resumed after each lead the deal is won."""
    game = make_game("gallery:any_king")
    stock = stock_indices("gallery", 1)
    h = hints_for(game)
    assert h.phase_interleave > 0
    h.nested_eps = h.adaptation_biases = ()  # the searches win it too (test_gallery_solver): the attempts alone here
    won = solve(game, stock, budget=Budget(seconds=None, nodes=100_000), hints=h)
    assert won.result is Result.WON
    assert_record_wins(game, stock, won.moves, 1)
    h = hints_for(game)
    h.nested_eps = h.adaptation_biases = ()
    h.phase_interleave = 0.0
    assert solve(game, stock, budget=Budget(seconds=None, nodes=100_000), hints=h).result is Result.UNKNOWN
