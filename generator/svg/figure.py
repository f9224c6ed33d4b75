"""The SVG back end for figures: a ``Figure`` (card units) → an SVG document in card millimetres.

Every card face the figure shows is defined once in ``<defs>`` and placed with
``<use>``; labels are glyph outlines from PT Sans, so no font is needed to
render the file anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from generator.art.faces import CARD_H as CARD_H_MM
from generator.art.faces import CARD_W as CARD_W_MM
from generator.art.glyphs import text_outline
from generator.figures.base import ROLE_FROM, Figure
from generator.svg.cards import card_defs, card_id, num, path_d
from generator.svg.env import environment

UNIT = CARD_W_MM  # one card width in the figure's own coordinates (mm at full card size)
SLOT_COLOUR = "#B5B5B5"
LABEL_COLOUR = "#6E6E6E"
MARK_COLOUR = "#D9822B"  # the last move: a warm orange that reads in print and greyscale


@dataclass(frozen=True)
class _Mark:
    x: str
    y: str
    w: str
    h: str
    r: str


def _mark(x: float, y: float, w: float, h: float, pad: float) -> _Mark:
    return _Mark(num(x - pad), num(y - pad), num(w + 2 * pad), num(h + 2 * pad), num(3 + pad))


def figure_svg(
    figure: Figure,
    *,
    colors: int = 2,
    card_width_mm: float = 20.0,
    background: str | None = None,
) -> str:
    """The figure as a standalone SVG document; on paper a card is ``card_width_mm`` wide."""
    cards = sorted(figure.card_indices())
    defs = card_defs(cards, colors=colors, back=figure.has_back)
    label_size = None
    labels = []
    for label in figure.labels:
        label_size = label.size * UNIT
        outline, advance = text_outline(label.text, label_size, "PT Sans", 400)
        shift = {"start": 0.0, "middle": advance / 2, "end": advance}[label.anchor]
        labels.append({"d": path_d(outline.translate(label.x * UNIT - shift, label.y * UNIT))})
    card_marks = [
        _mark(c.x * UNIT, c.y * UNIT, CARD_W_MM, CARD_H_MM, 1.2) for c in figure.cards if c.highlight
    ]
    from_marks = [
        _mark(s.x * UNIT, s.y * UNIT, s.w * UNIT, s.h * UNIT, 2.4) for s in figure.slots if s.role == ROLE_FROM
    ]
    width, height = figure.width * UNIT, figure.height * UNIT
    scale = card_width_mm / UNIT
    return environment().get_template("figure.svg.j2").render(
        width=num(width),
        height=num(height),
        width_mm=num(width * scale),
        height_mm=num(height * scale),
        title=figure.title,
        defs=Markup(defs),
        background=background,
        slot_colour=SLOT_COLOUR,
        slot_stroke=num(0.7),
        dash="2.5 2",
        radius=num(3),
        slots=[
            {"x": num(s.x * UNIT), "y": num(s.y * UNIT), "w": num(s.w * UNIT), "h": num(s.h * UNIT)}
            for s in figure.slots
        ],
        cards=[{"id": card_id(c.card), "x": num(c.x * UNIT), "y": num(c.y * UNIT)} for c in figure.cards],
        card_w=num(CARD_W_MM),
        card_h=num(CARD_H_MM),
        card_marks=card_marks,
        from_marks=from_marks,
        mark_colour=MARK_COLOUR,
        mark_stroke=num(1.6),
        labels=labels,
        label_colour=LABEL_COLOUR,
    )
