"""«Кадриль»: the queens in a square in the centre, a ring of fives and sixes round them.

Clockwise from the top: 5♠ 6♠, then 5♥ 6♥ down the right, 5♦ 6♦ along the
bottom, 5♣ 6♣ up the left — fives and sixes alternate all round, and each
suit's pair lies side by side next to its queen. Every place is labelled
above with what goes there («Д♠», «5♠», «6♠»), so the empty table of the
first figure already says where each suit's queen, five and six are laid.
"""

from __future__ import annotations

from generator.cards import SUIT_SYMBOLS
from generator.figures.base import CARD_H, CARD_W, GAP, Figure, Sketch
from generator.games import Game, Move

SPADES, CLUBS, HEARTS, DIAMONDS = SUIT_SYMBOLS
LABEL_ROOM = 0.24  # above each row, for its places' labels
#: The word of each kind of place in its label: the card that starts it.
STARTS = {"queen": "Д", "five": "5", "six": "6"}


def figure(game: Game, state: object, *, last_move: Move | None = None) -> Figure:
    sketch = Sketch(game, state, last_move)
    step_x, step_y = CARD_W + GAP, CARD_H + GAP + LABEL_ROOM
    # A 4 × 4 grid: the queens fill the middle 2 × 2, the ring uses the middle of each side.
    col = [i * step_x for i in range(4)]
    row = [LABEL_ROOM + i * step_y for i in range(4)]
    places = {
        f"queen:{SPADES}": (col[1], row[1]),
        f"queen:{HEARTS}": (col[2], row[1]),
        f"queen:{DIAMONDS}": (col[2], row[2]),
        f"queen:{CLUBS}": (col[1], row[2]),
        f"five:{SPADES}": (col[1], row[0]),
        f"six:{SPADES}": (col[2], row[0]),
        f"five:{HEARTS}": (col[3], row[1]),
        f"six:{HEARTS}": (col[3], row[2]),
        f"five:{DIAMONDS}": (col[2], row[3]),
        f"six:{DIAMONDS}": (col[1], row[3]),
        f"five:{CLUBS}": (col[0], row[2]),
        f"six:{CLUBS}": (col[0], row[1]),
    }
    for place, (x, y) in places.items():
        sketch.single(place, x, y)
        kind, _, suit = place.partition(":")
        sketch.label(STARTS[kind] + suit, x + CARD_W / 2, y - 0.07)
    side_x = col[3] + CARD_W + 0.9
    sketch.stock("stock", side_x, row[0])
    sketch.heap("waste", side_x, row[2], word="Кон")
    passes = game.redeals_done(state) + 1
    # Under the кон's count, one line down: the pass belongs to the кон, which is turned over for the next.
    sketch.label(f"Проход {passes} из 3", side_x + CARD_W / 2, row[2] + CARD_H + 0.5)
    return sketch.finish(title=game.title)
