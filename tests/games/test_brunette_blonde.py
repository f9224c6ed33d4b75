"""«Брюнетка и блондинка»: every reading of RULES.md section 2 pinned with a constructed stock."""

from __future__ import annotations

import re
import tomllib
from collections import Counter

import pytest

from generator.cards import card_str, parse_card_index, rank_of
from generator.games import Move, Result, all_specs, make_game, redeal
from generator.games.brunette_blonde import BrunetteBlonde
from generator.paths import ASSETS, rule_text
from generator.play import play_out
from tests.conftest import assert_key_one_to_one

# A basic row of eight cards on which none of the "loose" cards below can be built:
# kings take only queens, and no queen is used in these tests unless said so.
ROW = "К♠ К♣ К♥ К♦ К♠ К♣ К♥ К♦"
#: The game as printed and every variant of it.
SPECS = [spec for spec in all_specs() if spec.partition(":")[0] == "brunette_blonde"]


def cards(text: str) -> list[int]:
    return [parse_card_index(word) for word in text.split()]


def described(game, state) -> set[str]:
    return {game.describe(move) for move in game.legal_moves(state)}


def move_of(game, text: str) -> Move:
    """``"9♠ stock → pile:3"`` as an engine move."""
    card, src, _, dst = text.split()
    return Move(parse_card_index(card), game.place_id(src), game.place_id(dst))


def play(game, state, *texts: str):
    """Apply moves written as notation, each checked to be legal first."""
    for text in texts:
        move = redeal(1) if text == "redeal" else move_of(game, text)
        assert move in game.legal_moves(state), f"{text} not legal; legal: {sorted(described(game, state))}"
        state = game.apply(state, move)
    return state


def dealt(game, stock_text: str):
    """The position after the forced first deal, and the forced moves it took."""
    state = game.initial_state(cards(stock_text))
    forced = []
    while game.forced(state):
        moves = game.legal_moves(state)
        assert len(moves) == 1, "the first deal leaves no choice"
        forced.append(game.describe(moves[0]))
        state = game.apply(state, moves[0])
    return state, forced


def tops(game, state) -> dict[str, str]:
    return {game.places[place]: card_str(cs[-1]) for place, cs in game.contents(state).items()}


@pytest.fixture
def game():
    return BrunetteBlonde()


@pytest.fixture
def two():
    return make_game("brunette_blonde:two_cards")


# -- the first deal ------------------------------------------------------------------


def test_first_deal_sends_aces_up_and_fills_their_places_with_the_next_card(game):
    # 2♠ fits on Т♥ but is dealt to the row: nothing is played until all eight places hold a card.
    state, forced = dealt(game, "5♠ Т♥ 9♦ Т♣ 2♠ К♥ 7♣ 3♦ Д♠ 10♥ 8♥ 4♦")
    assert forced == [
        "5♠ stock → pile:1",
        "Т♥ stock → foundation:1",
        "9♦ stock → pile:2",
        "Т♣ stock → foundation:2",
        "2♠ stock → pile:3",
        "К♥ stock → pile:4",
        "7♣ stock → pile:5",
        "3♦ stock → pile:6",
        "Д♠ stock → pile:7",
        "10♥ stock → pile:8",
    ]
    assert not game.forced(state)
    # Now the play begins: 2♠ may go up, and the next card (8♥) is turned.
    assert described(game, state) == {
        "2♠ pile:3 → foundation:1",
        "8♥ stock → waste",
    }


def test_first_deal_is_forced_one_card_at_a_time(game):
    state = game.initial_state(cards("Т♠ Т♦ " + ROW + " 2♥"))
    assert game.forced(state)
    assert game.legal_moves(state) == [Move(parse_card_index("Т♠"), 0, game.place_id("foundation:1"))]
    state, forced = dealt(game, "Т♠ Т♦ " + ROW + " 2♥")
    assert forced[:3] == ["Т♠ stock → foundation:1", "Т♦ stock → foundation:2", "К♠ stock → pile:1"]
    assert len(forced) == 10
    assert game.stock_left(state) == 1


