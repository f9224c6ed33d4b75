"""«Деревенский пасьянс»: every reading of RULES.md §1 pinned on a constructed stock."""

from __future__ import annotations

import re
import tomllib
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cards import card_str, parse_card_index
from generator.deals import stock_indices
from generator.games import Move, Result, redeal
from generator.games.village import Village
from generator.paths import ASSETS, rule_text
from generator.play import play_out
from tests.games.village_positions import G, cards, mv, position, run_forced, start, step


def names(text: str) -> list[str]:
    return text.split()


def piles(state) -> list[str]:
    return [" ".join(card_str(c) for c in pile) for pile in state.piles]


def described(moves) -> set[str]:
    return {G.describe(m) for m in moves}


# -- dealing ----------------------------------------------------------------------


def test_first_eight_are_dealt_one_per_pile_before_any_play():
    state = G.initial_state(cards("Т♠ 5♥ К♦ 9♣ 2♠ 7♦ 10♥ 4♣ 8♠ 3♥"))
    for pile, card in enumerate(names("Т♠ 5♥ К♦ 9♣ 2♠ 7♦ 10♥ 4♣"), start=1):
        assert G.forced(state)
        # Т♠ and К♦ are already down before pile 8 is dealt, yet nothing may be played
        assert G.legal_moves(state) == [mv(card, "stock", f"pile:{pile}")]
        state = G.apply(state, G.legal_moves(state)[0])
    assert not G.forced(state)
    assert piles(state) == ["Т♠", "5♥", "К♦", "9♣", "2♠", "7♦", "10♥", "4♣"]
    assert described(G.legal_moves(state)) == {
        "Т♠ pile:1 → foundation:1",
        "К♦ pile:3 → foundation:5",
        "Т♠ pile:1 → pile:5",
        "2♠ pile:5 → pile:1",
        "8♠ stock → pile:1",  # the next round, the player's choice
    }


def test_refill_comes_at_once_from_the_stock_and_is_not_a_round():
    state = start("Т♠ 5♥ К♦ 9♣ 2♠ 7♦ 10♥ 4♣ 8♠ 3♥")
    state = step(state, mv("Т♠", "pile:1", "foundation:1"))
    assert G.forced(state)
    assert G.legal_moves(state) == [mv("8♠", "stock", "pile:1")]
    state = G.apply(state, G.legal_moves(state)[0])
    assert not G.forced(state), "a refill is one card, not the start of a round"
    assert piles(state)[0] == "8♠"
    state = step(state, mv("2♠", "pile:5", "foundation:1"))
    assert G.legal_moves(state) == [mv("3♥", "stock", "pile:5")]
    state = G.apply(state, G.legal_moves(state)[0])
    assert piles(state) == ["8♠", "5♥", "К♦", "9♣", "3♥", "7♦", "10♥", "4♣"]
    assert not state.stock
    # the stock is out: the redeal is offered at once, beside the other moves
    assert described(G.legal_moves(state)) == {"К♦ pile:3 → foundation:5", "redeal"}


ROUND_STOCK = (
    "5♥ 9♣ 7♦ 10♥ Т♣ 8♠ 3♦ Д♥"  # the first eight
    " 4♠"  # the refill of pile 5
    " Т♦ Д♠ 2♥ 6♣ В♦ 3♠ 9♥ 5♣"  # a full round
    " 7♥ 8♣ В♠"  # the last, short round
)


