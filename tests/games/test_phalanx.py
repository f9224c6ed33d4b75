"""«Македонская фаланга»: the readings of RULES.md pinned with constructed stocks."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cards import parse_card_index
from generator.deals import stock_indices
from generator.games import Move, Result, make_game
from generator.games.phalanx import PHASE_ONE, PHASE_TWO, PhalanxState
from generator.play import play_out
from generator.players import player_for
from tests.conftest import assert_key_one_to_one

GAME = make_game("phalanx")
P = GAME.place_id
STOCK, WASTE = P("stock"), P("waste")
PYRAMID_PLACES = range(P("pyramid:1"), P("pyramid:25") + 1)


def cards(*names: str) -> list[int]:
    return [parse_card_index(n) for n in names]


def c(name: str) -> int:
    return parse_card_index(name)


#: 25 cards of ranks 7…К, none a ♠ below 9: with base 4♠ none of them fits, even after ♠ 5…8 go up.
QUIET = ["9♠", "10♠", "В♠", "Д♠", "К♠",
         "9♣", "10♣", "В♣", "Д♣", "К♣",
         "9♥", "10♥", "В♥", "Д♥", "К♥",
         "9♦", "10♦", "В♦", "Д♦", "К♦",
         "8♣", "8♥", "8♦", "7♣", "7♥"]  # fmt: skip


def full_stock(*first: str) -> tuple[int, ...]:
    """Two whole packs starting with ``first`` (top card first); the rest follow, kings down to aces."""
    head = cards(*first)
    left = Counter({card: 2 for card in range(52)})
    left.subtract(head)
    assert all(n >= 0 for n in left.values()), "a card named three times"
    rest = sorted(left.elements(), key=lambda card: (-(card % 13), card))
    return (*head, *rest)


def pyramid_with(*special: str) -> list[str]:
    """25 pyramid cards: ``special`` first (pyramid:1, 2, …), then quiet cards."""
    quiet = [q for q in QUIET if q not in special]
    return [*special, *quiet][:25]


def dealt(stock) -> PhalanxState:
    """The state after the 25 pyramid cards and the base card, each checked as the only, forced move."""
    state = GAME.initial_state(stock)
    for _ in range(26):
        (move,) = GAME.legal_moves(state)
        assert GAME.forced(state)
        state = GAME.apply(state, move)
    return state


def names(moves) -> set[str]:
    return {GAME.describe(m) for m in moves}


def play(state, description: str) -> PhalanxState:
    for move in GAME.legal_moves(state):
        if GAME.describe(move) == description:
            return GAME.apply(state, move)
    raise AssertionError(f"{description} is not legal; legal: {sorted(names(GAME.legal_moves(state)))}")


# -- the deal -------------------------------------------------------------------------


def test_the_pyramid_is_dealt_row_by_row_from_the_apex_then_the_base_card_starts_foundation_1():
    stock = full_stock(*QUIET, "4♠")
    state = GAME.initial_state(stock)
    records = []
    for _ in range(26):
        moves = GAME.legal_moves(state)
        assert len(moves) == 1 and GAME.forced(state)
        records.append(GAME.describe(moves[0]))
        state = GAME.apply(state, moves[0])
    assert records[:25] == [f"{QUIET[i]} stock → pyramid:{i + 1}" for i in range(25)]
    assert records[25] == "4♠ stock → foundation:1"
    contents = GAME.contents(state)
    assert contents[P("pyramid:1")] == (c("9♠"),)  # the apex
    assert [contents[P(f"pyramid:{i}")] for i in (2, 3, 4)] == [(c(n),) for n in ("10♠", "В♠", "Д♠")]  # row 2
    assert contents[P("pyramid:17")] == (c("10♦"),)  # the last row starts at 17
    assert contents[P("pyramid:25")] == (c("7♥"),)
    assert contents[P("foundation:1")] == (c("4♠"),)
    assert len(contents[STOCK]) == 104 - 26
    assert contents[STOCK][-1] == stock[26]  # the stock's last element is dealt next
    assert state.base == 3 and state.phase == PHASE_ONE


def test_base_rank_cards_already_in_the_pyramid_wait_for_the_base_card():
    # 4♥ is dealt before the base card is known: it goes to the pyramid like any card.
    state = dealt(full_stock(*pyramid_with("4♥"), "4♠"))
    assert GAME.contents(state)[P("pyramid:1")] == (c("4♥"),)


# -- foundations: where base-rank cards start, how they build -------------------------


def test_base_rank_cards_start_the_left_column_by_suit_then_the_right_column():
    # base 4♠; the pyramid holds the other 4♠, 4♥ and 4♣ (in that order)
    state = dealt(full_stock(*pyramid_with("4♠", "4♥", "4♣"), "4♠", "9♠", "9♣", "9♥"))
    # each offered exactly one place: the lowest free of its column
    assert names(GAME.legal_moves(state)) == {
        "4♠ pyramid:1 → foundation:5",  # ♠ is already on the left
        "4♥ pyramid:2 → foundation:2",
        "4♣ pyramid:3 → foundation:2",
    }
    state = play(state, "4♣ pyramid:3 → foundation:2")  # the player picks the order of arrival
    state = play(state, "9♠ stock → pyramid:3")
    assert names(GAME.legal_moves(state)) == {"4♠ pyramid:1 → foundation:5", "4♥ pyramid:2 → foundation:3"}
    state = play(state, "4♥ pyramid:2 → foundation:3")
    state = play(state, "9♣ stock → pyramid:2")
    state = play(state, "4♠ pyramid:1 → foundation:5")
    contents = GAME.contents(state)
    assert [contents.get(P(f"foundation:{i}")) for i in range(1, 9)] == [
        (c("4♠"),), (c("4♣"),), (c("4♥"),), None, (c("4♠"),), None, None, None,
    ]  # fmt: skip


def test_the_second_copy_of_a_suit_goes_right_in_order_of_arrival():
    # base 4♠; 4♥ and then its twin: the twin goes to the right column, top down
    state = dealt(full_stock(*pyramid_with("4♥", "4♦", "4♥"), "4♠", "9♠", "9♣", "9♥"))
    state = play(state, "4♥ pyramid:1 → foundation:2")
    state = play(state, "9♠ stock → pyramid:1")
    assert names(GAME.legal_moves(state)) == {"4♦ pyramid:2 → foundation:3", "4♥ pyramid:3 → foundation:5"}
    state = play(state, "4♥ pyramid:3 → foundation:5")
    state = play(state, "9♣ stock → pyramid:3")
    assert names(GAME.legal_moves(state)) == {"4♦ pyramid:2 → foundation:3"}


def test_foundations_build_up_by_suit_round_the_corner_and_end_one_below_the_base():
    state = dealt(full_stock(*QUIET, "Д♠"))  # base rank Д
    assert state.base == 11
    f1 = P("foundation:1")
    state = state._replace(tops=(c("К♠"), *state.tops[1:]))  # Д♠ К♠ on foundation:1
    assert GAME.destinations(state, c("Т♠")) == [f1]  # К → Т
    assert GAME.destinations(state, c("Т♣")) == []  # by suit
    assert GAME.destinations(state, c("2♠")) == []
    state = state._replace(tops=(c("В♠"), *state.tops[1:]))  # all 13: Д♠ … В♠
    assert GAME.contents(state)[f1] == tuple(cards("Д♠", "К♠", "Т♠", "2♠", "3♠", "4♠", "5♠", "6♠",
                                                   "7♠", "8♠", "9♠", "10♠", "В♠"))  # fmt: skip
    # the full foundation takes nothing more: the other Д♠ starts the right column
    assert GAME.destinations(state, c("Д♠")) == [P("foundation:5")]


def test_the_text_example_base_four_ends_on_threes():
    state = dealt(full_stock(*QUIET, "4♦"))
    state = state._replace(tops=(c("3♦"), *state.tops[1:]))
    assert GAME.contents(state)[P("foundation:1")][0] == c("4♦")
    assert GAME.contents(state)[P("foundation:1")][-1] == c("3♦")
    assert len(GAME.contents(state)[P("foundation:1")]) == 13


# -- phase one ----------------------------------------------------------------------------


def test_phase_one_refills_at_once_even_with_a_card_that_fits_which_then_goes_up_from_the_pyramid():
    state = dealt(full_stock(*pyramid_with("9♣", "5♠"), "4♠", "6♠", "К♦", "Д♦"))
    assert names(GAME.legal_moves(state)) == {"5♠ pyramid:2 → foundation:1"}  # no stock turn
    assert GAME.forced(state)
    state = play(state, "5♠ pyramid:2 → foundation:1")
    # 6♠ fits foundation:1, but the emptied place takes it first, and nothing else may happen
    assert names(GAME.legal_moves(state)) == {"6♠ stock → pyramid:2"}
    assert GAME.forced(state)
    state = play(state, "6♠ stock → pyramid:2")
    assert names(GAME.legal_moves(state)) == {"6♠ pyramid:2 → foundation:1"}
    state = play(state, "6♠ pyramid:2 → foundation:1")
    state = play(state, "К♦ stock → pyramid:2")
    # nothing fits now: phase two begins with the next stock card, the only move
    assert names(GAME.legal_moves(state)) == {"Д♦ stock → waste"}
    assert state.phase == PHASE_ONE


def test_phase_one_plays_are_compulsory_in_any_order_and_between_twin_foundations_the_player_chooses():
    # base 4♠, the other 4♠ and 5♠ in the pyramid, and a 5♥ that fits nothing yet
    state = dealt(full_stock(*pyramid_with("4♠", "5♠", "5♥"), "4♠", "9♠", "9♣", "9♥"))
    moves = GAME.legal_moves(state)
    assert names(moves) == {"4♠ pyramid:1 → foundation:5", "5♠ pyramid:2 → foundation:1"}
    assert all(m.src != STOCK for m in moves)  # only pyramid → foundation plays in phase one
    state = play(state, "4♠ pyramid:1 → foundation:5")
    state = play(state, "9♠ stock → pyramid:1")
    # 5♠ fits both ♠ foundations: the player chooses which
    assert names(GAME.legal_moves(state)) == {"5♠ pyramid:2 → foundation:1", "5♠ pyramid:2 → foundation:5"}
    left = GAME.apply(state, Move(c("5♠"), P("pyramid:2"), P("foundation:1")))
    right = GAME.apply(state, Move(c("5♠"), P("pyramid:2"), P("foundation:5")))
    assert left != right and GAME.key(left) == GAME.key(right)  # the same future, renamed


def test_an_illegal_stock_turn_in_phase_one_is_explained():
    state = dealt(full_stock(*pyramid_with("5♠"), "4♠", "9♠"))
    why = GAME.explain_illegal(state, Move(c("9♠"), STOCK, WASTE))
    assert "phase one" in why


# -- phase two ---------------------------------------------------------------------------


def phase_two_stock(*turned: str, pyramid=()) -> tuple[int, ...]:
    return full_stock(*pyramid_with(*pyramid), "4♠", *turned)


def test_a_turned_card_that_fits_goes_up_never_onto_the_collecting_pile():
    state = dealt(phase_two_stock("5♠", "2♥"))
    assert names(GAME.legal_moves(state)) == {"5♠ stock → foundation:1"}
    assert "fits a foundation" in GAME.explain_illegal(state, Move(c("5♠"), STOCK, WASTE))
    state = play(state, "5♠ stock → foundation:1")
    assert state.phase == PHASE_TWO and not GAME.forced(state)
    assert names(GAME.legal_moves(state)) == {"2♥ stock → waste"}  # does not fit: onto the pile


def test_may_hold_a_turned_card_that_fits_may_go_onto_the_collecting_pile_instead():
    may_hold = make_game("phalanx:may_hold")
    state = dealt(phase_two_stock("5♠", "2♥"))
    assert GAME.forced(state) and not may_hold.forced(state)  # the turn that ends phase one: a choice now
    assert names(may_hold.legal_moves(state)) == {"5♠ stock → foundation:1", "5♠ stock → waste"}
    held = may_hold.apply(state, Move(c("5♠"), STOCK, WASTE))
    assert held.phase == PHASE_TWO
    # held back, it may still go up from the top of the pile, as any pile top may
    assert names(may_hold.legal_moves(held)) == {"5♠ waste → foundation:1", "2♥ stock → waste"}
    # phase one's plays stay compulsory, and a card that fits nothing still goes onto the pile only
    busy = dealt(full_stock(*pyramid_with("9♣", "5♠"), "4♠", "6♠", "К♦", "Д♦"))
    assert may_hold.forced(busy) and may_hold.legal_moves(busy) == GAME.legal_moves(busy)
    up = GAME.apply(state, Move(c("5♠"), STOCK, P("foundation:1")))
    assert may_hold.legal_moves(up) == GAME.legal_moves(up) == [Move(c("2♥"), STOCK, WASTE)]


def test_a_turned_base_rank_card_starts_its_foundation():
    state = dealt(phase_two_stock("4♦"))
    assert names(GAME.legal_moves(state)) == {"4♦ stock → foundation:2"}


def test_pyramid_cards_may_still_go_up_in_phase_two_and_the_pile_refills_the_place():
    # 6♠ sits in the pyramid; 5♠ is buried in the stock behind 2♥ and 3♥
    state = dealt(phase_two_stock("2♥", "3♥", "5♠", "2♦", pyramid=("9♣", "6♠")))
    state = play(state, "2♥ stock → waste")
    state = play(state, "3♥ stock → waste")
    state = play(state, "5♠ stock → foundation:1")
    # 6♠ now fits; going up is allowed, not compulsory: turning the stock is offered too
    assert names(GAME.legal_moves(state)) == {"6♠ pyramid:2 → foundation:1", "2♦ stock → waste"}
    state = play(state, "6♠ pyramid:2 → foundation:1")
    # the emptied place is filled at once from the top of the collecting pile
    assert names(GAME.legal_moves(state)) == {"3♥ waste → pyramid:2"}
    assert GAME.forced(state)
    state = play(state, "3♥ waste → pyramid:2")
    assert GAME.contents(state)[WASTE] == (c("2♥"),)
    assert GAME.contents(state)[P("pyramid:2")] == (c("3♥"),)


def test_the_top_of_the_collecting_pile_may_go_up_at_any_time():
    state = dealt(phase_two_stock("5♠", "7♠", "6♠", "2♦", "3♦"))
    state = play(state, "5♠ stock → foundation:1")
    state = play(state, "7♠ stock → waste")
    state = play(state, "6♠ stock → foundation:1")
    assert names(GAME.legal_moves(state)) == {"7♠ waste → foundation:1", "2♦ stock → waste"}
    later = play(state, "2♦ stock → waste")  # 7♠ is now buried under 2♦
    assert names(GAME.legal_moves(later)) == {"3♦ stock → waste"}
    state = play(state, "7♠ waste → foundation:1")
    assert WASTE not in GAME.contents(state)


def test_with_the_collecting_pile_empty_the_stock_refills_the_pyramid():
    state = dealt(phase_two_stock("5♠", "2♦", "3♦", pyramid=("9♣", "6♠")))
    state = play(state, "5♠ stock → foundation:1")
    state = play(state, "6♠ pyramid:2 → foundation:1")
    assert names(GAME.legal_moves(state)) == {"2♦ stock → pyramid:2"}
    assert GAME.forced(state)


def test_when_stock_and_pile_are_empty_emptied_places_stay_empty_and_play_goes_on():
    state = dealt(phase_two_stock("5♠"))
    state = play(state, "5♠ stock → foundation:1")
    # strip the position down: the stock and the collecting pile are out, two cards fit
    pyramid = (c("6♠"), c("7♠"), *([-1] * 23))
    state = state._replace(dealt=104, waste=b"", pyramid=pyramid)
    assert names(GAME.legal_moves(state)) == {"6♠ pyramid:1 → foundation:1"}
    state = play(state, "6♠ pyramid:1 → foundation:1")
    assert P("pyramid:1") not in GAME.contents(state)
    assert names(GAME.legal_moves(state)) == {"7♠ pyramid:2 → foundation:1"}  # no refill is pending
    state = play(state, "7♠ pyramid:2 → foundation:1")
    assert GAME.legal_moves(state) == []  # over; no redeal


def test_no_moves_between_pyramid_places_and_no_redeal():
    state = dealt(phase_two_stock("2♦"))
    why = GAME.explain_illegal(state, Move(c("9♠"), P("pyramid:1"), P("pyramid:2")))
    assert "between pyramid places" in why
    assert not any(m.is_redeal for m in GAME.legal_moves(state))
    assert all(m.dst != WASTE or m.src == STOCK for m in GAME.legal_moves(state))


# -- whole games ----------------------------------------------------------------------------


def test_a_won_game_has_all_104_cards_up_and_a_lost_one_ends_blocked():
    results = {}
    for deal in range(1, 40):
        played = play_out(GAME, stock_indices("phalanx", deal))
        results.setdefault(played.result, played)
    won, lost = results[Result.WON], results[Result.LOST]
    contents = GAME.contents(won.final)
    assert sorted(contents) == list(range(P("foundation:1"), P("foundation:8") + 1))
    assert all(len(cards) == 13 for cards in contents.values())
    assert GAME.redeals_done(won.final) == 0
    assert not GAME.is_won(lost.final) and GAME.legal_moves(lost.final) == []
    assert lost.final.dealt == 104  # a game is only lost once the stock is out


def test_the_record_starts_with_the_deal():
    played = play_out(GAME, stock_indices("phalanx", 5))
    assert [GAME.places[m.dst] for m in played.moves[:26]] == [f"pyramid:{i}" for i in range(1, 26)] + ["foundation:1"]


def test_the_key_ignores_the_order_of_pyramid_places():
    state = dealt(full_stock(*QUIET, "4♠"))
    swapped = state._replace(pyramid=state.pyramid[::-1])
    assert swapped != state and GAME.key(swapped) == GAME.key(state)
    assert GAME.key(state._replace(waste=bytes((c("2♦"),)))) != GAME.key(state)


def test_initial_state_wants_two_full_packs():
    with pytest.raises(ValueError):
        GAME.initial_state(tuple(range(52)))
    with pytest.raises(ValueError):
        GAME.initial_state((0,) * 104)


def test_the_no_peek_player_plays_everything_that_fits_before_turning():
    state = dealt(phase_two_stock("5♠", "7♠", "6♠", "2♦"))
    for description in ("5♠ stock → foundation:1", "7♠ stock → waste", "6♠ stock → foundation:1"):
        state = play(state, description)
    choice = player_for(GAME).choose(state, GAME.legal_moves(state))
    assert GAME.describe(choice) == "7♠ waste → foundation:1"


# -- properties --------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_play_keeps_every_card_and_offers_only_top_cards(seed):
    rng = random.Random(seed)
    stock = [card for card in range(52) for _ in range(2)]
    rng.shuffle(stock)
    counts = Counter(stock)
    state = GAME.initial_state(stock)
    while True:
        contents = GAME.contents(state)
        assert Counter(card for cards in contents.values() for card in cards) == counts
        moves = GAME.legal_moves(state)
        if not moves:
            break
        for move in moves:
            assert contents[move.src][-1] == move.card
            assert move.dst != move.src
        starts = [m for m in moves if m.card % 13 == state.base and m.dst >= P("foundation:1")]
        for move in starts:  # a base-rank card is offered exactly one place
            assert sum(1 for m in moves if m.src == move.src) == 1
        state = GAME.apply(state, rng.choice(moves))
    assert GAME.is_won(state) == (sum(len(v) for k, v in GAME.contents(state).items() if k >= 27) == 104)


def test_the_order_of_phase_one_plays_does_not_change_where_phase_two_starts():
    # The pyramid is a set and refills come from the stock in order, so phase one is confluent.
    for deal in (1, 2, 3, 4, 5, 6, 7, 8):
        keys = set()
        for seed in range(4):
            rng = random.Random(seed)
            state = GAME.initial_state(stock_indices("phalanx", deal))
            while moves := GAME.legal_moves(state):
                if state.phase == PHASE_ONE and all(m.src == STOCK and m.dst not in PYRAMID_PLACES for m in moves):
                    break  # only the first turn of the stock is left: phase one is over
                state = GAME.apply(state, rng.choice(moves))
            keys.add(GAME.key(state))
        assert len(keys) == 1


def test_the_no_peek_player_wins_some_deals_and_loses_others():
    results = Counter(play_out(GAME, stock_indices("phalanx", d)).result for d in range(1, 101))
    assert set(results) == {Result.WON, Result.LOST}


def test_the_key_merges_two_foundations_of_a_suit_that_swap_their_cards():
    # foundation:1 (left) and foundation:5 (right) both build ♠ from the base 4♠: one holding
    # 4♠…7♠ and the other 4♠…9♠ is the same position whichever holds which, up to place names.
    state = dealt(full_stock(*QUIET, "4♠"))
    spade_a, spade_b = c("7♠"), c("9♠")
    one = state._replace(tops=(spade_a, *state.tops[1:4], spade_b, *state.tops[5:]))
    other = state._replace(tops=(spade_b, *state.tops[1:4], spade_a, *state.tops[5:]))
    assert one != other and GAME.key(one) == GAME.key(other)
    # the same moves, only the foundation numbers differ
    ups = {(m.card, m.src) for m in GAME.legal_moves(one) if m.dst >= P("foundation:1")}
    assert ups and ups == {(m.card, m.src) for m in GAME.legal_moves(other) if m.dst >= P("foundation:1")}
    # but foundations holding other cards are another position
    assert GAME.key(one) != GAME.key(one._replace(tops=(c("8♠"), *one.tops[1:])))


def _plain_key(state: PhalanxState) -> tuple[object, ...]:
    """The key's definition written out plainly: the pyramid as a sorted multiset (empty places included), the
    foundations' tops sorted, and the stock, the cards dealt, the pile, the base rank and the phase as they are."""
    return (state.stock, state.dealt, state.waste, tuple(sorted(state.pyramid)), tuple(sorted(state.tops)),
            state.base, state.phase)


@pytest.mark.parametrize("spec", ["phalanx", "phalanx:may_hold"])
def test_key_is_one_to_one_with_its_plain_definition(spec: str) -> None:
    """``key`` packs the pyramid as counts and the tops as sorted numbers: on positions of random lines it must
    tell two positions apart exactly when the plain definition does."""
    game = make_game(spec)
    assert_key_one_to_one(game, _plain_key, seeds=10, at_least=1000)
    # Both copies of a card in the pyramid against one copy and another card: the counts must not carry over.
    base = game.initial_state(stock_indices(game.id, 1))
    twice = base._replace(pyramid=(0, 0, *(-1,) * 23))
    other = base._replace(pyramid=(0, 1, *(-1,) * 23))
    assert game.key(twice) != game.key(other)
