"""«Картинная галерея»: proofs of lost positions from relaxed games (``generator.hints.gallery_relax``)."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from generator.deals import stock_indices
from generator.games import Result
from generator.games.gallery_cards import LAST, foundations
from generator.games.gallery_positions import GalleryState
from generator.hints.gallery_failures import Failures
from generator.hints.gallery_relax import refined_verdict, relaxed_verdict
from generator.hints.gallery_unsplit import never_split
from generator.replay import replay
from generator.solver import Budget, _advance, solve, solve_position
from tests.games.test_gallery_solver import GAME, cs, hints, plain, position, small_positions

#: A start of the last deal of deal 1 (reached by a playout): the search without the relaxed proof
#: finds no end to it in 20,000 positions; the relaxed game is lost from its first position.
LAST_DEAL_START = GalleryState(
    bytes(cs(
        "К♠ 3♦ 5♥ В♣ К♥ 5♠ 5♥ К♣ 8♦ К♣ В♦ 8♣ 6♣ 6♥ 10♣ 8♦ 4♣ В♠ 4♥ К♦ 2♥ 10♦ 8♠ 7♣ 2♥ 9♥ 8♠ 7♦ 9♠ 8♥ В♥ 6♥ 10♥ "
        "8♣ 9♣ 7♦ 8♥ 10♥ В♣ 4♥ 7♥ 7♣ 3♠ 9♠ 4♠ 6♦ 10♦ 9♣ 9♦ В♠ 4♦ 5♣ 6♣ В♥ 6♠ В♦ 10♣ 9♥ 3♥ 7♠ 5♣ 9♦ К♠ 10♠ 7♠ 10♠ "
        "К♦ 7♥ К♥ 5♦ 3♥")),
    (b"",) * 8,
    foundations(cs("6♠ 4♣ 6♦ Т♥ 2♠ 2♦ Т♥ 3♣")),
    tuple(cs("Д♠ Д♣ Д♥ Д♦ Д♠ Д♣ Д♥ Д♦")),
    LAST,
)


def root(deal: int) -> GalleryState:
    """The position the solver starts its search from: the deal's forced and safe moves made."""
    h = hints()
    state, _ = _advance(GAME, h, GAME.initial_state(stock_indices("gallery", deal)), [])
    return state


# -- whole deals proved lost -------------------------------------------------------------------------


@pytest.mark.parametrize(("deal", "unsplit", "relaxed"), [(346, True, False), (716, False, False), (2430, True, True)])
def test_these_deals_are_proved_lost_at_once_each_by_its_proof(deal, unsplit, relaxed):
    """346 by both proofs, 716 by the relaxed game alone, 2430 by ``never_split`` alone."""
    start = root(deal)
    assert never_split(start) is unsplit
    assert (relaxed_verdict(start, 20_000) is not False) is relaxed
    solution = solve(GAME, stock_indices("gallery", deal), budget=Budget(seconds=None, nodes=50))
    assert solution.result is Result.LOST
    assert solution.nodes <= 1


def test_a_deal_only_the_refined_game_proves_lost():
    """117: the relaxed game wins by laying both copies of a card on one copy of the card below it; told
    apart (``refined_verdict``), the copies lose under every order, so the deal is lost at its root."""
    start = root(117)
    assert not never_split(start)
    assert relaxed_verdict(start, 20_000) is True
    assert refined_verdict(start, 1000) is None  # the refinement's search needs more than this
    assert refined_verdict(start, 20_000) is False
    # The solver asks it once its leads have searched a few starts (most deals are won before that).
    solution = solve(GAME, stock_indices("gallery", 117), budget=Budget(seconds=None, nodes=1000))
    assert solution.result is Result.LOST


def test_deals_only_exact_redeals_prove_lost():
    """Before the last deal, rule 4 frees the card of a one-card pile at a redeal; gathered where it lies
    (``exact_redeals``), it must be dealt again after its king. 1388: the relaxed game so is lost at once;
    876: only with both refinements, the copies told apart and the exact redeals."""
    start = root(1388)
    assert relaxed_verdict(start, 20_000) is True
    assert refined_verdict(start, 20_000) is not False
    assert relaxed_verdict(start, 20_000, exact_redeals=True) is False
    solution = solve(GAME, stock_indices("gallery", 1388), budget=Budget(seconds=None, nodes=1000))
    assert solution.result is Result.LOST
    h = hints()
    h.exact_redeals_at_root = False
    assert solve(GAME, stock_indices("gallery", 1388), budget=Budget(seconds=None, nodes=1000), hints=h).result \
        is Result.UNKNOWN
    start = root(876)
    assert not never_split(start)
    assert relaxed_verdict(start, 5000, exact_redeals=True) is True
    assert refined_verdict(start, 5000) is True  # a relaxed win that breaks no pair: nothing left to refine
    assert refined_verdict(start, 5000, exact_redeals=True) is False