def test_first_deal_ends_when_a_short_stock_runs_out(game):
    state, forced = dealt(game, "5♠ Т♥ 9♦")
    assert len(forced) == 3
    assert not game.forced(state)
    assert game.legal_moves(state) == []
    assert not game.is_won(state)


# -- foundations ------------------------------------------------------------------------


def test_an_ace_of_any_suit_starts_the_lowest_free_foundation(game):
    state, _ = dealt(game, ROW + " Т♦ Т♠ Т♦")
    assert described(game, state) == {"Т♦ stock → foundation:1"}
    state = play(game, state, "Т♦ stock → foundation:1")
    assert described(game, state) == {"Т♠ stock → foundation:2"}
    state = play(game, state, "Т♠ stock → foundation:2")
    assert described(game, state) == {"Т♦ stock → foundation:3"}


def test_foundations_rise_alternating_colour_suit_otherwise_free(game):
    state, _ = dealt(game, ROW + " Т♠ 2♥ 3♣ 4♦ 5♠ 2♣ 4♥")
    state = play(game, state, "Т♠ stock → foundation:1")
    # 2♥ on Т♠: red on black; then 3♣ (not spades: the suit is free), 4♦, 5♠.
    for text in ("2♥", "3♣", "4♦", "5♠"):
        assert described(game, state) == {f"{text} stock → foundation:1"}
        state = play(game, state, f"{text} stock → foundation:1")
    # 2♣ fits nowhere (the foundation wants a red six), 4♥ neither: same colour or wrong rank.
    assert described(game, state) == {"2♣ stock → waste"}
    state = play(game, state, "2♣ stock → waste")
    assert described(game, state) == {"4♥ stock → waste"}
    assert [card_str(c) for c in game.contents(state)[game.place_id("foundation:1")]] == ["Т♠", "2♥", "3♣", "4♦", "5♠"]


def test_a_card_fitting_several_foundations_may_go_to_each(game):
    state, _ = dealt(game, ROW + " Т♠ Т♣ 2♦")
    state = play(game, state, "Т♠ stock → foundation:1", "Т♣ stock → foundation:2")
    assert described(game, state) == {"2♦ stock → foundation:1", "2♦ stock → foundation:2"}


# -- the basic row ---------------------------------------------------------------------


def test_basic_row_builds_down_alternating_colour(game):
    row = "10♠ 5♣ 5♣ 5♣ 5♣ 5♣ 5♣ 5♣"
    for card, fits in (("9♦", True), ("9♥", True), ("9♣", False), ("9♠", False), ("8♦", False), ("В♥", False)):
        state, _ = dealt(game, f"{row} {card}")
        expected = {f"{card} stock → pile:1"} if fits else {f"{card} stock → waste"}
        assert described(game, state) == expected, card
    # A run as in the text: «на короля треф — даму червей, пикового валета на червонную даму».
    state, _ = dealt(game, "К♣ 5♣ 5♣ 5♣ 5♣ 5♣ 5♣ 5♣ Д♥ В♠ 10♦")
    state = play(game, state, "Д♥ stock → pile:1", "В♠ stock → pile:1", "10♦ stock → pile:1")
    assert [card_str(c) for c in game.contents(state)[game.place_id("pile:1")]] == ["К♣", "Д♥", "В♠", "10♦"]


def test_no_moves_from_one_pile_to_another(game):
    # Every pile top would fit on the one to its left, but piles never trade cards.
    state, _ = dealt(game, "10♠ 9♥ 8♣ 7♦ 6♠ 5♥ 4♣ 3♦ К♥")
    moves = game.legal_moves(state)
    assert all(not (2 <= m.src <= 9 and 2 <= m.dst <= 9) for m in moves)
    assert described(game, state) == {"К♥ stock → waste"}
    assert "no card moves from one basic-row pile to another" in game.explain_illegal(
        state, move_of(game, "9♥ pile:2 → pile:1")
    )


