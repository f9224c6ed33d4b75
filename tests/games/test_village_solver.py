"""«Деревенский пасьянс» and the solver: every hint the engine gives (safe moves, left-out
marriages, dead ends) checked against an exhaustive search without hints on small positions,
and the solver on real deals, its winning records checked move by move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cards import parse_card_index
from generator.deals import stock_indices
from generator.games import Move, Result, make_game
from generator.games.village import DOWN, PILE, REDEALS, SUITS, UP, Village, VillageState
from generator.hints import SearchHints, hints_for
from generator.hints.village import _locks, _stuck
from generator.play import play_out
from generator.players import player_for
from generator.solver import Budget, solve, solve_position
from tests.conftest import assert_deal_forced_whole, assert_record_wins
from tests.games.village_positions import G, cards, run_forced

H = hints_for(G)


def winnable(state: VillageState, limit: int = 300_000, game: Village = G) -> bool:
    """Exhaustive search over every legal move of ``game`` (no hint of the engine's used)."""
    seen = {game.key(state)}
    todo = [state]
    while todo:
        here = todo.pop()
        if game.is_won(here):
            return True
        for move in game.legal_moves(here):
            after = game.apply(here, move)
            key = game.key(after)
            if key not in seen:
                seen.add(key)
                todo.append(after)
        assert len(seen) < limit, "position too large for an exhaustive check"
    return False


# Foundation heights (ace side, king side) of one suit that leave at most four of its 26
# cards off the foundations, so that the positions stay small enough to search exhaustively.
_SMALL = [
    (up, down)
    for up in range(14)
    for down in range(14)
    if sum(2 - (rank < up) - (rank > 12 - down) for rank in range(13)) <= 4
]


def small_position(rng: random.Random, *, stock_cards: int = 0, piles: int = 5, redeals: int = REDEALS) -> VillageState:
    """A position after the redeal (or, ``redeals=0``, before it) with the cards a full game would
    have left for some foundation heights, dealt at random into ``piles`` piles and (the rest) the stock."""
    heights = [0] * (2 * SUITS)
    left: list[int] = []
    for suit in range(SUITS):
        up, down = rng.choice(_SMALL)
        heights[suit], heights[suit + SUITS] = up, down
        for rank in range(13):
            left += [suit * 13 + rank] * (2 - (rank < up) - (rank > 12 - down))
    rng.shuffle(left)
    stock, table = left[:stock_cards], left[stock_cards:]
    laid: list[list[int]] = [[] for _ in range(8)]
    for card in table:
        laid[rng.randrange(piles)].append(card)
    where = [UP + suit if heights[suit] else 0 for suit in range(SUITS)]
    where += [DOWN + suit if heights[suit + SUITS] else 0 for suit in range(SUITS)]
    state = VillageState(bytes(stock), tuple(map(bytes, laid)), tuple(heights), tuple(where), 0, redeals)
    return run_forced(state)  # empty piles are refilled from the stock at once


def positions(seed: int, count: int, **kwargs):
    rng = random.Random(seed)
    return [small_position(rng, **kwargs) for _ in range(count)]


END = positions(1, 150)
SECOND_DEAL = positions(2, 80, stock_cards=5, piles=8) + positions(4, 80, stock_cards=9, piles=3)
#: Before the redeal: the redeal gathers the few cards left and deals them again, so these are
#: small too (and the redeal saves nearly all of them: they check soundness, rarely a loss).
FIRST_DEAL = positions(5, 40, piles=3, redeals=0) + positions(6, 20, stock_cards=6, piles=4, redeals=0)
#: The game as printed and its variants (``at_once``, ``stuck_redeal``): the same hints, switched
#: off or re-proved where a variant needs it (``generator.hints.village``), checked on each.
VARIANTS = [None, *Village.variants]
#: After the redeal ``stuck_redeal`` is the game as printed (the same moves everywhere there, which
#: ``test_the_variants_change_which_moves_the_small_positions_offer`` checks on these samples).
AFTER_THE_REDEAL = [None, "at_once"]


# -- dead ends --------------------------------------------------------------------


@pytest.mark.parametrize("variant", AFTER_THE_REDEAL)
@pytest.mark.parametrize("sample", [END, SECOND_DEAL], ids=["end", "second deal"])
def test_dead_end_fires_only_on_positions_that_cannot_be_won(sample, variant):
    game = Village(variant)
    hints = hints_for(game)
    fired = 0
    for state in sample:
        if hints.dead_end(state):
            fired += 1
            assert not winnable(state, game=game), state
    assert fired >= 10, "the sample should exercise the test"


def test_dead_end_never_fires_in_the_first_deal():
    stuck = [state for state in END if _stuck(state.piles, state.heights)]
    assert stuck, "the sample should hold piles the test calls stuck"
    for state in stuck:
        assert H.dead_end(state)  # after the redeal they are lost …
        assert not H.dead_end(state._replace(redeals=0))  # … before it, the redeal still gathers everything


def test_a_card_with_no_way_out_is_stuck():
    # Everything is up but Т♠ 2♠ 3♠ (the ace foundation of spades is full, the king foundation
    # wants 3♠ next). Т♠ lies on 3♠: it can go down only after 2♠, which comes after 3♠; its one
    # marriage, onto 2♠, would lock it there (2♠ could not go down from under it, and no other
    # 2♠ is left to move onto). So Т♠ never leaves, and 3♠ under it never comes out.
    heights = (13, 13, 13, 13, 10, 13, 13, 13)
    where = (9, 10, 11, 12, 13, 14, 15, 16)
    state = VillageState(b"", (bytes(cards("3♠ Т♠")), bytes(cards("2♠"))), heights, where, 0, REDEALS)
    assert _locks(parse_card_index("Т♠"), parse_card_index("2♠"), heights)
    assert H.dead_end(state)
    assert not winnable(state)
    # with Т♠ under 2♠ instead, all three come out
    state = state._replace(piles=(bytes(cards("Т♠ 2♠")), bytes(cards("3♠"))))
    assert not H.dead_end(state)
    assert winnable(state)


# -- safe moves and left-out marriages ------------------------------------------------


def _safe_and_kept(game: Village, sample: list[VillageState]) -> tuple[int, int]:
    """Check that ``game``'s safe move and kept moves keep a win wherever there is one; how many
    safe moves were checked and moves pruned."""
    hints = hints_for(game)
    checked = pruned = 0
    for state in sample:
        if game.forced(state):
            continue
        legal = game.legal_moves(state)
        if not legal or not winnable(state, game=game):
            continue
        safe = hints.safe_move(state, legal)
        if safe is not None:
            checked += 1
            assert winnable(game.apply(state, safe), game=game), (state, safe)
        kept = hints.order(state, hints.prune(state, legal))
        assert sorted(kept) == sorted(set(kept)) and set(kept) <= set(legal)
        pruned += len(legal) - len(kept)
        assert any(winnable(game.apply(state, move), game=game) for move in kept), state
    return checked, pruned


@pytest.mark.parametrize("variant", AFTER_THE_REDEAL)
@pytest.mark.parametrize("sample", [END, SECOND_DEAL], ids=["end", "second deal"])
def test_safe_moves_and_kept_moves_never_lose_a_win(sample, variant):
    checked, pruned = _safe_and_kept(Village(variant), sample)
    # at_once offers a marriage only when no pile top fits, and these samples then hold none that
    # locks; its prune is pinned on a constructed position below.
    assert checked >= 5 and (pruned >= 1 or variant == "at_once")


def test_at_once_prunes_a_locking_marriage_but_not_a_lone_card_s():
    # The position of ``test_a_card_with_no_way_out_is_stuck``: no pile top fits, so at_once too
    # offers the marriages. Т♠ onto 2♠ locks (pruned in both); 2♠, alone in its pile, onto Т♠ is
    # left out by the printed game's second rule, which at_once switches off.
    heights = (13, 13, 13, 13, 10, 13, 13, 13)
    where = (9, 10, 11, 12, 13, 14, 15, 16)
    state = VillageState(b"", (bytes(cards("3♠ Т♠")), bytes(cards("2♠"))), heights, where, 0, REDEALS)
    at_once = Village("at_once")
    lone = next(m for m in G.legal_moves(state) if m.card == parse_card_index("2♠"))
    locking = next(m for m in G.legal_moves(state) if m.card == parse_card_index("Т♠"))
    assert at_once.legal_moves(state) == G.legal_moves(state) == [locking, lone]
    assert H.prune(state, G.legal_moves(state)) == []
    assert hints_for(at_once).prune(state, at_once.legal_moves(state)) == [lone]


def test_at_once_safe_moves_hold_in_the_first_deal_too():
    # ``at_once``'s safe move has its own proof (an exchange), valid before the redeal as well;
    # the printed game's and ``stuck_redeal``'s make no safe move there, and prune nothing.
    checked, _ = _safe_and_kept(Village("at_once"), FIRST_DEAL)
    assert checked >= 20
    for variant in (None, "stuck_redeal"):
        assert _safe_and_kept(Village(variant), FIRST_DEAL) == (0, 0)


def test_the_variants_change_which_moves_the_small_positions_offer():
    # The samples exercise what each variant changes: at_once takes moves away wherever a pile
    # top fits and something else is on offer; stuck_redeal takes the redeal away in the first deal.
    def differing(variant: str, sample: list[VillageState]) -> int:
        game = Village(variant)
        return sum(game.legal_moves(state) != G.legal_moves(state) for state in sample if not G.forced(state))

    assert differing("at_once", END) >= 10 and differing("at_once", FIRST_DEAL) >= 10
    assert differing("stuck_redeal", FIRST_DEAL) >= 10
    assert differing("stuck_redeal", END + SECOND_DEAL) == 0  # after the redeal: the printed game


def test_a_locking_marriage_loses():
    locking = 0
    for state in END + SECOND_DEAL[:40]:
        for move in G.legal_moves(state):
            target = state.piles[move.dst - PILE][-1] if PILE <= move.dst < UP and move.src != 0 else None
            if target is not None and _locks(move.card, target, state.heights):
                locking += 1
                assert not winnable(G.apply(state, move))
    assert locking >= 20


@pytest.mark.parametrize(("sample", "variant"), [
    *((sample, variant) for sample in (END[:60], SECOND_DEAL[:60]) for variant in AFTER_THE_REDEAL),
    *((FIRST_DEAL[:30], variant) for variant in VARIANTS),
], ids=[f"{name}-{variant}" for name in ("end", "second deal") for variant in AFTER_THE_REDEAL]
    + [f"first deal-{variant}" for variant in VARIANTS])
def test_solver_agrees_with_the_plain_rules(sample, variant):
    game = Village(variant)
    bare = SearchHints(game, player_for(game))
    for state in sample:
        expected = Result.WON if winnable(state, game=game) else Result.LOST
        assert solve_position(game, state, budget=Budget(seconds=None), hints=hints_for(game)).result is expected
        assert solve_position(game, state, budget=Budget(seconds=None), hints=bare).result is expected
        hinted = hints_for(game)
        hinted.safe_move = lambda s, m: None  # type: ignore[method-assign]
        assert solve_position(game, state, budget=Budget(seconds=None), hints=hinted).result is expected


def test_perturbed_orders_are_orders_of_the_same_moves():
    rng = random.Random(3)
    state = G.initial_state(stock_indices("village", 7))
    for _ in range(200):
        moves = G.legal_moves(state)
        if not moves:
            break
        ordered = H.order(state, H.prune(state, moves))
        shaken = H.perturb(state, H.prune(state, moves), rng)
        assert sorted(shaken) == sorted(ordered)
        ups = [move for move in ordered if move.dst >= UP]
        assert shaken[: len(ups)] == ups  # foundation moves stay first
        state = G.apply(state, rng.choice(moves))


# -- the solver's restarts --------------------------------------------------------------


@pytest.mark.parametrize("sample", [END[:40], SECOND_DEAL[:40]], ids=["end", "second deal"])
def test_restarted_search_is_exact_on_small_positions(sample):
    hints = hints_for(G)
    hints.restart_unit = 5  # many restarts even on small positions
    for state in sample:
        solution = solve_position(G, state, budget=Budget(seconds=None), hints=hints)
        assert solution.result is (Result.WON if winnable(state) else Result.LOST), state
        for move in solution.moves:
            assert move in G.legal_moves(state)
            state = G.apply(state, move)
        assert G.is_won(state) == (solution.result is Result.WON)


def test_restarts_win_a_deal_a_plain_search_does_not_settle_and_the_record_checks():
    game = Village()
    stock = stock_indices("village", 29)  # a plain depth-first search does not settle it in 10 s
    solution = solve(game, stock, budget=Budget(seconds=30))
    assert solution.result is Result.WON
    assert_record_wins(game, stock, solution.moves, 29)


def test_a_loss_found_after_many_restarts_is_exact():
    # Positions of one attempt are 1 × Luby's sequence: the attempt that proves the loss comes late.
    hints = hints_for(G)
    hints.restart_unit = 1
    stock = cards("К♠ Д♠ 5♥ В♠ 10♠ 9♠ 8♠ 7♠ 6♠")
    assert solve(G, stock, budget=Budget(seconds=30), hints=hints).result is Result.LOST


# -- keys -------------------------------------------------------------------------------


def test_first_deal_key_names_the_stock_by_its_length_within_one_deal():
    stock = stock_indices("village", 3)
    played = play_out(G, stock)
    by_key = {}
    for state in played.states:
        by_key.setdefault(G.key(state), state)
        assert by_key[G.key(state)].stock == state.stock
    first = [state for state in played.states if state.redeals == 0]
    assert len({len(state.stock) for state in first}) > 5


# -- the solver on real deals -----------------------------------------------------------


@pytest.mark.parametrize("deal", [1, 3, 6, 8])
def test_solver_wins_real_deals_and_the_records_check(deal):
    stock = stock_indices("village", deal)
    solution = solve(G, stock, budget=Budget(seconds=20))
    assert solution.result is Result.WON
    assert_record_wins(G, stock, solution.moves, deal)


def test_a_stock_that_cannot_be_won_is_lost():
    # The eight spades from К down to 6 can all go up the king foundation (in the first eight
    # or after marriages and the redeal), but 5♥ never can: there is no Т♥ or К♥ to start a
    # heart foundation. The search must still try every order of play and the redeal.
    stock = cards("К♠ Д♠ 5♥ В♠ 10♠ 9♠ 8♠ 7♠ 6♠")
    assert solve(G, stock, budget=Budget(seconds=30)).result is Result.LOST


def test_a_tiny_budget_on_a_hard_deal_is_unknown():
    # deal 29 takes thousands of positions, far more than the 16 nodes between two clock reads
    stock = stock_indices("village", 29)
    assert solve(G, stock, budget=Budget(nodes=16)).result is Result.UNKNOWN
    assert solve(G, stock, budget=Budget(seconds=1e-6)).result is Result.UNKNOWN


def test_never_lost_where_the_no_peek_player_wins():
    won_by_player = [d for d in range(1, 101) if play_out(G, stock_indices("village", d)).result is Result.WON]
    assert won_by_player
    for deal in won_by_player:
        assert solve(G, stock_indices("village", deal), budget=Budget(seconds=2)).result is not Result.LOST, deal


def _forced_one_by_one(game: Village, state: VillageState, floor: int) -> tuple[list[Move], VillageState]:
    """The dealt blocks and refills made one move at a time, as the solver made them before ``deal_forced``."""
    moves: list[Move] = []
    while game.stock_left(state) > floor and game.forced(state):
        (move,) = game.legal_moves(state)
        moves.append(move)
        state = game.apply(state, move)
    return moves, state


@pytest.mark.parametrize("spec", ["village", "village:at_once"])
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 10**6), floor=st.integers(0, 40))
@settings(max_examples=25, deadline=None)
def test_deal_forced_deals_the_whole_block_and_every_refill(spec: str, deal: int, seed: int, floor: int) -> None:
    """Exactly the moves the engine forces one at a time while the stock lasts, down to the floor: no fewer (the
    solver would make the rest one by one, slower) and no others; after the redeal too (its first eight)."""
    game = make_game(spec)
    assert_deal_forced_whole(game, game.initial_state(stock_indices("village", deal)), seed, floor, _forced_one_by_one)
