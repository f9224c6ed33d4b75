"""A figure as pure geometry: cards, empty places and labels positioned in card units.

The unit is the card's width (a card is 1 × ``CARD_H``); the origin is the
top-left corner, y grows downwards. Nothing here knows SVG or PDF: renderers
scale a ``Figure`` to millimetres and draw it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.art.glyphs import text_advance
from generator.art.suits import suit_width
from generator.cards import card_str
from generator.games import Game, Move
from generator.notation import move_ru, place_ru
from generator.russian import plural_ru

CARD_W = 1.0
CARD_H = 88 / 63
GAP = 0.18  # between neighbouring places
LABEL_SIZE = 0.16  # height of the small quiet labels
FAN_STEP = 0.30  # default offset of a fanned card: its index and top pips show
READ_STEP = 0.28  # the least offset at which a card's index still shows its rank and (most of) its suit sign
#: How far right each further column of a pile too long for one lies: it covers the right of the column before,
#: never its indices (top left), so the pile reads as one fan going on down and to the right.
WRAP_STEP = 0.55

ROLE_PLAIN, ROLE_FROM, ROLE_TO, ROLE_MOVED = "plain", "from", "to", "moved"


@dataclass(frozen=True)
class CardSpot:
    """A card face (``card`` 0..51) or a card back (``card`` None) with its top-left corner, on ``place``."""

    card: int | None
    x: float
    y: float
    highlight: bool = False
    place: str = ""


@dataclass(frozen=True)
class Slot:
    """A place on the table; renderers outline it when ``filled`` is False (nothing lies there)."""

    place: str
    x: float
    y: float
    w: float = CARD_W
    h: float = CARD_H
    role: str = ROLE_PLAIN  # "from" / "to" mark the last move's places
    filled: bool = False


@dataclass(frozen=True)
class Mark:
    """Where the last move's card was: a card-sized box, outlined under the cards.

    For a fanned pile it is the spot just below the new top card (so the
    outline peeks out below and beside it); for any other place it is the place
    itself, and the outline, drawn a little larger, shows round its top card.
    """

    x: float
    y: float
    w: float = CARD_W
    h: float = CARD_H
    role: str = ROLE_FROM


@dataclass(frozen=True)
class Label:
    """A small quiet Russian label; ``anchor`` is "start", "middle" or "end" of the text at x."""

    text: str
    x: float
    y: float  # baseline
    anchor: str = "middle"
    size: float = LABEL_SIZE


@dataclass(frozen=True)
class Figure:
    width: float
    height: float
    slots: tuple[Slot, ...] = ()
    cards: tuple[CardSpot, ...] = ()
    labels: tuple[Label, ...] = ()
    title: str = ""
    marks: tuple[Mark, ...] = ()
    #: What the figure shows, in Russian, one phrase per place (and the last move first): see ``description``.
    told: tuple[str, ...] = ()

    @property
    def description(self) -> str:
        """What a screen reader says of the figure: «Последний ход: 9♠ кон → ряд 3; колода: 36 карт; …».

        The phrases joined by «; », the first letter capital, a full stop at the end (the web page joins
        the same phrases the same way).
        """
        text = "; ".join(self.told)
        return text[:1].upper() + text[1:] + "." if text else ""

    def card_indices(self) -> set[int]:
        return {spot.card for spot in self.cards if spot.card is not None}

    @property
    def has_back(self) -> bool:
        return any(spot.card is None for spot in self.cards)


@dataclass
class Sketch:
    """A figure under construction: game functions add places; ``finish`` computes the bounds."""

    game: Game
    state: object
    last_move: Move | None = None
    slots: list[Slot] = field(default_factory=list)
    cards: list[CardSpot] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    #: What each place shows, in Russian, by place id (the engine's order of places); and the empty places.
    told: dict[int, str] = field(default_factory=dict)
    empty: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.contents = self.game.contents(self.state)

    def tell(self, place: str, shown: str) -> None:
        """Say what ``place`` shows (``shown``), or note it empty: the figure's description."""
        place_id = self.game.place_id(place)
        word = place_ru(self.game, place_id)
        if self.cards_of(place):
            self.told[place_id] = f"{word}: {shown}"
        else:
            self.empty[place_id] = word

    def cards_of(self, place: str) -> tuple[int, ...]:
        return self.contents.get(self.game.place_id(place), ())

    def _role(self, place: str) -> str:
        move = self.last_move
        if move is None or move.is_redeal:
            return ROLE_PLAIN
        place_id = self.game.place_id(place)
        if place_id == move.dst:
            return ROLE_TO
        return ROLE_FROM if place_id == move.src else ROLE_PLAIN

    def _is_moved(self, place: str, card: int, on_top: bool) -> bool:
        move = self.last_move
        return bool(move and not move.is_redeal and on_top and card == move.card and self._role(place) == ROLE_TO)

    def slot(self, place: str, x: float, y: float, *, h: float = CARD_H) -> None:
        """A place; ``h`` shortens its empty outline where the next row overlaps it (the phalanx)."""
        self.slots.append(Slot(place, x, y, h=h, role=self._role(place), filled=bool(self.cards_of(place))))

    def fan_width(self, place: str, max_height: float | None) -> float:
        """How wide ``place`` fanned within ``max_height`` is: a card, or more when its pile wraps into columns."""
        return fan_width(len(self.cards_of(place)), max_height)

    def pile(
        self,
        place: str,
        x: float,
        y: float,
        *,
        max_height: float | None = None,
        show: int | None = None,
        slot_h: float = CARD_H,
    ) -> float:
        """A place with its cards fanned downwards within ``max_height`` (more columns when one would not hold
        them readably, :func:`fan_layout`); returns the fan's height.

        ``show`` keeps only the top ``show`` cards (a foundation shows its top card).
        """
        self.slot(place, x, y, h=slot_h)
        cards = self.cards_of(place)
        if show is not None:
            cards = cards[-show:]
        spots = fan_layout(len(cards), max_height)
        for i, (card, (dx, dy)) in enumerate(zip(cards, spots, strict=True)):
            self.cards.append(CardSpot(card, x + dx, y + dy, self._is_moved(place, card, i == len(cards) - 1), place))
        everything = self.cards_of(place)
        if show is None or len(everything) == 1:
            self.tell(place, ", ".join(card_str(card) for card in everything))
        else:
            self.tell(place, f"{plural_ru(len(everything), 'карта', 'карты', 'карт')}, сверху {card_str(cards[-1])}"
                      if cards else "")
        if self._role(place) == ROLE_FROM:
            fanned = show is None and cards
            dx, dy = fan_layout(len(cards) + 1, max_height)[-1] if fanned else (0.0, 0.0)
            self.marks.append(Mark(x + dx, y + dy, h=CARD_H if fanned else slot_h))
        return max((dy for _, dy in spots), default=0.0) + CARD_H

    def single(self, place: str, x: float, y: float, *, slot_h: float = CARD_H) -> None:
        """A place showing only its top card (foundations, the queen places)."""
        self.pile(place, x, y, show=1, slot_h=slot_h)

    def stock(self, place: str, x: float, y: float, *, word: str = "Колода", count_label: bool = True) -> None:
        """A face-down stock with its count under it (unless the figure puts the count elsewhere), or an empty
        place when it is out."""
        self.slot(place, x, y)
        count = len(self.cards_of(place))
        if count:
            self.cards.append(CardSpot(None, x, y, place=place))
        self.tell(place, plural_ru(count, "карта", "карты", "карт") + " рубашкой вверх")
        if self._role(place) == ROLE_FROM:
            self.marks.append(Mark(x, y))
        if count_label:
            self.label(f"{word}: {count}" if count else f"{word}: пусто", x + CARD_W / 2, y + CARD_H + 0.22)

    def heap(self, place: str, x: float, y: float, *, word: str) -> None:
        """A face-up heap (a waste) showing its top card, with its count underneath."""
        self.single(place, x, y)
        count = len(self.cards_of(place))
        self.label(f"{word}: {count}" if count else f"{word}: пусто", x + CARD_W / 2, y + CARD_H + 0.22)

    def label(self, text: str, x: float, y: float, anchor: str = "middle") -> None:
        self.labels.append(Label(text, x, y, anchor))

    def finish(self, *, title: str = "", margin: float = 0.12) -> Figure:
        """Bounds from everything placed (labels by their real width in PT Sans), with a small margin all round."""
        told = [self.told[place] for place in sorted(self.told)]
        if self.empty:
            told.append("пусто: " + ", ".join(self.empty[place] for place in sorted(self.empty)))
        if self.last_move is not None:
            told.insert(0, "последний ход: " + move_ru(self.game, self.last_move))
        boxes = [(s.x, s.y, s.x + s.w, s.y + s.h) for s in self.slots]
        boxes += [(c.x, c.y, c.x + CARD_W, c.y + CARD_H) for c in self.cards]
        boxes += [(m.x, m.y, m.x + m.w, m.y + m.h) for m in self.marks]
        boxes += [label_box(lb) for lb in self.labels]
        left = min(b[0] for b in boxes)
        top = min(b[1] for b in boxes)
        right = max(b[2] for b in boxes)
        bottom = max(b[3] for b in boxes)
        dx, dy = margin - left, margin - top

        def moved(items: Sequence[Any]) -> tuple[Any, ...]:
            return tuple(type(i)(**{**i.__dict__, "x": round(i.x + dx, 4), "y": round(i.y + dy, 4)}) for i in items)

        return Figure(
            width=round(right - left + 2 * margin, 4),
            height=round(bottom - top + 2 * margin, 4),
            slots=moved(self.slots),
            cards=moved(self.cards),
            labels=moved(self.labels),
            title=title,
            marks=moved(self.marks),
            told=tuple(told),
        )


