"""One test suite over every registered game and variant (OpenSpiel style), with its hints and player.

Nothing here names a game: the suite runs over the registry, and a toy sixth game registered only
inside the test suite (``tests/toy_game``: rules, a figure and a text asset, nothing else) runs
with the five. It checks that

- random legal play never loses or doubles a card, never offers a move that is not one card
  movement from the top of a place (nor one out of a foundation or back into the stock), always
  ends, and replays through the checker, which rejects an altered move;
- the no-peek player plays every deal to an end;
- place names and kinds are declared, and moves round-trip through their plain notation;
- the search hints are sound: on short positions the solver with hints and a plain search
  without any reach the same verdict; ``dead_end`` never fires on a position the plain search
  wins; ``prune`` keeps a subset and ``order`` only reorders; ``acyclic`` holds on random walks;
- a golden playthrough per spec (``tests/playthroughs/``) still comes out move for move.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from generator.deals import stock_indices
from generator.games import Game, Move, PlaceKind, Result, Rules, all_specs, make_game, registered
from generator.hints import SearchHints, hints_for
from generator.play import play_out
from generator.players import player_for
from generator.record import Record, from_json, record_of, replay, to_json
from generator.replay import replay as replay_line
from generator.solver import Budget, proved_lost_at_start, solve, solve_position
from tests.toy_game import SPEC as TOY

with registered(TOY):
    SPECS = all_specs()
DEALS = [1, 2, 3, 17, 100, 1234, 32000, 32001, 99999, 10**12]
PLAYTHROUGHS = Path(__file__).resolve().parent / "playthroughs"
#: Set to regenerate the golden playthroughs (after a change meant to alter a game or its player).
REGEN = "PASYANS_REGEN_PLAYTHROUGHS"


@pytest.fixture(autouse=True)
def _toy_game_registered() -> Iterator[None]:
    """The toy game is in the registry for every test of this suite, and only here."""
    with registered(TOY):
        yield


def random_chooser(game: Game, seed: int) -> Callable[[Any, list[Move]], Move | None]:
    """Uniform random play that never returns to a state it has seen (so it always ends)."""
    rng = random.Random(seed)
    seen: set[Any] = set()

    def choose(state: Any, moves: list[Move]) -> Move | None:
        seen.add(game.key(state))
        fresh = [m for m in moves if game.key(game.apply(state, m)) not in seen]
        return rng.choice(fresh) if fresh else None

    return choose


def check_invariants(game: Game, state: Any, stock_counts: Counter[int]) -> None:
    """Every card once; and every move on offer (not only the one played) is one card movement:
    the top card of its place, to another place, never out of a foundation or back into the stock,
    landing on top of its destination with nothing else changed in number."""
    contents = game.contents(state)
    assert Counter(card for cards in contents.values() for card in cards) == stock_counts
    assert all(cards for cards in contents.values()), "contents lists only non-empty places"
    hash(game.key(state))
    for move in game.legal_moves(state):
        if move.is_redeal:
            assert move.redeal_number == game.redeals_done(state) + 1, "a redeal carries its number"
            continue
        name = game.describe(move)
        assert 0 <= move.src < len(game.places) and 0 <= move.dst < len(game.places)
        source = move.src
        if game.places[source].kind is PlaceKind.STOCK and not game.laid_out(state) and \
                contents.get(source, ())[-1:] != (move.card,):
            # Before the table is laid out a game may draw a card from inside the stock (gallery:any_king's
            # king, which may name the position it lies at: ``stock:47``); it leaves the game's stock.
            source = game.places_of(PlaceKind.STOCK)[0]
            assert move.card in contents.get(source, ()), f"{name}: card not in the stock"
        else:
            assert contents.get(move.src, ())[-1:] == (move.card,), f"{name}: card not on top"
        assert move.src != move.dst, name
        assert not game.places[move.src].final, f"{name}: out of a foundation"
        assert game.places[move.dst].kind is not PlaceKind.STOCK, f"{name}: back into the stock"
        after = game.contents(game.apply(state, move))
        assert after.get(move.dst, ())[-1:] == (move.card,), f"{name}: the card is not on top of its destination"
        sizes = {place: len(after.get(place, ())) - len(contents.get(place, ())) for place in {*contents, *after}}
        assert {place: n for place, n in sizes.items() if n} == {source: -1, move.dst: 1}, name


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("deal", DEALS)
def test_random_play_keeps_every_card_and_ends(spec: str, deal: int) -> None:
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    counts = Counter(stock)
    for seed in range(3):
        played = play_out(game, stock, random_chooser(game, seed * 1000 + deal))
        for state in played.states:
            check_invariants(game, state, counts)
        assert played.result in tuple(Result)
        # Its record goes to JSON and back and replays, move by move, to the same end.
        record = from_json(to_json(record_of(game, stock, played.moves, played.result, deal)))
        replayed = replay(record)
        assert replayed.ok, replayed.reason
        assert replayed.final == played.final and replayed.outcome is played.result


@pytest.mark.parametrize("spec", SPECS)
def test_no_peek_player_plays_to_an_end(spec: str) -> None:
    game = make_game(spec)
    for deal in DEALS[:5]:
        stock = stock_indices(game.id, deal)
        played = play_out(game, stock, max_moves=20_000)
        assert len(played.moves) < 20_000, "the no-peek player must not loop"
        moves = game.legal_moves(played.final)
        assert played.result is not Result.UNKNOWN or moves, "an unknown end has moves left"


@pytest.mark.parametrize("spec", SPECS)
def test_places_are_named_once_with_a_declared_kind(spec: str) -> None:
    game = make_game(spec)
    assert len(set(game.places)) == len(game.places)
    assert game.places[0] == "stock" and game.places[0].kind is PlaceKind.STOCK
    assert all(game.place_id(name) == i for i, name in enumerate(game.places))
    assert all(isinstance(place.kind, PlaceKind) for place in game.places)
    assert game.places_of(PlaceKind.FOUNDATION), "a patience puts its cards somewhere for good"


@pytest.mark.parametrize("spec", SPECS)
def test_moves_round_trip_through_their_notation_and_repr(spec: str) -> None:
    game = make_game(spec)
    played = play_out(game, stock_indices(game.id, 2))
    for move in played.moves:
        assert game.parse_move(move.text(game.places)) == move
        assert eval(repr(move), {"Move": Move}) == move


def _altered_records(game: Game, record: Record, states: list[Any]) -> Iterator[tuple[str, int, Record]]:
    """The record with one move altered three ways: wrong card, wrong place, out of order.

    Each altered move is checked to be illegal where it stands (a fitting card may
    legally go to more than one place, and two packs hold every card twice). The wrong
    place is, when there is one, another place of the same kind (another pile, another
    foundation), the mistake a player would make.
    """
    moves = list(record.moves)
    plain = [i for i, m in enumerate(moves) if not m.is_redeal]
    middle = plain[len(plain) // 2]
    move, before = moves[middle], states[middle]
    legal = set(game.legal_moves(before))
    same_rank_first = sorted(range(52), key=lambda card: (card % 13 != move.card % 13, card))
    wrong_card = next(
        move._replace(card=card) for card in same_rank_first if move._replace(card=card) not in legal
    )
    kind = game.places[move.dst].group
    places = sorted(
        (place for place in range(len(game.places)) if place not in (move.src, move.dst)),
        key=lambda place: (game.places[place].group != kind, place),
    )
    wrong_place = next(move._replace(dst=place) for place in places if move._replace(dst=place) not in legal)
    swapped = next(i for i in reversed(plain) if moves[i] not in legal)
    out_of_order = [*moves[:middle], moves[swapped], *moves[middle:swapped], *moves[swapped + 1 :]]
    for name, altered in (
        ("wrong card", [*moves[:middle], wrong_card, *moves[middle + 1 :]]),
        ("wrong place", [*moves[:middle], wrong_place, *moves[middle + 1 :]]),
        ("out of order", out_of_order),
    ):
        yield name, middle + 1, Record(record.game, record.variant, record.deal, record.stock, Result.UNKNOWN,
                                       tuple(altered))


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("deal", [3, 8])
def test_check_rejects_an_altered_move(spec: str, deal: int) -> None:
    game = make_game(spec)
    stock = stock_indices(game.id, deal)
    played = play_out(game, stock)
    record = record_of(game, stock, played.moves, played.result, deal)
    assert replay(from_json(to_json(record))).ok
    for name, number, altered in _altered_records(game, record, played.states):
        result = replay(from_json(to_json(altered)))
        assert not result.ok, name
        assert result.illegal_at == number, (name, result.illegal_at, result.reason)
        assert result.reason


# -- the hints -------------------------------------------------------------------------------------------


def plain_hints(game: Game) -> SearchHints[Any]:
    """No hint at all: the plain rules, every legal move tried."""
    return SearchHints(game, player_for(game))


#: Positions searched, at most, by the plain search of one short position (beyond: not short).
SHORT = 5_000


def _short_positions(game: Game) -> tuple[list[Any], bool]:
    """Positions near the end of lines of play: moves before the end of the solver's won lines
    (winnable), and near the ends of no-peek and random lines (mostly lost); and whether any deal
    of the sample was won (a game that wins none gives no winnable position to compare)."""
    found: list[Any] = []
    won = 0
    for deal in range(1, 9):
        stock = stock_indices(game.id, deal)
        solved = solve(game, stock, budget=Budget(seconds=None, nodes=SHORT))
        if solved.result is Result.WON and won < 3:
            won += 1
            states = replay_line(game, game.initial_state(stock), solved.moves).states
            found.extend(states[-k] for k in (6, 16, 30) if k < len(states))
        for line in (play_out(game, stock), play_out(game, stock, random_chooser(game, deal))):
            found.extend(line.states[-13::6])
    return found, won > 0


@pytest.mark.parametrize("spec", SPECS)
def test_hints_on_and_off_give_the_same_verdict_on_short_positions(spec: str) -> None:
    game = make_game(spec)
    hints = hints_for(game)
    positions, any_won = _short_positions(game)
    verdicts: Counter[Result] = Counter()
    for state in positions:
        plain = solve_position(game, state, budget=Budget(seconds=None, nodes=SHORT), hints=plain_hints(game))
        if not plain.decided:
            continue
        hinted = solve_position(game, state, budget=Budget(seconds=None, nodes=4 * SHORT), hints=hints)
        assert hinted.result is plain.result, (spec, game.describe(game.legal_moves(state)[0])
                                               if game.legal_moves(state) else "end")
        if plain.result is Result.WON:
            assert not hints.dead_end(state), "dead_end fired on a position the plain search wins"
            assert not hints.proved_lost(state), "proved_lost said so of a position the plain search wins"
        verdicts[plain.result] += 1
    assert sum(verdicts.values()) >= 6 and (verdicts[Result.WON] >= 2 or not any_won), verdicts


#: A table this small forgets (``Budget.table``) many times over in a short search.
FORGETFUL = 16


@pytest.mark.parametrize("spec", SPECS)
def test_a_search_whose_table_forgets_reaches_the_same_verdicts(spec: str) -> None:
    """``Budget.table``: a search whose table forgets every position but the line's reaches the verdict of one that
    remembers them all, at more positions (or runs out of them: then it says unknown, never another verdict); a
    won line replays to a win. Plain searches, the largest on short positions."""
    game = make_game(spec)
    positions, _ = _short_positions(game)
    verdicts: Counter[Result] = Counter()
    forgot = largest = 0
    for state in positions:
        whole = solve_position(game, state, budget=Budget(seconds=None, nodes=SHORT), hints=plain_hints(game))
        if not whole.decided:
            continue
        largest = max(largest, whole.nodes)
        small = solve_position(game, state, budget=Budget(seconds=None, nodes=10 * SHORT, table=FORGETFUL),
                               hints=plain_hints(game))
        assert small.result in (whole.result, Result.UNKNOWN), spec
        if small.result is Result.WON:
            assert replay_line(game, state, small.moves).won
        if small.decided:
            verdicts[small.result] += 1
            forgot += small.nodes > FORGETFUL
    # Some search forgot, wherever one held more than the table (none does in «Кадриль», which offers no choice).
    assert sum(verdicts.values()) >= 6 and (forgot or largest <= FORGETFUL), (verdicts, forgot, largest)


@pytest.mark.parametrize("spec", SPECS)
def test_dead_end_never_fires_along_a_winning_line(spec: str) -> None:
    """Nor ``proved_lost`` at the start of a won deal."""
    game = make_game(spec)
    hints = hints_for(game)
    lines = 0
    for deal in range(1, 9):
        stock = stock_indices(game.id, deal)
        solved = solve(game, stock, budget=Budget(seconds=None, nodes=SHORT))
        if solved.result is not Result.WON:
            continue
        lines += 1
        assert not proved_lost_at_start(game, stock), deal  # the odds run's strongest test, at the search's start
        state = game.initial_state(stock)
        for move in solved.moves:
            assert not hints.dead_end(state), (deal, game.describe(move))
            state = game.apply(state, move)
        assert game.is_won(state)
    if not lines:
        pytest.skip("no deal of the sample won within the bound")


@pytest.mark.parametrize("spec", SPECS)
def test_prune_keeps_a_subset_and_orders_only_reorder(spec: str) -> None:
    game = make_game(spec)
    hints = hints_for(game)
    restarts = hints.restarts()
    orders = [hints.order] + ([restarts.order(attempt) for attempt in (1, 2, 3)] if restarts else [])
    for deal in (1, 2, 3):
        played = play_out(game, stock_indices(game.id, deal), random_chooser(game, deal))
        for state in played.states:
            moves = game.legal_moves(state)
            kept = hints.prune(state, list(moves))
            assert set(kept) <= set(moves) and len(kept) == len(set(kept))
            assert kept or not moves, "prune left nothing of a position's moves"
            for order in orders:
                assert sorted(order(state, list(kept))) == sorted(kept)
            safe = hints.safe_move(state, list(moves)) if moves else None
            assert safe is None or safe in moves


@pytest.mark.parametrize("spec", SPECS)
def test_acyclic_hints_hold_on_random_walks(spec: str) -> None:
    game = make_game(spec)
    if not hints_for(game).acyclic:
        pytest.skip("the hints make no claim")
    for seed in range(4):
        rng = random.Random(seed)
        state = game.initial_state(stock_indices(game.id, seed + 1))
        seen = {game.key(state)}
        while moves := game.legal_moves(state):
            state = game.apply(state, rng.choice(moves))
            key = game.key(state)
            assert key not in seen, "a line came back to a position"
            seen.add(key)


@pytest.mark.parametrize("spec", SPECS)
def test_deal_forced_makes_only_forced_moves(spec: str) -> None:
    """The hot loops' shortcut is no rule: each move it makes is the only legal move of a forced position,
    it stops before the stock gets down to the floor, and the moves it lists lead to the position it returns."""
    game = make_game(spec)
    made = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.initial_state(stock_indices(game.id, seed + 1))
        while moves := game.legal_moves(state):
            floor = rng.choice((0, 0, rng.randrange(1 + game.stock_left(state))))
            forced: list[Move] = []
            end = game.deal_forced(state, forced, stock_floor=floor)
            step = state
            for move in forced:
                assert game.forced(step) and game.legal_moves(step) == [move]
                assert game.stock_left(step) > floor
                step = game.apply(step, move)
            assert step == end
            made += len(forced)
            state = game.apply(state, rng.choice(moves))
    assert made or type(game).deal_forced is Rules.deal_forced, "an override that never deals"


# -- golden playthroughs ---------------------------------------------------------------------------------


def _playthrough_text(spec: str) -> str:
    """Deal 1 played by the no-peek player, every move in plain notation, and how it ended."""
    game = make_game(spec)
    played = play_out(game, stock_indices(game.id, 1))
    lines = [f"# {spec}, deal 1, the no-peek player", *(game.describe(m) if not m.is_redeal else m.text(game.places)
                                                     for m in played.moves), f"result {played.result}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("spec", SPECS)
def test_golden_playthrough(spec: str) -> None:
    path = PLAYTHROUGHS / f"{spec.replace(':', '.')}.txt"
    text = _playthrough_text(spec)
    if os.environ.get(REGEN):
        PLAYTHROUGHS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden playthrough for {spec}: run the tests with {REGEN}=1 once, and commit it"
    assert path.read_text(encoding="utf-8") == text, f"{spec}: the no-peek game of deal 1 changed ({REGEN}=1)"
