"""Deals one reading leaves open, won through another reading's line (``generator.borrowing``), and the sheets'
use of it (``selection.solve_or_borrow``)."""

from __future__ import annotations

from typing import Any

import pytest

import generator.borrowing as borrowing
import generator.selection as selection
from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.hints import SearchHints, hints_for
from generator.replay import replay
from generator.solver import Budget, Solution, solve


def test_the_readings_that_allow_more_are_asked_first_then_those_that_allow_less_then_the_rest() -> None:
    assert borrowing.other_readings(make_game("gallery")) == [
        "gallery:any_king", "gallery:cover_before_gathering", "gallery:optional_cover"]  # declared wider, chained
    assert borrowing.other_readings(make_game("gallery:optional_cover")) == [
        "gallery:cover_before_gathering", "gallery", "gallery:any_king"]  # narrower, chained narrower, unrelated
    assert borrowing.other_readings(make_game("village:at_once")) == ["village", "village:stuck_redeal"]
    assert borrowing.other_readings(make_game("quadrille")) == ["quadrille:queens_first"]


def test_a_line_of_a_narrower_reading_wins_here_as_it_stands() -> None:
    # «Сразу на основание» only forbids moves of ours, so its winning line of deal 1 is a line of ours.
    game, stock = make_game("village"), stock_indices("village", 1)
    line = borrowing.won_through_readings(game, stock, Budget(seconds=None, nodes=20_000))
    assert line is not None and replay(game, game.initial_state(stock), line).won


def test_a_line_that_breaks_our_rules_early_is_not_searched_along(monkeypatch: pytest.MonkeyPatch) -> None:
    game, stock = make_game("village"), stock_indices("village", 1)
    line = solve(game, stock, budget=Budget(seconds=None, nodes=20_000)).moves
    assert line
    searched: list[Any] = []
    monkeypatch.setattr(borrowing, "solve_along", lambda *a, **k: searched.append(a) or Solution(Result.UNKNOWN))
    broken = list(reversed(line))  # illegal from its first move
    assert borrowing.line_here(game, stock, broken, Budget(seconds=None, nodes=1_000)) is None
    assert not searched
    assert borrowing.line_here(game, stock, line[:-1]) is None  # short of the end, and no search asked for
    assert borrowing.line_here(game, stock, line) == list(line)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int | None, int]]:
    """The searches the borrowing step asks for (spec, positions, seed salt), each ending open at its bound."""
    searches: list[tuple[str, int | None, int]] = []

    def open_search(game: Any, stock: Any, *, budget: Budget, hints: SearchHints[Any]) -> Solution:
        searches.append((game.full_id, budget.nodes, hints.seed_salt))
        return Solution(Result.UNKNOWN, nodes=budget.nodes or 0)

    monkeypatch.setattr(borrowing, "solve", open_search)
    return searches


def test_the_other_readings_share_half_as_much_again_as_the_deal_s_own_search(
        asked: list[tuple[str, int | None, int]]) -> None:
    """... and each is searched with our seeds (``hints_for(seeds_of=…)``): its search follows our attempt."""
    game = make_game("gallery")
    budget = Budget(seconds=None, nodes=1_000)
    assert borrowing.won_through_readings(game, stock_indices("gallery", 3), budget, share=1.5) is None
    assert asked == [("gallery:any_king", 1_000, 0), ("gallery:cover_before_gathering", 500, 0)]
    asked.clear()
    cover = make_game("gallery:cover_before_gathering")
    assert borrowing.won_through_readings(cover, stock_indices("gallery", 3), budget, share=1.5) is None
    salt = hints_for(cover).seed_salt
    assert salt != 0 and asked == [("gallery:optional_cover", 1_000, salt), ("gallery", 500, salt)]
    asked.clear()  # their own seeds, as their own searches (``--settle`` finding a saved win again)
    assert borrowing.won_through_readings(cover, stock_indices("gallery", 3), budget, share=1.5,
                                          our_seeds=False) is None
    assert asked == [("gallery:optional_cover", 1_000, hints_for(make_game("gallery:optional_cover")).seed_salt),
                     ("gallery", 500, 0)]


