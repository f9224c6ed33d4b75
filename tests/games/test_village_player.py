"""«Деревенский пасьянс»: the no-peek player on constructed positions and real deals, and the count of fitting moves
it plays by, against the engine's moves."""

from __future__ import annotations

from generator.deals import stock_indices
from generator.play import play_out
from generator.players import player_for
from tests.games.village_positions import G, mv, position

PLAYER = player_for(G)


def test_no_peek_player_gives_up_when_only_shuttling_is_left():
    state = position(["5♠", "6♠", "9♥"], redeals=1)
    assert G.legal_moves(state) and PLAYER.choose(state, G.legal_moves(state)) is None


def test_no_peek_player_digs_with_marriages_towards_a_foundation_card():
    # spades Т, 2 are up; 3♠ lies under 8♥, which can go onto 9♥
    state = position(["3♠ 8♥", "10♣ 9♥", "4♦"], heights=(2, 0, 0, 0, 0, 0, 0, 0), where=(9, 0, 0, 0, 0, 0, 0, 0))
    assert PLAYER.choose(state, G.legal_moves(state)) == mv("8♥", "pile:1", "pile:2")


def test_no_peek_player_does_not_stack_a_suit_the_wrong_way():
    # Т♠ 2♠ are up: the other Т♠ can only go to the king foundation, after 2♠, so lying on
    # 2♠ would lock it, though the marriage would free К♦ for foundation:5
    state = position(
        ["7♦ 2♠", "К♦ Т♠", "9♣"], heights=(2, 0, 0, 0, 0, 0, 0, 0), where=(9, 0, 0, 0, 0, 0, 0, 0), stock="5♣"
    )
    moves = G.legal_moves(state)
    assert mv("Т♠", "pile:2", "pile:1") in moves  # the rules allow it
    assert PLAYER.choose(state, moves) == mv("5♣", "stock", "pile:1")


def test_no_peek_player_never_repeats_a_position():
    for deal in range(1, 31):
        state = G.initial_state(stock_indices("village", deal))
        seen = set()
        while True:
            moves = G.legal_moves(state)
            if not moves:
                break
            move = PLAYER.choose(state, moves)
            if move is None:
                break
            key = G.key(state)
            assert key not in seen, f"deal {deal}: the no-peek player came back to a position"
            seen.add(key)
            state = G.apply(state, move)


def test_no_peek_player_does_not_look_at_the_stock_order():
    played = play_out(G, stock_indices("village", 5))
    for state in played.states:
        moves = G.legal_moves(state)
        if not moves or G.forced(state):
            continue
        shuffled = state._replace(stock=bytes(sorted(state.stock)))
        first = PLAYER.choose(state, moves)
        second = PLAYER.choose(shuffled, G.legal_moves(shuffled))
        if first is None or second is None:
            assert first is second
        elif first.src == 0:  # the next round: only the card's name differs
            assert (second.src, second.dst) == (0, 1)
        else:
            assert first == second
