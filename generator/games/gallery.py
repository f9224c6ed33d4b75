"""«Картинная галерея» (seed 002): two packs, eight king piles, three deals."""

from __future__ import annotations

from generator.games.base import Game


class Gallery(Game):
    id = "gallery"
    title = "Картинная галерея"
    packs = 2
    places = (
        "stock",
        *(f"pile:{i}" for i in range(1, 9)),
        *(f"foundation:{i}" for i in range(1, 9)),
        *(f"queen:{i}" for i in range(1, 9)),
    )
