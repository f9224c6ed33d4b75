"""«Македонская фаланга» and the thoughtful solver: safe moves, the dead-end test, records."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from generator.cards import parse_card_index
from generator.deals import stock_indices
from generator.games import Game, PlaceKind, Result, make_game
from generator.games.phalanx import PHASE_TWO, STOCK, WASTE, PhalanxState
from generator.hints import SearchHints, hints_for
from generator.hints.phalanx import (
    PhalanxHints,
    closure_key,
    foundation_heights,
    playing_everything_wins,
    turning_everything_wins,
)
from generator.hints.phalanx_relaxed import relaxed_pile_empties
from generator.play import play_out
from generator.players import player_for
from generator.solver import Budget, solve, solve_position
from tests.conftest import assert_record_wins

GAME = make_game("phalanx")
HINTS = hints_for(GAME)
PLAYER = player_for(GAME)
#: The game as printed and ``may_hold`` (RULES.md, "Other readings"), whose hints are re-proved or
#: switched off beside them (``generator.hints.phalanx``, ``phalanx_relaxed``).
SPECS = ["phalanx", "phalanx:may_hold"]


def cards(*names: str) -> list[int]:
    return [parse_card_index(n) for n in names]


def _positions(deal: int, seed: int, least_dealt: int, game: Game = GAME) -> list[PhalanxState]:
    """Phase-two positions (no refill pending) along a random line of deal ``deal`` (under
    ``may_hold`` the line holds back a turned card that fits about one time in three)."""
    rng = random.Random(seed)
    state = game.initial_state(stock_indices("phalanx", deal))
    found = []
    while moves := game.legal_moves(state):
        if state.phase == PHASE_TWO and not game.forced(state) and state.dealt >= least_dealt:
            found.append(state)
        plays = [m for m in moves if m.src != 0]
        turn = moves[-1]
        if turn.dst == WASTE and len(moves) > 1 and moves[-2].src == 0:  # may_hold: the hold, offered last
            turn = turn if rng.random() < 0.3 else moves[-2]
        state = game.apply(state, rng.choice(plays) if plays and rng.random() < 0.7 else turn)
    return found


# -- the solver's answers ------------------------------------------------------------------


@pytest.mark.parametrize("deal", [2, 10, 21])
def test_the_solver_wins_these_deals_and_the_records_check_out(deal):
    stock = stock_indices("phalanx", deal)
    solution = solve(GAME, stock, budget=Budget(seconds=30))
    assert solution.result is Result.WON
    assert_record_wins(GAME, stock, solution.moves, deal)


def unwinnable_stock() -> tuple[int, ...]:
    """Base card 4♠; the 25 pyramid cards are 7…К; then every card but the 4s and the 5♠s, with a
    king last; then 5♠, 4♠, 5♠, 4♣, 4♣, 4♥, 4♥, 4♦, 4♦."""
    pyramid = cards("9♠", "10♠", "В♠", "Д♠", "К♠", "9♣", "10♣", "В♣", "Д♣", "К♣", "9♥", "10♥", "В♥",
                    "Д♥", "К♥", "9♦", "10♦", "В♦", "Д♦", "К♦", "8♣", "8♥", "8♦", "7♣", "7♥")  # fmt: skip
    last = cards("5♠", "4♠", "5♠", "4♣", "4♣", "4♥", "4♥", "4♦", "4♦")
    left = Counter({card: 2 for card in range(52)})
    left.subtract([*pyramid, parse_card_index("4♠"), *last])
    middle = sorted(left.elements(), key=lambda card: (card % 13 == 12, card))  # kings last
    return (*pyramid, parse_card_index("4♠"), *middle, *last)


def test_a_constructed_stock_that_cannot_be_won_is_lost():
    # Why it cannot be won: the only foundation before the last nine stock cards is the base 4♠,
    # which wants a 5♠, and both 5♠ are among those nine; no pyramid card (7…К) fits it, nor any
    # other card (every other suit waits for its 4). So nothing can be played at all: every card
    # turned goes onto the collecting pile, a king last. The last nine cards each fit as they come
    # and go up (5♠, the second ♠ foundation, 5♠, the six other 4s). Then the foundations want 6♠
    # or a 5 of ♣ ♥ ♦; the pyramid holds none, the pile's top is a king, and the stock is out.
    stock = unwinnable_stock()
    assert len(stock) == 104 and Counter(stock) == Counter({card: 2 for card in range(52)})
    solution = solve(GAME, stock, budget=Budget(seconds=30))
    assert solution.result is Result.LOST
    # and the no-peek player, who has no choice either, ends blocked the same way
    assert play_out(GAME, stock).result is Result.LOST


def test_a_tiny_budget_on_a_hard_deal_gives_unknown():
    # The solver reads its clock every few nodes (every 16th), so a deal that needs hundreds of nodes cannot be
    # decided within a microsecond, however fast the machine.
    stock = stock_indices("phalanx", 35)
    assert solve(GAME, stock, budget=Budget(nodes=100_000)).nodes > 256  # far more than 16
    assert solve(GAME, stock, budget=Budget(seconds=1e-6)).result is Result.UNKNOWN


def test_the_solver_never_calls_lost_a_deal_the_no_peek_player_wins():
    for deal in range(1, 101):
        stock = stock_indices("phalanx", deal)
        if play_out(GAME, stock).result is Result.WON:
            assert solve(GAME, stock, budget=Budget(seconds=5)).result is not Result.LOST, deal


# -- the proofs, checked against exhaustive search ------------------------------------------


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("deal", [1, 3, 4, 6, 9, 12])
def test_safe_moves_and_dead_ends_agree_with_an_exhaustive_search_near_the_end(deal, spec):
    # From positions late in random lines, the solver with its dominance moves and dead-end cut
    # and the plain search (every line) must give the same verdict, and no dead end is winnable.
    game = make_game(spec)
    hints = hints_for(game)
    checked = 0
    for state in _positions(deal, seed=deal, least_dealt=97, game=game)[::4]:
        ruled = solve_position(game, state, budget=Budget(seconds=20))
        # no dominance and no dead-end cut: the solver then searches every line
        plain = solve_position(game, state, budget=Budget(seconds=20), hints=SearchHints(game, player_for(game)))
        assert ruled.decided and plain.decided
        assert ruled.result is plain.result, (deal, state.dealt)
        if hints.dead_end(state):
            assert plain.result is Result.LOST
        safe = hints.safe_move(state, game.legal_moves(state))
        if safe is not None and plain.result is Result.WON:
            after = solve_position(game, game.apply(state, safe), budget=Budget(seconds=20),
                                   hints=SearchHints(game, player_for(game)))
            assert after.result is Result.WON, (deal, state.dealt, game.describe(safe))
        checked += 1
    assert checked


def _off_winning_lines(game: Game) -> list[PhalanxState]:
    """Positions a few random moves (holds among them under may_hold) off the solver's won lines of
    deals 2, 10 and 21, from well before the stock is out: both won and lost ones, where random
    lines from the start nearly all lose."""
    found = []
    for deal in (2, 10, 21):
        rng = random.Random(deal)
        stock = stock_indices("phalanx", deal)
        state = game.initial_state(stock)
        for number, move in enumerate(solve(game, stock, budget=Budget(seconds=None, nodes=50_000)).moves):
            state = game.apply(state, move)
            if number < 60 or number % 9:
                continue
            off = state
            for _ in range(rng.randrange(2, 12)):
                if not (moves := game.legal_moves(off)):
                    break
                off = game.apply(off, rng.choice(moves))
            if game.legal_moves(off) and not game.forced(off):
                found.append(off)
    return found


@pytest.mark.parametrize("spec", SPECS)
def test_hints_keep_verdicts_off_the_solvers_winning_lines(spec):
    # Where plain search (every line, no hint) decides within its bound, the solver with its hints
    # agrees, a dead end is lost, and a safe move from a won position still wins.
    game = make_game(spec)
    hints = hints_for(game)
    bare = SearchHints(game, player_for(game))
    verdicts: Counter[Result] = Counter()
    for off in _off_winning_lines(game):
        plain = solve_position(game, off, budget=Budget(seconds=None, nodes=20_000), hints=bare)
        if not plain.decided:
            continue
        assert solve_position(game, off, budget=Budget(seconds=None, nodes=200_000)).result is plain.result
        assert not hints.dead_end(off) or plain.result is Result.LOST
        safe = hints.safe_move(off, game.legal_moves(off))
        if safe is not None and plain.result is Result.WON:
            after = solve_position(game, game.apply(off, safe), budget=Budget(seconds=None, nodes=200_000),
                                   hints=bare)
            assert after.result is Result.WON, (off.dealt, game.describe(safe))
        verdicts[plain.result] += 1
    assert verdicts[Result.WON] >= 30 and verdicts[Result.LOST], verdicts


def test_the_dead_end_test_fires_on_the_constructed_loss_before_the_end():
    stock = unwinnable_stock()
    state = GAME.initial_state(stock)
    fired = False
    while moves := GAME.legal_moves(state):
        fired = fired or HINTS.dead_end(state)
        state = GAME.apply(state, moves[0])
    assert fired and not GAME.is_won(state)


@pytest.mark.parametrize("spec", SPECS)
def test_dead_end_never_fires_along_the_solvers_winning_lines(spec):
    game = make_game(spec)
    hints = hints_for(game)
    for deal in (2, 10, 21):
        stock = stock_indices("phalanx", deal)
        state = game.initial_state(stock)
        solution = solve(game, stock, budget=Budget(seconds=30))
        for move in solution.moves:
            assert not hints.dead_end(state)
            state = game.apply(state, move)
        assert game.is_won(state)
        assert_record_wins(game, stock, solution.moves, deal)


def _play_out_from(state: PhalanxState, policy) -> bool:
    while moves := GAME.legal_moves(state):
        state = GAME.apply(state, moves[0] if len(moves) == 1 or GAME.forced(state) else policy(state, moves))
    return GAME.is_won(state)


def _eager(state, moves):
    return PLAYER.choose(state, moves)  # everything that fits, then the stock


def _lazy(state, moves):
    turns = [move for move in moves if move.src == STOCK]
    return turns[0] if turns else moves[0]


def test_the_two_lines_safe_move_plays_out_agree_with_the_engine():
    """safe_move trusts two quick simulations of whole lines, written on counts for speed (through the engine
    they cost 10-40 times more, and run at every node): they must match the engine's own play-out of the same
    policies from any position. Over positions of 100 deals, both answers of both must occur."""
    outcomes = Counter()
    for deal in range(1, 101):
        for state in _positions(deal, seed=deal + 7, least_dealt=27)[::5]:
            eager, lazy = _play_out_from(state, _eager), _play_out_from(state, _lazy)
            assert playing_everything_wins(state) == eager, (deal, state)
            assert turning_everything_wins(state) == lazy, (deal, state)
            outcomes[eager, lazy] += 1
    assert {eager for eager, _ in outcomes} == {True, False} and {lazy for _, lazy in outcomes} == {True, False}


def test_the_move_orders_lazy_first_and_the_eager_alternative():
    for state in _positions(9, seed=3, least_dealt=40)[:30]:
        moves = GAME.legal_moves(state)
        lazy = HINTS.order(state, moves)
        assert sorted(lazy) == sorted(moves)
        if any(move.src == STOCK for move in moves):
            assert lazy[0].src == STOCK
        restarts = HINTS.restarts()
        assert restarts is not None
        eager = restarts.order(1)(state, moves)
        assert sorted(eager) == sorted(moves) and eager[0] == PLAYER.choose(state, moves)


def test_restarts_that_keep_finished_positions_agree_with_one_plain_search():
    # Short attempts (3 × Luby) make the solver restart hundreds of times, each one skipping what
    # earlier ones searched to the end: the verdicts must be those of one plain search.
    plain, restarted = hints_for(GAME), hints_for(GAME)
    assert isinstance(restarted, PhalanxHints)
    plain.restarts = lambda: None  # type: ignore[method-assign]
    restarted.restart_unit = 3
    agreed = 0
    for deal in range(1, 41):
        stock = stock_indices("phalanx", deal)
        expected = solve(GAME, stock, budget=Budget(seconds=5), hints=plain)
        if not expected.decided:
            continue
        found = solve(GAME, stock, budget=Budget(seconds=20), hints=restarted)
        assert found.result is expected.result, deal
        agreed += 1
        if found.result is Result.WON:
            assert_record_wins(GAME, stock, found.moves, deal)
    assert agreed >= 30


def test_every_move_makes_progress_so_there_are_no_cycles():
    # The argument behind ``PhalanxHints.acyclic``, checked on random lines: (cards up, cards taken from
    # the stock, minus cards on the pile) grows with every move, so no line comes back to a position.
    assert PhalanxHints.acyclic

    def progress(state):
        places = GAME.contents(state)
        up = sum(len(cards) for place, cards in places.items() if GAME.places[place].kind is PlaceKind.FOUNDATION)
        return up, -len(places.get(GAME.place_id("stock"), ())), -len(places.get(GAME.place_id("waste"), ()))

    rng = random.Random(7)
    for deal in range(1, 13):
        state = GAME.initial_state(stock_indices("phalanx", deal))
        while moves := GAME.legal_moves(state):
            before = progress(state)
            state = GAME.apply(state, rng.choice(moves))
            assert progress(state) > before, deal


def _after(game: Game, state: PhalanxState, move) -> PhalanxState:
    """``move`` made, then the forced refills (as the solver's ``_advance`` makes them)."""
    state = game.apply(state, move)
    while game.refill_pending(state) and state.phase == PHASE_TWO:
        state = game.apply(state, game.legal_moves(state)[0])
    return state


@pytest.mark.parametrize("spec", SPECS)
def test_the_answers_kept_by_closure_turn_and_key_are_the_positions_own(spec):
    """``safe_move`` keeps answers instead of playing out again: the relaxed game's and the eager
    play-out's by the position the closure reaches (every play of a position reaches the same one),
    the turning play-out's for the position a turn leads to, and "no safe move" by the key. Each must be
    the answer computed afresh: here on positions of four random lines of each of 30 deals (one dict of
    closures per deal, as in a search), with both answers of each occurring."""
    game = make_game(spec)
    seen = Counter()
    for deal in range(1, 31):
        by_closure: dict[bytes, tuple[bool, bool]] = {}
        cached = PhalanxHints(game, player_for(game))
        lines = [_positions(deal, seed=deal + 100 * line, least_dealt=27, game=game) for line in range(4)]
        for state in [state for line in lines for state in line[::3]]:
            if state.dealt == 104:
                continue
            moves = game.legal_moves(state)
            heights = foundation_heights(state)
            answers = relaxed_pile_empties(state, heights), playing_everything_wins(state, heights)
            closure = closure_key(state, heights)
            assert by_closure.setdefault(closure, answers) == answers, (deal, state)
            for move in moves:
                child = _after(game, state, move)
                if move.src != STOCK and child.phase == PHASE_TWO and child.dealt < 104:
                    child_heights = foundation_heights(child)
                    assert closure_key(child, child_heights) == closure, (deal, state, move)
                    assert (relaxed_pile_empties(child, child_heights),
                            playing_everything_wins(child, child_heights)) == answers, (deal, state, move)
            turn = cached._turn(moves)
            turned = turning_everything_wins(state)
            assert turning_everything_wins(game.apply(state, turn)) == turned, (deal, state)
            fresh = PhalanxHints(game, player_for(game)).safe_move(state, moves)
            assert cached.safe_move(state, moves) == fresh, (deal, state)
            assert cached.safe_move(state, moves) == fresh, (deal, state)  # again: the kept answer
            seen[answers] += 1
            seen["turned", turned] += 1
            seen["safe", fresh is not None] += 1
    assert {(True, True), (True, False), (False, False)} <= set(seen), seen
    assert {("turned", True), ("turned", False), ("safe", True), ("safe", False)} <= set(seen), seen


def test_the_lazy_order_is_a_stable_sort_by_source():
    for deal in (9, 30):
        for state in _positions(deal, seed=5, least_dealt=30):
            moves = GAME.legal_moves(state)
            rank = {STOCK: 0, WASTE: 1}
            assert HINTS.order(state, moves) == sorted(moves, key=lambda move: rank.get(move.src, 2))
