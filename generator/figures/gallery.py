"""«Картинная галерея»: queens on top, the kings with their piles in the middle, aces below."""

from __future__ import annotations

from generator.figures.base import CARD_H, CARD_W, FAN_STEP, Figure, Sketch, row_x
from generator.games import Game, Move

#: Fourteen cards fanned in full; a king pile can grow to forty and more, and then its middle is squeezed.
PILE_HEIGHT = CARD_H + 14 * FAN_STEP


def figure(game: Game, state: object, *, last_move: Move | None = None) -> Figure:
    sketch = Sketch(game, state, last_move)
    sketch.label("Дамы", 0, 0.16, anchor="start")
    for i in range(8):
        sketch.single(f"queen:{i + 1}", row_x(i), 0.3)
    kings_y = 0.3 + CARD_H + 0.5
    sketch.label("Короли", 0, kings_y - 0.14, anchor="start")
    tallest = max(sketch.pile(f"pile:{i + 1}", row_x(i), kings_y, max_height=PILE_HEIGHT) for i in range(8))
    # The aces come right under the longest pile: short piles leave no empty band.
    aces_y = kings_y + tallest + 0.5
    sketch.label("Тузы", 0, aces_y - 0.14, anchor="start")
    for i in range(8):
        sketch.single(f"foundation:{i + 1}", row_x(i), aces_y)
    side_x = row_x(8) + 0.5
    sketch.stock("stock", side_x, kings_y)
    deal = game.redeals_done(state) + 1
    sketch.label(f"Раскладка {deal} из 3", side_x + CARD_W / 2, kings_y + CARD_H + 0.5)
    return sketch.finish(title=game.title)