def test_the_root_test_runs_again_with_a_larger_budget_once_the_leads_search_long():
    """357 needs 40,000 relaxed positions: the first round (20,000) does not prove it, the second (80,000),
    asked once the leads have searched 40 starts, does."""
    start = root(357)
    assert refined_verdict(start, 20_000, exact_redeals=True) is None
    assert refined_verdict(start, 80_000, exact_redeals=True) is False
    budget = Budget(seconds=None, nodes=8000)
    assert solve(GAME, stock_indices("gallery", 357), budget=budget).result is Result.LOST
    h = hints()
    h.root_rounds = 0
    assert solve(GAME, stock_indices("gallery", 357), budget=budget, hints=h).result is Result.UNKNOWN


def test_without_the_proofs_these_deals_stay_open():
    h = hints()
    h.relaxed_budget = 0
    for deal in (346, 716, 2430, 117, 1388):
        solution = solve(GAME, stock_indices("gallery", deal), budget=Budget(seconds=None, nodes=3000), hints=h)
        assert solution.result is Result.UNKNOWN, deal


def test_a_last_deal_start_the_plain_search_cannot_end_is_proved_lost():
    assert relaxed_verdict(LAST_DEAL_START, 2000) is False
    assert solve_position(GAME, LAST_DEAL_START, budget=Budget(seconds=None, nodes=100), hints=hints()).result \
        is Result.LOST
    h = hints()
    h.relaxed_budget = 0
    assert solve_position(GAME, LAST_DEAL_START, budget=Budget(seconds=None, nodes=20_000), hints=h).result \
        is Result.UNKNOWN


def test_a_budget_too_small_gives_no_verdict():
    assert relaxed_verdict(LAST_DEAL_START, 1) is None


def test_past_its_deadline_a_relaxed_search_gives_no_verdict():
    """The solver's seconds bound the root's tests too (they ran past a deal's 2 s by seconds): a search
    stopped at its deadline says nothing, and one without a deadline is bounded by positions alone."""
    start = root(357)
    assert relaxed_verdict(start, 80_000, exact_redeals=True) is False
    assert relaxed_verdict(start, 80_000, exact_redeals=True, deadline=0.0) is None
    assert refined_verdict(start, 80_000, exact_redeals=True, deadline=0.0) is None
    assert refined_verdict(start, 80_000, exact_redeals=True, deadline=None) is False
    assert refined_verdict(start, 80_000, exact_redeals=True, deadline=time.perf_counter() + 3600) is False