def test_rounds_are_dealt_as_blocks_from_pile_1_and_the_last_may_be_short():
    state = start(ROUND_STOCK)
    state = step(state, mv("Т♣", "pile:5", "foundation:1"))
    state = step(state, mv("4♠", "stock", "pile:5"))  # the refill, forced
    assert mv("Т♦", "stock", "pile:1") in G.legal_moves(state)
    # the player starts the round: after a refill of pile 5 it still starts at pile 1
    state = step(state, mv("Т♦", "stock", "pile:1"))
    for pile, card in enumerate(names("Д♠ 2♥ 6♣ В♦ 3♠ 9♥ 5♣"), start=2):
        assert G.forced(state)
        # Т♦ is on top of pile 1, but no play comes between the cards of a round
        assert G.legal_moves(state) == [mv(card, "stock", f"pile:{pile}")]
        state = G.apply(state, G.legal_moves(state)[0])
    assert not G.forced(state)
    assert piles(state) == ["5♥ Т♦", "9♣ Д♠", "7♦ 2♥", "10♥ 6♣", "4♠ В♦", "8♠ 3♠", "3♦ 9♥", "Д♥ 5♣"]
    # the second ace to arrive takes foundation:2
    assert mv("Т♦", "pile:1", "foundation:2") in G.legal_moves(state)
    state = step(state, mv("7♥", "stock", "pile:1"))
    assert G.legal_moves(state) == [mv("8♣", "stock", "pile:2")]
    state = G.apply(state, G.legal_moves(state)[0])
    assert G.legal_moves(state) == [mv("В♠", "stock", "pile:3")]
    state = G.apply(state, G.legal_moves(state)[0])
    assert not state.stock and not G.forced(state)
    assert piles(state)[:4] == ["5♥ Т♦ 7♥", "9♣ Д♠ 8♣", "7♦ 2♥ В♠", "10♥ 6♣"]
    assert redeal(1) in G.legal_moves(state)


def test_playing_is_not_compulsory_and_the_round_may_be_dealt_any_time():
    state = start(ROUND_STOCK)
    assert mv("Т♣", "pile:5", "foundation:1") in G.legal_moves(state)
    state = step(state, mv("4♠", "stock", "pile:1"))  # the ace is left where it is
    state = run_forced(state)
    assert piles(state)[0] == "5♥ 4♠" and piles(state)[4] == "Т♣ 6♣"


def test_no_redeal_while_the_stock_has_cards():
    state = start(ROUND_STOCK)
    assert redeal(1) not in G.legal_moves(state)
    assert "only once the stock is out" in G.explain_illegal(state, redeal(1))


def test_an_empty_pile_stays_empty_once_the_stock_is_out():
    state = start("5♥ 9♣ 7♦ 10♥ Т♣ 8♠ 3♦ 9♥")
    assert not state.stock
    state = step(state, mv("Т♣", "pile:5", "foundation:1"))
    assert not G.forced(state)
    assert piles(state)[4] == ""
    moves = G.legal_moves(state)
    assert all(m.is_redeal or m.dst != G.place_id("pile:5") for m in moves)
    assert "empty pile stays empty" in G.explain_illegal(state, mv("9♥", "pile:8", "pile:5"))


# -- marriages --------------------------------------------------------------------


MARRIAGE_STOCK = "6♠ 5♠ 7♠ Т♥ К♥ 6♦ 2♥ Д♥ 4♠ 8♣ 3♣ 9♣ 2♣ 10♣ В♣ 5♦"


def test_marriages_same_suit_one_rank_apart_ace_and_king_not_neighbours():
    state = start(MARRIAGE_STOCK)
    assert described(G.legal_moves(state)) == {
        "6♠ pile:1 → pile:2",
        "6♠ pile:1 → pile:3",
        "5♠ pile:2 → pile:1",
        "7♠ pile:3 → pile:1",
        "Т♥ pile:4 → pile:7",
        "2♥ pile:7 → pile:4",
        "К♥ pile:5 → pile:8",
        "Д♥ pile:8 → pile:5",
        "Т♥ pile:4 → foundation:1",
        "К♥ pile:5 → foundation:5",
        "4♠ stock → pile:1",
    }
    # 5♠/7♠ are two apart, 6♠/6♦ differ in suit, Т♥/К♥ are not neighbours
    assert "Т and К are not neighbours" in G.explain_illegal(state, mv("Т♥", "pile:4", "pile:5"))
    assert "same suit" in G.explain_illegal(state, mv("6♦", "pile:6", "pile:2"))
    assert "one apart" in G.explain_illegal(state, mv("5♠", "pile:2", "pile:3"))


