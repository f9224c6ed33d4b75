"""«Брюнетка и блондинка» (seed 000): two packs, alternating colours, one redeal."""

from __future__ import annotations

from generator.games.base import Game


class BrunetteBlonde(Game):
    id = "brunette_blonde"
    title = "Брюнетка и блондинка"
    packs = 2
    variants = {"two_cards": "a basic-row pile holds at most two cards"}
    places = (
        "stock",
        "waste",
        *(f"pile:{i}" for i in range(1, 9)),
        *(f"foundation:{i}" for i in range(1, 9)),
    )
