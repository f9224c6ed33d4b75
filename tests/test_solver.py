"""The solver's contract, on «Кадриль» (per-game solving tests live beside each game's tests)."""

from __future__ import annotations

import time

import pytest

from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.games.quadrille import comes_out
from generator.hints import SearchHints, hints_for
from generator.players import player_for
from generator.solver import Budget, solve
from tests.conftest import assert_record_wins


def test_quadrille_solutions_are_exactly_the_deals_that_come_out():
    game = make_game("quadrille")
    for deal in range(1, 60):
        stock = stock_indices("quadrille", deal)
        solution = solve(game, stock)
        assert solution.result is (Result.WON if comes_out(stock) else Result.LOST)
        if solution.result is Result.WON:
            assert_record_wins(game, stock, solution.moves, deal)


def test_a_zero_budget_answers_unknown():
    solution = solve(make_game("quadrille"), stock_indices("quadrille", 1), budget=Budget(seconds=0))
    assert solution.result is Result.UNKNOWN


def test_a_node_budget_answers_unknown_not_a_guess():
    # Deal 4 is lost: proving it needs one node, which a budget of none does not allow.
    game, stock = make_game("quadrille"), stock_indices("quadrille", 4)
    assert solve(game, stock).result is Result.LOST
    assert solve(game, stock, budget=Budget(nodes=0)).result is Result.UNKNOWN


def test_leads_are_replayed_through_the_engine_and_never_change_a_verdict():
    """A game's leads point the search; a line with an illegal move is dropped, a lead that ends lost proves nothing."""
    game = make_game("quadrille")
    for deal in (1, 4):  # won, lost
        stock = stock_indices("quadrille", deal)
        line = solve(make_game("quadrille"), stock).moves or []
        bogus = [game.legal_moves(game.initial_state(stock))[0]] * 2  # the same card turned twice
        hints = SearchHints(game, player_for(game))
        hints.leads = lambda state, deadline=None, line=line, bogus=bogus: iter([(bogus, 10), (line[:5], 3)])
        solution = solve(game, stock, hints=hints)
        assert solution.result is (Result.WON if comes_out(stock) else Result.LOST)
        if solution.result is Result.WON:
            assert solution.moves[:5] == line[:5]
            assert_record_wins(game, stock, solution.moves, deal)


def test_solve_command_prints_the_walkthrough_and_writes_a_checkable_record(cli, tmp_path):
    record = tmp_path / "q1.json"
    result = cli("solve", "quadrille", "--deal", "1", "--record", str(record))
    assert result.status == 0, result.err
    assert "— Первый проход —" in result.out and "1. В♦ колода → кон" in result.out
    assert "Пасьянс вышел." in result.out
    assert cli("check", str(record)).out.startswith("ok: won")


#: Per game, deals the solver cannot decide in a fraction of a second (found by search, 2026-11-30), so
#: the budget, not the deal, ends the search. Their hints play lines out and gallery searches from its leads.
HARD_DEALS = {
    "brunette_blonde": (218, 962),
    "brunette_blonde:two_cards": (5, 7),
    "village": (82,),
    "gallery": (1, 3, 14),
    "phalanx": (54, 127),
}
#: Slack above the budget: one node plus a loaded machine. A hint that ignores ``Game.deadline`` overruns by
#: seconds, which this catches.
SLACK = 0.25


@pytest.mark.parametrize("spec", sorted(HARD_DEALS))
def test_the_budget_holds_on_hard_deals(spec: str) -> None:
    budget = 0.3
    for deal in HARD_DEALS[spec]:
        game = make_game(spec)
        stock = stock_indices(game.id, deal)
        started = time.perf_counter()
        solution = solve(game, stock, budget=Budget(seconds=budget))
        elapsed = time.perf_counter() - started
        assert elapsed <= budget + SLACK, (spec, deal, solution.result, elapsed)
        assert solution.seconds <= elapsed
        if solution.result is Result.WON:  # a fast machine may decide it: the answer must still be right
            assert_record_wins(game, stock, solution.moves, deal)
        else:  # "lost" only if the whole space was searched in time
            assert solution.result in (Result.UNKNOWN, Result.LOST) and solution.moves == []


def test_a_search_holds_at_most_its_table_of_positions():
    """``Budget.table`` bounds a search's memory: a table that would grow with every position searched to the end
    (here `lost`, as in an acyclic game's restarts) forgets them past the bound."""
    from generator.solver import _search

    game = make_game("brunette_blonde:two_cards")
    hints = SearchHints(game, player_for(game))
    root = game.initial_state(stock_indices(game.id, 39))
    held = {}
    for table in (None, 100):
        lost: set[object] = set()
        ending, _, nodes = _search(game, hints, root, game.legal_moves(root), [], hints.order, 5_000, None, lost,
                                   table=table)
        assert ending == "limit" and nodes > 5_000
        held[table] = len(lost)
    # Forgotten at the next position entered: the bound, plus the positions finished since (at most the line's).
    assert held[None] > 1_000 and held[100] <= 100 + 300