def test_a_marriage_moves_one_card_and_empties_a_pile_that_is_refilled():
    state = start(MARRIAGE_STOCK)
    state = step(state, mv("6♠", "pile:1", "pile:2"))
    assert G.legal_moves(state) == [mv("4♠", "stock", "pile:1")]  # refill at once
    state = G.apply(state, G.legal_moves(state)[0])
    assert piles(state)[:3] == ["4♠", "5♠ 6♠", "7♠"]
    moves = G.legal_moves(state)
    # only the top card moves: 5♠ under 6♠ goes nowhere, though 4♠ is its neighbour
    assert not [m for m in moves if m.card == parse_card_index("5♠")]
    assert mv("7♠", "pile:3", "pile:2") in moves and mv("6♠", "pile:2", "pile:3") in moves


def test_a_card_may_shuttle_between_two_piles_and_the_key_is_exact():
    state = start(MARRIAGE_STOCK)
    state = run_forced(step(state, mv("4♠", "stock", "pile:1")))  # a round: the stock is out
    assert piles(state) == ["6♠ 4♠", "5♠ 8♣", "7♠ 3♣", "Т♥ 9♣", "К♥ 2♣", "6♦ 10♣", "2♥ В♣", "Д♥ 5♦"]
    there = step(state, mv("9♣", "pile:4", "pile:2"))  # onto 8♣
    moved = step(there, mv("9♣", "pile:2", "pile:6"))  # onto 10♣
    back = step(moved, mv("9♣", "pile:6", "pile:2"))
    assert back == there and G.key(back) == G.key(there) != G.key(moved)
    assert G.key(there) != G.key(state)


# -- foundations ------------------------------------------------------------------


def test_ace_and_king_foundations_one_of_each_per_suit():
    state = start("Т♠ Т♠ К♠ К♠ 2♠ Д♠ 5♥ 9♦")
    moves = described(G.legal_moves(state))
    assert {"Т♠ pile:1 → foundation:1", "Т♠ pile:2 → foundation:1"} <= moves
    assert {"К♠ pile:3 → foundation:5", "К♠ pile:4 → foundation:5"} <= moves
    state = step(state, mv("Т♠", "pile:1", "foundation:1"))
    state = step(state, mv("К♠", "pile:4", "foundation:5"))
    moves = described(G.legal_moves(state))
    # the second ace and king of spades are ordinary cards now: no new foundation for them
    assert not [m for m in moves if m.startswith(("Т♠", "К♠")) and "foundation" in m]
    assert {"2♠ pile:5 → foundation:1", "Д♠ pile:6 → foundation:5"} <= moves
    state = step(state, mv("2♠", "pile:5", "foundation:1"))
    state = step(state, mv("Д♠", "pile:6", "foundation:5"))
    contents = G.contents(state)
    assert contents[G.place_id("foundation:1")] == tuple(cards("Т♠ 2♠"))
    assert contents[G.place_id("foundation:5")] == tuple(cards("К♠ Д♠"))


def test_second_ace_and_king_finish_the_other_foundation():
    # spades: Т…Д on the ace foundation, К…2 on the king foundation: the other К♠ and Т♠ finish them
    state = position(["К♠", "Т♠", "5♥"], heights=(12, 0, 0, 0, 12, 0, 0, 0), where=(9, 0, 0, 0, 13, 0, 0, 0))
    assert described(G.legal_moves(state)) == {"К♠ pile:1 → foundation:1", "Т♠ pile:2 → foundation:5", "redeal"}


def test_a_card_that_fits_both_foundations_of_its_suit_may_go_to_either():
    # hearts: Т…5 up (foundation:2), К…7 down (foundation:6); 6♥ fits both
    state = position(["6♥"], heights=(0, 0, 5, 0, 0, 0, 7, 0), where=(0, 0, 10, 0, 0, 0, 14, 0), redeals=1)
    assert described(G.legal_moves(state)) == {"6♥ pile:1 → foundation:2", "6♥ pile:1 → foundation:6"}
    # the first ace may start its ace foundation or close a king foundation waiting for it
    state = position(["Т♦"], heights=(1, 0, 0, 0, 0, 0, 0, 12), where=(9, 0, 0, 0, 0, 0, 0, 13), redeals=1)
    assert described(G.legal_moves(state)) == {"Т♦ pile:1 → foundation:2", "Т♦ pile:1 → foundation:5"}


