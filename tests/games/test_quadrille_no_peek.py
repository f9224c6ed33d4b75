"""«Кадриль»: the no-peek player wins exactly the deals a perfect player wins, over deals 1..20000.

No choice exists in «Кадриль» (RULES.md: "every card has exactly one destination, so the deal
decides the game"), so a player who never looks at the stock must do as well as the solver,
which knows it. Checked deal by deal with the engine alone: every position on the no-peek
player's line offers exactly one move, and its outcome is the solver's proved outcome. The
win rates are printed (a figure for the record, not an assertion on time).
"""

from __future__ import annotations

import pytest

from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.play import play_out
from generator.solver import Budget, solve

DEALS = range(1, 20001)


@pytest.fixture(scope="module")
def stocks() -> list[tuple[int, ...]]:
    return [stock_indices("quadrille", deal) for deal in DEALS]


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["quadrille", "quadrille:queens_first"])
def test_the_no_peek_player_wins_exactly_what_a_perfect_player_wins(spec, stocks, capsys):
    game = make_game(spec)
    wins = 0
    for deal, stock in zip(DEALS, stocks, strict=True):
        played = play_out(game, stock)
        assert all(len(game.legal_moves(state)) == 1 for state in played.states[:-1]), f"deal {deal}: a choice"
        assert played.result in (Result.WON, Result.LOST), f"deal {deal}: the no-peek player stopped"
        perfect = solve(game, stock, budget=Budget(seconds=60))
        assert perfect.result is played.result, f"deal {deal}: solver {perfect.result}, no-peek {played.result}"
        wins += played.result is Result.WON
    with capsys.disabled():
        print(f"\n{spec}: the no-peek player (= a perfect player) wins {wins} of deals 1..{len(DEALS)}"
              f" = {100 * wins / len(DEALS):.2f}%")
    assert 0 < wins < len(DEALS)
