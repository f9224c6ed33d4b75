"""A figure as pure geometry: cards, empty places and labels positioned in card units.

The unit is the card's width (a card is 1 × ``CARD_H``); the origin is the
top-left corner, y grows downwards. Nothing here knows SVG or PDF: renderers
scale a ``Figure`` to millimetres and draw it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.art.glyphs import text_advance
from generator.games import Game, Move

CARD_W = 1.0
CARD_H = 88 / 63
GAP = 0.18  # between neighbouring places
LABEL_SIZE = 0.16  # height of the small quiet labels
FAN_STEP = 0.30  # default offset of a fanned card: its index and top pips show
READ_STEP = 0.28  # the least offset at which a card's index still shows its rank and (most of) its suit sign
EDGE_STEP = 0.035  # the least offset in the squeezed middle of a very long pile: each card's edge still shows

ROLE_PLAIN, ROLE_FROM, ROLE_TO, ROLE_MOVED = "plain", "from", "to", "moved"


@dataclass(frozen=True)
class CardSpot:
    """A card face (``card`` 0..51) or a card back (``card`` None) with its top-left corner."""

    card: int | None
    x: float
    y: float
    highlight: bool = False


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

    def __post_init__(self) -> None:
        self.contents = self.game.contents(self.state)

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
        """A place with its cards fanned downwards, squeezed to fit ``max_height``; returns the fan's height.

        ``show`` keeps only the top ``show`` cards (a foundation shows its top card).
        """
        self.slot(place, x, y, h=slot_h)
        cards = self.cards_of(place)
        if show is not None:
            cards = cards[-show:]
        offsets = fan_offsets(len(cards), max_height)
        for i, (card, dy) in enumerate(zip(cards, offsets, strict=True)):
            self.cards.append(CardSpot(card, x, y + dy, self._is_moved(place, card, i == len(cards) - 1)))
        if self._role(place) == ROLE_FROM:
            fanned = show is None and cards
            dy = fan_offsets(len(cards) + 1, max_height)[-1] if fanned else 0.0
            self.marks.append(Mark(x, y + dy, h=CARD_H if fanned else slot_h))
        return (offsets[-1] if offsets else 0.0) + CARD_H

    def single(self, place: str, x: float, y: float, *, slot_h: float = CARD_H) -> None:
        """A place showing only its top card (foundations, the queen places)."""
        self.pile(place, x, y, show=1, slot_h=slot_h)

    def stock(self, place: str, x: float, y: float, *, word: str = "Колода") -> None:
        """A face-down stock with its count, or an empty place when it is out."""
        self.slot(place, x, y)
        count = len(self.cards_of(place))
        if count:
            self.cards.append(CardSpot(None, x, y))
        if self._role(place) == ROLE_FROM:
            self.marks.append(Mark(x, y))
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
        )


LABEL_FONT = ("PT Sans", 400)


def label_width(text: str, size: float = LABEL_SIZE) -> float:
    """The advance of ``text`` set in the label font at ``size`` (card units)."""
    return text_advance(text, size, *LABEL_FONT)


def label_box(label: Label) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a label's ink, near enough: ascenders above, descenders (р, у, д) below."""
    width = label_width(label.text, label.size)
    left = label.x - {"start": 0.0, "middle": width / 2, "end": width}[label.anchor]
    return left, label.y - 0.75 * label.size, left + width, label.y + 0.25 * label.size


def fan_step(count: int, max_height: float | None, step: float = FAN_STEP) -> float:
    """The even offset between fanned cards so that ``count`` cards fit in ``max_height``."""
    if count < 2 or max_height is None:
        return step
    return max(0.0, min(step, (max_height - CARD_H) / (count - 1)))


def fan_offsets(count: int, max_height: float | None) -> list[float]:
    """How far down each of ``count`` fanned cards lies, bottom card first; the last card ends by ``max_height``.

    Evenly ``FAN_STEP`` apart when that fits, else evenly closer as long as
    every index stays readable (``READ_STEP``).  A pile longer still keeps
    its bottom card's index and as many top cards as possible readable, and
    squeezes the middle to bare edges (``EDGE_STEP`` or more), as a real
    squared-up pile looks from the side; only if even that cannot fit is the
    whole fan squeezed evenly.  The top card is always whole.
    """
    if count == 0:
        return []
    gaps = count - 1
    room = math.inf if max_height is None else max(0.0, max_height - CARD_H)
    if gaps == 0 or gaps * FAN_STEP <= room:
        return [i * FAN_STEP for i in range(count)]
    if gaps * READ_STEP <= room:
        return [i * room / gaps for i in range(count)]
    # The bottom gap and the top ``top`` gaps readable, the ``gaps - 1 - top`` between them squeezed.
    for top in range(gaps - 2, -1, -1):
        middle = gaps - 1 - top
        squeezed = (room - READ_STEP * (1 + top)) / middle
        if squeezed >= EDGE_STEP:
            steps = [READ_STEP] + [squeezed] * middle + [READ_STEP] * top
            return [0.0, *itertools.accumulate(steps)]
    return [i * room / gaps for i in range(count)]


def row_x(index: int, *, gap: float = GAP) -> float:
    """The x of the ``index``-th place in a row of touching-but-spaced cards."""
    return index * (CARD_W + gap)