def test_foundations_are_numbered_in_order_of_arrival():
    state = start("Т♥ К♣ Т♠ К♦ 5♥ 9♦ 7♣ 8♠")
    state = step(state, mv("Т♠", "pile:3", "foundation:1"))
    state = step(state, mv("К♦", "pile:4", "foundation:5"))
    moves = G.legal_moves(state)
    assert mv("Т♥", "pile:1", "foundation:2") in moves and mv("Т♥", "pile:1", "foundation:1") not in moves
    assert mv("К♣", "pile:2", "foundation:6") in moves
    assert "goes to foundation:2" in G.explain_illegal(state, mv("Т♥", "pile:1", "foundation:3"))


# -- the redeal -------------------------------------------------------------------


def test_redeal_gathers_the_piles_in_order_and_deals_them_again_from_the_first():
    state = start("5♥ Т♦ 7♦ 10♥ 4♣ 8♠ 3♦ 6♣ 2♦ В♠")
    assert mv("Т♦", "pile:2", "foundation:1") in G.legal_moves(state)
    state = run_forced(step(state, mv("2♦", "stock", "pile:1")))  # the ace is left down
    assert piles(state) == ["5♥ 2♦", "Т♦ В♠", "7♦", "10♥", "4♣", "8♠", "3♦", "6♣"]
    assert not state.stock
    assert described(G.legal_moves(state)) == {
        "2♦ pile:1 → pile:7",
        "3♦ pile:7 → pile:1",
        "redeal",
    }
    assert not G.forced(state)
    state = step(state, redeal(1))
    assert G.redeals_done(state) == 1
    gathered = cards("5♥ 2♦ Т♦ В♠ 7♦ 10♥ 4♣ 8♠ 3♦ 6♣")  # pile 1 first, each bottom to top
    assert G.contents(state)[G.place_id("stock")] == tuple(reversed(gathered))
    assert not any(state.piles)
    # the first eight again, one per pile, no play before they are down (Т♦ lands on pile 3)
    for pile, card in enumerate(names("5♥ 2♦ Т♦ В♠ 7♦ 10♥ 4♣ 8♠"), start=1):
        assert G.legal_moves(state) == [mv(card, "stock", f"pile:{pile}")]
        state = G.apply(state, G.legal_moves(state)[0])
    assert described(G.legal_moves(state)) == {
        "Т♦ pile:3 → foundation:1",
        "Т♦ pile:3 → pile:2",
        "2♦ pile:2 → pile:3",
        "3♦ stock → pile:1",
    }
    state = run_forced(step(state, mv("3♦", "stock", "pile:1")))
    assert piles(state) == ["5♥ 3♦", "2♦ 6♣", "Т♦", "В♠", "7♦", "10♥", "4♣", "8♠"]
    # no second redeal
    assert described(G.legal_moves(state)) == {"Т♦ pile:3 → foundation:1"}
    assert "only one redeal" in G.explain_illegal(state, redeal(2))
    state = step(state, mv("Т♦", "pile:3", "foundation:1"))
    assert G.legal_moves(state) == [] and G.is_over(state) and not G.is_won(state)


def test_redeal_is_the_only_move_when_nothing_else_can_be_done():
    state = start("5♥ 9♣ 7♦ 10♥ 4♣ 8♠ 3♦ 6♣")
    assert G.legal_moves(state) == [redeal(1)] and not G.forced(state)
    state = run_forced(step(state, redeal(1)))
    assert piles(state) == ["5♥", "9♣", "7♦", "10♥", "4♣", "8♠", "3♦", "6♣"]
    assert G.legal_moves(state) == []


# -- the variants (RULES.md, "Other readings") ------------------------------------


AT_ONCE = Village("at_once")
STUCK_REDEAL = Village("stuck_redeal")


