"""The nested Monte-Carlo search (``generator.hints.nested``) on a game made for it: a combination lock.

The lock opens to one sequence of eight digits (0–3). A playout dials digits at random, so it opens the lock
once in 65,536 tries; the score of a dialled sequence is how many of its first digits are right. A level-1
search tries every digit with one playout after it and keeps the best, and a right digit always scores one
more than a wrong one: it opens the lock in one walk.
"""

from __future__ import annotations

import random

from generator.games import Move, PlaceKind
from generator.hints.nested import Slices, nested, runs

SECRET = (2, 0, 3, 3, 1, 0, 2, 1)
DIGITS = 4


class Lock:
    """Just what the search asks of a game: legal moves, their effect, and when it is won."""

    def legal_moves(self, state: tuple[int, ...]) -> list[Move]:
        return [] if len(state) == len(SECRET) else [Move(digit, 0, 1) for digit in range(DIGITS)]

    def apply(self, state: tuple[int, ...], move: Move) -> tuple[int, ...]:
        return (*state, move.card)

    def is_won(self, state: tuple[int, ...]) -> bool:
        return state == SECRET

    def deal_forced(self, state: tuple[int, ...], moves: list[Move], *, stock_floor: int = 0) -> tuple[int, ...]:
        return state  # every digit is a choice


LOCK = Lock()


def right_digits(state: tuple[int, ...]) -> float:
    count = 0
    for dialled, wanted in zip(state, SECRET, strict=False):
        if dialled != wanted:
            break
        count += 1
    return count


def dial_at_random(state: tuple[int, ...], rng: random.Random) -> tuple[list[Move], tuple[int, ...]]:
    moves = [Move(rng.randrange(DIGITS), 0, 1) for _ in range(len(SECRET) - len(state))]
    for move in moves:
        state = LOCK.apply(state, move)
    return moves, state


def never_safe(state: tuple[int, ...], moves: list[Move]) -> Move | None:
    return None


def search(level: int, seed: int = 0, **options):
    return nested(LOCK, (), level, rollout=dial_at_random, score=right_digits, safe=options.pop("safe", never_safe),
                  rng=random.Random(seed), **options)


def run_to_the_end(generator):
    """Drive a search generator to its end: (playouts, its answer)."""
    playouts = 0
    while True:
        try:
            next(generator)
        except StopIteration as end:
            return playouts, end.value
        playouts += 1


def test_a_level_one_search_opens_the_lock_where_playouts_do_not():
    rng = random.Random(7)
    assert not any(LOCK.is_won(dial_at_random((), rng)[1]) for _ in range(2000))
    playouts, (score, line, won) = run_to_the_end(search(1))
    assert won and score == len(SECRET)
    assert tuple(move.card for move in line) == SECRET
    assert playouts <= DIGITS * len(SECRET)


def test_a_won_line_ends_the_search_at_once():
    """The last digit's first try may be the right one: a search stops as soon as any line wins."""
    playouts, (_, line, won) = run_to_the_end(search(2))
    assert won and tuple(move.card for move in line) == SECRET
    assert playouts < DIGITS * DIGITS * len(SECRET)


def test_safe_moves_are_made_without_trying_the_others():
    def first_digit_known(state, moves):
        return moves[SECRET[0]] if not state else None

    plain, _ = run_to_the_end(search(1))
    guided, (_, line, won) = run_to_the_end(search(1, safe=first_digit_known))
    assert won and line[0].card == SECRET[0]
    assert guided == plain - DIGITS


def test_left_out_moves_are_not_searched():
    def only_two(state, moves):
        return [m for m in moves if m.card in (SECRET[len(state)], 3)]

    playouts, (_, _, won) = run_to_the_end(search(1, prune=only_two))
    assert won and playouts <= 2 * len(SECRET)


def test_slices_resume_where_they_stopped_and_give_the_line_of_one_whole_run():
    whole = Slices(iter([search(1, seed=5)]))
    line = whole.advance(None, lambda: 0.0, 1.0)
    sliced = Slices(iter([search(1, seed=5)]))
    pieces = []
    while not sliced.finished:
        pieces.append(sliced.advance(3, lambda: 0.0, 1.0))
    assert line is not None and pieces[-1] == line and all(p is None for p in pieces[:-1])
    assert sliced.playouts == whole.playouts and len(pieces) > 3


def test_the_searches_run_in_turn_and_stop_at_the_deadline():
    never = Slices(iter([search(0, seed=s) for s in range(3)]))  # one playout each: the lock stays shut
    assert never.advance(None, lambda: 0.0, 1.0) is None
    assert never.finished and never.playouts == 3
    late = Slices(iter([search(1)]))
    assert late.advance(None, lambda: 2.0, 1.0) is None
    assert late.playouts == 0 and not late.finished


def test_runs_seed_each_search_apart_and_the_same_every_time():
    def lines(seed):
        found = []
        for generator in runs(LOCK, (), 0, [dial_at_random] * 3, score=right_digits, safe=never_safe, seed=seed):
            found.append(run_to_the_end(generator)[1][1])
        return found

    first = lines(11)
    assert first == lines(11)
    assert len({tuple(line) for line in first}) == 3


def test_the_generic_playout_and_score_follow_the_engine():
    """``player_rollout`` plays a real game to its end with the engine's moves only; ``cards_on_foundations``
    counts what stands on the foundation places; ``seed_of`` is the same for equal positions."""
    from generator.deals import stock_indices
    from generator.games import make_game
    from generator.hints import hints_for
    from generator.hints.nested import cards_on_foundations, player_rollout, seed_of

    game = make_game("brunette_blonde:two_cards")
    hints = hints_for(game)
    start = game.initial_state(stock_indices("brunette_blonde", 3))
    score = cards_on_foundations(game)
    up = game.contents(start)
    assert score(start) == sum(len(up.get(place, ())) for place in game.places_of(PlaceKind.FOUNDATION))
    for eps in (0.0, 0.5):
        line, end = player_rollout(game, hints.player.choose, hints.safe_move, eps)(start, random.Random(1))
        state = start
        for move in line:
            assert move in game.legal_moves(state)
            state = game.apply(state, move)
        assert state == end and not game.legal_moves(end)
        assert score(start) <= score(end) <= 104
        assert (score(end) == 104) is game.is_won(end)
    again = game.initial_state(stock_indices("brunette_blonde", 3))
    assert seed_of(start) == seed_of(again) != seed_of(game.initial_state(stock_indices("brunette_blonde", 4)))