@pytest.mark.parametrize(("limit", "seed"), [(30, 21), (44, 22)])
def test_failures_kept_across_searches_change_no_verdict(limit, seed):
    """Asked about many positions of last deals in turn, the searches that share one ``Failures`` give every
    verdict a fresh search gives (None aside: a shared search may settle what a fresh one ran out on)."""
    failures = Failures()
    states = small_positions(20, LAST, limit, seed)
    for state in states:
        for _ in range(6):  # the position and a few of its successors, as the solver asks about them
            fresh = relaxed_verdict(state, 2000)
            shared = relaxed_verdict(state, 2000, failures)
            if fresh is not None:
                assert shared is fresh, state
            moves = GAME.legal_moves(state)
            if not moves:
                break
            state = GAME.apply(state, moves[len(moves) // 2])
    assert failures.size > 0


def test_a_failed_position_is_skipped_by_the_next_search_and_forgotten_past_the_limit():
    failures = Failures()
    assert relaxed_verdict(LAST_DEAL_START, 2000, failures) is False
    kept = failures.size
    assert kept > 1
    assert relaxed_verdict(LAST_DEAL_START, 1, failures) is False  # its first position is known: no budget needed
    small = Failures(limit=kept - 1)
    assert relaxed_verdict(LAST_DEAL_START, 2000, small) is False
    assert small.size == 0  # more than it may hold: nothing kept, never part of a search's failures


# -- never a wrong "lost" ----------------------------------------------------------------------------


@pytest.mark.parametrize("deal", [2, 4, 5, 17])
def test_neither_proof_fires_anywhere_along_a_winning_line(deal):
    stock = stock_indices("gallery", deal)
    h = hints()
    h.relaxed_budget = 0
    solution = solve(GAME, stock, budget=Budget(seconds=30), hints=h)
    assert solution.result is Result.WON
    for state in replay(GAME, GAME.initial_state(stock), solution.moves).states:
        assert not never_split(state)
        assert relaxed_verdict(state, 3000) is not False
        assert refined_verdict(state, 3000) is not False
        assert refined_verdict(state, 3000, exact_redeals=True) is not False


@pytest.mark.parametrize(("limit", "seed"), [(24, 11), (30, 12), (36, 13)])
def test_on_short_last_deals_the_relaxed_game_agrees_with_exhaustive_search(limit, seed):
    """The relaxed game never loses a position the plain exhaustive search wins; it proves most lost ones
    lost; and the solver with the proofs gives the plain search's verdict."""
    verdicts: Counter[tuple[Result, bool | None]] = Counter()
    for state in small_positions(15, LAST, limit, seed):
        exact = solve_position(GAME, state, budget=Budget(seconds=None, nodes=200_000), hints=plain()).result
        assert exact is not Result.UNKNOWN
        relaxed = relaxed_verdict(state, 20_000)
        refined = refined_verdict(state, 20_000)
        assert refined is False or relaxed is not False  # the refinement only ever proves more
        if exact is Result.WON:
            assert relaxed is not False and refined is not False and not never_split(state)
        hinted = solve_position(GAME, state, budget=Budget(seconds=None, nodes=200_000), hints=hints(leads=False))
        assert hinted.result is exact
        verdicts[(exact, relaxed)] += 1
    assert verdicts[(Result.LOST, False)] >= 4, verdicts  # the proof does fire


def test_with_a_redeal_to_come_exact_redeals_agree_with_exhaustive_search():
    """Positions of the second deal, searched to the end through the last: exact redeals never lose a position
    the plain search wins, prove at least what rule 4's free cards prove, and prove one they do not."""
    verdicts: Counter[tuple[Result, bool | None, bool | None]] = Counter()
    for state in small_positions(10, LAST - 1, 40, 32) + small_positions(10, LAST - 1, 40, 36):
        exact = solve_position(GAME, state, budget=Budget(seconds=None, nodes=100_000), hints=plain()).result
        assert exact is not Result.UNKNOWN
        loose = refined_verdict(state, 20_000)
        placed = refined_verdict(state, 20_000, exact_redeals=True)
        assert not (loose is False and placed is True)
        if exact is Result.WON:
            assert placed is not False and relaxed_verdict(state, 20_000, exact_redeals=True) is not False
        verdicts[(exact, loose, placed)] += 1
    assert verdicts[(Result.LOST, True, False)] >= 1, verdicts
    assert verdicts[(Result.WON, True, True)] >= 15, verdicts


# -- the relaxed game keeps the real game's ways out ----------------------------------------------------


FOUND = ["5♠", "В♠", "В♣", "В♣", "5♥", "В♥", "В♦", "В♦"]


def test_a_win_that_needs_covers_is_not_proved_lost():
    """7♠ lies on the 6♠ it needs, В♠ on the 10♠: only covers onto the kings the hearts leave bare get them off."""
    state = position(["К♠ 6♠ 7♠", "К♥ 6♥", "К♣ 7♥", "К♦ 8♥", "К♠ 9♥", "К♥ 10♥", "К♣ В♥", "К♦ 8♠ 9♠ 10♠ В♠"], FOUND)
    assert solve_position(GAME, state, budget=Budget(seconds=None, nodes=5000), hints=plain()).result is Result.WON
    assert not never_split(state)
    assert relaxed_verdict(state) is True


def test_a_position_where_no_pile_can_ever_be_emptied_is_lost_by_both_proofs():
    """Every pile holds a card on the one it needs: no pile is ever emptied, so there is never a cover."""
    state = position(["К♠ 6♠ 8♠ 7♠", "К♥ 6♣ 8♣ 7♣", "К♣ 6♥ 8♥ 7♥", "К♦ 6♦ 8♦ 7♦",
                      "К♠ 9♠ В♠ 10♠", "К♥ 9♣ В♣ 10♣", "К♣ 9♥ В♥ 10♥", "К♦ 9♦ В♦ 10♦"],
                     ["5♠", "В♠", "5♣", "В♣", "5♥", "В♥", "5♦", "В♦"])
    assert never_split(state)
    assert relaxed_verdict(state) is False
    assert solve_position(GAME, state, budget=Budget(seconds=None, nodes=1000), hints=plain()).result is Result.LOST
