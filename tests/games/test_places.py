"""The place names of the five games are exactly the ones RULES.md gives (records must use them)."""

from __future__ import annotations

import pytest

from generator.games import PlaceKind, make_game


def _numbered(kind: str, count: int) -> list[str]:
    return [f"{kind}:{i}" for i in range(1, count + 1)]


#: Place names exactly as RULES.md gives them per game ("Places: …"), with the kind each one is.
RULES_PLACES = {
    "village": ["stock", *_numbered("pile", 8), *_numbered("foundation", 8)],
    "brunette_blonde": ["stock", "waste", *_numbered("pile", 8), *_numbered("foundation", 8)],
    "quadrille": ["stock", "waste", *(f"{kind}:{suit}" for kind in ("queen", "five", "six") for suit in "♠♣♥♦")],
    "gallery": ["stock", *_numbered("pile", 8), *_numbered("foundation", 8), *_numbered("queen", 8)],
    "phalanx": ["stock", "waste", *_numbered("pyramid", 25), *_numbered("foundation", 8)],
}
KINDS = {
    "stock": PlaceKind.STOCK, "waste": PlaceKind.WASTE, "pile": PlaceKind.TABLEAU, "pyramid": PlaceKind.TABLEAU,
    "foundation": PlaceKind.FOUNDATION, "queen": PlaceKind.FOUNDATION, "five": PlaceKind.FOUNDATION,
    "six": PlaceKind.FOUNDATION,
}


@pytest.mark.parametrize("game_id", sorted(RULES_PLACES))
def test_place_names_are_the_ones_rules_md_gives(game_id: str) -> None:
    game = make_game(game_id)
    assert sorted(game.places) == sorted(RULES_PLACES[game_id])
    assert all(place.kind is KINDS[place.group] for place in game.places), "a card on a foundation never leaves"
