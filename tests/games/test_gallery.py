"""«Картинная галерея»: each reading of RULES.md §4 pinned on a constructed stock or position."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cards import parse_card_index
from generator.deals import stock_indices
from generator.games import Move, Result, make_game, redeal
from generator.games.gallery_cards import EMPTY, KIND, KING, NO_PILES, foundations, middle_king, tops
from generator.games.gallery_positions import GalleryState
from generator.play import play_out
from generator.players import player_for
from tests.conftest import assert_deal_forced_whole

GAME = make_game("gallery")
P = GAME.place_id
STOCK = P("stock")


def c(text: str) -> int:
    return parse_card_index(text)


def cs(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def arrange(placed: dict[int, str]) -> tuple[int, ...]:
    """A full two-pack stock, top card first: ``placed`` maps positions 1…104 to cards.

    The other positions take the remaining cards: ordinary cards, aces and
    queens in pack order, then the remaining kings at the very bottom.
    """
    rest = Counter(range(52)) + Counter(range(52))
    for text in placed.values():
        rest[c(text)] -= 1
    assert all(n >= 0 for n in rest.values()), "a card placed three times"
    filler = sorted(rest.elements(), key=lambda card: (KIND[card] == KING, card))
    stock = []
    for position in range(1, 105):
        stock.append(c(placed[position]) if position in placed else filler.pop(0))
    return tuple(stock)


def top(cards: str, *, king: str = "К♥", at: int = 52) -> tuple[int, ...]:
    """A full stock whose first cards are ``cards``, with ``king`` the middle king at position ``at``."""
    placed = {i: text for i, text in enumerate(cards.split(), 1)}
    placed[at] = king
    return arrange(placed)


def play(state, *moves: Move):
    for move in moves:
        assert move in GAME.legal_moves(state), (
            GAME.describe(move),
            [GAME.describe(m) for m in GAME.legal_moves(state)],
        )
        state = GAME.apply(state, move)
    return state


def deal_one(state, dst: str | None = None):
    """Turn the next stock card: to ``dst`` when given, else to its only place."""
    moves = [m for m in GAME.legal_moves(state) if m.src == STOCK]
    if dst is None:
        assert len(moves) == 1, [GAME.describe(m) for m in moves]
        return GAME.apply(state, moves[0])
    return play(state, Move(state.stock[0], STOCK, P(dst)))


def pile(state, n: int) -> list[int]:
    return list(state.piles[n - 1])


def position(piles: list[str], found: list[str] | None = None, *, stock: str = "", redeals: int = 0) -> GalleryState:
    """A hand-made position: piles as «К♠ 5♦ 6♦» strings (king first), foundation tops."""
    up = [c(t) if t else EMPTY for t in (found or [])]
    up += [EMPTY] * (8 - len(up))
    laid = [bytes(cs(p)) for p in piles] + [b""] * (8 - len(piles))
    return GalleryState(bytes(cs(stock)), tuple(laid), foundations(up), (), redeals)


# -- the middle king -----------------------------------------------------------------------


def test_the_middle_king_is_laid_first_as_pile_1_and_the_rest_keep_their_order():
    stock = arrange({10: "К♦", 50: "К♥", 55: "К♠", 90: "К♣"})  # 50 and 55 are both 2.5 from 52.5
    state = GAME.initial_state(stock)
    assert GAME.legal_moves(state) == [Move(c("К♥"), STOCK, P("pile:1"))]
    assert GAME.forced(state)
    state = GAME.apply(state, Move(c("К♥"), STOCK, P("pile:1")))
    assert GAME.contents(state)[P("pile:1")] == (c("К♥"),)
    assert GAME.contents(state)[STOCK] == (*stock[:49], *stock[50:])[::-1]


@pytest.mark.parametrize(
    ("kings", "chosen"),
    [
        ((1, 2, 3, 52, 53, 102, 103, 104), 52),  # the exact middle lies between them: the upper one
        ((1, 2, 3, 51, 53, 102, 103, 104), 53),  # 1.5 against 0.5
        ((1, 2, 3, 39, 65, 102, 103, 104), 65),  # 13.5 against 12.5
        ((1, 2, 3, 4, 101, 102, 103, 104), 4),  # 48.5 each: the upper one
    ],
)
def test_the_middle_king_is_the_nearest_to_52_5_and_the_upper_one_on_a_tie(kings, chosen):
    names = ["К♠", "К♣", "К♥", "К♦"] * 2
    stock = arrange(dict(zip(kings, names, strict=True)))
    assert middle_king(stock) == chosen - 1
    state = GAME.initial_state(stock)
    assert GAME.legal_moves(state) == [Move(stock[chosen - 1], STOCK, P("pile:1"))]
    assert tuple(state.stock) == (stock[chosen - 1], *stock[: chosen - 1], *stock[chosen:])


def test_the_stock_must_be_two_full_packs():
    with pytest.raises(ValueError, match="two full packs"):
        GAME.initial_state(cs("К♠ 5♦ 6♦"))


# -- dealing -------------------------------------------------------------------------------


def test_aces_and_queens_take_the_next_free_place_of_their_row_in_order_of_arrival():
    state = deal_one(GAME.initial_state(top("Т♠ Д♥ Т♥ Д♠ Т♠ 5♦")))
    expected = ["foundation:1", "queen:1", "foundation:2", "queen:2", "foundation:3"]
    for dst in expected:
        moves = GAME.legal_moves(state)
        assert moves == [Move(state.stock[0], STOCK, P(dst))]
        assert GAME.forced(state)
        state = GAME.apply(state, moves[0])
    contents = GAME.contents(state)
    assert [contents[P(f"foundation:{i}")] for i in (1, 2, 3)] == [(c("Т♠"),), (c("Т♥"),), (c("Т♠"),)]
    assert [contents[P(f"queen:{i}")] for i in (1, 2)] == [(c("Д♥"),), (c("Д♠"),)]


def test_a_king_starts_the_next_pile_and_consecutive_kings_each_get_one_card():
    state = deal_one(GAME.initial_state(top("5♠ К♦ К♣ 7♥ 8♥ 9♥ 10♣ К♠ 3♦ 4♦")))
    destinations = []
    for _ in range(10):
        moves = GAME.legal_moves(state)
        assert len(moves) == 1 and GAME.forced(state)
        destinations.append(GAME.places[moves[0].dst])
        state = GAME.apply(state, moves[0])
    assert destinations == [
        "pile:1",  # 5♠ onto the middle king
        "pile:2",  # К♦
        "pile:3",  # К♣
        "pile:2",  # 7♥: the leftmost bare king
        "pile:3",  # 8♥: the next bare king
        "pile:3",  # 9♥: no bare king, the newest pile
        "pile:3",  # 10♣
        "pile:4",  # К♠
        "pile:4",  # 3♦
        "pile:4",  # 4♦
    ]
    assert pile(state, 3) == cs("К♣ 8♥ 9♥ 10♣")


def test_a_card_that_continues_a_foundation_may_go_up_or_onto_its_pile():
    state = deal_one(GAME.initial_state(top("Т♠ 2♠ 3♠")))
    state = deal_one(state)  # Т♠ up
    assert set(GAME.legal_moves(state)) == {
        Move(c("2♠"), STOCK, P("foundation:1")),
        Move(c("2♠"), STOCK, P("pile:1")),
    }
    assert not GAME.forced(state)
    state = deal_one(state, "pile:1")
    # 3♠ fits nothing yet, but the 2♠ on the pile may go up before it is turned
    assert set(GAME.legal_moves(state)) == {
        Move(c("3♠"), STOCK, P("pile:1")),
        Move(c("2♠"), P("pile:1"), P("foundation:1")),
    }
    state = play(state, Move(c("2♠"), P("pile:1"), P("foundation:1")))
    assert set(GAME.legal_moves(state)) == {
        Move(c("3♠"), STOCK, P("foundation:1")),
        Move(c("3♠"), STOCK, P("pile:1")),
    }


def test_two_foundations_of_a_suit_at_the_same_card_both_take_it():
    state = deal_one(GAME.initial_state(top("Т♠ Т♠ 2♠")))
    state = deal_one(deal_one(state))
    assert set(GAME.legal_moves(state)) == {
        Move(c("2♠"), STOCK, P("foundation:1")),
        Move(c("2♠"), STOCK, P("foundation:2")),
        Move(c("2♠"), STOCK, P("pile:1")),
    }
    a = GAME.apply(state, Move(c("2♠"), STOCK, P("foundation:1")))
    b = GAME.apply(state, Move(c("2♠"), STOCK, P("foundation:2")))
    assert a != b and GAME.key(a) == GAME.key(b)


def test_a_king_left_bare_while_the_stock_has_cards_takes_the_next_ordinary_card():
    state = deal_one(GAME.initial_state(top("Т♠ 2♠ К♦ 5♦ 6♦ 7♦ 8♦")))
    state = deal_one(state)  # Т♠ → foundation:1
    state = deal_one(state, "pile:1")  # 2♠ kept on pile 1
    state = deal_one(deal_one(deal_one(state)))  # К♦ → pile:2, 5♦ and 6♦ onto it
    assert pile(state, 2) == cs("К♦ 5♦ 6♦")
    state = play(state, Move(c("2♠"), P("pile:1"), P("foundation:1")))
    # pile 1's king is bare and pile 2 could spare a card, but the stock is not out: no cover
    assert GAME.legal_moves(state) == [Move(c("7♦"), STOCK, P("pile:1"))]
    state = deal_one(state)
    assert pile(state, 1) == cs("К♥ 7♦")
    state = deal_one(state)
    assert pile(state, 2) == cs("К♦ 5♦ 6♦ 8♦")


def test_pile_tops_go_up_at_any_time_while_dealing_and_kings_never_move():
    state = position(["К♠ 3♥ 2♣", "К♦ 9♦", "К♥"], ["Т♣", "2♥", "8♦"], stock="5♠ 6♠")
    assert set(GAME.legal_moves(state)) == {
        Move(c("5♠"), STOCK, P("pile:3")),
        Move(c("2♣"), P("pile:1"), P("foundation:1")),
        Move(c("9♦"), P("pile:2"), P("foundation:3")),
    }
    state = play(state, Move(c("9♦"), P("pile:2"), P("foundation:3")))
    assert all(m.src != P("pile:2") for m in GAME.legal_moves(state))  # a bare king stays put


# -- once the stock is out ---------------------------------------------------------------------


def test_a_bare_king_must_be_covered_first_from_a_pile_with_two_cards_or_more():
    state = position(
        ["К♠", "К♦ 5♦ 6♦", "К♣ 9♣", "К♥", "К♥ 2♥ 3♥ 4♥", "К♠ 7♠", "К♣ 8♣", "К♦ 10♦"],
        ["8♣", "Т♥"],
        redeals=0,
    )
    assert set(GAME.legal_moves(state)) == {
        Move(c("6♦"), P("pile:2"), P("pile:1")),
        Move(c("6♦"), P("pile:2"), P("pile:4")),
        Move(c("4♥"), P("pile:5"), P("pile:1")),
        Move(c("4♥"), P("pile:5"), P("pile:4")),
    }  # not 9♣ up (the cover comes first), not from pile 3 (it would bare its king), no redeal
    assert GAME.forced(state)
    illegal = GAME.explain_illegal(state, Move(c("9♣"), P("pile:3"), P("foundation:1")))
    assert "covered first" in illegal
    state = play(state, Move(c("4♥"), P("pile:5"), P("pile:1")), Move(c("3♥"), P("pile:5"), P("pile:4")))
    assert not GAME.forced(state)
    assert set(GAME.legal_moves(state)) == {
        Move(c("9♣"), P("pile:3"), P("foundation:1")),
        Move(c("2♥"), P("pile:5"), P("foundation:2")),
        redeal(1),
    }
    # 2♥ up bares pile 5's king again: covering comes first once more
    state = play(state, Move(c("2♥"), P("pile:5"), P("foundation:2")))
    assert set(GAME.legal_moves(state)) == {Move(c("6♦"), P("pile:2"), P("pile:5"))}


def test_bare_kings_stay_bare_when_no_pile_can_spare_a_card():
    state = position(["К♠", "К♦ 5♦", "К♣", "К♥", "К♥", "К♠ 7♠", "К♣ 8♣", "К♦ 10♦"], ["Т♣"], redeals=1)
    assert GAME.legal_moves(state) == [redeal(2)]
    assert not GAME.is_won(state)


def test_the_piles_are_gathered_pile_1_first_each_from_its_king_and_dealt_again_without_a_middle_king():
    piles = ["К♠ 9♦ 2♣", "К♦ 5♦", "К♣ 4♠", "К♥ 8♥", "К♥ 6♥", "К♠ 7♠", "К♣ Т♣", "К♦ 10♦"]
    state = position(piles, ["Т♠", "Т♥"])
    assert redeal(1) in GAME.legal_moves(state)
    state = GAME.apply(state, redeal(1))
    assert GAME.redeals_done(state) == 1
    assert tuple(state.stock) == tuple(cs(" ".join(piles)))
    assert state.piles == NO_PILES and tops(state.found) == (c("Т♠"), c("Т♥"), *(EMPTY,) * 6)
    # the first card is pile 1's king, and it starts pile 1: no king is drawn out of the middle
    assert GAME.legal_moves(state) == [Move(c("К♠"), STOCK, P("pile:1"))]
    state = deal_one(deal_one(state))  # К♠, then 9♦ onto it
    assert GAME.legal_moves(state) == [Move(c("2♣"), STOCK, P("pile:1"))]
    state = deal_one(deal_one(state))  # 2♣, К♦ → pile:2
    assert pile(state, 2) == cs("К♦")


def test_no_redeal_while_the_stock_has_cards_and_none_after_the_third_deal():
    dealing = position(["К♠ 9♦"], stock="5♠")
    assert not any(m.is_redeal for m in GAME.legal_moves(dealing))
    assert "whole stock" in GAME.explain_illegal(dealing, redeal(1))
    third = position(["К♠ 9♦ 2♣", "К♦ 5♦", "К♣ 4♠", "К♥ 8♥", "К♥ 6♥", "К♠ 7♠", "К♣ 3♣", "К♦ 10♦"], redeals=2)
    assert GAME.legal_moves(third) == []
    assert not GAME.is_won(third)
    assert "fourth" in GAME.explain_illegal(position(["К♠ 9♦", "К♥ 3♦ 4♦"], ["8♦"], redeals=2), redeal(3))


def test_three_deals_in_all_and_the_redeal_is_offered_once_the_stock_is_out():
    state = GAME.initial_state(top(""))
    redeals_at = []
    while moves := GAME.legal_moves(state):
        if any(m.is_redeal for m in moves):
            assert not state.stock and not GAME.forced(state)
            redeals_at.append(GAME.redeals_done(state))
        # keep every card on its pile when there is a choice; gather only when nothing else is left
        choice = next((m for m in moves if m.src == STOCK and m.dst < P("foundation:1")), moves[0])
        state = GAME.apply(state, choice)
    assert GAME.redeals_done(state) == 2
    assert sorted(set(redeals_at)) == [0, 1]
    assert not state.stock and not GAME.is_won(state)


def test_the_first_deal_ends_with_bare_kings_covered_from_the_one_big_pile():
    stock = top("")
    state = GAME.initial_state(stock)
    while state.stock:
        moves = GAME.legal_moves(state)
        state = GAME.apply(state, next((m for m in moves if m.src == STOCK and m.dst < P("foundation:1")), moves[0]))
    # the other seven kings were the last seven cards: bare, and only pile 1 can spare cards
    assert [len(p) for p in state.piles[1:]] == [1] * 7
    assert len(state.piles[0]) > 3
    moves = GAME.legal_moves(state)
    assert GAME.forced(state)
    assert set(moves) == {Move(state.piles[0][-1], P("pile:1"), P(f"pile:{k}")) for k in range(2, 9)}


def test_a_stock_in_order_comes_out_in_the_first_deal():
    placed = {}
    position_ = 1
    for rank in ["Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д"]:
        for suit in "♠♣♥♦":
            for _ in range(2):
                placed[position_] = rank + suit
                position_ += 1
    stock = arrange(placed)  # kings at 97…104: the middle king is the one at 97
    played = play_out(GAME, stock, None)
    assert played.moves[0] == Move(stock[96], STOCK, P("pile:1"))
    assert played.result is Result.WON and GAME.is_won(played.final)
    assert GAME.redeals_done(played.final) == 0
    contents = GAME.contents(played.final)
    assert sorted(len(contents[P(f"foundation:{i}")]) for i in range(1, 9)) == [11] * 8
    assert all(contents[P(f"foundation:{i}")][-1] % 13 + 1 == 11 for i in range(1, 9))
    assert [contents[P(f"pile:{i}")] for i in range(1, 9)] == [(card,) for card in stock[96:]]
    assert len([p for p in contents if p >= P("queen:1")]) == 8
    assert GAME.legal_moves(played.final) == []


# -- key, no-peek player, properties --------------------------------------------------------------


def test_key_merges_foundation_order_and_the_final_phase_pile_order_only():
    a = position(["К♠ 5♦", "К♦ 7♠ 8♠"], ["Т♠", "3♥"], redeals=1)
    b = position(["К♠ 5♦", "К♦ 7♠ 8♠"], ["3♥", "Т♠"], redeals=1)
    assert GAME.key(a) == GAME.key(b)
    swapped = position(["К♦ 7♠ 8♠", "К♠ 5♦"], ["Т♠", "3♥"], redeals=1)
    assert GAME.key(a) != GAME.key(swapped)  # a redeal is left: pile order matters
    last = position(["К♠ 5♦", "К♦ 7♠ 8♠"], ["Т♠", "3♥"], redeals=2)
    last_swapped = position(["К♥ 7♠ 8♠", "К♣ 5♦"], ["3♥", "Т♠"], redeals=2)
    assert GAME.key(last) == GAME.key(last_swapped)


def test_the_no_peek_player_plays_pile_tops_up_whatever_card_comes_next():
    for next_card in ["5♠", "Т♦", "К♣", "Д♦"]:
        state = position(["К♠ 3♥ 2♣", "К♦ 4♥"], ["Т♣", "2♥"], stock=next_card)
        move = player_for(GAME).choose(state, GAME.legal_moves(state))
        assert move == Move(c("2♣"), P("pile:1"), P("foundation:1"))  # it uncovers 3♥, which fits too


def _random_game(stock, seed):
    import random

    rng = random.Random(seed)
    state = GAME.initial_state(stock)
    states = [state]
    while (moves := GAME.legal_moves(state)) and len(states) < 2000:
        state = GAME.apply(state, rng.choice(moves))
        states.append(state)
    return states


@settings(max_examples=30, deadline=None)
@given(st.permutations(list(range(52)) * 2), st.integers(0, 10**6))
def test_random_play_on_random_stocks_keeps_the_rules(stock, seed):
    counts = Counter(stock)
    for state in _random_game(tuple(stock), seed):
        contents = GAME.contents(state)
        assert Counter(card for cards in contents.values() for card in cards) == counts
        for p in state.piles:
            assert not p or KIND[p[0]] == KING, "a pile is always based on its king"
            assert all(KIND[card] != KING for card in p[1:])
        assert all(len(contents.get(P(f"queen:{k}"), ())) <= 1 for k in range(1, 9))
        for move in GAME.legal_moves(state):
            if move.is_redeal:
                assert not state.stock
                continue
            assert contents[move.src][-1] == move.card
            assert KIND[move.card] != KING or move.src == STOCK, "a king never moves"
            if move.src != STOCK and move.dst < P("foundation:1"):
                assert not state.stock and len(state.piles[move.dst - 1]) == 1, "covers only onto bare kings"
        assert GAME.redeals_done(state) <= 2


def test_no_peek_wins_some_deals_and_loses_others():
    results = Counter(
        play_out(GAME, stock_indices("gallery", deal), None).result
        for deal in range(1, 41)
    )
    assert results[Result.WON] and results[Result.LOST] and not results[Result.UNKNOWN]


def test_every_reading_quotes_the_rule_text():
    import re
    import tomllib

    from generator.paths import ASSETS, rule_text

    text = re.sub(r"\s+", " ", rule_text("gallery"))
    with (ASSETS / "readings" / "gallery.toml").open("rb") as handle:
        readings = tomllib.load(handle)["reading"]
    assert len(readings) >= 11
    for reading in readings:
        assert re.sub(r"\s+", " ", reading["quote"]) in text, reading["quote"]
        assert reading["text"].strip()


def test_illegal_moves_are_explained():
    covering = position(["К♠", "К♦ 5♦ 6♦", "К♣ 9♣"], ["8♣"])
    assert "covered first" in GAME.explain_illegal(covering, Move(c("9♣"), P("pile:3"), P("foundation:1")))
    assert "covered first" in GAME.explain_illegal(covering, redeal(1))
    assert "never moves" in GAME.explain_illegal(covering, Move(c("К♠"), P("pile:1"), P("pile:2")))
    spare = position(["К♠", "К♦ 5♦", "К♣ 9♣"], ["8♣"])
    assert "cannot spare" in GAME.explain_illegal(spare, Move(c("9♣"), P("pile:3"), P("pile:1")))
    dealing = position(["К♠ 4♦", "К♦ 5♦ 6♦", "К♣ 9♣"], ["8♣"], stock="7♥ 8♥")
    assert GAME.explain_illegal(dealing, Move(c("7♥"), STOCK, P("pile:1"))) == "7♥ from the stock goes to pile:3"
    assert "while the stock has cards" in GAME.explain_illegal(dealing, Move(c("6♦"), P("pile:2"), P("pile:1")))
    assert "does not continue" in GAME.explain_illegal(dealing, Move(c("9♣"), P("pile:3"), P("foundation:2")))


def forced_one_by_one(game, state: GalleryState, floor: int) -> tuple[list[Move], GalleryState]:
    """The forced deals made one move at a time, as the hot loops made them before ``deal_forced``."""
    moves: list[Move] = []
    while state.stock and len(state.stock) > floor and not game.choosing(state) and game.forced(state):
        (move,) = game.legal_moves(state)
        moves.append(move)
        state = game.apply(state, move)
    return moves, state


@pytest.mark.parametrize("spec", ["gallery", "gallery:any_king", "gallery:optional_cover"])
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 10**6), floor=st.integers(0, 40))
@settings(max_examples=25, deadline=None)
def test_deal_forced_deals_the_whole_forced_run_of_the_stock(spec: str, deal: int, seed: int, floor: int) -> None:
    """Exactly the moves the engine forces one at a time while the stock lasts, down to the floor: no fewer (the
    playouts and the solver would make the rest one by one, slower) and no others."""
    game = make_game(spec)
    assert_deal_forced_whole(game, game.initial_state(stock_indices("gallery", deal)), seed, floor, forced_one_by_one)
