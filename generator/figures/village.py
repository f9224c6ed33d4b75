"""«Деревенский пасьянс»: aces left and kings right above, eight fanned piles below, four and four."""

from __future__ import annotations

from generator.figures.base import CARD_H, CARD_W, FAN_STEP, GAP, Figure, Sketch
from generator.games import Game, Move

MIDDLE = 1.4  # the gap between the left and the right four (and a pile gap), where the stock lies
PILE_HEIGHT = CARD_H + 15 * FAN_STEP  # sixteen cards fanned in full (seventeen closer): the longest piles of a deal


def figure(game: Game, state: object, *, last_move: Move | None = None) -> Figure:
    sketch = Sketch(game, state, last_move)
    # Each pile as wide as its fan (a pile too long for one column takes two); its foundation stands above it.
    x_of: list[float] = []
    x = 0.0
    for i in range(8):
        x_of.append(x)
        x += sketch.fan_width(f"pile:{i + 1}", PILE_HEIGHT) + GAP + (MIDDLE if i == 3 else 0.0)
    top = 0.3
    sketch.label("Тузы", (x_of[0] + x_of[3] + CARD_W) / 2, 0.16)
    sketch.label("Короли", (x_of[4] + x_of[7] + CARD_W) / 2, 0.16)
    for i in range(8):
        sketch.single(f"foundation:{i + 1}", x_of[i], top)
    left_end = x_of[4] - GAP - MIDDLE  # where the left four end: the stock lies in the middle of the gap after them
    sketch.stock("stock", (left_end + x_of[4] - CARD_W) / 2, top)
    piles_y = top + CARD_H + 0.55
    for i in range(8):
        sketch.pile(f"pile:{i + 1}", x_of[i], piles_y, max_height=PILE_HEIGHT)
    return sketch.finish(title=game.title)
