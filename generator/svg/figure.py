"""The SVG back end for figures: a ``Figure`` (card units) → an SVG document in card millimetres.

Every card face the figure shows is defined once in ``<defs>`` and placed with
``<use>``; so is every letter of the labels, as a PT Sans outline, so no font
is needed to render the file anywhere and a letter used ten times costs its
outline once.  Empty places are dashed grey outlines; the last move shows as
a dashed orange outline where its card was and a solid orange frame round the
card where it landed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from generator.art.faces import CARD_H as CARD_H_MM
from generator.art.faces import CARD_W as CARD_W_MM
from generator.art.glyphs import glyph_outline
from generator.art.paths import Path
from generator.art.suits import suit_path, suit_width
from generator.figures.base import LABEL_FONT, LABEL_SIGNS, SIGN_HEIGHT, SIGN_SIDE, Figure, label_width, sign_advance
from generator.svg.cards import card_defs, card_id, num, path_d
from generator.svg.env import environment

UNIT = CARD_W_MM  # one card width in the figure's own coordinates (mm at full card size)
SLOT_COLOUR = "#B5B5B5"
LABEL_COLOUR = "#6E6E6E"
MARK_COLOUR = "#D9822B"  # the last move: a warm orange that reads in print and greyscale
RADIUS = 3.0  # the card's corner radius, mm
CARD_PAD = 1.2  # the frame round the moved card stands this far off it
FROM_PAD = 2.4  # the outline where the card was: larger, so it shows round a card lying there
#: Label letters keep one decimal: 0.05 mm on a 10 mm letter is a twentieth of a stroke, and halves the bytes.
LABEL_DECIMALS = 1


@dataclass(frozen=True)
class _Box:
    """A rounded rectangle for the template, numbers already formatted."""

    x: str
    y: str
    w: str
    h: str
    r: str


def _box(x: float, y: float, w: float, h: float, pad: float = 0.0) -> _Box:
    return _Box(num(x - pad), num(y - pad), num(w + 2 * pad), num(h + 2 * pad), num(RADIUS + pad))


def _glyph_id(char: str, size_index: int) -> str:
    """``t-43e`` for «о» (its code point); a second label size gets ``t1-43e``."""
    return f"t{size_index or ''}-{ord(char):x}"


def _sign_outline(char: str, size: float) -> tuple[Path, float]:
    """A suit sign of a label at font size ``size``, standing on the baseline as the book's signs font sets it."""
    height = SIGN_HEIGHT * size
    suit = LABEL_SIGNS.index(char)
    centre = (SIGN_SIDE + suit_width(suit) * SIGN_HEIGHT / 2) * size
    return suit_path(suit).scale(height).translate(centre, -height / 2), sign_advance(char) * size


def _labels(figure: Figure) -> tuple[list[dict[str, str]], list[tuple[str, list[dict[str, str]]]]]:
    """(glyph definitions, each label's text with its glyph placements), each distinct letter defined once."""
    sizes: list[float] = []
    glyphs: dict[str, str] = {}
    labels: list[tuple[str, list[dict[str, str]]]] = []
    font, weight = LABEL_FONT
    for label in figure.labels:
        uses: list[dict[str, str]] = []
        labels.append((label.text, uses))
        if label.size not in sizes:
            sizes.append(label.size)
        size = label.size * UNIT
        width = label_width(label.text, label.size) * UNIT
        x = label.x * UNIT - {"start": 0.0, "middle": width / 2, "end": width}[label.anchor]
        y = num(label.y * UNIT)
        for char in label.text:
            outline, advance = _sign_outline(char, size) if char in LABEL_SIGNS else glyph_outline(char, size, font,
                                                                                                    weight)
            if outline.commands:  # a space has no ink
                gid = _glyph_id(char, sizes.index(label.size))
                if gid not in glyphs:
                    glyphs[gid] = path_d(outline, LABEL_DECIMALS)
                uses.append({"id": gid, "x": num(x), "y": y})
            x += advance
    return [{"id": gid, "d": d} for gid, d in glyphs.items()], labels


def figure_svg(
    figure: Figure,
    *,
    colors: int = 2,
    card_width_mm: float = 20.0,
    background: str | None = None,
) -> str:
    """The figure as a standalone SVG document; on paper a card is ``card_width_mm`` wide.

    The title and the description (what lies where, for a screen reader; the
    title also names a browser tab) are escaped by the template like any other text.
    """
    cards = sorted(figure.card_indices())
    defs = card_defs(cards, colors=colors, back=figure.has_back)
    width, height = figure.width * UNIT, figure.height * UNIT
    scale = card_width_mm / UNIT
    picture = drawing(figure)
    return environment().get_template("figure.svg.j2").render(
        width=num(width),
        height=num(height),
        width_mm=num(width * scale),
        height_mm=num(height * scale),
        title=figure.title,
        desc=figure.description,
        defs=Markup(defs),
        background=background,
        letters=picture.letters,
        **vars(picture),
        **STYLE,
    )


@dataclass(frozen=True)
class Drawing:
    """What the template draws of a figure, every number formatted: its empty places, the marks where the last
    move's card was, the cards (the moved one framed), and the labels letter by letter with the letters' outlines.
    The web page draws each of its steps from the same values."""

    glyphs: list[dict[str, str]]
    slots: list[_Box]
    from_marks: list[_Box]
    cards: list[dict[str, Any]]
    labels: list[tuple[str, list[dict[str, str]]]]

    @property
    def letters(self) -> list[dict[str, str]]:
        return [use for _, uses in self.labels for use in uses]


#: How the template paints a figure (the same on every figure and on the web page).
STYLE = dict(
    slot_colour=SLOT_COLOUR,
    slot_stroke=num(0.7),
    dash="2.5 2",
    card_w=num(CARD_W_MM),
    card_h=num(CARD_H_MM),
    mark_colour=MARK_COLOUR,
    mark_stroke=num(1.6),
    label_colour=LABEL_COLOUR,
)


def drawing(figure: Figure) -> Drawing:
    glyphs, labels = _labels(figure)
    return Drawing(
        glyphs=glyphs,
        slots=[_box(s.x * UNIT, s.y * UNIT, s.w * UNIT, s.h * UNIT) for s in figure.slots if not s.filled],
        from_marks=[_box(m.x * UNIT, m.y * UNIT, m.w * UNIT, m.h * UNIT, FROM_PAD) for m in figure.marks],
        cards=[
            {
                "id": card_id(c.card),
                "x": num(c.x * UNIT),
                "y": num(c.y * UNIT),
                "mark": _box(c.x * UNIT, c.y * UNIT, CARD_W_MM, CARD_H_MM, CARD_PAD) if c.highlight else None,
                "place": c.place,
            }
            for c in figure.cards
        ],
        labels=labels,
    )
