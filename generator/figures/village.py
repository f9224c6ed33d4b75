"""«Деревенский пасьянс»: aces left and kings right above, eight fanned piles below, four and four."""

from __future__ import annotations

from generator.figures.base import CARD_H, CARD_W, FAN_STEP, Figure, Sketch, row_x
from generator.games import Game, Move

MIDDLE = 1.6  # the gap between the left and the right four, where the stock lies
PILE_HEIGHT = CARD_H + 15 * FAN_STEP  # sixteen cards fanned in full: the longest piles of a first deal


def figure(game: Game, state: object, *, last_move: Move | None = None) -> Figure:
    sketch = Sketch(game, state, last_move)
    x_of = [row_x(i) + (MIDDLE if i >= 4 else 0.0) for i in range(8)]
    top = 0.3
    sketch.label("Тузы", (x_of[0] + x_of[3] + CARD_W) / 2, 0.16)
    sketch.label("Короли", (x_of[4] + x_of[7] + CARD_W) / 2, 0.16)
    for i in range(8):
        sketch.single(f"foundation:{i + 1}", x_of[i], top)
    sketch.stock("stock", x_of[3] + CARD_W + (MIDDLE - CARD_W) / 2 + 0.09, top)
    piles_y = top + CARD_H + 0.55
    for i in range(8):
        sketch.pile(f"pile:{i + 1}", x_of[i], piles_y, max_height=PILE_HEIGHT)
    return sketch.finish(title=game.title)
