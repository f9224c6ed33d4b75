"""«Македонская фаланга»: a 1-3-5-7-9 pyramid, four foundations on each side, stock and pile below."""

from __future__ import annotations

from generator.figures.base import CARD_H, CARD_W, GAP, Figure, Sketch
from generator.games import Game, Move

ROWS = (1, 3, 5, 7, 9)
COLUMN_GAP = 0.1  # between the foundations of one side column
ROW_STEP = 1.08  # pyramid rows overlap a little, as a phalanx should
SIDE = 0.7  # between a foundation column and the pyramid
LOW_GAP = 1.0  # between the stock and the pile under the pyramid


def figure(game: Game, state: object, *, last_move: Move | None = None) -> Figure:
    sketch = Sketch(game, state, last_move)
    step_x = CARD_W + GAP
    pyramid_left = CARD_W + SIDE
    pyramid_width = ROWS[-1] * step_x - GAP
    center = pyramid_left + pyramid_width / 2
    place = 1
    for r, count in enumerate(ROWS):
        left = center - (count * step_x - GAP) / 2
        # An empty place outlines only what the next row leaves of it: no dashed lines crossing each other.
        slot_h = CARD_H if r == len(ROWS) - 1 else ROW_STEP - GAP / 2
        for i in range(count):
            sketch.single(f"pyramid:{place}", left + i * step_x, 0.3 + r * ROW_STEP, slot_h=slot_h)
            place += 1
    right_x = pyramid_left + pyramid_width + SIDE
    sketch.label("Основания", CARD_W / 2, 0.16)
    sketch.label("Основания", right_x + CARD_W / 2, 0.16)
    for i in range(4):
        y = 0.3 + i * (CARD_H + COLUMN_GAP)
        sketch.single(f"foundation:{i + 1}", 0.0, y)
        sketch.single(f"foundation:{i + 5}", right_x, y)
    low_y = 0.3 + 4 * (CARD_H + COLUMN_GAP) + 0.35
    # Stock and pile a whole card apart, so their labels («Колода: пусто», «Сборная кучка: пусто») stay clear
    # of each other even in a small PDF figure, whose labels keep a legible size as the cards shrink.
    sketch.stock("stock", center - CARD_W - LOW_GAP / 2, low_y)
    sketch.heap("waste", center + LOW_GAP / 2, low_y, word="Сборная кучка")
    return sketch.finish(title=game.title)
