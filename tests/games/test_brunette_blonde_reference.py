"""«Брюнетка и блондинка»: the engine against an independent plain reading of the rules on random play, and the
no-peek player's honesty (it never reads the stock's order) and strength, under every reading."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cards import is_red, rank_of
from generator.deals import stock_indices
from generator.games import Move, Result, all_specs, make_game, redeal
from generator.play import play_out
from generator.players import player_for

#: The game as printed and every variant of it.
SPECS = [spec for spec in all_specs() if spec.partition(":")[0] == "brunette_blonde"]


def reference_moves(game, state) -> set[Move]:
    """The rules written out plainly, to check the fast engine against."""
    contents = game.contents(state)
    pile_places = range(2, 10)
    found_places = range(10, 18)
    limit = 2 if game.variant == "two_cards" else 999
    if state.dealing:
        card = contents[0][-1]
        if rank_of(card) == 1:
            return {Move(card, 0, min(p for p in found_places if p not in contents))}
        return {Move(card, 0, min(p for p in pile_places if p not in contents))}

    def up(card):
        if rank_of(card) == 1:
            free = [p for p in found_places if p not in contents]
            return set(free[:1])
        return {
            p
            for p in found_places
            if p in contents
            and rank_of(contents[p][-1]) + 1 == rank_of(card)
            and is_red(contents[p][-1]) != is_red(card)
        }

    def down(card):
        return {
            p
            for p in pile_places
            if p in contents
            and len(contents[p]) < limit
            and rank_of(contents[p][-1]) == rank_of(card) + 1
            and is_red(contents[p][-1]) != is_red(card)
        }

    empty = {p for p in pile_places if p not in contents}
    moves = set()
    for p in pile_places:
        if p in contents:
            moves |= {Move(contents[p][-1], p, d) for d in up(contents[p][-1])}
    if 1 in contents:
        card = contents[1][-1]
        moves |= {Move(card, 1, d) for d in up(card) | down(card) | empty}
    if 0 in contents:
        card = contents[0][-1]
        fits = up(card) | down(card)
        waste = not fits or game.variant == "free_waste"  # free_waste: the waste is always on offer
        moves |= {Move(card, 0, d) for d in fits | empty | ({1} if waste else set())}
    elif 1 in contents and game.redeals_done(state) == 0 and not (moves and game.variant == "stuck_redeal"):
        moves.add(redeal(1))  # stuck_redeal: only once nothing else can move
    return moves


@pytest.mark.parametrize("spec", SPECS)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_engine_agrees_with_the_plain_reading_on_random_play(spec, seed):
    game = make_game(spec)
    rng = random.Random(seed)
    stock = list(range(52)) * 2
    rng.shuffle(stock)
    counts = Counter(stock)
    state = game.initial_state(stock)
    while True:
        moves = game.legal_moves(state)
        assert len(moves) == len(set(moves))
        assert set(moves) == reference_moves(game, state)
        contents = game.contents(state)
        assert Counter(c for cs in contents.values() for c in cs) == counts
        for move in moves:
            if not move.is_redeal:
                assert contents[move.src][-1] == move.card
        if not moves:
            break
        # Lean towards useful moves so that random games get far.
        useful = [m for m in moves if not m.is_redeal and m.dst >= 10]
        state = game.apply(state, rng.choice(useful or moves))
    assert game.is_won(state) == all(len(f) == 13 for f in state.foundations)


@pytest.mark.parametrize("spec", SPECS)
def test_no_peek_player_never_looks_at_the_stock_order(spec):
    game = make_game(spec)
    rng = random.Random(7)
    for deal in (1, 2, 3):
        for state in play_out(game, stock_indices(game.id, deal)).states:
            moves = game.legal_moves(state)
            if not moves or game.forced(state):
                continue
            choice = player_for(game).choose(state, moves)
            # Reshuffle all of the stock but the card that would be turned: the choice must stay
            # the same, unless it is the turned card itself (then only that card may matter).
            rest = list(state.stock[1:])
            rng.shuffle(rest)
            other = state._replace(stock=state.stock[:1] + bytes(rest))
            assert player_for(game).choose(other, game.legal_moves(other)) == choice
            if choice is not None and not choice.is_redeal and choice.src != 0 and state.stock:
                # A table move was chosen before turning: any other top card gives the same choice.
                swapped = state._replace(stock=bytes(rest) + state.stock[:1])
                assert player_for(game).choose(swapped, game.legal_moves(swapped)) == choice


@pytest.mark.parametrize(("spec", "at_least"), [("brunette_blonde", 85), ("brunette_blonde:two_cards", 30),
                                               ("brunette_blonde:free_waste", 85),
                                               ("brunette_blonde:stuck_redeal", 85)])
def test_no_peek_player_wins_often_but_not_always(spec, at_least):
    game = make_game(spec)
    results = [play_out(game, stock_indices(game.id, deal)).result for deal in range(1, 101)]
    assert Result.UNKNOWN not in results
    assert at_least <= results.count(Result.WON) < 100
