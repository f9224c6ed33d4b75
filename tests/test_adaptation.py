"""The policy adaptation (``generator.hints.adaptation``) on the combination lock of ``test_nested``.

A playout draws each digit from the policy: with no bias and a fresh policy, at random (the lock opens once in
65,536 tries). Each iteration moves the policy toward the best line so far, so the right digits of its prefix
become likelier one after another, and a level-2 search opens the lock in a few hundred playouts.
"""

from __future__ import annotations

import random

from generator.games import Move
from generator.hints.adaptation import adaptation, adaptations
from generator.hints.nested import Slices
from tests.test_nested import LOCK, SECRET, never_safe, right_digits, run_to_the_end


def by_place(state: tuple[int, ...], move: Move) -> tuple[int, int]:
    """A digit's code: the digit and where it is dialled (the lock's answer depends on both)."""
    return len(state), move.card


def first_digit(state: tuple[int, ...], moves: list[Move]) -> Move:
    return moves[0]


def right_digit(state: tuple[int, ...], moves: list[Move]) -> Move:
    return moves[SECRET[len(state)]]


def search(level: int, *, seed: int = 0, iterations: int = 30, bias: float = 0.0, **options):
    return adaptation(LOCK, (), level, iterations=iterations, code=options.pop("code", by_place),
                      prefer=options.pop("prefer", first_digit), bias=bias, score=right_digits,
                      safe=options.pop("safe", never_safe), rng=random.Random(seed), **options)


def digits(line: list[Move]) -> tuple[int, ...]:
    return tuple(move.card for move in line)


def test_the_adapted_policy_opens_the_lock_where_playouts_do_not():
    for seed in range(3):
        playouts, (score, line, won) = run_to_the_end(search(2, seed=seed))
        assert won and score == len(SECRET) and digits(line) == SECRET
        assert playouts <= 900


def test_a_level_one_search_without_adaptation_would_be_playouts_alone():
    """With a learning rate of zero the policy never moves: thirty random playouts, and the lock stays shut."""
    playouts, (score, line, won) = run_to_the_end(search(1, alpha=0.0))
    assert playouts == 30 and not won
    assert score < len(SECRET) and len(line) == len(SECRET)


def test_the_bias_draws_the_preferred_move():
    """A strong bias toward the right digit opens the lock in the first playout; toward a wrong one, it stays
    shut at first, and the adaptation still learns its way round the bias."""
    playouts, (_, line, won) = run_to_the_end(search(2, bias=20.0, prefer=right_digit))
    assert won and playouts == 1 and digits(line) == SECRET
    first, (_, _, won_at_first) = run_to_the_end(search(0, bias=20.0))
    assert first == 1 and not won_at_first
    playouts, (_, line, won) = run_to_the_end(search(2, bias=2.0, iterations=50))
    assert won and digits(line) == SECRET


def test_safe_and_left_out_moves_are_not_drawn():
    one, (_, line, won) = run_to_the_end(search(2, safe=lambda state, moves: right_digit(state, moves)))
    assert won and one == 1 and digits(line) == SECRET
    one, (_, line, won) = run_to_the_end(search(2, prune=lambda state, moves: [right_digit(state, moves)]))
    assert won and one == 1 and digits(line) == SECRET


def test_searches_are_seeded_apart_run_in_slices_and_give_the_same_line_every_time():
    def lines() -> list[list[Move] | None]:
        found: list[list[Move] | None] = []
        for biases in ((0.0,), (0.0,), (1.0,)):
            slices = Slices(adaptations(LOCK, (), 1, biases * 2, iterations=3, code=by_place, prefer=first_digit,
                                        score=right_digits, safe=never_safe, seed=4))
            while not slices.finished:
                found.append(slices.advance(2, lambda: 0.0, 1.0))
        return found

    first = lines()
    assert first == lines() and all(line is None for line in first)
    whole = Slices(adaptations(LOCK, (), 2, (0.0, 0.0), iterations=30, code=by_place, prefer=first_digit,
                               score=right_digits, safe=never_safe, seed=4))
    line = whole.advance(None, lambda: 0.0, 1.0)
    assert line is not None and digits(line) == SECRET
    sliced = Slices(adaptations(LOCK, (), 2, (0.0, 0.0), iterations=30, code=by_place, prefer=first_digit,
                                score=right_digits, safe=never_safe, seed=4))
    pieces = []
    while not sliced.finished:
        pieces.append(sliced.advance(7, lambda: 0.0, 1.0))
    assert pieces[-1] == line and sliced.playouts == whole.playouts


def test_the_generic_search_on_a_real_game_hands_out_moves_of_the_engine():
    """«Брюнетка и блондинка» with two cards a place, deal 254 (left open by the odds before the adaptations):
    the hints' own search wins it, and its line replays through the engine to a won position."""
    from generator.deals import stock_indices
    from generator.games import make_game
    from generator.hints import hints_for

    game = make_game("brunette_blonde:two_cards")
    hints = hints_for(game)
    start = game.initial_state(stock_indices("brunette_blonde", 254))
    slices = hints.nested(start)
    assert slices is not None
    line = slices.advance(None, lambda: 0.0, 1.0)
    assert line is not None
    state = start
    for move in line:
        assert move in game.legal_moves(state)
        state = game.apply(state, move)
    assert game.is_won(state)