# -- the turned card ---------------------------------------------------------------------


def empty_place_position(game):
    """pile:1 emptied (its 2♥ went up on Т♠), the stock continuing with ``rest``."""

    def make(rest: str):
        state, _ = dealt(game, "2♥ К♣ К♥ К♦ К♠ К♣ К♥ К♦ Т♠ " + rest)
        return play(game, state, "Т♠ stock → foundation:1", "2♥ pile:1 → foundation:1")

    return make


def test_a_card_fitting_nothing_goes_to_the_waste_or_an_empty_place(game):
    state = empty_place_position(game)("9♣")
    # The empty place is an option, not an obligation: «не подходят ни к тузам, ни к основной линии … в кон».
    assert described(game, state) == {"9♣ stock → waste", "9♣ stock → pile:1"}


def test_a_card_fitting_a_foundation_may_not_go_to_the_waste(game):
    state = empty_place_position(game)("3♠")
    assert described(game, state) == {"3♠ stock → foundation:1", "3♠ stock → pile:1"}
    assert "may not go to the waste" in game.explain_illegal(state, move_of(game, "3♠ stock → waste"))


def test_a_card_fitting_a_pile_may_not_go_to_the_waste(game):
    state = empty_place_position(game)("Д♦")
    # Д♦ fits on К♣ (pile:2, pile:6) and К♠ (pile:5); it may also take the empty place.
    assert described(game, state) == {
        "Д♦ stock → pile:2",
        "Д♦ stock → pile:5",
        "Д♦ stock → pile:6",
        "Д♦ stock → pile:1",
    }


def test_an_ace_turned_in_play_may_go_up_or_onto_a_two(game):
    state, _ = dealt(game, "2♥ К♣ К♥ К♦ К♠ К♣ К♥ К♦ Т♣")
    assert described(game, state) == {"Т♣ stock → foundation:1", "Т♣ stock → pile:1"}


# -- the waste and the piles at any time -------------------------------------------------------


def test_waste_top_goes_up_onto_a_pile_or_into_an_empty_place_when_the_player_chooses(game):
    make = empty_place_position(game)
    state = play(game, make("3♦ 3♠ Д♥ 7♠"), "3♦ stock → waste")
    # 3♦ cannot go on 2♥ (both red); 3♠ then goes up, and 3♦ is still in the waste.
    state = play(game, state, "3♠ stock → foundation:1")
    assert described(game, state) == {
        "3♦ waste → pile:1",  # into the empty place, if the player wishes
        "Д♥ stock → pile:2",
        "Д♥ stock → pile:5",
        "Д♥ stock → pile:6",
        "Д♥ stock → pile:1",
    }
    # The player may leave the place empty and turn on: Д♥ onto К♣, 7♠ to the waste.
    state = play(game, state, "Д♥ stock → pile:2", "7♠ stock → waste")
    assert tops(game, state)["waste"] == "7♠"
    assert "7♠ waste → pile:1" in described(game, state)
    assert "3♦ waste → pile:1" not in described(game, state)  # only the top of the waste moves


def test_waste_top_onto_a_pile_and_to_a_foundation(game):
    state, _ = dealt(game, "К♣ 6♣ К♠ К♠ К♣ К♣ К♠ К♣ 4♠ 5♥ 2♦ Т♠ 9♥")
    assert described(game, state) == {"4♠ stock → waste"}
    state = play(game, state, "4♠ stock → waste")
    assert described(game, state) == {"5♥ stock → pile:2"}
    state = play(game, state, "5♥ stock → pile:2")
    # 4♠ from the waste now fits on 5♥; the player may do it now or later.
    assert described(game, state) == {"4♠ waste → pile:2", "2♦ stock → waste"}
    state = play(game, state, "4♠ waste → pile:2", "2♦ stock → waste", "Т♠ stock → foundation:1")
    assert described(game, state) == {"2♦ waste → foundation:1", "9♥ stock → waste"}
    state = play(game, state, "2♦ waste → foundation:1")
    assert tops(game, state)["pile:2"] == "4♠"
    assert tops(game, state)["foundation:1"] == "2♦"
    assert "waste" not in tops(game, state)


