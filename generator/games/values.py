"""Small value types every layer shares: a move, a place, the result of a game.

A *move* is one card movement ``(card, src, dst)`` between numbered places of a game, exactly
what a game record lists, or a redeal, which carries its number (``Move.redeal(2)`` is the
second). A *place* is a name as records spell it (``pile:3``) with its declared kind, so
notation, tests and the book ask what a place is for instead of reading name prefixes.
A *result* is an enum with its Russian words in one table.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from generator.cards import card_str, parse_card_index


class Move(NamedTuple):
    """Card ``card`` (0..51) from place ``src`` to place ``dst``; a redeal N is ``Move(-N, -1, -1)``.

    ``repr`` is valid code (``Move(card=11, src=0, dst=2)``); ``text``/``parse`` are the plain
    notation of a game (``Д♠ stock → queen:♠``, ``redeal 1``), see ``Rules.describe``.
    """

    card: int
    src: int
    dst: int

    @classmethod
    def redeal(cls, number: int) -> Move:
        """The ``number``-th redeal (from 1): the waste turned over, or the piles gathered."""
        if number < 1:
            raise ValueError(f"redeals are numbered from 1, not {number}")
        return cls(-number, -1, -1)

    @property
    def is_redeal(self) -> bool:
        return self.card < 0

    @property
    def redeal_number(self) -> int:
        """N of redeal N (0 for a card movement)."""
        return -self.card if self.card < 0 else 0

    def text(self, places: tuple[Place, ...]) -> str:
        """Plain notation: ``Д♠ stock → queen:♠`` or ``redeal 1`` (the inverse of ``parse``)."""
        if self.is_redeal:
            return f"redeal {self.redeal_number}"
        return f"{card_str(self.card)} {places[self.src]} → {places[self.dst]}"

    @classmethod
    def parse(cls, text: str, places: tuple[Place, ...]) -> Move:
        """Read ``Д♠ stock → queen:♠`` or ``redeal 1`` against a game's places; ``ValueError`` if not one."""
        words = text.replace("->", "→").split()
        if len(words) == 2 and words[0] == "redeal" and words[1].isdigit():
            return cls.redeal(int(words[1]))
        if len(words) != 4 or words[2] != "→":
            raise ValueError(f"not a move: {text!r} (write e.g. 'Д♠ stock → queen:♠' or 'redeal 1')")
        names = {str(place): index for index, place in enumerate(places)}
        try:
            return cls(parse_card_index(words[0]), names[words[1]], names[words[3]])
        except KeyError as error:
            raise ValueError(f"no place {error.args[0]!r} in this game") from None


#: Redeals 1..8 made once (the engines offer them in hot loops).
REDEALS: tuple[Move, ...] = tuple(Move.redeal(n) for n in range(1, 9))


def redeal(number: int) -> Move:
    """``Move.redeal(number)``, shared for small numbers."""
    return REDEALS[number - 1] if 1 <= number <= len(REDEALS) else Move.redeal(number)


class PlaceKind(enum.Enum):
    """What a place is for, as the rules treat it."""

    STOCK = "stock"  #: face down; cards are dealt from its top
    WASTE = "waste"  #: turned cards (кон, the collecting pile)
    TABLEAU = "tableau"  #: piles and pyramid places: cards come and go
    FOUNDATION = "foundation"  #: where cards end: once there, a card never comes back


class Place(str):
    """A place name as records spell it (``pile:3``, ``queen:♠``, ``stock``) with its declared kind.

    A ``str`` so that records, messages and lookups use it as the name it is; ``group`` is the
    name before the colon (the word notation translates), ``number`` what follows it.
    """

    kind: PlaceKind
    group: str
    number: str

    def __new__(cls, name: str, kind: PlaceKind) -> Place:
        place = super().__new__(cls, name)
        place.kind = kind
        place.group, _, place.number = name.partition(":")
        return place

    def __repr__(self) -> str:
        return f"Place({str(self)!r}, PlaceKind.{self.kind.name})"

    def __reduce__(self) -> tuple[type[Place], tuple[str, PlaceKind]]:
        return (Place, (str(self), self.kind))

    @property
    def final(self) -> bool:
        """A card that comes here never leaves (RULES.md: «Foundation cards never come back»)."""
        return self.kind is PlaceKind.FOUNDATION


def numbered(group: str, count: int, kind: PlaceKind) -> tuple[Place, ...]:
    """``group:1`` … ``group:count`` of one kind."""
    return tuple(Place(f"{group}:{i}", kind) for i in range(1, count + 1))


class Result(enum.Enum):
    """How a game ended, or what a search found."""

    WON = "won"  #: every card where the rules want it
    LOST = "lost"  #: proved: no line wins (or, for a player, no move is left)
    UNKNOWN = "unknown"  #: the search gave up (or the player stopped with moves left)

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Result:
        try:
            return cls(text)
        except ValueError:
            raise ValueError(f"result must be one of won, lost, unknown, not {text!r}") from None

    @property
    def letter(self) -> str:
        """W, L or U: one letter per deal in the odds file's verdict strings."""
        return self.value[0].upper()

    @property
    def verdict_ru(self) -> str:
        """The answer key's verdict: «выходит»."""
        return _RUSSIAN[self][0]

    @property
    def sentence_ru(self) -> str:
        """The last line of a printed walkthrough: «Пасьянс вышел.»"""
        return _RUSSIAN[self][1]

    @property
    def played_ru(self) -> str:
        """How a player's game ended, as ``pasyans play`` says it: «пасьянс вышел», «игрок остановился»."""
        return _RUSSIAN[self][2]


#: The Russian words of each result, in one place: (verdict, a walkthrough's last sentence, a played game).
_RUSSIAN = {
    Result.WON: ("выходит", "Пасьянс вышел.", "пасьянс вышел"),
    Result.LOST: ("не выходит", "Пасьянс не выходит.", "пасьянс не вышел"),
    Result.UNKNOWN: ("не решено за отведённое время", "Решение не найдено за отведённое время.",
                     "игрок остановился"),
}
