"""«Кадриль»: the readings of RULES.md pinned with constructed stocks."""

from __future__ import annotations

import pytest

from generator.cards import parse_card_index
from generator.deals import stock_indices
from generator.games import Result, make_game
from generator.games.quadrille import comes_out
from generator.play import play_out

SUITS = "♠♣♥♦"
RANKS = ["Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К"]


def stock_of(*cards: str) -> tuple[int, ...]:
    return tuple(parse_card_index(c) for c in cards)


def full_stock(*first: str) -> tuple[int, ...]:
    """A whole pack starting with ``first`` (top card first), the rest in pack order."""
    head = list(stock_of(*first))
    rest = [i for i in range(52) if i not in head]
    return tuple(head + rest)


def run(stock, variant=None):
    game = make_game("quadrille", variant)
    return game, play_out(game, stock)


def test_every_position_has_exactly_one_move():
    game = make_game("quadrille")
    played = play_out(game, stock_indices("quadrille", 11))
    for state in played.states[:-1]:
        assert len(game.legal_moves(state)) == 1


def test_five_builds_down_and_wraps_to_the_king():
    stock = full_stock("5♠", "4♠", "3♠", "2♠", "Т♠", "К♠")
    game, played = run(stock)
    names = [game.describe(m) for m in played.moves[:6]]
    assert names == [f"{c} stock → five:♠" for c in ("5♠", "4♠", "3♠", "2♠", "Т♠", "К♠")]


def test_the_king_waits_for_the_ace():
    game, played = run(full_stock("5♠", "К♠", "4♠"))
    described = [game.describe(m) for m in played.moves[:3]]
    assert described == ["5♠ stock → five:♠", "К♠ stock → waste", "4♠ stock → five:♠"]


def test_six_builds_up_to_the_jack():
    game, played = run(full_stock("6♥", "7♥", "8♥", "9♥", "10♥", "В♥"))
    assert all(game.places[m.dst] == "six:♥" for m in played.moves[:6])


def test_a_waste_card_that_does_not_fit_stays_while_the_next_is_turned():
    game, played = run(full_stock("4♦", "3♦", "5♦", "9♣"))
    # 5♦ goes up; 3♦ on top of the waste does not fit it, so 9♣ is turned next.
    assert [game.describe(m) for m in played.moves[:4]] == [
        "4♦ stock → waste",
        "3♦ stock → waste",
        "5♦ stock → five:♦",
        "9♣ stock → waste",
    ]


def test_waste_chain_plays_in_order():
    game, played = run(full_stock("3♦", "4♦", "5♦"))
    assert [game.describe(m) for m in played.moves[:4]] == [
        "3♦ stock → waste",
        "4♦ stock → waste",
        "5♦ stock → five:♦",
        "4♦ waste → five:♦",
    ]
    assert game.describe(played.moves[4]) == "3♦ waste → five:♦"


def test_three_passes_and_no_fourth():
    # Reverse order within every suit build: a pack laid so that much has to wait.
    game = make_game("quadrille")
    played = play_out(game, stock_indices("quadrille", 5))
    assert sum(m.is_redeal for m in played.moves) == 2
    assert game.redeals_done(played.final) == 2
    assert played.result is Result.LOST
    assert not game.legal_moves(played.final)


def test_a_new_pass_starts_with_the_card_that_went_first_to_the_waste():
    game = make_game("quadrille")
    stock = stock_indices("quadrille", 5)  # a deal that needs all three passes
    state = game.initial_state(stock)
    first_to_waste = None
    while not game.legal_moves(state)[0].is_redeal:
        move = game.legal_moves(state)[0]
        if move.dst == game.place_id("waste") and first_to_waste is None:
            first_to_waste = move.card
        state = game.apply(state, move)
    state = game.apply(state, game.legal_moves(state)[0])
    assert game.legal_moves(state)[0].card == first_to_waste == stock[0]


def test_queens_first_holds_back_fives_and_sixes():
    stock = full_stock("5♠", "Д♠", "Д♣", "Д♥", "Д♦")
    game, played = run(stock, "queens_first")
    described = [game.describe(m) for m in played.moves[:6]]
    assert described[0] == "5♠ stock → waste"
    assert described[1:5] == ["Д♠ stock → queen:♠", "Д♣ stock → queen:♣", "Д♥ stock → queen:♥", "Д♦ stock → queen:♦"]
    assert described[5] == "5♠ waste → five:♠"
    _, plain = run(stock)
    assert make_game("quadrille").describe(plain.moves[0]) == "5♠ stock → five:♠"


def test_won_means_all_52_placed():
    game, played = run(stock_indices("quadrille", 1))
    assert played.result is Result.WON
    contents = game.contents(played.final)
    assert sum(len(c) for c in contents.values()) == 52
    for suit in SUITS:
        assert contents[game.place_id(f"six:{suit}")][-1] == parse_card_index(f"В{suit}")
        assert contents[game.place_id(f"five:{suit}")][-1] == parse_card_index(f"К{suit}")


@pytest.mark.parametrize("variant", [None, "queens_first"])
def test_fast_simulation_agrees_with_the_engine(variant):
    game = make_game("quadrille", variant)
    for deal in range(1, 400):
        stock = stock_indices("quadrille", deal)
        engine_won = play_out(game, stock).result is Result.WON
        assert comes_out(stock, queens_first=variant == "queens_first") == engine_won, deal


def test_no_peek_player_wins_what_a_perfect_player_wins(capsys):
    """No choice exists, so the no-peek rate is the perfect rate; report it over 1..20000."""
    games = {None: make_game("quadrille"), "queens_first": make_game("quadrille", "queens_first")}
    counts = {}
    for variant, game in games.items():
        wins = 0
        for deal in range(1, 20001):
            stock = stock_indices("quadrille", deal)
            won = comes_out(stock, queens_first=variant is not None)
            if deal <= 200:  # the engine's only possible line is the no-peek player's line
                assert (play_out(game, stock).result is Result.WON) == won
            wins += won
        counts[variant] = wins
    with capsys.disabled():
        for variant, wins in counts.items():
            print(f"\nquadrille{':' + variant if variant else ''}: {wins}/20000 won = {wins / 200:.2f}%")
    assert 0 < counts["queens_first"] <= counts[None] < 20000
