"""One test suite over every registered game and variant (OpenSpiel style).

Random legal play from the start to the end must never lose or double a card,
never offer a move that is not one card movement from the top of a place (nor one out
of a foundation or back into the stock), always end, and replay through the checker.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from generator.deals import stock_indices
from generator.games import Game, all_specs, make_game
from generator.play import play_out
from generator.record import from_json, record_of, replay, to_json

SPECS = all_specs()
DEALS = [1, 2, 3, 17, 100, 1234, 32000, 32001, 99999, 10**12]


def _engine(spec: str) -> Game:
    return make_game(spec)


def random_chooser(seed: int):
    """Uniform random play that never returns to a state it has seen (so it always ends)."""
    rng = random.Random(seed)
    seen: set = set()

    def choose(game, state, moves):
        seen.add(game.key(state))
        fresh = [m for m in moves if game.key(game.apply(state, m)) not in seen]
        return rng.choice(fresh) if fresh else None

    return choose


#: Places a card never leaves («Foundation cards never come back», RULES.md, common ground).
FINAL_PLACES = ("foundation", "queen", "five", "six")


def check_invariants(game: Game, state, stock_counts: Counter) -> None:
    """Every card once; and every move on offer (not only the one played) is one card movement:
    the top card of its place, to another place, never out of a foundation or back into the stock,
    landing on top of its destination with nothing else changed in number."""
    contents = game.contents(state)
    assert Counter(card for cards in contents.values() for card in cards) == stock_counts
    assert all(cards for cards in contents.values()), "contents lists only non-empty places"
    hash(game.key(state))
    for move in game.legal_moves(state):
        if move.is_redeal:
            continue
        name = game.describe(move)
        assert 0 <= move.src < len(game.places) and 0 <= move.dst < len(game.places)
        assert contents.get(move.src, ())[-1:] == (move.card,), f"{name}: card not on top"
        assert move.src != move.dst, name
        assert game.places[move.src].partition(":")[0] not in FINAL_PLACES, f"{name}: out of a foundation"
        assert game.places[move.dst] != "stock", f"{name}: back into the stock"
        after = game.contents(game.apply(state, move))
        assert after.get(move.dst, ())[-1:] == (move.card,), f"{name}: the card is not on top of its destination"
        sizes = {place: len(after.get(place, ())) - len(contents.get(place, ())) for place in {*contents, *after}}
        assert {place: n for place, n in sizes.items() if n} == {move.src: -1, move.dst: 1}, name


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("deal", DEALS)
def test_random_play_keeps_every_card_and_ends(spec, deal):
    game = _engine(spec)
    stock = stock_indices(game.id, deal)
    counts = Counter(stock)
    for seed in range(3):
        played = play_out(game, stock, random_chooser(seed * 1000 + deal))
        for state in played.states:
            check_invariants(game, state, counts)
        assert played.result in ("won", "lost", "unknown")
        # Its record goes to JSON and back and replays, move by move, to the same end.
        record = from_json(to_json(record_of(game, stock, played.moves, played.result, deal)))
        replayed = replay(record)
        assert replayed.ok, replayed.reason
        assert replayed.final == played.final and replayed.outcome == played.result


@pytest.mark.parametrize("spec", SPECS)
def test_no_peek_player_plays_to_an_end(spec):
    game = _engine(spec)
    for deal in DEALS[:5]:
        stock = stock_indices(game.id, deal)
        played = play_out(game, stock, lambda g, s, m: g.no_peek_move(s, m), max_moves=20_000)
        assert len(played.moves) < 20_000, "the no-peek player must not loop"
        moves = game.legal_moves(played.final)
        assert played.result != "unknown" or moves, "an unknown end has moves left"


@pytest.mark.parametrize("spec", SPECS)
def test_place_names_are_unique_and_include_the_stock(spec):
    game = _engine(spec)
    assert len(set(game.places)) == len(game.places)
    assert game.places[0] == "stock"
    assert all(game.place_id(name) == i for i, name in enumerate(game.places))


def _altered_records(game: Game, record, played):
    """The record with one move altered three ways: wrong card, wrong place, out of order.

    Each altered move is checked to be illegal where it stands (a fitting card may
    legally go to more than one place, and two packs hold every card twice). The wrong
    place is, when there is one, another place of the same kind (another pile, another
    foundation), the mistake a player would make.
    """
    moves = list(record.moves)
    plain = [i for i, m in enumerate(moves) if not m.is_redeal]
    middle = plain[len(plain) // 2]
    move, before = moves[middle], played.states[middle]
    legal = set(game.legal_moves(before))
    same_rank_first = sorted(range(52), key=lambda card: (card % 13 != move.card % 13, card))
    wrong_card = next(
        move._replace(card=card) for card in same_rank_first if move._replace(card=card) not in legal
    )
    kind = game.places[move.dst].partition(":")[0]
    places = sorted(
        (place for place in range(len(game.places)) if place not in (move.src, move.dst)),
        key=lambda place: (game.places[place].partition(":")[0] != kind, place),
    )
    wrong_place = next(move._replace(dst=place) for place in places if move._replace(dst=place) not in legal)
    swapped = next(i for i in reversed(plain) if moves[i] not in legal)
    out_of_order = [*moves[:middle], moves[swapped], *moves[middle:swapped], *moves[swapped + 1 :]]
    for name, altered in (
        ("wrong card", [*moves[:middle], wrong_card, *moves[middle + 1 :]]),
        ("wrong place", [*moves[:middle], wrong_place, *moves[middle + 1 :]]),
        ("out of order", out_of_order),
    ):
        yield name, middle + 1, record.__class__(**{**record.__dict__, "moves": tuple(altered), "result": "unknown"})


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("deal", [3, 8])
def test_check_rejects_an_altered_move(spec, deal):
    game = _engine(spec)
    stock = stock_indices(game.id, deal)
    played = play_out(game, stock, lambda g, s, m: g.no_peek_move(s, m))
    record = record_of(game, stock, played.moves, played.result, deal)
    assert replay(from_json(to_json(record))).ok
    for name, number, altered in _altered_records(game, record, played):
        result = replay(from_json(to_json(altered)))
        assert not result.ok, name
        assert result.illegal_at == number, (name, result.illegal_at, result.reason)
        assert result.reason


def _numbered(kind: str, count: int) -> list[str]:
    return [f"{kind}:{i}" for i in range(1, count + 1)]


#: Place names exactly as RULES.md gives them per game ("Places: …"), which records must use.
RULES_PLACES = {
    "village": ["stock", *_numbered("pile", 8), *_numbered("foundation", 8)],
    "brunette_blonde": ["stock", "waste", *_numbered("pile", 8), *_numbered("foundation", 8)],
    "quadrille": ["stock", "waste", *(f"{kind}:{suit}" for kind in ("queen", "five", "six") for suit in "♠♣♥♦")],
    "gallery": ["stock", *_numbered("pile", 8), *_numbered("foundation", 8), *_numbered("queen", 8)],
    "phalanx": ["stock", "waste", *_numbered("pyramid", 25), *_numbered("foundation", 8)],
}


@pytest.mark.parametrize("spec", SPECS)
def test_place_names_are_the_ones_rules_md_gives(spec):
    game = _engine(spec)
    assert sorted(game.places) == sorted(RULES_PLACES[game.id])
