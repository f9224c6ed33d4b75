"""The solver's contract, on «Кадриль» (per-game solving tests live beside each game's tests)."""

from __future__ import annotations

from generator.deals import stock_indices
from generator.games import make_game
from generator.games.quadrille import comes_out
from generator.record import from_json, record_of, replay, to_json
from generator.solver import Budget, solve


def test_quadrille_solutions_are_exactly_the_deals_that_come_out():
    game = make_game("quadrille")
    for deal in range(1, 60):
        stock = stock_indices("quadrille", deal)
        solution = solve(game, stock)
        assert solution.result == ("won" if comes_out(stock) else "lost")
        if solution.result == "won":
            result = replay(from_json(to_json(record_of(game, stock, solution.moves, "won", deal))))
            assert result.ok and result.outcome == "won"


def test_a_zero_budget_answers_unknown():
    assert solve(make_game("quadrille"), stock_indices("quadrille", 1), budget=Budget(seconds=0)).result == "unknown"


def test_a_node_budget_answers_unknown_not_a_guess():
    # Deal 4 is lost: proving it needs one node, which a budget of none does not allow.
    game, stock = make_game("quadrille"), stock_indices("quadrille", 4)
    assert solve(game, stock).result == "lost"
    assert solve(game, stock, budget=Budget(nodes=0)).result == "unknown"


def test_solve_command_prints_the_walkthrough_and_writes_a_checkable_record(cli, tmp_path):
    record = tmp_path / "q1.json"
    result = cli("solve", "quadrille", "--deal", "1", "--record", str(record))
    assert result.status == 0, result.err
    assert "— Первый проход —" in result.out and "1. В♦ колода → кон" in result.out
    assert "Пасьянс вышел." in result.out
    assert cli("check", str(record)).out.startswith("ok: won")
