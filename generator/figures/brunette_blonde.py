"""«Брюнетка и блондинка»: the foundation row, the basic row fanned below it, then stock and кон."""

from __future__ import annotations

from generator.figures.base import CARD_H, CARD_W, FAN_STEP, GAP, Figure, Sketch
from generator.games import Game, Move

#: Room for a whole suit fanned (К down to Т); the basic row seldom holds more than nine.
PILE_HEIGHT = CARD_H + 12 * FAN_STEP


def figure(game: Game, state: object, *, last_move: Move | None = None) -> Figure:
    sketch = Sketch(game, state, last_move)
    xs: list[float] = []
    x = 0.0
    for i in range(8):  # a pile too long for one column takes two, and the row widens
        xs.append(x)
        x += sketch.fan_width(f"pile:{i + 1}", PILE_HEIGHT) + GAP
    width = x - GAP
    sketch.label("Основания", 0, 0.16, anchor="start")
    for i in range(8):
        sketch.single(f"foundation:{i + 1}", xs[i], 0.3)
    row_y = 0.3 + CARD_H + 0.55
    limit = " (не больше двух карт)" if game.variant == "two_cards" else ""
    sketch.label("Основной ряд" + limit, 0, row_y - 0.14, anchor="start")
    tallest = max(sketch.pile(f"pile:{i + 1}", xs[i], row_y, max_height=PILE_HEIGHT) for i in range(8))
    # The stock and кон come right under the longest pile, so a short row leaves no empty band.
    low_y = row_y + tallest + 0.4
    sketch.stock("stock", width / 2 - CARD_W - 0.3, low_y)
    sketch.heap("waste", width / 2 + 0.3, low_y, word="Кон")
    return sketch.finish(title=game.title)
