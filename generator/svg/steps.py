"""The positions of a line of play as the web page stores them: what to draw at each step, small.

Each step's figure (the book's, ``generator.figures``) becomes a list of
*tokens*, one short string per thing drawn, formatted exactly as the SVG
template formats it (``svg.figure.drawing``):

- ``s|x|y|w|h|r`` an empty place, ``f|x|y|w|h|r`` where the last move's card was;
- ``c|id|x|y|place`` a card (``id`` as in ``<defs>`` less its ``c-``: ``Qs``,
  ``back``; ``place`` the index of its place in the game's ``places``) and
  ``k|x|y|w|h|r`` the frame round the card just moved;
- ``l|text|y|id x id x …`` a label, letter by letter;
- ``d|place`` and ``e|item`` …: one phrase of the figure's description
  (``Figure.told``), «кучка 3: К♦, 3♣» as ``d|кучка 3``, ``e|К♦``, ``e|3♣``.

A move changes a few places, so most tokens repeat from step to step: every
distinct token is stored once (``table``), the first step as a list of
indices into it, and each later step as the edits that turn the previous
list into its own (``diffs``: ``[at, removed, [inserted …]]``, positions of
the previous list, in order). The page's script undoes this in a few
milliseconds; ``decode`` here does the same, for the tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from generator.figures.base import Figure
from generator.svg.figure import Drawing, drawing

SEPARATOR = "|"

Edit = tuple[int, int, list[int]]


def tokens_of(figure: Figure, places: Sequence[str], picture: Drawing | None = None) -> list[str]:
    """What the page draws of ``figure`` (and says of it), as tokens in the template's drawing order;
    ``places`` are the game's place names."""
    picture = picture or drawing(figure)
    place_index = {name: str(i) for i, name in enumerate(places)}
    tokens = [_join("s", b.x, b.y, b.w, b.h, b.r) for b in picture.slots]
    tokens += [_join("f", b.x, b.y, b.w, b.h, b.r) for b in picture.from_marks]
    for card in picture.cards:
        tokens.append(_join("c", card["id"].removeprefix("c-"), card["x"], card["y"], place_index[card["place"]]))
        if card["mark"]:
            b = card["mark"]
            tokens.append(_join("k", b.x, b.y, b.w, b.h, b.r))
    for text, uses in picture.labels:
        y = uses[0]["y"] if uses else "0"
        tokens.append(_join("l", text, y, " ".join(f"{use['id']} {use['x']}" for use in uses)))
    for phrase in figure.told:
        # «кучка 3: К♦, 3♣, 6♦» as «кучка 3» and one token per item: a card laid on a pile adds one token.
        head, colon, items = phrase.partition(": ")
        tokens.append(_join("d", head))
        tokens += [_join("e", item) for item in items.split(", ")] if colon else []
    return tokens


def _join(*fields: str) -> str:
    if any(SEPARATOR in field for field in fields):
        raise ValueError(f"a token field holds {SEPARATOR!r}: {fields!r}")
    return SEPARATOR.join(fields)


@dataclass(frozen=True)
class Encoded:
    """Every step's tokens, each distinct token once: the first step in full, then each step's edits."""

    table: list[str]
    first: list[int]
    diffs: list[list[Edit]]


def encode(steps: Sequence[Sequence[str]]) -> Encoded:
    index: dict[str, int] = {}

    def ids(tokens: Sequence[str]) -> list[int]:
        return [index.setdefault(token, len(index)) for token in tokens]

    first = ids(steps[0])
    previous, diffs = first, []
    for tokens in steps[1:]:
        current = ids(tokens)
        matcher = SequenceMatcher(None, previous, current, autojunk=False)
        diffs.append([(i1, i2 - i1, current[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes()
                      if tag != "equal"])
        previous = current
    return Encoded(list(index), first, diffs)


def decode(encoded: Encoded) -> list[list[str]]:
    """Every step's tokens again (what the page's script computes)."""
    current = list(encoded.first)
    steps = [current]
    for edits in encoded.diffs:
        current = list(current)
        for at, removed, inserted in reversed(edits):
            current[at:at + removed] = inserted
        steps.append(current)
    return [[encoded.table[i] for i in step] for step in steps]