LABEL_FONT = ("PT Sans", 400)
#: Suit signs in a label («5♠»), which PT Sans lacks: drawn from our own outlines (``generator.art.suits``), as
#: the book's signs font draws them — cap-high, a little air each side.
LABEL_SIGNS = "♠♣♥♦"
SIGN_HEIGHT = 0.68  # of the label size
SIGN_SIDE = 0.045  # of the label size, each side


def sign_advance(char: str) -> float:
    """The advance of a suit sign in a label, per unit of label size."""
    return suit_width(LABEL_SIGNS.index(char)) * SIGN_HEIGHT + 2 * SIGN_SIDE


def label_width(text: str, size: float = LABEL_SIZE) -> float:
    """The advance of ``text`` set in the label font at ``size`` (card units), suit signs included."""
    return sum(sign_advance(char) * size if char in LABEL_SIGNS else text_advance(char, size, *LABEL_FONT)
               for char in text)


def label_box(label: Label) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a label's ink, near enough: ascenders above, descenders (р, у, д) below."""
    width = label_width(label.text, label.size)
    left = label.x - {"start": 0.0, "middle": width / 2, "end": width}[label.anchor]
    return left, label.y - 0.75 * label.size, left + width, label.y + 0.25 * label.size


def index_box() -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a card's index in card units from its top-left corner: the rank and the top
    half of the suit sign under it, what must stay uncovered for the card to be read."""
    from generator.art.faces import CARD_W as WIDTH_MM
    from generator.art.faces import INDEX_MAX_W, INDEX_SUIT_Y, INDEX_TOP, INDEX_X

    return ((INDEX_X - INDEX_MAX_W / 2) / WIDTH_MM, INDEX_TOP / WIDTH_MM, (INDEX_X + INDEX_MAX_W / 2) / WIDTH_MM,
            INDEX_SUIT_Y / WIDTH_MM)


def hidden_indices(figure: Figure) -> list[CardSpot]:
    """The faces whose index a card drawn over them covers, even in part: none, in a figure a reader can follow."""
    left, top, right, bottom = index_box()
    hidden = []
    for k, spot in enumerate(figure.cards):
        if spot.card is None:
            continue
        box = (spot.x + left, spot.y + top, spot.x + right, spot.y + bottom)
        for later in figure.cards[k + 1:]:
            if (later.x < box[2] and box[0] < later.x + CARD_W and later.y < box[3] and box[1] < later.y + CARD_H):
                hidden.append(spot)
                break
    return hidden


def fan_step(count: int, max_height: float | None, step: float = FAN_STEP) -> float:
    """The even offset between fanned cards so that ``count`` cards fit in ``max_height``."""
    if count < 2 or max_height is None:
        return step
    return max(0.0, min(step, (max_height - CARD_H) / (count - 1)))


def fan_columns(count: int, max_height: float | None) -> int:
    """How many columns a pile of ``count`` cards takes so that, fanned within ``max_height``, every card shows its
    index (at least ``READ_STEP`` of it): one when that fits, else as few as do."""
    if count < 2 or max_height is None:
        return 1
    per_column = 1 + int((max(max_height, CARD_H) - CARD_H) / READ_STEP + 1e-9)
    return max(1, -(-count // max(per_column, 1)))


def fan_width(count: int, max_height: float | None) -> float:
    """The width of a pile's fan: a card, and ``WRAP_STEP`` more for each further column."""
    return CARD_W + (fan_columns(count, max_height) - 1) * WRAP_STEP


def fan_layout(count: int, max_height: float | None) -> list[tuple[float, float]]:
    """Where each of ``count`` fanned cards lies, bottom card first, as (dx, dy) from the pile's top-left corner.

    ``FAN_STEP`` apart when that fits ``max_height``, else evenly closer, never under ``READ_STEP``, so that
    every card shows its rank and suit. A pile longer still goes on in a second column (and a third…), each
    ``WRAP_STEP`` to the right of the one before and lying over its right side, each holding as many cards as
    the first, the last one the rest: reading down the first column, then the next, follows the pile from its
    bottom card to its top. The top card is always whole.
    """
    if count == 0:
        return []
    columns = fan_columns(count, max_height)
    per_column = -(-count // columns)
    room = math.inf if max_height is None else max(0.0, max_height - CARD_H)
    step = FAN_STEP if per_column < 2 else min(FAN_STEP, room / (per_column - 1))
    return [((i // per_column) * WRAP_STEP, (i % per_column) * step) for i in range(count)]


def row_x(index: int, *, gap: float = GAP) -> float:
    """The x of the ``index``-th place in a row of touching-but-spaced cards."""
    return index * (CARD_W + gap)
