"""«Картинная галерея»: queens on top, the kings with their piles in the middle, aces below, the stock under them."""

from __future__ import annotations

from generator.figures.base import CARD_H, CARD_W, GAP, READ_STEP, Figure, Sketch
from generator.games import Game, Move

#: Twenty cards to a column, every index readable; a longer pile (they reach forty and more while the deal
#: lasts) goes on in a second column, and the piles to its right move over.
PILE_HEIGHT = CARD_H + 19 * READ_STEP


def figure(game: Game, state: object, *, last_move: Move | None = None) -> Figure:
    sketch = Sketch(game, state, last_move)
    # Each pile as wide as its fan: the queen above it and the ace below stand «против королей».
    xs: list[float] = []
    x = 0.0
    for i in range(8):
        xs.append(x)
        x += sketch.fan_width(f"pile:{i + 1}", PILE_HEIGHT) + GAP
    right = x - GAP
    sketch.label("Дамы", 0, 0.16, anchor="start")
    for i in range(8):
        sketch.single(f"queen:{i + 1}", xs[i], 0.3)
    kings_y = 0.3 + CARD_H + 0.5
    sketch.label("Короли", 0, kings_y - 0.14, anchor="start")
    tallest = max(sketch.pile(f"pile:{i + 1}", xs[i], kings_y, max_height=PILE_HEIGHT) for i in range(8))
    # The aces come right under the longest pile: short piles leave no empty band.
    aces_y = kings_y + tallest + 0.5
    sketch.label("Тузы", 0, aces_y - 0.14, anchor="start")
    for i in range(8):
        sketch.single(f"foundation:{i + 1}", xs[i], aces_y)
    # The stock under the aces at the right, its count and the deal beside it: the figure stays eight piles
    # wide, which a narrow page needs more than height.
    stock_x, stock_y = right - CARD_W, aces_y + CARD_H + 0.35
    sketch.stock("stock", stock_x, stock_y, count_label=False)
    deal = game.redeals_done(state) + 1
    count = len(sketch.cards_of("stock"))
    sketch.label(f"Колода: {count}" if count else "Колода: пусто", stock_x - 0.2, stock_y + 0.55, anchor="end")
    sketch.label(f"Раскладка {deal} из 3", stock_x - 0.2, stock_y + 0.85, anchor="end")
    return sketch.finish(title=game.title)
