"""The printed pack's cards: our faces and back made for cutting out, with a bleed and a mark of their pack.

A card in a figure is drawn to be seen on white paper: a light grey edge, a
white back with a white margin. A card to be cut out needs the opposite:

- **No edge line.** A line on the cut shows every miscut as an uneven grey
  edge; the crop marks guide the knife instead.
- **A bleed.** Everything that reaches the edge of the card is drawn
  ``bleed`` millimetres past it, so a cut a little off still meets the card's
  own ground and never the paper. A face's ground is white paper; the back's
  ground is solid ink in its pack's colour, with our lattice and double rule
  drawn light on it (the same pattern as the figures' back, reversed), so a
  miscut back, or a back printed a little off in duplex, shows no white edge.
- **Two packs told apart.** Four of the five games take two packs, and after
  play they are sorted back: pack 1 has blue backs and its faces carry one
  small dot in the same blue in two corners; pack 2 red backs and two red dots.
  The dots count as well as colour, so they part on a black-and-white printer
  too (where the red back also prints lighter than the blue).

A printed card is a :class:`~generator.art.faces.Face` like any other, only
larger by the bleed on every side (its origin is the bleed's corner, the cut
line ``bleed`` inside), so both back ends draw it unchanged.
"""

from __future__ import annotations

import dataclasses
import functools

from .faces import CARD_H, CARD_W, Face, Item, Shape, Use, back_pattern, card_code, face
from .paths import circle, join, rect, translate

#: The colour role of each pack's back and marks: pack 1 blue (the figures' back colour), pack 2 red.
PACK_ROLES = ("back", "back2")
MAX_PACKS = len(PACK_ROLES)
#: The lattice drawn light on a dark ground needs heavier lines than dark on white to survive a home printer.
PRINTED_LINE_WEIGHT = 1.5

MARK_INSET = 5.2  # centre of the pack mark from the card's top and right edges (the corner no index takes)
MARK_DOT = 0.9  # radius of a dot of the mark, mm
MARK_PITCH = 2.6  # distance between the dots of pack 2's mark


def _check_pack(pack: int) -> None:
    if not 1 <= pack <= MAX_PACKS:
        raise ValueError(f"pack {pack} is not 1..{MAX_PACKS}")


def pack_mark(pack: int) -> Shape:
    """``pack`` dots in the pack's colour, in the top-right corner and (turned) the bottom-left: the corners
    the indices leave free, so the mark shows however the card is held."""
    _check_pack(pack)
    dots = []
    for cx, cy, along in ((CARD_W - MARK_INSET, MARK_INSET, -1), (MARK_INSET, CARD_H - MARK_INSET, 1)):
        first = cx - along * MARK_PITCH * (pack - 1) / 2
        dots += [circle(first + along * MARK_PITCH * i, cy, MARK_DOT) for i in range(pack)]
    return Shape(join(dots), PACK_ROLES[pack - 1])


def _moved(item: Item, by: float) -> Item:
    """``item`` shifted ``by`` mm right and down: from card to bled-card coordinates."""
    if isinstance(item, Shape):
        return dataclasses.replace(item, path=item.path.translate(by, by))
    return dataclasses.replace(item, at=item.at.then(translate(by, by)))


def _bled(name: str, ground: str, items: list[Item], bleed: float) -> Face:
    """A card ``bleed`` mm larger on every side: its ground over all of it, then ``items`` moved in."""
    if not 0 <= bleed <= 10:
        raise ValueError(f"a bleed of {bleed:g} mm is out of range")
    width, height = CARD_W + 2 * bleed, CARD_H + 2 * bleed
    return Face(name, (Shape(rect(0, 0, width, height), ground), *(_moved(i, bleed) for i in items)), width, height)


def _is_edge(item: Item) -> bool:
    return isinstance(item, Use) and item.ref == "f-card"


@functools.lru_cache(maxsize=512)
def printed_face(index: int, *, colors: int = 2, pack: int | None = None, bleed: float = 0.0) -> Face:
    """The face of card ``index`` for cutting out: no edge line, white ground over the bleed, and the mark of
    ``pack`` (none when the pack is printed alone)."""
    items = [item for item in face(index, colors).items if not _is_edge(item)]
    if pack is not None:
        items.append(pack_mark(pack))
    # Never the plain face's name: a document may hold both (the pack's first page shows a plain sample card).
    name = card_code(index) + (".printed" if pack is None else f".p{pack}")
    return _bled(name, "paper", items, bleed)


@functools.lru_cache(maxsize=8)
def printed_back(pack: int = 1, *, bleed: float = 0.0) -> Face:
    """The back for cutting out: solid ground in the pack's colour to the bleed's edge, the pattern light on it."""
    _check_pack(pack)
    return _bled(f"back.p{pack}", PACK_ROLES[pack - 1], back_pattern("paper", PRINTED_LINE_WEIGHT), bleed)