def test_at_once_a_fitting_pile_top_goes_up_before_the_next_round():
    state = start(ROUND_STOCK)
    assert described(G.legal_moves(state)) == {"Т♣ pile:5 → foundation:1", "4♠ stock → pile:1"}
    assert described(AT_ONCE.legal_moves(state)) == {"Т♣ pile:5 → foundation:1"}  # «тотчас же»
    assert "goes up first" in AT_ONCE.explain_illegal(state, mv("4♠", "stock", "pile:1"))
    state = AT_ONCE.apply(state, mv("Т♣", "pile:5", "foundation:1"))
    assert AT_ONCE.legal_moves(state) == [mv("4♠", "stock", "pile:5")]  # the refill still comes at once
    state = AT_ONCE.apply(state, mv("4♠", "stock", "pile:5"))
    assert described(AT_ONCE.legal_moves(state)) == {"Т♦ stock → pile:1"}  # nothing fits: the round


def test_at_once_marriages_and_the_redeal_wait_too():
    state = start("5♥ 9♣ 7♦ 10♥ Т♣ 8♠ 3♦ 9♥")  # stock out, Т♣ fits, 9♥ and 10♥ may marry
    assert described(G.legal_moves(state)) == {"Т♣ pile:5 → foundation:1", "10♥ pile:4 → pile:8",
                                                "9♥ pile:8 → pile:4", "redeal"}
    assert described(AT_ONCE.legal_moves(state)) == {"Т♣ pile:5 → foundation:1"}
    assert "goes up first" in AT_ONCE.explain_illegal(state, mv("9♥", "pile:8", "pile:4"))
    assert "waits" in AT_ONCE.explain_illegal(state, redeal(1))
    after = AT_ONCE.apply(state, mv("Т♣", "pile:5", "foundation:1"))
    assert described(AT_ONCE.legal_moves(after)) == {"10♥ pile:4 → pile:8", "9♥ pile:8 → pile:4", "redeal"}


def test_stuck_redeal_waits_while_a_pile_top_fits_and_only_the_redeal_changes():
    state = start("5♥ 9♣ 7♦ 10♥ Т♣ 8♠ 3♦ 9♥")
    assert described(STUCK_REDEAL.legal_moves(state)) == described(G.legal_moves(state)) - {"redeal"}
    assert "waits while a pile top fits" in STUCK_REDEAL.explain_illegal(state, redeal(1))
    after = STUCK_REDEAL.apply(state, mv("Т♣", "pile:5", "foundation:1"))
    assert redeal(1) in STUCK_REDEAL.legal_moves(after)  # marriages left, no card fits: it may come
    assert STUCK_REDEAL.legal_moves(after) == G.legal_moves(after)
    # nothing fits and nothing else to do: the redeal, in every reading
    stuck = start("5♥ 9♣ 7♦ 10♥ 4♣ 8♠ 3♦ 6♣")
    assert G.legal_moves(stuck) == AT_ONCE.legal_moves(stuck) == STUCK_REDEAL.legal_moves(stuck) == [redeal(1)]


# -- the end ----------------------------------------------------------------------


def _winning_stock() -> list[int]:
    """Layer r holds the four aces-side cards of rank r and the four king-side cards of rank 14 − r."""
    stock = []
    for rank in range(1, 14):
        stock += [suit * 13 + rank - 1 for suit in range(4)]
        stock += [suit * 13 + 13 - rank for suit in range(4)]
    return stock


def test_won_when_all_104_cards_are_on_the_foundations():
    stock = _winning_stock()
    assert Counter(stock) == Counter(list(range(52)) * 2)
    played = play_out(G, stock)
    assert played.result is Result.WON and G.is_won(played.final)
    contents = G.contents(played.final)
    assert set(contents) == set(range(G.place_id("foundation:1"), G.place_id("foundation:8") + 1))
    for place in range(1, 5):
        ace_side = contents[G.place_id(f"foundation:{place}")]
        assert [c % 13 for c in ace_side] == list(range(13))
        king_side = contents[G.place_id(f"foundation:{place + 4}")]
        assert [c % 13 for c in king_side] == list(range(12, -1, -1))
    assert G.legal_moves(played.final) == []
    assert G.redeals_done(played.final) == 0


