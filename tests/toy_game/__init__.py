"""A toy sixth game, registered only inside the test suite: the whole conformance suite, the
solver, the figures and the book take it with nothing but its rules, a figure and a text asset.

«Простой пасьянс»: one pack, turned one card at a time; a card goes up on its suit's foundation
(Т up to К) from the turned card or the top of the waste; one redeal of the waste.
"""

from __future__ import annotations

from pathlib import Path

from generator.games import GameSpec

SPEC = GameSpec(
    id="toy",
    rules="tests.toy_game.rules:Toy",
    figure="tests.toy_game.figure:figure",
    assets=Path(__file__).resolve().parent / "assets",
)
