"""«Македонская фаланга» (seed 002): two packs, a 1-3-5-7-9 pyramid, no redeal."""

from __future__ import annotations

from generator.games.base import Game


class Phalanx(Game):
    id = "phalanx"
    title = "Македонская фаланга"
    packs = 2
    places = (
        "stock",
        "waste",
        *(f"pyramid:{i}" for i in range(1, 26)),
        *(f"foundation:{i}" for i in range(1, 9)),
    )
