"""«Македонская фаланга»: a 1-3-5-7-9 pyramid, four foundations on each side, stock and pile below.

The foundation columns stand beside the pyramid's upper rows, their places overlapping as its rows do (each
shows its top card's index and most of its face), so the figure is no wider than the pyramid's base: a narrow
page keeps its cards large enough to read.
"""

from __future__ import annotations

from generator.figures.base import CARD_H, CARD_W, GAP, Figure, Sketch
from generator.games import Game, Move

ROWS = (1, 3, 5, 7, 9)
ROW_STEP = 1.08  # pyramid rows overlap a little, as a phalanx should
SIDE = 0.25  # between a foundation column and the pyramid row beside it
FOUNDATION_STEP = 0.97  # the foundation places overlap: the column ends above the pyramid's base row
LOW_GAP = 1.0  # between the stock and the pile under the pyramid
TOP = 0.3


def figure(game: Game, state: object, *, last_move: Move | None = None) -> Figure:
    sketch = Sketch(game, state, last_move)
    step_x = CARD_W + GAP
    pyramid_width = ROWS[-1] * step_x - GAP
    center = pyramid_width / 2
    place = 1
    for r, count in enumerate(ROWS):
        left = center - (count * step_x - GAP) / 2
        # An empty place outlines only what the next row leaves of it: no dashed lines crossing each other.
        slot_h = CARD_H if r == len(ROWS) - 1 else ROW_STEP - GAP / 2
        for i in range(count):
            sketch.single(f"pyramid:{place}", left + i * step_x, TOP + r * ROW_STEP, slot_h=slot_h)
            place += 1
    # Beside the rows the columns reach down to (all but the base row), clear of the widest of them.
    column_bottom = TOP + 3 * FOUNDATION_STEP + CARD_H
    beside = [r for r in range(len(ROWS)) if TOP + r * ROW_STEP < column_bottom]
    inner = (ROWS[max(beside)] * step_x - GAP) / 2 + SIDE
    left_x, right_x = center - inner - CARD_W, center + inner
    sketch.label("Основания 1–4", left_x + CARD_W / 2, 0.16)
    sketch.label("Основания 5–8", right_x + CARD_W / 2, 0.16)
    for i in range(4):
        y = TOP + i * FOUNDATION_STEP
        slot_h = CARD_H if i == 3 else FOUNDATION_STEP - GAP / 2
        sketch.single(f"foundation:{i + 1}", left_x, y, slot_h=slot_h)
        sketch.single(f"foundation:{i + 5}", right_x, y, slot_h=slot_h)
    low_y = TOP + (len(ROWS) - 1) * ROW_STEP + CARD_H + 0.35
    # Stock and pile a whole card apart, so their labels («Колода: пусто», «Сборная кучка: пусто») stay clear
    # of each other even in a small PDF figure, whose labels keep a legible size as the cards shrink.
    sketch.stock("stock", center - CARD_W - LOW_GAP / 2, low_y)
    sketch.heap("waste", center + LOW_GAP / 2, low_y, word="Сборная кучка")
    return sketch.finish(title=game.title)
