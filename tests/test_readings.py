"""``Rules.wider_readings``: where one reading of a game allows every move another allows, held on lines.

Over the registry: for every declared pair (and the pairs it chains into), random lines of the narrower
reading replay move for move under the wider one (named as it names them, ``adopt_line``), through the
same positions; and random lines of the wider reading, the other way round, break the narrower one's
rules somewhere, so the check can tell the two apart. The saved odds are held to the pairs in
``tests/test_stats_file.py``.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from generator.deals import stock_indices
from generator.games import GAME_IDS, Game, Move, all_specs, make_game, wider_readings
from generator.play import play_out

PAIRS = [pair for game_id in GAME_IDS for pair in wider_readings(game_id)]
DEALS = (1, 2, 3, 7)
LIMIT = 2000  # moves of a random line (every game here ends well before)


def random_line(game: Game, stock: list[int], rng: random.Random) -> list[Move]:
    """A line of uniformly random legal moves from the start of ``stock`` to the end of the game."""
    return play_out(game, stock, lambda _state, moves: rng.choice(moves), max_moves=LIMIT).moves


def legal_for(game: Game, stock: list[int], line: list[Move], *, against: Game) -> bool:
    """Whether ``line`` (a line of ``against``) is legal under ``game``, through the positions ``against`` reaches."""
    state, theirs = game.initial_state(stock), against.initial_state(stock)
    for move, own in zip(line, game.adopt_line(stock, line), strict=True):
        if own not in game.legal_moves(state):
            return False
        state, theirs = game.apply(state, own), against.apply(theirs, move)
        assert game.contents(state) == against.contents(theirs)
    return True


def test_the_games_declare_the_pairs_their_readings_make() -> None:
    """The pairs the game modules argue (a pair's spec that does not exist would be a typo)."""
    assert ("gallery", "gallery:optional_cover") in PAIRS  # chained through cover_before_gathering
    assert ("brunette_blonde:stuck_redeal", "brunette_blonde:free_waste") in PAIRS
    assert not [pair for pair in PAIRS if "two_cards" in "".join(pair) or "queens_first" in "".join(pair)]
    for narrow, wide in PAIRS:
        make_game(narrow), make_game(wide)


@pytest.mark.parametrize(("narrow", "wide"), PAIRS)
def test_every_line_of_the_narrower_reading_is_a_line_of_the_wider(narrow: str, wide: str) -> None:
    narrower, wider = make_game(narrow), make_game(wide)
    rng = random.Random(f"{narrow} {wide}")
    for deal in DEALS:
        stock = stock_indices(narrower.id, deal)
        for _ in range(3):
            line = random_line(narrower, stock, rng)
            assert legal_for(wider, stock, line, against=narrower), (deal, line)


@pytest.mark.parametrize(("narrow", "wide"), PAIRS)
def test_some_line_of_the_wider_reading_breaks_the_narrower(narrow: str, wide: str) -> None:
    narrower, wider = make_game(narrow), make_game(wide)
    rng = random.Random(f"{wide} {narrow}")
    tried = 0
    for tried in range(1, 101):  # a move only the wider reading allows may be a rare pick (a redeal among covers)
        stock = stock_indices(narrower.id, tried)
        if not legal_for(narrower, stock, random_line(wider, stock, rng), against=wider):
            break
    else:
        pytest.fail(f"none of {tried} random lines of {wide} breaks the rules of {narrow}")


def test_the_odds_run_measures_a_reading_after_every_narrower_one() -> None:
    """``bench/run.py``'s order: a narrower reading's winning lines are there to be replayed by the wider ones."""
    spec = importlib.util.spec_from_file_location("bench_run", Path(__file__).parents[1] / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    order = bench.borrowing_order(list(reversed(all_specs())))
    assert sorted(order) == sorted(all_specs())
    for narrow, wide in PAIRS:
        assert order.index(narrow) < order.index(wide)
    games = [spec.partition(":")[0] for spec in order]
    assert games == sorted(games, key=list(GAME_IDS).index)  # grouped by game, in the book's order