def test_pile_top_goes_up_at_any_time(game):
    state, _ = dealt(game, "2♦ К♣ К♥ К♦ К♠ К♣ К♥ 3♣ Т♠ 9♥")
    state = play(game, state, "Т♠ stock → foundation:1")
    assert described(game, state) == {"2♦ pile:1 → foundation:1", "9♥ stock → waste"}
    state = play(game, state, "9♥ stock → waste", "2♦ pile:1 → foundation:1", "3♣ pile:8 → foundation:1")
    assert "pile:1" not in tops(game, state) and "pile:8" not in tops(game, state)
    assert described(game, state) == {"9♥ waste → pile:1", "9♥ waste → pile:8", "redeal"}


# -- the free_waste and stuck_redeal variants ----------------------------------------------


def test_free_waste_the_turned_card_may_go_to_the_waste_even_when_it_fits():
    free = make_game("brunette_blonde:free_waste")
    for card in ("3♠", "Д♦"):  # fits a foundation; fits piles
        state = empty_place_position(free)(card)
        printed = described(BrunetteBlonde(), state)
        assert f"{card} stock → waste" not in printed
        assert described(free, state) == printed | {f"{card} stock → waste"}
        play(free, state, f"{card} stock → waste")
    # a card that fits nothing: the same choice as in the game as printed
    state = empty_place_position(free)("9♣")
    assert described(free, state) == described(BrunetteBlonde(), state)


def test_stuck_redeal_the_second_pass_waits_while_a_card_can_move():
    stuck = make_game("brunette_blonde:stuck_redeal")
    state, _ = dealt(stuck, "2♦ К♣ К♥ К♦ К♠ К♣ К♥ 3♣ Т♠ 9♥")
    state = play(stuck, state, "Т♠ stock → foundation:1", "9♥ stock → waste")
    # The stock is out; 2♦ may go up: the game as printed offers the redeal beside it, this reading not.
    assert "redeal" in described(BrunetteBlonde(), state)
    assert described(stuck, state) == described(BrunetteBlonde(), state) - {"redeal"}
    assert "waits while a card can still move" in stuck.explain_illegal(state, redeal(1))
    state = play(stuck, state, "2♦ pile:1 → foundation:1", "3♣ pile:8 → foundation:1")
    # 9♥ may still go into an empty place: still no redeal
    assert described(stuck, state) == {"9♥ waste → pile:1", "9♥ waste → pile:8"}
    # Nothing else can move: the second pass is the only move.
    state, _ = dealt(stuck, "К♣ К♥ К♦ К♠ К♣ К♥ К♦ К♠ 9♥ 5♣")
    state = play(stuck, state, "9♥ stock → waste", "5♣ stock → waste")
    assert stuck.legal_moves(state) == [redeal(1)]


# -- the two_cards variant ---------------------------------------------------------------


def test_two_cards_a_pile_holds_at_most_two_cards_the_dealt_one_included(two):
    state, _ = dealt(two, "К♣ К♥ К♦ К♠ К♣ К♥ К♦ К♠ Д♥ В♠ Д♥")
    state = play(two, state, "Д♥ stock → pile:1")
    # В♠ fits on Д♥ by rank and colour, but pile:1 is full: it fits nothing, so to the waste.
    assert described(two, state) == {"В♠ stock → waste"}
    assert "at most 2 cards" in two.explain_illegal(state, move_of(two, "В♠ stock → pile:1"))
    state = play(two, state, "В♠ stock → waste")
    # Д♥ may go on another black king: piles with one card have room.
    assert described(two, state) == {"Д♥ stock → pile:4", "Д♥ stock → pile:5", "Д♥ stock → pile:8"}


