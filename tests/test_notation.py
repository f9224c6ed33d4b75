"""The book's Russian words for places, moves and variants come from each game's text asset."""

from __future__ import annotations

import pytest

from generator.cards import parse_card_index
from generator.games import GAMES, Move, make_game, redeal
from generator.notation import COMMON_PLACE_WORDS, game_text, move_ru, place_ru, variant_ru


def test_moves_read_in_the_books_notation():
    game = make_game("brunette_blonde")
    move = Move(parse_card_index("9♠"), game.place_id("waste"), game.place_id("pile:3"))
    assert move_ru(game, move) == "9♠ кон → ряд 3"
    assert move_ru(game, redeal(1)) == "пересдача 1"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_place_kind_has_a_russian_word(game_id: str) -> None:
    game = make_game(game_id)
    words = game_text(game_id).get("places", {})
    for place in range(len(game.places)):
        kind = game.places[place].group
        assert kind in words or kind in COMMON_PLACE_WORDS, (game_id, kind)
        assert not any("a" <= ch <= "z" for ch in place_ru(game, place)), place_ru(game, place)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_variant_has_a_russian_name(game_id: str) -> None:
    for variant in GAMES[game_id].variants:
        name = variant_ru(game_id, variant)
        assert name != variant and not any("a" <= ch <= "z" for ch in name), (game_id, variant, name)
    assert variant_ru(game_id, "no_such_variant") == "no_such_variant"  # an unnamed one is shown as it is
