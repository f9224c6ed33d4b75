"""«Картинная галерея»: its positions, the part of the rules that does not move a card.

A position (``GalleryState``), the readings and the places, how a deal starts (the middle king drawn out
first), and what a position holds and shows (``contents``, ``laid_out``). The moves
between positions, the hot path of a search, are ``generator.games.gallery``'s ``Gallery``, which builds on
``GalleryPositions``. Part of the rules: the rules digest covers this file (``gallery.RULES_PARTS``).

Three variants read the rule text otherwise (RULES.md, "Other readings"); each changes only what
it names:

- ``any_king`` («какой-нибудь король»): the player chooses the first king among those lying in the
  middle third of the stock (positions 35–70 from the top); with none there, the middle king as above
  (``gallery_cards``: which kings, and how a move names one whose twin lies there too).
- ``optional_cover`` («можно снимать по выгодам своим»): a cover (same conditions) is allowed,
  never compulsory: once the stock is out, covers, plays and the redeal are all on offer.
- ``cover_before_gathering``: the cover obligation holds only before the piles are gathered: plays
  and covers are on offer together, the redeal waits until no cover is possible. (In the last
  deal nothing is gathered again, so there covers are simply allowed.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from generator.games.gallery_cards import (
    CARDS,
    EMPTY,
    FOUNDATION,
    NO_FOUNDATIONS,
    NO_PILES,
    PILE,
    PILES,
    QUEEN_ROW,
    RUN,
    STOCK,
    THIRD,
    adopt_first,
    drawn_index,
    middle_king,
    tops,
)
from generator.games.rules import Rules
from generator.games.values import Move, Place, PlaceKind, numbered


class GalleryState(NamedTuple):
    """A position. The stock and the piles are ``bytes`` (one card a byte; read like tuples of ints): a
    bytes object caches its hash, so a key, which holds the stock and the eight piles, hashes only what a
    move made new (one pile, the stock's tail) and not every card of the position (compiled, hashing and
    freeing tuples of ints was a quarter of a plain search). The foundations are eight bytes too, each its
    top card + 1 (0 before the ace): compiled, read in C (as a tuple of ints, each read converted a Python
    int, a tenth of a plain search), and a card continues a foundation whose byte is the card itself."""

    stock: bytes  # top card first (cards 0..51, one byte each)
    piles: tuple[bytes, ...]  # eight piles, king first; b"" = not started in this deal
    found: bytes  # each foundation's top card + 1, 0 before its ace (``gallery_cards.tops``: the cards)
    queens: tuple[int, ...]  # the top row, in order of arrival
    redeals: int  # 0 in the first deal




class GalleryPositions(Rules[GalleryState]):
    """The gallery's readings, places and positions; ``Gallery`` adds the moves."""

    id = "gallery"
    title = "Картинная галерея"
    packs = 2
    variants = {
        "any_king": "the player chooses the first king among those in the middle third of the stock (positions 35-70)",
        "optional_cover": "once the stock is out a bare king may be covered, but never must be",
        "cover_before_gathering": "a bare king must be covered before the piles are gathered, not before plays",
    }
    #: Why each pair holds (``Rules.wider_readings``): every reading has the same ``apply``. With the stock out,
    #: a bare king and a donor, the printed rules offer the covers alone, ``cover_before_gathering`` the covers
    #: and the plays, ``optional_cover`` those and the redeal; everywhere else the three offer the same moves.
    #: ``any_king`` may draw the middle king (the king nearest the middle lies in the middle third whenever
    #: any king does), after which its position is the printed rules' after their first move, and from there
    #: its rules are the printed ones.
    wider_readings = (
        (None, "cover_before_gathering"),
        ("cover_before_gathering", "optional_cover"),
        (None, "any_king"),
    )
    places = (
        Place("stock", PlaceKind.STOCK),
        *numbered("pile", PILES, PlaceKind.TABLEAU),
        *numbered("foundation", PILES, PlaceKind.FOUNDATION),
        *numbered("queen", PILES, PlaceKind.FOUNDATION),  # nothing ever leaves the top row either
    )

    def __init__(self, variant: str | None = None) -> None:
        #: ``any_king``: the first king is the player's choice; ``stock:35`` … ``stock:70`` name where it lay
        #: when both copies of it lie in the middle third (only this variant has those places).
        self.any_king = variant == "any_king"
        if self.any_king:
            self.places = (*type(self).places, *(Place(f"stock:{i + 1}", PlaceKind.STOCK) for i in THIRD))  # type: ignore[misc]
        super().__init__(variant)
        #: A bare king must be covered before any other move (the rules as printed), or only before the
        #: redeal (``cover_before_gathering``), or never (``optional_cover``).
        self.cover_first = variant not in ("optional_cover", "cover_before_gathering")
        self.cover_before_redeal = variant != "optional_cover"

    def initial_state(self, stock: Sequence[int]) -> GalleryState:
        """Two full packs, top card first; the middle king is drawn to the top, ready to start pile 1.

        Under ``any_king`` the stock stays as dealt: the first move (``choosing``) draws the king."""
        stock = bytes(stock)
        counts = Counter(stock)
        if len(stock) != CARDS or len(counts) != 52 or set(counts.values()) != {2}:
            raise ValueError("«Картинная галерея» needs two full packs (104 cards, every card twice)")
        if self.any_king:
            return GalleryState(stock, NO_PILES, NO_FOUNDATIONS, (), 0)
        i = middle_king(stock)
        return GalleryState(stock[i : i + 1] + stock[:i] + stock[i + 1 :], NO_PILES, NO_FOUNDATIONS, (), 0)

    def drawn_index(self, state: GalleryState, move: Move) -> int:
        """``any_king``: the index in the stock of the king ``move`` draws (one of ``gallery_cards.king_moves``)."""
        return drawn_index(state.stock, move)

    def adopt_line(self, stock: Sequence[int], moves: Sequence[Move]) -> list[Move]:
        """The first king drawn as this reading names the draw (``gallery_cards.adopt_first``); the rest as it is."""
        if not moves or moves[0].dst != PILE:
            return list(moves)
        return [adopt_first(bytes(stock), moves[0], any_king=self.any_king), *moves[1:]]

    def laid_out(self, state: GalleryState) -> bool:
        """The book's first figure: the king from the middle of the packs laid as pile 1."""
        return state.redeals > 0 or bool(state.piles[0])

    def redeals_done(self, state: GalleryState) -> int:
        return state.redeals

    def contents(self, state: GalleryState) -> dict[int, tuple[int, ...]]:
        places: dict[int, tuple[int, ...]] = {}
        if state.stock:
            places[STOCK] = tuple(state.stock[::-1])
        for i, pile in enumerate(state.piles):
            if pile:
                places[PILE + i] = tuple(pile)
        for j, top in enumerate(tops(state.found)):
            if top != EMPTY:
                places[FOUNDATION + j] = RUN[top]
        for k, queen in enumerate(state.queens):
            places[QUEEN_ROW + k] = (queen,)
        return places
