"""«Деревенский пасьянс» (seed 000): two packs, eight fanned piles, one redeal."""

from __future__ import annotations

from generator.games.base import Game


class Village(Game):
    id = "village"
    title = "Деревенский пасьянс"
    packs = 2
    places = ("stock", *(f"pile:{i}" for i in range(1, 9)), *(f"foundation:{i}" for i in range(1, 9)))