def test_our_rules_are_searched_first_with_each_other_reading_s_seeds_beside_the_share(
        asked: list[tuple[str, int | None, int]]) -> None:
    cover = make_game("gallery:optional_cover")
    budget = Budget(seconds=None, nodes=1_000)
    assert borrowing.won_through_readings(cover, stock_indices("gallery", 3), budget, share=1.5,
                                          their_seeds=0.1) is None
    salts = {spec: hints_for(make_game(spec)).seed_salt for spec in borrowing.other_readings(cover)}
    ours = hints_for(cover).seed_salt
    assert asked == [
        ("gallery:optional_cover", 100, salts["gallery:cover_before_gathering"]),
        ("gallery:optional_cover", 100, salts["gallery"]),
        ("gallery:optional_cover", 100, salts["gallery:any_king"]),
        ("gallery:cover_before_gathering", 1_000, ours), ("gallery", 500, ours)]  # the share: 1,500
    asked.clear()  # a game whose searches take no seed is not searched again with another
    assert borrowing.won_through_readings(make_game("village"), stock_indices("village", 3), budget, share=1.5,
                                          their_seeds=0.1) is None
    assert [spec for spec, _, _ in asked] == ["village:at_once", "village:stuck_redeal"]


def test_a_gallery_deal_open_with_our_seeds_is_won_by_our_rules_with_another_reading_s() -> None:
    # Deal 78 under `optional_cover` (docs/notes/solver-gallery.md §19): open at 1,000 positions with its own
    # seeds, won in 490 with `any_king`'s; the line is our rules' own, and replays.
    game, stock = make_game("gallery:optional_cover"), stock_indices("gallery", 78)
    budget = Budget(seconds=None, nodes=1_000)
    assert solve(game, stock, budget=budget).result is Result.UNKNOWN
    line = borrowing.won_through_readings(game, stock, budget, others=["gallery:any_king"], share=1.0,
                                          their_seeds=1.0)
    assert line is not None and replay(game, game.initial_state(stock), line).won
    theirs = hints_for(game, seeds_of=make_game("gallery:any_king"))
    assert line == solve(game, stock, budget=budget, hints=theirs).moves


def test_a_lent_win_counts_only_when_it_replays_here(monkeypatch: pytest.MonkeyPatch) -> None:
    game, stock = make_game("village"), stock_indices("village", 1)
    line = solve(game, stock, budget=Budget(seconds=None, nodes=20_000)).moves
    monkeypatch.setattr(borrowing, "solve", lambda *a, **k: Solution(Result.WON, list(line[:-1]), nodes=10))
    monkeypatch.setattr(borrowing, "solve_along", lambda *a, **k: Solution(Result.WON, list(line[:-1])))
    budget = Budget(seconds=None, nodes=1_000)
    assert borrowing.won_through_readings(game, stock, budget) is None  # "won" short of the end: no proof


def test_the_sheets_ask_other_readings_only_for_a_deal_left_open(monkeypatch: pytest.MonkeyPatch) -> None:
    game, stock = make_game("village"), stock_indices("village", 1)
    lent: list[int] = []

    def lend(game: Any, stock: Any, budget: Budget, *, share: float, their_seeds: float) -> list[Any] | None:
        assert (share, their_seeds) == (selection.BORROW_SHARE, selection.SEEDS_SHARE)
        lent.append(budget.nodes)
        return list(solve(make_game("village:at_once"), stock, budget=Budget(seconds=None, nodes=20_000)).moves)

    monkeypatch.setattr(selection, "won_through_readings", lend)
    assert selection.solve_or_borrow(game, stock, 20_000).result is Result.WON and not lent  # decided: not asked
    open_here = selection.solve_or_borrow(game, stock, 1)  # one position: the solver leaves it open
    assert lent == [1] and open_here.result is Result.WON
    assert replay(game, game.initial_state(stock), open_here.moves).won


def test_a_gallery_deal_the_printed_rules_leave_open_is_won_along_a_looser_reading_s_line() -> None:
    # Deal 4241 (docs/notes/solver-gallery.md §15): the printed rules' own search leaves it open at 20,000
    # positions; `cover_before_gathering` wins it along a line the printed rules keep for 259 of its 288 moves,
    # and their search from there wins.
    game, stock = make_game("gallery"), stock_indices("gallery", 4241)
    assert solve(game, stock, budget=Budget(seconds=None, nodes=20_000)).result is Result.UNKNOWN
    found = selection.solve_or_borrow(game, stock, 20_000)
    assert found.result is Result.WON and replay(game, game.initial_state(stock), found.moves).won