@pytest.mark.parametrize("spec", ["gallery", "gallery:optional_cover", "brunette_blonde:two_cards", "village",
                                  "phalanx:may_hold"])
def test_a_budget_in_positions_only_cuts_the_search_short(spec: str) -> None:
    """A search bounded at b positions answers what one bounded at b' > b answers where that one answered within b
    positions (the same line, at the same count), and unknown where it did not: the bound stops the search, it
    changes nothing before it (leads, attempts, restarts and nested searches alike). What lets a share of
    positions be read off a larger search (docs/notes/solver-gallery.md §21)."""
    game = make_game(spec)
    bounds = (100, 1_500, 6_000)
    within = beyond = 0
    for deal in range(1, 13):
        stock = stock_indices(game.id, deal)
        found = [solve(game, stock, budget=Budget(seconds=None, nodes=bound)) for bound in bounds]
        for i, j in ((0, 1), (1, 2), (0, 2)):
            short, long = found[i], found[j]
            if long.decided and long.nodes <= bounds[i]:
                within += 1
                assert (short.result, short.moves, short.nodes) == (long.result, long.moves, long.nodes), deal
            else:
                beyond += long.decided
                assert short.result is Result.UNKNOWN, deal
    assert within and beyond, (within, beyond)  # both cases met


def test_luby_sequence():
    from generator.solver import _luby

    assert [_luby(i) for i in range(15)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


def test_restarts_come_from_a_games_own_perturbed_order_or_not_at_all():
    """``SearchHints.restarts``: village restarts with its perturbed orders, seeded; others search once."""
    assert hints_for(make_game("quadrille")).restarts() is None and hints_for(make_game("gallery")).restarts() is None
    village = make_game("village")
    restarts = hints_for(village).restarts()
    assert restarts is not None
    state = village.initial_state(stock_indices("village", 1))
    while len(moves := village.legal_moves(state)) < 3 or village.forced(state):
        state = village.apply(state, moves[0])
    orders = [restarts.order(attempt)(state, moves) for attempt in (1, 1, 2, 3, 4)]
    assert orders[0] == orders[1]  # the same attempt, the same order
    assert all(sorted(order) == sorted(moves) for order in orders)


def test_a_restart_attempt_counts_failures_so_a_short_attempt_can_win_a_long_line():
    """A village deal is won by a line of more than a hundred decision positions; an attempt stops
    after ``unit × luby(i)`` *failures* (positions searched to the end without a win), so even
    attempts of one failure reach the end of such a line (counted in positions they never could)."""
    from generator.games import Result
    from generator.hints import hints_for

    game = make_game("village")
    hints = hints_for(game)
    hints.restart_unit = 1  # type: ignore[attr-defined]
    solution = solve(game, stock_indices("village", 1), budget=Budget(seconds=None, nodes=20_000), hints=hints)
    assert solution.result is Result.WON
    # Counted in positions, attempts of 1, 1, 2, 1, … positions could not win before the first one
    # of 128 (the line is 125 positions long), which comes after 896 positions of shorter ones.
    assert solution.nodes < 896
    assert_record_wins(game, stock_indices("village", 1), solution.moves, 1)


# --- a search along another reading's line ----------------------------------------------------------------------


def test_a_search_along_a_looser_readings_line_wins_past_the_cover_it_skips() -> None:
    from generator.replay import replay
    from generator.solver import solve_along

    printed, stock = make_game("gallery"), stock_indices("gallery", 4241)
    start = printed.initial_state(stock)
    # «Закрыть короля, только перед тем как собирать» wins it along a line that the rules as printed stop
    # short of its end (a cover they force first), ...
    looser = solve(make_game("gallery:cover_before_gathering"), stock, budget=Budget(seconds=None, nodes=60_000))
    assert looser.result is Result.WON
    legal = replay(printed, start, looser.moves).moves_played
    assert 0 < legal < len(looser.moves)
    # ... and the printed rules' search from there wins, with the legal part of that line first; their own search
    # from the start does not within more positions.
    along = solve_along(printed, start, looser.moves, budget=Budget(seconds=None, nodes=2_000))
    assert along.result is Result.WON and along.moves[:legal] == looser.moves[:legal]
    assert replay(printed, start, along.moves).won
    assert solve(printed, stock, budget=Budget(seconds=None, nodes=20_000)).result is Result.UNKNOWN


def test_a_search_along_a_line_never_answers_lost() -> None:
    from generator.solver import solve_along

    game = make_game("gallery")
    stock = stock_indices("gallery", 876)  # proved lost from the start
    assert solve(game, stock, budget=Budget(seconds=30)).result is Result.LOST
    along = solve_along(game, game.initial_state(stock), [], budget=Budget(seconds=30))
    assert along.result is Result.UNKNOWN and along.moves == [] and along.nodes > 0