def test_two_cards_an_empty_place_takes_one_card_then_one_more(two):
    state, _ = dealt(two, "2♥ К♣ К♥ К♦ К♠ К♣ К♥ К♦ Т♠ 9♣ 8♦ 7♣")
    state = play(two, state, "Т♠ stock → foundation:1", "2♥ pile:1 → foundation:1")
    state = play(two, state, "9♣ stock → pile:1", "8♦ stock → pile:1")
    assert described(two, state) == {"7♣ stock → waste"}


def test_the_basic_game_has_no_pile_limit(game):
    state, _ = dealt(game, "К♣ К♥ К♦ К♠ К♣ К♥ К♦ К♠ Д♥ В♠ 10♦ 9♣ 8♥")
    state = play(game, state, "Д♥ stock → pile:1", "В♠ stock → pile:1", "10♦ stock → pile:1", "9♣ stock → pile:1")
    assert "8♥ stock → pile:1" in described(game, state)


# -- the redeal --------------------------------------------------------------------------


def test_one_redeal_turns_the_waste_over_unshuffled_and_keeps_the_row(game):
    state, _ = dealt(game, ROW + " 4♠ 9♣ 6♦")
    assert "redeal" not in described(game, state)
    state = play(game, state, "4♠ stock → waste", "9♣ stock → waste")
    assert "redeal" not in described(game, state)  # not while the stock lasts
    assert "once the stock is out" in game.explain_illegal(state, redeal(1))
    state = play(game, state, "6♦ stock → waste")
    assert described(game, state) == {"redeal"}
    row = {p: c for p, c in game.contents(state).items() if 2 <= p <= 9}
    state = play(game, state, "redeal")
    assert game.redeals_done(state) == 1
    # The card that first went onto the waste is the first dealt again.
    assert game.contents(state)[0] == tuple(cards("6♦ 9♣ 4♠"))
    assert 1 not in game.contents(state)
    assert {p: c for p, c in game.contents(state).items() if 2 <= p <= 9} == row
    assert described(game, state) == {"4♠ stock → waste"}
    assert "only one redeal" in game.explain_illegal(state, redeal(2))
    state = play(game, state, "4♠ stock → waste", "9♣ stock → waste", "6♦ stock → waste")
    # No second redeal: the game is over, and lost.
    assert game.legal_moves(state) == []
    assert not game.is_won(state)


def test_redeal_is_one_choice_among_others_once_the_stock_is_out(game):
    state, _ = dealt(game, "2♥ К♣ К♥ К♦ К♠ К♣ К♥ К♦ Т♠ 9♣")
    state = play(game, state, "Т♠ stock → foundation:1", "9♣ stock → waste")
    assert described(game, state) == {"2♥ pile:1 → foundation:1", "redeal"}
    state = play(game, state, "redeal")
    assert described(game, state) == {"2♥ pile:1 → foundation:1", "9♣ stock → waste"}
    state = play(game, state, "9♣ stock → waste")
    assert described(game, state) == {"2♥ pile:1 → foundation:1"}
    state = play(game, state, "2♥ pile:1 → foundation:1")
    assert described(game, state) == {"9♣ waste → pile:1"}


# -- won and lost ------------------------------------------------------------------------


def winning_stock() -> list[int]:
    """All 104 cards so that every turned card goes straight up: aces, then kings for the row, then 2 … Д."""
    black_first = "Т♠ Т♠ Т♣ Т♣ Т♥ Т♥ Т♦ Т♦ К♠ К♠ К♣ К♣ К♥ К♥ К♦ К♦"
    text = black_first
    for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д"):
        text += "".join(f" {rank}{suit} {rank}{suit}" for suit in "♠♣♥♦")
    stock = cards(text)
    assert Counter(stock) == Counter(range(52)) + Counter(range(52))
    return stock


def test_won_when_all_104_cards_are_up(game):
    played = play_out(game, winning_stock())
    assert played.result is Result.WON
    final = played.final
    assert game.is_won(final)
    assert game.legal_moves(final) == []
    contents = game.contents(final)
    assert set(contents) == set(range(10, 18))
    assert all(len(cs) == 13 and rank_of(cs[-1]) == 13 for cs in contents.values())
    assert game.redeals_done(final) == 0


