"""A figure as pure geometry: cards, empty places and labels positioned in card units.

The unit is the card's width (a card is 1 × ``CARD_H``); the origin is the
top-left corner, y grows downwards. Nothing here knows SVG or PDF: renderers
scale a ``Figure`` to millimetres and draw it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.games.base import Game, Move, State

CARD_W = 1.0
CARD_H = 88 / 63
GAP = 0.18  # between neighbouring places
LABEL_SIZE = 0.16  # height of the small quiet labels
FAN_STEP = 0.30  # default offset of a fanned card: its index shows

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
    """An outlined place on the table (drawn under its cards, or alone when empty)."""

    place: str
    x: float
    y: float
    w: float = CARD_W
    h: float = CARD_H
    role: str = ROLE_PLAIN  # "from" / "to" mark the last move's places


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

    def card_indices(self) -> set[int]:
        return {spot.card for spot in self.cards if spot.card is not None}

    @property
    def has_back(self) -> bool:
        return any(spot.card is None for spot in self.cards)


@dataclass
class Sketch:
    """A figure under construction: game functions add places; ``finish`` computes the bounds."""

    game: Game
    state: State
    last_move: Move | None = None
    slots: list[Slot] = field(default_factory=list)
    cards: list[CardSpot] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)

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

    def slot(self, place: str, x: float, y: float) -> None:
        self.slots.append(Slot(place, x, y, role=self._role(place)))

    def pile(self, place: str, x: float, y: float, *, max_height: float | None = None, show: int | None = None) -> None:
        """A place with its cards fanned downwards, squeezed to fit ``max_height``.

        ``show`` keeps only the top ``show`` cards (a foundation shows its top card).
        """
        self.slot(place, x, y)
        cards = self.cards_of(place)
        if show is not None:
            cards = cards[-show:]
        step = fan_step(len(cards), max_height)
        for i, card in enumerate(cards):
            self.cards.append(CardSpot(card, x, y + i * step, self._is_moved(place, card, i == len(cards) - 1)))

    def single(self, place: str, x: float, y: float) -> None:
        """A place showing only its top card (foundations, the queen places)."""
        self.pile(place, x, y, show=1)

    def stock(self, place: str, x: float, y: float, *, word: str = "Колода") -> None:
        """A face-down stock with its count, or an empty place when it is out."""
        self.slot(place, x, y)
        count = len(self.cards_of(place))
        if count:
            self.cards.append(CardSpot(None, x, y))
        self.label(f"{word}: {count}" if count else f"{word}: пусто", x + CARD_W / 2, y + CARD_H + 0.22)

    def heap(self, place: str, x: float, y: float, *, word: str) -> None:
        """A face-up heap (a waste) showing its top card, with its count underneath."""
        self.single(place, x, y)
        count = len(self.cards_of(place))
        self.label(f"{word}: {count}" if count else f"{word}: пусто", x + CARD_W / 2, y + CARD_H + 0.22)

    def label(self, text: str, x: float, y: float, anchor: str = "middle") -> None:
        self.labels.append(Label(text, x, y, anchor))

    def finish(self, *, title: str = "", margin: float = 0.12) -> Figure:
        """Bounds from everything placed, with a small margin all round."""
        right = max([s.x + s.w for s in self.slots] + [c.x + CARD_W for c in self.cards] + [0.0])
        bottom = max(
            [s.y + s.h for s in self.slots] + [c.y + CARD_H for c in self.cards] + [lb.y + 0.06 for lb in self.labels]
        )
        shift = margin

        def moved(items: Sequence, **_: object) -> tuple:
            return tuple(type(i)(**{**i.__dict__, "x": i.x + shift, "y": i.y + shift}) for i in items)

        return Figure(
            width=round(right + 2 * margin, 4),
            height=round(bottom + 2 * margin, 4),
            slots=moved(self.slots),
            cards=moved(self.cards),
            labels=moved(self.labels),
            title=title,
        )


def fan_step(count: int, max_height: float | None, step: float = FAN_STEP) -> float:
    """The offset between fanned cards so that ``count`` cards fit in ``max_height``."""
    if count < 2 or max_height is None:
        return step
    return max(0.0, min(step, (max_height - CARD_H) / (count - 1)))


def row_x(index: int, *, gap: float = GAP) -> float:
    """The x of the ``index``-th place in a row of touching-but-spaced cards."""
    return index * (CARD_W + gap)