# -- properties -------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.permutations(list(range(52)) * 2), st.randoms(use_true_random=False))
def test_random_play_keeps_every_card_and_offers_only_top_cards(stock, rng):
    counts = Counter(stock)
    state = G.initial_state(stock)
    for _ in range(600):
        contents = G.contents(state)
        assert Counter(c for cs in contents.values() for c in cs) == counts
        moves = G.legal_moves(state)
        if not moves:
            break
        for move in moves:
            if not move.is_redeal:
                assert contents[move.src][-1] == move.card
        if G.forced(state):
            assert len(moves) == 1 and moves[0].src == 0
        state = G.apply(state, rng.choice(moves))


# -- the book's readings ----------------------------------------------------------


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_readings_quote_the_rule_text():
    with open(ASSETS / "readings" / "village.toml", "rb") as handle:
        readings = tomllib.load(handle)["reading"]
    source = _squash(rule_text("village"))
    assert len(readings) >= 8
    for reading in readings:
        assert _squash(reading["quote"]) in source, reading["quote"]
        assert reading["text"].strip()
        assert '"' not in reading["text"], "Russian quotes are «ёлочки»"


@pytest.mark.parametrize("deal", [1, 2, 3])
def test_deals_end_with_every_card_in_place(deal):
    played = play_out(G, stock_indices("village", deal))
    assert played.result in tuple(Result)
    assert sum(len(c) for c in G.contents(played.final).values()) == 104


def test_a_real_deal_is_won_by_the_no_peek_player_and_replays():
    stock = stock_indices("village", 16)
    played = play_out(G, stock)
    assert played.result is Result.WON and G.redeals_done(played.final) <= 1
    state = G.initial_state(stock)
    for move in played.moves:
        assert move in G.legal_moves(state)
        state = G.apply(state, move)
    assert G.is_won(state)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 10**6), st.randoms(use_true_random=False))
def test_explain_illegal_always_gives_a_reason(deal, rng):
    state = G.initial_state(stock_indices("village", deal))
    for _ in range(rng.randrange(0, 300)):
        moves = G.legal_moves(state)
        if not moves:
            break
        state = G.apply(state, rng.choice(moves))
    legal = G.legal_moves(state)
    contents = G.contents(state)
    tops = [Move(cards[-1], place, dst) for place, cards in contents.items() for dst in range(len(G.places))]
    anything = [Move(rng.randrange(52), rng.randrange(len(G.places)), rng.randrange(len(G.places))) for _ in range(30)]
    for move in tops + anything:
        if move not in legal:
            reason = G.explain_illegal(state, move)
            assert isinstance(reason, str) and reason
    if redeal(state.redeals + 1) not in legal:
        assert G.explain_illegal(state, redeal(state.redeals + 1))


@pytest.mark.parametrize("spec", ["village", "village:at_once", "village:stuck_redeal"])
def test_fitting_moves_counts_the_foundation_moves_legal_moves_offers(spec: str) -> None:
    """The player's count (compiled, a C call that makes no position) agrees with ``legal_moves`` on every free
    position of random lines, and after each foundation move with the stock out of sight (the follow-up count)."""
    import random

    from generator.games import make_game
    from generator.games.village import UP, fitting_moves

    game = make_game(spec)
    checked = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = game.initial_state(stock_indices("village", seed + 1))
        for _ in range(600):
            moves = game.legal_moves(state)
            if not moves:
                break
            if not game.forced(state):
                assert fitting_moves(state) == sum(m.dst >= UP for m in moves)
                for move in (m for m in moves if m.dst >= UP):
                    after = game.apply(state, move)._replace(stock=b"")
                    assert fitting_moves(state, move) == sum(m.dst >= UP for m in game.legal_moves(after))
                    checked += 1
            state = game.apply(state, rng.choice(moves))
    assert checked >= 100