def test_a_blocked_game_is_lost(game):
    # «две карты одинаковой масти»: two black nines on one another's way — read as "lost when blocked".
    played = play_out(game, cards(ROW + " 9♠ 9♣"))
    assert played.result is Result.LOST
    assert game.redeals_done(played.final) == 1


# -- the interface ---------------------------------------------------------------------


def test_contents_lists_the_stock_bottom_first(game):
    state = game.initial_state(cards("5♠ Т♥ 9♦"))
    assert game.contents(state) == {0: tuple(cards("9♦ Т♥ 5♠"))}
    assert game.stock_left(state) == 3


def test_key_merges_symmetric_states_only(game):
    # Two aces up in either order, then a red two on one of them: the same future.
    state, _ = dealt(game, ROW + " Т♠ Т♣ 2♦ 5♥")
    state = play(game, state, "Т♠ stock → foundation:1", "Т♣ stock → foundation:2")
    on_first = play(game, state, "2♦ stock → foundation:1")
    on_second = play(game, state, "2♦ stock → foundation:2")
    assert on_first != on_second
    assert game.key(on_first) == game.key(on_second)
    # Piles in another order: the same future up to renaming the places.
    swapped = on_first._replace(piles=on_first.piles[::-1])
    assert game.key(swapped) == game.key(on_first)
    # A different waste is a different future.
    wasted = play(game, on_first, "5♥ stock → waste")
    assert game.key(wasted) != game.key(on_first)


def test_variant_is_checked():
    with pytest.raises(ValueError):
        make_game("brunette_blonde:three_cards")
    assert make_game("brunette_blonde:two_cards").limit == 2


# -- the book's readings ---------------------------------------------------------------


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_readings_quote_the_rule_text():
    with (ASSETS / "readings" / "brunette_blonde.toml").open("rb") as handle:
        readings = tomllib.load(handle)["reading"]
    source = _squash(rule_text("brunette_blonde"))
    assert len(readings) >= 11
    for reading in readings:
        assert _squash(reading["quote"]) in source, reading["quote"]
        assert reading["text"].strip()
        assert '"' not in reading["text"], "Russian quotes are «ёлочки»"


def _codes_at_every_place(state) -> tuple[object, ...]:
    """The key's definition written out plainly: every place's cards as their codes (rank and colour), the piles
    in any order, each foundation as its top; the pass and the dealing flag."""
    from generator.games.brunette_blonde import TO_CODE

    def codes(cards: bytes) -> bytes:
        return cards.translate(TO_CODE)

    return (codes(state.stock), codes(state.waste), tuple(sorted(codes(pile) for pile in state.piles)),
            tuple(sorted(codes(found[-1:]) for found in state.foundations)), state.redeals, state.dealing)


@pytest.mark.parametrize("spec", SPECS)
def test_key_is_one_to_one_with_the_codes_at_every_place(spec):
    """``key`` packs the piles as (bottom code, length) and the tops as sorted numbers: on positions of random
    lines it must tell two positions apart exactly when their codes at every place differ."""
    game = make_game(spec)
    assert_key_one_to_one(game, _codes_at_every_place, seeds=12, at_least=2000)
    # Runs from like bottom cards, split otherwise: random lines seldom meet this, every other place alike.
    base = game.initial_state(cards("5♥"))._replace(dealing=False)
    three_one = base._replace(piles=(bytes(cards("К♠ Д♥ В♣")), bytes(cards("К♣")), *(b"",) * 6))
    two_two = base._replace(piles=(bytes(cards("К♠ Д♥")), bytes(cards("К♣ Д♦")), *(b"",) * 6))
    assert _codes_at_every_place(three_one) != _codes_at_every_place(two_two)
    assert game.key(three_one) != game.key(two_two)
