"""The toy game's figure: the four foundations in a row, the stock and the waste below."""

from __future__ import annotations

from generator.cards import SUIT_SYMBOLS
from generator.figures.base import CARD_H, CARD_W, Figure, Sketch, row_x
from generator.games import Game, Move


def figure(game: Game, state: object, *, last_move: Move | None = None) -> Figure:
    sketch = Sketch(game, state, last_move)
    sketch.label("Основания", 0, 0.16, anchor="start")
    for i, suit in enumerate(SUIT_SYMBOLS):
        sketch.single(f"foundation:{suit}", row_x(i), 0.3)
    low_y = 0.3 + CARD_H + 0.6
    sketch.stock("stock", row_x(0), low_y)
    sketch.heap("waste", row_x(1) + CARD_W / 2, low_y, word="Кон")
    return sketch.finish(title=game.title)
